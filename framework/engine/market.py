"""Share prices on the stock market grid: moves, zones and the price order.

A corporation's price is a cell ``(row, col)``; cells hold corporations in
arrival order (a newcomer goes under the tokens already there). Moves follow
the title: a step right from the end of a row, left from its start, up from the
top or down where no cell exists does what ``market.edges`` says (reference §3.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from framework.title.market import Cell, Market, Zone
from framework.title.model import Title

Position = tuple[int, int]


@dataclass
class StockMarket:
    """Where every started corporation's price stands."""

    market: Market
    positions: dict[str, Position] = field(default_factory=dict)
    stacks: dict[Position, list[str]] = field(default_factory=dict)
    """Corporations in each cell, first arrival first."""
    _zones: dict[str, list[Zone]] = field(default_factory=dict, repr=False)
    _dividend_line: int | None = field(default=None, repr=False, compare=False)
    kinds: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """Each corporation's kind (``corporation`` or ``minor``), for the zones'
    ``ceiling_for``."""

    @classmethod
    def for_title(cls, title: Title) -> StockMarket:
        return cls(title.market, kinds={sym: c.kind for sym, c in title.corporations.items()})

    def cell(self, position: Position) -> Cell:
        row, col = position
        found = self.market.grid[row][col]
        assert found is not None, f"no cell at {position}"
        return found

    def exists(self, row: int, col: int) -> bool:
        grid = self.market.grid
        return 0 <= row < len(grid) and 0 <= col < len(grid[row]) and grid[row][col] is not None

    def price(self, corporation: str) -> int:
        row, col = self.positions[corporation]  # a placed corporation's cell exists
        return self.market.grid[row][col].price  # type: ignore[union-attr]  # (see place)

    def zones(self, corporation: str) -> list[Zone]:
        row, col = self.positions[corporation]
        marks = self.market.grid[row][col].marks  # type: ignore[union-attr]  # (see place)
        cached = self._zones.get(marks)
        if cached is None:
            cached = self._zones[marks] = [z for z in self.market.zones.values() if z.mark in marks]
        return cached

    def dividend_line(self) -> int:
        """The highest price in a zone marking the dividend line (0 without one): a payout
        moves a price beyond it only as the title's payout rules say."""
        if self._dividend_line is None:
            market = self.market
            zones = [z.key for z in market.zones.values() if z.dividend_line]
            prices = [cell.price for z in zones for _, _, cell in market.cells_in(z)]
            self._dividend_line = max(prices) if prices else 0
        return self._dividend_line

    def place(self, corporation: str, position: Position) -> None:
        """Put a corporation's marker on a cell (under those already there)."""
        self.remove(corporation)
        self.positions[corporation] = position
        self.stacks.setdefault(position, []).append(corporation)

    def remove(self, corporation: str) -> None:
        old = self.positions.pop(corporation, None)
        if old is not None:
            self.stacks[old].remove(corporation)

    def step(self, position: Position, direction: str) -> Position:
        """The cell one step ``direction`` from ``position``, following the edge rules."""
        row, col = position
        edges = self.market.edges
        target = {
            "up": (row - 1, col),
            "down": (row + 1, col),
            "left": (row, col - 1),
            "right": (row, col + 1),
        }
        r, c = target[direction]
        if self.exists(r, c):
            return (r, c)
        instead = getattr(edges, direction)
        if instead == "none" or instead == direction:
            return position
        r, c = target[instead]
        return (r, c) if self.exists(r, c) else position

    def move(self, corporation: str, directions: list[str]) -> tuple[Position, Position]:
        """Move a corporation step by step; returns (from, to)."""
        start = position = self.positions[corporation]
        for direction in directions:
            if direction == "right" and self._at_ceiling(corporation, position):
                direction = "up"  # (a one-row market has no row above: the price stays)
                if not self.exists(position[0] - 1, position[1]):
                    continue
            position = self.step(position, direction)
        if position != start:
            self.place(corporation, position)
        return start, position

    def _at_ceiling(self, corporation: str, position: Position) -> bool:
        """Whether ``corporation``'s price goes no further right from ``position`` (a
        zone's ``ceiling_for`` its kind)."""
        kind = self.kinds.get(corporation, "corporation")
        marks = self.cell(position).marks
        return any(kind in z.ceiling_for and z.mark in marks for z in self.market.zones.values())

    def order_key(self, corporation: str) -> tuple[Any, ...]:
        """Descending share price order: higher price, then further right, then higher up,
        then earlier arrival in the cell, then name (rulebook §5.3, reference §3.2)."""
        position = self.positions[corporation]
        row, col = position
        return (
            -self.cell(position).price,
            -col,
            row,
            self.stacks[position].index(corporation),
            corporation,
        )

    def arrival_key(self, corporation: str) -> tuple[int, int]:
        """Lowest price first, then first arrival in the cell (1846's first operating
        round)."""
        position = self.positions[corporation]
        return (self.cell(position).price, self.stacks[position].index(corporation))

    def in_order(self, corporations: list[str]) -> list[str]:
        return sorted(corporations, key=self.order_key)

    def to_dict(self) -> dict[str, Any]:
        cells = sorted((position, corps) for position, corps in self.stacks.items() if corps)
        return {"stacks": [[r, c, list(corps)] for (r, c), corps in cells]}

    def load(self, data: dict[str, Any]) -> None:
        self.positions.clear()
        self.stacks.clear()
        for r, c, corps in data["stacks"]:
            for corp in corps:
                self.place(corp, (r, c))


def price_id(price: int, position: Position) -> str:
    """18xx.games' share price id, ``"71,4,2"``."""
    return f"{price},{position[0]},{position[1]}"


def parse_price_id(text: str) -> tuple[int, Position]:
    price, row, col = (int(x) for x in text.split(","))
    return price, (row, col)
