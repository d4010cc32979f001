"""Hooks: the Python a title uses for behaviour its data cannot express.

A title names a hook where the format allows one (``{hook: name}`` as a train
event, ``hook: name`` for a custom round, a moment or its ``layer`` in the
``hooks`` section); the function (or class) lives in the title's own folder,
either in one file ``hooks.py`` or in a package ``hooks/`` (``hooks/__init__.py``
and its modules) for a title with more code. The code is imported only when the
title names at least one hook, only from that folder, and only when needed:
checking a title reads its hooks without running them, except a title with a
``layer`` section, whose layer's model validates that section.

The hooks must be the folder's own: ``hooks.py``, the ``hooks/`` folder and every
file inside it must be regular entries of the title's folder. A symlink (even to a
file inside the folder), a device or a fifo is refused, before anything is read or
imported, so a title's code is always the title's own.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.problems import Mark, Problem, ProblemsError
from framework.title.files import display_path
from framework.yamlsource import DataPath

if TYPE_CHECKING:
    from framework.title.model import Title

HOOKS_FILE = "hooks.py"
HOOKS_PACKAGE = "hooks"
_REGULAR = "title hooks must be regular files inside the title's folder"


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


def hooks_entry(folder: Path) -> Path | None:
    """The title's hooks: ``hooks.py`` or the ``hooks/`` package's ``__init__.py``
    (whichever exists), or ``None``."""
    package = folder / HOOKS_PACKAGE / "__init__.py"
    if os.path.lexists(folder / HOOKS_PACKAGE):
        return package
    if os.path.lexists(folder / HOOKS_FILE):
        return folder / HOOKS_FILE
    return None


def hook_files(folder: Path) -> list[Path]:
    """Every file of the title's hooks (for its fingerprint), in a stable order."""
    if os.path.lexists(folder / HOOKS_PACKAGE):
        return sorted(p for p in (folder / HOOKS_PACKAGE).rglob("*.py") if p.is_file())
    return [folder / HOOKS_FILE] if (folder / HOOKS_FILE).is_file() else []


def _refusal(path: Path, directory: bool = False) -> str | None:
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{display_path(path)} cannot be read: {exc.strerror}"
    if stat.S_ISLNK(mode):
        return f"{display_path(path)} is a symbolic link (to {os.readlink(path)}); {_REGULAR}"
    if directory and not stat.S_ISDIR(mode):
        return f"{display_path(path)} is not a folder; {_REGULAR}"
    if not directory and not stat.S_ISREG(mode):
        return f"{display_path(path)} is not a regular file; {_REGULAR}"
    return None


def hooks_file_problem(folder: Path) -> str | None:
    """Why the folder's hooks may not be used (an entry that is not a regular file
    or folder of its own), or ``None`` when they may, or do not exist. Nothing is
    followed: each entry's own kind is what is looked at."""
    if os.path.lexists(folder / HOOKS_FILE) and os.path.lexists(folder / HOOKS_PACKAGE):
        return f"{display_path(folder)} has both {HOOKS_FILE} and {HOOKS_PACKAGE}/; keep one"
    package = folder / HOOKS_PACKAGE
    if not os.path.lexists(package):
        return _refusal(folder / HOOKS_FILE)
    refused = _refusal(package, directory=True)
    if refused is not None:
        return refused
    for root, dirs, files in os.walk(package):
        for name in sorted(dirs):
            refused = _refusal(Path(root) / name, directory=True)
            if refused is not None:
                return refused
        for name in sorted(files):
            refused = _refusal(Path(root) / name)
            if refused is not None:
                return refused
    if not (package / "__init__.py").is_file():
        return f"{display_path(package)}/ has no __init__.py"
    return None


def defined_functions(file: Path) -> set[str]:
    """The names a hooks module defines at its top level — functions, classes, names
    imported from its own modules and assigned — read without running it.

    Raises :class:`SyntaxError` when the file is not valid Python.
    """
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def import_hooks(folder: Path, names: set[str]) -> dict[str, Callable[..., Any]]:
    """The named functions of the folder's hooks, imported once while their files
    stay the same (so a title and its games share the same classes)."""
    refused = hooks_file_problem(folder)
    entry = hooks_entry(folder)
    if refused is not None:
        raise ProblemsError([Problem(refused, Mark(display_path(entry or folder / HOOKS_FILE), 1, 1))])
    if entry is None or not entry.is_file():
        raise ProblemsError(
            [
                Problem(
                    f"the title names hooks but has no {HOOKS_FILE}",
                    Mark(display_path(folder / HOOKS_FILE), 1, 1),
                )
            ]
        )
    stamp = [str(entry.resolve())]
    for file in hook_files(folder):
        info = file.stat()
        stamp.append(f"{file.name}:{info.st_mtime_ns}:{info.st_size}")
    digest = hashlib.sha1("|".join(stamp).encode()).hexdigest()[:12]
    module_name = f"_title_hooks_{digest}"  # a changed file is a new module
    module = sys.modules.get(module_name)
    if module is None:
        package = entry.name == "__init__.py"
        spec = importlib.util.spec_from_file_location(
            module_name, entry, submodule_search_locations=[str(entry.parent)] if package else None
        )
        if spec is None or spec.loader is None:  # pragma: no cover - the checks saw the file
            raise ProblemsError([Problem(f"cannot import {entry}")])
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # a package's modules import each other through it
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
    missing = sorted(name for name in names if not hasattr(module, name))
    if missing:
        raise ProblemsError(
            [Problem(f"{display_path(entry)} has no {', '.join(missing)}", Mark(display_path(entry), 1, 1))]
        )
    return {name: getattr(module, name) for name in sorted(names)}


def load_hooks(title: Title) -> dict[str, Callable[..., Any]]:
    """The functions the title names as hooks, imported from its hooks.

    Returns an empty mapping, importing nothing, when the title names no hook.
    """
    names = {name for _, name in hook_references(title)}
    if not names:
        return {}
    if title.folder is None:
        raise ProblemsError([Problem("the title names hooks but was not loaded from a folder")])
    return import_hooks(title.folder, names)
