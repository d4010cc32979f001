"""1870 and 1850, converted from 18xx.games at run time, against their real games: who
may buy a company from a player in each phase when the title's code decides it
(``phases.*.early_company_buys``, ``players_buy_companies``; a ``buy_company`` step's
``early_company_buys``)."""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, imported_title
from ruamel.yaml import YAML

from framework.base.errors import GameError
from framework.engine.trace import trace_state
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, replay, title_for

FIXTURES = ORACLE.parent / "fixtures"


@pytest.fixture(scope="module")
def the_1870(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1870"), "1870")


@pytest.fixture(scope="module")
def the_1850(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1850"), "1850")


def test_1870_phase_1_sells_the_river_company_to_the_river_corporations_only(the_1870):
    """Phase 1's status lets players buy companies from one another, yet 1870's code offers
    them none, and only the MP and the SSW the river bridge company (MRBC)."""
    yaml = YAML(typ="safe")
    phases = yaml.load(the_1870 / "trains.yaml")["phases"]
    assert phases["1"]["early_company_buys"] == {"MRBC": ["MP", "SSW"]}
    assert "players_buy_companies" not in phases["1"]
    assert phases["2"]["players_buy_companies"] is True


def test_1850_phase_2_companies_are_offered_at_the_start_of_the_turn_only(the_1850):
    yaml = YAML(typ="safe")
    phases = yaml.load(the_1850 / "trains.yaml")["phases"]
    assert phases["2"]["early_company_buys"] == {"MRB": [], "MRC": []}
    steps = yaml.load(the_1850 / "rounds.yaml")["rounds"]["operating"]["steps"]
    assert steps[-1] == {"step": "buy_company", "blocking": True, "early_company_buys": False}
    assert "buy_company" in steps[:-1]


@pytest.mark.parametrize(
    ("name", "beyond"),
    [("game-end-market-400.json", 22), ("1870_game_end_bankrupt.json", 46), ("1870_game_end_bank.json", 130)],
    ids=["market-400", "bankrupt", "bank"],
)
def test_every_real_1870_game_plays_its_first_stock_round_and_more(the_1870, name, beyond):
    """Each real game plays its stock round through (before, a player who could buy no
    company from another was kept waiting in phase 1, actions 22, 46 and 127) and its
    checks for corporations reaching their destination that find none (18xx.games'
    ``destination_connection``, actions 22, 46 and 130); the MP buys the river company
    in phase 1 (market-400, action 27)."""
    record = GameFile.read(FIXTURES / "1870" / name)
    outcome = replay(record, title_for(record, the_1870))
    assert outcome.failed_action is None or outcome.failed_action["id"] > beyond


def test_a_destination_check_naming_a_corporation_is_refused_and_changes_nothing(the_1870):
    record = GameFile.read(FIXTURES / "1870" / "game-end-market-400.json")
    game = new_game(record, title_for(record, the_1870))
    before = trace_state(game)
    check = {"type": "destination_connection", "entity": "ATSF", "entity_type": "corporation"}
    game.process({**check, "corporations": []})
    assert trace_state(game) == before
    with pytest.raises(GameError) as refused:
        game.process({**check, "corporations": ["ATSF"]})
    assert refused.value.rule == "destinations"  # ATSF has not reached its destination
    assert trace_state(game) == before


def test_an_1850_game_reaches_its_result_with_the_final_step_offering_no_early_buys(the_1850):
    """The final company-buying step offers no phase-2 company (CBQ skips it at action 20),
    so the game plays to its recorded end."""
    path = FIXTURES / "1850" / "pres_transfer_price_drop.json"
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_1850))
    assert outcome.failure is None
    assert outcome.matches_recorded


def test_1850_converts_one_depot_train_a_turn(the_1850):
    """1850's own train-buying step offers no second depot train in a turn, in any phase."""
    phases = YAML(typ="safe").load(the_1850 / "trains.yaml")["phases"]
    assert {p.get("depot_purchases") for p in phases.values()} == {"one"}


@pytest.mark.parametrize(
    ("name", "beyond"), [("1.json", 107), ("1850_game_end_bankrupt.json", 58)], ids=["1", "bankrupt"]
)
def test_1850_games_play_past_their_second_depot_train(the_1850, name, beyond):
    """Before, a corporation that had bought a depot train was kept at its train step
    (18xx.games goes on to the next one: actions 107 and 58)."""
    record = GameFile.read(FIXTURES / "1850" / name)
    outcome = replay(record, title_for(record, the_1850))
    assert outcome.failed_action is None or outcome.failed_action["id"] > beyond
