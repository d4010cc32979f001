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
    python benchmarks/import.py --check benchmarks/import_baseline.json [--write-baseline FILE]

``--check BASELINE`` is CI's guard (``benchmarks/import_guard.py``): it prints the
totals and every figure that fell below the baseline or rose above it, and exits 1
when one fell; a game that runs out of time is not counted as a fall. Games that ran
out of time in the baseline get ``--known-timeout`` seconds instead of ``--timeout``
(their figures there are nothing: no action, no result; so the check is as strict).
``--write-baseline FILE`` writes this run's figures as the baseline, every game given
``--timeout`` (with ``--check`` too, which then compares with the old baseline first).

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
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # import_guard, when not run as a script

from import_guard import BaselineError, compare, figures, read_baseline, report, write_baseline  # noqa: E402

from framework.convert.run import Outcome, import_titles  # noqa: E402
from framework.convert.source import SourceError  # noqa: E402

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


def run_games(jobs: list[tuple[str, str, float]], workers: int) -> dict[str, dict[str, Any]]:
    """Replay each ``(game file, title folder, timeout)`` in a process of its own,
    stopped after its timeout (seconds); each result says how long it took."""
    context = multiprocessing.get_context("fork")
    results: dict[str, dict[str, Any]] = {}
    pending = list(jobs)
    running: list[tuple[str, Any, Connection, float, float]] = []
    while pending or running:
        while pending and len(running) < workers:
            path, folder, timeout = pending.pop(0)
            reader, writer = context.Pipe(duplex=False)
            process = context.Process(target=replay_one, args=(path, folder, writer))
            process.start()
            writer.close()
            running.append((path, process, reader, time.monotonic(), timeout))
        for entry in list(running):
            path, process, reader, started, timeout = entry
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
            results[path]["seconds"] = round(time.monotonic() - started, 1)
            process.join()
            running.remove(entry)
    return results


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "oracle" / "reference")
    parser.add_argument("--fixtures", type=Path, default=ROOT.parent / "shared" / "fixtures")
    parser.add_argument(
        "--out", type=Path, help="where the converted titles go (default: a temporary folder)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per game")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument(
        "--check",
        type=Path,
        metavar="BASELINE",
        help="print only the totals and what fell or rose against BASELINE; exit 1 when a figure fell",
    )
    parser.add_argument(
        "--known-timeout",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="with --check alone: seconds for the games that ran out of time in the baseline (default 20)",
    )
    parser.add_argument("--write-baseline", type=Path, metavar="FILE", help="write the figures as a baseline")
    return parser.parse_args()


def say(message: str) -> None:
    """A line of progress, on standard error."""
    print(f"benchmarks/import.py: {message}", file=sys.stderr, flush=True)


def stop(message: str) -> NoReturn:
    """End on a user error: the message, no traceback."""
    print(f"benchmarks/import.py: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    args = parse_args()
    baseline = load_baseline(args.check) if args.check else None
    if not any(args.fixtures.glob("*/*.json")):
        stop(f"{args.fixtures}: no games here (one folder of game files per title)")
    known = set() if args.write_baseline else timed_out(baseline, args.fixtures)
    with tempfile.TemporaryDirectory(prefix="18xx-import-") as temporary:
        started = time.perf_counter()
        outcomes = convert(args.source, args.out or Path(temporary), args.workers)
        converting = time.perf_counter() - started
        folders = title_folders(outcomes)
        games = fixture_games(args.fixtures)
        jobs = [
            (p, folders[t], args.known_timeout if p in known else args.timeout)
            for t, paths in games.items()
            if t in folders
            for p in paths
        ]
        say(f"replaying {len(jobs)} games with {args.workers} workers")
        started = time.perf_counter()
        results = run_games(jobs, args.workers)
        replaying = time.perf_counter() - started
    rows, causes = tabulate(outcomes, games, results)
    if baseline is None:
        print_table(rows, causes)
        print_totals(rows)
    shorter = f" ({len(known)} out of time in the baseline given {args.known_timeout:.0f} s)" if known else ""
    print(f"seconds: converting {converting:.0f}, replaying {replaying:.0f}{shorter}")
    if args.json is not None:
        data = {"titles": rows, "causes": dict(causes), "games": results}
        args.json.write_text(json.dumps(data, indent=1), encoding="utf-8")
    current = figures(rows, game_figures(games, results, rows, args.fixtures))
    if args.write_baseline is not None:
        write_baseline(args.write_baseline, current)
        print(f"wrote the baseline {args.write_baseline}")
    if baseline is not None:
        check(baseline, current, args.check)


def load_baseline(path: Path) -> dict[str, Any]:
    """The baseline to check against; a file that cannot be read ends the run."""
    try:
        return read_baseline(path)
    except BaselineError as exc:
        stop(str(exc))


def convert(source: Path, out: Path, workers: int) -> dict[str, Outcome]:
    """Every title of ``source`` converted into ``out`` (by ``workers`` processes), by
    name; a source that cannot be read (no engine there, no Ruby) ends the run."""
    say(f"converting every title of {source}")
    try:
        return {o.title: o for o in import_titles(source, [], out, every=True, force=True, workers=workers)}
    except SourceError as exc:
        stop(str(exc))


def title_folders(outcomes: dict[str, Outcome]) -> dict[str, str]:
    """The folder each title's games replay with: the bundled one, or the converted
    one where it validates (a title that does not validate replays no game)."""
    folders: dict[str, str] = {}
    for name, outcome in outcomes.items():
        if name in BUNDLED:
            folders[name] = str(ROOT / "titles" / name)
        elif outcome.valid and outcome.folder:
            folders[name] = outcome.folder
    return folders


def fixture_games(fixtures: Path) -> dict[str, list[str]]:
    """The game files of ``fixtures`` by the title each names."""
    games: dict[str, list[str]] = defaultdict(list)
    for path in sorted(fixtures.glob("*/*.json")):
        title = json.loads(path.read_text(encoding="utf-8")).get("title", path.parent.name)
        games[str(title)].append(str(path))
    return games


def timed_out(baseline: dict[str, Any] | None, fixtures: Path) -> set[str]:
    """The game files that ran out of time in the baseline."""
    if baseline is None:
        return set()
    return {str(fixtures / name) for name, game in baseline["games"].items() if game.get("timeout")}


def game_figures(
    games: dict[str, list[str]],
    results: dict[str, dict[str, Any]],
    rows: list[dict[str, Any]],
    fixtures: Path,
) -> dict[str, dict[str, Any]]:
    """Each game's figures by its path under ``fixtures``: its title, the actions
    replayed before the first divergence, whether it replayed to its result, whether
    it ran out of time, and what stopped it."""
    why = {r["title"]: "title does not validate" if r["converted"] else "title not converted" for r in rows}
    found: dict[str, dict[str, Any]] = {}
    for title, paths in games.items():
        for path in paths:
            result = results.get(path, {"actions": 0, "cause": why[title]})
            figure = {
                "title": title,
                "actions": result.get("actions", 0),
                "matches": result.get("verdict") == "matches",
            }
            if result.get("verdict") == "timeout":
                figure["timeout"] = True
            if result.get("cause"):
                figure["stops"] = result["cause"]
            found[Path(path).relative_to(fixtures).as_posix()] = figure
    return found


def check(baseline: dict[str, Any], current: dict[str, Any], path: Path) -> None:
    """Print the comparison with the baseline; exit 1 when a figure fell."""
    comparison = compare(baseline, current)
    print("\n".join(report(comparison, baseline, current, path)))
    if comparison.falls:
        sys.exit(1)


def tabulate(
    outcomes: dict[str, Outcome], games: dict[str, list[str]], results: dict[str, dict[str, Any]]
) -> tuple[list[dict[str, Any]], Counter[str]]:
    """One row of figures per title, and how many games each cause stopped first."""
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
    return rows, causes


def print_table(rows: list[dict[str, Any]], causes: Counter[str]) -> None:
    """Every title's figures, and the histogram of what stops games first."""
    print(f"{'title':28} {'stage':10} {'conv':>4} {'valid':>5} {'games':>5} {'match':>5} {'actions':>15}")
    for row in rows:
        actions = f"{row['actions']}/{row['total']}" if row["games"] else ""
        print(
            f"{row['title'][:28]:28} {row['stage'][:10]:10} {'yes' if row['converted'] else 'no':>4} "
            f"{'yes' if row['validates'] else 'no':>5} {row['games']:5d} {row['matches']:5d} {actions:>15}"
        )
    print("\nwhat stops a game first:")
    for cause, count in causes.most_common():
        print(f"{count:5d}  {cause}")
    print()


def print_totals(rows: list[dict[str, Any]]) -> None:
    """The totals over the catalogue."""
    titles = [r for r in rows if r["stage"]]
    prod = [r for r in titles if r["stage"] in PRODUCTION]
    others = [r for r in rows if r["title"] not in BUNDLED]
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


if __name__ == "__main__":
    main()
