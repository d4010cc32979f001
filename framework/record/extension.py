"""The reports part of a title's own layer (``hooks.layer.reports``): what the
commands say of its game.

``18xx setup`` shows what a new game starts with (:meth:`LayerReports.describe`),
``18xx replay --at`` a position (:meth:`LayerReports.position`), and ``18xx simulate``
the numbers of each finished game (:meth:`LayerReports.figures`). The base says
nothing, so the 18xx reports say it all:

>>> LayerReports.figures(None)
{}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.model import Title


class LayerReports:
    """The base of a layer's reports part: each report adding nothing."""

    @staticmethod
    def describe(game: Game) -> dict[str, Any]:
        """The layer's part of a new game's description (``18xx setup``), as JSON data,
        each value a list of lines or a plain value."""
        return {}

    @staticmethod
    def position(game: Game) -> dict[str, Any]:
        """The layer's part of a position (``18xx replay --at``), as JSON data:

        * ``round``: the round being played, in the game's words (``custom`` says nothing);
        * ``corporations``: by symbol, each corporation's numbers on the layer (a mapping
          of plain values, ``{"income": 12, "locomotive": 2}``), shown in place of the
          trains and tokens it does not have;
        * any other key: a part of the position of its own, a mapping of plain values
          (one line each), a list of lines, or a plain value.

        Empty (the default): the 18xx position says it all."""
        return {}

    @staticmethod
    def figures(game: Game) -> dict[str, float]:
        """Numbers for ``18xx simulate`` about one finished game (averaged over games)."""
        return {}


def reports_of(title: Title) -> type[LayerReports]:
    """The reports part of the title's layer (the base, saying nothing, when it has none)."""
    return cast(type[LayerReports], title.layer_part("reports") or LayerReports)
