"""What a title's bankruptcy does (``rules.bankruptcy``), from ``dump.rb``'s ``bankruptcy``
probe: its ``BANKRUPTCY_ENDS_GAME_AFTER`` and what its bankrupt step did to a president
who could not pay for a train."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def convert_bankruptcy(probed: Any, rules: dict[str, Any], gaps: Gaps) -> None:
    """``rules.bankruptcy`` where the game goes on after a bankruptcy.

    >>> rules = {}
    >>> convert_bankruptcy({"ends_game_after": "all_but_one", "issue_first": True,
    ...     "leftovers": "pool", "cash_to": "corporation", "receivership": True,
    ...     "companies_close": True, "no_train_moves": 1, "buys_cheapest_train": True,
    ...     "withholds": True, "reorders": False}, rules, Gaps())
    >>> rules["bankruptcy"]["receivership"], rules["bankruptcy"]["reorders"]
    ({'no_train_moves': 1, 'buys_cheapest_train': True, 'withholds': True}, False)
    """
    if not isinstance(probed, dict) or probed.get("ends_game_after") != "all_but_one":
        return
    out: dict[str, Any] = {"ends_game_after": "all_but_one"}
    if probed.get("issue_first") is True:
        out["issue_first"] = True
    if probed.get("leftovers") == "pool":
        out["leftovers"] = "pool"
    if probed.get("cash_to") == "corporation":
        out["cash_to"] = "corporation"
    if probed.get("receivership") is True:
        receivership: dict[str, Any] = {}
        moves = probed.get("no_train_moves")
        if isinstance(moves, int) and moves > 0:
            receivership["no_train_moves"] = moves
        if probed.get("buys_cheapest_train") is True:
            receivership["buys_cheapest_train"] = True
        if probed.get("withholds") is True:
            receivership["withholds"] = True
        if receivership:
            out["receivership"] = receivership
    if probed.get("reorders") is False:
        out["reorders"] = False
    if out.get("leftovers") == "pool" and probed.get("companies_close") is False:
        gaps.add("rules", "a bankrupt player's companies stay open: the title's code")
    rules["bankruptcy"] = out
