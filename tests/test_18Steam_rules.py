"""18Steam played by the rules: the share phase, the Age of Steam turn run by corporations,
the final dividend and the end of the game.

The rules are the 18Steam text (``18Steam-rules.txt``), the Age of Steam reference
(``reference/18Steam/age-of-steam.md``, cited as §3.2 and so on) and the decisions of
``titles/18Steam/README.md`` (cited as "assumption 16" and so on). Positions are
played with the real engine (``tests/steam_support.py``); where a test edits the state
its docstring says so and why.

Hex ids: the letter is the column, the number ``2 × row + column mod 2 + 1``; edges are
0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE. The places used: Chicago H12 (red), St. Louis F20
(red), Cincinnati M17 (blue), Pittsburgh R12 (red), Wheeling Q17 (yellow); the towns
Milwaukee H8, Rock Island F14, Michigan City J12, Springfield G17, Lexington N20.
"""

from __future__ import annotations

import copy
import itertools
import re

import pytest
from steam_hooks import INCOME, INCOME_START, LOCOMOTIVE, link_id, rank_moves
from steam_support import (
    TITLE_DIR,
    act,
    advance,
    buy,
    cash,
    certificate,
    default_action,
    earnings,
    end_trade,
    frozen,
    give,
    holdings,
    income,
    lay,
    locomotive,
    network,
    new_game,
    options,
    owners,
    pass_build_until,
    pass_until,
    price,
    put_cubes,
    refused,
    sell,
    share_phase,
    vote_all,
)

from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.engine.entities import POOL
from framework.engine.invariants import broken_invariants
from framework.engine.state import game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.title.loader import RulesText

# Seed 1, four players: every corporation starts at $5 (the middle of the market, [3, 4])
# but GRAY at $6; player 1 starts the first share phase.
SEED = 1

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def cell(game, sym: str) -> tuple[int, int]:
    return game.market.positions[sym]


def at(row: int, col: int) -> int:
    """The price of a market cell (assumption 1: max(1, col + 1 + 2 × (3 − row)))."""
    return max(1, col + 1 + 2 * (3 - row))


def set_cash(game, sym: str, amount: int) -> None:
    """Give a corporation exactly ``amount``, from or to the bank (money stays conserved)."""
    corp = game.corporations[sym]
    game.bank -= amount - corp.cash
    corp.cash = amount


def to_next(game, kind: str, picks: dict[str, str] | None = None) -> None:
    """Leave the round being played and play neutral decisions up to the next ``kind``."""
    advance(game, kind, picks, leave=True)


# =========================================================================================
# 1. The share phase
# =========================================================================================


def test_players_start_with_20_and_corporations_with_nothing():
    game = new_game(4, SEED)
    assert [p.cash for p in game.players] == [20, 20, 20, 20]
    assert {sym: c.cash for sym, c in game.corporations.items()} == dict.fromkeys(game.corporations, 0)
    assert game.bank == 10_000 - 4 * 20
    assert game.layer_state.order == []  # nobody is active before the first president's certificate


def test_start_prices_follow_one_die_per_corporation():
    """1–2: the 4 left of the middle; 3–4: the middle 5; 5–6: the 6 right of it."""
    expected = {
        1: (4, (3, 3)),
        2: (4, (3, 3)),
        3: (5, (3, 4)),
        4: (5, (3, 4)),
        5: (6, (3, 5)),
        6: (6, (3, 5)),
    }
    faces = set()
    for seed in range(1, 13):
        game = new_game(4, seed)
        rolls = [re.fullmatch(r"(\w+) starts at (\d+) \(a (\d) was rolled\)", m) for m in game.messages]
        rolls = [m for m in rolls if m]
        assert [m[1] for m in rolls] == list(game.corporations)
        for m in rolls:
            sym, face = m[1], int(m[3])
            assert (price(game, sym), cell(game, sym)) == expected[face]
            assert int(m[2]) == expected[face][0]
            faces.add(face)
    assert faces == {1, 2, 3, 4, 5, 6}


def test_the_first_share_phase_starts_with_a_random_player():
    starters = {seed: new_game(4, seed).current_entity() for seed in range(1, 9)}
    assert set(starters.values()) == {"1", "2", "3", "4"}
    assert starters[SEED] == "1"


def test_the_last_player_to_buy_or_sell_starts_the_next_share_phase():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "BLUE")
    buy(game, "3", "RED")  # the last trade of the phase
    end_trade(game)
    to_next(game, "shares")
    assert game.turn == 2 and game.round.entities == ["3", "4", "1", "2"]
    assert game.current_entity() == "3"
    # assumption 18: when nobody trades, the holder of the starting-player marker keeps it
    end_trade(game)
    to_next(game, "shares")
    assert game.turn == 3 and game.current_entity() == "3"


def test_a_turn_is_one_buy_or_a_sale_or_a_pass():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    assert game.current_entity() == "2"  # one certificate, and the turn passes on
    error = refused(game, {"type": "buy_shares", "entity": "2", "shares": ["RED_1", "RED_2"]})
    assert error.rule == "buying" and "exactly one" in str(error)
    buy(game, "2", "BLUE")
    buy(game, "3", "RED")
    buy(game, "3", "RED")
    buy(game, "3", "BLUE")
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    # RED: 3 certificates bought in phase 1, so it moved up from the 5 to the 7
    assert price(game, "RED") == at(2, 4) == 7
    pass_until(game, "3")
    error = refused(game, {"type": "sell_shares", "entity": "3", "shares": ["RED_1", "TEAL_1"]})
    assert error.rule == "shares" and "no corporation TEAL" in str(error)
    before = cash(game, "3")
    act(game, "sell_shares", "3", shares=["RED_1", "RED_2"])  # several of one corporation at once
    assert cash(game, "3") - before == 2 * 7
    assert holdings(game, "RED")[POOL] == 20
    assert game.current_entity() == "4"


def test_the_first_certificate_is_the_presidents_at_twice_the_price():
    game = new_game(4, SEED)
    listed = options(game, "1")["buy_shares"]
    assert {"shares": ["RED_0"], "percent": 20} in listed
    assert not any(c["shares"] == ["RED_1"] for c in listed)
    error = refused(game, {"type": "buy_shares", "entity": "1", "shares": ["RED_1"]})
    assert error.rule == "president's certificate"
    assert error.detail == "the first certificate of RED bought is its president's"
    bank = game.bank
    act(game, "buy_shares", "1", shares=["RED_0"])
    assert cash(game, "1") == 20 - 2 * 5
    assert cash(game, "RED") == 10  # from the treasury: the money goes to the corporation
    assert game.bank == bank
    assert holdings(game, "RED") == {"1": 20, "RED": 80}
    assert "RED" in game.layer_state.order  # active as soon as its president's certificate is sold


def test_a_presidents_certificate_beyond_the_players_cash_is_refused_for_the_money():
    """Player 1 keeps $9 (the rest to the bank for the test): RED's president's
    certificate at 2 × $5 is beyond it, and the refusal says so, not that the first
    certificate must be the president's."""
    game = new_game(4, SEED)
    game.players_by_id["1"].cash, game.bank = 9, game.bank + 11
    error = refused(game, {"type": "buy_shares", "entity": "1", "shares": ["RED_0"]})
    assert error.rule == "money"
    assert error.detail == "Player 1 has 9 and cannot pay 10 for RED_0, RED's president's certificate (2 × 5)"
    assert not any(c["shares"] == ["RED_0"] for c in options(game, "1").get("buy_shares", []))


def test_a_certificate_that_does_not_exist_is_named():
    game = new_game(4, SEED)
    error = refused(game, {"type": "buy_shares", "entity": "1", "shares": ["RED_9"]})
    assert (error.rule, error.detail) == ("shares", "there is no certificate RED_9")


def test_a_corporation_without_a_president_offers_all_its_certificates():
    """No vote in the phase where a corporation gets its president: its other eight
    certificates are for sale at once (assumption 16)."""
    game = new_game(4, SEED)
    assert game.round.stage == "trade"
    buy(game, "1", "RED")
    assert {"shares": ["RED_1"], "percent": 10} in options(game, "2")["buy_shares"]
    for player in ("2", "3", "4", "2"):
        buy(game, player, "RED")
    assert holdings(game, "RED") == {"1": 20, "2": 20, "3": 10, "4": 10, "RED": 40}


def test_treasury_certificates_pay_the_corporation_and_bank_certificates_the_bank():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")  # a treasury certificate: $5 to RED
    assert (cash(game, "2"), cash(game, "RED")) == (15, 15)
    end_trade(game)
    to_next(game, "shares")
    vote_all(game, 0)
    # RED moved up to the 7 (two certificates bought), then paid its president $2 and
    # player 2 $1 and its locomotive $1 in turn 1
    assert price(game, "RED") == 7 and cash(game, "RED") == 15 - 1 - 3
    sell(game, "2", "RED")
    assert holdings(game, "RED")[POOL] == 10
    red, bank = cash(game, "RED"), game.bank
    buy(game, "3", "RED", source="bank")
    assert cash(game, "3") == 20 - 7
    assert game.bank == bank + 7 and cash(game, "RED") == red


def test_activation_and_the_starting_locomotive():
    """The first two corporations start at level 1; later ones at the second-lowest level
    of the active corporations: levels 1, 2, 2, 3 give 2."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED"), ("2", "BLUE"), ("3", "GREEN"), ("4", "YELLOW")])
    assert game.layer_state.order == ["RED", "BLUE", "GREEN", "YELLOW"]  # in the order they became active
    assert [locomotive(game, s) for s in ("RED", "BLUE", "GREEN", "YELLOW")] == [1, 1, 1, 1]
    advance(game, "move", picks={"YELLOW": "locomotive"})
    assert locomotive(game, "YELLOW") == 2
    while game.round.name == "move":
        sym = game.current_entity()
        if sym != "RED" and "upgrade_locomotive" in options(game, sym):
            act(game, "upgrade_locomotive", sym)
        else:
            act(game, "pass", sym)
    assert [locomotive(game, s) for s in ("RED", "BLUE", "GREEN", "YELLOW")] == [1, 2, 2, 3]
    advance(game, "shares")
    assert (
        "PURPLE" not in game.layer_state.order and "GRAY" not in game.layer_state.order
    )  # inactive: they sit out
    buyer = next(p.id for p in game.players if p.cash >= 2 * price(game, "PURPLE"))
    buy(game, buyer, "PURPLE")
    assert locomotive(game, "PURPLE") == 2
    assert game.layer_state.order[-1] == "PURPLE"  # assumption 19: it joins the end of the order
    assert "PURPLE is active with locomotive 2" in game.messages


def test_the_second_corporation_starts_at_level_1_whatever_the_first_has():
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED")])
    advance(game, "actions")
    act(game, "select_action", "RED", action="locomotive")
    assert locomotive(game, "RED") == 2
    advance(game, "shares")
    buy(game, "2", "BLUE")
    assert locomotive(game, "BLUE") == 1  # the second corporation: level 1, not RED's 2
    buy(game, "3", "GREEN")
    assert locomotive(game, "GREEN") == 2  # the levels are 1 and 2: the second-lowest is 2


def test_a_sell_turn_sells_certificates_of_several_corporations():
    """ "Sell one or more share certificates": player 2 sells a RED and a BLUE certificate
    in one turn; both reach the bank, both count as sold for the price moves, and the turn
    passes once. A sale naming a certificate player 2 does not hold sells nothing, and the
    refusal says so (the certificate exists); only one that does not exist (BLUE has
    BLUE_0 to BLUE_8) is "no certificate"."""
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    buy(game, "3", "BLUE")
    buy(game, "2", "BLUE")
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    pass_until(game, "2")
    red, blue = certificate(game, "RED", "2"), certificate(game, "BLUE", "2")
    error = refused(
        game, {"type": "sell_shares", "entity": "2", "shares": [red, certificate(game, "BLUE", "BLUE")]}
    )
    blue_treasury = certificate(game, "BLUE", "BLUE")
    assert str(error) == f"Player 2 does not hold {blue_treasury} (selling)"  # it exists
    error = refused(game, {"type": "sell_shares", "entity": "2", "shares": [red, "BLUE_9"]})
    assert error.rule == "shares" and "there is no certificate BLUE_9" in str(error)
    act(game, "sell_shares", "2", shares=[red, blue])
    assert "2" not in holdings(game, "RED") and "2" not in holdings(game, "BLUE")
    assert holdings(game, "RED")[POOL] == 10 and holdings(game, "BLUE")[POOL] == 10
    assert game.round.counts["RED"][1] == 1 and game.round.counts["BLUE"][1] == 1
    assert game.round.current_entity() != "2"


def test_no_buying_and_selling_the_same_corporation_in_one_turn():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    pass_until(game, "2")
    assert "sell_shares" not in options(game, "2")
    error = refused(game, {"type": "sell_shares", "entity": "2", "shares": ["RED_1"]})
    assert error.rule == "selling" and "bought RED" in str(error)
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    sell(game, "2", "RED")
    pass_until(game, "2")
    assert not any(c["shares"][0].startswith("RED") for c in options(game, "2")["buy_shares"])
    for source in ("RED_1", certificate(game, "RED", "RED")):  # from the bank or the treasury
        error = refused(game, {"type": "buy_shares", "entity": "2", "shares": [source]})
        assert error.rule == "buying" and "sold RED" in str(error)
    buy(game, "2", "BLUE")  # another corporation is fine
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    buy(game, "2", "RED", source="bank")  # a new game turn
    assert holdings(game, "RED")["2"] == 10


RICH = RulesText(
    "rich.yaml", "overlay: {name: Rich players}\nbank: {starting_cash: {3: 60, 4: 60, 5: 60, 6: 60}}\n"
)


def test_at_most_five_certificates_of_one_corporation():
    """Players start with $60 (an overlay): $20 does not buy five certificates."""
    game = new_game(4, SEED, rules=[RICH])
    for _ in range(5):
        buy(game, "1", "RED")
    assert len(game.corporations["RED"].certificates_of("1")) == 5  # the president's counts as one
    assert holdings(game, "RED")["1"] == 60
    pass_until(game, "1")
    assert cash(game, "1") >= price(game, "RED")
    assert not any(c["shares"][0].startswith("RED") for c in options(game, "1")["buy_shares"])
    error = refused(game, {"type": "buy_shares", "entity": "1", "shares": ["RED_5"]})
    assert error.rule == "buying" and "more than 5" in str(error)


def test_the_presidents_certificate_cannot_be_sold():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "1", "RED")
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    pass_until(game, "1")
    assert options(game, "1")["sell_shares"] == [{"shares": ["RED_1"], "percent": 10}]
    error = refused(game, {"type": "sell_shares", "entity": "1", "shares": ["RED_0"]})
    assert error.rule == "president's certificate"
    error = refused(game, {"type": "sell_shares", "entity": "1", "shares": ["RED_1", "RED_0"]})
    assert error.rule == "president's certificate"


def test_the_presidency_passes_only_to_a_player_with_strictly_more():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    buy(game, "2", "RED")
    assert game.corporations["RED"].president() == "1"  # 20% against 20%: the president keeps it
    buy(game, "2", "RED")
    corp = game.corporations["RED"]
    assert corp.president() == "2"
    assert holdings(game, "RED") == {"1": 20, "2": 30, "RED": 50}
    assert sorted(s.percent for s in corp.certificates_of("1")) == [10, 10]  # swapped for two 10%
    assert sorted(s.percent for s in corp.certificates_of("2")) == [10, 20]


@pytest.mark.parametrize(
    ("votes", "offered"),
    [
        ({"1": 3, "2": 1, "3": 0}, 1),  # 3 has 20 of 40 (not more than half); 1 or more has 30
        ({"1": 6, "2": 0, "3": 6}, 6),  # 30 of 40 for all six
        ({"1": 6, "2": 0, "3": 0}, 0),  # the president's 20 of 40 is not a majority
    ],
)
def test_the_treasury_vote(votes, offered):
    """Holders of RED: player 1 20% (president), players 2 and 3 10% each; RED's treasury
    holds six certificates."""
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    buy(game, "3", "RED")
    end_trade(game)
    to_next(game, "shares")
    assert game.round.stage == "vote"
    order = []
    while game.round.stage == "vote":
        voter = game.current_entity()
        assert options(game, voter)["vote"][-1] == {"corporation": "RED", "count": 6}
        order.append(voter)
        act(game, "vote", voter, corporation="RED", count=votes[voter])
    assert order == ["3", "1", "2"]  # in turn order, from the last trader: only holders vote
    assert f"RED offers {offered} treasury certificate(s)" in game.messages
    if offered:
        buy(game, "4", "RED")
    pass_until(game, "4")
    treasury = certificate(game, "RED", "RED")
    listed = [c["shares"] for c in options(game, "4").get("buy_shares", [])]
    assert ([treasury] in listed) == (offered > 1)  # still on offer after one is sold?
    if offered <= 1:
        error = refused(game, {"type": "buy_shares", "entity": "4", "shares": [treasury]})
        assert error.rule == "treasury offer"
        assert error.detail == "RED's treasury offers no more certificates in this share phase"


def test_a_corporation_buys_back_from_the_bank_after_everyone_passed():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    sell(game, "2", "RED")
    end_trade(game)
    assert game.round.stage == "buy_back" and game.current_entity() == "RED"
    assert options(game, "RED")["buy_shares"] == [{"shares": ["RED_1"], "percent": 10}]
    act(game, "pass", "RED")  # the president decides: not this time
    advance(game, "shares")
    vote_all(game)
    # phase 1: two bought, up to the 7; phase 2: one sold, left to the 6
    assert cell(game, "RED") == (2, 3) and price(game, "RED") == 6
    end_trade(game)
    assert game.current_entity() == "RED"
    red, bank = cash(game, "RED"), game.bank
    act(game, "buy_shares", "RED", shares=["RED_1"])
    assert cash(game, "RED") == red - 6 and game.bank == bank + 6  # at the price before the moves
    assert holdings(game, "RED") == {"1": 20, "RED": 80}
    assert game.round.kind != "share_phase"
    assert cell(game, "RED") == (2, 4)  # the buy-back counts as one certificate bought: right


def test_end_of_phase_price_moves():
    game = new_game(4, SEED)
    buy(game, "1", "RED")  # RED: one bought
    buy(game, "2", "BLUE")
    buy(game, "3", "BLUE")  # BLUE: two bought
    buy(game, "4", "GREEN")
    buy(game, "1", "GREEN")
    buy(game, "3", "GREEN")  # GREEN: three bought
    end_trade(game)
    to_next(game, "turn_order")
    assert (cell(game, "RED"), cell(game, "BLUE"), cell(game, "GREEN")) == ((3, 5), (2, 4), (2, 4))
    prices = [price(game, s) for s in ("RED", "BLUE", "GREEN", "YELLOW")]
    assert prices == [6, 7, 7, 5]  # YELLOW: nothing bought
    advance(game, "shares")
    vote_all(game, 0)
    # turn 1's ranking moved nobody: three corporations all earning 0 tie across right and left
    assert (cell(game, "BLUE"), cell(game, "GREEN")) == ((2, 4), (2, 4))
    sell(game, "3", "BLUE")  # BLUE: one sold
    sell(game, "1", "GREEN")
    sell(game, "3", "GREEN")  # GREEN: two sold
    end_trade(game)
    to_next(game, "turn_order")
    assert (cell(game, "BLUE"), cell(game, "GREEN")) == ((2, 3), (3, 4))
    assert (price(game, "BLUE"), price(game, "GREEN")) == (6, 5)


def test_buys_and_sells_of_one_corporation_both_move_it_buys_first():
    """Assumption 17: RED (at the 7, [2, 4], after phase 1) has two certificates bought and
    one sold in phase 2: up, then left."""
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    buy(game, "2", "RED")
    end_trade(game)
    to_next(game, "shares")
    vote_all(game)
    assert cell(game, "RED") == (2, 4)
    buy(game, "3", "RED")
    buy(game, "4", "RED")
    sell(game, "2", "RED")
    end_trade(game)
    act(game, "pass", "RED")  # no buy-back
    assert cell(game, "RED") == (1, 3) and price(game, "RED") == at(1, 3) == 8


@pytest.mark.parametrize(
    ("start", "direction", "end"),
    [
        ((3, 8), "right", (2, 8)),  # the printed arrow at the right end of a row: up
        ((3, 0), "left", (4, 0)),  # at the left end: down
        ((0, 4), "up", (0, 5)),  # cannot go up: right
        ((6, 4), "down", (6, 3)),  # cannot go down: left
        ((0, 8), "right", (0, 8)),  # the top right corner stays
    ],
)
def test_market_edges(start, direction, end):
    game = new_game(4, SEED)
    assert game.market.step(start, direction) == end


def test_a_buy_at_the_right_end_of_the_market_follows_the_arrow_up():
    """The test puts RED's marker on the right end of row 3 (a die never does)."""
    game = new_game(4, SEED)
    game.market.place("RED", (3, 8))
    buy(game, "1", "RED")
    assert cash(game, "1") == 20 - 2 * 9
    end_trade(game)
    assert game.round.kind != "share_phase"
    assert cell(game, "RED") == (2, 8) and price(game, "RED") == 11


def test_players_may_give_money_to_a_corporation_at_any_time():
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    assert game.current_entity() == "2"
    act(game, "give_money", "3", corporation="RED", amount=4)  # not player 3's turn
    assert (cash(game, "3"), cash(game, "RED"), game.current_entity()) == (16, 14, "2")
    error = refused(game, {"type": "give_money", "entity": "3", "corporation": "RED", "amount": 17})
    assert error.rule == "gifts"
    end_trade(game)
    advance(game, "build")
    assert options(game, "1")["give_money"] == [{"corporation": "RED", "amount": 1, "max": 10}]
    act(game, "give_money", "4", corporation="RED", amount=20)
    assert (cash(game, "4"), cash(game, "RED")) == (0, 34)


# =========================================================================================
# 2. The auction for turn order
# =========================================================================================


@frozen
def four_active() -> object:
    """Seed 1, four players: 1 RED, 2 BLUE, 3 GREEN, 4 YELLOW (president's certificates,
    $10 each); turn 1's auction, in the order they became active."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED"), ("2", "BLUE"), ("3", "GREEN"), ("4", "YELLOW")])
    return game


def test_auction_payments_5_4_2_0():
    """§3.2: the first to drop out goes last and pays nothing; the first two places pay
    their bid; the others half, rounded up."""
    game = four_active()
    assert game.round.name == "turn_order" and game.layer_state.order == ["RED", "BLUE", "GREEN", "YELLOW"]
    before = {s: cash(game, s) for s in game.layer_state.order}
    bank = game.bank
    act(game, "bid", "RED", price=3)
    error = refused(game, {"type": "bid", "entity": "BLUE", "price": 3})
    assert error.rule == "bid"
    act(game, "bid", "BLUE", price=4)
    act(game, "bid", "GREEN", price=5)
    act(game, "pass", "YELLOW")  # drops out first
    act(game, "pass", "RED")  # bid 3
    act(game, "pass", "BLUE")  # bid 4
    assert game.layer_state.order == ["GREEN", "BLUE", "RED", "YELLOW"]
    paid = {s: before[s] - cash(game, s) for s in before}
    assert paid == {"GREEN": 5, "BLUE": 4, "RED": 2, "YELLOW": 0}
    assert game.bank == bank + 11


@frozen
def turn_order_pass_auction() -> object:
    """:func:`four_active`; everybody drops out of turn 1's auction (order YELLOW,
    GREEN, BLUE, RED) and YELLOW takes the turn order pass; turn 2's auction."""
    game = four_active()
    advance(game, "actions")
    assert game.layer_state.order == ["YELLOW", "GREEN", "BLUE", "RED"]
    act(game, "select_action", "YELLOW", action="turn_order_pass")
    advance(game, "turn_order")
    return game


def test_the_turn_order_pass_passes_once_without_dropping_out():
    game = turn_order_pass_auction()
    assert "turn_order_pass" in options(game, "YELLOW")
    act(game, "turn_order_pass", "YELLOW")
    act(game, "bid", "GREEN", price=1)
    act(game, "pass", "BLUE")
    act(game, "pass", "RED")
    assert game.current_entity() == "YELLOW"  # still bidding
    assert "turn_order_pass" not in options(game, "YELLOW")  # once only
    error = refused(game, {"type": "turn_order_pass", "entity": "YELLOW"})
    assert error.rule == "turn order pass"
    before = {s: cash(game, s) for s in ("YELLOW", "GREEN", "BLUE", "RED")}
    act(game, "bid", "YELLOW", price=2)
    act(game, "pass", "GREEN")
    assert game.layer_state.order == ["YELLOW", "GREEN", "RED", "BLUE"]
    paid = {s: before[s] - cash(game, s) for s in before}
    assert paid == {"YELLOW": 2, "GREEN": 1, "BLUE": 0, "RED": 0}
    assert game.layer_state.turn_order_pass == []  # for one auction only


def test_no_turn_order_pass_when_two_bidders_remain():
    game = turn_order_pass_auction()
    act(game, "bid", "YELLOW", price=1)
    act(game, "pass", "GREEN")
    act(game, "pass", "BLUE")
    act(game, "bid", "RED", price=2)
    assert game.current_entity() == "YELLOW"
    assert "turn_order_pass" not in options(game, "YELLOW")
    error = refused(game, {"type": "turn_order_pass", "entity": "YELLOW"})
    assert error.rule == "turn order pass"


# =========================================================================================
# 3. Selecting actions
# =========================================================================================


def test_each_operator_takes_one_free_action():
    game = four_active()
    advance(game, "actions")
    first, second = game.layer_state.order[:2]
    assert [c["action"] for c in options(game, first)["select_action"]] == [
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        "production",
        "turn_order_pass",
    ]
    act(game, "select_action", first, action="engineer")
    assert game.current_entity() == second
    assert {"action": "engineer"} not in options(game, second)["select_action"]
    error = refused(game, {"type": "select_action", "entity": second, "action": "engineer"})
    assert error.rule == "actions"


def test_the_locomotive_action_raises_the_locomotive_at_once():
    game = four_active()
    advance(game, "actions")
    first = game.layer_state.order[0]
    act(game, "select_action", first, action="locomotive")
    assert locomotive(game, first) == 2  # before anybody builds or moves


def test_the_locomotive_action_does_nothing_at_level_6():
    """The test puts the first corporation's locomotive at 6 (the top level)."""
    game = four_active()
    advance(game, "actions")
    first = game.layer_state.order[0]
    game.corporations[first].counters[LOCOMOTIVE] = 6
    act(game, "select_action", first, action="locomotive")
    assert locomotive(game, first) == 6


# =========================================================================================
# 4. Building track
# =========================================================================================


def build_turn(pick: str = "engineer") -> object:
    return _build_turn(pick)()


_BUILD_POSITIONS: dict[str, object] = {}


def _build_turn(pick: str):
    """Seed 1, four players: player 1 is RED's president, player 2 BLUE's; the players give
    RED $30 (it has $40) and BLUE $10 ($20). RED takes ``pick``, BLUE the first free
    neutral action. Turn 1's build round: BLUE builds first, then RED (RED first with
    first_build)."""
    if pick not in _BUILD_POSITIONS:

        @frozen
        def position():
            game = new_game(4, SEED)
            share_phase(game, [("1", "RED"), ("2", "BLUE")], gifts={"RED": 30, "BLUE": 10})
            advance(game, "build", picks={"RED": pick})
            return game

        _BUILD_POSITIONS[pick] = position
    return _BUILD_POSITIONS[pick]


def next_build_turn(game, picks: dict[str, str] | None = None) -> None:
    to_next(game, "build", picks or {"RED": "engineer"})


COSTS = {
    "simple on a river": ([("F18", "gentle", 3)], [], 3),
    "crossing on a mountain": ([("Q13", "sharp", 2), ("R14", "crossing-curves", 0)], [], 6),
    "3-exit town tile": ([("H10", "straight", 0), ("H8", "town-left", 0)], [], 4),
    "2-exit town (tile and disc)": ([("H10", "straight", 0), ("H8", "straight", 0)], [], 3),
    "simple on a plain": ([("H10", "straight", 0)], [], 2),
    "simple to crossing": ([("G13", "straight", 1), ("H14", "sharp", 0)], [("G13", "x", 0)], 3),
    "replacement in a town": ([("H10", "straight", 0), ("H8", "town-1", 3)], [("H8", "town-left", 0)], 3),
    "simple to coexisting": (
        [("G11", "sharp", 2), ("H10", "straight", 0)],
        [("H10", "straight-sharp", 0)],
        2,
    ),
    "redirect": ([("G11", "sharp", 2)], [("G11", "gentle", 2)], 2),
}


@pytest.mark.parametrize("case", list(COSTS))
def test_build_costs(case):
    """§3.4 and the §6 checklist. The last lay is the one priced; replacements come in the
    next turn (one build per hex per turn)."""
    first, later, cost = COSTS[case]
    game = build_turn()
    lay(game, "RED", *(first if later else first[:-1]))
    if later:
        next_build_turn(game)
    hex_id, tile, rotation = (later or first)[-1]
    red, bank = cash(game, "RED"), game.bank
    lay(game, "RED", (hex_id, tile, rotation))
    assert red - cash(game, "RED") == cost
    assert game.bank - bank == cost
    assert game.layer_state.placed[hex_id].tile == tile


def test_replacing_keeps_the_old_track_and_its_owner():
    game = build_turn()
    lay(game, "RED", ("G13", "straight", 1), ("H14", "sharp", 0))
    next_build_turn(game)
    lay(game, "RED", ("G13", "x", 0))
    segments = {frozenset(s.ends): s.owner for s in game.layer_state.placed["G13"].segments}
    assert segments == {frozenset({1, 4}): "RED", frozenset({2, 5}): "RED"}


def test_an_ordinary_tile_in_a_town_runs_to_the_town():
    game = build_turn()
    lay(game, "RED", ("H10", "straight", 0), ("H8", "straight", 0))
    placed = game.layer_state.placed["H8"]
    assert placed.disc and {frozenset(s.ends) for s in placed.segments} == {
        frozenset({0, "T"}),
        frozenset({3, "T"}),
    }
    track = game.layer_state.track(game)
    (link,) = track.links()
    assert {link.start.hex, link.end.hex} == {"H12", "H8"} and link.owner == "RED"


@pytest.mark.parametrize(
    ("lays", "refusal", "rule"),
    [
        ([], ("I13", "straight", 0), "build"),  # its north side faces the lake I11
        ([], ("A19", "sharp", 4), "build"),  # its south-west side is off the map
        ([], ("H10", "town-1", 3), "town tiles"),  # no town in H10
        ([], ("H12", "straight", 0), "build"),  # a city hex takes no tile
        ([], ("C9", "straight", 0), "connection"),  # nowhere near a city or RED's track
        ([("G11", "sharp", 2)], ("H10", "sharp", 4), "loop"),  # Chicago–G11–H10–Chicago
        ([("G11", "sharp", 2)], ("G11", "gentle", 2), "build"),  # G11 again in the same turn
    ],
)
def test_build_refusals(lays, refusal, rule):
    game = build_turn()
    lay(game, "RED", *lays)
    pass_build_until(game, "RED")
    hex_id, tile, rotation = refusal
    assert {"hex": hex_id, "tile": tile, "rotation": rotation} not in options(game, "RED")["lay_tile"]
    error = refused(
        game, {"type": "lay_tile", "entity": "RED", "hex": hex_id, "tile": tile, "rotation": rotation}
    )
    assert error.rule == rule


def test_new_track_may_not_join_another_corporations_track():
    game = build_turn("first_build")
    lay(game, "RED", ("G11", "sharp", 2))  # Chicago–G11, its loose end facing H10
    act(game, "pass", "RED")
    assert game.current_entity() == "BLUE"
    error = refused(
        game, {"type": "lay_tile", "entity": "BLUE", "hex": "H10", "tile": "sharp", "rotation": 4}
    )
    assert error.rule == "other owner"
    act(game, "lay_tile", "BLUE", hex="H10", tile="straight", rotation=0)  # beside it is fine


def test_no_redirect_of_track_in_a_complete_link():
    """Chicago–H10–Milwaukee is a link: its tile in H10 may not be turned from Chicago to G11."""
    game = build_turn()
    lay(game, "RED", ("H10", "straight", 0), ("H8", "town-left", 0))
    next_build_turn(game)
    pass_build_until(game, "RED")
    error = refused(
        game, {"type": "lay_tile", "entity": "RED", "hex": "H10", "tile": "gentle", "rotation": 0}
    )
    assert error.rule == "keep track"


SIMPLE_LAYS = [("F18", "gentle", 3), ("G13", "straight", 1), ("I13", "gentle", 1), ("H14", "sharp", 0)]


@pytest.mark.parametrize(("pick", "allowed"), [("first_move", 3), ("engineer", 4)])
def test_three_build_actions_four_with_the_engineer(pick, allowed):
    game = build_turn(pick)
    lay(game, "RED", *SIMPLE_LAYS[:allowed])
    assert "lay_tile" not in options(game, "RED")
    extra = {"type": "lay_tile", "entity": "RED", "hex": "H10", "tile": "straight", "rotation": 0}
    assert refused(game, extra).rule == "build actions"


def test_incomplete_track_loses_its_owner_after_the_owners_next_build_turn():
    game = build_turn()
    lay(game, "RED", ("G11", "sharp", 2))
    act(game, "pass", "RED")
    assert owners(game, "G11") == ["RED"]  # kept at the end of the turn it was built
    next_build_turn(game)
    assert owners(game, "G11") == ["RED"]
    pass_build_until(game, "RED")
    act(game, "pass", "RED")  # RED's next build turn ends without extending it
    assert owners(game, "G11") == [None]
    assert game.layer_state.placed["G11"].tile == "sharp"  # the track stays on the map
    # unowned track leading to a city may be extended by anybody, who then owns it
    next_build_turn(game)
    pass_build_until(game, "BLUE")
    act(game, "lay_tile", "BLUE", hex="H10", tile="gentle", rotation=0)
    assert owners(game, "G11") == ["BLUE"] and owners(game, "H10") == ["BLUE"]


def test_extended_incomplete_track_keeps_its_owner():
    game = build_turn()
    lay(game, "RED", ("G11", "sharp", 2))
    next_build_turn(game)
    lay(game, "RED", ("H10", "gentle", 0))  # G11's loose end goes on to H10 (still incomplete)
    act(game, "pass", "RED")
    assert owners(game, "G11") == ["RED"] and owners(game, "H10") == ["RED"]


def test_urbanization_puts_a_new_city_on_a_town_and_links_end_there():
    game = build_turn("urbanization")
    lay(game, "RED", ("H10", "straight", 0), ("H8", "town-left", 0))
    track = game.layer_state.track(game)
    (link,) = track.links()
    assert {(link.start.kind, link.start.hex), (link.end.kind, link.end.hex)} == {
        ("city", "H12"),
        ("town", "H8"),
    }
    left = track.tiles_left("town-left")
    act(game, "place_city", "RED", hex="H8", city="A")
    track = game.layer_state.track(game)
    assert game.layer_state.new_cities == {"H8": "A"} and track.city_color("H8") == "red"
    assert "H8" not in game.layer_state.placed and track.tiles_left("town-left") == left + 1
    assert game.layer_state.cubes["H8"] == []  # a new city starts without goods
    (link,) = track.links()
    assert {(link.start.kind, link.start.hex), (link.end.kind, link.end.hex)} == {
        ("city", "H12"),
        ("city", "H8"),
    }
    assert link.owner == "RED"
    assert "place_city" not in options(game, "RED")  # once
    lay(game, "RED", ("G13", "straight", 1))  # urbanizing was not a build action: a third lay


def test_urbanization_places_one_new_city_a_turn():
    """The refusal of a second new city names the rule: one a turn, though RED still
    holds urbanization."""
    game = build_turn("urbanization")
    pass_build_until(game, "RED")
    act(game, "place_city", "RED", hex="H8", city="A")
    error = refused(game, {"type": "place_city", "entity": "RED", "hex": "F14", "city": "B"})
    assert error.rule == "urbanization"
    assert error.detail == "RED has placed its new city this turn: urbanization places one"


def test_urbanizing_completes_track_that_ended_at_the_bare_town():
    """§1.2, §3.4: Chicago–H10 ends at the edge of Milwaukee (H8), a town without a tile:
    incomplete track. A new city there completes it: it is a link Chicago–H8, still RED's."""
    game = build_turn("urbanization")
    lay(game, "RED", ("H10", "straight", 0))
    assert game.layer_state.track(game).links() == []
    act(game, "place_city", "RED", hex="H8", city="A")
    (link,) = game.layer_state.track(game).links()
    assert {link.start.hex, link.end.hex} == {"H12", "H8"} and link.owner == "RED"
    act(game, "pass", "RED")
    assert owners(game, "H10") == ["RED"]  # a link: it never loses its owner


@frozen
def unowned_around_milwaukee():
    """Seed 1, four players, RED (engineer) and BLUE as in the build positions. Turn 1: RED
    builds Chicago–H10–Milwaukee (town tile with two spurs), then H6 on its north spur,
    whose end faces the bare town of Green Bay (H4). Turn 2: RED builds nothing, so its
    unfinished spurs (H8–H6 and the other) lose their owner. Turn 3's build round, BLUE
    holding urbanization."""
    game = build_turn()
    lay(game, "RED", ("H10", "straight", 0), ("H8", "town-left", 0), ("H6", "straight", 0))
    next_build_turn(game)
    pass_build_until(game, "RED")
    act(game, "pass", "RED")
    assert owners(game, "H6") == [None] and owners(game, "H10") == ["RED"]
    next_build_turn(game, {"RED": "engineer", "BLUE": "urbanization"})
    return game


def test_urbanizing_gives_the_urbanizer_unowned_track_that_now_reaches_the_new_city():
    """§3.4: the town tile goes; Chicago–H10 now ends at the new city and stays RED's; the
    unowned track H6, which reached Milwaukee through the tile's north spur, now reaches the
    new city (its other end still loose at Green Bay) and becomes BLUE's, the urbanizer's.
    It is BLUE's as if built this turn: it stays BLUE's until the end of BLUE's next build
    turn, and loses its owner if that turn does not extend it."""
    game = unowned_around_milwaukee()
    pass_build_until(game, "BLUE")
    act(game, "place_city", "BLUE", hex="H8", city="A")
    track = game.layer_state.track(game)
    (link,) = track.links()
    assert {link.start.hex, link.end.hex} == {"H12", "H8"} and link.owner == "RED"
    (h6,) = [r for r in track.routes() if r.segments == (("H6", 0),)]
    assert h6.owner == "BLUE" and not h6.is_link
    assert "BLUE takes over the unowned track H6" in game.messages
    act(game, "pass", "BLUE")
    assert owners(game, "H6") == ["BLUE"]  # taken this turn: kept to the next build turn
    next_build_turn(game)
    pass_build_until(game, "BLUE")
    act(game, "pass", "BLUE")
    assert owners(game, "H6") == [None]


def test_unowned_track_that_becomes_a_link_at_the_new_city_is_the_urbanizers():
    """Chicago–H10 was RED's unfinished track to the bare town H8; it lost its owner. When
    BLUE urbanizes H8 it is a link, and BLUE's."""
    game = build_turn()
    lay(game, "RED", ("H10", "straight", 0))
    next_build_turn(game)
    pass_build_until(game, "RED")
    act(game, "pass", "RED")
    assert owners(game, "H10") == [None]
    next_build_turn(game, {"RED": "engineer", "BLUE": "urbanization"})
    pass_build_until(game, "BLUE")
    act(game, "place_city", "BLUE", hex="H8", city="B")
    (link,) = game.layer_state.track(game).links()
    assert {link.start.hex, link.end.hex} == {"H12", "H8"} and link.owner == "BLUE"


def markers(n: int) -> list[RulesText]:
    return [
        RulesText(
            "markers.yaml", f"overlay: {{name: Markers}}\nlayer: {{build: {{ownership_markers: {n}}}}}\n"
        )
    ]


def test_twenty_ownership_markers_per_corporation():
    """§1.7: 20 track ownership discs per colour (the title's data)."""
    assert new_game(4, SEED).title.layer.build.ownership_markers == 20


def test_a_corporation_without_ownership_markers_left_cannot_own_more_track():
    """§1.7 (CC enforces the 20 discs): each route a corporation owns, link or incomplete
    track, carries one of its markers. With 2 (an overlay) RED owns Chicago–H10 and
    Chicago–G13 and may lay no third route out of Chicago; extending its own track needs no
    new marker (H10 on to Milwaukee with a one-exit town tile); a town tile whose two more
    spurs would need two more markers is refused."""
    game = new_game(4, SEED, rules=markers(2))
    share_phase(game, [("1", "RED"), ("2", "BLUE")], gifts={"RED": 30, "BLUE": 10})
    advance(game, "build", picks={"RED": "engineer"})
    lay(game, "RED", ("H10", "straight", 0), ("G13", "straight", 1))
    assert game.layer_state.track(game).markers("RED") == 2
    third = {"type": "lay_tile", "entity": "RED", "hex": "G11", "tile": "sharp", "rotation": 2}
    assert {k: third[k] for k in ("hex", "tile", "rotation")} not in options(game, "RED")["lay_tile"]
    error = refused(game, third)
    assert error.rule == "ownership markers" and "0 of its 2 ownership markers left" in str(error)
    spurs = {"type": "lay_tile", "entity": "RED", "hex": "H8", "tile": "town-left", "rotation": 0}
    assert refused(game, spurs).rule == "ownership markers"
    act(game, "lay_tile", "RED", hex="H8", tile="town-1", rotation=3)  # completes Chicago–Milwaukee
    assert game.layer_state.track(game).markers("RED") == 2


def test_urbanizing_takes_unowned_track_only_while_markers_last():
    """With 1 marker (an overlay) BLUE, owning one route already, urbanizes Milwaukee:
    the unowned track reaching the new city stays unowned."""
    game = new_game(4, SEED, rules=markers(1))
    share_phase(game, [("1", "RED"), ("2", "BLUE")], gifts={"RED": 30, "BLUE": 10})
    advance(game, "build", picks={"RED": "engineer"})
    lay(game, "BLUE", ("G13", "straight", 1))
    lay(game, "RED", ("H10", "straight", 0))
    next_build_turn(game)
    pass_build_until(game, "BLUE")
    act(game, "lay_tile", "BLUE", hex="F14", tile="town-1", rotation=1)  # Chicago–Rock Island
    next_build_turn(game, {"RED": "engineer", "BLUE": "urbanization"})  # RED did not extend H10
    assert owners(game, "H10") == [None]
    pass_build_until(game, "BLUE")
    assert game.layer_state.track(game).markers("BLUE") == 1
    act(game, "place_city", "BLUE", hex="H8", city="A")
    (link,) = [r for r in game.layer_state.track(game).links() if "H8" in (r.start.hex, r.end.hex)]
    assert link.owner is None
    assert "BLUE has no ownership marker left for the unowned track H10" in game.messages


# =========================================================================================
# 5. Moving goods
# =========================================================================================


@frozen
def goods_network():
    """Seed 1, four players: 1 RED's president, 2 BLUE's, 3 holds 10% of RED. Turn 1: RED
    takes the engineer, BLUE the locomotive (level 2); RED builds Cincinnati–N18–Lexington
    and Lexington–O19–P18–Wheeling (a town tile with a third, unfinished spur toward M19),
    BLUE Pittsburgh–Q13–Q15–Wheeling. The move round: BLUE moves first, then RED.

    The cubes on the map are dealt at random: the test puts a red and a yellow cube on
    Cincinnati and a blue and a yellow one on Pittsburgh (through the bag)."""
    game = network()
    put_cubes(game, "M17", ["red", "yellow"])
    put_cubes(game, "R12", ["blue", "yellow"])
    return game


def link_between(game, a: str, b: str) -> str:
    track = game.layer_state.track(game)
    (link,) = [r for r in track.links() if {r.start.hex, r.end.hex} == {a, b}]
    return link_id(link)


def move(game, sym: str, color: str, stops: list[str]) -> dict:
    links = [link_between(game, a, b) for a, b in itertools.pairwise(stops)]
    return {
        "type": "move_goods",
        "entity": sym,
        "city": stops[0],
        "color": color,
        "stops": stops,
        "links": links,
    }


def blue_at_level_3(game) -> None:
    """BLUE raises its locomotive to 3 in the first round; RED passes."""
    act(game, "upgrade_locomotive", "BLUE")
    act(game, "pass", "RED")
    assert locomotive(game, "BLUE") == 3 and game.current_entity() == "BLUE"


def test_the_network():
    game = goods_network()
    track = game.layer_state.track(game)
    assert sorted((sorted((r.start.hex, r.end.hex)), r.owner) for r in track.links()) == [
        (["M17", "N20"], "RED"),
        (["N20", "Q17"], "RED"),
        (["Q17", "R12"], "BLUE"),
    ]
    assert game.current_entity() == "BLUE"
    assert (locomotive(game, "RED"), locomotive(game, "BLUE")) == (1, 2)


def test_a_good_moves_over_links_and_each_link_earns_its_owner_one():
    """A red good from Cincinnati to Pittsburgh through Lexington (a town) and Wheeling
    (a yellow city): three links, two of RED's and one of BLUE's."""
    game = goods_network()
    blue_at_level_3(game)
    action = move(game, "BLUE", "red", ["M17", "N20", "Q17", "R12"])
    assert {k: v for k, v in action.items() if k not in ("type", "entity")} in options(game, "BLUE")[
        "move_goods"
    ]
    bag = game.layer_state.bag["red"]
    game.process(action)
    assert (earnings(game, "RED"), earnings(game, "BLUE")) == (2, 1)
    assert (income(game, "RED"), income(game, "BLUE")) == (2, 1)
    assert game.layer_state.cubes["M17"] == ["yellow"] and game.layer_state.cubes["R12"] == ["blue", "yellow"]
    assert game.layer_state.bag["red"] == bag + 1  # the good goes back to the bag
    assert broken_invariants(game) == []


def test_the_mover_earns_nothing_on_another_owners_link():
    game = goods_network()
    act(game, "pass", "BLUE")
    game.process(move(game, "RED", "yellow", ["R12", "Q17"]))
    assert (income(game, "RED"), income(game, "BLUE")) == (0, 1)


def test_unowned_links_pay_nobody():
    """A complete link without an owner, as an eliminated corporation leaves its links
    (§3.7): the test clears the owner of Pittsburgh–Wheeling."""
    game = goods_network()
    track = game.layer_state.track(game)
    (link,) = [r for r in track.links() if r.owner == "BLUE"]
    track.set_owner(link, None)
    game.process(move(game, "BLUE", "yellow", ["R12", "Q17"]))
    assert (income(game, "RED"), income(game, "BLUE")) == (0, 0)
    assert game.layer_state.cubes["R12"] == ["blue"]


def test_a_good_moves_over_at_most_its_locomotive_in_links():
    game = goods_network()
    act(game, "pass", "BLUE")
    error = refused(game, move(game, "RED", "yellow", ["M17", "N20", "Q17"]))
    assert error.rule == "locomotive"  # two links, locomotive 1
    assert not any(c["city"] == "M17" for c in options(game, "RED")["move_goods"])
    act(game, "pass", "RED")
    game.process(move(game, "BLUE", "yellow", ["M17", "N20", "Q17"]))  # BLUE's locomotive is 2
    assert income(game, "RED") == 2


def test_a_good_moves_only_over_complete_links():
    """Lexington's third spur (toward M19) ends loose: it is no link."""
    game = goods_network()
    placed = game.layer_state.placed["N20"]
    spur = next(i for i, s in enumerate(placed.segments) if 2 in s.ends)
    action = move(game, "BLUE", "red", ["M17", "N20"])
    action["stops"].append("M19")
    action["links"].append(f"N20:{spur}")
    assert refused(game, action).rule == "links"


def test_a_good_visits_no_stop_twice():
    game = goods_network()
    blue_at_level_3(game)
    action = move(game, "BLUE", "blue", ["R12", "Q17", "N20"])
    action["stops"].append("Q17")
    action["links"].append(link_between(game, "N20", "Q17"))
    assert refused(game, action).rule == "no stop twice"


def test_a_good_does_not_pass_a_city_of_its_colour():
    """A yellow good from Pittsburgh stops at Wheeling, the first yellow city it reaches."""
    game = goods_network()
    blue_at_level_3(game)
    error = refused(game, move(game, "BLUE", "yellow", ["R12", "Q17", "N20"]))
    assert error.rule == "colour" and "Q17" in str(error)
    from_pittsburgh = [c["stops"] for c in options(game, "BLUE")["move_goods"] if c["city"] == "R12"]
    assert sorted(from_pittsburgh) == [["R12", "Q17"], ["R12", "Q17", "N20", "M17"]]  # yellow, blue


def test_a_good_ends_at_a_city_of_its_colour():
    game = goods_network()
    assert refused(game, move(game, "BLUE", "yellow", ["M17", "N20"])).rule == "colour"  # a town
    assert refused(game, move(game, "BLUE", "blue", ["R12", "Q17"])).rule == "colour"  # a yellow city
    game.process(move(game, "BLUE", "yellow", ["M17", "N20", "Q17"]))  # a yellow city
    assert income(game, "RED") == 2


def test_the_locomotive_instead_of_a_move_once_a_turn():
    game = goods_network()
    act(game, "upgrade_locomotive", "BLUE")
    assert locomotive(game, "BLUE") == 3 and game.current_entity() == "RED"  # it took BLUE's turn
    act(game, "pass", "RED")
    assert game.current_entity() == "BLUE" and game.round.round_no == 2
    assert "upgrade_locomotive" not in options(game, "BLUE")
    assert refused(game, {"type": "upgrade_locomotive", "entity": "BLUE"}).rule == "locomotive"


# =========================================================================================
# 6. Income, expenses and dividends, income reduction, the profitability ranking
# =========================================================================================


def test_income_then_the_locomotive_and_dividends():
    """After the three-link move: RED collects 2, pays its locomotive 1, player 1 $2 and
    player 3 $1; BLUE collects 1, pays its locomotive 3 and player 2 $2. Treasury
    certificates earn nothing."""
    game = goods_network()
    blue_at_level_3(game)
    game.process(move(game, "BLUE", "red", ["M17", "N20", "Q17", "R12"]))
    before = {h: cash(game, h) for h in ("RED", "BLUE", "1", "2", "3", "4")}
    bank = game.bank
    act(game, "pass", "RED")
    assert game.round.kind == "share_phase"
    change = {h: cash(game, h) - before[h] for h in before}
    assert change == {"RED": 2 - 1 - 3, "BLUE": 1 - 3 - 2, "1": 2, "2": 2, "3": 1, "4": 0}
    assert game.bank - bank == -(2 + 1) + (1 + 3)  # income out, locomotives in
    assert (income(game, "RED"), income(game, "BLUE")) == (2, 1)  # 10 or less: no reduction


@frozen
def bank_holds_red():
    """Seed 1, four players: 1 RED's president (20%), 2 and 3 buy 10% each in phase 1;
    in phase 2 player 3 sells to the bank. Turn 2's move round: RED alone, locomotive 1."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED"), ("2", "RED"), ("3", "RED")])
    advance(game, "shares")
    vote_all(game, 0)
    sell(game, "3", "RED")
    end_trade(game)
    advance(game, "move")
    assert holdings(game, "RED") == {"1": 20, "2": 10, POOL: 10, "RED": 60}
    return game


def finish_moves(game) -> None:
    while game.round.name == "move":
        act(game, "pass", game.current_entity())


def test_dividends_go_to_players_and_to_the_bank_for_its_shares():
    """RED's income is set to 5 for the test (moving goods would need track)."""
    game = bank_holds_red()
    game.corporations["RED"].counters[INCOME] = 5
    red = cash(game, "RED")
    players = [cash(game, p) for p in ("1", "2", "3")]
    bank = game.bank
    finish_moves(game)
    assert cash(game, "RED") == red + 5 - 1 - (2 + 1 + 1)
    assert [cash(game, p) - c for p, c in zip(("1", "2", "3"), players, strict=True)] == [2, 1, 0]
    assert game.bank - bank == -5 + 1 + 1  # the bank's 10% earns it $1


def test_unpaid_expenses_lower_the_income():
    """Assumption 21 and §6: $4 after collecting, locomotive 2 and $4 of dividends: RED
    pays the locomotive and its president, and the $2 it cannot pay lowers its income.
    Set for the test: RED's income 4 and cash 0; its locomotive 2."""
    game = bank_holds_red()
    red = game.corporations["RED"]
    red.counters[INCOME] = 4
    red.counters[LOCOMOTIVE] = 2
    set_cash(game, "RED", 0)
    players = [cash(game, p) for p in ("1", "2")]
    finish_moves(game)
    assert cash(game, "RED") == 0
    assert [cash(game, p) - c for p, c in zip(("1", "2"), players, strict=True)] == [2, 0]
    assert income(game, "RED") == 2
    assert "RED is 2 short: its income falls to 2" in game.messages


def test_income_may_fall_to_0_and_the_corporation_stays():
    """Assumption 21: income 0 is not below 0. Set for the test: RED's income 3, cash 0,
    locomotive 2; it collects 3 and owes 2 + (2 + 1 + 1) = 6, so is 3 short: its income
    falls to exactly 0 and it stays."""
    game = bank_holds_red()
    red = game.corporations["RED"]
    red.counters[INCOME] = 3
    red.counters[LOCOMOTIVE] = 2
    set_cash(game, "RED", 0)
    finish_moves(game)
    assert "RED is 3 short: its income falls to 0" in game.messages
    assert income(game, "RED") == 0 and "RED" in game.layer_state.order and not red.closed


@frozen
def red_with_track():
    """Seed 1, four players: player 1 is RED's president, player 3 holds 10% of RED and
    player 2 is BLUE's president; RED gets $30. Turn 1: RED (engineer) builds
    Chicago–H10–Milwaukee with a town tile (two unfinished spurs) and Chicago–G13, unfinished
    at the bare town of Rock Island (F14); the move round."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED"), ("2", "BLUE"), ("3", "RED")], gifts={"RED": 30})
    advance(game, "build", picks={"RED": "engineer"})
    lay(game, "RED", ("H10", "straight", 0), ("H8", "town-left", 0), ("G13", "straight", 1))
    advance(game, "move", picks={"RED": "engineer"})
    return game


def short_of_money(game, income: int) -> None:
    """Set for the test: RED's income ``income``, no cash, locomotive 2: it owes $2 for
    its locomotive and $3 of dividends ($2 to player 1, $1 to player 3)."""
    red = game.corporations["RED"]
    red.counters[INCOME] = income
    red.counters[LOCOMOTIVE] = 2
    set_cash(game, "RED", 0)


def test_a_corporation_short_of_money_pays_what_it_can_and_its_income_falls():
    """§3.7, assumption 21: RED collects 4 and owes 5: it pays its locomotive and its
    president, and its income falls by the $1 it cannot pay (player 3's dividend)."""
    game = red_with_track()
    short_of_money(game, 4)
    players = {p: cash(game, p) for p in ("1", "3")}
    finish_moves(game)
    assert {p: cash(game, p) - c for p, c in players.items()} == {"1": 2, "3": 0}
    assert "RED is 1 short: its income falls to 3" in game.messages
    assert income(game, "RED") == 3 and "RED" in game.layer_state.order


def test_a_corporation_whose_income_would_fall_below_0_is_eliminated():
    """§3.7 applied to a corporation (assumption 21): RED collects 1 and owes 5, so is 4
    short, and its income 1 cannot fall by 4. RED is eliminated: it leaves the turn order
    and its actions, its track stays on the map without owner, its certificates go back to
    it from every holder unpaid (worthless), its marker leaves the market, and it is
    closed. Money and certificates stay whole (the invariants hold)."""
    game = red_with_track()
    short_of_money(game, 1)
    placed = {h: game.layer_state.placed[h].tile for h in ("H10", "H8", "G13")}
    players = {p: cash(game, p) for p in ("1", "2", "3", "4")}
    finish_moves(game)
    red = game.corporations["RED"]
    assert "RED is 4 short: its income 1 cannot fall below 0" in game.messages
    assert (
        red.closed and "RED" not in game.layer_state.order and "RED" not in game.layer_state.actions.values()
    )
    assert {h: game.layer_state.placed[h].tile for h in placed} == placed
    assert all(s.owner is None for p in game.layer_state.placed.values() for s in p.segments)
    assert holdings(game, "RED") == {"RED": 100} and red.cash == 0
    assert "RED" not in game.market.positions
    # RED's $1 went to its locomotive; player 2 has BLUE's dividend
    assert {p: cash(game, p) - c for p, c in players.items()} == {"1": 0, "2": 2, "3": 0, "4": 0}
    assert broken_invariants(game) == []


def test_an_eliminated_corporation_takes_no_further_part():
    """After RED's elimination: its certificates cannot be bought nor sold, nobody may
    give it money, it bids, chooses and builds no more; its unowned track may be taken
    over by extending it; at the end it counts in nobody's wealth."""
    game = red_with_track()
    short_of_money(game, 1)
    finish_moves(game)
    advance(game, "shares")
    vote_all(game)
    pass_until(game, "1")
    assert not any(c["shares"][0].startswith("RED_") for c in options(game, "1").get("buy_shares", []))
    assert not any(g["corporation"] == "RED" for g in options(game, "1").get("give_money", []))
    error = refused(game, {"type": "buy_shares", "entity": "1", "shares": ["RED_0"]})
    assert error.rule == "buying" and "RED is closed" in str(error)
    error = refused(game, {"type": "give_money", "entity": "1", "corporation": "RED", "amount": 1})
    assert error.rule == "gifts"
    end_trade(game)
    advance(game, "build")
    assert "RED" not in game.round.entities
    pass_build_until(game, "BLUE")
    act(game, "lay_tile", "BLUE", hex="F14", tile="town-1", rotation=1)  # G13's end, now unowned
    assert owners(game, "G13") == ["BLUE"]
    while not game.finished:
        default_action(game)
    assert game.corporations["RED"].closed
    assert all(game.corporations["RED"].percent_of(p.id) == 0 for p in game.humans)
    open_corporations = [s for s, c in game.corporations.items() if not c.closed]
    for p in game.humans:
        shares = sum(price(game, s) * game.corporations[s].percent_of(p.id) // 10 for s in open_corporations)
        assert game.result()[p.id] == cash(game, p.id) + shares


@frozen
def red_moves():
    """Seed 1, four players, player 1 RED's president; RED has $30 (a gift of $20). Turn
    1's move round."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED")], gifts={"RED": 20})
    advance(game, "move")
    return game


@pytest.mark.parametrize(
    ("before", "after"), [(10, 10), (11, 9), (20, 18), (21, 17), (25, 21), (49, 41), (50, 40)]
)
def test_income_reduction(before, after):
    """§3.8; RED's income is set for the test."""
    game = red_moves()
    game.corporations["RED"].counters[INCOME] = before
    red = cash(game, "RED")
    finish_moves(game)
    assert cash(game, "RED") == red + before - 1 - 2  # collected before the reduction
    assert income(game, "RED") == after


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        ({"A": 5, "B": 3, "C": 1, "D": 0}, {"A": "up", "B": "right", "C": "left", "D": "down"}),
        ({"A": 3, "B": 3, "C": 1, "D": 0}, {"A": "right", "B": "right", "C": "left", "D": "down"}),
        ({"A": 5, "B": 3, "C": 3, "D": 0}, {"A": "up", "B": "none", "C": "none", "D": "down"}),
        ({"A": 5, "B": 1, "C": 0, "D": 0}, {"A": "up", "B": "right", "C": "left", "D": "left"}),
        ({"A": 2, "B": 2, "C": 2, "D": 2}, dict.fromkeys("ABCD", "none")),
        (
            {"A": 5, "B": 4, "C": 3, "D": 2, "E": 1},
            {"A": "up", "B": "right", "C": "none", "D": "left", "E": "down"},
        ),
        ({"A": 2, "B": 1, "C": 0}, {"A": "right", "B": "none", "C": "left"}),
        ({"A": 2, "B": 2, "C": 0}, {"A": "none", "B": "none", "C": "left"}),
        ({"A": 2, "B": 1}, {"A": "right", "B": "left"}),
        ({"A": 1, "B": 1}, {"A": "none", "B": "none"}),
        ({"A": 4}, {"A": "none"}),
    ],
)
def test_profitability_ranking_moves(position, expected):
    """Best up, second right, second-last left, last down; a tie takes the weakest move of
    its places (two tied for the top move right; two tied second do not move); fewer than
    four: one none, two right/left, three right/none/left (assumptions 3–5)."""
    ranking = new_game(4, SEED).title.layer.ranking
    assert rank_moves(position, ranking.moves, ranking.few) == expected


def test_profitability_moves_prices_after_the_income_phase():
    """The earnings (set for the test during the move round) 6, 3, 1, 0 from a starting
    income of 0 reach positions 5, 3, 1, 0 of the row [1, 2, 3, 4, 6]: up, right, left,
    down."""
    game = four_active()
    advance(game, "move")
    cells = {s: cell(game, s) for s in ("RED", "BLUE", "GREEN", "YELLOW")}
    assert set(cells.values()) == {(3, 5)}  # one certificate bought each: right from the 5
    for sym, gain in {"RED": 6, "BLUE": 3, "GREEN": 1, "YELLOW": 0}.items():
        game.corporations[sym].counters[INCOME] = gain
    finish_moves(game)
    assert {s: cell(game, s) for s in cells} == {
        "RED": (2, 5),
        "BLUE": (3, 6),
        "GREEN": (3, 4),
        "YELLOW": (4, 5),
    }
    assert [price(game, s) for s in cells] == [8, 7, 5, 4]


def test_the_cross_check_row_is_that_of_the_income_at_the_start_of_the_turn():
    """Three corporations. Set for the test: RED starts the move round at income 21 and
    earns 4 (row 21: position 2), BLUE starts at 0 and earns 2 (position 2), GREEN at 0
    and earns 3 (position 3). GREEN ranks first (right); RED and BLUE tie for second and
    third of three (none, left): neither moves. Ranked by the earnings alone, RED would
    have been first."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED"), ("2", "BLUE"), ("3", "GREEN")])
    advance(game, "build")
    game.corporations["RED"].counters[INCOME] = 21
    advance(game, "move")
    assert game.corporations["RED"].counters[INCOME_START] == 21
    cells = {s: cell(game, s) for s in ("RED", "BLUE", "GREEN")}
    for sym, now in {"RED": 25, "BLUE": 2, "GREEN": 3}.items():
        game.corporations[sym].counters[INCOME] = now
    finish_moves(game)
    assert cell(game, "GREEN") == moved(cells["GREEN"], "right")
    assert (cell(game, "RED"), cell(game, "BLUE")) == (cells["RED"], cells["BLUE"])


def test_the_income_log_gives_the_turns_earnings_and_the_income_collected():
    """Set for the test: RED starts the move round at income 21 and ends it at 25. It earns
    4 this turn, collects its income of 25, pays its locomotive (level 1) $1 and player 1's
    20% $2."""
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED")])
    advance(game, "build")
    game.corporations["RED"].counters[INCOME] = 21
    advance(game, "move")
    game.corporations["RED"].counters[INCOME] = 25
    finish_moves(game)
    assert (
        "RED earns 4 this turn and collects its income of 25; it pays 1 for its locomotive and 2 in dividends"
    ) in game.messages


def moved(position: tuple[int, int], direction: str) -> tuple[int, int]:
    row, col = position
    dr, dc = MOVES[direction]
    return (row + dr, col + dc)


# =========================================================================================
# 7. The final dividend and the end of the game
# =========================================================================================


SEVEN_LINKS = [
    [("H10", "straight", 0), ("H8", "town-left", 0), ("G13", "straight", 1), ("F14", "town-tight", 0)],
    [("G11", "gentle", 4), ("F12", "gentle", 3), ("I13", "gentle", 1), ("J12", "town-1", 4)],
    [("H14", "straight", 0), ("H16", "gentle", 0), ("G17", "town-left", 4), ("F18", "gentle", 3)],
    [("G19", "gentle", 0)],
]
"""Chicago–Milwaukee, Chicago–Rock Island twice (through G13, and through G11 and F12),
Chicago–Michigan City, Chicago–Springfield, St. Louis–Springfield twice (F18, G19)."""


def test_the_final_dividend_worked_example():
    """§5.6: income 12, 7 links, $9 → 36 + 7 + 9 = 52: $5 per 10% and $2 to the president;
    player 2 with 30% receives $15, the bank's 10% $5 (paid by the bank to itself).

    Played (players start with $60, an overlay): player 1 is RED's president with 40%,
    player 2 buys 30%, player 3 10% which he sells to the bank in turn 2; RED builds the
    seven links in turns 1–4 with the engineer. The players give RED what it builds with,
    and before each income phase what it pays in expenses and dividends (it moves no goods
    and would be eliminated). Set for the test in the last turn's move round: RED's income
    14 (12 after the reduction) and its cash, so that $9 is left after the last expenses
    and dividends."""
    game = new_game(4, SEED, rules=[RICH])
    share_phase(
        game,
        [("1", "RED"), ("2", "RED"), ("3", "RED"), ("1", "RED"), ("2", "RED"), ("1", "RED"), ("2", "RED")],
    )
    picks = {"RED": "engineer"}
    for turn, lays in enumerate(SEVEN_LINKS, start=1):
        advance(game, "build", picks)
        give(game, "RED", max(0, 15 - cash(game, "RED")))
        lay(game, "RED", *lays)
        advance(game, "move", picks)
        give(game, "RED", max(0, 10 - cash(game, "RED")))
        to_next(game, "shares", picks)
        if turn == 1:
            vote_all(game, 0)
            sell(game, "3", "RED")
    track = game.layer_state.track(game)
    assert sum(1 for r in track.links() if r.owner == "RED") == 7
    assert holdings(game, "RED") == {"1": 40, "2": 30, POOL: 10, "RED": 20}
    advance(game, "move", picks)
    while game.turn < 8:
        give(game, "RED", max(0, 10 - cash(game, "RED")))
        to_next(game, "move", picks)
    assert not game.finished
    red = game.corporations["RED"]
    red.counters[INCOME] = 14
    due = red.counters[LOCOMOTIVE] + 4 + 3 + 1
    set_cash(game, "RED", 9 - 14 + due)
    before = {p: cash(game, p) for p in ("1", "2", "3", "4")}
    bank = game.bank
    finish_moves(game)
    assert game.finished and game.end_reason == "final_turn"
    assert income(game, "RED") == 12 and cash(game, "RED") == 9  # the treasury keeps its money
    assert "RED pays a final dividend of 5 per 10% (and 2 to its president)" in game.messages
    paid = {p: cash(game, p) - before[p] for p in before}
    assert paid == {"1": 4 + 20 + 2, "2": 3 + 15, "3": 0, "4": 0}  # the bank's 10% paid itself
    # the bank: income 14 out; the locomotive and its own $1 dividend in; the final dividend out
    assert game.bank - bank == -14 + red.counters[LOCOMOTIVE] + 1 - (20 + 2 + 15)


@pytest.mark.parametrize(("players", "turns"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_the_game_ends_after_the_standard_number_of_turns(players, turns):
    """Wealth is cash plus certificates at the price: the president's 20% counts as two.
    RED's president gives it $3 every turn, so that it pays its expenses (locomotive 1 and
    the president's $2) and is not eliminated."""
    game = new_game(players, SEED)
    first = game.current_entity()
    share_phase(game, [(first, "RED")])
    while game.turn < turns:
        give(game, "RED", 3)
        to_next(game, "shares")
    give(game, "RED", 3)
    advance(game, "move")
    assert not game.finished
    finish_moves(game)
    assert game.finished and game.end_reason == "final_turn" and game.turn == turns
    red = price(game, "RED")
    wealth = {p.id: p.cash + red * game.corporations["RED"].percent_of(p.id) // 10 for p in game.players}
    assert game.result() == dict(sorted(wealth.items(), key=lambda kv: -kv[1]))
    assert game.result()[first] == cash(game, first) + 2 * red


def test_a_tie_in_wealth_goes_to_the_player_with_more_cash():
    """Assumption 28 (``game_end.tie_break: [cash]``): after player 1 buys RED's president's
    certificate for $10, every player is worth $20 (player 1: $10 and 20% at $5), and the
    three who kept $20 rank first, in seat order. Without the tie-break (an overlay) the
    seats decide."""
    game = new_game(4, SEED)
    buy(game, "1", "RED")
    assert game.title.game_end.tie_break == ["cash"]
    assert game.result() == {"2": 20, "3": 20, "4": 20, "1": 20}
    assert list(game.result()) == ["2", "3", "4", "1"]
    plain = new_game(
        4, SEED, rules=[RulesText("ties.yaml", "overlay: {name: No tie-break}\ngame_end: {tie_break: []}\n")]
    )
    buy(plain, "1", "RED")
    assert list(plain.result()) == ["1", "2", "3", "4"]


# =========================================================================================
# 8. Goods growth
# =========================================================================================


def test_growth_dice_move_goods_from_the_display_to_the_cities():
    """One die per player for each group (§3.9): for each die showing n, the printed city
    of that group numbered n takes a cube from its column, while any are left. New cities
    not on the map do not grow."""
    game = red_moves()
    spec = game.title.layer
    display = copy.deepcopy(game.layer_state.display)
    cubes = copy.deepcopy(game.layer_state.cubes)
    finish_moves(game)
    assert game.round.kind == "share_phase"
    rolls = {}
    for group in ("white", "black"):
        (line,) = [m for m in game.messages if m.startswith(f"growth, {group}: ")]
        rolls[group] = [int(x) for x in line.split(": ")[1].split()]
        assert len(rolls[group]) == 4
    for hex_id, city in spec.cities.items():
        dice = rolls[city.group].count(city.die)
        waiting = [c for c in display[hex_id] if c is not None]
        taken = min(dice, len(waiting))
        assert len(game.layer_state.cubes[hex_id]) == len(cubes[hex_id]) + taken, hex_id
        assert sum(c is not None for c in game.layer_state.display[hex_id]) == len(waiting) - taken
    for letter in spec.new_cities:
        assert game.layer_state.display[letter] == display[letter]
    assert broken_invariants(game) == []
    assert sum(game.layer_state.total_cubes().values()) == 96


def test_a_new_city_on_the_map_grows_from_its_column():
    """New city C (black, white 5) placed on Milwaukee in turn 1 takes a cube from its own
    column (two slots) for each white 5 of the growth dice; this seed rolls one."""
    game = build_turn("urbanization")
    pass_build_until(game, "RED")
    act(game, "place_city", "RED", hex="H8", city="C")
    display = list(game.layer_state.display["C"])
    assert None not in display
    advance(game, "shares")
    (line,) = [m for m in game.messages if m.startswith("growth, white: ")]
    assert [int(x) for x in line.split(": ")[1].split()].count(5) == 1
    (cube,) = game.layer_state.cubes["H8"]
    left = [c for c in game.layer_state.display["C"] if c is not None]
    assert len(left) == 1 and sorted([*left, cube]) == sorted(display)


def test_production_puts_drawn_goods_on_empty_slots_of_cities_on_the_map():
    game = new_game(4, SEED)
    share_phase(game, [("1", "RED")], gifts={"RED": 20})
    act(game, "select_action", "RED", action="production")
    advance(game, "move")
    assert all(None not in slots for slots in game.layer_state.display.values())
    bag = dict(game.layer_state.bag)
    finish_moves(game)
    # turn 1: the display was full, the two cubes drawn went back to the bag
    assert game.round.kind == "share_phase" and game.layer_state.drawn == []
    assert sum(game.layer_state.bag.values()) == sum(bag.values())  # the dice take from the display only
    advance(game, "growth", {"RED": "production"})
    assert game.current_entity() == "RED" and len(game.layer_state.drawn) == 2
    listed = options(game, "RED")["place_cube"]
    free = {
        k for k, slots in game.layer_state.display.items() if None in slots and k in game.title.layer.cities
    }
    assert {c["city"] for c in listed} == free and free
    assert not any(c["city"] in game.title.layer.new_cities for c in listed)
    first = game.layer_state.drawn[0]
    key = listed[0]["city"]
    filled = sum(c is not None for c in game.layer_state.display[key])
    bag = sum(game.layer_state.bag.values())
    error = refused(game, {"type": "place_cube", "entity": "RED", "city": "A", "color": first})
    assert error.rule == "production"  # new city A's column, not on the map
    assert error.detail == (
        "new city A is not on the map yet: production fills the columns of cities on the map"
    )
    error = refused(game, {"type": "place_cube", "entity": "RED", "city": "Z9", "color": first})
    assert (error.rule, error.detail) == ("production", "Z9 is no city of the goods display")
    act(game, "place_cube", "RED", city=key, color=first)
    assert sum(c is not None for c in game.layer_state.display[key]) == filled + 1
    assert first in game.layer_state.display[key]
    assert sum(game.layer_state.bag.values()) == bag  # drawn from the bag when the round began
    while game.round.name == "growth":
        default_action(game)
    assert broken_invariants(game) == []


# =========================================================================================
# 9. Whole games by bots
# =========================================================================================


@pytest.mark.parametrize(
    ("players", "seed", "bot"), [(3, 11, "heuristic"), (4, 12, "heuristic"), (4, 13, "random")]
)
def test_bot_games_end_after_the_last_turn_and_replay(players, seed, bot):
    session = new_session(TITLE_DIR, players, seed)
    outcome = play(session, make_bot(bot), seed=seed, check=True)
    assert outcome.finished and outcome.end_reason == "final_turn"
    assert session.game.turn == {3: 10, 4: 8}[players]
    record = GameFile.from_dict(session.to_json())
    again = replay(record)
    assert again.matches_recorded
    assert game_to_dict(again.game) == game_to_dict(session.game)


# =========================================================================================
# 10. House rules
# =========================================================================================

GRID = [
    [7, 8, 9, 10, 11, 12, 13, 14, 15],
    [5, 6, 7, 8, 9, 10, 11, 12, 13],
    [3, 4, 5, 6, 7, 8, 9, 10, 11],
    [1, 2, 3, 4, 7, 6, 7, 8, 9],
    [1, 1, 1, 2, 3, 4, 5, 6, 7],
    [1, 1, 1, 1, 1, 2, 3, 4, 5],
    [1, 1, 1, 1, 1, 1, 1, 2, 3],
]


def test_an_overlay_changes_the_middle_of_the_market():
    text = "overlay: {name: Dear middle}\nmarket:\n  grid:\n" + "".join(f"    - {row}\n" for row in GRID)
    game = new_game(4, SEED, rules=[RulesText("dear.yaml", text)])
    assert cell(game, "RED") == (3, 4) and price(game, "RED") == 7
    buy(game, "1", "RED")
    assert (cash(game, "1"), cash(game, "RED")) == (20 - 14, 14)


def test_an_overlay_changes_the_dividend():
    rules = [RulesText("double.yaml", "overlay: {name: Double dividends}\nlayer: {dividend_per_share: 2}\n")]
    game = new_game(4, SEED, rules=rules)
    share_phase(game, [("1", "RED"), ("2", "RED")])
    advance(game, "move")
    players = (cash(game, "1"), cash(game, "2"))
    finish_moves(game)
    assert (cash(game, "1") - players[0], cash(game, "2") - players[1]) == (4, 2)
