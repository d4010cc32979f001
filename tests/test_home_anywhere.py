"""``rules.tokens.home_anywhere``: corporations without a ``home`` choose one in play
(18xx.games' corporations without coordinates, such as 1817's and 18USA's, which
``18xx import`` converts so). Played here on 1830 with every home taken away."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from framework.base.problems import ProblemsError
from framework.bots import make_bot
from framework.bots.play import new_session
from framework.engine.choices import legal_actions
from framework.title.loader import RulesText, load_title

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"
HOMELESS = "corporations:\n" + "".join(
    f"  {sym}: {{home: null}}\n" for sym in ("PRR", "NYC", "CPR", "B&O", "C&O", "ERIE", "NYNH", "B&M")
)
ANYWHERE = RulesText("anywhere.yaml", "rules: {tokens: {home_anywhere: true}}\n" + HOMELESS)


def test_a_corporation_needs_a_home_unless_the_title_lets_it_choose_one():
    with pytest.raises(ProblemsError, match="PRR needs a home"):
        load_title(TITLE, rules=[RulesText("homeless.yaml", HOMELESS)])
    title = load_title(TITLE, rules=[ANYWHERE])
    assert title.rules.tokens.home_anywhere and title.corporations["PRR"].home is None


def test_the_first_operating_turn_begins_with_the_choice_of_a_home_city():
    session = new_session(TITLE, 4, 3, rules=[ANYWHERE])
    game, bot, rng = session.game, make_bot("random"), random.Random(3)
    while game.round.kind != "operating":
        session.act(bot.act(game, legal_actions(game), rng))
    first = game.round.entity()
    assert game.round.active_step().name == "home_token" and game.round.pending_home == first
    choices = legal_actions(game)[first]["place_token"]
    hexes = {c["city"].split("-")[0] for c in choices}
    assert len(hexes) > 10, "any city with room for the token, reached or not"
    session.act({"type": "place_token", "entity": first, **choices[-1]})
    assert [h for h, _ in game.board.cities_of(first)] == [choices[-1]["city"].split("-")[0]]
    assert game.round.pending_home is None and game.corporations[first].tokens_used == 1
    while game.round.kind == "operating" and game.round.entity() == first:
        session.act(bot.act(game, legal_actions(game), rng))
    assert len(game.board.cities_of(first)) >= 1


def test_a_corporation_with_a_home_needs_a_token_for_it():
    """``tokens: []`` is for a corporation without a home (1882's CN)."""
    with pytest.raises(ProblemsError, match="PRR has a home but no token"):
        load_title(TITLE, rules=[RulesText("tokenless.yaml", "corporations:\n  PRR: {tokens: []}\n")])
    title = load_title(
        TITLE,
        rules=[
            RulesText(
                "t.yaml",
                "rules: {tokens: {home_anywhere: true}}\n"
                + "corporations:\n  PRR: {home: null, tokens: []}\n",
            )
        ],
    )
    assert title.corporations["PRR"].tokens == []
