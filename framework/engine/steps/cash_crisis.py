"""A player who owes the bank raises the money at once: 18xx.games' cash crisis, its
"Emergency Fundraising" (1856's, 1817's).

A president covers what their corporation must pay the bank and cannot — the interest its
treasury and its run leave unpaid, the loans it must repay (``rules.loans``). Where the
operating round lists this step they cover it in full (:func:`president_covers`): what
they lack they owe, their cash below zero. While a player owes, the step waits for them,
whoever's turn it is: they sell shares as a president raising money for a train does
(``trains.emergency``: never giving up the presidency of the operating corporation — nor
of any, without ``president_swap`` — and, without ``sell_more_than_needed``, no more than
what they owe), until they owe nothing. A player whom no sales they may make would
bring out of debt may declare bankruptcy instead: they sell the most they may of each
corporation, in operating order, while they still owe, the bank forgives the rest, and
the game ends as the title says (``game_end.bankrupt``). Without the step a president
pays what they have and the rest goes unpaid.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["cash_crisis"].rounds
('operating',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, purchases, shares
from framework.engine.steps.base import Choice, Step, entity_of, step

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.round_kinds import OperatingRound


def debtor(game: Game) -> str | None:
    """The first player, in seating order, who owes the bank (cash below zero)."""
    return next((p.id for p in game.players if p.cash < 0), None)


def president_covers(game: Game, corp: str, amount: int) -> int:
    """The president of ``corp`` pays the bank ``amount`` the corporation cannot: in full
    where the round lists a ``cash_crisis`` step (what they lack they owe), else as much
    as they have. What they paid or owe now (0 without a president)."""
    president = game.corporations[corp].president()
    if amount <= 0 or president not in game.players_by_id:
        return 0
    rnd = game.current_round
    if any(isinstance(s, CashCrisis) for s in getattr(rnd, "steps", ())):
        finance.charge(game, president, amount)
        owed = -game.players_by_id[president].cash
        if owed > 0:
            game.log(f"{game.name(president)} owes the bank {owed} and must raise it")
        return amount
    paid = min(amount, max(game.players_by_id[president].cash, 0))
    finance.pay(game, president, finance.BANK, paid)
    return paid


@step("cash_crisis")
class CashCrisis(Step):
    """A player who owes the bank sells shares until they do not, or goes bankrupt."""

    description = (
        "A player who owes the bank (a president covering their corporation's interest or "
        "loan repayment) sells shares at once until they owe nothing, or declares bankruptcy "
        "when no sales could raise it."
    )
    rounds = ("operating",)
    waits_again = True  # whenever a player owes the bank
    round: OperatingRound  # listed in operating rounds

    def acting_entity(self) -> str | None:
        return debtor(self.game)

    def blocking(self, current: str | None = None) -> bool:
        return debtor(self.game) is not None

    def owed(self, player: str) -> int:
        return -self.game.players_by_id[player].cash

    def may_raise(self, player: str) -> bool:
        """Whether the sales ``player`` may make could bring them out of debt."""
        return purchases.liquidity(self.game, player, self.round.turn_of(), self.owed(player)) >= 0

    def actions(self, entity: str) -> list[str]:
        if entity != debtor(self.game):
            return []
        kinds = []
        if purchases.emergency_bundles(self.game, entity, self.round.turn_of(), self.owed(entity)):
            kinds.append("sell_shares")
        if not self.may_raise(entity):
            kinds.append("bankrupt")
        return kinds

    def explain(self, action: dict[str, Any]) -> GameError | None:
        player = entity_of(action)
        if player != debtor(self.game):
            return None
        if action["type"] == "bankrupt":
            name = self.game.name(player)
            return GameError("cash crisis", f"{name} can raise what they owe by selling shares")
        return None

    def choices_sell_shares(self, player: str) -> list[Choice]:
        found = purchases.emergency_bundles(self.game, player, self.round.turn_of(), self.owed(player))
        return [{"shares": [s.id for s in b.certificates], "percent": b.percent} for b in found]

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, player = self.game, entity_of(action)
        if player != debtor(game):
            raise GameError("cash crisis", f"{game.name(player)} owes the bank nothing: no emergency sale")
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        percent = int(action.get("percent") or sum(s.percent for s in certs))
        bundle = purchases.Bundle(corp, certs, percent)
        purchases.check_emergency_sale(game, player, self.round.turn_of(), bundle, self.owed(player))
        shares.sell(game, player, corp, certs, percent)
        self.round.reorder_remaining()

    def process_bankrupt(self, action: dict[str, Any]) -> None:
        game, player = self.game, entity_of(action)
        if player != debtor(game) or self.may_raise(player):
            owes_nothing = GameError("cash crisis", f"{game.name(player)} owes the bank nothing")
            raise self.explain(action) or owes_nothing
        operating = self.round.turn_of()
        started = [c.sym for c in game.corporations.values() if c.sym in game.market.positions]
        for sym in game.market.in_order(started):
            while self.owed(player) > 0:
                found = [
                    b
                    for b in purchases.emergency_bundles(game, player, operating, self.owed(player))
                    if b.corporation.sym == sym
                ]
                if not found:
                    break
                bundle = max(found, key=lambda b: b.percent)
                shares.sell(game, player, bundle.corporation, bundle.certificates, bundle.percent)
        self.round.reorder_remaining()
        finance.forgive(game, player)
        game.log(f"{game.name(player)} goes bankrupt")
        game.trigger_end("bankrupt")
