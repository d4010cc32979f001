"""A corporation's cheaper tile actions in some hexes (its charter's ``lay_discount``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import company_lays
from framework.engine.operating import owned_abilities
from framework.title.companies import TileLay
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


def covers_least_cost(game: Game, entity: str, least: int) -> bool:
    """Whether a ``lay_discount`` of ``entity``'s charter, or a ``tile_lay`` ability of a
    company it owns with lays left (free, or with a ``discount`` of at least ``least``),
    would cover a tile action's least cost (``min_cost``) in one of its hexes still showing
    its printed tile: the track step stays open to the corporation whatever its cash, as on
    18xx.games (1846's Illinois Central, with $3, may still lay a free yellow tile on an
    icon hex; a corporation owning the Lake Shore Line, a free upgrade of Cleveland or
    Toledo).

    >>> from framework.title.loader import load_title
    >>> from framework.engine.game import Game
    >>> game = Game(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=1)
    >>> covers_least_cost(game, "SJ", 0)
    False
    """
    placed = game.track_board.placed
    spec = game.title.corporations.get(entity)
    if spec is not None and any(
        isinstance(a, LayDiscount) and a.amount >= least and any(h not in placed for h in a.hexes)
        for a in spec.abilities
    ):
        return True
    return any(
        (ability.free or ability.discount >= least)
        and company_lays.lays_left(game, sym, ability)
        and (ability.hexes is None or any(h not in placed for h in ability.hexes))
        for sym, ability in owned_abilities(game, entity, TileLay)
    )
