"""The drawing part of a title's own layer (``hooks.layer.drawing``): how the pictures
show its game.

``18xx render`` and ``18xx view`` ask the title's :class:`LayerDrawing` for what only
it draws, as shapes (:mod:`framework.render.shapes`), which they turn into SVG:

* :meth:`LayerDrawing.hex_pictures`: the shapes it draws on each hex, around the
  hex's centre, over the map;
* :meth:`LayerDrawing.panels`: its panels under the map of a position picture, in
  place of the usual lines of corporations;
* :meth:`LayerDrawing.panel_table`: the viewer's table of its numbers, in place of
  the usual table of corporations;
* :meth:`LayerDrawing.action_routes`: what one of its actions carried, drawn by the
  viewer as routes are.

The base draws nothing, so a title without a layer keeps the 18xx pictures:

>>> LayerDrawing.panels(None, 0, 0, 100, 10)
((), 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from framework.render.shapes import Shape, shapes_svg

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.render.geometry import HexShape
    from framework.render.routes import DrawnRoute
    from framework.title.model import Title

PanelTable = tuple[list[str], dict[str, list[Any]]]
"""The viewer's table of a layer's numbers: the column names, and a row of cells (plain
values) per corporation, by symbol."""


class LayerDrawing:
    """The base of a layer's drawing part: it draws nothing."""

    @staticmethod
    def hex_pictures(game: Game, shape: HexShape) -> dict[str, Sequence[Shape]]:
        """What the layer draws on each hex of a position, by hex (only hexes where it
        draws anything): shapes around the hex's centre, for a hex of ``shape``."""
        return {}

    @staticmethod
    def panels(game: Game, x: float, y: float, width: float, font: float) -> tuple[Sequence[Shape], float]:
        """The layer's panels under the map of a position picture, from ``(x, y)`` and at
        most ``width`` wide in text of size ``font``, and the height they take (nothing:
        the usual lines of corporations)."""
        return ((), 0.0)

    @staticmethod
    def panel_table(game: Game) -> PanelTable:
        """The viewer's table of the layer's numbers (``([], {})``: the usual table of
        corporations)."""
        return ([], {})

    @staticmethod
    def action_routes(game: Game, shape: HexShape, action: dict[str, Any]) -> list[DrawnRoute]:
        """What one of the layer's actions carried, as routes for the viewer to draw, on
        the position after it (none: nothing to draw)."""
        return []


def drawing_of(title: Title) -> type[LayerDrawing]:
    """The drawing part of the title's layer (the base, drawing nothing, when it has none)."""
    return cast(type[LayerDrawing], title.layer_part("drawing") or LayerDrawing)


def hex_pictures_svg(game: Game, shape: HexShape) -> dict[str, str]:
    """The layer's pictures of the hexes, by hex, as SVG around each hex's centre."""
    drawn = drawing_of(game.title).hex_pictures(game, shape)
    return {hex_id: shapes_svg(shapes) for hex_id, shapes in drawn.items()}


def panels_svg(game: Game, x: float, y: float, width: float, font: float) -> tuple[str, float]:
    """The layer's panels as SVG, and the height they take (``("", 0.0)``: none)."""
    shapes, height = drawing_of(game.title).panels(game, x, y, width, font)
    return shapes_svg(shapes), height
