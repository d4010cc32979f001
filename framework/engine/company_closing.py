"""A company closing: it leaves its owner, its icons leave the map, and a bonus its player
owner assigned goes with it.

Kept apart from the train events that close companies so that any module may close one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import company_reservations
from framework.engine.entities import CLOSED
from framework.title.companies import AssignedBonus, BonusMarker, BonusTokens

if TYPE_CHECKING:
    from framework.engine.game import Game


def close_company(game: Game, sym: str) -> None:
    company = game.companies[sym]
    if company.closed:
        return
    remove_company_icons(game, sym)
    bonus = game.title.companies[sym].ability("assigned_bonus")
    if isinstance(bonus, AssignedBonus) and bonus.player_assigns and company.owner in game.players_by_id:
        if company.assigned is not None:
            game.log(f"{sym}'s bonus, assigned by its player owner, is removed")
        company.assigned = None
    company.owner = CLOSED
    company_reservations.owner_changed(game, sym)
    game.log(f"{sym} closes")


def remove_company_icons(game: Game, sym: str) -> None:
    """Take off the map the icons that exist only for a company's ability."""
    for ability in game.title.companies[sym].abilities:
        if isinstance(ability, BonusTokens | BonusMarker) and ability.icon and ability.removed_with_company:
            game.track_board.remove_icons(ability.icon, list(ability.hexes))
