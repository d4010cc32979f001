"""The goods layer's own action types, with the shape each must have (checked
before it is played, like the engine's own: :mod:`framework.engine.actions`)."""

from __future__ import annotations

from typing import Any

from framework.api import Id, Move, Pass


class SelectAction(Move):
    """Take one of the special actions (``layer.actions``)."""

    action: Id


class PlaceCity(Move):
    """Urbanize: put a new city on a town."""

    hex: Id
    city: Id


class MoveGoods(Move):
    """Move one good from ``city`` along ``links`` through ``stops``."""

    city: Id
    color: Id
    stops: list[Any]
    links: list[Any]


class CityAction(Move):
    """An action on one city (production: where the drawn cube goes)."""

    city: Id


ACTIONS: dict[str, type[Move]] = {
    "turn_order_pass": Pass,
    "select_action": SelectAction,
    "place_city": PlaceCity,
    "move_goods": MoveGoods,
    "upgrade_locomotive": Pass,
    "place_cube": CityAction,
}
"""Every action type the goods layer plays (``bid``, ``pass``, ``lay_tile`` and the
share phase's are the engine's)."""
