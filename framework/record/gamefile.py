"""Game files in the 18xx.games JSON format.

A game is its settings plus its action list (reference §f). :class:`GameFile`
reads one, accepting every shape the 18xx.games engine loads (players as a list
or a mapping, ids as numbers or text, the seed in the settings or in the game
id) and refusing, with a problem naming the place, what it cannot load.
:func:`effective_actions` applies the undo and redo actions of the list,
giving the actions that actually shaped the game, in order.

>>> effective_actions([{"type": "bid", "id": 1}, {"type": "pass", "id": 2},
...                    {"type": "undo", "id": 3}, {"type": "pass", "id": 4}])
[{'type': 'bid', 'id': 1}, {'type': 'pass', 'id': 4}]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from framework.base.errors import GameError
from framework.base.problems import Mark, Problem, ProblemsError
from framework.base.regularfile import NotARegularFile, read_regular
from framework.record.gamefile_model import Player, check_file, players_of, seed_of

__all__ = [
    "GameFile",
    "Player",
    "effective_actions",
    "players_of",
    "seed_of",
    "unplayed",
    "with_auto_actions",
]


MOST_BYTES = 16 * 1024 * 1024
"""16 MiB, the most a game file may hold: over fifty times the largest real export of
the 108 titles in the fixtures (18USA's, 287 KB). A file over it, or one that is not a
regular file (a pipe, a device), is refused before it is read."""


def effective_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions left after undo and redo, in order (reference §f.3).

    ``undo`` empties the actions back to just after its ``action_id`` (to the start
    for 0), or else takes back the last effective action; ``redo`` restores the last
    undone group; any other action except a chat message makes redo impossible.
    Messages are never undone. As in 18xx.games, an undo to an action id the list
    does not have, and a redo with nothing undone, are errors (:class:`GameError`);
    the actions after an id above the last action's are not played (:func:`unplayed`).
    """
    kept: list[dict[str, Any] | None] = []
    index_of: dict[int, int] = {}
    undone: list[list[tuple[int, dict[str, Any]]]] = []
    for position, action in enumerate(actions):
        kind = action.get("type")
        kept.append(None)
        if isinstance(action.get("id"), int):
            index_of.setdefault(action["id"], position)
        if kind == "undo":
            cut = _undo_cut(action, kept, index_of, position)
            group = [
                (i, taken)
                for i in range(cut, position)
                if (taken := kept[i]) is not None and taken["type"] != "message"
            ]
            for i, _ in group:
                kept[i] = None
            undone.append(group)
        elif kind == "redo":
            if not undone:
                raise GameError("redo", "a redo with nothing undone before it").at(action.get("id"))
            for i, restored in undone.pop():
                kept[i] = restored
        else:
            if kind != "message":
                undone.clear()
            kept[position] = action
    played = len(actions) - len(unplayed(actions))
    return [a for a in kept[:played] if a is not None]


def unplayed(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions 18xx.games never plays: it loads a game up to its last action's id,
    taking the actions in the order of the list (ids need not increase; 1850 and 1856
    games on 18xx.games repeat some) and stopping at the first whose id is above it.

    >>> ids = lambda actions: [a["id"] for a in actions]
    >>> ids(unplayed([{"id": 1}, {"id": 3}, {"id": 3}, {"id": 2}, {"id": 4}]))
    []
    >>> ids(unplayed([{"id": 1}, {"id": 9}, {"id": 5}, {"id": 6}]))
    [9, 5, 6]
    """
    if not actions or not isinstance(actions[-1].get("id"), int):
        return []
    last = actions[-1]["id"]
    for position, action in enumerate(actions):
        aid = action.get("id")
        if isinstance(aid, int) and aid > last:
            return actions[position:]
    return []


def _undo_cut(
    action: dict[str, Any], kept: list[dict[str, Any] | None], index_of: dict[int, int], position: int
) -> int:
    """The first position an undo takes back."""
    target = action.get("action_id")
    if target is None:
        for i in range(len(kept) - 1, -1, -1):  # the last effective action, not a message
            taken = kept[i]
            if taken is not None and taken.get("type") != "message":
                return i
        return position
    if not isinstance(target, int) or isinstance(target, bool):
        raise GameError("undo", f"an undo's action_id is a whole number, not {target!r}").at(action.get("id"))
    if target == 0:
        return 0
    if target not in index_of:
        raise GameError("undo", f"an undo to action {target}, which the game does not have").at(
            action.get("id")
        )
    return index_of[target] + 1


def with_auto_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each action followed by its ``auto_actions``, as the engine processes them."""
    out = []
    for action in actions:
        out.append(action)
        for auto in action.get("auto_actions") or []:
            out.append({**auto, "id": action.get("id"), "auto": True})
    return out


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
    name: str = "game"
    """The file's name in messages (its path, as given to :meth:`read`)."""
    checked: bool = False
    """Whether every action's fields were checked against its type's model (as
    :meth:`from_dict` does), so a replay need not check them again."""

    @classmethod
    def read(cls, path: Path | str) -> GameFile:
        """The game file at ``path``: a regular file of at most :data:`MOST_BYTES` (a
        pipe, a device or a larger file is refused before it is read)."""
        name = str(path)
        try:
            raw = read_regular(path, MOST_BYTES + 1)
            if len(raw) > MOST_BYTES:
                raise ProblemsError([Problem(_too_large(), Mark(name, 1, 1))])
            data = json.loads(raw.decode("utf-8"))
        except FileNotFoundError:
            raise ProblemsError([Problem("file not found", Mark(name, 1, 1))]) from None
        except IsADirectoryError:
            raise ProblemsError([Problem("a folder, not a game file", Mark(name, 1, 1))]) from None
        except NotARegularFile as exc:
            raise ProblemsError(
                [Problem(f"{exc.strerror}; a game file is a JSON file", Mark(name, 1, 1))]
            ) from None
        except OSError as exc:
            raise ProblemsError([Problem(f"cannot be read: {exc.strerror}", Mark(name, 1, 1))]) from None
        except UnicodeDecodeError as exc:
            raise ProblemsError([Problem(_not_utf8(exc), Mark(name, 1, 1))]) from None
        except json.JSONDecodeError as exc:
            raise ProblemsError(
                [Problem(f"not valid JSON: {exc.msg}", Mark(name, exc.lineno, exc.colno))]
            ) from None
        except RecursionError:
            raise ProblemsError(
                [Problem("not readable: the JSON is nested too deeply", Mark(name, 1, 1))]
            ) from None
        return cls.from_dict(data, name)

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str = "game") -> GameFile:
        """A game file from its JSON data; raises :class:`ProblemsError` listing every
        part 18xx.games could not load either."""
        check_file(data, name)
        settings = data.get("settings") or {}
        return cls(
            title=data["title"],
            players=players_of(data["players"]),
            actions=list(data["actions"]),
            id=data.get("id"),
            seed=seed_of(data),
            # 18xx.games exports an empty name at times, and plays no rule for it
            optional_rules=[r for r in settings.get("optional_rules") or [] if r != ""],
            house_rules=list(settings.get("house_rules") or []),
            result=data.get("result"),
            game_end_reason=data.get("game_end_reason"),
            raw=data,
            name=name,
            checked=True,
        )

    def effective(self) -> list[dict[str, Any]]:
        """The effective actions with their auto actions, in processing order."""
        return with_auto_actions(effective_actions(self.actions))


def _too_large() -> str:
    return (
        f"the file is more than {MOST_BYTES:,} bytes, the most a game file may hold "
        "(the largest real 18xx.games export seen is under 300 KB)"
    )


def _not_utf8(error: UnicodeDecodeError) -> str:
    """Why a file is not a game file: 18xx.games exports JSON in UTF-8."""
    byte = error.object[error.start]
    return (
        f"not UTF-8 text (byte 0x{byte:02x} at offset {error.start}); "
        "a game file is JSON in UTF-8, as 18xx.games exports it"
    )
