"""The reference pages (docs/reference) are generated from the models and kept in
sync: every field, ability and step is documented with its type, default and meaning."""

from __future__ import annotations

import re
from pathlib import Path

from framework.title import reference

DOCS = Path(__file__).resolve().parents[1] / "docs" / "reference"


def test_the_reference_pages_are_up_to_date():
    for name, text in reference.pages().items():
        path = DOCS / name
        assert path.is_file(), f"{path} is missing: run python -m framework.title.reference"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python -m framework.title.reference"
        )


def test_every_field_ability_and_step_has_a_meaning():
    """No undocumented field, ability field or step: each row's last cell (the meaning)
    is filled in."""
    for name, text in reference.pages().items():
        for line in text.splitlines():
            if line.startswith("| `"):
                cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
                assert cells[-1].strip(), (name, line)
