"""Corporations nationalised and settled with their shareholders
(``rules.settled_nationalization``: :mod:`framework.title.settled_nationalization` says
the rules).

A nationalisation the title's ``when`` asks for during a step (a corporation ending its
train buying without a train, interest it cannot pay) is carried out once the action is
over (:func:`carry_out_due`); the train events' are carried out at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import bank_loans, finance
from framework.engine.closing import close_corporation
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, CLOSED, OUT_OF_GAME

if TYPE_CHECKING:
    from framework.engine.game import Game


def applies(game: Game, moment: str) -> bool:
    return moment in game.title.rules.settled_nationalization.when


def due(game: Game, sym: str) -> None:
    """``sym`` is to be nationalised once the action is over."""
    if sym not in game.nationalizations_due:
        game.nationalizations_due.append(sym)


def after_buying(game: Game, sym: str | None) -> None:
    """``sym`` ended its train buying: nationalised if without a train, where the title says."""
    if sym in game.corporations and applies(game, "trainless_after_buying") and not _has_train(game, sym):
        due(game, sym)


def _has_train(game: Game, sym: str) -> bool:
    return any(t.owner == sym for t in game.trains.values())


def carry_out_due(game: Game) -> None:
    """Nationalise the corporations found due during the action."""
    found, game.nationalizations_due = game.nationalizations_due, []
    for sym in found:
        nationalize(game, sym)
    if found and not game.finished:
        game.current_round.settle()


def trainless(game: Game) -> None:
    """The ``trainless_nationalization`` event: every minor that has operated and has no
    train is nationalised, in operating order; the presidents of such majors choose
    (``trainless_majors``)."""
    found = [
        c.sym
        for c in game.corporations.values()
        if c.floated and not c.closed and c.operated and not _has_train(game, c.sym)
    ]
    for sym in game.market.in_order(found):
        if game.title.corporations[sym].kind == "minor":
            nationalize(game, sym)
        else:
            game.trainless_majors.append(sym)


def minors(game: Game) -> None:
    """The ``minors_nationalization`` event: every minor is nationalised."""
    found = [c.sym for c in game.corporations.values() if c.floated and not c.closed]
    for sym in game.market.in_order(found):
        if game.title.corporations[sym].kind == "minor":
            nationalize(game, sym)


def companies(game: Game) -> None:
    """The ``nationalize_companies`` event: the national buys every open private company
    it does not own for its value, paid by the bank to the owner; the companies' abilities
    serve nobody since (1867's phase 6)."""
    national = game.title.rules.settled_nationalization.national
    if national is None:
        return
    for sym, company in game.companies.items():
        if company.owner in (national, BANK, CLOSED, OUT_OF_GAME):
            continue
        value = game.title.companies[sym].value
        finance.pay(game, BANK, company.owner, value)
        game.log(f"{sym} is nationalized from {game.name(company.owner)} for {value}")
        company.owner = national


def nationalize(game: Game, sym: str) -> None:
    """Nationalise ``sym`` and settle with its shareholders (see the module's docstring)."""
    corp = game.corporations[sym]
    if corp.closed or not corp.floated:
        return
    rules = game.title.rules.settled_nationalization
    loans = game.title.rules.loans
    game.log(f"{sym} is nationalized")
    while corp.loans and corp.cash >= loans.amount:
        bank_loans.pay_back(game, corp)
        finance.pay(game, sym, BANK, loans.amount)
        game.log(f"{sym} pays off a loan for {loans.amount}")
    game.market.move(sym, [*rules.price_moves, *rules.moves_per_loan * len(corp.loans)])
    price = game.market.price(sym)
    game.log(f"{sym}'s price is now {price}")
    while corp.loans:
        bank_loans.pay_back(game, corp)
    national = rules.national if rules.treasury_to == "national" else None
    finance.pay(game, sym, national or BANK, corp.cash)
    for player in game.players:
        percent = corp.percent_of(player.id)
        if percent:
            paid = finance.worth(game, sym, price, percent)
            finance.pay(game, BANK, player.id, paid)
            game.log(f"{sym} settles with {player.name} for {paid}")
    _replace_stations(game, sym)
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = national or OUT_OF_GAME
    for company in game.companies.values():
        if company.owner == sym:
            if national is not None:
                company.owner = national
            else:
                close_company(game, company.sym)
    game.nationalised.append(sym)
    if game.title.corporations[sym].kind == "minor":
        close_corporation(game, sym)
    else:
        _reset(game, sym)


def _replace_stations(game: Game, sym: str) -> None:
    """The national's stations replace ``sym``'s, the richest cities first, while its
    charter has tokens left and none of its stations is on the tile; a slot held for the
    national in that tile is free once its station is there (1861's RSR in Moscow)."""
    board, rules = game.track_board, game.title.rules.settled_nationalization
    national = rules.national
    cities = sorted(
        board.cities_of(sym), key=lambda c: (board.face(c[0]).nodes[c[1]].revenue, c[0]), reverse=True
    )
    for city in cities:
        board.remove_token(sym, city)
        if national is None or national not in game.corporations:
            continue
        charter = game.corporations[national]
        if charter.tokens_used >= len(game.title.corporations[national].tokens):
            continue
        if any(c[0] == city[0] for c in board.cities_of(national)):
            continue
        board.add_token(national, city)
        board.unreserve_hex(national, city[0])  # (its station there: nothing more is held for it)
        charter.tokens_used += 1
    board.unreserve(sym)


def _reset(game: Game, sym: str) -> None:
    """Major ``sym`` goes back to the bank unstarted."""
    corp = game.corporations[sym]
    for share in corp.shares:
        if share.owner != corp.issuer:
            finance.move_share(game, share, corp.issuer)
    game.market.remove(sym)
    corp.par, corp.floated, corp.operated, corp.tokens_used = None, False, False, 0
    game.log(f"{sym} is reset: it may be started again")
    game.current_round.corporation_closed(sym)
