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

from framework.render import style
from framework.render.geometry import Point
from framework.render.svg import element, group, line, num, polygon
from framework.render.track import FaceLayout, PathShape
from framework.title.faces import Face


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


def _edges(face: Face, i: int) -> set[int]:
    return {e[1] for e in (face.paths[i].a, face.paths[i].b) if e[0] == "edge"}


def track_paths(
    face: Face,
    layout: FaceLayout,
    *,
    water: bool,
    width: float,
    colours: dict[int, str] | None = None,
    variables: bool = False,
) -> str:
    """Every path of ``face``, with white casings where a path crosses an earlier one;
    paths in ``colours`` (those a route uses) drawn in their route's colour, and drawn
    again on top of the track they meet at an edge or cross (with casings of their own
    where they cross), so a route's track is never hidden by other track, as 18xx.games
    draws routes.

    With ``variables`` (the replay viewer's pictures, where the routes are not known
    yet), path ``K`` is coloured with the CSS variable ``--rK`` when it is set (on the
    ``<use>`` that shows the picture), else black; and every path that meets or crosses
    another has its copy on top, coloured ``--rK`` (unset: not drawn), with casings
    coloured ``--cK``."""
    colours = colours or {}
    drawable = [
        i
        for i, path in enumerate(face.paths)
        if not any(e[0] == "node" and face.nodes[e[1]].kind == "offboard" for e in (path.a, path.b))
    ]
    casings: dict[int, list[tuple[Point, Point]]] = {}
    crossed: dict[int, list[int]] = {}
    meeting: set[int] = set()
    for k, i in enumerate(drawable):
        for j in drawable[k + 1 :]:
            if _edges(face, i) & _edges(face, j):
                meeting |= {i, j}
            if _shares_end(face, i, j):
                continue
            hits = crossings(layout.paths[i], layout.paths[j], width)
            if hits:
                casings.setdefault(j, []).extend(hits)
                crossed.setdefault(i, []).append(j)
                crossed.setdefault(j, []).append(i)
    parts = []
    stroke = style.WATER_TRACK if water else style.TRACK
    dash = f"{num(width * 1.4)},{num(width)}" if water else None
    route_width = width if variables else width * 1.15

    def stroke_of(index: int, top: bool = False) -> str:
        if index in colours:
            return element(
                "path",
                d=layout.paths[index].d,
                fill="none",
                stroke=colours[index],
                stroke_width=route_width,
                stroke_linecap="round",
                cls="track route-track" + (" route-top" if top else ""),
                data_path=index,
            )
        if top:  # a copy in the viewer's pictures, in a group that has its fill and width
            return element(
                "path",
                d=layout.paths[index].d,
                style=f"stroke:var(--r{index},none)",
                stroke_dasharray=dash,
                data_path=index,
            )
        return element(
            "path",
            d=layout.paths[index].d,
            fill="none",
            stroke=None if variables else stroke,
            style=f"stroke:var(--r{index},{stroke})" if variables else None,
            stroke_width=width,
            stroke_dasharray=dash,
            cls="track",
            data_path=index,
        )

    def casing(
        index: int, hits: list[tuple[Point, Point]], colour: str | None = style.CASING, across: float = 1.9
    ) -> list[str]:
        out = []
        for (x, y), (dx, dy) in hits:
            norm = math.hypot(dx, dy) or 1.0
            ux, uy = dx / norm * width * 1.5, dy / norm * width * 1.5
            out.append(
                line(
                    (x - ux, y - uy),
                    (x + ux, y + uy),
                    stroke=colour,
                    style=None if colour else f"stroke:var(--c{index},none)",
                    stroke_width=width * across,
                    cls="casing",
                    data_path=index,
                )
            )
        return out

    for index in range(len(face.paths)):
        if index not in drawable:
            parts.append(_offboard(face, layout, index, width, colours.get(index), variables))
        elif index not in casings:
            parts.append(stroke_of(index))
    for index, hits in casings.items():
        parts += casing(index, hits)
        parts.append(stroke_of(index))
    on_top = (meeting | crossed.keys()) if variables else (meeting | crossed.keys()) & colours.keys()
    tops = []
    for index in sorted(on_top):
        hits = [
            h for j in crossed.get(index, []) for h in crossings(layout.paths[j], layout.paths[index], width)
        ]
        # wide enough to hide the casing of the track crossed (1.5 widths either side)
        tops += casing(index, hits, None if variables and index not in colours else style.CASING, 3.2)
        tops.append(stroke_of(index, top=True))
    if variables and tops:
        parts.append(group(tops, cls="route-tops", fill="none", stroke_width=width))
    else:
        parts += tops
    return group(parts, cls="paths")


def _offboard(
    face: Face,
    layout: FaceLayout,
    index: int,
    width: float,
    colour: str | None = None,
    variables: bool = False,
) -> str:
    """A path to an off-board area: an arrow from the edge to the area (with
    ``variables``, filled with ``--rK`` when it is set, see :func:`track_paths`)."""
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
    fill = colour or style.TRACK
    return polygon(
        [(base[0] + dx, base[1] + dy), (base[0] - dx, base[1] - dy), tip],
        fill=None if variables and not colour else fill,
        style=f"fill:var(--r{index},{fill})" if variables and not colour else None,
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
