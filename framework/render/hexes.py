"""One hex drawn: its colour, track, revenue centres, tokens and everything printed on it.

:func:`draw_hex` draws a :class:`HexView` around the origin; the map, the tile
sheet and the replay viewer place the result with a ``translate``. What a hex
shows is collected into a :class:`HexView` first (from the title, or from a
board during a game), so drawing never looks at the rules.

Labels (revenue, names, terrain, icons) are placed on free spots of the hex,
as far from the track and the revenue centres as the hex allows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from framework.render import drawtrack, style
from framework.render.geometry import HexShape, Point, dist
from framework.render.marks import (
    Palette,
    city,
    city_extent,
    icon_half_width,
    icon_mark,
    name_lines,
    polar,
    revenue_circle,
    revenue_strip,
    stop_rings,
    strip_size,
    terrain_mark,
    text_width,
)
from framework.render.svg import element, group, line, polygon, text, title
from framework.render.track import FaceLayout, edge_path, line_path
from framework.title.faces import Face


@dataclass
class HexView:
    """Everything one hex shows."""

    hex_id: str
    color: str
    """The colour name of the hex, or of the tile on it."""
    face: Face
    name: str | None = None
    tile: str | None = None
    """The tile laid on the hex (``None``: the printed hex)."""
    rotation: int = 0
    terrain: dict[str, int] = field(default_factory=dict)
    """Terrain costs still to pay."""
    icons: list[str] = field(default_factory=list)
    mainline: tuple[int, int] | None = None
    """The main line's two edges, drawn as an orange alignment."""
    mainline_name: str = ""
    """The main line's name (its tooltip, and the map's legend)."""
    mainline_label: str = ""
    """The main line's short name, written on the band (one hex of each line has it)."""
    mainline_cube: bool = False
    """A main line whose improvement is still to come, on a hex with a tile."""
    tokens: dict[int, list[str | None]] = field(default_factory=dict)
    """Slot owners by revenue centre index."""
    reserved: dict[int, list[str]] = field(default_factory=dict)
    """Companies whose home slot is held, by revenue centre index."""
    markers: list[tuple[str, str]] = field(default_factory=list)
    """Markers on the hex: text and tooltip (bonus tokens, a company's marker)."""
    printed: str | None = None
    """The id on the printed board, when it differs."""
    route_paths: dict[int, str] = field(default_factory=dict)
    """Track paths a route uses, by path index: the route's colour (drawn instead of black)."""
    route_stops: dict[int, str] = field(default_factory=dict)
    """Revenue centres a route stops at, by index: the route's colour (a ring under it)."""
    river: tuple[int, ...] | None = None
    """A river hex (``river`` terrain): the edges its river leaves by (towards other
    river hexes or water); ``None`` where no river runs."""
    stubs: tuple[int, ...] = ()
    """Edges with a printed track stub (shown until a tile is laid)."""

    def key(self) -> tuple[object, ...]:
        """Equal keys draw the same picture (for caches)."""
        return (
            self.color,
            self.face.name,
            self.face.rotation,
            id(self.face),
            self.name,
            self.tile,
            tuple(sorted(self.terrain.items())),
            tuple(self.icons),
            self.mainline,
            self.mainline_name,
            self.mainline_label,
            self.mainline_cube,
            tuple(sorted((k, tuple(v)) for k, v in self.tokens.items())),
            tuple(sorted((k, tuple(v)) for k, v in self.reserved.items())),
            tuple(self.markers),
            self.river,
            self.stubs,
            tuple(sorted(self.route_paths.items())),
            tuple(sorted(self.route_stops.items())),
            self.hex_id,
        )


# -- free spots ----------------------------------------------------------


class Spots:
    """Places for labels on a hex, scored by their distance from what is already drawn.

    Small items go to named spots (near the corners, at the top and bottom, in the
    middle, towards the edges); wide ones (names, revenue strips) may also go to any
    point of a grid over the hex. Among the spots clear enough of everything drawn, the
    one nearest the preferred place wins.
    """

    def __init__(self, shape: HexShape):
        s = shape.size
        self.shape = shape
        self.obstacles: list[tuple[Point, float]] = []
        corners = [(f"corner{k}", polar(shape.corner_angle(k), 0.6 * s)) for k in range(6)]
        edges = [(f"edge{k}", polar(shape.edge_angle(k), 0.58 * shape.apothem)) for k in range(6)]
        rims = [(f"rimcorner{k}", polar(shape.corner_angle(k), 0.72 * s)) for k in range(6)]
        self.named: dict[str, Point] = dict(
            [
                *corners,
                ("top", (0.0, -0.47 * s)),
                ("bottom", (0.0, 0.47 * s)),
                ("rimtop", (0.0, -0.64 * s)),
                ("rimbottom", (0.0, 0.64 * s)),
                ("centre", (0.0, 0.0)),
                *edges,
                *rims,
            ]
        )
        steps = [k / 8 for k in range(-5, 6)]
        self.grid = [(x * s, y * s) for y in steps for x in steps if abs(x) <= 0.5]

    def block(self, point: Point, radius: float) -> None:
        self.obstacles.append((point, radius))

    def clearance(
        self, point: Point, radius: float, half_width: float = 0.0, reach: float = math.inf
    ) -> float:
        """How far an item at ``point`` stays from everything drawn (negative: it overlaps),
        exact up to ``reach``; more than ``reach`` when it is at least that clear."""
        x, y = point
        probes = (
            (x,)
            if not half_width
            else (x - half_width, x - half_width / 2, x, x + half_width / 2, x + half_width)
        )
        best = self.shape.size
        hypot = math.hypot
        for (ox, oy), r in self.obstacles:
            limit = radius + r + reach
            if abs(oy - y) > limit or abs(ox - x) > half_width + limit:
                continue
            for px in probes:
                d = hypot(px - ox, y - oy) - r - radius
                if d < best:
                    best = d
        half = self.shape.half_width
        room = min(half(abs(y) + radius * dy) - abs(x) - half_width for dy in (0, 0.7))
        return min(best, room * 1.5)

    def best(
        self,
        radius: float,
        *,
        half_width: float = 0.0,
        kinds: tuple[str, ...] = ("corner", "top", "bottom", "centre", "edge"),
        grid: bool = False,
        near: Point | None = None,
        enough: float | None = None,
    ) -> tuple[float, str, Point]:
        """The best free spot for an item of ``radius`` (and ``half_width`` either side,
        for text and strips) among the named spots of ``kinds`` (earlier kinds preferred)
        and, with ``grid``, the grid points: its clearance, name and position. Spots
        clearer than ``enough`` count as equally good."""
        enough = self.shape.size * 0.1 if enough is None else enough
        options = []
        for order, (name, point) in enumerate(self.named.items()):
            kind = name.rstrip("0123456789")
            if kind not in kinds:
                continue
            clear = self.clearance(point, radius, half_width, enough)
            closeness = -dist(point, near) if near is not None else 0.0
            options.append((min(clear, enough), closeness, -kinds.index(kind), -order, clear, name, point))
        if grid:
            wished = [self.named[k] for k in kinds if k in self.named] or [(0.0, 0.0)]
            for point in self.grid:
                clear = self.clearance(point, radius, half_width, enough)
                closeness = -min(dist(point, w) for w in wished) - (dist(point, near) if near else 0.0)
                options.append(
                    (min(clear, enough), closeness - self.shape.size, -len(kinds), 0, clear, "", point)
                )
        if not options:
            return (0.0, "", (0.0, 0.0))
        *_, clear, name, point = max(options)
        return clear, name, point

    def commit(self, name: str, point: Point, radius: float, half_width: float = 0.0) -> Point:
        """Take a spot found by :meth:`best`."""
        self.named.pop(name, None)
        self.block(point, radius)
        if half_width:
            for k in (-2, -1, 1, 2):
                self.block((point[0] + k * half_width / 2, point[1]), radius)
        return point

    def take(self, radius: float, *, half_width: float = 0.0, **options: Any) -> Point:
        """The best free spot (see :meth:`best`), taken."""
        _, name, point = self.best(radius, half_width=half_width, **options)
        return self.commit(name, point, radius, half_width)


# -- the hex -------------------------------------------------------------


def draw_hex(view: HexView, shape: HexShape, palette: Palette, *, variables: bool = False) -> str:
    """A hex around the origin. With ``variables`` (the replay viewer's pictures), each
    track path ``K`` takes its colour from the CSS variable ``--rK`` and each revenue
    centre ``K`` has a ring coloured ``--sK``, both unset (black track, no ring) until a
    route sets them on the ``<use>`` showing the picture: the route recolours the track
    under the tokens, the revenue circles and the names, as :func:`~framework.render.routes.colour_routes`
    does for a still picture."""
    sizes = style.Sizes(shape.size)
    layout = FaceLayout(shape, view.face)
    spots = Spots(shape)
    parts = [
        polygon(
            shape.corners(),
            fill=style.HEX_FILL.get(view.color, view.color),
            stroke=style.HEX_LINE,
            stroke_width=max(0.8, shape.size * 0.025),
            cls="hex-fill",
        )
    ]
    if view.mainline:
        parts.append(_mainline(view, shape, sizes, spots))
    if view.river is not None:
        parts.append(_river(view.river, shape, spots))
    if view.stubs:
        parts.append(_stubs(view.stubs, shape, spots))
    parts.append(_track(view, layout, sizes, spots, variables))
    parts.append(_nodes(view, layout, sizes, spots, palette, variables))
    parts.append(_revenues(view, layout, sizes, spots, strips=True))
    if view.name:
        parts.append(_name(view.name, sizes, spots))
    parts.append(_revenues(view, layout, sizes, spots, strips=False))
    if view.face.label:
        at = spots.take(sizes.s * 0.16, kinds=("corner",), grid=True)
        parts.append(
            text(
                at[0],
                at[1],
                view.face.label,
                size=sizes.s * 0.32,
                fill=style.TEXT,
                weight="bold",
                cls="label",
            )
        )
    for kind, cost in view.terrain.items():
        at = spots.take(sizes.s * 0.2, kinds=("corner", "top", "bottom", "centre"))
        parts.append(terrain_mark(at, kind, cost, sizes))
    for name in view.icons:
        half = icon_half_width(name, sizes)
        at = spots.take(sizes.s * 0.14, half_width=half, kinds=("corner", "top", "bottom", "edge"))
        parts.append(icon_mark(at, name, palette, sizes))
    if view.mainline_cube:
        at = spots.take(sizes.s * 0.09, kinds=("corner",))
        c = sizes.s * 0.09
        parts.append(
            group(
                [
                    element(
                        "rect",
                        x=at[0] - c,
                        y=at[1] - c,
                        width=2 * c,
                        height=2 * c,
                        fill=style.MAINLINE,
                        stroke="#000",
                        stroke_width=0.7,
                    ),
                    title("main line still to be improved"),
                ],
                cls="mainline-cube",
            )
        )
    for words, tip in view.markers:
        half = max(0.0, text_width(words, sizes.small) / 2 - sizes.s * 0.1)
        at = spots.take(sizes.s * 0.15, half_width=half, kinds=("corner", "top", "bottom", "edge"))
        w = text_width(words, sizes.small) + sizes.s * 0.14
        parts.append(
            group(
                [
                    element(
                        "rect",
                        x=at[0] - w / 2,
                        y=at[1] - sizes.s * 0.13,
                        width=w,
                        height=sizes.s * 0.26,
                        fill="#222",
                        stroke="#ffd24d",
                        stroke_width=1,
                        rx=sizes.s * 0.04,
                    ),
                    text(at[0], at[1], words, size=sizes.small, fill="#ffd24d", weight="bold"),
                    title(tip),
                ],
                cls="marker",
            )
        )
    tip = view.hex_id + (f" {view.name}" if view.name else "")
    if view.printed and view.printed != view.hex_id:
        tip += f" (printed {view.printed})"
    if view.tile:
        tip += f" — tile {view.tile}, rotation {view.rotation}"
    parts.append(title(tip))
    return "".join(parts)


def _mainline(view: HexView, shape: HexShape, sizes: style.Sizes, spots: Spots) -> str:
    """The orange band of a main line, named in its tooltip (and, in one hex of each
    line, written on the band)."""
    assert view.mainline is not None
    band = edge_path(shape, *view.mainline)
    parts = [
        element(
            "path",
            d=band.d,
            fill="none",
            stroke=style.MAINLINE,
            stroke_width=sizes.s * 0.2,
            stroke_opacity=0.75,
            stroke_linecap="butt",
        ),
        title(f"main line {view.mainline_name}" if view.mainline_name else "main line"),
    ]
    for p in band.samples:
        spots.block(p, sizes.s * 0.03)
    if view.mainline_label:
        x, y = band.samples[len(band.samples) // 2]
        size = sizes.small
        parts.append(
            text(
                x, y, view.mainline_label, size=size, fill=style.MAINLINE_TEXT, weight="bold", halo=style.HALO
            )
        )
        spots.block((x, y), size * 0.6)
        for k in (-1, 1):
            spots.block((x + k * text_width(view.mainline_label, size) / 3, y), size * 0.6)
    return group(parts, cls="mainline", data_line=view.mainline_name or None)


def draw_stations(view: HexView, shape: HexShape, palette: Palette) -> str:
    """Only the revenue centres of a hex (cities with their tokens, towns), around the
    origin: drawn again over routes so the tokens stay on top."""
    layout = FaceLayout(shape, view.face)
    return _nodes(view, layout, style.Sizes(shape.size), Spots(shape), palette)


def _stubs(edges: tuple[int, ...], shape: HexShape, spots: Spots) -> str:
    """Short track stubs from the edges towards the middle, which the first tile continues."""
    s = shape.size
    parts = []
    for edge in edges:
        mx, my = shape.edge_mid(edge)
        end = (mx * 0.55, my * 0.55)
        spots.block(end, s * 0.06)
        parts.append(line((mx, my), end, stroke=style.TRACK, stroke_width=s * 0.09, cls="stub"))
    return group(parts, cls="stubs", data_edges=",".join(map(str, edges)))


def _river(edges: tuple[int, ...], shape: HexShape, spots: Spots) -> str:
    """A river across the hex: between its two edges, from its one edge across to the
    opposite side, from each of several edges to the middle, or (alone) a short stretch."""
    s = shape.size
    if len(edges) == 2:
        drawn = [edge_path(shape, *edges)]
    elif len(edges) == 1:
        drawn = [edge_path(shape, edges[0], (edges[0] + 3) % 6)]
    elif edges:
        drawn = [line_path(shape.edge_mid(e), (0.0, 0.0)) for e in edges]
    else:
        drawn = [line_path((-s * 0.45, s * 0.1), (s * 0.45, -s * 0.1))]
    parts = []
    for path in drawn:
        for p in path.samples:
            spots.block(p, s * 0.07)
        parts.append(
            element(
                "path",
                d=path.d,
                fill="none",
                stroke=style.RIVER,
                stroke_width=s * 0.13,
                stroke_linecap="round",
                stroke_opacity=0.85,
            )
        )
    return group(parts, cls="river", data_edges=",".join(map(str, edges)))


def _track(
    view: HexView, layout: FaceLayout, sizes: style.Sizes, spots: Spots, variables: bool = False
) -> str:
    for drawn in layout.paths:
        for p in drawn.samples:
            spots.block(p, sizes.track / 2 + 1)
    return drawtrack.track_paths(
        view.face,
        layout,
        water=view.color == "blue",
        width=sizes.track,
        colours=view.route_paths,
        variables=variables,
    )


def _nodes(
    view: HexView,
    layout: FaceLayout,
    sizes: style.Sizes,
    spots: Spots,
    palette: Palette,
    variables: bool = False,
) -> str:
    parts = [stop_rings(view.face.nodes, layout.nodes, view.route_stops, sizes, variables=variables)]
    for index, (node, at) in enumerate(zip(view.face.nodes, layout.nodes, strict=True)):
        if node.kind == "city":
            slots = max(1, node.slots)
            spots.block(at, city_extent(slots, sizes.slot) + 1)
            parts.append(
                city(
                    at,
                    slots,
                    view.tokens.get(index, []),
                    view.reserved.get(index, []),
                    sizes.slot,
                    palette,
                    index,
                )
            )
        elif node.kind == "town":
            direction = drawtrack.town_direction(view.face, layout, index)
            spots.block(at, (sizes.town if direction is None else sizes.s * 0.19) + 1)
            parts.append(drawtrack.town(at, direction, sizes))
        else:
            spots.block(at, sizes.s * 0.12)
    return group(parts, cls="nodes")


def _revenues(view: HexView, layout: FaceLayout, sizes: style.Sizes, spots: Spots, *, strips: bool) -> str:
    """Revenue by phase (``strips``) or fixed revenue, once per different value."""
    seen: dict[str, int] = {}
    for index, node in enumerate(view.face.nodes):
        if node.revenue == 0 or node.revenue == {}:
            continue
        seen.setdefault(repr(node.revenue), index)
    parts = []
    for index in seen.values():
        revenue = view.face.nodes[index].revenue
        near = layout.nodes[index]
        if isinstance(revenue, dict) != strips:
            continue
        if isinstance(revenue, dict):
            width, height = strip_size(revenue, sizes)
            at = spots.take(height / 2, half_width=width / 2, kinds=("top",), grid=True, enough=1.0)
            parts.append(revenue_strip(at, revenue, sizes))
        else:
            kinds = ("corner", "edge", "top", "bottom", "centre", "rimcorner")
            clear, spot, at = spots.best(sizes.revenue, kinds=kinds, near=near)
            if clear < 0:  # crowded: anywhere on the hex clear of the slots and the track
                clear, spot, at = spots.best(sizes.revenue, kinds=kinds, near=near, grid=True, enough=1.0)
            spots.commit(spot, at, sizes.revenue)
            parts.append(revenue_circle(at, revenue, sizes))
    return group(parts, cls="revenues")


NAME_SCALES = (1.0, 0.92, 0.85)
"""How much a name may shrink to fit a crowded hex, at most: never below 0.85 of the
usual size (a name that still does not fit is wrapped, and written over the track on
its white halo)."""


def _name(name: str, sizes: style.Sizes, spots: Spots) -> str:
    """The location name, at the bottom or top if it fits there, on two lines or a
    little smaller if it must (never below :data:`NAME_SCALES`' last)."""
    choices: list[tuple[float, int, str, Point, float, list[str], float, float]] = []
    for scale in NAME_SCALES:
        for lines in ([name], name_lines(name, 8)) if " " in name else ([name],):
            size = sizes.font * scale
            half = max(text_width(x, size) for x in lines) / 2
            radius = size * 0.55 * len(lines)
            clear, spot, at = spots.best(radius, half_width=half, kinds=("rimbottom", "rimtop"), grid=True)
            choices.append((clear, -len(choices), spot, at, size, lines, half, radius))
            if clear >= 0:
                break
        if choices[-1][0] >= 0:
            break
    fitting = [c for c in choices if c[0] >= 0]
    clear, _, spot, at, size, lines, half, radius = fitting[0] if fitting else max(choices)
    spots.commit(spot, at, radius, half)
    y0 = at[1] - (len(lines) - 1) * size * 0.55
    return group(
        [
            text(
                at[0], y0 + k * size * 1.1, words, size=size, fill=style.TEXT, halo=style.HALO, weight="bold"
            )
            for k, words in enumerate(lines)
        ],
        cls="name",
    )
