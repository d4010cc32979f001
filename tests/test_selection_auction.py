"""The selection auction (``selection_auction``): the companies go up for auction one at
a time, in the title's order, as 18xx.games' ``SelectionAuction`` plays it (1844, 18PA).

Played on 1830 with a house rule that makes its private auction one: SV (20), CS (40),
DH (70), MH (110), CA (160), BO (220); four players with 600 each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import refused

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.record.replay import game_title
from framework.title.loader import RulesText

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]
RULE = "rounds:\n  auction:\n    kind: auction\n    steps: [company_pending_par, selection_auction]\n"


@pytest.fixture
def game() -> Game:
    title = game_title(ROOT / "titles" / "1830", 4, (), [RulesText("house.yaml", RULE)])
    return Game(title, SEATS, 1)


def act(game: Game, kind: str, player: str, **fields) -> None:
    game.process({"type": kind, "entity": player, **fields})


def player_1_buys_sv(game: Game) -> None:
    """Player 1 bids SV's value and the others pass: they buy it."""
    act(game, "bid", "1", company="SV", price=20)
    for player in ("2", "3", "4"):
        act(game, "pass", player)


def up(game: Game) -> str | None:
    return game.round.step("selection_auction").up


def test_the_first_company_is_up_and_the_first_player_bids_or_passes(game):
    assert up(game) == "SV" and game.current_entity() == "1"
    assert legal_actions(game)["1"]["bid"] == [{"company": "SV", "price": 20, "max": 600}]
    assert "pass" in legal_actions(game)["1"]


def test_the_last_bidder_buys_and_the_turn_goes_on_after_the_opener(game):
    player_1_buys_sv(game)
    assert game.companies["SV"].owner == "1" and game.players_by_id["1"].cash == 580
    assert up(game) == "CS" and game.current_entity() == "2"


def test_the_turn_in_an_auction_goes_to_the_bidder_after_the_best_bid(game):
    player_1_buys_sv(game)
    act(game, "bid", "2", company="CS", price=40)
    act(game, "bid", "3", company="CS", price=45)
    act(game, "pass", "4")
    act(game, "pass", "1")
    assert game.current_entity() == "2"  # after 3, the best bid, among 2 and 3
    act(game, "pass", "2")
    assert game.companies["CS"].owner == "3" and game.players_by_id["3"].cash == 555


def test_a_bid_below_the_least_or_on_another_company_is_refused(game):
    assert refused(game, {"type": "bid", "entity": "1", "company": "SV", "price": 15}).rule == "auction"
    act(game, "bid", "1", company="SV", price=20)
    assert refused(game, {"type": "bid", "entity": "2", "company": "SV", "price": 24}).rule == "auction"
    assert refused(game, {"type": "bid", "entity": "2", "company": "CS", "price": 40}).rule == "auction"


def test_when_nobody_bids_the_first_company_gets_cheaper_and_at_nothing_goes_free(game):
    for price in (15, 10, 5):
        for player in ("1", "2", "3", "4"):
            act(game, "pass", player)
        assert up(game) == "SV" and legal_actions(game)["1"]["bid"][0]["price"] == price
    for player in ("1", "2", "3", "4"):
        act(game, "pass", player)
    assert game.companies["SV"].owner == "2" and game.players_by_id["2"].cash == 600
    assert up(game) == "CS" and game.current_entity() == "2"


def test_once_the_first_is_sold_a_round_of_passes_pays_the_companies(game):
    player_1_buys_sv(game)
    for player in ("2", "3", "4", "1"):
        act(game, "pass", player)
    assert game.players_by_id["1"].cash == 580 + 5  # SV's revenue
    assert up(game) == "CS" and legal_actions(game)["2"]["bid"][0]["price"] == 40


def test_the_round_ends_when_every_company_is_sold(game):
    prices = {"SV": 20, "CS": 40, "DH": 70, "MH": 110, "CA": 160, "BO": 220}
    while game.round.kind == "auction" and up(game) is not None:
        company, player = up(game), game.current_entity()
        act(game, "bid", player, company=company, price=prices[company])
        while up(game) == company:
            act(game, "pass", game.current_entity())
    assert all(game.companies[c].owner != "bank" for c in prices)
    buyer = game.companies["BO"].owner  # the B&O's president sets its par first
    assert game.round.kind == "auction" and list(legal_actions(game)[buyer]) == ["par"]
    act(game, "par", buyer, corporation="B&O", share_price="100,0,6")
    assert game.round.kind == "stock"
