"""How much of 18xx.games' catalogue the engine plays: every title converted by
``18xx import``, every real game replayed with it (issue 26).

Converts every title of the engine in ``--source`` (default ``../shared/oracle/
reference``) into ``--out`` (a temporary folder by default), then replays every real
game in ``--fixtures`` (default ``../shared/fixtures``, one folder per title) with
the title the game names: the converted one, or the bundled folder for 1830, 1889,
18Chesapeake and 18SJ. Prints per title and in total: converted, validates, games
replayed to their recorded result, the actions replayed before the first
divergence (of all the games' actions), and a histogram of what stops each game
first. Each game is replayed in a process of its own, stopped after ``--timeout``
seconds.

    nice -n 15 python benchmarks/import.py [--workers 2] [--timeout 120] [--json FILE]

Figures of 2026-12-04 are in docs/measures.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from framework.convert.run import Outcome, import_titles  # noqa: E402

BUNDLED = {"1830", "1889", "18Chesapeake", "18SJ"}
PRODUCTION = {"production", "beta"}


def cause_of(verdict: str, failure: Any, action: dict[str, Any] | None, auction: bool = True) -> str:
    """A short name for what stopped a game first (``auction``: whether the title
    starts with an auction)."""
    if verdict == "differs":
        return "every action accepted, another result"
    if failure is None:
        return "unfinished"
    kind = (action or {}).get("type", "?")
    if kind in ("bid", "select_multiple_companies", "choose") and not auction:
        return f"{kind}: the title's own initial round (none here: GAPS.md)"
    rule = getattr(failure, "rule", "") or type(failure).__name__
    detail = str(getattr(failure, "detail", failure))
    if "no such action" in detail or "unknown action" in detail or "not an action" in detail:
        return f"action {kind}: unknown to the engine"
    return f"{kind}: {rule}"


def replay_one(path: str, folder: str, conn: Connection) -> None:
    """Replay one game file with a title folder; send the outcome through ``conn``."""
    from framework.base.errors import GameError
    from framework.base.problems import ProblemsError
    from framework.record.gamefile import GameFile
    from framework.record.replay import replay, title_for

    result: dict[str, Any] = {"actions": 0, "total": 0}
    try:
        record = GameFile.read(Path(path))
        result["total"] = sum(1 for a in record.effective() if a.get("type") != "message")
        title = title_for(record, Path(folder))
        outcome = replay(record, title)
        result["actions"] = outcome.actions
        result["verdict"] = outcome.verdict
        result["cause"] = (
            None
            if outcome.verdict == "matches"
            else cause_of(outcome.verdict, outcome.failure, outcome.failed_action, bool(title.sequence.start))
        )
    except ProblemsError as exc:
        text = str(exc.problems[0])
        rule = re.search(r"no optional rule '([^']+)'", text)
        result["verdict"] = "refused"
        result["cause"] = f"optional rule {rule.group(1)}" if rule else f"title refused: {text[:80]}"
    except GameError as exc:
        result["verdict"] = "refused"
        result["cause"] = f"setup: {exc.rule}"
    except Exception as exc:  # a measure: every failure is counted, none stops it
        result["verdict"] = "crash"
        result["cause"] = f"crash: {type(exc).__name__}"
    conn.send(result)
    conn.close()


def run_games(jobs: list[tuple[str, str]], workers: int, timeout: float) -> dict[str, dict[str, Any]]:
    """Replay each ``(game file, title folder)`` in a process of its own."""
    context = multiprocessing.get_context("fork")
    results: dict[str, dict[str, Any]] = {}
    pending = list(jobs)
    running: list[tuple[str, Any, Connection, float]] = []
    while pending or running:
        while pending and len(running) < workers:
            path, folder = pending.pop(0)
            reader, writer = context.Pipe(duplex=False)
            process = context.Process(target=replay_one, args=(path, folder, writer))
            process.start()
            writer.close()
            running.append((path, process, reader, time.monotonic()))
        for entry in list(running):
            path, process, reader, started = entry
            if reader.poll(0.05):
                try:
                    results[path] = reader.recv()
                except EOFError:
                    results[path] = {"verdict": "crash", "cause": "crash: the process died", "actions": 0}
            elif not process.is_alive():
                results[path] = {"verdict": "crash", "cause": "crash: the process died", "actions": 0}
            elif time.monotonic() - started > timeout:
                process.kill()
                results[path] = {"verdict": "timeout", "cause": f"slower than {timeout:.0f} s", "actions": 0}
            else:
                continue
            process.join()
            running.remove(entry)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "oracle" / "reference")
    parser.add_argument("--fixtures", type=Path, default=ROOT.parent / "shared" / "fixtures")
    parser.add_argument(
        "--out", type=Path, help="where the converted titles go (default: a temporary folder)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per game")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="18xx-import-") as temporary:
        out = args.out or Path(temporary)
        started = time.perf_counter()
        outcomes = {o.title: o for o in import_titles(args.source, [], out, every=True, force=True)}
        converting = time.perf_counter() - started
        folders: dict[str, str] = {}
        for name, outcome in outcomes.items():
            if name in BUNDLED:
                folders[name] = str(ROOT / "titles" / name)
            elif outcome.valid and outcome.folder:
                folders[name] = outcome.folder
        games: dict[str, list[str]] = defaultdict(list)
        for path in sorted(args.fixtures.glob("*/*.json")):
            title = json.loads(path.read_text(encoding="utf-8")).get("title", path.parent.name)
            games[str(title)].append(str(path))
        jobs = [(p, folders[t]) for t, paths in games.items() if t in folders for p in paths]
        started = time.perf_counter()
        results = run_games(jobs, args.workers, args.timeout)
        replaying = time.perf_counter() - started
    report(outcomes, games, folders, results, converting, replaying, args.json)


def report(
    outcomes: dict[str, Outcome],
    games: dict[str, list[str]],
    folders: dict[str, str],
    results: dict[str, dict[str, Any]],
    converting: float,
    replaying: float,
    json_out: Path | None,
) -> None:
    causes: Counter[str] = Counter()
    rows = []
    for name in sorted(set(outcomes) | set(games), key=str.lower):
        outcome = outcomes.get(name)
        paths = games.get(name, [])
        mine = [results[p] for p in paths if p in results]
        for p in paths:
            if p not in results:
                why = (
                    "title not converted"
                    if outcome is None or not outcome.folder
                    else "title does not validate"
                )
                causes[why] += 1
        for r in mine:
            if r.get("cause"):
                causes[r["cause"]] += 1
        rows.append(
            {
                "title": name,
                "stage": outcome.dev_stage if outcome else "",
                "converted": bool(outcome and outcome.folder),
                "validates": bool(outcome and outcome.valid) or name in BUNDLED,
                "games": len(paths),
                "matches": sum(1 for r in mine if r.get("verdict") == "matches"),
                "actions": sum(r.get("actions", 0) for r in mine),
                "total": sum(r.get("total", 0) for r in mine),
                "reason": outcome.reason if outcome else None,
            }
        )
    print(f"{'title':28} {'stage':10} {'conv':>4} {'valid':>5} {'games':>5} {'match':>5} {'actions':>15}")
    for row in rows:
        actions = f"{row['actions']}/{row['total']}" if row["games"] else ""
        print(
            f"{row['title'][:28]:28} {row['stage'][:10]:10} {'yes' if row['converted'] else 'no':>4} "
            f"{'yes' if row['validates'] else 'no':>5} {row['games']:5d} {row['matches']:5d} {actions:>15}"
        )
    titles = [r for r in rows if r["stage"]]
    prod = [r for r in titles if r["stage"] in PRODUCTION]
    others = [r for r in rows if r["title"] not in BUNDLED]
    print()
    print(
        f"titles: {len(titles)}; converted {sum(r['converted'] for r in titles)}; "
        f"validate {sum(r['validates'] for r in titles)} "
        f"(production and beta: {sum(r['validates'] for r in prod)} of {len(prod)})"
    )
    print(
        f"games: {sum(r['games'] for r in rows)}; replayed to their recorded result "
        f"{sum(r['matches'] for r in rows)} (beyond the bundled four: {sum(r['matches'] for r in others)} "
        f"of {sum(r['games'] for r in others)}, over {sum(1 for r in others if r['matches'])} titles)"
    )
    print(
        f"actions replayed before the first divergence: {sum(r['actions'] for r in rows)} "
        f"of {sum(r['total'] for r in rows)}"
    )
    print(f"seconds: converting {converting:.0f}, replaying {replaying:.0f}")
    print("\nwhat stops a game first:")
    for cause, count in causes.most_common():
        print(f"{count:5d}  {cause}")
    if json_out is not None:
        data = {"titles": rows, "causes": dict(causes), "games": results}
        json_out.write_text(json.dumps(data, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
