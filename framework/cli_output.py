"""What every ``18xx`` command prints with: the consoles, problems and failures.

Messages for people go to standard error, results to standard output; markup is
off, so names with brackets print as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from framework.problems import Problem, ProblemsError

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


def read_game(path: Path, title: Path | None = None) -> tuple[Any, Any]:
    """A game file and the title it plays (from the file, or the folder ``title``); on a
    problem, the exit (status 1) to raise, after saying what is wrong."""
    from framework.gamefile import GameFile
    from framework.gamefile_model import check_seats
    from framework.replay import title_for

    try:
        record = GameFile.read(path)
        chosen = title_for(record, title) if title else title_for(record)
        check_seats(record, chosen, str(path))
        return record, chosen
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except FileNotFoundError as exc:
        raise fail(f"{path}: no title named {exc.filename or 'in the file'}") from None
