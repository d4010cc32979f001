"""Candidates a differential fuzzer found accepted here and refused by 18xx.games, each at
a position of a real game: both verdicts, ours and 18xx.games'.

``tools/fuzz.py`` asks both engines about actions near the ones the rules offer; these
are the families it (or an independent check before it) found that only we accepted.
Each case is the position (the first of a real game where a condition holds), the
candidate action there, the rule we refuse it by, and 18xx.games' engine refusing it
too; beside each, the action it spoils is accepted by both, so the position is one
where the difference lies in the spoiling.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from game_support import snapshot
from oracle_support import oracle_tries

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.state import fork
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for

ROOT = Path(__file__).resolve().parents[1]
Action = dict[str, Any]


@dataclass(frozen=True)
class Case:
    game: str
    """A game file (:func:`path_of`)."""
    where: Callable[[Game], bool]
    """The position: the first after an action where this holds."""
    listed: Callable[[Game], Action]
    """An action the rules offer there (both engines accept it)."""
    spoil: Callable[[Game, Action], Action]
    """The candidate: that action spoiled."""
    rule: str
    """The rule we refuse the candidate by."""


def path_of(game: str) -> Path:
    """``TITLE/NAME``: a bundled title's real game; ``bot/NAME``: a bot game kept in
    tests/data (a position no real game reaches)."""
    folder, name = game.split("/")
    if folder == "bot":
        return ROOT / "tests" / "data" / f"{name}.json"
    return ROOT / "titles" / folder / "games" / f"{name}.json"


@cache
def located(game: str, where: Callable[[Game], bool]) -> tuple[int, Game, GameFile]:
    """(action id, the game just after it, the game file) at the first position where
    ``where`` holds, counting an action with its auto actions as one."""
    record = GameFile.read(path_of(game))
    played = new_game(record, title_for(record))
    actions = record.effective()
    for k, action in enumerate(actions):
        played.process(recorded(played, record, action))
        last = k + 1 == len(actions) or not actions[k + 1].get("auto")
        if last and where(played):
            return action["id"], played, record
    raise AssertionError(f"no position of {game} has the condition")


def offered(game: Game, entity: str, kind: str) -> Action:
    """The first action of ``kind`` our engine lists for ``entity``, as 18xx.games writes it."""
    from framework.bots.base import to_action

    choice = legal_actions(game)[entity][kind][0]
    action = to_action(game, entity, kind, choice)
    if game.entity_type(entity) == "player":
        action["entity"] = int(entity)
    return action


def buyer_of_a_company(game: Game) -> str | None:
    """A player our engine lets buy a company from another player now."""
    listed = legal_actions(game)
    return next((e for e in listed if e in game.players_by_id and "buy_company" in listed[e]), None)


def keeps_a_share_and_loses_the_presidency(game: Game) -> str | None:
    """A player who may sell now, holds a president's certificate with two ordinary
    shares of its corporation or more, and would lose the presidency by selling 10%."""
    listed = legal_actions(game)
    for entity, kinds in listed.items():
        if "sell_shares" not in kinds or entity not in game.players_by_id:
            continue
        for corp in game.corporations.values():
            held = corp.certificates_of(entity)
            if len(held) >= 3 and any(s.president for s in held):
                mine = corp.percent_of(entity)
                if max(corp.percent_of(p.id) for p in game.humans if p.id != entity) > mine - 10:
                    return entity
    return None


def the_president_alone(game: Game, action: Action) -> Action:
    seller = str(action["entity"])
    corp = next(
        c for c in game.corporations.values() if any(s.president and s.owner == seller for s in c.shares)
    )
    president = next(s.id for s in corp.shares if s.president)
    return {**action, "shares": [president], "percent": 10}


def bought_from_a_player(spoil: Callable[[Game, Action], Action], rule: str = "money") -> Case:
    """A company bought from another player (1830), the purchase spoiled by ``spoil``."""
    return Case(
        "1830/29133",
        lambda g: buyer_of_a_company(g) is not None,
        lambda g: offered(g, buyer_of_a_company(g), "buy_company"),
        spoil,
        rule,
    )


def as_the_company(game: str, sym: str, kind: str) -> Case:
    """The operating corporation or minor ``sym``'s listed ``kind``, sent as the company
    of the same id."""
    return Case(
        game,
        lambda g: g.current_entity() == sym and kind in legal_actions(g).get(sym, {}),
        lambda g: offered(g, sym, kind),
        lambda g, a: {**a, "entity_type": "company"},
        "entity",
    )


CASES = {
    "a company bought from another player for nothing": bought_from_a_player(lambda g, a: {**a, "price": 0}),
    "a company bought from another player for less than nothing": bought_from_a_player(
        lambda g, a: {**a, "price": -5}
    ),
    "a company bought from another player without a price": bought_from_a_player(
        lambda g, a: {k: v for k, v in a.items() if k != "price"}, "action format"
    ),
    "the corporation TR's tile laid as the company TR": as_the_company("1889/962", "TR", "lay_tile"),
    "the corporation TR's pass made as the company TR": as_the_company("1889/962", "TR", "pass"),
    "the minor KHJ's tile laid as the company KHJ": as_the_company("18SJ/166116", "KHJ", "lay_tile"),
    "the president's certificate sold alone for 10%": Case(
        "bot/bot-1830-seed-12-to-700",
        lambda g: keeps_a_share_and_loses_the_presidency(g) is not None,
        lambda g: offered(g, keeps_a_share_and_loses_the_presidency(g), "sell_shares"),
        the_president_alone,
        "shares",
    ),
}


@cache
def verdicts(game: str) -> dict[int, dict[str, str]]:
    """18xx.games' verdicts on every case of ``game``: the listed action and the candidate."""
    wanted: dict[int, dict[str, Action]] = {}
    for label, case in CASES.items():
        if case.game == game:
            aid, position, _ = located(case.game, case.where)
            listed = case.listed(position)
            wanted.setdefault(aid, {})[f"{label}: listed"] = listed
            wanted[aid][label] = case.spoil(position, listed)
    return oracle_tries(path_of(game), wanted)


@pytest.mark.parametrize("label", list(CASES))
def test_we_refuse_the_candidate_and_accept_what_it_spoils(label):
    case = CASES[label]
    aid, position, record = located(case.game, case.where)
    listed = case.listed(position)
    trial = fork(position)
    trial.process(recorded(trial, record, {**listed, "id": aid + 1}))
    trial, before = fork(position), snapshot(position)
    with pytest.raises(GameError) as refusal:
        trial.process(recorded(trial, record, {**case.spoil(position, listed), "id": aid + 1}))
    assert refusal.value.rule == case.rule, str(refusal.value)
    assert snapshot(trial) == before


@pytest.mark.parametrize("label", list(CASES))
def test_18xx_games_refuses_the_candidate_and_accepts_what_it_spoils(label):
    case = CASES[label]
    aid, _, _ = located(case.game, case.where)
    tried = verdicts(case.game)[aid]
    assert tried[f"{label}: listed"] == "accepted"
    assert tried[label].startswith("refused"), tried[label]
