"""Ports on routes (:mod:`framework.title.ports`): what a route earns at a port beyond
its value once, and how many stops a route stopping at one needs.

A route earns a port that ``pays: per_station`` once for each of its stops that is a
city holding the running company's station: beyond the once every stop is counted,
``value × (stations − 1)``, which is ``−value`` on a route without such a city (it
earns nothing there). Both :func:`framework.board.routes.revenue` and the route search
(:class:`framework.board.optimal_bonus.BonusTable`) count it here.

>>> from framework.title.faces import Node
>>> from framework.title.ports import Port
>>> port = Node("offboard", 30, port=Port())
>>> city = Node("city", 20, slots=1)
>>> beyond_once([port, city, city], [30, 20, 20], stations=2)
30
>>> fewest_stops([port, city])
3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from framework.title.faces import Node


def beyond_once(nodes: Sequence[Node], values: Sequence[int], stations: int) -> int:
    """What a route with stops ``nodes`` worth ``values`` (each once) earns beyond
    that at its ports, with ``stations`` of its cities holding the company's station."""
    extra = 0
    for node, value in zip(nodes, values, strict=True):
        if node.port is not None and node.port.pays == "per_station":
            extra += value * (stations - 1)
    return extra


def fewest_stops(nodes: Iterable[Node]) -> int:
    """The fewest stops a route stopping at ``nodes`` must have (0: no port asks)."""
    return max((node.port.stops for node in nodes if node.port is not None), default=0)
