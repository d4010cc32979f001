"""Replay speed: every real 18SJ game, with every check the engine makes.

Prints, per game, the effective actions, the seconds of a full replay (the best
of several runs) and the actions per second; then the totals. The replay
rebuilds and values every recorded route and checks every action; run with
``--invariants`` to also check money, shares, tiles and tokens after every
action.

    python benchmarks/replay.py [--runs 7] [--invariants]

Target on a 2-core machine (issue 25): at least 12,000 actions per second (the three
games together in about 0.14 s), with every check the engine makes. Measured on
2026-12-04, idle: about 13,000 (0.13 s), from 8,800 the day before (docs/measures.md).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from framework.engine.invariants import broken_invariants
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

TITLES = Path(__file__).resolve().parents[1] / "titles"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per game; the best and median are shown")
    parser.add_argument("--invariants", action="store_true", help="check invariants after every action")
    parser.add_argument("--title", default="18SJ", help="the bundled title whose games/ are replayed")
    args = parser.parse_args()
    check = (lambda game, _action: broken_invariants(game)) if args.invariants else None
    rows = []
    for path in sorted((TITLES / args.title / "games").glob("*.json")):
        record = GameFile.read(path)
        title = title_for(record)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            outcome = replay(record, title, check=check)
            times.append(time.perf_counter() - start)
            assert outcome.matches_recorded and not outcome.checks, path.name
        rows.append((path.name, outcome.actions, min(times), statistics.median(times)))
    print(f"{'game':32} {'actions':>8} {'best s':>8} {'median s':>9} {'actions/s':>10}")
    for name, actions, best, median in rows:
        print(f"{name:32} {actions:8d} {best:8.3f} {median:9.3f} {actions / best:10.0f}")
    actions = sum(r[1] for r in rows)
    best = sum(r[2] for r in rows)
    median = sum(r[3] for r in rows)
    print(f"{'all':32} {actions:8d} {best:8.3f} {median:9.3f} {actions / best:10.0f}")
    print(f"median over runs: {actions / median:.0f} actions/s; invariants checked: {args.invariants}")


if __name__ == "__main__":
    main()
