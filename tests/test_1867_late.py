"""1867's later game, converted from 18xx.games at run time: a major's redemption of its
shares before it lays track (``rules.issue.offers``, the ``issue_shares`` step listed
``blocking``), stations priced by their distance (``rules.tokens.price_by_distance``),
phase 8's trains taking trade-ins by type (``trade_in.discount`` by type,
``from_phase``) and doubling the Timmins bonus (``hex_groups.multiplied``), and the end:
the final phase (``game_end.final_phase``), after sets of three operating rounds
(``game_end.final_operating_rounds``). Positions are the real games 21268 and
nationalization_cash just after a recorded action.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, imported_title, replayed_to

from framework.engine import operating, trains
from framework.engine.choices import legal_actions
from framework.engine.steps.issue import IssueShares
from framework.engine.steps.stations import Token

FIXTURES = ORACLE.parent / "fixtures" / "1867"
GAME = FIXTURES / "21268.json"
CASH = FIXTURES / "nationalization_cash.json"
TIMMINS = "hex_groups_D2_F16_L12_O7"
"""The Timmins bonus as the converter names it (Timmins with Montreal, Toronto or Quebec)."""


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867late"), "1867")


def test_a_major_may_redeem_a_pool_share_at_its_price_before_laying_track(the_1867):
    """NYC's turn begins with 18xx.games' RedeemShares: it may buy back its share in the
    pool at its price ($110), or pass; it may not issue the share in its treasury, which
    1846's step would offer (``offers: [redeem]``). The step waits: its pass (action 606)
    is the step's, and the turn goes on to track."""
    game = replayed_to(the_1867, GAME, 605)
    assert game.title.rules.issue.offers == ["redeem"]
    corp = game.corporations["NYC"]
    step = game.current_round.step("issue_shares")
    assert isinstance(step, IssueShares) and [s.id for s in step.issuable(corp)] == ["NYC_8"]
    choices = legal_actions(game)["NYC"]
    assert choices["buy_shares"] == [{"shares": ["NYC_4"], "percent": 10, "share_price": 110}]
    assert "sell_shares" not in choices and "pass" in choices
    assert game.current_round.active_step() is step
    game = replayed_to(the_1867, GAME, 606)
    active = game.current_round.active_step()
    assert game.current_entity() == "NYC" and active is not None and active.name == "track"


def test_a_station_costs_its_price_times_its_distance_from_the_nearest_station(the_1867):
    """CPR's third station ($40) from its stations in J12 and L12: $80 a hex away (M9),
    $160 four hexes away (F16, where it places it: its treasury $1,237 → $1,077);
    without the rule, $40 anywhere."""
    game = replayed_to(the_1867, CASH, 511)
    assert game.track_board.token_hexes("CPR") == {"J12", "L12"}
    step = game.current_round.active_step()
    assert isinstance(step, Token)
    priced = step.priced("CPR")
    assert (priced[("M9", 0)], priced[("F16", 1)], priced[("D2", 0)]) == (80, 160, 320)
    assert game.corporations["CPR"].cash == 1237
    assert replayed_to(the_1867, CASH, 512).corporations["CPR"].cash == 1077
    flat = replayed_to(the_1867, CASH, 511, ["rules: {tokens: {price_by_distance: false}}"])
    assert set(flat.current_round.active_step().priced("CPR").values()) == {40}


def test_phase_8_trains_take_trade_ins_at_amounts_by_type(the_1867):
    """In phase 8 CPR, at its limit of two trains (a 5 and a 6), may buy only by trading
    one in: $275 off for the 5, $325 for the 6, from the 8 ($1,000), the 2+2 ($600) and
    the 5+5E ($1,500). It passes (action 537)."""
    game = replayed_to(the_1867, CASH, 536)
    assert game.phase == "8" and sorted(t.id for t in trains.owned(game, "CPR")) == ["5-3", "6-1"]
    offers = {
        (o.face, o.exchange.id if o.exchange else None): o.price for o in trains.depot_offers(game, "CPR")
    }
    assert offers == {
        ("8", "5-3"): 725,
        ("8", "6-1"): 675,
        ("2+2", "5-3"): 325,
        ("2+2", "6-1"): 275,
        ("5+5E", "5-3"): 1225,
        ("5+5E", "6-1"): 1175,
    }
    spec = game.title.trains["8"].trade_in
    assert spec is not None and spec.from_phase == "8"


def test_a_double_train_doubles_the_timmins_bonus(the_1867):
    """Timmins with a capital earns $40 more; a 2+2 or a 5+5E, which doubles its stops,
    earns $80 more (CNR's 5+5E-0 runs L12-N12-O7-M9-D2 for $620 at action 965); a
    plain 5, $40. Without ``multiplied``, $40 for each."""
    game = replayed_to(the_1867, GAME, 964)

    def bonus(game, train):
        return [b.amount for b in operating.runner(game, game.trains[train]).bonuses.title]

    assert (bonus(game, "2+2-0"), bonus(game, "5+5E-0"), bonus(game, "5-0")) == ([80], [80], [40])
    plain = replayed_to(the_1867, GAME, 964, [f"bonuses: {{{TIMMINS}: {{multiplied: false}}}}"])
    assert bonus(plain, "5+5E-0") == [40]


def test_the_final_phase_ends_the_game_after_the_next_set(the_1867):
    """Phase 8 begins in turn 5 (action 815): the game will end with the set of turn 6
    (18xx.games' ``one_more_full_or_set``); without the condition, nothing is pending."""
    before, after = (replayed_to(the_1867, GAME, n) for n in (814, 815))
    assert (before.phase, before.pending_end) == ("7", {})
    assert (after.phase, after.pending_end) == ("8", {"final_phase": "end_of_set@6"})
    assert replayed_to(the_1867, GAME, 815, ["game_end: {final_phase: null}"]).pending_end == {}


def test_the_sets_after_the_end_is_pending_have_three_operating_rounds(the_1867):
    """Phase 8 plays two operating rounds a set, but turn 6's, begun with the end
    pending, has three: CNR opens the third (action 1004). With the phase's two, the game
    ends after GTR's dividend in the second (action 1003)."""
    game = replayed_to(the_1867, GAME, 1003)
    assert (game.turn, game.or_number, game.or_count, game.finished) == (6, 3, 3, False)
    short = replayed_to(the_1867, GAME, 1003, ["game_end: {final_operating_rounds: null}"])
    assert (short.finished, short.end_reason, short.or_number) == (True, "final_phase", 2)
