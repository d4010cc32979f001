"""Certificates held back for exchanges: a corporation's ``reserved_shares`` and the
``exchange`` abilities that take them (``from: reserved``), from what ``dump.rb``'s
``reserved_exchanges`` probe found in the built game; and what the bank pays a
corporation started by a company's president's certificate (``par_payments``)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def reserved_exchanges(
    companies: dict[str, Any], corporations: dict[str, Any], probed: Any, gaps: Gaps
) -> None:
    """Write each reserving corporation's ``reserved_shares`` and, on the exchange of the
    company that takes them, ``capitalises`` (the bank pays the corporation) and ``when:
    purchase`` (the stock turn's purchase) as the probe saw them. An exchange from
    ``reserved`` with nothing reserved keeps only its other sources."""
    found = probed if isinstance(probed, dict) else {}
    for sym, company in companies.items():
        for ability in company.get("abilities") or []:
            if ability.get("type") != "exchange" or "reserved" not in ability.get("from", []):
                continue
            seen = found.get(sym) or {}
            corp = seen.get("corporation")
            places = [p for p in seen.get("reserved") or [] if isinstance(p, int) and p > 0]
            if corp not in corporations or not places:
                gaps.add("companies", f"company {sym}: exchange from reserved certificates, none held")
                ability["from"] = [f for f in ability["from"] if f != "reserved"]
                continue
            corporations[corp]["reserved_shares"] = sorted(set(places))
            if seen.get("capitalises"):
                ability["capitalises"] = True
            if seen.get("purchase"):
                ability["when"] = "purchase"
        if "abilities" in company:
            kept = [a for a in company["abilities"] if a.get("type") != "exchange" or a.get("from")]
            if kept:
                company["abilities"] = kept
            else:
                del company["abilities"]


def par_payments(companies: dict[str, Any], probed: Any) -> None:
    """``treasury_payment`` on the president's-certificate ``shares`` ability of each
    company whose corporation the built game's bank pays a multiple of the par when it is
    started (``dump.rb``'s ``par_payments``: 1868 Wyoming's Thomas C. Durant, the UP
    receiving twice its par)."""
    for sym, times in (probed if isinstance(probed, dict) else {}).items():
        if not isinstance(times, int) or times <= 0:
            continue
        for ability in (companies.get(sym) or {}).get("abilities") or []:
            if ability.get("type") == "shares" and ability.get("president"):
                ability["treasury_payment"] = times
