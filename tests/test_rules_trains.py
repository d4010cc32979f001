"""Trains, phases, rusting, events, nationalisation, emergency money and bankruptcy
(reference §3.3, §3.4, §4.10, §4.12, §4.13; rulebook §7, §10.7, §10.8, §11).

Positions are real games just before a recorded action: 166116 (REAL; players 17876,
15550, 3041, 149) and 18SJ_game_end_bankrupt (BANKRUPT; 18207, 1886, 19165, 16057),
and the two-player game (BOT).
"""

from __future__ import annotations

from sj_support import BANKRUPT, BOT, REAL, cash, game_before, game_before_with, recorded, refused

from framework.engine import finance, trains
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, CLOSED, IPO, POOL

P1, P2, P3, P4 = "17876", "15550", "3041", "149"


def buy_train(entity, train, price, variant=None, exchange=None):
    action = {"type": "buy_train", "entity": entity, "train": train, "price": price}
    if variant:
        action["variant"] = variant
    if exchange:
        action["exchange"] = exchange
    return action


def swap(game, a, b):
    """Exchange the owners of two trains (to script a position)."""
    ta, tb = game.trains[a], game.trains[b]
    ta.owner, tb.owner = tb.owner, ta.owner


# -- the depot and the phases -----------------------------------------------------------------


def test_the_depot_offers_the_top_of_the_stack():
    """§3.4: the 2-trains are gone (2-0 went to KHJ), so only 3-0 is offered."""
    game = game_before(REAL, 73)
    assert [t.id for t in trains.offered(game)] == ["3-0"]


def test_the_first_3_train_starts_phase_3_but_the_set_keeps_its_one_round():
    """§3.3: phase 3 begins at once; the number of ORs changes with the next set."""
    game = game_before(REAL, 73)
    game.process(recorded(REAL, 73))
    assert game.phase == "3"
    assert game.or_count == 1
    assert game_before(REAL, 82).or_count == 2


def test_the_first_4_train_starts_phase_4_and_rusts_every_2_train():
    """§3.3 / §4.10: including trains in the discard pile; the limit drops to 3."""
    game = game_before(REAL, 240)
    game.trains["2-5"].owner = POOL  # as if TGOJ had discarded it
    game.process(recorded(REAL, 240))
    assert game.phase == "4"
    assert game.train_limit("SNJ") == 3
    twos = [t for t in game.trains.values() if t.name == "2"]
    assert len(twos) == 7
    assert {t.owner for t in twos} == {"rusted"}


def test_a_lower_train_limit_makes_companies_discard_first():
    """§4.10 / rulebook §7: SNJ (given four 3-trains) must discard to 3 before MÖJ goes
    on; the discarded train joins the pool and is offered at face value."""
    game = game_before(REAL, 240)
    swap(game, "2-1", "3-3")
    swap(game, "2-2", "3-4")
    game.process(recorded(REAL, 240))
    assert game.current_entity() == "SNJ"
    assert legal_actions(game) == {
        "SNJ": {"discard_train": [{"train": t} for t in ("3-1", "3-2", "3-3", "3-4")]}
    }
    game.process({"type": "discard_train", "entity": "SNJ", "train": "3-1"})
    assert game.trains["3-1"].owner == POOL
    assert game.current_entity() == "MÖJ"
    assert "3-1" in [t.id for t in trains.offered(game)]
    finance.pay(game, BANK, "MÖJ", 100)
    treasury = cash(game, "MÖJ")
    game.process(buy_train("MÖJ", "3-1", 180))
    assert game.trains["3-1"].owner == "MÖJ"
    assert cash(game, "MÖJ") == treasury - 180


def test_the_first_5_train_closes_every_private_but_neft():
    """§4.12 close_companies: FRY, GKB, GC and MV close; NEFT stays with P1."""
    game = game_before(REAL, 411)
    game.process(recorded(REAL, 411))
    assert game.phase == "5"
    assert {s for s, c in game.companies.items() if not c.closed} == {"NEFT"}
    assert game.companies["NEFT"].owner == P1


def test_the_first_5_train_closes_the_khj_minor():
    """§4.12: KHJ's cash goes to the bank and its token leaves Köping (two-player game)."""
    game = game_before(BOT, 256)
    khj = game.minors["KHJ"]
    assert (khj.cash, game.board.cities_of("KHJ")) == (115, [("D15", 0)])
    game.process(recorded(BOT, 256))
    assert khj.closed and khj.cash == 0
    assert game.board.cities_of("KHJ") == []
    assert game.companies["KHJ"].owner == CLOSED


def test_the_first_5_train_makes_only_unstarted_corporations_fully_capitalised():
    """§4.12 full_cap: BJ and ÖKJ were never started; the others stay incremental."""
    game = game_before(BANKRUPT, 403)
    game.process(recorded(BANKRUPT, 403))
    full = {s for s, c in game.corporations.items() if c.capitalization == "full"}
    assert full == {"BJ", "ÖKJ"}
    assert game.corporations["BJ"].percent_of(IPO) == 100
    assert game.corporations["KFJ"].capitalization == "incremental"


def test_the_first_6_train_rusts_3s_and_brings_d_trains():
    """§3.3 / §3.4: D is offered with the remaining 6-train."""
    game = game_before(REAL, 592)
    game.process(recorded(REAL, 592))
    assert game.phase == "6"
    assert all(t.owner == "rusted" for t in game.trains.values() if t.name == "3")
    assert [t.id for t in trains.offered(game)] == ["6-1", "D-0"]


def test_an_e_with_a_4_traded_in_costs_1000_and_starts_phase_d():
    """§3.4: E 1300 − 300; an E is a D: phase D, the 4-trains rust."""
    game = game_before(REAL, 603)
    treasury = cash(game, "ÖKJ")
    game.process(recorded(REAL, 603))
    assert game.phase == "D"
    assert (game.trains["D-0"].owner, game.trains["D-0"].variant) == ("ÖKJ", "E")
    assert cash(game, "ÖKJ") == treasury - 1000
    assert game.trains["4-1"].owner not in ("ÖKJ", POOL)
    assert all(t.owner != "KFJ" for t in game.trains.values() if t.name == "4")


def test_a_trade_in_is_allowed_at_the_train_limit():
    """§3.4: ÖKJ (given BJ's 6-train, so at its limit of 2) may still trade its 4 for an E."""
    game = game_before(REAL, 602)
    game.trains["6-0"].owner = "ÖKJ"
    game.process(recorded(REAL, 602))
    assert game.current_entity() == "ÖKJ"
    game.process(recorded(REAL, 603))
    assert sorted(t.id for t in trains.owned(game, "ÖKJ")) == ["6-0", "D-0"]


def test_a_traded_in_5_or_6_leaves_the_game():
    """§3.4: ÖKJ trades its 6 in for an E, or a D: the 6 is removed from the game
    (``traded: removed``), not put in the pool."""
    for face, price in (("E", 1000), ("D", 800)):
        game = game_before(REAL, 603)
        game.trains["6-0"].owner = "ÖKJ"
        game.process(buy_train("ÖKJ", "D-0", price, face, "6-0"))
        assert game.trains["6-0"].owner == "removed"
        assert "6-0" not in [t.id for t in trains.offered(game)]


TRADED_TO_THE_POOL = """
trains:
  D:
    variants:
      E: {trade_in: {trains: [4, 5, 6], discount: 300, traded: discarded}}
"""


def test_a_train_traded_in_as_discarded_goes_to_the_pool_for_sale():
    """``traded: discarded`` (18xx.games' default, 1830's): the 6 goes where discards go,
    the pool, which offers the first discarded train of each type, no other."""
    game = game_before_with(REAL, 603, TRADED_TO_THE_POOL)
    game.trains["6-0"].owner = "ÖKJ"
    game.trains["6-1"].owner = POOL
    game.trains["6-1"].discarded = 1
    game.process(buy_train("ÖKJ", "D-0", 1000, "E", "6-0"))
    assert game.trains["6-0"].owner == POOL
    offered = [t.id for t in trains.offered(game)]
    assert "6-1" in offered and "6-0" not in offered  # 6-1 was discarded first
    game.trains["6-1"].owner = "rusted"
    assert "6-0" in [t.id for t in trains.offered(game)]


def test_the_pool_sells_only_the_trains_it_offers():
    """A second train of a type in the pool waits for the first: buying it is refused."""
    game = game_before(REAL, 603)
    for n, train in enumerate(["6-0", "6-1"], start=1):
        game.trains[train].owner = POOL
        game.trains[train].discarded = n
    assert refused(game, buy_train("ÖKJ", "6-1", 630)).rule == "depot"


def test_d_and_e_prices():
    """§3.4: D 1100, E 1300, each 300 less with a 4, 5 or 6 traded in."""
    game = game_before(REAL, 603)
    assert refused(game, buy_train("ÖKJ", "D-0", 1000, "E")).rule == "train price"
    assert refused(game, buy_train("ÖKJ", "D-0", 1100, "D", "4-1")).rule == "train price"
    game.process(buy_train("ÖKJ", "D-0", 800, "D", "4-1"))
    assert cash(game, "ÖKJ") == 1013 + 0 - 800


def test_a_train_may_be_bought_from_another_corporation_at_any_price_from_1():
    """§4.10: KFJ buys ÖKJ's 3-0 for 200, paid to ÖKJ."""
    game = game_before(REAL, 497)
    assert refused(game, buy_train("KFJ", "3-0", 0)).rule == "train price"
    game.process(recorded(REAL, 497))
    assert game.trains["3-0"].owner == "KFJ"
    assert (cash(game, "KFJ"), cash(game, "ÖKJ")) == (359 - 200, 600 + 200)


def test_the_train_limit_stops_purchases():
    """§4.10: SNJ holds four trains in phase 3; its Buy Trains step is over."""
    game = game_before(REAL, 92)
    assert len(trains.owned(game, "SNJ")) == game.train_limit("SNJ") == 4
    assert "buy_train" not in legal_actions(game)["SNJ"]
    refused(game, buy_train("SNJ", "3-3", 180))


def test_ne_closes_when_its_corporation_gets_its_first_train():
    """§3.6: NE's corporation is SNJ (seed 1012549268)."""
    game = game_before(REAL, 36)
    assert game.companies["NE"].owner == P1
    game.process(recorded(REAL, 36))
    assert game.companies["NE"].owner == CLOSED
    assert game.companies["NEFT"].owner == P1


# -- must buy, emergency money, bankruptcy --------------------------------------------------


def test_a_corporation_with_a_route_and_no_train_must_buy_one():
    """§4.10: SWB has a route and no train: it may not pass."""
    game = game_before(REAL, 410)
    assert refused(game, {"type": "pass", "entity": "SWB"}).rule == "must buy a train"


def test_the_president_pays_the_shortfall_after_selling_what_is_needed():
    """§4.10 / rulebook §10.8: UGJ has 416 for a 530 train; P1 (2 kr) sells SNJ (110),
    then UGJ (71), and pays 114."""
    game = game_before(REAL, 433)
    for action_id in (433, 434, 435):
        game.process(recorded(REAL, action_id))
    assert game.trains["5-2"].owner == "UGJ"
    assert cash(game, "UGJ") == 0
    assert cash(game, P1) == 2 + 110 + 71 - 114


def test_the_president_may_not_sell_more_than_needed():
    """§4.10 / rulebook §10.8 (Ebba's example): P1 needs 112; two SNJ shares (220) are the
    smallest SNJ bundle that suffices, so three (330) may not be sold."""
    game = game_before(REAL, 433)
    refused(
        game,
        {"type": "sell_shares", "entity": P1, "shares": ["SNJ_1", "SNJ_2", "SNJ_3"], "percent": 30},
    )


def test_an_emergency_sale_may_not_change_the_buying_corporations_presidency():
    """§4.10: 19165 holds 60% of TGOJ and 16057 40%; selling 30% would hand TGOJ over."""
    game = game_before(BANKRUPT, 571)
    finance.pay(game, "19165", BANK, cash(game, "19165"))
    action = {"type": "sell_shares", "entity": 19165, "shares": ["TGOJ_1", "TGOJ_2", "TGOJ_3"]}
    assert refused(game, {**action, "percent": 30}).rule == "emergency"
    game.process({**action, "shares": ["TGOJ_1"], "percent": 10})
    assert game.corporations["TGOJ"].president() == "19165"


def test_with_the_presidents_money_only_the_cheapest_depot_train():
    """§4.10: ÖSJ (456) must buy; the 6-train (630) is cheapest, so no D (1100)."""
    game = game_before(REAL, 608)
    assert [t.id for t in trains.offered(game)] == ["6-1", "D-1"]
    assert refused(game, buy_train("ÖSJ", "D-1", 1100, "D")).rule == "emergency"
    game.process(recorded(REAL, 608))
    assert cash(game, P2) == 540 - (630 - 456)


def test_in_an_emergency_another_corporations_train_costs_at_most_its_face_value():
    """§4.10: SWB's 5-0 (face 530) for ÖSJ: 600 is refused, 530 is paid with P2's help."""
    game = game_before(REAL, 608)
    assert refused(game, buy_train("ÖSJ", "5-0", 600)).rule == "emergency"
    game.process(buy_train("ÖSJ", "5-0", 530))
    assert (cash(game, "ÖSJ"), cash(game, P2), cash(game, "SWB")) == (0, 540 - 74, 1 + 530)


def test_in_the_d_stage_the_emergency_train_is_a_d_not_an_e():
    """§4.10: TGOJ must buy with P1's money: D at 1100, not E at 1300."""
    game = game_before(REAL, 620)
    finance.pay(game, BANK, P1, 1000)
    assert refused(game, buy_train("TGOJ", "D-1", 1300, "E")).rule == "emergency"


def test_the_listed_emergency_purchases_are_only_the_cheapest_depot_train():
    """§4.10: with the president's money only the cheapest depot train — the 6 at 630,
    not the D; and none while the president cannot pay (then only bankruptcy)."""
    game = game_before(REAL, 608)
    depot = [c for c in legal_actions(game)["ÖSJ"]["buy_train"] if c["train"] in ("6-1", "D-1")]
    assert depot == [{"train": "6-1", "price": 630, "variant": "6"}]
    broke = game_before(BANKRUPT, 606)
    listed = legal_actions(broke)["ÖSJ"]
    assert "bankrupt" in listed
    assert all(c["train"] != "D-2" for c in listed["buy_train"])  # only other corporations' trains


def test_bankruptcy_is_refused_while_the_president_can_raise_the_money():
    """§4.13: UGJ's president can sell shares for the train: no bankruptcy."""
    game = game_before(REAL, 433)
    assert "bankrupt" not in legal_actions(game)["UGJ"]
    refused(game, {"type": "bankrupt", "entity": "UGJ"})


def test_a_bankrupt_president_sells_what_can_be_sold_and_the_game_ends():
    """§4.13: 16057 cannot reach 1100: ÖSJ has 536, 16057 403, and nothing more can be
    sold (the pool holds 50% of ÖSJ; MÖJ's president's certificate has no taker). The cash
    goes to the bank; the certificates stay."""
    game = game_before(BANKRUPT, 606)
    assert "bankrupt" in legal_actions(game)["ÖSJ"]
    bank = game.bank
    game.process(recorded(BANKRUPT, 606))
    assert game.finished and game.end_reason == "bankrupt"
    assert cash(game, "16057") == 0
    assert game.bank == bank + 403
    assert game.corporations["MÖJ"].percent_of("16057") == 20
    assert game.corporations["ÖSJ"].percent_of("16057") == 30


# -- nationalisation (§4.12, rulebook §11) ---------------------------------------------------


def test_nationalisation_takes_the_trainless_corporation_that_has_operated():
    """The first 6-train rusts SNJ's 3-trains: SNJ (82) is nationalised — its price moves
    left twice (71), players are paid at that price, every share returns, the treasury
    goes to the bank, its tokens become SJ tokens and it leaves the operating order."""
    game = game_before(REAL, 592)
    players = {p.id: p.cash for p in game.players}
    treasury = cash(game, "SNJ")
    cities = game.board.cities_of("SNJ")
    bank = game.bank
    game.process(recorded(REAL, 592))
    snj = game.corporations["SNJ"]
    assert snj.closed
    assert snj.holders() == {"SNJ": 100}
    assert cash(game, P1) - players[P1] == 5 * 71
    assert cash(game, P2) - players[P2] == 71
    assert game.bank == bank + treasury + 630 - 6 * 71
    assert sorted(game.board.cities_of("SJ")) == sorted(cities)
    assert game.board.cities_of("SNJ") == []
    assert "SNJ" not in game.round.entities
    assert finance.certificate_limit(game) == 18


def test_only_the_highest_priced_candidate_is_nationalised():
    """§4.12: the first D-type rusts the 4s of MÖJ (180), KFJ (82) and TGOJ (71); only
    MÖJ goes. Its Stockholm token is removed — SJ already has one in G10 — and its
    Norrköping token becomes SJ's."""
    game = game_before(REAL, 603)
    game.process(recorded(REAL, 603))
    assert game.corporations["MÖJ"].closed
    assert not game.corporations["KFJ"].closed and not game.corporations["TGOJ"].closed
    assert trains.owned(game, "KFJ") == []
    sj = game.board.cities_of("SJ")
    assert ("E8", 0) in sj
    assert [c for c in sj if c[0] == "G10"] == [("G10", 0)]
    assert cash(game, P4) == 508 + 6 * 140
    assert finance.certificate_limit(game) == 15


def test_no_trainless_corporation_no_nationalisation():
    """§4.12: the first 4-train leaves every corporation with a train."""
    game = game_before(REAL, 240)
    game.process(recorded(REAL, 240))
    assert not any(c.closed for c in game.corporations.values())
    assert game.board.cities_of("SJ") == []


DISCOUNT_BY_TYPE = """
trains:
  D:
    trade_in: {trains: [4, 5, 6], discount: {'4': 250, '5': 300, '6': 350}}
    variants:
      E: {trade_in: {trains: [4, 5, 6], discount: {'4': 250, '5': 300, '6': 350}}}
"""


def test_a_trade_in_discount_may_depend_on_the_train_traded_in():
    """A house rule as 1867's phase-8 trains have it: ``discount`` by the type traded in.
    ÖKJ's E with its 4 traded in costs 1300 − 250, not the recorded 1000; a D with a 6
    traded in, 1100 − 350."""
    game = game_before_with(REAL, 603, DISCOUNT_BY_TYPE)
    offers = {(o.face, o.exchange.id): o.price for o in trains.depot_offers(game, "ÖKJ") if o.exchange}
    assert offers[("E", "4-1")] == 1050 and offers[("D", "4-1")] == 850
    assert refused(game, recorded(REAL, 603)).rule == "train price"
    game.trains["6-0"].owner = "ÖKJ"
    game.process(buy_train("ÖKJ", "D-0", 750, "D", "6-0"))
    assert cash(game, "ÖKJ") == 1013 - 750


TRADE_IN_FROM_D = """
trains:
  D:
    trade_in: {trains: [4, 5, 6], discount: 300, from_phase: D}
    variants:
      E: {trade_in: {trains: [4, 5, 6], discount: 300, from_phase: D}}
"""


def test_trade_ins_may_wait_for_a_phase():
    """``from_phase`` (1867: phase 8's trains take trade-ins once phase 8 has begun, not
    the first, which begins it): with trade-ins from phase D, ÖKJ's first D or E, in
    phase 6, takes no train in trade, as a D or as an E; once phase D has begun, the
    next does, as either."""
    game = game_before_with(REAL, 603, TRADE_IN_FROM_D)
    assert game.phase == "6"
    assert not [o for o in trains.depot_offers(game, "ÖKJ") if o.exchange]
    assert refused(game, recorded(REAL, 603)).rule == "trade-in"
    finance.pay(game, BANK, "ÖKJ", 300)  # (1013: the E at its full price)
    game.process(buy_train("ÖKJ", "D-0", 1300, "E"))
    assert game.phase == "D"
    game.trains["6-0"].owner = "ÖKJ"  # (its 4 rusted with the first D)
    assert {(o.face, o.price) for o in trains.depot_offers(game, "ÖKJ") if o.exchange} == {
        ("D", 800),
        ("E", 1000),
    }
