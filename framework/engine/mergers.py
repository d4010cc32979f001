"""Minors merging into corporations (a minor's ``merges_into``, the ``minors_merge``
event): until its minor merges, a trade-in certificate is held back from sale; when the
event comes, each open minor that merges hands its treasury to its corporation, its
owner gets the certificate, free, its tokens leave the map, its trains leave the game,
and the company controlling it closes. A certificate with ``counts_for_limit: false``
never counts toward its holder's certificate limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import finance, shares
from framework.engine.company_closing import close_company
from framework.engine.entities import OUT_OF_GAME
from framework.title.companies import ControlsMinor

if TYPE_CHECKING:
    from framework.engine.game import Game


def held_back(game: Game) -> set[str]:
    """The certificates held back for minors that have not merged yet."""
    held = set()
    for sym, spec in game.title.minors.items():
        merger = spec.merges_into
        if merger is not None and not game.minors[sym].closed:
            held.add(merger.share_id)
    return held


def minors_merge(game: Game) -> None:
    """Every open minor with ``merges_into`` merges, in the title's order."""
    for sym, spec in game.title.minors.items():
        if spec.merges_into is not None and not game.minors[sym].closed:
            merge(game, sym)


def merge(game: Game, sym: str) -> None:
    """Minor ``sym`` merges into its corporation (see the module's docstring)."""
    merger = game.title.minors[sym].merges_into
    assert merger is not None, "only a merging minor merges"
    minor = game.minors[sym]
    corp = game.corporations[merger.corporation]
    treasury = minor.cash
    game.log(f"Minor {sym} merges into {corp.sym}" + (f", which receives its {treasury}" if treasury else ""))
    finance.pay(game, sym, corp.sym, treasury)
    board = game.track_board
    for city in board.cities_of(sym):
        board.remove_token(sym, city)
    board.unreserve(sym)
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = OUT_OF_GAME
    minor.closed = True
    owner = minor.owner
    if owner in game.players_by_id:
        share = next(s for s in corp.shares if s.id == merger.share_id)
        finance.move_share(game, share, owner)
        game.log(f"{game.name(owner)} receives a {share.percent}% share of {corp.sym}")
        shares.settle(game, corp)
    for company, spec in game.title.companies.items():
        if any(isinstance(a, ControlsMinor) and a.minor == sym for a in spec.abilities):
            close_company(game, company)
