"""Tile actions a corporation earns by a station in some hexes (``station_lays``), from
what ``dump.rb``'s ``station_lays`` probe saw the title's own ``tile_lays`` give."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps
from framework.convert.rules import _lays


def write_station_lays(corporations: dict[str, Any], probed: Any, gaps: Gaps) -> None:
    """A ``station_lays`` ability on each corporation the title keeps whose tile actions
    change once it has a station in one of its ``assign_hexes`` hexes; the gap of that
    Ruby ability is closed."""
    found = probed if isinstance(probed, dict) else {}
    for sym, seen in found.items():
        if sym not in corporations or not isinstance(seen, dict):
            continue
        hexes = [str(h) for h in seen.get("hexes") or []]
        lays = seen.get("lays")
        if not hexes or not isinstance(lays, list) or not lays:
            continue
        ability = {"type": "station_lays", "hexes": hexes, "lays": _lays(lays, gaps)}
        corporations[sym].setdefault("abilities", []).append(ability)
        gaps.drop("corporations", f"corporation {sym}: ability assign_hexes")
