"""Which train events have come: an event of a train type runs at the type's ``when``-th
purchase from the depot (:mod:`framework.engine.events`); the trains out of the depot
tell, so nothing more is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.entities import BANK, RESERVED

if TYPE_CHECKING:
    from framework.engine.game import Game


def has_run(game: Game, kind: str) -> bool:
    """Whether a train purchase has triggered an event of type ``kind`` (``close_companies``)."""
    for name, spec in game.title.trains.items():
        for event in spec.events:
            if event.type != kind:
                continue
            if bought(game, name) >= event.when:
                return True
    return False


def bought(game: Game, name: str) -> int:
    """How many trains of type ``name`` have left the depot (those held out of it,
    ``reserved``, have not)."""
    return sum(1 for t in game.trains.values() if t.name == name and t.owner not in (BANK, RESERVED))
