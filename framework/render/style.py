"""Colours and sizes shared by the pictures.

Tile and hex colours follow the usual 18xx palette (as on 18xx.games); every
size is a fraction of the hex size ``s`` (centre to corner), so a picture can
be drawn at any scale.
"""

from __future__ import annotations

from dataclasses import dataclass

HEX_FILL = {
    "white": "#eae0c8",
    "yellow": "#fde900",
    "green": "#71bf44",
    "brown": "#cb7745",
    "gray": "#bcbdc0",
    "red": "#e9584f",
    "blue": "#6cb4ee",
}
"""Fill of a hex or tile by its colour name."""

PHASE_FILL = {
    "yellow": "#fde900",
    "green": "#71bf44",
    "brown": "#cb7745",
    "gray": "#bcbdc0",
    "black": "#000000",
}
"""Boxes of a revenue that depends on the phase."""

PHASE_TEXT = {"black": "#ffffff"}
"""The figure in a phase's box where black would not show (the default is black)."""

TRACK = "#000000"
CASING = "#ffffff"
"""The white outline of track where it crosses other track."""
WATER_TRACK = "#1c4f8a"
MAINLINE = "#f5921e"
"""The orange alignment of a main line (18SJ's orange cubes)."""
MAINLINE_TEXT = "#9a4a00"
"""A main line's name written on its band."""
IMPASSABLE = "#1f5fbf"
MOUNTAIN = "#7a5230"
WATER = "#2f7fd6"
RIVER = "#4a9ae6"
"""A river running through river hexes."""
HEX_LINE = "#6b6b6b"
TEXT = "#111111"
HALO = "#ffffff"

ROUTE_COLORS = ("#e6194b", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
"""Colours of the routes of one company's trains, in train order."""

ZONE_DEFAULT = "#f4f1e8"
"""A market cell in no coloured zone."""

CSS_NAMES = {
    "pink": "#ffc0cb",
    "turquoise": "#40e0d0",
    "lime": "#00ff00",
    "purple": "#800080",
    "blue": "#0000ff",
    "white": "#ffffff",
    "black": "#000000",
    "red": "#ff0000",
    "green": "#008000",
    "gray": "#808080",
    "grey": "#808080",
    "yellow": "#ffff00",
    "orange": "#ffa500",
    "brown": "#a52a2a",
}


def luminance(color: str) -> float:
    """Perceived brightness 0–1 of a CSS colour (names this module knows, or ``#rgb``/``#rrggbb``)."""
    value = CSS_NAMES.get(color.lower(), color)
    if not value.startswith("#"):
        return 0.5
    digits = value[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    try:
        r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return 0.5
    return 0.299 * r + 0.587 * g + 0.114 * b


@dataclass(frozen=True)
class Sizes:
    """Sizes in pixels for hexes of size ``s``."""

    s: float

    @property
    def track(self) -> float:
        return self.s * 0.11

    @property
    def slot(self) -> float:
        """Radius of a city's token slot."""
        return self.s * 0.24

    @property
    def town(self) -> float:
        return self.s * 0.1

    @property
    def font(self) -> float:
        """Names and ordinary labels."""
        return self.s * 0.19

    @property
    def small(self) -> float:
        return self.s * 0.16

    @property
    def revenue(self) -> float:
        """Radius of a revenue circle."""
        return self.s * 0.17
