"""18Steam's layer: Age of Steam's operating game under the framework's share phase.

The framework plays the share phase (``rules.share_phase``); this package plays the
rest of a game turn, as the rounds of ``rounds.yaml`` name it, and tells the
framework what only it knows (:class:`framework.title.layer.Layer`):

* ``model.py`` — the ``layer`` section (goods, cities, build costs, income…);
* ``checks.py`` — how that section relates to the map and tiles;
* ``state.py`` — the goods state of a game (track, cubes, the display, turn order);
* ``track.py``, ``build.py``, ``moves.py`` — track and links, building, moving goods;
* ``rounds.py`` — the rounds of the game turn (named by ``rounds.yaml``: the engine
  starts each); ``actions.py`` — their action types;
* ``bot.py`` — what the heuristic bot does in them;
* ``drawing.py`` — the goods layer in ``18xx render`` and ``18xx view``;
* ``figures.py`` — what ``18xx simulate`` reports of a game's economy;
* ``position.py`` — what ``18xx replay --at`` shows of a position.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from framework.api import Found, Layer

from . import bot, checks, drawing
from .actions import ACTIONS
from .figures import figures as game_figures
from .model import GoodsLayer
from .position import position as goods_position
from .rounds import BuildTrack, GoodsGrowth, Income, MoveGoods, SelectActions, TurnOrderAuction
from .state import GoodsState, activate, new_goods

if TYPE_CHECKING:
    from framework.api import Game


class AgeOfSteam(Layer):
    """The goods layer: track, links and goods cubes instead of trains and routes."""

    model = GoodsLayer
    actions = ACTIONS

    @staticmethod
    def check(title: Any) -> Iterator[Found]:
        return checks.check(title)

    @staticmethod
    def new_state(game: Game) -> GoodsState:
        return new_goods(game)

    @staticmethod
    def load_state(game: Game, data: Any) -> GoodsState:
        return GoodsState.from_dict(data)

    @staticmethod
    def floated(game: Game, sym: str) -> None:
        activate(game, sym)

    @staticmethod
    def operating_order(game: Game) -> list[str]:
        return list(game.layer_state.order)

    @staticmethod
    def invariants(game: Game) -> Iterator[str]:
        """Goods cubes are conserved: bag, display and cities hold them all."""
        cubes = game.layer_state.total_cubes()
        for color, count in game.title.layer.colors.items():
            if cubes.get(color, 0) != count:
                yield f"{cubes.get(color, 0)} {color} cubes instead of {count}"

    @staticmethod
    def bot(game: Game, entity: str, options: Any, rng: random.Random) -> dict[str, Any] | None:
        return bot.act(game, entity, options, rng)

    @staticmethod
    def figures(game: Game) -> dict[str, float]:
        return game_figures(game)

    @staticmethod
    def position(game: Game) -> dict[str, Any]:
        return goods_position(game)

    @staticmethod
    def hex_pictures(game: Game, shape: Any) -> dict[str, str]:
        return drawing.hex_pictures(game, shape)

    @staticmethod
    def panels_svg(game: Game, x: float, y: float, width: float, font: float) -> tuple[str, float]:
        return drawing.panels_svg(game, x, y, width, font)

    @staticmethod
    def panel_table(game: Game) -> tuple[list[str], dict[str, list[Any]]]:
        return drawing.panel_table(game)

    @staticmethod
    def action_routes(game: Game, shape: Any, action: dict[str, Any]) -> list[Any]:
        return drawing.moved_goods(game, shape, action) if action.get("type") == "move_goods" else []

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


ROUNDS = (TurnOrderAuction, SelectActions, BuildTrack, MoveGoods, Income, GoodsGrowth)
"""The rounds of the game turn after the share phase, in order (``rounds.yaml`` names them)."""
