"""Problems found in user input, each pointing at ``file:line:col``.

Every error the framework reports about a title file, an overlay or a game file
is a :class:`Problem`: a message and, when known, a :class:`Mark` saying where
in which file the problem is. Several problems are collected and raised
together as a :class:`ProblemsError`, so a user sees all of them at once.

>>> p = Problem("unknown key 'colour'", Mark("titles/x/map.yaml", 12, 5))
>>> str(p)
"titles/x/map.yaml:12:5: unknown key 'colour'"
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Mark:
    """A position in a source file; ``line`` and ``col`` count from 1."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, and where it is."""

    message: str
    mark: Mark | None = None

    def __str__(self) -> str:
        return f"{self.mark}: {self.message}" if self.mark else self.message

    def sort_key(self) -> tuple[str, int, int, str]:
        m = self.mark
        return (m.file, m.line, m.col, self.message) if m else ("", 0, 0, self.message)


class ProblemsError(Exception):
    """One or more problems that stop the input from being used.

    ``str()`` lists them one per line, sorted by file and position.
    """

    def __init__(self, problems: Iterable[Problem], stage: str = "semantic"):
        self.problems: list[Problem] = sorted(set(problems), key=Problem.sort_key)
        self.stage = stage
        """``syntax``, ``schema`` or ``semantic``: how far checking got."""
        super().__init__("\n".join(map(str, self.problems)))
