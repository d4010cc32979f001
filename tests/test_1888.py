"""1888, converted from 18xx.games at run time, against its real games: each
corporation's destination bonus (a route joining its home and its destination), Heng
Shan's special lay of its mine, the mine's subsidy, and the Yanda ferry's blue tiles."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.base.errors import GameError
from framework.board.lays import IllegalLay, check_lay
from framework.board.routes import revenue
from framework.board.runroutes import route_from_json
from framework.engine import operating
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, replay, title_for
from framework.title.loader import RulesText

FIXTURES = ORACLE.parent / "fixtures" / "1888"


@pytest.fixture(scope="module")
def the_1888(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1888"), "1888")


def before(the_1888: Path, path: Path, action_id: int) -> tuple[Game, dict]:
    """The game of ``path`` just before its action ``action_id``, and that action."""
    record = GameFile.read(path)
    game = new_game(record, title_for(record, the_1888))
    for action in record.effective():
        if action.get("id") == action_id:
            return game, action
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    raise AssertionError(f"no action {action_id}")


def test_1888_converts_each_corporation_s_destination_as_its_own_bonus(the_1888):
    from ruamel.yaml import YAML

    title = YAML(typ="safe").load(the_1888 / "title.yaml")
    assert title["bonuses"]["LYR_destination"] == {
        "kind": "all_hexes",
        "name": "Destination",
        "label": "dest",
        "hexes": ["F16", "H14"],
        "amount": 20,
        "corporations": ["LYR"],
    }
    east = YAML(typ="safe").load(the_1888 / "variants" / "east.yaml")
    assert east["bonuses"]["LHR_destination_C3"]["hexes"] == ["A9", "C3"]


def test_lyr_earns_its_destination_bonus_joining_yantai_and_qingdao(the_1888):
    """Game 129026, action 68: LYR's 2-train runs Qingdao (H14) - Yantai (F16), its
    destination and its home, for 80 (18xx.games' log): 60 for the stops, 20 for the
    destination; of the corporations' destinations, only LYR's is a bonus of its routes."""
    game, action = before(the_1888, FIXTURES / "129026.json", 68)
    data = action["routes"][0]
    route = route_from_json(game.board, "LYR", data)
    earned = revenue(game.board, operating.runner(game, game.trains[data["train"]]), route)
    assert (earned.stops, earned.total, earned.text(route)) == (60, 80, "H14-F16 + dest")
    runner = operating.runner(game, game.trains[data["train"]])
    assert [b.key for b in runner.bonuses.title if b.name == "Destination"] == ["LYR_destination"]


NOT_SPECIAL = """overlay: {name: plain lays}
companies:
  HS:
    abilities:
    - {type: blocks_hexes, hexes: [C5], owner: [player]}
    - {type: tile_lay, hexes: [C5], tiles: [L41], count: 1, when: [operating_turn], free: true}
"""


def test_heng_shan_lays_its_mine_in_a_hex_without_a_town(the_1888):
    """Game 129026, action 248: Heng Shan's lay of the mine (L41, a tile with a town) in
    the mountain hex C5, which has none, is a special lay (18xx.games' default); a lay
    that is not special must keep the hex's towns."""
    path = FIXTURES / "129026.json"
    game, action = before(the_1888, path, 248)
    game.process(action)
    assert game.board.placed["C5"].name == "L41"
    record = GameFile.read(path)
    plain = game_title(the_1888, 4, record.optional_rules, [RulesText("house.yaml", NOT_SPECIAL)])
    game = new_game(record, plain)
    for earlier in record.effective():
        if earlier.get("id") == 248:
            break
        if earlier.get("type") != "message":
            game.process(recorded(game, record, earlier))
    with pytest.raises(GameError) as caught:
        game.process(action)
    assert caught.value.rule == "revenue centres"


def test_hjr_earns_a_subsidy_for_running_to_the_mine(the_1888):
    """Game 129026, actions 303 and 306: "HJR runs a 3 train for ¥60: F6-E5-C5", "HJR
    withholds ¥170", "HJR earns subsidy of ¥40" (18xx.games' log): the mine's 40 is no
    part of the revenue, and goes to the treasury with the withheld 170."""
    path = FIXTURES / "129026.json"
    game, action = before(the_1888, path, 303)
    data = action["routes"][0]
    route = route_from_json(game.board, "HJR", data)
    earned = revenue(game.board, operating.runner(game, game.trains[data["train"]]), route)
    assert (earned.total, earned.subsidy) == (60, 40)
    cash = game.corporations["HJR"].cash
    game, _ = before(the_1888, path, 307)
    assert game.corporations["HJR"].cash - cash == 170 + 40


def test_yanda_ferry_replaces_the_blue_hexes_of_dalian_and_yantai(the_1888):
    """Game 128097, actions 250 and 251: "CDL (YRF) lays tile #L40a with rotation 0 on E17
    (Dalian)", then L40b on F16 (Yantai): blue tiles replacing the printed blue hexes, by
    the company's special lays, the first leading into the second hex before it is laid;
    LYR's home station in Yantai stays. A corporation's own lays cannot go there."""
    path = FIXTURES / "128097.json"
    game, _ = before(the_1888, path, 250)
    plain = operating.layer(game, "CDL")
    with pytest.raises(IllegalLay) as caught:
        check_lay(game.track_board, plain, "E17", "L40a-0", 0)
    assert caught.value.rule == "fixed hex"
    game, _ = before(the_1888, path, 252)
    assert (game.board.placed["E17"].name, game.board.placed["F16"].name) == ("L40a", "L40b")
    assert "LYR" in game.track_board.slots(("F16", 0))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_the_real_1888_games_reach_their_recorded_results(the_1888, path):
    """Both real games end as recorded (they diverged at actions 69 and 72 without the
    destination bonuses; 129026 then at 248 without Heng Shan's special lay and at 307
    without the mine's subsidy; 128097 at 250 without the ferries' blue tiles)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_1888))
    assert outcome.matches_recorded, outcome.failure
