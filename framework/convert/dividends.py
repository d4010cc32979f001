"""Dividend rules found by probing the title's own dividend step (the dump's
``dividend_without_revenue``)."""

from __future__ import annotations

from typing import Any


def dividend_without_revenue(build: dict[str, Any], rules: dict[str, Any]) -> None:
    """``rules.dividends.asked_without_revenue`` where the title's dividend step asks a
    corporation whose routes earn nothing for its dividend (1856's)."""
    if build.get("dividend_without_revenue") is True:
        rules.setdefault("dividends", {})["asked_without_revenue"] = True
