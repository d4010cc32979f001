"""1870 and 1850, converted from 18xx.games at run time, against their real games: who
may buy a company from a player in each phase when the title's code decides it
(``phases.*.early_company_buys``, ``players_buy_companies``; a ``buy_company`` step's
``early_company_buys``)."""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to
from ruamel.yaml import YAML

from framework.base.errors import GameError
from framework.engine import finance, stop_markers
from framework.engine.choices import legal_actions
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
    [
        ("game-end-market-400.json", 379),
        ("1870_game_end_bankrupt.json", 396),
        ("1870_game_end_bank.json", 620),
    ],
    ids=["market-400", "bankrupt", "bank"],
)
def test_every_real_1870_game_plays_its_first_operating_rounds_and_more(the_1870, name, beyond):
    """Each real game plays its first stock round, its checks for corporations reaching
    their destination (18xx.games' ``destination_connection``, recorded in the name of a
    corporation that no longer operates: actions 26, 50 and 145), the MP's wait for a pass
    after buying the river company in phase 1 (``early_company_buys_kept``: actions 35, 64
    and 170), no token in Chicago (a city without slots, action 166) and the presidents'
    price protection (bankrupt, action 126) and the dividends of the unsold shares paid
    to the corporation (market-400, action 103), and the corporations' buy-backs of their
    shares in their presidents' stock turns (bank, 184), and a share bought back counting
    as sold when the stock round ends (bank, 299, where a player was before $2 short for
    a share), and half dividends, which leave the price where it is (``half_move``:
    bankrupt, 189, and bank, 355), and the Gulf Shipping Company's open port, worth $10 to
    the other corporations, closed in place (market-400, 111; bankrupt, 317); each now
    stops at 380, 397 and 621 (a turn's order, 1870's connection runs)."""
    record = GameFile.read(FIXTURES / "1870" / name)
    outcome = replay(record, title_for(record, the_1870))
    assert outcome.failed_action is None or outcome.failed_action["id"] > beyond


PORT = "{type: assigned_bonus, hexes: [H17, M14, M20, N7, N17], amount: 20, count: 2, until: '5'"


def test_the_open_port_pays_the_other_corporations_too(the_1870):
    """1870's Gulf Shipping Company: its open port earns the corporation owning it $20
    and every other $10 (``others_amount``): SLSF's route E12-K16-M14-M20 earns 110 with
    the port in M20 (action 317 of the bankrupt game); with no ``others_amount``, 100,
    and the recorded run is refused."""
    game = replayed_to(the_1870, FIXTURES / "1870" / "1870_game_end_bankrupt.json", 317)
    assert game.companies["GSC"].assigned is not None
    house = f"companies: {{GSC: {{abilities: [{PORT}, closes_in_place: true}}]}}}}"
    with pytest.raises(GameError) as refused:
        replayed_to(the_1870, FIXTURES / "1870" / "1870_game_end_bankrupt.json", 317, [house])
    assert refused.value.rule == "revenue"


def test_the_open_port_is_closed_in_place(the_1870):
    """Assigned again, the port goes to the hex it is in and the company closes (action
    111 of market-400, M20 again); without ``closes_in_place`` that is refused."""
    game = replayed_to(the_1870, FIXTURES / "1870" / "game-end-market-400.json", 111)
    assert game.companies["GSC"].closed
    house = f"companies: {{GSC: {{abilities: [{PORT}, others_amount: 10}}]}}}}"
    with pytest.raises(GameError) as refused:
        replayed_to(the_1870, FIXTURES / "1870" / "game-end-market-400.json", 111, [house])
    assert refused.value.rule == "assigned bonus"


def test_unsold_shares_pay_their_dividend_to_the_corporation(the_1870, tmp_path):
    """MP pays out $100 with 30% unsold (market-400, action 100): $30 to MP, as on
    18xx.games; with ``ipo_shares_pay: nobody`` MP gets nothing of it."""
    path = FIXTURES / "1870" / "game-end-market-400.json"
    before = replayed_to(the_1870, path, 99).corporations["MP"].cash
    assert replayed_to(the_1870, path, 100).corporations["MP"].cash == before + 30
    plain = house_ruled(
        the_1870, tmp_path, "title.yaml", "ipo_shares_pay: corporation", "ipo_shares_pay: nobody"
    )
    assert replayed_to(plain, path, 100).corporations["MP"].cash == before


def test_1870_s_half_dividend_leaves_the_price_where_it_is(the_1870, tmp_path):
    """1870's dividend step (its last: the first pays connection runs) pays half
    (``kinds``) and moves the price only for a full payout or a withhold: MP runs $180 and
    pays half (bank, action 355), keeping $90, and its price stays at 68 as on 18xx.games;
    without ``half_move`` it would move as for the $90 paid, one step right."""
    dividends = YAML(typ="safe").load(the_1870 / "title.yaml")["rules"]["dividends"]
    assert dividends["kinds"] == ["payout", "half", "withhold"]
    assert (dividends["half_move"], dividends["withhold"]) == ([], ["left"])
    path = FIXTURES / "1870" / "1870_game_end_bank.json"
    before = replayed_to(the_1870, path, 354)
    assert before.market.price("MP") == 68
    after = replayed_to(the_1870, path, 355)
    assert after.market.price("MP") == 68
    assert after.corporations["MP"].cash == before.corporations["MP"].cash + 90 + 18
    plain = house_ruled(the_1870, tmp_path, "title.yaml", "half_move: []", "half_move: null")
    assert replayed_to(plain, path, 355).market.price("MP") > 68


def test_1870_converts_its_off_board_cities_without_slots(the_1870):
    """Chicago takes no token (18xx.games' ``slots:0``): the MP, which could reach it, is
    offered none there (1870_game_end_bank, after action 165)."""
    hexes = YAML(typ="safe").load(the_1870 / "map.yaml")["map"]["hexes"]
    assert hexes["A22"]["cities"][0]["slots"] == 0
    game = replayed_to(the_1870, FIXTURES / "1870" / "1870_game_end_bank.json", 165)
    assert "place_token" not in legal_actions(game).get("MP", {})


def test_the_river_corporations_wait_at_the_last_step_after_buying_the_river_company(the_1870, tmp_path):
    """Phase 1 keeps offering the river company to the MP once it owns it, so the MP's
    last step waits for its pass (market-400, action 35); without
    ``early_company_buys_kept`` the turn passes to the GMO and the pass is refused."""
    phases = YAML(typ="safe").load(the_1870 / "trains.yaml")["phases"]
    assert phases["1"]["early_company_buys_kept"] is True
    path = FIXTURES / "1870" / "game-end-market-400.json"
    game = replayed_to(the_1870, path, 34)
    assert game.round.current_entity() == "MP" and game.companies["MRBC"].owner == "MP"
    plain = house_ruled(
        the_1870, tmp_path, "trains.yaml", "early_company_buys_kept: true", "early_company_buys_kept: false"
    )
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, plain))
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 35


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


def test_1850_converts_one_depot_train_a_turn(the_1850):
    """1850's own train-buying step offers no second depot train in a turn, in any phase."""
    phases = YAML(typ="safe").load(the_1850 / "trains.yaml")["phases"]
    assert {p.get("depot_purchases") for p in phases.values()} == {"one"}


@pytest.mark.parametrize(
    ("name", "beyond"),
    [
        ("pres_transfer_price_drop.json", None),
        ("pres_proctect_moves_priority.json", None),
        ("1.json", None),
        ("1850_game_end_bankrupt.json", 193),
    ],
    ids=["price-drop", "protect", "1", "bankrupt"],
)
def test_the_real_1850_games(the_1850, name, beyond):
    """Two games reach their recorded result: the final company-buying step offers no
    phase-2 company (CBQ skips it at action 20), and a president price-protects a share
    another player sold, the turn going on from the protector (action 42). The others play
    past their second depot train (18xx.games goes on to the next step: actions 107 and
    58); game 1 plays every action since the KATY buys back a share (171) and reaches its
    result since that share counts as sold when the stock round ends (182), and
    1850_game_end_bankrupt plays the KATY's and the UP's edge tokens (``stop_marker``,
    actions 79 and 85) and lets Player 1, holding 70% of the UP after a price protection,
    buy other shares (118, ``above_holding_limit_kept``); it stops at a company sold for
    more than 18xx.games allows (194)."""
    record = GameFile.read(FIXTURES / "1850" / name)
    outcome = replay(record, title_for(record, the_1850))
    if beyond is None:
        assert outcome.failure is None
        assert outcome.matches_recorded
    else:
        assert outcome.failed_action is None or outcome.failed_action["id"] > beyond


PROTECT = FIXTURES / "1850" / "pres_proctect_moves_priority.json"


def test_1850_converts_price_protection_open_to_earlier_sellers(the_1850, the_1870):
    """18xx.games' price-protection step: 1850's lets a president who sold earlier in the
    round protect; 1870's does not."""
    yaml = YAML(typ="safe")
    assert yaml.load(the_1850 / "rounds.yaml")["rounds"]["stock"]["steps"][-1] == {
        "step": "price_protection",
        "sellers_protect": True,
    }
    assert yaml.load(the_1870 / "rounds.yaml")["rounds"]["stock"]["steps"][-1] == "price_protection"


def test_a_sale_waits_for_the_presidents_price_protection(the_1850):
    """Player 2 sells a CBQ share and ends the turn (actions 40, 41): the price has not
    moved, and the CBQ's president, Player 4, is asked to protect the share at its sale
    price; a pass lets the price drop and the turn goes on to Player 3."""
    game = replayed_to(the_1850, PROTECT, 41)
    assert game.market.price("CBQ") == 64
    assert game.round.current_entity() == "3"
    assert legal_actions(game) == {"3": {"buy_shares": [{"shares": ["CBQ_1"], "percent": 10}], "pass": [{}]}}
    game.process({"type": "pass", "entity": 3, "entity_type": "player"})
    assert game.market.price("CBQ") < 64
    assert game.round.current_entity() == "2"


def test_protecting_keeps_the_price_and_moves_the_turn_to_the_protector(the_1850):
    game = replayed_to(the_1850, PROTECT, 42)
    assert game.market.price("CBQ") == 64
    assert game.corporations["CBQ"].percent_of("3") == 60
    assert game.round.current_entity() == "0"  # Player 3 waits for the next time round


def test_protecting_other_shares_is_refused_and_changes_nothing(the_1850):
    game = replayed_to(the_1850, PROTECT, 41)
    before = trace_state(game)
    with pytest.raises(GameError) as refused:
        game.process(
            {"type": "buy_shares", "entity": 3, "entity_type": "player", "shares": ["CBQ_6"], "percent": 10}
        )
    assert refused.value.rule == "price protection"
    assert trace_state(game) == before


def test_without_the_step_a_sale_drops_the_price_at_once(the_1850, tmp_path):
    """A house rule without ``price_protection``: the price drops with the sale and the
    recorded protection (action 42) is refused."""
    plain = house_ruled(
        the_1850, tmp_path, "rounds.yaml", "- {step: price_protection, sellers_protect: true}", ""
    )
    game = replayed_to(plain, PROTECT, 40)
    assert game.market.price("CBQ") < 64
    record = GameFile.read(PROTECT)
    outcome = replay(record, title_for(record, plain))
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 42


def test_a_president_who_sold_earlier_protects_only_with_sellers_protect(the_1850, tmp_path):
    """Player 4 has sold CBQ earlier this round (a house-ruled sale): 1850's step still
    asks them to protect Player 2's sale; without ``sellers_protect`` the price drops unasked."""
    for sellers_protect, asked in ((True, True), (False, False)):
        folder = tmp_path / str(sellers_protect)
        folder.mkdir()
        title = house_ruled(
            the_1850,
            folder,
            "rounds.yaml",
            "sellers_protect: true",
            f"sellers_protect: {str(sellers_protect).lower()}",
        )
        game = replayed_to(title, PROTECT, 40)
        game.round.sold.setdefault("3", []).append("CBQ")
        game.process({"type": "pass", "entity": 1, "entity_type": "player"})
        assert (game.round.current_entity() == "3") is asked
        assert (game.market.price("CBQ") == 64) is asked


GAME_1 = FIXTURES / "1850" / "1.json"


def test_a_corporation_buys_back_a_pool_share_in_its_presidents_turn(the_1850):
    """Player 1's stock turn (after action 168): the KATY, whose president they are, buys
    back the pool's share at the share price; it stays in the treasury for sale to nobody,
    and the buy-back is Player 1's whole turn."""
    game = replayed_to(the_1850, GAME_1, 168)
    assert legal_actions(game)["KATY"]["buy_shares"] == [{"shares": ["KATY_6"], "percent": 10}]
    cash = game.corporations["KATY"].cash
    game.process({"type": "buy_shares", "entity": "KATY", "entity_type": "corporation", "shares": ["KATY_6"]})
    katy = game.corporations["KATY"]
    assert katy.percent_of("KATY") == 10 and katy.cash == cash - 60
    assert game.round.entity() == "1"
    assert all(
        "KATY_6" not in c.get("shares", []) for c in legal_actions(game).get("1", {}).get("buy_shares", [])
    )


def test_a_share_bought_back_counts_as_sold_when_the_stock_round_ends(the_1850):
    """Players hold 90% of the KATY, the KATY the share it bought back: at the end of the
    stock round (1.json's action 182) it is sold out and its price rises from 60 to 64,
    as on 18xx.games; were that share in the treasury for sale, it would not be."""
    last_pass = {"type": "pass", "entity": "1", "entity_type": "player"}
    for bought_back, price in ((True, 64), (False, 60)):
        game = replayed_to(the_1850, GAME_1, 181)
        if not bought_back:
            game.corporations["KATY"].withheld.clear()
        assert game.market.price("KATY") == 60
        game.process(dict(last_pass))
        assert game.market.price("KATY") == price


def test_a_buy_back_of_a_players_share_while_the_pool_has_one_is_refused(the_1850):
    game = replayed_to(the_1850, GAME_1, 168)
    before = trace_state(game)
    with pytest.raises(GameError) as refused:
        game.process(
            {"type": "buy_shares", "entity": "KATY", "entity_type": "corporation", "shares": ["KATY_2"]}
        )
    assert refused.value.rule == "buy back"
    assert trace_state(game) == before


def test_buy_backs_stop_at_the_treasury_limit(the_1850, tmp_path):
    """With one KATY share unsold the KATY may buy back under 1850's limit of four, not
    under a house rule of one (``treasury_limit``)."""
    yaml = YAML(typ="safe")
    assert {"step": "buy_back_shares", "treasury_limit": 4} in yaml.load(the_1850 / "rounds.yaml")["rounds"][
        "stock"
    ]["steps"]
    strict = house_ruled(the_1850, tmp_path, "rounds.yaml", "treasury_limit: 4", "treasury_limit: 1")
    for title, offered in ((the_1850, True), (strict, False)):
        game = replayed_to(title, GAME_1, 168)
        katy = game.corporations["KATY"]
        share = next(s for s in katy.certificates_of("1") if not s.president)
        finance.move_share(game, share, katy.issuer)
        assert ("KATY" in legal_actions(game)) is offered


BANKRUPT = FIXTURES / "1850" / "1850_game_end_bankrupt.json"
EDGE = {"type": "choose", "entity": "KATY", "entity_type": "corporation", "choice": "Place Edge Token"}


def test_1850_converts_the_edge_tokens_as_stop_markers(the_1850):
    corporations = YAML(typ="safe").load(the_1850 / "corporations.yaml")["corporations"]
    marker = {"type": "stop_marker", "hexes": ["M2"], "price": 50, "name": "Edge Token"}
    assert marker in corporations["KATY"]["abilities"]
    assert sum("stop_marker" in str(c.get("abilities")) for c in corporations.values()) == 6


def test_an_edge_token_is_bought_in_the_token_step_and_doubles_its_stop(the_1850):
    """The KATY reaches M2 after its tile (action 78): its token step offers the edge
    token, which costs $50 and ends the step; its 2-train's K4-M2 route then earns M2's
    $30 twice ($80 on 18xx.games: "K4-M2 + Edge Token")."""
    game = replayed_to(the_1850, BANKRUPT, 78)
    assert {"choice": "Place Edge Token"} in legal_actions(game)["KATY"]["choose"]
    cash = game.corporations["KATY"].cash
    game.process({**EDGE, "id": 79})
    assert game.corporations["KATY"].cash == cash - 50
    assert "choose" not in legal_actions(game).get("KATY", {})
    assert "run_routes" in legal_actions(game)["KATY"]
    route = next(a for a in GameFile.read(BANKRUPT).effective() if a.get("id") == 80)
    game.process(dict(route))  # its recorded $80 is what the route earns


def test_an_edge_token_elsewhere_or_named_otherwise_is_refused_and_changes_nothing(the_1850, tmp_path):
    game = replayed_to(the_1850, BANKRUPT, 78)
    before = trace_state(game)
    with pytest.raises(GameError) as refused:
        game.process({**EDGE, "choice": "Place Mesabi Token"})
    assert refused.value.rule == "stop marker"
    assert trace_state(game) == before
    katy = "[M2]\n      price: 50\n      name: Edge Token"
    for n, new in enumerate((katy.replace("M2", "A2"), katy.replace("Edge", "Port"))):
        ruled = house_ruled(the_1850, tmp_path / str(n), "corporations.yaml", katy, new)
        outcome = replay(GameFile.read(BANKRUPT), title_for(GameFile.read(BANKRUPT), ruled))
        assert outcome.failed_action is not None and outcome.failed_action["id"] == 79


def test_an_edge_token_s_price_and_doubling_come_from_the_title(the_1850, tmp_path):
    """At $80 the KATY pays $30 more for its edge token; without the marker its route
    earns $50, not $80."""
    paid = replayed_to(the_1850, BANKRUPT, 79).corporations["KATY"].cash
    dearer = house_ruled(
        the_1850, tmp_path, "corporations.yaml", "[M2]\n      price: 50", "[M2]\n      price: 80"
    )
    assert replayed_to(dearer, BANKRUPT, 79).corporations["KATY"].cash == paid - 30
    game = replayed_to(the_1850, BANKRUPT, 79)
    game.corporations["KATY"].counters.pop(stop_markers.BOUGHT)  # as if never bought
    route = next(a for a in GameFile.read(BANKRUPT).effective() if a.get("id") == 80)
    with pytest.raises(GameError) as refused:
        game.process(dict(route))
    assert "earns 50, not 80" in str(refused.value)


def test_a_player_above_the_holding_limit_keeps_buying_other_shares(the_1850, tmp_path):
    """Player 1 holds 70% of the UP after protecting a share (action 113) and buys an RI
    share (118); with ``above_holding_limit_kept: false`` they must sell UP first."""
    title = YAML(typ="safe").load(the_1850 / "title.yaml")
    assert title["rules"]["stock"]["above_holding_limit_kept"] is True
    ruled = house_ruled(
        the_1850, tmp_path, "title.yaml", "above_holding_limit_kept: true", "above_holding_limit_kept: false"
    )
    record = GameFile.read(BANKRUPT)
    outcome = replay(record, title_for(record, ruled))
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 118
