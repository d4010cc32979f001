"""Run the best routes: the exact route search offered to the operating company.

:func:`best_run` asks :func:`~framework.board.optimal.best_routes` for the best
routes of every train the company may still run this turn and returns them as
a ``run_routes`` action in 18xx.games' format — the action a bot plays, or a
player who wants auto-routing — together with the search's answer (total,
proof, bound, time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.optimal import Optimum, best_routes
from framework.board.routes import Runner
from framework.board.runroutes import route_to_json
from framework.engine import operating, trains

if TYPE_CHECKING:
    from framework.engine.game import Game


def trains_to_run(game: Game, entity: str) -> list[tuple[str, Runner]]:
    """The trains ``entity`` has not run this turn, with their runners."""
    return [(t.id, operating.runner(game, t)) for t in trains.owned(game, entity) if not t.ran]


def best_run(
    game: Game, entity: str | None = None, *, time_limit: float | None = None
) -> tuple[dict[str, Any], Optimum]:
    """The ``run_routes`` action of the best routes for ``entity`` (by default the
    entity whose turn it is), and the search's answer."""
    entity = entity or game.current_round.entity()
    if entity is None:
        raise GameError("run_routes", "nobody is acting now")
    answer = best_routes(game.track_board, trains_to_run(game, entity), time_limit=time_limit)
    action = {
        "type": "run_routes",
        "entity": entity,
        "entity_type": "minor" if entity in game.minors else "corporation",
        "routes": [
            route_to_json(game.track_board, r, e) for r, e in zip(answer.routes, answer.revenues, strict=True)
        ],
        "extra_revenue": 0,
    }
    return action, answer
