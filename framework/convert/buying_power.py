"""What counts in a corporation's buying power beyond its cash, from the dump's probes of
a title's own train-buying step (``minor_cash_buying``: ``rules.trains.minor_cash_counts``)."""

from __future__ import annotations

from typing import Any


def convert_buying_power(build: dict[str, Any], rules: dict[str, Any]) -> None:
    """``rules.trains.minor_cash_counts`` from the ``minor_cash_buying`` probe: the numbers
    of trains with which the title's train step counts a minor's treasury."""
    counts = build.get("minor_cash_buying")
    if isinstance(counts, list) and counts and all(isinstance(n, int) for n in counts):
        rules.setdefault("trains", {})["minor_cash_counts"] = counts
