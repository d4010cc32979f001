"""Bot games of every converted title of 18xx.games, checked in 18xx.games' engine (issue 26).

For each title folder converted by ``18xx import`` this plays a few bot games with our
engine (by default two: seed 1 with the heuristic bot, seed 2 with the random bot, at
player counts of the title's range), each in a process of its own with a time limit,
and replays them strictly in 18xx.games' engine with ``tools/conform.py``'s functions
(``../shared/oracle/check.rb``, Debian's ``ruby``). A crash of our engine, a bot that
finds no legal action, or a game slower than the limit is a result, never the end of
the run: the game as played so far is still checked. It prints per title whether it
starts (our engine sets a game up and bots play at least one action), the games
finished here, accepted by 18xx.games to the end, with an equal result, and what went
wrong first: the first refusal (the action's type and the oracle's message, shortened)
or, when 18xx.games refused nothing, our crash (exception type and the last frame in
framework/), a bot that is stuck, or a timeout. Then the totals, the histogram of the
titles' first refusals and the list of our crashes, each with a command that
reproduces it.

Each title's GAPS.md gets (or has replaced, on a re-run) a section
``## Bot games in 18xx.games' engine`` saying the same (``--no-gaps``: leave them).

    nice -n 15 python tools/conform_catalogue.py                          # convert into a temporary folder
    nice -n 15 python tools/conform_catalogue.py --titles ~/my-titles --json figures.json
    nice -n 15 python tools/conform_catalogue.py --titles ~/my-titles --only 1889 --only 1846 --keep out/

Figures of the whole catalogue are in docs/measures.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from types import FrameType
from typing import Any

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

from conform import (  # noqa: E402
    NO_VARIANT,
    ORACLE,
    Played,
    Spec,
    Stop,
    crash_of,
    frame_text,
    oracle_trace,
    parse_ints,
    play_one,
    run_oracle,
    verdict_of,
)

SECTION = "## Bot games in 18xx.games' engine"
SHORT = 160
"""Characters of a message kept in the report and GAPS.md."""


# --- which games ------------------------------------------------------------------------


def player_counts(low: int, high: int) -> list[int]:
    """The title's player counts, the most usual first (4, 3, 5, 2, 6, …)."""
    return sorted(range(low, high + 1), key=lambda p: (abs(p - 3.5), -p))


def title_range(folder: Path) -> tuple[int, int] | None:
    """The player range ``title.yaml`` declares, or ``None`` when it cannot be read."""
    from ruamel.yaml import YAML

    try:
        data = YAML(typ="safe").load((folder / "title.yaml").read_text(encoding="utf-8"))
        players = data["title"]["players"]
        return int(players["min"]), int(players["max"])
    except Exception:  # an unreadable title is found out when its game is set up
        return None


def title_specs(folder: Path, seeds: list[int], bots: list[str]) -> list[Spec]:
    """One game per seed: the k-th with the k-th bot and the k-th player count, in the
    order of :func:`player_counts` (each cycling)."""
    low, high = title_range(folder) or (4, 4)
    counts = player_counts(low, high)
    return [
        Spec(str(folder), seed, counts[k % len(counts)], bots[k % len(bots)], NO_VARIANT)
        for k, seed in enumerate(seeds)
    ]


# --- playing and checking, each in a process of its own ---------------------------------


class Hung(Exception):
    """Raised in a game's process by a timer when our engine has not come back from one
    action (or from setting the game up) in time: its traceback says where it was."""


GRACE = 10.0
"""Seconds past a game's time limit before the timer raises :class:`Hung`."""
LOOK = 3.0
"""Seconds between the two looks at a hung process's stack (see :func:`loop_frame`)."""


def stack_of(frame: FrameType | None) -> list[FrameType]:
    """The frames from ``frame`` outwards."""
    found = []
    while frame is not None:
        found.append(frame)
        frame = frame.f_back
    return found


def loop_frame(before: list[FrameType], now: list[FrameType]) -> str:
    """Where a hung process keeps going: the innermost frame of ``now`` that was already
    running at the earlier look ``before`` (the function whose callees changed), as text."""
    earlier = {id(f) for f in before}  # the frames of ``before`` are kept alive: ids are theirs
    for frame in now:
        if id(frame) in earlier:
            return frame_text(frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name)
    return ""


def game_job(spec: Spec, folder: str, seconds: float, conn: Connection) -> None:
    """Play one game (stopped after ``seconds``; saved every few seconds so that a game
    that hangs leaves what was played) and send how it went. When one action (or the
    set-up) has not returned ``GRACE`` seconds after the limit, a timer interrupts it,
    having looked at its stack twice to find the loop (:func:`loop_frame`)."""
    from framework.base.errors import GameError
    from framework.base.problems import ProblemsError

    started = time.monotonic()
    saved = [started]
    partial = Path(folder) / f"{spec.stem}.json"

    def watch(session: Any) -> None:
        now = time.monotonic()
        if now - saved[0] > 5:
            partial.write_text(json.dumps(session.to_json(), ensure_ascii=False), encoding="utf-8")
            saved[0] = now
        if now - started > seconds:
            raise Stop(f"unfinished after {seconds:.0f} s")

    looks: list[list[FrameType]] = []
    loop: list[str] = []

    def hung(signum: int, frame: FrameType | None) -> None:
        if not looks:
            looks.append(stack_of(frame))
            signal.setitimer(signal.ITIMER_REAL, LOOK)
            return
        loop.append(loop_frame(looks.pop(), stack_of(frame)))
        raise Hung(f"no answer after {seconds + GRACE:.0f} s")

    def hang(crash: dict[str, str]) -> dict[str, str]:
        """A hang is shown where it loops; the innermost frame is kept too."""
        return {**crash, "innermost": crash["where"], "where": (loop or [""])[0] or crash["where"]}

    info: dict[str, Any] = {"played": None}
    signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds + GRACE - LOOK)
    try:
        played = info["played"] = play_one(spec, folder, watch=watch, keep_crash=True)
        if played.crash and played.crash["type"] == Hung.__name__:
            played.crash = hang(played.crash)
    except ProblemsError as exc:
        info["setup"] = ("invalid", short(str(exc.problems[0]) if exc.problems else str(exc)), None)
    except GameError as exc:
        info["setup"] = ("refused", short(str(exc)), None)
    except Exception as exc:  # our engine's crash (or hang) while setting the game up is a result
        crash = crash_of(exc)
        if isinstance(exc, Hung):
            info["setup"] = ("hang", f"{crash['type']}: {short(crash['message'])}", hang(crash))
        else:
            info["setup"] = ("crash", f"{crash['type']}: {short(crash['message'])}", crash)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    looks.clear()
    info["seconds"] = time.monotonic() - started
    conn.send(info)
    conn.close()


def check_job(played: list[Played], folder: str, timeout: float, conn: Connection) -> None:
    """Replay the games in 18xx.games' engine; send each game's verdict (or why there is none)."""
    verdicts: dict[str, dict[str, Any]] = {}
    try:
        found = run_oracle([p.path for p in played], folder, timeout=timeout)
        for p in played:
            try:
                verdicts[p.path] = verdict_of(p, found[p.path], oracle_trace(folder, p.path))
            except Exception as exc:
                verdicts[p.path] = {"error": f"no verdict: {type(exc).__name__}: {short(str(exc))}"}
    except subprocess.TimeoutExpired:
        verdicts = {p.path: {"error": f"the oracle was slower than {timeout:.0f} s"} for p in played}
    except SystemExit as exc:  # run_oracle's "no verdict" (Ruby failed)
        verdicts = {p.path: {"error": short(str(exc.code))} for p in played}
    conn.send(verdicts)
    conn.close()


@dataclass
class Job:
    key: tuple[str, str]
    """(title, a game's stem or ``check``)."""
    target: Callable[..., None]
    args: tuple[Any, ...]
    timeout: float
    done: Callable[[Any], None]


@dataclass
class Runner:
    """Runs jobs in forked processes, ``workers`` at a time, each killed after its
    timeout; a job's ``done`` gets what it sent, or ``{"died": …}``."""

    workers: int
    pending: list[Job] = field(default_factory=list)

    def run(self) -> None:
        context = multiprocessing.get_context("fork")
        running: list[tuple[Job, Any, Connection, float]] = []
        while self.pending or running:
            while self.pending and len(running) < self.workers:
                job = self.pending.pop(0)
                reader, writer = context.Pipe(duplex=False)
                process = context.Process(target=job.target, args=(*job.args, writer))
                process.start()
                writer.close()
                running.append((job, process, reader, time.monotonic()))
            for entry in list(running):
                job, process, reader, started = entry
                if reader.poll(0.05):
                    try:
                        result = reader.recv()
                    except EOFError:
                        result = {"died": "the process died"}
                elif not process.is_alive():
                    result = {"died": f"the process died (exit {process.exitcode})"}
                elif time.monotonic() - started > job.timeout:
                    process.kill()
                    result = {"died": f"killed after {job.timeout:.0f} s", "killed": True}
                else:
                    continue
                process.join()
                running.remove(entry)
                job.done(result)


# --- one record per game, one summary per title -----------------------------------------


def short(text: str, limit: int = SHORT) -> str:
    """One line, at most ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def game_record(spec: Spec, info: dict[str, Any], seconds: float) -> dict[str, Any]:
    """What a game job found, as plain data (before the oracle's verdict)."""
    record: dict[str, Any] = {
        "game": spec.label,
        "seed": spec.seed,
        "players": spec.players,
        "bot": spec.bot,
        "actions": 0,
        "seconds": round(info.get("seconds", seconds), 1),
        "status": "",
        "failure": None,
        "crash": None,
        "file": None,
        "oracle": None,
    }
    played: Played | None = info.get("played")
    if "died" in info:
        record["status"] = "timeout" if info.get("killed") else "died"
        record["failure"] = info["died"]
    elif played is None:
        kind, text, crash = info.get("setup", ("crash", "no result", None))
        record["status"], record["failure"], record["crash"] = f"setup-{kind}", text, crash
    else:
        record["actions"] = len(played.trace)
        record["file"] = played.path
        record["crash"] = played.crash
        record["failure"] = short(played.failure) if played.failure else None
        if played.crash and played.crash["type"] == Hung.__name__:
            record["status"] = "hang"
        elif played.crash:
            record["status"] = "crash"
        elif played.stopped:
            record["status"] = "timeout"
        elif played.failure:
            record["status"] = "stuck"
        elif played.finished and not played.trace:
            record["status"] = "empty"  # 18xx.games accepts no action; nothing was checked
        else:
            record["status"] = "finished" if played.finished else "unfinished"
    return record


def oracle_record(verdict: dict[str, Any]) -> dict[str, Any]:
    """The parts of :func:`conform.verdict_of`'s verdict kept per game."""
    if "error" in verdict:
        return {"error": verdict["error"]}
    refused = verdict["refused"]
    if refused is not None and refused.get("id") is None:  # the oracle failed on the action itself
        message = refused.get("message") or ""
        named, number = re.search(r'"type"=>"(\w+)"', message), re.search(r'"id"=>(\d+)', message)
        refused = {
            **refused,
            "type": refused.get("type") or (named.group(1) if named else None),
            "id": int(number.group(1)) if number else None,
        }
    return {
        "accepted": verdict["accepted"],
        "refused": (
            None
            if refused is None
            else {
                "id": refused.get("id"),
                "type": refused.get("type"),
                "entity": refused.get("entity"),
                "message": short(refused.get("message") or ""),
            }
        ),
        "our_view": short(verdict.get("our_view") or "", 300),
        "finished": bool(verdict["oracle"]["finished"]),
        "result_equal": verdict["result_equal"],
        "trace_equal": verdict["trace_equal"],
        "trace_difference": verdict["trace_difference"],
    }


def accepted_to_end(game: dict[str, Any]) -> bool:
    """Finished here, and every action accepted by 18xx.games."""
    oracle = game.get("oracle") or {}
    return game["status"] == "finished" and bool(oracle.get("accepted")) and oracle.get("refused") is None


def problem_of(game: dict[str, Any]) -> dict[str, Any] | None:
    """What went wrong first in a game: ``kind`` (``invalid``, ``setup``, ``refused``,
    ``crash``, ``stuck``, ``timeout``, ``died``, ``unfinished``, ``oracle``, ``result``),
    ``at`` (the action it happened at) and a short ``text``; ``None`` when nothing did."""
    status = game["status"]
    oracle = game.get("oracle") or {}
    at = game["actions"] + 1
    if status == "setup-invalid":
        return {"kind": "invalid", "at": 0, "text": f"the title does not validate: {game['failure']}"}
    if status == "setup-hang":
        where = game["crash"]["where"]
        return {"kind": "hang", "at": 0, "text": f"our engine hangs setting the game up (at {where})"}
    if status.startswith("setup-"):
        return {"kind": "setup", "at": 0, "text": f"our engine cannot set the game up: {game['failure']}"}
    refused = oracle.get("refused")
    if refused:
        return {
            "kind": "refused",
            "at": refused.get("id") or 0,
            "type": refused.get("type"),
            "text": refused.get("message") or "",
        }
    if status == "crash":
        crash = game["crash"]
        return {
            "kind": "crash",
            "at": at,
            "text": f"our engine crashed: {crash['type']} at {crash['where']}",
            "crash": crash,
        }
    if status == "hang":
        where = game["crash"]["where"]
        return {"kind": "hang", "at": at, "text": f"our engine hangs in an action (at {where})"}
    if status in ("stuck", "timeout", "died"):
        return {"kind": status, "at": at, "text": game["failure"] or status}
    if status == "empty":
        return {"kind": "empty", "at": 0, "text": "our game ended before anyone acted: nothing was checked"}
    if status == "unfinished":
        return {"kind": "unfinished", "at": at, "text": "our game did not end within 20000 actions"}
    if "error" in oracle:
        return {"kind": "oracle", "at": at, "text": oracle["error"]}
    if not oracle.get("result_equal", True):
        return {"kind": "result", "at": game["actions"], "text": "accepted to the end, another result"}
    return None


def summarize(title: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A title's figures from its games' records: whether it validates and starts, the
    games finished, accepted to the end and with an equal result, and the first
    problem: the earliest refusal of any game, else the earliest other problem."""
    problems = [(p, i) for i, g in enumerate(games) if (p := problem_of(g)) is not None]
    refusals = [(p, i) for p, i in problems if p["kind"] == "refused"]
    first = min(refusals or problems, key=lambda pi: (pi[0]["at"], pi[1]), default=None)
    return {
        "title": title,
        "validates": any(g["status"] != "setup-invalid" for g in games),
        "starts": any(not g["status"].startswith("setup-") and g["actions"] > 0 for g in games),
        "games": len(games),
        "finished": sum(g["status"] == "finished" for g in games),
        "accepted": sum(accepted_to_end(g) for g in games),
        "result_equal": sum(accepted_to_end(g) and bool(g["oracle"].get("result_equal")) for g in games),
        "first": None if first is None else {**first[0], "game": games[first[1]]["game"]},
        "crashes": [g["crash"] for g in games if g["crash"]],
        "game_records": games,
    }


def refusal_kind(problem: dict[str, Any]) -> str:
    """A refusal for the histogram: the action type and the message with its particulars
    (numbers, quoted names, entities, hexes) replaced, so that alike refusals count together."""
    text = problem.get("text") or ""
    text = re.sub(r"\{\"[^}]*(\}|$)", "{…}", text)  # an action as Ruby shows it
    text = re.sub(r"\"[^\"]*\"|'[^']*'", "…", text)
    text = re.sub(r"\b[A-Z]{0,2}\d+\b", "N", text)
    text = re.sub(r"\$?N(?:[.,]N)*", "N", text)
    text = re.sub(r"#<[^>]*>", "…", text)
    return f"{problem.get('type') or '?'}: {short(text, 90)}"


RUBY_ERRORS = re.compile(
    r"^(NoMethodError|TypeError|ArgumentError|NameError|ZeroDivisionError)\b|comparison of"
)


def refusal_family(problem: dict[str, Any]) -> str:
    """A coarser kind of refusal: 18xx.games expects another step (at the first action:
    the title's own first round), its engine fails on the action (a Ruby error), or a
    rule refuses it (:func:`refusal_kind`)."""
    text = problem.get("text") or ""
    if text.startswith("Blocking step ") and " cannot process action " in text:
        if problem["at"] <= 1:
            return "the first action: 18xx.games plays the title's own first round"
        return f"{problem.get('type') or '?'}: 18xx.games is at another step"
    if RUBY_ERRORS.search(text):
        return f"{problem.get('type') or '?'}: 18xx.games' engine fails on the action (a Ruby error)"
    return refusal_kind(problem)


def histogram(
    summaries: Iterable[dict[str, Any]], kind: Callable[[dict[str, Any]], str] = refusal_kind
) -> Counter[str]:
    """The titles' first refusals by ``kind`` (:func:`refusal_kind`, or :func:`refusal_family`);
    titles where 18xx.games refused nothing are counted by what went wrong first instead,
    or as accepted."""
    counts: Counter[str] = Counter()
    for s in summaries:
        first = s["first"]
        if first is None:
            counts["(every game accepted, same result)"] += 1
        elif first["kind"] == "refused":
            counts[kind(first)] += 1
        elif first["kind"] == "crash":
            counts[f"(nothing refused; our engine crashed: {first['crash']['type']})"] += 1
        else:
            counts[f"(nothing refused; {first['kind']})"] += 1
    return counts


# --- GAPS.md ----------------------------------------------------------------------------


def md(text: str) -> str:
    """Text safe inside a Markdown line (no backquotes, no line breaks)."""
    return short(text, 10_000).replace("`", "'")


def game_line(game: dict[str, Any]) -> str:
    """One game of a title, for GAPS.md."""
    head = f"seed {game['seed']}, {game['players']} players, {game['bot']} bot"
    status = game["status"]
    if status.startswith("setup-"):
        return f"- {head}: not set up here: {md(game['failure'] or '')}"
    played = f"{game['actions']} actions, " + {
        "finished": "finished here",
        "unfinished": "unfinished after 20000 actions",
        "timeout": "stopped (time limit)",
        "died": "its process died",
        "crash": "our engine crashed",
        "hang": "our engine hung in an action",
        "stuck": "our bot found no legal way on",
    }.get(status, status)
    oracle = game.get("oracle") or {}
    refused = oracle.get("refused")
    if refused:
        said = f"18xx.games refused action {refused['id']} (`{refused['type']}`): “{md(refused['message'])}”"
    elif "error" in oracle:
        said = f"not checked: {md(oracle['error'])}"
    elif not oracle:
        said = "not checked"
    elif accepted_to_end(game):
        said = "18xx.games accepted every action" + (
            ", same result" if oracle.get("result_equal") else ", another result"
        )
    else:
        said = "18xx.games accepted every action played"
    line = f"- {head}: {played}; {said}"
    if game["crash"]:
        crash = game["crash"]
        what = "hang" if "hang" in status else "crash"
        line += f"; our {what}: `{crash['type']}` at {crash['where']} (“{md(short(crash['message'], 100))}”)"
    return line


def section_text(summary: dict[str, Any]) -> str:
    """The GAPS.md section of a title (ends with one newline)."""
    games = summary["game_records"]
    n = len(games)
    first = summary["first"]
    if first is None:
        verdict = f"18xx.games' engine accepted all {n} to the end, with the same result."
    elif first["kind"] == "refused":
        verdict = (
            f"The first refusal: action {first['at']} (`{first['type']}`) of {first['game']}: "
            f"“{md(first['text'])}”."
        )
    elif not summary["starts"]:
        verdict = f"No game starts here: {md(first['text'])}."
    else:
        verdict = f"18xx.games refused nothing played; first, in {first['game']}: {md(first['text'])}."
    lines = [
        SECTION,
        "",
        f"`tools/conform_catalogue.py` played {n} bot games of this folder with this project's engine "
        "and replayed them strictly in 18xx.games' engine: "
        f"{summary['finished']} finished here, {summary['accepted']} accepted to the end, "
        f"{summary['result_equal']} with the same result. {verdict}",
        "",
        *(game_line(g) for g in games),
    ]
    return "\n".join(lines) + "\n"


def replace_section(text: str, section: str, heading: str = SECTION) -> str:
    """``text`` with the section under ``heading`` (to the next ``## `` heading or the
    end) replaced by ``section``, or ``section`` appended after one blank line."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip("\n") == heading), None)
    if start is None:
        body = text.rstrip("\n")
        return (body + "\n\n" if body else "") + section
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    before = "".join(lines[:start]).rstrip("\n")
    after = "".join(lines[end:])
    joined = (before + "\n\n" if before else "") + section
    return joined + ("\n" + after if after else "")


def write_section(gaps: Path, section: str) -> bool:
    """Put the section into a GAPS.md (replacing an earlier one); whether it changed."""
    old = gaps.read_text(encoding="utf-8") if gaps.exists() else ""
    new = replace_section(old, section)
    if new != old:
        gaps.write_text(new, encoding="utf-8")
    return new != old


# --- the report -------------------------------------------------------------------------


def reproduce(folder: str, game: dict[str, Any]) -> str:
    """The command that plays the game again (a crash shows its traceback)."""
    return f"18xx play {shlex.quote(folder)} -p {game['players']} -s {game['seed']} --bot {game['bot']}"


def crash_list(summaries: list[dict[str, Any]], folders: dict[str, str]) -> list[dict[str, Any]]:
    """Our engine's crashes, grouped by exception type and frame, with the titles met
    and a command reproducing the first."""
    groups: dict[tuple[str, str, str], dict[str, Any]] = {}
    for s in summaries:
        for g in s["game_records"]:
            crash = g["crash"]
            if not crash:
                continue
            kind = "hang" if "hang" in g["status"] else "crash"
            # a loop is named by its function: the line it was at when stopped varies
            where = re.sub(r":\d+ in ", " in ", crash["where"]) if kind == "hang" else crash["where"]
            entry = groups.setdefault(
                (kind, crash["type"], where),
                {
                    "kind": kind,
                    "type": crash["type"],
                    "where": where,
                    "message": short(crash["message"], 200),
                    "stack": crash.get("stack", ""),
                    "titles": [],
                    "games": 0,
                    "reproduce": reproduce(folders[s["title"]], g),
                },
            )
            entry["games"] += 1
            if s["title"] not in entry["titles"]:
                entry["titles"].append(s["title"])
    return sorted(groups.values(), key=lambda e: (e["kind"], -len(e["titles"]), e["type"], e["where"]))


def title_line(s: dict[str, Any]) -> str:
    n = s["games"]
    first = s["first"]
    if first is None:
        said = "all accepted"
    elif first["kind"] == "refused":
        said = f"refused: action {first['at']} {first['type']} ({first['game']}): {short(first['text'], 100)}"
    else:
        said = f"{first['kind']} ({first['game']}): {short(first['text'], 110)}"
    return (
        f"{s['title'][:26]:26} {'yes' if s['starts'] else 'no':>6} {s['finished']:>4}/{n} "
        f"{s['accepted']:>4}/{n} {s['result_equal']:>4}/{n}  {said}"
    )


def totals(summaries: list[dict[str, Any]]) -> dict[str, int]:
    games = [g for s in summaries for g in s["game_records"]]
    return {
        "titles": len(summaries),
        "validate": sum(s["validates"] for s in summaries),
        "start": sum(s["starts"] for s in summaries),
        "titles_accepted": sum(s["accepted"] == s["games"] > 0 for s in summaries),
        "titles_some_accepted": sum(s["accepted"] > 0 for s in summaries),
        "games": len(games),
        "finished": sum(s["finished"] for s in summaries),
        "accepted": sum(s["accepted"] for s in summaries),
        "result_equal": sum(s["result_equal"] for s in summaries),
        "refused": sum(bool((g.get("oracle") or {}).get("refused")) for g in games),
        "crashed": sum(g["status"] in ("crash", "setup-crash") for g in games),
        "hung": sum(g["status"] in ("hang", "setup-hang") for g in games),
        "stuck": sum(g["status"] == "stuck" for g in games),
        "timeout": sum(g["status"] in ("timeout", "died") for g in games),
    }


# --- the run ----------------------------------------------------------------------------


def converted_titles(args: argparse.Namespace, temporary: str) -> tuple[dict[str, str], list[str]]:
    """The title folders to play (name → folder), and the titles that were not converted
    or do not validate (each with why)."""
    if args.titles:
        found = sorted(
            (p for p in Path(args.titles).iterdir() if (p / "title.yaml").is_file()),
            key=lambda p: p.name.lower(),
        )
        folders = {p.name: str(p) for p in found}
        if args.only:
            folders = {k: v for k, v in folders.items() if k in args.only}
        return folders, []
    from framework.convert.run import import_titles

    out = Path(args.out or temporary)
    print(f"converting into {out} …", file=sys.stderr)
    outcomes = import_titles(Path(args.source), list(args.only or []), out, every=not args.only, force=True)
    folders = {o.title: o.folder for o in outcomes if o.folder and o.valid}
    left = [
        f"{o.title}: does not validate ({short(o.problems[0] if o.problems else '', 100)})"
        if o.folder
        else f"{o.title}: not converted ({short(o.reason or '', 100)})"
        for o in outcomes
        if not (o.folder and o.valid)
    ]
    return dict(sorted(folders.items(), key=lambda kv: kv[0].lower())), left


def run(folders: dict[str, str], args: argparse.Namespace, keep: str) -> dict[str, list[dict[str, Any]]]:
    """Play and check every title's games; the games' records by title."""
    # imported once here, before the processes fork, rather than in each of them
    import framework.bots.play
    import framework.engine.trace  # noqa: F401

    records: dict[str, list[dict[str, Any]]] = {}
    runner = Runner(args.workers)
    seeds, bots = parse_ints(args.seeds), args.bots.split(",")

    def plan(name: str, folder: str) -> None:
        specs = title_specs(Path(folder), seeds, bots)
        where = Path(keep) / Path(folder).name
        where.mkdir(parents=True, exist_ok=True)
        done: dict[int, tuple[dict[str, Any], Played | None]] = {}

        def finished_game(k: int, spec: Spec) -> Callable[[Any], None]:
            def done_one(info: Any) -> None:
                record = game_record(spec, info, args.seconds)
                played = info.get("played") if isinstance(info, dict) else None
                if played is None and record["status"] in ("timeout", "died"):
                    partial = where / f"{spec.stem}.json"
                    if partial.exists():  # killed in an action: check the game saved so far
                        record["file"] = str(partial)
                        played = Played(spec, str(partial), False, None, {}, [], record["failure"])
                done[k] = (record, played)
                if len(done) == len(specs):
                    checked(name, [done[i] for i in range(len(specs))], str(where))

            return done_one

        for k, spec in enumerate(specs):
            runner.pending.append(
                Job(
                    (name, spec.stem),
                    game_job,
                    (spec, str(where), args.seconds),
                    args.seconds + 60,
                    finished_game(k, spec),
                )
            )

    def checked(name: str, games: list[tuple[dict[str, Any], Played | None]], where: str) -> None:
        playable = [p for _, p in games if p is not None]

        def done_check(verdicts: Any) -> None:
            for record, p in games:
                if p is not None:
                    verdict = verdicts.get(p.path) if "died" not in verdicts else None
                    record["oracle"] = (
                        oracle_record(verdict)
                        if verdict
                        else {"error": f"no verdict: {verdicts.get('died', 'none given')}"}
                    )
            records[name] = [r for r, _ in games]
            report_title(summarize(name, records[name]), folders[name], args)

        if not playable:
            done_check({})
            return
        timeout = args.oracle_seconds
        runner.pending.insert(
            0, Job((name, "check"), check_job, (playable, where, timeout), timeout + 60, done_check)
        )

    for name, folder in folders.items():
        plan(name, folder)
    runner.run()
    return records


def report_title(summary: dict[str, Any], folder: str, args: argparse.Namespace) -> None:
    print(title_line(summary), flush=True)
    if not args.no_gaps:
        write_section(Path(folder) / "GAPS.md", section_text(summary))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--titles", help="A folder of converted titles (default: convert them first).")
    parser.add_argument("--source", default=str(ORACLE / "reference"), help="18xx.games' engine to convert.")
    parser.add_argument("--out", help="Convert into this folder and keep it (default: a temporary one).")
    parser.add_argument("--only", action="append", help="Only this title (repeatable).")
    parser.add_argument("--seeds", default="1-2", help="A range A-B or a list A,B,C: one game per seed.")
    parser.add_argument("--bots", default="heuristic,random", help="Bots, one per seed in turn.")
    parser.add_argument("--seconds", type=float, default=20.0, help="Time limit of a game here.")
    parser.add_argument("--oracle-seconds", type=float, default=180.0, help="Time limit of a title's check.")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", help="Keep the game files and traces in this folder.")
    parser.add_argument("--json", help="Write every figure to this file.")
    parser.add_argument("--no-gaps", action="store_true", help="Leave the titles' GAPS.md as they are.")
    args = parser.parse_args(argv)
    if not (ORACLE / "check.rb").exists():
        print(f"conform_catalogue: the oracle is not at {ORACLE} (set RAILS18XX_ORACLE)", file=sys.stderr)
        return 2

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="18xx-catalogue-") as temporary:
        folders, left = converted_titles(args, temporary)
        keep = args.keep or str(Path(temporary) / "games")
        print(
            f"{'title':26} {'starts':>6} {'finished':>6} {'accepted':>6} {'equal':>6}  "
            "first refusal or problem"
        )
        records = run(folders, args, keep)
    seconds = time.perf_counter() - started
    summaries = [summarize(name, records[name]) for name in folders if name in records]
    figures = totals(summaries)
    causes = histogram(summaries)
    families = histogram(summaries, refusal_family)
    crashes = crash_list(summaries, folders)
    print()
    for line in left:
        print(f"not played: {line}")
    figures["not_played"] = len(left)
    print(
        f"titles {figures['titles'] + len(left)}, played {figures['titles']} (not converted or not valid: "
        f"{len(left)}): validate {figures['validate']}, start {figures['start']}, "
        f"all games accepted {figures['titles_accepted']}, some accepted {figures['titles_some_accepted']}"
    )
    print(
        f"games {figures['games']}: finished here {figures['finished']}, accepted to the end "
        f"{figures['accepted']}, same result {figures['result_equal']}, refused {figures['refused']}, "
        f"our crashes {figures['crashed']}, hangs {figures['hung']}, stuck {figures['stuck']}, "
        f"timeouts {figures['timeout']} "
        f"({seconds:.0f} s)"
    )
    print("\nthe titles' first refusals, by kind:")
    for cause, count in families.most_common():
        print(f"{count:5d}  {cause}")
    print("\nthe titles' first refusals:")
    for cause, count in causes.most_common():
        print(f"{count:5d}  {cause}")
    if crashes:
        print("\nour engine's crashes:")
        for c in crashes:
            print(
                f"  {c['kind']}: {c['type']} at {c['where']}: {len(c['titles'])} titles "
                f"({', '.join(c['titles'][:8])})"
            )
            print(f"    {c['message']}")
            print(f"    reproduce: {c['reproduce']}")
    if args.json:
        data = {
            "figures": figures,
            "seconds": round(seconds),
            "settings": {"seeds": args.seeds, "bots": args.bots, "seconds": args.seconds},
            "not_played": left,
            "first_refusals": dict(causes.most_common()),
            "first_refusals_by_kind": dict(families.most_common()),
            "crashes": crashes,
            "titles": summaries,
        }
        Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
