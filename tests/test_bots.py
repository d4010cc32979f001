"""Bots playing whole games (issue 6 §1 and §4).

Random bots fuzz the engine: every action they propose comes from the engine's
legal actions and must be accepted, and the invariants hold after every action.
Heuristic bots play 18SJ to one of its normal ends. Every game a bot plays is
saved in 18xx.games' JSON and replays to exactly the same state.
"""

from __future__ import annotations

import pytest

from framework.bots import make_bot
from framework.bots.base import to_action
from framework.bots.play import BotError, new_session, play, read_rules
from framework.engine.state import game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, replay, title_for

TITLE = "titles/18SJ"
HOUSE_RULES = "titles/18SJ/house-rules/small-bank.yaml"


def replayed_state(session) -> dict:
    """The state the session's saved JSON replays to."""
    record = GameFile.from_dict(session.to_json())
    game = new_game(record, title_for(record))
    for action in record.effective():
        game.process(action)
    return game_to_dict(game)


def without_times(actions: list[dict]) -> list[dict]:
    return [{k: v for k, v in a.items() if k != "created_at"} for a in actions]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (5, 14), (6, 15)])
def test_random_bots_play_legally_and_keep_the_invariants(players, seed):
    session = new_session(TITLE, players, seed)
    outcome = play(session, make_bot("random"), seed=seed, max_actions=400, check=True)
    assert outcome.actions == 400 or outcome.finished
    assert replayed_state(session) == game_to_dict(session.game)


def test_random_bots_under_the_oscarian_era():
    session = new_session(TITLE, 4, 3, optional_rules=["oscarian_era"])
    play(session, make_bot("random"), seed=3, max_actions=400, check=True)
    assert session.to_json()["settings"]["optional_rules"] == ["oscarian_era"]
    assert all(c.capitalization == "full" for c in session.game.corporations.values())
    assert replayed_state(session) == game_to_dict(session.game)


@pytest.mark.parametrize(("players", "seed"), [(4, 7), (2, 8)])
def test_heuristic_bots_finish_by_a_normal_end(players, seed):
    """No move cap: the game ends by the bank or the market (two players: with A.W.
    Edelsvärd's corporations)."""
    session = new_session(TITLE, players, seed)
    outcome = play(session, make_bot("heuristic"), seed=seed, check=True)
    assert outcome.finished and outcome.end_reason in ("bank", "stock_market")
    assert sum(c.floated for c in session.game.corporations.values()) >= 4
    record = GameFile.from_dict(session.to_json())
    assert replay(record).matches_recorded


def test_the_same_seed_gives_the_same_game():
    games = []
    for _ in range(2):
        session = new_session(TITLE, 3, 21)
        play(session, make_bot("heuristic"), seed=21, max_actions=250)
        games.append(without_times(session.actions))
    assert games[0] == games[1]
    other = new_session(TITLE, 3, 22)
    play(other, make_bot("heuristic"), seed=22, max_actions=250)
    assert without_times(other.actions) != games[0]


def test_house_rules_travel_with_the_game():
    """A game played with an overlay saves it, and its replay applies it again."""
    rules = read_rules([HOUSE_RULES])
    session = new_session(TITLE, 4, 5, rules=rules)
    assert session.game.title.bank.cash == 8000
    play(session, make_bot("random"), seed=5, max_actions=150)
    saved = session.to_json()
    assert saved["settings"]["house_rules"][0]["name"] == "small-bank.yaml"
    record = GameFile.from_dict(saved)
    assert title_for(record).bank.cash == 8000
    assert replayed_state(session) == game_to_dict(session.game)


class Cheater:
    """Proposes an action the engine does not list."""

    name = "cheater"

    def act(self, game, options, rng):
        return {"type": "pass", "entity": "nobody"}


def test_an_illegal_bot_action_is_an_error_and_changes_nothing():
    session = new_session(TITLE, 4, 1)
    before = game_to_dict(session.game)
    with pytest.raises(BotError, match="illegal action"):
        play(session, Cheater(), seed=1, max_actions=5)
    assert game_to_dict(session.game) == before and session.actions == []


def test_a_range_choice_takes_an_amount_inside_it():
    session = new_session(TITLE, 4, 1)
    choice = {"company": "X", "price": 20, "max": 60}
    assert to_action(session.game, "1", "bid", choice, 100)["price"] == 60
    assert to_action(session.game, "1", "bid", choice, 5)["price"] == 20
    assert "max" not in to_action(session.game, "1", "bid", choice)
