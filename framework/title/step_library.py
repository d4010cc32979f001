"""The step library as the title layer knows it: every step a round may list, the kinds
of round that may list it and what it does, read from ``framework/data/steps.yaml``.

That file is a catalogue generated from the step classes of the engine
(:mod:`framework.engine.steps.catalogue`), so a title's rounds are checked without the
engine and the names cannot drift from the classes (``tests/test_step_library.py``).

>>> STEP_LIBRARY["track"].rounds
('operating',)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from framework.base import yamlsource

CATALOGUE_FILE = Path(__file__).resolve().parents[1] / "data" / "steps.yaml"


@dataclass(frozen=True)
class KeptState:
    """A piece of state a step keeps on its round."""

    name: str
    per: str
    """``turn`` (made anew every turn) or ``round``."""
    doc: str


@dataclass(frozen=True)
class StepEntry:
    """A step of the library, as the catalogue describes it."""

    name: str
    cls: str
    """The step's class, ``module.Class``."""
    rounds: tuple[str, ...]
    """The kinds of round that may list it."""
    waits: bool
    """Whether it may wait for an action (a step that never waits is offered alongside)."""
    description: str
    actions: tuple[str, ...]
    """The action types it takes, besides a pass."""
    round_state: tuple[KeptState, ...]


def read_catalogue(path: Path = CATALOGUE_FILE) -> dict[str, StepEntry]:
    """The catalogue's steps, by name."""
    data = yamlsource.load(path, "framework/data/steps.yaml").data
    return {
        str(name): StepEntry(
            name=str(name),
            cls=fields["class"],
            rounds=tuple(fields["rounds"]),
            waits=fields["waits"],
            description=fields["description"],
            actions=tuple(fields["actions"]),
            round_state=tuple(KeptState(**kept) for kept in fields["round_state"]),
        )
        for name, fields in data.items()
    }


STEP_LIBRARY: dict[str, StepEntry] = read_catalogue()
"""The framework's step library: every step a round may list, by name."""

STEPS: dict[str, str] = {name: entry.description for name, entry in STEP_LIBRARY.items()}
"""What each step of the library does."""

STEP_ROUNDS: dict[str, set[str]] = {name: set(entry.rounds) for name, entry in STEP_LIBRARY.items()}
"""Round kinds each step may appear in."""

if TYPE_CHECKING:  # a Literal built from the catalogue: pydantic reads it, a checker sees a str
    StepName = str
else:
    StepName = Literal[tuple(STEP_LIBRARY)]
"""A step's name in the library."""
