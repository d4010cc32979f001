"""A bankrupt player who leaves a game that goes on (``rules.bankruptcy``), and the
corporations in receivership they leave behind.

When a corporation's president cannot pay for the train it must buy, they go bankrupt
(the ``bankrupt`` step): they sell what they may, as in any title. Where the game ends
only when all players but one are bankrupt (``ends_game_after: all_but_one``), they then
leave it: what they could not sell goes to the pool and their companies and minors close
(``leftovers: pool``), their cash goes where ``cash_to`` says, and they take no more turns. A
corporation whose president's certificate stays in the pool is *in receivership*: see
:class:`~framework.title.bankruptcy.Receivership`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import finance, shares
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, POOL, Corporation, Share

if TYPE_CHECKING:
    from framework.engine.game import Game


def goes_on(game: Game) -> bool:
    """Whether a bankruptcy leaves the game going on (until one player is left)."""
    return game.title.rules.bankruptcy.ends_game_after == "all_but_one"


def in_receivership(game: Game, sym: str) -> bool:
    """Whether the corporation ``sym`` operates without a president: its president's
    certificate is in the pool."""
    corp = game.corporations.get(sym)
    return corp is not None and corp.floated and not corp.closed and corp.president() == POOL


def takes_over(game: Game, player: str, corp: Corporation, share: Share) -> bool:
    """Whether buying ``share`` is ``player`` taking ``corp`` out of receivership: it is
    its president's certificate, in the pool, and ``player`` holds one of its shares."""
    return (
        share.president
        and share.owner == POOL
        and in_receivership(game, corp.sym)
        and corp.percent_of(player) > 0
    )


def ordinary_percent(corp: Corporation) -> int:
    """The size of one of ``corp``'s ordinary shares."""
    return min(s.percent for s in corp.shares if not s.president)


def take_over(game: Game, player: str, corp: Corporation) -> None:
    """``player``, holding a share of ``corp`` in receivership, buys its president's
    certificate from the pool at the price of one share, hands the pool a share back and
    becomes its president."""
    unit = finance.share_unit(game, corp.sym)
    cost = game.market.price(corp.sym) * ordinary_percent(corp) // unit
    pres = next(s for s in corp.shares if s.president)
    given = next(s for s in corp.certificates_of(player) if not s.president)
    finance.pay(game, player, BANK, cost)
    finance.move_share(game, given, POOL)
    finance.move_share(game, pres, player)
    game.log(
        f"{game.name(player)} buys {corp.sym}'s president's certificate for {cost} and becomes its president"
    )


def solvent(game: Game) -> list[str]:
    """The ids of the players still in the game, in seat order."""
    return [p.id for p in game.humans if not p.bankrupt]


def leave(game: Game, player: str, corporation: str) -> None:
    """``player``, bankrupt as president of ``corporation`` and having sold what they
    may, leaves the game (see the module)."""
    from framework.engine.events import close_minor

    rules = game.title.rules.bankruptcy
    if rules.leftovers == "pool":
        started = [
            c.sym for c in game.corporations.values() if not c.closed and c.sym in game.market.positions
        ]
        for sym in game.market.in_order(started):
            corp = game.corporations[sym]
            held = corp.certificates_of(player)
            if not held:
                continue
            shares.sell(game, player, corp, held, sum(s.percent for s in held), move=False)
            if in_receivership(game, sym):
                game.log(f"{sym} enters receivership: it has no president")
        for sym, company in game.companies.items():
            if company.owner == player:
                close_company(game, sym)
        for sym, minor in game.minors.items():
            if minor.owner == player and not minor.closed:
                close_minor(game, sym)
    cash = game.players_by_id[player].cash
    payee = corporation if rules.cash_to == "corporation" else BANK
    if cash:
        finance.pay(game, player, payee, cash)
        game.log(f"{game.name(player)}'s {cash} goes to {game.name(payee) if payee != BANK else 'the bank'}")
    game.players_by_id[player].bankrupt = True
    game.players_by_id[player].passed = True
    if len(solvent(game)) <= 1:
        game.trigger_end("bankrupt")
