"""What a company pays the corporation owning it: bonuses per stop visited (``stop_bonus``
abilities), from what ``dump.rb``'s ``stop_bonuses`` probe saw the title's ``revenue_for``
pay (1846's Mail Contract, 18Tokaido's Sleeper Train), and whether its revenue goes on
(``pays_corporations``)."""

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
        kinds = bonus.get("kinds")
        if isinstance(kinds, list) and kinds and set(kinds) < {"city", "town", "offboard"}:
            ability["stops"] = [k for k in ("city", "town", "offboard") if k in kinds]
        companies[sym].setdefault("abilities", []).append(ability)


def write_corporation_revenues(companies: dict[str, Any], probed: Any) -> None:
    """``pays_corporations: false`` on each company whose revenue a corporation buying it
    ends (``dump.rb``'s ``corporation_revenues``: 18Tokaido's Fish Market and Sleeper
    Train).

    >>> companies = {"ST": {"revenue": 15}}
    >>> write_corporation_revenues(companies, ["ST", "XX"])
    >>> companies["ST"]["pays_corporations"]
    False
    """
    for sym in probed if isinstance(probed, list) else []:
        if isinstance(companies.get(sym), dict):
            companies[sym]["pays_corporations"] = False
