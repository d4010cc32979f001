"""Track and towns drawn on a hex.

* Every path is a black stroke (dashed blue on water); a path to an off-board area
  is an arrow. Where one path crosses another (not meeting it at an edge or a revenue
  centre), the later path is drawn over a short white casing, so the crossing reads
  as one track passing over the other, as on printed tiles.
* A town on a path through it (two paths) is a bar across the track, as 18xx
  tiles draw it; a town at a dead end or a junction of three or more is a dot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from framework.board.faces import Face
from framework.render import style
from framework.render.geometry import Point
from framework.render.svg import element, group, line, num, polygon
from framework.render.track import FaceLayout, PathShape


def segment_crossing(a: Point, b: Point, c: Point, d: Point) -> tuple[Point, Point] | None:
    """Where segment ``ab`` crosses segment ``cd`` (strictly inside both), with the
    direction of ``cd`` there; ``None`` when they do not cross."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-9:
        return None
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denom
    u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denom
    if 0 < t < 1 and 0 < u < 1:
        return (a[0] + t * rx, a[1] + t * ry), (sx, sy)
    return None


def crossings(under: PathShape, over: PathShape, margin: float) -> list[tuple[Point, Point]]:
    """Points where ``over`` crosses ``under`` farther than ``margin`` from either's
    ends, with ``over``'s direction there."""
    ends = (under.samples[0], under.samples[-1], over.samples[0], over.samples[-1])
    found = []
    for a, b in zip(under.samples, under.samples[1:], strict=False):
        for c, d in zip(over.samples, over.samples[1:], strict=False):
            hit = segment_crossing(a, b, c, d)
            if hit and all(math.dist(hit[0], e) > margin for e in ends):
                found.append(hit)
    return found


def _shares_end(face: Face, i: int, j: int) -> bool:
    one, other = face.paths[i], face.paths[j]
    return bool({one.a, one.b} & {other.a, other.b})


def track_paths(
    face: Face, layout: FaceLayout, *, water: bool, width: float, colours: dict[int, str] | None = None
) -> str:
    """Every path of ``face``, with white casings where a path crosses an earlier one;
    paths in ``colours`` (those a route uses) drawn in their route's colour."""
    colours = colours or {}
    drawable = [
        i
        for i, path in enumerate(face.paths)
        if not any(e[0] == "node" and face.nodes[e[1]].kind == "offboard" for e in (path.a, path.b))
    ]
    casings: dict[int, list[tuple[Point, Point]]] = {}
    for k, i in enumerate(drawable):
        for j in drawable[k + 1 :]:
            if _shares_end(face, i, j):
                continue
            hits = crossings(layout.paths[i], layout.paths[j], width)
            if hits:
                casings.setdefault(j, []).extend(hits)
    parts = []
    stroke = style.WATER_TRACK if water else style.TRACK
    dash = f"{num(width * 1.4)},{num(width)}" if water else None

    def stroke_of(index: int) -> str:
        if index in colours:
            return element(
                "path",
                d=layout.paths[index].d,
                fill="none",
                stroke=colours[index],
                stroke_width=width * 1.15,
                stroke_linecap="round",
                cls="track route-track",
                data_path=index,
            )
        return element(
            "path",
            d=layout.paths[index].d,
            fill="none",
            stroke=stroke,
            stroke_width=width,
            stroke_dasharray=dash,
            cls="track",
            data_path=index,
        )

    for index in range(len(face.paths)):
        if index not in drawable:
            parts.append(_offboard(face, layout, index, width, colours.get(index)))
        elif index not in casings:
            parts.append(stroke_of(index))
    for index, hits in casings.items():
        for (x, y), (dx, dy) in hits:
            norm = math.hypot(dx, dy) or 1.0
            ux, uy = dx / norm * width * 1.5, dy / norm * width * 1.5
            parts.append(
                line(
                    (x - ux, y - uy),
                    (x + ux, y + uy),
                    stroke=style.CASING,
                    stroke_width=width * 1.9,
                    cls="casing",
                    data_path=index,
                )
            )
        parts.append(stroke_of(index))
    return group(parts, cls="paths")


def _offboard(face: Face, layout: FaceLayout, index: int, width: float, colour: str | None = None) -> str:
    """A path to an off-board area: an arrow from the edge to the area."""
    path = face.paths[index]
    ends = (path.a, path.b)
    offboard = [e for e in ends if e[0] == "node" and face.nodes[e[1]].kind == "offboard"]
    edge = [e for e in ends if e[0] == "edge"]
    if not edge:
        return element(
            "path", d=layout.paths[index].d, fill="none", stroke=style.TRACK, stroke_width=width, cls="track"
        )
    tip = layout.point(offboard[0])
    base = layout.point(edge[0])
    angle = math.radians(layout.shape.edge_angle(edge[0][1]) + 90)
    w = width * 0.9
    dx, dy = math.cos(angle) * w, math.sin(angle) * w
    return polygon(
        [(base[0] + dx, base[1] + dy), (base[0] - dx, base[1] - dy), tip],
        fill=colour or style.TRACK,
        cls="track offboard-track" + (" route-track" if colour else ""),
        data_path=index,
    )


def town_direction(face: Face, layout: FaceLayout, node: int) -> Point | None:
    """The direction of the track through a town on exactly two paths (``None``: the
    town is a dead end or a junction)."""
    at = layout.nodes[node]
    away: list[Point] = []
    for path, drawn in zip(face.paths, layout.paths, strict=True):
        if ("node", node) not in (path.a, path.b):
            continue
        samples: Sequence[Point] = drawn.samples
        near = samples[1] if math.dist(samples[0], at) < math.dist(samples[-1], at) else samples[-2]
        dx, dy = near[0] - at[0], near[1] - at[1]
        norm = math.hypot(dx, dy) or 1.0
        away.append((dx / norm, dy / norm))
    if len(away) != 2:
        return None
    (ax, ay), (bx, by) = away
    tx, ty = bx - ax, by - ay
    norm = math.hypot(tx, ty)
    if norm < 1e-6:
        return None
    return (tx / norm, ty / norm)


def town(at: Point, direction: Point | None, sizes: style.Sizes) -> str:
    """A town: a bar across the track through it, or a dot."""
    if direction is None:
        return element("circle", cx=at[0], cy=at[1], r=sizes.town, fill=style.TRACK, cls="town town-dot")
    half = sizes.s * 0.19
    nx, ny = -direction[1] * half, direction[0] * half
    return line(
        (at[0] - nx, at[1] - ny),
        (at[0] + nx, at[1] + ny),
        stroke=style.TRACK,
        stroke_width=sizes.track * 1.25,
        cls="town town-bar",
    )
