"""Companies that pay only from a phase on: a ``revenue_change`` to the very revenue the
company is printed with would change nothing, so that revenue is the one it pays from the
change's phase, and before it the company pays none (1868 Wyoming's Laramie, Hahn's Peak
& Pacific Railway: "pays $40 revenue ONLY in green phases", 18xx.games zeroing it when it
is bought in the initial auction)."""

from __future__ import annotations

from typing import Any


def revenue_from_phase(companies: dict[str, Any]) -> None:
    """Set ``revenue`` to 0 for each company with a ``revenue_change`` to its own revenue."""
    for company in companies.values():
        revenue = company.get("revenue")
        if not isinstance(revenue, int) or revenue <= 0:
            continue
        changes = [a for a in company.get("abilities") or [] if a.get("type") == "revenue_change"]
        if any(a.get("revenue") == revenue for a in changes):
            company["revenue"] = 0
