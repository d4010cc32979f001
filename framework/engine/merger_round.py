"""The ``merger`` round: each minor that has floated, in operating order, takes a turn
to convert or merge into a major (:mod:`framework.title.minor_mergers`); the players
buy the new major's shares in that turn. A minor merged into another's major has no
turn of its own.
"""

from __future__ import annotations

from framework.engine import minor_mergers
from framework.engine.rounds import Round


class MergerRound(Round):
    """Minors in operating order, each in its turn through the round's steps."""

    kind = "merger"

    def start(self) -> None:
        game = self.game
        self.entities = minor_mergers.merging_minors(game)
        self.index = 0
        game.log(f"Merger round {game.turn}.{game.or_number}")
        for step in self.steps:
            step.begin()
        self.begin_turn()

    def begin_turn(self) -> None:
        game = self.game
        while self.index < len(self.entities):
            if not game.corporations[self.entities[self.index]].closed:
                self.reset_turn_state()
                self.reset_steps()
                if self.skip_steps() is not None or game.finished:
                    return
            self.index += 1

    def next_entity(self) -> None:
        self.index += 1
        self.begin_turn()

    def finished(self) -> bool:
        return self.index >= len(self.entities) or self.game.finished

    def corporation_closed(self, sym: str) -> None:
        """A minor that merges or converts closes in the turn of the major it forms."""
