"""1882, converted from 18xx.games at run time, against its real games: the neutral
stations every corporation but the CPR and the CN carries (the CN's, placed as a
``place_token`` with ``token_type: neutral``; the CN runs from them), and the $20 a
yellow tile earns in an NWR hex (the icon's ``lay_income``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.base.errors import GameError
from framework.board.bonuses import BonusRules
from framework.engine import trains
from framework.engine.choices import legal_actions
from framework.engine.company_closing import close_company
from framework.engine.game import Game
from framework.engine.state import game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, replay, title_for
from framework.title.loader import RulesText

FIXTURES = ORACLE.parent / "fixtures" / "1882"
STOCK_MARKET = FIXTURES / "1882_game_end_stock_market.json"

FINISHED = [p.stem for p in sorted(FIXTURES.glob("*.json"))]
"""The real games, all replaying to their recorded results. On the way, two stopped at a
corporation's neutral station before ``neutral_token`` (101 and 216); 10526 then at money
short by the $20 of a yellow tile in an NWR hex (159), before the NWR icon's
``lay_income``; the bankrupt game at the SC's home token, placed as it is started (136:
the Saskatchewan Central's exchange ``from: par`` and the stock round's ``home_token``
step), the stock-market game at the SC's home token put in place of the CN's station
(165: ``tokens.home_replaces_neutral``); then three at a train held out of the depot (197,
228, 266: the train types' ``reserved``); 10526, 5236 and the bankrupt game at the North
West Rebellion's move of a station (106, 337, 301: its ``move_token``); the bankrupt game
at a green tile on E5 taken for a lay, not an upgrade (303); 10526 and 5236 at the station
moved to E5, lifted by that tile (109, 340); 10526 and the bankrupt game at a token step
offered on the cheapest kind of token (206, 319), 5236 at the CN's token step (495:
``tokens: []``); 10526 at the Saskatchewan Central bought after the 5-train closed the
other companies (261: ``closes_in_phase``); the bankrupt game at the Hudson Bay bonus (336:
``hex_groups``), with which it and 5236 reached their results. 10526 (after 275 actions)
and the stock-market game (242) then stopped at the North West Rebellion, an event on the
first train of a type drawn at setup (the setup's ``event_train`` draw), whose
``revert_tiles`` takes the yellow tiles of the NWR hexes back to the supply; the
stock-market game then at the CN, without a station once the SC's home replaced its only
one, which skips its tile lay and its routes as on 18xx.games."""


@pytest.fixture(scope="module")
def the_1882(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1882"), "1882")


def before(the_1882: Path, path: Path, action_id: int, house: str = "") -> Game:
    """The game of ``path`` just before its action ``action_id`` (``house``: the YAML of
    a house rule to play it with)."""
    record = GameFile.read(path)
    rules = [RulesText("house.yaml", house)] if house else []
    title = game_title(the_1882, len(record.players), record.optional_rules, rules)
    game = new_game(record, title)
    for action in record.effective():
        if action.get("id", 0) >= action_id:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


def test_1882_converts_the_cn_s_neutral_stations(the_1882):
    from ruamel.yaml import YAML

    corporations = YAML(typ="safe").load(the_1882 / "corporations.yaml")["corporations"]
    carried = {sym: c.get("abilities") for sym, c in corporations.items()}
    assert carried["CNR"] == [{"type": "neutral_token", "owner": "CN"}]
    assert carried["CPR"] is None and carried["CN"] is None
    icons = YAML(typ="safe").load(the_1882 / "map.yaml")["map"]["icons"]
    assert icons["NWR"]["lay_income"] == {"yellow": 20} and "lay_income" not in icons["fish"]


@pytest.mark.parametrize("name", FINISHED)
def test_real_1882_games_replay_to_their_results(the_1882, name):
    record = GameFile.read(FIXTURES / f"{name}.json")
    outcome = replay(record, title_for(record, the_1882))
    assert outcome.failure is None and outcome.matches_recorded, outcome.failure


def test_a_corporation_places_its_neutral_station_for_the_cn(the_1882):
    """CNR's neutral station (action 97): listed among its token choices, it becomes
    the CN's station, costs CNR nothing and no charter token; the CN's routes start
    there and the city never blocks."""
    game = before(the_1882, STOCK_MARKET, 97)
    choices = legal_actions(game)["CNR"]["place_token"]
    assert {"city": "57-3-0", "slot": 0, "token_type": "neutral"} in choices
    cash, used = game.corporations["CNR"].cash, game.corporations["CNR"].tokens_used
    game.process(
        {"type": "place_token", "entity": "CNR", "city": "57-3-0", "slot": 0, "token_type": "neutral"}
    )
    board = game.track_board
    (city,) = board.cities_of("CN")
    assert game.corporations["CNR"].cash == cash and game.corporations["CNR"].tokens_used == used
    assert game.corporations["CNR"].counters["neutral_tokens_placed"] == 1
    assert board.reach("CN").nodes and not board.blocks(city, "GT")


def test_a_second_neutral_station_is_refused_and_changes_nothing(the_1882):
    game = before(the_1882, STOCK_MARKET, 97)
    game.corporations["CNR"].counters["neutral_tokens_placed"] = 1
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="carries no neutral station"):
        game.process({"type": "place_token", "entity": "CNR", "city": "57-3-0", "token_type": "neutral"})
    assert json.dumps(game_to_dict(game)) == state


def test_a_token_type_the_engine_does_not_know_is_refused(the_1882):
    game = before(the_1882, STOCK_MARKET, 97)
    with pytest.raises(GameError, match="no destination token"):
        game.process({"type": "place_token", "entity": "CNR", "city": "57-3-0", "token_type": "destination"})
    with pytest.raises(GameError, match="field 'token_type' of a place_token must be text") as caught:
        game.process({"type": "place_token", "entity": "CNR", "city": "57-3-0", "token_type": 3, "id": 97})
    assert caught.value.action_id == 97


BANKRUPT = FIXTURES / "1882_game_end_bankrupt.json"
SC_PAR = {"type": "par", "entity": "7396", "corporation": "SC", "share_price": "67,5,3"}


def test_the_saskatchewan_central_starts_the_sc_and_pays_a_share_of_it(the_1882):
    """Player 6 starts the SC at $67 with the company SC (its exchange ``from: par``):
    the company pays one share of the 20% certificate, the player the other, and closes."""
    game = before(the_1882, BANKRUPT, 155)
    cash = game.players_by_id["7396"].cash
    assert {"corporation": "SC", "share_price": "67,5,3"} in legal_actions(game)["7396"]["par"]
    game.process(dict(SC_PAR))
    assert game.players_by_id["7396"].cash == cash - 67
    assert game.companies["SC"].closed and game.corporations["SC"].percent_of("7396") == 20


def test_only_the_saskatchewan_central_s_owner_may_start_the_sc(the_1882):
    game = before(the_1882, BANKRUPT, 155)
    game.companies["SC"].owner = "3338"
    assert all(c["corporation"] != "SC" for c in legal_actions(game)["7396"].get("par", []))
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="started only by the owner of SC"):
        game.process(dict(SC_PAR))
    assert json.dumps(game_to_dict(game)) == state


def test_nobody_starts_the_sc_once_the_saskatchewan_central_has_closed(the_1882):
    """The company SC closes at phase 6 unexchanged: the SC can no longer be started by
    anyone (18xx.games' ``par_via_exchange`` still names the closed company)."""
    game = before(the_1882, BANKRUPT, 155)
    close_company(game, "SC")
    assert all(c["corporation"] != "SC" for c in legal_actions(game)["7396"].get("par", []))
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="started only with SC, which has closed"):
        game.process(dict(SC_PAR))
    assert json.dumps(game_to_dict(game)) == state


def test_the_sc_chooses_its_home_when_it_is_started(the_1882):
    """The stock round lists the ``home_token`` step: the SC, without a home
    (``home_anywhere``), puts its token in a city of its choice at once (K3, action 156);
    then the next player acts, as on 18xx.games."""
    game = before(the_1882, BANKRUPT, 155)
    game.process(dict(SC_PAR))
    cities = {c["city"] for c in legal_actions(game)["SC"]["place_token"]}
    assert "57-1-0" in cities and len(cities) > 1
    game.process({"type": "place_token", "entity": "SC", "city": "57-1-0", "slot": 0, "tokener": "SC"})
    assert [c[0] for c in game.track_board.cities_of("SC")] == ["K3"]
    assert game.round.kind == "stock" and game.round.current_entity() == "9178"  # as on 18xx.games


SC_HOME = {"type": "place_token", "entity": "SC", "city": "57-3-0", "slot": 0, "tokener": "SC"}


def test_the_sc_s_home_replaces_a_neutral_station(the_1882):
    """The SC starts (1882_game_end_stock_market, action 160) and puts its home token in
    G7, whose one slot holds the CN's neutral station: the station goes
    (``tokens.home_replaces_neutral``)."""
    game = before(the_1882, STOCK_MARKET, 161)
    assert [c[0] for c in game.track_board.cities_of("CN")] == ["G7"]
    assert "57-3-0" in {c["city"] for c in legal_actions(game)["SC"]["place_token"]}
    game.process(dict(SC_HOME))
    assert game.track_board.cities_of("CN") == [] and [c[0] for c in game.track_board.cities_of("SC")] == [
        "G7"
    ]


def test_without_the_rule_a_home_token_leaves_a_neutral_station_alone(the_1882):
    game = before(the_1882, STOCK_MARKET, 161, "rules:\n  tokens:\n    home_replaces_neutral: false\n")
    assert "57-3-0" not in {c["city"] for c in legal_actions(game)["SC"]["place_token"]}
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="home token goes in a city with room"):
        game.process(dict(SC_HOME))
    assert json.dumps(game_to_dict(game)) == state


def test_a_train_held_out_of_the_depot_comes_in_first_when_the_sc_starts(the_1882):
    """The last 3, 4, 5 and 6 trains are held out of the depot (their types'
    ``reserved``); the SC started with the Saskatchewan Central brings in the held 3, the
    depot's next type, first in line (18xx.games' 3-4, bought by the SC at action 210)."""
    game = before(the_1882, BANKRUPT, 155)
    assert [t.id for t in game.trains.values() if t.owner == trains.RESERVED] == ["3-4", "4-3", "5-2", "6-2"]
    game.process(dict(SC_PAR))
    assert trains.stack(game)[0].id == "3-4" and game.trains["4-3"].owner == trains.RESERVED


def test_without_reserved_trains_the_depot_keeps_its_order(the_1882):
    house = "trains:\n" + "".join(f"  '{n}': {{reserved: 0}}\n" for n in "3456")
    game = before(the_1882, BANKRUPT, 155, house)
    assert not any(t.owner == trains.RESERVED for t in game.trains.values())
    game.process(dict(SC_PAR))
    assert trains.stack(game)[0].id == "3-2"


def test_a_remove_token_is_checked_in_its_file_and_an_unplayed_type_is_named():
    """18xx.games' ``remove_token`` (the North West Rebellion lifting a station, game
    10526's action 127): a malformed one is named by its id and field. An 18xx.games
    action type the engine does not play is refused as such, not as an unknown one."""
    from framework.engine.actions import check_shape
    from framework.record.gamefile_model import action_problems

    bad = {"type": "remove_token", "entity": "NWR", "city": "57-0-0", "slot": "x", "id": 127}
    (problem,) = action_problems([bad], "10526.json")
    assert "action 127 (remove_token" in problem.message
    assert "field 'slot' must be an integer" in problem.message
    with pytest.raises(GameError, match="'short' is not played by this engine"):
        check_shape({"type": "short", "entity": "HBR"})


GAME_10526 = FIXTURES / "10526.json"
NWR_REMOVE = {"type": "remove_token", "entity": "NWR", "city": "57-0-0", "slot": 0}
NWR_PLACE = {"type": "place_token", "entity": "NWR", "city": "E5-0-1", "slot": 0}


def test_the_north_west_rebellion_moves_a_home_station_and_leaves_a_neutral_one(the_1882):
    """HBR, owning the North West Rebellion (``move_token``), lifts its home station from
    G11 (a CN station takes its place), puts it in E5 and lays a tile there (10526's
    actions 127 to 129); the company is used up."""
    game = before(the_1882, GAME_10526, 127)
    assert {"city": "57-0-0", "slot": 0} in legal_actions(game)["NWR"]["remove_token"]
    game.process(dict(NWR_REMOVE))
    board = game.track_board
    assert [c[0] for c in board.cities_of("CN")] == ["G11"] and "G11" not in board.token_hexes("HBR")
    assert set(legal_actions(game)["NWR"]) == {"place_token"}  # the move waits for the company
    game.process(dict(NWR_PLACE))
    assert "E5" in board.token_hexes("HBR")
    assert {"hex": "E5", "tile": "59-0", "rotation": 2} in legal_actions(game)["NWR"]["lay_tile"]
    game.process({"type": "lay_tile", "entity": "NWR", "hex": "E5", "tile": "59-0", "rotation": 2})
    assert game.companies["NWR"].uses["move_token"] == 0 and "NWR" not in legal_actions(game)


def test_a_station_is_not_moved_into_a_hex_outside_the_ability_s(the_1882):
    game = before(the_1882, GAME_10526, 127)
    game.process(dict(NWR_REMOVE))
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="may not go in the city of J10"):
        game.process({**NWR_PLACE, "city": "J10-0-0"})
    assert json.dumps(game_to_dict(game)) == state


def test_without_home_neutral_a_moved_home_station_leaves_its_slot_empty(the_1882):
    house = "companies:\n  NWR:\n    abilities: [{type: move_token, hexes: [C3, D4, D6, E5]}]\n"
    game = before(the_1882, GAME_10526, 127, house)
    game.process(dict(NWR_REMOVE))
    assert game.track_board.cities_of("CN") == []


def test_a_tile_in_an_untracked_hex_lifts_a_station_moved_there(the_1882):
    """HBR's station, moved to E5's second city (a yellow hex of two cities without
    track), is lifted by the green tile laid there, and HBR puts it back in the city it
    chooses (10526's actions 129 and 130), before its turn goes on."""
    game = before(the_1882, GAME_10526, 129)
    game.process({"type": "lay_tile", "entity": "NWR", "hex": "E5", "tile": "59-0", "rotation": 2})
    assert "E5" not in game.track_board.token_hexes("HBR")
    assert {c["city"] for c in legal_actions(game)["HBR"]["place_token"]} == {"59-0-0", "59-0-1"}
    game.process({"type": "place_token", "entity": "HBR", "city": "59-0-0", "slot": 0})
    assert ("E5", 0) in game.track_board.cities_of("HBR")


def test_a_tile_on_a_yellow_hex_without_track_is_an_upgrade(the_1882):
    """The SC's green tile on E5 (1882_game_end_bankrupt, action 312) is an upgrade, as
    18xx.games counts any tile laid on a hex not printed white: no second lay follows."""
    from framework.board.lays import is_upgrade

    game = before(the_1882, BANKRUPT, 312)
    assert is_upgrade(game.track_board, "E5") and not is_upgrade(game.track_board, "F4")
    game.process({"type": "lay_tile", "entity": "SC", "hex": "E5", "tile": "59-0", "rotation": 4})
    assert game.round.upgraded and "lay_tile" not in legal_actions(game)["SC"]


def test_the_cn_has_no_stations_of_its_own(the_1882):
    """The CN (``tokens: []``) places no station: its turn goes from its routes to its
    trains (5236's action 532, a train bought with no token step before it)."""
    game = before(the_1882, FIXTURES / "5236.json", 532)
    assert game.title.corporations["CN"].tokens == [] and "buy_train" in legal_actions(game)["CN"]


def test_with_a_token_of_its_own_the_cn_would_stop_at_its_token_step(the_1882):
    game = before(the_1882, FIXTURES / "5236.json", 532, "corporations:\n  CN: {tokens: [0]}\n")
    assert "place_token" in legal_actions(game)["CN"]
    with pytest.raises(GameError, match="cannot buy train now"):
        game.process({"type": "buy_train", "entity": "CN", "train": "5-2", "price": 450})


def test_the_token_step_waits_on_the_cheapest_kind_of_token(the_1882):
    """QLL, with $0, cannot pay its $40 station but carries a free neutral one: as on
    18xx.games its token step waits for a pass (10526's action 239) though neither can go
    anywhere it could place it."""
    game = before(the_1882, GAME_10526, 239)
    assert game.corporations["QLL"].cash == 0
    assert set(legal_actions(game)["QLL"]) == {"pass"}
    game.process({"type": "pass", "entity": "QLL"})
    assert "run_routes" in legal_actions(game)["QLL"]


def test_the_cpr_waits_at_its_token_step_while_it_owns_the_north_west_rebellion(the_1882):
    """The CPR, $52 for a $100 station, owns the North West Rebellion (a free move): its
    token step waits (the bankrupt game's action 329); with the move used up it would not."""
    game = before(the_1882, BANKRUPT, 329)
    assert set(legal_actions(game)["CPR"]) >= {"pass"} and "run_routes" not in legal_actions(game)["CPR"]
    game.companies["NWR"].uses["move_token"] = 0
    assert "run_routes" in legal_actions(game)["CPR"]


BUY_5 = {"type": "buy_train", "entity": "CNR", "train": "5-0", "price": 450, "variant": "5"}


def test_the_saskatchewan_central_outlasts_the_5_train_and_closes_in_phase_6(the_1882):
    """The 5-train closes the companies (10526's action 296) but the Saskatchewan Central
    (``closes_in_phase: '6'``), which CNR buys after it (306), closes when phase 6 begins."""
    from framework.engine.events import change_phase

    game = before(the_1882, GAME_10526, 296)
    game.process(dict(BUY_5))
    assert game.phase == "5" and game.companies["HB"].closed and not game.companies["SC"].closed
    change_phase(game, "6")
    assert game.companies["SC"].closed


def test_without_closes_in_phase_the_5_train_closes_the_saskatchewan_central(the_1882):
    game = before(the_1882, GAME_10526, 296, "companies:\n  SC: {closes_in_phase: null}\n")
    game.process(dict(BUY_5))
    assert game.companies["SC"].closed


def test_1882_converts_the_hudson_bay_bonus(the_1882):
    from ruamel.yaml import YAML

    bonuses = YAML(typ="safe").load(the_1882 / "title.yaml")["bonuses"]
    (bonus,) = bonuses.values()
    assert (
        bonus["kind"] == "hex_groups"
        and bonus["groups"] == [["B12"], ["B2", "I1"]]
        and bonus["amount"] == 100
    )


def test_a_route_from_hudson_bay_to_the_west_earns_the_bonus(the_1882):
    """CN's 4-train, B12-G11-I5-I1 (the bankrupt game's action 346), earns 240: its stops'
    140 and the 100 of a route joining B12 with B2 or I1 (the ``hex_groups`` bonus)."""
    game = before(the_1882, BANKRUPT, 346)
    record = GameFile.read(BANKRUPT)
    game.process(recorded(game, record, next(a for a in record.effective() if a.get("id") == 346)))
    assert any("240" in line for line in game.messages[-3:]), game.messages[-3:]
    rules = BonusRules(tuple(game.title.bonuses.values()))
    assert [e.amount for e in rules.earned(game.track_board, ["B12", "G11", "I5", "I1"])] == [100]
    assert rules.earned(game.track_board, ["B12", "G11", "I5"]) == ()


def test_with_i1_out_of_the_bonus_s_groups_the_route_earns_its_stops_only(the_1882):
    game = before(the_1882, BANKRUPT, 346, "bonuses:\n  hex_groups_B12_B2_I1: {groups: [[B12], [B2]]}\n")
    record = GameFile.read(BANKRUPT)
    with pytest.raises(GameError, match="earns 140, not 240"):
        game.process(recorded(game, record, next(a for a in record.effective() if a.get("id") == 346)))


def test_off_board_pairs_make_groups_only_where_every_hex_of_one_joins_every_hex_of_the_other():
    from framework.convert.bonuses import offboard_groups

    pairs = [{"hexes": ["I1", "B12"], "amount": 100}, {"hexes": ["B2", "B12"], "amount": 100}]
    (bonus,) = offboard_groups(pairs).values()
    assert bonus["groups"] == [["B12"], ["B2", "I1"]] and bonus["amount"] == 100
    chain = [
        {"hexes": ["A", "B"], "amount": 50},
        {"hexes": ["B", "C"], "amount": 50},
        {"hexes": ["C", "D"], "amount": 50},
    ]
    # pairs that make no groups (an amount by both ends: 18 Los Angeles) are a bonus each
    found = offboard_groups(chain)
    assert sorted(b["groups"] for b in found.values()) == [[["A"], ["B"]], [["B"], ["C"]], [["C"], ["D"]]]
    assert {b["amount"] for b in found.values()} == {50}


BUY_6 = {"type": "buy_train", "entity": "GT", "train": "6-0", "price": 630, "variant": "6"}
NWR_TILES = {"B4": "8-0", "C5": "8-1", "D4": "57-2", "D6": "57-3", "E7": "7-2"}


def test_1882_converts_the_north_west_rebellion(the_1882):
    """The setup's first draw (18xx.games' ``init_train_handler``) picks the 3, 4, 5 or 6
    train whose first one sets off the rebellion: the yellow tiles of the NWR hexes go."""
    from ruamel.yaml import YAML

    setup = YAML(typ="safe").load(the_1882 / "rounds.yaml")["setup"]
    assert setup["draws"][0] == {
        "event_train": ["3", "4", "5", "6"],
        "revert_tiles": {"icon": "NWR", "colors": ["yellow"]},
    }


def test_the_seed_draws_the_train_of_the_rebellion_as_18xx_games_does(the_1882):
    """18xx.games logs "NWR Rebellion occurs on purchase of the first 4 train" for the
    stock-market game's seed, the first 6 train for 10526's."""
    assert before(the_1882, STOCK_MARKET, 1).setup.event_trains == {"4": 0}
    assert before(the_1882, GAME_10526, 1).setup.event_trains == {"6": 0}


def test_the_first_6_train_takes_the_yellow_tiles_off_the_nwr_hexes(the_1882):
    """GT's 6-train (10526's action 317): the yellow tiles of B4, C5, D4, D6 and E7 go back
    to the supply, E5's green and C3's green stay; a station in D4 stays in its city."""
    game = before(the_1882, GAME_10526, 317)
    board = game.track_board
    assert {h: board.placed[h].tile_id for h in NWR_TILES} == NWR_TILES
    board.add_token("GT", ("D4", 0))
    game.process(dict(BUY_6))
    assert not set(NWR_TILES) & set(board.placed) and {"E5", "C3"} <= set(board.placed)
    assert all(board.supply.has(tile) for tile in NWR_TILES.values())
    assert board.face("D4").color == "white" and board.slots(("D4", 0)) == ["GT"]


def test_a_later_6_train_sets_off_no_rebellion(the_1882):
    """The CN's 6-train (10526's action 354), the second: the yellow tiles laid in NWR
    hexes since the rebellion stay."""
    game = before(the_1882, GAME_10526, 354)
    laid = {h for h in ("B4", "D4", "E7") if game.track_board.face(h).color == "yellow"}
    game.process({"type": "buy_train", "entity": "CN", "train": "6-1", "price": 630, "variant": "6"})
    assert laid == {"B4", "D4", "E7"} and laid <= set(game.track_board.placed)


def test_with_the_rebellion_on_green_tiles_the_yellow_ones_stay(the_1882, tmp_path):
    from oracle_support import house_ruled

    green = house_ruled(the_1882, tmp_path, "rounds.yaml", "colors: [yellow]", "colors: [green]")
    game = before(green, GAME_10526, 317)
    game.process(dict(BUY_6))
    assert set(NWR_TILES) <= set(game.track_board.placed) and "E5" not in game.track_board.placed


def test_with_the_rebellion_in_the_fish_hexes_the_nwr_tiles_stay(the_1882, tmp_path):
    from oracle_support import house_ruled

    fish = house_ruled(the_1882, tmp_path, "rounds.yaml", "icon: NWR", "icon: fish")
    game = before(fish, GAME_10526, 317)
    game.process(dict(BUY_6))
    assert set(NWR_TILES) <= set(game.track_board.placed)


def test_a_draw_among_other_trains_moves_the_rebellion(the_1882, tmp_path):
    """With the 5-train drawn (the only one listed), the rebellion came with CNR's 5-train
    (action 296): the tiles of 18xx.games' game are not there at the 6-train, which
    takes none."""
    from oracle_support import house_ruled

    listed = "event_train: ['3', '4', '5', '6']"
    moved = house_ruled(the_1882, tmp_path, "rounds.yaml", listed, "event_train: ['5']")
    game = before(moved, GAME_10526, 317)
    board = game.track_board
    assert game.setup.event_trains == {"5": 0}
    now = {h: board.placed[h].tile_id for h in NWR_TILES if h in board.placed}
    assert not now.items() & NWR_TILES.items()
    laid = dict(board.placed)
    game.process(dict(BUY_6))
    assert board.placed == laid


def test_the_cn_without_a_station_skips_its_tile_lay_and_its_routes(the_1882):
    """The SC's home replaced the CN's only station: the CN's turn (the stock-market game's
    action 238) goes straight to its trains, as on 18xx.games ("CN skips lay/upgrade track
    ... does not run"), though it ran before."""
    game = before(the_1882, STOCK_MARKET, 238)
    assert game.track_board.cities_of("CN") == []
    game.process({"type": "pass", "entity": "CN"})
    assert set(legal_actions(game)["CN"]) == {"buy_company", "pass"}


def test_with_a_station_the_cn_would_wait_at_its_tile_lay(the_1882):
    from framework.engine.steps.track import Track

    game = before(the_1882, STOCK_MARKET, 238)
    game.track_board.add_token("CN", ("D4", 0))
    (track,) = [s for s in game.round.steps if type(s) is Track]
    assert track.actions("CN") == ["lay_tile", "pass"]


def test_converter_reads_the_drawn_event_from_the_probe():
    from framework.convert.drawn_events import event_types, revert_event

    assert event_types([["3", 0], ["4", 0], ["3", 0], ["4", 0]]) == ["3", "4"]
    assert event_types([["3", 0], ["4", 1], ["3", 0], ["4", 1]]) is None
    tiles = {
        "tried": {"yellow": ["A1", "A2", "A3"], "green": ["A1"]},
        "reverted": {"yellow": ["A1", "A2"], "green": []},
        "icons": {"A1": ["x", "y"], "A2": ["x", "y"], "A3": ["y"]},
    }
    assert revert_event(tiles, {"x": {}, "y": {}}) == {"icon": "x", "colors": ["yellow"]}
    assert revert_event(tiles, {"y": {}}) is None
