"""The step library's catalogue, made from the step classes: for every step its name,
class, the kinds of round that may list it, whether it waits, what it does, the actions
it takes and the round state it keeps. The title layer reads it from
``framework/data/steps.yaml`` (:mod:`framework.title.step_library`) to check a title's
rounds without the engine, and the reference page ``docs/reference/steps.md`` is made
from it; ``tests/test_step_library.py`` checks that the file is what the classes give.
``python -m framework.engine.steps.catalogue`` writes it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from framework.base.atomic import write_atomic
from framework.engine.steps import STEP_TYPES
from framework.engine.steps.base import Step
from framework.title.step_library import CATALOGUE_FILE

HEADER = """\
# The step library: every step a title's rounds may list (docs/reference/steps.md).
# Generated from the step classes (framework/engine/steps/) by
# `python -m framework.engine.steps.catalogue`; do not edit.
"""


def actions_of(cls: type[Step]) -> list[str]:
    """The action types the step takes (its ``process_<type>`` methods; every step that
    waits takes a ``pass`` too)."""
    return sorted(
        name.removeprefix("process_")
        for name in dir(cls)
        if name.startswith("process_") and name != "process_pass"
    )


def entry(cls: type[Step]) -> dict[str, Any]:
    """The catalogue's entry of a step class."""
    return {
        "class": f"{cls.__module__}.{cls.__qualname__}",
        "rounds": sorted(cls.rounds),
        "waits": cls.blocks,
        "description": cls.description,
        "actions": actions_of(cls),
        "round_state": [
            {"name": f.name, "per": "turn" if f.per_turn else "round", "doc": f.doc} for f in cls.ROUND_STATE
        ],
    }


def catalogue() -> dict[str, dict[str, Any]]:
    """Every step of the library by name, in alphabetical order."""
    return {name: entry(STEP_TYPES[name]) for name in sorted(STEP_TYPES)}


def catalogue_text() -> str:
    """The catalogue as the text of ``framework/data/steps.yaml`` (each value written as
    JSON, which YAML reads as it is)."""
    lines = [HEADER.rstrip("\n")]
    for name, fields in catalogue().items():
        lines.append(f"{name}:")
        for key, value in fields.items():
            if key == "round_state":
                lines.append(f"  {key}:" + ("" if value else " []"))
                lines += [f"    - {json.dumps(item, ensure_ascii=False)}" for item in value]
            else:
                lines.append(f"  {key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def write(path: Path = CATALOGUE_FILE) -> Path:
    """Write the catalogue to ``path``."""
    write_atomic(path, catalogue_text().encode("utf-8"))
    return path


if __name__ == "__main__":  # pragma: no cover
    print(f"wrote {write(Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGUE_FILE)}")
