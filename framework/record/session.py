"""A game being played: its settings, the actions taken, undo and redo.

A :class:`Session` keeps every action submitted, ``undo`` and ``redo`` included,
exactly as an 18xx.games game file does, and the game they produce. ``undo``
and ``redo`` rebuild the game from the effective actions (reference §f.3).
:meth:`Session.to_json` writes the game as 18xx.games exports one — the same
fields, of the same types — so that its engine loads the file unchanged: each
action names its entity with the ``entity_type`` and, for a player, the id as
the players list writes it. The settings also record the house rules played and
which title the game was played with (name, version and fingerprint,
:mod:`framework.record.provenance`), which 18xx.games ignores.

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
from collections.abc import Callable
from typing import Any

from framework.base.errors import GameError
from framework.engine.game import Game
from framework.engine.trace import round_name
from framework.record.gamefile import effective_actions, with_auto_actions
from framework.record.provenance import SETTING as PLAYED_TITLE
from framework.record.provenance import played_title
from framework.title.hooks import HookFailed
from framework.title.model import Title

PLAYER_FIELDS = {
    "entity": "entity_type",
    "target": "target_type",
    "purchase_for": "purchase_for_type",
    "borrow_from": "borrow_from_type",
}
"""Fields of 18xx.games actions that may name a player, each with the field giving its kind."""

OWN_SETTINGS = ("house_rules", PLAYED_TITLE)
"""The settings this framework adds to 18xx.games' (which ignores them): the house-rule
overlays played, and the title played with its version and fingerprint."""

EXPORT_USER = {"id": 0, "name": "You"}
"""The ``user`` of an 18xx.games export: whoever downloads it, here nobody in particular."""


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
        self.watch: Callable[[Game, dict[str, Any] | None], None] | None = None
        """If set, called after each action the game takes, with the game and the action
        (after its ``auto_actions`` too), and with ``None`` for the action when the game is
        made anew (an undo, a redo, a restore) before its actions are taken again."""
        self.game = self._new_game()

    def _new_game(self) -> Game:
        return Game(self.title, self.players, self.seed, optional_rules=self.optional_rules)

    def act(self, action: dict[str, Any]) -> None:
        """Apply an action (numbering it) and its ``auto_actions``, or raise
        :class:`GameError` changing nothing: neither the game nor the action list."""
        action = self._as_recorded(action)
        if action["type"] in ("undo", "redo"):
            actions = [*self.actions, action]
            effective_actions(actions)  # a redo with nothing undone raises here
            self._rebuild(actions)
            self.actions = actions
            return
        self._take(action)
        self.actions.append(action)
        if self.watch is not None:
            self.watch(self.game, action)

    def _take(self, action: dict[str, Any]) -> None:
        """Apply an action and its auto actions as one, or raise leaving the game as it
        was: a refused action changes nothing, and when an auto action after it is
        refused, or a title's hook fails half way, the game is made again from the
        actions before."""
        game = self.game
        game.check_autos(action)
        try:
            game.process(action)  # a refusal changes nothing; a hook's failure may
        except HookFailed:
            self._rebuild(self.actions)
            raise
        records = game.take_records()
        if records and not action.get("auto_actions"):  # recorded as 18xx.games would
            action["auto_actions"] = [{**auto, "created_at": action.get("created_at")} for auto in records]
            return
        try:
            game.process_autos(action)
        except GameError:
            self._rebuild(self.actions)
            raise

    def _as_recorded(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action as 18xx.games records it: numbered and timed, its entity's kind
        given, and players named by their ids as the players list writes them."""
        action = dict(action)
        if "entity" in action and action.get("entity_type") is None:
            action["entity_type"] = self.game.entity_type(str(action["entity"]))
        for name, kind in PLAYER_FIELDS.items():
            value = action.get(name)
            if action.get(kind) == "player" and str(value) in self._player_ids:
                action[name] = self._player_ids[str(value)]
        action.setdefault("id", (self.actions[-1]["id"] + 1) if self.actions else 1)
        action.setdefault("created_at", int(time.time()))
        return action

    def restore(self, actions: list[dict[str, Any]]) -> None:
        """Take ``actions`` (as :attr:`actions` holds them, undo and redo included) as
        the game's, replaying them; :class:`GameError` leaves the session as it was."""
        actions = [dict(a) for a in actions]
        self._rebuild(actions)
        self.actions = actions

    def _rebuild(self, actions: list[dict[str, Any]]) -> None:
        """Make the game anew from ``actions``; the session's game is replaced only when
        every action is taken."""
        game = self._new_game()
        watch = self.watch
        if watch is not None:
            watch(game, None)
        for action in with_auto_actions(effective_actions(actions)):
            game.process(action)
            if watch is not None:
                watch(game, action)
        self.game = game

    def game_at(self, action_id: int, actions: list[dict[str, Any]] | None = None) -> Game:
        """A new game as it was just after the effective action numbered ``action_id``
        (``0``: before any), from :attr:`actions` or the list ``actions`` given (as
        :attr:`actions` holds them); :class:`GameError` when no action in effect has
        that number."""
        effective = with_auto_actions(effective_actions(self.actions if actions is None else actions))
        ids = {a.get("id") for a in effective}
        if action_id != 0 and action_id not in ids:
            raise GameError("action", f"the game has no action {action_id} in effect")
        game = self._new_game()
        for action in effective:
            if action.get("id") is not None and action["id"] > action_id:
                break
            game.process(action)
        return game

    def to_json(self) -> dict[str, Any]:
        """The game in the 18xx.games export format, every field 18xx.games writes included."""
        game = self.game
        times = [a["created_at"] for a in self.actions if isinstance(a.get("created_at"), int)]
        started = times[0] if times else int(time.time())
        updated = times[-1] if times else started
        settings: dict[str, Any] = {
            "seed": self.seed,
            "is_async": True,
            "unlisted": True,
            "auto_routing": True,
            "player_order": None,
            "optional_rules": self.optional_rules,
        }
        if self.house_rules:
            settings["house_rules"] = self.house_rules
        record = played_title(self.title)
        if record is not None:
            settings[PLAYED_TITLE] = record
        return {
            "id": self.game_id,
            "description": "",
            "user": dict(EXPORT_USER),
            "players": [{"id": pid, "name": name} for pid, name in self.players],
            "min_players": len(self.players),
            "max_players": len(self.players),
            "title": self.title.title.name,
            "settings": settings,
            "user_settings": None,
            "status": "finished" if game.finished else "active",
            "turn": game.turn,
            "round": self._round_name(),
            "acting": self._acting(),
            "result": game.result() if game.finished else {},
            "actions": self.actions,
            "loaded": True,
            "created_at": started,
            "updated_at": updated,
            "finished_at": updated if game.finished else None,
            "game_end_reason": game.end_reason,
        }

    def _round_name(self) -> str:
        rnd = self.game.round
        return "" if rnd is None else round_name(rnd)

    def _acting(self) -> list[Any]:
        """The players whose turn it is, by their ids as written (all of them once the game is over)."""
        game = self.game
        if game.finished:
            return [pid for pid, _ in self.players]
        owner = game.current_entity()
        for _ in range(3):  # a company's owner may be a corporation, whose president acts
            if owner is None or owner in self._player_ids:
                break
            owner = game.owner_of(owner)
        return [self._player_ids[owner]] if owner in self._player_ids else []
