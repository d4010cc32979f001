"""Overlays: YAML files that patch a title for a variant or a house rule.

An overlay has the shape of a title file. Its optional ``overlay`` header
names it; every other section is merged into the title following JSON Merge
Patch (RFC 7396):

* a mapping merges key by key into the title's mapping;
* ``null`` removes the key (a train type, a company, a field);
* anything else (a number, a text, a list) replaces the title's value.

::

    overlay: {name: Rich bank, description: More money and no D trains.}
    bank: {cash: 12000}
    trains:
      D: null

Values taken from the overlay keep their position in the overlay file, so
every error they cause is reported there.
"""

from __future__ import annotations

import copy
from typing import Any

from framework.problems import Problem
from framework.title.base import Model
from framework.yamlsource import DataPath, Located


class OverlayMeta(Model):
    """The header of an overlay file."""

    name: str
    """What the overlay is called."""
    description: str | None = None
    """What it changes, in words."""


def apply_overlay(tree: Located, patch: Located) -> list[Problem]:
    """Merge ``patch`` into ``tree`` in place; returns problems (removals of absent keys)."""
    problems: list[Problem] = []
    _merge(tree, patch, (), tree.data, patch.data, problems)
    return problems


def _merge(
    tree: Located,
    patch: Located,
    path: DataPath,
    target: dict[str, Any],
    source: dict[str, Any],
    problems: list[Problem],
) -> None:
    for key, value in source.items():
        where = (*path, key)
        if value is None:
            if key in target:
                del target[key]
                tree.forget(where)
                tree.removed[where] = patch.key_mark(where)
            else:
                name = ".".join(map(str, where))
                problems.append(
                    Problem(
                        f"cannot remove {name!r}: the title has no such entry",
                        patch.key_mark(where),
                    )
                )
        elif isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(tree, patch, where, target[key], value, problems)
        else:
            target[key] = copy.deepcopy(value)
            tree.forget(where)
            n = len(where)
            for table_out, table_in in ((tree.values, patch.values), (tree.keys, patch.keys)):
                for p, mark in table_in.items():
                    if p[:n] == where:
                        table_out[p] = mark
