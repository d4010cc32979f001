"""The step library's base class and registry.

A round is an ordered list of steps. A step offers actions to entities
(:meth:`Step.actions`); a *blocking* step that offers the current entity
something waits for it, and the round refuses any action the waiting step does
not take. After every action the round passes (*skips*) each blocking step
that offers nothing, up to the first that waits — this is how a recorded
``pass`` finds the step it belongs to (reference §4.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from framework.base.errors import GameError

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.rounds import Round

STEP_TYPES: dict[str, type[Step]] = {}


def step(name: str):
    """Register a step class under its library name."""

    def register(cls: type[Step]) -> type[Step]:
        cls.name = name
        STEP_TYPES[name] = cls
        return cls

    return register


class Step:
    """One step of a round."""

    name: ClassVar[str] = ""
    blocks: bool = True
    """Whether this kind of step can wait for an action (non-blocking steps never do)."""
    STATE: ClassVar[tuple[str, ...]] = ()
    """Attributes saved with the game, besides ``passed``."""

    def __init__(self, round: Round, blocks: bool | None = None):
        self.round = round
        self.game: Game = round.game
        if blocks is not None:
            self.blocks = blocks
        self.passed = False
        self.setup()

    # -- the turn model ---------------------------------------------------

    def setup(self) -> None:
        """Reset for a new entity or turn."""

    def actions(self, entity: str) -> list[str]:
        """The action types this step offers ``entity`` now."""
        return []

    def blocking(self, current: str | None = None) -> bool:
        """Whether this step waits for the round's current entity (pass it when known)."""
        if not self.blocks:
            return False
        return bool(self.actions(current if current is not None else self.round.current_entity()))

    def acting_entity(self) -> str | None:
        """The entity this step waits for, when it is not the round's (e.g. a discard)."""
        return None

    def other_entities(self) -> list[str]:
        """Entities besides the round's, its companies and its president that this step
        may take actions from now (a player's company acting out of turn)."""
        return []

    def explain(self, action: dict[str, Any]) -> GameError | None:
        """Why this step does not take ``action`` from the entity whose turn it is, when
        a rule of the step forbids it (the round otherwise refuses it as out of turn)."""
        return None

    def process(self, action: dict[str, Any]) -> None:
        handler = getattr(self, f"process_{action['type']}", None)
        if handler is None:
            raise GameError("step", f"{self.name} cannot take a {action['type']}")
        handler(action)

    def process_pass(self, action: dict[str, Any]) -> None:
        self.passed = True

    def skip(self) -> None:
        """Passed because it offers nothing; subclasses add side effects."""
        self.passed = True

    # -- saving -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {"passed": self.passed}
        for name in self.STATE:
            data[name] = getattr(self, name)
        return data

    def load(self, data: dict[str, Any]) -> None:
        self.passed = data["passed"]
        for name in self.STATE:
            setattr(self, name, data[name])


class WaitingStep(Step):
    """A step that waits, whoever's turn it is, while the round names an entity in its
    ``waits_for`` attribute (a home token to put back, a teleport token to place)."""

    waits_for: ClassVar[str] = ""

    def waiting(self) -> str | None:
        """The entity the step waits for, if any."""
        return getattr(self.round, self.waits_for, None)

    def acting_entity(self) -> str | None:
        return self.waiting()

    def blocking(self, current: str | None = None) -> bool:
        return self.waiting() is not None

    def skip(self) -> None:
        """Never passed: it waits whenever the round names an entity for it."""


def entity_of(action: dict[str, Any]) -> str:
    return str(action.get("entity"))
