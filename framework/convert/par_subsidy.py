"""What the bank pays a corporation when its par is set (``dump.rb``'s ``par_subsidies``
probe: the cash a fresh game's corporation gains, as a multiple of the par price, when
the title's code sees the par): the corporation's ``par_subsidy``."""

from __future__ import annotations

from typing import Any


def par_subsidies(corporations: dict[str, dict[str, Any]], probed: Any) -> None:
    """Write each probed corporation's ``par_subsidy``."""
    if not isinstance(probed, dict):
        return
    for sym, multiple in probed.items():
        if str(sym) in corporations and isinstance(multiple, int | float) and multiple > 0:
            corporations[str(sym)]["par_subsidy"] = (
                int(multiple) if float(multiple).is_integer() else multiple
            )
