"""The ``trainless_majors`` step: after a ``trainless_nationalization`` event, the
president of each trainless major that has operated chooses, in operating order, whether
it is nationalised (``rules.settled_nationalization``)::

    {"type": "choose", "entity": "GTR", "choice": "nationalize"}

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["trainless_majors"].rounds
('stock', 'operating', 'merger')
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import settled_nationalization
from framework.engine.steps.base import Choice, Step, entity_of, step

NATIONALIZE = "nationalize"


@step("trainless_majors")
class TrainlessMajors(Step):
    """Each trainless major's president chooses whether it is nationalised."""

    description = (
        "After a trainless_nationalization event, each trainless major that has operated, in "
        "operating order, chooses whether it is nationalised and settled with its shareholders "
        "(choose nationalize) or not (pass)."
    )
    rounds = ("stock", "operating", "merger")
    waits_again = True

    def acting_entity(self) -> str | None:
        waiting = self.game.trainless_majors
        return waiting[0] if waiting else None

    def blocking(self, current: str | None = None) -> bool:
        return bool(self.game.trainless_majors)

    def actions(self, entity: str) -> list[str]:
        return ["choose", "pass"] if entity == self.acting_entity() else []

    def choices_choose(self, entity: str) -> list[Choice]:
        return [{"choice": NATIONALIZE}]

    def process_choose(self, action: dict[str, Any]) -> None:
        sym = entity_of(action)
        if sym != self.acting_entity() or action.get("choice") != NATIONALIZE:
            raise GameError("nationalization", f"{sym} has no choice of nationalisation to make")
        self.game.trainless_majors.pop(0)
        settled_nationalization.nationalize(self.game, sym)

    def process_pass(self, action: dict[str, Any]) -> None:
        sym = entity_of(action)
        self.game.trainless_majors.pop(0)
        self.game.log(f"{sym} declines to nationalize")
