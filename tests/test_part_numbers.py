"""How game files number a tile's revenue centres (``part``).

18xx.games numbers every part of a tile's code in order, labels, paths and terrain
included: in ``label=OO;city=revenue:30;city=revenue:30`` the cities are parts 1 and 2,
so a token placed in the second is ``H3-0-2`` and a route's stop there ``H3-2``. The
title format numbers revenue centres cities, towns, off-boards; a centre whose number
in game files differs says so with ``part``, which ``18xx import`` writes and the
engine reads and writes in place_token and run_routes actions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_distance import RECORDED, the_route, under

from framework.board.routes import revenue
from framework.board.runroutes import route_from_json, route_to_json
from framework.board.tokens import IllegalToken, check_token
from framework.convert.codes import read_code
from framework.engine.game import Game
from framework.engine.steps.track import city_id, parse_city
from framework.record.replay import game_title
from framework.title.faces import make_face
from framework.title.loader import RulesText
from framework.title.tilecode import parse
from framework.title.tiles import Tile

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # 18 Christmas Eve's H3: a frame first
        ("frame=color:#F5846B;city=revenue:30;city=revenue:30;path=a:2,b:_0;path=a:5,b:_1;label=OO", [1, 2]),
        # 1824's Vienna: each city followed by its path
        (
            "city=revenue:30;path=a:0,b:_0;city=revenue:30;path=a:1,b:_1;city=revenue:30;path=a:2,b:_2",
            [0, 2, 4],
        ),
        # 1880's B10: a town before the city (centres: the city, then the town)
        ("town=revenue:0;city=revenue:0", [1, 0]),
        # 1862's B15: an off-board, a path and a border before the city
        ("offboard=revenue:100;path=a:3,b:_0;border=edge:2;city=revenue:0,slots:2", [3, 0]),
        # the usual order: nothing to say
        ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", [0]),
    ],
)
def test_a_code_numbers_its_centres_in_the_order_of_its_parts(code, expected):
    content = read_code(code).content
    numbers = [n.get("part") for kind in ("cities", "towns", "offboards") for n in content.get(kind, [])]
    places = list(range(len(numbers)))
    assert [place if n is None else n for place, n in zip(places, numbers, strict=True)] == expected
    face = make_face("X", Tile.model_validate({"color": "yellow", "count": 1, **content}), "yellow", 0)
    assert [face.part_of(i) for i in range(len(face.nodes))] == expected
    assert [face.node_of(n) for n in expected] == places


def test_the_tile_library_reads_part_numbers_too():
    content = parse("label=OO;city=revenue:30;city=revenue:30")
    assert [c["part"] for c in content["cities"]] == [1, 2]


def new_york(parts: str) -> Game:
    """An 1830 game whose New York cities carry the ``part`` numbers ``parts``."""
    rule = (
        "map:\n  hexes:\n    G19:\n      cities: ["
        + ", ".join(f"{{revenue: 40, part: {n}}}" for n in parts.split(","))
        + "]\n"
    )
    title = game_title(ROOT / "titles" / "1830", 4, (), [RulesText("house.yaml", rule)])
    return Game(title, SEATS, 1)


def test_a_city_is_named_by_its_part_number():
    game = new_york("2,5")
    assert city_id(game, ("G19", 1)) == "G19-0-5"
    assert parse_city(game, "G19-0-5") == ("G19", 1)
    assert parse_city(game, "G19-0-2") == ("G19", 0)
    plain = Game(game_title(ROOT / "titles" / "1830", 4), SEATS, 1)
    assert city_id(plain, ("G19", 1)) == "G19-0-1"


def test_a_number_no_centre_has_names_no_city():
    """With New York's cities numbered 2 and 5, ``G19-0-1`` is no city: a token there is
    refused, the state unchanged (the check runs before anything else of the action)."""
    game = new_york("2,5")
    _, node = parse_city(game, "G19-0-1")
    assert node not in (0, 1)
    with pytest.raises(IllegalToken) as caught:
        check_token(game.track_board, "NYNH", ("G19", node), connect=False)
    assert caught.value.rule == "cities"


def test_a_route_s_stops_are_written_and_read_by_part_number():
    """NYNH's 4-train run at 1830 game 29133's action 251 passes Mansfield (F24, a town):
    numbered 3 by a house rule, the route is written with ``F24-3`` and read back from
    it, and earns the same."""
    numbered = under("map:\n  hexes:\n    F24:\n      towns: [{revenue: 10, part: 3}]\n")
    route, runner, earned = the_route(numbered)
    assert earned == RECORDED
    written = route_to_json(numbered.board, route, revenue(numbered.board, runner, route))
    assert "F24-3" in written["nodes"]
    assert route_from_json(numbered.board, "NYNH", written).stops == route.stops
    plain = under("")
    route, runner, _ = the_route(plain)
    nodes = route_to_json(plain.board, route, revenue(plain.board, runner, route))["nodes"]
    assert "F24-0" in nodes and "F24-3" not in nodes
