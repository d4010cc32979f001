"""The bot part of a title's own layer (``hooks.layer.bot``): how the heuristic bot
plays the layer's rounds.

The heuristic bot asks the title's :class:`LayerBot` first, for every action of a
game with a layer; ``None`` leaves the choice to the general bot (which plays any
round from its legal choices). The base leaves every choice to it:

>>> LayerBot.act(None, "1", {}, None) is None
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from framework.bots.base import Options
    from framework.engine.game import Game
    from framework.title.model import Title


class LayerBot:
    """The base of a layer's bot part: it decides nothing."""

    @staticmethod
    def act(game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        """The heuristic bot's action for ``entity`` among ``options`` (the legal
        choices, by entity), or ``None`` to let the general bot decide."""
        return None


def bot_of(title: Title) -> type[LayerBot]:
    """The bot part of the title's layer (the base, deciding nothing, when it has none)."""
    return cast(type[LayerBot], title.layer_part("bot") or LayerBot)
