"""``rules.settled_nationalization`` of a converted title, from ``dump.rb``'s
``settled_nationalization`` probe (a minor with one loan nationalised by the title's own
``nationalize!``: the columns its price moved, whether the national got its treasury)
and the title's operating steps (a ``BuyTrain`` whose ``pass!`` nationalises, a loan step
with ``interest_unpaid!``: 1867's and 1861's)."""

from __future__ import annotations

from typing import Any


def settled_nationalization(probed: Any, operating: Any) -> dict[str, Any] | None:
    """The rules, or None where the title does not nationalise so."""
    if not isinstance(probed, dict) or not isinstance(probed.get("columns"), int) or probed["columns"] < 1:
        return None
    out: dict[str, Any] = {"national": str(probed["national"])}
    methods = {
        str(s.get("class", "")).rsplit("::", 1)[-1]: set(s.get("methods") or [])
        for s in (operating or {}).get("steps") or []
        if isinstance(s, dict)
    }
    when = []
    if "pass!" in methods.get("BuyTrain", set()):
        when.append("trainless_after_buying")
    if any("interest_unpaid!" in m for m in methods.values()):
        when.append("interest_unpaid")
    if when:
        out["when"] = when
    if probed["columns"] > 1:
        out["moves_per_loan"] = ["left"] * (probed["columns"] - 1)
    if probed.get("treasury_to_national") is True:
        out["treasury_to"] = "national"
    return out
