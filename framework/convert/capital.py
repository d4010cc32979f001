"""How corporations are capitalised and float as the game goes on: 18xx.games' percent
to operate that rises with the trains sold (``change_float`` events, ten percent each),
and escrow capitalisation that later events end (``no_more_escrow_corps``,
``no_more_incremental_corps``)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps

FLOAT_STEP = 10
"""What each 18xx.games ``change_float`` event adds to the percent to operate."""
CAPITAL_EVENTS = {"no_more_escrow_corps": "end_escrow", "no_more_incremental_corps": "full_capitalization"}
"""18xx.games' capitalisation events, as this format's train events."""


STATUSES = ("status escrow", "status incremental", "status fullcap", "status facing_")
"""Phase statuses that only show the capitalisation and float percent (dropped from the
gaps once those are written)."""


def capital_and_floats(
    build: dict[str, Any], rules: dict[str, Any], trains: dict[str, Any], gaps: Gaps
) -> None:
    """Write into ``rules`` and ``trains`` the title's capitalisation at the start (when
    the built game's differs from its constant) and its float percent, and the train
    events that change them."""
    now = build.get("capitalization_now")
    if now == "escrow":
        rules["capitalization"] = "incremental"
        rules["escrow"] = {}
    elif now == "incremental":
        rules["capitalization"] = "incremental"
    if rules.get("capitalization") == "incremental" and build.get("dividend_holder") == "pool":
        # the dividend on the corporation's own shares goes to it for those in the pool
        rules.setdefault("dividends", {}).update(treasury_shares_pay="nobody", pool_shares_pay="corporation")
    if rules.get("capitalization") == "full" and build.get("dividend_holder") == "corporation":
        # the dividend on the corporation's own shares goes to it for its unsold ones
        rules.setdefault("dividends", {}).update(ipo_shares_pay="corporation", pool_shares_pay="nobody")
    start = build.get("percent_to_operate")
    percent = start if isinstance(start, int) and 0 < start <= 100 else None
    if percent is not None:
        rules["float_percent"] = percent
        rules["float_at"] = "first_operation"  # the percent to operate is asked as it operates
    for raw in build.get("trains") or []:
        if not isinstance(raw, dict):
            continue
        name = str(raw.get("name"))
        for event in raw.get("events") or []:
            if not isinstance(event, dict) or name not in trains:
                continue
            kind = str(event.get("type"))
            when = event.get("when", 1)
            out: dict[str, Any]
            if kind == "change_float" and percent is not None and percent + FLOAT_STEP <= 100:
                percent += FLOAT_STEP
                out = {"type": "float_percent", "percent": percent}
            elif kind in CAPITAL_EVENTS and (kind != "no_more_escrow_corps" or "escrow" in rules):
                out = {"type": CAPITAL_EVENTS[kind]}
            else:
                continue
            if isinstance(when, int) and when > 1:
                out["when"] = when
            trains[name].setdefault("events", []).append(out)
            gaps.drop("trains", f"train {name}: event {kind}")
    if now in ("escrow", "incremental", "full"):
        shown = [t for t in gaps.by_section["trains"] if t.startswith("phase ")]
        for text in shown:
            if any(f": {status}" in text for status in STATUSES):
                gaps.drop("trains", text)


def convert_destinations(build: dict[str, Any], corporations: dict[str, Any]) -> None:
    """Each corporation's destination, from the built game's destinations (start hex and
    goal hexes, by corporation): the start written only when it is not the home hex."""
    found = build.get("destinations")
    if not isinstance(found, dict):
        return
    for sym, pair in found.items():
        if sym not in corporations or not isinstance(pair, list) or len(pair) != 2:
            continue
        start, goals = pair
        hexes = [str(h) for h in (goals if isinstance(goals, list) else [goals])]
        entry: dict[str, Any] = {"hexes": hexes}
        home = corporations[sym].get("home")
        home_hex = home.get("hex") if isinstance(home, dict) else home
        if start != home_hex:
            entry["start"] = str(start)
        corporations[sym]["destination"] = entry


def convert_loans(build: dict[str, Any], rules: dict[str, Any], steps: list[Any]) -> None:
    """``rules.loans`` from the built game's loan terms (a loan's value, the interest on
    it, the loans the bank has, the steps counting a loan not taken yet: the dump's
    ``loan_spending``), when the operating round plays the ``loans`` step."""
    terms = build.get("loan_terms")
    auto = _automatic_loans(build)
    if ("loans" not in steps and auto is None) or not isinstance(terms, dict):
        return
    loans: dict[str, Any] = {
        k: terms[k] for k in ("amount", "interest", "count") if isinstance(terms.get(k), int)
    }
    counted = build.get("loan_spending")
    if isinstance(counted, list) and counted and auto is None:
        loans["counted_in"] = [kind for kind in ("token", "buy_company") if kind in counted]
    if auto is not None:
        loans["automatic"] = [kind for kind in ("track", "buy_train") if kind in auto["steps"]]
        if isinstance(auto.get("fee"), int) and auto["fee"] > 0:
            loans["fee"] = auto["fee"]
    if build.get("loans_at_end") == "price_left":
        loans["at_end"] = "price_left"
    if loans:
        rules["loans"] = loans


def max_loans(build: dict[str, Any], corporations: dict[str, Any]) -> None:
    """``max_loans`` of each corporation where loans are taken without asking (the dump's
    ``automatic_loans``: 1867's minors two, its majors five)."""
    auto = _automatic_loans(build)
    if auto is None:
        return
    for sym, most in (auto.get("max_loans") or {}).items():
        if sym in corporations and isinstance(most, int):
            corporations[sym]["max_loans"] = most


def _automatic_loans(build: dict[str, Any]) -> dict[str, Any] | None:
    """The dump's ``automatic_loans``, where some step takes loans without asking."""
    auto = build.get("automatic_loans")
    return auto if isinstance(auto, dict) and auto.get("steps") else None
