"""A headless Chromium for the browser tests (the replay viewer, the play page).

Debian's Chromium is driven by Playwright from PyPI. Without them a browser test is
skipped, unless ``RAILS18XX_REQUIRE_BROWSER=1`` (CI sets it and ``.ci/run`` installs both),
so CI never skips one.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def browser() -> Iterator[Any]:
    """A Chromium browser, closed afterwards (the test is skipped without one, see above)."""
    if os.environ.get("RAILS18XX_REQUIRE_BROWSER") != "1" and not (
        importlib.util.find_spec("playwright") and Path(CHROMIUM).exists()
    ):
        pytest.skip("needs Playwright and Chromium (Debian: apt-get install chromium); .ci/run installs both")
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield b
        finally:
            b.close()


def watched_page(b: Any, **options: Any) -> tuple[Any, list[str]]:
    """A new 1400×1000 page (``options`` may change it) and the list its script errors go to."""
    page = b.new_page(**{"viewport": {"width": 1400, "height": 1000}, **options})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors
