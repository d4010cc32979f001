"""The ``destination_check`` step: destinations are reached once a turn's track is laid.

Where a title's operating round lists this step (after ``track``), the corporations'
destinations (``destination`` in their charters) are looked for when the turn reaches
it, not after each tile: every corporation whose track now joins its start to its
destination reaches it and releases its escrow (``rules.escrow``), whoever laid the
track, as 1856's "Escrow Calculation" does. The step never waits; 18xx.games records
each check as an automatic action of the action that led to it, and a game file made
here records it alike::

    {"type": "destination_connection", "entity": "WGB", "entity_type": "corporation",
     "corporations": ["WGB"]}

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["destination_check"].rounds
('operating',)
"""

from __future__ import annotations

from framework.engine import destinations
from framework.engine.steps.base import Step, step


@step("destination_check")
class DestinationCheck(Step):
    """Corporations reach their destinations once the turn's track step is over."""

    description = (
        "Once the operating corporation's track step is over, every corporation whose track now "
        "joins its start to its destination reaches it (releasing its escrow); the check is "
        "recorded as 18xx.games' automatic destination_connection action."
    )
    rounds = ("operating",)

    def skip(self) -> None:
        super().skip()
        found = destinations.check(self.game)
        entity = self.round.current_entity()
        if entity is not None:
            self.game.record(
                {
                    "type": "destination_connection",
                    "entity": entity,
                    "entity_type": self.game.entity_type(entity),
                    "corporations": found,
                }
            )
