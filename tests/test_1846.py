"""1846, converted from 18xx.games at run time, against its real games: its draft, its
stock round's sales, and the parts of its operating rounds the format plays (1846's
first operating round lowest price first, $20 a tile, track and token in either order).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oracle_support import (
    ORACLE,
    ROOT,
    house_ruled,
    imported_title,
    oracle_tries,
    oracle_verdicts,
    replayed_to,
)

from framework.base.errors import GameError
from framework.engine import shares
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.steps.auction import opening_price
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for

FIXTURES = ORACLE.parent / "fixtures" / "1846"
REAL = FIXTURES / "hs_wwhjwjvo_1716866882.json"
GAME = FIXTURES / "12666.json"


@pytest.fixture(scope="module")
def the_1846(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1846"), "1846")


def test_1846_converts_to_a_blind_draft_with_its_groups_and_minors(the_1846):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title: dict = {}
    for path in the_1846.glob("*.yaml"):
        title.update(yaml.load(path))
    draws = title["setup"]["draws"]
    assert draws[0] == {"shuffle": "draft"}
    assert draws[-1] == {"remove": ["C&O", "ERIE", "PRR"], "count": {3: 2, 4: 1, 5: 0}, "home_token": True}
    assert title["rules"]["draft"]["blank_cards"][4] == ["Pass (1)", "Pass (2)", "Pass (3)", "Pass (4)"]
    companies = title["companies"]
    assert companies["MS"]["price"] == 140
    assert {"type": "controls_minor", "minor": "MS", "cash": 60, "shared_city": "buyer_stays"} in companies[
        "MS"
    ]["abilities"]
    assert "players" not in companies["TBC"]  # removed at random, not by player count
    # 18xx.games' two lays of the Ohio & Indiana connect to each other (its default);
    # the Little Miami's say they need not (``connect: false``)
    lays = {
        sym: next(a for a in companies[sym]["abilities"] if a["type"] == "tile_lay") for sym in ("O&I", "LM")
    }
    assert lays["O&I"]["connect_each_other"] is True and "connect_each_other" not in lays["LM"]
    # the title refuses the Little Miami's lays once Cincinnati and Dayton are joined
    assert lays["LM"]["joins"] == ["H12", "G13"] and "joins" not in lays["O&I"]


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_1846_draft_deals_and_ends_as_18xx_games_did(the_1846, path):
    """The deck, the reshuffles and the removals are drawn exactly as 18xx.games drew
    them: every card a player took in the real game was among those shown to them, the
    draft ends where it did (the game's next action, a stock round's, is accepted) and
    each player has paid for the companies taken."""
    record = GameFile.read(path)
    game = new_game(record, title_for(record, the_1846))
    actions = iter(a for a in record.effective() if a.get("type") != "message")
    for action in actions:
        game.process(recorded(game, record, action))
        if game.round.kind != "auction":
            break
    for player in game.humans:
        owned = [c for c, co in game.companies.items() if co.owner == player.id]
        assert player.cash == 400 - sum(opening_price(game, c) for c in owned)
    for sym, minor in game.minors.items():  # a drafted minor starts with its treasury
        drafted = game.companies[sym].owner in game.players_by_id
        assert (minor.owner, minor.floated, minor.cash) == (
            (game.companies[sym].owner, True, {"MS": 60, "BIG4": 40}[sym]) if drafted else (None, False, 0)
        )
    game.process(recorded(game, record, next(actions)))


def test_a_president_s_sale_moves_1846_s_one_row_market_left_as_18xx_games_logs(the_1846):
    """18xx.games' log of the game: "17: B&O's share price moves left from $40 to $30",
    "21: … from $30 to $20" (``sell_move: left_per_sale_if_president`` on a one-row market)."""
    prices = [replayed_to(the_1846, REAL, n).market.price("B&O") for n in (16, 17, 21)]
    assert prices == [40, 30, 20]


def test_before_it_operates_only_a_corporation_s_president_may_sell_its_shares(the_1846):
    """``sell_before_operating: president`` (18xx.games' ``SELL_AFTER = :p_any_operate``):
    in the real game Player 1 holds a share of B&O, whose president is Player 2, before
    B&O has operated."""
    game = replayed_to(the_1846, REAL, 40)
    corp = game.corporations["B&O"]
    assert not corp.operated and corp.president() == "1" and corp.percent_of("0") == 10
    with pytest.raises(GameError, match="only its president") as error:
        shares.check_sale(game, "0", corp, corp.certificates_of("0"), 10)
    assert error.value.rule == "selling"


def test_1846_s_first_operating_round_goes_lowest_price_first(the_1846):
    """``first_operating_order: lowest_first``: in the real game GT and IC (parred lower)
    operate before B&O in the first operating round, the minors first of all."""
    game = replayed_to(the_1846, GAME, 18)
    assert game.round.kind == "operating"
    assert game.round.entities == ["MS", "BIG4", "GT", "IC", "B&O"]
    prices = [game.market.price(c) for c in ("GT", "IC", "B&O")]
    assert prices == sorted(prices) and prices[0] < prices[-1]


def test_every_tile_costs_1846_at_least_20(the_1846):
    """``min_cost: 20`` on the tile actions: "MS spends $20 and lays tile #9" (18xx.games'
    log), a hex without terrain."""
    before, after = (replayed_to(the_1846, GAME, n).minors["MS"].cash for n in (18, 19))
    assert before - after == 20


def test_a_corporation_places_its_token_before_laying_track_in_the_same_step(the_1846):
    """``track_and_token``: IC places a token in I5 and then lays a tile (actions 30 and 31
    of the real game); before the token both are offered, after it the lay still is."""
    game = replayed_to(the_1846, GAME, 29)
    assert {"lay_tile", "place_token", "pass"} <= set(legal_actions(game)["IC"])
    game = replayed_to(the_1846, GAME, 30)
    assert (
        set(legal_actions(game)["IC"]) >= {"lay_tile", "pass"}
        and "place_token" not in legal_actions(game)["IC"]
    )


def test_a_corporation_issues_shares_a_step_left_of_its_price_without_moving_it(the_1846):
    """``issue_shares`` with ``rules.issue`` (18xx.games' log of the real game: "45: IC
    issues a 10% share of IC and receives $70", its price $80): at most as many as the
    players hold (its president's 20%: two), and the price stays."""
    game = replayed_to(the_1846, FIXTURES / "222264.json", 44)
    offered = legal_actions(game)["IC"]["sell_shares"]
    assert [(c["shares"], c["share_price"]) for c in offered] == [(["IC_1"], 70), (["IC_1", "IC_2"], 70)]
    cash, price = game.corporations["IC"].cash, game.market.price("IC")
    game = replayed_to(the_1846, FIXTURES / "222264.json", 45)
    corp = game.corporations["IC"]
    assert (corp.cash - cash, game.market.price("IC"), corp.percent_of("pool")) == (70, price, 10)
    assert "sell_shares" not in legal_actions(game)["IC"]  # once a turn


def test_a_corporation_redeems_shares_a_step_right_of_its_price(the_1846):
    """``rules.issue.redeem_price: right``: with a share of IC in the pool (put there for
    the test, as an earlier turn's issue would), IC may buy it back at the price a step
    right of its own, which stays where it is."""
    from framework.engine import finance

    game = replayed_to(the_1846, FIXTURES / "222264.json", 44)
    corp = game.corporations["IC"]
    finance.move_share(game, next(s for s in corp.shares if s.id == "IC_2"), "pool")
    market = game.market
    right = market.cell(market.step(market.positions["IC"], "right")).price
    price = market.price("IC")
    assert right > price
    assert legal_actions(game)["IC"]["buy_shares"] == [
        {"shares": ["IC_2"], "percent": 10, "share_price": right}
    ]
    cash = corp.cash
    game.process({"type": "buy_shares", "entity": "IC", "shares": ["IC_2"], "percent": 10})
    assert (cash - corp.cash, corp.percent_of("IC"), market.price("IC")) == (right, 80, price)


def test_a_corporation_s_own_token_ability_prices_its_station_and_teleports(the_1846):
    """B&O's charter (``abilities: [{type: token, hexes: [H12], price: 40,
    teleport_price: 100}]``): "35: B&O places a token on H12 (Cincinnati) for $100" in
    18xx.games' log, H12 out of its reach; once used, H12 costs as any station."""
    before = replayed_to(the_1846, GAME, 34)
    offered = {c["city"] for c in legal_actions(before)["B&O"]["place_token"]}
    assert "H12-0-0" in offered
    after = replayed_to(the_1846, GAME, 35)
    corp = after.corporations["B&O"]
    assert before.corporations["B&O"].cash - corp.cash == 100
    assert corp.counters["token"] == 0 and "B&O" in after.track_board.slots(("H12", 0))


def test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names(the_1846):
    """B&O's ``reservation`` in H12 until phase IV: nobody else may take the slot before;
    at the start of phase IV it is free."""
    from framework.engine import events

    game = replayed_to(the_1846, GAME, 18)
    assert "B&O" in game.track_board.reserved[("H12", 0)]
    events.change_phase(game, "IV")
    assert ("H12", 0) not in game.track_board.reserved
    assert game.track_board.reservation("B&O") is None  # its home token is already down


def test_each_player_count_has_the_bank_18xx_games_gives_it(the_1846):
    """1846's bank is $6,500, $7,500 and $9,000 for 3, 4 and 5 players: each player
    count's automatic variant says its own."""
    from framework.record.replay import game_title

    banks = {}
    for players in (3, 4, 5):
        game = Game(game_title(the_1846, players, (), ()), [(str(i), f"P{i}") for i in range(players)], 1)
        banks[players] = game.bank + 400 * players
    assert banks == {3: 6500, 4: 7500, 5: 9000}


def test_the_draft_is_18xx_games_draft_round_and_the_heuristic_bot_drafts(the_1846):
    """The trace names the round as 18xx.games does ("Draft Round"); the heuristic bot
    takes a company when one suits it and a blank card otherwise, to the end of the draft."""
    from framework.bots.heuristic import HeuristicBot
    from framework.bots.play import new_session, play
    from framework.engine.trace import trace_state

    session = new_session(the_1846, 4, 3)
    assert trace_state(session.game)["round"] == "Draft Round"
    play(session, HeuristicBot(), seed=3, max_actions=40, check=True)
    assert session.game.round.kind != "auction"
    assert any(c.owner in session.game.players_by_id for c in session.game.companies.values())


def test_a_corporation_closes_when_its_price_reaches_1846_s_0c_cell(the_1846):
    """1846's ``0c`` (a zone with ``closes``): "42: C&O's share price moves left from $10
    to $0", "42: C&O closes" (18xx.games' log of the real game); its shares leave the
    game and the next player's choices no longer offer them."""
    game = replayed_to(the_1846, FIXTURES / "1846_game_end_reason_dnf.json", 42)
    corp = game.corporations["C&O"]
    assert corp.closed and "C&O" not in game.market.positions
    assert all(s.owner == "removed" for s in corp.shares)
    assert "C&O" not in str(legal_actions(game))


def test_a_game_whose_last_sale_closes_a_corporation_ends_as_recorded(the_1846):
    """The real game hs_wwhjwjvo: IC closes at $0 in the first stock round ("74: IC
    closes"), the players with nothing left to do pass, and the game ends as recorded."""
    from framework.record.replay import replay

    report = replay(GameFile.read(REAL), title_for(GameFile.read(REAL), the_1846))
    assert report.failure is None and report.game.finished
    assert report.game.end_reason == report.recorded_reason and report.matches_recorded


def test_shares_in_the_pool_move_1846_s_price_left_at_the_end_of_the_stock_round(the_1846):
    """``rules.stock.pool_move: down`` (18xx.games' ``POOL_SHARE_DROP = :down_block``),
    left on 1846's one-row market: "83: IC's share price moves left from $10 to $0",
    "83: IC closes", then the first operating round begins without it."""
    before = replayed_to(the_1846, FIXTURES / "1846_game_end_reason_dnf.json", 82)
    assert before.market.price("IC") == 10 and before.corporations["IC"].percent_of("pool")
    game = replayed_to(the_1846, FIXTURES / "1846_game_end_reason_dnf.json", 83)
    assert game.corporations["IC"].closed and game.round.kind == "operating"
    assert "IC" not in game.round.entities


def test_a_corporation_buys_a_company_for_as_little_as_1(the_1846):
    """``company_sales: {max: 1.0, min_amount: 1}`` (18xx.games' companies priced from $1
    to face value in 1846): "255: GT buys Boomtown from Player 3 for $1"."""
    from framework.engine.steps.companies import price_range

    game = replayed_to(the_1846, FIXTURES / "1846_game_end_reason_dnf.json", 254)
    assert price_range(game, "BT") == (1, game.title.companies["BT"].value)
    cash = game.corporations["GT"].cash
    game = replayed_to(the_1846, FIXTURES / "1846_game_end_reason_dnf.json", 255)
    assert (game.companies["BT"].owner, cash - game.corporations["GT"].cash) == ("GT", 1)


def test_a_game_nobody_can_play_on_ends_unfinished_as_recorded(the_1846):
    """The real game 1846_game_end_reason_dnf: every corporation but GT closed, GT
    without a train; 18xx.games turns the rounds over to its turn 100 and ends the game
    unfinished (``game_end.turn_limit``, reason ``dnf``) with its recorded result."""
    from framework.record.replay import replay

    path = FIXTURES / "1846_game_end_reason_dnf.json"
    report = replay(GameFile.read(path), title_for(GameFile.read(path), the_1846))
    assert report.failure is None and report.game.end_reason == "dnf" and report.matches_recorded


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_1846_game_replays_to_its_recorded_result(the_1846, path):
    """Every real game reaches its recorded end and scores: the Steamboat's assignments
    at the start of the operating rounds, the Mail Contract, bankruptcies that leave the
    game going on and receiverships, played as 18xx.games plays them."""
    from framework.record.replay import replay

    record = GameFile.read(path)
    report = replay(record, title_for(record, the_1846))
    assert report.failure is None and report.matches_recorded


SEAWARD = FIXTURES / "19962.json"
SUDAMBAU = FIXTURES / "hs_sudambau_1600037415.json"
BANKRUPT = FIXTURES / "1846_game_end_reason_bankrupt.json"


def _player(game: Game, name: str) -> str:
    return next(p.id for p in game.players if p.name == name)


BANKRUPTCY_RULE = "ends_game_after: all_but_one"


def test_a_bankrupt_player_leaves_a_game_that_goes_on(the_1846):
    """Player 4, president of the Erie, cannot pay for a train (real game 19962, action
    300): the Erie has issued already, so Player 4 gives up what they could not sell — the
    Erie's president's certificate goes to the pool at $20, the price unmoved, and the Erie
    goes into receivership — and their $757 goes to the Erie ($797, as 18xx.games has it).
    The game goes on, and the next stock round is played without them."""
    from framework.engine.bankruptcy import in_receivership, solvent

    game = replayed_to(the_1846, SEAWARD, 300)
    player = _player(game, "Player 4")
    assert game.players_by_id[player].bankrupt and not game.finished
    assert in_receivership(game, "ERIE") and game.market.price("ERIE") == 20
    assert game.corporations["ERIE"].cash == 797 and game.players_by_id[player].cash == 0
    assert player not in solvent(game)
    game = replayed_to(the_1846, SEAWARD, 328)
    assert game.round.kind == "stock" and player not in game.round.entities


def test_a_first_bankruptcy_ends_the_game_where_the_title_says_so(the_1846, tmp_path):
    """``ends_game_after: one``: the same bankruptcy ends the game, and the Erie keeps its
    bankrupt president (``leftovers: kept``, the default)."""
    ended = house_ruled(the_1846, tmp_path / "one", "title.yaml", BANKRUPTCY_RULE, "ends_game_after: one")
    game = replayed_to(ended, SEAWARD, 300)
    assert game.finished and game.end_reason == "bankrupt"
    kept = house_ruled(the_1846, tmp_path / "kept", "title.yaml", "leftovers: pool", "leftovers: kept")
    game = replayed_to(kept, SEAWARD, 300)
    assert game.corporations["ERIE"].president() == _player(game, "Player 4") and not game.finished


def test_a_bankrupt_player_s_cash_goes_where_the_title_says(the_1846, tmp_path):
    """``cash_to: bank``: Player 4's $757 goes to the bank, and the Erie keeps its $40."""
    bank = house_ruled(the_1846, tmp_path, "title.yaml", "cash_to: corporation", "cash_to: bank")
    game = replayed_to(bank, SEAWARD, 300)
    assert game.corporations["ERIE"].cash == 40 and game.players_by_id[_player(game, "Player 4")].cash == 0


def test_a_corporation_issues_before_its_president_goes_bankrupt(the_1846, tmp_path):
    """The B&O issued two shares at action 57 of real game hs_sudambau; had it kept them
    (put back in its treasury here), its president's bankruptcy at action 61 would begin
    with it issuing them, as 18xx.games' 1846 does (``issue_first``); without the rule, it
    issues nothing."""
    from framework.engine.steps import emergency_issue

    def bankrupt_keeping_its_shares(title: Path) -> Game:
        game = replayed_to(title, SUDAMBAU, 60)
        corp = game.corporations["B&O"]
        for share in corp.certificates_of("pool"):
            share.owner = "B&O"
        assert emergency_issue.issues(game, "B&O")
        game.process({"type": "bankrupt", "entity": "B&O", "entity_type": "corporation", "id": 61})
        return game

    issued = bankrupt_keeping_its_shares(the_1846)
    assert issued.corporations["B&O"].percent_of("B&O") < 80
    plain = house_ruled(the_1846, tmp_path, "title.yaml", "issue_first: true", "issue_first: false")
    assert bankrupt_keeping_its_shares(plain).corporations["B&O"].percent_of("B&O") == 80


def test_the_erie_s_slot_in_erie_is_held_until_phase_iv(the_1846, tmp_path):
    """18xx.games reserves the Erie slot 1 of Erie (D20) until phase IV; converted, the
    slot is held for it: with the New York Central's home slot there, no other
    corporation may place a station in Erie's two slots, the Erie may; without the
    reservation the Pennsylvania could."""
    game = replayed_to(the_1846, GAME, 1)
    assert game.track_board.free_slots(("D20", 0), "PRR") == 0
    assert game.track_board.free_slots(("D20", 0), "ERIE") == 1
    text = (the_1846 / "corporations.yaml").read_text(encoding="utf-8")
    line = "    - {type: reservation, hex: D20, until: IV}\n"
    assert line in text
    open_slot = house_ruled(the_1846, tmp_path, "corporations.yaml", line, "")
    assert replayed_to(open_slot, GAME, 1).track_board.free_slots(("D20", 0), "PRR") == 1


def test_a_station_in_a_company_s_token_hex_is_placed_with_its_ability(the_1846):
    """In a bot game accepted by 18xx.games (seed 2, four players), the New York Central,
    owning the Chicago and Western Indiana, places its turn's station in Chicago's fourth
    city (action 250) as its own: 18xx.games places it with the company's ability ("NYC
    (C&WI) places a token on D6"), for nothing, and so do we: its $91 stay, the
    company's token is used and the city is the New York Central's."""
    path = ROOT / "tests" / "data" / "bot-1846-seed-2-to-251.json"
    verdict = oracle_verdicts([path])[path.stem]
    assert verdict["refused"] is None and verdict["last_id"] == 251
    before, after = replayed_to(the_1846, path, 249), replayed_to(the_1846, path, 250)
    assert after.corporations["NYC"].cash == before.corporations["NYC"].cash == 91
    assert before.companies["C&WI"].uses["token"] == 1 and after.companies["C&WI"].uses["token"] == 0
    assert after.track_board.slots(("D6", 3)) == ["NYC"]


def test_without_own_stations_the_corporation_s_station_costs_its_charter_price(the_1846, tmp_path):
    """With the Chicago and Western Indiana's ``own_stations: false`` (18xx.games'
    ``special_only``: 18NL's companies), the New York Central's station in Chicago's fourth
    city (action 250 of the bot game) costs its charter's $80 and leaves the company's
    token unused."""
    path = ROOT / "tests" / "data" / "bot-1846-seed-2-to-251.json"
    only = house_ruled(the_1846, tmp_path, "companies.yaml", "own_stations: true", "own_stations: false")
    before, after = replayed_to(only, path, 249), replayed_to(only, path, 250)
    assert after.corporations["NYC"].cash == before.corporations["NYC"].cash - 80
    assert after.companies["C&WI"].uses["token"] == 1


def test_a_free_tile_lay_left_keeps_the_track_step_open_to_a_corporation_short_of_cash(the_1846):
    """In a bot game accepted by 18xx.games (seed 6, three players), the Illinois Central
    has $3 after its first tile action (action 494): short of a tile's least $20, it may
    still lay a free yellow tile on an icon hex still printed (its charter's
    ``lay_discount`` of $20), so 18xx.games keeps its track step open (none it reaches
    now: it may only pass) until it passes (action 495), and so do we."""
    from framework.engine.lay_discount import covers_least_cost

    path = ROOT / "tests" / "data" / "bot-1846-seed-6-to-495.json"
    verdict = oracle_verdicts([path])[path.stem]
    assert verdict["refused"] is None and verdict["last_id"] == 495
    game = replayed_to(the_1846, path, 494)
    assert game.corporations["IC"].cash == 3 and covers_least_cost(game, "IC", 20)
    assert game.round.active_step().name == "track_and_token" and "pass" in legal_actions(game)["IC"]
    assert replayed_to(the_1846, path, 495).round.active_step().name != "track_and_token"


SEED_12 = ROOT / "tests" / "data" / "bot-1846-seed-12-to-75.json"
"""A three-player bot game (seed 12) that 18xx.games accepts: the C&O issues a share in
an emergency (action 33); the B&O and the C&O run in receivership (actions 74 and 75)."""


def test_a_corporation_that_issued_in_an_emergency_buys_no_company_without_a_train(the_1846, tmp_path):
    """After its emergency issue (action 33) the C&O, still without a train, may not buy
    the Mail Contract from Player 3 for $1: 18xx.games refuses it, and so do we; without
    ``no_companies_without_train`` we would offer it."""
    tried = oracle_tries(
        SEED_12,
        {
            33: {
                "mail": {
                    "type": "buy_company",
                    "entity": "C&O",
                    "entity_type": "corporation",
                    "company": "MAIL",
                    "price": 1,
                }
            }
        },
    )
    assert tried[33]["mail"].startswith("refused")
    game = replayed_to(the_1846, SEED_12, 33)
    assert "C&O" not in legal_actions(game)
    with pytest.raises(GameError, match="emergency"):
        game.process(
            {
                "type": "buy_company",
                "entity": "C&O",
                "entity_type": "corporation",
                "company": "MAIL",
                "price": 1,
            }
        )
    rule = "no_companies_without_train: true"
    free = house_ruled(the_1846, tmp_path, "title.yaml", rule, "no_companies_without_train: false")
    assert "buy_company" in legal_actions(replayed_to(free, SEED_12, 33))["C&O"]


def test_a_corporation_in_receivership_withholds_without_asking(the_1846, tmp_path):
    """The B&O, in receivership, runs for $90 (action 74): 18xx.games withholds it at once
    (the game file has no dividend action), its price moving left from $30 to $20, and so
    do we; with ``withholds: false`` the dividend step would wait for a choice, and the
    C&O's run that follows is refused."""
    before, after = replayed_to(the_1846, SEED_12, 73), replayed_to(the_1846, SEED_12, 74)
    assert after.corporations["B&O"].cash == before.corporations["B&O"].cash + 90
    assert (before.market.price("B&O"), after.market.price("B&O")) == (30, 20)
    asked = house_ruled(the_1846, tmp_path, "title.yaml", "withholds: true", "withholds: false")
    with pytest.raises(GameError):
        replayed_to(asked, SEED_12, 75)


def test_a_bankruptcy_leaves_the_round_s_order_as_it_was(the_1846, tmp_path):
    """The Grand Trunk's president goes bankrupt in its turn (action 221 of real game
    1846_game_end_reason_bankrupt); put the Illinois Central ($80) after the New York
    Central ($20) in the round, as an order of the round's start could have them: 1846's
    bankrupt step keeps that order (``reorders: false``); with the common step's
    ``reorders: true`` the round sorts them again by price."""

    def after_bankruptcy(title: Path) -> list[str]:
        game = replayed_to(title, BANKRUPT, 220)
        rnd = game.round
        assert rnd.entities[rnd.index] == "GT"
        rnd.entities = ["B&O", "C&O", "GT", "NYC", "IC"]
        rnd.index = 2
        action = next(a for a in GameFile.read(BANKRUPT).effective() if a.get("id") == 221)
        game.process(dict(action))
        return rnd.entities[rnd.entities.index("GT") + 1 :]

    assert after_bankruptcy(the_1846) == ["NYC", "IC"]
    sorted_again = house_ruled(the_1846, tmp_path, "title.yaml", "reorders: false", "reorders: true")
    assert after_bankruptcy(sorted_again) == ["IC", "NYC"]


def test_a_corporation_in_receivership_only_runs_and_sinks_without_a_train(the_1846, tmp_path):
    """The B&O, in receivership without a train after its president's bankruptcy (real
    game hs_sudambau, action 61), lays no track and places no token in the next operating
    round; it does not run, moving left from $50 to $40, and once more for being in
    receivership without a train, to $30 (as 18xx.games logs it); with
    ``no_train_moves: 0`` it stays at $40."""
    game = replayed_to(the_1846, SUDAMBAU, 61)
    assert game.market.price("B&O") == 30
    still = house_ruled(the_1846, tmp_path, "title.yaml", "no_train_moves: 1", "no_train_moves: 0")
    assert replayed_to(still, SUDAMBAU, 61).market.price("B&O") == 40


def test_a_corporation_in_receivership_buys_the_cheapest_train_it_can_pay(the_1846, tmp_path):
    """The Grand Trunk, in receivership since action 221 of real game
    1846_game_end_reason_bankrupt, buys the depot's cheapest face, a $450 4/6, in its next
    turn (action 236), which starts phase III; with ``buys_cheapest_train: false`` it buys
    none."""
    game = replayed_to(the_1846, BANKRUPT, 236)
    assert [(t.name, t.variant) for t in game.trains.values() if t.owner == "GT"] == [("5", "4/6")]
    assert game.phase == "III"
    none = house_ruled(
        the_1846, tmp_path, "title.yaml", "buys_cheapest_train: true", "buys_cheapest_train: false"
    )
    game = replayed_to(none, BANKRUPT, 236)
    assert not [t for t in game.trains.values() if t.owner == "GT"]


def test_a_player_holding_a_president_s_share_worth_takes_a_corporation_out_of_receivership(the_1846):
    """Player 3 buys a second share of the Grand Trunk, in receivership (action 245): holding
    20%, they take its president's certificate from the pool for their two shares and
    become its president, as 18xx.games logs it; Player 3 buys one of the two back later."""
    game = replayed_to(the_1846, BANKRUPT, 244)
    assert game.corporations["GT"].president() == "pool"
    game = replayed_to(the_1846, BANKRUPT, 245)
    player = _player(game, "Player 3")
    corp = game.corporations["GT"]
    assert corp.president() == player and corp.percent_of(player) == 20


MAILED = FIXTURES / "10264.json"
"""A real game whose Illinois Central buys the Mail Contract (action 72) and whose B&O
buys the Tunnel Blasting Company (action 74)."""


def test_a_president_may_sell_for_the_dearest_face_of_a_depot_train(the_1846):
    """The Grand Trunk ($90) must buy a train; with its president's $80 it could pay for a
    $160 3/5 but not a $180 4-train, and 1846 lets the president sell for the dearer face
    (real game hs_cvjhogoy, action 50): the sale is offered, made, and the 4 is bought with
    $90 of the president's money (as 18xx.games logs it)."""
    path = FIXTURES / "hs_cvjhogoy_1599504419.json"
    game = replayed_to(the_1846, path, 49)
    assert game.corporations["GT"].cash + game.players_by_id[game.corporations["GT"].president()].cash == 170
    assert "sell_shares" in legal_actions(game)[game.corporations["GT"].president()]
    game = replayed_to(the_1846, path, 51)
    assert [t.variant for t in game.trains.values() if t.owner == "GT"] == ["4"]


def test_a_corporation_issues_the_shares_it_redeemed_last(the_1846):
    """The Erie redeems ERIE_4, ERIE_5 and ERIE_1 from the market (real game 19962, action
    294) beside the ERIE_8 it never sold; short of a train, it may issue two in an
    emergency: ERIE_8 and ERIE_4, its certificates in the order they came to it, as
    18xx.games lists them."""
    from framework.engine.steps import emergency_issue

    game = replayed_to(the_1846, SEAWARD, 295)
    issued = [[s.id for s in issue.shares] for issue in emergency_issue.issues(game, "ERIE")]
    assert ["ERIE_8", "ERIE_4"] in issued and ["ERIE_1", "ERIE_4"] not in issued


def test_the_tunnel_blasting_company_takes_its_20_off_a_mountain_edge(the_1846, tmp_path):
    """Tunnel Blasting takes $20 off mountains and off the tunnels of mountain edges: the
    B&O upgrades Wheeling (G19) across its mountain edge ($20) and pays only the $20 every
    1846 tile costs, keeping $220 as 18xx.games has it; with $10 off it pays $10 more."""
    assert replayed_to(the_1846, MAILED, 75).corporations["B&O"].cash == 220
    ten = house_ruled(
        the_1846,
        tmp_path,
        "companies.yaml",
        "{type: terrain_discount, terrain: mountain, amount: 20}",
        "{type: terrain_discount, terrain: mountain, amount: 10}",
    )
    assert replayed_to(ten, MAILED, 75).corporations["B&O"].cash == 210


def test_a_train_paying_fewer_stops_than_it_visits_earns_bonuses_at_paying_stops_only(the_1846):
    """The C&O's 3/5 train runs St. Louis–(I5)–(Cincinnati)–I15–I17 (real game 20381,
    action 185): three stops pay, one of them its station at I15, so Cincinnati's $40 does
    not; the east–west bonus of St. Louis and I17 is earned, as both pay: $130, as
    recorded (not $150 with Cincinnati paying)."""
    path = FIXTURES / "20381.json"
    game = replayed_to(the_1846, path, 185)
    assert game.round.revenue == 130


def test_the_mail_contract_pays_10_a_stop_to_the_route_visiting_most_stops(the_1846, tmp_path):
    """The Grand Trunk's first run with the Mail Contract (real game 12666, action 237):
    two routes of two stops and one of three; the contract adds $10 for each stop of the
    longest, $310 in all as 18xx.games pays out; with ``routes: each`` the two short
    routes earn $40 more, and at $20 a stop the longest earns $30 more."""
    assert replayed_to(the_1846, GAME, 237).round.revenue == 310
    ruled = {
        "each": ("{type: stop_bonus, amount: 10, routes: each}", 350),
        "twenty": ("{type: stop_bonus, amount: 20}", 340),
    }
    for name, (ability, revenue) in ruled.items():
        folder = house_ruled(
            the_1846, tmp_path / name, "companies.yaml", "{type: stop_bonus, amount: 10}", ability
        )
        assert replayed_to(folder, GAME, 237).round.revenue == revenue


def test_the_mail_contract_works_only_for_the_owners_it_lists(the_1846, tmp_path):
    """``owner: [player]`` on the Mail Contract: bought by the Grand Trunk, it adds
    nothing, and its run at action 237 earns $30 less."""
    players = house_ruled(
        the_1846,
        tmp_path,
        "companies.yaml",
        "{type: stop_bonus, amount: 10}",
        "{type: stop_bonus, amount: 10, owner: [player]}",
    )
    assert replayed_to(players, GAME, 237).round.revenue == 280


def test_the_best_run_counts_the_mail_contract_on_the_route_it_makes_longest(the_1846):
    """The route search values a run with the Mail Contract as the run is paid: its best
    run earns at least the recorded one (real game 10264, action 221, $400), and its total
    is what its routes earn with the bonus on the route visiting most stops."""
    from framework.board.routes import run_revenues
    from framework.engine.autoroute import best_run, trains_to_run

    game = replayed_to(the_1846, MAILED, 220)
    _, answer = best_run(game, "IC", time_limit=30)
    runners = dict(trains_to_run(game, "IC"))
    paid = run_revenues(game.track_board, [(runners[r.train], r) for r in answer.routes])
    assert answer.proven and answer.total >= 400
    assert answer.total == sum(r.total for r in paid)
    longest = max(answer.routes, key=lambda r: (len(r.stops), r.train))
    assert any(
        e.label == "Mail Contract" and e.amount == 10 * len(longest.stops)
        for e in paid[answer.routes.index(longest)].bonuses
    )


def test_the_steamboat_s_player_owner_assigns_it_as_an_operating_round_starts(the_1846, tmp_path):
    """``assigned_bonus`` with ``player_assigns``: at the start of the first operating
    round of the real game 19962 the round waits for Steamboat Company, whose owner
    assigns it to MS and to D14 ("40: Steamboat Company is assigned to MS", "41: … to
    D14"); then MS operates, and its 2 train earns $80 with "+ Port" ($20 in D14), half of
    it to MS. Without ``player_assigns`` the round does not wait for the company."""
    game = replayed_to(the_1846, SEAWARD, 39)
    offered = legal_actions(game)
    assert set(offered) == {"SC"} and set(offered["SC"]) == {"assign", "pass"}
    targets = {c["target"] for c in offered["SC"]["assign"]}
    assert {"D14", "B8", "MS", "BIG4"} <= targets
    game = replayed_to(the_1846, SEAWARD, 41)
    assert game.companies["SC"].assigned == ("D14", "MS") and game.round.current_entity() == "MS"
    before, after = (replayed_to(the_1846, SEAWARD, n).minors["MS"].cash for n in (43, 44))
    assert after - before == 40
    dearer = house_ruled(
        the_1846, tmp_path / "a", "companies.yaml", "amount: 20\n      amounts:", "amount: 30\n      amounts:"
    )
    before, after = (replayed_to(dearer, SEAWARD, n).minors["MS"].cash for n in (43, 44))
    assert after - before == 45
    toledo = house_ruled(
        the_1846, tmp_path / "b", "companies.yaml", "{B8: 40, G19: 40}", "{B8: 40, G19: 40, D14: 60}"
    )
    before, after = (replayed_to(toledo, SEAWARD, n).minors["MS"].cash for n in (43, 44))
    assert after - before == 60
    nobody = house_ruled(
        the_1846, tmp_path / "c", "companies.yaml", "player_assigns: true", "player_assigns: false"
    )
    assert "SC" not in legal_actions(replayed_to(nobody, SEAWARD, 39))


def test_a_player_owned_bonus_leaves_with_its_closing_company(the_1846):
    """A ``player_assigns`` bonus goes when its company closes while a player owns it
    (18xx.games removes the Steamboat's port bonus when companies close in phase III)."""
    from framework.engine import events

    game = replayed_to(the_1846, SEAWARD, 41)
    events.close_company(game, "SC")
    assert game.companies["SC"].assigned is None


BANKRUPT = FIXTURES / "1846_game_end_reason_bankrupt.json"


def test_a_corporation_buying_the_steamboat_assigns_its_hex_once_a_round_before_running(the_1846, tmp_path):
    """ "30: NYC buys Steamboat Company from Player 3 for $1", "Steamboat Company is
    assigned to NYC", "… is not assigned to a hex", and NYC's turn ends there
    (``during: track``: the turn's end does not wait for it). In its next turn NYC may
    assign it to a hex once (``per_round: 1``); house-ruled ``during: turn`` its turn
    waits after the purchase, and ``per_round: 2`` lets it assign again."""
    game = replayed_to(the_1846, BANKRUPT, 30)
    assert game.companies["SC"].assigned == (None, "NYC") and game.round.entity() == "NYC"
    assert game.round.index == 0  # a new operating round: NYC operates first
    game.process({"type": "assign", "entity": "SC", "target": "D14"})
    assert game.companies["SC"].assigned == ("D14", "NYC") and "SC" not in legal_actions(game)
    twice = house_ruled(the_1846, tmp_path / "a", "companies.yaml", "per_round: 1", "per_round: 2")
    game = replayed_to(twice, BANKRUPT, 30)
    game.process({"type": "assign", "entity": "SC", "target": "D14"})
    assert "assign" in legal_actions(game)["SC"]
    waits = house_ruled(the_1846, tmp_path / "b", "companies.yaml", "during: track", "during: turn")
    game = replayed_to(waits, BANKRUPT, 30)
    assert game.round.entity() == "NYC" and "pass" in legal_actions(game)["NYC"]
    assert game.round.kind == "operating" and game.companies["SC"].assigned == (None, "NYC")


def test_1846_s_dividends_pay_half_and_move_the_price_by_multiples_of_it(the_1846, tmp_path):
    """1846's dividend step (``rules.dividends`` from the ``dividend_moves`` probe):
    "67: NYC runs for $40 and pays half", "NYC withholds $20", "NYC pays out $20",
    "NYC's share price moves right from $10 to $30 (2 steps)" — twice its price. Less
    than half the price moves it left, from half to once it stays; three times moves it
    three steps only from $165 up (``min_price``)."""
    from framework.engine.steps.running import payout

    before = replayed_to(the_1846, BANKRUPT, 66)
    game = replayed_to(the_1846, BANKRUPT, 67)
    assert (before.market.price("NYC"), game.market.price("NYC")) == (10, 30)
    assert game.corporations["NYC"].cash - before.corporations["NYC"].cash == 20
    moved = {}
    for amount in (4, 5, 10, 30):
        game = replayed_to(the_1846, BANKRUPT, 66)
        payout(game, "NYC", amount)
        moved[amount] = game.market.price("NYC")
    assert moved == {4: 0, 5: 10, 10: 20, 30: 30}
    cheap = house_ruled(the_1846, tmp_path / "a", "title.yaml", "min_price: 165", "min_price: 10")
    game = replayed_to(cheap, BANKRUPT, 66)
    payout(game, "NYC", 30)
    assert game.market.price("NYC") == 40
    no_half = house_ruled(
        the_1846, tmp_path / "b", "title.yaml", "kinds: [payout, half, withhold]", "kinds: [payout, withhold]"
    )
    with pytest.raises(GameError, match="half"):
        replayed_to(no_half, BANKRUPT, 67)


def test_the_illinois_central_receives_its_par_price_when_parred(the_1846, tmp_path):
    """IC's ``par_subsidy: 1`` (18xx.games: "IC receives a $80 subsidy" when parred at
    $80 in the real game 222264, action 19); NYC, parred at 90 before it, gets nothing
    but its president's payment. House-ruled to 0.5, IC receives $40."""
    path = FIXTURES / "222264.json"
    before, after = replayed_to(the_1846, path, 18), replayed_to(the_1846, path, 19)
    assert after.corporations["IC"].cash - before.corporations["IC"].cash == 80 + 2 * 80
    assert replayed_to(the_1846, path, 17).corporations["NYC"].cash == 2 * 90
    half = house_ruled(the_1846, tmp_path, "corporations.yaml", "par_subsidy: 1", "par_subsidy: 0.5")
    assert replayed_to(half, path, 19).corporations["IC"].cash - before.corporations["IC"].cash == 40 + 2 * 80


def test_the_illinois_central_lays_yellow_tiles_free_on_its_icon_hexes(the_1846, tmp_path):
    """IC's ``lay_discount`` ($20 off tiles 7, 8 and 9 in E5, F6, G5, H6, J4): "29: IC
    receives a discount of $20 from IC", "IC lays tile #9 … on J4", free of 1846's $20 a
    tile (real game 12666); house-ruled to $10 off it pays $10, and elsewhere ($20 off in
    other hexes only) it pays the $20."""

    def paid(title: Path) -> int:
        """What IC pays for its lay at action 29."""
        before, after = (replayed_to(title, GAME, n).corporations["IC"].cash for n in (28, 29))
        return before - after

    assert paid(the_1846) == 0
    ten = house_ruled(
        the_1846, tmp_path / "a", "corporations.yaml", "amount: 20\n      tiles:", "amount: 10\n      tiles:"
    )
    assert paid(ten) == 10
    away = house_ruled(
        the_1846,
        tmp_path / "b",
        "corporations.yaml",
        "hexes: [E5, F6, G5, H6, J4]",
        "hexes: [E5, F6, G5, H6]",
    )
    assert paid(away) == 20
    no_nine = house_ruled(
        the_1846, tmp_path / "c", "corporations.yaml", "tiles: ['7', '8', '9']", "tiles: ['7', '8']"
    )
    assert paid(no_nine) == 20


WAITING = FIXTURES / "hs_cvjhogoy_1599504419.json"


def test_a_bought_company_s_token_keeps_the_turn_waiting_and_goes_in_its_own_city(the_1846, tmp_path):
    """C&WI's ``token`` (``city: 3``, ``when: [operating_turn]``): "33: NYC buys Chicago and
    Western Indiana from Player 1 for $30", its treasury empty, then "34: NYC passes
    buy/use companies" — the turn waits while the company's token may go in Chicago's
    fourth city, the only one offered; house-ruled ``city: 0`` it is offered the first."""
    game = replayed_to(the_1846, WAITING, 33)
    assert game.corporations["NYC"].cash == 0 and game.round.entity() == "NYC"
    offered = legal_actions(game)
    assert set(offered["NYC"]) == {"pass"}
    assert [c["city"] for c in offered["C&WI"]["place_token"]] == ["D6-0-3"]
    first = house_ruled(the_1846, tmp_path, "companies.yaml", "1\n      city: 3", "1\n      city: 0")
    offered = legal_actions(replayed_to(first, WAITING, 33))
    assert [c["city"] for c in offered["C&WI"]["place_token"]] == ["D6-0-0"]


def test_a_company_s_reservation_holds_its_slot_until_a_corporation_buys_it(the_1846, tmp_path):
    """C&WI's ``reservation`` of Chicago's fourth city (18xx.games' ``remove: sold``): held
    in its name from the start, so that no station may take it; free once PRR buys the
    company ("73: PRR buys Chicago and Western Indiana"), whose token then goes there
    ("75: PRR (C&WI) places a token on D6"). With corporations among its ``owner`` the
    slot stays held, in PRR's name."""
    from framework.board.tokens import IllegalToken, check_token

    game = replayed_to(the_1846, SEAWARD, 72)
    assert game.track_board.reserved[("D6", 3)] == ["C&WI"]
    with pytest.raises(IllegalToken, match="held for C&WI"):
        check_token(game.track_board, "PRR", ("D6", 3), connect=False)
    game = replayed_to(the_1846, SEAWARD, 73)
    assert ("D6", 3) not in game.track_board.reserved
    assert replayed_to(the_1846, SEAWARD, 75).track_board.slots(("D6", 3)) == ["PRR"]
    kept = house_ruled(
        the_1846,
        tmp_path,
        "companies.yaml",
        "{type: reservation, hex: D6, city: 3}",
        "{type: reservation, hex: D6, city: 3, owner: [bank, player, corporation]}",
    )
    assert replayed_to(kept, SEAWARD, 73).track_board.reserved[("D6", 3)] == ["PRR"]
    assert replayed_to(kept, SEAWARD, 75).track_board.slots(("D6", 3)) == ["PRR"]


def test_a_corporation_counts_the_shares_it_may_issue_in_what_it_may_spend(the_1846, tmp_path):
    """``rules.issue.counted_in: [track, token, buy_company]`` (18xx.games' 1846 buying
    power): "112: GT spends $20 and lays tile #9 … on B14", leaving it $9, and its track
    and token step still waits for it — it could issue four shares at $60 — so that it
    buys Michigan Central (113), whose tiles go down, and "116: GT passes place a token
    or lay track". Without ``track`` and ``token`` its turn goes on to its routes after the
    lay; without ``token`` the step waits for a lay only, no station is offered."""
    game = replayed_to(the_1846, GAME, 112)
    assert game.corporations["GT"].cash == 9 and game.round.active_step().name == "track_and_token"
    # the step offers the station (what its cash pays, none here, is what it may place)
    assert {"place_token", "pass"} <= set(game.round.active_step().actions("GT"))
    listed = "counted_in: [track, token, buy_company]"
    # the minors' treasuries (``rules.track.buying_power``) left out, to see the shares alone
    shares = house_ruled(the_1846, tmp_path / "s", "title.yaml", "minor_cash: [0, 1, 2, 3]", "minor_cash: []")
    assert replayed_to(shares, GAME, 112).round.active_step().name == "track_and_token"
    neither = house_ruled(shares, tmp_path / "a", "title.yaml", listed, "counted_in: [buy_company]")
    assert replayed_to(neither, GAME, 112).round.active_step().name == "routes"
    no_token = house_ruled(shares, tmp_path / "b", "title.yaml", listed, "counted_in: [track, buy_company]")
    game = replayed_to(no_token, GAME, 112)
    assert game.round.active_step().name == "track_and_token"
    assert "pass" in legal_actions(game)["GT"] and "place_token" not in game.round.active_step().actions("GT")


def test_a_minor_s_treasury_counts_in_what_keeps_the_train_step_open(the_1846, tmp_path):
    """``rules.trains.buying_power.minor_cash: [1, 2]`` (18xx.games' ``train_buying_power``): in
    the real game 10264 GT has $30 and two trains after action 46, short of a $80 train;
    with MS's $50 and BIG4's $20 (less $1 each for their companies) it could reach one, so
    the step waits: "47: GT passes buy trains", "48: GT passes buy/use companies". With
    nothing counted the pass at 47 would end GT's turn."""
    from framework.engine.steps.buying_power import minor_cash

    game = replayed_to(the_1846, FIXTURES / "10264.json", 46)
    assert game.corporations["GT"].cash == 30 and minor_cash(game, "GT", [1, 2]) == 49 + 19
    assert game.round.active_step().name == "buy_train" and "pass" in legal_actions(game)["GT"]
    game = replayed_to(the_1846, FIXTURES / "10264.json", 47)
    assert game.round.entity() == "GT" and game.round.active_step().name == "buy_company"
    cash_only = house_ruled(the_1846, tmp_path, "title.yaml", "minor_cash: [1, 2]", "minor_cash: []")
    game = replayed_to(cash_only, FIXTURES / "10264.json", 46)
    assert game.round.active_step().name == "buy_company"


def test_a_corporation_may_issue_shares_until_it_has_paid_its_dividend(the_1846):
    """The issue step stays open while the corporation chooses its dividend (18xx.games'
    dividend step ends it): "122: GT runs a 3/5 train for $130", "123: GT issues a 10%
    share of GT and receives $80", "124: GT runs for $130 and pays half"; after the
    dividend it may no longer issue."""
    path = FIXTURES / "1846_game_end_reason_all_closed.json"
    game = replayed_to(the_1846, path, 122)
    assert game.round.active_step().name == "dividend" and "sell_shares" in legal_actions(game)["GT"]
    cash = game.corporations["GT"].cash
    game = replayed_to(the_1846, path, 123)
    assert game.corporations["GT"].cash - cash == 80
    game = replayed_to(the_1846, path, 124)
    assert "sell_shares" not in legal_actions(game).get("GT", {})


def test_a_corporation_that_must_buy_a_train_issues_shares_before_its_president_pays(the_1846, tmp_path):
    """``rules.trains.emergency.issue`` (18xx.games' ``MUST_EMERGENCY_ISSUE_BEFORE_EBUY``):
    in the real game 222264 GT has $100 and no train, the depot's cheapest a 4 ($180, or
    $160 as a 3/5). It may issue one share at $70 (two steps left of its $90) or two at $60
    (three steps left), no more than it needs for the $180 face; its president may not sell
    meanwhile. "96: GT issues 2 shares of GT and receives $120", "GT's share price moves
    left from $90 to $70"; then only the 4 face is offered (with its last share's $60 less
    it could have paid the $160 one). House-ruled ``price_steps: 0`` each share fetches a
    step more; without ``issue`` GT issues nothing and its president may sell; with
    ``moves_left: false`` the price stays; with ``only_needed: false`` it may issue as many
    shares as its players hold (three)."""
    path = FIXTURES / "222264.json"
    game = replayed_to(the_1846, path, 95)
    offered = legal_actions(game)
    assert [(c["shares"], c["share_price"]) for c in offered["GT"]["sell_shares"]] == [
        (["GT_2"], 70),
        (["GT_2", "GT_3"], 60),
    ]
    president = game.corporations["GT"].president()
    assert president not in offered
    with pytest.raises(GameError, match="issue shares before"):
        game.process({"type": "buy_train", "entity": "GT", "train": "4-1", "price": 180, "variant": "4"})
    game = replayed_to(the_1846, path, 96)
    assert (game.corporations["GT"].cash, game.market.price("GT")) == (220, 70)
    assert legal_actions(game)["GT"]["buy_train"] == [{"train": "4-1", "price": 180, "variant": "4"}]
    dearer = house_ruled(
        the_1846, tmp_path / "a", "title.yaml", "issue: {price_steps: 1", "issue: {price_steps: 0"
    )
    game = replayed_to(dearer, path, 95)
    assert [c["share_price"] for c in legal_actions(game)["GT"]["sell_shares"]] == [80]
    none = house_ruled(
        the_1846,
        tmp_path / "b",
        "title.yaml",
        "issue: {price_steps: 1, moves_left: true, only_needed: true, no_companies_without_train: true}",
        "issue: null",
    )
    game = replayed_to(none, path, 95)
    offered = legal_actions(game)
    assert "sell_shares" not in offered["GT"] and "sell_shares" in offered[president]
    still = house_ruled(the_1846, tmp_path / "c", "title.yaml", "moves_left: true", "moves_left: false")
    assert replayed_to(still, path, 96).market.price("GT") == 90
    any_issue = house_ruled(the_1846, tmp_path / "d", "title.yaml", "only_needed: true", "only_needed: false")
    game = replayed_to(any_issue, path, 95)
    assert [len(c["shares"]) for c in legal_actions(game)["GT"]["sell_shares"]] == [1, 2, 3]


def test_what_a_corporation_could_issue_or_gain_from_a_minor_keeps_its_tile_actions_open(the_1846, tmp_path):
    """``rules.track.buying_power`` (18xx.games' ``track_buying_power``) with
    ``rules.issue.counted_in``: in the real game 20381 NYC has $15 when its turn begins
    after action 104, less than 1846's $20 a tile; what it could issue, and MS's $70 (less
    $1 for the company), keep its track step open: "105: NYC passes place a token or lay
    track". Without either (nor the free upgrade of the Lake Shore Line it owns, which keeps
    the step open whatever its cash, as in 18xx.games) it skips to its routes; with either
    alone the step still waits."""
    from framework.engine.steps import buying_power
    from framework.engine.steps.issue import issue_power

    path = FIXTURES / "20381.json"
    game = replayed_to(the_1846, path, 104)
    assert game.round.entity() == "NYC" and game.corporations["NYC"].cash == 15
    assert game.round.active_step().name == "track_and_token"
    assert buying_power.minor_cash(game, "NYC", [0, 1, 2, 3]) == 69
    assert issue_power(game, "NYC", "track") > 0
    listed = "counted_in: [track, token, buy_company]"
    issue_only = house_ruled(
        the_1846, tmp_path / "a", "title.yaml", "minor_cash: [0, 1, 2, 3]", "minor_cash: []"
    )
    assert replayed_to(issue_only, path, 104).round.active_step().name == "track_and_token"
    neither = house_ruled(issue_only, tmp_path / "b", "title.yaml", listed, "counted_in: [buy_company]")
    assert replayed_to(neither, path, 104).round.active_step().name == "track_and_token"  # the LSL
    neither = house_ruled(neither, tmp_path / "d", "companies.yaml", "      free: true\n  MC:", "  MC:")
    assert replayed_to(neither, path, 104).round.active_step().name == "routes"
    minors_only = house_ruled(the_1846, tmp_path / "c", "title.yaml", listed, "counted_in: [buy_company]")
    assert replayed_to(minors_only, path, 104).round.active_step().name == "track_and_token"


def test_a_station_within_a_corporation_s_buying_power_keeps_its_track_step_waiting(the_1846):
    """``rules.track.buying_power`` for the token of ``track_and_token``: in the real game
    12666 NYC has laid its two tiles and has $46, short of its next station, which what it
    could issue and the minors' treasuries would reach: "162: NYC passes place a token or
    lay track" (without them its turn would move on to its routes)."""
    game = replayed_to(the_1846, GAME, 161)
    assert game.round.entity() == "NYC" and game.round.active_step().name == "track_and_token"
    offered = legal_actions(game)["NYC"]
    # 18xx.games' step offers the station while its buying power reaches it
    # (``can_place_token?``), but refuses any city its cash does not pay ("cannot afford")
    assert "pass" in offered and "place_token" not in offered and "lay_tile" not in offered
    assert game.round.active_step().actions("NYC") == ["place_token", "pass"]
    from framework.engine import tokens
    from framework.engine.steps import buying_power
    from framework.engine.steps.issue import issue_power

    price, cash = tokens.next_price(game, "NYC"), game.corporations["NYC"].cash
    power = buying_power.extra(game, "NYC", game.title.rules.track.buying_power) + issue_power(
        game, "NYC", "token"
    )
    assert cash < price <= cash + power and game.round.active_step().token_within_power("NYC")


def test_a_shareholder_buys_a_receivership_s_president_s_certificate_for_one_share(the_1846, tmp_path):
    """In receivership, the Grand Trunk's president's certificate sits in the pool (real
    game 1846_game_end_reason_bankrupt): Player 3, holding no GT share, is not offered it
    at action 243; holding one at action 245, they are, for the price of one share; buying it
    (instead of the share they bought at action 245) they hand their share to the pool,
    pay $20 and become president, as 18xx.games accepts and logs it."""
    import json

    game = replayed_to(the_1846, BANKRUPT, 242)
    assert "GT_0" not in str(legal_actions(game)[_player(game, "Player 3")]["buy_shares"])
    game = replayed_to(the_1846, BANKRUPT, 244)
    assert {"shares": ["GT_0"], "percent": 10} in legal_actions(game)[_player(game, "Player 3")]["buy_shares"]
    data = json.loads(BANKRUPT.read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= 245]
    data["actions"][-1] = {**data["actions"][-1], "shares": ["GT_0"]}
    for key in ("result", "game_end_reason"):
        data.pop(key, None)
    path = tmp_path / "takeover.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = replayed_to(the_1846, path, 245)
    player = _player(game, "Player 3")
    assert game.corporations["GT"].president() == player and game.corporations["GT"].percent_of(player) == 20
    assert game.players_by_id[player].cash == 138


def test_a_printed_city_is_named_as_18xx_games_numbers_its_printed_tile(the_1846):
    """18xx.games numbers a hex's printed tile by its place among the hexes its map prints
    alike: Fort Wayne (E11), the second of six hexes printed ``city=revenue:0``, is tile
    E11-1, so a station placed there before any tile is laid is written ``E11-1-0`` (18xx.
    games cannot read ``E11-0-0``, its engine refused a bot game's so written)."""
    from framework.engine.steps.track import city_id, parse_city

    game = replayed_to(the_1846, GAME, 0)
    assert game.hexmap.hexes["E11"].printed_index == 1
    assert city_id(game, ("E11", 0)) == "E11-1-0"
    assert parse_city(game, "E11-1-0") == ("E11", 0)


def test_the_server_plays_a_converted_1846_to_its_end_as_18xx_games_does(the_1846, tmp_path):
    """``18xx serve`` offers the converted 1846: a game of one person (choosing, from the
    page's list, what the heuristic bot would) and two bots, created, played and saved
    through the web app to its end; the saved file replays to the same result here and is
    accepted by 18xx.games to the same end."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from test_serve import new_game as new_served_game
    from test_serve import play_by_api

    from framework.record.replay import replay
    from framework.serve.app import create_app

    c = TestClient(create_app(tmp_path / "data", [the_1846]))
    gid = new_served_game(c, "1846", "heuristic", "human", "heuristic")
    s, live = play_by_api(c, gid)
    assert s["finished"] and s["result"] and not s["bot_error"]
    data = c.get(f"/api/games/{gid}/download").json()
    record = GameFile.from_dict(data)
    outcome = replay(record, title_for(record, the_1846))
    assert outcome.failure is None and outcome.game.result() == live.game.result()
    path = tmp_path / "served.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    verdict = oracle_verdicts([path])[path.stem]
    assert verdict["refused"] is None and verdict["last_id"] == data["actions"][-1]["id"]


def test_simulate_plays_a_converted_1846_game_to_its_end(the_1846):
    """``18xx simulate`` on the converted folder: a game of three heuristic bots ends
    normally (no failure, no game over its action limit) and is reported."""
    from typer.testing import CliRunner

    from framework.cli.main import app

    result = CliRunner().invoke(app, ["simulate", str(the_1846), "-n", "1", "-p", "3", "-s", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["finished"], data["failures"]) == (1, 1, [])
    assert sum(data["end_reasons"].values()) == 1 and data["operating_rounds"]["mean"] > 0


LITTLE_MIAMI = FIXTURES / "222264.json"  # the Little Miami lays H12 (action 70), then G13 (71)


def test_the_little_miami_s_last_lay_must_join_cincinnati_and_dayton_by_new_track(the_1846):
    """After its lay in Cincinnati (H12), the Little Miami's lays offered are in Dayton
    (G13) only, each with new track towards Cincinnati (18xx.games: "some new track on each
    tile laid by Little Miami must be used to connect H12 and G13"); a Dayton tile turned
    away from Cincinnati and a second tile in Cincinnati are refused, the game unchanged."""
    from framework.engine.state import game_to_dict

    game = replayed_to(the_1846, LITTLE_MIAMI, 70)
    offered = {
        (o["hex"], o["tile"].split("-")[0], o["rotation"]) for o in legal_actions(game)["LM"]["lay_tile"]
    }
    assert offered and {h for h, _, _ in offered} == {"G13"}
    assert ("G13", "57", 0) in offered and ("G13", "57", 1) not in offered
    assert all(0 in game.track_board.faces.get(tile, rotation).exits for _, tile, rotation in offered)
    before = game_to_dict(game)
    for hex_id, tile, rule in (("G13", "57", "must join H12 and G13"), ("H12", "298", "one tile in each")):
        lay = {"type": "lay_tile", "entity": "LM", "entity_type": "company", "hex": hex_id, "rotation": 1}
        with pytest.raises(GameError, match=rule):
            game.process({**lay, "tile": game.track_board.supply.next_id(tile) or f"{tile}-0"})
        assert game_to_dict(game) == before


def test_the_little_miami_may_not_lay_once_cincinnati_and_dayton_are_joined(the_1846):
    """With track joining Cincinnati and Dayton already (the two tiles the Little Miami
    would lay, put there first), its lays are not offered and its lay is refused, saying
    why (18xx.games: "H12 and G13 are already connected, cannot use Little Miami")."""
    game = replayed_to(the_1846, LITTLE_MIAMI, 69)
    assert legal_actions(game)["LM"]["lay_tile"]
    board = game.track_board
    for hex_id, tile, rotation in (("H12", "292", 1), ("G13", "57", 0)):
        board.put_tile(hex_id, board.supply.next_id(tile), tile, rotation, {0: 0})
    assert "LM" not in legal_actions(game)
    lay = {
        "type": "lay_tile",
        "entity": "LM",
        "entity_type": "company",
        "hex": "H12",
        "tile": "298-0",
        "rotation": 1,
    }
    with pytest.raises(GameError, match="H12 and G13 are joined by track already"):
        game.process(lay)


def test_without_joins_the_little_miami_lays_where_its_tiles_fit(the_1846, tmp_path):
    """Without the Little Miami's ``joins``, its second lay may turn Dayton's tile away
    from Cincinnati, or upgrade Cincinnati's again, as any company's two lays could."""
    free = house_ruled(the_1846, tmp_path, "companies.yaml", "      joins: [H12, G13]\n", "")
    offered = {
        (o["hex"], o["tile"].split("-")[0], o["rotation"])
        for o in legal_actions(replayed_to(free, LITTLE_MIAMI, 70))["LM"]["lay_tile"]
    }
    assert ("G13", "57", 1) in offered


SEED_9 = ROOT / "tests" / "data" / "bot-1846-seed-9-to-25.json"
"""A three-player bot game (seed 9): the IC, owning the Michigan Central, lays its first
tile in B12 (action 24); the Chicago and Western Indiana then places the IC's station (25)."""
MC_SECOND_LAY = {
    "type": "lay_tile",
    "entity": "MC",
    "entity_type": "company",
    "hex": "B10",
    "tile": "7-1",
    "rotation": 4,
}
"""The Michigan Central's second lay, the one the bot made next (refused by 18xx.games)."""


def test_the_michigan_central_s_second_lay_waits_and_may_be_passed(the_1846):
    """``must_lay_together``: after its first lay (action 24) the step waits for the
    Michigan Central, which may lay its second tile or pass (18xx.games offers both); the
    pass gives up the lay and the IC goes on."""
    game = replayed_to(the_1846, SEED_9, 24)
    listed = legal_actions(game)
    assert set(listed["MC"]) == {"lay_tile", "pass"} and "IC" not in listed
    assert all(lay["hex"] == "B10" for lay in listed["MC"]["lay_tile"])
    game.process({"type": "pass", "entity": "MC", "entity_type": "company"})
    assert game.companies["MC"].uses["tile_lay"] == 0 and "IC" in legal_actions(game)


def test_the_michigan_central_forfeits_its_second_lay_once_another_company_acts(the_1846):
    """``lapses: other_action``: the C&WI's station (action 25) comes between the Michigan
    Central's lays, which ends them ("forfeits second tile lay"): its lay in B10 is then
    refused, by 18xx.games too, and the IC operates."""
    after_token = replayed_to(the_1846, SEED_9, 25)
    assert after_token.companies["MC"].uses["tile_lay"] == 0
    assert "MC forfeits its lays left" in after_token.messages
    with pytest.raises(GameError) as refused:
        after_token.process(MC_SECOND_LAY)
    assert refused.value.rule == "special lay"
    assert "MC" not in legal_actions(after_token) and "IC" in legal_actions(after_token)
    assert oracle_tries(SEED_9, {25: {"second": MC_SECOND_LAY}})[25]["second"].startswith("refused")


def test_without_must_lay_together_the_ic_goes_on_between_the_lays(the_1846, tmp_path):
    """Without the Michigan Central's ``must_lay_together`` the step does not wait after
    its first lay: the IC may act at once (the second lay stays open in its turn)."""
    free = house_ruled(the_1846, tmp_path, "companies.yaml", "      must_lay_together: true\n", "")
    listed = legal_actions(replayed_to(free, SEED_9, 24))
    assert "IC" in listed and "pass" not in listed.get("MC", {})


def test_without_lapses_the_michigan_central_lays_after_another_company_acted(the_1846, tmp_path):
    """Without ``lapses: other_action`` the C&WI's station leaves the Michigan Central its
    second lay (as this engine played the game before it had the rule)."""
    free = house_ruled(the_1846, tmp_path, "companies.yaml", "      lapses: other_action\n", "")
    game = replayed_to(free, SEED_9, 25)
    game.process(MC_SECOND_LAY)
    assert game.board.placed["B10"].name == "7"


def test_a_refused_action_between_the_lays_leaves_them_to_the_company(the_1846):
    """The lays left are taken away only by an action that is accepted: one refused leaves
    the game as it was, the Michigan Central's second lay still to make."""
    game = replayed_to(the_1846, SEED_9, 24)
    with pytest.raises(GameError):
        game.process(
            {"type": "buy_train", "entity": "IC", "entity_type": "corporation", "train": "2-0", "price": 80}
        )
    assert game.companies["MC"].uses["tile_lay"] == 1 and "MC" in legal_actions(game)


SEED_2 = ROOT / "tests" / "data" / "bot-1846-seed-2-to-115.json"
"""A three-player bot game (seed 2): Player 3's sale (action 114) closes the IC, which
leaves nobody anything to do; the stock round ends and moves the B&O left to $0."""


def test_a_price_moved_to_0_as_the_closing_ends_the_stock_round_closes_at_the_next_action(the_1846):
    """As in 18xx.games, the closing of the IC (after action 114) comes before the moves of
    the stock round's end it brings about: the B&O, moved to $0 then, collects its
    companies' revenue as the operating round starts ($10 + $15) and closes only after the
    next action (115)."""
    game = replayed_to(the_1846, SEED_2, 114)
    assert game.corporations["IC"].closed and game.round.kind == "operating"
    bo = game.corporations["B&O"]
    assert not bo.closed and game.market.price("B&O") == 0 and bo.cash == 55
    assert replayed_to(the_1846, SEED_2, 115).corporations["B&O"].closed
