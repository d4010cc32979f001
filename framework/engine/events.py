"""Phase changes and the events that trains trigger.

* ``close_companies``: every private company that closes on events closes (its
  map icons go with it) unless a ``stays_open`` ability keeps it open, and minors
  that close on events close: their cash goes to the bank and their token leaves
  the map.
* ``full_capitalization``: corporations never started become fully capitalised.
* ``float_percent``: the percent a corporation must sell to float changes.
* ``end_escrow``: corporations started from now on hold no money in escrow.
* ``nationalization``: the trainless corporation that has operated and stands
  highest on the market is taken over by the state railway (rulebook §11,
  reference §4.12).
* ``minors_merge``: minors with ``merges_into`` merge into their corporations (see
  :mod:`framework.engine.mergers`).
* ``merger_offer``: a corporation offers the players' corporations to merge into it
  (see :mod:`framework.engine.merger_offer`).
* ``national_formation``: the corporations owing loans merge into a national or pay
  them off (see :mod:`framework.engine.national_formation`).
* ``lose_weakest_run``: every floated corporation that owns a train, and the buyer, is
  marked (``LOSES_WEAKEST_RUN``) to give up one train's earnings in its next operating
  turn (see :mod:`framework.engine.steps.running`).

A phase's start also changes the revenue of companies with a ``revenue_change``
ability for it, closes the companies that close in it (``closes_in_phase``; the
``close_companies`` event leaves those open until then), and removes the
``assigned_bonus`` bonuses that last until it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.board.board import NEUTRAL
from framework.engine import (
    finance,
    merger_offer,
    mergers,
    national_formation,
    operating,
    settled_nationalization,
)
from framework.engine.closing import close_corporation
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, CLOSED, IPO, POOL, Train
from framework.title.companies import RevenueChange
from framework.title.corporations import Reservation

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.trains import Event


def change_phase(game: Game, name: str) -> None:
    game.phase = name
    game.log(f"Phase {name} begins")
    change_revenues(game, name)
    close_in_phase(game, name)
    remove_assigned_bonuses(game, name)
    for sym in game.corporations:
        for ability in game.title.corporations[sym].abilities:
            if isinstance(ability, Reservation) and ability.until == name:
                game.track_board.unreserve_city(sym, (ability.hex, ability.city))
    game.current_round.phase_changed()
    if name == list(game.title.phases)[-1]:
        game.trigger_end("final_phase")


def remove_assigned_bonuses(game: Game, phase: str) -> None:
    """Bonuses assigned to hexes (``assigned_bonus``) that last until ``phase`` leave the
    game: taken off their hex, they may not be assigned again."""
    for sym, ability in operating.assigned_bonuses(game):
        company = game.companies[sym]
        if ability.until != phase:
            continue
        if company.assigned is not None:
            game.log(f"{sym}'s bonus is removed from {company.assigned[0]}")
        company.assigned = None
        company.uses["assigned_bonus"] = 0


def change_revenues(game: Game, phase: str) -> None:
    """Each company with a ``revenue_change`` at ``phase`` that works now (held by one of
    its owners) pays the new revenue from now on, and may end sales to corporations."""
    for sym, company in game.companies.items():
        for ability in game.title.companies[sym].abilities:
            if (
                isinstance(ability, RevenueChange)
                and ability.phase == phase
                and operating.works(game, sym, ability)
            ):
                company.revenue = ability.revenue
                company.corporations_may_buy = company.corporations_may_buy and ability.corporations_may_buy
                game.log(f"{sym}'s revenue is now {ability.revenue}")


def train_acquired(game: Game, train: Train, buyer: str, first: bool) -> None:
    """A company that closes when its corporation gets a train closes now."""
    for sym, company in game.companies.items():
        spec = game.title.companies[sym]
        if company.closed or not spec.closes_when_corporation_buys_train:
            continue
        if game.president_corporation(sym) == buyer:
            close_company(game, sym)


def run(game: Game, event: Event, train: Train) -> None:
    if event.hook:
        game.hooks[event.hook](game, train)
    elif event.type == "close_companies":
        close_companies(game)
    elif event.type == "full_capitalization":
        full_capitalization(game)
    elif event.type == "nationalization":
        nationalization(game)
    elif event.type == "lose_weakest_run":
        lose_weakest_run(game, train.owner)
    elif event.type == "float_percent":
        assert event.percent is not None, "checked with the title"
        game.float_percent = event.percent
        game.log(f"Corporations now float with {event.percent}% sold")
    elif event.type == "end_escrow":
        game.escrow_ended = True
        game.log("Corporations started from now on hold no money in escrow")
    elif event.type == "minors_merge":
        mergers.minors_merge(game)
    elif event.type == "merger_offer":
        assert event.offer is not None, "checked with the title"
        merger_offer.start(game, event.offer, train)
    elif event.type == "national_formation":
        assert event.formation is not None, "checked with the title"
        national_formation.start(game, event.formation, train)
    elif event.type == "remove_neutral_tokens":
        remove_neutral_tokens(game, event.hexes)
    elif event.type == "trainless_nationalization":
        settled_nationalization.trainless(game)
    elif event.type == "minors_nationalization":
        settled_nationalization.minors(game)
    elif event.type == "nationalize_companies":
        settled_nationalization.companies(game)
    elif event.type == "remove_unstarted_minors":
        remove_unstarted_minors(game)


def remove_unstarted_minors(game: Game) -> None:
    """Minors (``kind: minor``) that no player has started leave the game, and their home
    reservations with them."""
    found = [
        sym
        for sym, corp in game.corporations.items()
        if game.title.corporations[sym].kind == "minor"
        and not corp.closed
        and corp.president() not in game.players_by_id
    ]
    for sym in found:
        close_corporation(game, sym)
    if found:
        game.log("Minors can no longer be started")


def remove_neutral_tokens(game: Game, hexes: list[str]) -> None:
    """The neutral stations printed on the map (``neutral_tokens``) in ``hexes`` (every
    hex when none is named) leave it."""
    board = game.track_board
    for city, slots in list(board.tokens.items()):
        if (not hexes or city[0] in hexes) and NEUTRAL in slots:
            while NEUTRAL in board.slots(city):
                board.remove_token(NEUTRAL, city)
            game.log(f"The neutral station in {city[0]} leaves the map")


LOSES_WEAKEST_RUN = "loses_weakest_run"
"""The counter on a corporation's charter that marks it to give up one train's earnings in
its next operating turn (the ``lose_weakest_run`` event)."""


def lose_weakest_run(game: Game, buyer: str) -> None:
    """Mark the buyer and every floated corporation that owns a train."""
    owners = {t.owner for t in game.trains.values()}
    marked = [
        sym
        for sym, corp in game.corporations.items()
        if sym == buyer or (corp.floated and not corp.closed and sym in owners)
    ]
    for sym in marked:
        game.corporations[sym].counters[LOSES_WEAKEST_RUN] = 1
    game.log(f"{', '.join(sorted(marked))} each give up one train's earnings in their next operating turn")


def close_in_phase(game: Game, phase: str) -> None:
    """Each owned company that closes when ``phase`` begins (``closes_in_phase``) closes."""
    for sym, company in game.companies.items():
        if game.title.companies[sym].closes_in_phase == phase and company.owner not in (BANK, CLOSED):
            close_company(game, sym)


def _closes_later(game: Game, sym: str) -> bool:
    """Whether company ``sym`` closes at the start of a phase still to come."""
    phase = game.title.companies[sym].closes_in_phase
    names = list(game.title.phases)
    return phase in names and game.phase in names and names.index(phase) > names.index(game.phase)


def close_companies(game: Game) -> None:
    for sym in game.companies:
        if _closes_later(game, sym):
            continue
        if game.title.companies[sym].closes_on_event and operating.ability(game, sym, "stays_open") is None:
            close_company(game, sym)
    for sym, minor in game.minors.items():
        if minor.closed or not game.title.minors[sym].closes_on_event:
            continue
        close_minor(game, sym)


def close_minor(game: Game, sym: str) -> None:
    minor = game.minors[sym]
    finance.pay(game, sym, BANK, minor.cash)
    for city in game.track_board.cities_of(sym):
        game.track_board.remove_token(sym, city)
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = "removed"
    minor.closed = True
    game.log(f"{sym} closes")


def full_capitalization(game: Game) -> None:
    for corp in game.corporations.values():
        if corp.closed or corp.par is not None:
            continue
        if all(s.owner == corp.sym for s in corp.shares):
            corp.capitalization = "full"
            for share in corp.shares:
                finance.move_share(game, share, IPO)
    game.log("Corporations not yet started are fully capitalised")


def nationalization(game: Game) -> None:
    """Nationalise the first trainless corporation that has operated, in price order."""
    rules = game.title.rules.nationalization
    if rules is None:
        return
    candidates = [
        c.sym
        for c in game.corporations.values()
        if not c.closed
        and c.operated
        and not c.bot
        and not any(t.owner == c.sym for t in game.trains.values())
    ]
    if not candidates:
        return
    sym = game.market.in_order(candidates)[0]
    corp = game.corporations[sym]
    national = rules.national.sym
    game.log(f"{sym} is nationalised")
    game.nationalised.append(sym)
    game.track_board.unreserve(sym)
    home = game.title.corporations[sym].home
    assert home is not None, "a corporation with tokens on the board has a home"
    cities = game.track_board.cities_of(sym)
    cities.sort(key=lambda c: c != (home.hex, home.first_city))
    for city in cities:
        hexes_with_national = {h for h, _ in game.track_board.cities_of(national)}
        game.track_board.remove_token(sym, city)
        duplicate = (
            city[0] in hexes_with_national
            if rules.one_token_per == "hex"
            else city in game.track_board.cities_of(national)
        )
        if not duplicate:
            game.track_board.add_token(national, city)
    for company in game.companies.values():
        if company.owner == sym:
            close_company(game, company.sym)
    game.market.move(sym, list(rules.price_moves))
    price = game.market.price(sym)
    # The treasury gets its certificates back in this order: the initial offering's, the
    # players' from the priority holder on (each paid the price), then the pool's.
    for share in [s for s in corp.shares if s.owner == IPO]:
        finance.move_share(game, share, sym)
    for player in game.players_from_priority():
        for share in corp.certificates_of(player.id):
            finance.pay(game, BANK, player.id, price * share.percent // 10)
            finance.move_share(game, share, sym)
    for share in corp.certificates_of(POOL) + [s for s in corp.shares if s.owner not in (sym, POOL)]:
        finance.move_share(game, share, sym)
    finance.pay(game, sym, BANK, corp.cash)
    corp.closed = True
    game.market.remove(sym)
    game.current_round.corporation_closed(sym)
