"""Stock rounds and the stock market (reference §3.1, §3.2, §4.3; rulebook §5, §9).

The position used by most tests is stock round 2 of a seed-0 game (four players; Ann
owns FRY and KHJ, Bo SB and AEvR, Cy GC, Di MV). In stock round 1 Cy started SNJ,
Di KFJ and Bo ÖKJ (through AEvR), all at 67; after an empty operating round all stand
at 65 (5,1). Holdings: SNJ Cy 40% (president) and Ann 20%; KFJ Di 50% (president)
and Ann 20%; ÖKJ Bo 60%. Cash: Ann 177, Bo 112, Cy 277, Di 195. Cy has priority.
"""

from __future__ import annotations

import pytest
from sj_support import (
    BANKRUPT,
    act,
    buy,
    cash,
    finish_auction,
    game_before,
    new_game,
    par,
    pass_stock_round,
    place,
    price,
    refused,
    sell,
    stock_round_1,
    stock_round_2,
    turn,
)

from framework.engine import finance
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, IPO, POOL

ANN, BO, CY, DI = "1", "2", "3", "4"


def passes(game, *players):
    for player in players:
        act(game, "pass", player)


def share_owner(game, share_id):
    sym = share_id.rpartition("_")[0]
    return next(s.owner for s in game.corporations[sym].shares if s.id == share_id)


def test_the_position_is_as_described():
    """The position of the module docstring."""
    game = stock_round_2()
    assert (game.round.kind, game.turn, game.current_entity()) == ("stock", 2, CY)
    assert [p.cash for p in game.players] == [177, 112, 277, 195]
    assert {s: price(game, s) for s in ("SNJ", "KFJ", "ÖKJ")} == {"SNJ": 65, "KFJ": 65, "ÖKJ": 65}


# -- starting and floating ------------------------------------------------------------------


def test_par_buys_the_presidents_certificate_for_twice_par_into_the_treasury():
    """§4.3 / rulebook §9.2.1: incremental — the president's 20% from the treasury."""
    game = stock_round_1()
    turn(game, CY, par("SNJ", "100,0,2"))
    snj = game.corporations["SNJ"]
    assert (snj.par, snj.president(), snj.cash, cash(game, CY)) == (100, CY, 200, 330)
    assert snj.percent_of("SNJ") == 80
    assert game.market.positions["SNJ"] == (0, 2)


def test_par_needs_twice_the_price_in_cash():
    """§4.3: a par price p needs 2 × p in cash."""
    game = stock_round_1()
    finance.pay(game, CY, BANK, cash(game, CY) - 150)
    error = refused(game, {"type": "par", "entity": 3, **_par("SNJ", "76,3,2")})
    assert error.rule == "money"
    turn(game, CY, par("SNJ", "71,4,2"))
    assert cash(game, CY) == 8


def test_a_player_in_turn_short_of_money_is_told_the_price_and_the_cash():
    """Cy, whose turn it is in stock round 2, keeps 50 kr: a KFJ share at 65 and UGJ
    started at 67 (the president's 20% for 134) are beyond that. The refusal names the
    money and both amounts, not the turn order."""
    game = stock_round_2()
    finance.pay(game, CY, BANK, cash(game, CY) - 50)
    error = refused(game, {"type": "buy_shares", "entity": 3, **buy("KFJ_6")})
    assert (error.rule, error.detail) == ("money", "Cy has 50 and cannot pay 65 for KFJ_6")
    error = refused(game, {"type": "par", "entity": 3, **_par("UGJ", "67,5,2")})
    assert (error.rule, error.detail) == ("money", "Cy has 50 and cannot pay 134 to start UGJ at 67")


def test_an_action_the_step_does_not_offer_says_what_it_offers():
    """Cy, with 10 kr in stock round 2, may only sell or pass: asked to buy a company
    (no phase of 18SJ lets players do so), the refusal says where Cy's turn is and what
    it offers, not that the round waits for Cy."""
    game = stock_round_2()
    finance.pay(game, CY, BANK, cash(game, CY) - 10)
    error = refused(game, {"type": "buy_company", "entity": 3, "company": "FRY", "price": 5})
    assert error.detail == (
        "Cy cannot buy company now: its turn has come to buy sell par shares, which offers sell shares, pass"
    )


def _par(sym, price_id):
    return {"corporation": sym, "share_price": price_id}


def test_only_the_six_light_red_cells_are_par_prices():
    """§3.2: par cells 100, 90, 82, 76, 71, 67 (column 2)."""
    game = stock_round_1()
    assert refused(game, {"type": "par", "entity": 3, **_par("SNJ", "110,0,3")}).rule == "par"
    assert refused(game, {"type": "par", "entity": 3, **_par("SNJ", "82,3,3")}).rule == "par"


def test_treasury_shares_cost_the_current_market_price_paid_to_the_corporation():
    """§4.3: always at the current market price, money to the corporation (incremental)."""
    game = stock_round_1()
    turn(game, CY, par("SNJ", "100,0,2"))
    passes(game, DI, ANN, BO)
    place(game, "SNJ", (0, 3))
    turn(game, CY, buy("SNJ_1"))
    assert (cash(game, CY), game.corporations["SNJ"].cash) == (220, 310)


def test_an_incremental_corporation_floats_at_60_percent_without_more_money():
    """§4.3: 60% out of the treasury floats it; the bank pays nothing."""
    game = stock_round_1()
    turn(game, CY, par("SNJ", "67,5,2"))
    bank = game.bank
    for share in ("SNJ_1", "SNJ_2", "SNJ_3"):
        passes(game, DI, ANN, BO)
        turn(game, CY, buy(share))
    assert not game.corporations["SNJ"].floated
    passes(game, DI, ANN, BO)
    turn(game, CY, buy("SNJ_4"))
    snj = game.corporations["SNJ"]
    assert snj.floated
    assert snj.cash == 6 * 67
    assert game.bank == bank


def test_from_phase_5_a_new_corporation_is_fully_capitalised():
    """§4.12 full_cap / rulebook §9.2.2: unstarted corporations' shares go to the IPO; the
    president's certificate is paid to the bank (real game, SR 6)."""
    game = game_before(BANKRUPT, 445)
    okj = game.corporations["ÖKJ"]
    assert okj.capitalization == "full"
    assert okj.percent_of(IPO) == 100
    bank, player = game.bank, cash(game, "18207")
    game.process({"type": "par", "entity": 18207, **_par("ÖKJ", "100,0,2")})
    assert (game.bank, cash(game, "18207"), okj.cash) == (bank + 200, player - 200, 0)


def test_a_full_cap_corporation_gets_ten_times_its_current_price_when_it_floats():
    """§4.3: at 60% sold the bank pays 10 × the current share price (real game, SR 6)."""
    game = game_before(BANKRUPT, 467, nth=3)
    okj = game.corporations["ÖKJ"]
    place(game, "ÖKJ", (0, 3))  # 110: the current price, not the par (100), counts
    bank = game.bank
    game.process({"type": "buy_shares", "entity": 18207, "shares": ["ÖKJ_4"], "percent": 10})
    assert okj.floated
    assert okj.cash == 1100
    assert game.bank == bank + 110 - 1100


# -- selling --------------------------------------------------------------------------------


def test_no_shares_may_be_sold_in_the_first_stock_round():
    """§4.3 / rulebook §9.1."""
    game = stock_round_1()
    turn(game, CY, par("SNJ", "67,5,2"))
    for share in ("SNJ_1", "SNJ_2", "SNJ_3", "SNJ_4"):
        passes(game, DI, ANN, BO)
        turn(game, CY, buy(share))
    passes(game, DI, ANN, BO)
    assert game.corporations["SNJ"].floated
    assert "sell_shares" not in legal_actions(game)[CY]
    refused(game, {"type": "sell_shares", "entity": 3, **sell("SNJ_1")})


def test_selling_pays_the_price_and_drops_it_one_row_per_share():
    """§4.3: down one row per share sold (65 → 63 → 60)."""
    game = stock_round_2()
    turn(game, CY, sell("SNJ_2", "SNJ_4"))
    assert cash(game, CY) == 277 + 130
    assert game.market.positions["SNJ"] == (7, 1)
    assert game.corporations["SNJ"].percent_of(POOL) == 20


def test_sell_buy_sell_in_one_turn():
    """§4.3 / rulebook §9: sales, one purchase, more sales, then done."""
    game = stock_round_2()
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    act(game, "buy_shares", CY, **buy("KFJ_6"))
    act(game, "sell_shares", CY, **sell("SNJ_4"))
    assert game.current_entity() == CY
    assert "buy_shares" not in legal_actions(game)[CY]
    refused(game, {"type": "buy_shares", "entity": 3, **buy("KFJ_7")})
    act(game, "pass", CY)
    assert game.current_entity() == DI
    assert share_owner(game, "KFJ_6") == CY


def test_shares_of_a_corporation_that_has_not_floated_may_not_be_sold():
    """§4.3: not for corporations that have not floated (standard game)."""
    game = stock_round_2()
    turn(game, CY, par("UGJ", "67,5,2"))
    passes(game, DI, ANN, BO)
    assert refused(game, {"type": "sell_shares", "entity": 3, **sell("UGJ_0")}).rule == ("selling")


def test_the_pool_may_not_hold_more_than_half_of_a_corporation():
    """§3.1 / §4.3: bank pool limit 50%."""
    game = stock_round_2()
    turn(game, CY, buy("KFJ_6"))
    turn(game, DI, sell("KFJ_1", "KFJ_2", "KFJ_4"))
    turn(game, ANN, sell("KFJ_3", "KFJ_5"))
    passes(game, BO)
    assert game.corporations["KFJ"].percent_of(POOL) == 50
    assert refused(game, {"type": "sell_shares", "entity": 3, **sell("KFJ_6")}).rule == ("pool limit")


def test_selling_down_from_a_cell_with_no_cell_below_does_not_move():
    """§3.2: "down" into a cell that does not exist is no movement (300 at (1,14))."""
    game = stock_round_2()
    place(game, "SNJ", (1, 14))
    turn(game, CY, sell("SNJ_2"))
    assert game.market.positions["SNJ"] == (1, 14)
    assert cash(game, CY) == 277 + 300


# -- presidency -----------------------------------------------------------------------------


def test_a_president_selling_below_another_holder_swaps_the_certificate():
    """§4.3 / rulebook §9.4: Ann (20%) becomes president when Cy sells to 10%; Cy gets
    two of Ann's 10% certificates for the president's certificate, which never goes to
    the pool."""
    game = stock_round_2()
    turn(game, CY, sell("SNJ_2", "SNJ_0", percent=30))
    snj = game.corporations["SNJ"]
    assert snj.president() == ANN
    assert snj.percent_of(ANN) == 20 and snj.percent_of(CY) == 10
    assert not any(s.president for s in snj.certificates_of(POOL))
    assert snj.percent_of(POOL) == 30


def test_part_of_the_presidency_is_sold_only_with_every_other_share():
    """As 18xx.games makes up a sale of part of the president's certificate: with all the
    seller's ordinary shares (Cy holds SNJ_0, SNJ_2 and SNJ_4: selling 10% of the
    certificate alone is refused, and nothing changes; with SNJ_2 and SNJ_4 it is taken)."""
    game = stock_round_2()
    error = refused(game, {"type": "sell_shares", "entity": 3, **sell("SNJ_0", percent=10)})
    assert error.rule == "shares" and "all the seller's other shares" in str(error)
    turn(game, CY, sell("SNJ_2", "SNJ_4", "SNJ_0", percent=30))
    assert game.corporations["SNJ"].percent_of(CY) == 10


def test_a_certificate_named_twice_is_refused():
    game = stock_round_2()
    error = refused(game, {"type": "sell_shares", "entity": 3, **sell("SNJ_2", "SNJ_2")})
    assert error.rule == "shares" and "named twice" in str(error)


def test_equal_holdings_do_not_change_the_presidency():
    """§4.3 / rulebook §9.4: a tie keeps the president."""
    game = stock_round_2()
    turn(game, CY, sell("SNJ_2", "SNJ_4"))
    snj = game.corporations["SNJ"]
    assert snj.percent_of(CY) == snj.percent_of(ANN) == 20
    assert snj.president() == CY


def test_the_presidency_cannot_be_sold_when_nobody_holds_20_percent():
    """§4.3: Bo alone holds ÖKJ: the president's certificate cannot be sold."""
    game = stock_round_2()
    passes(game, CY, DI, ANN)
    error = refused(game, {"type": "sell_shares", "entity": 2, **sell("ÖKJ_1", "ÖKJ_0", percent=30)})
    assert error.rule == "presidency"


def test_among_tied_candidates_the_nearest_clockwise_after_the_president_wins():
    """§4.3: Ann and Di both hold 20% when Cy drops to 10%: Di sits next after Cy."""
    game = stock_round_2()
    passes(game, CY)
    turn(game, DI, buy("SNJ_5"))
    passes(game, ANN, BO, CY)
    turn(game, DI, buy("SNJ_6"))
    passes(game, ANN, BO)
    turn(game, CY, sell("SNJ_2", "SNJ_0", percent=30))
    assert game.corporations["SNJ"].president() == DI


def test_buying_more_than_the_president_takes_the_presidency():
    """§4.3: after a purchase the holder of the most shares (≥ 20%) becomes president."""
    game = stock_round_2()
    turn(game, CY, sell("SNJ_2", "SNJ_4"))
    passes(game, DI)
    turn(game, ANN, buy("SNJ_5"))
    snj = game.corporations["SNJ"]
    assert snj.president() == ANN
    assert [s.president for s in snj.certificates_of(CY)] == [False, False]


# -- buying limits --------------------------------------------------------------------------


def test_shares_sold_this_round_may_not_be_bought_back():
    """§4.3 / rulebook §9.2."""
    game = stock_round_2()
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    assert refused(game, {"type": "buy_shares", "entity": 3, **buy("SNJ_5")}).rule == "buying"


def test_pool_shares_cost_the_market_price_paid_to_the_bank():
    """§4.3: pool shares at the current price, money to the bank."""
    game = stock_round_2()
    turn(game, CY, sell("SNJ_2"))
    bank, treasury = game.bank, game.corporations["SNJ"].cash
    turn(game, DI, buy("SNJ_2"))
    assert cash(game, DI) == 195 - 63
    assert (game.bank, game.corporations["SNJ"].cash) == (bank + 63, treasury)


def test_nobody_may_hold_more_than_60_percent():
    """§3.1 / §4.3: the holding limit is 60%."""
    game = stock_round_2()
    passes(game, CY)
    turn(game, DI, buy("KFJ_6"))
    passes(game, ANN, BO, CY)
    assert game.corporations["KFJ"].percent_of(DI) == 60
    assert refused(game, {"type": "buy_shares", "entity": 4, **buy("KFJ_7")}).rule == "buying"


def test_the_60_percent_limit_is_lifted_in_the_teal_zone():
    """§3.1: the holding limit does not apply at 50 (teal) or in maroon; it does in gray."""
    game = stock_round_2()
    passes(game, CY)
    turn(game, DI, buy("KFJ_6"))
    passes(game, ANN, BO, CY)
    place(game, "KFJ", (8, 2))  # 60, gray: still limited
    assert refused(game, {"type": "buy_shares", "entity": 4, **buy("KFJ_7")}).rule == "buying"
    place(game, "KFJ", (7, 0))  # 50, teal
    turn(game, DI, buy("KFJ_7"))
    assert game.corporations["KFJ"].percent_of(DI) == 70


def test_in_the_maroon_zone_several_shares_may_be_bought_in_one_turn():
    """§4.3 / rulebook §5.2: several buys of one maroon corporation, nothing else."""
    game = stock_round_2()
    place(game, "KFJ", (8, 0))  # 40
    act(game, "buy_shares", CY, **buy("KFJ_6"))
    act(game, "buy_shares", CY, **buy("KFJ_7", "KFJ_8"))
    assert game.corporations["KFJ"].percent_of(CY) == 30
    assert cash(game, CY) == 277 - 120
    refused(game, {"type": "buy_shares", "entity": 3, **buy("ÖKJ_5")})


def test_outside_the_maroon_zone_only_one_certificate_per_turn():
    """§4.3: one certificate per purchase."""
    game = stock_round_2()
    error = refused(game, {"type": "buy_shares", "entity": 3, **buy("KFJ_6", "KFJ_7")})
    assert error.rule == "one purchase"


def limit_position():
    """Three unstarted corporations leave the game: 7 in play, limit 13 for 4 players.
    Ann holds FRY, KHJ, 2 SNJ, 2 KFJ and gets 7 more certificates."""
    game = stock_round_2()
    for sym in ("BJ", "MYJ", "MÖJ"):
        game.corporations[sym].closed = True
    for share in ("SNJ_5", "SNJ_6", "SNJ_7", "SNJ_8", "KFJ_6", "ÖKJ_5", "ÖKJ_6"):
        sym = share.rpartition("_")[0]
        finance.move_share(game, next(s for s in game.corporations[sym].shares if s.id == share), ANN)
    return game


def test_the_certificate_limit_depends_on_the_corporations_in_play():
    """§3.1: 10 corporations → 20 for four players, 9 → 18, 7 → 13."""
    game = stock_round_2()
    assert finance.certificate_limit(game) == 20
    game.corporations["BJ"].closed = True
    assert finance.certificate_limit(game) == 18
    assert finance.certificate_limit(limit_position()) == 13


def test_privates_count_for_the_limit_but_neft_does_not():
    """§3.1: every private except NEFT counts."""
    game = new_game(4, 5)
    finish_auction(game)  # Bo holds SB, NE and NEFT
    assert finance.certificate_count(game, BO) == 3  # SB, NE and MYJ's president's certificate
    assert game.companies["NEFT"].owner == BO


def test_at_the_certificate_limit_nothing_more_may_be_bought():
    """§4.3: the certificate count before a purchase must be below the limit."""
    game = limit_position()
    passes(game, CY, DI)
    assert finance.certificate_count(game, ANN) == 13
    assert "buy_shares" not in legal_actions(game).get(ANN, {})
    refused(game, {"type": "buy_shares", "entity": 1, **buy("ÖKJ_7")})


def test_shares_in_the_gray_teal_and_maroon_zones_do_not_count():
    """§3.1: a corporation's certificates stop counting when its price is 60 or less."""
    game = limit_position()
    place(game, "SNJ", (7, 1))  # 60, gray
    assert finance.certificate_count(game, ANN) == 13 - 6
    passes(game, CY, DI)
    turn(game, ANN, buy("ÖKJ_7"))
    assert share_owner(game, "ÖKJ_7") == ANN


def test_the_limit_is_not_checked_for_a_corporation_whose_certificates_do_not_count():
    """§4.3: Ann holds 13 counting certificates without ÖKJ (at 63, gray); she may still
    buy ÖKJ."""
    game = limit_position()
    for share in game.corporations["KFJ"].shares[7:]:
        finance.move_share(game, share, ANN)
    place(game, "ÖKJ", (6, 1))
    passes(game, CY, DI)
    assert finance.certificate_count(game, ANN) == 13
    turn(game, ANN, buy("ÖKJ_7"))
    assert share_owner(game, "ÖKJ_7") == ANN


def test_over_60_percent_after_leaving_the_teal_zone_only_sales_are_offered():
    """§4.3 / rulebook §9.3: Di bought 70% of KFJ at 50 (teal); back at 60 (gray) the
    limit applies again and Di must sell."""
    game = stock_round_2()
    passes(game, CY)
    turn(game, DI, buy("KFJ_6"))
    passes(game, ANN, BO, CY)
    place(game, "KFJ", (7, 0))
    turn(game, DI, buy("KFJ_7"))
    place(game, "KFJ", (8, 2))
    passes(game, ANN, BO, CY)
    assert set(legal_actions(game)[DI]) == {"sell_shares"}
    act(game, "sell_shares", DI, **sell("KFJ_1"))
    assert "pass" in legal_actions(game)[DI]


def test_over_the_certificate_limit_only_sales_are_offered():
    """§4.3: a player over the limit may only sell (no pass) until compliant."""
    game = limit_position()
    finance.move_share(game, game.corporations["ÖKJ"].shares[7], ANN)
    passes(game, CY, DI)
    assert finance.certificate_count(game, ANN) == 14
    assert set(legal_actions(game)[ANN]) == {"sell_shares"}
    assert refused(game, {"type": "pass", "entity": 1}).rule == "turn order"
    act(game, "sell_shares", ANN, **sell("ÖKJ_5"))
    assert "pass" in legal_actions(game)[ANN]


# -- the end of the round -------------------------------------------------------------------


def test_the_round_ends_when_all_pass_and_priority_goes_after_the_last_to_act():
    """§4.3 / rulebook §9.5: Di acted last, so Ann has priority."""
    game = stock_round_2()
    passes(game, CY)
    turn(game, DI, buy("KFJ_6"))
    passes(game, ANN, BO, CY)
    assert game.round.kind == "stock"
    passes(game, DI)
    assert game.round.kind == "operating"
    assert game.priority == 0  # Ann


def test_a_sold_out_corporation_rises_one_row_at_the_end_of_the_round():
    """§4.3: 100% held by players → up one row; the others stay."""
    game = stock_round_2()
    for player, share in [(CY, "ÖKJ_5"), (DI, "ÖKJ_6"), (ANN, "ÖKJ_7")]:
        turn(game, player, buy(share))
    passes(game, BO)
    turn(game, CY, buy("ÖKJ_8"))
    pass_stock_round(game)
    assert game.market.positions["ÖKJ"] == (4, 1)  # 65 → 67
    assert game.market.positions["SNJ"] == (5, 1)


def _stock_round_2_with(rules: str):
    """:func:`sj_support.stock_round_2`, on 18SJ patched by the overlay ``rules``."""
    from sj_support import NAMES, TITLE_DIR, to_stock_round_2

    from framework.engine.game import Game
    from framework.title.loader import RulesText, load_title

    title = load_title(TITLE_DIR, [RulesText("house.yaml", rules)])
    game = Game(title, [(i + 1, NAMES[i]) for i in range(4)], seed=0)
    finish_auction(game)
    return to_stock_round_2(game)


@pytest.mark.parametrize(
    ("rule", "snj", "kfj"),
    [
        ("", (5, 1), (5, 1)),  # no pool move (18SJ)
        ("rules: {stock: {pool_move: down}}", (6, 1), (5, 1)),
        ("rules: {stock: {pool_move: down, pool_move_per: share}}", (7, 1), (5, 1)),
        ("rules: {stock: {pool_move: left}}", (5, 0), (5, 1)),
    ],
)
def test_shares_in_the_pool_move_the_price_at_the_end_of_the_round(rule, snj, kfj):
    """``rules.stock.pool_move`` (18xx.games' ``POOL_SHARE_DROP``): with two shares of SNJ
    in the bank pool, SNJ moves one step (``corporation``) or one per share; KFJ, with
    none there, stays."""
    game = _stock_round_2_with(rule) if rule else stock_round_2()
    for share in ("SNJ_5", "SNJ_6"):
        finance.move_share(game, next(s for s in game.corporations["SNJ"].shares if s.id == share), POOL)
    pass_stock_round(game)
    assert (game.market.positions["SNJ"], game.market.positions["KFJ"]) == (snj, kfj)


def test_a_sold_out_corporation_in_the_top_row_stays():
    """§4.3: no move in row 0."""
    game = stock_round_2()
    for player, share in [(CY, "ÖKJ_5"), (DI, "ÖKJ_6"), (ANN, "ÖKJ_7")]:
        turn(game, player, buy(share))
    passes(game, BO)
    turn(game, CY, buy("ÖKJ_8"))
    place(game, "ÖKJ", (0, 1))
    pass_stock_round(game)
    assert game.market.positions["ÖKJ"] == (0, 1)


def test_a_player_with_nothing_to_do_is_skipped():
    """§4.3: no legal action at the start of the turn → skipped, counted as passed."""
    game = stock_round_1()
    finance.pay(game, DI, BANK, cash(game, DI))
    passes(game, CY)
    assert game.current_entity() == ANN
    assert game.players_by_id[DI].passed


# -- the market grid (§3.2) -----------------------------------------------------------------


def test_market_moves_at_the_edges():
    """§3.2: right at a row's end goes up; left at column 0 goes down; up in row 0 and a
    down with no cell below do not move."""
    game = stock_round_2()
    market = game.market
    assert market.step((1, 14), "right") == (0, 14)
    assert market.step((5, 0), "left") == (6, 0)
    assert market.step((0, 4), "up") == (0, 4)
    assert market.step((2, 11), "down") == (2, 11)
    assert market.step((10, 0), "left") == (10, 0)


def test_descending_price_order_breaks_ties_right_then_up_then_arrival():
    """§3.2 / rulebook §5.3."""
    game = stock_round_2()
    place(game, "SNJ", (2, 3))  # 90
    place(game, "KFJ", (1, 2))  # 90, further left
    place(game, "ÖKJ", (2, 3))  # 90, same cell, arrived after SNJ
    assert game.market.in_order(["ÖKJ", "KFJ", "SNJ"]) == ["SNJ", "ÖKJ", "KFJ"]


# -- where the shares of a multiple-buy turn come from ---------------------------------------

MULTIPLE_AT_PAR = """
market:
  zones:
    par: {{mark: p, color: "#f4b6b6", par: true, multiple_buy: true{sources}}}
"""


def _ann_bought_one_snj(sources: str = ""):
    """Stock round 1 (seed 0) on 18SJ whose par cells allow several purchases a turn:
    Cy starts SNJ at 67, Di KFJ, and Ann buys SNJ_1 from the treasury."""
    from sj_support import NAMES, TITLE_DIR, finish_auction

    from framework.engine.game import Game
    from framework.title.loader import RulesText, load_title

    rules = MULTIPLE_AT_PAR.format(sources=sources)
    title = load_title(TITLE_DIR, [RulesText("house.yaml", rules)])
    game = Game(title, [(i + 1, NAMES[i]) for i in range(4)], seed=0)
    finish_auction(game)
    turn(game, "3", par("SNJ", "67,5,2"))
    turn(game, "4", par("KFJ", "67,5,2"))
    act(game, "buy_shares", "1", shares=["SNJ_1"], percent=10)
    return game


def test_a_multiple_buy_zone_sells_several_treasury_shares_a_turn():
    game = _ann_bought_one_snj()
    assert game.current_entity() == "1"
    act(game, "buy_shares", "1", shares=["SNJ_2"], percent=10)
    assert game.corporations["SNJ"].percent_of("1") == 20


def test_a_pool_only_multiple_buy_refuses_a_second_share_from_the_treasury():
    """``multiple_buy_from: [pool]`` (1830's brown zone): after a share from the treasury,
    no second one this turn."""
    game = _ann_bought_one_snj(", multiple_buy_from: [pool]")
    assert game.current_entity() == "2"  # nothing more to do: Ann's turn is over
    assert game.corporations["SNJ"].percent_of("1") == 10
