"""Ports: what the title's ``revenue_for`` makes of a route through a stop of a group.

``dump.rb`` asks a built game's ``revenue_for`` (where the title overrides it) about
routes through a stop of each group of the map's revenue centres beside cities worth
10: the fewest stops such a route may have, and what it earns with two of the owner's
stations and with one. A group whose stop is earned once per station (1836Jr's ports:
``value`` more with each station past the first) or once, only on a route of enough
stops, is a port (:class:`framework.title.ports.Port`), written on each off-board of
the group. When some group is a port, every other one ordinary, a route without such a
stop earns its stops once and no other override comes between, the override is no gap.

>>> probe = {"groups": {"port": {"fewest": 3, "value": 30, "two_stations": 90, "one_station": 60}},
...          "cities": 30, "overrides_base": True}
>>> port_rules(probe)
{'port': {'pays': 'per_station', 'stops': 3}}
>>> explains_revenue(probe)
True
"""

from __future__ import annotations

from typing import Any

CITIES = 30
"""What the probe's three cities earn counted once each."""


def _port(found: Any) -> dict[str, Any] | None:
    """The port of a group's probe, or ``None`` when it is not one the format says."""
    if not isinstance(found, dict):
        return None
    answers = [found.get(k) for k in ("fewest", "value", "two_stations", "one_station")]
    numbers = [x for x in answers if isinstance(x, int)]
    if len(numbers) < len(answers):
        return None
    fewest, value, two, one = numbers
    if value > 0 and (two, one) == (CITIES + 2 * value, CITIES + value):
        return {"pays": "per_station", "stops": fewest}
    if (two, one) == (CITIES + value, CITIES + value):
        return {"pays": "once", "stops": fewest} if fewest > 2 else {}
    return None


def port_rules(probe: Any) -> dict[str, dict[str, Any]]:
    """The ports by group the probe shows (an empty rule: an ordinary group)."""
    groups = probe.get("groups") if isinstance(probe, dict) else None
    if not isinstance(groups, dict):
        return {}
    found = {name: _port(g) for name, g in groups.items()}
    return {name: port for name, port in found.items() if port is not None}


def explains_revenue(probe: Any) -> bool:
    """Whether the ports account for all the title's ``revenue_for`` was seen to do: it
    made some group a port, every other group an ordinary one, and left routes without
    them be (an override the probe sees doing nothing, such as 1888's destination
    bonuses at hexes it never stops in, stays a gap)."""
    if not isinstance(probe, dict) or not probe.get("overrides_base") or probe.get("cities") != CITIES:
        return False
    groups = probe.get("groups")
    rules = port_rules(probe)
    return isinstance(groups, dict) and len(rules) == len(groups) and any(rules.values())


def apply_ports(board: dict[str, Any], probe: Any) -> bool:
    """Write the probe's ports on the map's off-boards of their groups; whether every
    stop of those groups is an off-board (a port elsewhere the format cannot say)."""
    rules = {name: port for name, port in port_rules(probe).items() if port}
    whole = True
    for hex_ in board.get("hexes", {}).values():
        for kind in ("cities", "towns", "offboards"):
            for stop in hex_.get(kind, []):
                port = rules.get(stop.get("group"))
                if port is None:
                    continue
                if kind == "offboards":
                    stop["port"] = dict(port)
                else:
                    whole = False
    return whole
