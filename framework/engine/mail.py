"""Mail (``rules.mail``): what a corporation earns from its home stop when its operating
turn starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.board.routes import stop_value
from framework.engine import finance
from framework.engine.entities import BANK

if TYPE_CHECKING:
    from framework.engine.game import Game


def home_stop(game: Game, corporation: str) -> tuple[str, int] | None:
    """The first stop on the corporation's home hex's tile: its first city, else its first
    town (``None``: no home, or no such stop)."""
    spec = game.title.corporations.get(corporation)
    if spec is None or spec.home is None:
        return None
    nodes = game.track_board.face(spec.home.hex).nodes
    for kind in ("city", "town"):
        index = next((i for i, node in enumerate(nodes) if node.kind == kind), None)
        if index is not None:
            return (spec.home.hex, index)
    return None


def pay_mail(game: Game, corporation: str) -> None:
    """Pay ``corporation`` its mail at the start of its operating turn (``rules.mail:
    home_stop``): its home stop's value to its first train, if it has a train."""
    if game.title.rules.mail != "home_stop" or corporation not in game.corporations:
        return
    train = next((t for t in game.trains.values() if t.owner == corporation), None)
    stop = home_stop(game, corporation)
    if train is None or stop is None:
        return
    income = stop_value(game.track_board, stop, game.colors(), train.variant or train.name)
    if income > 0:
        finance.pay(game, BANK, corporation, income)
        game.log(f"{corporation} receives {income} in mail")
