"""Plain SVG text: elements, escaping and documents.

Everything the renderers draw is built from these few functions; they need no
dependency beyond the standard library. Text and attribute values are escaped
with :mod:`xml.sax.saxutils`, numbers are written with at most two decimals.

>>> element("circle", cx=1.0, cy=2.345, r=3, fill="#fff")
'<circle cx="1" cy="2.35" r="3" fill="#fff"/>'
>>> text(0, 0, "A & B", size=10)
'<text x="0" y="3.5" font-size="10" text-anchor="middle">A &amp; B</text>'
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font family of every picture (DejaVu Sans ships with Debian and most Linux systems)."""


def num(value: float) -> str:
    """A number as SVG wants it: no exponent, at most two decimals, no trailing zeros."""
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr_name(name: str) -> str:
    if name == "cls":
        return "class"
    return name.rstrip("_").replace("_", "-")


def attrs(**values: object) -> str:
    """Attributes as text; ``None`` values are left out, ``font_size`` becomes ``font-size``."""
    out = []
    for name, value in values.items():
        if value is None:
            continue
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = num(value)
        out.append(f" {_attr_name(name)}={quoteattr(str(value))}")
    return "".join(out)


def element(tag: str, content: str | None = None, /, **values: object) -> str:
    """One element; ``content`` is inserted as it is (already SVG)."""
    if content is None:
        return f"<{tag}{attrs(**values)}/>"
    return f"<{tag}{attrs(**values)}>{content}</{tag}>"


def group(parts: Iterable[str], **values: object) -> str:
    """A ``<g>`` around ``parts``."""
    return element("g", "".join(parts), **values)


def title(words: str) -> str:
    """A ``<title>``: the tooltip of its parent element."""
    return f"<title>{escape(words)}</title>"


def text(
    x: float,
    y: float,
    words: str,
    *,
    size: float,
    anchor: str = "middle",
    fill: str | None = None,
    weight: str | None = None,
    halo: str | None = None,
    **values: object,
) -> str:
    """A line of text whose middle (vertically) lies at ``y``.

    ``halo`` draws the same text first with a wide stroke of that colour, so the text
    stays readable over track (renderers that ignore ``paint-order`` still get it).
    """
    baseline = y + 0.35 * size
    body = escape(words)
    common: dict[str, object] = dict(x=x, y=baseline, font_size=size, text_anchor=anchor)
    out = ""
    if halo:
        out = element(
            "text",
            body,
            **common,
            font_weight=weight,
            fill=halo,
            stroke=halo,
            stroke_width=max(1.5, size * 0.28),
            stroke_linejoin="round",
            cls="halo",
        )
    return out + element("text", body, **common, font_weight=weight, fill=fill, **values)


def polygon(points: Iterable[tuple[float, float]], **values: object) -> str:
    return element("polygon", points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **values)


def line(a: tuple[float, float], b: tuple[float, float], **values: object) -> str:
    return element("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], **values)


def translate(x: float, y: float) -> str:
    return f"translate({num(x)},{num(y)})"


def document(width: float, height: float, body: str, *, background: str | None = "#ffffff") -> str:
    """A complete SVG document of ``width`` × ``height`` pixels."""
    back = element("rect", x=0, y=0, width=width, height=height, fill=background) if background else ""
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family={quoteattr(FONT)}>\n'
    )
    return f"{head}{back}{body}\n</svg>\n"
