"""The step library's base class and registry.

A round is an ordered list of steps. A step offers actions to entities
(:meth:`Step.actions`); a *blocking* step that offers the current entity
something waits for it, and the round refuses any action the waiting step does
not take. After every action the round passes (*skips*) each blocking step
that offers nothing, up to the first that waits — this is how a recorded
``pass`` finds the step it belongs to (reference §4.0).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from framework.base.errors import GameError

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.rounds import Round
    from framework.title.rounds import Step as StepSpec

Choice = dict[str, Any]
"""One concrete choice of an action type: its fields, without ``entity`` and ``id``."""

STEP_TYPES: dict[str, type[Step]] = {}
"""The step library: every step class, by its library name (``@step``)."""


_IMMUTABLE = (bool, int, float, str, tuple, frozenset, type(None))
"""Values a copy of which is the value itself."""


@dataclass(frozen=True)
class RoundState:
    """A piece of state a step keeps on its round: the round makes the attribute ``name``
    when the step is set up (a copy of ``default``), makes it anew at the start of every
    turn when ``per_turn``, and saves it with the game. Steps that share it (one writes,
    another reads) name the same declaration."""

    name: str
    default: Any
    doc: str
    per_turn: bool = False

    def fresh(self) -> Any:
        """A new value: a copy of the default (a list or a mapping is never shared)."""
        default = self.default
        return default if isinstance(default, _IMMUTABLE) else copy.copy(default)


def step(name: str) -> Callable[[type[Step]], type[Step]]:
    """Register a step class under its library name."""

    def register(cls: type[Step]) -> type[Step]:
        cls.name = name
        STEP_TYPES[name] = cls
        return cls

    return register


class Step:
    """One step of a round."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    """What the step does, in a sentence: the step library's text (docs/reference/steps.md)."""
    rounds: ClassVar[tuple[str, ...]] = ("operating",)
    """The kinds of round that may list the step."""
    blocks: bool = True
    """Whether this kind of step can wait for an action (non-blocking steps never do)."""
    waits_again: ClassVar[bool] = False
    """Whether the step is never passed: skipping it changes nothing, and it waits again
    whenever its rule says (a discard, a pending home token, a lay that must be made)."""
    STATE: ClassVar[tuple[str, ...]] = ()
    """The step's own attributes saved with the game, besides ``passed``."""
    ROUND_STATE: ClassVar[tuple[RoundState, ...]] = ()
    """The state the step keeps on its round (see :class:`RoundState`)."""
    round_name: ClassVar[str | None] = None
    """What 18xx.games calls a round played with this step, when not its kind's usual
    name (a draft's round is its ``Draft Round``)."""
    spec: StepSpec | None = None
    """The title's entry for this step in its round (its parameters), once the round
    has built it."""
    waits_when_offering: ClassVar[bool] = True
    """Whether the step waits exactly when it offers the entity whose turn it is something
    (its :meth:`blocking` is this class's): then what it offers says whether it waits."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.waits_when_offering = cls.blocking is Step.blocking

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

    def begin(self) -> None:
        """The round starts, its entities known (an auction puts its first company up)."""

    def actions(self, entity: str) -> list[str]:
        """The action types this step offers ``entity`` now."""
        return []

    def blocking(self, current: str | None = None) -> bool:
        """Whether this step waits for the round's current entity (pass it when known)."""
        if not self.blocks:
            return False
        entity = current if current is not None else self.round.current_entity()
        return entity is not None and bool(self.actions(entity))

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

    def choices(self, entity: str, kind: str) -> list[Choice]:
        """The concrete choices of an action of type ``kind`` this step offers ``entity``
        now: those of its ``choices_<kind>`` method, or one choice with no fields (a pass,
        a bankruptcy)."""
        listing = getattr(self, f"choices_{kind}", None)
        return listing(entity) if listing is not None else [{}]

    def process(self, action: dict[str, Any]) -> None:
        handler = getattr(self, f"process_{action['type']}", None)
        if handler is None:
            raise GameError("step", f"{self.name} cannot take a {action['type']}")
        handler(action)

    def process_pass(self, action: dict[str, Any]) -> None:
        self.passed = True

    def after_action(self, action: dict[str, Any]) -> None:
        """Any step's action was processed (before steps that offer nothing are skipped)."""

    def skip(self) -> None:
        """Passed because it offers nothing (unless it :attr:`waits_again`); subclasses add
        side effects."""
        if not self.waits_again:
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
    waits_again = True  # whenever the round names an entity for it

    def waiting(self) -> str | None:
        """The entity the step waits for, if any."""
        return getattr(self.round, self.waits_for, None)

    def acting_entity(self) -> str | None:
        return getattr(self.round, self.waits_for, None)  # waiting(), asked on every question of whose turn

    def blocking(self, current: str | None = None) -> bool:
        return getattr(self.round, self.waits_for, None) is not None


def entity_of(action: dict[str, Any]) -> str:
    return str(action.get("entity"))
