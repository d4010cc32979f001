"""How many trains a corporation may buy from the depot in one operating turn, by phase
(``phases.*.depot_purchases``): 18xx.games' ``limited_train_buy`` (one train, as in
18AL's, 18GA's and 18TN's early phases) and ``BuySingleTrainOfType`` (one of each type,
as in 1836Jr30). Played on 1830, whose phase 2 is given the limit."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.bots import make_bot
from framework.bots.play import Session, new_session
from framework.engine import purchases, trains
from framework.engine.choices import legal_actions
from framework.engine.state import game_to_dict
from framework.title.loader import RulesText

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"


def limited(rule: str) -> RulesText:
    return RulesText("depot.yaml", f'phases: {{"2": {{depot_purchases: {rule}}}}}\n')


def at_buy_train(rule: str, seed: int = 3, others: bool = False) -> Session:
    """A 4-player game at a corporation's buy-train step, with cash for three 2-trains
    (``others``: and another corporation's train to buy)."""
    session = new_session(TITLE, 4, seed, rules=[limited(rule)])
    game, bot, rng = session.game, make_bot("random"), random.Random(seed)
    while not (
        game.round.kind == "operating"
        and game.round.active_step().name == "buy_train"
        and game.corporations[game.round.entity()].cash >= 240
        and not trains.owned(game, game.round.entity())
        and (not others or purchases.others_trains(game, game.round.entity()))
    ):
        session.act(bot.act(game, legal_actions(game), rng))
    return session


def depot_choices(session: Session) -> list[dict]:
    game = session.game
    offered = {t.id for t in trains.offered(game)}
    choices = legal_actions(game).get(game.round.entity(), {}).get("buy_train", [])
    return [c for c in choices if c["train"] in offered]


def buy(session: Session, choice: dict) -> dict:
    game = session.game
    return {"type": "buy_train", "entity": game.round.entity(), **{k: choice[k] for k in ("train", "price")}}


def leave_one_two_train(session: Session) -> None:
    """Every 2-train but one leaves the depot, so that the 3-train comes after it."""
    game = session.game
    twos = [t for t in game.trains.values() if t.name == "2" and t.owner == "bank"]
    for train in twos[1:]:
        trains.acquire(game, train, trains.REMOVED)


def test_without_a_limit_a_second_depot_train_is_offered():
    session = at_buy_train("any")
    session.act(buy(session, depot_choices(session)[0]))
    assert [c["train"][:2] for c in depot_choices(session)] == ["2-"]


@pytest.mark.parametrize("rule", ["one", "one_of_each_type"])
def test_a_second_train_of_the_same_type_is_neither_offered_nor_accepted(rule):
    session = at_buy_train(rule)
    game = session.game
    corp = game.round.entity()
    session.act(buy(session, depot_choices(session)[0]))
    assert depot_choices(session) == []
    second = next(t for t in trains.offered(game) if t.name == "2")
    before = game_to_dict(game)
    with pytest.raises(GameError) as refused:
        game.process({"type": "buy_train", "entity": corp, "train": second.id, "price": 80})
    assert refused.value.rule in ("depot purchases", "turn order")
    assert game_to_dict(game) == before


@pytest.mark.parametrize(("rule", "then_a_3"), [("one", False), ("one_of_each_type", True)])
def test_after_the_last_2_train_a_3_train_is_a_type_of_its_own(rule, then_a_3):
    session = at_buy_train(rule)
    game = session.game
    leave_one_two_train(session)
    session.act(buy(session, depot_choices(session)[0]))
    if game.round.kind != "operating" or game.round.active_step().name != "buy_train":
        assert not then_a_3
        return
    assert [c["train"][:2] for c in depot_choices(session)] == (["3-"] if then_a_3 else [])


def test_the_limit_is_for_one_turn():
    """With one train bought and nothing else to buy, the turn moves on (as 18xx.games
    passes the step), and the next operator starts with none bought."""
    session = at_buy_train("one")
    game = session.game
    corp = game.round.entity()
    session.act(buy(session, depot_choices(session)[0]))
    assert game.round.entity() != corp
    assert game.round.kind != "operating" or game.round.depot_bought == []


def test_after_the_depot_train_and_another_corporation_s_the_step_waits_for_a_pass():
    """18xx.games' SingleDepotTrainBuy ends the step by itself only when the depot
    purchase leaves nothing to buy; after a train bought from another corporation it
    waits for a pass while the corporation could buy a train, were it not for the limit
    (1850Jr's bot games showed it)."""
    session = at_buy_train("one", seed=1, others=True)
    game = session.game
    corp = game.round.entity()
    session.act(buy(session, depot_choices(session)[0]))
    assert game.round.entity() == corp and game.round.active_step().name == "buy_train"
    other = next(
        c
        for c in legal_actions(game)[corp]["buy_train"]
        if c["train"] not in {t.id for t in trains.offered(game)}
    )
    session.act({"type": "buy_train", "entity": corp, "train": other["train"], "price": other["price"]})
    assert game.round.entity() == corp and game.round.active_step().name == "buy_train"
    assert "pass" in legal_actions(game)[corp] and depot_choices(session) == []
    session.act({"type": "pass", "entity": corp})
    assert game.round.entity() != corp or game.round.active_step().name != "buy_train"
