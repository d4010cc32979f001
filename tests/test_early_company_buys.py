"""Companies a phase lets corporations buy before corporations buy companies at all
(``phases.*.early_company_buys``, 1870's river bridge company bought in phase 1 by the
two river corporations), and the ``buy_company`` steps that do not offer them
(``rounds.*.steps[].early_company_buys: false``, 1850's end-of-turn step). Played on 1830,
whose phase 2 is given an early purchase of the SV."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.bots import make_bot
from framework.bots.play import Session, new_session
from framework.engine.choices import legal_actions
from framework.engine.state import game_to_dict
from framework.engine.steps.companies import for_sale
from framework.title.loader import RulesText

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"
STEPS = (
    "[bankrupt, exchange, special_track, teleport, buy_company, home_token, track, token, routes, "
    "dividend, discard_train, buy_train, {step: buy_company, blocking: true%s}]"
)


def rules(buyers: str | None, final_step_offers: bool = True) -> list[RulesText]:
    out = []
    if buyers is not None:
        out.append(RulesText("early.yaml", f'phases: {{"2": {{early_company_buys: {{SV: {buyers}}}}}}}\n'))
    if not final_step_offers:
        steps = STEPS % ", early_company_buys: false"
        out.append(RulesText("steps.yaml", f"rounds: {{operating: {{kind: operating, steps: {steps}}}}}\n"))
    return out


def at_operating_turn(buyers: str | None, final_step_offers: bool = True, seed: int = 5) -> Session:
    """A 4-player game in phase 2 at a corporation's operating turn while a player holds
    the SV and the corporation has money."""
    session = new_session(TITLE, 4, seed, rules=rules(buyers, final_step_offers))
    game, bot, rng = session.game, make_bot("random"), random.Random(seed)
    while not (
        game.round.kind == "operating"
        and game.phase_spec().name == "2"
        and game.companies["SV"].owner in game.players_by_id
        and game.corporations[game.round.entity()].cash >= 40
        and game.round.active_step().name == "track"
    ):
        session.act(bot.act(game, legal_actions(game), rng))
    return session


def offers(session: Session) -> list[str]:
    game = session.game
    return [c["company"] for c in legal_actions(game).get(game.round.entity(), {}).get("buy_company", [])]


def test_without_early_buys_no_company_is_for_sale_in_phase_2():
    session = at_operating_turn(None)
    assert for_sale(session.game, session.game.round.entity()) == []


def test_an_early_buy_open_to_any_corporation_is_offered():
    session = at_operating_turn("[]")
    game = session.game
    assert for_sale(game, game.round.entity()) == ["SV"]
    assert "SV" in offers(session)


def test_an_early_buy_for_another_corporation_is_refused_and_changes_nothing():
    session = at_operating_turn("[NYNH]")
    game = session.game
    corp = game.round.entity()
    if corp == "NYNH":
        pytest.skip("the seed gives the NYNH the turn")
    assert for_sale(game, corp) == []
    before = game_to_dict(game)
    with pytest.raises(GameError) as refused:
        game.process({"type": "buy_company", "entity": corp, "company": "SV", "price": 20})
    assert refused.value.rule == "buying companies"
    assert game_to_dict(game) == before


def test_a_step_that_offers_no_early_buys_leaves_the_company_unsold():
    session = at_operating_turn("[]", final_step_offers=False)
    game = session.game
    final = game.round.steps[-1]
    assert final.name == "buy_company" and not final.early
    assert for_sale(game, game.round.entity(), final.early) == []
    assert for_sale(game, game.round.entity()) == ["SV"]
