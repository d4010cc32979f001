"""The simple draft: each player in turn buys one company at its value.

As 18xx.games' ``SimpleDraft`` plays it (18MS, 18Mag, 1835's start): on their turn a
player takes any company still in the draft and pays its value to the bank; once every
player owns a company the draft is over and the companies nobody took leave the game.
The players take their turns in the round's order (``rounds.*.order``: 18MS drafts in
reverse seat order); the priority afterwards goes to the first player in seat order.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["simple_draft"].rounds
('auction',)
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.entities import BANK, CLOSED
from framework.engine.steps.auction import give_company, unsold
from framework.engine.steps.base import Choice, Step, entity_of, step


@step("simple_draft")
class SimpleDraft(Step):
    """Each player in turn buys one company at its value."""

    description = (
        "Each player in turn takes one company still in the draft at its value; when every "
        "player owns one, the companies left leave the game."
    )
    rounds = ("auction",)

    @property
    def open(self) -> bool:
        return not self.over()

    def offered(self) -> list[str]:
        """Companies still in the draft, in the title's order."""
        return unsold(self.game)

    def over(self) -> bool:
        game = self.game
        owners = {c.owner for c in game.companies.values()}
        return not self.offered() or all(p.id in owners for p in game.humans)

    def actions(self, entity: str) -> list[str]:
        return ["bid"] if not self.over() and entity == self.round.entity() else []

    def skip(self) -> None:
        if self.over():
            self.passed = True

    def choices_bid(self, player: str) -> list[Choice]:
        """Each company still in the draft at its value, that the player can pay."""
        cash = self.game.players_by_id[player].cash
        prices = {sym: self.game.title.companies[sym].value for sym in self.offered()}
        return [{"company": sym, "price": price} for sym, price in prices.items() if price <= cash]

    def process_bid(self, action: dict[str, Any]) -> None:
        game = self.game
        player, company = entity_of(action), str(action.get("company"))
        if company not in self.offered():
            raise GameError("draft", f"{company} is not in the draft")
        price = game.title.companies[company].value
        if int(action.get("price", price)) != price:
            raise GameError("draft", f"{company} costs its value, {price}")
        if price > game.players_by_id[player].cash:
            raise GameError("money", f"{game.name(player)} cannot pay {price}")
        finance.pay(game, player, BANK, price)
        give_company(game, company, player)
        game.log(f"{game.name(player)} buys {company} for {price}")
        rnd = self.round
        rnd.next_entity()
        if self.over():
            for left in self.offered():
                game.companies[left].owner = CLOSED
                game.log(f"{left} is removed from the game")
            first = game.humans[game.priority].id
            rnd.index = rnd.entities.index(first)
