"""Overlays: YAML files that patch a title for a variant or a house rule.

An overlay has the shape of a title file. Its optional ``overlay`` header
names it; every other section is merged into the title following JSON Merge
Patch (RFC 7396):

* a mapping merges key by key into the title's mapping;
* ``null`` removes the key (a train type, a company, a field);
* anything else (a number, a text, a list) replaces the title's value.

A standard tile the title gives by its count alone (``57: 4``) counts as
``{count: 4}`` here, so ``tiles: {57: {upgrades: [14]}}`` keeps its count.

::

    overlay: {name: Rich bank, description: More money and no D trains.}
    bank: {cash: 12000}
    trains:
      D: null

Values taken from the overlay keep their position in the overlay file, so
every error they cause is reported there. A change can also break what the
title itself says (removing a train type other sections name, taking a hex's
city away from a home): :func:`blame` moves such a problem, found only once the
overlays are applied, to the overlay key that caused it, naming the title's
place in the message.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Iterable
from typing import Any

from framework.base.problems import Mark, Problem
from framework.base.yamlsource import DataPath, Located
from framework.title.base import Model
from framework.title.library import is_count


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
        elif isinstance(value, dict) and path == ("tiles",) and is_count(target.get(key)):
            # a standard tile written as its count alone is {count: N}: patch its fields
            target[key] = {"count": target[key]}
            mark = tree.value_mark(where)
            if mark is not None:
                tree.values[(*where, "count")] = mark
            _merge(tree, patch, where, target[key], value, problems)
        else:
            target[key] = copy.deepcopy(value)
            tree.changed[where] = patch.key_mark(where)
            tree.forget(where)
            n = len(where)
            for table_out, table_in in ((tree.values, patch.values), (tree.keys, patch.keys)):
                for p, mark in table_in.items():
                    if p[:n] == where:
                        table_out[p] = mark


Found = tuple[DataPath, str, str]
"""A semantic check's problem: data path, message, and ``"value"`` or ``"key"``."""


def blame(
    found: Iterable[Found],
    tree: Located,
    before: Collection[tuple[DataPath, str]] | None,
    overlay_files: Collection[str],
) -> list[Problem]:
    """The problems of the checks on an overlaid ``tree``, each pointing into an overlay
    when an overlay caused it.

    A problem whose mark is in an overlay file stays there. One marked in the title
    but not found ``before`` the overlays (``(path, message)`` pairs; ``None`` when
    that is not known, and nothing is blamed) was caused by an
    overlay's change or removal: it is reported at that overlay key, with the
    title's place in the message. The change is the one the problem's path lies
    under or above, else the one whose name the message quotes, else one it names
    (other than the names on the problem's own path), else the only change there is;
    with none of these the problem stays in the title, its message naming the overlays.
    """
    changes = [*tree.removed.items(), *tree.changed.items()] if before is not None else []
    problems = []
    for path, message, kind in found:
        mark = tree.value_mark(path) if kind == "value" else tree.key_mark(path)
        if not changes or mark is None or mark.file in overlay_files or (path, message) in (before or ()):
            problems.append(Problem(message, mark))
            continue
        cause = _cause(path, message, changes)
        if cause is None:
            problems.append(Problem(f"{message} (only with {_listed(overlay_files)})", mark))
        else:
            problems.append(Problem(f"{message} (at {mark}, after this overlay's change)", cause))
    return problems


def _cause(path: DataPath, message: str, changes: list[tuple[DataPath, Mark | None]]) -> Mark | None:
    text = message.split("; known:")[0]  # a list of known names says nothing of the cause
    best, score = None, 0
    own = {str(part) for part in path}
    for changed, mark in changes:
        n = min(len(changed), len(path))
        names = [str(part) for part in changed[1:]]
        if changed[:n] == path[:n]:
            points = 3
        elif names and f"'{names[-1]}'" in text:
            points = 2
        elif any(_named(name, text) for name in names if name not in own):
            points = 1
        else:
            continue
        if points > score:
            best, score = mark, points
    if best is None and len(changes) == 1:
        return changes[0][1]
    return best


def _named(name: str, text: str) -> bool:
    """Whether ``text`` mentions ``name`` as a word of its own."""
    return re.search(rf"(?<![\w'-]){re.escape(name)}(?![\w'-])", text) is not None


def _listed(files: Collection[str]) -> str:
    names = sorted(files)
    return ("the overlay " if len(names) == 1 else "the overlays ") + ", ".join(names)
