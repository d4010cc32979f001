"""1861, converted from 18xx.games at run time: its national, the Russian State Railway,
operating on its own in phases 4 to 7 (``phases.*.national_operates``), the minors nobody
started leaving with the 5 train (the ``remove_unstarted_minors`` event), and its end: a
final phase begun in a set's first operating round ends the game with that set
(``game_end.first_round_ends_set``), and outlasts a broken bank
(``game_end.timing_priority``). Positions are the real games 29683 and
bank_breaks_then_final_phase just after a recorded action.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, imported_title, replayed_to

from framework.engine import trains
from framework.engine.choices import legal_actions

FIXTURES = ORACLE.parent / "fixtures" / "1861"
GAME = FIXTURES / "29683.json"
BANK_BREAKS = FIXTURES / "bank_breaks_then_final_phase.json"


@pytest.fixture(scope="module")
def the_1861(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1861national"), "1861")


def test_the_national_operates_last_and_buys_its_train_by_itself(the_1861):
    """Phase 4 has begun; GRR's pass (action 395) ends its turn, and RSR, last in the
    operating order, operates: "RSR places a token on St. Petersburg", does not run (no
    train), takes six loans ($45 each) and buys a 4 train for $350 from its $109. In phase
    4 without ``national_operates`` it does nothing."""
    title = replayed_to(the_1861, GAME, 1).title
    assert [p for p, phase in title.phases.items() if phase.national_operates] == ["4", "5", "6", "7"]
    before = replayed_to(the_1861, GAME, 394)
    assert before.corporations["RSR"].cash == 109 and not trains.owned(before, "RSR")
    game = replayed_to(the_1861, GAME, 395)
    rsr = game.corporations["RSR"]
    assert [t.id for t in trains.owned(game, "RSR")] == ["4-3"]
    assert (rsr.cash, len(rsr.loans)) == (109 + 6 * 45 - 350, 6)
    assert "E1" in game.track_board.token_hexes("RSR")
    idle = replayed_to(the_1861, GAME, 395, ["phases: {'4': {national_operates: false}}"])
    assert not trains.owned(idle, "RSR") and "E1" not in idle.track_board.token_hexes("RSR")


def test_the_national_s_trains_are_run_for_it_and_its_revenue_withheld(the_1861):
    """At RSR's next turn the holder of the priority is offered only its run (action
    475: "RSR runs a 4 train for 160₽", "RSR withholds 160₽"); then, as any corporation,
    it pays $30 interest for six loans and pays off three: $29 + 160 − 30 − 150. It has
    no price to move."""
    game = replayed_to(the_1861, GAME, 474)
    assert game.current_entity() == "RSR"
    assert set(legal_actions(game)["RSR"]) == {"run_routes"}
    assert game.owner_of("RSR") == "5522"  # "Player 1 operates RSR": the priority's holder
    assert game.corporations["RSR"].cash == 29
    after = replayed_to(the_1861, GAME, 475)
    assert "RSR withholds 160" in after.messages
    assert (after.corporations["RSR"].cash, len(after.corporations["RSR"].loans)) == (9, 3)
    assert "RSR" not in after.market.positions


def test_minors_nobody_started_leave_with_the_5_train(the_1861):
    """The first 5 train: the green minor Y, never started, leaves the game, and its home
    city in H18 with it, which GRR may take (action 471 is its pass of the token step);
    without the event, Y's reservation holds the city's one slot."""
    game = replayed_to(the_1861, BANK_BREAKS, 470)
    assert game.corporations["Y"].closed
    step = game.current_round.active_step()
    assert step is not None and step.name == "token" and ("H18", 0) in step.priced("GRR")
    kept = replayed_to(the_1861, BANK_BREAKS, 400, ["trains: {'5': {events: []}}"])
    assert not kept.corporations["Y"].closed


def test_a_final_phase_begun_in_a_set_s_first_round_ends_the_game_with_that_set(the_1861):
    """The first 8 train comes in the first operating round of turn 6: the game ends with
    that set, lengthened to three rounds (18xx.games: "the game finishes at the end of
    the current OR set"); without ``first_round_ends_set``, with turn 7's."""
    game = replayed_to(the_1861, GAME, 707)
    assert (game.phase, game.turn, game.or_count) == ("8", 6, 3)
    assert game.pending_end == {"final_phase": "end_of_set@6"}
    later = replayed_to(the_1861, GAME, 707, ["game_end: {first_round_ends_set: false}"])
    assert later.pending_end == {"final_phase": "end_of_set@7"}


def test_the_final_phase_outlasts_a_broken_bank(the_1861):
    """The bank breaks in turn 7's second operating round (action 674), to end the game
    with it; the 8 train comes next (675) and the game goes on to the end of turn 8's set
    (``timing_priority: [end_of_next_set, end_of_operating_round]``). Without the
    priority the broken bank ends the game with that round."""
    broken = replayed_to(the_1861, BANK_BREAKS, 674)
    assert broken.pending_end == {"bank": "end_of_operating_round"}
    game = replayed_to(the_1861, BANK_BREAKS, 675)
    assert game.pending_end == {"final_phase": "end_of_set@8"} and not game.finished
    plain = replayed_to(the_1861, BANK_BREAKS, 675, ["game_end: {timing_priority: []}"])
    assert set(plain.pending_end) == {"bank", "final_phase"}
