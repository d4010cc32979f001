"""pytest configuration: doctests run for every module except the entry point, and the
test files known to be long run first.

The suite runs on pytest-xdist's work-stealing scheduler (``--dist worksteal`` in
pyproject.toml): each worker starts with an even share of the tests in collection order
and, when it runs out, takes the last tests still waiting on another worker. A long test
last in a queue would be run alone at the end while the other worker idles, so the files
of :data:`LONG_FIRST` (their tests take seconds each: whole games played by bots or in
Chromium, hypothesis searches, the 18xx.games engine in Ruby) are moved to the front, the
longest first; every other test keeps its place. Whole files move, so a module's fixtures
are still made once.
"""

from __future__ import annotations

import sys

import pytest

collect_ignore = ["framework/__main__.py"]

LONG_FIRST = (
    "tests/test_serve_play.py",
    "tests/test_import.py",
    "tests/test_bots.py",
    "tests/test_gamefile_fuzz.py",
    "tests/test_cli_fuzz.py",
    "tests/test_18Steam_economy.py",
    "tests/test_serve_page.py",
    "tests/test_hooks.py",
    "tests/test_18Steam_rules.py",
    "tests/test_viewer.py",
    "tests/test_viewer_routes.py",
    "tests/test_fuzz_cases.py",
)
"""Test files measured as the longest (CPU seconds, the browser's included), longest first."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the tests of :data:`LONG_FIRST` first, in its order; the rest keep theirs."""
    rank = {path: k for k, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Close the worker's shared Chromium, if a browser test started one."""
    support = sys.modules.get("browser_support")
    if support is not None:
        support._Shared.close()
