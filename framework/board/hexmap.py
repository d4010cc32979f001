"""What never changes about a map: which hexes exist, who neighbours whom
across which edge, borders, terrain, and where new track may lead.

A neighbour across an edge is *usable* for new track (reference §a.3) when a
hex exists there, the edge has no impassable border, and that hex is not
water, gray or off-board — unless its printed track has an exit facing back.
Track of a new tile may only leave its hex by usable edges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from framework.base.grid import Grid, opposite
from framework.title.faces import Face, make_face
from framework.title.map import Hex
from framework.title.model import Title

_T = TypeVar("_T")
_SHARED: dict[tuple[int, object], tuple[Title, object]] = {}
_MOST_SHARED = 32


def shared(title: Title, kind: Callable[[Title], _T]) -> _T:
    """``kind(title)``, made once per title and kept for the next game of it: what never
    changes about a title's board (its map, its tiles' faces). Kept for the last few
    titles, each holding its title so that no other title takes its place."""
    key = (id(title), kind)
    found = _SHARED.get(key)
    if found is None or found[0] is not title:
        if len(_SHARED) >= _MOST_SHARED:
            del _SHARED[next(iter(_SHARED))]
        found = _SHARED[key] = (title, kind(title))
    return found[1]  # type: ignore[return-value]  # stored under its own kind: a _T


FIXED_COLORS = frozenset({"blue", "gray", "red"})
"""Hex colours that never take tiles; new track may enter them only along their own track."""


@dataclass
class HexMap:
    """The static map of a title."""

    title: Title
    grid: Grid = field(init=False)
    hexes: dict[str, Hex] = field(init=False)
    neighbours: dict[str, list[str | None]] = field(init=False)
    """For each hex, the hex across each edge (``None`` where the map has none)."""
    impassable: dict[str, frozenset[int]] = field(init=False)
    border_costs: dict[str, dict[int, int]] = field(init=False)
    """Crossing costs by hex and edge (mountain or water borders)."""
    usable: dict[str, frozenset[int]] = field(init=False)
    """Edges across which new track may lead."""
    printed: dict[str, Face] = field(init=False)
    """Each hex's preprinted content as a face (rotation 0)."""
    layouts: dict[tuple[str, int], tuple[Face, object]] = field(init=False, default_factory=dict)
    """What each face makes of the track graph on each hex, kept by
    :class:`~framework.board.graph.TrackGraph` (its part of the map that never changes)."""
    links: dict[str, tuple[tuple[str, int] | None, ...]] = field(init=False)
    """For each hex and edge, the hex and edge track crosses to (``None``: off the map or
    across an impassable border)."""
    sides_around: dict[str, tuple[tuple[str, int], ...]] = field(init=False)
    """For each hex, its own six sides and its neighbours' sides that face it, as
    ``(hex, edge)``: every side a path that leads into the hex, or out of it, reaches."""
    side_number: dict[tuple[str, int], int] = field(init=False)
    """A number for each ``(hex, edge)``: the track graph's walks keep sides in sets of
    these, which hash faster than the pairs."""

    def __post_init__(self) -> None:
        t = self.title
        self.grid = Grid(t.map.layout, t.map.letters_are)
        self.hexes = dict(t.map.hexes)
        self.printed = {h: make_face("", hx, hx.color, 0) for h, hx in self.hexes.items()}
        self.neighbours = {}
        for h in self.hexes:
            around = [self.grid.neighbour(h, e) for e in range(6)]
            self.neighbours[h] = [n if n in self.hexes else None for n in around]
        self.impassable = {
            h: frozenset(b.edge for b in hx.borders if b.type == "impassable") for h, hx in self.hexes.items()
        }
        self.border_costs = {
            h: {b.edge: b.cost for b in hx.borders if b.type != "impassable"} for h, hx in self.hexes.items()
        }
        self.usable = {h: frozenset(e for e in range(6) if self._usable(h, e)) for h in self.hexes}
        self.side_number = {(h, e): n * 6 + e for n, h in enumerate(self.hexes) for e in range(6)}
        self.sides_around = {
            h: tuple((h, e) for e in range(6)) + tuple(side for e in range(6) if (side := self.across(h, e)))
            for h in self.hexes
        }
        self.links = {
            h: tuple(None if e in self.impassable[h] else self.across(h, e) for e in range(6))
            for h in self.hexes
        }

    @classmethod
    def for_title(cls, title: Title) -> HexMap:
        """The map of ``title``, made once and shared by its games (nothing changes it)."""
        return shared(title, cls)

    def _usable(self, hex_id: str, edge: int) -> bool:
        other = self.neighbours[hex_id][edge]
        if other is None or edge in self.impassable[hex_id]:
            return False
        if self.hexes[other].color in FIXED_COLORS:
            return opposite(edge) in self.printed[other].exits
        return True

    def lane_number(self, side: tuple[str, int], lane: int) -> int:
        """A number for lane ``lane`` of ``side``, as :attr:`side_number` numbers the side
        (its lane 0 has the side's own number): the walks keep the lanes they cross, each
        separate track, in the same sets."""
        return self.side_number[side] + lane * 6 * len(self.hexes)

    def across(self, hex_id: str, edge: int) -> tuple[str, int] | None:
        """The hex and its edge on the other side of ``edge``, or ``None`` off the map."""
        other = self.neighbours[hex_id][edge]
        return None if other is None else (other, opposite(edge))

    def takes_tiles(self, hex_id: str) -> bool:
        """Whether tiles may ever be laid in the hex."""
        return self.hexes[hex_id].color not in FIXED_COLORS
