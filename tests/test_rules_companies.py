"""The private companies (reference §3.6, §3.10, §4.11; rulebook §6.1).

Positions are real games just before a recorded action — 166116 (REAL), the bankrupt
game (BANKRUPT) and the two-player game (BOT) — or a fresh seed-0 game for AEvR.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sj_support import (
    BANKRUPT,
    BOT,
    REAL,
    act,
    buy,
    cash,
    finish_auction,
    float_corporations,
    frozen,
    game_before,
    game_before_with,
    new_game,
    recorded,
    refused,
    turn,
)

from framework.engine import finance
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, CLOSED
from framework.engine.invariants import broken_invariants

ROOT = Path(__file__).resolve().parents[1]

BO, CY = "2", "3"


def lay(entity, hex_id, tile, rotation):
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tile, "rotation": rotation}


# -- hexes blocked by FRY, NOJ and GC ------------------------------------------------------------


def test_fry_blocks_b17_while_a_player_owns_it():
    """§3.6: STJ may lay in B17 once TGOJ owns FRY; not while a player does."""
    game = game_before(BANKRUPT, 398)
    assert game.companies["FRY"].owner == "TGOJ"
    game.companies["FRY"].owner = "19165"
    assert refused(game, recorded(BANKRUPT, 398)).rule == "blocked hex"
    game = game_before(BANKRUPT, 398)
    game.process(recorded(BANKRUPT, 398))
    assert game.board.placed["B17"].name == "9"


def test_noj_blocks_d9_while_a_player_owns_it():
    """§3.6: no tile in D9 while a player owns NOJ (two-player game)."""
    game = game_before(BOT, 118)
    assert game.companies["NOJ"].owner == "3429"
    error = refused(game, lay("KFJ", "D9", game.board.supply.next_id("9"), 1))
    assert error.rule == "blocked hex"


def test_d9_is_open_when_noj_was_removed():
    """§3.11: a removed company blocks nothing (NOJ was removed in 166116)."""
    game = game_before(REAL, 710)
    game.process(recorded(REAL, 710))
    assert game.board.placed["D9"].name == "9"


def test_gc_blocks_e28_and_f27_while_a_player_owns_it():
    """§3.6: no tile in E28 or F27 while a player owns GC."""
    game = game_before(REAL, 100)
    assert game.companies["GC"].owner == "3041"
    assert refused(game, lay("STJ", "F27", "9-3", 0)).rule == "blocked hex"


# -- The Gellivare Company ------------------------------------------------------------------------


def test_gc_lays_two_connected_yellow_tiles_without_a_connection_to_the_network():
    """§3.6: STJ (owner of GC) lays #9s in F27 and E28 with the company as entity; these
    lays do not use the corporation's own tile actions."""
    game = game_before(REAL, 139)
    for action_id in (139, 140):
        game.process(recorded(REAL, action_id))
    assert (game.board.placed["F27"].name, game.board.placed["E28"].name) == ("9", "9")
    assert game.companies["GC"].uses["tile_lay"] == 0
    assert game.round.laid == 0
    game.process(recorded(REAL, 141))
    assert game.board.placed["D29"].name == "57"


def test_gc_lays_are_never_passed():
    """§3.6, reference §4.0: the special track step never waits, so GC has nothing to pass
    (18xx.games refuses a pass by the company); only its lays are offered."""
    game = game_before(REAL, 139)
    assert set(legal_actions(game)["GC"]) == {"lay_tile"}
    refused(game, {"type": "pass", "entity": "GC"})


def test_gc_lays_only_plain_yellow_tiles_in_its_two_hexes():
    """§3.6: #7, #8 or #9 only, in E28 and F27 only."""
    game = game_before(REAL, 139)
    assert refused(game, lay("GC", "F27", "5-0", 0)).rule == "special lay"
    assert refused(game, lay("GC", "D27", "9-3", 0)).rule == "special lay"


def test_the_second_gc_tile_must_connect_to_the_first():
    """§3.6: if both are laid, the two tiles must connect to each other."""
    game = game_before(REAL, 139)
    game.process(recorded(REAL, 139))  # F27, exits towards G26 and E28
    assert refused(game, lay("GC", "E28", "9-1", 1)).rule == "special lay"


def test_the_listed_second_gc_lays_connect_to_the_first():
    """§3.6: the lays offered after the first GC tile are those that connect to it."""
    game = game_before(REAL, 139)
    game.process(recorded(REAL, 139))
    listed = legal_actions(game)["GC"]["lay_tile"]
    assert {"hex": "E28", "tile": "9-1", "rotation": 1} not in listed


def test_an_unused_second_gc_lay_is_lost_after_the_dividend():
    """§3.6: STJ lays only F27; when its dividend step ends the second lay is gone."""
    game = game_before(REAL, 139)
    game.process(recorded(REAL, 139))
    act(game, "pass", "STJ")
    routes = [r for r in recorded(REAL, 143)["routes"] if r["train"] != "3-3"]
    act(game, "run_routes", "STJ", routes=routes)
    assert game.companies["GC"].uses["tile_lay"] == 1
    act(game, "dividend", "STJ", kind="payout")
    assert game.companies["GC"].uses["tile_lay"] == 0


def test_gc_makes_the_d29_mountain_free_for_its_owner():
    """§3.6 / rulebook §6.1.5: D29 costs 75 − 75."""
    game = game_before(REAL, 141)
    assert game.hexmap.hexes["D29"].terrain == {"mountain": 75}
    game.process(recorded(REAL, 141))
    assert cash(game, "STJ") == 24


def test_gc_halves_the_c30_mountain_for_its_owner():
    """§3.6: C30 costs 150 − 75."""
    game = game_before(REAL, 401)
    game.process(recorded(REAL, 401))
    assert cash(game, "STJ") == 116 - 75


# -- Göta kanalbolag ------------------------------------------------------------------------------


def test_buying_gkb_forces_its_owner_to_place_the_three_tokens_first():
    """§3.10: an assign step waits (no pass) before anything else ÖKJ does."""
    game = game_before(REAL, 158)
    game.process(recorded(REAL, 158))
    assert legal_actions(game) == {
        "ÖKJ": {"assign": [{"target": h, "target_type": "hex"} for h in ("C8", "C12", "C16", "E8")]}
    }
    assert refused(game, {"type": "pass", "entity": "ÖKJ"}).rule == "turn order"


def test_gkb_tokens_go_50_then_30_then_20_on_distinct_canal_hexes():
    """§3.10: 50, then 30, then 20, each on a different Göta kanal hex."""
    game = game_before(REAL, 158)
    game.process(recorded(REAL, 158))
    assert refused(game, {"type": "assign", "entity": "ÖKJ", "target": "A6"}).rule == ("bonus tokens")
    game.process(recorded(REAL, 159))
    assert refused(game, {"type": "assign", "entity": "ÖKJ", "target": "C12"}).rule == ("bonus tokens")
    for action_id in (160, 161):
        game.process(recorded(REAL, action_id))
    assert game.companies["GKB"].tokens == {"C12": 50, "C16": 30, "C8": 20}


def test_gkb_tokens_add_to_the_owners_routes_and_the_highest_used_goes():
    """§4.8 worked example: ÖKJ's 3-train C12 30 + D15 30 + C16 30 + GKB50 + GKB30 = 170;
    afterwards the 50 token leaves C12."""
    game = game_before(REAL, 275)
    cut = recorded(REAL, 275)
    cut["routes"][0]["revenue"] = 90
    assert refused(game, cut).rule == "revenue"
    game.process(recorded(REAL, 275))
    assert game.round.revenue == 170
    assert game.companies["GKB"].tokens == {"C16": 30, "C8": 20}


def test_gkb_tokens_give_nothing_to_other_corporations():
    """§3.10: TGOJ's C12-B11-A10 earns 90, not 140, and leaves the 50 token in place."""
    game = game_before(REAL, 170)
    game.process(recorded(REAL, 170))
    assert game.round.revenue == 150
    assert game.companies["GKB"].tokens == {"C12": 50, "C16": 30, "C8": 20}


# -- Sveabolaget ----------------------------------------------------------------------------------


def test_sb_moves_its_marker_any_number_of_times_with_the_company_as_entity():
    """§3.10: non-blocking, any SB hex, any number of times (two-player game)."""
    game = game_before(BOT, 112)
    for action_id in (112, 113):
        game.process(recorded(BOT, action_id))
    assert game.companies["SB"].marker == "D5"
    refused(game, {"type": "assign", "entity": "SB", "target": "E8"})
    game.process({"type": "assign", "entity": "SB", "target": "A6"})
    assert game.companies["SB"].marker == "A6"


def test_sb_marker_must_move_to_another_hex():
    """§3.10 ("lay or shift"): assigning SB to the hex it already marks is refused, as
    18xx.games refuses it, and that hex is not offered."""
    game = game_before(BOT, 112)
    for action_id in (112, 113):
        game.process(recorded(BOT, action_id))
    assert refused(game, {"type": "assign", "entity": "SB", "target": "D5"}).rule == "bonus marker"
    targets = {c["target"] for c in legal_actions(game)["SB"]["assign"]}
    assert "D5" not in targets and "A6" in targets


def test_sb_cannot_be_used_while_a_player_owns_it():
    """§3.10: only the owning corporation places the port token."""
    game = game_before(BANKRUPT, 186)
    assert game.companies["SB"].owner == "16057"
    refused(game, {"type": "assign", "entity": "SB", "target": "A6"})


def test_sb_adds_30_per_port_icon_at_the_marker():
    """§3.10: Halmstad (A6) has two port icons: C8 20 + A6 20 + 2 × 30 = 100."""
    game = game_before(BANKRUPT, 190)
    assert game.companies["SB"].marker == "A6"
    cut = recorded(BANKRUPT, 190)
    cut["routes"][2]["revenue"] = 70
    assert refused(game, cut).rule == "revenue"
    game.process(recorded(BANKRUPT, 190))
    assert game.round.revenue == 40 + 60 + 100


# -- Motala Verkstad ------------------------------------------------------------------------------


def test_mv_buys_a_depot_train_before_running_and_it_runs_at_once():
    """§3.6: TGOJ buys 4-3 in the MV step and runs it in the same OR."""
    game = game_before(REAL, 290)
    game.process(recorded(REAL, 290))
    game.process(recorded(REAL, 299))
    game.process(recorded(REAL, 300))
    assert game.round.revenue == 180
    assert game.companies["MV"].uses["early_train_purchase"] == 0


def test_after_an_mv_purchase_the_buy_trains_step_is_skipped():
    """§3.6: having bought with MV, TGOJ skips its normal Buy Trains step."""
    game = game_before(REAL, 290)
    for action_id in (290, 299, 300, 301):
        game.process(recorded(REAL, action_id))
    assert game.round.entity() == "TGOJ"
    assert "buy_train" not in legal_actions(game).get("TGOJ", {})


def test_mv_buys_only_from_the_depot():
    """§3.6: not trains of other corporations."""
    game = game_before(REAL, 290)
    assert game.trains["3-1"].owner == "SNJ"
    error = refused(game, {"type": "buy_train", "entity": "TGOJ", "train": "3-1", "price": 50})
    assert error.rule == "trains"


def test_a_corporation_that_must_buy_gets_its_presidents_money_in_the_mv_step():
    """§3.6 with §10.7, as 18xx.games plays it (its MV step is a buy-trains step): TGOJ has
    no train, so it must buy; with 280 kr it buys the 4-train for 300 before running, its
    president paying the other 20."""
    game = game_before(REAL, 290)
    tgoj = game.corporations["TGOJ"]
    president = tgoj.president()
    game.bank += tgoj.cash - 280
    tgoj.cash = 280
    before = cash(game, president)
    assert {"train": "4-3", "price": 300, "variant": "4"} in legal_actions(game)["TGOJ"]["buy_train"]
    game.process(recorded(REAL, 290))
    assert game.trains["4-3"].owner == "TGOJ"
    assert (tgoj.cash, cash(game, president)) == (0, before - 20)


def test_passing_the_mv_step_keeps_the_ability():
    """§3.6: the ability is used up only if something was bought."""
    game = game_before(REAL, 290)
    act(game, "pass", "TGOJ")
    assert game.companies["MV"].uses["early_train_purchase"] == 1


# -- NOHAB ----------------------------------------------------------------------------------------


def nohab_position():
    """Two-player game, OR 2.1: ÖSJ has paid its dividend and buys NOHAB from 3429."""
    game = game_before(BOT, 114)
    for action_id in (114, 115):
        game.process(recorded(BOT, action_id))
    act(game, "buy_company", "ÖSJ", company="NOHAB", price=45)
    return game


def test_nohab_cannot_be_used_while_a_player_owns_it():
    """§3.6: only the corporation owning NOHAB uses it."""
    game = game_before(BOT, 116)
    assert game.companies["NOHAB"].owner == "3429"
    refused(game, {"type": "buy_train", "entity": "NOHAB", "train": "3-1", "price": 90})


def test_nohab_buys_one_new_train_at_half_price():
    """§3.6: a 3-train for 180 − 90; once per game."""
    game = nohab_position()
    treasury = cash(game, "ÖSJ")
    error = refused(game, {"type": "buy_train", "entity": "NOHAB", "train": "3-1", "price": 180})
    assert error.rule == "train price"
    act(game, "buy_train", "NOHAB", train="3-1", price=90)
    assert game.trains["3-1"].owner == "ÖSJ"
    assert cash(game, "ÖSJ") == treasury - 90
    assert game.companies["NOHAB"].uses["train_discount"] == 0
    refused(game, {"type": "buy_train", "entity": "NOHAB", "train": "3-2", "price": 90})


# -- corporations buying companies (§4.11) --------------------------------------------------------


def test_corporations_buy_companies_only_from_phase_3():
    """§4.11: phases 3 and 4 only."""
    game = game_before(REAL, 67)
    assert game.phase == "2"
    assert "buy_company" not in legal_actions(game)["ÖKJ"]
    refused(game, {"type": "buy_company", "entity": "ÖKJ", "company": "KHJ", "price": 70})


@pytest.mark.parametrize(("price", "ok"), [(34, False), (35, True), (140, True), (141, False)])
def test_a_company_sells_for_half_to_twice_its_face_value(price, ok):
    """§3.6: GC (70) for 35 to 140."""
    game = game_before(REAL, 102)
    action = {"type": "buy_company", "entity": "STJ", "company": "GC", "price": price}
    if ok:
        seller = cash(game, "3041")
        game.process(action)
        assert game.companies["GC"].owner == "STJ"
        assert cash(game, "3041") == seller + price
    else:
        assert refused(game, action).rule == "company price"


def test_a_least_amount_lets_a_company_sell_for_1():
    """``company_sales.min_amount: 1`` (a house rule, 1846's terms): GC (70) sells for
    $1; without it $34 is refused (half its face value, rounded up, is the least)."""
    action = {"type": "buy_company", "entity": "STJ", "company": "GC", "price": 1}
    assert refused(game_before(REAL, 102), action).rule == "company price"
    game = game_before_with(REAL, 102, "rules: {company_sales: {min_amount: 1}}\n")
    seller = cash(game, "3041")
    game.process(action)
    assert (game.companies["GC"].owner, cash(game, "3041")) == ("STJ", seller + 1)


def test_ne_and_neft_cannot_be_bought_by_corporations():
    """§3.6: NE (STJ's, still open in phase 3 of the bankrupt game) and NEFT."""
    game = game_before(BANKRUPT, 161)
    assert game.phase == "3"
    assert game.companies["NE"].owner in game.players_by_id
    for company in ("NE", "NEFT"):
        action = {"type": "buy_company", "entity": "KFJ", "company": company, "price": 110}
        assert refused(game, action).rule == "buying companies"


# -- KHJ --------------------------------------------------------------------------------------------


def test_a_corporation_buying_khj_merges_the_minor():
    """§4.11: ÖKJ pays P2 127; KHJ's token in D15 becomes an extra ÖKJ token; 2-0 becomes
    ÖKJ's, buyable and already run; KHJ's 45 kr pass to ÖKJ; the minor and company close."""
    game = game_before(REAL, 133)
    seller = cash(game, "15550")
    game.process(recorded(REAL, 133))
    okj = game.corporations["ÖKJ"]
    assert ("D15", 0) in game.board.cities_of("ÖKJ")
    assert (okj.tokens_used, okj.extra_tokens) == (1, 1)
    train = game.trains["2-0"]
    assert (train.owner, train.buyable, train.ran) == ("ÖKJ", True, True)
    assert okj.cash == 45
    assert cash(game, "15550") == seller + 127
    assert game.minors["KHJ"].closed
    assert game.companies["KHJ"].owner == CLOSED


def test_khj_cannot_be_bought_over_the_train_limit():
    """§4.11: with four trains ÖKJ may not take KHJ's 2-train."""
    game = game_before(REAL, 133)
    game.trains["2-1"].owner = "ÖKJ"
    game.trains["2-2"].owner = "ÖKJ"
    assert refused(game, recorded(REAL, 133)).rule == "train limit"


def test_a_buyer_with_a_token_in_khjs_city_gets_that_token_back():
    """§4.11 step 3 (as 18xx.games does it): the buyer's token returns to its charter and
    KHJ's token stays on the map."""
    game = game_before(REAL, 133)
    game.board.add_token("ÖKJ", ("D15", 0))
    game.corporations["ÖKJ"].tokens_used += 1
    game.process(recorded(REAL, 133))
    assert ("D15", 0) not in game.board.cities_of("ÖKJ")
    assert game.corporations["ÖKJ"].tokens_used == 1
    assert "KHJ" in game.board.token_owners(("D15", 0))
    assert broken_invariants(game) == []


# -- NE, AEvR and NEFT ----------------------------------------------------------------------------


def aevr_game():
    """Seed 0: Bo bought AEvR and set ÖKJ at 67; ÖKJ floats in stock round 1."""
    game = new_game(4, 0)
    finish_auction(game)
    assert game.companies["AEvR"].owner == "2"
    return game


def test_aevr_gives_okj_and_twice_its_par():
    """§3.6: AEvR's buyer gets ÖKJ's president's certificate; the bank pays 2 × par."""
    game = aevr_game()
    okj = game.corporations["ÖKJ"]
    assert (okj.president(), okj.par, okj.cash) == ("2", 67, 134)


def test_aevr_closes_when_okj_gets_its_first_train():
    """§3.6: AEvR closes when ÖKJ acquires its first train."""
    game = aevr_game()
    float_corporations(game, {"2": ("ÖKJ", "67,5,2")})
    act(game, "pass", "KHJ")
    act(game, "pass", "ÖKJ")
    assert game.companies["AEvR"].owner == "2"
    act(game, "buy_train", "ÖKJ", train="2-1", price=80)
    assert game.companies["AEvR"].owner == CLOSED


def test_neft_is_not_offered_to_an_owner_who_is_already_first():
    """§4.3: P1 owns NEFT and has priority in stock round 2."""
    game = game_before(REAL, 76)
    assert game.round.entities[0] == "17876"
    assert "choose" not in legal_actions(game)["17876"]
    assert "pass" in legal_actions(game)["17876"]
    assert game.companies["NEFT"].owner == "17876"


def test_the_priority_card_survives_phase_5_and_counts_nothing():
    """§3.6: NEFT never closes otherwise; not counted for the limit; worth 0."""
    game = game_before(REAL, 411)
    game.process(recorded(REAL, 411))
    assert game.companies["NEFT"].owner == "17876"
    count = finance.certificate_count(game, "17876")
    value = finance.player_value(game, "17876")
    game.companies["NEFT"].owner = BANK
    assert finance.certificate_count(game, "17876") == count
    assert finance.player_value(game, "17876") == value


# -- the priority card (NEFT) ---------------------------------------------------------------


@frozen
def neft_position():
    game = new_game(4, 5)
    finish_auction(game)  # Bo bought NE; Cy has priority
    return game


def test_the_neft_owner_not_first_is_asked_first():
    """§4.3 / §3.6: at the start of a stock round the owner chooses activate or wait."""
    game = neft_position()
    assert game.round.entities[0] == CY
    assert game.current_entity() == BO
    assert legal_actions(game) == {BO: {"choose": [{"choice": "activate"}, {"choice": "wait"}]}}


def test_activating_neft_gives_its_owner_the_turn_and_closes_it():
    """§3.6: Bo acts at once, NEFT closes, play goes on clockwise from Bo."""
    game = neft_position()
    act(game, "choose", BO, choice="activate")
    assert game.companies["NEFT"].owner == CLOSED
    assert game.current_entity() == BO
    turn(game, BO, buy("MYJ_1"))
    assert game.current_entity() == CY


def test_waiting_keeps_neft_and_the_priority_player_starts():
    """§3.6: wait — Bo keeps the card; Cy, who has priority, starts."""
    game = neft_position()
    act(game, "choose", BO, choice="wait")
    assert game.companies["NEFT"].owner == BO
    assert game.current_entity() == CY


def test_a_shares_ability_hands_its_buyer_a_share_at_once():
    """A ``shares`` ability without the presidency (1830's Camden & Amboy, 18Chesapeake's
    B&O): the buyer receives the first ordinary share of the corporation's initial
    offering with the company, before anyone has started the corporation."""
    from sj_support import NAMES, TITLE_DIR

    from framework.engine.game import Game
    from framework.title.loader import RulesText, load_title

    house = RulesText(
        "house.yaml",
        "companies:\n  FRY:\n    abilities:\n"
        "      - {type: blocks_hexes, hexes: [B17]}\n      - {type: shares, corporation: SNJ}\n",
    )
    game = Game(load_title(TITLE_DIR, [house]), [(i + 1, NAMES[i]) for i in range(4)], seed=5)
    snj = game.corporations["SNJ"]
    assert snj.percent_of("1") == 0
    act(game, "bid", 1, company="FRY", price=20)
    assert game.companies["FRY"].owner == "1"
    assert snj.percent_of("1") == 10 and not snj.floated and snj.par is None
    assert [s.id for s in snj.shares if s.owner == "1"] == ["SNJ_1"]
    assert broken_invariants(game) == []


def test_treasury_payment_needs_the_presidency():
    from framework.title.companies import Shares

    with pytest.raises(ValueError, match="goes with the president's certificate"):
        Shares(type="shares", corporation="PRR", treasury_payment=2)


# -- an ability's owner -------------------------------------------------------------------------

BLOCK_ONLY_IN_THE_BANK = """
companies:
  FRY:
    abilities:
      - {type: blocks_hexes, hexes: [B17], owner: [bank]}
"""
GC_FOR_PLAYERS = """
companies:
  GC:
    abilities:
      - {type: blocks_hexes, hexes: [E28, F27]}
      - type: tile_lay
        hexes: [E28, F27]
        tiles: [7, 8, 9]
        count: 2
        connect_each_other: true
        lapses: end_of_turn
        when: [track, operating_turn]
        owner: [player]
      - {type: terrain_discount, hexes: [C30, D29], terrain: mountain, amount: 75}
"""


def test_a_block_holds_only_under_the_owners_it_lists():
    """``owner: [bank]``: FRY no longer blocks B17 once a player owns it (1830's blocks
    hold only while a player owns the company: the same field, another value)."""
    game = game_before_with(BANKRUPT, 398, BLOCK_ONLY_IN_THE_BANK)
    game.companies["FRY"].owner = "19165"
    game.process(recorded(BANKRUPT, 398))
    assert game.board.placed["B17"].name == "9"


def test_a_tile_lay_works_only_for_the_owners_it_lists():
    """``owner: [player]`` on GC's lays: STJ, a corporation, owns GC and may not use them."""
    game = game_before_with(REAL, 139, GC_FOR_PLAYERS)
    assert game.companies["GC"].owner == "STJ"
    refused(game, recorded(REAL, 139))


GC_IN_THE_TRACK_STEP = GC_FOR_PLAYERS.replace(
    "when: [track, operating_turn]\n        owner: [player]", "when: [track]"
)


def _stj_passes_its_track_step(game):
    game.process({"type": "pass", "entity": "STJ", "entity_type": "corporation", "id": 9999})
    assert game.round.active_step().name != "track"
    return game


def test_a_tile_lay_at_any_point_of_the_turn_outlives_the_track_step():
    """GC's timing includes ``operating_turn``: STJ passes its track step and still lays."""
    game = _stj_passes_its_track_step(game_before(REAL, 139))
    game.process(recorded(REAL, 139))
    assert game.board.placed["F27"].name == "9"


def test_a_tile_lay_in_the_track_step_only_ends_with_it():
    """``when: [track]`` (18Chesapeake's C-P): allowed during STJ's track step, refused
    once STJ has passed it."""
    game = game_before_with(REAL, 139, GC_IN_THE_TRACK_STEP)
    game.process(recorded(REAL, 139))
    assert game.board.placed["F27"].name == "9"
    game = _stj_passes_its_track_step(game_before_with(REAL, 139, GC_IN_THE_TRACK_STEP))
    refused(game, recorded(REAL, 139))


# -- exchanging a company for a share ---------------------------------------------------------

FRY_FOR_A_SNJ_SHARE = """
companies:
  FRY:
    abilities:
      - {type: blocks_hexes, hexes: [B17]}
      - {type: exchange, corporations: [SNJ], from: [ipo]}
rounds:
  stock:
    steps: [discard_train, priority_card, exchange, buy_sell_par_shares]
"""


def _stock_round_2_with(rules: str):
    """:func:`sj_support.stock_round_2`, on 18SJ patched by the overlay ``rules``."""
    from sj_support import NAMES, TITLE_DIR, to_stock_round_2

    from framework.engine.game import Game
    from framework.title.loader import RulesText, load_title

    title = load_title(TITLE_DIR, [RulesText("house.yaml", rules)])
    game = Game(title, [(i + 1, NAMES[i]) for i in range(4)], seed=0)
    finish_auction(game)
    return to_stock_round_2(game)


def _ann_to_act_with_an_exchangeable_fry():
    """Stock round 2 with FRY exchangeable for an SNJ share (1830's Mohawk & Hudson),
    Cy and Di having passed: Ann (1), who owns FRY and 20% of SNJ, is to act."""
    game = _stock_round_2_with(FRY_FOR_A_SNJ_SHARE)
    act(game, "pass", "3")
    act(game, "pass", "4")
    assert game.current_entity() == "1" and game.companies["FRY"].owner == "1"
    return game


def test_an_exchange_trades_the_company_for_a_share_at_no_cost():
    game = _ann_to_act_with_an_exchangeable_fry()
    snj, money = game.corporations["SNJ"], cash(game, "1")
    assert legal_actions(game)["FRY"]["buy_shares"] == [{"shares": ["SNJ_5"], "percent": 10}]
    act(game, "buy_shares", "FRY", shares=["SNJ_5"], percent=10)
    assert snj.percent_of("1") == 30 and cash(game, "1") == money
    assert game.companies["FRY"].closed
    assert game.current_entity() == "1"  # the turn goes on: the exchange is not its action
    assert broken_invariants(game) == []


def test_an_exchange_gives_only_the_shares_the_ability_lists():
    game = _ann_to_act_with_an_exchangeable_fry()
    assert refused(game, {"type": "buy_shares", "entity": "FRY", "shares": ["KFJ_6"]}).rule == "exchange"
    assert refused(game, {"type": "buy_shares", "entity": "FRY", "shares": ["SNJ_0"]}).rule == "exchange"


def test_without_the_exchange_step_the_ability_cannot_be_used():
    """The title's rounds say when exchanges happen: 18SJ's stock round lists no
    ``exchange`` step, so an exchange ability there gives nothing."""
    game = _stock_round_2_with(FRY_FOR_A_SNJ_SHARE.split("rounds:")[0])
    act(game, "pass", "3")
    act(game, "pass", "4")
    assert "FRY" not in legal_actions(game)
    refused(game, {"type": "buy_shares", "entity": "FRY", "shares": ["SNJ_5"]})


CS_IN_THE_TRACK_STEP = """
companies:
  CS:
    abilities:
      - {type: blocks_hexes, hexes: [B20], owner: [player]}
      - {type: tile_lay, hexes: [B20], tiles: [3, 4, 58], count: 1, when: [track, operating_turn]}
"""


@pytest.mark.parametrize(("rules", "waits"), [(None, False), (CS_IN_THE_TRACK_STEP, True)])
def test_only_a_lay_timed_for_the_track_step_keeps_it_waiting(rules, waits):
    """1830 (game 29133, action 108): NYNH, owner of the CS, has laid its tile. The CS
    lay is timed ``operating_turn`` only, so the track step does not wait for it and
    NYNH goes on to its token (action 109) with the lay still open; timed ``track`` too,
    the track step would wait for it or a pass."""
    from framework.record.gamefile import GameFile
    from framework.record.replay import replay, title_for
    from framework.title.loader import RulesText, load_title

    record = GameFile.read(ROOT / "titles" / "1830" / "games" / "29133.json")
    title = title_for(record)
    if rules is not None:
        title = load_title(ROOT / "titles" / "1830", [RulesText("house.yaml", rules)])
    game = replay(record, title, stop_after=108).game
    assert game.companies["CS"].owner == "NYNH" and game.round.laid == 1
    assert (game.round.active_step().name == "track") is waits
    assert "lay_tile" in legal_actions(game)["CS"]
