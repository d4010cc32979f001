"""Rounds: who acts, in which order, through which steps.

:class:`Round` runs the turn model shared by every round (reference §4.0): an
action goes to the first active step that is blocking or takes its type; after
it, steps that offer nothing are skipped up to the first that waits; when no
step waits, the round moves to its next entity. The kinds of round —
auction, stock, operating, custom — decide the entities and what happens at
their start and end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine.steps import STEP_TYPES, Step
from framework.engine.steps.base import entity_of

if TYPE_CHECKING:
    from framework.engine.game import Game


class Round:
    """The turn model and the entity rotation."""

    kind = ""

    def __init__(self, game: Game, name: str):
        self.game = game
        self.name = name
        self.entities: list[str] = []
        self.index = 0
        spec = game.title.rounds[name]
        self.steps: list[Step] = [STEP_TYPES[s.step](self, s.blocking) for s in spec.steps]

    # -- who acts -----------------------------------------------------------

    def current_entity(self) -> str | None:
        for step in self.steps:
            if not step.passed and step.blocks:
                override = step.acting_entity()
                if override is not None:
                    return override
        return self.entity()

    def entity(self) -> str | None:
        """The entity whose turn it is."""
        return self.entities[self.index] if 0 <= self.index < len(self.entities) else None

    def active_step(self) -> Step | None:
        current = self.current_entity()
        return next((s for s in self.steps if not s.passed and s.blocking(current)), None)

    def step(self, name: str) -> Step | None:
        return next((s for s in self.steps if s.name == name), None)

    # -- processing ---------------------------------------------------------

    def process(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        entity = entity_of(action)
        chosen = None
        current = self.current_entity()
        for step in self.steps:
            if step.passed:
                continue
            takes = kind in step.actions(entity)
            blocking = step.blocking(current)
            if blocking and not takes:
                self._explain_refusal(action)
                waiting = self.current_entity()
                raise GameError(
                    "turn order",
                    f"{self.game.name(entity)} cannot {kind.replace('_', ' ')} now: "
                    f"{step.name.replace('_', ' ')} is waiting for {self.game.name(waiting)}",
                )
            if blocking or takes:
                chosen = step
                break
        if chosen is None:
            self._explain_refusal(action)
            raise GameError("turn order", f"{self.game.name(entity)} cannot {kind.replace('_', ' ')} now")
        chosen.process(action)
        self.after_step(action)
        self.skip_steps()
        self.after_process(action)

    def _explain_refusal(self, action: dict[str, Any]) -> None:
        """An action nobody takes, by the entity whose turn it is: let the first step
        that handles its kind name the rule it breaks (see :meth:`Step.explain`); else,
        when a step waits for that entity, say which step of its turn it is at and what
        that step offers (never that the step waits for the entity itself)."""
        entity, current = entity_of(action), self.current_entity()
        if entity != current and not (
            entity in self.game.companies and self.game.owner_of(entity) == current
        ):
            return
        for step in self.steps:
            if not step.passed and hasattr(step, f"process_{action['type']}"):
                error = step.explain(action)
                if error is not None:
                    raise error
        waiting = self.active_step()
        if waiting is not None and entity == current:
            offered = ", ".join(a.replace("_", " ") for a in waiting.actions(entity)) or "nothing"
            raise GameError(
                "turn order",
                f"{self.game.name(entity)} cannot {action['type'].replace('_', ' ')} now: its turn "
                f"has come to {waiting.name.replace('_', ' ')}, which offers {offered}",
            )

    def after_step(self, action: dict[str, Any]) -> None:
        """Between the step and the skipping of steps."""

    def skip_steps(self) -> None:
        current = self.current_entity()
        for step in self.steps:
            if step.passed or not step.blocks:
                continue
            if step.blocking(current):
                break
            step.skip()
            current = self.current_entity()

    def after_process(self, action: dict[str, Any]) -> None:
        if self.active_step() is None and not self.finished():
            self.next_entity()

    def next_entity(self) -> None:
        raise NotImplementedError

    def reset_steps(self) -> None:
        for step in self.steps:
            step.passed = False
            step.setup()

    # -- the round's life ----------------------------------------------------

    def finished(self) -> bool:
        raise NotImplementedError

    def finish(self) -> None:
        """What happens when the round is over."""

    def phase_changed(self) -> None:
        """A new phase began during this round."""

    def corporation_closed(self, sym: str) -> None:
        """A corporation left the game during this round."""

    # -- saving --------------------------------------------------------------

    STATE: tuple[str, ...] = ("entities", "index")

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.STATE}
        data["kind"] = self.kind
        data["name"] = self.name
        data["steps"] = [s.to_dict() for s in self.steps]
        return data

    def load(self, data: dict[str, Any]) -> None:
        for name in self.STATE:
            setattr(self, name, data[name])
        for step, saved in zip(self.steps, data["steps"], strict=True):
            step.load(saved)
