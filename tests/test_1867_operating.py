"""1867's operating rounds, converted from 18xx.games at run time: a minor's revenue
split between its treasury and its president without a dividend chosen
(``split_dividend``), loans taken without asking for a tile's cost or a train the
corporation must buy (``rules.loans.automatic``, ``fee``, ``max_loans``), the interest on
them and their repayment after the dividend (the ``loan_interest`` step), and the
minors' train limit (``kind: minor``). Every figure is 18xx.games' for the real game
21268 ("CA withholds $35", "Player 4 receives $35", "CS takes a loan and receives $45").
"""

from __future__ import annotations

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
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
