"""Hooks: the small Python functions a title uses for behaviour its data cannot express.

A title names a hook where the format allows one (``{hook: name}`` as a train
event, ``hook: name`` for a custom round); the function lives in ``hooks.py``
in the title's own folder. The module is imported only when the title names at
least one hook, only from that folder, and only when a game needs it: checking
a title reads ``hooks.py`` without running it.

``hooks.py`` must be a regular file in the title's folder: a symlink (even to a
file inside the folder), a folder or a device of that name is refused, before
anything is read or imported, so a title's code is always the title's own.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from framework.problems import Mark, Problem, ProblemsError
from framework.title.files import display_path
from framework.title.model import Title
from framework.yamlsource import DataPath

HOOKS_FILE = "hooks.py"
_REGULAR = "a hook file must be a regular file inside the title's folder"


def hook_references(title: Title) -> Iterator[tuple[DataPath, str]]:
    """``(path, name)`` for every hook the title names."""
    for name, train in title.trains.items():
        for i, event in enumerate(train.events):
            if event.hook:
                yield (("trains", name, "events", i, "hook"), event.hook)
    for name, rnd in title.rounds.items():
        if rnd.hook:
            yield (("rounds", name, "hook"), rnd.hook)
    for point, name in title.hooks.items():
        yield (("hooks", point), name)


def hooks_file_problem(folder: Path) -> str | None:
    """Why the folder's ``hooks.py`` may not be used (it is not a regular file inside
    the folder), or ``None`` when it may, or does not exist. Nothing is followed:
    the file's own entry in the folder is what is looked at."""
    file = folder / HOOKS_FILE
    try:
        mode = file.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{display_path(file)} cannot be read: {exc.strerror}"
    if stat.S_ISLNK(mode):
        return f"{display_path(file)} is a symbolic link (to {os.readlink(file)}); {_REGULAR}"
    if not stat.S_ISREG(mode):
        return f"{display_path(file)} is not a regular file; {_REGULAR}"
    return None


def defined_functions(file: Path) -> set[str]:
    """Top-level function names of a Python file, read without running it.

    Raises :class:`SyntaxError` when the file is not valid Python.
    """
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def load_hooks(title: Title) -> dict[str, Callable[..., Any]]:
    """The functions the title names as hooks, imported from its ``hooks.py``.

    Returns an empty mapping, importing nothing, when the title names no hook.
    """
    names = {name for _, name in hook_references(title)}
    if not names:
        return {}
    if title.folder is None:
        raise ProblemsError([Problem("the title names hooks but was not loaded from a folder")])
    file = title.folder / HOOKS_FILE
    refused = hooks_file_problem(title.folder)
    if refused is not None:
        raise ProblemsError([Problem(refused, Mark(display_path(file), 1, 1))])
    if not file.is_file():
        raise ProblemsError(
            [Problem(f"the title names hooks but has no {HOOKS_FILE}", Mark(display_path(file), 1, 1))]
        )
    digest = hashlib.sha1(str(file.resolve()).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(f"_title_hooks_{digest}", file)
    if spec is None or spec.loader is None:  # pragma: no cover - the checks saw the file
        raise ProblemsError([Problem(f"cannot import {file}")])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {name: getattr(module, name) for name in sorted(names)}
