"""The ``bonuses`` section of a converted title, from what its ``revenue_for`` adds.

18xx.games titles give route bonuses in code (an overridden ``revenue_for``). ``dump.rb``
asks the built game's ``revenue_for`` about two-stop routes of each corporation
(``route_bonuses``): a route joining the corporation's home and another hex that earns
more than the stops' values, where neither hex with a third earns anything, is that
corporation's ``all_hexes`` bonus (1888's destinations).
"""

from __future__ import annotations

from typing import Any


def route_bonuses(found: Any, corporations: dict[str, Any]) -> dict[str, Any]:
    """The bonuses of the probe's findings, keyed by corporation (and hex, where a
    corporation has several)."""
    if not isinstance(found, list):
        return {}
    entries = [
        f
        for f in found
        if isinstance(f, dict)
        and str(f.get("corporation")) in corporations
        and isinstance(f.get("amount"), int)
        and f["amount"] > 0
        and isinstance(f.get("hexes"), list)
        and len(f["hexes"]) == 2
    ]
    per_corporation: dict[str, int] = {}
    for f in entries:
        per_corporation[str(f["corporation"])] = per_corporation.get(str(f["corporation"]), 0) + 1
    out: dict[str, Any] = {}
    for f in entries:
        sym = str(f["corporation"])
        hexes = [str(h) for h in f["hexes"]]
        key = f"{sym}_destination" if per_corporation[sym] == 1 else f"{sym}_destination_{hexes[1]}"
        out[key] = {
            "kind": "all_hexes",
            "name": "Destination",
            "label": "dest",
            "hexes": hexes,
            "amount": f["amount"],
            "corporations": [sym],
        }
    return out
