"""18Tokaido, converted from 18xx.games at run time: its snake draft seating the players
in reverse for the first stock round (``rounds.auction.reseat: reverse``), the trains
exported after every set of operating rounds until the first D
(``rules.trains.exports_end_with``), and its Sleeper Train, which pays ¥10 a city to the
route visiting the most cities (``stop_bonus`` with ``stops: [city]``) and no revenue once
a corporation owns it (``pays_corporations: false``). Its real game replays to its
recorded result; each rule, changed, makes it diverge where the rule first tells.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

GAME = ORACLE.parent / "fixtures" / "18Tokaido" / "18Tokaido_game_end_bankrupt.json"


@pytest.fixture(scope="module")
def the_18tokaido(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18tokaido"), "18Tokaido")


def outcome(folder):
    record = GameFile.read(GAME)
    return replay(record, title_for(record, folder))


def test_the_real_game_replays_to_its_result(the_18tokaido):
    result = outcome(the_18tokaido)
    assert result.failure is None and result.matches_recorded


def test_the_snake_draft_seats_the_players_in_reverse(the_18tokaido, tmp_path):
    """After the draft (five companies, four players), the fourth player pars first
    (action 6); kept in their seats, the first player would have to act."""
    game = replayed_to(the_18tokaido, GAME, 5)
    first = str(GameFile.read(GAME).actions[5]["entity"])
    assert game.humans[0].name == game.name(first) and game.current_entity() == first
    seated = house_ruled(the_18tokaido, tmp_path, "variants/snake-draft.yaml", "    reseat: reverse\n", "")
    failed = outcome(seated).failed_action
    assert failed is not None and failed["id"] == 6


def test_the_sets_export_trains_until_the_first_d(the_18tokaido):
    title = GameFile.read(GAME)
    rules = title_for(title, the_18tokaido).rules.trains
    assert rules.export_after_set == ["2", "3", "4", "5", "6", "D"] and rules.exports_end_with == "D"


def test_the_sleeper_train_counts_cities_only(the_18tokaido, tmp_path):
    """YSL's 3-train J10-I9-J8 (action 124) earns ¥150 with the Sleeper Train: ¥20 for
    its two cities, nothing for the off-board J10; counting every stop, ¥160."""
    game = replayed_to(the_18tokaido, GAME, 124)
    assert game.corporations["YSL"].cash > 0
    every = house_ruled(the_18tokaido, tmp_path, "companies.yaml", "      stops: [city]\n", "")
    failed = outcome(every).failed_action
    assert failed is not None and failed["id"] == 124


def test_a_corporation_earns_no_revenue_from_the_sleeper_train(the_18tokaido, tmp_path):
    """Bought by YSL (action 81), the Sleeper Train pays it no ¥15 at the next operating
    round's start: YSL has ¥0 after its 4-train (126), and 18xx.games moves on to KAN."""
    game = replayed_to(the_18tokaido, GAME, 126)
    assert game.companies["ST"].owner == "YSL" and game.corporations["YSL"].cash == 0
    sleeper = "      stops: [city]\n    pays_corporations: false\n"
    paid = house_ruled(the_18tokaido, tmp_path, "companies.yaml", sleeper, "      stops: [city]\n")
    failed = outcome(paid).failed_action
    assert failed is not None and failed["id"] == 129
