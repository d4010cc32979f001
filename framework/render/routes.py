"""Routes drawn over the map.

A :class:`DrawnRoute` keeps what a picture needs of a route — the track paths
it follows, as SVG path data around each hex's centre, its stops and what it
earns — taken from the board *when the route ran*, so a route recorded earlier
in a game can be drawn over a later board.

Two sources of routes:

* :func:`best_routes_for` — the best routes of a corporation's trains now, from
  the route optimiser (:func:`framework.board.optimal.best_routes`);
* :func:`recorded_routes` — the routes a game file recorded in a ``run_routes``
  action, rebuilt on the board with :func:`framework.board.runroutes.route_from_json`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from framework.board.board import Board
from framework.board.routes import IllegalRoute, PathRef, Revenue, Route
from framework.board.runroutes import route_from_json
from framework.render import style
from framework.render.geometry import HexShape, MapGeometry
from framework.render.hexes import HexView, draw_stations
from framework.render.marks import Palette
from framework.render.svg import element, group, text, title, translate
from framework.render.track import FaceLayout


@dataclass(frozen=True)
class DrawnRoute:
    """One train's route, ready to draw."""

    owner: str
    train: str
    segments: tuple[tuple[str, str], ...]
    """``(hex, SVG path data around the hex's centre)`` for every track path walked."""
    stops: tuple[tuple[str, float, float], ...]
    """``(hex, x, y)`` of every stop, around the hex's centre."""
    revenue: int | None = None
    label: str = ""
    """The 18xx.games revenue text (stops and bonuses)."""
    paths: tuple[tuple[str, int], ...] = ()
    """``(hex, path index)`` of every track path walked, as :attr:`segments`."""
    nodes: tuple[tuple[str, int], ...] = ()
    """``(hex, revenue centre index)`` of every stop, as :attr:`stops`."""

    def describe(self) -> str:
        earned = f" = {self.revenue}" if self.revenue is not None else ""
        return f"{self.train}: {self.label or '-'.join(h for h, _, _ in self.stops)}{earned}"


def drawn(
    board: Board, shape: HexShape, owner: str, route: Route, earned: Revenue | None = None
) -> DrawnRoute:
    """A route as it lies on ``board`` now."""
    layouts: dict[str, FaceLayout] = {}

    def layout(hex_id: str) -> FaceLayout:
        if hex_id not in layouts:
            layouts[hex_id] = FaceLayout(shape, board.face(hex_id))
        return layouts[hex_id]

    segments = tuple((h, layout(h).paths[i].d) for chain in route.chains for h, i in chain)
    stops = tuple((h, *layout(h).nodes[i]) for h, i in route.stops)
    return DrawnRoute(
        owner,
        route.train,
        segments,
        stops,
        earned.total if earned else None,
        earned.text(route) if earned else "",
        tuple((h, i) for chain in route.chains for h, i in chain),
        tuple(route.stops),
    )


def recorded_routes(
    board: Board, shape: HexShape, owner: str, action: dict[str, Any], groups: Mapping[str, str] = {}
) -> list[DrawnRoute]:
    """The routes of a ``run_routes`` action, rebuilt on ``board`` (routes that no longer
    fit the board are left out); ``groups``: the trains' track groups, by train id (only
    routes of one group may not share track)."""
    out = []
    used_by: dict[str, set[PathRef]] = {}
    for data in action.get("routes") or []:
        used = used_by.setdefault(groups.get(str(data.get("train")), ""), set())
        try:
            route = route_from_json(board, owner, data, used)
        except IllegalRoute:
            continue
        used |= route.paths()
        out.append(
            replace(
                drawn(board, shape, owner, route),
                revenue=data.get("revenue"),
                label=str(data.get("revenue_str") or ""),
            )
        )
    return out


@dataclass(frozen=True)
class BestRoutes:
    routes: list[DrawnRoute]
    total: int
    proven: bool


def best_routes_for(game: Any, owner: str, shape: HexShape, *, time_limit: float = 20.0) -> BestRoutes:
    """The best routes of all of ``owner``'s trains in ``game`` now, from the route
    optimiser (:func:`framework.board.optimal.best_routes`)."""
    from framework.board.optimal import best_routes
    from framework.engine import operating, trains

    runners = [(t.id, operating.runner(game, t)) for t in trains.owned(game, owner)]
    optimum = best_routes(game.board, runners, time_limit=time_limit)
    routes = [
        drawn(game.board, shape, owner, route, earned)
        for route, earned in zip(optimum.routes, optimum.revenues, strict=True)
    ]
    return BestRoutes(routes, optimum.total, optimum.proven)


def colour_routes(
    routes: Sequence[DrawnRoute], views: Mapping[str, HexView], shape: HexShape
) -> tuple[dict[str, HexView], set[tuple[str, str]]]:
    """The hexes' views with the track each route uses recoloured in its train's colour
    (and its stops ringed), as 18xx.games draws routes, so the hexes' own drawing keeps
    the tokens on top; and the ``(hex, path data)`` recoloured so. A segment whose hex
    no longer has that track (a route recorded on an earlier board) is left out, for
    :func:`route_layer` to draw over the map."""
    colours: dict[str, dict[int, str]] = {}
    stops: dict[str, dict[int, str]] = {}
    done: set[tuple[str, str]] = set()
    layouts: dict[str, FaceLayout] = {}
    for k, route in enumerate(routes):
        color = style.ROUTE_COLORS[k % len(style.ROUTE_COLORS)]
        for (hex_id, index), (_, d) in zip(route.paths, route.segments, strict=False):
            if hex_id not in views:
                continue
            layout = layouts.setdefault(hex_id, FaceLayout(shape, views[hex_id].face))
            if index < len(layout.paths) and layout.paths[index].d == d:
                colours.setdefault(hex_id, {})[index] = color
                done.add((hex_id, d))
        for hex_id, node in route.nodes:
            if hex_id in views and node < len(views[hex_id].face.nodes):
                stops.setdefault(hex_id, {}).setdefault(node, color)
    out = dict(views)
    for hex_id in colours.keys() | stops.keys():
        out[hex_id] = replace(
            views[hex_id], route_paths=colours.get(hex_id, {}), route_stops=stops.get(hex_id, {})
        )
    return out, done


def route_layer(
    routes: Sequence[DrawnRoute],
    geometry: MapGeometry,
    views: Mapping[str, HexView] | None = None,
    palette: Palette | None = None,
    skip: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
) -> str:
    """The routes as 18xx.games draws them: the track each train uses recoloured in the
    train's colour (one colour per train), each stop ringed in it; then, given the hexes'
    ``views``, the cities and towns on the routes drawn again on top, so the station
    tokens stay whole and readable. Segments in ``skip`` (recoloured in their hexes by
    :func:`colour_routes`) are left out, and so are stops in hexes with no segment left."""
    s = geometry.size
    width = style.Sizes(s).track * 1.15
    parts = []
    for k, route in enumerate(routes):
        color = style.ROUTE_COLORS[k % len(style.ROUTE_COLORS)]
        lines = []
        left = {h for h, d in route.segments if (h, d) not in skip}
        for hex_id, dx, dy in route.stops:
            if hex_id not in left:
                continue
            x, y = geometry.centre(hex_id)
            lines.append(
                element(
                    "circle",
                    cx=x + dx,
                    cy=y + dy,
                    r=s * 0.3,
                    fill="none",
                    stroke=color,
                    stroke_width=s * 0.06,
                    cls="route-stop",
                )
            )
        for hex_id, d in route.segments:
            if (hex_id, d) in skip:
                continue
            x, y = geometry.centre(hex_id)
            lines.append(
                element(
                    "path",
                    d=d,
                    transform=translate(x, y),
                    fill="none",
                    stroke=color,
                    stroke_width=width,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                    cls="route-track",
                )
            )
        parts.append(
            group([*lines, title(f"{route.owner} {route.describe()}")], cls="route", data_train=route.train)
        )
    if views is not None:
        touched = dict.fromkeys(h for route in routes for h, d in route.segments if (h, d) not in skip)
        stations = []
        for hex_id in touched:
            if hex_id not in views:
                continue
            x, y = geometry.centre(hex_id)
            drawn = draw_stations(views[hex_id], geometry.shape, palette or Palette())
            stations.append(group([drawn], transform=translate(x, y), data_hex=hex_id))
        parts.append(group(stations, cls="route-stations"))
    return group(parts, cls="routes")


def route_legend(
    routes: Sequence[DrawnRoute], x: float, y: float, size: float, heading: str
) -> tuple[str, float]:
    """A key to the routes: heading, then one line per train in its colour; returns the
    SVG and the height used."""
    parts = [text(x, y, heading, size=size * 1.1, anchor="start", fill="#222", weight="bold")]
    for k, route in enumerate(routes):
        color = style.ROUTE_COLORS[k % len(style.ROUTE_COLORS)]
        ly = y + (k + 1) * size * 1.5
        parts.append(element("rect", x=x, y=ly - size * 0.4, width=size * 1.6, height=size * 0.8, fill=color))
        parts.append(text(x + size * 2.1, ly, route.describe(), size=size, anchor="start", fill="#222"))
    if not routes:
        parts.append(text(x, y + size * 1.5, "no routes", size=size, anchor="start", fill="#222"))
    return group(parts, cls="route-legend"), (max(1, len(routes)) + 1) * size * 1.5
