"""A corporation's buying power beyond its cash: what keeps its tile actions
(``rules.track.buying_power``) and its train-buying step (``rules.trains.buying_power``)
waiting for it (1846).

Buying a company that controls a minor merges the minor into its buyer, treasury and all,
and issuing shares brings their price: a corporation short of a tile's or a train's price
may still reach it so, and the step waits for it while it could.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import trains
from framework.engine.steps.companies import for_sale, price_range
from framework.engine.steps.issue import IssueShares
from framework.title.companies import ControlsMinor
from framework.title.rules import BuyingPower, TrackBuyingPower

if TYPE_CHECKING:
    from framework.engine.game import Game


def extra(game: Game, corp: str, power: BuyingPower, asking: str) -> int:
    """What counts besides ``corp``'s cash under ``power`` in its step ``asking`` (0 for
    anything but a corporation)."""
    if corp not in game.corporations:
        return 0
    issued = issue_cash(game, corp, asking) if isinstance(power, TrackBuyingPower) and power.issue else 0
    return minor_cash(game, corp, power.minor_cash) + issued


def issue_cash(game: Game, corp: str, asking: str) -> int:
    """The most ``corp`` could raise by issuing shares in its step ``asking``: its issue
    step is open while it has not issued or redeemed this turn, up to its dividend."""
    rnd = game.current_round
    step = rnd.step("issue_shares")
    if not isinstance(step, IssueShares) or step.done or rnd.entity() != corp:
        return 0
    names = [s.name for s in rnd.steps]
    if asking in names and "dividend" in names and names.index(asking) > names.index("dividend"):
        return 0
    charter = game.corporations[corp]
    return len(step.issuable(charter)) * step.issue_price(charter)


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
