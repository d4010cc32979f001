"""The initial auction's rules that a title's waterfall auction step changes, and the
companies whose buyer chooses one of others.

* A title's waterfall auction step that removes the cheapest company once everybody
  has passed on it (it defines ``remove_cheapest!``) gives ``rules.auction.unsold_cheapest:
  removed``; one that counts bids on other companies as passes on the cheapest (it defines
  ``maybe_all_passed!``) gives ``rules.auction.bid_elsewhere_passes``; and if the
  cheapest company is still for sale after every player has bid on another (``dump.rb``'s
  auction probe), that company is ``unsold_only_if_all_pass``.
* ``dump.rb``'s reseat probe: the players seated by most cash after the initial round
  gives the auction round ``reseat: most_cash``; seated in the order they passed after
  a stock round, the stock round's ``reseat: first_to_pass``.
* A constant mapping companies to lists of companies, all of them in the built game
  (1868 Wyoming's ``COMPANY_CHOICES`` with its "P2-P6 choice" rule), gives each of those
  companies its ``choose_one_of``.
"""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def auction_rules(out: dict[str, Any], build: dict[str, Any], constants: dict[str, Any], gaps: Gaps) -> None:
    """Write into ``out`` (the converted sections) what the built game's initial round
    and constants say of the auction."""
    initial = (build.get("rounds") or {}).get("initial") or {}
    for step in initial.get("steps") or []:
        if str(step.get("base") or step.get("class") or "").endswith("WaterfallAuction"):
            methods = set(step.get("methods") or [])
            auction = out["rules"].setdefault("auction", {})
            if "remove_cheapest!" in methods:
                auction["unsold_cheapest"] = "removed"
            if "maybe_all_passed!" in methods:
                auction["bid_elsewhere_passes"] = True
    built = {str(c.get("sym")) for c in build.get("companies") or []}
    companies = out.get("companies") or {}
    probe = build.get("auction_probe")
    if (
        out["rules"].get("auction", {}).get("bid_elsewhere_passes")
        and isinstance(probe, dict)
        and probe.get("stays")
        and str(probe.get("cheapest")) in companies
    ):
        companies[str(probe["cheapest"])]["unsold_only_if_all_pass"] = True
    left = probe.get("cheapest_left") if isinstance(probe, dict) else None
    if left is True:
        out["rules"].setdefault("auction", {})["cheapest"] = "left"
    elif left == 2:  # (not a bool: True == 1)
        out["rules"].setdefault("auction", {})["cheapest_of"] = 2
    for entry in constants.values():
        value = entry.get("value") if isinstance(entry, dict) else None
        if not isinstance(value, dict) or not value:
            continue
        if not all(
            key in built and key in companies and isinstance(these, list) and these and set(these) <= built
            for key, these in value.items()
        ):
            continue
        for key, these in value.items():
            companies[key]["choose_one_of"] = [str(c) for c in these]


def reseating(out: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> None:
    """The rounds after which (or, before every stock round, before which) the players
    sit anew, by ``dump.rb``'s reseat probe."""
    probe = build.get("reseat_probe")
    if not isinstance(probe, dict) or "_error" in probe:
        return
    before = probe.get("before_stock")
    if before:  # (the seats the initial round's end gave are the stock round's too)
        for round_ in out["rounds"].values():
            if round_.get("kind") == "stock":
                round_["reseat_before"] = before
    for kind, key in (("auction", "initial"), ("stock", "stock")):
        if probe.get(key) and not (kind == "auction" and before):
            for round_ in out["rounds"].values():
                if round_.get("kind") == kind:
                    round_["reseat"] = probe[key]
    if probe.get("stock") == "first_to_pass":
        gaps.drop("rules", "NEXT_SR_PLAYER_ORDER first_to_pass")
