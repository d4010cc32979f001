"""The map: every hex in place, hexside borders and coordinates around the edge.

:func:`title_views` says what each hex of a title shows before a game starts
(preprinted track, terrain, icons, main lines and the corporations' homes);
:func:`board_views` what it shows during a game (tiles in their rotation,
tokens, reserved homes, bonus markers). :func:`map_layers` draws either, and
:func:`render_map` makes the title's map a complete SVG document::

    from framework.title.loader import load_title
    svg = render_map(load_title("titles/18SJ"))

The map is drawn as 18xx.games draws it: ids and edges as in
:mod:`framework.base.grid`, pixel centres as in :mod:`framework.render.geometry`
(for 18SJ: pointy hexes, north pointing right).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from framework.base.grid import Grid, index_letters, opposite
from framework.board.board import Board
from framework.board.hexmap import HexMap
from framework.render import style
from framework.render.geometry import HexShape, MapGeometry
from framework.render.hexes import HexView, draw_hex
from framework.render.marks import Palette, text_width
from framework.render.svg import document, element, group, line, text, title, translate
from framework.title.map import MainlineMark
from framework.title.model import Title

DEFAULT_SIZE = 44.0
"""Hex size (centre to corner) of map pictures, in pixels."""


def home_reservations(title_: Title) -> dict[tuple[str, int], list[str]]:
    """The home city of every corporation and minor of the title."""
    out: dict[tuple[str, int], list[str]] = {}
    for sym, spec in {**title_.corporations, **title_.minors}.items():
        if spec.home is not None:
            out.setdefault((spec.home.hex, spec.home.first_city), []).append(sym)
    return out


def river_edges(hexmap: HexMap, hex_id: str) -> tuple[int, ...] | None:
    """The edges by which the river of a river hex (``river`` terrain) leaves: those
    towards other river hexes or water hexes; ``None`` when the hex has no river."""
    if "river" not in hexmap.hexes[hex_id].terrain:
        return None
    out = []
    for edge, other in enumerate(hexmap.neighbours[hex_id]):
        there = hexmap.hexes.get(other) if other else None
        if there is not None and ("river" in there.terrain or there.color == "blue"):
            out.append(edge)
    return tuple(out)


def mainline_names(hexmap: HexMap, shown: Iterable[str]) -> dict[str, tuple[str, str]]:
    """For every hex of ``shown`` on a main line: the line's name, and its short name to
    write on the band in one hex of each line (the middle one of the line's hexes that
    have no revenue centre), else ``""``."""
    lines = hexmap.title.map.mainlines
    by_line: dict[str, list[str]] = {}
    out: dict[str, tuple[str, str]] = {}
    for hex_id in shown:
        mark = hexmap.hexes[hex_id].mainline
        if mark is None:
            continue
        line_ = lines.get(mark.line)
        out[hex_id] = (f"{mark.line}: {line_.name}" if line_ else mark.line, "")
        if not hexmap.printed[hex_id].nodes:
            by_line.setdefault(mark.line, []).append(hex_id)
    for key, hexes in by_line.items():
        middle = hexes[len(hexes) // 2]
        out[middle] = (out[middle][0], key)
    return out


def _sides(mark: MainlineMark) -> tuple[int, int]:
    """The two sides a main line crosses in a hex (the model holds exactly two)."""
    first, second = mark.edges
    return (first, second)


def title_views(title_: Title, hexmap: HexMap | None = None, *, homes: bool = True) -> dict[str, HexView]:
    """What each hex shows before a game: its printed content and, with ``homes``,
    every corporation's home marked in its city."""
    hexmap = hexmap or HexMap(title_)
    reserved = home_reservations(title_) if homes else {}
    lines = mainline_names(hexmap, hexmap.hexes)
    views = {}
    for hex_id, hx in hexmap.hexes.items():
        line_name, line_label = lines.get(hex_id, ("", ""))
        views[hex_id] = HexView(
            mainline_name=line_name,
            mainline_label=line_label,
            hex_id=hex_id,
            color=hx.color,
            face=hexmap.printed[hex_id],
            name=hx.name,
            terrain=dict(hx.terrain),
            icons=hx.icon_names(),
            mainline=_sides(hx.mainline) if hx.mainline else None,
            reserved={i: owners for (h, i), owners in reserved.items() if h == hex_id},
            printed=hx.printed,
            river=river_edges(hexmap, hex_id),
            stubs=tuple(hx.stubs),
        )
    return views


def game_views(game: Any) -> dict[str, HexView]:
    """What each hex shows during a game: its board's, or the printed map's for a game
    without an 18xx board (a title whose own layer draws its track over the map)."""
    board = game.board if game.board is not None else Board(game.title, game.hexmap)
    return board_views(board, game.companies)


def board_views(board: Board, companies: dict[str, Any] | None = None) -> dict[str, HexView]:
    """What each hex shows on a board during a game; ``companies`` (the game's
    private companies) add their bonus tokens and markers."""
    tokens: dict[str, dict[int, list[str | None]]] = {}
    for (h, i), slots in board.tokens.items():
        tokens.setdefault(h, {})[i] = list(slots)
    held: dict[str, dict[int, list[str]]] = {}
    for (h, i), owners in board.reserved.items():
        held.setdefault(h, {})[i] = list(owners)
    markers = company_markers(board.title, companies or {})
    lines = mainline_names(board.hexmap, [h for h in board.hexmap.hexes if h not in board.placed])
    views = {}
    for hex_id, hx in board.hexmap.hexes.items():
        placed = board.placed.get(hex_id)
        face = board.face(hex_id)
        line_name, line_label = lines.get(hex_id, ("", ""))
        views[hex_id] = HexView(
            mainline_name=line_name,
            mainline_label=line_label,
            hex_id=hex_id,
            color=face.color if placed else hx.color,
            face=face,
            name=hx.name,
            tile=placed.name if placed else None,
            rotation=placed.rotation if placed else 0,
            terrain={} if placed else dict(hx.terrain),
            icons=board.icons(hex_id),
            mainline=_sides(hx.mainline) if hx.mainline and not placed else None,
            mainline_cube=bool(hx.mainline and placed and hex_id not in board.improved),
            tokens=tokens.get(hex_id, {}),
            reserved=held.get(hex_id, {}),
            markers=markers.get(hex_id, []),
            printed=hx.printed,
            river=None if placed else river_edges(board.hexmap, hex_id),
            stubs=() if placed else tuple(hx.stubs),
        )
    return views


def company_markers(title_: Title, companies: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """Bonus tokens and markers of private companies, by hex: text and tooltip."""
    out: dict[str, list[tuple[str, str]]] = {}
    for sym, company in companies.items():
        if getattr(company, "closed", False):
            continue
        name = title_.companies[sym].name if sym in title_.companies else sym
        for hex_id, amount in (getattr(company, "tokens", None) or {}).items():
            out.setdefault(hex_id, []).append((f"+{amount}", f"{name}: +{amount} for routes stopping here"))
        where = getattr(company, "marker", None)
        if where:
            out.setdefault(where, []).append((sym, f"{name}'s marker"))
    return out


def geometry_for(title_: Title, size: float = DEFAULT_SIZE, *, header: float = 0.0) -> MapGeometry:
    """Where the hexes of a title's map go, with room for coordinates (and a header)."""
    grid = Grid(title_.map.layout, title_.map.letters_are)
    pad = size * 0.9
    return MapGeometry.for_hexes(grid, title_.map.hexes, size, margin=(pad, pad + header, pad, pad))


DRAWN_LIMIT = 8192
"""Most hex pictures :func:`hex_layer` keeps (a position redrawn redraws only what changed)."""

_drawn: OrderedDict[tuple[object, ...], str] = OrderedDict()


def drawn_hex(view: HexView, shape: HexShape, palette: Palette, palette_key: tuple[object, ...]) -> str:
    """:func:`~framework.render.hexes.draw_hex`, remembered: a hex that looks as before
    (:meth:`HexView.key`) is not laid out again. ``palette_key`` says what the palette is."""
    key = (view.key(), view.printed, shape, palette_key)
    found = _drawn.get(key)
    if found is None:
        found = _drawn[key] = draw_hex(view, shape, palette)
        if len(_drawn) > DRAWN_LIMIT:
            _drawn.popitem(last=False)
    else:
        _drawn.move_to_end(key)
    return found


def hex_layer(views: Iterable[HexView], geometry: MapGeometry, palette: Palette) -> str:
    """Every hex, each in its own group ``<g class="hex" data-hex="G10">``."""
    parts = []
    palette_key = palette.key()
    for view in views:
        x, y = geometry.centre(view.hex_id)
        parts.append(
            group(
                [drawn_hex(view, geometry.shape, palette, palette_key)],
                cls="hex",
                id=f"hex-{view.hex_id}",
                data_hex=view.hex_id,
                transform=translate(x, y),
            )
        )
    return group(parts, cls="hexes")


def border_layer(hexmap: HexMap, geometry: MapGeometry) -> str:
    """Impassable sides as thick blue lines; mountain and water crossings with their cost."""
    s = geometry.size
    seen: set[frozenset[tuple[str, int]]] = set()
    lines, labels = [], []
    for hex_id, hx in hexmap.hexes.items():
        cx, cy = geometry.centre(hex_id)
        for border in hx.borders:
            other = hexmap.neighbours[hex_id][border.edge]
            pair = frozenset({(hex_id, border.edge), (other or "", opposite(border.edge))})
            if pair in seen:
                continue
            seen.add(pair)
            (ax, ay), (bx, by) = geometry.shape.edge_ends(border.edge)
            a, b = (cx + ax, cy + ay), (cx + bx, cy + by)
            where = f"{hex_id}/{other}" if other else hex_id
            if border.type == "impassable":
                lines.append(
                    group(
                        [
                            line(
                                a, b, stroke=style.IMPASSABLE, stroke_width=s * 0.14, stroke_linecap="round"
                            ),
                            title(f"impassable border {where}"),
                        ],
                        cls="border impassable",
                        data_hexes=where,
                    )
                )
                continue
            color = style.MOUNTAIN if border.type == "mountain" else style.WATER
            mx, my = geometry.shape.edge_mid(border.edge)
            lines.append(
                group(
                    [
                        line(
                            a,
                            b,
                            stroke=color,
                            stroke_width=s * 0.1,
                            stroke_dasharray=f"{s * 0.12:.1f},{s * 0.07:.1f}",
                        ),
                        title(f"{border.type} border {where}: {border.cost}"),
                    ],
                    cls=f"border {border.type}",
                    data_hexes=where,
                    data_cost=border.cost,
                )
            )
            x, y = cx + mx, cy + my
            labels.append(
                group(
                    [
                        element(
                            "circle", cx=x, cy=y, r=s * 0.17, fill="#fff", stroke=color, stroke_width=1.2
                        ),
                        text(x, y, str(border.cost), size=s * 0.17, fill=color, weight="bold"),
                    ],
                    cls="border-cost",
                )
            )
    return group(lines + labels, cls="borders")


def coordinate_layer(title_: Title, geometry: MapGeometry) -> str:
    """Row and column names around the map."""
    grid = geometry.grid
    xs = sorted({grid.xy(h)[0] for h in title_.map.hexes})
    ys = sorted({grid.xy(h)[1] for h in title_.map.hexes})
    s = geometry.size
    rows_letters = grid.letters == "rows"
    size = s * 0.26
    half_w = geometry.shape.apothem if grid.layout == "pointy" else s
    half_h = s if grid.layout == "pointy" else geometry.shape.apothem
    left = min(geometry.at(x, 0)[0] for x in xs) - half_w - s * 0.42
    right = max(geometry.at(x, 0)[0] for x in xs) + half_w + s * 0.42
    top = min(geometry.at(0, y)[1] for y in ys) - half_h - s * 0.4
    bottom = max(geometry.at(0, y)[1] for y in ys) + half_h + s * 0.4
    parts = []
    for y in ys:
        label = index_letters(y) if rows_letters else str(y + 1)
        py = geometry.at(0, y)[1]
        parts.append(text(left, py, label, size=size, fill="#444", weight="bold"))
        parts.append(text(right, py, label, size=size, fill="#444", weight="bold"))
    for x in xs:
        label = str(x + 1) if rows_letters else index_letters(x)
        px = geometry.at(x, 0)[0]
        parts.append(text(px, top, label, size=size, fill="#444", weight="bold"))
        parts.append(text(px, bottom, label, size=size, fill="#444", weight="bold"))
    return group(parts, cls="coordinates")


def map_layers(
    title_: Title,
    views: dict[str, HexView],
    geometry: MapGeometry,
    palette: Palette,
    hexmap: HexMap | None = None,
    overlays: Iterable[str] = (),
) -> str:
    """Hexes, borders, coordinates and any overlays (routes), as SVG without a document."""
    hexmap = hexmap or HexMap(title_)
    return "".join(
        [
            hex_layer(views.values(), geometry, palette),
            border_layer(hexmap, geometry),
            coordinate_layer(title_, geometry),
            *overlays,
        ]
    )


def heading_words(title_: Title) -> str:
    return title_.title.name + (f" — {title_.title.subtitle}" if title_.title.subtitle else "")


def heading(title_: Title, x: float, y: float, size: float) -> str:
    words = heading_words(title_)
    return text(x, y, words, size=size, anchor="start", fill="#222", weight="bold", cls="heading")


def render_map(title_: Title, *, size: float = DEFAULT_SIZE, homes: bool = True) -> str:
    """The title's map as an SVG document."""
    from framework.render.legend import map_legend

    header = size * 0.7
    geometry = geometry_for(title_, size, header=header)
    hexmap = HexMap(title_)
    palette = Palette.for_title(title_)
    views = title_views(title_, hexmap, homes=homes)
    body = heading(title_, size * 0.4, size * 0.55, size * 0.36)
    body += map_layers(title_, views, geometry, palette, hexmap)
    width = max(geometry.width, size * 0.8 + text_width(heading_words(title_), size * 0.36))
    font = size * 0.28
    key, used = map_legend(
        title_, views.values(), size * 0.5, geometry.height + font, width - size, font, palette
    )
    return document(width, geometry.height + (used + font * 1.5 if key else 0), body + key)
