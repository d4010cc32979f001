"""A corporation's bought stop marker (its charter's ``stop_marker``, 1850's edge tokens):
offered in its token step while its network reaches the marker's hex and it has the
cash; once bought, its routes stopping in that hex earn the stop's value twice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.entities import BANK
from framework.title.corporations import StopMarker

if TYPE_CHECKING:
    from framework.engine.game import Game

BOUGHT = "stop_marker"
"""The corporation's counter set once it has bought its marker."""


def marker(game: Game, corp: str) -> StopMarker | None:
    """The corporation's charter's stop marker, if it has one."""
    charter = game.title.corporations.get(corp)
    if charter is None:
        return None
    return next((a for a in charter.abilities if isinstance(a, StopMarker)), None)


def choice(spec: StopMarker) -> str:
    """The ``choose`` that buys the marker."""
    return f"Place {spec.name}"


def offered(game: Game, corp: str) -> StopMarker | None:
    """The marker the corporation may buy now: not bought yet, affordable, and its hex
    reached by the corporation's network."""
    spec = marker(game, corp)
    if (
        spec is None
        or game.corporations[corp].counters.get(BOUGHT)
        or game.corporations[corp].cash < spec.price
    ):
        return None
    reach = game.track_board.reach(corp)
    where = spec.hexes[0]
    if any(node[1] == where for node in reach.nodes) or any(path[0] == where for path in reach.paths):
        return spec
    return None


def buy(game: Game, corp: str, chosen: object) -> None:
    """The corporation buys its marker (``chosen``: the ``choose`` action's choice); a
    marker it may not buy now is refused, nothing changed."""
    spec = offered(game, corp)
    if spec is None or chosen != choice(spec):
        raise GameError("stop marker", f"{corp} may not {chosen} now")
    finance.pay(game, corp, BANK, spec.price)
    game.corporations[corp].counters[BOUGHT] = 1
    game.log(f"{corp} places {spec.name.lower()} on {spec.hexes[0]} for {spec.price}")


def doubled_hexes(game: Game, owner: str) -> tuple[str, ...]:
    """The hexes where the owner's bought marker doubles its routes' stops."""
    spec = marker(game, owner)
    corp = game.corporations.get(owner)
    if spec is None or corp is None or not corp.counters.get(BOUGHT):
        return ()
    return tuple(spec.hexes)
