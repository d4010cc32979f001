"""How players start corporations, from the dump's probes of the title's own stock step:
the par prices each may start at (``par_zones``), the phase from which it may
(``available_from``), and corporations started by a bid (``started_by: bid``,
``rules.stock.start_bid``: 18xx.games' ``BuySellParSharesViaBid``).

>>> zones = {"par": {"mark": "p", "par": True}, "par_1": {"mark": "x", "par": True}}
>>> zones_for({50, 60, 70}, zones, [["50x", "60x", "70p", "80"]])
['par', 'par_1']
>>> zones_for({50, 60}, zones, [["50x", "60x", "70p", "80"]])
['par_1']
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from framework.convert.gaps import Gaps

_CELL = re.compile(r"^(\d+)([A-Za-z]*)$")


def zones_for(prices: set[int], zones: dict[str, Any], grid: list[list[str | None]]) -> list[str] | None:
    """The fewest par zones whose cells hold exactly ``prices`` (every par zone when that
    is what it takes), or ``None`` when no set of zones does."""
    par = {name: zone["mark"] for name, zone in zones.items() if zone.get("par")}
    cells: dict[str, set[int]] = {name: set() for name in par}
    for row in grid:
        for code in row:
            match = _CELL.match(code or "")
            if match is None:
                continue
            for name, mark in par.items():
                if mark in match.group(2):
                    cells[name].add(int(match.group(1)))
    names = sorted(par)
    for size in range(1, len(names) + 1):
        for chosen in itertools.combinations(names, size):
            if set().union(*(cells[z] for z in chosen)) == prices:
                return list(chosen)
    return None


def convert_starts(out: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> None:
    """Write ``par_zones``, ``available_from``, ``from_stock_round``, ``sold_out_rises``
    and ``started_by`` on the corporations and ``rules.stock.start_bid``, as the dump's
    ``par_prices``, ``available_from``, ``later_starts``, ``never_sold_out`` and
    ``start_bids`` found them."""
    corporations: dict[str, Any] = out["corporations"]
    market = out["market"]
    marks = {z["mark"] for z in market["zones"].values() if z.get("par")}
    all_par = {
        int(m.group(1))
        for row in market["grid"]
        for code in row
        if (m := _CELL.match(code or "")) and set(m.group(2)) & marks
    }
    for sym, prices in (build.get("par_prices") or {}).items():
        if sym not in corporations or not isinstance(prices, list) or set(prices) == all_par:
            continue
        zones = zones_for(set(prices), market["zones"], market["grid"])
        if zones is None:
            gaps.add("corporations", f"corporation {sym}: starts only at par prices {sorted(prices)}")
        else:
            corporations[sym]["par_zones"] = zones
            for zone in zones:
                gaps.drop("market", f"{zone} cells")
    phases = set(out["phases"])
    waits = dict(build.get("available_from") or {})
    never = _never_started(build, waits.pop("never", None) or [], waits.pop("built", None))
    for sym, phase in waits.items():
        if sym in corporations and str(phase) in phases:
            corporations[sym]["available_from"] = str(phase)
    for sym in build.get("later_starts") or []:
        if sym in corporations:
            corporations[sym]["from_stock_round"] = 2
    for sym in build.get("never_sold_out") or []:
        if sym in corporations:
            corporations[sym]["sold_out_rises"] = False
    by_bid = _start_bids(out, build, gaps)
    for sym in never:
        if sym in corporations and sym not in by_bid and "started_by" not in corporations[sym]:
            corporations[sym]["started_by"] = "none"


def _never_started(build: dict[str, Any], never: list[str], built: list[str] | None) -> list[str]:
    """The corporations no player starts: of a type no corporation a player may start has
    (1832's systems, 1844's SBB, 1856's CGR: no phase lets a player start them; 1867's
    and 1861's nationals, which the title's setup keeps out of play but for their
    stations). A corporation no phase lets a player start, of a type others are started
    of, waits for something else (1862 USA-Canada's groups, 1882's CN its station)."""
    if not isinstance(built, list):
        return []
    types = {str(c.get("sym")): c.get("type") for c in build.get("corporations") or [] if isinstance(c, dict)}
    started = {types.get(sym) for sym in built if sym not in never}
    out = [sym for sym in never if types.get(sym) is not None and types[sym] not in started]
    out += [s for s, kind in types.items() if s not in built and kind is not None and kind not in started]
    return out


def _start_bids(out: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> list[str]:
    """The corporations started by a bid (written so, with the rule), or none."""
    found = build.get("start_bids")
    if not isinstance(found, dict):
        return []
    corporations: dict[str, Any] = out["corporations"]
    kinds: dict[str, Any] = found.get("kinds") or {}
    after: dict[str, Any] = found.get("kinds_after") or {}
    types = {str(c.get("sym")): c.get("type") for c in build.get("corporations") or [] if isinstance(c, dict)}
    # those bid on at the start, and those of their type not offered then (refused, or
    # kept for later: 1867's green minors)
    bid_types = {types.get(sym) for sym, kind in kinds.items() if kind == "bid"} - {None}
    by_bid = [
        sym
        for sym in corporations
        if kinds.get(sym) == "bid" or (kinds.get(sym) != "par" and types.get(sym) in bid_types)
    ]
    if found.get("par") is None or found.get("turn_after") not in ("winner", "opener"):
        gaps.add(
            "rounds",
            "stock round: a corporation's auction winner then starts it as the title's own step says",
        )
        return []
    if found.get("treasury") != found.get("bid") or not found.get("president"):
        gaps.add(
            "rounds", "stock round: the winning bid for a corporation goes where the title's own step says"
        )
        return []
    rule: dict[str, Any] = {"min_bid": int(found.get("MIN_BID") or found.get("min_bid") or 0)}
    if isinstance(found.get("MAX_MINOR_PAR"), int):
        rule["max_par"] = found["MAX_MINOR_PAR"]
    rule["turn_after"] = found["turn_after"]
    open_now = [sym for sym in by_bid if kinds.get(sym) == "bid"]
    open_after = [sym for sym in by_bid if after.get(sym) == "bid"]
    if len(open_now) == 1 and len(by_bid) > 1:
        if len(open_after) == 1:
            rule["in_order"] = True
        elif len(open_after) > 1:
            rule["first"] = open_now[0]
    for sym in by_bid:
        corporations[sym]["started_by"] = "bid"
    out["rules"].setdefault("stock", {})["start_bid"] = rule
    gaps.drop("rounds", "stock round: step BuySellParSharesViaBid")
    gaps.drop("rounds", "stock round: no share dealing step")
    return by_bid
