"""The goods layer: an operating layer of track, links and goods cubes instead of
trains and routes (the Age of Steam family), as data.

18Steam's ``layer`` section, read by its layer (``hooks/__init__.py``) and played
by the rounds of ``hooks/rounds.py``: operators (the active corporations) bid for turn order,
take one special action each, build track tiles they own, move goods cubes
along links between cities, and earn on an income track. The map is the
title's ordinary ``map`` (cities as gray hexes, towns as town sites, water as
blue hexes, terrain with its name); the track tiles are the ordinary ``tiles``
(every path a segment; a town tile's paths end at its town). This section says
the rest::

    layer:
      colors: {red: 20, blue: 20, purple: 20, yellow: 20, black: 16}
      cities:
        H12: {name: Chicago, color: red, group: white, die: 1, cubes: 2}
      new_cities:
        A: {color: red, group: white, die: 3}
      tiles: {straight: simple, x: crossing, town-y: town}
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from framework.api import Entry, HexId, Model, Name

TileKind = Literal["simple", "coexisting", "crossing", "town"]
"""A track tile's kind, which sets its building cost: one segment; two segments that
do not cross; two that cross; a town tile (track ending at a town)."""

ActionEffect = Literal[
    "first_move",
    "first_build",
    "engineer",
    "locomotive",
    "urbanization",
    "production",
    "turn_order_pass",
]
"""The library of special actions: move first in both rounds of the move phase; build
first; one more build action; +1 locomotive at once; place a new city on a town while
building; draw cubes onto the goods display before growth; pass once in the next
turn-order auction without dropping out."""


class GoodsCity(Entry):
    """A printed city: the colour of goods it takes, its slot on the growth chart, and
    the cubes it starts with."""

    name: str
    """The city's name."""
    color: str
    """The colour of the goods it accepts (one of ``layer.colors``)."""
    group: str
    """Its growth group (one of ``layer.growth.groups``)."""
    die: int = Field(ge=1, le=6)
    """The die face of its group that feeds it."""
    cubes: int = Field(default=2, ge=0)
    """Random cubes put on it at setup."""


class NewCity(Entry):
    """A new-city tile placed by urbanization on a town, by its letter."""

    color: str
    """The colour of the goods it accepts (one of ``layer.colors``)."""
    group: str
    """Its growth group (one of ``layer.growth.groups``)."""
    die: int = Field(ge=1, le=6)
    """The die face of its group that feeds it."""


class Costs(Model):
    """Building costs. A tile placed on an empty hex costs its kind's price plus the
    hex's terrain (``map`` hexes: ``terrain: {river: 1}``); a town ignores terrain."""

    new: dict[Literal["simple", "coexisting", "crossing"], int] = {
        "simple": 2,
        "coexisting": 3,
        "crossing": 4,
    }
    """A tile placed on an empty hex, by kind, before terrain."""
    town_base: int = 1
    """A town tile (or a tile and a town disc), whatever the terrain: this much…"""
    town_per_exit: int = 1
    """…plus this much per exit."""
    replace_to_crossing: int = 3
    """Replacing a tile by a crossing tile."""
    replace_in_town: int = 3
    """Any replacement on a town hex."""
    replace_other: int = 2
    """Any other replacement (a simple tile by a coexisting one, …)."""
    redirect: int = 2
    """Turning the loose end of incomplete track."""


class BuildRules(Model):
    """The build phase."""

    actions: int = Field(default=3, ge=1)
    """Build actions per operator (placements, replacements, redirects)."""
    costs: Costs = Costs()
    """What building costs."""
    town_discs: int = Field(default=8, ge=0)
    """Discs that turn an ordinary tile on a town hex into track ending at the town."""
    keep_incomplete: Literal["next_build_turn"] = "next_build_turn"
    """Incomplete track loses its owner if the owner's next build turn does not extend it."""
    ownership_markers: int | None = Field(default=None, ge=0)
    """Ownership markers per operator (its colour's track ownership discs): one marks each
    route the operator owns, a link or incomplete track. A build that would leave it
    owning more routes than this is refused (extending or completing its own track needs
    no new marker; new track, taking over unowned track, and a town tile's new spurs each
    need one); urbanization takes unowned track only while markers last. None: no limit."""


class Reduction(Model):
    """Income reduction for one band of income."""

    min: int
    """The lowest income of the band."""
    by: int = Field(ge=0)
    """How much income falls."""


class Growth(Model):
    """Goods growth."""

    groups: list[str] = Field(default=["white", "black"], min_length=1)
    """The growth groups, rolled in this order."""
    dice: Literal["players"] = "players"
    """Dice rolled per group: one per player at the start of the game."""
    printed_slots: int = Field(default=3, ge=1)
    """Display slots of a printed city."""
    new_city_slots: int = Field(default=2, ge=1)
    """Display slots of a new city."""
    production: int = Field(default=2, ge=0)
    """Cubes the production action draws onto the display."""


class Ranking(Model):
    """How the operators' profitability ranks move share prices after income reduction."""

    table: list[list[int]]
    """Rows of ``[lowest starting income, earnings needed for position 1, for 2, …]``:
    the row of the highest lowest-income not above the corporation's income at the
    start of the turn gives the earnings thresholds; the position is the number of
    thresholds its earnings reach (0 for none)."""
    moves: list[Literal["up", "right", "none", "left", "down"]] = ["up", "right", "left", "down"]
    """Moves by rank from the best, for four or more ranked; the middle ranks between the
    second and the second-last do not move."""
    few: dict[int, list[Literal["up", "right", "none", "left", "down"]]] = {}
    """Moves by rank when fewer than four are ranked, by how many are."""

    @model_validator(mode="after")
    def _table(self) -> Ranking:
        if not self.table or any(len(row) < 2 for row in self.table):
            raise ValueError("each row gives a lowest starting income and at least one threshold")
        return self


class GoodsLayer(Model):
    """The goods layer's rules and components."""

    colors: dict[str, int] = Field(min_length=1)
    """Goods colours and how many cubes of each the game has."""
    cities: dict[HexId, GoodsCity] = Field(min_length=2)
    """The printed cities, by hex."""
    new_cities: dict[str, NewCity] = {}
    """New-city tiles by letter."""
    tiles: dict[Name, TileKind] = Field(min_length=1)
    """The kind of each track tile of ``tiles``."""
    build: BuildRules = BuildRules()
    """The build phase's rules."""
    actions: dict[str, ActionEffect] = Field(min_length=1)
    """The special actions, by name, each with its effect."""
    locomotive: tuple[int, int] = (1, 6)
    """The starting and the highest locomotive level."""
    move_rounds: int = Field(default=2, ge=1)
    """Rounds of the move phase; in each an operator moves one good, raises its
    locomotive (once a turn), or passes."""
    income_reduction: list[Reduction] = []
    """Income reduction by band (the band of the highest ``min`` not above the income)."""
    expenses_per_locomotive: int = Field(default=1, ge=0)
    """Paid to the bank per locomotive level every turn."""
    dividend_per_share: int = Field(default=1, ge=0)
    """Paid every turn per 10% to each holder (players and the bank; the corporation's
    own treasury shares earn nothing)."""
    growth: Growth = Growth()
    """The growth chart: which cities get new goods."""
    ranking: Ranking | None = None
    """Share price moves from profitability; none means income does not move prices."""
    final_dividend: Literal["income_links_treasury"] | None = "income_links_treasury"
    """The last turn's dividend instead of goods growth: per 10%,
    ``(3 × income + links built + treasury) // 10``, the rounding remainder to the
    president; none: no final dividend."""
