"""Rule fields whose other values 18SJ does not use: each test changes one field of the
title (an overlay on 18SJ) and shows that play changes as the field's documentation says.

The positions are those of the 18SJ rules tests: stock round 2 of a seed-0 game
(``stock_round_2``: Cy has priority, SNJ, KFJ and ÖKJ floated at 65), stock round 1
(``stock_round_1``: nothing started), and positions of the real game 166116.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from sj_support import (
    REAL,
    TITLE_DIR,
    act,
    buy,
    cash,
    game_before,
    game_before_with,
    next_share,
    par,
    recorded,
    refused,
    sell,
    stock_round_1,
    stock_round_2,
    turn,
)

from framework.base.errors import GameError
from framework.engine import shares
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.state import game_from_dict, game_to_dict
from framework.title.loader import RulesText, load_title

ANN, BO, CY, DI = "1", "2", "3", "4"
STJ_PRESIDENT, STJ_HOLDER = "3041", "149"


def rules(text: str) -> str:
    """An overlay of the title's ``rules`` (indented YAML under ``rules:``)."""
    return "overlay: {name: changed rules}\nrules:\n" + text


@cache
def _title(text: str):
    return load_title(TITLE_DIR, rules=[RulesText("house.yaml", rules(text))])


def with_rules(game: Game, text: str) -> Game:
    """The same position, played on with the 18SJ title patched by ``text``."""
    return game_from_dict(_title(text), json.loads(json.dumps(game_to_dict(game))))


def passes(game: Game, *players: str) -> None:
    for player in players:
        act(game, "pass", player)


# -- rules.stock.order ------------------------------------------------------------------------


def test_sell_buy_forbids_a_sale_after_the_purchase():
    """``stock.order: sell_buy``: Cy sells, buys, and may not sell again (18SJ's
    sell_buy_sell allows it: test_rules_stock.test_sell_buy_sell_in_one_turn)."""
    game = with_rules(stock_round_2(), "  stock: {order: sell_buy}\n")
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    act(game, "buy_shares", CY, **buy("KFJ_6"))
    assert game.current_entity() == DI


def test_sell_buy_or_buy_sell_allows_selling_after_buying_but_not_both_sides():
    """``stock.order: sell_buy_or_buy_sell`` (18xx.games' default): a purchase then sales,
    or sales then a purchase, not sales on both sides of it."""
    game = with_rules(stock_round_2(), "  stock: {order: sell_buy_or_buy_sell}\n")
    act(game, "buy_shares", CY, **buy("KFJ_6"))
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    act(game, "sell_shares", CY, **sell("SNJ_4"))
    assert cash(game, CY) > 277 - 65
    game = with_rules(stock_round_2(), "  stock: {order: sell_buy_or_buy_sell}\n")
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    act(game, "buy_shares", CY, **buy("KFJ_6"))
    assert game.current_entity() == DI


# -- rules.stock.buy_after_selling ------------------------------------------------------------


def test_buy_after_selling_lets_a_player_buy_back_what_they_sold():
    """``stock.buy_after_selling: true``: Cy sells SNJ and buys SNJ again in the same turn
    (refused in 18SJ: test_rules_stock.test_shares_sold_this_round_may_not_be_bought_back)."""
    game = with_rules(stock_round_2(), "  stock: {buy_after_selling: true}\n")
    act(game, "sell_shares", CY, **sell("SNJ_2"))
    assert "buy_shares" in legal_actions(game)[CY]
    act(game, "buy_shares", CY, **buy("SNJ_5"))
    assert game.corporations["SNJ"].percent_of(CY) == 40


# -- rules.stock.priority ---------------------------------------------------------------------


def _buy_then_sell(game: Game) -> Game:
    """Cy passes, Di buys, Ann sells last, then everybody passes."""
    passes(game, CY)
    turn(game, DI, buy("KFJ_6"))
    turn(game, ANN, sell("SNJ_1"))
    passes(game, BO, CY, DI, ANN)
    assert game.round.kind == "operating"
    return game


def test_priority_after_the_last_to_act_or_the_last_to_buy():
    """``stock.priority``: Ann sold last, Di bought last. After the last to act, Bo has
    priority; after the last to buy, Ann."""
    assert _buy_then_sell(stock_round_2()).priority == 1
    game = _buy_then_sell(with_rules(stock_round_2(), "  stock: {priority: after_last_to_buy}\n"))
    assert game.priority == 0


def test_priority_to_the_player_with_the_most_cash():
    """``stock.priority: most_cash`` (18Rhl): after the same round the richest player has
    priority, not Bo, the player after the last to act; with two players equally richest,
    Bo has it again."""
    game = _buy_then_sell(with_rules(stock_round_2(), "  stock: {priority: most_cash}\n"))
    cashes = [p.cash for p in game.humans]
    richest = cashes.index(max(cashes))
    assert cashes.count(max(cashes)) == 1 and richest != 1
    assert game.priority == richest
    game = with_rules(stock_round_2(), "  stock: {priority: most_cash}\n")
    game.humans[2].cash = 10000  # Cy, who only passes
    game.humans[3].cash = 10000 + game.market.price("KFJ")  # Di, who buys a share
    assert _buy_then_sell(game).priority == 1


# -- rules.stock.sell_before_operating -------------------------------------------------------


@pytest.mark.parametrize("who", ["anyone", "president", "nobody"])
def test_who_may_sell_shares_of_a_corporation_that_has_not_operated(who):
    """``stock.sell_before_operating``: SNJ, taken as not yet operated. Ann (20%) may sell
    only under ``anyone``; Cy, its president, under ``anyone`` or ``president``; nobody
    under ``nobody`` (18Rhl, 18xx.games' ``SELL_AFTER = :operate``)."""
    game = with_rules(stock_round_2(), f"  stock: {{sell_before_operating: {who}}}\n")
    corp = game.corporations["SNJ"]
    corp.operated = False
    for seller, may in ((ANN, who == "anyone"), (CY, who != "nobody")):
        share = next(s for s in corp.certificates_of(seller) if not s.president)
        if may:
            shares.check_sale(game, seller, corp, [share], 10)
        else:
            with pytest.raises(GameError, match="has not operated") as refused:
                shares.check_sale(game, seller, corp, [share], 10)
            assert refused.value.rule == "selling"


# -- rules.tokens.home ------------------------------------------------------------------------


def _home_placed(game: Game, sym: str) -> bool:
    return game.corporations[sym].tokens_used == 1 and game.board.reservation(sym) is None


def test_the_home_token_goes_down_at_par_at_float_or_at_the_first_operation():
    """``tokens.home``: 18SJ places it when a corporation first operates; ``par`` when it
    is started, ``float`` when it floats (here at 30%, after Cy's second share)."""
    for home, at_par in (("first_operation", False), ("par", True), ("float", False)):
        game = with_rules(stock_round_1(), f"  float_percent: 30\n  tokens: {{home: {home}}}\n")
        turn(game, CY, par("SNJ", "67,5,2"))
        assert _home_placed(game, "SNJ") == at_par, home
        passes(game, DI, ANN, BO)
        turn(game, CY, buy(next_share(game, "SNJ")))
        assert game.corporations["SNJ"].floated
        assert _home_placed(game, "SNJ") == (home != "first_operation"), home


# -- rules.tokens.per_turn --------------------------------------------------------------------


def test_two_tokens_per_turn_offer_a_second_token():
    """``tokens.per_turn: 2``: after its token in Stockholm SNJ may place another (18SJ
    allows one: test_rules_operating.test_one_token_per_turn)."""
    game = game_before_with(REAL, 233, rules("  tokens: {per_turn: 2}\n"))
    game.process(recorded(REAL, 233))
    assert "place_token" in legal_actions(game)["SNJ"]
    before = cash(game, "SNJ")
    act(game, "place_token", "SNJ", city="A16-0-0")
    assert cash(game, "SNJ") < before
    assert "place_token" not in legal_actions(game).get("SNJ", {})


# -- rules.dividends.kinds: half --------------------------------------------------------------


def test_half_keeps_half_rounded_to_the_shares_and_pays_out_the_rest():
    """``dividends.kinds`` with ``half``: STJ (76 kr, revenue 100) keeps 50 and pays 50:
    30 to its 60% president, 5 to a 10% holder, 15 to its own 30% treasury; 50 is below
    the price, so 18SJ's payout moves leave it where it is (a withhold would move it left,
    a full payout right). Without ``half`` among the kinds the choice is refused."""
    assert refused(game_before(REAL, 114), {"type": "dividend", "entity": "STJ", "kind": "half"})
    game = game_before_with(REAL, 114, rules("  dividends: {kinds: [payout, withhold, half]}\n"))
    before = {who: cash(game, who) for who in (STJ_PRESIDENT, STJ_HOLDER, "STJ")}
    cell = game.market.positions["STJ"]
    assert "half" in [c["kind"] for c in legal_actions(game)["STJ"]["dividend"]]
    act(game, "dividend", "STJ", kind="half")
    gained = {who: cash(game, who) - before[who] for who in before}
    assert gained == {STJ_PRESIDENT: 30, STJ_HOLDER: 5, "STJ": 50 + 15}
    assert game.market.positions["STJ"] == cell


def test_half_moves_the_price_by_half_move_whatever_is_paid():
    """``dividends.half_move``: STJ's half dividend of 100 (50 paid, below the price)
    leaves the price where it is under 18SJ's payout moves, and moves it one step right
    with ``half_move: [right]`` (down with ``[down]``); the cash paid is the same."""
    for half_move, moved in (("[right]", 1), ("[]", 0)):
        overlay = f"  dividends: {{kinds: [payout, withhold, half], half_move: {half_move}}}\n"
        game = game_before_with(REAL, 114, rules(overlay))
        before = cash(game, STJ_PRESIDENT)
        row, column = game.market.positions["STJ"]
        act(game, "dividend", "STJ", kind="half")
        assert cash(game, STJ_PRESIDENT) - before == 30
        assert game.market.positions["STJ"] == (row, column + moved)


# -- rules.dividends.rounding -----------------------------------------------------------------


def test_a_holders_dividend_is_rounded_as_the_title_says():
    """``dividends.rounding``: a payout of 105 gives a 10% holder 10.5, rounded up to 11
    (18SJ, as 18xx.games) or down to 10; the 30% treasury 31.5, so 32 or 31."""
    for rounding, holder, treasury in (("up", 11, 32), ("down", 10, 31)):
        game = game_before_with(REAL, 114, rules(f"  dividends: {{rounding: {rounding}}}\n"))
        game.round.revenue = 105
        before = cash(game, STJ_HOLDER), cash(game, "STJ")
        act(game, "dividend", "STJ", kind="payout")
        assert (cash(game, STJ_HOLDER) - before[0], cash(game, "STJ") - before[1]) == (holder, treasury)
