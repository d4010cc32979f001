"""Lanes: several separate tracks across one hex side (``a_lane``, ``b_lane`` of a path).

On Tiny, Middleton (A4) and Southby (B5) share a side (A4's edge 5, B5's edge 2). A4's
tile runs two tracks from its city to that side, lanes 0 and 1 of 2; B5's takes them on,
lane 1 into its town and lane 0 into its city (lane ``i`` of 2 meets lane ``1 - i``).
Each lane is track of its own: a company runs one train from Middleton to Southby's city
and another to its town, each over one lane; without lanes the two tracks are one side,
used once. (Southby's city track is written city first: its lane is its ``b_lane``.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.base.problems import ProblemsError
from framework.board.board import Board
from framework.board.routes import IllegalRoute, Route, Runner, check_route
from framework.board.runroutes import route_from_json
from framework.title.loader import RulesText, load_title

TINY = Path(__file__).resolve().parent / "titles" / "tiny"
LANES = """tiles:
  L1:
    color: yellow
    count: 1
    cities: [{revenue: 20}]
    paths: [{a: 5, b: city, a_lane: [2, 0]}, {a: 5, b: city, a_lane: [2, 1]}]
  L2:
    color: yellow
    count: 1
    cities: [{revenue: 30}]
    towns: [{revenue: 10}]
    paths: [{a: city, b: 2, b_lane: [2, 0]}, {a: 2, b: town, a_lane: [2, 1]}]
"""
PLAIN = LANES.replace(", a_lane: [2, 0]", "").replace(", a_lane: [2, 1]", "").replace(", b_lane: [2, 0]", "")
RUNNER = Runner("CO", ("yellow",), 2)


def board(text: str) -> Board:
    title = load_title(TINY, [RulesText("lanes", text)])
    board = Board(title)
    board.put_tile("A4", "L1-0", "L1", 0, {0: 0})
    board.put_tile("B5", "L2-0", "L2", 0, {0: 0, 1: 1})
    board.add_token("CO", ("A4", 0))
    return board


TO_CITY = Route("2-0", (("A4", 0), ("B5", 0)), ((("A4", 1), ("B5", 0)),))
"""A4's lane 1 into B5's lane 0, to its city."""
TO_TOWN = Route("2-1", (("A4", 0), ("B5", 1)), ((("A4", 0), ("B5", 1)),))
"""A4's lane 0 into B5's lane 1, to its town."""


def test_two_routes_each_run_over_their_own_lane_of_one_side():
    lanes = board(LANES)
    check_route(lanes, RUNNER, TO_CITY)
    check_route(lanes, RUNNER, TO_TOWN, TO_CITY.paths())
    plain = board(PLAIN)
    check_route(plain, RUNNER, TO_CITY)
    with pytest.raises(IllegalRoute, match="used twice"):
        check_route(plain, RUNNER, TO_TOWN, TO_CITY.paths())


def test_a_track_goes_on_only_into_the_lane_facing_it():
    """Lane 0 of A4's side meets lane 1 of B5's (the town), never lane 0 (the city)."""
    lanes = board(LANES)
    crossed = Route("2-0", (("A4", 0), ("B5", 0)), ((("A4", 0), ("B5", 0)),))
    with pytest.raises(IllegalRoute, match="lane"):
        check_route(lanes, RUNNER, crossed)
    check_route(board(PLAIN), RUNNER, crossed)
    reach = lanes.graph.walk([("node", "A4", 0)], lambda key: True)
    assert {("B5", 0), ("B5", 1)} <= reach.paths


def test_recorded_routes_find_their_lanes():
    """18xx.games records only the hexes of each chain: the second route finds the lane
    the first left free."""
    lanes = board(LANES)
    first = route_from_json(
        lanes, "CO", {"train": "2-0", "connections": [["A4", "B5"]], "nodes": ["A4-0", "B5-0"]}
    )
    second = route_from_json(
        lanes, "CO", {"train": "2-1", "connections": [["A4", "B5"]], "nodes": ["A4-0", "B5-1"]}, first.paths()
    )
    assert first.chains == TO_CITY.chains and second.chains == TO_TOWN.chains
    with pytest.raises(IllegalRoute, match="no free track"):
        route_from_json(
            board(PLAIN),
            "CO",
            {"train": "2-1", "connections": [["A4", "B5"]], "nodes": ["A4-0", "B5-1"]},
            TO_CITY.paths(),
        )


def reached_in_southby(printed: str) -> set[str]:
    """What Middleton's network reaches of Southby's tile, over B3's printed track
    ``printed`` (from A4's side, edge 3, to B5's, edge 4): L1 turned to run both its lanes
    toward B3, L2 turned to take both of its own from B3."""
    text = LANES + "map: {hexes: {B3: {paths: [" + printed + "]}}}"
    board = Board(load_title(TINY, [RulesText("lanes", text)]))
    board.put_tile("A4", "L1-0", "L1", 1, {0: 0})
    board.put_tile("B5", "L2-0", "L2", 5, {0: 0, 1: 1})
    board.add_token("CO", ("A4", 0))
    kinds = {0: "city", 1: "town"}
    return {kinds[i] for _, h, i in board.reach("CO").nodes if h == "B5"}


def test_a_track_from_one_side_to_another_has_a_lane_at_each_end():
    """B3's printed track leaves B5's side in lane 0 of 2, which meets Southby's lane 1,
    to its town; in lane 1 it meets lane 0, to its city. A single track (no lane) meets
    the lane numbered 1 of two. Its ``a`` end has a lane as its ``b`` end does."""
    assert reached_in_southby("{a: 3, b: 4, b_lane: [2, 0]}") == {"town"}
    assert reached_in_southby("{a: 3, b: 4, b_lane: [2, 1]}") == {"city"}
    assert reached_in_southby("{a: 4, b: 3, a_lane: [2, 1]}") == {"city"}
    assert reached_in_southby("[3, 4]") == {"town"}


def test_only_an_end_at_an_edge_has_a_lane():
    with pytest.raises(ProblemsError, match="only an end at a hex edge has a lane"):
        load_title(
            TINY,
            [
                RulesText(
                    "lanes",
                    "tiles: {L3: {color: yellow, count: 1, cities: [{}], "
                    "paths: [{a: city, b: 1, a_lane: [2, 0]}]}}",
                )
            ],
        )
