"""Conformance with 18xx.games: bot games played here, checked in its own engine.

For every game of a matrix (seeds × player counts × bots × variants) this plays a
whole game with our bots, saves it in 18xx.games' JSON, replays it strictly in the
18xx.games engine (``../shared/oracle/check.rb``, which needs Debian's ``ruby``) and
compares, after every action, our state with the oracle's trace. It prints, for each
game, whether the oracle accepted it (or the action it refused, its message and what
our engine made of that action), whether the results and end reasons are equal, and
the first action after which the traces differ; then the summary line
``accepted A/N, result-equal R/N, trace-equal T/N``. With ``--legal-every K`` it also
compares, at every K-th action, the legal actions both engines list
(see ``tools/legal.py``).

    python tools/conform.py --seeds 1-40                      # the default matrix
    python tools/conform.py --seeds 100-300 --players 3,4 --bots random --variants oscarian_era
    python tools/conform.py --seeds 1-10 --legal-every 10 --keep out/

Exit status 0 when every game agrees in everything checked, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ORACLE = Path(os.environ.get("RAILS18XX_ORACLE", ROOT.parent / "shared" / "oracle"))
NO_VARIANT = "-"
KNOWN_ROUNDS = ("Auction Round", "Draft Round", "Stock Round", "Operating Round")
"""Rounds compared by name; others (a title's own) only as "another round"."""


@dataclass(frozen=True)
class Spec:
    """One game of the matrix."""

    title: str
    seed: int
    players: int
    bot: str
    variant: str

    @property
    def label(self) -> str:
        variant = "" if self.variant == NO_VARIANT else f" {self.variant}"
        return f"seed {self.seed} {self.players}p {self.bot}{variant}"

    @property
    def stem(self) -> str:
        variant = "" if self.variant == NO_VARIANT else f"-{self.variant}"
        return f"{Path(self.title).name}-{self.seed}-{self.players}p-{self.bot}{variant}"


@dataclass
class Played:
    """A game played here, with our trace after every action."""

    spec: Spec
    path: str
    finished: bool
    end_reason: str | None
    result: dict[str, int]
    trace: list[dict[str, Any]]
    failure: str | None = None
    legal: list[dict[str, Any]] = field(default_factory=list)
    """Legal-action lists at sampled positions (action id, entity, canonical actions)."""
    crash: dict[str, str] | None = None
    """Our engine's exception that ended the game (``keep_crash``): its type, message
    and the last frame in framework/ (see :func:`crash_of`)."""
    stopped: bool = False
    """Whether ``watch`` stopped the game early (:class:`Stop`)."""


class Stop(Exception):
    """Raised by :func:`play_one`'s ``watch`` to end a game early; the game is kept as
    played so far, and the exception's text is its failure."""


def crash_of(exc: BaseException) -> dict[str, str]:
    """An exception of our engine: its type, its message (shortened), the last frame of
    the traceback in framework/ (``framework/engine/x.py:12 in f``, or the last frame) and
    the last eight frames in framework/, innermost first."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(ROOT / "framework")]

    def shown(frame: traceback.FrameSummary) -> str:
        return frame_text(frame.filename, frame.lineno, frame.name)

    where = shown((ours or frames)[-1]) if ours or frames else ""
    stack = " < ".join(shown(f) for f in reversed(ours[-8:]))
    return {"type": type(exc).__name__, "message": str(exc)[:300], "where": where, "stack": stack}


def frame_text(filename: str, line: int | None, function: str) -> str:
    """A frame as ``framework/engine/x.py:12 in f`` (relative to the checkout when inside it)."""
    path = Path(filename).resolve()
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else filename
    return f"{name}:{line} in {function}"


def matrix(
    title: str, seeds: list[int], players: list[int], bots: list[str], variants: list[str]
) -> list[Spec]:
    """One game per seed; player count, bot and variant cycle with the seed so that
    any range of seeds covers every combination evenly."""
    out = []
    for seed in seeds:
        p = players[seed % len(players)]
        b = bots[(seed // len(players)) % len(bots)]
        v = variants[(seed // (len(players) * len(bots))) % len(variants)]
        out.append(Spec(title, seed, p, b, v))
    return out


def play_one(
    spec: Spec,
    folder: str,
    legal_every: int = 0,
    *,
    watch: Callable[[Any], None] | None = None,
    keep_crash: bool = False,
) -> Played:
    """Play ``spec`` with bots, save it in ``folder``, and record our trace. ``watch`` is
    called with the session after every action and may raise :class:`Stop`; with
    ``keep_crash`` an exception of our engine during play ends the game instead of
    propagating (:attr:`Played.crash`; the game is saved up to the last action taken)."""
    from framework.bots import make_bot
    from framework.bots.play import BotError, new_session, play
    from framework.engine.trace import trace_state

    variants = [] if spec.variant == NO_VARIANT else [spec.variant]
    session = new_session(spec.title, spec.players, spec.seed, optional_rules=variants)
    trace: list[dict[str, Any]] = []
    legal: list[dict[str, Any]] = []
    if legal_every:
        from legal import ours

    def record(s) -> None:
        action = s.actions[-1]
        trace.append({"id": action["id"], **trace_state(s.game)})
        if legal_every and action["id"] % legal_every == 0 and not s.game.finished:
            legal.append({"id": action["id"], "actions": ours(s.game)})
        if watch is not None:
            watch(s)

    failure = None
    crash = None
    stopped = False
    try:
        play(session, make_bot(spec.bot), seed=spec.seed, max_actions=20000, progress=record)
    except BotError as exc:
        failure = str(exc)
    except Stop as exc:
        failure, stopped = str(exc) or "stopped", True
    except Exception as exc:
        if not keep_crash:
            raise
        crash = crash_of(exc)
        failure = f"our engine crashed: {crash['type']}: {crash['message']} ({crash['where']})"
    path = str(Path(folder) / f"{spec.stem}.json")
    Path(path).write_text(json.dumps(session.to_json(), ensure_ascii=False), encoding="utf-8")
    ours_file = Path(folder) / f"{spec.stem}.json.ours.jsonl"
    ours_file.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in trace), encoding="utf-8")
    game = session.game
    return Played(
        spec,
        path,
        game.finished,
        game.end_reason,
        game.result(),
        trace,
        failure,
        legal,
        crash,
        stopped,
    )


def run_oracle(paths: list[str], trace_dir: str, timeout: float | None = None) -> dict[str, dict[str, Any]]:
    """Replay files in the 18xx.games engine: file → its verdict (``timeout``: seconds
    for the whole batch, after which ``subprocess.TimeoutExpired`` is raised)."""
    check = ORACLE / "check.rb"
    if not check.exists():
        sys.exit(f"conform: the oracle is not at {ORACLE} (set RAILS18XX_ORACLE)")
    proc = subprocess.run(
        ["ruby", str(check), "--trace", trace_dir, *paths],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )
    verdicts = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            verdicts[data["file"]] = data
    missing = [p for p in paths if p not in verdicts]
    if missing:
        sys.exit(f"conform: the oracle gave no verdict on {missing[0]}:\n{proc.stderr[-2000:]}")
    return verdicts


def oracle_trace(trace_dir: str, path: str) -> list[dict[str, Any]]:
    file = Path(trace_dir) / f"{Path(path).name}.trace.jsonl"
    if not file.exists():
        return []
    return [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line]


def normal(state: dict[str, Any], finished: bool = False) -> dict[str, Any]:
    """A trace line with ids as text and train lists sorted, for comparing (who acts is
    not compared once the game is over). Corporations without a price, money or trains
    are left out: not started, or closed (a nationalised 18SJ corporation whose initial
    offering kept its shares still counts as floated in 18xx.games' engine); so are
    minors without money or trains (18xx.games lists a closed minor where its title's
    code only closes it, 18SJ's KHJ, and drops it where it closes it as a corporation,
    1846's minor merged into its buyer: the same state)."""
    corporations = {
        sym: {**c, "trains": sorted(c["trains"])}
        for sym, c in state["corporations"].items()
        if c["cash"] or c["price"] is not None or c["trains"]
    }
    return {
        "round": state["round"] if state["round"] in KNOWN_ROUNDS else "another round",
        "phase": str(state["phase"]),
        "bank": state["bank"],
        "acting": [] if finished else [str(a) for a in state["acting"]],
        "players": {str(k): v for k, v in state["players"].items()},
        "corporations": corporations,
        "minors": {
            sym: {**m, "trains": sorted(m["trains"])}
            for sym, m in state["minors"].items()
            if m["cash"] or m["trains"]
        },
    }


@cache
def company_syms(title: str) -> dict[str, str]:
    """The title's company names → syms: the oracle names a company that acts (a
    teleport's token, a bonus marker) by its name, our trace by its sym."""
    from framework.title.loader import load_title

    return {company.name: sym for sym, company in load_title(title).companies.items()}


def first_difference(
    ours: list[dict[str, Any]], theirs: list[dict[str, Any]], names: dict[str, str] | None = None
) -> str | None:
    """The first action after which the two traces differ, and how; ``None`` if equal
    (``names``: the oracle's company names that act, by our syms)."""
    names = names or {}
    theirs = [{**line, "acting": [names.get(a, a) for a in line["acting"]]} for line in theirs]
    by_id = {line["id"]: line for line in theirs}
    for line in ours:
        other = by_id.get(line["id"])
        if other is None:
            return f"after action {line['id']}: the oracle's trace stops before it"
        a, b = normal(line, line.get("finished", False)), normal(other, line.get("finished", False))
        if a != b:
            return f"after action {line['id']}: {describe(a, b)}"
    return None


def describe(ours: dict[str, Any], theirs: dict[str, Any], prefix: str = "") -> str:
    """The first field where two states differ, as ``field: ours … oracle …``."""
    for key in sorted(set(ours) | set(theirs), key=str):
        a, b = ours.get(key), theirs.get(key)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            return describe(a, b, f"{prefix}{key}.")
        shown = [json.dumps(x, ensure_ascii=False) for x in (a, b)]
        return f"{prefix}{key}: ours {shown[0]}, oracle {shown[1]}"
    return "equal"


def our_view(played: Played, action_id: int | None) -> str:
    """What our engine made of the action the oracle refused."""
    if action_id is None:
        return ""
    data = json.loads(Path(played.path).read_text(encoding="utf-8"))
    action = next((a for a in data["actions"] if a.get("id") == action_id), None)
    if action is None:
        return ""
    shown = {k: v for k, v in action.items() if k not in ("id", "created_at", "entity_type")}
    before = next((t for t in played.trace if t["id"] == action_id - 1), None)
    where = f" in {before['round']}" if before else ""
    return f"we accepted{where}: {json.dumps(shown, ensure_ascii=False)}"


def verdict_of(played: Played, oracle: dict[str, Any], trace: list[dict[str, Any]]) -> dict[str, Any]:
    refused = oracle.get("refused")
    result_equal = (
        played.finished == bool(oracle.get("finished"))
        and {str(k): v for k, v in played.result.items()} == oracle.get("result")
        and played.end_reason == oracle.get("game_end_reason")
    )
    diff = first_difference(played.trace, trace, company_syms(played.spec.title))
    return {
        "game": played.spec.label,
        "file": played.path,
        "bot_failure": played.failure,
        "accepted": refused is None and played.failure is None,
        "refused": refused,
        "our_view": our_view(played, refused.get("id")) if refused else "",
        "result_equal": bool(result_equal),
        "ours": {"finished": played.finished, "end": played.end_reason, "result": played.result},
        "oracle": {
            "finished": oracle.get("finished"),
            "end": oracle.get("game_end_reason"),
            "result": oracle.get("result"),
        },
        "trace_equal": diff is None and refused is None,
        "trace_difference": diff,
    }


def add_matrix_arguments(parser: argparse.ArgumentParser, seeds: str) -> None:
    """The options that choose the games of the matrix (``--title``, ``--seeds``,
    ``--players``, ``--bots``, ``--variants``), and ``--workers`` and ``--keep``."""
    parser.add_argument("--title", default="titles/18SJ")
    parser.add_argument("--seeds", default=seeds, help="A range A-B or a list A,B,C.")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--bots", default="heuristic,random")
    parser.add_argument(
        "--variants",
        help=f"{NO_VARIANT}: no variant (default: none, then each optional variant of the title)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", help="Keep the game files (and traces) in this folder.")


def specs_of(args: argparse.Namespace) -> list[Spec]:
    """The games the matrix options of :func:`add_matrix_arguments` choose."""
    return matrix(
        args.title,
        parse_ints(args.seeds),
        parse_ints(args.players),
        args.bots.split(","),
        args.variants.split(",") if args.variants else default_variants(args.title),
    )


def default_variants(title: str) -> list[str]:
    """No variant, then each variant a game may choose (not those the player count imposes)."""
    from framework.title.loader import load_title

    found = load_title(title).variants
    return [NO_VARIANT, *(name for name, v in found.items() if not v.automatic)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_matrix_arguments(parser, "1-40")
    parser.add_argument("--legal-every", type=int, default=0, help="Compare legal actions every K actions.")
    parser.add_argument("--json", action="store_true", help="One JSON object per game, then the summary.")
    parser.add_argument("--quiet", action="store_true", help="Print only games that diverge.")
    args = parser.parse_args(argv)

    specs = specs_of(args)
    folder = args.keep or tempfile.mkdtemp(prefix="conform-")
    Path(folder).mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        played = list(pool.map(play_one, specs, [folder] * len(specs), [args.legal_every] * len(specs)))
        chunks = [c for c in (played[i :: args.workers] for i in range(args.workers)) if c]
        verdicts: dict[str, dict[str, Any]] = {}
        for found in pool.map(run_oracle, [[p.path for p in c] for c in chunks], [folder] * len(chunks)):
            verdicts.update(found)
        legal_diffs: list[list[str]] = [[] for _ in played]
        if args.legal_every:
            from legal import compare_positions

            legal_diffs = list(
                pool.map(compare_positions, [p.path for p in played], [p.legal for p in played])
            )

    counts = {"accepted": 0, "result_equal": 0, "trace_equal": 0, "legal_equal": 0, "legal_positions": 0}
    for game, legal_diff in zip(played, legal_diffs, strict=True):
        verdict = verdict_of(game, verdicts[game.path], oracle_trace(folder, game.path))
        verdict["legal_positions"] = len(game.legal)
        verdict["legal_differences"] = legal_diff
        for key in ("accepted", "result_equal", "trace_equal"):
            counts[key] += bool(verdict[key])
        counts["legal_positions"] += len(game.legal)
        counts["legal_equal"] += len(game.legal) - len(legal_diff)
        agrees = verdict["accepted"] and verdict["result_equal"] and verdict["trace_equal"] and not legal_diff
        if args.json:
            print(json.dumps(verdict, ensure_ascii=False))
        elif not (args.quiet and agrees):
            print(render(verdict))
    n = len(played)
    summary = (
        f"accepted {counts['accepted']}/{n}, result-equal {counts['result_equal']}/{n}, "
        f"trace-equal {counts['trace_equal']}/{n}"
    )
    if args.legal_every:
        summary += f", legal-equal {counts['legal_equal']}/{counts['legal_positions']} positions"
    summary += f" ({time.perf_counter() - start:.0f} s)"
    print(json.dumps({"summary": summary, **counts, "games": n}) if args.json else summary)
    everything = counts["accepted"] == counts["result_equal"] == counts["trace_equal"] == n
    return 0 if everything and counts["legal_equal"] == counts["legal_positions"] else 1


def render(v: dict[str, Any]) -> str:
    lines = [v["game"] + ":"]
    if v["bot_failure"]:
        lines.append(f"  our engine failed: {v['bot_failure']}")
    refused = v["refused"]
    if refused:
        lines.append(
            f"  REFUSED action {refused['id']} {refused['type']} by {refused['entity']}: {refused['message']}"
        )
        if v["our_view"]:
            lines.append(f"    {v['our_view']}")
    else:
        lines.append("  accepted")
    if not v["result_equal"]:
        o, r = v["ours"], v["oracle"]
        lines.append(f"  result differs: ours {o['end']} {o['result']}, oracle {r['end']} {r['result']}")
    if v["trace_difference"]:
        lines.append(f"  trace differs {v['trace_difference']}")
    for diff in v["legal_differences"][:3]:
        lines.append(f"  legal actions differ {diff}")
    if len(v["legal_differences"]) > 3:
        lines.append(f"  … and {len(v['legal_differences']) - 3} more positions")
    lines.append(f"  file: {v['file']}")
    return "\n".join(lines)


def parse_ints(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part.strip("-"):
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main())
