"""Rounds: who acts, in which order, through which steps.

:class:`Round` runs the turn model shared by every round (reference §4.0): an
action goes to the first active step that is blocking or takes its type; after
it, steps that offer nothing are skipped up to the first that waits; when no
step waits, the round moves to its next entity. The kinds of round —
auction, stock, operating, custom — decide the entities and what happens at
their start and end.

The state a round keeps for its steps is theirs to declare (``Step.ROUND_STATE``): the
round makes each attribute when it sets its steps up, makes the per-turn ones anew at
every turn (:meth:`Round.reset_turn_state`) and saves them all with the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine.round_state import LibraryRoundState
from framework.engine.steps import STEP_TYPES, RoundState, Step
from framework.engine.steps.base import Choice, entity_of

if TYPE_CHECKING:
    from framework.engine.game import Game


Choices = dict[str, dict[str, list[Choice]]]
"""Entity → action type → the concrete choices (:meth:`Round.choices`)."""


class Round(LibraryRoundState):
    """The turn model and the entity rotation."""

    kind = ""

    STATE: tuple[str, ...] = ("entities", "index")
    """The round's own attributes saved with the game (a custom round adds its own)."""
    ROUND_STATE: tuple[RoundState, ...] = ()
    """State this kind of round keeps itself, declared as its steps declare theirs."""
    start: Callable[[], None]
    """Set the round up and begin its first turn: every kind of round has it (``make_round``)."""

    def __init__(self, game: Game, name: str):
        self.game = game
        self.name = name
        self.entities: list[str] = []
        self.index = 0
        spec = game.title.rounds[name]
        self.steps: list[Step] = [STEP_TYPES[s.step](self, s.blocking) for s in spec.steps]
        for step, step_spec in zip(self.steps, spec.steps, strict=True):
            step.spec = step_spec
        self._actors = [s for s in self.steps if s.blocks and type(s).acting_entity is not Step.acting_entity]
        """The steps that may name who acts (the others' ``acting_entity`` is always ``None``)."""
        self._active: Step | None = None
        """The step waiting after the last action (what :meth:`skip_steps` found)."""
        self.declared = declared_state(self)
        """The round state of this round and its steps, by name."""
        for field in self.declared.values():
            setattr(self, field.name, field.fresh())

    def reset_turn_state(self) -> None:
        """Make the round state kept for one turn anew (``RoundState.per_turn``)."""
        for field in self.declared.values():
            if field.per_turn:
                setattr(self, field.name, field.fresh())

    # -- who acts -----------------------------------------------------------

    def current_entity(self) -> str | None:
        for step in self._actors:
            if not step.passed:
                override = step.acting_entity()
                if override is not None:
                    return override
        index, entities = self.index, self.entities  # self.entity(), asked most often here
        return entities[index] if 0 <= index < len(entities) else None

    def entity(self) -> str | None:
        """The entity whose turn it is."""
        return self.entities[self.index] if 0 <= self.index < len(self.entities) else None

    def turn_of(self) -> str:
        """The entity whose turn it is, for what happens only during a turn (a step taking
        an action, passing, paying): there is one then."""
        entity = self.entity()
        if entity is None:
            raise RuntimeError(f"no entity's turn in the {self.kind} round")
        return entity

    def active_step(self) -> Step | None:
        current = self.current_entity()
        return next((s for s in self.steps if not s.passed and s.blocking(current)), None)

    def step(self, name: str) -> Step | None:
        return next((s for s in self.steps if s.name == name), None)

    # -- what may be done ---------------------------------------------------

    def choices(self) -> Choices:
        """For every entity that may act — the current one, the companies the operator
        owns, the operator's president, and those a step names (``other_entities``) —
        each action type the steps would take from it now and its concrete choices."""
        game = self.game
        current = self.current_entity()
        candidates = [current] if current else []
        operator_ = self.entity()
        if operator_ is not None:
            candidates += [s for s, c in game.companies.items() if c.owner == operator_]
            if operator_ in game.corporations:
                president = game.corporations[operator_].president()
                if president and president not in candidates:
                    candidates.append(president)
        for step in self.steps:
            if not step.passed:
                candidates += [e for e in step.other_entities() if e not in candidates]
        out: Choices = {}
        for entity in candidates:
            listed = {}
            for kind, step in self.offered(entity).items():
                found = step.choices(entity, kind)
                if found:
                    listed[kind] = found
            if listed:
                out[entity] = listed
        return out

    def offered(self, entity: str) -> dict[str, Step]:
        """Action type → the step that would take it from ``entity`` now."""
        found: dict[str, Step] = {}
        current = self.current_entity()
        for step in self.steps:
            if step.passed:
                continue
            kinds = step.actions(entity)
            for kind in kinds:
                found.setdefault(kind, step)
            if step.blocking(current):
                return found
        return found

    # -- processing ---------------------------------------------------------

    def process(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        entity = entity_of(action)
        chosen = None
        current = self.current_entity()
        for step in self.steps:
            if step.passed:
                continue
            offered = step.actions(entity)
            takes = kind in offered
            if entity == current and step.waits_when_offering:
                blocking = step.blocks and bool(offered)
            else:
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
        for step in self.steps:
            step.after_action(action)
        self._active = self.skip_steps()
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

    def skip_steps(self) -> Step | None:
        """Skip every blocking step that offers nothing, up to the first that waits; that
        step (:meth:`active_step`, now), or ``None`` when no step waits."""
        current = self.current_entity()
        passed_over = False
        for step in self.steps:
            if step.passed:
                continue
            if not step.blocks:
                passed_over = passed_over or not step.waits_when_offering
                continue
            if step.blocking(current):
                return self.active_step() if passed_over else step
            step.skip()
            if not step.waits_again:  # else nothing changed: the same entity acts
                current = self.current_entity()
        return self.active_step() if passed_over else None

    def after_process(self, action: dict[str, Any]) -> None:
        if self._active is None and not self.finished():
            self.next_entity()

    def next_entity(self) -> None:
        raise NotImplementedError

    def settle(self) -> None:
        """Something outside the steps (a corporation closing) changed what the entity
        in turn may do: skip the steps that no longer wait, and move on when none does."""
        if not self.finished() and self.skip_steps() is None:
            self.next_entity()

    def reset_steps(self) -> None:
        for step in self.steps:
            step.passed = False
            step.setup()

    # -- the round's life ----------------------------------------------------

    def finished(self) -> bool:
        raise NotImplementedError

    def stuck(self) -> bool:
        """Nobody can act, yet the round is not over: only ending the game (``end_game``)
        is left, as in 18xx.games (see the stock round's ``settle``)."""
        return False

    def finish(self) -> None:
        """What happens when the round is over."""

    def phase_changed(self) -> None:
        """A new phase began during this round."""

    def corporation_closed(self, sym: str) -> None:
        """A corporation left the game during this round."""

    # -- saving --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.STATE}
        for name in self.declared:
            data[name] = getattr(self, name)
        data["kind"] = self.kind
        data["name"] = self.name
        data["steps"] = [s.to_dict() for s in self.steps]
        return data

    def load(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`to_dict` saved; round state a saved game lacks (saved
        before a step declared it) is made anew, as the round would have made it."""
        for name in self.STATE:
            setattr(self, name, data[name])
        for name, field in self.declared.items():
            setattr(self, name, data[name] if name in data else field.fresh())
        for step, saved in zip(self.steps, data["steps"], strict=True):
            step.load(saved)


def declared_state(round_: Round) -> dict[str, RoundState]:
    """The round state ``round_`` and its steps declare, by name, the round's first. Steps
    sharing a piece of state name one declaration; two that differ, or one that would
    hide an attribute of the round, are a bug of the library, refused here."""
    found: dict[str, RoundState] = {}
    owners: tuple[Round | Step, ...] = (round_, *round_.steps)
    for owner in owners:
        for field in owner.ROUND_STATE:
            known = found.setdefault(field.name, field)
            if known != field:
                raise TypeError(f"{type(owner).__name__} declares round state {field.name!r} anew")
            if hasattr(round_, field.name) or field.name in (*round_.STATE, "declared"):
                raise TypeError(f"round state {field.name!r} would hide {type(round_).__name__}.{field.name}")
    return found
