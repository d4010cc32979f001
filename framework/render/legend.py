"""The map's key: what every badge on the map means, and the main lines by name.

:func:`map_legend` draws, under a map, one entry for each icon shown on some hex (the
icon as the map draws it, and its ``description``), each main line (its band and its
name), the main-line marker still to be improved, and the bonus markers of private
companies, in rows that wrap at the picture's width.
"""

from __future__ import annotations

from collections.abc import Iterable

from framework.render import style
from framework.render.hexes import HexView
from framework.render.marks import Palette, icon_half_width, icon_mark, text_width
from framework.render.svg import element, group, text
from framework.title.model import Title


def legend_entries(title_: Title, views: Iterable[HexView]) -> list[tuple[str, str, str]]:
    """What the key lists: ``(kind, key, words)``, kind ``icon``, ``mainline``,
    ``cube`` or ``marker``."""
    views = list(views)
    used = {name for v in views for name in v.icons}
    icons = [n for n in title_.map.icons if n in used] + sorted(used - set(title_.map.icons))
    out = []
    for name in icons:
        spec = title_.map.icons.get(name)
        out.append(("icon", name, getattr(spec, "description", "") or name))
    lines = dict.fromkeys(v.mainline_name for v in views if v.mainline and v.mainline_name)
    out += [("mainline", "", f"main line {name}") for name in lines]
    if any(v.mainline_cube for v in views):
        out.append(("cube", "", "main line still to be improved"))
    markers = [words for v in views for words, _ in v.markers]
    if markers:
        out.append(("marker", markers[0], "a private company's bonus token or marker"))
    return out


def map_legend(
    title_: Title, views: Iterable[HexView], x: float, y: float, width: float, font: float, palette: Palette
) -> tuple[str, float]:
    """The key, from ``(x, y)`` (its heading's middle) across ``width``: the SVG and the
    height used (0 when the map has nothing to explain)."""
    entries = legend_entries(title_, views)
    if not entries:
        return "", 0.0
    row = font * 1.9
    sizes = style.Sizes(font * 4.6)
    parts = [text(x, y, "Key", size=font * 1.1, anchor="start", fill="#222", weight="bold")]
    cx, cy = x, y + row
    for kind, key, words in entries:
        swatch, swatch_w = _swatch(kind, key, cx, cy, font, sizes, palette)
        entry_w = swatch_w + font * 0.5 + text_width(words, font) + font * 1.5
        if cx > x and cx + entry_w > x + width:
            cx, cy = x, cy + row
            swatch, swatch_w = _swatch(kind, key, cx, cy, font, sizes, palette)
        parts.append(
            group(
                [swatch, text(cx + swatch_w + font * 0.5, cy, words, size=font, anchor="start", fill="#222")],
                cls="legend-entry",
                data_kind=kind,
                data_key=key or None,
            )
        )
        cx += entry_w
    return group(parts, cls="map-legend"), cy - y + row * 0.6


def _swatch(
    kind: str, key: str, x: float, y: float, font: float, sizes: style.Sizes, palette: Palette
) -> tuple[str, float]:
    """The badge of an entry drawn with its left side at ``x``: the SVG and its width."""
    if kind == "icon":
        r = sizes.s * 0.14
        half = icon_half_width(key, sizes) + r
        return icon_mark((x + half, y), key, palette, sizes), 2 * half
    if kind == "mainline":
        w = font * 2.2
        band = element(
            "rect",
            x=x,
            y=y - font * 0.45,
            width=w,
            height=font * 0.9,
            fill=style.MAINLINE,
            fill_opacity=0.75,
        )
        return band, w
    if kind == "cube":
        c = font * 0.45
        return element(
            "rect",
            x=x,
            y=y - c,
            width=2 * c,
            height=2 * c,
            fill=style.MAINLINE,
            stroke="#000",
            stroke_width=0.7,
        ), 2 * c
    w = text_width(key, font) + font * 0.6
    badge = element(
        "rect",
        x=x,
        y=y - font * 0.7,
        width=w,
        height=font * 1.4,
        rx=font * 0.2,
        fill="#222",
        stroke="#ffd24d",
        stroke_width=1,
    )
    return badge + text(x + w / 2, y, key, size=font, fill="#ffd24d", weight="bold"), w
