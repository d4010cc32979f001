"""Positions of a recorded game where a company runs its trains.

:func:`run_positions` replays a game file with the engine and stops before
every ``run_routes`` action: the board as it then is, the running company, the
trains it may run (with their runners: distance, phase colours, bonuses, the
tokens they may pass) and the routes the players recorded. The route search's
command, tests and benchmark all start here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from framework.board.board import Board
from framework.board.routes import IllegalRoute, PathRef, Route, Runner, check_route, revenue
from framework.board.runroutes import route_from_json, route_to_json
from framework.engine.autoroute import trains_to_run
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for
from framework.title.model import Title


@dataclass
class Position:
    """A company about to run its trains."""

    game: str
    """The game's name (by default its 18xx.games id)."""
    action: int
    """The id of the recorded ``run_routes`` action."""
    corporation: str
    phase: str | None
    board: Board
    trains: list[tuple[str, Runner]]
    """The trains the company may run, with their runners."""
    recorded: list[dict[str, Any]] = field(default_factory=list)
    """The routes the players recorded (18xx.games JSON)."""

    @property
    def recorded_total(self) -> int:
        """The revenue the players recorded. A route recorded without its revenue (an
        older 18xx.games export gives only the train and its connections, and the server
        valued it) counts at what it earns on this board: there is no claim to be false;
        if the recorded routes are illegal, such a route counts nothing."""
        if all(r.get("revenue") is not None for r in self.recorded):
            return sum(int(r["revenue"]) for r in self.recorded)
        try:
            routes = self.recorded_routes()
        except IllegalRoute:
            return sum(int(r.get("revenue") or 0) for r in self.recorded)
        runners = dict(self.trains)
        return sum(
            int(data["revenue"])
            if data.get("revenue") is not None
            else revenue(self.board, runners[route.train], route).total
            for data, route in zip(self.recorded, routes, strict=True)
        )

    def recorded_routes(self) -> list[Route]:
        """The recorded routes rebuilt and checked on this board (raises
        :class:`~framework.board.routes.IllegalRoute` for an illegal one)."""
        runners = dict(self.trains)
        used_by: dict[str, set[PathRef]] = {}  # by track group
        routes = []
        for data in self.recorded:
            runner = runners.get(str(data.get("train")))
            used = used_by.setdefault(runner.track_group if runner else "", set())
            route = route_from_json(self.board, self.corporation, data, used)
            check_route(self.board, runners[route.train], route, used)
            used |= route.paths()
            routes.append(route)
        return routes

    def recorded_described(self) -> list[dict[str, Any]]:
        """The recorded routes, each with its ``hexes``, ``revenue_str`` and ``revenue``
        filled in from the route rebuilt on this board where the file leaves them out
        (older exports record only connections); as recorded when they are illegal."""
        try:
            routes = self.recorded_routes()
        except IllegalRoute:
            return [dict(r) for r in self.recorded]
        runners = dict(self.trains)
        out = []
        for data, route in zip(self.recorded, routes, strict=True):
            written = route_to_json(self.board, route, revenue(self.board, runners[route.train], route))
            recorded = {k: v for k, v in data.items() if v is not None}  # null is not recorded
            out.append({**{k: written[k] for k in ("hexes", "revenue_str", "revenue")}, **recorded})
        return out

    def recorded_value(self) -> int:
        """What the recorded routes earn on this board."""
        runners = dict(self.trains)
        return sum(revenue(self.board, runners[r.train], r).total for r in self.recorded_routes())


def run_positions(
    record: GameFile, title: Title | None = None, *, name: str | None = None, snapshot: bool = True
) -> Iterator[Position]:
    """Every ``run_routes`` position of a game, in order.

    With ``snapshot`` each position holds its own copy of the board; without, the
    positions share the game's live board, valid only until the next one is yielded."""
    title = title or title_for(record)
    game = new_game(record, title)
    for action in record.effective():
        action = recorded(game, record, action)
        if action.get("type") == "run_routes":
            corp = str(action["entity"])
            board = game.track_board
            if snapshot:
                board = Board.from_dict(title, board.to_dict(), board.hexmap, board.faces)
            yield Position(
                name or str(record.id),
                int(action["id"]),
                corp,
                game.phase,
                board,
                trains_to_run(game, corp),
                list(action.get("routes") or []),
            )
        game.process(action)
