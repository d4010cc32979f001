"""Illegal actions are refused, leave the game exactly as it was, and say why.

Every case below is an action the rules forbid in some position. Processing it must
raise :class:`GameError` whose message names the action's id and whose ``rule`` names
the rule broken, and the whole state (``game_to_dict``) must be unchanged. Positions come
from fresh games (seed 5 for the auction, seed 0 for stock rounds — see
``sj_support.stock_round_2``) and from the real games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sj_support import (
    BANKRUPT,
    BOT,
    REAL,
    act,
    buy,
    cash,
    finish_auction,
    game_before,
    new_game,
    par,
    recorded,
    sell,
    snapshot,
    stock_round_1,
    stock_round_2,
    turn,
)

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.entities import BANK


@dataclass
class Case:
    position: Callable[[], Any]
    action: dict[str, Any]
    rule: str


CASES: dict[str, Case] = {}


def case(name: str, rule: str, action: dict[str, Any]):
    def register(position):
        CASES[name] = Case(position, action, rule)
        return position

    return register


def real(name: str, action_id: int, change=None):
    def position():
        game = game_before(name, action_id)
        if change:
            change(game)
        return game

    return position


def lay(entity, hex_id, tile, rotation):
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tile, "rotation": rotation}


def with_route(action_id, **changes):
    action = recorded(REAL, action_id)
    action.pop("id")
    for index, fields in changes.items():
        action["routes"][int(index[1:])].update(fields)
    return action


# -- the shape of an action ---------------------------------------------------------------------

case("an unknown action type", "action format", {"type": "fly", "entity": 1})(lambda: new_game(4, 5))
case(
    "a malformed field",
    "action format",
    {"type": "bid", "entity": 1, "company": "FRY", "price": "lots"},
)(lambda: new_game(4, 5))
case("a missing field", "action format", {"type": "lay_tile", "entity": "ÖKJ", "hex": "C12"})(real(REAL, 67))

case(
    "a field this engine does not play",
    "action format",
    {"type": "dividend", "entity": "SNJ", "kind": "payout", "amount": 10},
)(real(REAL, 89))
case(
    "a purchase whose percent is not its certificates'",
    "shares",
    {**recorded(REAL, 16), "percent": 20},
)(real(REAL, 16))
case(
    "a purchase at a price the share does not cost",
    "share price",
    {**recorded(REAL, 16), "share_price": 1},
)(real(REAL, 16))
case("a token in a slot the city lacks", "free slot", {**recorded(REAL, 87), "slot": 2})(real(REAL, 87))
case("a token placed by another", "tokens", {**recorded(REAL, 87), "tokener": "BJ"})(real(REAL, 87))
case("revenue beyond the routes", "revenue", {**recorded(REAL, 32), "extra_revenue": 10})(real(REAL, 32))

# -- the auction --------------------------------------------------------------------------------

case("the wrong entity", "turn order", {"type": "bid", "entity": 2, "company": "FRY", "price": 20})(
    lambda: new_game(4, 5)
)
case("too low a bid", "auction", {"type": "bid", "entity": 1, "company": "GC", "price": 74})(
    lambda: new_game(4, 5)
)
case("a bid over cash", "money", {"type": "bid", "entity": 1, "company": "NE", "price": 601})(
    lambda: new_game(4, 5)
)
case(
    "buying the first company too cheap",
    "auction",
    {"type": "bid", "entity": 1, "company": "FRY", "price": 19},
)(lambda: new_game(4, 5))
case("bidding on a sold company", "auction", {"type": "bid", "entity": 2, "company": "FRY", "price": 30})(
    lambda: _after_fry()
)


def _after_fry():
    game = new_game(4, 5)
    act(game, "bid", 1, company="FRY", price=20)
    return game


def _resolving():
    game = new_game(4, 5)
    act(game, "bid", 1, company="SB", price=50)
    act(game, "bid", 2, company="SB", price=55)
    act(game, "bid", 3, company="FRY", price=20)
    return game


case(
    "a resolution raise below the best bid + 5",
    "auction",
    {"type": "bid", "entity": 1, "company": "SB", "price": 59},
)(_resolving)
case(
    "bidding elsewhere during a resolution auction",
    "auction",
    {"type": "bid", "entity": 1, "company": "GC", "price": 80},
)(_resolving)
case("out of turn in a resolution auction", "turn order", {"type": "pass", "entity": 2})(_resolving)

# -- stock rounds -------------------------------------------------------------------------------


def _sr1_with_snj_floated():
    game = stock_round_1()
    turn(game, "3", par("SNJ", "67,5,2"))
    for share in ("SNJ_1", "SNJ_2", "SNJ_3", "SNJ_4"):
        for player in ("4", "1", "2"):
            act(game, "pass", player)
        turn(game, "3", buy(share))
    for player in ("4", "1", "2"):
        act(game, "pass", player)
    return game


def _sold_snj():
    game = stock_round_2()
    act(game, "sell_shares", 3, **sell("SNJ_2"))
    return game


def _di_at_60():
    game = stock_round_2()
    act(game, "pass", 3)
    turn(game, "4", buy("KFJ_6"))
    for player in ("1", "2", "3"):
        act(game, "pass", player)
    return game


def _ann_at_the_limit():
    game = stock_round_2()
    for sym in ("BJ", "MYJ", "MÖJ"):
        game.corporations[sym].closed = True
    for share_id in ("SNJ_5", "SNJ_6", "SNJ_7", "SNJ_8", "KFJ_6", "ÖKJ_5", "ÖKJ_6"):
        corp = game.corporations[share_id.rpartition("_")[0]]
        finance.move_share(game, next(s for s in corp.shares if s.id == share_id), "1")
    act(game, "pass", 3)
    act(game, "pass", 4)
    return game


def _pool_full():
    game = stock_round_2()
    turn(game, "3", buy("KFJ_6"))
    turn(game, "4", sell("KFJ_1", "KFJ_2", "KFJ_4"))
    turn(game, "1", sell("KFJ_3", "KFJ_5"))
    act(game, "pass", 2)
    return game


def _cy_keeps(amount):
    game = stock_round_2()
    finance.pay(game, "3", BANK, cash(game, "3") - amount)
    return game


def _bo_to_act():
    game = stock_round_2()
    for player in ("3", "4", "1"):
        act(game, "pass", player)
    return game


case("out of turn in a stock round", "turn order", {"type": "buy_shares", "entity": 4, **buy("KFJ_6")})(
    stock_round_2
)
case(
    "selling in stock round 1",
    "no sales yet",
    {"type": "sell_shares", "entity": 3, **sell("SNJ_1")},
)(_sr1_with_snj_floated)
case("buying shares sold this round", "buying", {"type": "buy_shares", "entity": 3, **buy("SNJ_5")})(
    _sold_snj
)
case("a share beyond the buyer's cash", "money", {"type": "buy_shares", "entity": 3, **buy("KFJ_6")})(
    lambda: _cy_keeps(50)
)
case(
    "a par beyond the buyer's cash",
    "money",
    {"type": "par", "entity": 3, "corporation": "UGJ", "share_price": "67,5,2"},
)(lambda: _cy_keeps(50))
case("over the 60% limit", "buying", {"type": "buy_shares", "entity": 4, **buy("KFJ_7")})(_di_at_60)
case(
    "over the certificate limit",
    "certificate limit",
    {"type": "buy_shares", "entity": 1, **buy("ÖKJ_7")},
)(_ann_at_the_limit)
case("the pool over 50%", "pool limit", {"type": "sell_shares", "entity": 3, **sell("KFJ_6")})(_pool_full)
case(
    "selling the presidency nobody can take",
    "presidency",
    {"type": "sell_shares", "entity": 2, **sell("ÖKJ_1", "ÖKJ_0", percent=30)},
)(_bo_to_act)
case(
    "two certificates in one purchase",
    "one purchase",
    {"type": "buy_shares", "entity": 3, **buy("KFJ_6", "KFJ_7")},
)(stock_round_2)
case("selling shares one does not hold", "shares", {"type": "sell_shares", "entity": 3, **sell("KFJ_3")})(
    stock_round_2
)
case("buying a share another player holds", "buying", {"type": "buy_shares", "entity": 3, **buy("KFJ_3")})(
    stock_round_2
)
case(
    "a par price that is not a par cell",
    "par",
    {"type": "par", "entity": 3, "corporation": "UGJ", "share_price": "110,0,3"},
)(stock_round_2)
case(
    "starting a corporation twice",
    "par",
    {"type": "par", "entity": 3, "corporation": "SNJ", "share_price": "67,5,2"},
)(stock_round_2)
case(
    "a priority card choice that does not exist",
    "priority card",
    {"type": "choose", "entity": 2, "choice": "maybe"},
)(lambda: _neft_asked())


def _neft_asked():
    game = new_game(4, 5)
    finish_auction(game)
    return game


# -- track ----------------------------------------------------------------------------------------


def _stj_poor(game):
    finance.pay(game, "STJ", BANK, cash(game, "STJ") - 74)


case("a tile in a colour of a later phase", "phase colours", lay("ÖKJ", "C12", "15-0", 0))(real(REAL, 67))
case("a green tile on an empty hex", "upgrade colour", lay("ÖKJ", "E10", "23-2", 0))(real(REAL, 152))
case("a tile breaking the old track", "keep track", lay("ÖKJ", "B11", "15-2", 0))(real(REAL, 152))
case("a tile leading off the map", "track off the map", lay("ÖKJ", "A12", "9-5", 0))(real(REAL, 152))
case("a second lay without a main line", "main line", lay("ÖKJ", "E12", "6-1", 3))(real(REAL, 153))
case("unaffordable terrain", "costs", lay("STJ", "E22", "9-1", 1))(real(REAL, 56, _stj_poor))
case("a blocked hex", "blocked hex", lay("STJ", "F27", "9-3", 0))(real(REAL, 100))
case("a tile on a gray hex", "fixed hex", lay("STJ", "F19", "57-1", 0))(real(REAL, 100))
case("a tile that is not in the supply", "tile supply", lay("ÖKJ", "E12", "57-0", 0))(real(REAL, 152))
case("a tile with the wrong label", "label", lay("ÖKJ", "B11", "X1-0", 2))(real(REAL, 152))
case("a tile the company cannot reach", "track restriction", lay("ÖKJ", "C28", "9-5", 0))(real(REAL, 152))
case("a GC lay outside its hexes", "special lay", lay("GC", "D27", "9-3", 0))(real(REAL, 139))
case("a GC tile not connecting to the first", "special lay", lay("GC", "E28", "9-1", 1))(real(REAL, 140))

# -- tokens -----------------------------------------------------------------------------------------

TOKEN = {"type": "place_token", "entity": "SNJ"}
case("a token in a hex with the company's token", "one token per hex", {**TOKEN, "city": "G26-0-0"})(
    real(REAL, 233)
)
case("a token in an unreachable city", "route to the city", {**TOKEN, "city": "C8-0-0"})(real(REAL, 233))
case("a token in a full city", "free slot", {**TOKEN, "city": "F19-0-0"})(real(REAL, 233))
case("a token in a reserved home", "free slot", {**TOKEN, "city": "G10-0-2"})(real(REAL, 233))
case("a second token in one turn", "turn order", {**TOKEN, "city": "A16-0-0"})(lambda: _after(REAL, 233))


def _after(name, action_id):
    game = game_before(name, action_id)
    game.process(recorded(name, action_id))
    return game


# -- routes and dividends -------------------------------------------------------------------------

case("a route with a wrong revenue", "revenue", with_route(88, r0={"revenue": 50}))(real(REAL, 88))
case(
    "a route reusing track",
    "track",
    {
        **with_route(88),
        "routes": [recorded(REAL, 88)["routes"][0], {**recorded(REAL, 88)["routes"][0], "train": "2-1"}],
    },
)(real(REAL, 88))
case(
    "a route longer than the train",
    "distance",
    {**with_route(334), "routes": [{**recorded(REAL, 334)["routes"][0], "train": "3-0"}]},
)(real(REAL, 334))
case("a route through a city full of other tokens", "blocked city", with_route(663, r0={"revenue": 870}))(
    real(REAL, 663, lambda g: setattr(g.trains["D-0"], "variant", "D"))
)
case("a train the company does not own", "trains", with_route(88, r0={"train": "3-3"}))(real(REAL, 88))
case("an unknown dividend kind", "dividends", {"type": "dividend", "entity": "SNJ", "kind": "half"})(
    real(REAL, 150)
)
case("a bot withholding", "dividends", {"type": "dividend", "entity": "UGJ", "kind": "withhold"})(
    real(BOT, 131)
)

# -- redemption -------------------------------------------------------------------------------------

REDEEM = {"type": "buy_shares", "entity": "TGOJ", "percent": 10, "share_price": 67}
case(
    "redeeming two shares outside the gray-teal-maroon zones",
    "redemption",
    {**REDEEM, "shares": ["TGOJ_4", "TGOJ_2"], "percent": 20},
)(real(REAL, 498))
case("redeeming at the wrong price", "redemption price", {**REDEEM, "shares": ["TGOJ_4"], "share_price": 60})(
    real(REAL, 498)
)

# -- trains -----------------------------------------------------------------------------------------


def _nohab(game):
    for action_id in (114, 115):
        game.process(recorded(BOT, action_id))
    act(game, "buy_company", "ÖSJ", company="NOHAB", price=45)


def _nohab_full(game):
    _nohab(game)
    game.trains["2-6"].owner = "ÖSJ"


def _snj_full(game):
    for train in ("2-3", "2-4", "2-5", "2-6"):
        game.trains[train].owner = "SNJ"


case(
    "a wrong train price", "train price", {"type": "buy_train", "entity": "SNJ", "train": "2-1", "price": 70}
)(real(REAL, 36))
case(
    "a train over the limit",
    "train limit",
    {"type": "buy_train", "entity": "NOHAB", "train": "3-1", "price": 90},
)(real(BOT, 114, _nohab_full))
case(
    "a depot train over the limit",
    "train limit",
    {"type": "buy_train", "entity": "SNJ", "train": "2-1", "price": 80},
)(real(REAL, 36, _snj_full))
case(
    "a train from another company for nothing",
    "train price",
    {"type": "buy_train", "entity": "KFJ", "train": "3-0", "price": 0},
)(real(REAL, 497))
case(
    "an E at the D price",
    "train price",
    {"type": "buy_train", "entity": "ÖKJ", "train": "D-0", "price": 1100, "variant": "E"},
)(real(REAL, 603))
case("passing when a train must be bought", "must buy a train", {"type": "pass", "entity": "SWB"})(
    real(REAL, 410)
)
case(
    "an emergency purchase of a dearer train",
    "emergency",
    {"type": "buy_train", "entity": "ÖSJ", "train": "D-1", "price": 1100, "variant": "D"},
)(real(REAL, 608))
case(
    "an emergency sale costing the presidency",
    "emergency",
    {"type": "sell_shares", "entity": 19165, "shares": ["TGOJ_1", "TGOJ_2", "TGOJ_3"], "percent": 30},
)(real(BANKRUPT, 571, lambda g: finance.pay(g, "19165", BANK, cash(g, "19165"))))
case(
    "discarding a train one does not own",
    "discard",
    {"type": "discard_train", "entity": "SNJ", "train": "3-3"},
)(lambda: _snj_crowded())


def _snj_crowded():
    game = game_before(REAL, 240)
    for a, b in (("2-1", "3-3"), ("2-2", "3-4")):
        ta, tb = game.trains[a], game.trains[b]
        ta.owner, tb.owner = tb.owner, ta.owner
    game.process(recorded(REAL, 240))
    game.trains["3-3"].owner = "STJ"
    game.trains["2-3"].owner = "SNJ"
    return game


# -- companies --------------------------------------------------------------------------------------

case(
    "a private bought in phase 2",
    "buying companies",
    {"type": "buy_company", "entity": "ÖKJ", "company": "KHJ", "price": 70},
)(real(REAL, 67))
case(
    "a private above twice its value",
    "company price",
    {"type": "buy_company", "entity": "STJ", "company": "GC", "price": 141},
)(real(REAL, 102))
case(
    "a private below half its value",
    "company price",
    {"type": "buy_company", "entity": "STJ", "company": "GC", "price": 34},
)(real(REAL, 102))
case(
    "NE bought by a corporation",
    "buying companies",
    {"type": "buy_company", "entity": "KFJ", "company": "NE", "price": 110},
)(real(BANKRUPT, 161))
case("a GKB token off the canal", "bonus tokens", {"type": "assign", "entity": "ÖKJ", "target": "A6"})(
    lambda: _after(REAL, 158)
)
case("a GKB token twice in one hex", "bonus tokens", {"type": "assign", "entity": "ÖKJ", "target": "C12"})(
    lambda: _after(REAL, 159)
)
case("passing the GKB tokens", "turn order", {"type": "pass", "entity": "ÖKJ"})(lambda: _after(REAL, 158))
case("the SB marker off a port", "bonus marker", {"type": "assign", "entity": "SB", "target": "E8"})(
    real(BOT, 112)
)
case(
    "a NOHAB discount on another company's train",
    "train discount",
    {"type": "buy_train", "entity": "NOHAB", "train": "2-3", "price": 40},
)(real(BOT, 114, _nohab))
case("KHJ bought over the train limit", "train limit", recorded(REAL, 133))(
    real(REAL, 133, lambda g: [setattr(g.trains[t], "owner", "ÖKJ") for t in ("2-1", "2-2")])
)
case(
    "requisitioning a started corporation",
    "requisition",
    {"type": "choose", "entity": 12964, "choice": "ÖSJ"},
)(real(BOT, 73))
case("after the end of the game", "game over", {"type": "pass", "entity": "UGJ"})(
    lambda: _after(BANKRUPT, 606)
)

NAMES = list(CASES)


def refuse(name: str) -> tuple[GameError, str, str]:
    game = CASES[name].position()
    action = {**CASES[name].action, "id": 9999}
    before = snapshot(game)
    with pytest.raises(GameError) as info:
        game.process(action)
    return info.value, before, snapshot(game)


def test_there_are_at_least_30_kinds():
    """The brief asks for at least 30 different kinds of illegal actions."""
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_is_refused_and_changes_nothing(name):
    """GameError naming the action's id; the state is exactly as before."""
    error, before, after = refuse(name)
    assert after == before
    assert error.action_id == 9999
    assert str(error).startswith("action 9999: ")


@pytest.mark.parametrize("name", NAMES)
def test_the_refusal_names_the_rule_broken(name):
    """``GameError.rule`` names the rule the action breaks."""
    error, _, _ = refuse(name)
    assert error.rule == CASES[name].rule
