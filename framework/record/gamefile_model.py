"""The 18xx.games game-file format as a pydantic model, checked as a whole before a replay.

:func:`file_problems` checks a game file's JSON against :class:`GameFileModel` — the
top level (id, title, players as a list or a mapping, settings with the seed,
optional rules and house rules), then every action (and auto action) against the
model of its type (:mod:`framework.engine.actions`) — and says what is wrong,
naming the action by its id, type and place in the list and the field::

    game.json: action 57 (lay_tile, number 40 in the list): field 'rotation' must be an integer, got "x"

It accepts every shape 18xx.games loads (players as a mapping, ids as text, the
seed in the game id, fields it does not know) and refuses what would make the
replay meaningless: a file with no seed, an action without a whole-number id, two
players with one id.

>>> for problem in file_problems({"title": "18SJ", "players": [], "actions": []}, "g.json"):
...     print(problem)
g.json: 'players' must not be empty
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, PlainValidator, Tag, ValidationError

from framework.base.problems import Mark, Problem, ProblemsError
from framework.engine.actions import (
    KNOWN,
    REASONS,
    FieldProblem,
    Id,
    Text,
    Whole,
    problems_of,
    shape_problems,
)

MOST_ACTION_PROBLEMS = 10
"""Problems reported about actions before the rest are only counted."""


@dataclass(frozen=True, order=True)
class Place(Mark):
    """A place in a game file known by what is there (an action) rather than by line:
    printed as the file name, ordered by the position in the file."""

    def __str__(self) -> str:
        return self.file


def _seed(value: Any) -> Any:
    if (isinstance(value, int) and not isinstance(value, bool)) or value == "":
        return value
    raise ValueError("must be a whole number")


def _number(value: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise ValueError("must be a number")


Seed = Annotated[Any, PlainValidator(_seed)]
Number = Annotated[Any, PlainValidator(_number)]


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow")


class PlayerEntry(_Loose):
    """A seated player; one without an id is known by its name."""

    id: Id | None = None
    name: Id | None = None


class HouseRule(_Loose):
    """An overlay the game was played with (``settings.house_rules``, an addition of this
    framework to the format)."""

    name: Text = "house rules"
    yaml: Text


class Settings(_Loose):
    seed: Seed | None = None
    optional_rules: list[Text] | None = None
    house_rules: list[HouseRule] | None = None


def _players_shape(value: Any) -> str:
    return "<mapping>" if isinstance(value, dict) else "<list>"


Players = Annotated[
    Annotated[Annotated[list[PlayerEntry], Field(min_length=1)], Tag("<list>")]
    | Annotated[Annotated[dict[str, Id], Field(min_length=1)], Tag("<mapping>")],
    Discriminator(_players_shape),
]


class GameFileModel(_Loose):
    """An 18xx.games game export (``Game#to_h``); its actions are checked one by one
    against the model of their type."""

    id: Id | None = None
    title: Text
    players: Players
    settings: Settings | None = None
    actions: list[Any]
    result: dict[str, Number] | None = None
    game_end_reason: Text | None = None
    min_players: Whole | None = None
    max_players: Whole | None = None


def _top_text(problem: FieldProblem) -> str:
    if not problem.reason:
        return f"the game file has no {problem.path!r}"
    if problem.reason == REASONS["too_short"]:
        return f"{problem.path!r} {problem.reason}"
    return f"{problem.path} {problem.reason}, got {show_short(problem.value)}"


def show_short(value: Any) -> str:
    from framework.engine.actions import show

    return show(value, 40)


def file_problems(data: Any, name: str = "game") -> list[Problem]:
    """Everything in a game file's JSON that does not fit the format, or that 18xx.games
    could not load either; empty when the file can be replayed."""
    where = Place(name, 0, 0)
    if not isinstance(data, dict):
        return [Problem("a game file is a JSON object", where)]
    try:
        GameFileModel.model_validate(data)
    except ValidationError as error:
        top = [p for p in problems_of(error) if not p.path.startswith("players") or "<" not in p.path]
        return [Problem(_top_text(_untagged(p)), where) for p in top or problems_of(error)]
    problems = [Problem(text, where) for text in _player_problems(data["players"])]
    if seed_of(data) is None:
        problems.append(
            Problem(
                "the game file has no seed (settings.seed, or a number in its id), "
                "so the game cannot be set up as it was played",
                where,
            )
        )
    return problems + action_problems(data["actions"], name)


def _untagged(problem: FieldProblem) -> FieldProblem:
    path = re.sub(r"\.?<(list|mapping)>", "", problem.path)
    return FieldProblem(path, problem.reason, problem.value)


def _player_problems(players: Any) -> list[str]:
    problems = []
    if isinstance(players, list):
        for k, p in enumerate(players, 1):
            if p.get("id") is None and p.get("name") is None:
                problems.append(f"player {k} must have an 'id' or a 'name'")
    if problems:
        return problems
    ids = [(type(p.id).__name__, p.id) for p in players_of(players)]
    return ["two players have the same id"] if len(set(ids)) < len(ids) else []


def action_problems(
    actions: list[Any], name: str = "game", layer: Mapping[str, type[BaseModel]] | None = None
) -> list[Problem]:
    """Each action's shape (every action and auto action against its type's model),
    then its id: a whole number, each larger than the one before.

    Before the title is known (``layer`` is ``None``) an action of a type neither
    18xx.games nor the engine knows is left for the title; given the title layer's
    action types, only those actions are checked, and any type still unknown is one."""
    if layer is not None and _only_known(actions):
        return []  # what is left for the title is nothing
    found: list[tuple[int, str]] = []
    for k, action in enumerate(actions, 1):
        found += [(k, text) for text in _one_action(action, k, layer=layer)]
    if not found and layer is None:
        found = [(k, text) for k, text in _id_problems(actions)]
    problems = [Problem(text, Place(name, k, 0)) for k, text in found[:MOST_ACTION_PROBLEMS]]
    if len(found) > MOST_ACTION_PROBLEMS:
        more = len(found) - MOST_ACTION_PROBLEMS
        problems.append(Problem(f"and {more} more problems with actions", Place(name, len(actions) + 1, 0)))
    return problems


def _only_known(actions: list[Any]) -> bool:
    """Whether every action and auto action with a type has one 18xx.games or the engine
    knows: then none is left for a title's layer to check."""
    for action in actions:
        if isinstance(action, dict):
            kind = action.get("type")
            if isinstance(kind, str) and kind not in KNOWN:
                return False
            autos = action.get("auto_actions")
            if isinstance(autos, list) and not _only_known(autos):
                return False
    return True


def _label(action: dict[str, Any], k: int) -> str:
    kind = action.get("type")
    return f"action {show_short(action.get('id'))} ({kind}, number {k} in the list)"


def _one_action(
    action: Any,
    k: int,
    label: Callable[[], str] | None = None,
    layer: Mapping[str, type[BaseModel]] | None = None,
) -> list[str]:
    """The problems of one action and its auto actions, each after the action's label
    (``label``, made only when there is a problem to name)."""
    if not isinstance(action, dict):
        where = label() if label is not None else f"action {k} of the list"
        return [] if layer is not None else [f"{where} is not an object, got {show_short(action)}"]
    named = label or (lambda: _label(action, k))
    kind = action.get("type")
    if not isinstance(kind, str):
        return [] if layer is not None else [f"{named()}: needs a 'type' (text), got {show_short(kind)}"]
    found: list[str] = []
    if kind in KNOWN:
        if layer is None:
            found = [p.text() for p in shape_problems(action)]
    elif layer is not None:
        if kind not in layer:
            found = [f"unknown action type {kind!r}"]
        else:
            found = [p.text() for p in shape_problems(action, layer)]
    texts = [f"{named()}: {text}" for text in found]
    autos = action.get("auto_actions")
    if isinstance(autos, list):
        for j, auto in enumerate(autos, 1):
            kind_j = auto.get("type") if isinstance(auto, dict) else None
            texts += _one_action(auto, k, _auto_label(named, j, kind_j), layer)
    return texts


def _auto_label(named: Callable[[], str], j: int, kind: Any) -> Callable[[], str]:
    return lambda: f"{named()}, auto action {j} ({kind})"


def _id_problems(actions: list[Any]) -> list[tuple[int, str]]:
    """Every action needs a whole-number id. Ids need not increase: 18xx.games takes the
    actions in the order of the list (:func:`framework.record.gamefile.unplayed`)."""
    for k, action in enumerate(actions, 1):
        aid = action.get("id")
        if not isinstance(aid, int) or isinstance(aid, bool):
            return [(k, f"action {k} of the list has the id {aid!r}; ids are whole numbers")]
    return []


def check_file(data: Any, name: str = "game") -> None:
    """Raise :class:`ProblemsError` unless ``data`` is a game file that can be replayed."""
    problems = file_problems(data, name)
    if problems:
        raise ProblemsError(problems)


@dataclass
class Player:
    id: int | str
    """The id exactly as the file writes it (a number or text): action entities must match it."""
    name: str


def players_of(players: Any) -> list[Player]:
    """The seated players, in order, from any shape 18xx.games loads: a list of
    ``{"id", "name"}`` (a player without an id is known by its name) or a mapping
    from ids to names (its ids are then text, as JSON keys are)."""
    if isinstance(players, dict):
        return [Player(pid, str(name)) for pid, name in players.items()]
    seated = []
    for p in players:
        pid = p.get("id")
        if pid is None:
            pid = p.get("name")
        seated.append(Player(pid, str(p.get("name", pid))))
    return seated


def seed_of(data: dict[str, Any]) -> int | None:
    """``settings.seed``, or else the first run of digits in the game id (reference §4.1)."""
    seed = (data.get("settings") or {}).get("seed")
    if seed not in (None, ""):
        return int(seed)
    digits = re.search(r"[0-9]+", str(data.get("id", "")))
    return int(digits.group()) if digits else None


def check_seats(record: Any, title: Any, name: str = "game") -> None:
    """Raise :class:`ProblemsError` unless ``title`` seats the game file's players."""
    problems = seat_problems(len(record.players), title, name)
    if problems:
        raise ProblemsError(problems)


def seat_problems(players: int, title: Any, name: str = "game") -> list[Problem]:
    """Whether ``title`` (a loaded title) is played by that many players."""
    low, high = title.title.players.min, title.title.players.max
    if low <= players <= high and players in title.bank.starting_cash:
        return []
    return [
        Problem(
            f"{title.title.name} is for {low} to {high} players; the game file seats {players}",
            Place(name, 0, 0),
        )
    ]
