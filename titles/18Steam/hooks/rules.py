"""18Steam's rules part (``hooks.layer.rules``, :class:`GoodsRules`): what the goods
layer does in a game beyond its rounds — its state, its action types, what a
corporation floating in the share phase does, its operating order, its invariant."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from framework.api import LayerRules

from .actions import ACTIONS
from .state import GoodsState, activate, new_goods

if TYPE_CHECKING:
    from framework.api import Game


class GoodsRules(LayerRules):
    """The goods layer's rules: the goods state, its actions, and the operators."""

    actions = ACTIONS

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
