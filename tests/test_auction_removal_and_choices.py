"""A waterfall auction that removes the unsold cheapest company, counts bids on later
companies as passes on it, and sells companies whose buyer takes one of others instead
(``rules.auction.unsold_cheapest``, ``rules.auction.bid_elsewhere_passes``,
``companies.unsold_only_if_all_pass``, ``companies.choose_one_of``; 1868 Wyoming's
auction, here on 18SJ patched by house rules).

Seed 5 with four players offers FRY 20, SB 45, GC 70, MV 90, KHJ 140 and NE 220.
Ann, Bo, Cy and Di sit in that order.
"""

from __future__ import annotations

from sj_support import TITLE_DIR, act, refused

from framework.engine.entities import BANK, CLOSED
from framework.engine.game import Game
from framework.record.replay import game_title
from framework.title.loader import RulesText

ANN, BO, CY, DI = "1", "2", "3", "4"

REMOVED = """overlay: {name: removed}
rules:
  auction: {unsold_cheapest: removed}
"""

ELSEWHERE = """overlay: {name: elsewhere}
rules:
  auction: {unsold_cheapest: removed, bid_elsewhere_passes: true}
"""

ONLY_PASSES = (
    ELSEWHERE.replace("elsewhere}", "only passes}")
    + """companies:
  FRY: {unsold_only_if_all_pass: true}
"""
)

CHOICE = """overlay: {name: choice}
companies:
  SB: {choose_one_of: [GC, MV]}
"""


def game_with(rules: str | None) -> Game:
    house = [RulesText("house.yaml", rules)] if rules else []
    title = game_title(TITLE_DIR, 4, [], house)
    return Game(title, [(1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")], seed=5)


def auction(game: Game):
    return game.round.step("waterfall_auction")


def bid(game: Game, player: str, company: str, price: int) -> None:
    act(game, "bid", player, company=company, price=price)


def everybody_passes(game: Game) -> None:
    for _ in game.humans:
        act(game, "pass", game.current_entity())


def test_with_removed_the_cheapest_everybody_passes_on_leaves_the_game():
    game = game_with(REMOVED)
    everybody_passes(game)
    assert game.companies["FRY"].owner == CLOSED
    assert auction(game).offered()[0] == "SB"
    assert auction(game).price_of_first() == 45


def test_by_default_the_cheapest_everybody_passes_on_gets_cheaper():
    game = game_with(None)
    everybody_passes(game)
    assert game.companies["FRY"].owner == BANK
    assert auction(game).price_of_first() == 15


def test_bids_on_later_companies_count_as_passes_on_the_cheapest():
    game = game_with(ELSEWHERE)
    bid(game, ANN, "GC", 75)
    bid(game, BO, "MV", 95)
    act(game, "pass", CY)
    assert game.companies["FRY"].owner == BANK
    bid(game, DI, "KHJ", 145)
    assert game.companies["FRY"].owner == CLOSED
    assert auction(game).offered()[0] == "SB"
    assert game.current_entity() == ANN


def test_without_bid_elsewhere_passes_bids_do_not_remove_the_cheapest():
    game = game_with(REMOVED)
    for player, company, price in ((ANN, "GC", 75), (BO, "MV", 95), (CY, "KHJ", 145), (DI, "NE", 225)):
        bid(game, player, company, price)
    assert game.companies["FRY"].owner == BANK


def test_a_purchase_of_the_cheapest_starts_the_passing_over():
    game = game_with(ELSEWHERE)
    bid(game, ANN, "GC", 75)
    bid(game, BO, "FRY", 20)
    act(game, "pass", CY)
    act(game, "pass", DI)
    act(game, "pass", ANN)
    assert game.companies["SB"].owner == BANK
    act(game, "pass", BO)
    assert game.companies["SB"].owner == CLOSED
    # GC, with a single bid, is sold as it becomes the cheapest
    assert game.companies["GC"].owner == ANN


def test_unsold_only_if_all_pass_keeps_the_company_after_bids_elsewhere():
    game = game_with(ONLY_PASSES)
    for player, company, price in ((ANN, "GC", 75), (BO, "MV", 95), (CY, "KHJ", 145), (DI, "NE", 225)):
        bid(game, player, company, price)
    assert game.companies["FRY"].owner == BANK
    everybody_passes(game)
    assert game.companies["FRY"].owner == CLOSED


def test_the_choices_are_not_offered_in_the_auction():
    game = game_with(CHOICE)
    assert auction(game).offered() == ["FRY", "SB", "KHJ", "NE"]
    assert refused(game, {"type": "bid", "entity": 1, "company": "GC", "price": 75}).rule == "auction"


def test_the_buyer_of_a_company_with_choices_takes_one_and_the_rest_close():
    game = game_with(CHOICE)
    bid(game, ANN, "FRY", 20)
    bid(game, BO, "SB", 45)
    assert game.current_entity() == BO
    assert refused(game, {"type": "bid", "entity": 2, "company": "KHJ", "price": 145}).rule == (
        "choose_one_of"
    )
    assert refused(game, {"type": "pass", "entity": 2}) is not None
    bid(game, BO, "MV", 0)
    assert game.companies["MV"].owner == BO
    assert game.companies["SB"].owner == CLOSED
    assert game.companies["GC"].owner == CLOSED
    assert game.players_by_id[BO].cash == 600 - 45
    assert game.current_entity() == CY


def test_a_settled_bid_on_a_company_with_choices_waits_for_the_choice():
    game = game_with(CHOICE)
    bid(game, ANN, "SB", 50)
    bid(game, BO, "KHJ", 145)
    bid(game, CY, "FRY", 20)
    assert game.current_entity() == ANN
    assert game.companies["KHJ"].owner == BANK
    bid(game, ANN, "GC", 0)
    assert game.companies["GC"].owner == ANN
    # KHJ, the next with a single bid, is sold once the choice is made
    assert game.companies["KHJ"].owner == BO
    assert game.current_entity() == DI
