"""Benchmark: the exact route search on every recorded position of the bundled titles' games.

Run as ``python benchmarks/routes.py``. For every ``run_routes`` action of every real
game of every bundled title (each title folder's ``games/*.json``; a title folder with
games is picked up as it appears; ``--title NAME``, repeatable, keeps only those) it
replays the game to that position (:mod:`framework.record.positions`), runs
:func:`framework.board.optimal.best_routes` for the corporation's trains and prints the
title, the game, the action id, the corporation, its trains, the revenue the players
recorded (what the routes earn where an older export records none), the best revenue
(``+`` where it beats the players), whether it is proven optimal, and the seconds the
search took (the replay is not timed, and the garbage it leaves is collected before the
search).

Then, per title and for all of them: the games, the positions, the total, median and
maximum seconds, how many are proven optimal, how many took over ``--slow`` seconds
(0.1 by default) and how many best totals beat the players'; and every position that is
slow or not proven, by title, game and action. ``--quiet`` prints only those figures.

``--stress`` adds harder, made-up positions: on each game's final board, every
corporation with a station runs two or three trains at once (E+E, E+6, D+D, 5+5+5).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.board.optimal import Optimum, best_routes
from framework.board.routes import Runner
from framework.record.gamefile import GameFile
from framework.record.positions import Position, run_positions
from framework.record.replay import title_for
from framework.title.paths import bundled_titles


@dataclasses.dataclass(frozen=True)
class Searched:
    """One searched position: where it is and what the search answered."""

    title: str
    game: str
    action: object
    corporation: str
    trains: str
    """The trains run, by id (or the made-up set's name)."""
    recorded: int | None
    answer: Optimum


def title_games(names: list[str] | None = None) -> dict[str, list[Path]]:
    """The real games of each bundled title that has any (``{title: [game file]}``), in
    name order; only the titles ``names`` when given (an unknown name is an error)."""
    root = bundled_titles()
    folders = {p.name: p for p in sorted(root.iterdir()) if (p / "title.yaml").is_file()} if root else {}
    if names:
        unknown = [n for n in names if n not in folders]
        if unknown:
            raise SystemExit(f"no bundled title {', '.join(unknown)} (there are {', '.join(folders)})")
        folders = {n: folders[n] for n in names}
    found = {name: sorted((folder / "games").glob("*.json")) for name, folder in folders.items()}
    return {name: paths for name, paths in found.items() if paths}


def all_positions(folder: Path, paths: list[Path], *, snapshot: bool) -> Iterator[Position]:
    """Every ``run_routes`` position of the games ``paths``, played with the title folder
    ``folder`` (and each game's own optional and house rules)."""
    for path in paths:
        try:
            record = GameFile.read(path)
            title = title_for(record, folder)
            if not title.trains:  # a title whose operating layer runs no trains
                continue
            yield from run_positions(record, title, name=path.stem, snapshot=snapshot)
        except (GameError, ProblemsError) as exc:  # said, and the other games go on
            print(f"{folder.name} {path.name}: the replay fails, its later positions are left out: {exc}")


HEADER = (
    f"{'title':<8} {'game':<24} {'action':>6} {'corp':<5} {'trains':<16} {'recorded':>9} "
    f"{'best':>6}  {'proven':<6} {'seconds':>8} {'states':>7}"
)


def row(found: Searched) -> str:
    """A position's line of the table under :data:`HEADER`."""
    answer = found.answer
    better = "+" if found.recorded is not None and answer.total > found.recorded else " "
    recorded = "" if found.recorded is None else str(found.recorded)
    return (
        f"{found.title:<8} {found.game:<24} {found.action!s:>6} {found.corporation:<5} {found.trains:<16} "
        f"{recorded:>9} {answer.total:>6}{better} {'yes' if answer.proven else 'NO':<6} "
        f"{answer.seconds:>8.4f} {answer.states:>7}"
    )


def recorded(
    title: str, folder: Path, paths: list[Path], time_limit: float | None, *, quiet: bool, keep_last: bool
) -> tuple[list[Searched], dict[str, Position]]:
    """Search every recorded position of a title's games; also the last position of each
    game (for :func:`stress`, when ``keep_last``)."""
    searched: list[Searched] = []
    last: dict[str, Position] = {}
    for position in all_positions(folder, paths, snapshot=keep_last):
        gc.collect()  # the replay's garbage is not the search's: no collection pause charged to it
        answer = best_routes(position.board, position.trains, time_limit=time_limit)
        trains = ",".join(train for train, _ in position.trains)
        found = Searched(
            title,
            position.game,
            position.action,
            position.corporation,
            trains,
            position.recorded_total,
            answer,
        )
        searched.append(found)
        if keep_last:
            last[position.game] = position
        if not quiet:
            print(row(found))
    return searched, last


STRESS = {
    "E+E": [("D-8", None, 2, True), ("D-9", None, 2, True)],
    "E+6": [("D-8", None, 2, True), ("6-8", 6, 1, False)],
    "D+D": [("D-8", None, 1, False), ("D-9", None, 1, False)],
    "5+5+5": [("5-7", 5, 1, False), ("5-8", 5, 1, False), ("5-9", 5, 1, False)],
}
"""Made-up train sets: ``(train id, distance, multiplier, passes the state railway's
tokens)`` (18SJ's E trains pass SJ's stations)."""

STATE_RAILWAY = "SJ"
"""The corporation whose stations the E trains of :data:`STRESS` pass (18SJ's)."""


def stress(title: str, last: dict[str, Position], time_limit: float | None, *, quiet: bool) -> list[Searched]:
    """Search the made-up train sets of :data:`STRESS` for every corporation with a
    station on each game's final board."""
    searched = []
    for game, position in last.items():
        base = position.trains[0][1]
        owners = sorted({o for slots in position.board.tokens.values() for o in slots if o})
        for corp in (o for o in owners if o != STATE_RAILWAY):
            bonuses = dataclasses.replace(base.bonuses, tokens={}, marker=None)
            for name, spec in STRESS.items():
                trains = [
                    (train, Runner(corp, base.colors, distance, mult, passes, bonuses))
                    for train, distance, mult, sj in spec
                    for passes in [frozenset({STATE_RAILWAY}) if sj else frozenset()]
                ]
                gc.collect()
                answer = best_routes(position.board, trains, time_limit=time_limit)
                found = Searched(title, game, "final", corp, name, None, answer)
                searched.append(found)
                if not quiet:
                    print(row(found))
    return searched


SUMMARY = (
    f"{'title':<10} {'games':>5} {'positions':>9} {'total s':>8} {'median s':>9} {'max s':>8} "
    f"{'proven':>7} {'over':>5} {'beaten':>6}"
)
"""The summary's header: ``over`` counts positions slower than the threshold, ``beaten``
those whose best total beats the players' recorded one."""


def summary_line(name: str, games: int, searched: list[Searched], slow: float) -> str:
    """A line of the summary table under :data:`SUMMARY`."""
    seconds = [s.answer.seconds for s in searched] or [0.0]
    proven = sum(1 for s in searched if s.answer.proven)
    over = sum(1 for s in searched if s.answer.seconds > slow)
    beaten = sum(1 for s in searched if s.recorded is not None and s.answer.total > s.recorded)
    return (
        f"{name:<10} {games:>5} {len(searched):>9} {sum(seconds):>8.3f} "
        f"{statistics.median(seconds):>9.4f} {max(seconds):>8.4f} {proven:>7} {over:>5} {beaten:>6}"
    )


def report(heading: str, by_title: dict[str, tuple[int, list[Searched]]], slow: float) -> None:
    """Print the summary of ``{title: (games, searched)}``, a total line, and every
    position that is slower than ``slow`` or not proven."""
    print(f"\n{heading} (over: more than {slow:g} s)")
    print(SUMMARY)
    for name, (games, searched) in by_title.items():
        print(summary_line(name, games, searched, slow))
    everything = [s for _, searched in by_title.values() for s in searched]
    print(summary_line("all", sum(games for games, _ in by_title.values()), everything, slow))
    odd = [s for s in everything if s.answer.seconds > slow or not s.answer.proven]
    for s in odd:
        print(
            f"  {s.title} {s.game} action {s.action} {s.corporation} {s.trains}: {s.answer.seconds:.3f} s, "
            f"{'proven' if s.answer.proven else f'NOT proven (bound {s.answer.bound})'}, "
            f"{s.answer.states} states"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stress", action="store_true", help="add made-up multi-train positions")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per position")
    parser.add_argument(
        "--title",
        action="append",
        help="a bundled title whose games/ are searched (repeatable; all titles with games by default)",
    )
    parser.add_argument("--slow", type=float, default=0.1, help="seconds that make a position slow")
    parser.add_argument("--quiet", action="store_true", help="print only the summaries")
    args = parser.parse_args()
    root = bundled_titles()
    chosen = title_games(args.title)
    if not args.quiet:
        print(HEADER)
    found: dict[str, tuple[int, list[Searched]]] = {}
    made_up: dict[str, tuple[int, list[Searched]]] = {}
    for name, paths in chosen.items():
        searched, last = recorded(
            name, root / name, paths, args.time_limit, quiet=args.quiet, keep_last=args.stress
        )
        if not searched:  # no trains, so no run_routes
            print(f"{name}: {len(paths)} games, no run_routes positions")
            continue
        found[name] = (len(paths), searched)
        if args.stress:
            made_up[name] = (len(last), stress(name, last, args.time_limit, quiet=args.quiet))
    report("recorded positions", found, args.slow)
    if args.stress:
        report("made-up positions", made_up, args.slow)


if __name__ == "__main__":
    main()
