"""A game being played: its settings, the actions taken, undo and redo.

A :class:`Session` keeps every action submitted, ``undo`` and ``redo`` included,
exactly as an 18xx.games game file does, and the game they produce. ``undo``
and ``redo`` rebuild the game from the effective actions (reference §f.3).

>>> from framework.title.loader import load_title
>>> session = Session(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=5)
>>> session.act({"type": "pass", "entity": 1})
>>> session.game.current_entity()
'2'
>>> session.act({"type": "undo", "entity": 2})
>>> session.game.current_entity()
'1'
>>> session.act({"type": "redo", "entity": 1})
>>> session.game.current_entity()
'2'
"""

from __future__ import annotations

import time
from typing import Any

from framework.engine.game import Game
from framework.gamefile import effective_actions, with_auto_actions
from framework.title.model import Title


class Session:
    """A game and the action list that made it."""

    def __init__(
        self,
        title: Title,
        players: list[tuple[Any, str]],
        seed: int = 0,
        *,
        optional_rules: list[str] | None = None,
        house_rules: list[dict[str, str]] | None = None,
        game_id: Any = None,
    ):
        self.title = title
        self.players = [(pid, name) for pid, name in players]
        self._player_ids = {str(pid): pid for pid, _ in self.players}
        """The engine's player ids (strings) → the ids as the players list writes them."""
        self.seed = seed
        self.optional_rules = list(optional_rules or [])
        self.house_rules = list(house_rules or [])
        """The overlays ``title`` was loaded with, as ``{"name", "yaml"}`` (saved with the game)."""
        self.game_id = game_id if game_id is not None else f"local-{seed}"
        self.actions: list[dict[str, Any]] = []
        self.game = self._new_game()

    def _new_game(self) -> Game:
        return Game(self.title, self.players, self.seed, optional_rules=self.optional_rules)

    def act(self, action: dict[str, Any]) -> None:
        """Apply an action (numbering it), or raise :class:`GameError` changing nothing."""
        action = dict(action)
        if action.get("entity_type", "player") == "player" and str(action.get("entity")) in self._player_ids:
            action["entity"] = self._player_ids[str(action["entity"])]
        action.setdefault("id", (self.actions[-1]["id"] + 1) if self.actions else 1)
        action.setdefault("created_at", int(time.time()))
        if action["type"] in ("undo", "redo"):
            self.actions.append(action)
            self._rebuild()
            return
        self.game.process(action)
        for auto in action.get("auto_actions") or []:
            self.game.process({**auto, "id": action["id"]})
        self.actions.append(action)

    def _rebuild(self) -> None:
        game = self._new_game()
        for action in with_auto_actions(effective_actions(self.actions)):
            game.process(action)
        self.game = game

    def to_json(self) -> dict[str, Any]:
        """The game in the 18xx.games export format."""
        game = self.game
        data: dict[str, Any] = {
            "id": self.game_id,
            "title": self.title.title.name,
            "players": [{"id": pid, "name": name} for pid, name in self.players],
            "settings": {
                "seed": self.seed,
                "optional_rules": self.optional_rules,
                **({"house_rules": self.house_rules} if self.house_rules else {}),
            },
            "actions": self.actions,
            "status": "finished" if game.finished else "active",
        }
        if game.finished:
            data["result"] = game.result()
            data["game_end_reason"] = game.end_reason
        return data
