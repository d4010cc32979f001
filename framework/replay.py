"""Replaying 18xx.games game files.

:func:`replay` builds the game a file describes — the title named in the file
(with its optional rules, and the variants that apply to the player count),
the players in seat order, the seed — and processes the effective actions one
by one. Every recorded route is rebuilt and valued, so a file whose revenues
do not add up fails here even though 18xx.games would accept it.
For example ``replay(GameFile.read("titles/18SJ/games/166116.json")).matches_recorded``
is true: the game ends by the bank breaking with the recorded scores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from framework.engine.errors import GameError
from framework.engine.game import Game
from framework.gamefile import GameFile
from framework.title.loader import RulesText, load_title
from framework.title.model import Title

TITLES = Path(__file__).resolve().parent.parent / "titles"


def title_for(game_file: GameFile, folder: Path | None = None) -> Title:
    """The title a game file plays, with its optional rules, automatic variants and
    house rules."""
    rules = [
        RulesText(str(r.get("name", "house rules")), str(r.get("yaml", ""))) for r in game_file.house_rules
    ]
    return game_title(
        folder or TITLES / game_file.title, len(game_file.players), game_file.optional_rules, rules
    )


def game_title(
    folder: Path | str,
    players: int,
    optional_rules: Sequence[str] = (),
    rules: Sequence[Path | str | RulesText] = (),
) -> Title:
    """A title as a game of ``players`` plays it: the chosen optional rules (variants),
    the variants that apply by themselves to that many players, then house rules."""
    base = load_title(folder)
    variants = variants_for(base, players, optional_rules)
    return load_title(folder, rules, variants) if variants or rules else base


def variants_for(base: Title, players: int, optional_rules: Sequence[str] = ()) -> list[str]:
    """The variants a game plays: the optional rules chosen, then those that apply by
    themselves to ``players`` players."""
    variants = [v for v in optional_rules if v in base.variants]
    variants += [
        name
        for name, v in base.variants.items()
        if v.automatic and v.players and players in v.players and name not in variants
    ]
    return variants


def new_game(game_file: GameFile, title: Title) -> Game:
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

    @property
    def result(self) -> dict[str, int]:
        return self.game.result()

    @property
    def matches_recorded(self) -> bool:
        if self.failure is not None or not self.game.finished:
            return False
        recorded = {str(k): v for k, v in (self.recorded_result or {}).items()}
        return recorded == self.result and self.recorded_reason == self.game.end_reason


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
    for action in game_file.effective():
        try:
            game.process(action)
        except GameError as error:
            outcome.failure = error
            outcome.failed_action = action
            break
        count += 1
        if check is not None:
            outcome.checks.extend(f"action {action.get('id')}: {p}" for p in check(game, action))
        if stop_after is not None and action.get("id") == stop_after and not action.get("auto"):
            break
    outcome.actions = count
    outcome.seconds = time.perf_counter() - start
    return outcome
