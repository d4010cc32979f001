"""Whole games played by bots.

:func:`new_session` sets a game up from a title folder — the variants that
apply to the player count, optional rules, house-rule overlays — and
:func:`play` lets a bot take every decision until the game ends (or a move
limit), checking, when asked, the invariants after every action. Every action
a bot proposes must be legal: one the engine refuses is a :class:`BotError`,
never silently skipped. A game stuck as 18xx.games gets stuck (nobody can act, the
round not over: ``Round.stuck``) is ended by the player in turn (``end_game``). The
session then holds the game in 18xx.games' JSON format
(:meth:`~framework.record.session.Session.to_json`), which ``18xx replay`` reproduces
exactly.

>>> from framework.bots import make_bot
>>> session = new_session("titles/18SJ", players=4, seed=7)
>>> outcome = play(session, make_bot("random"), seed=7, max_actions=50)
>>> outcome.actions, outcome.finished
(50, False)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from framework.base import yamlsource
from framework.base.errors import GameError
from framework.bots.base import Bot, prudent
from framework.engine.choices import legal_actions
from framework.engine.invariants import broken_invariants
from framework.engine.seating import player_ids
from framework.record.replay import game_title
from framework.record.session import Session
from framework.title.files import display_path
from framework.title.hooks import HookFailed
from framework.title.loader import RulesText
from framework.title.model import Title


class BotError(RuntimeError):
    """A bot proposed an action the engine refused, or the game broke an invariant."""

    def __init__(self, message: str, action: dict[str, Any] | None = None):
        super().__init__(message)
        self.action = action


@dataclass
class Outcome:
    """How a played game went."""

    session: Session
    actions: int
    seconds: float
    finished: bool
    end_reason: str | None
    result: dict[str, int] = field(default_factory=dict)
    """Player id → score (when finished)."""


def read_rules(paths: Sequence[Path | str]) -> list[RulesText]:
    """House-rule overlay files, read so that a game file can carry them (no more than
    the YAML size limit is read; a file over it is a :class:`ProblemsError`)."""
    return [RulesText(Path(p).name, yamlsource.read_text(p, display_path(Path(p)))) for p in paths]


def new_session(
    title_path: Path | str,
    players: int,
    seed: int,
    *,
    rules: Sequence[RulesText] = (),
    optional_rules: Sequence[str] = (),
    title: Title | None = None,
) -> Session:
    """A new game of ``players`` seated players (ids 1…N but names of the title's
    entities, :func:`~framework.engine.seating.player_ids`; "Player 1"…) on a title
    folder, with its optional rules and house rules (pass ``title`` when it is already
    loaded with them)."""
    title = title or game_title(title_path, players, optional_rules, rules)
    seats = [(pid, f"Player {i}") for i, pid in enumerate(player_ids(title, players), 1)]
    return Session(
        title,
        seats,
        seed,
        optional_rules=list(optional_rules),
        house_rules=[{"name": r.name, "yaml": r.text} for r in rules],
        game_id=f"{title.title.name}-{seed}",
    )


def steps(
    session: Session,
    bot: Bot,
    *,
    seed: int,
    max_actions: int | None = None,
    check: bool = False,
) -> Iterator[Session]:
    """The bot's actions one at a time: the session after each, until the game ends (or
    ``max_actions`` actions). Two games can so be played side by side, and left as
    soon as they differ. ``check`` and the errors are :func:`play`'s."""
    rng = random.Random(seed)
    count = 0
    while not session.game.finished and (max_actions is None or count < max_actions):
        game = session.game  # an action taken with auto actions leaves a new game object
        options = legal_actions(game)
        if not options and game.current_round.stuck():
            action: dict[str, Any] = {"type": "end_game", "entity": game.current_round.current_entity()}
        elif not options:
            raise BotError(f"nobody can act in {game.round_label()} but the game is not over")
        else:
            action = bot.act(game, prudent(game, options), rng)
        try:
            session.act(action)
        except HookFailed as exc:  # the title's code failed, not the bot
            raise BotError(f"the game cannot go on: {exc}", action) from None
        except GameError as exc:
            raise BotError(f"the {bot.name} bot proposed an illegal action: {exc}", action) from None
        count += 1
        if check:
            broken = broken_invariants(session.game)
            if broken:
                raise BotError(f"action {session.actions[-1]['id']}: {'; '.join(broken)}", action)
        yield session


def play(
    session: Session,
    bot: Bot,
    *,
    seed: int,
    max_actions: int | None = None,
    check: bool = False,
    progress: Callable[[Session], None] | None = None,
) -> Outcome:
    """Let ``bot`` play the session's game to its end, or ``max_actions`` more actions.
    ``check`` tests the invariants after every action; ``progress`` is called after
    each one. Raises :class:`BotError` on a refused action or a broken invariant."""
    start = time.perf_counter()
    count = 0
    for _ in steps(session, bot, seed=seed, max_actions=max_actions, check=check):
        count += 1
        if progress is not None:
            progress(session)
    game = session.game
    return Outcome(
        session,
        count,
        time.perf_counter() - start,
        game.finished,
        game.end_reason,
        game.result() if game.finished else {},
    )
