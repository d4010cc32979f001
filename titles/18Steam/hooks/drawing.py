"""The goods layer drawn: Age of Steam track, links, cities and cubes, and each
operator's income, locomotive and expenses — 18Steam's pictures, which the framework
asks its layer for (:class:`framework.title.layer.Layer`):

* :func:`hex_pictures` ``(game, shape) -> {hex: svg}`` — what the layer adds to each
  hex, around the hex's centre: track in its owner's colour (unowned track white,
  incomplete track dashed with a ring where it ends), the colour of every
  city, new cities with their letter, towns with track, and the goods cubes on
  each city as coloured squares;
* :func:`moved_goods` ``(game, shape, action) -> [DrawnRoute]`` — the way a
  ``move_goods`` action carried its cube (the viewer draws it as routes are drawn);
* :func:`panels` ``(game) -> [Panel]`` — the numbers of each corporation's panel, and
  :func:`panel_table` the same as the viewer's table;
* :func:`panels_svg` ``(game, x, y, width, font) -> (svg, height)`` — the panels drawn
  as cards, for a position picture, and under them the goods display (the growth
  chart) and the bag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from framework.api import (
    DrawnRoute,
    HexShape,
    Palette,
    PathShape,
    edge_path,
    line_path,
    style,
    svg,
    text_width,
)

from .state import INCOME, INCOME_START, LOCOMOTIVE

TOWN = "T"
"""A segment end at the town of its hex (the goods layer's name for it)."""

CUBE_COLORS = {
    "red": "#e02424",
    "blue": "#2b63d9",
    "purple": "#8d3fb8",
    "yellow": "#f6d21c",
    "black": "#1e1e1e",
    "white": "#f4f4f4",
    "green": "#2f9a3a",
    "orange": "#f28c1b",
}
"""Fill of a goods cube (and of a city) by its goods colour."""
UNOWNED = "#ffffff"
"""Track nobody owns."""
CASING = "#111111"


def cube_fill(color: str) -> str:
    return CUBE_COLORS.get(color, color)


def ink_on(fill: str) -> str:
    return "#000" if style.luminance(fill) > 0.6 else "#fff"


# -- the map -----------------------------------------------------------------------


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


def hex_pictures(game: Any, shape: HexShape) -> dict[str, str]:
    """What the goods layer draws on each hex (only hexes where it draws anything),
    as SVG around the hex's centre."""
    goods = game.layer_state
    palette = Palette.for_title(game.title)
    s = shape.size
    width = s * 0.11
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
    out: dict[str, list[str]] = {}
    for hex_id, placed in sorted(goods.placed.items()):
        parts = []
        for index, seg in enumerate(placed.segments):
            route = status.get((hex_id, index))
            complete = route is not None and route.is_link
            fill = palette.token(seg.owner)[0] if seg.owner else UNOWNED
            d = _segment_shape(shape, seg.ends).d
            owner = seg.owner or "nobody"
            what = "link" if complete else "incomplete track"
            pieces = [
                svg.element("path", d=d, fill="none", stroke=CASING, stroke_width=width * 1.7),
                svg.element("path", d=d, fill="none", stroke=fill, stroke_width=width),
            ]
            if not complete:
                pieces[1] = svg.element("path", d=d, fill="none", stroke="#ffffff", stroke_width=width)
                pieces.append(
                    svg.element(
                        "path",
                        d=d,
                        fill="none",
                        stroke=fill if seg.owner else CASING,
                        stroke_width=width if seg.owner else width * 0.4,
                        stroke_dasharray=f"{svg.num(width * 1.3)},{svg.num(width * 0.8)}",
                    )
                )
            tip = f"{owner}'s {what}" + (f" {route.start.hex}–{route.end.hex}" if complete else "")
            pieces.append(svg.title(tip))
            parts.append(
                svg.group(
                    pieces,
                    cls="goods-track" + ("" if complete else " incomplete"),
                    data_owner=seg.owner or "",
                    data_color=fill,
                    data_hex=hex_id,
                )
            )
        if any(TOWN in seg.ends for seg in placed.segments) or placed.disc:
            parts.append(
                svg.element(
                    "circle",
                    cx=0,
                    cy=0,
                    r=s * 0.11,
                    fill="#000",
                    stroke="#fff",
                    stroke_width=1.5,
                    cls="goods-town" + (" disc" if placed.disc else ""),
                )
            )
        out[hex_id] = parts
    for hex_id, ends in loose.items():
        for edge, owner in ends:
            x, y = shape.edge_mid(edge, 0.86)
            fill = palette.token(owner)[0] if owner else UNOWNED
            out.setdefault(hex_id, []).append(
                svg.group(
                    [
                        svg.element(
                            "circle", cx=x, cy=y, r=s * 0.1, fill="#fff", stroke=CASING, stroke_width=s * 0.04
                        ),
                        svg.element(
                            "circle", cx=x, cy=y, r=s * 0.045, fill=fill, stroke=CASING, stroke_width=0.8
                        ),
                        svg.title(f"loose end of {owner or 'unowned'} incomplete track"),
                    ],
                    cls="track-end",
                    data_hex=hex_id,
                    data_edge=edge,
                )
            )
    for hex_id in sorted({*goods.cubes, *goods.new_cities, *game.title.layer.cities}):
        color = _city_color(game, hex_id)
        if color is None:
            continue
        out.setdefault(hex_id, []).append(_city(game, hex_id, color, goods.cubes.get(hex_id, []), shape))
    return {h: "".join(p) for h, p in out.items()}


def _city(game: Any, hex_id: str, color: str, cubes: list[str], shape: HexShape) -> str:
    s = shape.size
    fill = cube_fill(color)
    letter = game.layer_state.new_cities.get(hex_id)
    name = game.title.map.hexes[hex_id].name or ""
    parts = [
        svg.polygon(shape.corners(0.955), fill="none", stroke=fill, stroke_width=s * 0.06, cls="city-rim"),
        svg.element(
            "circle", cx=0, cy=0, r=s * 0.25, fill=fill, stroke=CASING, stroke_width=1.5, cls="goods-city"
        ),
    ]
    if letter:
        parts.append(
            svg.text(0, 0, letter, size=s * 0.28, fill=ink_on(fill), weight="bold", cls="new-city-letter")
        )
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
            svg.element(
                "rect",
                x=x,
                y=y,
                width=cube,
                height=cube,
                fill=cube_fill(c),
                stroke="#000",
                stroke_width=0.9,
                rx=cube * 0.12,
                cls="cube",
                data_color=c,
            )
        )
    if len(shown) < len(cubes):
        parts.append(
            svg.text(
                (per_row * cube + (per_row - 1) * gap) / 2 - cube / 2,
                -s * 0.68 + (cube + gap) + cube / 2,
                f"+{len(cubes) - len(shown)}",
                size=cube * 0.9,
                fill="#000",
                weight="bold",
                halo="#fff",
            )
        )
    kind = f"new city {letter}" if letter else "city"
    tip = f"{name + ' — ' if name else ''}{color} {kind}; cubes: {', '.join(cubes) or 'none'}"
    parts.append(svg.title(tip))
    return svg.group(
        parts,
        cls="goods-city-group" + (" new-city" if letter else ""),
        data_hex=hex_id,
        data_color=color,
        data_cubes=",".join(cubes),
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


# -- the panels --------------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    """One corporation's numbers on the goods layer."""

    sym: str
    name: str
    color: str
    ink: str
    operating: bool
    """It operates this turn (it is in the turn order)."""
    income: int
    income_start: int
    """Where the income marker stood when this turn's earnings started."""
    locomotive: int
    locomotive_max: int
    expenses: int
    """What the locomotive costs each turn."""
    links: int
    """Complete links it owns."""
    cash: int
    price: int | None
    president: str

    def row(self) -> list[Any]:
        """As one row of plain data (for the viewer)."""
        return [
            self.operating,
            self.income,
            self.income_start,
            self.locomotive,
            self.expenses,
            self.links,
            self.cash,
            self.price,
            self.president,
        ]


def panels(game: Any) -> list[Panel]:
    """Every open corporation's panel, the operators first in turn order."""
    spec = game.title.layer
    per_loco = getattr(spec, "expenses_per_locomotive", 1)
    top = max(getattr(spec, "locomotive", (1, 6)))
    links: dict[str, int] = {}
    for route in game.layer_state.track(game).links():
        if route.owner:
            links[route.owner] = links.get(route.owner, 0) + 1
    order = list(game.layer_state.order)
    syms = order + [s for s in game.corporations if s not in order]
    out = []
    for sym in syms:
        corp = game.corporations[sym]
        if corp.closed:
            continue
        c = corp.counters
        spec_c = game.title.corporations[sym]
        president = corp.president()
        out.append(
            Panel(
                sym=sym,
                name=spec_c.name,
                color=spec_c.color,
                ink=spec_c.text_color,
                operating=sym in order,
                income=c.get(INCOME, 0),
                income_start=c.get(INCOME_START, 0),
                locomotive=c.get(LOCOMOTIVE, 0),
                locomotive_max=top,
                expenses=c.get(LOCOMOTIVE, 0) * per_loco,
                links=links.get(sym, 0),
                cash=corp.cash,
                price=game.market.price(sym) if sym in game.market.positions else None,
                president=game.name(president) if president in game.players_by_id else "",
            )
        )
    return out


PANEL_COLUMNS = ["price", "treasury", "income", "locomotive", "expenses", "links", "president"]
"""The viewer's table of the goods layer."""


def panel_table(game: Any) -> tuple[list[str], dict[str, list[Any]]]:
    """The panels as the viewer's table: :data:`PANEL_COLUMNS`, a row per corporation."""
    money = game.title.title.money
    rows = {}
    for p in panels(game):
        president = p.president + ("" if p.operating else " (not operating)")
        price = "—" if p.price is None else p.price
        rows[p.sym] = [price, money(p.cash), p.income, p.locomotive, money(p.expenses), p.links, president]
    return PANEL_COLUMNS, rows


def panel_lines(panel: Panel, money: Any) -> list[str]:
    """The lines of a panel's card."""
    if not panel.operating and panel.price is None:
        return ["not started"]
    gained = panel.income - panel.income_start
    return [
        f"income {panel.income}" + (f" (+{gained} this turn)" if gained > 0 else ""),
        f"locomotive {panel.locomotive}",
        f"expenses {money(panel.expenses)} · links {panel.links}",
        f"treasury {money(panel.cash)} · "
        + (f"price {panel.price}" if panel.price is not None else "no price")
        + (f" · {panel.president}" if panel.president else ""),
    ]


def panels_svg(game: Any, x: float, y: float, width: float, font: float) -> tuple[str, float]:
    """The corporations' panels as cards in rows from ``(x, y)``, at most ``width`` wide;
    returns the SVG and the height used."""
    money = game.title.title.money
    cards = panels(game)
    gap = font * 0.6
    per_row = max(1, min(len(cards), int((width + gap) // (font * 16 + gap))))
    card_w = min(font * 24, (width + gap) / per_row - gap)
    line_h = font * 1.35
    card_h = font * 1.8 + 4 * line_h + font * 0.5
    parts = [svg.text(x, y, "Corporations", size=font * 1.1, anchor="start", fill="#222", weight="bold")]
    top = y + font * 1.0
    for k, panel in enumerate(cards):
        row, col = divmod(k, per_row)
        cx = x + col * (card_w + gap)
        cy = top + row * (card_h + gap)
        body = [
            svg.element(
                "rect",
                x=cx,
                y=cy,
                width=card_w,
                height=card_h,
                rx=font * 0.4,
                fill="#fff" if panel.operating else "#f1f1f1",
                stroke=panel.color,
                stroke_width=2,
            ),
            svg.element("rect", x=cx, y=cy, width=card_w, height=font * 1.6, rx=font * 0.4, fill=panel.color),
            svg.text(
                cx + font * 0.5,
                cy + font * 0.8,
                panel.sym,
                size=font,
                anchor="start",
                fill=panel.ink,
                weight="bold",
            ),
            svg.text(
                cx + card_w - font * 0.5,
                cy + font * 0.8,
                panel.name if panel.operating else f"{panel.name} (not operating)",
                size=font * 0.8,
                anchor="end",
                fill=panel.ink,
            ),
        ]
        for i, words in enumerate(panel_lines(panel, money)):
            body.append(
                svg.text(
                    cx + font * 0.5,
                    cy + font * 1.6 + font * 0.55 + (i + 0.5) * line_h,
                    words,
                    size=font * 0.92,
                    anchor="start",
                    fill="#222",
                    cls="panel-line",
                )
            )
        if panel.operating or panel.price is not None:
            left = cx + font * 0.5 + text_width(f"locomotive {panel.locomotive}", font * 0.92) + font * 0.7
            body.append(_locomotive_gauge(panel, left, cy + font * 2.15 + 1.5 * line_h, font))
        parts.append(
            svg.group(
                body,
                cls="goods-panel corporation",
                data_corp=panel.sym,
                data_income=panel.income,
                data_locomotive=panel.locomotive,
                data_expenses=panel.expenses,
                data_links=panel.links,
                data_cash=panel.cash,
            )
        )
    rows = (len(cards) + per_row - 1) // per_row
    used = font * 1.0 + rows * (card_h + gap)
    chart, height = _display_svg(game, x, y + used + font * 0.6, font)
    parts.append(chart)
    return "".join(parts), used + font * 0.6 + height


def _display_svg(game: Any, x: float, y: float, font: float) -> tuple[str, float]:
    """The goods display (the growth chart): a column per city (its hex; a new city by its
    letter, ``*`` once placed) in die order within each group, its slots filled with the
    cubes waiting there; and how many cubes the bag holds."""
    spec = game.title.layer
    display = game.layer_state.display
    cube = font * 0.9
    col_w = font * 2.6
    parts = [svg.text(x, y, "Goods display", size=font * 1.1, anchor="start", fill="#222", weight="bold")]
    top = y + font * 1.1
    cx = x
    for group_name in spec.growth.groups:
        dice = []
        for die in range(1, 7):
            columns = [h for h, c in spec.cities.items() if (c.group, c.die) == (group_name, die)]
            columns += [k for k, c in spec.new_cities.items() if (c.group, c.die) == (group_name, die)]
            dice.append((die, [c for c in columns if c in display]))
        start = cx
        for die, columns in dice:
            if not columns:
                continue
            parts.append(
                svg.text(
                    cx + col_w * len(columns) / 2, top + font * 1.2, str(die), size=font * 0.9, fill="#444"
                )
            )
            for column in columns:
                letter = column in spec.new_cities
                placed = [h for h, k in game.layer_state.new_cities.items() if k == column]
                label = f"{column}*" if placed else column
                name = column if letter else game.title.map.hexes[column].name or column
                tip = f"new city {column}" + (f" (in {placed[0]})" if placed else "") if letter else name
                parts.append(
                    svg.group(
                        [
                            svg.text(cx + col_w / 2, top + font * 2.3, label, size=font * 0.7, fill="#222"),
                            svg.title(tip),
                        ],
                        cls="column",
                        data_column=column,
                    )
                )
                for k, color in enumerate(display[column]):
                    parts.append(
                        svg.element(
                            "rect",
                            x=cx + (col_w - cube) / 2,
                            y=top + font * 3.0 + k * (cube + font * 0.25),
                            width=cube,
                            height=cube,
                            rx=cube * 0.12,
                            fill=cube_fill(color) if color else "#fff",
                            stroke="#000" if color else "#aaa",
                            stroke_width=0.9,
                            stroke_dasharray=None if color else "2,2",
                            cls="display-cube" if color else "display-slot",
                            data_color=color or "",
                        )
                    )
                cx += col_w
        parts.append(
            svg.text(
                (start + cx) / 2, top + font * 0.2, group_name, size=font * 0.9, fill="#222", weight="bold"
            )
        )
        parts.append(
            svg.element("line", x1=start, y1=top + font * 0.75, x2=cx, y2=top + font * 0.75, stroke="#888")
        )
        cx += col_w * 0.5
    slots = max((len(v) for v in display.values()), default=0)
    height = font * 3.0 + slots * (cube + font * 0.25) + font * 1.6
    bag = sum(game.layer_state.bag.values())
    parts.append(
        svg.text(
            x,
            top + height - font * 0.6,
            f"bag: {bag} cube{'s' if bag != 1 else ''}",
            size=font,
            anchor="start",
            fill="#222",
            cls="bag",
        )
    )
    return svg.group(parts, cls="goods-display"), font * 1.5 + height


def _locomotive_gauge(panel: Panel, left: float, y: float, font: float) -> str:
    """A pip per locomotive level from ``left`` on the card's locomotive line, its level filled."""
    r = font * 0.22
    parts = []
    for k in range(panel.locomotive_max):
        px = left + k * r * 2.6
        filled = k < panel.locomotive
        parts.append(
            svg.element(
                "circle",
                cx=px,
                cy=y,
                r=r,
                fill=panel.color if filled else "#fff",
                stroke="#333",
                stroke_width=1,
            )
        )
    parts.append(svg.title(f"locomotive {panel.locomotive}"))
    return svg.group(parts, cls="locomotive-gauge")
