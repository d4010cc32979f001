"""The national a train event forms from the corporations owing loans (the
``national_formation`` event), from the dump's ``national_formation`` probe (the game's
national, the most shares it hands out, its token limit and price) and the title's
certificate limits once it has formed (``POST_NATIONALIZATION_CERT_LIMIT``).
"""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps
from framework.convert.stock import constant

EVENT = "nationalization"
"""18xx.games' name of the event that forms the national."""


def convert_national_formation(
    probed: Any,
    constants: dict[str, Any],
    trains_raw: Any,
    trains: dict[str, Any],
    rounds: dict[str, Any],
    gaps: Gaps,
) -> None:
    """Write the ``national_formation`` event (in place) on the trains whose event forms
    the probed national; the operating round gets the ``national_formation`` step (after
    ``home_token``, where 18xx.games has its formation's steps)."""
    if not isinstance(probed, dict) or "national" not in probed or not isinstance(trains_raw, list):
        return
    formation: dict[str, Any] = {"national": str(probed["national"])}
    for key in ("shares", "token_limit", "token_price"):
        if isinstance(probed.get(key), int):
            formation[key] = probed[key]
    limits = constant(constants, "POST_NATIONALIZATION_CERT_LIMIT")
    if isinstance(limits, dict):
        formation["cert_limits"] = {
            int(k): {int(p): int(n) for p, n in v.items()}
            for k, v in limits.items()
            if str(k).isdigit() and isinstance(v, dict)
        }
    found = False
    for train in trains_raw:
        name = str(train.get("name"))
        kinds = [str(e.get("type") if isinstance(e, dict) else e) for e in train.get("events") or []]
        if EVENT in kinds and name in trains:
            trains[name].setdefault("events", []).append(
                {"type": "national_formation", "formation": formation}
            )
            gaps.drop("trains", f"train {name}: event {EVENT}")
            gaps.add(
                "trains",
                f"train {name}: national_formation: a share bought by a president given a single "
                "share stays a share (18xx.games makes the president's certificate whole again)",
            )
            found = True
    steps = (rounds.get("operating") or {}).get("steps")
    if found and isinstance(steps, list) and "national_formation" not in steps:
        at = steps.index("home_token") + 1 if "home_token" in steps else 0
        steps.insert(at, "national_formation")
        for step in STEPS:
            gaps.drop("rounds", f"operating round: the title's step {step} ")


STEPS = ("NationalizationPayoff", "RemoveTokens", "NationalizationDiscardTrains")
"""18xx.games' steps of the formation, which the ``national_formation`` step plays."""


def formation_step_gaps(sections: dict[str, Any], gaps: Gaps) -> None:
    """A title given the ``national_formation`` step no longer lacks the steps it plays."""
    steps = ((sections.get("rounds") or {}).get("operating") or {}).get("steps") or []
    if "national_formation" in steps:
        for step in STEPS:
            gaps.drop("rounds", f"the title defines the step {step}")
