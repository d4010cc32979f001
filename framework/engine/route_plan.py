"""Routes a person draws: each train's stop hexes, in order, made into legal routes.

A person builds a route by naming its stops' hexes in the order the train visits them,
as on 18xx.games' map. :func:`plan_routes` finds, for each train in turn, the run on
free track through those hexes that the route rules accept and that earns the most
(:func:`~framework.board.runroutes.routes_through` lists the runs,
:func:`~framework.board.routes.check_route` judges them), keeping each train off the
track of the routes before it. The plan says what every route earns, or why it cannot
run, and, when all can, gives the ``run_routes`` action that runs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.routes import IllegalRoute, PathRef, Route, check_route, revenue
from framework.board.runroutes import CANDIDATES, collapsed, route_to_json, routes_through
from framework.engine import operating

if TYPE_CHECKING:
    from framework.engine.game import Game


@dataclass
class PlannedRoute:
    """One train's planned route: what it earns, or why it cannot run."""

    train: str
    hexes: list[str]
    revenue: int = 0
    text: str = ""
    error: str | None = None
    route: dict[str, Any] | None = None
    """The route in 18xx.games' ``run_routes`` form (when it can run)."""


@dataclass
class Plan:
    routes: list[PlannedRoute] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(r.revenue for r in self.routes if r.error is None)

    @property
    def legal(self) -> bool:
        return bool(self.routes) and all(r.error is None for r in self.routes)

    def action(self, game: Game, entity: str) -> dict[str, Any]:
        """The ``run_routes`` action of the plan (:class:`GameError` unless every route can run)."""
        if not self.legal:
            wrong = next((r for r in self.routes if r.error), None)
            why = f"train {wrong.train}: {wrong.error}" if wrong else "no train has a route"
            raise GameError("routes", why)
        return {
            "type": "run_routes",
            "entity": entity,
            "entity_type": game.entity_type(entity),
            "routes": [r.route for r in self.routes],
            "extra_revenue": 0,
        }


SEARCH_LIMIT = 5000
"""At most this many partial plans are tried when trains compete for track."""


def plan_routes(game: Game, entity: str, wanted: Sequence[tuple[str, Sequence[str]]]) -> Plan:
    """Each ``(train id, stop hexes)`` of ``wanted`` as a legal route through those hexes
    in that order, the one earning most first (trains with no hexes are left out).

    When one train's best run takes track a later train needs, the earlier train takes
    its next run instead, so that all can run if any way lets them.
    :class:`GameError` when ``entity`` has no such train to run now."""
    plan = Plan()
    runners = []
    seen: set[str] = set()
    for train_id, hexes in wanted:
        train = game.trains.get(str(train_id))
        if train is None or train.owner != entity or train.ran or train.id in seen:
            raise GameError("trains", f"{game.name(entity)} has no train {train_id} to run")
        seen.add(train.id)
        stops = collapsed(str(h) for h in hexes)
        if stops:
            plan.routes.append(PlannedRoute(train.id, stops))
            runners.append(operating.runner(game, train))
    for planned in plan.routes:
        if len(planned.hexes) < 2:
            planned.error = "a route runs between at least two stops"
    if any(r.error for r in plan.routes):
        return plan
    board = game.track_board
    budget = [SEARCH_LIMIT]

    def runs(k: int, used_by: dict[str, set[PathRef]]) -> list[tuple[Route, Any]]:
        """Train ``k``'s legal runs beside the track its track group's routes used, the
        best first."""
        planned, runner = plan.routes[k], runners[k]
        used = used_by.get(runner.track_group, set())
        found = []
        planned.error = f"no free track runs {'-'.join(planned.hexes)}"
        for route in islice(routes_through(board, planned.train, planned.hexes, used), CANDIDATES):
            try:
                check_route(board, runner, route, used)
            except IllegalRoute as exc:
                planned.error = str(exc).rsplit(" (", 1)[0]
                continue
            found.append((route, revenue(board, runner, route)))
        found.sort(key=lambda run: -run[1].total)
        return found

    def beside(used_by: dict[str, set[PathRef]], k: int, route: Route) -> dict[str, set[PathRef]]:
        group = runners[k].track_group
        return {**used_by, group: used_by.get(group, set()) | route.paths()}

    def search(k: int, used_by: dict[str, set[PathRef]]) -> list[tuple[Route, Any]] | None:
        if k == len(plan.routes):
            return []
        for route, earned in runs(k, used_by):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            rest = search(k + 1, beside(used_by, k, route))
            if rest is not None:
                return [(route, earned), *rest]
        return None

    def each_best() -> list[tuple[Route, Any] | None]:
        """Each train's best beside the trains before it, to say which cannot run."""
        used_by: dict[str, set[PathRef]] = {}
        out: list[tuple[Route, Any] | None] = []
        for k in range(len(plan.routes)):
            found = runs(k, used_by)
            out.append(found[0] if found else None)
            if found:
                used_by = beside(used_by, k, found[0][0])
        return out

    together = search(0, {})
    chosen = list(together) if together is not None else each_best()
    for planned, run in zip(plan.routes, chosen, strict=True):
        if run is not None:
            route, earned = run
            planned.error = None
            planned.revenue, planned.text = earned.total, earned.text(route)
            planned.route = route_to_json(board, route, earned)
    return plan
