"""Replaying 18xx.games game files.

:func:`replay` builds the game a file describes — the title named in the file,
found on the title search path (:mod:`framework.title.paths`), with its optional
rules and the variants that apply to the player count, the players in seat
order, the seed — and processes the effective actions one
by one. Every recorded route is rebuilt and valued, so a file whose revenues
do not add up fails here even though 18xx.games would accept it.
For example ``replay(GameFile.read("titles/18SJ/games/166116.json")).matches_recorded``
is true: the game ends by the bank breaking with the recorded scores.

:func:`recorded` turns one recorded action into the action the engine takes, as
18xx.games reads it: its entity must be one of the game's players, corporations,
companies or minors as ``entity_type`` names it (ids compared exactly, a number
is not its text), and routes recorded with only their stop hexes are rebuilt
from the board (:func:`~framework.board.runroutes.complete_routes`). Everything
that replays a game file goes through it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from framework.base.errors import GameError
from framework.base.problems import Problem, ProblemsError
from framework.board.routes import IllegalRoute
from framework.board.runroutes import complete_routes
from framework.engine import operating
from framework.engine.actions import PROGRAMS
from framework.engine.extension import rules_of
from framework.engine.game import Game
from framework.record.gamefile import GameFile, Player, effective_actions, with_auto_actions
from framework.record.gamefile_model import action_problems, seat_problems
from framework.title.hooks import HookFailed
from framework.title.loader import RulesText, load_title
from framework.title.model import Title
from framework.title.paths import find_title


def title_for(game_file: GameFile, folder: Path | None = None) -> Title:
    """The title a game file plays, with its optional rules, automatic variants and
    house rules: from ``folder`` when given, else the title the file names, looked up
    on the title search path (:func:`framework.title.paths.find_title`, which refuses a
    name that is a path before anything is read). An optional rule the title does not
    have is a problem (:class:`ProblemsError`): the game may have been played by a rule
    this title cannot play."""
    rules = [
        RulesText(str(r.get("name", "house rules")), str(r.get("yaml", ""))) for r in game_file.house_rules
    ]
    chosen = folder if folder is not None else find_title(game_file.title)
    base = load_title(chosen)
    unknown = [r for r in game_file.optional_rules if r not in base.variants]
    if unknown:
        known = ", ".join(base.variants) or "none"
        raise ProblemsError(
            Problem(
                f"settings.optional_rules: {base.title.name} has no optional rule {rule!r} "
                f"(its variants: {known}), so the game cannot be played as recorded"
            )
            for rule in unknown
        )
    return game_title(chosen, len(game_file.players), game_file.optional_rules, rules, base=base)


def game_title(
    folder: Path | str,
    players: int,
    optional_rules: Sequence[str] = (),
    rules: Sequence[Path | str | RulesText] = (),
    *,
    base: Title | None = None,
) -> Title:
    """A title as a game of ``players`` plays it: the chosen optional rules (variants),
    the variants that apply by themselves to that many players, then house rules
    (``base``: the title as loaded from ``folder`` alone, when already at hand)."""
    base = base or load_title(folder)
    if players not in player_counts(base):
        raise ProblemsError([Problem(f"a game of {players} players: {counts_text(base)}")])
    variants = variants_for(base, players, optional_rules)
    return load_title(folder, rules, variants) if variants or rules else base


def player_counts(base: Title) -> list[int]:
    """The player counts a title can be played by: its own range, and the counts its
    variants for other player counts (such as a two-player variant) allow."""
    counts = set(range(base.title.players.min, base.title.players.max + 1))
    for variant in base.variants.values():
        counts |= set(variant.players or [])
    return sorted(counts)


def counts_text(base: Title) -> str:
    """``18SJ is for 2 to 6 players``: the player counts of :func:`player_counts`."""
    counts = player_counts(base)
    if counts == list(range(counts[0], counts[-1] + 1)):
        span = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
    else:
        span = ", ".join(map(str, counts))
    return f"{base.title.name} is for {span} players"


def variants_for(base: Title, players: int, optional_rules: Sequence[str] = ()) -> list[str]:
    """The variants a game plays: the optional rules chosen, then those that apply by
    themselves to ``players`` players. As in 18xx.games, a variant for other player
    counts is ignored (and so is a name the title does not know: :func:`title_for`
    refuses a game file naming one)."""
    variants = [
        v for v in optional_rules if v in base.variants and _allows(base.variants[v].players, players)
    ]
    variants += [
        name
        for name, v in base.variants.items()
        if v.automatic and v.players and players in v.players and name not in variants
    ]
    return variants


class UnknownVariant(ValueError):
    """A variant chosen by an id the title does not have, or for another player count."""


def chosen_variants(base: Title, players: int, ids: Sequence[str]) -> list[str]:
    """The optional rules a new game of ``players`` saves for the variants chosen by
    ``ids``: each must be one of the title's variants and allow that many players;
    one that applies by itself to that count is played anyway and not saved (18xx.games
    has no such optional rule). Raises :class:`UnknownVariant` naming the title's variants."""
    for vid in ids:
        if vid not in base.variants:
            known = ", ".join(f"{k} ({v.name})" for k, v in base.variants.items()) or "none"
            raise UnknownVariant(f"{base.title.name} has no variant {vid!r}; its variants: {known}")
        counts = base.variants[vid].players
        if not _allows(counts, players):
            allowed = ", ".join(map(str, counts or []))
            raise UnknownVariant(f"the variant {vid!r} is for {allowed} players, not {players}")
    return [vid for vid in dict.fromkeys(ids) if not base.variants[vid].automatic]


def _allows(counts: Sequence[int] | None, players: int) -> bool:
    return not counts or players in counts


def check_game(game_file: GameFile, title: Title) -> None:
    """:class:`ProblemsError`, naming the file, unless ``title`` is played by the file's
    number of players and knows each of its actions' types (auto actions too)."""
    problems = seat_problems(len(game_file.players), title, game_file.name)
    problems += action_problems(game_file.actions, game_file.name, rules_of(title).actions)
    if problems:
        raise ProblemsError(problems)


def _replayed(game_file: GameFile, title: Title, taken: list[dict[str, Any]]) -> Game:
    """The game made again from the actions taken (a failed replay's last position)."""
    game = new_game(game_file, title)
    for action in taken:
        game.process(action)
    return game


def new_game(game_file: GameFile, title: Title) -> Game:
    """The game a file sets up; :class:`ProblemsError` as :func:`check_game` says."""
    check_game(game_file, title)
    return Game(
        title,
        [(p.id, p.name) for p in game_file.players],
        game_file.seed or 0,
        optional_rules=game_file.optional_rules,
    )


@dataclass
class Replay:
    """The outcome of a replay."""

    game: Game
    actions: int
    """Effective actions processed (auto actions included)."""
    seconds: float
    failure: GameError | None = None
    failed_action: dict[str, Any] | None = None
    recorded_result: dict[str, int] | None = None
    recorded_reason: str | None = None
    checks: list[str] = field(default_factory=list)
    """Invariant violations found by the ``check`` callback."""
    taken: list[dict[str, Any]] = field(default_factory=list)
    """The effective actions as the engine took them (a ``run_routes`` recorded without
    connections with its routes rebuilt), in order."""

    @property
    def result(self) -> dict[str, int]:
        return self.game.result()

    @property
    def matches_recorded(self) -> bool:
        """The game ended, as the file records, with the recorded scores and reason."""
        if self.failure is not None or not self.game.finished:
            return False
        recorded = {str(k): v for k, v in (self.recorded_result or {}).items()}
        return recorded == self.result and self.recorded_reason == self.game.end_reason

    @property
    def recorded_finished(self) -> bool:
        """Whether the file records the end of the game (a result or an end reason)."""
        return bool(self.recorded_result) or self.recorded_reason is not None

    @property
    def verdict(self) -> str:
        """``diverges`` (an action fails), ``matches`` (ended as recorded), ``differs``
        (ended otherwise than recorded, or not at all though the file records an end),
        ``unfinished`` (every action legal; neither the game nor the file has ended) or
        ``ended`` (the game ended; the file records no result to compare)."""
        if self.failure is not None:
            return "diverges"
        if self.game.finished:
            if self.recorded_finished:
                return "matches" if self.matches_recorded else "differs"
            return "ended"
        return "differs" if self.recorded_finished else "unfinished"


class NoSuchPosition(ValueError):
    """A position asked for by an action id the game file does not play."""


def check_position(game_file: GameFile, action_id: Any) -> None:
    """Raise :class:`NoSuchPosition` unless ``action_id`` is one of the actions the
    game file plays (not undone, not a chat message)."""
    try:
        effective = game_file.effective()
    except GameError:
        return  # the replay reports the broken undo or redo
    played = {a.get("id") for a in effective if not a.get("auto") and a.get("type") != "message"}
    if action_id in played:
        return
    listed = {a.get("id"): a for a in game_file.actions if isinstance(a, dict)}
    if action_id in listed:
        kind = listed[action_id].get("type")
        why = "is a chat message" if kind == "message" else f"({kind}) was undone"
        raise NoSuchPosition(f"action {action_id} {why}; it is not a position of the game")
    ids = sorted(i for i in played if isinstance(i, int))
    span = f" (its ids run from {ids[0]} to {ids[-1]})" if ids else ""
    raise NoSuchPosition(f"the game has no action {action_id}{span}")


def replay(
    game_file: GameFile,
    title: Title | None = None,
    *,
    stop_after: Any = None,
    check: Callable[[Game, dict[str, Any]], list[str]] | None = None,
) -> Replay:
    """Replay a game file, stopping after action ``stop_after`` if given; ``check`` is
    called after every action and returns problems found (invariants)."""
    title = title or title_for(game_file)
    game = new_game(game_file, title)
    start = time.perf_counter()
    count = 0
    outcome = Replay(
        game, 0, 0.0, recorded_result=game_file.result, recorded_reason=game_file.game_end_reason
    )
    try:
        actions = effective_actions(game_file.actions)
    except GameError as error:
        outcome.failure = error
        outcome.failed_action = next((a for a in game_file.actions if a.get("id") == error.action_id), None)
        actions = []
    for action in actions:
        group = with_auto_actions([action])
        for k, member in enumerate(group):
            try:
                taken = recorded(game, game_file, member)
                game.process(taken, fields_checked=game_file.checked and taken is member)
            except GameError as error:
                outcome.failure = error
                outcome.failed_action = member
                if k or isinstance(error, HookFailed):  # an action and its auto actions are one
                    outcome.game = _replayed(game_file, title, outcome.taken)
                break
            count += 1
            outcome.taken.append(taken)
            if check is not None:
                outcome.checks.extend(f"action {action.get('id')}: {p}" for p in check(game, member))
        if outcome.failure is not None:
            break
        if stop_after is not None and action.get("id") == stop_after:
            break
    outcome.actions = count
    outcome.seconds = time.perf_counter() - start
    return outcome


ENTITY_TYPES = ("player", "corporation", "company", "minor")
"""The kinds of entity an 18xx.games action names in ``entity_type``."""


def recorded(game: Game, game_file: GameFile, action: dict[str, Any]) -> dict[str, Any]:
    """A recorded action as the engine takes it, or :class:`GameError` (naming the
    action) for what 18xx.games would not load: an entity it cannot resolve, an
    action after the end. A ``run_routes`` whose routes lack ``connections`` comes
    back with them rebuilt from the hexes."""
    kind = action.get("type")
    if kind in ("message", "log"):
        return action
    problem = entity_problem(game, game_file.players, action)
    if problem is None and game.finished:
        problem = ("game over", f"a {kind} after the game has ended")
    if problem is not None:
        raise GameError(*problem).at(action.get("id"))
    if kind == "run_routes" and not all(
        isinstance(r, dict) and r.get("connections") for r in action.get("routes") or []
    ):
        return with_rebuilt_routes(game, action)
    return action


def entity_problem(game: Game, players: list[Player], action: dict[str, Any]) -> tuple[str, str] | None:
    """Why 18xx.games would not find the acting entity of ``action`` (rule, message),
    or ``None``. A programmed action only needs not to name something other than a
    player (18xx.games takes an unknown one for a guest player)."""
    kind, entity, etype = action.get("type"), action.get("entity"), action.get("entity_type")
    found = resolves(game, players, etype, entity)
    if kind in PROGRAMS:
        return ("entity", f"a {kind} is a player's action") if found and etype != "player" else None
    if found:
        return None
    if etype is None:
        return ("entity", f"the {kind} has no entity_type, so 18xx.games cannot tell whose action it is")
    if etype not in ENTITY_TYPES:
        return ("entity", f"the {kind} has the entity_type {etype!r}; it is one of {', '.join(ENTITY_TYPES)}")
    message = f"the {kind} is by the {etype} {entity!r}, which the game does not have"
    if etype == "player":
        ids = ", ".join(repr(p.id) for p in players)
        message += f" (its players are {ids}; 18xx.games compares ids exactly: a number is not its text)"
    return ("entity", message)


def resolves(game: Game, players: list[Player], etype: Any, entity: Any) -> bool | None:
    """Whether ``entity`` is the game's ``etype`` of that id, as 18xx.games looks it up
    (``None`` when it names no kind of entity at all)."""
    if etype not in ENTITY_TYPES:
        return None
    if etype == "player":
        return any(type(p.id) is type(entity) and p.id == entity for p in players)
    if not isinstance(entity, str):
        return False
    tables: dict[str, Mapping[str, object]] = {
        "corporation": game.corporations,
        "company": game.companies,
        "minor": game.minors,
    }
    return entity in tables[etype]


def with_rebuilt_routes(game: Game, action: dict[str, Any]) -> dict[str, Any]:
    """``action`` with each route recorded without ``connections`` rebuilt from its
    hexes; unchanged when a train is not the company's (the running step says so)."""
    entity = str(action.get("entity"))
    routes = [r for r in action.get("routes") or [] if isinstance(r, dict)]
    trains = [game.trains.get(str(r.get("train"))) for r in routes]
    if len(routes) != len(action.get("routes") or []) or any(t is None or t.owner != entity for t in trains):
        return action
    runners = {t.id: operating.runner(game, t) for t in trains if t is not None}
    try:
        rebuilt = complete_routes(game.track_board, entity, routes, lambda train: runners[train])
    except IllegalRoute as exc:
        raise GameError(exc.rule, str(exc).rsplit(" (", 1)[0]).at(action.get("id")) from None
    return {**action, "routes": rebuilt}
