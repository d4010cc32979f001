"""The 18Steam economy the heuristic bot makes: goods figures over many games.

Plays four-player 18Steam games with the heuristic bot, as ``18xx simulate
titles/18Steam --games 100 --players 4`` does (the same seeds, 1, 2, …), and prints
each goods figure of the title's layer (``titles/18Steam/hooks/figures.py``: mean and
the half-width of its 95% interval) beside its target, pass or fail, and the time taken.

    python benchmarks/steam_economy.py [--games 100] [--workers 1] [--seed 1]

Targets (issue 14): at least 30 goods delivered and 12 complete links per game;
under 25% of laid track (track segments) left as stubs; a final dividend above 0
paid by at least half of the corporations started; at least 20% of share purchases
after the first turn. Exits 1 when a target is missed or a game fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework.sim.simulate import Task, report, run_games

TITLE = str(Path(__file__).resolve().parents[1] / "titles" / "18Steam")

TARGETS = {
    "goods_delivered": (">=", 30.0),
    "links": (">=", 12.0),
    "stub_share": ("<", 0.25),
    "final_dividend_share": (">=", 0.5),
    "late_purchase_share": (">=", 0.2),
}
"""Figure → (comparison, target) for the mean over the games."""


def meets(mean: float, comparison: str, target: float) -> bool:
    return mean >= target if comparison == ">=" else mean < target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    args = parser.parse_args()
    tasks = [Task(TITLE, 4, seed) for seed in range(args.seed, args.seed + args.games)]
    start = time.perf_counter()
    summaries = list(run_games(tasks, args.workers))
    seconds = time.perf_counter() - start
    rep = report(summaries)
    print(f"18Steam, 4 players, heuristic bot: {rep['finished']} of {rep['games']} games in {seconds:.1f} s")
    ok = not rep["failures"]
    for failure in rep["failures"]:
        print(f"  FAILED seed {failure['seed']}: {failure['failure']}")
    for name, item in rep.get("layer", {}).items():
        line = f"  {name:<22} {item['mean']:8.3f} ± {item['ci95']:.3f}"
        if name in TARGETS:
            comparison, target = TARGETS[name]
            passed = meets(item["mean"], comparison, target)
            ok &= passed
            line += f"   target {comparison} {target:g}: {'pass' if passed else 'FAIL'}"
        print(line)
    if "layer" not in rep:
        print("  no goods figures (no game finished)")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
