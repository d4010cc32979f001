"""Comparing a converted title with a hand-written one, field by field (for
tests/test_convert_bundled.py and for looking at the differences by hand)."""

from __future__ import annotations

import warnings
from typing import Any

COSMETIC = {"description", "name", "color", "text_color", "number", "printed", "sources", "overlay", "label"}
"""Fields that say how a thing is shown or called, not a rule."""
HEX_NAMES = ("name", "printed", "printed_index")
"""How the board and 18xx.games' files name a hex and its printed tile."""


def differences(bundled: dict[str, Any], converted: dict[str, Any]) -> set[str]:
    """The rule fields where two titles (``model_dump(mode="json")``) differ, each
    named by its path with hex ids as ``*`` and cut after a company's, corporation's,
    train's or tile's field."""
    found: set[str] = set()

    def key(path: tuple[str, ...]) -> str:
        parts = list(path)
        if parts[:2] in (["map", "hexes"], ["tiles", *parts[1:2]]) and len(parts) > 2:
            parts[2 if parts[0] == "map" else 1] = "*"
        depth = (
            3
            if parts[0] in ("companies", "corporations", "minors", "trains", "tiles", "phases", "map")
            else 2
        )
        if parts[0] in ("map",) and len(parts) > 2 and parts[1] == "hexes":
            depth = 4
        return ".".join(parts[:depth])

    def walk(a: Any, b: Any, path: tuple[str, ...]) -> None:
        if path and path[0] == "title":
            return
        if (path and path[-1] in COSMETIC and path[:2] != ("map", "hexes")) or path[:2] == ("map", "icons"):
            return
        if (
            path[:2] == ("map", "hexes")
            and len(path) == 4
            and path[-1] in ("name", "printed", "printed_index")
        ):
            return  # how the board and 18xx.games' files name a hex's printed tile
        if isinstance(a, dict) and isinstance(b, dict):
            for k in set(a) | set(b):
                walk(a.get(k), b.get(k), (*path, str(k)))
        elif a != b:
            found.add(key(path))

    walk(bundled, converted, ())
    return found


def rule_data(title: Any) -> dict[str, Any]:
    """A loaded title as plain data (``model_dump``), without pydantic's warnings about
    the market's cells, which it dumps as they are."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        data: dict[str, Any] = title.model_dump(mode="json")
    return data
