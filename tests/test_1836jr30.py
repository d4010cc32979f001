"""1836Jr30, converted from 18xx.games at run time, against its real games: its ports
(Harwich, Dover, Paris) earned once for each station on a route, by routes of three
stops or more (``port``, :mod:`framework.title.ports`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.base.errors import GameError
from framework.engine.autoroute import best_run
from framework.engine.game import Game
from framework.engine.trace import trace_state
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, replay, title_for
from framework.title.loader import RulesText

FIXTURES = ORACLE.parent / "fixtures" / "1836Jr30"
GAME = FIXTURES / "2809.json"
PORT = "{revenue: {green: 20, brown: 30}, group: port, route: never, port: {%s}}"


@pytest.fixture(scope="module")
def the_1836jr30(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1836jr30"), "1836Jr30")


def ports(port: str) -> RulesText:
    """A house rule giving the three ports of the map the rule ``port``."""
    hexes = "".join(f"    {h}:\n      offboards: [{PORT % port}]\n" for h in ("E3", "G1", "J2"))
    return RulesText("ports.yaml", f"map:\n  hexes:\n{hexes}")


def game_before(folder: Path, path: Path, action_id: int, rules: list[RulesText] | None = None) -> Game:
    """The game of ``path`` just before its action ``action_id`` (played by the converted
    title, with house ``rules``)."""
    record = GameFile.read(path)
    title = game_title(folder, len(record.players), record.optional_rules, rules or [])
    game = new_game(record, title)
    for action in record.effective():
        if action.get("id", 0) >= action_id:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


def routes_of(path: Path, action_id: int) -> dict:
    record = GameFile.read(path)
    return next(a for a in record.effective() if a.get("id") == action_id)


def test_1836jr30_converts_its_ports(the_1836jr30):
    """Harwich, Dover and Paris are ports paid by station; what 1836Jr30's Ruby overrides
    (``revenue_for``, ``multiple_buy_only_from_market?``) is all data of the format."""
    from ruamel.yaml import YAML

    hexes = YAML(typ="safe").load(the_1836jr30 / "map.yaml")["map"]["hexes"]
    for hex_id in ("E3", "G1", "J2"):
        assert hexes[hex_id]["offboards"][0]["port"] == {"pays": "per_station", "stops": 3}
    gaps = (the_1836jr30 / "GAPS.md").read_text(encoding="utf-8")
    assert "revenue_for" not in gaps  # the ports are all it does
    assert "Nothing: every behaviour found is data of the title format." in gaps


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_1836jr30_game_reaches_its_result(the_1836jr30, path):
    """Both real games replay to their recorded result (before ports they diverged at
    actions 395 and 249: a port's revenue counted once put the cash astray)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_1836jr30))
    assert outcome.failure is None
    assert outcome.matches_recorded


def test_a_port_pays_once_for_each_station_on_the_route(the_1836jr30):
    """18xx.games' log, action 188: "Nord runs a 3 train for 120 F: H4-I3-J2" and "a 4
    train for 110 F: H6-H4-H2-G1": Paris (J2) and Dover (G1) earn their 20 F (green) once
    for each of Nord's stations on the route (H4 and I3; H4 alone). Earned once, as any
    stop, the first route makes 20 F less."""
    action = routes_of(GAME, 188)
    as_played = game_before(the_1836jr30, GAME, 188)
    as_played.process(recorded(as_played, GameFile.read(GAME), action))
    assert as_played.round.revenue == 230
    once = game_before(the_1836jr30, GAME, 188, [ports("pays: once, stops: 3")])
    once.process(recorded(once, GameFile.read(GAME), action))
    assert once.round.revenue == 210


def test_a_route_to_a_port_needs_its_stops(the_1836jr30):
    """18xx.games' log, action 127: "Nord runs a 3 train for 60 F: H4-H2-G1", three stops.
    With ports that need four, the route to Dover is refused by the port rule, and the
    game is as it was."""
    game = game_before(the_1836jr30, GAME, 127, [ports("pays: per_station, stops: 4")])
    before = trace_state(game)
    with pytest.raises(GameError, match="needs 4 stops, this one has 3") as error:
        game.process(recorded(game, GameFile.read(GAME), routes_of(GAME, 127)))
    assert error.value.rule == "port"
    assert trace_state(game) == before


@pytest.mark.parametrize(("path", "action_id"), [(GAME, 188), (FIXTURES / "2851.json", 229)])
def test_the_best_routes_count_the_ports_as_the_routes_do(the_1836jr30, path, action_id):
    """The route search values ports as the route rules do (it checks each answer
    against them): the best routes of both positions are the 230 F the players ran, one
    of them to a port; the search's run is accepted and pays that."""
    game = game_before(the_1836jr30, path, action_id)
    action, answer = best_run(game)
    assert answer.proven and answer.total == 230
    assert any(game.track_board.face(h).nodes[i].port for r in answer.routes for h, i in r.stops)
    game.process(action)
    assert game.round.revenue == 230
