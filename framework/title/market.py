"""The stock market: a 2-D grid of prices, zones with their effects, and how
share prices move on it.

Each cell is written as its price followed by the marks of the zones it lies
in: ``100p`` is 100 in the zone whose mark is ``p``. Rows may have different
lengths; row 0 is the top row, column 0 the left::

    market:
      zones:
        par: {mark: p, par: true, description: Legal starting prices}
        endgame: {mark: e, ends_game: true}
      grid:
        - [82, 90, 100p, 110, 375e]
        - [76, 82, 90p, 100]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, PlainValidator, WithJsonSchema, field_validator, model_validator

from framework.title.base import ZONE_MARK_PATTERN, Entry, Model, keyed

_CELL = re.compile(r"^([0-9]+)([a-z]*)$")


@dataclass(frozen=True)
class Cell:
    """One market cell: its price and the marks of its zones."""

    price: int
    marks: str = ""

    def __str__(self) -> str:
        return f"{self.price}{self.marks}"


def _cell(value: Any) -> Cell:
    if isinstance(value, Cell):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if value <= 0:
            raise ValueError("a share price must be positive")
        return Cell(value)
    if isinstance(value, str):
        match = _CELL.match(value)
        if match:
            price = int(match.group(1))
            if price < 0 or (price == 0 and not match.group(2)):
                raise ValueError("a share price must be positive (0 only in a zone that closes)")
            return Cell(price, match.group(2))
    raise ValueError(f"a market cell is a price with optional zone marks, e.g. 100 or 82pm; got {value!r}")


MarketCell = Annotated[
    Cell,
    PlainValidator(_cell),
    WithJsonSchema(
        {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": _CELL.pattern}]}
    ),
]

Move = Literal["up", "down", "left", "right"]
"""One step on the market grid."""


class Redemption(Model):
    """How a corporation may redeem (buy back) its own shares from the bank pool."""

    max_shares: int | Literal["all"] = Field(default=1, union_mode="left_to_right")
    """The most shares in one redemption, or ``all`` available in the pool."""
    price: Literal["full", "half", "free"] = "full"
    """Per share: the current price, half of it rounded down, or nothing."""


class Zone(Entry):
    """A named zone of the market and its effects on the corporations in it."""

    mark: str = Field(pattern=ZONE_MARK_PATTERN)
    """The letter that puts a grid cell in this zone."""
    color: str | None = None
    """How the zone is drawn."""
    description: str | None = None
    """What the zone means, in words."""
    par: bool = False
    """Cells where a corporation may be started."""
    ends_game: bool = False
    """Entering a cell of this zone ends the game (when: ``game_end.stock_market``)."""
    counts_for_cert_limit: bool = True
    """Whether certificates of corporations here count toward the certificate limit."""
    holding_limit: bool = True
    """Whether the per-corporation holding limit applies."""
    multiple_buy: bool = False
    """A player may buy several shares of such a corporation in one turn."""
    multiple_buy_from: list[Literal["ipo", "pool"]] = ["ipo", "pool"]
    """Where the shares of a multiple-buy turn may come from. With ``[pool]`` (1830,
    unless its optional rule lifts it) a player buys several shares of one corporation
    only from the bank pool, and none more once one came from the initial offering."""
    redemption: Redemption | None = None
    """Redemption terms here; default: ``market.redemption``."""
    dividend_line: bool = False
    """The cells of the line above which a large dividend moves the price two steps
    (see ``rules.dividends.payout``)."""
    closes: bool = False
    """A corporation whose price enters a cell of this zone closes at once, after the
    action that moved it (18xx.games' close cells, 1846's ``0c``): its tokens leave the
    map, its trains and its private companies are gone, its treasury goes to the bank,
    and its shares are worth nothing. Only such a zone's cells may have the price 0
    (``0c``)."""
    converts: bool = False
    """A minor (``kind: minor``) whose price stands in this zone may convert into a major
    in a ``merger`` round (1867's blue cells, 18xx.games' ``convert_range``)."""
    ceiling_for: list[Literal["corporation", "minor"]] = []
    """The kinds of corporation (their charter's ``kind``) whose price goes no further
    right from a cell of this zone: it stays (up instead, where the market has a row
    above). 1867's minors stop at $165 (18xx.games' ``max_price``)::

        max_price: {mark: m, ceiling_for: [minor]}
    """


class EdgeMoves(Model):
    """What a move does where the grid ends."""

    right: Move | Literal["none"] = "up"
    """A move right from the last cell of a row."""
    left: Move | Literal["none"] = "down"
    """A move left from the first cell of a row."""
    up: Move | Literal["none"] = "none"
    """A move up from the top row."""
    down: Move | Literal["none"] = "none"
    """A move down where the cell below does not exist."""


class Market(Model):
    """The stock market grid and its zones."""

    zones: dict[str, Zone] = {}
    """Named zones, each with a one-letter mark."""
    grid: list[list[MarketCell | None]] = Field(min_length=1)
    """Rows of cells, top row first; each cell a price with zone marks, or ``null``
    where the market has no cell (1830's lower left corner): no move goes there, a move
    that would is one that leaves the grid (``edges``)."""
    edges: EdgeMoves = EdgeMoves()
    """Moves that would leave the grid."""
    redemption: Redemption | None = None
    """Redemption terms outside any zone with its own; none means no redemption."""

    @field_validator("zones")
    @classmethod
    def _keys(cls, zones: dict[str, Zone]) -> dict[str, Zone]:
        return keyed(zones)

    @field_validator("grid")
    @classmethod
    def _rows(cls, grid: list[list[Cell | None]]) -> list[list[Cell | None]]:
        for row in grid:
            if not any(cell is not None for cell in row):
                raise ValueError("a market row needs at least one cell")
        return grid

    @model_validator(mode="after")
    def _free_cells_close(self) -> Market:
        closing = {zone.mark for zone in self.zones.values() if zone.closes}
        for row in self.grid:
            for cell in row:
                if cell is not None and cell.price == 0 and not set(cell.marks) & closing:
                    raise ValueError(f"market cell {cell}: a price of 0 needs a zone that closes (closes)")
        return self

    def closing_marks(self) -> str:
        """The marks of the zones whose cells close a corporation."""
        return "".join(zone.mark for zone in self.zones.values() if zone.closes)

    def zone_of_mark(self) -> dict[str, Zone]:
        return {zone.mark: zone for zone in self.zones.values()}

    def cells_in(self, zone: str) -> list[tuple[int, int, Cell]]:
        """``(row, column, cell)`` for every cell of a zone."""
        mark = self.zones[zone].mark
        return [
            (r, c, cell)
            for r, row in enumerate(self.grid)
            for c, cell in enumerate(row)
            if cell is not None and mark in cell.marks
        ]

    def par_cells(self) -> list[tuple[int, int, Cell]]:
        """Every cell in a zone with ``par: true``, top row first."""
        cached = _PAR_CELLS.get(id(self))
        if cached is None or cached[0] is not self:
            marks = {z.mark for z in self.zones.values() if z.par}
            cells = [
                (r, c, cell)
                for r, row in enumerate(self.grid)
                for c, cell in enumerate(row)
                if cell is not None and set(cell.marks) & marks
            ]
            cached = _PAR_CELLS[id(self)] = (self, cells)
        return cached[1]

    def par_cells_in(self, zones: list[str]) -> list[tuple[int, int, Cell]]:
        """The par cells in any of ``zones`` (every par cell when none are named): a
        corporation's ``par_zones``."""
        if not zones:
            return self.par_cells()
        marks = {self.zones[z].mark for z in zones if z in self.zones}
        return [(r, c, cell) for r, c, cell in self.par_cells() if set(cell.marks) & marks]


_PAR_CELLS: dict[int, tuple[Market, list[tuple[int, int, Cell]]]] = {}
"""Par cells of each market (markets are immutable once loaded)."""
