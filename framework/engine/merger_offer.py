"""A voluntary merger offer (the ``merger_offer`` train event, see
:mod:`framework.title.merger_offer`): the event lists the candidates; the operating
round's ``merger_offer`` step asks them in turn, and :func:`merge` carries out a merger.
The offer in progress is ``game.merger`` (``into``, the candidates left and, once a
merger leaves several tokens to choose from, ``choose`` — the cities one of which the
target keeps); ``game.limit_rise`` is what declined offers added to the certificate limit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from framework.engine import finance, shares
from framework.engine.entities import BANK, IPO, POOL

if TYPE_CHECKING:
    from framework.engine.entities import Train
    from framework.engine.game import Game
    from framework.title.merger_offer import MergerOffer


def offers(game: Game) -> list[MergerOffer]:
    """Every offer the title's trains make."""
    return [e.offer for t in game.title.trains.values() for e in t.events if e.offer is not None]


def held_back(game: Game) -> set[str]:
    """The certificates held back for offers not yet made."""
    made = set(getattr(game, "merger_offers_made", []))
    return {o.share_id for o in offers(game) if o.into not in made}


def state(game: Game) -> dict[str, Any] | None:
    """The offer in progress, if any."""
    merger: dict[str, Any] | None = getattr(game, "merger", None)
    return merger


def offer_of(game: Game, into: str) -> MergerOffer:
    return next(o for o in offers(game) if o.into == into)


def start(game: Game, offer: MergerOffer, train: Train) -> None:
    """The event: list the candidates (or, when the target has not floated, none merges)."""
    game.merger_offers_made = [*getattr(game, "merger_offers_made", []), offer.into]
    target = game.corporations[offer.into]
    game.log(f"{offer.into} merger")
    if not target.floated:
        game.log(f"No merger occurs as {offer.into} has not floated")
        declined(game, offer)
        return
    buyer = game.corporations.get(train.owner)
    trigger = buyer.president() if buyer is not None else None
    game.merger = {"into": offer.into, "candidates": candidates(game, offer, trigger), "choose": []}
    game.log("Merger candidates: " + ", ".join(game.merger["candidates"]))
    advance(game)


def candidates(game: Game, offer: MergerOffer, trigger: str | None) -> list[str]:
    target_president = game.corporations[offer.into].president()
    seats = [p.id for p in game.players]
    at = seats.index(trigger) if trigger in seats else -1
    order = {p: (i + len(seats) if i <= at else i) for i, p in enumerate(seats)}
    rnd = game.current_round
    operating = rnd.operating_order() if hasattr(rnd, "operating_order") else []
    floated, others = [], []
    for sym, corp in game.corporations.items():
        president = corp.president()
        if corp.closed or sym == offer.into or sym in offer.excluded or president == target_president:
            continue
        if president in game.players_by_id and corp.floated:
            floated.append(sym)
        else:
            others.append(sym)

    def key(sym: str) -> tuple[int, int]:
        corp = game.corporations[sym]
        return order[str(corp.president())], operating.index(sym) if sym in operating else len(operating)

    floated.sort(key=key)
    if any(game.corporations[s].par is None for s in others):
        others = [s for s in others if game.corporations[s].par is None]
    return floated + others


def decider(game: Game) -> str | None:
    """Who answers the offer now: the first candidate when it has floated, else the target."""
    merger = state(game)
    if merger is None:
        return None
    if merger["choose"]:
        return str(merger["into"])
    if not merger["candidates"]:
        return None
    first = merger["candidates"][0]
    return first if game.corporations[first].floated else str(merger["into"])


def advance(game: Game) -> None:
    """None left: the offer is declined; one unfloated candidate left: it merges."""
    merger = state(game)
    assert merger is not None
    offer = offer_of(game, merger["into"])
    left = merger["candidates"]
    if not left:
        game.merger = None
        declined(game, offer)
    elif len(left) == 1 and not game.corporations[left[0]].floated:
        merge(game, offer, left[0])


def decline(game: Game, sym: str) -> None:
    merger = state(game)
    assert merger is not None
    game.log(f"{sym} declines")
    merger["candidates"].remove(sym)
    advance(game)


def declined(game: Game, offer: MergerOffer) -> None:
    game.limit_rise = getattr(game, "limit_rise", 0) + offer.declined_limit
    game.log(f"{offer.into} does not merge: the certificate limit rises by {offer.declined_limit}")


def merge(game: Game, offer: MergerOffer, sym: str) -> None:
    """``sym`` merges into the offer's target (see :mod:`framework.title.merger_offer`)."""
    target = game.corporations[offer.into]
    corp = game.corporations[sym]
    game.log(f"{sym} merges into {offer.into}")
    price = game.market.price(sym) if corp.par is not None else 0
    refund = price * offer.refund
    for player in game.players:
        owed = 0.0
        for share in corp.certificates_of(player.id):
            if share.president:
                exchanged = next(s for s in target.shares if s.id == offer.share_id)
                finance.move_share(game, exchanged, player.id)
                game.log(f"{player.name} receives a {exchanged.percent}% share of {offer.into}")
                shares.settle(game, target)
            else:
                owed += refund
            share.owner = IPO
        if owed > 0:
            finance.pay(game, BANK, player.id, math.ceil(owed))
            game.log(f"{player.name} receives {math.ceil(owed)} in share compensation")
    for share in corp.shares:
        if share.owner == POOL:
            share.owner = IPO
    board = game.track_board
    exchange = offer.exchange_tokens
    home = game.title.corporations[sym].home
    mine = set(board.cities_of(offer.into))
    placed = board.cities_of(sym)
    home_city = next((c for c in placed if home is not None and c[0] == home.hex), None)
    if home_city is None and home is not None:
        city = board.reservation(sym, home.hex)
        board.unreserve(sym)
        if city is not None and city not in mine and exchange:
            board.add_token(offer.into, city)
            target.extra_tokens += 1
            exchange -= 1
            game.log(f"{offer.into} places an exchange token in {sym}'s home location in {city[0]}")
    board.unreserve(sym)
    for city in list(placed):
        if city in mine:
            board.remove_token(sym, city)
            placed.remove(city)
    if home_city in placed and exchange:
        replace(game, offer.into, sym, home_city)
        placed.remove(home_city)
        exchange -= 1
    if len(placed) <= exchange:
        for city in placed:
            replace(game, offer.into, sym, city)
        _add_left(game, offer.into, exchange - len(placed))
    else:
        game.merger = {"into": offer.into, "candidates": [], "choose": [list(c) for c in placed], "from": sym}
        game.merger["left"] = exchange - 1
    if corp.cash:
        game.log(f"{offer.into} receives the {sym} treasury of {corp.cash}")
        finance.pay(game, sym, offer.into, corp.cash)
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = offer.into
    corp.closed = True
    if not placed or len(placed) <= exchange:
        game.merger = None


def _add_left(game: Game, into: str, left: int) -> None:
    """The exchange tokens left unplaced go on the target's charter, at its last token's price."""
    if left > 0:
        price = game.title.corporations[into].tokens[-1]
        game.corporations[into].added_tokens.extend([price] * left)
        game.log(f"{into} gets {left} exchange token(s) at {price}")


def replace(game: Game, into: str, sym: str, city: tuple[str, int]) -> None:
    board = game.track_board
    board.replace_token(sym, into, city)
    game.corporations[into].extra_tokens += 1
    game.log(f"{sym}'s token in {city[0]} is replaced with an {into} token")


def choose(game: Game, hex_id: str) -> None:
    """The target's president keeps the merged corporation's token in ``hex_id``."""
    merger = state(game)
    assert merger is not None and merger["choose"]
    cities = [(str(c[0]), int(c[1])) for c in merger["choose"]]
    if hex_id not in {c[0] for c in cities}:
        from framework.base.errors import GameError

        raise GameError("merger_offer", f"{merger['from']} has no token in {hex_id} to exchange")
    _add_left(game, merger["into"], int(merger.get("left", 0)))
    for city in cities:
        if city[0] == hex_id:
            replace(game, merger["into"], merger["from"], city)
        else:
            game.track_board.remove_token(merger["from"], city)
            game.log(f"{merger['from']}'s token is removed in {city[0]}")
    game.merger = None
