"""A corporation's buying power in its train-buying step beyond its cash: the treasuries
of the minors it could buy (``rules.trains.minor_cash_counts``; 1846).

Buying a company that controls a minor merges the minor into its buyer, treasury and all;
so a corporation short of a train's price may still reach it by buying such a company
first, and the train-buying step waits for it while it could.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import trains
from framework.engine.steps.companies import for_sale, price_range
from framework.title.companies import ControlsMinor

if TYPE_CHECKING:
    from framework.engine.game import Game


def minor_cash(game: Game, corp: str) -> int:
    """What the minors ``corp`` could buy would bring it, less what their companies cost
    at least: counted only while it holds one of ``rules.trains.minor_cash_counts``
    trains and has some cash (nothing buys a company for nothing)."""
    counts = game.title.rules.trains.minor_cash_counts
    if not counts or game.corporations[corp].cash <= 0 or trains.counted(game, corp) not in counts:
        return 0
    total = 0
    for sym in for_sale(game, corp):
        ability = game.title.companies[sym].ability("controls_minor")
        if not isinstance(ability, ControlsMinor) or ability.corporation_purchase != "merge":
            continue
        minor = game.minors.get(ability.minor)
        if minor is None or minor.closed or minor.owner not in game.players_by_id or minor.cash <= 0:
            continue
        total += minor.cash - price_range(game, sym)[0]
    return total
