"""Hex geometry in pixels.

:class:`HexShape` is one hex around the origin: its corners, the middle of each
edge and where its edges point. :class:`MapGeometry` places every hex of a map:
with ``s`` the centre-to-corner distance (reference §a.1),

* pointy layout: ``px = x·(√3/2)·s``, ``py = y·(3/2)·s``;
* flat layout: ``px = x·(3/2)·s``, ``py = y·(√3/2)·s``;

for the doubled coordinates ``(x, y)`` of :class:`framework.base.grid.Grid`, plus a
margin. Screen angles grow clockwise (y points down), like the edge numbers: a
pointy hex's edge 0 (lower-left) points at 120°, edge 4 (right) at 0°; a flat
hex's edge 0 (bottom) at 90°.

>>> shape = HexShape("pointy", 40)
>>> [round(a) for a in map(shape.edge_angle, range(6))]
[120, 180, 240, 300, 0, 60]
>>> x, y = shape.edge_mid(4)
>>> round(x, 2), round(y, 2)
(34.64, 0.0)
>>> geo = MapGeometry.for_hexes(Grid("pointy", "rows"), ["A2", "B1"], 40, margin=0)
>>> [tuple(round(v, 1) for v in geo.centre(h)) for h in ("A2", "B1")]
[(69.3, 40.0), (34.6, 100.0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from framework.base.grid import Grid

Point = tuple[float, float]

SQRT3 = math.sqrt(3)


def unit(angle: float) -> Point:
    """The unit vector at ``angle`` degrees (clockwise from +x on screen)."""
    rad = math.radians(angle)
    return (math.cos(rad), math.sin(rad))


def add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + k * b[0], a[1] + k * b[1])


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


@dataclass(frozen=True)
class HexShape:
    """One hex centred on the origin."""

    layout: str
    """``pointy`` or ``flat``."""
    size: float
    """Centre to corner, in pixels."""

    @property
    def apothem(self) -> float:
        """Centre to the middle of an edge."""
        return self.size * SQRT3 / 2

    def edge_angle(self, edge: int) -> float:
        """The direction from the centre to the middle of ``edge``, in degrees."""
        return ((120 if self.layout == "pointy" else 90) + 60 * edge) % 360

    def edge_mid(self, edge: int, fraction: float = 1.0) -> Point:
        """The middle of ``edge`` (or the point ``fraction`` of the way there)."""
        ux, uy = unit(self.edge_angle(edge))
        return (ux * self.apothem * fraction, uy * self.apothem * fraction)

    def corner_angle(self, k: int) -> float:
        """The direction of corner ``k``: 30° + 60°·k on a pointy hex, 60°·k on a flat one."""
        return ((30 if self.layout == "pointy" else 0) + 60 * k) % 360

    def corners(self, scale: float = 1.0) -> list[Point]:
        return [
            (math.cos(math.radians(a)) * self.size * scale, math.sin(math.radians(a)) * self.size * scale)
            for a in (self.corner_angle(k) for k in range(6))
        ]

    def edge_ends(self, edge: int) -> tuple[Point, Point]:
        """The two corners of ``edge``, clockwise."""
        angle = self.edge_angle(edge)
        a, b = angle - 30, angle + 30
        r = self.size
        return (
            (math.cos(math.radians(a)) * r, math.sin(math.radians(a)) * r),
            (math.cos(math.radians(b)) * r, math.sin(math.radians(b)) * r),
        )

    def half_width(self, y: float) -> float:
        """Half the hex's width at height ``y`` (0 outside it)."""
        s, y = self.size, abs(y)
        if self.layout == "pointy":
            if y <= s / 2:
                return self.apothem
            return max(0.0, (s - y) * SQRT3)
        if y > self.apothem:
            return 0.0
        return s - y / SQRT3


@dataclass
class MapGeometry:
    """Where each hex of a map lies in the picture."""

    grid: Grid
    size: float
    origin: Point
    """The pixel position of doubled coordinate (0, 0)."""
    width: float
    height: float
    shape: HexShape = field(init=False)

    def __post_init__(self) -> None:
        self.shape = HexShape(self.grid.layout, self.size)

    @staticmethod
    def raw(grid: Grid, size: float, x: float, y: float) -> Point:
        if grid.layout == "pointy":
            return (x * SQRT3 / 2 * size, y * 1.5 * size)
        return (x * 1.5 * size, y * SQRT3 / 2 * size)

    @classmethod
    def for_hexes(
        cls,
        grid: Grid,
        hexes: Iterable[str],
        size: float,
        *,
        margin: float | tuple[float, float, float, float] = 0,
    ) -> MapGeometry:
        """A geometry that fits ``hexes`` with ``margin`` around them (left, top, right, bottom)."""
        left, top, right, bottom = (margin,) * 4 if isinstance(margin, int | float) else margin
        points = [cls.raw(grid, size, *grid.xy(h)) for h in hexes]
        shape = HexShape(grid.layout, size)
        half_w = shape.apothem if grid.layout == "pointy" else size
        half_h = size if grid.layout == "pointy" else shape.apothem
        min_x = min(p[0] for p in points) - half_w
        max_x = max(p[0] for p in points) + half_w
        min_y = min(p[1] for p in points) - half_h
        max_y = max(p[1] for p in points) + half_h
        return cls(
            grid,
            size,
            (left - min_x, top - min_y),
            left + (max_x - min_x) + right,
            top + (max_y - min_y) + bottom,
        )

    def centre(self, hex_id: str) -> Point:
        x, y = self.grid.xy(hex_id)
        return self.at(x, y)

    def at(self, x: float, y: float) -> Point:
        """The pixel position of doubled coordinates ``(x, y)`` (fractions allowed)."""
        px, py = self.raw(self.grid, self.size, x, y)
        return (px + self.origin[0], py + self.origin[1])
