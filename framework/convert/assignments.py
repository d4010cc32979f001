"""Companies assigned to a hex and to a corporation (18xx.games' assignments, paid by a
title's own ``revenue_for``): ``dump.rb``'s ``assignment_bonuses`` probe says, for each
company with an ``assign_hexes`` ability, what a route earns more in each of its hexes
once the company is assigned there and to the route's corporation, the train event that
removes the assignments, how often a corporation owning it assigns it, and whether a
player owning it assigns it (to a hex and to a corporation of their choice). They become
the company's ``assigned_bonus``.
"""

from __future__ import annotations

from typing import Any

from framework.convert.entities import phase_starts


def probed_assignments(dump: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The probe's findings by company, over every build of the title (a random setup
    leaves some companies out of each)."""
    found: dict[str, dict[str, Any]] = {}
    builds = [*(dump.get("builds") or {}).values(), *(dump.get("rule_builds") or {}).values()]
    for build in builds:
        probed = build.get("assignment_bonuses") if isinstance(build, dict) else None
        if isinstance(probed, dict):
            for sym, entry in probed.items():
                if isinstance(entry, dict):
                    found.setdefault(str(sym), entry)
    return found


def assignment_bonuses(probed: dict[str, dict[str, Any]], phases: Any) -> dict[str, dict[str, Any]]:
    """The ``assigned_bonus`` of each probed company, by company: its hexes, the amount
    most of them pay (``amounts`` for those paying another), its assignments (``count``,
    or ``per_round`` where a corporation owning it assigns it once in each operating
    round), ``player_assigns``, and the phase whose start removes it (``until``)."""
    starts = phase_starts(phases)
    out = {}
    for sym, found in probed.items():
        amounts = found.get("amounts")
        hexes = found.get("hexes")
        if not isinstance(amounts, dict) or not isinstance(hexes, list) or not hexes:
            continue
        if not all(isinstance(a, int) and a > 0 for a in amounts.values()):
            continue
        values = [amounts[h] for h in hexes if h in amounts]
        if len(values) != len(hexes):
            continue
        amount = max(set(values), key=values.count)
        bonus: dict[str, Any] = {"type": "assigned_bonus", "hexes": [str(h) for h in hexes], "amount": amount}
        others = {str(h): a for h, a in amounts.items() if a != amount}
        if others:
            bonus["amounts"] = others
        if isinstance(found.get("per_round"), int) and found["per_round"] > 0:
            bonus["per_round"] = found["per_round"]
        elif isinstance(found.get("count"), int) and found["count"] > 1:
            bonus["count"] = found["count"]
        when = found.get("when")
        if isinstance(when, list) and when and set(when) <= {"track_and_token", "track", "route"}:
            bonus["during"] = "track"
        if found.get("player_assigns") is True:
            bonus["player_assigns"] = True
        if isinstance(found.get("others"), int) and found["others"] > 0:
            bonus["others_amount"] = found["others"]
        if found.get("closes_in_place") is True:
            bonus["closes_in_place"] = True
        if found.get("until_train") is not None and str(found["until_train"]) in starts:
            bonus["until"] = starts[str(found["until_train"])]
        out[sym] = bonus
    return out
