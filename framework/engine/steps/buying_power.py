"""A corporation's buying power beyond its cash: what keeps its tile actions
(``rules.track.buying_power``) and its train-buying step (``rules.trains.buying_power``)
waiting for it (1846).

Buying a company that controls a minor merges the minor into its buyer, treasury and all:
a corporation short of a tile's or a train's price may still reach it so, and the step
waits for it while it could.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import trains
from framework.engine.steps.companies import for_sale, price_range
from framework.title.companies import ControlsMinor
from framework.title.rules import BuyingPower

if TYPE_CHECKING:
    from framework.engine.game import Game


def extra(game: Game, corp: str, power: BuyingPower) -> int:
    """What counts besides ``corp``'s cash under ``power`` (0 for anything but a
    corporation): the minors it could buy. The shares it could still issue count by
    ``rules.issue.counted_in`` (:func:`framework.engine.steps.issue.issue_power`)."""
    if corp not in game.corporations:
        return 0
    return minor_cash(game, corp, power.minor_cash)


def minor_cash(game: Game, corp: str, counts: list[int]) -> int:
    """What the minors ``corp`` could buy would bring it, less what their companies cost
    at least: counted only while it holds one of ``counts`` trains and has some cash
    (nothing buys a company for nothing)."""
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
