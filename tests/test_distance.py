"""Distances counted by kind of stop, and stops visited free.

A train's ``distance`` may be a list of parts, each counting some kinds of stop
(``stops``): how many of them a route may ``visit``, how many of those ``pay`` (the
best ones) and a ``multiplier`` for those that pay — 18xx.games' ``distance`` lists
of ``nodes``, ``visit``, ``pay`` and ``multiplier``. A revenue centre with
``visit_cost: 0`` takes none of a train's distance (1888's harbours).

Each rule is shown on one position of a real 1830 game (29133, action 251): NYNH
runs its 4-train Mansfield (a town, 10) – Providence – New Haven (a town) – New York
for 130. A house rule changes the title; the board is drawn from the ruled title and
the 4-train runs as the engine reads the ruled title's distance.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from framework.board.board import Board
from framework.board.distance import Allowance, Distance
from framework.board.optimal import best_routes
from framework.board.routes import IllegalRoute, check_route, revenue
from framework.board.runroutes import route_from_json
from framework.engine.operating import by_kind
from framework.record.gamefile import GameFile
from framework.record.positions import Position, run_positions
from framework.title.faces import make_face
from framework.title.loader import RulesText, load_title
from framework.title.tilecode import parse
from framework.title.tiles import Tile

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "titles" / "1830" / "games" / "29133.json"
ACTION = 251
RECORDED = 130


@cache
def position() -> Position:
    """NYNH about to run its trains at action 251."""
    for found in run_positions(GameFile.read(GAME), load_title(ROOT / "titles" / "1830")):
        if found.action == ACTION:
            return found
    raise AssertionError("no such position")


def under(rule: str) -> Position:
    """The position with the house ``rule`` in force: the board as the ruled title
    draws it, and the 4-train's runner as the engine makes it from the ruled title."""
    title = load_title(ROOT / "titles" / "1830", [RulesText("house.yaml", rule)]) if rule else None
    found = position()
    if title is None:
        return found
    board = Board.from_dict(title, found.board.to_dict())
    spec = title.trains["4"].distance
    trains = []
    for name, runner in found.trains:
        if name.startswith("4-"):
            kinded = by_kind(spec) if isinstance(spec, list) else None
            limit = kinded.limit if kinded is not None else None if spec == "unlimited" else spec
            runner = replace(runner, distance=limit, by_kind=kinded)
        trains.append((name, runner))
    return replace(found, board=board, trains=trains)


def four_train(distance: str) -> str:
    return f"trains:\n  '4':\n    distance: {distance}\n"


def the_route(found: Position):
    """The 4-train's recorded route, its runner and what it earns (or the rule it breaks)."""
    data = next(r for r in found.recorded if r["train"] == "4-3")
    route = route_from_json(found.board, found.corporation, data)
    runner = dict(found.trains)["4-3"]
    try:
        check_route(found.board, runner, route)
    except IllegalRoute as error:
        return route, runner, error.rule
    return route, runner, revenue(found.board, runner, route).total


def values(found: Position, route, kind: str | None = None) -> list[int]:
    """The printed values of the route's stops (of one kind, if given)."""
    nodes = [found.board.face(h).nodes[i] for h, i in route.stops]
    return [n.revenue for n in nodes if kind is None or n.kind == kind]


def test_the_position_as_played():
    route, runner, earned = the_route(position())
    kinds = [position().board.face(h).nodes[i].kind for h, i in route.stops]
    assert kinds == ["town", "city", "town", "city"]
    assert runner.by_kind is None
    assert earned == RECORDED


def test_towns_free_do_not_count_but_pay():
    rule = four_train("[{stops: [city, offboard], visit: 2}, {stops: [town], visit: unlimited}]")
    _, runner, earned = the_route(under(rule))
    assert runner.by_kind is not None and runner.distance is None
    assert earned == RECORDED


def test_too_many_cities_for_the_part_that_counts_them():
    rule = four_train("[{stops: [city, offboard], visit: 1}, {stops: [town], visit: unlimited}]")
    assert the_route(under(rule))[2] == "distance"


def test_an_express_passes_towns_without_their_revenue():
    rule = four_train("[{stops: [city, offboard], visit: 4}, {stops: [town], visit: unlimited, pay: 0}]")
    found = under(rule)
    route, _, earned = the_route(found)
    town_values = sum(values(found, route, "town"))
    assert town_values > 0
    assert earned == RECORDED - town_values


def test_two_plus_two_counts_towns_in_either_part():
    rule = four_train("[{stops: [city, town, offboard], visit: 2}, {stops: [town], visit: 2}]")
    assert the_route(under(rule))[2] == RECORDED
    rule = four_train("[{stops: [city, town, offboard], visit: 1}, {stops: [town], visit: 2}]")
    assert the_route(under(rule))[2] == "distance"


def test_a_multiplier_counts_its_paying_stops_again():
    rule = four_train("[{stops: [city, offboard], visit: 4, multiplier: 2}, {stops: [town], visit: 4}]")
    found = under(rule)
    route, _, earned = the_route(found)
    assert earned == RECORDED + sum(values(found, route, "city"))


def test_only_the_best_stops_pay():
    rule = four_train("[{stops: [city, town, offboard], visit: 4, pay: 2}]")
    found = under(rule)
    route, _, earned = the_route(found)
    best = sorted(values(found, route), reverse=True)
    assert earned == sum(best[:2]) < RECORDED


def test_a_stop_visited_free_takes_no_distance():
    """Mansfield (F24, gray) made free: the four stops fit a 3-train's distance."""
    three = four_train("3")
    assert the_route(under(three))[2] == "distance"
    free = three + "map:\n  hexes:\n    F24:\n      towns: [{revenue: 10, visit_cost: 0}]\n"
    assert the_route(under(free))[2] == RECORDED


def test_the_route_search_counts_by_kind():
    """The best routes with an express 4-train: proven, each legal and worth what the
    search says, and at least what the players' routes earn under the rule."""
    rule = four_train("[{stops: [city, offboard], visit: 4}, {stops: [town], visit: unlimited, pay: 0}]")
    found = under(rule)
    answer = best_routes(found.board, found.trains)
    assert answer.proven
    runners = dict(found.trains)
    used: set = set()
    for route, earned in zip(answer.routes, answer.revenues, strict=True):
        check_route(found.board, runners[route.train], route, used)
        assert revenue(found.board, runners[route.train], route) == earned
        used |= route.paths()
    played = found.recorded_routes()
    assert answer.total >= sum(revenue(found.board, runners[r.train], r).total for r in played)


@pytest.mark.parametrize(
    ("parts", "stops", "earned"),
    [
        # two cities and any towns: all pay
        ([({"city"}, 2, -1, 1), ({"town"}, None, -1, 1)], [("city", 30), ("town", 10), ("city", 20)], 60),
        # a third city does not fit
        ([({"city"}, 2, -1, 1), ({"town"}, None, -1, 1)], [("city", 30), ("city", 20), ("city", 10)], None),
        # 2+2: towns first fill their own part, leaving room for cities
        ([({"city", "town"}, 2, -1, 1), ({"town"}, 2, -1, 1)], [("town", 10)] * 3 + [("city", 50)], 80),
        # 4D: cities double, towns once
        ([({"city"}, 4, -1, 2), ({"town"}, None, -1, 1)], [("city", 30), ("town", 10)], 70),
        # a stop of a kind no part counts cannot be visited
        ([({"city"}, 3, -1, 1)], [("city", 30), ("town", 10)], None),
    ],
)
def test_sharing_stops_among_parts(parts, stops, earned):
    distance = Distance(tuple(Allowance(frozenset(k), v, p, m) for k, v, p, m in parts))
    assert distance.earn((kind, value, 1) for kind, value in stops) == earned


def test_a_free_stop_of_a_kind_no_part_counts_may_be_visited_and_earns_nothing():
    distance = Distance((Allowance(frozenset({"city"}), 2),))
    assert distance.earn([("city", 30, 1), ("offboard", 40, 0), ("city", 20, 1)]) == 50


@pytest.mark.parametrize(
    "code",
    [
        "town=revenue:10,visit_cost:0;path=a:0,b:_0;path=a:3,b:_0",
        "city=revenue:20,visit_cost:0;path=a:0,b:_0",
        "offboard=revenue:30,visit_cost:0;path=a:0,b:_0",
    ],
)
def test_a_tile_code_s_visit_cost_reaches_the_tile_s_stops(code):
    """18xx.games' ``visit_cost`` in a tile code, read into a tile and onto its face,
    where the route rules above read it."""
    tile = Tile.model_validate({"color": "yellow", "count": 1, **parse(code)})
    (node,) = make_face("X", tile, "yellow", 0).nodes
    assert node.visit_cost == 0
    plain = Tile.model_validate({"color": "yellow", "count": 1, **parse(code.replace(",visit_cost:0", ""))})
    assert make_face("X", plain, "yellow", 0).nodes[0].visit_cost == 1


def test_a_train_face_has_a_distance_by_kind_of_its_own():
    """18SJ's E (a face of the D) made an express: the engine's runner for the E counts
    cities only, towns passed without pay; the D keeps its distance."""
    rule = (
        "trains:\n  D:\n    variants:\n      E:\n"
        "        distance: [{stops: [city, offboard], visit: 3, multiplier: 2},\n"
        "                   {stops: [town], visit: 9, pay: 0}]\n"
    )
    title = load_title(ROOT / "titles" / "18SJ", [RulesText("house.yaml", rule)])
    face = title.trains["D"].variants["E"].distance
    assert isinstance(face, list)
    express = by_kind(face)
    assert express.limit == 12
    assert express.earn([("city", 30, 1), ("town", 10, 1), ("offboard", 50, 1)]) == 160
    assert title.trains["D"].distance == "unlimited"
