"""The pieces printed on a hex: tokens, cities with their slots, revenue circles and
strips, terrain marks, icons and names — each drawn at a point, knowing nothing of the
hex around it (:mod:`framework.render.hexes` places them), and the palette of the
companies' and icons' colours they use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from framework.render import style
from framework.render.geometry import Point
from framework.render.svg import element, group, line, num, polygon, text, title
from framework.title.model import Title


@dataclass
class Palette:
    """Colours of the companies that own tokens, and the icons a map uses."""

    companies: dict[str, tuple[str, str]] = field(default_factory=dict)
    """By company: token colour and text colour."""
    icons: dict[str, Any] = field(default_factory=dict)
    """The title's ``map.icons``."""

    def key(self) -> tuple[object, ...]:
        """Equal keys colour the same (for caches of pictures)."""
        return (tuple(sorted(self.companies.items())), repr(sorted(self.icons.items())))

    @classmethod
    def for_title(cls, title_: Title) -> Palette:
        companies = {}
        for sym, spec in {**title_.corporations, **title_.minors}.items():
            companies[sym] = (spec.color, spec.text_color)
        national = title_.rules.nationalization
        if national is not None:
            companies[national.national.sym] = (national.national.color, national.national.text_color)
        return cls(companies, dict(title_.map.icons))

    def token(self, sym: str) -> tuple[str, str]:
        return self.companies.get(sym, ("#9e9e9e", "#ffffff"))


def polar(angle: float, r: float) -> Point:
    """The point at ``angle`` degrees (clockwise from east) and distance ``r`` from the origin."""
    return (math.cos(math.radians(angle)) * r, math.sin(math.radians(angle)) * r)


# -- pieces --------------------------------------------------------------


def slot_offsets(count: int, r: float) -> list[Point]:
    """Centres of a city's token slots."""
    if count <= 1:
        return [(0.0, 0.0)]
    if count == 2:
        return [(-r, 0.0), (r, 0.0)]
    if count == 3:
        return [(0.0, -1.155 * r), (r, 0.577 * r), (-r, 0.577 * r)]
    if count == 4:
        return [(-r, -r), (r, -r), (r, r), (-r, r)]
    ring = r / math.sin(math.pi / count)
    return [polar(-90 + 360 * k / count, ring) for k in range(count)]


def city_extent(count: int, r: float) -> float:
    """The radius of a circle around a city of ``count`` slots."""
    return r + max(math.hypot(*p) for p in slot_offsets(count, r))


def token(x: float, y: float, r: float, sym: str, palette: Palette, *, reserved: bool = False) -> str:
    """A station token (or, ``reserved``, a home slot held for ``sym``)."""
    fill, ink = palette.token(sym)
    size = r * (0.95 if len(sym) <= 2 else 0.72 if len(sym) == 3 else 0.56)
    if reserved:
        disc = element(
            "circle", cx=x, cy=y, r=r * 0.92, fill=fill, fill_opacity=0.3, stroke=fill, stroke_width=r * 0.14
        )
        disc += element("circle", cx=x, cy=y, r=r * 0.92, fill="none", stroke="#333", stroke_width=0.6)
        label = text(x, y, sym, size=size, fill="#222", weight="bold")
        return group([disc, label], cls="reserved", data_corp=sym)
    disc = element("circle", cx=x, cy=y, r=r, fill=fill, stroke="#000", stroke_width=1)
    label = text(x, y, sym, size=size, fill=ink, weight="bold")
    return group([disc, label, title(f"{sym} station")], cls="token", data_corp=sym)


def city(
    centre: Point,
    slots: int,
    owners: list[str | None],
    held: list[str],
    r: float,
    palette: Palette,
    node: int | None = None,
) -> str:
    """A city with its slots, tokens and reserved homes (``node``, its index on the tile,
    goes into ``data-node``: a page finds the city a token goes in by it)."""
    cx, cy = centre
    offsets = slot_offsets(slots, r)
    parts = []
    if slots > 1:
        hull = "M" + "L".join(f"{num(cx + x)},{num(cy + y)}" for x, y in offsets) + "Z"
        common = dict(fill="none", stroke_linejoin="round", stroke_linecap="round")
        parts.append(element("path", d=hull, stroke="#000", stroke_width=2 * r + 2.4, **common))
        parts.append(element("path", d=hull, stroke="#fff", stroke_width=2 * r, **common))
    waiting = list(held)
    for k, (x, y) in enumerate(offsets):
        owner = owners[k] if k < len(owners) else None
        x, y = cx + x, cy + y
        if owner is not None:
            parts.append(token(x, y, r, owner, palette))
            continue
        parts.append(
            element(
                "circle",
                cx=x,
                cy=y,
                r=r,
                fill="#fff",
                stroke="#000" if slots == 1 else "#777",
                stroke_width=1,
            )
        )
        if waiting:
            parts.append(token(x, y, r, waiting.pop(0), palette, reserved=True))
    return group(parts, cls="city", data_node=node)


def revenue_circle(point: Point, value: int, sizes: style.Sizes) -> str:
    x, y = point
    r = sizes.revenue
    return group(
        [
            element("circle", cx=x, cy=y, r=r, fill="#fff", stroke="#000", stroke_width=0.9),
            text(x, y, str(value), size=r * (1.05 if value < 100 else 0.85), fill=style.TEXT, weight="bold"),
        ],
        cls="revenue",
        data_value=value,
    )


def strip_size(revenue: dict[str, int], sizes: style.Sizes) -> tuple[float, float]:
    """Width and height of a revenue-by-phase strip."""
    return (len(revenue) * sizes.s * 0.33, sizes.s * 0.28)


def revenue_strip(point: Point, revenue: dict[str, int], sizes: style.Sizes) -> str:
    """The revenue of each phase colour, in boxes of that colour."""
    width, height = strip_size(revenue, sizes)
    box = width / len(revenue)
    x0 = point[0] - width / 2
    parts = []
    for k, (color, value) in enumerate(revenue.items()):
        x = x0 + k * box
        parts.append(
            group(
                [
                    element(
                        "rect",
                        x=x,
                        y=point[1] - height / 2,
                        width=box,
                        height=height,
                        fill=style.PHASE_FILL.get(color, "#fff"),
                        stroke="#000",
                        stroke_width=0.8,
                    ),
                    text(
                        x + box / 2,
                        point[1],
                        str(value),
                        size=height * 0.62,
                        fill=style.PHASE_TEXT.get(color, "#000"),
                        weight="bold",
                    ),
                ],
                cls="phase-revenue",
                data_phase=color,
                data_value=value,
            )
        )
    return group(parts, cls="revenue-strip")


def terrain_mark(point: Point, kind: str, cost: int, sizes: style.Sizes) -> str:
    x, y = point
    s = sizes.s
    if kind == "mountain":
        shape = polygon(
            [(x - 0.13 * s, y + 0.02 * s), (x, y - 0.17 * s), (x + 0.13 * s, y + 0.02 * s)],
            fill="#8a6a4a",
            stroke="#3e2a17",
            stroke_width=0.8,
        )
        shape += polygon(
            [(x - 0.045 * s, y - 0.105 * s), (x, y - 0.17 * s), (x + 0.045 * s, y - 0.105 * s)], fill="#fff"
        )
    elif kind in ("water", "river"):
        d = (
            f"M{num(x - 0.14 * s)},{num(y - 0.06 * s)}q{num(0.035 * s)},{num(-0.06 * s)} {num(0.07 * s)},0"
            f"t{num(0.07 * s)},0t{num(0.07 * s)},0t{num(0.07 * s)},0"
        )
        shape = element("path", d=d, fill="none", stroke=style.WATER, stroke_width=0.05 * s)
    else:
        shape = text(x, y - 0.08 * s, kind, size=sizes.small * 0.9, fill=style.TEXT)
    label = text(
        x, y + 0.11 * s, str(cost), size=sizes.small, fill=style.TEXT, weight="bold", halo=style.HALO
    )
    return group([shape, label, title(f"{kind}: {cost}")], cls="terrain", data_terrain=kind, data_cost=cost)


def anchor(x: float, y: float, r: float) -> str:
    """A port: an anchor in a white disc of radius ``r``."""
    ink, width = "#0b3d91", r * 0.19
    curve = (
        f"M{num(x - 0.55 * r)},{num(y + 0.15 * r)}"
        f"Q{num(x - 0.5 * r)},{num(y + 0.62 * r)} {num(x)},{num(y + 0.62 * r)}"
        f"Q{num(x + 0.5 * r)},{num(y + 0.62 * r)} {num(x + 0.55 * r)},{num(y + 0.15 * r)}"
    )
    return "".join(
        [
            element("circle", cx=x, cy=y, r=r, fill="#fff", stroke=ink, stroke_width=0.9),
            element(
                "circle", cx=x, cy=y - 0.55 * r, r=0.18 * r, fill="none", stroke=ink, stroke_width=width * 0.9
            ),
            line((x, y - 0.37 * r), (x, y + 0.62 * r), stroke=ink, stroke_width=width),
            line(
                (x - 0.35 * r, y - 0.2 * r), (x + 0.35 * r, y - 0.2 * r), stroke=ink, stroke_width=width * 0.9
            ),
            element("path", d=curve, fill="none", stroke=ink, stroke_width=width),
        ]
    )


def icon_mark(point: Point, name: str, palette: Palette, sizes: style.Sizes) -> str:
    """An icon: ports as anchors, mines as dark badges, other names as letters."""
    x, y = point
    r = sizes.s * 0.14
    spec = palette.icons.get(name)
    description = getattr(spec, "description", "") or name
    tip = title(f"{name}: {description}")
    if "port" in name.lower():
        return group([anchor(x, y, r), tip], cls="icon", data_icon=name)
    mine = "mine" in description.lower() and "destination" not in description.lower()
    if len(name) <= 2:
        fill, ink = ("#333333", "#ffffff") if mine else ("#ffffff", "#000000")
        parts = [
            element("circle", cx=x, cy=y, r=r, fill=fill, stroke="#000", stroke_width=0.9),
            text(x, y, name, size=r * 1.35, fill=ink, weight="bold"),
            tip,
        ]
        if mine:
            parts.insert(
                1, element("circle", cx=x, cy=y, r=r * 0.78, fill="none", stroke="#ffd24d", stroke_width=0.8)
            )
        return group(parts, cls="icon", data_icon=name)
    width = r * (0.75 * len(name) + 0.8)
    parts = [
        element(
            "rect",
            x=x - width / 2,
            y=y - r,
            width=width,
            height=2 * r,
            rx=r * 0.5,
            fill="#dff1ff",
            stroke="#0b3d91",
            stroke_width=0.8,
        ),
        text(x, y, name, size=r * 1.05, fill="#0b3d91", weight="bold"),
        tip,
    ]
    return group(parts, cls="icon", data_icon=name)


def icon_half_width(name: str, sizes: style.Sizes) -> float:
    r = sizes.s * 0.14
    if "port" in name.lower() or len(name) <= 2:
        return 0.0
    return r * (0.75 * len(name) + 0.8) / 2 - r


def name_lines(name: str, limit: int = 12) -> list[str]:
    """A location name in one or two lines."""
    if len(name) <= limit or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def text_width(words: str, size: float) -> float:
    """A rough width of ``words`` in the picture's font."""
    return sum(0.35 if c in "ilIj.,' " else 0.75 if c.isupper() or c in "mw" else 0.58 for c in words) * size


def stop_rings(
    nodes: Sequence[Any],
    at: Sequence[Point],
    colours: dict[int, str],
    sizes: style.Sizes,
    *,
    variables: bool = False,
) -> str:
    """A ring round each revenue centre (``nodes``, of a face, drawn ``at``) a route stops
    at (``colours``: by index), in its route's colour, drawn under the cities; with
    ``variables`` (the replay viewer's pictures), a ring round every revenue centre, in
    order, coloured with the CSS variable ``--sK`` (unset: not drawn)."""
    parts = []
    for index, node in enumerate(nodes):
        color = colours.get(index)
        if not (color or variables):
            continue
        x, y = at[index]
        extent = city_extent(max(1, node.slots), sizes.slot) if node.kind == "city" else sizes.s * 0.2
        ring = {"cx": x or None, "cy": y or None, "r": extent + sizes.s * 0.04}
        if variables:
            parts.append(element("circle", **ring, style=f"stroke:var(--s{index},none)"))
        else:
            parts.append(
                element(
                    "circle", **ring, fill="none", stroke=color, stroke_width=sizes.s * 0.08, cls="route-stop"
                )
            )
    if variables and parts:
        return group(parts, cls="route-stops", fill="none", stroke_width=sizes.s * 0.08)
    return "".join(parts)
