"""Gifts of certificates in stock turns (``rules.stock.gifts``), from a title's own
share-dealing step that adds 18xx.games' gift choices (a ``BuySellParShares`` that
defines ``gift`` and ``process_choose``)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps

GIFT_METHODS = {"gift", "process_choose"}
"""What a title's stock step defines to let presidents give certificates away."""


def convert_gifts(rounds: dict[str, Any], rules: dict[str, Any], gaps: Gaps) -> None:
    """``rules.stock.gifts`` when the stock round's share-dealing step gives certificates
    away; the gaps naming that step are then said by the format."""
    stock = rounds.get("stock")
    steps = (stock.get("steps") or []) if isinstance(stock, dict) else []
    for step in steps:
        name = str(step.get("class") or "").rsplit("::", 1)[-1]
        base = str(step.get("base") or "").rsplit("::", 1)[-1]
        if base != "BuySellParShares" or not set(step.get("methods") or []) >= GIFT_METHODS:
            continue
        rules.setdefault("stock", {})["gifts"] = True
        gaps.drop("rounds", f"stock round: the title's step {name} (a BuySellParShares;")
        gaps.drop("rounds", f"the title defines the step {name}")
