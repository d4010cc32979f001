"""``18xx import``'s work: dump the titles asked for, convert each, write and check it.

A title that cannot be converted is reported with the reason, and the others are
still converted. :func:`import_titles` returns one :class:`Outcome` per title.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from framework.convert.source import dumped, list_titles
from framework.convert.title import convert_title
from framework.convert.writer import folder_name, validate, write_title


@dataclass
class Outcome:
    """What became of one title."""

    title: str
    dev_stage: str = ""
    status: str = "failed"
    """``written``, ``unchanged``, ``exists`` (kept, not forced) or ``failed``."""
    folder: str | None = None
    valid: bool | None = None
    problems: list[str] = field(default_factory=list)
    gaps: int = 0
    reason: str | None = None


def choose(source: Path, titles: list[str], every: bool) -> tuple[list[str], dict[str, str]]:
    """The titles to convert (every one with ``every``) and each title's stage."""
    known = list_titles(source)
    if every:
        return sorted(known), known
    unknown = [t for t in titles if t not in known]
    if unknown:
        raise KeyError(", ".join(unknown))
    return titles, known


def import_titles(
    source: Path,
    titles: list[str],
    out: Path,
    *,
    every: bool = False,
    force: bool = False,
    check: bool = True,
    workers: int = 1,
) -> list[Outcome]:
    """Convert the titles into ``out``; each outcome says whether its folder validates.
    With ``workers`` above 1 the titles are shared out to that many processes (each
    reading 18xx.games' engine once per batch of titles); the outcomes are the same and
    come in the same order."""
    chosen, stages = choose(source, titles, every)
    batches = [chosen[k :: workers * 4] for k in range(workers * 4)] if workers > 1 else [chosen]
    batches = [b for b in batches if b]
    if len(batches) == 1:
        return _convert(source, chosen, stages, out, force, check)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        jobs = [pool.submit(_convert, source, batch, stages, out, force, check) for batch in batches]
        by_title = {o.title: o for job in jobs for o in job.result()}
    return [by_title[t] for t in chosen]


def _convert(
    source: Path, chosen: list[str], stages: dict[str, str], out: Path, force: bool, check: bool
) -> list[Outcome]:
    """One batch of :func:`import_titles`: its titles dumped by one run of the engine."""
    outcomes: list[Outcome] = []
    with dumped(source, chosen) as dumps:
        for title in chosen:
            outcome = Outcome(title, stages.get(title, ""))
            outcomes.append(outcome)
            dump = dumps.get(title)
            if not isinstance(dump, dict):
                outcome.reason = dump or "the engine gave nothing for it"
                continue
            try:
                converted = convert_title(dump)
            except (ValueError, KeyError, TypeError) as exc:
                outcome.reason = f"{type(exc).__name__}: {exc}"
                continue
            folder, outcome.status = write_title(converted, out, force=force)
            outcome.folder = str(folder)
            outcome.gaps = converted.gaps.count()
            if outcome.status != "exists" and check:
                outcome.problems = validate(folder, [v.key for v in converted.variants])
                outcome.valid = not outcome.problems
    return outcomes


__all__ = ["Outcome", "folder_name", "import_titles"]
