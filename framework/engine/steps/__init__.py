"""The step library: every step a title's rounds may list.

Each module registers its steps by library name (see :mod:`framework.title.rounds`).
"""

from framework.engine.steps import (
    auction,
    buying,
    companies,
    exchange,
    redeem,
    running,
    stock,
    teleport,
    track,
)
from framework.engine.steps.base import STEP_TYPES, Step

__all__ = [
    "STEP_TYPES",
    "Step",
    "auction",
    "buying",
    "companies",
    "exchange",
    "redeem",
    "running",
    "stock",
    "teleport",
    "track",
]
