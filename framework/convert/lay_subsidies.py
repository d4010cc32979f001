"""Money the bank pays a corporation for some of its tile actions (``lay_subsidy``
abilities), from what ``dump.rb``'s ``lay_subsidies`` probe saw the title's own track
step pay: a yellow tile on a plain hex (``plain``), a yellow town tile on a town hex
(``town``), and tiles of each colour and label (``green/T``)."""

from __future__ import annotations

from typing import Any


def _subsidies(gains: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``lay_subsidy`` abilities that pay what ``gains`` shows (none where a plain
    lay earns something: that is not a subsidy of some lays)."""
    if gains.get("plain") != 0:
        return []
    out: list[dict[str, Any]] = []
    town = gains.get("town")
    if isinstance(town, int) and town > 0:
        out.append({"type": "lay_subsidy", "amount": town, "towns": True})
    by_label: dict[tuple[str, int], list[str]] = {}
    for key, gain in gains.items():
        if "/" in key and isinstance(gain, int) and gain > 0:
            color, label = key.split("/", 1)
            by_label.setdefault((label, gain), []).append(color)
    for (label, gain), colors in sorted(by_label.items()):
        out.append({"type": "lay_subsidy", "amount": gain, "colors": sorted(colors), "labels": [label]})
    return out


def write_lay_subsidies(corporations: dict[str, Any], companies: dict[str, Any], probed: Any) -> None:
    """A ``lay_subsidy`` ability on each corporation and company whose lays the probe saw
    paid."""
    found = probed if isinstance(probed, dict) else {}
    for kind, entries in (("corporations", corporations), ("companies", companies)):
        for sym, gains in (found.get(kind) or {}).items():
            if sym not in entries or not isinstance(gains, dict):
                continue
            subsidies = _subsidies(gains)
            if subsidies:
                entries[sym].setdefault("abilities", []).extend(subsidies)
