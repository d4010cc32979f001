"""Revenue bonuses earned by a single route.

A bonus looks at the stops of one route: the icons printed on their hexes, or
the hexes themselves. Each bonus applies at most once per route; different
bonuses add up. Bonuses tied to a company (tokens, a movable marker) are
abilities of that company; a train's own multipliers belong to the train.

::

    bonuses:
      north_south:
        kind: all_icons
        name: Lapplandspilen
        label: N/S
        icons: [N, S]
        amount: 100
      ore:
        kind: destinations
        name: Malmfälten
        anchor: M
        destination: m
        amounts: [50, 100]
        labels: [m/M, m/M/m]
      lyr_destination:
        kind: all_hexes
        name: Destination
        label: 1 dest
        hexes: [F16, H14]
        amount: 20
        corporations: [LYR]

A bonus with ``corporations`` is one of those corporations' own (1888's destinations:
a route of the corporation joining its home and its destination earns it).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from framework.title.base import Entry, HexId


class BonusEntry(Entry):
    """What every kind of bonus has: who may earn it."""

    corporations: list[str] = []
    """The corporations (or minors) whose routes earn it; empty: every company's routes."""
    paid_to: Literal["revenue", "treasury"] = "revenue"
    """``revenue``: it adds to the route's revenue; ``treasury``: it is a subsidy, paid by
    the bank into the running company's treasury whatever the company does with its
    revenue (1888's mine: ¥40 to a corporation running to it)."""

    def earned_by(self, owner: str) -> bool:
        """Whether routes run by ``owner`` may earn it."""
        return not self.corporations or owner in self.corporations


class AllIconsBonus(BonusEntry):
    """Earned by a route whose stops show every one of the icons."""

    kind: Literal["all_icons"]
    """Selects this kind of bonus."""
    name: str
    """Its name."""
    label: str
    """How it shows in a route's revenue text."""
    icons: list[str] = Field(min_length=1)
    """Icons that must all be found on the route's stops."""
    amount: int = Field(gt=0)
    """What the route earns on top of its stops."""


class AllHexesBonus(BonusEntry):
    """Earned by a route that stops in every one of the hexes."""

    kind: Literal["all_hexes"]
    """Selects this kind of bonus."""
    name: str
    """Its name."""
    label: str
    """How it shows in a route's revenue text."""
    hexes: list[HexId] = Field(min_length=1)
    """Hexes the route must all stop in."""
    amount: int = Field(gt=0)
    """What the route earns on top of its stops."""


class HexGroupsBonus(BonusEntry):
    """Earned by a route that stops in a hex of each group (1882's Hudson Bay bonus: a
    route joining Hudson Bay with one of the two western off-boards)::

        hudson_bay: {kind: hex_groups, name: Hudson Bay, label: HB, groups: [[B12], [B2, I1]],
          amount: 100}
    """

    kind: Literal["hex_groups"]
    """Selects this kind of bonus."""
    name: str
    """Its name."""
    label: str
    """How it shows in a route's revenue text."""
    groups: list[list[HexId]] = Field(min_length=2)
    """The groups of hexes: the route stops in at least one hex of every group."""
    amount: int = Field(gt=0)
    """What the route earns on top of its stops."""
    multiplied: bool = False
    """The amount is multiplied as the running train's stops are: by the largest
    ``multiplier`` of its distance's parts (1867's Timmins bonus, 40, is 80 for a 2+2
    or a 5+5E train)."""

    @model_validator(mode="after")
    def _groups_not_empty(self) -> HexGroupsBonus:
        if not all(self.groups):
            raise ValueError("every group of a hex_groups bonus names a hex")
        return self


class DestinationsBonus(BonusEntry):
    """Earned by a route that stops at the anchor and at one or more destinations.

    The amount depends on how many destination stops the route has:
    ``amounts[0]`` for one, ``amounts[1]`` for two, …
    """

    kind: Literal["destinations"]
    """Selects this kind of bonus."""
    name: str
    """Its name."""
    anchor: str
    """The icon the route must stop at."""
    destination: str
    """The icon of the destinations."""
    amounts: list[int] = Field(min_length=1)
    """The bonus for 1, 2, … destinations."""
    labels: list[str] = Field(min_length=1)
    """The revenue-text label for 1, 2, … destinations."""

    @model_validator(mode="after")
    def _same_length(self) -> DestinationsBonus:
        if len(self.labels) != len(self.amounts):
            raise ValueError("a destinations bonus needs one label per amount")
        return self


class RevenueShareBonus(BonusEntry):
    """Earned by a route stopping in one of the hexes: a share of what its stops earn,
    rounded down (1850Jr's ports: half, to a multiple of 10)::

        port: {kind: revenue_share, name: Port, label: port, hexes: [H0, I1],
          percent: 50, round_down_to: 10, min_stops: 3}
    """

    kind: Literal["revenue_share"]
    """Selects this kind of bonus."""
    name: str
    """Its name."""
    label: str
    """How it shows in a route's revenue text."""
    hexes: list[HexId] = Field(min_length=1)
    """A route stopping in any of these hexes earns it (once, however many it stops in)."""
    percent: int = Field(gt=0)
    """The share of the route's stops' values it earns, in percent."""
    round_down_to: int = Field(default=1, ge=1)
    """The share is rounded down to a multiple of this."""
    min_stops: int = Field(default=2, ge=2)
    """A route stopping in one of the hexes needs at least this many stops in all
    (1850Jr's ports: 3, a port and two others); with fewer it is illegal."""

    def share(self, value: int) -> int:
        """What a route whose stops earn ``value`` earns with it."""
        return value * self.percent // 100 // self.round_down_to * self.round_down_to


Bonus = Annotated[
    AllIconsBonus | AllHexesBonus | HexGroupsBonus | DestinationsBonus | RevenueShareBonus,
    Field(discriminator="kind"),
]
"""A route bonus, chosen by ``kind``."""
