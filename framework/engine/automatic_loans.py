"""Loans a corporation takes without asking (``rules.loans.automatic``; 18xx.games'
``AutomaticLoan``, 1867's).

A corporation short of a payment in one of the steps the title names (a tile's cost, a
train from the depot it must buy) takes the bank's first loan, one at a time, until its
treasury covers the payment, up to its ``max_loans``; each brings ``amount`` less
``fee``. What it could still raise so counts in what it can spend there.

>>> from math import ceil
>>> ceil((140 - 95) / (50 - 5))  # loans a corporation with 95 takes to pay 140
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine import bank_loans, finance, settled_nationalization
from framework.engine.bank_loans import loans_left
from framework.engine.entities import BANK

if TYPE_CHECKING:
    from framework.engine.game import Game


def most_loans(game: Game, sym: str) -> int:
    """The most loans corporation ``sym`` may hold: its ``max_loans``, else one for each
    of its shares the players hold (1856's)."""
    most = game.title.corporations[sym].max_loans
    if most is not None:
        return most
    corp = game.corporations[sym]
    return sum(corp.percent_of(p.id) for p in game.players) // 10


def room(game: Game, sym: str) -> int:
    """How many more loans ``sym`` may take now (the bank's permitting)."""
    if sym not in game.corporations:
        return 0
    return max(0, min(most_loans(game, sym) - len(game.corporations[sym].loans), loans_left(game)))


def automatic(game: Game, kind: str) -> bool:
    """Whether corporations take loans without asking in steps of ``kind``."""
    return kind in game.title.rules.loans.automatic


def power(game: Game, sym: str, kind: str) -> int:
    """What the loans ``sym`` could still take would bring in a step of ``kind`` (0 where
    loans are not automatic there)."""
    return _loans_bring(game, sym) if automatic(game, kind) else 0


def _loans_bring(game: Game, sym: str) -> int:
    """What the loans ``sym`` may still take would bring."""
    rules = game.title.rules.loans
    return room(game, sym) * (rules.amount - rules.fee)


def _borrow(game: Game, sym: str, need: int, refusal: str) -> None:
    """``sym`` takes loans until its treasury holds ``need``; refused with ``refusal``
    (nothing taken) when the loans it may take would not be enough."""
    corp = game.corporations[sym]
    if corp.cash + _loans_bring(game, sym) < need:
        raise GameError("loans", refusal)
    while corp.cash < need:
        take(game, sym)


def take(game: Game, sym: str) -> None:
    """``sym`` takes the bank's first loan, receiving its amount less the fee."""
    rules = game.title.rules.loans
    bank_loans.take(game, game.corporations[sym])
    received = rules.amount - rules.fee
    finance.pay(game, BANK, sym, received)
    game.log(f"{sym} takes a loan and receives {received}")


def cover(game: Game, sym: str, kind: str, cost: int) -> None:
    """Before ``sym`` pays ``cost`` in a step of ``kind``, the loans it takes to have it;
    refused (nothing taken) when they would not be enough."""
    corp = game.corporations.get(sym)
    if corp is None or cost <= corp.cash or not automatic(game, kind):
        return
    _borrow(game, sym, cost, f"{sym} cannot raise {cost} with the loans it may still take")


def pay_interest(game: Game, sym: str, due: int) -> None:
    """``sym`` pays ``interest`` on ``due`` loans (those it held when the round began),
    taking loans for it when short, then pays back every loan its treasury covers, the
    first it took first. Where even the loans it may take do not cover the interest, it
    is nationalised where the title says (``rules.settled_nationalization.when``),
    else refused."""
    rules = game.title.rules.loans
    corp = game.corporations[sym]
    owed = due * rules.interest
    if owed > corp.cash:
        most = corp.cash + _loans_bring(game, sym)
        if most < owed and settled_nationalization.applies(game, "interest_unpaid"):
            game.log(f"{sym} owes {owed} in loan interest but only has {corp.cash}")
            settled_nationalization.due(game, sym)
            return
        _borrow(game, sym, owed, f"{sym} owes {owed} interest and can raise only {most}")
    if owed:
        finance.pay(game, sym, BANK, owed)
        game.log(f"{sym} pays {owed} interest for {due} loan{'s' if due != 1 else ''}")
    while corp.loans and corp.cash >= rules.amount:
        bank_loans.pay_back(game, corp)
        finance.pay(game, sym, BANK, rules.amount)
        game.log(f"{sym} pays off a loan for {rules.amount}")
