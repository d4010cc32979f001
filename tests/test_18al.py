"""18AL, converted from 18xx.games at run time, against its real games: its historical
objectives (``station_bonus``), the Warrior Coal Field token (``assigned_bonus``), New
Decatur Yards (a ``train_discount`` that closes the company when used), the Lumber
Terminal (a company's lay of a tile with a town in an empty hex, never upgraded) and
its obsolete 4 trains (``obsolete_on``). House-ruled copies of the converted title show that each
field changes play.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine import events, operating, trains
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18AL"
LONG = FIXTURES / "1446.json"
"""Four players, to the bank's end: objectives at 66 (M&O in K2) and 117 (ABC in G4), the
Lumber Terminal at 173, the 4 trains obsolete and rusting at 288."""
SHORT = FIXTURES / "hs_pzujrnou_144868.json"
"""Three players: SNAR's coal token assigned to E6 by TAG at 134 (TAG's routes at 136
earn it), New Decatur Yards used at 138."""


@pytest.fixture(scope="module")
def the_18al(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18al"), "18AL")


def action(path: Path, action_id: int) -> dict:
    record = GameFile.read(path)
    return next(a for a in record.effective() if a.get("id") == action_id)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_18al_game_reaches_its_recorded_result(the_18al, path):
    """Each real game replays to its end, with the recorded result and end reason (bank,
    bankruptcy, ended by hand)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_18al))
    assert outcome.failure is None, outcome.failure
    assert outcome.verdict == "matches"


def test_18al_converts_its_objectives_coal_token_discount_and_obsolete_trains(the_18al):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title: dict = {}
    for path in the_18al.glob("*.yaml"):
        title.update(yaml.load(path))
    assert title["corporations"]["L&N"]["abilities"] == [
        {"type": "station_bonus", "hexes": ["G4"], "amount": 100}
    ]
    assert title["companies"]["SNAR"]["abilities"] == [
        {
            "type": "assigned_bonus",
            "hexes": ["H3", "G4", "H5", "G6", "E6"],
            "amount": 10,
            "needs_train": True,
            "reachable": True,
            "until": "6",
            "holds_turn": False,
        }
    ]
    assert title["companies"]["NDY"]["abilities"] == [
        {
            "type": "train_discount",
            "trains": ["3", "4", "5"],
            "fraction": 0.5,
            "uses": 1,
            "closes_when_used_up": True,
        }
    ]
    assert title["trains"]["4"]["obsolete_on"] == "7"
    assert title["tiles"]["445"]["upgrades"] == []  # the Lumber Terminal
    gaps = (the_18al / "GAPS.md").read_text(encoding="utf-8")
    for said in (
        "assign_hexes",
        "train_discount",
        "obsolete",
        "event remove_tokens",
        "step Token",
        "step Assign",
    ):
        assert said not in gaps


def test_a_station_in_the_objective_hex_earns_the_station_bonus_once(the_18al, tmp_path):
    """M&O's objective is K2: "66: M&O places a token on K2 (York) for $40" and receives
    $100 in 18xx.games. House-ruled to $30, or to another hex, it earns $30, or nothing."""
    before, after = replayed_to(the_18al, LONG, 65), replayed_to(the_18al, LONG, 66)
    assert after.corporations["M&O"].cash - before.corporations["M&O"].cash == 100 - 40
    assert after.corporations["M&O"].counters["station_bonus"] == 0
    cheaper = house_ruled(
        the_18al,
        tmp_path / "a",
        "corporations.yaml",
        "hexes: [K2]\n      amount: 100",
        "hexes: [K2]\n      amount: 30",
    )
    assert (
        replayed_to(cheaper, LONG, 66).corporations["M&O"].cash == before.corporations["M&O"].cash - 40 + 30
    )
    yaml = (the_18al / "corporations.yaml").read_text(encoding="utf-8")
    elsewhere = house_ruled(the_18al, tmp_path / "b", "corporations.yaml", "hexes: [K2]", "hexes: [L1]")
    assert "hexes: [K2]" in yaml
    assert replayed_to(elsewhere, LONG, 66).corporations["M&O"].cash == before.corporations["M&O"].cash - 40


def test_the_coal_token_is_assigned_to_a_reached_hex_and_adds_to_each_route(the_18al, tmp_path):
    """TAG owns SNAR: "134: South & North Alabama Railroad is assigned to E6"; at 136 both
    its trains stop in E6 and earn $10 more ("+ Coal(E6)"). The assign is offered only in
    hexes TAG reaches, once; house-ruled to $30 the recorded revenues are refused."""
    game = replayed_to(the_18al, SHORT, 133)
    offered = [c["target"] for c in legal_actions(game)["SNAR"]["assign"]]
    assert "E6" in offered and "H3" not in offered
    game.process(action(SHORT, 134))
    assert game.companies["SNAR"].assigned == ("E6", "TAG")
    assert "SNAR" not in legal_actions(game)  # assigned once
    dearer = house_ruled(the_18al, tmp_path, "companies.yaml", "amount: 10", "amount: 30")
    with pytest.raises(GameError, match="revenue"):
        replayed_to(dearer, SHORT, 136)


def test_the_coal_token_may_be_reassigned_as_often_as_its_count(the_18al, tmp_path):
    """House-ruled to be assigned twice (and anywhere), after 134 it may still move."""
    anywhere = house_ruled(the_18al, tmp_path / "a", "companies.yaml", "reachable: true", "reachable: false")
    assert "SNAR" not in legal_actions(replayed_to(anywhere, SHORT, 134))
    twice = house_ruled(
        anywhere, tmp_path / "b", "companies.yaml", "amount: 10\n", "amount: 10\n      count: 2\n"
    )
    game = replayed_to(twice, SHORT, 134)
    assert [c["target"] for c in legal_actions(game)["SNAR"]["assign"]] == ["H3", "G4", "H5", "G6"]
    game.process({**action(SHORT, 134), "target": "G4", "id": 1000})
    assert game.companies["SNAR"].assigned == ("G4", "TAG")


def test_the_coal_token_needs_a_train_and_a_reached_hex_if_so_written(the_18al, tmp_path):
    game = replayed_to(the_18al, SHORT, 133)
    for train in trains.owned(game, "TAG"):
        train.owner = "TAG-aside"
    assert "SNAR" not in legal_actions(game)
    with pytest.raises(GameError, match="no train"):
        game.process(action(SHORT, 134))
    trainless = house_ruled(
        the_18al, tmp_path / "a", "companies.yaml", "needs_train: true", "needs_train: false"
    )
    game = replayed_to(trainless, SHORT, 133)
    for train in trains.owned(game, "TAG"):
        train.owner = "TAG-aside"
    game.process(action(SHORT, 134))
    anywhere = house_ruled(the_18al, tmp_path / "b", "companies.yaml", "reachable: true", "reachable: false")
    offered = [c["target"] for c in legal_actions(replayed_to(anywhere, SHORT, 133))["SNAR"]["assign"]]
    assert offered == ["H3", "G4", "H5", "G6", "E6"]


def test_the_coal_token_leaves_at_the_phase_it_lasts_until(the_18al, tmp_path):
    game = replayed_to(the_18al, SHORT, 134)
    events.change_phase(game, "6")
    assert game.companies["SNAR"].assigned is None
    longer = house_ruled(the_18al, tmp_path, "companies.yaml", "until: '6'", "until: '7'")
    game = replayed_to(longer, SHORT, 134)
    events.change_phase(game, "6")
    assert game.companies["SNAR"].assigned == ("E6", "TAG")


def test_the_coal_token_works_only_for_the_owners_it_lists(the_18al, tmp_path):
    players = house_ruled(
        the_18al, tmp_path, "companies.yaml", "until: '6'", "until: '6'\n      owner: [player]"
    )
    assert "SNAR" not in legal_actions(replayed_to(players, SHORT, 133))


def test_new_decatur_yards_closes_when_its_discount_is_used(the_18al, tmp_path):
    """ "138: TAG buys a 4 train for $150 from The Depot" with New Decatur Yards, which
    closes; house-ruled not to close, it stays with TAG."""
    assert replayed_to(the_18al, SHORT, 138).companies["NDY"].closed
    kept = house_ruled(
        the_18al, tmp_path, "companies.yaml", "closes_when_used_up: true", "closes_when_used_up: false"
    )
    game = replayed_to(kept, SHORT, 138)
    assert not game.companies["NDY"].closed and game.companies["NDY"].uses["train_discount"] == 0


def test_the_4_trains_are_obsolete_on_the_7_and_rust_after_their_next_dividend(the_18al, tmp_path):
    """The first 7 train makes the 4s obsolete: they no longer count toward the limit, no
    corporation may buy one, and each rusts at the end of its owner's next dividend ("288:
    -- Event: Obsolete trains rust --" for M&O's). Without ``obsolete_on`` it stays."""
    game = replayed_to(the_18al, LONG, 287)
    four = next(t for t in trains.owned(game, "M&O") if t.name == "4")
    assert four.obsolete and not four.buyable
    assert trains.counted(game, "M&O") == len(trains.owned(game, "M&O")) - 1
    game.process(action(LONG, 288))
    assert four.owner == trains.RUSTED
    plain = house_ruled(the_18al, tmp_path, "trains.yaml", "    obsolete_on: '7'\n", "")
    game = replayed_to(plain, LONG, 288)
    assert "4" in [t.name for t in trains.owned(game, "M&O")]


def test_a_company_lays_the_lumber_terminal_town_in_an_empty_swamp(the_18al):
    """ "173: ... lays tile #445 on N5" with Brown & Sons Lumber Co.: a company's lay need
    not keep the hex's number of towns, as an ordinary lay must."""
    from framework.board.lays import IllegalLay, check_lay

    game = replayed_to(the_18al, LONG, 172)
    lay = action(LONG, 173)
    step = next(s for s in game.round.steps if s.name == "special_track")
    layer = step.layer(str(lay["entity"]))
    assert layer.special
    check_lay(game.track_board, layer, lay["hex"], lay["tile"], lay["rotation"])
    from dataclasses import replace

    with pytest.raises(IllegalLay, match="town"):
        check_lay(game.track_board, replace(layer, special=False), lay["hex"], lay["tile"], lay["rotation"])
    game.process(lay)
    ordinary = operating.layer(game, str(game.round.entity()), connect=False)
    with pytest.raises(IllegalLay, match="upgrade chart"):  # 18AL's upgrades_to?: never upgraded
        check_lay(game.track_board, ordinary, "N5", "142-0", 0)
