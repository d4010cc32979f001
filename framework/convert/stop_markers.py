"""Markers a corporation may buy for a hex, doubling its routes' stop there
(``stop_marker``), from a built game's corporation ``assign_hexes`` ability with a cost
(1850's edge tokens)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def write_stop_markers(corporations: dict[str, Any], built: list[dict[str, Any]], gaps: Gaps) -> None:
    """A ``stop_marker`` on each kept corporation whose built game's charter has an
    ``assign_hexes`` ability of one hex with a positive ``cost`` and a description (the
    marker's name: the description up to its price, "Edge Token ($50): ..."); the gap of
    that Ruby ability is closed."""
    for corp in built:
        sym = str(corp.get("sym"))
        if sym not in corporations:
            continue
        for ability in corp.get("abilities") or []:
            marker = _marker(ability)
            if marker is None:
                continue
            corporations[sym].setdefault("abilities", []).append(marker)
            gaps.drop("corporations", f"corporation {sym}: ability assign_hexes")


def _marker(ability: Any) -> dict[str, Any] | None:
    if not isinstance(ability, dict) or ability.get("type") != "assign_hexes":
        return None
    cost, hexes, text = ability.get("cost"), ability.get("hexes"), ability.get("description")
    if not isinstance(cost, int) or isinstance(cost, bool) or cost <= 0:
        return None
    if not isinstance(hexes, list) or len(hexes) != 1 or not isinstance(text, str) or not text.strip():
        return None
    name = text.split(" (")[0].split(":")[0].strip()
    return {"type": "stop_marker", "hexes": [str(hexes[0])], "price": cost, "name": name or "Stop Marker"}
