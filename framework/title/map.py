"""The map: its layout, coordinate convention and every hex.

A hex is keyed by its id. Its preprinted content (cities, towns, off-boards,
track) is written as on a tile (see :mod:`framework.title.track`); on top of
that a hex has a colour, a location name, terrain, hexside borders, icons and
an optional main-line mark::

    map:
      layout: pointy
      hexes:
        A2:
          color: red
          name: Malmö
          printed: A30
          cities: [{revenue: {yellow: 20, green: 40, brown: 50}}]
          paths: [{a: 4, b: city, terminal: true}, {a: 5, b: city, terminal: true}]
          icons: [V]
        B27: {printed: B5, terrain: {mountain: 75}}
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, NonNegativeInt, field_validator

from framework.title.base import Entry, HexColor, HexId, Model, Name, Shorthand, TileColor, keyed
from framework.title.track import TrackContent


class Border(Model):
    """A feature on one side of a hex. Declare it on both hexes that share the side."""

    edge: int = Field(ge=0, le=5)
    """The hex side, numbered as the layout says."""
    type: Literal["impassable", "water", "mountain"]
    """``impassable``: no track may cross (a lake); ``water``, ``mountain``: crossing costs."""
    cost: int = Field(default=0, ge=0)
    """What a corporation pays, once, when it completes track across this side."""


class IconRef(Shorthand):
    """An icon printed on a hex: ``V`` or ``{name: V, sticky: false}``."""

    __shorthand__: ClassVar[str] = "name"

    name: str
    """The icon's name, declared under ``map.icons``."""
    sticky: bool = True
    """A sticky icon stays when tiles are laid; a plain one disappears with the first tile."""


class Icon(Entry):
    """An icon or marker used on the map; rules (bonuses, abilities) refer to it by name."""

    description: str
    """What it means in the game."""
    lay_income: dict[TileColor, NonNegativeInt] = {}
    """What a corporation receives from the bank for laying a tile of each colour on a
    hex showing the icon (1882's NWR hexes: ``{yellow: 20}``); none by default."""


class MainlineMark(Model):
    """The main line a hex belongs to and the two sides it runs through."""

    line: str
    """The main line, declared under ``map.mainlines``."""
    edges: list[int] = Field(min_length=2, max_length=2)
    """The two hex sides the main line crosses."""

    @field_validator("edges")
    @classmethod
    def _edges(cls, edges: list[int]) -> list[int]:
        if any(not 0 <= e <= 5 for e in edges) or edges[0] == edges[1]:
            raise ValueError("a main line runs through two different sides 0-5")
        return edges


class Mainline(Entry):
    """A main line: a chain of hexes whose first improvement grants a reward."""

    name: str
    """Its name, e.g. Stockholm–Malmö."""


class FutureLabel(Model):
    """A label a hex takes with its first tile of a colour: 18TN's Nashville, an
    unlabelled city until its green tile, which must be an ``N`` tile::

        F11: {name: Nashville, cities: [{revenue: 0}], future_label: {label: N, color: green}}
    """

    label: str | None = None
    """The label the tiles of ``color`` laid here carry; none: they carry no label
    (18MEX's brown Guadalajara ``G`` tile, whose gray upgrade has none)."""
    color: TileColor
    """The colour from which the hex has the label."""


class Hex(Entry, TrackContent):
    """One hex of the map with its preprinted content."""

    color: HexColor = "white"
    """white: empty land; yellow…gray: preprinted track; red: off-board; blue: water."""
    name: str | None = None
    """The location name printed on the hex."""
    printed: str | None = None
    """The id of this hex on the printed board, where it differs from ``key``."""
    printed_index: NonNegativeInt = 0
    """The number 18xx.games gives this hex's printed tile, its place among the hexes its
    map prints alike: game files name the cities of a hex without a laid tile by it
    (1846's Fort Wayne, the second of six printed ``city=revenue:0``: ``E11-1-0``)."""
    terrain: dict[str, int] = {}
    """Terrain and its cost, paid with the first tile laid here, e.g. ``{mountain: 75}``."""
    borders: list[Border] = []
    """Hexside features: impassable sides and crossing costs."""
    stubs: list[Annotated[int, Field(ge=0, le=5)]] = []
    """Edges on which a stub of track is printed, leading into the hex: the first tile laid
    here must have track on each of them (18xx.games' ``stub`` parts where the title
    restricts them: 18 Los Angeles' Torrance, ``stubs: [4]``, takes no tile whose track
    misses edge 4). Stubs are not track: no route runs on them."""
    icons: list[IconRef] = []
    """Icons and markers printed on the hex."""
    mainline: MainlineMark | None = None
    """Set when a main line runs through this hex."""
    future_label: FutureLabel | None = None
    """A label the hex takes with its tile of a later colour (before it, the tiles laid
    here carry the hex's ``label``, if any)."""
    own_tiles: dict[TileColor, list[Name]] = {}
    """The hex's own tiles, by colour: the only tiles of that colour that may be laid
    here, e.g. ``{green: [453a]}`` for 18GA's Augusta, which takes any yellow city but
    only tile 453a as its green. Such a tile needs neither the label nor the revenue
    centres of the tile it replaces (nor to be in that tile's ``upgrades``), only to keep
    its track. Colours not listed follow the usual rules."""

    @property
    def id(self) -> str:
        """The hex id, e.g. ``G10``."""
        return self.key

    def icon_names(self) -> list[str]:
        return [icon.name for icon in self.icons]


class TwinHexes(Model):
    """Two hexes that take their tiles together (18MEX's Mexico City and Puebla): a tile
    laid in either lays its twin in the other at rotation 0, in the same action, with no
    track restriction on the twin; the operator pays both hexes' costs."""

    hexes: tuple[HexId, HexId]
    """The two hexes."""
    tiles: dict[str, str] = {}
    """Each tile's twin, by the tile's name (both ways): a tile not listed lays alone."""


class MapSpec(Model):
    """The whole map."""

    layout: Literal["pointy", "flat"]
    """``pointy``: hexes with a vertex at the top; ``flat``: a side at the top."""
    letters: Literal["rows", "columns"] | None = None
    """Whether the letter of a hex id names its row or its column. Default: rows for
    pointy, columns for flat, as on 18xx.games. The number names the other axis."""
    icons: dict[str, Icon] = {}
    """Every icon used on the map, by name."""
    mainlines: dict[str, Mainline] = {}
    """Main lines, by the name their hexes use."""
    hexes: dict[HexId, Hex]
    """Every hex, by id."""
    twin_hexes: list[TwinHexes] = []
    """Pairs of hexes whose tiles are laid together (:class:`TwinHexes`)."""

    def twin_of(self, hex_id: str, tile: str) -> tuple[str, str] | None:
        """The other hex and the twin tile a lay of ``tile`` in ``hex_id`` lays too."""
        for twin in self.twin_hexes:
            if hex_id in twin.hexes and tile in twin.tiles:
                other = twin.hexes[1] if hex_id == twin.hexes[0] else twin.hexes[0]
                return other, twin.tiles[tile]
        return None

    @field_validator("icons", "mainlines", "hexes")
    @classmethod
    def _keys(cls, entries: dict[str, Entry]) -> dict[str, Entry]:
        return keyed(entries)

    @property
    def letters_are(self) -> str:
        """``rows`` or ``columns``, the default applied."""
        return self.letters or ("rows" if self.layout == "pointy" else "columns")
