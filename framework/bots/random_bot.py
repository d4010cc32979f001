"""The random bot: any legal action, uniformly (for fuzzing the engine)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from framework.bots.base import Options, amount_range, to_action

if TYPE_CHECKING:
    from framework.engine.game import Game


class RandomBot:
    """Picks uniformly among every listed (entity, action, choice), and a uniform amount
    where a choice has a range.

    >>> import random
    >>> from framework.bots.play import new_session
    >>> session = new_session("titles/18SJ", players=3, seed=1)
    >>> from framework.engine.choices import legal_actions
    >>> action = RandomBot().act(session.game, legal_actions(session.game), random.Random(1))
    >>> action["type"] in ("bid", "pass")
    True
    """

    name = "random"

    def act(self, game: Game, options: Options, rng: random.Random) -> dict[str, Any]:
        listed = [
            (entity, kind, choice)
            for entity, kinds in options.items()
            for kind, choices in kinds.items()
            for choice in choices
        ]
        entity, kind, choice = rng.choice(listed)
        price = rng.randint(*amount_range(choice)) if "max" in choice else None
        return to_action(game, entity, kind, choice, price)
