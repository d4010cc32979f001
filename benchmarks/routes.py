"""Benchmark: the exact route search on every recorded position of a title's games.

Run as ``python benchmarks/routes.py``. For every ``run_routes`` action of the
shipped games of the title (``--title``, 18SJ by default) it replays the game to that position
(:mod:`framework.positions`), runs :func:`framework.board.optimal.best_routes`
for the corporation's trains and prints the game, the action id, the
corporation, its trains, the revenue the players recorded, the best revenue
(``+`` where it beats the players), whether it is proven optimal, and the
seconds the search took (the replay is not timed); then the totals, the median
and the maximum.

``--stress`` adds harder, made-up positions: on each game's final board, every
corporation with a station runs two trains at once (E+E, E+6, D+D, 5+5+5).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework.board.optimal import Optimum, best_routes
from framework.board.routes import Runner
from framework.gamefile import GameFile
from framework.positions import Position, run_positions

TITLES = Path(__file__).resolve().parents[1] / "titles"


def games(title: str) -> list[Path]:
    return sorted((TITLES / title / "games").glob("*.json"))


def all_positions(paths: list[Path]):
    for path in paths:
        yield from run_positions(GameFile.read(path), name=path.stem)


HEADER = (
    f"{'game':<24} {'action':>6} {'corp':<5} {'trains':<16} {'recorded':>9} "
    f"{'best':>6}  {'proven':<6} {'seconds':>8} {'states':>7}"
)


def row(game: str, action: object, corp: str, trains: str, recorded: str, answer: Optimum) -> str:
    better = "+" if recorded and answer.total > int(recorded) else " "
    return (
        f"{game:<24} {action!s:>6} {corp:<5} {trains:<16} {recorded:>9} {answer.total:>6}{better} "
        f"{'yes' if answer.proven else 'NO':<6} {answer.seconds:>8.4f} {answer.states:>7}"
    )


def summary(name: str, answers: list[Optimum]) -> None:
    seconds = [a.seconds for a in answers]
    unproven = sum(1 for a in answers if not a.proven)
    over = sum(1 for s in seconds if s > 1)
    print(
        f"\n{name}: {len(answers)} positions, total {sum(seconds):.3f} s, "
        f"median {statistics.median(seconds):.4f} s, max {max(seconds):.4f} s, "
        f"{over} over 1 s, {unproven} not proven"
    )


def recorded(paths: list[Path], time_limit: float | None) -> list[Optimum]:
    print(HEADER)
    answers = []
    for position in all_positions(paths):
        answer = best_routes(position.board, position.trains, time_limit=time_limit)
        answers.append(answer)
        trains = ",".join(train for train, _ in position.trains)
        print(
            row(
                position.game,
                position.action,
                position.corporation,
                trains,
                str(position.recorded_total),
                answer,
            )
        )
    return answers


STRESS = {
    "E+E": [("D-8", None, 2, True), ("D-9", None, 2, True)],
    "E+6": [("D-8", None, 2, True), ("6-8", 6, 1, False)],
    "D+D": [("D-8", None, 1, False), ("D-9", None, 1, False)],
    "5+5+5": [("5-7", 5, 1, False), ("5-8", 5, 1, False), ("5-9", 5, 1, False)],
}
"""Made-up train sets: ``(train id, distance, multiplier, passes SJ tokens)``."""


def stress(paths: list[Path], time_limit: float | None) -> list[Optimum]:
    last: dict[str, Position] = {}
    for position in all_positions(paths):
        last[position.game] = position
    print("\n" + HEADER)
    answers = []
    for game, position in last.items():
        base = position.trains[0][1]
        owners = sorted({o for slots in position.board.tokens.values() for o in slots if o})
        for corp in (o for o in owners if o != "SJ"):
            bonuses = dataclasses.replace(base.bonuses, tokens={}, marker=None)
            for name, spec in STRESS.items():
                trains = [
                    (train, Runner(corp, base.colors, distance, mult, passes, bonuses))
                    for train, distance, mult, sj in spec
                    for passes in [frozenset({"SJ"}) if sj else frozenset()]
                ]
                answer = best_routes(position.board, trains, time_limit=time_limit)
                answers.append(answer)
                print(row(game, "final", corp, name, "", answer))
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stress", action="store_true", help="add made-up two-train positions")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per position")
    parser.add_argument("--title", default="18SJ", help="the bundled title whose games/ are searched")
    args = parser.parse_args()
    paths = games(args.title)
    answers = recorded(paths, args.time_limit)
    summary("recorded positions", answers)
    if args.stress:
        summary("made-up positions", stress(paths, args.time_limit))


if __name__ == "__main__":
    main()
