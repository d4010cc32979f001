"""The end of the game and the scores (reference §4.13; rulebook §12).

The bank breaks → the game ends after the current set of operating rounds (after the
next set when it breaks in a stock round); a corporation entering 375 or 400 → after
the current operating round; a bankruptcy or ``end_game`` → at once. The earliest of
several applies. Score = cash + shares × price + face value of privates (NEFT 0).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sj_support import (
    BANKRUPT,
    BOT,
    REAL,
    act,
    effective_actions,
    finish_auction,
    float_corporations,
    game_before,
    new_game,
    pass_operating_round,
    pass_stock_round,
    place,
    recorded,
    refused,
    sell,
    turn,
)

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.entities import BANK
from framework.engine.game import Game
from framework.title.loader import RulesText, load_title


def play_on(game, name, until=None):
    """Process the recorded actions after the game's position until the game ends (or until
    the action with id ``until`` has been processed)."""
    actions = effective_actions(name)
    start = game.actions_processed
    for action in actions[start:]:
        if game.finished:
            return
        game.process(action)
        if until is not None and action.get("id") == until:
            return


# -- the bank ---------------------------------------------------------------------------------


def test_a_payment_beyond_the_banks_cash_breaks_it_and_it_keeps_paying():
    """§4.13: SWB's payout in OR 6.2 takes the bank below zero; the game goes on."""
    game = game_before(REAL, 817)
    assert not game.bank_broken
    game.process(recorded(REAL, 817))
    assert game.bank_broken and game.bank < 0
    assert not game.finished
    assert (game.turn, game.or_number, game.or_count) == (6, 2, 3)


def test_a_broken_bank_ends_the_game_after_the_set_of_operating_rounds():
    """§4.13: broken in OR 6.2, the game ends after OR 6.3 with the recorded scores."""
    game = game_before(REAL, 817)
    play_on(game, REAL)
    assert game.finished and game.end_reason == "bank"
    assert (game.turn, game.or_number) == (6, 3)
    assert game.result() == {"3041": 8315, "149": 7717, "15550": 7039, "17876": 3157}


def test_a_bank_broken_in_a_stock_round_ends_the_game_after_the_next_set():
    """§4.13 / rulebook §12: the stock round and the following set are finished."""
    game = new_game(4, 0)
    finish_auction(game)
    float_corporations(game, {"3": ("SNJ", "67,5,2")})
    pass_operating_round(game)
    assert (game.round.kind, game.turn) == ("stock", 2)
    finance.pay(game, BANK, "1", game.bank - 50)
    act(game, "pass", "4")
    turn(game, "1")
    turn(game, "2")
    turn(game, "3", sell("SNJ_1", "SNJ_2"))
    assert game.bank_broken
    pass_stock_round(game)
    assert not game.finished and game.round.kind == "operating"
    pass_operating_round(game)
    assert game.finished and game.end_reason == "bank"
    assert (game.turn, game.or_number) == (2, 1)


def test_of_two_ends_due_at_once_the_set_s_own_names_the_reason():
    """An end waiting for the end of the next set (1846's last train bought a set before)
    falls due as the bank, broken in this set, ends the game too: the reason is the bank,
    whose end belongs to this set, as 18xx.games keeps the trigger of the earlier timing."""
    game = new_game(4, 0)
    game.pending_end = {"final_train": f"end_of_set@{game.turn}", "bank": "end_of_set"}
    game.end_of("end_of_set")
    assert game.finished and game.end_reason == "bank"


# -- the stock market ---------------------------------------------------------------------------


def test_entering_375_ends_the_game_after_the_current_operating_round():
    """§4.13: ÖKJ at 325 pays 940 (≥ 2 × 325): two steps right, into 375."""
    game = game_before(REAL, 664)
    place(game, "ÖKJ", (0, 13))
    moment = (game.turn, game.or_number)
    game.process(recorded(REAL, 664))
    assert game.market.price("ÖKJ") == 375
    assert not game.finished
    play_on(game, REAL)
    assert game.finished and game.end_reason == "stock_market"
    assert (game.turn, game.or_number) == moment


def test_with_two_triggers_the_earlier_end_applies():
    """§4.13: SWB's payout both breaks the bank and (from 350) enters 375: the game ends
    after OR 6.2, not after the set."""
    game = game_before(REAL, 817)
    place(game, "SWB", (0, 14))
    game.process(recorded(REAL, 817))
    assert game.bank_broken and game.market.price("SWB") == 375
    play_on(game, REAL)
    assert game.finished and game.end_reason == "stock_market"
    assert (game.turn, game.or_number) == (6, 2)


# -- bankruptcy and end_game --------------------------------------------------------------------


def test_a_bankruptcy_ends_the_game_at_once():
    """§4.13: immediately, with the recorded scores; nothing more is accepted."""
    game = game_before(BANKRUPT, 606)
    game.process(recorded(BANKRUPT, 606))
    assert game.finished and game.end_reason == "bankrupt"
    assert game.current_entity() is None
    assert refused(game, {"type": "pass", "entity": "UGJ"}).rule == "game over"
    assert game.result() == {"18207": 2689, "1886": 1588, "19165": 412, "16057": 261}


def test_end_game_ends_the_game_at_once():
    """§4.13: the manual end (18xx.games table feature), mid operating round."""
    game = game_before(BOT, 475)
    assert game.round.kind == "operating"
    game.process(recorded(BOT, 475))
    assert game.finished and game.end_reason == "manually_ended"
    assert game.result() == {"3429": 3285, "12964": 2854}


# -- scores -------------------------------------------------------------------------------------


def value_by_hand(game, player):
    value = game.players_by_id[player].cash
    for corp in game.corporations.values():
        if not corp.closed and corp.sym in game.market.positions:
            value += game.market.price(corp.sym) * corp.percent_of(player) // 10
    for sym, company in game.companies.items():
        if company.owner == player:
            value += game.title.companies[sym].value
    return value


def test_a_score_is_cash_plus_shares_at_their_price():
    """§4.13: cash + Σ price × shares (no privates are left at the end); best first."""
    game = game_before(REAL, 817)
    play_on(game, REAL)
    assert game.result() == {p.id: value_by_hand(game, p.id) for p in game.humans}
    assert list(game.result().values()) == sorted(game.result().values(), reverse=True)


def test_privates_count_at_face_value_and_neft_at_nothing():
    """§4.13: P1 holds NE (220) and NEFT (0) in OR 1; the value counts 220."""
    game = game_before(REAL, 30)
    owned = sorted(s for s, c in game.companies.items() if c.owner == "17876")
    assert owned == ["NE", "NEFT"]
    cash = game.players_by_id["17876"].cash
    shares = game.market.price("SNJ") * game.corporations["SNJ"].percent_of("17876") // 10
    assert finance.player_value(game, "17876") == cash + shares + 220


def test_shares_of_closed_corporations_are_worth_nothing():
    """§4.13: only started, non-closed corporations count (nationalised SNJ does not)."""
    game = game_before(REAL, 592)
    game.process(recorded(REAL, 592))
    assert game.corporations["SNJ"].closed
    assert finance.player_value(game, "17876") == value_by_hand(game, "17876")
    assert game.corporations["SNJ"].percent_of("17876") == 0


def test_the_game_refuses_actions_once_over():
    """§4.13: after the end nothing is accepted, not even another end_game."""
    game = game_before(BOT, 475)
    game.process(recorded(BOT, 475))
    error = refused(game, {"type": "end_game", "entity": "KFJ"})
    assert error.rule == "game over"
    assert game.end_reason == "manually_ended"


NOTHING_TO_DO = "sequence:\n  start: []\nrounds:\n  stock:\n    kind: stock\n    steps: [discard_train]\n"
"""A sequence whose rounds never have anything to do: a stock round without its share
step, and no corporation to operate."""


def test_a_game_where_nobody_can_ever_act_ends_unfinished_at_its_turn_limit():
    """``game_end.turn_limit`` (100 by default, as 18xx.games ends every game at its turn
    100, reason ``dnf``): nothing could ever change, so the game ends at once, standing
    as it would at that turn."""
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    game = Game(load_title(folder, [RulesText("house.yaml", NOTHING_TO_DO)]), [("1", "A"), ("2", "B")], 1)
    assert (game.finished, game.end_reason, game.turn) == (True, "dnf", 100)


def test_a_game_whose_companies_pay_turns_over_to_its_turn_limit():
    """Players dealt companies are paid every operating round up to the limit's turn:
    their cash at the end is what those rounds paid them."""
    rule = NOTHING_TO_DO + (
        "game_end: {turn_limit: 30}\n"
        "setup:\n  generator: {kind: lcg, multiplier: 1103515245, increment: 12345, modulus: 2147483648}\n"
        "  draws: [{deal: [SV, CS, DH]}]\n"
    )
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    game = Game(load_title(folder, [RulesText("house.yaml", rule)]), [("1", "A"), ("2", "B"), ("3", "C")], 1)
    assert (game.finished, game.end_reason, game.turn) == (True, "dnf", 30)
    assert sum(p.cash for p in game.players) > 3 * game.title.bank.starting_cash[3]


def test_a_game_where_nobody_can_ever_act_stops_as_stalled():
    """Without a turn limit, a sequence whose rounds never have anything to do is refused
    at once, naming the rule, rather than turning over forever."""
    rule = NOTHING_TO_DO + "game_end: {turn_limit: 0}\n"
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    title = load_title(folder, [RulesText("house.yaml", rule)])
    with pytest.raises(GameError) as caught:
        Game(title, [("1", "A"), ("2", "B"), ("3", "C")], 1)
    assert caught.value.rule == "stalled"
    assert Game(load_title(folder), [("1", "A"), ("2", "B"), ("3", "C")], 1).round is not None


def test_companies_paying_put_off_a_stall_for_twenty_game_turns():
    """Players dealt companies are paid their revenue every operating round, which might
    yet let one of them act: the game turns over while their cash changes, and is
    refused as stalled after twenty game turns all the same (here nobody can ever act)."""
    rule = (
        NOTHING_TO_DO + "game_end: {turn_limit: 0}\n"
        "setup:\n  generator: {kind: lcg, multiplier: 1103515245, increment: 12345, modulus: 2147483648}\n"
        "  draws: [{deal: [SV, CS, DH]}]\n"
    )
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    title = load_title(folder, [RulesText("house.yaml", rule)])
    with pytest.raises(GameError) as caught:
        Game(title, [("1", "A"), ("2", "B"), ("3", "C")], 1)
    assert caught.value.rule == "stalled"
    last = int(str(caught.value).split("game turns 0 to ")[1].split()[0])
    assert last > 20
