"""Stations a corporation places with its home station (``more_homes``), from what
``dump.rb``'s ``more_homes`` probe saw the built game's ``place_home_token`` put down."""

from __future__ import annotations

from typing import Any


def write_more_homes(corporations: dict[str, Any], probed: Any) -> None:
    """``more_homes`` on each corporation the title keeps that places further stations
    with its home one."""
    found = probed if isinstance(probed, dict) else {}
    for sym, cities in found.items():
        if sym not in corporations or not isinstance(cities, list):
            continue
        homes = [
            hex_id if city == 0 else {"hex": hex_id, "city": city}
            for hex_id, city in (c for c in cities if isinstance(c, list) and len(c) == 2)
        ]
        if homes:
            corporations[sym]["more_homes"] = homes


def write_home_hexes(corporations: dict[str, Any], probed: Any) -> None:
    """``home_hexes`` on each corporation without a home whose choice the title's own
    ``home_token_locations`` keeps to some hexes (the dump's ``home_hexes``)."""
    for sym, hexes in (probed if isinstance(probed, dict) else {}).items():
        corp = corporations.get(str(sym))
        if corp is not None and "home" not in corp and isinstance(hexes, list) and hexes:
            corp["home_hexes"] = [str(h) for h in hexes]


def write_home_alone(corporations: dict[str, Any], probed: Any) -> None:
    """``home_alone`` on each corporation whose chosen home may not share a city (or a
    hex) with another's station (the dump's ``home_alone``)."""
    for sym, where in (probed if isinstance(probed, dict) else {}).items():
        corp = corporations.get(str(sym))
        if corp is not None and "home" not in corp and where in ("city", "hex"):
            corp["home_alone"] = where


def write_home_unconnected(corporations: dict[str, Any], probed: Any) -> None:
    """``home_unconnected`` on each corporation whose chosen home must be in a hex without
    track to another stop (``only``), or such a hex while there is one (``first``): the
    dump's ``home_unconnected`` (1861's corporations, 1867's majors)."""
    for sym, how in (probed if isinstance(probed, dict) else {}).items():
        corp = corporations.get(str(sym))
        if corp is not None and "home" not in corp and how in ("only", "first"):
            corp["home_unconnected"] = how
