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
    if int(index) < 1:  # the president's certificate (1835's Prussian): not a trade-in share
        return None
    entry: dict[str, Any] = {"corporation": corporation, "share": int(index)}
    if share.get("counts_for_limit") is False:
        entry["counts_for_limit"] = False
    return entry


def convert_merger_offers(
    build: dict[str, Any], trains_raw: Any, trains: dict[str, Any], rounds: dict[str, Any], gaps: Gaps
) -> None:
    """Write a ``merger_offer`` event (in place) for a train event named after a
    corporation's merger (``<sym>_merger``): the corporations excluded are those whose
    charter says they cannot be merged into it (a described ``base`` ability), the
    certificate exchanged is its last; the operating round gets the ``merger_offer`` step
    (after ``home_token``, as 18xx.games' Merge step)."""
    if not isinstance(trains_raw, list):
        return
    charters = {str(c.get("sym")): c for c in build.get("corporations") or [] if isinstance(c, dict)}
    objects = {str(c.get("sym")): c for c in build.get("corporation_objects") or [] if isinstance(c, dict)}
    by_name = {sym.lower(): sym for sym in charters}
    found = False
    for train in trains_raw:
        name = str(train.get("name"))
        for event in train.get("events") or []:
            kind = str(event.get("type") if isinstance(event, dict) else event)
            into = by_name.get(kind.removesuffix("_merger")) if kind.endswith("_merger") else None
            if into is None or name not in trains or not objects.get(into, {}).get("shares"):
                continue
            last = len(objects[into]["shares"]) - 1
            offer: dict[str, Any] = {"into": into, "excluded": _excluded(charters, into), "certificate": last}
            trains[name].setdefault("events", []).append({"type": "merger_offer", "offer": offer})
            gaps.drop("trains", f"train {name}: event {kind}")
            found = True
    steps = (rounds.get("operating") or {}).get("steps")
    if found and isinstance(steps, list) and "merger_offer" not in steps:
        at = steps.index("home_token") + 1 if "home_token" in steps else 0
        steps.insert(at, "merger_offer")
        gaps.drop("rounds", "operating round: the title's step Merge ")


def _excluded(charters: dict[str, Any], into: str) -> list[str]:
    """Corporations whose charter says they cannot be merged into ``into``."""
    said = f"cannot be merged into {into}".lower()
    return [
        sym
        for sym, charter in charters.items()
        if any(said in str(a.get("description", "")).lower() for a in charter.get("abilities") or [])
    ]
