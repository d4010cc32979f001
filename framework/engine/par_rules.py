"""Which corporations players may start now: those not yet started, but a national a
train event forms (``national_formation``) and a corporation that needs a station of
its on the map first (``par_needs_station``: 1882's CN); and the title's limit on how
many are started in a game (``rules.stock.start_limit``), after which the others close.

>>> from framework.engine.par_rules import refusal
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import nationals, trains
from framework.engine.closing import close_corporation

if TYPE_CHECKING:
    from framework.engine.game import Game


def refusal(game: Game, sym: str, by: str = "par") -> str | None:
    """Why no player may start corporation ``sym`` now ``by`` a ``par`` (or a ``bid``:
    its ``started_by``), or ``None`` when one may (the price and the player's cash
    aside)."""
    corp = game.corporations[sym]
    if corp.par is not None:
        return f"{sym} has already been started"
    if corp.closed:
        return f"there is no corporation {sym} to start"
    if nationals.formed_by_event(game, sym):
        return f"{sym} is a national: a train's national formation starts it, no player"
    charter = game.title.corporations[sym]
    if charter.par_needs_station and not game.track_board.cities_of(sym):
        return f"{sym} is started only once a station of its is on the map"
    if not trains.phase_reached(game, charter.available_from):
        return f"{sym} may be started from phase {charter.available_from}"
    if charter.from_stock_round > 1 and game.turn < charter.from_stock_round:
        return f"{sym} may be started from stock round {charter.from_stock_round}"
    if charter.started_by == "none":
        return f"{sym} is never started by a player"
    if charter.started_by != by:
        return (
            f"{sym} is started by a bid" if charter.started_by == "bid" else f"{sym} is not started by a bid"
        )
    return _bid_order(game, sym) if by == "bid" else None


def _bid_order(game: Game, sym: str) -> str | None:
    """Why ``sym`` may not be bid on before others (``rules.stock.start_bid``'s
    ``first`` and ``in_order``, among the corporations the phase lets players start)."""
    rule = game.title.rules.stock.start_bid
    if rule is None:
        return f"{sym} is started by a bid, but the title says no rules for it"
    charters = game.title.corporations
    unstarted = [
        s
        for s, c in game.corporations.items()
        if charters[s].started_by == "bid"
        and c.par is None
        and not c.closed
        and trains.phase_reached(game, charters[s].available_from)
    ]
    if rule.first is not None and rule.first != sym and rule.first in unstarted:
        return f"{rule.first} must be the first corporation started"
    if rule.in_order and unstarted and unstarted[0] != sym:
        return f"{unstarted[0]} is the next corporation to be started by a bid"
    return None


def started(game: Game) -> None:
    """After a corporation is started: once the title's ``start_limit`` for this many
    players is reached, every corporation not yet started leaves the game, its stations
    on the map staying there (``tokens.home: setup``), blocking as foreign ones do."""
    limit = game.title.rules.stock.start_limit.get(len(game.humans))
    corps = game.corporations.values()
    if limit is None or sum(c.par is not None for c in corps) < limit:
        return
    left = [c.sym for c in corps if c.par is None and not c.closed]
    if left:
        game.log(f"{limit} corporations have been started: {', '.join(left)} leave the game")
    for sym in left:
        close_corporation(game, sym, keep_stations=True)
