"""The simple draft (``simple_draft``, 18xx.games' ``SimpleDraft``) and a round's turn
order (``rounds.*.order``).

Played on 1830 with a house rule: its private companies are drafted in reverse seat
order, one each at face value; the two nobody takes leave the game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import refused

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.record.replay import game_title
from framework.title.loader import RulesText

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]


def game(order: str = "reverse") -> Game:
    rule = (
        f"rounds:\n  auction:\n    kind: auction\n    order: {order}\n"
        "    steps: [company_pending_par, simple_draft]\n"
    )
    return Game(game_title(ROOT / "titles" / "1830", 4, (), [RulesText("house.yaml", rule)]), SEATS, 1)


def buy(g: Game, player: str, company: str) -> None:
    g.process(
        {"type": "bid", "entity": player, "company": company, "price": g.title.companies[company].value}
    )


@pytest.mark.parametrize(("order", "first"), [("reverse", "4"), ("seat", "1")])
def test_the_round_s_order_says_who_drafts_first(order, first):
    g = game(order)
    assert g.current_entity() == first
    offered = legal_actions(g)[first]["bid"]
    assert [(c["company"], c["price"]) for c in offered] == [
        ("SV", 20),
        ("CS", 40),
        ("DH", 70),
        ("MH", 110),
        ("CA", 160),
        ("BO", 220),
    ]


def test_a_company_costs_its_value():
    g = game()
    assert refused(g, {"type": "bid", "entity": "4", "company": "CA", "price": 170}).rule == "draft"
    assert refused(g, {"type": "bid", "entity": "4", "company": "XX", "price": 10}).rule == "draft"


def test_once_everybody_owns_one_the_rest_leave_the_game_and_seat_one_has_the_priority():
    g = game()
    for player, company in (("4", "CA"), ("3", "MH"), ("2", "SV"), ("1", "DH")):
        assert g.current_entity() == player
        buy(g, player, company)
    assert g.players_by_id["4"].cash == 600 - 160
    assert g.companies["CS"].owner == "closed" and g.companies["BO"].owner == "closed"
    assert g.round.kind == "stock" and g.current_entity() == "1"
