"""A corporation's cheaper tile actions in some hexes (its charter's ``lay_discount``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.title.corporations import LayDiscount

if TYPE_CHECKING:
    from framework.engine.game import Game


def lay_discount(game: Game, entity: str, hex_id: str, tile: str) -> int:
    """What the tile action laying ``tile`` in ``hex_id`` costs ``entity`` less."""
    spec = game.title.corporations.get(entity)
    if spec is None:
        return 0
    return sum(
        a.amount
        for a in spec.abilities
        if isinstance(a, LayDiscount) and hex_id in a.hexes and (a.tiles is None or tile in a.tiles)
    )
