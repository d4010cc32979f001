"""Bot play speed: whole games, simulation throughput and a worker's memory.

Prints the average seconds per complete 4-player heuristic 18SJ game and per
random game (to its end or the move limit), the games per minute of
``simulate`` with 1 and 2 workers and their ratio, and the resident memory of
each worker over a long run (first game, then every tenth of the run, and the
most), to show that it stays small and does not grow.

    python benchmarks/play.py [--games 10] [--throughput-games 48] [--memory-games 1000]

Targets on a 2-core machine: a heuristic game under 2 s on average; 2 workers
at least 1.8 times the games per minute of 1; a worker under 300 MB that does
not grow over 1,000 games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.record.replay import game_title
from framework.sim.simulate import Task, run_games

TITLE = str(Path(__file__).resolve().parents[1] / "titles" / "18SJ")


def games_in_process(bot: str, games: int, max_actions: int | None) -> None:
    title = game_title(TITLE, 4)
    seconds, actions, finished = [], 0, 0
    for seed in range(1, games + 1):
        session = new_session(TITLE, 4, seed, title=title)
        outcome = play(session, make_bot(bot), seed=seed, max_actions=max_actions)
        seconds.append(outcome.seconds)
        actions += outcome.actions
        finished += outcome.finished
    print(
        f"{bot:>9} games: {games}, {finished} finished, mean {statistics.fmean(seconds):.3f} s, "
        f"max {max(seconds):.3f} s, {actions / sum(seconds):,.0f} actions/s"
    )


def throughput(workers: int, games: int) -> float:
    tasks = [Task(TITLE, 4, seed, check=False) for seed in range(1, games + 1)]
    start = time.perf_counter()
    done = list(run_games(tasks, workers))
    minutes = (time.perf_counter() - start) / 60
    assert all(s.failure is None for s in done), [s.failure for s in done if s.failure]
    rate = games / minutes
    print(f"simulate, {workers} worker{'s' if workers > 1 else ''}: {games} games, {rate:.1f} games/min")
    return rate


def memory(games: int) -> None:
    tasks = [Task(TITLE, 4, seed, check=False) for seed in range(1, games + 1)]
    by_worker: dict[int, list[float]] = defaultdict(list)
    for summary in run_games(tasks, 2):
        by_worker[summary.worker].append(summary.rss_mb)
    for worker, rss in sorted(by_worker.items()):
        marks = [rss[0]] + [rss[min(len(rss) - 1, len(rss) * k // 10)] for k in range(1, 10)] + [rss[-1]]
        tenth = max(1, len(rss) // 10)
        growth = statistics.fmean(rss[-tenth:]) - statistics.fmean(rss[:tenth])
        print(
            f"worker {worker}: {len(rss)} games; resident MB at each tenth: "
            f"{' '.join(f'{m:.0f}' for m in marks)}; most {max(rss):.0f} MB; "
            f"last tenth minus first tenth {growth:+.1f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per bot in one process")
    parser.add_argument("--random-limit", type=int, default=3000, help="move limit of a random game")
    parser.add_argument("--throughput-games", type=int, default=48, help="games per simulate run")
    parser.add_argument("--memory-games", type=int, default=1000, help="games of the memory run (0: skip)")
    args = parser.parse_args()
    games_in_process("heuristic", args.games, None)
    games_in_process("random", args.games, args.random_limit)
    one = throughput(1, args.throughput_games)
    two = throughput(2, args.throughput_games)
    print(f"2 workers / 1 worker: {two / one:.2f}")
    if args.memory_games:
        memory(args.memory_games)


if __name__ == "__main__":
    main()
