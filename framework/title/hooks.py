"""Hooks: the Python a title uses for behaviour its data cannot express.

A title names a hook where the format allows one (``{hook: name}`` as a train
event, ``hook: name`` for a custom round, a moment or a part of its layer in the
``hooks`` section, :mod:`framework.title.moments`); the function (or class) lives in the title's own folder,
either in one file ``hooks.py`` or in a package ``hooks/`` (``hooks/__init__.py``
and its modules) for a title with more code. The code is imported only when the
title names at least one hook, only from that folder, and only when needed:
checking a title reads its hooks without running them, except the parts of a
title's own layer (``hooks.layer``), imported to check them and to validate the
``layer`` section with the data part's model.

The hooks must be the folder's own: ``hooks.py``, the ``hooks/`` folder and every
file inside it must be regular entries of the title's folder. A symlink (even to a
file inside the folder), a device or a fifo is refused, before anything is read or
imported, so a title's code is always the title's own.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import math
import os
import stat
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.base.problems import Mark, Problem, ProblemsError
from framework.base.yamlsource import DataPath
from framework.title.files import display_path
from framework.title.moments import MOMENTS, moment_call

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
    for path, name in title.hooks.named():
        yield (("hooks", *path), name)


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


@dataclass(frozen=True)
class Definition:
    """What a hooks module's top level says of one name, read without running it."""

    kind: str
    """``function`` or ``class``."""
    least: int = 0
    """The positional arguments a function needs."""
    most: float = 0
    """The most positional arguments it takes (infinite with ``*args``)."""
    sets_up_round: bool = False
    """A function whose return annotation is a round (``Round`` or one of the module's
    round classes): the hook of a custom round, setting the round up."""
    keywords: tuple[str, ...] = ()
    """The keyword-only arguments a function needs (the framework passes none)."""


def definitions(file: Path) -> dict[str, Definition]:
    """The functions and classes a hooks module defines at its top level (names it
    imports or assigns are not known: they are left out). Raises :class:`SyntaxError`."""
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    rounds = {"Round"}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(_named(base) in rounds for base in node.bases):
            rounds.add(node.name)
    found: dict[str, Definition] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = Definition("class")
        elif isinstance(node, ast.FunctionDef):
            args = node.args
            positional = len(args.posonlyargs) + len(args.args)
            most = math.inf if args.vararg is not None else positional
            returns = _named(node.returns) if node.returns is not None else ""
            least = positional - len(args.defaults)
            needed = tuple(a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None)
            found[node.name] = Definition("function", least, most, returns in rounds, needed)
    return found


def _named(node: ast.expr) -> str:
    """The name an annotation or a base class is written with (``Round``, ``rounds.Round``
    and ``"Round"`` are all ``Round``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.rsplit(".", 1)[-1]
    return ""


MOMENT_CALLS: dict[str, tuple[str, ...]] = {moment: moment_call(moment) for moment in MOMENTS}
"""The arguments the framework calls the hook of each moment with (its protocol's)."""


def place_of(path: DataPath) -> str:
    """Where a title names a hook, in its words: ``hooks.after_dividend``, ``train 5's
    event 2``, ``round requisition``."""
    if path[0] == "trains":
        return f"train {path[1]}'s event {int(path[3]) + 1}"
    if path[0] == "rounds":
        return f"round {path[1]}"
    return ".".join(map(str, path))


def kind_problem(path: DataPath, name: str, found: Definition, round_hooks: set[str]) -> str | None:
    """Why ``name``, named as the hook at ``path``, is not the kind of hook the framework
    calls there (a class where a function is called, a function that takes other
    arguments or sets up a round), or ``None`` (a part of the layer is checked by
    importing it). ``round_hooks`` are the names the title gives as the hooks of its
    custom rounds."""
    place = place_of(path)
    if path[:2] == ("hooks", "layer"):  # imported and checked when the title is loaded
        return None
    if path[0] == "rounds":
        if found.kind == "class":
            return None
        call: tuple[str, ...] = ("game", "name")
    else:
        call = MOMENT_CALLS.get(str(path[-1]), ()) if path[0] == "hooks" else ("game", "train")
        written = f"hook({', '.join(call)})"
        if found.kind == "class":
            return f"{name} is a class; {place} calls a function, as {written}"
        if found.sets_up_round or name in round_hooks:
            return f"{name} sets up a round (the hook of a custom round); {place} calls its hook as {written}"
    if found.keywords:
        return (
            f"{name} needs the keyword argument {found.keywords[0]}; "
            f"{place} calls it as hook({', '.join(call)})"
        )
    if not found.least <= len(call) <= found.most:
        takes = found.least if found.least == found.most else f"{found.least} to {found.most}"
        if found.most == math.inf:
            takes = f"at least {found.least}"
        return (
            f"{name} takes {takes} argument{'s' if takes != 1 else ''}; "
            f"{place} calls it with {len(call)}, as hook({', '.join(call)})"
        )
    return None


def import_hooks(folder: Path, names: set[str]) -> dict[str, Callable[..., Any]]:
    """The named functions of the folder's hooks, imported once while their files
    stay the same (so a title and its games share the same classes)."""
    module = hooks_module(folder)
    entry = hooks_entry(folder) or folder / HOOKS_FILE
    missing = sorted(name for name in names if not hasattr(module, name))
    if missing:
        raise ProblemsError(
            [Problem(f"{display_path(entry)} has no {', '.join(missing)}", Mark(display_path(entry), 1, 1))]
        )
    return {name: getattr(module, name) for name in sorted(names)}


def hooks_module(folder: Path) -> ModuleType:
    """The folder's hooks as a module, imported once while their files stay the same."""
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
    return module


def load_hooks(title: Title) -> dict[str, Callable[..., Any]]:
    """The functions the title names as hooks, imported from its hooks, each guarded
    (:func:`guarded`) so that what it raises is reported as a :class:`HookFailed`.

    Returns an empty mapping, importing nothing, when the title names no hook.
    """
    places: dict[str, str] = {}
    for path, name in hook_references(title):
        places.setdefault(name, place_of(path))
    if not places:
        return {}
    if title.folder is None:
        raise ProblemsError([Problem("the title names hooks but was not loaded from a folder")])
    found = import_hooks(title.folder, set(places))
    return {name: guarded(name, places[name], hook, title.folder) for name, hook in found.items()}


class HookFailed(GameError):
    """A title's hook raised an exception of its own: a fault of the title, not a refused
    action. The message names the hook, where the title names it, the round and who was
    acting, and the line of the title's code that raised; :meth:`Game.process
    <framework.engine.game.Game.process>` adds the action's id, as for any refusal."""


@functools.cache
def guarded(name: str, place: str, hook: Callable[..., Any], folder: Path) -> Callable[..., Any]:
    """``hook`` (a function; a class is returned as it is), with an exception it raises
    turned into :class:`HookFailed`. A :class:`GameError` it raises is its refusal of an
    action and passes as it is. Made once for each hook, as its module is imported once."""
    if isinstance(hook, type) or not callable(hook):
        return hook

    @functools.wraps(hook)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return hook(*args, **kwargs)
        except GameError:
            raise
        except Exception as exc:
            at = _position(args[0] if args else None)
            cause = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            where = _raised_at(exc, folder)
            raise HookFailed("hook", f"the title's hook {name} ({place}) failed{at}: {cause}{where}") from exc

    return call


def _position(game: Any) -> str:
    """`` in OR2.1, KHJ acting``: the position of the game a hook was called with."""
    if not hasattr(game, "round_label"):
        return ""
    if getattr(game, "round", None) is None:  # the game is being set up
        return " during setup"
    try:
        label = game.round_label()
    except Exception:  # not a game, or one too broken to say: the hook's failure is the news
        return ""
    try:
        acting = game.current_entity()
        who = f", {game.name(acting)} acting" if acting is not None else ""
    except Exception:  # a game still being set up has nobody acting
        who = ""
    return f" in {label}{who}"


def _raised_at(exc: BaseException, folder: Path) -> str:
    """`` (at titles/x/hooks.py:12)``: the last line of the title's own code the exception
    passed through."""
    base = folder.resolve()
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        file = Path(frame.filename)
        if file.is_absolute() and file.resolve().is_relative_to(base):
            return f" (at {display_path(file)}:{frame.lineno})"
    return ""
