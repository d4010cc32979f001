"""The goods layer's numbers drawn: each operator's income, locomotive and expenses as
a card under the map of a position picture, the goods display (the growth chart) and
the bag under them, and the same numbers as the viewer's table — returned as shapes
for :class:`GoodsDrawing <.drawing.GoodsDrawing>`:

* :func:`panels` ``(game) -> [Panel]`` — the numbers of each corporation's panel, and
  :func:`panel_table` the same as the viewer's table;
* :func:`panels_shapes` ``(game, x, y, width, font) -> ([Shape], height)`` — the panels
  drawn as cards, and under them the goods display and the bag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from framework.api import Circle, Group, Label, Line, PanelTable, Rect, Shape, style, text_width

from .state import INCOME, INCOME_START, LOCOMOTIVE

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
CASING = "#111111"
"""The dark edge of track and cities."""


def cube_fill(color: str) -> str:
    """The fill of a goods cube of ``color``."""
    return CUBE_COLORS.get(color, color)


def ink_on(fill: str) -> str:
    """Text colour readable on ``fill``."""
    return "#000" if style.luminance(fill) > 0.6 else "#fff"


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


def panel_table(game: Any) -> PanelTable:
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


def panels_shapes(game: Any, x: float, y: float, width: float, font: float) -> tuple[list[Shape], float]:
    """The corporations' panels as cards in rows from ``(x, y)``, at most ``width`` wide,
    and under them the goods display; returns the shapes and the height used."""
    money = game.title.title.money
    cards = panels(game)
    gap = font * 0.6
    per_row = max(1, min(len(cards), int((width + gap) // (font * 16 + gap))))
    card_w = min(font * 24, (width + gap) / per_row - gap)
    line_h = font * 1.35
    card_h = font * 1.8 + 4 * line_h + font * 0.5
    parts: list[Shape] = [Label(x, y, "Corporations", font * 1.1, anchor="start", fill="#222", weight="bold")]
    top = y + font * 1.0
    for k, panel in enumerate(cards):
        row, col = divmod(k, per_row)
        cx = x + col * (card_w + gap)
        cy = top + row * (card_h + gap)
        parts.append(_card(panel, cx, cy, card_w, card_h, font, money))
    rows = (len(cards) + per_row - 1) // per_row
    used = font * 1.0 + rows * (card_h + gap)
    chart, height = _display(game, x, y + used + font * 0.6, font)
    parts.append(chart)
    return parts, used + font * 0.6 + height


def _card(panel: Panel, cx: float, cy: float, card_w: float, card_h: float, font: float, money: Any) -> Group:
    """One corporation's card, from ``(cx, cy)``."""
    line_h = font * 1.35
    fill = "#fff" if panel.operating else "#f1f1f1"
    name = panel.name if panel.operating else f"{panel.name} (not operating)"
    body: list[Shape] = [
        Rect(cx, cy, card_w, card_h, fill=fill, rx=font * 0.4, stroke=panel.color, stroke_width=2),
        Rect(cx, cy, card_w, font * 1.6, fill=panel.color, rx=font * 0.4),
        Label(
            cx + font * 0.5, cy + font * 0.8, panel.sym, font, anchor="start", fill=panel.ink, weight="bold"
        ),
        Label(cx + card_w - font * 0.5, cy + font * 0.8, name, font * 0.8, anchor="end", fill=panel.ink),
    ]
    for i, words in enumerate(panel_lines(panel, money)):
        ly = cy + font * 1.6 + font * 0.55 + (i + 0.5) * line_h
        body.append(
            Label(cx + font * 0.5, ly, words, font * 0.92, anchor="start", fill="#222", cls="panel-line")
        )
    if panel.operating or panel.price is not None:
        left = cx + font * 0.5 + text_width(f"locomotive {panel.locomotive}", font * 0.92) + font * 0.7
        body.append(_locomotive_gauge(panel, left, cy + font * 2.15 + 1.5 * line_h, font))
    numbers = {
        "corp": panel.sym,
        "income": panel.income,
        "locomotive": panel.locomotive,
        "expenses": panel.expenses,
        "links": panel.links,
        "cash": panel.cash,
    }
    return Group(tuple(body), cls="goods-panel corporation", data=numbers)


def _display(game: Any, x: float, y: float, font: float) -> tuple[Group, float]:
    """The goods display (the growth chart): a column per city (its hex; a new city by its
    letter, ``*`` once placed) in die order within each group, its slots filled with the
    cubes waiting there; and how many cubes the bag holds."""
    spec = game.title.layer
    display = game.layer_state.display
    cube = font * 0.9
    col_w = font * 2.6
    parts: list[Shape] = [
        Label(x, y, "Goods display", font * 1.1, anchor="start", fill="#222", weight="bold")
    ]
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
                Label(cx + col_w * len(columns) / 2, top + font * 1.2, str(die), font * 0.9, fill="#444")
            )
            for column in columns:
                parts.append(_column(game, column, cx, top, col_w, font))
                for k, color in enumerate(display[column]):
                    parts.append(
                        Rect(
                            cx + (col_w - cube) / 2,
                            top + font * 3.0 + k * (cube + font * 0.25),
                            cube,
                            cube,
                            fill=cube_fill(color) if color else "#fff",
                            rx=cube * 0.12,
                            stroke="#000" if color else "#aaa",
                            stroke_width=0.9,
                            dash=None if color else "2,2",
                            cls="display-cube" if color else "display-slot",
                            data={"color": color or ""},
                        )
                    )
                cx += col_w
        parts.append(
            Label((start + cx) / 2, top + font * 0.2, group_name, font * 0.9, fill="#222", weight="bold")
        )
        parts.append(Line((start, top + font * 0.75), (cx, top + font * 0.75), stroke="#888"))
        cx += col_w * 0.5
    slots = max((len(v) for v in display.values()), default=0)
    height = font * 3.0 + slots * (cube + font * 0.25) + font * 1.6
    bag = sum(game.layer_state.bag.values())
    words = f"bag: {bag} cube{'s' if bag != 1 else ''}"
    parts.append(Label(x, top + height - font * 0.6, words, font, anchor="start", fill="#222", cls="bag"))
    return Group(tuple(parts), cls="goods-display"), font * 1.5 + height


def _column(game: Any, column: str, cx: float, top: float, col_w: float, font: float) -> Group:
    """A column's label under its die: a city's hex, or a new city's letter (``*`` placed)."""
    spec = game.title.layer
    letter = column in spec.new_cities
    placed = [h for h, k in game.layer_state.new_cities.items() if k == column]
    label = f"{column}*" if placed else column
    name = column if letter else game.title.map.hexes[column].name or column
    tip = f"new city {column}" + (f" (in {placed[0]})" if placed else "") if letter else name
    return Group(
        (Label(cx + col_w / 2, top + font * 2.3, label, font * 0.7, fill="#222"),),
        cls="column",
        data={"column": column},
        tip=tip,
    )


def _locomotive_gauge(panel: Panel, left: float, y: float, font: float) -> Group:
    """A pip per locomotive level from ``left`` on the card's locomotive line, its level filled."""
    r = font * 0.22
    pips = tuple(
        Circle(
            left + k * r * 2.6,
            y,
            r,
            fill=panel.color if k < panel.locomotive else "#fff",
            stroke="#333",
            stroke_width=1,
        )
        for k in range(panel.locomotive_max)
    )
    return Group(pips, cls="locomotive-gauge", tip=f"locomotive {panel.locomotive}")
