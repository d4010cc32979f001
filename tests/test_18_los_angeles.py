"""18 Los Angeles' open draft, converted from 18xx.games at run time, against its real
games: every company shown, taken and paid for at once or passed on, from the first turn
(``rules.draft.pass_first``), in a snake order (``rounds.*.order: snake``) where a player
passing at the turn's end passes the second turn in a row too; over when every player has
passed since a company was last taken, or once the players have taken
``rules.draft.limit`` companies; the companies left then leave the game. Every stock
round seats the players by least cash first (``rounds.*.reseat_before``).
House-ruled copies of the converted titles show that each changes play.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.board.board import Board
from framework.board.lays import IllegalLay, LayTerms, check_lay, lay, legal_lays
from framework.engine import par_rules
from framework.engine.choices import legal_actions
from framework.engine.entities import CLOSED, OUT_OF_GAME
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.render.map import board_views, drawn_hex, geometry_for, render_map
from framework.render.marks import Palette
from framework.title.loader import load_title

FIXTURES = ORACLE.parent / "fixtures"
FIVE = FIXTURES / "18LosAngeles1" / "19984.json"
"""Five players (18 Los Angeles): nine companies taken, passes from action 5 on; the
draft ends at action 20, seven passes after the last company taken (action 13)."""
TWO = FIXTURES / "18LosAngeles2" / "18LosAngeles2_game_end_final_train.json"
"""Two players (18 Los Angeles 2): seven companies taken of thirteen, both pass at 9
and 10."""


@pytest.fixture(scope="module")
def la1(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("la1"), "18 Los Angeles")


@pytest.fixture(scope="module")
def la2(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("la2"), "18 Los Angeles 2")


def test_the_draft_snakes_and_a_pass_at_its_end_passes_both_turns(la1):
    """Seats 1-5 then 5-1: the fifth player takes two companies in a row (actions 6 and
    7); the first takes one and passes the second turn (11, 12), and the turn goes on to
    the second player. At action 16 the fifth passes, and the fourth (17) comes next."""
    game = replayed_to(la1, FIVE, 5)
    fifth = game.round.entity()
    game = replayed_to(la1, FIVE, 6)
    assert game.round.entity() == fifth
    game = replayed_to(la1, FIVE, 12)
    assert game.round.kind == "auction" and game.round.entity() == "2541"
    game = replayed_to(la1, FIVE, 16)
    assert game.round.entity() == "618"


def test_the_draft_ends_once_every_player_passed_since_the_last_company_was_taken(la1):
    """The first player passed at 12, before the OCR was taken (13): the draft goes on
    after the others' passes up to 19, and ends with the first player's at 20."""
    assert replayed_to(la1, FIVE, 19).round.kind == "auction"
    game = replayed_to(la1, FIVE, 20)
    assert game.round.kind == "stock"


def test_a_player_may_pass_before_anybody_owns_a_company(la2, tmp_path):
    """``pass_first``: the first player may pass at once; without it, only take."""
    game = replayed_to(la2, TWO, 0)
    assert set(legal_actions(game)[game.round.entity()]) == {"bid", "pass"}
    strict = house_ruled(la2, tmp_path, "title.yaml", "pass_first: true", "pass_first: false")
    game = replayed_to(strict, TWO, 0)
    assert set(legal_actions(game)[game.round.entity()]) == {"bid"}
    with pytest.raises(GameError, match="pass"):
        game.process({"type": "pass", "entity": game.round.entity(), "entity_type": "player"})


def test_companies_left_leave_the_game_and_their_minors_close(la2):
    """Six of the thirteen are left after the draft (action 10): they close, and so do
    the minors nobody took."""
    game = replayed_to(la2, TWO, 10)
    assert game.round.kind == "stock"
    left = [s for s, c in game.companies.items() if c.owner == CLOSED]
    assert len(left) == 6 and all(game.companies[s].owner != CLOSED for s in ("OCR", "LAC", "APD"))
    assert all(m.closed for m in game.minors.values() if m.owner is None)


def test_the_draft_ends_at_its_limit(la2, tmp_path):
    """``limit``: with two companies for two players, the draft is over once the second
    is taken (action 2), and the third is refused."""
    tight = house_ruled(la2, tmp_path, "title.yaml", "limit: {2: 8,", "limit: {2: 2,")
    game = replayed_to(tight, TWO, 2)
    assert game.round.kind == "stock"
    with pytest.raises(GameError):
        replayed_to(tight, TWO, 3)


def test_a_pass_on_the_last_company_is_a_plain_pass_unless_a_step_is_given(la2, tmp_path):
    """``last_company_step: null``: with one company left a pass leaves its price; with a
    step it makes it that much cheaper."""

    def last_left(title):
        game = replayed_to(title, TWO, 0)
        while len(game.current_round.step("open_draft").offered()) > 1:
            player = game.round.entity()
            bid = legal_actions(game)[player]["bid"][0]
            game.process({"type": "bid", "entity": player, "entity_type": "player", **bid})
        company = game.current_round.step("open_draft").offered()[0]
        price = legal_actions(game)[game.round.entity()]["bid"][0]["price"]
        game.process({"type": "pass", "entity": game.round.entity(), "entity_type": "player"})
        return price, legal_actions(game)[game.round.entity()]["bid"][0], company

    rich = house_ruled(la2, tmp_path / "rich", "title.yaml", "limit: {2: 8,", "limit: {2: 20,")
    price, offer, company = last_left(rich)
    assert offer == {"company": company, "price": price}
    stepped = house_ruled(
        rich, tmp_path / "stepped", "title.yaml", "last_company_step: null", "last_company_step: 10"
    )
    price, offer, _ = last_left(stepped)
    assert offer["price"] == price - 10


def test_every_stock_round_seats_the_players_by_least_cash(la2, tmp_path):
    """``reseat_before: least_cash``: at the first stock round (after action 10) the
    player with less cash sits first and holds the priority; without it the seats stay."""
    game = replayed_to(la2, TWO, 10)
    cash = [p.cash for p in game.humans]
    assert cash == sorted(cash) and game.round.entity() == game.humans[0].id
    seated = replayed_to(la2, TWO, 0).humans
    plain = house_ruled(la2, tmp_path, "rounds.yaml", "    reseat_before: least_cash\n", "")
    assert [p.id for p in replayed_to(plain, TWO, 10).humans] == [p.id for p in seated]


def test_freight_trains_may_run_on_the_passenger_trains_track(la1, tmp_path):
    """The LA's 3/5, a freight train (``trains.*.track_group``), runs A6-A8-B9-C8-C6 over
    the track of its two 2-trains (action 85), as 18xx.games lets it; the best routes use
    that too (200, against 170 were all its trains one group, which refuses the run)."""
    from framework.board.optimal import best_routes
    from framework.engine.autoroute import trains_to_run

    def best(title) -> int:
        game = replayed_to(title, FIVE, 84)
        return best_routes(game.track_board, trains_to_run(game, "LA")).total

    game = replayed_to(la1, FIVE, 85)
    assert game.trains["4-0"].variant == "3/5" and game.trains["4-0"].ran
    one = house_ruled(la1, tmp_path, "trains.yaml", "        track_group: 3/5\n", "")
    assert (best(la1), best(one)) == (200, 170)
    with pytest.raises(GameError, match="free track"):
        replayed_to(one, FIVE, 85)


def test_a_hex_with_a_track_stub_takes_only_tiles_that_continue_it(la1, tmp_path):
    """Cypress (E10) has a stub on edge 1 (``stubs: [1]``): 18xx.games refused the
    bots' tile 5 there in rotation 4, "E10 is not legally rotated for 5" (18 Los
    Angeles' StubsAreRestricted). Every rotation offered reaches edge 1; the stub is
    drawn until a tile is laid. Without the stub, rotation 4 is legal."""
    title = load_title(la1)
    assert title.map.hexes["E10"].stubs == [1]
    board = Board(title)
    anywhere = LayTerms("X", ("yellow", "green", "brown", "gray"), connect=False)
    tile_id = board.supply.next_id("5")
    with pytest.raises(IllegalLay, match="stub on edge 1 of E10"):
        check_lay(board, anywhere, "E10", tile_id, 4)
    plans = legal_lays(board, anywhere, "E10")
    assert plans and all(1 in board.faces.get(p.name, p.rotation).exits for p in plans)
    assert 'class="stubs" data-edges="1"' in render_map(title)
    lay(board, plans[0])
    shape = geometry_for(title).shape
    assert 'class="stubs"' not in drawn_hex(board_views(board)["E10"], shape, Palette(), ())
    free = load_title(house_ruled(la1, tmp_path, "map.yaml", "stubs: [1]", "stubs: []"))
    check_lay(Board(free), anywhere, "E10", tile_id, 4)


LIMITED = Path(__file__).parent / "data" / "bot-18LA2-4p-seed-1-to-20.json"
"""Four players (18 Los Angeles 2, a bot game 18xx.games accepts): six corporations
started by action 16 (LAIR the sixth); 18xx.games refused the bots' start of PER at 17."""


def test_once_the_start_limit_is_reached_the_other_corporations_close(la2, tmp_path):
    """``rules.stock.start_limit`` (four players: 6): the sixth start closes PER, the one
    corporation left, and the bots' later start of it is refused; without the limit it
    may be started."""
    assert load_title(la2).rules.stock.start_limit == {3: 5, 4: 6}
    game = replayed_to(la2, LIMITED, 15)
    assert not game.corporations["PER"].closed
    game = replayed_to(la2, LIMITED, 16)
    assert game.corporations["PER"].closed
    player = game.round.entity()
    assert "PER" not in {c["corporation"] for c in legal_actions(game)[player].get("par", [])}
    start = {"type": "par", "entity": player, "entity_type": "player", "corporation": "PER"}
    with pytest.raises(GameError, match="PER"):
        game.process({**start, "share_price": "40,0,4"})
    free = house_ruled(la2, tmp_path, "title.yaml", "start_limit: {3: 5, 4: 6}", "start_limit: {}")
    game = replayed_to(free, LIMITED, 16)
    assert not game.corporations["PER"].closed
    assert "PER" in {c["corporation"] for c in legal_actions(game)[player]["par"]}


def test_home_stations_are_on_the_map_from_the_start_and_stay_when_the_limit_closes_them(la2):
    """18 Los Angeles 2 puts every corporation's home station on the map at setup
    (``tokens.home: setup``, found by the converter in the built game); when three
    players have started five corporations, the two left leave the game, and their
    stations stay where they are (18xx.games drops them from its corporations only), as
    18xx.games refused the bots' PER station in LA's Compton city A8 once LA had left."""
    title = load_title(la2)
    assert title.rules.tokens.home == "setup"
    game = Game(title, [(i, f"Player {i}") for i in range(1, 4)], seed=1)
    homes = {sym: spec.home.hex for sym, spec in title.corporations.items() if spec.home is not None}
    board = game.track_board
    assert homes and all(any(c[0] == hex_id for c in board.cities_of(sym)) for sym, hex_id in homes.items())
    started = list(homes)[:5]
    for sym in started:
        game.corporations[sym].par = 50
    par_rules.started(game)
    left = [sym for sym in game.corporations if sym not in started]
    assert left and all(game.corporations[sym].closed for sym in left)
    assert all(s.owner == OUT_OF_GAME for sym in left for s in game.corporations[sym].shares)
    assert all(board.cities_of(sym) for sym in left if sym in homes)


def test_the_real_game_with_both_optional_companies_replays_to_its_result(la1):
    """19984 (five players, with the ``dch`` and ``la_title`` optional rules) replays to
    its recorded end and result: its companies' stations beyond a city's slots and
    neutral, and its routes' east-west and north-south bonuses as 18xx.games pays them."""
    files = GameFile.read(FIVE)
    out = replay(files, load_title(la1, variants=["dch", "la_title"]))
    assert out.failure is None and out.game.finished
    assert out.game.result() == {str(k): v for k, v in files.result.items()}


def test_a_station_beyond_the_slots_and_a_neutral_one(la1, tmp_path):
    """Dewey, Cheatham, and Howe (``beyond_slots``): the LAIR's station goes into Los
    Angeles (C6) as a third beside its two slots, the last held for the SP (action 146),
    which still takes its slot (153). The Los Angeles Title (``neutral``) puts a neutral
    station in C8 (168), nobody's. Without ``beyond_slots`` the LAIR's is refused."""
    game = replayed_to(la1, FIVE, 146)
    assert game.track_board.slots(("C6", 0)) == ["LA", None, "LAIR"]
    game = replayed_to(la1, FIVE, 153)
    assert game.track_board.slots(("C6", 0)) == ["LA", "SP", "LAIR"]
    game = replayed_to(la1, FIVE, 168)
    assert game.track_board.slots(("C8", 0))[0] == "neutral"
    assert not any(c == ("C8", 0) for c in game.track_board.cities_of("LA"))
    strict = house_ruled(la1, tmp_path, "variants/dch.yaml", "beyond_slots: true", "beyond_slots: false")
    with pytest.raises(GameError):
        replayed_to(strict, FIVE, 146)


def test_an_east_west_or_north_south_route_earns_both_ends_values(la1, tmp_path):
    """The ELA's 5-train from San Bernardino (A14) to Long Beach's port (F7) earns 280:
    its stops' 210 and the pair's 70 (18xx.games' "+ N/S", the sum of both ends' icons),
    converted as one ``hex_groups`` bonus per pair of off-boards."""
    bonus = load_title(la1).bonuses["hex_groups_A14_F7"]
    assert bonus.amount == 70 and bonus.groups == [["A14"], ["F7"]]
    replayed_to(la1, FIVE, 244)
    pair = "    - [A14]\n    - [F7]\n    amount: "
    plain = house_ruled(la1, tmp_path, "title.yaml", pair + "70", pair + "1")
    with pytest.raises(GameError, match="earns 211, not 280"):
        replayed_to(plain, FIVE, 244)


def test_the_angeles_public_dump_is_nobody_s_station_and_costs_routes_20(la2, tmp_path):
    """The Angeles Public Dump: "Place the -20 station token ... This token cannot be used
    by any corporation and reduces revenue in its location by $20 for all corporations".
    The PER places it in Carson (E10, action 276): the station is nobody's, not the PER's;
    a 2-train from E10 to E12 (action 323) earns 80, its stops and the mail contract's
    bonus less 20. With −10 instead that route is refused; the two-player real game
    replays to its result."""
    ability = load_title(la2).companies["APD"].ability("token")
    assert ability is not None and (ability.neutral, ability.blocks, ability.stop_revenue) == (
        True,
        True,
        -20,
    )
    game = replayed_to(la2, TWO, 276)
    assert "APD" in game.track_board.slots(("E10", 0))
    assert ("E10", 0) not in game.track_board.cities_of("PER")
    replayed_to(la2, TWO, 323)
    milder = house_ruled(la2, tmp_path, "companies.yaml", "stop_revenue: -20", "stop_revenue: -10")
    with pytest.raises(GameError, match=r"E10-E12 .* earns 90, not 80"):
        replayed_to(milder, TWO, 323)
    files = GameFile.read(TWO)
    out = replay(files, title_for(files, la2))
    assert out.failure is None and out.game.finished
    assert out.game.result() == {str(k): v for k, v in files.result.items()}


BOT_TERRAIN = Path(__file__).parent / "data" / "bot-18LA2-4p-seed-1-to-120.json"
"""A heuristic bot game of 18 Los Angeles 2 (four players, seed 1), its first 120
actions, all of which 18xx.games accepts."""


def test_chino_hills_excavation_takes_20_off_a_tile_action_s_terrain(la2, tmp_path):
    """Chino Hills Excavation "reduces, for the owning corporation, the total terrain cost
    for all tile lays by $20" (18xx.games' own ``upgrade_cost``, converted as a
    ``terrain_discount`` of any terrain): the UP, owning it, upgrades B11 (action 118)
    for $40, as 18xx.games has it, where with $1 off it pays $59."""
    ability = load_title(la2).companies["CHE2"].ability("terrain_discount")
    assert ability is not None and (ability.terrain, ability.amount) == (None, 20)
    cash = replayed_to(la2, BOT_TERRAIN, 117).corporations["UP"].cash
    assert replayed_to(la2, BOT_TERRAIN, 118).corporations["UP"].cash == cash - 40
    dearer = house_ruled(
        la2, tmp_path, "companies.yaml", "terrain_discount, amount: 20}", "terrain_discount, amount: 1}"
    )
    assert replayed_to(dearer, BOT_TERRAIN, 118).corporations["UP"].cash == cash - 59


def test_the_two_player_game_removes_two_corporations_after_1846_s_shuffles(la2):
    """18 Los Angeles 2 keeps 1846's setup: it shuffles 1846's two company groups (names
    it does not have, so nothing leaves: eight ``unused`` draws), then, with two players
    only, removes two of its seven corporations, their home and second stations left on
    the map. The real two-player game (seed 354704445): "Removing UP, ELA", "ELA places a
    second token on C4", "UP places a second token on B13"."""
    draws = load_title(la2).setup.draws
    assert [d.unused is not None for d in draws] == [True] * 8 + [False]
    last = draws[-1]
    assert (last.remove, last.count, last.players) == (["ELA", "LA", "LAIR", "PER", "SF", "SP", "UP"], 2, [2])
    game = replayed_to(la2, TWO, 0)
    assert set(game.setup.removed_corporations) == {"ELA", "UP"} and not {"ELA", "UP"} & set(
        game.corporations
    )
    stations = {city[0]: owners for city, owners in game.track_board.tokens.items() if any(owners)}
    assert {h for h, owners in stations.items() if {"ELA", "UP"} & set(owners)} == {"C12", "C4", "B11", "B13"}


BOT_FACE = Path(__file__).parent / "data" / "bot-18LA2-2p-seed-12-to-116.json"
"""A random bot game of 18 Los Angeles 2 (two players, seed 12), its first 116 actions,
all of which 18xx.games accepts: the UP, trainless, issues shares (113, 115) and buys the
depot's 4 train as a 3/5 for $160 (116)."""


def test_a_corporation_short_of_the_dearer_face_buys_the_cheaper_after_an_emergency_issue(la2):
    """With $176 after issuing shares at $10, the UP may not spend less than $167 on a
    train, but the 4 train's $180 is beyond it and its president may not help while it can
    pay the $160 of the 3/5 face: 18xx.games then offers the 3/5 alone, and so it is
    offered here (before, nothing was: the game stood still)."""
    game = replayed_to(la2, BOT_FACE, 115)
    assert game.corporations["UP"].cash == 176
    assert legal_actions(game)["UP"]["buy_train"] == [{"train": "4-0", "price": 160, "variant": "3/5"}]
    game = replayed_to(la2, BOT_FACE, 116)
    assert game.trains["4-0"].owner == "UP" and game.trains["4-0"].variant == "3/5"


BOT_HOME = Path(__file__).parent / "data" / "bot-18LA2-5p-seed-11-to-14.json"
"""A heuristic bot game of 18 Los Angeles 2 (five players, seed 11), its first 14
actions, accepted by 18xx.games: the PER, started at action 13, puts its home in D11."""


def test_the_pacific_electric_chooses_its_home_among_its_hexes(la2):
    """The PER has no home of its own; 18xx.games lets it choose among 14 hexes only (its
    own ``home_token_locations``: converted as ``home_hexes``), not Long Beach's E8,
    which it offered here before and 18xx.games refused ("Cannot place token on E8 as the
    hex is not available")."""
    hexes = load_title(la2).corporations["PER"].home_hexes
    assert len(hexes) == 14 and "E8" not in hexes and "D11" in hexes
    game = replayed_to(la2, BOT_HOME, 13)
    offered = {c["city"].split("-")[0] for c in legal_actions(game)["PER"]["place_token"]}
    assert offered <= set(hexes) and "D11" in offered
    anywhere = replayed_to(la2, BOT_HOME, 13, ["corporations: {PER: {home_hexes: []}}"])
    assert "E8" in {c["city"].split("-")[0] for c in legal_actions(anywhere)["PER"]["place_token"]}
