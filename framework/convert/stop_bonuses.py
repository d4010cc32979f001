"""Bonuses per stop visited that a company gives the corporation owning it (``stop_bonus``
abilities), from what ``dump.rb``'s ``stop_bonuses`` probe saw the title's ``revenue_for``
pay (1846's Mail Contract)."""

from __future__ import annotations

from typing import Any


def write_stop_bonuses(companies: dict[str, Any], probed: Any) -> None:
    """A ``stop_bonus`` ability on each company the title keeps whose owning corporation's
    runs earn a whole amount for every stop a route visits.

    >>> companies = {"MAIL": {"abilities": []}}
    >>> write_stop_bonuses(companies, {"MAIL": {"amount": 10, "routes": "longest"}})
    >>> companies["MAIL"]["abilities"]
    [{'type': 'stop_bonus', 'amount': 10}]
    """
    found = probed if isinstance(probed, dict) else {}
    for sym, bonus in found.items():
        if sym not in companies or not isinstance(bonus, dict):
            continue
        amount, routes = bonus.get("amount"), bonus.get("routes")
        if not isinstance(amount, int) or amount <= 0 or routes not in ("longest", "each"):
            continue
        ability: dict[str, Any] = {"type": "stop_bonus", "amount": amount}
        if routes == "each":
            ability["routes"] = "each"
        companies[sym].setdefault("abilities", []).append(ability)
