"""A headless Chromium for the browser tests (the replay viewer, the play page).

Debian's Chromium is driven by Playwright from PyPI. Without them a browser test is
skipped, unless ``RAILS18XX_REQUIRE_BROWSER=1`` (CI sets it and ``.ci/run`` installs both),
so CI never skips one.
"""

from __future__ import annotations

import asyncio
import atexit
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


class _Shared:
    """The worker's one Chromium, launched by the first browser test and closed when the
    worker exits (launching Playwright's driver and Chromium costs a second or two of CPU
    per test otherwise)."""

    playwright: Any = None
    browser: Any = None
    loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def get(cls) -> Any:
        """The shared browser: launched on first use, again if it died."""
        if cls.browser is not None and cls.browser.is_connected():
            return cls.browser
        from playwright import sync_api

        if cls.playwright is None:
            cls.playwright = sync_api.sync_playwright().start()
            cls.loop = asyncio.get_running_loop()  # what Playwright marks running between its calls
            atexit.register(cls.close)
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        return cls.browser

    @classmethod
    def close(cls) -> None:
        """Close the browser and Playwright's driver (at the worker's exit)."""
        if cls.playwright is None:
            return
        asyncio._set_running_loop(cls.loop)
        try:
            if cls.browser is not None:
                cls.browser.close()
        finally:
            cls.playwright.stop()
            cls.playwright = cls.browser = cls.loop = None
            asyncio._set_running_loop(None)


@contextmanager
def browser() -> Iterator[Any]:
    """A Chromium browser, the worker's shared one, with every page and context a test
    opened closed afterwards, so each test starts with none (the test is skipped without
    one, see above)."""
    if os.environ.get("RAILS18XX_REQUIRE_BROWSER") != "1" and not (
        importlib.util.find_spec("playwright") and Path(CHROMIUM).exists()
    ):
        pytest.skip("needs Playwright and Chromium (Debian: apt-get install chromium); .ci/run installs both")
    if _Shared.loop is not None:
        asyncio._set_running_loop(_Shared.loop)
    b = _Shared.get()
    try:
        yield b
    finally:
        try:
            for context in list(b.contexts):
                context.close()
        finally:
            # Playwright's sync API marks its event loop as running in this thread between
            # its calls; other tests (asyncio.run, Dask) must not see it between browser tests.
            asyncio._set_running_loop(None)


def watched_page(b: Any, **options: Any) -> tuple[Any, list[str]]:
    """A new 1400×1000 page (``options`` may change it) and the list its script errors go to."""
    page = b.new_page(**{"viewport": {"width": 1400, "height": 1000}, **options})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors
