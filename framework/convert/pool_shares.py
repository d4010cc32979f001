"""Certificates a title's setup puts in the bank pool: a corporation's ``pool_shares``,
from the certificates ``dump.rb`` found in the built game's pool before play."""

from __future__ import annotations

from typing import Any


def restore_pool_shares(corporations_built: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Put the certificates found in the pool back among each built corporation's
    ``shares`` (in place, so that they make 100%), and return the places of those in the
    pool by corporation, in the order they came to the pool (18JP-T's Tobu: its last
    three, the last first). A corporation whose certificates do not then run from 0 on,
    the president's first, is left as it is."""
    found: dict[str, list[int]] = {}
    for corp in corporations_built:
        pool = [p for p in corp.get("pool_shares") or [] if isinstance(p, list) and len(p) == 2]
        shares = corp.get("shares")
        if not pool or not isinstance(shares, list):
            continue
        places = {int(i): int(pct) for i, pct in pool}
        size = len(shares) + len(places)
        if 0 in places or set(places) - set(range(1, size)):
            continue
        rest = iter(shares)
        corp["shares"] = [places[i] if i in places else next(rest) for i in range(size)]
        found[str(corp["sym"])] = [int(i) for i, _ in pool]  # in the order they came to the pool
    return found


def write_pool_shares(corporations: dict[str, Any], found: dict[str, list[int]]) -> None:
    """``pool_shares`` on each corporation the title keeps whose setup pools some."""
    for sym, places in found.items():
        if sym in corporations:
            corporations[sym]["pool_shares"] = places
