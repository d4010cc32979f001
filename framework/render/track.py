"""Track on a hex: where the revenue centres sit and how each path is drawn.

:class:`FaceLayout` turns a :class:`~framework.title.faces.Face` (track already
rotated) into pixels around the hex centre:

* a lone revenue centre sits in the middle; several sit half-way towards the
  edges only they reach (Stockholm's four cities), or spread evenly;
* a path between two edges is a straight line across the hex or a circular arc
  that meets both edges at right angles (sharp and gentle curves, as printed
  tiles draw them); a town on a curve (its two paths to two edges neither the
  same nor opposite) sits on the middle of that arc, and its two paths are the
  arc's halves; a path from a revenue centre in the middle is a straight
  line; from an off-centre one (Stockholm's cities) to an edge it does not face,
  a curve that leaves the centre towards the middle of the hex and meets the edge
  at a right angle, so several paths to one edge join it as a smooth fan.

Each path keeps a few sample points, so labels can be placed clear of the track,
and its SVG path data, so routes can be drawn over exactly the track they use.

>>> from framework.title.track import TrackContent
>>> from framework.title.faces import make_face
>>> from framework.render.geometry import HexShape
>>> face = make_face("8", TrackContent.model_validate({"paths": [[0, 2]]}), "yellow", 0)
>>> FaceLayout(HexShape("pointy", 40), face).paths[0].d
'M-17.32,30A60,60 0 0 0 -17.32,-30'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from framework.render.geometry import HexShape, Point, add, unit
from framework.render.svg import num
from framework.title.faces import End, Face


@dataclass(frozen=True)
class PathShape:
    """How one path of a face is drawn."""

    d: str
    """SVG path data, around the hex centre."""
    samples: tuple[Point, ...]
    """Points along the path."""


def node_positions(shape: HexShape, face: Face) -> list[Point]:
    """Where each revenue centre of ``face`` is drawn, relative to the hex centre."""
    count = len(face.nodes)
    if count == 0:
        return []
    if count == 1:
        return [(0.0, 0.0)]
    exits: list[set[int]] = [set() for _ in range(count)]
    for path in face.paths:
        for mine, other in ((path.a, path.b), (path.b, path.a)):
            if mine[0] == "node" and other[0] == "edge":
                exits[mine[1]].add(other[1])
    reached: dict[int, int] = {}
    for edges in exits:
        for e in edges:
            reached[e] = reached.get(e, 0) + 1
    distance = shape.apothem * 0.6
    out: list[Point | None] = []
    for edges in exits:
        own = sorted(e for e in edges if reached[e] == 1) or sorted(edges)
        if not own:
            out.append(None)
            continue
        vx = sum(unit(shape.edge_angle(e))[0] for e in own)
        vy = sum(unit(shape.edge_angle(e))[1] for e in own)
        if math.hypot(vx, vy) < 0.2:
            vx, vy = unit(shape.edge_angle(own[0]))
        norm = math.hypot(vx, vy)
        out.append((vx / norm * distance, vy / norm * distance))
    free = [i for i, p in enumerate(out) if p is None]
    if free:
        taken = [math.degrees(math.atan2(p[1], p[0])) for p in out if p is not None]
        slots = [a for a in (shape.corner_angle(k) for k in range(6))]
        slots.sort(key=lambda a: -min((abs((a - t + 180) % 360 - 180) for t in taken), default=180))
        for i, angle in zip(free, slots * (len(free) // 6 + 1), strict=False):
            out[i] = (unit(angle)[0] * distance, unit(angle)[1] * distance)
    return [p for p in out if p is not None]


def line_path(a: Point, b: Point) -> PathShape:
    samples = tuple(add(a, (b[0] - a[0], b[1] - a[1]), k / 6) for k in range(7))
    return PathShape(f"M{num(a[0])},{num(a[1])}L{num(b[0])},{num(b[1])}", samples)


def curve_path(shape: HexShape, start: Point, edge: int) -> PathShape:
    """A cubic curve from ``start`` (off-centre) to the middle of ``edge``, leaving
    ``start`` towards the hex's middle and meeting the edge at a right angle."""
    end = shape.edge_mid(edge)
    inward = shape.edge_mid(edge, 0.45)
    pull = (start[0] * 0.45, start[1] * 0.45)
    points = (start, pull, inward, end)

    def at(t: float) -> Point:
        u = 1 - t
        w = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return (
            sum(k * p[0] for k, p in zip(w, points, strict=True)),
            sum(k * p[1] for k, p in zip(w, points, strict=True)),
        )

    samples = tuple(at(k / 8) for k in range(9))
    d = "M" + " ".join(
        f"{num(x)},{num(y)}" if i != 1 else f"C{num(x)},{num(y)}" for i, (x, y) in enumerate(points)
    )
    return PathShape(d, samples)


def faces_edge(shape: HexShape, point: Point, edge: int) -> bool:
    """Whether ``point`` lies (about) on the way from the centre to ``edge``."""
    if math.hypot(*point) < shape.size * 0.05:
        return True
    angle = math.degrees(math.atan2(point[1], point[0]))
    return abs((angle - shape.edge_angle(edge) + 180) % 360 - 180) < 20


def arc_path(shape: HexShape, e1: int, e2: int, t0: float = 0.0, t1: float = 1.0) -> PathShape:
    """The circular arc from the middle of edge ``e1`` to the middle of ``e2`` that
    meets both edges at right angles; with ``t0`` and ``t1``, only the part between
    those fractions of the way (``0.0, 0.5``: from ``e1`` to the arc's middle)."""
    a, b = shape.edge_mid(e1), shape.edge_mid(e2)
    ux, uy = unit(shape.edge_angle(e1))
    px, py = -uy, ux
    dx, dy = a[0] - b[0], a[1] - b[1]
    t = -(dx * dx + dy * dy) / (2 * (px * dx + py * dy))
    centre = (a[0] + t * px, a[1] + t * py)
    radius = abs(t)
    va = (a[0] - centre[0], a[1] - centre[1])
    vb = (b[0] - centre[0], b[1] - centre[1])
    cross = va[0] * vb[1] - va[1] * vb[0]
    sweep = 1 if cross > 0 else 0
    start = math.atan2(va[1], va[0])
    turn = math.atan2(cross, va[0] * vb[0] + va[1] * vb[1])

    def at(k: float) -> Point:
        angle = start + turn * k
        return (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))

    samples = tuple(at(t0 + (t1 - t0) * k / 6) for k in range(7))
    (x0, y0), (x1, y1) = samples[0], samples[-1]
    d = f"M{num(x0)},{num(y0)}A{num(radius)},{num(radius)} 0 0 {sweep} {num(x1)},{num(y1)}"
    return PathShape(d, samples)


def curve_towns(face: Face) -> dict[int, tuple[int, int]]:
    """The towns on a curve: each town on exactly two paths, to two edges that are
    neither the same nor opposite, with those edges. Such a town sits on the arc between
    them (in its middle when no other track passes near, as 18xx tiles print it), not in
    the middle of the hex."""
    ends: dict[int, list[End]] = {}
    for path in face.paths:
        for mine, other in ((path.a, path.b), (path.b, path.a)):
            if mine[0] == "node":
                ends.setdefault(mine[1], []).append(other)
    out = {}
    for node, others in ends.items():
        if face.nodes[node].kind != "town" or len(others) != 2:
            continue
        (k1, e1), (k2, e2) = others
        if k1 == k2 == "edge" and e1 != e2 and (e2 - e1) % 6 != 3:
            out[node] = (int(e1), int(e2))
    return out


def edge_path(shape: HexShape, e1: int, e2: int) -> PathShape:
    """Track from edge ``e1`` to edge ``e2``: straight across, or a curve."""
    if (e2 - e1) % 6 == 3:
        return line_path(shape.edge_mid(e1), shape.edge_mid(e2))
    return arc_path(shape, e1, e2)


def arc_point(shape: HexShape, e1: int, e2: int, t: float) -> Point:
    """The point ``t`` of the way along the arc from edge ``e1`` to edge ``e2``."""
    return arc_path(shape, e1, e2, t, t).samples[0]


def polyline_distance(point: Point, samples: Sequence[Point]) -> float:
    """How far ``point`` lies from the polyline through ``samples``."""
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(samples):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        k = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / length))
        best = min(best, math.hypot(point[0] - ax - k * dx, point[1] - ay - k * dy))
    return best


TOWN_PLACES = (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75)
"""Where along its arc a town on a curve may sit, in order of preference: the middle,
unless other track passes too near it there (two curves with towns that cross, tile 56)."""


def town_place(
    shape: HexShape, edges: tuple[int, int], track: Sequence[Sequence[Point]], points: Sequence[Point]
) -> float:
    """Where along the arc between ``edges`` a town sits: the first of
    :data:`TOWN_PLACES` clear of the other ``track`` and revenue centres (``points``) by
    0.3 of the hex's size, else the clearest."""
    enough = shape.size * 0.3

    def clearance(t: float) -> float:
        at = arc_point(shape, *edges, t)
        near = [polyline_distance(at, line) for line in track] + [math.dist(at, p) for p in points]
        return min(min(near, default=enough), enough)

    return max(TOWN_PLACES, key=lambda t: (clearance(t), -TOWN_PLACES.index(t)))


class FaceLayout:
    """A face in pixels: revenue centre positions and path shapes."""

    def __init__(self, shape: HexShape, face: Face):
        self.shape = shape
        self.face = face
        self.nodes = node_positions(shape, face)
        self.curve_towns = curve_towns(face)
        """Towns on a curve, with the two edges of their arc."""
        self.town_places: dict[int, float] = {}
        """How far along its arc (from the first edge to the second) each town on a curve sits."""
        if self.curve_towns:
            self._place_curve_towns()
        self.paths = [self._path(p.a, p.b) for p in face.paths]

    def _place_curve_towns(self) -> None:
        """Each town on a curve on its arc (:func:`town_place`), clear of the other
        paths, the other towns' arcs and the other revenue centres."""
        arcs = {n: arc_path(self.shape, *edges).samples for n, edges in self.curve_towns.items()}
        others = [
            self._path(p.a, p.b).samples
            for p in self.face.paths
            if not any(e[0] == "node" and e[1] in self.curve_towns for e in (p.a, p.b))
        ]
        points = [p for n, p in enumerate(self.nodes) if n not in self.curve_towns]
        for node, edges in self.curve_towns.items():
            track = others + [arc for n, arc in arcs.items() if n != node]
            t = self.town_places[node] = town_place(self.shape, edges, track, points)
            self.nodes[node] = arc_point(self.shape, *edges, t)

    def point(self, end: End) -> Point:
        if end[0] == "edge":
            return self.shape.edge_mid(end[1])
        return self.nodes[end[1]]

    def _path(self, a: End, b: End) -> PathShape:
        if a[0] == "edge" and b[0] == "edge" and a[1] != b[1]:
            return edge_path(self.shape, a[1], b[1])
        for node, edge in ((a, b), (b, a)):
            if node[0] == "node" and edge[0] == "edge" and node[1] in self.town_places:
                # a town on a curve: the part of the arc between the edge and the town
                e1, e2 = self.curve_towns[node[1]]
                t = self.town_places[node[1]]
                if edge == a:
                    return (
                        arc_path(self.shape, e1, e2, 0.0, t)
                        if edge[1] == e1
                        else arc_path(self.shape, e2, e1, 0.0, 1 - t)
                    )
                return (
                    arc_path(self.shape, e1, e2, t, 1.0)
                    if edge[1] == e2
                    else arc_path(self.shape, e2, e1, 1 - t, 1.0)
                )
        for node, edge in ((a, b), (b, a)):
            if node[0] == "node" and edge[0] == "edge":
                at = self.nodes[node[1]]
                if not faces_edge(self.shape, at, edge[1]):
                    return curve_path(self.shape, at, edge[1])
        return line_path(self.point(a), self.point(b))
