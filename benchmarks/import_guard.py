"""The guard of ``benchmarks/import.py`` (issue 26): the catalogue's figures compared
with a committed baseline, so that CI fails when one falls.

Figures, as ``benchmarks/import_baseline.json`` holds them::

    {"totals": {...},
     "titles": {"1856": {"converted": true, "validates": true, "games": 7,
                         "matches": 1, "actions": 137}, ...},
     "games": {"1856/12345.json": {"title": "1856", "actions": 137, "matches": false,
                                   "stops": "lay_tile: turn order"}, ...}}

A figure *falls* when a title that converted or validated no longer does, or when its
games, games replayed to their recorded result or actions replayed before the first
divergence are fewer; a title of the baseline that is missing falls in every figure.
A game that ran out of time is not a fall: it counts at its baseline figures, and the
report says so. A figure above the baseline is a rise, never a failure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Figures = dict[str, Any]

FLAGS = ("converted", "validates")
"""A title's yes-or-no figures."""
COUNTS = ("games", "matches", "actions")
"""A title's counted figures."""
NAMES = {
    "converted": "converted",
    "validates": "validates",
    "games": "games",
    "matches": "replayed to the result",
    "actions": "actions before the first divergence",
}

ABOUT = (
    "The figures of benchmarks/import.py that CI must not fall below (docs/measures.md, "
    "'The guard'). Raise them with: python benchmarks/import.py --check FILE --write-baseline FILE"
)


class BaselineError(Exception):
    """A baseline file that cannot be read: its message is for the user."""


@dataclass
class Comparison:
    """What fell, what rose, and the games whose timeout was not counted."""

    falls: list[str] = field(default_factory=list)
    rises: list[str] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)


def figures(rows: list[dict[str, Any]], games: dict[str, dict[str, Any]]) -> Figures:
    """The figures of a run: ``rows`` as ``import.py`` tables them (one per title),
    ``games`` each game's result by its path under the fixtures."""
    titles = {
        row["title"]: {key: row[key] for key in (*FLAGS, *COUNTS)}
        for row in sorted(rows, key=lambda r: str(r["title"]).lower())
    }
    return {"totals": totals(titles), "titles": titles, "games": dict(sorted(games.items()))}


def totals(titles: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The titles' figures summed (the number of titles too)."""
    summed = {"titles": len(titles)}
    for key in (*FLAGS, *COUNTS):
        summed[key] = sum(int(t[key]) for t in titles.values())
    return summed


def counting_timeouts(baseline: Figures, current: Figures) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The current titles' figures with each game that ran out of time counted at its
    baseline figures, and a line per such game."""
    titles = {name: dict(figure) for name, figure in current["titles"].items()}
    notes = []
    for path, game in current.get("games", {}).items():
        before = baseline.get("games", {}).get(path)
        if not game.get("timeout") or before is None or before.get("timeout"):
            continue
        title = titles.get(game["title"])
        if title is None:
            continue
        title["actions"] += before["actions"] - game["actions"]
        title["matches"] += int(before["matches"]) - int(game["matches"])
        matched = ", replayed to its result" if before["matches"] else ""
        notes.append(f"{path}: out of time; counted at its baseline {before['actions']} actions{matched}")
    return titles, notes


def compare(baseline: Figures, current: Figures) -> Comparison:
    """Each title's figures against the baseline's."""
    titles, notes = counting_timeouts(baseline, current)
    result = Comparison(timeouts=notes)
    for name, before in baseline["titles"].items():
        now = titles.get(name)
        if now is None:
            result.falls.append(f"{name}: missing (no longer among the titles or their games)")
            continue
        fell, rose = changes(before, now)
        if fell:
            result.falls.append(f"{name}: {', '.join(fell)}{games_that_fell(name, baseline, current)}")
        if rose:
            result.rises.append(f"{name}: {', '.join(rose)}")
    for name in titles.keys() - baseline["titles"].keys():
        result.rises.append(f"{name}: new ({describe(titles[name])})")
    result.rises.sort(key=str.lower)
    return result


def changes(before: dict[str, Any], now: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The figures of one title that fell and that rose, each as ``name old -> new``."""
    fell: list[str] = []
    rose: list[str] = []
    for key in (*FLAGS, *COUNTS):
        old, new = before.get(key, 0), now.get(key, 0)
        if new == old:
            continue
        text = f"{NAMES[key]} {shown(old)} -> {shown(new)}"
        (fell if new < old else rose).append(text)
    return fell, rose


def games_that_fell(title: str, baseline: Figures, current: Figures, most: int = 3) -> str:
    """The title's games whose figures fell, with what stops them now (``most`` of
    them); a game out of time now is counted at its baseline figures, so is not one."""
    found = []
    for path, before in baseline.get("games", {}).items():
        if before.get("title") != title:
            continue
        now = current.get("games", {}).get(path)
        if now is None:
            found.append(f"{path} missing")
        elif now.get("timeout"):
            continue  # counted at its baseline figures
        elif now["actions"] < before["actions"] or now["matches"] < before["matches"]:
            stops = f", stops at {now['stops']}" if now.get("stops") else ""
            found.append(f"{path} {before['actions']} -> {now['actions']} actions{stops}")
    if not found:
        return ""
    more = f"; {len(found) - most} more" if len(found) > most else ""
    return f" ({'; '.join(found[:most])}{more})"


def shown(value: Any) -> str:
    """A figure as the report shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:,}" if isinstance(value, int) else str(value)


def describe(figure: dict[str, Any]) -> str:
    """A title's figures in one phrase."""
    return ", ".join(f"{NAMES[key]} {shown(figure.get(key, 0))}" for key in (*FLAGS, *COUNTS))


def report(comparison: Comparison, baseline: Figures, current: Figures, path: Path) -> list[str]:
    """The lines the check prints: totals, timeouts, falls, rises."""
    before, now = baseline["totals"], totals(current["titles"])
    lines = [
        "totals now (baseline): "
        + ", ".join(f"{NAMES.get(k, k)} {shown(now[k])} ({shown(before.get(k, 0))})" for k in now)
    ]
    if comparison.timeouts:
        lines.append(f"{len(comparison.timeouts)} game(s) out of time, not counted as a fall:")
        lines.extend(f"  {note}" for note in comparison.timeouts)
    if comparison.rises:
        lines.append(f"rose above {path} (raise it with --write-baseline {path}):")
        lines.extend(f"  {rise}" for rise in comparison.rises)
    if comparison.falls:
        lines.append(f"FELL below {path}:")
        lines.extend(f"  {fall}" for fall in comparison.falls)
    else:
        lines.append(f"no figure below {path}")
    return lines


def read_baseline(path: Path) -> Figures:
    """A baseline file, or :class:`BaselineError` saying what is wrong with it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("titles"), dict):
        raise BaselineError(f"{path}: not a baseline of benchmarks/import.py (no 'titles')")
    for name, figure in data["titles"].items():
        missing = [k for k in (*FLAGS, *COUNTS) if not isinstance(figure, dict) or k not in figure]
        if missing:
            raise BaselineError(f"{path}: title {name!r} lacks {', '.join(missing)}")
    data.setdefault("games", {})
    data["totals"] = totals(data["titles"])
    return data


def write_baseline(path: Path, current: Figures) -> None:
    """Write the figures as a baseline: one line per title and per game, so that a
    raised baseline reads as a short diff."""
    lines = ["{", f' "about": {json.dumps(ABOUT)},', f' "totals": {json.dumps(current["totals"])},']
    lines.append(' "titles": {')
    lines.append(entries(current["titles"]))
    lines.append(" },")
    lines.append(' "games": {')
    lines.append(entries(current["games"]))
    lines.append(" }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def entries(items: dict[str, Any]) -> str:
    """JSON object members, one a line."""
    return ",\n".join(
        f"  {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in items.items()
    )
