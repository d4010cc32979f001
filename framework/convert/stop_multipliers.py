"""Stops a corporation's routes count several times (``stop_multiplier`` abilities), from
what ``dump.rb``'s ``stop_multipliers`` probe saw the title's ``revenue_for`` pay."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def write_stop_multipliers(corporations: dict[str, Any], probed: Any, gaps: Gaps) -> None:
    """A ``stop_multiplier`` ability (one per number of times) on each corporation the
    title keeps whose routes' stops in some hexes count several times; the gap of its
    Ruby ``hex_bonus`` ability, which is what the title's code reads, is closed."""
    found = probed if isinstance(probed, dict) else {}
    for sym, hexes in found.items():
        if sym not in corporations or not isinstance(hexes, dict):
            continue
        by_times: dict[int, list[str]] = {}
        for hex_id, times in hexes.items():
            if isinstance(times, int) and times >= 2:
                by_times.setdefault(times, []).append(str(hex_id))
        abilities = corporations[sym].setdefault("abilities", [])
        for times, where in sorted(by_times.items()):
            abilities.append({"type": "stop_multiplier", "hexes": sorted(where), "times": times})
        if by_times:
            gaps.drop("corporations", f"corporation {sym}: ability hex_bonus")
