"""1850Jr, converted from 18xx.games at run time, against its real game: its ports (a
route with a port earns half its stops' worth more, rounded down to 10, and needs two
other stops)."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.board.routes import IllegalRoute, Route, check_route, revenue
from framework.board.runroutes import route_from_json
from framework.engine import operating
from framework.engine.autoroute import best_run
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, replay, title_for

GAME = ORACLE.parent / "fixtures" / "1850Jr" / "hotseat.json"


@pytest.fixture(scope="module")
def the_1850jr(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1850jr"), "1850Jr")


def before(title: Path, action_id: int) -> tuple[Game, dict]:
    """The real game just before its action ``action_id``, and that action."""
    record = GameFile.read(GAME)
    game = new_game(record, title_for(record, title))
    for action in record.effective():
        if action.get("id") == action_id:
            return game, action
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    raise AssertionError(f"no action {action_id}")


def test_1850jr_converts_its_ports_as_a_revenue_share(the_1850jr):
    from ruamel.yaml import YAML

    title = YAML(typ="safe").load(the_1850jr / "title.yaml")
    assert title["bonuses"] == {
        "port": {
            "kind": "revenue_share",
            "name": "port",
            "label": "port",
            "hexes": ["A5", "E9", "C1", "H0", "I1", "I3"],
            "percent": 50,
            "round_down_to": 10,
            "min_stops": 3,
        }
    }
    assert "revenue_for" not in (the_1850jr / "GAPS.md").read_text(encoding="utf-8")


def test_a_route_to_napoli_earns_half_more_and_needs_two_other_stops(the_1850jr):
    """Action 100: "IFT runs a 3 train for L.100: G5-H2-H0" (18xx.games' log): 70 for
    the stops, 30 for the port of Napoli (half of 70, rounded down to 10). Without G5
    the route to the port is too short."""
    game, action = before(the_1850jr, 100)
    data = action["routes"][0]
    runner = operating.runner(game, game.trains[data["train"]])
    route = route_from_json(game.board, "IFT", data)
    check_route(game.board, runner, route)
    earned = revenue(game.board, runner, route)
    assert (earned.stops, earned.total, earned.text(route)) == (70, 100, "G5-H2-H0 + port")
    short = Route(route.train, route.stops[1:], route.chains[1:])
    with pytest.raises(IllegalRoute) as caught:
        check_route(game.board, runner, short)
    assert caught.value.rule == "stops with a revenue share"


def test_the_best_routes_count_the_port(the_1850jr):
    """The route search finds IFT's runs of action 100 worth the recorded 180, its
    3-train to Napoli's port for 100."""
    game, _ = before(the_1850jr, 100)
    action, answer = best_run(game, "IFT", time_limit=20)
    assert answer.total == 180
    assert [r["revenue"] for r in action["routes"] if "H0" in r["hexes"]] == [100]


def test_the_real_1850jr_game_reaches_its_recorded_result(the_1850jr):
    """Without the ports' share it diverged at action 100 (91 actions replayed)."""
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, the_1850jr))
    assert outcome.matches_recorded, outcome.failure
