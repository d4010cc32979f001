"""City slots held for private companies (a company's ``reservation`` ability).

The slot is held on the board in the company's name from the start of the game (for a
company in play), so that no corporation's station takes it; it is freed for good when
the company passes to an owner its ability does not list (a corporation buying it, by
default) or when it closes. A corporation buying a company whose ability lists
corporations holds the slot as its own (its station may take it, no other's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.title.companies import CompanyReservation

if TYPE_CHECKING:
    from framework.engine.game import Game


def _reservations(game: Game, sym: str) -> list[CompanyReservation]:
    return [a for a in game.title.companies[sym].abilities if isinstance(a, CompanyReservation)]


def hold_all(game: Game) -> None:
    """Hold the slots of every company in play (at the game's start)."""
    if game.board is None:
        return
    for sym, company in game.companies.items():
        if company.closed:
            continue
        for ability in _reservations(game, sym):
            game.board.reserve(sym, (ability.hex, ability.city))


def owner_changed(game: Game, sym: str) -> None:
    """Company ``sym`` changed hands (or closed): free the slots its new owner does not
    hold, hold in a buying corporation's name those it does."""
    if game.board is None:
        return
    company = game.companies[sym]
    kind = (
        "player"
        if company.owner in game.players_by_id
        else "corporation"
        if company.owner in game.corporations or company.owner in game.minors
        else "bank"
    )
    board = game.board
    for ability in _reservations(game, sym):
        city = board.reservation(sym, ability.hex)  # where it is now: a tile may have moved it
        if city is None:
            continue
        board.unreserve_city(sym, city)
        if not company.closed and kind == "corporation" and kind in ability.owner:
            board.reserve(company.owner, city)  # the owning corporation's own slot now
        elif not company.closed and kind in ability.owner:
            board.reserve(sym, city)
