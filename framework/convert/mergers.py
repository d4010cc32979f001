"""Minors that a train's event merges into corporations (``merges_into`` and the
``minors_merge`` event), from the dump's ``minor_mergers`` probe: a fresh game's event
run with each minor in a player's hands shows the corporation its treasury goes to and
the certificate its owner gets for it.
"""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def convert_minor_mergers(
    probed: Any, trains_raw: Any, trains: dict[str, Any], minors: dict[str, Any], gaps: Gaps
) -> None:
    """Write each merging minor's ``merges_into`` and the ``minors_merge`` event on the
    trains whose event merges them (in place), when every minor the event closes goes to
    a corporation with one certificate for its owner."""
    if not isinstance(probed, list) or not isinstance(trains_raw, list):
        return
    for found in probed:
        kind = str(found.get("event"))
        merged: dict[str, Any] = found.get("minors") or {}
        entries = {sym: _merger(sym, m, minors) for sym, m in merged.items()}
        if not entries or any(e is None for e in entries.values()):
            continue
        for sym, entry in entries.items():
            minors[sym]["merges_into"] = entry
        for train in trains_raw:
            name = str(train.get("name"))
            kinds = [str(e.get("type") if isinstance(e, dict) else e) for e in train.get("events") or []]
            if kind in kinds and name in trains:
                trains[name].setdefault("events", []).append("minors_merge")
                gaps.drop("trains", f"train {name}: event {kind}")
    if any("merges_into" in m for m in minors.values()):
        gaps.drop("corporations", "minors: how they start, operate and merge")
        gaps.add("corporations", "minors: how they start and operate is the title's code")


def _merger(sym: str, merged: Any, minors: dict[str, Any]) -> dict[str, Any] | None:
    if sym not in minors or not isinstance(merged, dict):
        return None
    share = merged.get("share") or {}
    corporation, _, index = str(share.get("id", "")).rpartition("_")
    if corporation != merged.get("corporation") or not index.isdigit() or not share.get("held_back"):
        return None
    entry: dict[str, Any] = {"corporation": corporation, "share": int(index)}
    if share.get("counts_for_limit") is False:
        entry["counts_for_limit"] = False
    return entry
