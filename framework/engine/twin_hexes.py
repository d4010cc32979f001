"""Twin hexes (``map.twin_hexes``): a tile laid in one lays its twin in the other."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.board.lays import IllegalLay, LayPlan, LayTerms, check_lay

if TYPE_CHECKING:
    from framework.engine.game import Game


def twin_plan(game: Game, layer: LayTerms, plan: LayPlan, spent: int) -> LayPlan | None:
    """The lay of ``plan``'s twin tile in the other twin hex at rotation 0, with no track
    restriction, paid from what is left after ``spent`` (``None``: the hex has no twin or
    the tile none); :class:`GameError` if the twin may not be laid."""
    twin = game.title.map.twin_of(plan.hex, plan.name)
    if twin is None:
        return None
    hex_id, name = twin
    board = game.track_board
    tile_id = board.supply.next_id(name)
    if tile_id is None:
        raise GameError("twin hexes", f"tile {plan.name} lays {name} in {hex_id}, and none is left")
    cash = None if layer.cash is None else layer.cash - spent
    terms = replace(layer, connect=False, hexes=None, tiles=None, cash=cash)
    try:
        return check_lay(board, terms, hex_id, tile_id, 0)
    except IllegalLay as exc:
        reason = str(exc).rsplit(" (", 1)[0]
        raise GameError("twin hexes", f"tile {plan.name} lays {name} in {hex_id}: {reason}") from None
