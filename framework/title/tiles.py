"""Track tiles and the tile manifest.

Each tile is keyed by its name (``"57"``, ``X2``) and has a colour, a count
(or ``unlimited``), its track (see :mod:`framework.title.track`) and,
optionally, the tiles it may be upgraded to::

    tiles:
      57:
        color: yellow
        count: 5
        cities: [{revenue: 20}]
        paths: [[0, city], [city, 3]]
        upgrades: [14, 15, 619]

Most tiles are standard ones (:mod:`framework.title.library`): a title names them
with their count, ``7: 4`` or ``57: {count: 4, upgrades: [14, 15, 619]}``, and
defines in full (with ``color``) only its own.

Without ``upgrades`` a tile may become any tile of the next colour that keeps
its label, its revenue centres and all of its track (the general rule,
:class:`UpgradeRule`); with ``upgrades`` only the listed tiles qualify, and the
loader checks that each of them keeps the old track.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from framework.title.base import Entry, Model, Name, ReplacementColor, TileColor, Unlimited
from framework.title.library import NoStandardTile
from framework.title.map import FutureLabel
from framework.title.track import TrackContent


class Tile(Entry, TrackContent):
    """A track tile in the manifest: a standard tile of the library, written as its count
    (``57: 4``) or as the fields that differ (``57: {count: 4, upgrades: [14]}``), or a
    tile of the title's own, defined in full with its ``color``."""

    color: TileColor | ReplacementColor
    """yellow, green, brown or gray; or red or blue: a tile that replaces the printed
    tile of a hex of its colour, laid only by a company's special ``tile_lay`` (1888's
    ferries on the blue hexes of Dalian and Yantai, the Terracotta Army's red off-board)."""
    count: int | Unlimited = Field(union_mode="left_to_right")
    """How many are in the game, or ``unlimited``."""
    upgrades: list[Name] | None = None
    """The tiles this one may be upgraded to; when absent, the general rule decides."""
    terrain: dict[str, int] = {}
    """Terrain and its cost that this tile carries: whoever upgrades it pays it again, as
    for a hex's terrain (18xx.games' ``upgrade`` part on a tile). 1889's Kotohira tiles
    438 and 439, ``{upgrade: 80}``: every lay in Kotohira costs 80."""
    ability_only: bool = False
    """Laid only by a company's ``tile_lay`` ability that lists it, never by a
    corporation's own tile actions (18xx.games' ``blocks_lay`` icon: 1889's port tile
    437, for the Mitsubishi Ferry)."""
    late_upgrades: dict[Name, str] = {}
    """Tiles this one may also become from a phase on (tile name → the phase's name), beyond
    the general rule and its ``upgrades``: whatever their colour, label and revenue
    centres, the new tile need only keep the old one's exits. 1856's yellow town tile 4
    becomes plain track 9 or the yellow city 57 from its gray phase 6 (``{'9': '6', '57':
    '6'}``), its double towns 1 and 55 the green city 14."""
    future_label: FutureLabel | None = None
    """A label the hex takes with the tile of a later colour that replaces this one
    (before it, this tile's own ``label`` holds). 18TN's green Nashville tile, labelled
    ``N``, takes the brown ``P`` tile: ``{label: P, color: brown}``."""

    @property
    def name(self) -> str:
        """The tile's name, e.g. ``57``."""
        return self.key

    @model_validator(mode="before")
    @classmethod
    def _standard(cls, value: Any) -> Any:
        if isinstance(value, NoStandardTile):
            raise ValueError(value.message())
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """A manifest entry: a count or a mapping without ``color`` (a standard tile),
        or a full definition (the title's own tile)."""
        as_object = handler(schema)
        resolved = handler.resolve_ref_schema(as_object)
        count = {k: v for k, v in resolved["properties"]["count"].items() if k != "title"}
        count["description"] = "The standard tile of this name, this many of them (or `unlimited`)."
        standard = {
            "type": "object",
            "description": "The standard tile of this name, with these fields in place of "
            "the library's (a mapping without `color`; `count` is required).",
            "properties": {k: v for k, v in resolved["properties"].items() if k != "color"},
            "required": ["count"],
            "additionalProperties": False,
        }
        return {"anyOf": [count, standard, as_object]}


class UpgradeRule(Model):
    """The general rule for upgrading a tile."""

    colors: list[TileColor] = ["yellow", "green", "brown", "gray", "black"]
    """The colour sequence: an upgrade goes exactly one step along it."""
    keep_label: bool = True
    """The new tile carries the same label as the old one (or none if it had none)."""
    keep_revenue_centres: bool = True
    """The same number of cities and towns, except on labelled tiles, which may merge cities."""
    keep_track: bool = True
    """Every old path must exist on the new tile (after rotation)."""
