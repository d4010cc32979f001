"""What the acting entities may do now, as concrete 18xx.games actions.

:func:`legal_actions` asks the round (:meth:`framework.engine.rounds.Round.choices`):
for each entity that may act (the current one, the companies it owns, its president in
an emergency) the action types its steps accept and, for each, the concrete choices each
step lists (``Step.choices``) — which company and price, which shares, tiles and
rotations, cities, trains. Choices with a free amount (a bid, a price between two
corporations) give the lowest legal amount under ``price`` and the highest under
``max``. A round of a title's own lists its choices by the same method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.rounds import Choices

if TYPE_CHECKING:
    from framework.engine.game import Game


def legal_actions(game: Game) -> Choices:
    """Entity → action type → the concrete choices (without ``entity`` and ``id``)."""
    if game.finished or game.round is None:
        return {}
    return game.round.choices()
