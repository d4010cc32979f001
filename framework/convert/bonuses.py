"""The ``bonuses`` section of a converted title, from what its ``revenue_for`` adds.

18xx.games titles give route bonuses in code (an overridden ``revenue_for``). ``dump.rb``
asks the built game's ``revenue_for`` about two-stop routes of each corporation
(``route_bonuses``): a route joining the corporation's home and another hex that earns
more than the stops' values, where neither hex with a third earns anything, is that
corporation's ``all_hexes`` bonus (1888's destinations).

It also asks (``revenue_shares``) what routes with a stop of each group of the map earn
more, with other stops worth 10 to 2,000: where the extra is always the same percent of
their worth rounded down to a multiple, that is a ``revenue_share`` bonus of the group's
hexes (1850Jr's ports: half, to a multiple of 10, a port and two other stops).

And it asks (``offboard_pairs``) what two-stop routes joining two off-boards earn more,
where neither off-board with a city does: pairs of one amount that join every hex of
one group to every hex of another make a ``hex_groups`` bonus of the two groups (1882's
Hudson Bay bonus: B12 with B2 or I1, 100).

Subsidies a title pays by its own ``routes_subsidy`` (``route_subsidies``: a route
stopping in each hex of the map) are ``all_hexes`` bonuses ``paid_to: treasury``, named
as the title names them (1888's mine in C5: 40).
"""

from __future__ import annotations

from typing import Any

ROUNDINGS = (100, 50, 25, 20, 10, 5, 2, 1)
"""The multiples a share may be rounded down to, the coarsest tried first."""


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


def revenue_shares(found: Any) -> dict[str, Any]:
    """The revenue shares of the probe's findings: each group whose extra is one percent
    of the other stops' worth, rounded down, for every worth asked."""
    out: dict[str, Any] = {}
    for f in found if isinstance(found, list) else []:
        samples = [(int(w), int(e)) for w, e in f.get("samples") or [] if isinstance(e, int)]
        fit = _share_of(samples)
        if fit is None or not f.get("hexes"):
            continue
        group = str(f["group"])
        entry: dict[str, Any] = {
            "kind": "revenue_share",
            "name": group,
            "label": group,
            "hexes": [str(h) for h in f["hexes"]],
            "percent": fit[0],
        }
        if fit[1] > 1:
            entry["round_down_to"] = fit[1]
        if isinstance(f.get("min_stops"), int) and f["min_stops"] > 2:
            entry["min_stops"] = f["min_stops"]
        out[group] = entry
    return out


def _share_of(samples: list[tuple[int, int]]) -> tuple[int, int] | None:
    """``(percent, multiple)`` giving every ``(worth, extra)`` sample, if one does."""
    if len(samples) < 10 or not any(extra for _, extra in samples):
        return None
    for multiple in ROUNDINGS:
        for percent in range(1, 201):
            if all(w * percent // 100 // multiple * multiple == e for w, e in samples):
                return percent, multiple
    return None


def route_subsidies(found: Any, name: str = "subsidy") -> dict[str, Any]:
    """The subsidies of the probe's findings: one bonus per hex, paid to the treasury."""
    out: dict[str, Any] = {}
    for f in found if isinstance(found, list) else []:
        if not isinstance(f, dict) or not isinstance(f.get("amount"), int) or f["amount"] <= 0:
            continue
        hex_id = str(f.get("hex"))
        out[f"{name}_{hex_id}"] = {
            "kind": "all_hexes",
            "name": name,
            "label": name,
            "hexes": [hex_id],
            "amount": f["amount"],
            "paid_to": "treasury",
        }
    return out


def offboard_groups(found: Any) -> dict[str, Any]:
    """The ``hex_groups`` bonuses of the probe's pairs: for each amount, the pairs joined
    into two groups where every hex of one pairs with every hex of the other (and no
    other pairs of the amount touch them). Where some pairs make no such groups (the
    bonus is the sum of values of both ends: 18 Los Angeles' east-west and north-south),
    each pair is a bonus of its own: a route's two off-boards are its ends, so it earns
    one at most. A group is ``multiplied`` where every pair of it doubled with a train
    doubling its stops."""
    pairs: dict[int, set[frozenset[str]]] = {}
    multiplied: set[frozenset[str]] = set()
    for f in found if isinstance(found, list) else []:
        hexes = f.get("hexes") if isinstance(f, dict) else None
        if isinstance(hexes, list) and len(hexes) == 2 and isinstance(f.get("amount"), int):
            pair = frozenset(str(h) for h in hexes)
            pairs.setdefault(f["amount"], set()).add(pair)
            if f.get("multiplied") is True:
                multiplied.add(pair)
    grouped: list[tuple[list[list[str]], int]] = []
    for amount, joined in sorted(pairs.items()):
        parts = _bipartite(joined)
        if sum(len(a) * len(b) for a, b in parts) != len(joined):
            grouped = [([[a], [b]], n) for n, js in sorted(pairs.items()) for a, b in sorted(map(sorted, js))]
            break
        grouped += [(sorted(sorted(side) for side in sides), amount) for sides in parts]
    out: dict[str, Any] = {}
    for groups, amount in grouped:
        bonus = {
            "kind": "hex_groups",
            "name": f"{' or '.join(groups[0])} to {' or '.join(groups[1])}",
            "label": "+".join(groups[0]),
            "groups": groups,
            "amount": amount,
        }
        if all(frozenset((a, b)) in multiplied for a in groups[0] for b in groups[1]):
            bonus["multiplied"] = True  # (the probe of gray city pairs: 1867's Timmins)
        out[f"hex_groups_{'_'.join(h for g in groups for h in g)}"] = bonus
    return out


def _bipartite(pairs: set[frozenset[str]]) -> list[tuple[set[str], set[str]]]:
    """The connected parts of ``pairs`` that are complete between two sides."""
    left = set(pairs)
    out = []
    while left:
        part = {left.pop()}
        hexes = set(next(iter(part)))
        grown = True
        while grown:
            grown = False
            for pair in list(left):
                if pair & hexes:
                    left.discard(pair)
                    part.add(pair)
                    hexes |= pair
                    grown = True
        side: dict[str, int] = {}
        start = min(hexes)
        side[start] = 0
        queue = [start]
        while queue:
            h = queue.pop()
            for pair in part:
                if h in pair:
                    (other,) = pair - {h}
                    if other not in side:
                        side[other] = 1 - side[h]
                        queue.append(other)
        a = {h for h in hexes if side.get(h) == 0}
        b = hexes - a
        if len(part) == len(a) * len(b) and all(len(pair & a) == 1 for pair in part):
            out.append((a, b))
    return out
