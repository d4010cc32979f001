"""1836Jr56, converted from 18xx.games at run time, against its real game: one train of
each type from the depot in a turn (the title's own train-buying step, found by probing
it: ``depot_purchases: one_of_each_type``), and a corporation whose run all goes to the
interest on its loans asked for its dividend all the same, its price moving as for a
withheld one (``rules.dividends.asked_without_revenue``), and a president who covers the
interest and the loan repayment their corporation cannot pay, selling shares at once when
short of it, bankrupt when no sale would do (the ``cash_crisis`` step). House-ruled copies
of the converted title show that the field and the step change play.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.convert.trains import probed_depot_limits
from framework.engine.choices import legal_actions
from framework.engine.trace import trace_state
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

GAME = ORACLE.parent / "fixtures" / "1836jr56" / "hotseat003.json"
"""Four players and one corporation, B, living on loans: it buys one 2 train at 15 (no
second of the type in the turn), and at 143 and 159 its run of 30 goes to the interest
on its ten loans; at 160 its president sells a share to pay the rest of the interest, at
162 B must repay a loan over its limit and at 163 its president, who cannot pay their part,
goes bankrupt: the game ends."""


@pytest.fixture(scope="module")
def the_1836jr56(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1836jr56"), "1836Jr56")


def test_the_real_game_reaches_its_result(the_1836jr56):
    """Before these features it stopped at 17 (B was offered a second 2 train at 15),
    then at 144 (no dividend was asked of a run that earned nothing), then at 160 (its
    president paid what they had of the interest and sold no share)."""
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, the_1836jr56))
    assert outcome.matches_recorded, outcome.failure


def test_one_train_of_each_type_from_the_depot_a_turn(the_1836jr56):
    text = (the_1836jr56 / "trains.yaml").read_text(encoding="utf-8")
    assert text.count("depot_purchases: one_of_each_type") == 6
    game = replayed_to(the_1836jr56, GAME, 15)
    assert "buy_train" not in legal_actions(game)["B"]


def test_each_type_is_probed_before_one_of_each_type_is_written():
    """A title's step found to let some type be bought twice in a turn (18FL's 6
    trains), or whose types could not all be asked, keeps ``any``."""
    for repeats, written in (([], "one_of_each_type"), (["6"], None), (None, None)):
        phases: dict = {"2": {}, "3": {}}
        probed_depot_limits(phases, {"2": "one_of_each_type", "3": "one_of_each_type"}, repeats)
        assert phases["2"].get("depot_purchases") == written


def test_a_run_that_all_goes_to_interest_is_asked_for_its_dividend(the_1836jr56, tmp_path):
    """At 143 B's run of 30 pays interest: it is asked for a dividend all the same and
    its payout of nothing at 144 moves its price left, from 80 to 75. Without the rule
    the dividend is withheld without asking (the price moves the same) and 144 is
    refused."""
    assert "asked_without_revenue: true" in (the_1836jr56 / "title.yaml").read_text(encoding="utf-8")
    game = replayed_to(the_1836jr56, GAME, 143)
    assert game.market.price("B") == 80
    assert "dividend" in legal_actions(game)["B"]
    assert replayed_to(the_1836jr56, GAME, 144).market.price("B") == 75
    unasked = house_ruled(
        the_1836jr56, tmp_path, "title.yaml", "asked_without_revenue: true", "asked_without_revenue: false"
    )
    game = replayed_to(unasked, GAME, 143)
    assert "B" not in legal_actions(game) or "dividend" not in legal_actions(game)["B"]
    assert game.market.price("B") == 75
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, unasked))
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 144


def test_a_president_short_of_the_interest_sells_shares_or_goes_bankrupt(the_1836jr56, tmp_path):
    """18xx.games' log, action 159: "B cannot afford remaining 70 F interest and president
    must cover the difference", "Player 1 enters Emergency Fundraising and owes the bank 54
    F": they may only sell shares (160); at 162 "B pays 5 F to redeem loans", Player 1 owes
    74 F, and a share of B at 65 F would not raise it: they may go bankrupt (163), with
    -100 F once B's next loan over its limit is repaid. Without the step the president pays
    what they have and 160 is refused."""
    assert "- cash_crisis" in (the_1836jr56 / "rounds.yaml").read_text(encoding="utf-8")
    game = replayed_to(the_1836jr56, GAME, 159)
    assert (game.players_by_id["Player 1"].cash, game.current_entity()) == (-54, "Player 1")
    assert legal_actions(game)["Player 1"].keys() == {"sell_shares"}
    before = trace_state(game)
    with pytest.raises(GameError, match="can raise what they owe"):
        game.process({"type": "bankrupt", "entity": "Player 1", "entity_type": "player"})
    assert trace_state(game) == before
    game = replayed_to(the_1836jr56, GAME, 162)
    assert (game.players_by_id["Player 1"].cash, len(game.corporations["B"].loans)) == (-74, 9)
    assert "bankrupt" in legal_actions(game)["Player 1"]
    game = replayed_to(the_1836jr56, GAME, 163)
    assert (game.finished, game.end_reason, game.players_by_id["Player 1"].cash) == (True, "bankrupt", -100)
    unpaid = house_ruled(the_1836jr56, tmp_path, "rounds.yaml", "    - cash_crisis\n", "")
    assert replayed_to(unpaid, GAME, 159).players_by_id["Player 1"].cash == 0
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, unpaid))
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 160
