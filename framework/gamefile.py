"""Game files in the 18xx.games JSON format.

A game is its settings plus its action list (reference §f). :class:`GameFile`
reads one; :func:`effective_actions` applies the undo and redo actions of the
list, giving the actions that actually shaped the game, in order.

>>> effective_actions([{"type": "bid", "id": 1}, {"type": "pass", "id": 2},
...                    {"type": "undo", "id": 3}, {"type": "pass", "id": 4}])
[{'type': 'bid', 'id': 1}, {'type': 'pass', 'id': 4}]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from framework.problems import Mark, Problem, ProblemsError

NO_EFFECT = frozenset({"message", "program_buy_shares", "program_share_pass", "program_disable"})
"""Action types that never change the game (their effects, if any, arrive as ``auto_actions``)."""


def effective_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions left after undo and redo, in order (reference §f.3).

    ``undo`` empties the actions back to its ``action_id`` (or the last effective
    one); ``redo`` restores the last undone group; any other action except a chat
    message makes redo impossible. Messages are never undone.
    """
    kept: list[dict[str, Any] | None] = []
    index_of: dict[Any, int] = {}
    undone: list[list[tuple[int, dict[str, Any]]]] = []
    for position, action in enumerate(actions):
        kind = action.get("type")
        kept.append(None)
        if "id" in action:
            index_of[action["id"]] = position
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                live = [i for i, a in enumerate(kept) if a is not None and a.get("type") != "message"]
                cut = live[-1] if live else position
            else:
                cut = 0 if target == 0 else index_of.get(target, -1) + 1
            group = [
                (i, kept[i])
                for i in range(cut, position)
                if kept[i] is not None and kept[i]["type"] != "message"
            ]
            for i, _ in group:
                kept[i] = None
            undone.append(group)  # type: ignore[arg-type]
        elif kind == "redo":
            if undone:
                for i, restored in undone.pop():
                    kept[i] = restored
        else:
            if kind != "message":
                undone.clear()
            kept[position] = action
    return [a for a in kept if a is not None]


def with_auto_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each action followed by its ``auto_actions``, as the engine processes them."""
    out = []
    for action in actions:
        out.append(action)
        for auto in action.get("auto_actions") or []:
            out.append({**auto, "id": action.get("id"), "auto": True})
    return out


@dataclass
class Player:
    id: int | str
    name: str


@dataclass
class GameFile:
    """An 18xx.games game export."""

    title: str
    players: list[Player]
    actions: list[dict[str, Any]]
    id: Any = None
    seed: int | None = None
    optional_rules: list[str] = field(default_factory=list)
    house_rules: list[dict[str, str]] = field(default_factory=list)
    """Overlays the game was played with, as ``{"name": file name, "yaml": text}``
    (``settings.house_rules``; an addition of this framework to the format)."""
    result: dict[str, int] | None = None
    game_end_reason: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path | str) -> GameFile:
        name = str(path)
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ProblemsError([Problem("file not found", Mark(name, 1, 1))]) from None
        except json.JSONDecodeError as exc:
            raise ProblemsError(
                [Problem(f"not valid JSON: {exc.msg}", Mark(name, exc.lineno, exc.colno))]
            ) from None
        return cls.from_dict(data, name)

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str = "game") -> GameFile:
        problems = []
        for key in ("title", "players", "actions"):
            if key not in data:
                problems.append(Problem(f"the game file has no {key!r}", Mark(name, 1, 1)))
        if problems:
            raise ProblemsError(problems)
        settings = data.get("settings") or {}
        return cls(
            title=data["title"],
            players=[Player(p["id"], p.get("name", str(p["id"]))) for p in data["players"]],
            actions=list(data["actions"]),
            id=data.get("id"),
            seed=seed_of(data),
            optional_rules=list(settings.get("optional_rules") or []),
            house_rules=list(settings.get("house_rules") or []),
            result=data.get("result"),
            game_end_reason=data.get("game_end_reason"),
            raw=data,
        )

    def effective(self) -> list[dict[str, Any]]:
        """The effective actions with their auto actions, in processing order."""
        return with_auto_actions(effective_actions(self.actions))


def seed_of(data: dict[str, Any]) -> int | None:
    """``settings.seed``, or else the first run of digits in the game id (reference §4.1)."""
    seed = (data.get("settings") or {}).get("seed")
    if seed not in (None, ""):
        return int(seed)
    digits = re.search(r"\d+", str(data.get("id", "")))
    return int(digits.group()) if digits else None
