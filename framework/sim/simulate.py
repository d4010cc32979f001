"""Many bot games at once, and what they say about a rule set.

:func:`play_one` plays one seeded game and returns a :class:`GameSummary` of plain
data; :func:`run_games` plays many in worker processes (or on a Dask cluster),
yielding summaries as they finish; :func:`report` turns summaries into
statistics — end reasons, length, scores, seat advantage, how corporations
fare, when the bank breaks; :func:`compare` sets two reports side by side with
95% confidence intervals for the differences.

A game that fails — an exception, a refused bot action, a broken invariant —
is a summary with its ``failure`` and the path of the saved game file, never a
silent gap in the totals.
"""

from __future__ import annotations

import math
import os
import socket
import statistics
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from framework.base.atomic import write_json
from framework.record.extension import reports_of
from framework.record.replay import game_title
from framework.title.loader import RulesText
from framework.title.model import Title

if TYPE_CHECKING:
    from framework.record.session import Session


@dataclass(frozen=True)
class Task:
    """One game to play."""

    title: str
    players: int
    seed: int
    bot: str = "heuristic"
    rules: tuple[RulesText, ...] = ()
    variants: tuple[str, ...] = ()
    """Optional rules (the title's variants, by id), saved with each game."""
    check: bool = True
    max_actions: int | None = 20000
    failures: str | None = None
    """Folder to save the game file of a failed game in."""


@dataclass
class GameSummary:
    """What one game came to, as plain data."""

    seed: int
    players: int
    finished: bool = False
    end_reason: str | None = None
    actions: int = 0
    seconds: float = 0.0
    stock_rounds: int = 0
    operating_rounds: int = 0
    scores: list[int] = field(default_factory=list)
    """By seat."""
    winner: int | None = None
    """The winner's seat (0-based): the first of the result (ties by ``game_end.tie_break``,
    then the first seat)."""
    floated: list[str] = field(default_factory=list)
    nationalised: list[str] = field(default_factory=list)
    winner_holds: list[str] = field(default_factory=list)
    """Corporations the winner holds shares of at the end."""
    bank_broke_in: str | None = None
    failure: str | None = None
    saved: str | None = None
    worker: int = 0
    """The process that played it."""
    rss_mb: float = 0.0
    """The worker's resident memory after the game, in MB."""
    layer: dict[str, float] = field(default_factory=dict)
    """The figures of the title's own layer (:meth:`framework.record.extension.LayerReports.figures`:
    18Steam's goods delivered, links…); empty for most titles."""
    operating_layer: bool = True
    """Whether the title plays 18xx operating rounds (whose figures the report gives)."""


@lru_cache(maxsize=8)
def _title(folder: str, players: int, rules: tuple[RulesText, ...], variants: tuple[str, ...] = ()) -> Title:
    """Titles are loaded once per worker process: every game of a run plays the same."""
    return game_title(folder, players, variants, rules)


def play_one(task: Task) -> GameSummary:
    """Play one game; never raises (a failure is recorded in the summary)."""
    from framework.bots import make_bot
    from framework.bots.play import new_session, play

    summary = GameSummary(task.seed, task.players, worker=os.getpid())
    session = None
    try:
        title = _title(task.title, task.players, task.rules, task.variants)
        session = new_session(
            task.title,
            task.players,
            task.seed,
            rules=task.rules,
            optional_rules=task.variants,
            title=title,
        )
        outcome = play(
            session, make_bot(task.bot), seed=task.seed, max_actions=task.max_actions, check=task.check
        )
    except Exception as exc:  # a failed game is data, not a crash of the whole run
        summary.failure = f"{type(exc).__name__}: {exc}"
        if session is not None:
            summary.actions = len(session.actions)
            summary.saved = _save(session, task, traceback.format_exc())
        return summary
    game = session.game
    summary.finished = outcome.finished
    summary.end_reason = outcome.end_reason
    summary.actions = outcome.actions
    summary.seconds = outcome.seconds
    summary.stock_rounds = game.round_number
    summary.operating_rounds = sum(1 for c in game.checkpoints if c["round"].startswith("OR"))
    values = game.result() if game.finished else {}
    seats = [p.id for p in game.humans]
    summary.scores = [values.get(p, 0) for p in seats]
    summary.floated = sorted(s for s, c in game.corporations.items() if c.floated and not c.bot)
    summary.nationalised = list(game.nationalised)
    summary.bank_broke_in = game.bank_broke_in
    summary.rss_mb = resident_mb()
    summary.layer = reports_of(game.title).figures(game)
    summary.operating_layer = game.title.plays_operating_rounds
    if game.finished:
        winner = next(iter(values))  # the result ranks ties (game_end.tie_break, then seats)
        summary.winner = seats.index(winner)
        summary.winner_holds = sorted(s for s, c in game.corporations.items() if c.percent_of(winner))
    else:
        summary.failure = f"no end after {outcome.actions} actions"
        summary.saved = _save(session, task, "")
    return summary


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux; elsewhere its peak)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    except (OSError, ValueError, IndexError):
        import resource

        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _save(session: Session, task: Task, trace: str) -> str | None:
    """Write a failed game's file (and the traceback beside it) for replaying."""
    folder = Path(task.failures or tempfile.gettempdir())
    path = folder / f"failed-{task.players}p-seed-{task.seed}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_json(path, session.to_json())
        if trace:
            path.with_suffix(".txt").write_text(trace, encoding="utf-8")
    except Exception:  # saving must not hide the failure itself
        return None
    return str(path)


def run_games(tasks: Sequence[Task], workers: int = 1, scheduler: str | None = None) -> Iterator[GameSummary]:
    """Play ``tasks``, yielding each summary as its game ends: in this process
    (``workers`` 1), in a pool of worker processes, or on the Dask cluster at
    ``scheduler`` (``pip install 'rails18xx[dask]'``)."""
    if scheduler is not None:
        yield from _on_dask(tasks, scheduler)
    elif workers <= 1:
        for task in tasks:
            yield play_one(task)
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(workers) as pool:
            yield from pool.imap_unordered(play_one, tasks, chunksize=1)


class SchedulerError(RuntimeError):
    """The Dask scheduler cannot be used: not installed, or not reachable."""


def _refused_at_once(scheduler: str) -> None:
    """Raise :class:`OSError` when a ``tcp://host:port`` scheduler's port refuses a
    connection (nothing listens there), rather than let Dask try again for its timeout."""
    parsed = urlsplit(scheduler)
    if parsed.scheme == "tcp" and parsed.hostname and parsed.port:
        socket.create_connection((parsed.hostname, parsed.port), timeout=10).close()


def _on_dask(tasks: Sequence[Task], scheduler: str) -> Iterator[GameSummary]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise SchedulerError(
            "--scheduler needs Dask's distributed scheduler: pip install 'rails18xx[dask]'"
        ) from None
    try:
        _refused_at_once(scheduler)
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
    with client:
        futures = client.map(play_one, list(tasks), pure=False)
        for future in as_completed(futures):
            yield future.result()


# -- statistics ------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean_interval([1, 2, 3, 4])
    {'mean': 2.5, 'ci95': 1.265}
    """
    if not values:
        return {"mean": 0.0, "ci95": 0.0}
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": round(1.96 * spread / math.sqrt(len(values)), 3)}


def rate_interval(hits: int, total: int) -> dict[str, float]:
    """A proportion and the half-width of its 95% confidence interval."""
    if total == 0:
        return {"rate": 0.0, "ci95": 0.0}
    p = hits / total
    return {"rate": round(p, 4), "ci95": round(1.96 * math.sqrt(p * (1 - p) / total), 4)}


def report(summaries: Sequence[GameSummary]) -> dict[str, Any]:
    """Statistics over finished games, with every failure listed."""
    done = [s for s in summaries if s.failure is None]
    failures = [
        {"seed": s.seed, "failure": s.failure, "saved": s.saved} for s in summaries if s.failure is not None
    ]
    corporations = sorted({c for s in done for c in [*s.floated, *s.nationalised, *s.winner_holds]})
    seats = max((s.players for s in done), default=0)
    winners = Counter(s.winner for s in done)
    spreads = [max(s.scores) - min(s.scores) for s in done if s.scores]
    ranks = {
        corp: {
            "floats": rate_interval(sum(corp in s.floated for s in done), len(done)),
            "nationalised": rate_interval(sum(corp in s.nationalised for s in done), len(done)),
            "held_by_winner": rate_interval(sum(corp in s.winner_holds for s in done), len(done)),
        }
        for corp in corporations
    }
    out = {
        "games": len(summaries),
        "finished": len(done),
        "failures": failures,
        "end_reasons": dict(Counter(s.end_reason for s in done).most_common()),
        "actions": mean_interval([s.actions for s in done]),
        "stock_rounds": mean_interval([s.stock_rounds for s in done]),
        "operating_rounds": mean_interval([s.operating_rounds for s in done]),
        "winner_score": mean_interval([max(s.scores) for s in done if s.scores]),
        "score_spread": mean_interval(spreads),
        "seat_wins": {str(seat + 1): rate_interval(winners.get(seat, 0), len(done)) for seat in range(seats)},
        "bank_breaks_in": dict(Counter(s.bank_broke_in for s in done if s.bank_broke_in).most_common()),
        "corporations": ranks,
        "seconds_per_game": mean_interval([s.seconds for s in done]),
    }
    layer = [s.layer for s in done if s.layer]
    if layer:  # the title's own layer: each of its figures, over the games
        names = list(dict.fromkeys(name for figures in layer for name in figures))
        out["layer"] = {name: mean_interval([f[name] for f in layer if name in f]) for name in names}
    if done and not any(s.operating_layer for s in done):  # no 18xx operating rounds to report
        del out["operating_rounds"], out["bank_breaks_in"]
        for figures in ranks.values():
            del figures["nationalised"]
    return out


def compare(base: Sequence[GameSummary], other: Sequence[GameSummary]) -> dict[str, Any]:
    """Differences (other − base) of the main figures, each with a 95% confidence
    interval; the games are paired by seed where both finished."""
    paired = {s.seed: s for s in base if s.failure is None}
    pairs = [(paired[s.seed], s) for s in other if s.failure is None and s.seed in paired]

    def diff(measure: Callable[..., float]) -> dict[str, float]:  # of a GameSummary
        return mean_interval([measure(o) - measure(b) for b, o in pairs])

    out: dict[str, Any] = {
        "paired_games": len(pairs),
        "actions": diff(lambda s: s.actions),
        "operating_rounds": diff(lambda s: s.operating_rounds),
        "winner_score": diff(lambda s: max(s.scores)),
        "score_spread": diff(lambda s: max(s.scores) - min(s.scores)),
    }
    reasons = sorted({s.end_reason for pair in pairs for s in pair if s.end_reason})
    out["end_reasons"] = {r: diff(lambda s, r=r: float(s.end_reason == r)) for r in reasons}
    return out


def summaries_to_json(summaries: Sequence[GameSummary]) -> list[dict[str, Any]]:
    return [asdict(s) for s in summaries]
