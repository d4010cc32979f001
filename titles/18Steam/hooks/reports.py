"""18Steam's reports part (``hooks.layer.reports``, :class:`GoodsReports`): what
``18xx setup`` (the cubes each city starts with), ``18xx replay --at`` (``position.py``)
and ``18xx simulate`` (``figures.py``) say of the goods layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.api import LayerReports

from .figures import figures
from .position import position

if TYPE_CHECKING:
    from framework.api import Game


class GoodsReports(LayerReports):
    """The goods layer in the reports: the starting cubes, a position, the economy."""

    @staticmethod
    def describe(game: Game) -> dict[str, Any]:
        """The cubes each city starts with."""
        cities = game.title.layer.cities
        return {
            "goods": {
                f"{cities[h].name} ({h})": ", ".join(cubes) or "none"
                for h, cubes in game.layer_state.cubes.items()
            }
        }

    @staticmethod
    def position(game: Game) -> dict[str, Any]:
        return position(game)

    @staticmethod
    def figures(game: Game) -> dict[str, float]:
        return figures(game)
