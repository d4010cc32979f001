"""Rounds and the sequence of a converted title, from the steps of the rounds a built
18xx.games game makes (its initial round, ``stock_round`` and ``operating_round``).

Each 18xx.games step is named by the library step it is, or derives from; a step of
the title's own (a subclass) is named in the gaps with the methods it overrides, and
a step the library has no counterpart for is left out and named too.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from framework.convert.gaps import Gaps
from framework.convert.stock import constant
from framework.title.step_library import StepEntry, read_catalogue

STEPS = {
    "Bankrupt": "bankrupt",
    "DiscardTrain": "discard_train",
    "Exchange": "exchange",
    "SpecialTrack": "special_track",
    "BuyCompany": "buy_company",
    "HomeToken": "home_token",
    "Track": "track",
    "Token": "token",
    "Route": "routes",
    "Dividend": "dividend",
    "BuyTrain": "buy_train",
    "SingleDepotTrainBuy": "buy_train",
    "BuySingleTrainOfType": "buy_train",
    "CompanyPendingPar": "company_pending_par",
    "WaterfallAuction": "waterfall_auction",
    "SelectionAuction": "selection_auction",
    "SimpleDraft": "simple_draft",
    "BuySellParShares": "buy_sell_par_shares",
    "Assign": "assign",
    "SpecialBuyTrain": "special_buy_train",
    "RedeemShares": "redeem_shares",
    "SpecialToken": "special_token",
    "TrackAndToken": "track_and_token",
    "IssueShares": "issue_shares",
}
LOAN_METHODS = {"process_take_loan", "process_payoff_loan", "must_payoff?"}
"""A title's own step that takes loans, pays them back and forces repayment (1856's):
played by the ``loans`` step, with ``rules.loans`` from the built game's loan terms."""
CASH_CRISIS_METHODS = {"cash_crisis?", "needed_cash", "process_sell_shares"}
"""A title's own step in which a player who owes the bank sells shares (1856's
``CashCrisis``, its "Emergency Fundraising"): in a round that takes loans, where a president
covers the interest and repayments their corporation cannot pay, the ``cash_crisis`` step."""
PRICE_PROTECTION = {"price_protection", "process_pass"}
"""A title's own share step taking a president's buy of the shares another player has just
sold, or the pass that lets the price drop (1870's and 1850's): the ``price_protection``
step."""
INTERNAL = {"EndGame", "Message", "Program"}
KINDS = {"Auction": "auction", "Draft": "auction", "Stock": "stock", "Operating": "operating"}
AUCTIONS = ("waterfall_auction", "selection_auction", "simple_draft")
"""The library steps an initial round of the auction kind is played with."""


@cache
def catalogue() -> dict[str, StepEntry]:
    """The step library's catalogue, read once."""
    return read_catalogue()


def library_steps(round_: dict[str, Any] | None) -> list[str]:
    """The names of a dumped round's steps and of the 18xx.games library steps they are
    or derive from."""
    steps = (round_ or {}).get("steps") or []
    return [_short(step.get(key)) for step in steps for key in ("class", "base")]


def _short(name: str | None) -> str:
    return (name or "").rsplit("::", 1)[-1]


def _steps(round_: dict[str, Any], where: str, abilities: set[str], gaps: Gaps) -> list[Any]:
    steps: list[Any] = []
    plain: list[bool] = []
    """For each step written, whether 18xx.games' step is the library step itself (or
    the title's step of the same name), rather than a step of another name derived from it."""
    loans = any(
        _short(s.get("base")) == "Base" and set(s.get("methods") or []) >= LOAN_METHODS
        for s in round_.get("steps") or []
    )
    for step in round_.get("steps") or []:
        own, base = step.get("class", ""), _short(step.get("base"))
        if base in INTERNAL:
            continue
        if not own.startswith("Engine::Step::"):
            methods = ", ".join(step.get("methods") or []) or "nothing"
            gaps.add(
                "rounds", f"{where}: the title's step {_short(own)} (a {base or 'step'}; overrides {methods})"
            )
        name = STEPS.get(base)
        if base == "Base" and set(step.get("methods") or []) >= LOAN_METHODS:
            name = "loans"
        if base == "Base" and _short(own) == "LoanOperations" and "skip!" in (step.get("methods") or []):
            name = "loan_interest"  # 1867's: interest and repayment after the dividend, unasked
        if base == "Base" and _short(own) == "MajorTrainless":
            name = "trainless_majors"  # 1867's: a trainless major's president chooses nationalisation
        if base == "Base" and loans and set(step.get("methods") or []) >= CASH_CRISIS_METHODS:
            name = "cash_crisis"
        if base == "SpecialBuy" and "route_right" in abilities:
            name = "special_buy"
        if base == "SpecialToken" and "teleport" in abilities:
            name = "teleport"
        if base == "BuySellParShares" and set(step.get("methods") or []) >= PRICE_PROTECTION:
            name = "price_protection"
        if name is None:
            gaps.add("rounds", f"{where}: step {base or _short(own)} has no step in the library (left out)")
            continue
        if name == "special_track" and where == "stock round" and "stock_round" not in abilities:
            continue
        kind = {"stock round": "stock", "operating round": "operating"}.get(where, "auction")
        if name == "company_pending_par" and "president_shares" not in abilities:
            continue
        if kind not in catalogue()[name].rounds:
            gaps.add("rounds", f"{where}: step {base} (the library plays it in other rounds; left out)")
            continue
        blocking = name == "buy_company" and step.get("blocks") is True
        steps.append({"step": name, "blocking": True} if blocking else name)
        plain.append(_short(own) == base)
    steps = _once(steps, plain, where, gaps)
    if where == "stock round" and "buy_sell_par_shares" not in steps:
        gaps.add("rounds", "stock round: no share dealing step of the library (buy_sell_par_shares written)")
        steps.append("buy_sell_par_shares")
    if where == "operating round" and not steps:
        gaps.add("rounds", "operating round: no step of the library (the usual ones written)")
        steps = ["track", "token", "routes", "dividend", "buy_train"]
    if where == "operating round":
        track = next((s for s in ("track", "track_and_token") if s in steps), None)
        if "home_token" not in steps and track is not None:
            steps.insert(steps.index(track), "home_token")
        told = any("blocks" in s for s in round_.get("steps") or [])  # (older dumps: the last blocks)
        if not told and steps.count("buy_company") > 1:
            last = len(steps) - 1 - steps[::-1].index("buy_company")
            steps[last] = {"step": "buy_company", "blocking": True}
    return steps


def price_protection_terms(steps: list[Any], probed: Any) -> None:
    """The stock round's ``price_protection`` step (in ``steps``) with ``sellers_protect``
    where the title's step lets a president who sold earlier in the round protect (the
    dump's ``price_protection``)."""
    if not isinstance(probed, dict) or probed.get("sellers_protect") is not True:
        return
    for i, entry in enumerate(steps):
        if entry == "price_protection":
            steps[i] = {"step": "price_protection", "sellers_protect": True}


def buy_back_step(steps: list[Any], probed: Any) -> None:
    """A ``buy_back_shares`` step before the stock round's share dealing (in ``steps``)
    where the title's share step lets a corporation buy back its shares in its
    president's turn (the dump's ``buy_back``: 1870's, with its ``treasury_limit``)."""
    if not isinstance(probed, dict) or not isinstance(probed.get("treasury_limit"), int):
        return
    if "buy_sell_par_shares" in steps and "buy_back_shares" not in steps:
        entry = {"step": "buy_back_shares", "treasury_limit": probed["treasury_limit"]}
        steps.insert(steps.index("buy_sell_par_shares"), entry)


def _once(steps: list[Any], plain: list[bool], where: str, gaps: Gaps) -> list[Any]:
    """Each library step once (``buy_company`` aside, which 18xx.games lists twice, the
    second time blocking): of several 18xx.games steps that are the same library step,
    the one that is the library step itself, else the last."""
    keep = []
    for i, name in enumerate(steps):
        same = [j for j, other in enumerate(steps) if other == name]
        if not isinstance(name, str) or name == "buy_company" or len(same) == 1:
            keep.append(i)
            continue
        chosen = next((j for j in same if plain[j]), same[-1])
        if i == chosen:
            keep.append(i)
        else:
            gaps.add("rounds", f"{where}: another step derived from {name} (left out)")
    return [steps[i] for i in keep]


def convert_rounds(
    rounds: dict[str, Any], abilities: set[str], gaps: Gaps
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``rounds`` and ``sequence`` sections."""
    out: dict[str, Any] = {}
    for key, where in (("stock", "stock round"), ("operating", "operating round")):
        round_ = rounds.get(key)
        if not isinstance(round_, dict) or "_error" in round_:
            raise ValueError(f"the {where} cannot be built: {round_}")
        if not round_.get("class", "").startswith("Engine::Round::"):
            methods = ", ".join(round_.get("methods") or []) or "nothing"
            gaps.add("rounds", f"{where}: the title's round {_short(round_['class'])} (overrides {methods})")
        out[key] = {"kind": key, "steps": _steps(round_, where, abilities, gaps)}
    start: list[str] = []
    initial = rounds.get("initial") or {}
    kind = KINDS.get(_short(initial.get("base")))
    if kind == "auction":
        steps = _steps(initial, "initial round", abilities, gaps)
        if any(s in steps for s in AUCTIONS):
            if "president_shares" in abilities and "company_pending_par" not in steps:
                # the engine needs the step to give a president's certificate with a company
                steps.insert(0, "company_pending_par")
                gaps.add(
                    "rounds",
                    "initial round: no CompanyPendingPar step, yet a company comes with a president's "
                    "certificate (company_pending_par written: its buyer chooses the par price)",
                )
            out["auction"] = {"kind": "auction", "steps": steps}
            order = initial.get("order") or []
            if "reverse_order" in order:
                out["auction"]["order"] = "reverse"
            for other in (o for o in order if o != "reverse_order"):
                gaps.add("rounds", f"initial round: {other} (the format has seat and reverse orders)")
            start = ["auction"]
        else:
            gaps.add(
                "rounds",
                f"initial round {_short(initial.get('class'))}: an auction the library does not play",
            )
    elif kind != "stock":
        gaps.add("rounds", f"initial round {_short(initial.get('class'))}: a round the library does not play")
    if not any(s == "buy_train" for s in out["operating"]["steps"]):
        gaps.add("rounds", "operating round: no train buying step")
    sequence: dict[str, Any] = {"start": start, "turn": ["stock", "operating"]}
    merger = merger_round(rounds.get("merger"), gaps)
    if merger is not None:
        out["merger"] = merger
        sequence["turn"] = ["stock", {"round": "operating", "after_each": "merger"}]
    order = ["auction", "stock", "operating", "merger"]
    return {k: out[k] for k in order if k in out}, sequence


MERGER_STEPS = {
    "MajorTrainless": "trainless_majors",
    "ReduceTokens": "reduce_tokens",
    "PostMergerShares": "post_merger_shares",
    "DiscardTrain": "discard_train",
    "Merge": "minor_merger",
}
"""The steps of a merger round after operating rounds where minors convert and merge
into majors (1867's), by their 18xx.games names."""
CONVERTING = {"process_convert", "mergeable_candidates"}
"""The methods of a merger step in which a minor converts or merges (1867's ``Merge``)."""


def merger_round(round_: Any, gaps: Gaps) -> dict[str, Any] | None:
    """A ``merger`` round played after each operating round in the phases probed, where
    the title's merger step is one where minors convert or merge (1867's); None else."""
    if not isinstance(round_, dict) or "_error" in round_ or not round_.get("phases"):
        return None
    steps = [s for s in round_.get("steps") or [] if _short(s.get("base")) not in INTERNAL]
    merge = next((s for s in steps if _short(s.get("class")) == "Merge"), None)
    if merge is None or not set(merge.get("methods") or []) >= CONVERTING:
        gaps.add("rounds", f"merger round {_short(round_.get('class'))}: mergers the library does not play")
        return None
    written = []
    for step in steps:
        name = MERGER_STEPS.get(_short(step.get("class")))
        if name is None:
            gaps.add(
                "rounds",
                f"merger round: step {_short(step.get('class'))} has no step in the library (left out)",
            )
        else:
            written.append(name)
    return {"kind": "merger", "phases": [str(p) for p in round_["phases"]], "steps": written}


def minor_merger_rules(round_: Any, constants: dict[str, Any]) -> dict[str, Any]:
    """``rules.minor_mergers`` from the merger step's limits and the title's token limit."""
    limits = (round_ or {}).get("limits") or {} if isinstance(round_, dict) else {}
    out: dict[str, Any] = {}
    for key, name in (("most", "LIMIT_MERGE"), ("most_per_owner", "LIMIT_OWNED_BY_ONE_ENTITY")):
        if isinstance(limits.get(name), int):
            out[key] = limits[name]
    kept = constant(constants, "LIMIT_TOKENS_AFTER_MERGER")
    if isinstance(kept, int):
        out["tokens_kept"] = kept
    return out


def behaviour_gaps(behaviour: dict[str, Any], gaps: Gaps) -> None:
    """Name the engine methods, rounds, steps and abilities the title's Ruby defines."""
    data_methods = {
        "game_hexes",
        "game_tiles",
        "game_market",
        "game_phases",
        "game_trains",
        "game_companies",
        "game_corporations",
        "game_minors",
        "game_cert_limit",
        "optional_hexes",
        "optional_tiles",
        "location_name",
        "num_trains",
        "init_optional_rules",
        "show_map_legend?",
        "map_legend",
        "timeline",
        "ipo_name",
        "operating_round",
        "stock_round",
        "new_auction_round",
        "init_round",
    }
    for name, owner in behaviour.get("overridden") or []:
        if name not in data_methods:
            gaps.add("code", f"`{name}` ({_short(owner)})")
    for kind, label in (("rounds", "round"), ("steps", "step"), ("abilities", "ability type")):
        for name in behaviour.get(kind) or []:
            gaps.add(
                "rounds" if kind != "abilities" else "companies", f"the title defines the {label} {name}"
            )
