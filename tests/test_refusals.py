"""A refusal changes nothing: not the game, not the session's actions, not what a server
stores or what its download gives.

For every action type the engine plays, a position of a bot game where the engine
lists it (each bundled title, seeds fixed), and its listed action spoiled three
ways: a bad ``auto_actions`` entry (a type nobody plays, an auto action the rules
refuse), a bad field, a bad entity. Each must be refused by the engine (the action
alone, :meth:`Game.process`; with its auto actions, :meth:`Game.check_autos` and
:meth:`Game.process_autos`, which the session and the replay take as one), by a
:class:`Session` and by ``18xx serve``'s live game — and leave each exactly as it was.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from game_support import snapshot

from framework.base.errors import GameError
from framework.bots import make_bot
from framework.bots.base import prudent, to_action
from framework.bots.play import new_session
from framework.engine.actions import PLAYED
from framework.engine.choices import legal_actions
from framework.record.session import Session
from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
GAMES = {  # title folder → (players, seed) of a bot game: 18SJ's lists most types, 18Steam's its own
    "18SJ": (4, 3),
    "18Steam": (3, 1),
}
Action = dict[str, Any]


@cache
def first_positions() -> dict[str, tuple[str, list[Action], Action]]:
    """Action type → (title, the actions before the first position where a bot game lists
    it, the listed action), over the games of :data:`GAMES`."""
    found: dict[str, tuple[str, list[Action], Action]] = {}
    for title, (players, seed) in GAMES.items():
        session = new_session(ROOT / "titles" / title, players, seed)
        bot, rng = make_bot("heuristic"), random.Random(seed)
        for _ in range(3000):
            game = session.game
            if game.finished:
                break
            options = legal_actions(game)
            for entity, kinds in options.items():
                for kind, choices in kinds.items():
                    if kind not in found and choices:
                        action = to_action(game, entity, kind, choices[0])
                        found[kind] = (title, [dict(a) for a in session.actions], action)
            session.act(bot.act(game, prudent(game, options), rng))
    return found


TYPES = sorted(set(PLAYED) | set(load_title(ROOT / "titles" / "18Steam").layer_part("rules").actions))
"""The types the engine plays, and those of 18Steam's layer."""


def position(kind: str) -> tuple[Session, Action]:
    """A session at the first position listing ``kind``, and the listed action (any
    listed action when no bot game lists ``kind``: the spoiled ones are refused anyway)."""
    found = first_positions()
    title, actions, action = found.get(kind) or found["pass"]
    if kind not in found:
        action = {"type": kind, "entity": action["entity"], "entity_type": action["entity_type"]}
    players, seed = GAMES[title]
    session = new_session(ROOT / "titles" / title, players, seed)
    session.restore(actions)
    return session, action


def spoiled(kind: str, action: Action) -> dict[str, Action]:
    """The listed ``action`` spoiled: by its auto actions, a field, its entity."""
    entity = {k: action.get(k) for k in ("entity", "entity_type")}
    model = PLAYED.get(kind, PLAYED["pass"])
    fields = [name for name in model.model_fields if name not in PLAYED["pass"].model_fields]
    bad_field = {**action, fields[0]: {"not": "a value"}} if fields else {**action, "entity_type": "wizard"}
    return {
        "an auto action of no type played": {**action, "auto_actions": [{"type": "teleport", **entity}]},
        "an auto action the rules refuse": {
            **action,
            "auto_actions": [{"type": "bid", **entity, "company": "nothing", "price": 10**6}],
        },
        "a bad field": bad_field,
        "an entity the game does not have": {**action, "entity": "nobody", "entity_type": "corporation"},
    }


CASES = [(kind, how) for kind in TYPES for how in spoiled(kind, {"type": kind, "entity": 1})]
"""Every type spoiled every way (the first positions are found at collection)."""


def test_bot_games_list_most_action_types():
    """The positions are real: most types are listed somewhere in the bot games."""
    listed = set(first_positions())
    assert len(listed & set(TYPES)) >= 13, sorted(set(TYPES) - listed)


@pytest.mark.parametrize(("kind", "how"), CASES)
def test_a_refusal_changes_neither_the_game_nor_the_session(kind, how):
    session, action = position(kind)
    bad = spoiled(kind, action)[how]
    game, before, actions = session.game, snapshot(session.game), list(session.actions)
    exported = json.dumps(session.to_json()["actions"])
    if "auto action" not in how:  # an action with its auto actions is the session's to take as one
        with pytest.raises(GameError) as refusal:
            game.check_autos(bad)
            game.process(dict(bad))
        assert refusal.value.rule and snapshot(game) == before
    with pytest.raises(GameError) as refusal:
        session.act(dict(bad))
    assert refusal.value.rule and snapshot(session.game) == before
    assert session.actions == actions and json.dumps(session.to_json()["actions"]) == exported
    if "auto action" in how and kind in first_positions():
        assert "auto action" in str(refusal.value)


def test_a_server_refusing_an_action_stores_nothing(tmp_path):
    """Every type, spoiled every way, refused by ``18xx serve`` (400 with the reason): the
    download stays as it was, and a new server on the same data resumes every game."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from framework.serve.app import create_app

    data = tmp_path / "data"
    folders = [ROOT / "titles" / t for t in GAMES]
    stored: dict[int, list[Action]] = {}
    with TestClient(create_app(data, folders)) as client:
        for kind in TYPES:
            session, action = position(kind)
            up = client.post("/api/upload", content=json.dumps(session.to_json()))
            assert up.status_code == 200, up.text
            gid = up.json()["id"]
            before = client.get(f"/api/games/{gid}/download").json()["actions"]
            for how, bad in spoiled(kind, action).items():
                reply = client.post(f"/api/games/{gid}/act", json={"action": bad})
                assert reply.status_code == 400 and reply.json()["error"], (kind, how, reply.text)
                assert client.get(f"/api/games/{gid}/download").json()["actions"] == before, (kind, how)
            stored[gid] = before
    with TestClient(create_app(data, folders)) as client:
        for gid, before in stored.items():
            resumed = client.get(f"/api/games/{gid}")
            assert resumed.status_code == 200, resumed.text
            assert resumed.json()["version"] == len(before)
            assert client.get(f"/api/games/{gid}/download").json()["actions"] == before
