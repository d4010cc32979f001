"""Shapes: what a title's own drawing returns, for the renderer to turn into SVG.

A title's layer (``hooks.layer.drawing``) draws with these small frozen dataclasses
instead of writing SVG: a :class:`Stroke` (a path drawn as a line), a :class:`Circle`,
a :class:`Rect`, a :class:`Polygon`, a :class:`Line`, a :class:`Label` (a line of
text) and a :class:`Group` of shapes, with a tooltip and the ``class`` and ``data-``
attributes the pictures' tests and the viewer read. :func:`to_svg` writes them, every
number with at most two decimals and every text escaped:

>>> to_svg(Group((Circle(0, 0, 5, fill="#fff"),), cls="town", data={"hex": "H8"}, tip="a <town>"))
'<g class="town" data-hex="H8"><circle cx="0" cy="0" r="5" fill="#fff"/><title>a &lt;town&gt;</title></g>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from framework.render import svg

Point = tuple[float, float]
"""A point of a picture, ``(x, y)``."""


@dataclass(frozen=True)
class Stroke:
    """A path drawn as a line, unfilled (track): its path data, colour and width, and
    ``dash`` as ``(dash, gap)`` for a dashed line."""

    d: str
    stroke: str
    width: float
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Circle:
    """A circle of radius ``r`` around ``(cx, cy)``."""

    cx: float
    cy: float
    r: float
    fill: str
    stroke: str | None = None
    stroke_width: float | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Rect:
    """A rectangle from ``(x, y)``, with corners rounded by ``rx``, and dashed by
    ``dash`` (SVG dash array text)."""

    x: float
    y: float
    width: float
    height: float
    fill: str
    rx: float | None = None
    stroke: str | None = None
    stroke_width: float | None = None
    dash: str | None = None
    cls: str | None = None
    data: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Polygon:
    """A closed outline through ``points``."""

    points: tuple[Point, ...]
    fill: str
    stroke: str | None = None
    stroke_width: float | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Line:
    """A straight line from ``a`` to ``b``."""

    a: Point
    b: Point
    stroke: str


@dataclass(frozen=True)
class Label:
    """A line of text whose middle (vertically) lies at ``y``; ``anchor`` is where
    ``x`` is (``start``, ``middle``, ``end``), ``halo`` a colour drawn around the
    letters so the text stays readable over track."""

    x: float
    y: float
    words: str
    size: float
    anchor: str = "middle"
    fill: str | None = None
    weight: str | None = None
    halo: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Group:
    """Shapes drawn together, with a ``class``, ``data-`` attributes (by name, without
    the ``data-``) and a tooltip."""

    shapes: tuple[Shape, ...]
    cls: str | None = None
    data: Mapping[str, object] = field(default_factory=dict)
    tip: str | None = None


Shape = Stroke | Circle | Rect | Polygon | Line | Label | Group
"""Any shape a title's drawing returns."""


def _data(values: Mapping[str, object]) -> dict[str, object]:
    return {f"data_{name}": value for name, value in values.items()}


def to_svg(shape: Shape) -> str:
    """The SVG of one shape."""
    if isinstance(shape, Group):
        parts = [to_svg(s) for s in shape.shapes]
        if shape.tip is not None:
            parts.append(svg.title(shape.tip))
        return svg.group(parts, cls=shape.cls, **_data(shape.data))
    if isinstance(shape, Stroke):
        dash = f"{svg.num(shape.dash[0])},{svg.num(shape.dash[1])}" if shape.dash else None
        ink = {"stroke": shape.stroke, "stroke_width": shape.width, "stroke_dasharray": dash}
        return svg.element("path", d=shape.d, fill="none", **ink)
    if isinstance(shape, Circle):
        return svg.element(
            "circle",
            cx=shape.cx,
            cy=shape.cy,
            r=shape.r,
            fill=shape.fill,
            stroke=shape.stroke,
            stroke_width=shape.stroke_width,
            cls=shape.cls,
        )
    if isinstance(shape, Rect):
        return svg.element(
            "rect",
            x=shape.x,
            y=shape.y,
            width=shape.width,
            height=shape.height,
            rx=shape.rx,
            fill=shape.fill,
            stroke=shape.stroke,
            stroke_width=shape.stroke_width,
            stroke_dasharray=shape.dash,
            cls=shape.cls,
            **_data(shape.data),
        )
    if isinstance(shape, Polygon):
        return svg.polygon(
            shape.points, fill=shape.fill, stroke=shape.stroke, stroke_width=shape.stroke_width, cls=shape.cls
        )
    if isinstance(shape, Line):
        return svg.line(shape.a, shape.b, stroke=shape.stroke)
    return svg.text(
        shape.x,
        shape.y,
        shape.words,
        size=shape.size,
        anchor=shape.anchor,
        fill=shape.fill,
        weight=shape.weight,
        halo=shape.halo,
        cls=shape.cls,
    )


def shapes_svg(shapes: Iterable[Shape]) -> str:
    """The SVG of several shapes, one after another."""
    return "".join(to_svg(s) for s in shapes)
