"""An id that names a player and a corporation or minor (18Scan's minors 1, 2, 3 beside
players 1, 2, 3): actions name the operator while it operates, the player otherwise.

Shown on 18SJ with a house rule adding a minor ``1`` (home E20) beside player 1.
"""

from __future__ import annotations

from pathlib import Path

from game_support import refused

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.record.replay import game_title
from framework.title.loader import RulesText

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]
RULE = "minors:\n  '1': {name: Ånge Minor, home: E20, color: '#888888'}\n"


def game() -> Game:
    title = game_title(ROOT / "titles" / "18SJ", 4, (), [RulesText("house.yaml", RULE)])
    return Game(title, SEATS, 1)


def test_in_the_auction_the_id_names_the_player():
    g = game()
    assert g.kinds_of("1") == ["minor", "player"]
    assert g.round.current_entity() == "1"
    assert g.entity_type("1") == "player"


def test_an_action_of_the_minor_while_the_player_acts_is_refused():
    g = game()
    choice = legal_actions(g)["1"]["bid"][0]
    error = refused(g, {"type": "bid", "entity": "1", "entity_type": "minor", **choice})
    assert error.rule == "entity" and "acts now as the player 1" in str(error)
    g.process({"type": "bid", "entity": "1", "entity_type": "player", **choice})
