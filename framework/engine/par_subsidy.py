"""The bank's subsidy to a corporation whose par price is set (``par_subsidy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import finance
from framework.engine.entities import BANK

if TYPE_CHECKING:
    from framework.engine.game import Game


def pay_par_subsidy(game: Game, sym: str, price: int) -> None:
    """The bank pays ``sym`` its ``par_subsidy`` times the par ``price`` just set."""
    multiple = game.title.corporations[sym].par_subsidy
    if multiple:
        amount = int(multiple * price)
        finance.pay(game, BANK, sym, amount)
        game.log(f"{sym} receives a subsidy of {amount}")
