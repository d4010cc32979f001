"""The bank, certificate limit, stock market, rules and game end of a converted title.

18xx.games keeps these in engine constants (``BANK_CASH``, ``CERT_LIMIT``,
``MARKET``, ``SELL_BUY_ORDER``, ``GAME_END_CHECK``…), each with a default in its
base game; the built game gives what a title computes (its players' starting cash,
its certificate limit). Each constant the format has a field for is mapped to it;
a value it has none for is named in the gaps.
"""

from __future__ import annotations

import re
from typing import Any

from framework.convert.gaps import Gaps

ZONES: dict[str, tuple[str, dict[str, Any], str]] = {
    "p": ("par", {"par": True}, "The par prices at which a corporation may be started."),
    "y": ("yellow", {"counts_for_cert_limit": False}, "Certificates here do not count toward the limit."),
    "o": (
        "orange",
        {"counts_for_cert_limit": False, "holding_limit": False},
        "Certificates do not count toward the limit, and a player may hold more than the holding limit.",
    ),
    "b": (
        "brown",
        {"counts_for_cert_limit": False, "holding_limit": False, "multiple_buy": True},
        "Certificates do not count, no holding limit, and several may be bought in one turn.",
    ),
    "e": ("endgame", {"ends_game": True}, "Reaching a cell of this zone ends the game."),
    "c": ("close", {"closes": True}, "A corporation whose price reaches a cell of this zone closes."),
    "P": ("par_overlap", {"par": True}, "Par prices (18xx.games' par_overlap)."),
    "x": ("par_1", {"par": True}, "Par prices of the first kind (18xx.games' par_1)."),
    "z": ("par_2", {"par": True}, "Par prices of the second kind (18xx.games' par_2)."),
    "w": ("par_3", {"par": True}, "Par prices of the third kind (18xx.games' par_3)."),
    "C": (
        "convert_range",
        {"converts": True},
        "A minor priced here may convert into a major (merger rounds).",
    ),
}
OTHER_ZONES = {
    "l": "liquidation",
    "a": "acquisition",
    "r": "repar",
    "i": "ignore_one_sale",
    "j": "ignore_two_sales",
    "s": "safe_par",
    "P": "par_overlap",
    "x": "par_1",
    "z": "par_2",
    "w": "par_3",
    "C": "convert_range",
    "m": "max_price",
    "n": "max_price_1",
    "u": "phase_limited",
    "t": "type_limited",
    "B": "pays_bonus",
    "W": "pays_bonus_1",
    "X": "pays_bonus_2",
    "Y": "pays_bonus_3",
    "Z": "pays_bonus_4",
    "S": "share_split",
    "f": "only_president",
}
LETTER = {
    **{kind: mark for mark, kind in OTHER_ZONES.items()},
    "par": "p",
    "endgame": "e",
    "multiple_buy": "b",
    "unlimited": "o",
    "no_cert_limit": "y",
    "par_overlap": "P",
    "par_1": "x",
    "par_2": "z",
    "par_3": "w",
}
CELL = re.compile(r"^(\d+)([A-Za-z]*)$")
TIMING = {
    "immediate": "immediately",
    "current_or": "end_of_operating_round",
    "full_or": "end_of_set",
    "current_round": "end_of_round",
    "one_more_full_or_set": "end_of_next_set",
}
REASONS = {"bankrupt", "bank", "stock_market", "custom"}
DEFAULT_PRIORITY = ["immediate", "current_round", "current_or", "full_or", "one_more_full_or_set"]
"""18xx.games' ``GAME_END_TIMING_PRIORITY``: the earliest moment ends the game."""
ENDS = ("bankrupt", "bank", "stock_market", "all_closed", "final_train", "final_phase")
"""The end checks of 18xx.games the format says (`game_end`)."""


def constant(constants: dict[str, Any], name: str, default: Any = None) -> Any:
    """The title's value of an engine constant (``default`` when it has none)."""
    entry = constants.get(name)
    return entry["value"] if isinstance(entry, dict) and "value" in entry else default


def convert_market(
    market: Any, constants: dict[str, Any], gaps: Gaps, only_from_pool: bool | None = None
) -> dict[str, Any]:
    """The ``market`` section from 18xx.games' ``MARKET`` rows of cell codes
    (``only_from_pool``: what the built game answers to ``multiple_buy_only_from_market?``,
    where a title decides it in code; else its constant)."""
    if not isinstance(market, list) or not market:
        raise ValueError(f"the market cannot be read: {market}")
    rows = market if isinstance(market[0], list) else [market]
    grid: list[list[str | None]] = []
    marks: set[str] = set()
    for row in rows:
        cells: list[str | None] = []
        for code in row:
            if isinstance(code, dict):
                code = f"{code.get('price', 0)}" + "".join(
                    LETTER.get(str(t), "?") for t in code.get("types") or []
                )
            match = CELL.match(str(code or "").replace("?", ""))
            if not match:
                if code:
                    gaps.add("market", f"market cell {code!r}")
                cells.append(None)
                continue
            price, letters = match.groups()
            if int(price) <= 0 and "c" not in letters:
                gaps.add("market", f"market cell {code!r}: a price of nothing")
                cells.append(None)
                continue
            kept = "".join(dict.fromkeys(letters))
            marks |= set(kept)
            cells.append(f"{int(price)}{kept}")
        if any(cells):
            grid.append(cells)
        else:
            gaps.add("market", "a market row with no cell (left out)")
    zones: dict[str, Any] = {}
    free = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in ZONES and c not in marks and c not in "Pxzw"]
    letter: dict[str, str] = {}
    for mark in sorted(marks):
        if mark in ZONES:
            name, fields, text = ZONES[mark]
            letter[mark] = mark if mark.islower() else free.pop(0)
            zones[name] = {"mark": letter[mark], **fields, "description": text}
            if mark in "Pxzw":
                gaps.add("market", f"{name} cells ({mark}): par prices for some corporations only")
        else:
            kind = OTHER_ZONES.get(mark, f"zone_{mark}")
            letter[mark] = mark if mark.islower() and mark not in ZONES else free.pop(0)
            zones[kind] = {"mark": letter[mark], "description": f"18xx.games' {kind} zone (GAPS.md)"}
            gaps.add("market", f"{kind} cells ({mark}): the format has no such zone effect")
    grid = [[_remark(cell, letter) for cell in row] for row in grid]
    if only_from_pool is None:
        only_from_pool = bool(constant(constants, "MULTIPLE_BUY_ONLY_FROM_MARKET"))
    if "brown" in zones and only_from_pool:
        zones["brown"]["multiple_buy_from"] = ["pool"]
    out: dict[str, Any] = {"zones": zones}
    if len(rows) > 1:
        out["edges"] = {"right": "up", "left": "down", "up": "none", "down": "none"}
    else:
        # 18xx.games moves a price on a one-row market left for down and right for up
        out["edges"] = {"right": "none", "left": "none", "up": "right", "down": "left"}
    out["grid"] = grid
    return out


def _remark(cell: str | None, letter: dict[str, str]) -> str | None:
    if cell is None:
        return None
    match = CELL.match(cell)
    assert match is not None
    price, marks = match.groups()
    return price + "".join(dict.fromkeys(letter[m] for m in marks))


def by_players(value: Any, counts: list[int]) -> dict[int, Any] | None:
    """A value per player count from a number or a mapping by count."""
    if isinstance(value, dict):
        table = {int(k): v for k, v in value.items() if str(k).isdigit()}
        return {n: table[n] for n in counts if n in table} if all(n in table for n in counts) else None
    if isinstance(value, int):
        return dict.fromkeys(counts, value)
    return None


def convert_bank(builds: dict[int, dict[str, Any]], constants: dict[str, Any], gaps: Gaps) -> dict[str, Any]:
    """The ``bank`` section: the built games' starting cash and bank, by player count."""
    cash = {n: b.get("starting_cash") for n, b in builds.items()}
    for n, amount in cash.items():
        if not isinstance(amount, int) or amount <= 0:
            gaps.add("rules", f"starting cash {amount} with {n} players (written as 1)")
            cash[n] = 1
    totals = {b.get("bank_total") for b in builds.values()}
    if any(b.get("bank_unlimited") is True for b in builds.values()):
        gaps.add("rules", "BANK_CASH: an unlimited bank (given here as a large one)")
        totals = {10**6}
    if len(totals) > 1:
        # each player count's own bank is its variant's (``title._player_count_variants``)
        totals = {builds[max(builds)].get("bank_total")}
    return {"cash": max(t for t in totals if isinstance(t, int)), "starting_cash": cash}


def convert_cert_limit(
    builds: dict[int, dict[str, Any]], constants: dict[str, Any], gaps: Gaps
) -> dict[str, Any]:
    """The ``certificate_limit`` section."""
    counts = sorted(builds)
    value = next((b.get("cert_limit") for b in builds.values() if not _error(b.get("cert_limit"))), None)
    out: dict[str, Any] = {
        "counts_companies": bool(constant(constants, "CERT_LIMIT_INCLUDES_PRIVATES", True))
    }
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        outer_players = set(counts) <= {int(k) for k in value if str(k).isdigit()}
        table: dict[int, dict[int, int]] = {}
        for outer, inner in value.items():
            for key, limit in inner.items():
                players, corps = (int(outer), int(key)) if outer_players else (int(key), int(outer))
                table.setdefault(corps, {})[players] = limit
        if table:
            filled: dict[int, dict[int, int]] = {}
            for corps in sorted(table, reverse=True):
                row = {}
                for n in counts:
                    given = [k for k in sorted(table) if k >= corps and n in table[k]]
                    given = given or [k for k in sorted(table, reverse=True) if n in table[k]]
                    if given:
                        row[n] = table[given[0]][n]
                filled[corps] = row
            if all(len(row) == len(counts) for row in filled.values()):
                out["by_corporations"] = filled
                return out
    limits = by_players(value, counts)
    if limits is None:
        now = {n: b.get("cert_limit_now") for n, b in builds.items()}
        limits = {n: v if isinstance(v, int) else 99 for n, v in now.items()}
        gaps.add("rules", "the certificate limit is computed in code: the built games' limits are given")
    out["players"] = limits
    return out


def _error(value: Any) -> bool:
    return isinstance(value, dict) and "_error" in value


def convert_game_end(
    constants: dict[str, Any], gaps: Gaps, built: Any = None, final_sets: Any = None
) -> dict[str, Any]:
    """The ``game_end`` section from the built game's end checks (``built``: its
    ``game_end_check_values``, which a title may narrow by player count: 1846 ends on its
    final train only with two players), else ``GAME_END_CHECK``; ``final_sets``: the
    number of operating rounds of the sets after the end is triggered, where the title
    sets its own (the dump's ``final_operating_rounds``)."""
    checks = built if isinstance(built, dict) else constant(constants, "GAME_END_CHECK", {}) or {}
    out: dict[str, Any] = {}
    for reason, timing in checks.items():
        when = TIMING.get(str(timing))
        if reason in ENDS and when:
            out[reason] = when
        else:
            gaps.add("rules", f"GAME_END_CHECK {reason}: {timing}")
    if constant(constants, "BANK_CASH") == "unlimited":
        out.pop("bank", None)
    if not out:
        out["bankrupt"] = "immediately"
    priority = constant(constants, "GAME_END_TIMING_PRIORITY", None)
    if isinstance(priority, list) and priority != DEFAULT_PRIORITY:
        known = [TIMING[str(t)] for t in priority if str(t) in TIMING]
        if known and len(known) == len(priority):
            out["timing_priority"] = known
        else:
            gaps.add("rules", f"GAME_END_TIMING_PRIORITY {priority}")
    rounds = final_sets.get("rounds") if isinstance(final_sets, dict) else None
    if isinstance(rounds, int) and rounds >= 1:
        out["final_operating_rounds"] = rounds
        if final_sets.get("first_round_ends_set") is True:
            out["first_round_ends_set"] = True
    return out
