"""1867's and 1861's operating rounds, converted from 18xx.games at run time: a minor's revenue
split between its treasury and its president without a dividend chosen
(``split_dividend``), loans taken without asking for a tile's cost or a train the
corporation must buy (``rules.loans.automatic``, ``fee``, ``max_loans``), the interest on
them and their repayment after the dividend (the ``loan_interest`` step), and the
minors' train limit (``kind: minor``); 1861's towns that fill a train's room
(``fills``), its companies' hex bonuses (``hex_bonus``) and its hidden company's hexes
(``blocks_hexes.until``). Every figure is 18xx.games' for the real games (1867's 21268:
"CA withholds $35", "Player 4 receives $35", "CS takes a loan and receives $45").
"""

from __future__ import annotations

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.title.loader import load_title

GAME = ORACLE.parent / "fixtures" / "1867" / "21268.json"
P4 = "4440"


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867ops"), "1867")


def _action(number: int) -> dict:
    return next(a for a in GameFile.read(GAME).actions if a.get("id") == number)


def test_1867_s_minors_split_their_revenue_and_take_loans(the_1867):
    """The converter finds 1867's rules: minors split their revenue, their price right
    when they earned something and left when not; two loans for a minor, five for a
    major, each bringing $45 of its $50; $5 interest a loan; tiles and trains paid so."""
    title = load_title(the_1867)
    ca, cnr = title.corporations["CA"], title.corporations["CNR"]
    assert ca.split_dividend is not None
    assert (ca.split_dividend.paid, ca.split_dividend.none) == (["right"], ["left"])
    assert cnr.split_dividend is None
    assert (ca.max_loans, cnr.max_loans, ca.kind, cnr.kind) == (2, 5, "minor", "corporation")
    loans = title.rules.loans
    assert (loans.amount, loans.fee, loans.interest, loans.automatic) == (50, 5, 5, ["track", "buy_train"])
    assert "loan_interest" in [s.step for s in title.rounds["operating"].steps]


def test_a_minor_s_revenue_is_split_without_a_dividend(the_1867):
    """Action 172: "CA runs a 2 train for $70", "CA withholds $35", "Player 4 receives
    $35", "CA's share price moves right from $55 to $60"; nobody is asked."""
    before = replayed_to(the_1867, GAME, 171)
    game = replayed_to(the_1867, GAME, 172)
    ca = game.corporations["CA"]
    assert (before.corporations["CA"].cash, before.players_by_id[P4].cash) == (40, 90)
    assert (ca.cash, game.players_by_id[P4].cash, game.market.price("CA")) == (75, 125, 60)
    assert "dividend" not in legal_actions(game).get("CA", {})


def test_the_split_dividend_s_moves_are_the_title_s(the_1867):
    """CA's first run (action 116): "CA withholds $30", "Player 4 receives $30", "CA's
    share price moves right from $50 to $55"; with ``split_dividend: {paid: []}`` its
    price stays at $50, the money split all the same."""
    game = replayed_to(the_1867, GAME, 116)
    assert (game.corporations["CA"].cash, game.players_by_id[P4].cash, game.market.price("CA")) == (
        40,
        35,
        55,
    )
    house = "corporations: {CA: {split_dividend: {paid: [], none: [left]}}}"
    still = replayed_to(the_1867, GAME, 116, [house])
    assert (still.corporations["CA"].cash, still.players_by_id[P4].cash, still.market.price("CA")) == (
        40,
        35,
        50,
    )


def test_a_minor_takes_a_loan_for_the_train_it_must_buy(the_1867):
    """Action 92: CS, with $95, must buy a train: "CS takes a loan and receives $45",
    "CS buys a 2 train for $100 from The Depot": $40 left, loan 0 held."""
    game = replayed_to(the_1867, GAME, 92)
    cs = game.corporations["CS"]
    assert (cs.cash, cs.loans) == (40, [0])


def test_what_a_loan_brings_is_the_title_s(the_1867):
    """With ``fee: 0`` the loan brings its whole $50: $45 left after the train."""
    game = replayed_to(the_1867, GAME, 92, ["rules: {loans: {fee: 0}}"])
    assert game.corporations["CS"].cash == 45


def test_a_corporation_without_loans_left_cannot_pay(the_1867):
    """With ``max_loans: 0`` CS cannot raise the $100 and its president pays nothing:
    the purchase is refused, nothing changed."""
    game = replayed_to(the_1867, GAME, 91, ["corporations: {CS: {max_loans: 0}}"])
    refused(game, _action(92))


def test_interest_and_repayment_after_the_dividend(the_1867):
    """In operating round 1.2 CS, holding the loan it took in 1.1, pays $5 interest and
    pays it off for $50 after its dividend: $99 becomes $44 (18xx.games' figure)."""
    game = replayed_to(the_1867, GAME, 150)
    cs = game.corporations["CS"]
    assert (cs.cash, cs.loans) == (44, [])
    assert game.loan_pool[-2:] == [0, 1]  # paid back, they go last (18xx.games: [..., 70, 71, 0, 1])


def test_a_minor_has_the_minors_train_limit(the_1867):
    """Phase 3's limit is two trains for a minor, four for a major: CS, with two, is
    offered no train (``kind: minor``); counted as a corporation it would be."""
    game = replayed_to(the_1867, GAME, 180)
    assert game.train_limit("CS") == 2
    assert "buy_train" not in legal_actions(game).get("CS", {})
    major = replayed_to(the_1867, GAME, 180, ["corporations: {CS: {kind: corporation}}"])
    assert major.train_limit("CS") == 4


F61 = ORACLE.parent / "fixtures" / "1861"
BANK_BREAKS = F61 / "bank_breaks_then_final_phase.json"
TRAIN_2 = "{stops: [city, offboard], visit: 2}, {stops: [town], visit: unlimited, pay: 0"


@pytest.fixture(scope="module")
def the_1861(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1861ops"), "1861")


@pytest.mark.parametrize("name", ["29683.json", "bank_breaks_then_final_phase.json"])
def test_the_real_1861_games_replay_to_their_recorded_results(the_1861, name):
    """1861's real games play their stock rounds of bids (Nikolaev first, the green
    minors from phase 3), their operating rounds (towns filling a train's room, the
    Moscow companies' bonus, the hidden company's hexes open from phase 3, the national
    RSR operating on its own), their merger rounds and nationalisations, to the end and
    the scores their files record. (Before the merger rounds they stopped at 193 and 246;
    before the national's operating, at 473 and 417.)"""
    record = GameFile.read(F61 / name)
    out = replay(record, title_for(record, the_1861))
    assert out.failure is None, out.failure
    assert out.verdict == "matches", (out.result, out.recorded_result, out.game.end_reason)


def test_a_town_fills_the_room_a_city_leaves(the_1861):
    """Action 161 of 29683: RO's 2 train runs Riga (30) and the town of Dünaberg (10),
    "RO runs a 2 train for 40₽": a town pays where the route has fewer cities than the
    train's two (``fills``); without it the run is worth 30 and refused."""
    game = replayed_to(the_1861, F61 / "29683.json", 161)
    assert game.corporations["RO"].cash == 85  # 18xx.games: "RO withholds 20₽", 85 in its treasury
    house = f"trains: {{'2': {{distance: [{TRAIN_2}}}]}}}}"
    with pytest.raises(GameError) as refused:
        replayed_to(the_1861, F61 / "29683.json", 161, [house])
    assert refused.value.rule == "revenue"


def test_a_company_s_hex_bonus_pays_its_corporation_s_routes(the_1861):
    """Action 225 of the bank-breaking game: RO, owning the Moscow - Ryazan Railway, runs
    H8-C5-B4-B8 for 90: Moscow 50, Riga 30 and the company's 10 in Moscow (``hex_bonus``);
    with the bonus at 20 the run is worth 100 and refused."""
    title = load_title(the_1861)
    assert title.companies["MRR"].ability("hex_bonus") is not None
    replayed_to(the_1861, BANK_BREAKS, 225)
    house = "companies: {MRR: {abilities: [{type: hex_bonus, hexes: [H8], amount: 20}]}}"
    with pytest.raises(GameError) as refused:
        replayed_to(the_1861, BANK_BREAKS, 225, [house])
    assert refused.value.rule == "revenue"


def test_the_hidden_company_s_hexes_open_with_phase_3(the_1861):
    """Action 215 of the bank-breaking game: in phase 3 MNN lays in H6, which the hidden
    company blocked until then (``blocks_hexes.until: '3'``); blocking until phase 4 the
    lay is refused."""
    replayed_to(the_1861, BANK_BREAKS, 215)
    house = (
        "companies: {'3': {abilities: [{type: blocks_hexes, hexes: [E3, H6, I5, I9, J10],"
        " owner: [bank, player, corporation], until: '4'}]}}"
    )
    with pytest.raises(GameError) as refused:
        replayed_to(the_1861, BANK_BREAKS, 215, [house])
    assert refused.value.rule == "blocked hex"
