"""Companies closing at the end of the operating round in which they were used."""

from __future__ import annotations

from typing import Any


def closing_at_round_end(companies: dict[str, Any], closing: Any) -> None:
    """``closes_at_round_end_when_used`` on each company whose special tile lay the built
    game leaves open but closes when that operating round ends (``lay_closes_at_round_end``
    of ``dump.rb``: the title's code, not an ability, closes it)."""
    for sym in closing if isinstance(closing, list) else []:
        if sym in companies:
            companies[sym]["closes_at_round_end_when_used"] = True
