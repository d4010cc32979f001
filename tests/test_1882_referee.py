"""1882 as 18xx.games referees bot games played here: its private auction makes the
cheapest company left cheaper when every player passes, the CN is started only once a
station of its (a neutral one another corporation placed) is on the map, and a home
station chosen in the stock round names its slot. The bot games in ``tests/data`` were
played here and accepted by 18xx.games action by action.
"""

from __future__ import annotations

import pytest
from oracle_support import ROOT, imported_title, oracle_verdicts, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions

GAME = ROOT / "tests" / "data" / "bot-1882-5p-seed-8-to-22.json"
"""The Hudson Bay, Saskatchewan Central, North West Rebellion and Trestle Bridge are
sold; every player passes (actions 9-13) with the Canadian Pacific the cheapest left;
Player 1 buys it for $175 (14), with the CPR's presidency, and starts the CPR (15)."""


HOME = ROOT / "tests" / "data" / "bot-1882-5p-seed-3-to-9.json"
"""Player 2 starts the Saskatchewan Central (action 8), which has no home: its home
station goes in any city with room (9, N6)."""


NWR_LAY = ROOT / "tests" / "data" / "bot-1882-4p-seed-6-to-308.json"
"""The CNR buys the North West Rebellion (action 298) and, after its trains, moves a
station of its into D4 with it and lays a tile there (304-306); one pass ends its turn
(307) and the HBR lays (308)."""

NWR_ROUTE = ROOT / "tests" / "data" / "bot-1882-5p-seed-8-to-450.json"
"""The North West Rebellion moves the GT's only station into D6 and lays there
(447-449): from D6 the GT has no route, so it buys a train next (450), running nothing."""


@pytest.fixture(scope="module")
def the_1882(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1882"), "1882")


def test_the_bot_games_are_accepted_by_18xx_games():
    verdicts = oracle_verdicts([GAME, HOME, NWR_LAY, NWR_ROUTE])
    assert verdicts[GAME.stem]["refused"] is None and verdicts[GAME.stem]["last_id"] == 22
    assert verdicts[HOME.stem]["refused"] is None and verdicts[HOME.stem]["last_id"] == 9
    assert verdicts[NWR_LAY.stem]["refused"] is None and verdicts[NWR_LAY.stem]["last_id"] == 308
    assert verdicts[NWR_ROUTE.stem]["refused"] is None and verdicts[NWR_ROUTE.stem]["last_id"] == 450


def test_the_lay_after_a_station_move_is_the_company_s_own_lay(the_1882):
    """The North West Rebellion's lay after its move (``move_token``) uses its
    ``tile_lay`` ability up, as 18xx.games' does: until then the CNR's turn waits at its
    end for the ability (a pass), after it one pass ends the turn."""
    game = replayed_to(the_1882, NWR_LAY, 303)
    assert game.companies["NWR"].uses["tile_lay"] == 1
    game = replayed_to(the_1882, NWR_LAY, 306)
    assert game.companies["NWR"].uses["tile_lay"] == 0
    game = replayed_to(the_1882, NWR_LAY, 307)
    assert game.current_entity() == "HBR"


def test_a_corporation_whose_station_moved_looks_for_its_route_anew(the_1882):
    """The GT had a route before the North West Rebellion moved its only station into
    D6; from there it has none, so its routes step is skipped (18xx.games looks for the
    owner's route again after the move)."""
    game = replayed_to(the_1882, NWR_ROUTE, 446)
    assert game.corporations["GT"].had_route
    game = replayed_to(the_1882, NWR_ROUTE, 449)
    assert set(legal_actions(game)["GT"]) >= {"buy_train"} and "run_routes" not in legal_actions(game)["GT"]


def test_a_home_station_chosen_names_its_slot_and_corporation(the_1882):
    """The station's slot and its corporation are part of 18xx.games' action (without
    the slot 18xx.games fails on it)."""
    game = replayed_to(the_1882, HOME, 8)
    offered = legal_actions(game)["SC"]["place_token"]
    assert {"city": "N6-0-0", "slot": 0, "tokener": "SC"} in offered
    assert all(set(choice) == {"city", "slot", "tokener"} for choice in offered)


def test_passing_makes_the_cheapest_company_left_cheaper(the_1882):
    """With the Hudson Bay (the cheapest at the start) sold, every player passing makes
    the Canadian Pacific $5 cheaper (``rules.auction.cheapest: left``); counting only the
    cheapest at the start, the companies would pay their revenue instead."""
    game = replayed_to(the_1882, GAME, 13)
    assert game.companies["CP"].discount == 5 and game.messages[-1] == "CP now costs 175"
    at_start = ["rules: {auction: {cheapest: at_start}}\n"]
    game = replayed_to(the_1882, GAME, 13, at_start)
    assert game.companies["CP"].discount == 0
    with pytest.raises(GameError):
        replayed_to(the_1882, GAME, 14, at_start)


def test_the_cn_is_started_only_with_a_station_on_the_map(the_1882):
    """No neutral station is on the map yet: the CN is not offered, and a par of it is
    refused (``par_needs_station``); without the field it would be offered."""
    game = replayed_to(the_1882, GAME, 15)
    player = game.current_entity()
    assert "CN" not in {c["corporation"] for c in legal_actions(game)[player]["par"]}
    with pytest.raises(GameError, match="once a station of its is on the map"):
        game.process({"type": "par", "entity": player, "corporation": "CN", "share_price": "67,5,3"})
    game = replayed_to(the_1882, GAME, 15, ["corporations: {CN: {par_needs_station: false}}\n"])
    assert "CN" in {c["corporation"] for c in legal_actions(game)[game.current_entity()]["par"]}
