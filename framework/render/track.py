"""Track on a hex: where the revenue centres sit and how each path is drawn.

:class:`FaceLayout` turns a :class:`~framework.board.faces.Face` (track already
rotated) into pixels around the hex centre:

* a lone revenue centre sits in the middle; several sit half-way towards the
  edges only they reach (Stockholm's four cities), or spread evenly;
* a path between two edges is a straight line across the hex or a circular arc
  that meets both edges at right angles (sharp and gentle curves, as printed
  tiles draw them); a path from a revenue centre in the middle is a straight
  line; from an off-centre one (Stockholm's cities) to an edge it does not face,
  a curve that leaves the centre towards the middle of the hex and meets the edge
  at a right angle, so several paths to one edge join it as a smooth fan.

Each path keeps a few sample points, so labels can be placed clear of the track,
and its SVG path data, so routes can be drawn over exactly the track they use.

>>> from framework.title.track import TrackContent
>>> from framework.board.faces import make_face
>>> from framework.render.geometry import HexShape
>>> face = make_face("8", TrackContent.model_validate({"paths": [[0, 2]]}), "yellow", 0)
>>> FaceLayout(HexShape("pointy", 40), face).paths[0].d
'M-17.32,30A60,60 0 0 0 -17.32,-30'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from framework.board.faces import End, Face
from framework.render.geometry import HexShape, Point, add, unit
from framework.render.svg import num


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


def arc_path(shape: HexShape, e1: int, e2: int) -> PathShape:
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
    samples = tuple(
        (
            centre[0] + radius * math.cos(start + turn * k / 6),
            centre[1] + radius * math.sin(start + turn * k / 6),
        )
        for k in range(7)
    )
    d = f"M{num(a[0])},{num(a[1])}A{num(radius)},{num(radius)} 0 0 {sweep} {num(b[0])},{num(b[1])}"
    return PathShape(d, samples)


def edge_path(shape: HexShape, e1: int, e2: int) -> PathShape:
    """Track from edge ``e1`` to edge ``e2``: straight across, or a curve."""
    if (e2 - e1) % 6 == 3:
        return line_path(shape.edge_mid(e1), shape.edge_mid(e2))
    return arc_path(shape, e1, e2)


class FaceLayout:
    """A face in pixels: revenue centre positions and path shapes."""

    def __init__(self, shape: HexShape, face: Face):
        self.shape = shape
        self.face = face
        self.nodes = node_positions(shape, face)
        self.paths = [self._path(p.a, p.b) for p in face.paths]

    def point(self, end: End) -> Point:
        if end[0] == "edge":
            return self.shape.edge_mid(end[1])
        return self.nodes[end[1]]

    def _path(self, a: End, b: End) -> PathShape:
        if a[0] == "edge" and b[0] == "edge" and a[1] != b[1]:
            return edge_path(self.shape, a[1], b[1])
        for node, edge in ((a, b), (b, a)):
            if node[0] == "node" and edge[0] == "edge":
                at = self.nodes[node[1]]
                if not faces_edge(self.shape, at, edge[1]):
                    return curve_path(self.shape, at, edge[1])
        return line_path(self.point(a), self.point(b))
