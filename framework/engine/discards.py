"""A train discarded: to the pool, or out of the game, as the title says
(``rules.trains.discards_to``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.entities import POOL

if TYPE_CHECKING:
    from framework.engine.entities import Train
    from framework.engine.game import Game

REMOVED = "removed"
"""The owner of a train out of the game."""


def discard(game: Game, train: Train) -> None:
    """``train`` goes to the pool (or out of the game, as the title says); an obsolete
    train leaves the game (18xx.games puts none in the pool)."""
    if game.title.rules.trains.discards_to == "pool" and not train.obsolete:
        train.discarded = 1 + max(t.discarded for t in game.trains.values())
        train.owner = POOL
    else:
        train.owner = REMOVED
