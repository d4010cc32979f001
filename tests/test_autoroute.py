"""Running the best routes (issue 5 §4): the engine's own ``run_routes`` action from the
route search is legal, earns the proven optimum, and is in 18xx.games' format."""

from __future__ import annotations

import pytest
from sj_support import BOT, REAL, game_before, recorded

from framework.board.runroutes import route_from_json
from framework.engine.autoroute import best_run, trains_to_run
from framework.engine.choices import legal_actions


@pytest.mark.parametrize(
    ("game", "action_id", "best"),
    [
        (REAL, 786, 810),  # ÖKJ's E-train: as recorded
        (BOT, 443, 330),  # MÖJ's two 4-trains: 80 more than the players' 250
        (BOT, 447, 400),  # UGJ's 3- and 5-train: 50 more than recorded
    ],
)
def test_the_best_run_is_processed_and_earns_the_optimum(game, action_id, best):
    position = game_before(game, action_id)
    corp = recorded(game, action_id)["entity"]
    action, answer = best_run(position)
    assert action["entity"] == corp and answer.proven and answer.total == best
    assert "run_routes" in legal_actions(position)[corp]
    position.process(action)
    assert position.round.revenue == best
    assert all(train.ran for train in position.trains.values() if train.owner == corp)


def test_the_action_has_the_18xx_games_fields():
    """Each route names its train, connections (hexes per chain), stop hexes, nodes,
    revenue and revenue_str, and rebuilds to the same stops."""
    game = game_before(REAL, 786)
    action, _ = best_run(game)
    assert set(action) == {"type", "entity", "entity_type", "routes", "extra_revenue"}
    assert (action["type"], action["entity_type"]) == ("run_routes", "corporation")
    (route,) = action["routes"]
    assert set(route) == {"train", "connections", "hexes", "revenue", "revenue_str", "nodes"}
    rebuilt = route_from_json(game.board, "ÖKJ", route)
    assert [f"{h}-{i}" for h, i in rebuilt.stops] == route["nodes"]
    assert route["revenue_str"].startswith("-".join(route["hexes"]))


def test_a_minor_runs_as_a_minor():
    game = game_before(REAL, 32)  # KHJ's first run
    action, answer = best_run(game)
    assert (action["entity"], action["entity_type"]) == ("KHJ", "minor")
    assert answer.total == recorded(REAL, 32)["routes"][0]["revenue"]


def test_trains_already_run_are_not_offered():
    game = game_before(REAL, 786)
    assert [train for train, _ in trains_to_run(game, "ÖKJ")] == ["D-0"]
    game.process(recorded(REAL, 786))
    assert trains_to_run(game, "ÖKJ") == []
