"""The goods layer drawn: Age of Steam track, links, cities and cubes on the map —
18Steam's drawing part (``hooks.layer.drawing``, :class:`GoodsDrawing`), returning
shapes the framework turns into SVG:

* :func:`hex_pictures` ``(game, shape) -> {hex: [Shape]}`` — what the layer adds to
  each hex, around the hex's centre: track in its owner's colour (unowned track white,
  incomplete track dashed with a ring where it ends), the colour of every city, new
  cities with their letter, towns with track, and the goods cubes on each city as
  coloured squares;
* :func:`moved_goods` ``(game, shape, action) -> [DrawnRoute]`` — the way a
  ``move_goods`` action carried its cube (the viewer draws it as routes are drawn);
* the panels under a position picture and the viewer's table: ``panels.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from framework.api import (
    Circle,
    DrawnRoute,
    Group,
    HexShape,
    Label,
    LayerDrawing,
    Palette,
    PanelTable,
    PathShape,
    Polygon,
    Rect,
    Shape,
    Stroke,
    edge_path,
    line_path,
)

from .panels import CASING, cube_fill, ink_on, panel_table, panels_shapes

TOWN = "T"
"""A segment end at the town of its hex (the goods layer's name for it)."""

UNOWNED = "#ffffff"
"""Track nobody owns."""


def _segment_shape(shape: HexShape, ends: tuple[Any, Any]) -> PathShape:
    a, b = ends
    if isinstance(a, int) and isinstance(b, int):
        return edge_path(shape, a, b)
    edge = a if isinstance(a, int) else b
    return line_path(shape.edge_mid(edge), (0.0, 0.0))


def _city_color(game: Any, hex_id: str) -> str | None:
    spec = game.title.layer
    letter = game.layer_state.new_cities.get(hex_id)
    if letter is not None:
        return spec.new_cities[letter].color
    city = spec.cities.get(hex_id)
    return city.color if city is not None else None


def hex_pictures(game: Any, shape: HexShape) -> dict[str, list[Shape]]:
    """What the goods layer draws on each hex (only hexes where it draws anything),
    as shapes around the hex's centre."""
    goods = game.layer_state
    palette = Palette.for_title(game.title)
    s = shape.size
    track = goods.track(game)
    status: dict[tuple[str, int], Any] = {}
    loose: dict[str, list[tuple[int, str | None]]] = {}
    for route in track.routes():
        for ref in route.segments:
            status[ref] = route
        if not route.is_link:
            for stop in (route.start, route.end):
                if stop.kind == "loose" and stop.edge is not None:
                    loose.setdefault(stop.hex, []).append((stop.edge, route.owner))
    out: dict[str, list[Shape]] = {}
    for hex_id, placed in sorted(goods.placed.items()):
        parts: list[Shape] = [
            _segment(hex_id, seg, status.get((hex_id, index)), palette, shape)
            for index, seg in enumerate(placed.segments)
        ]
        if any(TOWN in seg.ends for seg in placed.segments) or placed.disc:
            town = "goods-town" + (" disc" if placed.disc else "")
            parts.append(Circle(0, 0, s * 0.11, fill="#000", stroke="#fff", stroke_width=1.5, cls=town))
        out[hex_id] = parts
    for hex_id, ends in loose.items():
        for edge, owner in ends:
            out.setdefault(hex_id, []).append(_loose_end(hex_id, edge, owner, palette, shape))
    for hex_id in sorted({*goods.cubes, *goods.new_cities, *game.title.layer.cities}):
        color = _city_color(game, hex_id)
        if color is None:
            continue
        out.setdefault(hex_id, []).append(_city(game, hex_id, color, goods.cubes.get(hex_id, []), shape))
    return out


def _segment(hex_id: str, seg: Any, route: Any, palette: Palette, shape: HexShape) -> Group:
    """One track segment: a link in its owner's colour, incomplete track dashed."""
    width = shape.size * 0.11
    complete = route is not None and route.is_link
    fill = palette.token(seg.owner)[0] if seg.owner else UNOWNED
    d = _segment_shape(shape, seg.ends).d
    what = "link" if complete else "incomplete track"
    pieces: list[Shape] = [Stroke(d, CASING, width * 1.7)]
    if complete:
        pieces.append(Stroke(d, fill, width))
    else:
        pieces.append(Stroke(d, "#ffffff", width))
        dash = (width * 1.3, width * 0.8)
        pieces.append(Stroke(d, fill, width, dash) if seg.owner else Stroke(d, CASING, width * 0.4, dash))
    tip = f"{seg.owner or 'nobody'}'s {what}" + (f" {route.start.hex}–{route.end.hex}" if complete else "")
    return Group(
        tuple(pieces),
        cls="goods-track" + ("" if complete else " incomplete"),
        data={"owner": seg.owner or "", "color": fill, "hex": hex_id},
        tip=tip,
    )


def _loose_end(hex_id: str, edge: int, owner: str | None, palette: Palette, shape: HexShape) -> Group:
    """The ring where incomplete track ends, at the edge it runs off."""
    s = shape.size
    x, y = shape.edge_mid(edge, 0.86)
    fill = palette.token(owner)[0] if owner else UNOWNED
    return Group(
        (
            Circle(x, y, s * 0.1, fill="#fff", stroke=CASING, stroke_width=s * 0.04),
            Circle(x, y, s * 0.045, fill=fill, stroke=CASING, stroke_width=0.8),
        ),
        cls="track-end",
        data={"hex": hex_id, "edge": edge},
        tip=f"loose end of {owner or 'unowned'} incomplete track",
    )


def _city(game: Any, hex_id: str, color: str, cubes: list[str], shape: HexShape) -> Group:
    s = shape.size
    fill = cube_fill(color)
    letter = game.layer_state.new_cities.get(hex_id)
    name = game.title.map.hexes[hex_id].name or ""
    parts: list[Shape] = [
        Polygon(tuple(shape.corners(0.955)), fill="none", stroke=fill, stroke_width=s * 0.06, cls="city-rim"),
        Circle(0, 0, s * 0.25, fill=fill, stroke=CASING, stroke_width=1.5, cls="goods-city"),
    ]
    if letter:
        parts.append(Label(0, 0, letter, s * 0.28, fill=ink_on(fill), weight="bold", cls="new-city-letter"))
    cube = s * 0.15
    gap = s * 0.035
    per_row = 4
    shown = cubes if len(cubes) <= 2 * per_row else cubes[: 2 * per_row - 1]
    for k, c in enumerate(shown):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        x0 = -(in_row * cube + (in_row - 1) * gap) / 2
        x = x0 + col * (cube + gap)
        y = -s * 0.68 + row * (cube + gap)
        parts.append(
            Rect(
                x,
                y,
                cube,
                cube,
                fill=cube_fill(c),
                rx=cube * 0.12,
                stroke="#000",
                stroke_width=0.9,
                cls="cube",
                data={"color": c},
            )
        )
    if len(shown) < len(cubes):
        parts.append(
            Label(
                (per_row * cube + (per_row - 1) * gap) / 2 - cube / 2,
                -s * 0.68 + (cube + gap) + cube / 2,
                f"+{len(cubes) - len(shown)}",
                cube * 0.9,
                fill="#000",
                weight="bold",
                halo="#fff",
            )
        )
    kind = f"new city {letter}" if letter else "city"
    return Group(
        tuple(parts),
        cls="goods-city-group" + (" new-city" if letter else ""),
        data={"hex": hex_id, "color": color, "cubes": ",".join(cubes)},
        tip=f"{name + ' — ' if name else ''}{color} {kind}; cubes: {', '.join(cubes) or 'none'}",
    )


def moved_goods(game: Any, shape: HexShape, action: dict[str, Any]) -> list[DrawnRoute]:
    """The way a ``move_goods`` action carried its cube, as a route to draw over the
    map: the track of every link it used, and its stops (on the position after it)."""
    track = game.layer_state.track(game)
    segments = []
    for ident in action.get("links") or []:
        hex_id, _, index = str(ident).partition(":")
        if hex_id not in track.placed or not index.isdigit():
            continue
        for h, i in track.route(hex_id, int(index)).segments:
            segments.append((h, _segment_shape(shape, track.placed[h].segments[i].ends).d))
    stops = tuple((str(h), 0.0, 0.0) for h in action.get("stops") or [])
    color = str(action.get("color", "?"))
    return [
        DrawnRoute(
            str(action.get("entity")),
            f"{color} good",
            tuple(segments),
            stops,
            label="-".join(h for h, _, _ in stops),
        )
    ]


class GoodsDrawing(LayerDrawing):
    """The goods layer in ``18xx render`` and ``18xx view``: its track, cities and cubes
    over the map, the corporations' panels and the goods display under it."""

    @staticmethod
    def hex_pictures(game: Any, shape: HexShape) -> dict[str, Sequence[Shape]]:
        return hex_pictures(game, shape)

    @staticmethod
    def panels(game: Any, x: float, y: float, width: float, font: float) -> tuple[Sequence[Shape], float]:
        return panels_shapes(game, x, y, width, font)

    @staticmethod
    def panel_table(game: Any) -> PanelTable:
        return panel_table(game)

    @staticmethod
    def action_routes(game: Any, shape: HexShape, action: dict[str, Any]) -> list[DrawnRoute]:
        return moved_goods(game, shape, action) if action.get("type") == "move_goods" else []
