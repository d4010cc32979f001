"""18Steam's hooks package (``titles/18Steam/hooks``), as the engine imports it.

``from steam_hooks import link_id`` finds the name in the package's modules, so a
test names what it uses from the title's own code as it would from a library. The
package is the one the title's games run (the same classes), imported once.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from framework.title.loader import load_title

TITLE_DIR = Path(__file__).resolve().parents[1] / "titles" / "18Steam"

MODULES = (
    "state",
    "track",
    "build",
    "moves",
    "rounds",
    "model",
    "actions",
    "checks",
    "bot",
    "figures",
    "drawing",
    "panels",
    "rules",
    "reports",
)
"""The package's modules, searched in this order (then the package itself)."""


@cache
def package() -> str:
    """The name the engine imported the package under (the title is loaded once for it)."""
    data = load_title(TITLE_DIR).layer_part("data")
    assert data is not None, "18Steam names its layer's data part"
    return data.__module__.rpartition(".")[0]


@cache
def module(name: str = "") -> ModuleType:
    """The package (``""``) or one of its modules."""
    return importlib.import_module(f"{package()}.{name}" if name else package())


def __getattr__(name: str) -> Any:
    for part in (*MODULES, ""):
        found = getattr(module(part), name, None)
        if found is not None and not isinstance(found, ModuleType):
            return found
    raise AttributeError(f"18Steam's hooks define no {name!r}")
