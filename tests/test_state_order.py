"""Saved state does not depend on the order of object keys (issue 12 §3).

A game saved with ``game_to_dict`` and written with its keys sorted — as a JSON tool or a
database may rewrite it — must restore to the same game: the same legal actions, in the
same order, and the same play from there on.
"""

from __future__ import annotations

import json

import pytest
from sj_support import BOT, REAL, effective_actions, game_before

from framework.bots.play import new_session
from framework.bots.play import play as run
from framework.engine.choices import legal_actions
from framework.engine.state import game_from_dict, game_to_dict
from framework.engine.trace import trace_state


def key_sorted(game):
    """``game`` saved, with every object's keys sorted, and restored."""
    return game_from_dict(game.title, json.loads(json.dumps(game_to_dict(game), sort_keys=True)))


@pytest.mark.parametrize(("name", "action_id"), [(REAL, 140), (REAL, 412), (REAL, 701), (BOT, 160)])
def test_a_key_sorted_copy_plays_on_exactly_as_the_game(name, action_id):
    """Real games cut at several points: the key-sorted copy lists the same actions in the
    same order and, fed the rest of the recorded game, stays in the same state."""
    game = game_before(name, action_id)
    copy = key_sorted(game)
    assert legal_actions(copy) == legal_actions(game)
    rest = [a for a in effective_actions(name) if a["id"] >= action_id][:120]
    for action in rest:
        game.process(action)
        copy.process(action)
        assert trace_state(copy) == trace_state(game), action["id"]
    assert game_to_dict(copy) == game_to_dict(game)


def test_company_order_survives_sorting():
    """The order companies are offered in comes from the title, not from the saved keys:
    before 166116 action 140 the key-sorted copy lists companies for sale as the game does."""
    game = game_before(REAL, 140)
    assert list(key_sorted(game).companies) == list(game.companies)
    assert list(key_sorted(game).trains) == list(game.trains)


def test_an_18steam_game_key_sorted_lists_the_same_actions():
    """The goods layer's cubes, display and bag keep their order too (cube placements are
    listed in the order the game holds its cities). The players start with $100 (an
    overlay), so the bots' corporations are not all eliminated early."""
    from framework.title.loader import RulesText

    rich = "overlay: {name: rich}\nbank: {starting_cash: {4: 100}}\n"
    session = new_session("titles/18Steam", 4, 1, rules=[RulesText("rich.yaml", rich)])
    from framework.bots import make_bot

    checked = 0
    for _ in range(4):
        run(session, make_bot("heuristic"), seed=1, max_actions=37)
        game = session.game
        if game.finished:
            break
        assert legal_actions(key_sorted(game)) == legal_actions(game)
        checked += 1
    assert checked == 4
