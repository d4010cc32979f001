"""Cairo for the tests that write PNG.

PNG is drawn by cairosvg (PyPI, in the test extra), which loads the system's Cairo library
(Debian: libcairo2). Without it a test that needs it is skipped with the message the
framework itself gives (:func:`framework.render.output.png_problem`, naming the package),
unless ``RAILS18XX_REQUIRE_CAIRO=1`` (CI sets it and ``.ci/run`` installs libcairo2), so
CI never skips one.
"""

from __future__ import annotations

import os

import pytest

from framework.render.output import png_problem


def need_cairo() -> None:
    """Skip the test unless PNG can be made here (fail instead when CI requires Cairo)."""
    problem = png_problem()
    if problem is None:
        return
    if os.environ.get("RAILS18XX_REQUIRE_CAIRO") == "1":
        pytest.fail(f"Cairo is required (RAILS18XX_REQUIRE_CAIRO=1): {problem}")
    pytest.skip(problem)
