"""Operating rounds: private revenue, order, redemption, track, tokens, routes, dividends
(reference §4.4–§4.9, §b.2, §3.9; rulebook §10).

Most positions come from the real 4-player game 166116 (players 17876, 15550, 3041 and
149), just before one of its recorded actions.
"""

from __future__ import annotations

import pytest
from sj_support import REAL, cash, game_before, place, recorded, refused

from framework.board.routes import stop_value
from framework.engine import finance
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, POOL

P1, P2, P3, P4 = "17876", "15550", "3041", "149"


def lay(entity, hex_id, tile, rotation):
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tile, "rotation": rotation}


# -- the start of an operating round (§4.4) ---------------------------------------------------


def test_privates_pay_their_owners_at_the_start_of_every_operating_round():
    """§4.4: NE 25 to P1, GKB 15 (+ KHJ 0) to P2, FRY 5 + GC 15 to P3, MV 20 to P4
    (P4's last purchase of stock round 1, 82, comes first)."""
    game = game_before(REAL, 29)
    before = {p.id: p.cash for p in game.players}
    game.process(recorded(REAL, 29))
    assert game.round.kind == "operating"
    assert {p.id: p.cash - before[p.id] for p in game.players} == {
        P1: 25,
        P2: 15,
        P3: 20,
        P4: 20 - 82,
    }


def test_a_private_owned_by_a_corporation_pays_the_corporation():
    """§4.4: STJ bought GC (revenue 15) in OR 2.1; OR 2.2 starts by paying it."""
    game = game_before(REAL, 134)
    before = cash(game, "STJ")
    game.process(recorded(REAL, 134))
    assert (game.turn, game.or_number) == (2, 2)
    assert cash(game, "STJ") == before + 15


def test_khj_operates_first_then_corporations_by_descending_price():
    """§4.4: KHJ; SNJ 90; STJ 82; TGOJ and ÖKJ at 67, TGOJ arrived in the cell first."""
    game = game_before(REAL, 30)
    assert game.round.entities == ["KHJ", "SNJ", "STJ", "TGOJ", "ÖKJ"]
    assert game.current_entity() == "KHJ"


def test_the_order_is_fixed_at_the_start_of_the_round():
    """§4.4: price changes during the round do not reorder it (§4.16)."""
    game = game_before(REAL, 30)
    place(game, "ÖKJ", (0, 8))
    for action_id in (30, 31, 32, 33):
        game.process(recorded(REAL, action_id))
    assert game.round.entities == ["KHJ", "SNJ", "STJ", "TGOJ", "ÖKJ"]


def test_the_home_token_is_placed_free_at_the_first_turn():
    """§4.4: STJ's home token goes into Sundsvall (F19) when its first turn starts."""
    game = game_before(REAL, 38)
    treasury = cash(game, "STJ")
    assert game.board.cities_of("STJ") == []
    game.process(recorded(REAL, 38))
    assert game.current_entity() == "STJ"
    assert game.board.cities_of("STJ") == [("F19", 0)]
    assert cash(game, "STJ") == treasury
    assert game.corporations["STJ"].tokens_used == 1


# -- redemption (§4.5) ------------------------------------------------------------------------


def redeem(shares, share_price):
    return {
        "type": "buy_shares",
        "entity": "TGOJ",
        "shares": shares,
        "percent": 10 * len(shares),
        "share_price": share_price,
    }


POOL_SHARES = ["TGOJ_4", "TGOJ_2", "TGOJ_5", "TGOJ_6", "TGOJ_8"]


def test_redemption_waits_at_the_start_of_the_turn():
    """§4.5: TGOJ (67, five shares in the pool, 274 kr) may redeem or pass."""
    game = game_before(REAL, 498)
    assert game.corporations["TGOJ"].percent_of(POOL) == 50
    assert game.round.active_step().name == "redeem_shares"
    assert {"buy_shares", "pass"} <= set(legal_actions(game)["TGOJ"])


def test_in_the_normal_zone_one_share_is_redeemed_at_the_current_price():
    """§4.5: one share at 67 from the pool into the treasury; the price stays."""
    game = game_before(REAL, 498)
    game.process(redeem(["TGOJ_4"], 67))
    tgoj = game.corporations["TGOJ"]
    assert (tgoj.cash, tgoj.percent_of("TGOJ"), tgoj.percent_of(POOL)) == (274 - 67, 10, 40)
    assert game.market.price("TGOJ") == 67


def test_in_the_normal_zone_two_shares_may_not_be_redeemed():
    """§4.5: at most one share outside the teal and maroon zones."""
    game = game_before(REAL, 498)
    assert refused(game, redeem(POOL_SHARES[:2], 67)).rule == "redemption"


def test_the_redemption_price_must_be_the_zones_price():
    """§4.5: the action's share_price is the zone's price per share."""
    game = game_before(REAL, 498)
    assert refused(game, redeem(["TGOJ_4"], 33)).rule == "redemption price"


def test_only_one_redemption_per_turn():
    """§4.5: at most one redemption action per turn."""
    game = game_before(REAL, 498)
    game.process(redeem(["TGOJ_4"], 67))
    refused(game, redeem(["TGOJ_5"], 67))
    assert "buy_shares" not in legal_actions(game)["TGOJ"]


def test_a_redemption_must_be_affordable():
    """§4.5: with 66 kr TGOJ cannot redeem a share at 67; the step does not wait."""
    game = game_before(REAL, 498)
    finance.pay(game, "TGOJ", BANK, cash(game, "TGOJ") - 66)
    assert "buy_shares" not in legal_actions(game)["TGOJ"]
    refused(game, redeem(["TGOJ_4"], 67))


@pytest.mark.parametrize(
    ("cell", "count", "unit"),
    [
        ((6, 1), 1, 31),  # gray 63: one share at half price, rounded down
        ((7, 1), 1, 30),  # gray 60
        ((7, 0), 5, 25),  # teal 50: every pool share at half price
        ((8, 0), 5, 0),  # maroon 40: every pool share for nothing
    ],
)
def test_redemption_by_zone(cell, count, unit):
    """§4.5 table / rulebook §10.1; the share price does not move."""
    game = game_before(REAL, 498)
    place(game, "TGOJ", cell)
    game.process(redeem(POOL_SHARES[:count], unit))
    tgoj = game.corporations["TGOJ"]
    assert tgoj.cash == 274 - count * unit
    assert tgoj.percent_of(POOL) == 50 - 10 * count
    assert game.market.positions["TGOJ"] == cell


def test_in_the_gray_zone_still_only_one_share():
    """§4.5: gray (60, 63): one share at half price."""
    game = game_before(REAL, 498)
    place(game, "TGOJ", (6, 1))
    assert refused(game, redeem(POOL_SHARES[:2], 31)).rule == "redemption"


# -- track (§4.6, rulebook §10.3) -------------------------------------------------------------


def test_a_second_tile_action_is_allowed_after_a_main_line_improvement():
    """§4.6: SNJ builds the L-S main line in F25, then lays a plain #7 in E24."""
    game = game_before(REAL, 33)
    game.process(recorded(REAL, 33))
    assert "F25" in game.board.improved
    game.process(recorded(REAL, 34))
    assert "E24" not in game.board.improved
    assert game.board.placed["E24"].name == "7"


def test_mainline_example_1_the_extra_lay_may_come_second():
    """Rulebook §10.3.3 example 1: after a regular lay (B15), ÖKJ lays #57 in Västerås
    (E12) on the G-S main line as its additional main-line action."""
    game = game_before(REAL, 153)
    assert game.board.placed["B15"].name == "8"
    game.process(lay("ÖKJ", "E12", "57-2", 0))
    assert "E12" in game.board.improved
    assert game.board.placed["E12"].name == "57"


def test_mainline_example_3_no_second_lay_without_a_main_line():
    """Rulebook §10.3.3 example 3: the second tile must build a main line — a #6 in Västerås
    pointing towards Uppsala does not."""
    game = game_before(REAL, 153)
    error = refused(game, lay("ÖKJ", "E12", game.board.supply.next_id("6"), 3))
    assert error.rule == "main line"


def test_mainline_example_2_an_upgrade_can_build_the_main_line():
    """Rulebook §10.3.3 example 2: KHJ's #8 in D13 did not follow the main line; ÖKJ's
    upgrade to #25 does, and counts as the main-line action."""
    game = game_before(REAL, 128)
    assert game.board.placed["D13"].name == "8"
    assert "D13" not in game.board.improved
    game.process(recorded(REAL, 128))
    assert game.board.placed["D13"].name == "25"
    assert "D13" in game.board.improved


def test_both_tile_actions_may_be_in_the_same_hex():
    """§4.6: a lay that builds the main line and an upgrade of the same tile."""
    game = game_before(REAL, 152)
    game.process(lay("ÖKJ", "E12", "57-2", 0))
    game.process(lay("ÖKJ", "E12", "15-2", 0))
    assert game.board.placed["E12"].name == "15"


def test_green_tiles_wait_for_phase_3():
    """§3.3 / §4.6: phase 2 has only yellow tiles."""
    game = game_before(REAL, 67)
    assert game.phase == "2"
    assert refused(game, lay("ÖKJ", "C12", "15-0", 0)).rule == "phase colours"


def test_the_first_tile_in_a_mountain_hex_pays_its_terrain():
    """§4.6: STJ pays 75 for E22."""
    game = game_before(REAL, 56)
    game.process(recorded(REAL, 56))
    assert cash(game, "STJ") == 574 - 75


def test_a_150_mountain_costs_150():
    """§4.6: MÖJ lays the first tile in F9 for 150."""
    game = game_before(REAL, 238)
    game.process(recorded(REAL, 238))
    assert cash(game, "MÖJ") == 630 - 150


def test_upgrading_a_mountain_hex_is_free():
    """§4.6 / rulebook §10.3.4: terrain is paid once (SNJ upgrades E22)."""
    game = game_before(REAL, 85)
    game.process(recorded(REAL, 85))
    assert cash(game, "SNJ") == 380


def test_terrain_that_cannot_be_paid_forbids_the_lay():
    """§4.6 / rulebook §10.3.4: costs must be affordable (STJ with 74 kr)."""
    game = game_before(REAL, 56)
    finance.pay(game, "STJ", BANK, cash(game, "STJ") - 74)
    assert refused(game, recorded(REAL, 56)).rule == "costs"


def test_completing_track_across_the_b11_c12_border_costs_75_once():
    """§4.6: ÖKJ's #57 in B11 meets its track in C12 across the mountain border (75); KHJ's
    later upgrade of C12 keeps the crossing and pays nothing."""
    game = game_before(REAL, 70)
    game.process(recorded(REAL, 70))
    assert cash(game, "ÖKJ") == 402 - 75
    game = game_before(REAL, 83)
    game.process(recorded(REAL, 83))
    assert cash(game, "KHJ") == 20


# -- station tokens (§4.7) --------------------------------------------------------------------


def test_the_second_token_costs_40():
    """§4.7: the first token after the home token costs 40 (SNJ in Ånge, E20)."""
    game = game_before(REAL, 87)
    game.process(recorded(REAL, 87))
    assert cash(game, "SNJ") == 380 - 40
    assert ("E20", 0) in game.board.cities_of("SNJ")


def test_the_third_token_costs_100():
    """§4.7: then 100 (SNJ in Stockholm)."""
    game = game_before(REAL, 233)
    game.process(recorded(REAL, 233))
    assert cash(game, "SNJ") == 312 - 100


def test_one_token_per_turn():
    """§4.7: one token per operating turn."""
    game = game_before(REAL, 233)
    game.process(recorded(REAL, 233))
    error = refused(game, {"type": "place_token", "entity": "SNJ", "city": "A16-0-0"})
    assert error.rule == "turn order"


def test_a_reserved_home_slot_is_not_offered():
    """§4.7: SWB's home city in Stockholm (G10 city 2) is held for SWB."""
    game = game_before(REAL, 233)
    cities = [c["city"] for c in legal_actions(game)["SNJ"]["place_token"]]
    assert "G10-0-3" in cities and "G10-0-2" not in cities


def test_the_token_step_waits_only_when_a_token_is_affordable():
    """§4.7: SNJ with 99 kr cannot pay its next token (100)."""
    game = game_before(REAL, 233)
    finance.pay(game, "SNJ", BANK, cash(game, "SNJ") - 99)
    assert "place_token" not in legal_actions(game).get("SNJ", {})


# -- routes and revenue (§4.8, §3.9, §b.2) ----------------------------------------------------


def test_off_board_values_follow_the_phase_colours():
    """§b.2: Stockholms hamn 0 / 30 / 40; Malmö 20 / 40 / 50; Oslo 50 / 40 / 20."""
    game = game_before(REAL, 30)
    phases = game.title.phases
    values = {
        hex_id: [stop_value(game.board, (hex_id, 0), tuple(phases[p].tiles)) for p in "235"]
        for hex_id in ("H9", "A2", "A16")
    }
    assert values == {"H9": [0, 30, 40], "A2": [20, 40, 50], "A16": [50, 40, 20]}


BONUS_RUNS = [
    pytest.param(143, 0, 50, id="Malmfälten m/M 50"),
    pytest.param(646, 0, 120, id="Öst-Väst 120"),
    pytest.param(651, 0, 220, id="Öst-Väst 120 + Bergslagen b/B/b 100"),
    pytest.param(663, 0, 200, id="N/S 100 + Malmfälten m/M/m 100"),
]


@pytest.mark.parametrize(("action_id", "index", "bonus"), BONUS_RUNS)
def test_routes_earn_their_bonuses(action_id, index, bonus):
    """§3.9: the recorded revenue includes the bonus; without it the run is refused."""
    game = game_before(REAL, action_id)
    action = recorded(REAL, action_id)
    total = sum(r["revenue"] for r in action["routes"])
    cut = recorded(REAL, action_id)
    cut["routes"][index]["revenue"] -= bonus
    assert refused(game, cut).rule == "revenue"
    game.process(action)
    assert game.round.revenue == total


def test_an_e_train_doubles_its_own_token_stops_and_runs_through_sj_tokens():
    """§4.8: ÖKJ's E (D-0) stops at C12 (30) and D15 (40), both ÖKJ tokens, and passes
    cities filled with SJ tokens: 670 + 70 doubled + 200 bonuses = 940."""
    game = game_before(REAL, 663)
    assert game.trains["D-0"].variant == "E"
    game.process(recorded(REAL, 663))
    assert game.round.revenue == 940


def test_a_d_train_may_not_run_through_cities_full_of_sj_tokens():
    """§4.8: the SJ-token exception is the E train's alone."""
    game = game_before(REAL, 663)
    game.trains["D-0"].variant = "D"
    action = recorded(REAL, 663)
    action["routes"][0]["revenue"] = 870
    assert refused(game, action).rule == "blocked city"


def test_a_train_counts_at_most_its_distance_in_stops():
    """§4.8: ÖKJ's 3-train (3-0) may not count four stops."""
    game = game_before(REAL, 334)
    route = recorded(REAL, 334)["routes"][0]  # 4-1: A10-C12-D15-D19
    route = {**route, "train": "3-0"}
    action = {"type": "run_routes", "entity": "ÖKJ", "routes": [route]}
    assert refused(game, action).rule == "distance"


def test_two_trains_may_not_share_track():
    """§4.8: the second route reuses the first's track."""
    game = game_before(REAL, 88)
    action = recorded(REAL, 88)
    first = action["routes"][0]
    action["routes"][1] = {**first, "train": action["routes"][1]["train"]}
    assert refused(game, action).rule == "track"


# -- dividends (§4.9) ---------------------------------------------------------------------------


def test_a_payout_pays_players_and_treasury_shares_but_not_the_pool():
    """§4.9: TGOJ pays 230: P1 40% → 92, P2 10% → 23, its own 10% → 23 to TGOJ; the
    pool's 40% pays nobody."""
    game = game_before(REAL, 503)
    players = {p: cash(game, p) for p in (P1, P2)}
    bank, treasury = game.bank, cash(game, "TGOJ")
    game.process(recorded(REAL, 503))
    assert (cash(game, P1) - players[P1], cash(game, P2) - players[P2]) == (92, 23)
    assert cash(game, "TGOJ") == treasury + 23
    assert game.bank == bank - 138


@pytest.mark.parametrize(
    ("cell", "after"),
    [
        pytest.param((1, 1), (1, 2), id="82: twice the price but at the red line: 1 step"),
        pytest.param((1, 2), (1, 4), id="90: at least twice the price: 2 steps"),
        pytest.param((0, 9), (0, 10), id="225: at least the price: 1 step"),
        pytest.param((0, 13), (0, 13), id="325: less than the price: no move"),
        pytest.param((1, 14), (0, 14), id="300 at the row's end: right means up"),
    ],
)
def test_a_payout_moves_the_price_by_the_revenue(cell, after):
    """§4.9: SNJ pays out 300. R ≥ 2P and P > 82 → 2 right; R ≥ P → 1 right."""
    game = game_before(REAL, 150)
    assert game.round.revenue == 300
    place(game, "SNJ", cell)
    game.process(recorded(REAL, 150))
    assert game.market.positions["SNJ"] == after


def test_withholding_pays_the_treasury_and_moves_left():
    """§4.9: withhold — revenue to the treasury, price one step left."""
    game = game_before(REAL, 150)
    bank = game.bank
    game.process({"type": "dividend", "entity": "SNJ", "kind": "withhold"})
    assert (cash(game, "SNJ"), game.bank) == (12 + 300, bank - 300)
    assert game.market.positions["SNJ"] == (1, 0)


def test_no_revenue_is_a_withhold_of_nothing_and_moves_left():
    """§4.0 / §4.9: the dividend step is skipped, as a withhold (SNJ 90 → 82 in OR 1)."""
    game = game_before(REAL, 35)
    assert game.market.price("SNJ") == 90
    game.process(recorded(REAL, 35))
    assert game.market.price("SNJ") == 82
    assert game.round.entity() == "SNJ"


def test_khj_splits_its_revenue_with_its_owner():
    """§4.9: KHJ keeps floor(R/2) and its owner gets the rest (40 → 20 + 20)."""
    game = game_before(REAL, 32)
    owner = cash(game, P2)
    game.process(recorded(REAL, 32))
    assert cash(game, "KHJ") == 20
    assert cash(game, P2) == owner + 20
    assert game.round.entity() == "SNJ"
