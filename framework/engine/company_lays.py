"""How many lays a company's ``tile_lay`` ability has left: in all (``count``), in this
operating round (``per_round``), and of which kind (``upgrade_count``: the first lay
chooses between yellow lays and upgrades).

The counters live in ``Company.uses``: ``tile_lay`` for every lay left and, with
``upgrade_count``, ``tile_upgrade`` for the upgrades; this round's lays in the round's
:data:`LAID_THIS_ROUND`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.entities import LAYS_LEFT, UPGRADES_LEFT
from framework.engine.steps.base import RoundState
from framework.title.companies import TileLay

if TYPE_CHECKING:
    from framework.engine.game import Game

LAID_THIS_ROUND = RoundState(
    "company_lays",
    {},
    "How many tiles each company's ``tile_lay`` ability laid in this round, by company (``per_round``).",
)


def laid_this_round(game: Game, sym: str) -> int:
    """How many tiles company ``sym`` laid with its ability in the round in play."""
    record = getattr(game.current_round, LAID_THIS_ROUND.name, None)
    return record.get(sym, 0) if isinstance(record, dict) else 0


def lays_left(game: Game, sym: str, ability: TileLay) -> bool:
    """Whether company ``sym``'s ability has a lay left now: over the game (``count``) and
    in this round (``per_round``)."""
    if game.companies[sym].uses.get(LAYS_LEFT, 0) <= 0:
        return False
    return ability.per_round is None or laid_this_round(game, sym) < ability.per_round


def kinds_left(game: Game, sym: str, ability: TileLay) -> tuple[bool, bool]:
    """``(yellow, upgrade)``: whether the ability may still lay a yellow tile and upgrade
    one. With ``upgrade_count`` the first lay decides: after a yellow lay, only yellow;
    after an upgrade, only upgrades."""
    if ability.upgrade_count is None:
        return True, True
    upgrades = game.companies[sym].uses.get(UPGRADES_LEFT, 0)
    return upgrades in (0, ability.upgrade_count), upgrades > 0


def count_lay(game: Game, sym: str, ability: TileLay, upgrade: bool) -> None:
    """One lay made: the counters of lays left (``count``, ``upgrade_count``) and of this
    round's (``per_round``)."""
    uses = game.companies[sym].uses
    if ability.upgrade_count is None:
        uses[LAYS_LEFT] -= 1
    elif upgrade:
        uses[UPGRADES_LEFT] -= 1
        uses[LAYS_LEFT] = uses[UPGRADES_LEFT]
    else:
        uses[UPGRADES_LEFT] = 0
        uses[LAYS_LEFT] -= 1
    record = getattr(game.current_round, LAID_THIS_ROUND.name, None)
    if isinstance(record, dict):
        record[sym] = record.get(sym, 0) + 1
