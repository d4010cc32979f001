"""``rules.issue`` from the built game: what the operating round's issue step offers, whether
it waits and at what prices (the dump's ``issue_step``), and the steps whose spending power
counts the shares a corporation may still issue (``issue_spending``)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps

COUNTED = ("track", "token", "buy_company")
"""The step kinds whose spending power the format may count issuable shares in."""


def convert_issue_spending(build: dict[str, Any], rules: dict[str, Any], steps: list[Any]) -> None:
    """``rules.issue.counted_in``: the step kinds the probe found counting what the
    corporation could raise by issuing (1846's track and token, company purchases), when
    the operating round plays the ``issue_shares`` step."""
    found = build.get("issue_spending")
    if "issue_shares" not in steps or not isinstance(found, list):
        return
    counted = [kind for kind in COUNTED if kind in found]
    if counted:
        rules.setdefault("issue", {})["counted_in"] = counted


ISSUE_PRICES: dict[Any, str] = {-1: "left", 0: "market"}
"""The dump's ``issue_steps`` (steps from the corporation's price) as ``rules.issue.price``."""
REDEEM_PRICES: dict[Any, str] = {1: "right", 0: "market"}
"""The dump's ``redeem_steps`` as ``rules.issue.redeem_price``."""


def convert_issue_step(build: dict[str, Any], rules: dict[str, Any], steps: list[Any], gaps: Gaps) -> None:
    """``rules.issue`` (``offers``, ``price``, ``redeem_price``) and the ``issue_shares``
    step's ``blocking`` in ``steps`` from what the probe saw the title's step offer a
    corporation with shares in its treasury and in the pool (1867's majors redeem only, at
    their price, and the step waits for a pass); 1846's terms where it could not tell."""
    if "issue_shares" not in steps:
        return
    found = build.get("issue_step")
    told = isinstance(found, dict) and any(found.get(key) is True for key in ("issues", "redeems"))
    written = (
        "1846's limits; what the step offers, whether it waits and its prices as the probe saw"
        if told
        else "rules.issue, 1846's terms"
    )
    gaps.add(
        "rounds",
        f"operating round: how many shares a corporation may issue or redeem is the title's code "
        f"(written: {written})",
    )
    if not told:
        return
    assert isinstance(found, dict)
    offers = [kind for kind, key in (("issue", "issues"), ("redeem", "redeems")) if found.get(key) is True]
    issue: dict[str, Any] = {}
    if offers != ["issue", "redeem"]:
        issue["offers"] = offers
    price = ISSUE_PRICES.get(found.get("issue_steps"))
    if price is not None and price != "left":
        issue["price"] = price
    redeem = REDEEM_PRICES.get(found.get("redeem_steps"))
    if redeem is not None and redeem != "right":
        issue["redeem_price"] = redeem
    if issue:
        rules.setdefault("issue", {}).update(issue)
    if found.get("waits") is True:
        steps[steps.index("issue_shares")] = {"step": "issue_shares", "blocking": True}
