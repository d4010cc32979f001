"""The bank's loans (``rules.loans``): which the bank still holds, in the order it
offers them, and which each corporation holds.

Loans are numbered from 0 as 18xx.games numbers them, and a game file names the one
taken or paid back (``take_loan``'s and ``payoff_loan``'s ``loan``). The bank offers the
first it holds; a loan paid back goes last.

>>> pool, held = [0, 1, 2], []
>>> held.append(pool.pop(0)); pool.append(held.pop()); pool
[1, 2, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine.entities import Corporation

if TYPE_CHECKING:
    from framework.engine.game import Game


def loans_left(game: Game) -> int:
    """The loans the bank still holds."""
    return len(game.loan_pool)


def take(game: Game, corp: Corporation, loan: int | None = None) -> int:
    """``corp`` takes loan ``loan`` (the bank's first when ``None``) from the bank; the
    money is the caller's. Refused for a loan the bank does not hold."""
    return _move(loan, game.loan_pool, corp.loans, "the bank")


def pay_back(game: Game, corp: Corporation, loan: int | None = None) -> int:
    """``corp``'s loan ``loan`` (its first when ``None``) goes back to the bank, last;
    the money is the caller's. Refused for a loan ``corp`` does not hold."""
    return _move(loan, corp.loans, game.loan_pool, corp.sym)


def _move(loan: int | None, source: list[int], target: list[int], holder: str) -> int:
    """Loan ``loan`` (the first of ``source`` when ``None``) goes from ``source`` to the
    end of ``target``; refused when ``holder`` (who ``source`` is) does not hold it."""
    if loan is None:
        loan = source[0]
    if loan not in source:
        raise GameError("loans", f"{holder} does not hold loan {loan}")
    source.remove(loan)
    target.append(loan)
    return loan


def give_back(game: Game, corp: Corporation, count: int) -> None:
    """``corp``'s last ``count`` loans go back to the bank, last in its order; what is
    paid for them is the caller's."""
    if count > 0:
        game.loan_pool.extend(corp.loans[-count:])
        del corp.loans[-count:]


def pay_off_by_price(game: Game) -> None:
    """The game's end settles the loans still out by price (``rules.loans.at_end:
    price_left``): each corporation holding loans, in the title's order, moves its price
    one step left for each, and the loans go back to the bank."""
    for corp in game.corporations.values():
        if not corp.loans or corp.sym not in game.market.positions:
            continue
        count = len(corp.loans)
        while corp.loans:
            pay_back(game, corp, corp.loans[-1])
        game.market.move(corp.sym, ["left"] * count)
        game.log(f"{corp.sym}'s {count} loans are paid off: its price is now {game.market.price(corp.sym)}")
