"""The step library: every step a title's rounds may list, one class each.

A step class (:class:`~framework.engine.steps.base.Step`) owns its library name
(``@step``), its description and the kinds of round that may list it, the round state it
needs (:class:`~framework.engine.steps.base.RoundState`), the actions it offers and takes
and their legal choices. Each module below holds one step or a family of them; a new
step is one more module, imported here (``tests/test_step_library.py`` checks that every
module is). The title layer knows the library from the catalogue generated from these
classes (:mod:`framework.engine.steps.catalogue`, ``framework/data/steps.yaml``).
"""

from framework.engine.steps import (
    auction,
    buy_back,
    buying,
    cash_crisis,
    companies,
    destination_check,
    draft,
    exchange,
    issue,
    loans,
    merger_offer,
    minor_merger,
    move_token,
    national_formation,
    price_protection,
    priority_card,
    redeem,
    rights,
    running,
    selection,
    single_item,
    special_token,
    special_track,
    stations,
    stock,
    teleport,
    track,
    trainless_majors,
)
from framework.engine.steps.base import STEP_TYPES, RoundState, Step

__all__ = [
    "STEP_TYPES",
    "RoundState",
    "Step",
    "auction",
    "buy_back",
    "buying",
    "cash_crisis",
    "companies",
    "destination_check",
    "draft",
    "exchange",
    "issue",
    "loans",
    "merger_offer",
    "minor_merger",
    "move_token",
    "national_formation",
    "price_protection",
    "priority_card",
    "redeem",
    "rights",
    "running",
    "selection",
    "single_item",
    "special_token",
    "special_track",
    "stations",
    "stock",
    "teleport",
    "track",
    "trainless_majors",
]
