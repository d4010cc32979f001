"""Hex coordinates: ids, positions, edges and neighbours.

Hex ids are written as on 18xx.games: letters then a number (``A2``, ``G10``); a
single lower-case letter names a row or column before ``A`` (``a9``: the one just before,
``b9`` the one before that), a negative number one before ``1``.
One of them names the row and the other the column, as the title's map says;
positions use *doubled* coordinates ``(x, y)``, where horizontally adjacent
hexes of a pointy map differ by 2 in ``x`` (vertically adjacent hexes of a
flat map by 2 in ``y``).

Edges are numbered 0–5 clockwise:

* pointy layout: 0 lower-left, 1 left, 2 upper-left, 3 upper-right, 4 right, 5 lower-right;
* flat layout: 0 bottom, 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right.

>>> grid = Grid("pointy", "rows")
>>> grid.xy("G10")
(9, 6)
>>> [grid.neighbour("G10", edge) for edge in range(6)]
['H9', 'G8', 'F9', 'F11', 'G12', 'H11']
>>> grid.neighbour("A8", 3), grid.xy("a9")
('a9', (8, -1))
>>> opposite(4), rotate(5, 2)
(1, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EDGE_DELTAS: dict[str, tuple[tuple[int, int], ...]] = {
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
}
"""The ``(dx, dy)`` to the neighbour across each edge, by layout."""

_ID = re.compile(r"^([A-Z]+|[a-z])(-?[0-9]+)$")


def opposite(edge: int) -> int:
    """The edge of the neighbour that faces ``edge``."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """``edge`` of a tile turned clockwise by ``rotation`` sixths."""
    return (edge + rotation) % 6


def letters_index(letters: str) -> int:
    """``A`` → 0, ``Z`` → 25, ``AA`` → 26, …; ``a`` → -1, ``b`` → -2, …"""
    if letters.islower():
        return -(ord(letters) - ord("a") + 1)
    index = 0
    for char in letters:
        index = index * 26 + (ord(char) - ord("A") + 1)
    return index - 1


def index_letters(index: int) -> str:
    """The inverse of :func:`letters_index` (no letters below ``z``, -26)."""
    if index < 0:
        if index < -26:
            raise ValueError(f"no letters for {index}")
        return chr(ord("a") - index - 1)
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


@dataclass(frozen=True)
class Grid:
    """The coordinate convention of a map."""

    layout: str
    """``pointy`` or ``flat``."""
    letters: str
    """Whether the letters of an id name ``rows`` or ``columns``."""

    def xy(self, hex_id: str) -> tuple[int, int]:
        """The doubled coordinates of a hex id."""
        match = _ID.match(hex_id)
        if not match:
            raise ValueError(f"{hex_id!r} is not a hex id")
        letter, number = letters_index(match.group(1)), int(match.group(2)) - 1
        return (number, letter) if self.letters == "rows" else (letter, number)

    def hex_id(self, x: int, y: int) -> str:
        """The id of the hex at doubled coordinates ``(x, y)``."""
        letter, number = (y, x) if self.letters == "rows" else (x, y)
        if letter < -26:
            raise ValueError(f"no hex id for ({x}, {y})")
        return f"{index_letters(letter)}{number + 1}"

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        """The id of the position across ``edge`` (whether or not the map has a hex there)."""
        x, y = self.xy(hex_id)
        dx, dy = EDGE_DELTAS[self.layout][edge]
        try:
            return self.hex_id(x + dx, y + dy)
        except ValueError:
            return None

    def distance(self, a: str, b: str) -> int:
        """How many hexes apart ``a`` and ``b`` are (neighbours: 1).

        >>> Grid("pointy", "rows").distance("G10", "G14"), Grid("flat", "columns").distance("A1", "C3")
        (2, 2)
        """
        (xa, ya), (xb, yb) = self.xy(a), self.xy(b)
        dx, dy = abs(xa - xb), abs(ya - yb)
        if self.layout == "flat":
            dx, dy = dy, dx
        return dy + max(0, (dx - dy) // 2)

    def parity(self, hex_id: str) -> int:
        """0 or 1: hexes of one map all have the same parity of ``x + y``."""
        x, y = self.xy(hex_id)
        return (x + y) % 2
