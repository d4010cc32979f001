"""What every ``18xx`` command prints with: the consoles, problems and failures.

Messages for people go to standard error, results to standard output; markup is
off, so names with brackets print as they are.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from framework.base.problems import Problem, ProblemsError

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def say(text: str) -> None:
    """Print a line of results."""
    out.print(text, markup=False)


def report(problems: list[Problem], stage: str = "semantic") -> None:
    """Print problems to standard error, one per line (``file:line:col: message``),
    then a count."""
    for problem in problems:
        err.print(str(problem), markup=False)
    n = len(problems)
    note = "" if stage == "semantic" else " (references between sections are checked once these are fixed)"
    err.print(f"{n} problem{'s' if n != 1 else ''} found{note}", markup=False)


def fail(message: str) -> typer.Exit:
    """Print ``message`` to standard error; the exit (status 1) to raise."""
    err.print(message, markup=False)
    return typer.Exit(1)


def problems_exit(exc: ProblemsError) -> typer.Exit:
    """Report a title's problems; the exit (status 1) to raise."""
    report(exc.problems, exc.stage)
    return typer.Exit(1)


def reported(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` with a problem that escapes it reported, not raised: a
    :class:`ProblemsError` as its problems, a :class:`GameError` (a game that cannot be
    set up or go on, such as a title hook that fails) as its message; exit status 1."""
    from framework.base.errors import GameError

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except ProblemsError as exc:
            raise problems_exit(exc) from None
        except GameError as exc:
            raise fail(str(exc)) from None

    return run


def warn(message: str) -> None:
    """Print a warning line to standard error."""
    err.print(f"warning: {message}", markup=False)


def title_arg(arg: Path) -> Path:
    """The title folder a TITLE argument or ``--title`` names: an existing path, or a
    title name looked up on the title search path; on a problem, the exit to raise."""
    from framework.title.paths import TitleLookupError, resolve

    try:
        return resolve(arg)
    except TitleLookupError as exc:
        raise fail(str(exc)) from None


def check_players(title: Path, players: int) -> None:
    """A usage error unless the title can be played by ``players`` players."""
    from framework.record.replay import counts_text, player_counts
    from framework.title.loader import load_title

    try:
        base = load_title(title)
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except FileNotFoundError as exc:
        raise fail(f"{title}: {exc}") from None
    if players not in player_counts(base):
        raise typer.BadParameter(f"{players}: {counts_text(base)}", param_hint="'--players'")


def read_game(path: Path, title: Path | None = None) -> tuple[Any, Any]:
    """A game file and the title it plays (the one the file names, found on the title
    search path, or ``title``: a folder or a name); on a problem, the exit (status 1) to
    raise, after saying what is wrong. When the file records that it was played with a
    title of another fingerprint, a warning says so first."""
    from framework.record.gamefile import GameFile
    from framework.record.provenance import title_warning
    from framework.record.replay import check_game, title_for
    from framework.title.paths import TitleLookupError

    folder = title_arg(title) if title is not None else None
    try:
        record = GameFile.read(path)
        chosen = title_for(record, folder)
        check_game(record, chosen)
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except TitleLookupError as exc:
        raise fail(f"{path}: {exc}") from None
    except FileNotFoundError as exc:
        raise fail(f"{path}: no title named {exc.filename or 'in the file'}") from None
    warning = title_warning(record.raw, chosen)
    if warning:
        warn(warning)
    return record, chosen


def replay_to(path: Path, at: int | None, title: Path | None = None) -> tuple[Any, Any, Any]:
    """The game file at ``path``, its title (as :func:`read_game` finds it) and the
    outcome of replaying it to its end, or to action ``at`` (an ``--at`` that names no
    action of the file is a usage error)."""
    from framework.record.replay import NoSuchPosition, check_position, replay

    record, chosen = read_game(path, title)
    if at is not None:
        try:
            check_position(record, at)
        except NoSuchPosition as exc:
            raise typer.BadParameter(f"{path}: {exc}", param_hint="'--at'") from None
    return record, chosen, replay(record, chosen, stop_after=at)
