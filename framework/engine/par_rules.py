"""Which corporations players may start now: those not yet started, but a national a
train event forms (``national_formation``) and a corporation that needs a station of
its on the map first (``par_needs_station``: 1882's CN); and the title's limit on how
many are started in a game (``rules.stock.start_limit``), after which the others close.

>>> from framework.engine.par_rules import refusal
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import nationals
from framework.engine.closing import close_corporation

if TYPE_CHECKING:
    from framework.engine.game import Game


def refusal(game: Game, sym: str) -> str | None:
    """Why no player may start corporation ``sym`` now, or ``None`` when one may (the
    price and the player's cash aside)."""
    corp = game.corporations[sym]
    if corp.par is not None:
        return f"{sym} has already been started"
    if corp.closed:
        return f"there is no corporation {sym} to start"
    if nationals.formed_by_event(game, sym):
        return f"{sym} is a national: a train's national formation starts it, no player"
    if game.title.corporations[sym].par_needs_station and not game.track_board.cities_of(sym):
        return f"{sym} is started only once a station of its is on the map"
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
