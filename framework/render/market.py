"""The stock market: the grid of prices in zone colours, and where corporations stand.

Each cell is filled with the colour of its zone (the first zone of the cell
that has a colour and is not a dividend line); par cells say ``par``, cells
that end the game say ``end``, and a zone marked ``dividend_line`` is drawn as
a thick red line on the right side of its cells. With a game's
:class:`~framework.engine.market.StockMarket`, every corporation's marker is in
its cell, first arrival on the left (the order the engine keeps).
"""

from __future__ import annotations

from framework.engine.market import StockMarket
from framework.render import style
from framework.render.marks import Palette
from framework.render.svg import document, element, group, line, text, title
from framework.title.market import Zone
from framework.title.model import Title

CELL_W = 56.0
CELL_H = 46.0


def cell_box(row: int, col: int, scale: float = 1.0) -> tuple[float, float, float, float]:
    """Where a cell lies in the picture: left, top, width, height."""
    w, h = CELL_W * scale, CELL_H * scale
    return (MARGIN * scale + col * w, (MARGIN + HEADING) * scale + row * h, w, h)


MARGIN = 16.0
HEADING = 34.0
TOKEN_R = 10.5
"""Radius of a corporation's marker (at scale 1)."""


def zones_of(marks: str, zones: list[Zone]) -> list[Zone]:
    return [z for z in zones if z.mark in marks]


def cell_fill(zones: list[Zone]) -> str:
    for zone in zones:
        if zone.color and not zone.dividend_line:
            return zone.color
    return style.ZONE_DEFAULT


def zone_effects(zone: Zone) -> str:
    """What a zone does, in a few words."""
    out = []
    if zone.par:
        out.append("starting prices")
    if zone.ends_game:
        out.append("entering it ends the game")
    if zone.dividend_line:
        out.append("right of it, a large dividend moves the price two steps")
    if not zone.counts_for_cert_limit:
        out.append("certificates do not count")
    if not zone.holding_limit:
        out.append("no holding limit")
    if zone.multiple_buy:
        out.append("several shares a turn")
    if zone.redemption is not None:
        many = "all pool shares" if zone.redemption.max_shares == "all" else f"{zone.redemption.max_shares}"
        price = {"full": "at the price", "half": "at half price", "free": "for free"}[zone.redemption.price]
        out.append(f"redeems {many} {price}")
    return "; ".join(out)


def render_market(
    title_: Title, market: StockMarket | None = None, *, caption: str | None = None, scale: float = 1.0
) -> str:
    """The market as an SVG document; with ``market``, the corporations' markers too."""
    spec = title_.market
    zones = list(spec.zones.values())
    palette = Palette.for_title(title_)
    w, h = CELL_W * scale, CELL_H * scale
    margin = MARGIN * scale
    top = (MARGIN + HEADING) * scale
    columns = max(len(row) for row in spec.grid)
    parts = [
        text(
            margin,
            margin + 10 * scale,
            caption or f"{title_.title.name} — stock market",
            size=16 * scale,
            anchor="start",
            fill="#222",
            weight="bold",
            cls="heading",
        )
    ]
    cells, lines, tokens = [], [], []
    stacks = market.stacks if market is not None else {}
    for r, row in enumerate(spec.grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            x, y, _, _ = cell_box(r, c, scale)
            here = zones_of(cell.marks, zones)
            notes = []
            if any(z.par for z in here):
                notes.append("par")
            if any(z.ends_game for z in here):
                notes.append("end")
            names = " ".join(z.key for z in here)
            ink = "#111" if style.luminance(cell_fill(here)) > 0.45 else "#fff"
            tip = f"{cell.price} (row {r}, column {c})" + (
                f": {', '.join(z.key for z in here)}" if here else ""
            )
            content = [
                element(
                    "rect", x=x, y=y, width=w, height=h, fill=cell_fill(here), stroke="#555", stroke_width=0.8
                ),
                text(x + w / 2, y + h * 0.27, str(cell.price), size=14 * scale, fill=ink, weight="bold"),
            ]
            if notes:
                content.append(
                    text(
                        x + w - 3 * scale,
                        y + h * 0.12,
                        " ".join(notes),
                        size=8 * scale,
                        anchor="end",
                        fill=ink,
                    )
                )
            content.append(title(tip))
            cells.append(
                group(
                    content,
                    cls="cell" + (" par" if "par" in notes else "") + (" end" if "end" in notes else ""),
                    data_row=r,
                    data_col=c,
                    data_price=cell.price,
                    data_zones=names or None,
                )
            )
            if any(z.dividend_line for z in here):
                lines.append(
                    line(
                        (x + w, y),
                        (x + w, y + h),
                        stroke="#d00000",
                        stroke_width=4 * scale,
                        stroke_linecap="square",
                        cls="dividend-line",
                    )
                )
            corps = stacks.get((r, c), [])
            if corps:
                tokens.append(_markers(corps, x, y, w, h, scale, palette))
    legend_y = top + len(spec.grid) * h + 18 * scale
    legend = []
    widest = 0
    for k, zone in enumerate(zones):
        ly = legend_y + k * 20 * scale
        swatch = (
            line((margin, ly), (margin + 22 * scale, ly), stroke="#d00000", stroke_width=4 * scale)
            if zone.dividend_line
            else element(
                "rect",
                x=margin,
                y=ly - 7 * scale,
                width=22 * scale,
                height=14 * scale,
                fill=zone.color or style.ZONE_DEFAULT,
                stroke="#555",
                stroke_width=0.8,
            )
        )
        about = zone_effects(zone)
        widest = max(widest, len(zone.key) + len(about) + 3)
        legend.append(
            group(
                [
                    *([title(zone.description)] if zone.description else []),
                    swatch,
                    text(
                        margin + 30 * scale,
                        ly,
                        f"{zone.key.replace('_', ' ')}" + (f" — {about}" if about else ""),
                        size=11 * scale,
                        anchor="start",
                        fill="#222",
                    ),
                ],
                cls="zone",
                data_zone=zone.key,
            )
        )
    height = legend_y + len(zones) * 20 * scale + margin
    width = max(margin * 2 + columns * w, margin * 2 + 30 * scale + widest * 6.3 * scale)
    body = (
        group(cells, cls="cells") + group(lines) + group(tokens, cls="markers") + group(legend, cls="legend")
    )
    return document(width, height, parts[0] + body)


def _markers(corps: list[str], x: float, y: float, w: float, h: float, scale: float, palette: Palette) -> str:
    """Corporation markers in a cell, first arrival first, overlapping when many."""
    r = TOKEN_R * scale
    step = min(2 * r + 1, (w - 2 * r - 4 * scale) / max(1, len(corps) - 1)) if len(corps) > 1 else 0
    start = x + w / 2 - step * (len(corps) - 1) / 2
    out = []
    for k, sym in enumerate(corps):
        fill, ink = palette.token(sym)
        cx, cy = start + k * step, y + h * 0.68
        size = r * (0.9 if len(sym) <= 2 else 0.7 if len(sym) == 3 else 0.55)
        out.append(
            group(
                [
                    element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke="#000", stroke_width=1),
                    text(cx, cy, sym, size=size, fill=ink, weight="bold"),
                    title(f"{sym}"),
                ],
                cls="market-token",
                data_corp=sym,
            )
        )
    return group(out)
