"""Exporting: a game saved here is an 18xx.games file (issue 11 §4.2).

A bot game's JSON must have the fields, and the types, of the real 18xx.games
exports in ``titles/18SJ/games`` — at the top, in the settings, the players,
every kind of action and every route — and the 18xx.games engine must load it
unchanged and reach the same end.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from oracle_support import oracle_verdicts, write_games

from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.record.session import OWN_SETTINGS, PLAYED_TITLE

GAMES = Path(__file__).resolve().parents[1] / "titles" / "18SJ" / "games"
PLACES = ("top", "settings", "player", "route")
"""The places of :class:`Shapes` that are not action types."""
REAL = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(GAMES.glob("*.json"))]


class Shapes:
    """The keys and value types seen in some game files, place by place: ``top``,
    ``settings``, ``player``, each action type, each type of auto action (``auto
    pass``), ``route``. A key is *required* at a
    place when every object seen there has it."""

    def __init__(self, files: Iterable[dict[str, Any]]):
        self.types: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.required: dict[str, set[str]] = {}
        for data in files:
            self._see("top", data)
            self._see("settings", data["settings"])
            for player in data["players"]:
                self._see("player", player)
            for action in data["actions"]:
                self._see(action["type"], action)
                for auto in action.get("auto_actions") or []:
                    self._see(f"auto {auto['type']}", auto)
                for route in action.get("routes") or []:
                    self._see("route", route)

    def _see(self, place: str, item: dict[str, Any]) -> None:
        for key, value in item.items():
            kind = type(value).__name__
            if key == "entity":
                kind = f"{kind} ({item.get('entity_type')})"
            self.types[place][key].add(kind)
        self.required[place] = self.required.get(place, set(item)) & set(item)


@cache
def bot_game() -> dict[str, Any]:
    session = new_session("titles/18SJ", 4, 7)
    play(session, make_bot("heuristic"), seed=7)
    assert session.game.finished
    return json.loads(json.dumps(session.to_json()))


def test_a_saved_bot_game_has_the_shapes_of_18xx_games_exports():
    real, ours = Shapes(REAL), Shapes([bot_game()])
    # the settings this framework adds, which 18xx.games ignores: the title played (and
    # the house rules, when there are any)
    assert ours.types["settings"].pop(PLAYED_TITLE) == {"dict"}
    for own in OWN_SETTINGS:
        ours.types["settings"].pop(own, None)
        ours.required["settings"].discard(own)
    for place in ("settings", "player", "route"):
        assert set(ours.types[place]) == set(real.types[place]), place
    actions = [t for t in real.types if t not in PLACES and not t.startswith("auto ")]
    common = set.intersection(*(real.required[t] for t in actions))
    assert {"type", "entity", "entity_type", "id", "created_at"} <= common
    for place, keys in ours.types.items():
        if place in real.types:
            assert real.required[place] <= set(keys) <= set(real.types[place]), place
        else:  # an action type the real games do not have (discard_train)
            assert common <= set(keys), place
        for key, kinds in keys.items():
            known = real.types.get(place, {}).get(key)
            if known is not None:
                assert kinds <= known, (place, key, kinds, known)
    assert set(ours.types) - set(real.types) <= {"discard_train"}


def test_player_ids_are_written_as_the_players_list_writes_them():
    data = bot_game()
    ids = [p["id"] for p in data["players"]]
    assert ids == [1, 2, 3, 4]
    by_players = [a for a in data["actions"] if a["entity_type"] == "player"]
    assert by_players and all(a["entity"] in ids for a in by_players)
    assert all(isinstance(a["entity"], str) for a in data["actions"] if a["entity_type"] != "player")
    assert set(data["acting"]) <= set(ids) and set(data["result"]) == {str(i) for i in ids}


def test_18xx_games_loads_a_saved_bot_game_unchanged_and_ends_it_the_same(tmp_path):
    data = bot_game()
    verdict = oracle_verdicts(write_games(tmp_path, {"bot": data}))["bot"]
    assert verdict["refused"] is None and verdict["last_id"] == data["actions"][-1]["id"]
    assert verdict["finished"] and verdict["game_end_reason"] == data["game_end_reason"]
    assert verdict["result"] == data["result"]
    assert replay(GameFile.from_dict(data)).matches_recorded


def test_an_unfinished_game_says_who_acts_and_loads_in_18xx_games(tmp_path):
    session = new_session("titles/18SJ", 3, 9)
    play(session, make_bot("random"), seed=9, max_actions=120)
    data = session.to_json()
    assert (data["status"], data["result"], data["game_end_reason"], data["finished_at"]) == (
        "active",
        {},
        None,
        None,
    )
    owner = session.game.owner_of(session.game.current_entity())
    assert data["acting"] == [int(owner)]
    verdict = oracle_verdicts(write_games(tmp_path, {"active": data}))["active"]
    assert verdict["refused"] is None and verdict["last_id"] == 120 and not verdict["finished"]


def test_actions_given_without_entity_types_are_saved_as_18xx_games_writes_them():
    """Actions submitted with the engine's text ids and no ``entity_type`` come out as
    the bots' actions do (which 18xx.games loads, above)."""
    data, count = bot_game(), 150
    session = new_session("titles/18SJ", 4, 7)
    for action in data["actions"][:count]:
        bare = {k: v for k, v in action.items() if k not in ("entity_type", "id", "created_at")}
        session.act({**bare, "entity": str(action["entity"])})
    saved = session.to_json()["actions"]

    def strip(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in a.items() if k != "created_at"} for a in actions]

    assert strip(saved) == strip(data["actions"][:count])
