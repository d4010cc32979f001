"""Ports: off-boards a route earns by the company's stations it runs to.

A port is an off-board whose value a route earns once for every city on the route that
holds a station of the company running it, not once (18xx.games' 1836Jr ports: a
route from two of the company's stations to Harwich in brown earns 2 × 30), and that a
route may stop at only among enough other stops. The rule is the port's own::

    offboards:
    - revenue: {green: 20, brown: 30}
      group: port
      route: never
      port: {pays: per_station, stops: 3}
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from framework.title.base import Model


class Port(Model):
    """How a route earns a port, and which routes may stop there."""

    pays: Literal["once", "per_station"] = "per_station"
    """``per_station``: the port's value once for every city of the route that holds a
    station of the company running it (a route with none earns nothing there);
    ``once``: its value once, as any stop."""
    stops: int = Field(default=3, ge=2)
    """The fewest stops a route stopping here has, the port included (18xx.games: the
    port "must contain 2 other stops")."""
