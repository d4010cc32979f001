"""Corporations that close during play: one whose share price enters a cell of a zone
with ``closes`` (18xx.games' close cells, such as 1846's ``0c``).

A closing corporation leaves the game at once, after the action that moved its price:
its station tokens leave the map and whatever is reserved for it is freed, its trains
and its private companies are gone, its treasury goes to the bank, and its shares are
out of the game (worth nothing to anyone holding them). The operating round drops it;
if it was operating, its turn ends. When every corporation and every private company
has closed (a blind draft's blank cards too: see :func:`all_closed`), the game's
``all_closed`` end condition is met.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import event_record, finance
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, CLOSED, OUT_OF_GAME

if TYPE_CHECKING:
    from framework.engine.game import Game


def close_in_closing_cells(game: Game) -> None:
    """Close every corporation whose price stands in a closing cell, in price order."""
    marks = game.title.market.closing_marks()
    if not marks:
        return
    market = game.market
    closing = [
        sym
        for sym, position in market.positions.items()
        if set(market.cell(position).marks) & set(marks) and sym in game.corporations
    ]
    if not closing:
        return
    for sym in market.in_order(closing):
        close_corporation(game, sym)
    if all_closed(game):
        game.trigger_end("all_closed")
    if not game.finished:
        game.current_round.settle()


def close_corporation(game: Game, sym: str, *, keep_stations: bool = False) -> None:
    """``sym`` leaves the game (see the module's docstring); with ``keep_stations`` its
    stations stay on the map, blocking as foreign ones do (``rules.stock.start_limit``)."""
    corp = game.corporations[sym]
    game.log(f"{sym} closes")
    board = game.track_board
    for city in [] if keep_stations else board.cities_of(sym):
        board.remove_token(sym, city)
    board.unreserve(sym)
    finance.pay(game, sym, BANK, corp.cash)
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = OUT_OF_GAME
    for company in game.companies.values():
        if company.owner == sym:
            close_company(game, company.sym)
    for share in corp.shares:
        if share.owner != OUT_OF_GAME:
            finance.move_share(game, share, OUT_OF_GAME)
    corp.closed = True
    game.market.remove(sym)
    game.current_round.corporation_closed(sym)


def all_closed(game: Game) -> bool:
    """Whether every corporation and every private company has closed.

    A blind draft's blank cards (``rules.draft.blank_cards``) count as companies that
    nobody owns until a ``close_companies`` event closes them, as in 18xx.games.
    """
    return (
        all(c.closed for c in game.corporations.values())
        and all(c.owner in (CLOSED, OUT_OF_GAME) for c in game.companies.values())
        and not _blank_cards_open(game)
    )


def _blank_cards_open(game: Game) -> bool:
    blanks = any(card not in game.companies for card in game.setup.deck)
    return blanks and not event_record.has_run(game, "close_companies")
