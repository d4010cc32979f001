"""``rules.issue`` from the built game: the steps whose spending power counts the shares a
corporation may still issue (the dump's ``issue_spending``)."""

from __future__ import annotations

from typing import Any

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
