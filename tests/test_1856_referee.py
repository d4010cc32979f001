"""1856 as 18xx.games referees bot games played here: its destinations checked once a
turn's track is laid (the ``destination_check`` step, recorded as 18xx.games'
automatic ``destination_connection``), its loans numbered as 18xx.games numbers them,
and its national (the CGR) never started by a player. Each bot game in ``tests/data``
was played here and accepted by 18xx.games action by action.
"""

from __future__ import annotations

import pytest
from oracle_support import ROOT, house_ruled, imported_title, oracle_verdicts, replayed_to

from framework.base.errors import GameError
from framework.engine.bank_loans import loans_left
from framework.engine.choices import legal_actions
from framework.engine.invariants import broken_invariants
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.record.session import Session

DATA = ROOT / "tests" / "data"
LOANS = DATA / "bot-1856-3p-seed-2.json"
"""A whole game of random bots: fifteen loans taken and paid back."""
WATERLOO = DATA / "bot-1856-6p-seed-4-to-225.json"
"""The GW, with $0 after buying the Waterloo & Saugeen (action 223), cannot place a
station of its own: its turn goes on without waiting for the company's free one."""
SIX = DATA / "bot-1856-5p-seed-21-to-1087.json"
"""The CA buys the first 6-train (action 1087): phase 6, where no loans are taken; no
corporation owes any, so the CGR does not form."""
DESTINATIONS = DATA / "bot-1856-4p-seed-5-to-330.json"
"""The WGB lays in K16 (action 210) and passes its second lay (211): only then is the
THB's destination reached, by the WGB's track; the GW (305) and the TGB (320) later."""


@pytest.fixture(scope="module")
def the_1856(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1856"), "1856")


def test_the_bot_games_are_accepted_by_18xx_games():
    verdicts = oracle_verdicts([LOANS, DESTINATIONS, WATERLOO, SIX])
    assert all(v["refused"] is None for v in verdicts.values()), verdicts
    record = GameFile.read(LOANS)
    assert verdicts[LOANS.stem]["finished"] and verdicts[LOANS.stem]["result"] == record.result


def test_the_whole_game_ends_here_as_recorded(the_1856):
    record = GameFile.read(LOANS)
    outcome = replay(record, title_for(record, the_1856))
    assert outcome.failure is None and outcome.matches_recorded


def test_a_destination_is_reached_when_the_track_step_is_over(the_1856):
    """The WGB's tile in K16 joins the THB's home to its destination, yet the THB holds
    its escrow until the WGB's track step is over (its pass of a second lay); then it
    is released, and that pass records the check for 18xx.games."""
    game = replayed_to(the_1856, DESTINATIONS, 210)
    thb = game.corporations["THB"]
    assert thb.escrow is not None and not thb.destination_reached
    game = replayed_to(the_1856, DESTINATIONS, 211)
    thb = game.corporations["THB"]
    assert thb.destination_reached and thb.escrow is None
    assert any("THB reaches its destination" in line for line in game.messages[-4:])


def test_a_session_records_each_check_as_18xx_games_does(the_1856):
    """Taken again without their automatic actions, the game's actions get back exactly
    the ``destination_connection`` records 18xx.games accepted: one after each
    corporation's track step, naming those that reached their destinations then."""
    record = GameFile.read(DESTINATIONS)
    session = Session(title_for(record, the_1856), [(p.id, p.name) for p in record.players], record.seed or 0)
    for action in record.actions:
        session.act({k: v for k, v in action.items() if k != "auto_actions"})

    def checks(actions):
        def bare(auto):
            return {k: v for k, v in auto.items() if k != "created_at"}

        return [(a["id"], [bare(auto) for auto in a.get("auto_actions") or []]) for a in actions]

    assert checks(session.actions) == checks(record.actions)
    assert sum(1 for _, autos in checks(record.actions) if autos) > 20


def test_loans_are_numbered_as_18xx_games_numbers_them(the_1856):
    """The bank lends its first loan and a loan paid back goes last: the WGB takes loan 0
    (action 19), the WR loan 1 (25) and pays it back (26), so the next loan taken is 2
    (70). A loan the bank does not hold is refused, changing nothing."""
    game = replayed_to(the_1856, LOANS, 26)
    assert game.corporations["WGB"].loans == [0] and game.corporations["WR"].loans == []
    assert game.loan_pool[0] == 2 and game.loan_pool[-1] == 1
    assert loans_left(game) == game.title.rules.loans.count - 1
    game = replayed_to(the_1856, LOANS, 69)
    assert legal_actions(game)["WGB"]["take_loan"] == [{"loan": 2}]
    with pytest.raises(GameError, match="does not hold loan 0"):
        game.process({"type": "take_loan", "entity": "WGB", "entity_type": "corporation", "loan": 0})
    assert game.corporations["WGB"].loans == [0] and game.loan_pool[0] == 2
    assert not broken_invariants(game)


def test_the_national_is_never_started_by_a_player(the_1856):
    """The CGR forms when the first 6-train comes (its ``national_formation``): no
    player may start it, though it has a charter like the others."""
    game = replayed_to(the_1856, LOANS, 0)
    while game.round.kind != "stock":
        game = replayed_to(the_1856, LOANS, game.actions_processed + 1)
    player = game.current_entity()
    pars = legal_actions(game)[player]["par"]
    assert {c["corporation"] for c in pars} >= {"GT", "THB"} and "CGR" not in {c["corporation"] for c in pars}
    with pytest.raises(GameError, match="CGR is a national"):
        price = pars[0]["share_price"]
        game.process({"type": "par", "entity": player, "corporation": "CGR", "share_price": price})


def test_the_token_step_does_not_wait_for_the_waterloo_and_saugeen(the_1856, tmp_path):
    """1856's token step is 18xx.games' own: a company's station (the Waterloo &
    Saugeen's, ``holds_step: false``) does not keep it waiting. The GW, unable to pay for
    a station, does not run, closes, and the stock round begins. Holding the step, the GW
    would wait there with a pass."""
    game = replayed_to(the_1856, WATERLOO, 223)
    assert game.round.kind == "stock" and game.corporations["GW"].closed
    held = house_ruled(the_1856, tmp_path, "companies.yaml", "holds_step: false", "holds_step: true")
    game = replayed_to(held, WATERLOO, 223)
    assert game.round.kind == "operating" and game.round.active_step().name == "token"
    assert set(legal_actions(game)["GW"]) >= {"pass"}


def test_no_loans_are_taken_from_phase_6(the_1856, tmp_path):
    """Phase 6 ends loans (``loans: false``, 18xx.games' ``no_loans``), whether or not the
    CGR forms: the CA, which bought the first 6-train, is offered none; with loans left
    to phase 6 it would be."""
    game = replayed_to(the_1856, SIX, 1087)
    assert game.phase == "6" and game.corporations["CGR"].closed
    assert "take_loan" not in legal_actions(game).get("CA", {})
    lending = house_ruled(the_1856, tmp_path, "trains.yaml", "loans: false", "loans: true")
    assert "take_loan" in legal_actions(replayed_to(lending, SIX, 1087))["CA"]
