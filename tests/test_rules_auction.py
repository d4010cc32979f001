"""The private company auction (reference §4.2; rulebook §8).

Seed 5 with four players offers FRY 20, SB 45, GC 70, MV 90, KHJ 140 and NE 220
(NE gives MYJ's president's certificate). Ann, Bo, Cy and Di sit in that order.
"""

from __future__ import annotations

from sj_support import act, cash, finish_auction, new_game, refused

from framework.engine import finance
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK

ANN, BO, CY, DI = "1", "2", "3", "4"


def auction(game):
    return game.round.step("waterfall_auction")


def bid(game, player, company, price):
    act(game, "bid", player, company=company, price=price)


def everybody_passes(game):
    for _ in game.humans:
        act(game, "pass", game.current_entity())


# -- buying the first company ---------------------------------------------------------------


def test_the_companies_are_offered_cheapest_first_and_neft_never():
    """§4.2: ascending face value; NEFT is never offered."""
    game = new_game(4, 5)
    assert auction(game).offered() == ["FRY", "SB", "GC", "MV", "KHJ", "NE"]
    assert refused(game, {"type": "bid", "entity": 1, "company": "NEFT", "price": 5}).rule == ("auction")


def test_buying_the_first_company_pays_its_face_value_to_the_bank():
    """§4.2 / rulebook §8.1: the first company in the line is bought at face value."""
    game = new_game(4, 5)
    bid(game, ANN, "FRY", 20)
    assert game.companies["FRY"].owner == ANN
    assert (cash(game, ANN), game.bank) == (580, 7620)
    assert game.current_entity() == BO


def test_the_first_company_cannot_be_bought_below_its_price():
    """§4.2: the first company costs its face value less any discount."""
    game = new_game(4, 5)
    error = refused(game, {"type": "bid", "entity": 1, "company": "FRY", "price": 15})
    assert error.rule == "auction"


def test_a_company_without_bids_stops_the_waterfall():
    """§4.2: after a purchase, the next company without bids waits for normal turns."""
    game = new_game(4, 5)
    bid(game, ANN, "FRY", 20)
    assert game.companies["SB"].owner == BANK
    assert auction(game).offered()[0] == "SB"


# -- bids on later companies ----------------------------------------------------------------


def test_a_bid_on_a_later_company_must_be_face_value_plus_5():
    """§4.2: minimum bid = face value + 5; the money is set aside, not paid."""
    game = new_game(4, 5)
    assert refused(game, {"type": "bid", "entity": 1, "company": "GC", "price": 74}).rule == ("auction")
    bid(game, ANN, "GC", 75)
    assert auction(game).bids["GC"] == [[ANN, 75]]
    assert cash(game, ANN) == 600


def test_a_bid_must_beat_the_highest_bid_by_5():
    """§4.2: minimum = highest existing bid + 5."""
    game = new_game(4, 5)
    bid(game, ANN, "GC", 75)
    assert refused(game, {"type": "bid", "entity": 2, "company": "GC", "price": 79}).rule == ("auction")
    bid(game, BO, "GC", 80)
    assert auction(game).bids["GC"] == [[ANN, 75], [BO, 80]]


def test_bids_need_not_be_multiples_of_5():
    """§4.16: the engine only enforces the minimum, not the rulebook's multiples of 5."""
    game = new_game(4, 5)
    bid(game, ANN, "GC", 77)
    assert auction(game).bids["GC"] == [[ANN, 77]]


def test_a_new_bid_by_the_same_player_replaces_the_old_one():
    """§4.2: a player has one standing bid per company."""
    game = new_game(4, 5)
    bid(game, ANN, "GC", 75)
    for player in (BO, CY, DI):
        act(game, "pass", player)
    bid(game, ANN, "GC", 85)
    assert auction(game).bids["GC"] == [[ANN, 85]]


def test_bids_are_limited_to_cash_less_the_players_other_bids():
    """§4.2: maximum = cash − all the player's other standing bids."""
    game = new_game(4, 5)
    bid(game, ANN, "NE", 500)
    for player in (BO, CY, DI):
        act(game, "pass", player)
    assert refused(game, {"type": "bid", "entity": 1, "company": "KHJ", "price": 145}).rule == ("money")
    bid(game, ANN, "MV", 95)
    assert auction(game).bids["MV"] == [[ANN, 95]]


def test_a_single_bid_buys_the_next_company_when_the_one_before_is_sold():
    """§4.2 / rulebook §8.1: one bid → that bidder buys at the bid, and on to the next."""
    game = new_game(4, 5)
    bid(game, ANN, "SB", 50)
    bid(game, BO, "FRY", 20)
    assert game.companies["SB"].owner == ANN
    assert cash(game, ANN) == 550
    assert game.companies["GC"].owner == BANK
    assert game.current_entity() == CY


# -- the resolution auction -----------------------------------------------------------------


def start_resolution(game):
    bid(game, ANN, "SB", 50)
    bid(game, BO, "SB", 55)
    bid(game, CY, "FRY", 20)


def test_two_bids_start_a_resolution_auction_led_by_the_lowest_bidder():
    """§4.2 / rulebook §8.4: the lowest bidder raises or drops out."""
    game = new_game(4, 5)
    start_resolution(game)
    assert auction(game).resolving == "SB"
    assert game.current_entity() == ANN
    assert legal_actions(game)[ANN]["bid"] == [{"company": "SB", "price": 60, "max": 600}]


def test_a_raise_hands_the_turn_to_the_new_lowest_bidder():
    """§4.2 / rulebook §8.4: the lowest bidder always acts; the last one left buys."""
    game = new_game(4, 5)
    start_resolution(game)
    bid(game, ANN, "SB", 60)
    assert game.current_entity() == BO
    act(game, "pass", BO)
    assert game.companies["SB"].owner == ANN
    assert (cash(game, ANN), cash(game, BO)) == (540, 600)


def test_the_last_bidder_left_buys_and_normal_turns_resume_after_the_first_buyer():
    """§4.2: the rotation resumes from where it was (after Cy, who bought FRY)."""
    game = new_game(4, 5)
    start_resolution(game)
    act(game, "pass", ANN)
    assert game.companies["SB"].owner == BO
    assert (cash(game, ANN), cash(game, BO)) == (600, 545)
    assert game.current_entity() == DI


# -- when everybody passes ------------------------------------------------------------------


def test_when_everybody_passes_the_cheapest_company_gets_5_cheaper():
    """§4.2: the company cheapest at the start loses 5 of its price."""
    game = new_game(4, 5)
    everybody_passes(game)
    assert auction(game).price_of_first() == 15
    bid(game, game.current_entity(), "FRY", 15)
    assert game.companies["FRY"].owner == ANN


def test_a_bid_clears_only_the_bidders_pass():
    """§4.2: pass marks are cleared only for the actor; all must be marked to count."""
    game = new_game(4, 5)
    for player in (ANN, BO, CY):
        act(game, "pass", player)
    bid(game, DI, "GC", 75)
    for player in (ANN, BO, CY):
        act(game, "pass", player)
    assert auction(game).price_of_first() == 20
    act(game, "pass", DI)
    assert auction(game).price_of_first() == 15


def test_at_zero_the_cheapest_company_goes_free_to_the_player_after_the_last_passer():
    """§4.2 (reference over rulebook §8.5): at 0 the player seated after the last passer
    gets it for free, and the companies after it are resolved."""
    game = new_game(4, 5)
    bid(game, ANN, "SB", 50)
    for player in (BO, CY, DI, ANN):
        act(game, "pass", player)
    for _ in range(3):
        everybody_passes(game)
    assert game.companies["FRY"].owner == BO  # Ann passed last
    assert cash(game, BO) == 600
    assert game.companies["SB"].owner == ANN
    assert cash(game, ANN) == 550


def test_the_price_drop_applies_to_p2_when_p1_is_removed():
    """§4.16: the cheapest company of the auction (NOJ when FRY is removed, seed 3)."""
    game = new_game(4, 3)
    assert auction(game).offered()[0] == "NOJ"
    everybody_passes(game)
    assert auction(game).price_of_first() == 15


def test_when_everybody_passes_after_the_cheapest_is_sold_the_owned_companies_pay():
    """§4.2: a "phantom OR" — owned privates pay their revenue once; no price drop."""
    game = new_game(4, 5)
    bid(game, ANN, "FRY", 20)
    bank = game.bank
    for player in (BO, CY, DI, ANN):
        act(game, "pass", player)
    assert cash(game, ANN) == 585
    assert game.bank == bank - 5
    assert auction(game).price_of_first() == 45


# -- side effects of purchases --------------------------------------------------------------


def buy_up_to_ne(game):
    for player, company, price in [
        (ANN, "FRY", 20),
        (BO, "SB", 45),
        (CY, "GC", 70),
        (DI, "MV", 90),
        (ANN, "KHJ", 140),
    ]:
        bid(game, player, company, price)


def test_buying_khj_gives_the_minor_to_the_buyer_and_floats_it():
    """§4.2: buying KHJ makes the buyer its owner and floats the minor."""
    game = new_game(4, 5)
    buy_up_to_ne(game)
    assert game.minors["KHJ"].owner == ANN
    assert game.minors["KHJ"].floated


def test_buying_ne_gives_neft_and_waits_for_the_buyers_par():
    """§4.2: NE comes with NEFT and a blocking par step for the buyer."""
    game = new_game(4, 5)
    buy_up_to_ne(game)
    bid(game, BO, "NE", 220)
    assert game.companies["NE"].owner == BO
    assert game.companies["NEFT"].owner == BO
    assert (game.round.kind, game.current_entity()) == ("auction", BO)
    assert [c["share_price"] for c in legal_actions(game)[BO]["par"]] == [
        "100,0,2",
        "90,1,2",
        "82,2,2",
        "76,3,2",
        "71,4,2",
        "67,5,2",
    ]


def test_the_ne_par_is_not_limited_by_cash_and_the_bank_pays_twice_par():
    """§4.2 / §3.6: any par; the president's certificate is free; 2 × par to the treasury."""
    game = new_game(4, 5)
    buy_up_to_ne(game)
    bid(game, BO, "NE", 220)
    finance.pay(game, BO, BANK, cash(game, BO) - 35)
    bank = game.bank
    act(game, "par", BO, corporation="MYJ", share_price="100,0,2")
    corp = game.corporations["MYJ"]
    assert (corp.par, corp.president(), corp.cash) == (100, BO, 200)
    assert cash(game, BO) == 35
    assert game.bank == bank - 200
    assert game.market.positions["MYJ"] == (0, 2)


def test_the_auction_ends_when_all_are_sold_and_priority_goes_after_the_last_actor():
    """§4.2: priority for SR 1 goes to the player after the last regular buy (Bo bought NE,
    so Cy)."""
    game = new_game(4, 5)
    bought = finish_auction(game)
    assert bought[-1] == ("NE", BO)
    assert game.round.kind == "stock"
    assert game.round.entities[0] == CY
