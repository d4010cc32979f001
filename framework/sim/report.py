"""The HTML report of ``18xx simulate --report FILE.html``: one self-contained page with
the distributions of the scores and the winners' scores, wins by seat (with their 95%
intervals), game length, when the bank breaks, and for ``--compare`` both sets of games
side by side in every chart, with a table of the differences and their intervals.

The charts are inline SVG from :mod:`framework.render.plots`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from framework.render.plots import bar_chart, histogram
from framework.sim.simulate import GameSummary


def _round_key(name: str) -> tuple[int, ...]:
    """Rounds in playing order: ``OR3.2`` after ``OR3.1`` and before ``OR10.1``."""
    return tuple(int(n) for n in re.findall(r"\d+", name)) or (0,)


def charts(results: Mapping[str, Sequence[GameSummary]], reports: dict[str, dict[str, Any]]) -> list[str]:
    """The report's charts, each an ``<svg>``, every set of games a series in each."""
    done = {label: [s for s in games if s.failure is None] for label, games in results.items()}
    out = [
        histogram(
            [(label, [v for s in games for v in s.scores]) for label, games in done.items()],
            title="final scores (every player)",
        ),
        histogram(
            [(label, [max(s.scores) for s in games if s.scores]) for label, games in done.items()],
            title="winner's score",
        ),
    ]
    seats = sorted({seat for rep in reports.values() for seat in rep["seat_wins"]}, key=int)
    out.append(
        bar_chart(
            [f"seat {seat}" for seat in seats],
            [
                (
                    label,
                    [rep["seat_wins"].get(seat, {}).get("rate", 0.0) for seat in seats],
                    [rep["seat_wins"].get(seat, {}).get("ci95", 0.0) for seat in seats],
                )
                for label, rep in reports.items()
            ],
            title="wins by seat (95% intervals)",
            percent=True,
        )
    )
    out.append(
        histogram(
            [(label, [s.actions for s in games]) for label, games in done.items()], title="actions per game"
        )
    )
    if any(s.operating_layer for games in done.values() for s in games):
        out.append(
            histogram(
                [(label, [s.operating_rounds for s in games]) for label, games in done.items()],
                title="operating rounds per game",
            )
        )
        rounds = sorted(
            {r for rep in reports.values() for r in rep.get("bank_breaks_in", {})}, key=_round_key
        )
        never = {label: sum(1 for s in games if not s.bank_broke_in) for label, games in done.items()}
        labels = [*rounds, "never"]
        out.append(
            bar_chart(
                labels,
                [
                    (label, [*(rep.get("bank_breaks_in", {}).get(r, 0) for r in rounds), never[label]], None)
                    for label, rep in reports.items()
                ],
                title="when the bank breaks (games)",
                width=max(460, 34 * len(labels) * len(reports)),
            )
        )
    return out


def _summary_table(reports: dict[str, dict[str, Any]]) -> str:
    def mean(item: dict[str, float]) -> str:
        return f"{item['mean']:.1f} ± {item['ci95']:.1f}"

    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("games finished", lambda r: f"{r['finished']} of {r['games']}")
    ]

    def averaged(key: str) -> Callable[[dict[str, Any]], str]:
        return lambda r: mean(r[key]) if key in r else "—"

    for key in ("actions", "stock_rounds", "operating_rounds", "winner_score", "score_spread"):
        rows.append((key.replace("_", " "), averaged(key)))
    rows.append(("end reasons", lambda r: ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items())))
    head = "".join(f"<th>{escape(label)}</th>" for label in reports)
    body = "".join(
        f"<tr><th>{escape(name)}</th>"
        + "".join(f"<td>{escape(fn(r))}</td>" for r in reports.values())
        + "</tr>"
        for name, fn in rows
    )
    return f'<table id="summary"><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>'


def _difference_table(diff: dict[str, Any], name: str) -> str:
    rows = []
    for key in ("operating_rounds", "actions", "winner_score", "score_spread"):
        item = diff[key]
        rows.append((key.replace("_", " "), f"{item['mean']:+.1f}", f"± {item['ci95']:.1f}"))
    for reason, item in diff["end_reasons"].items():
        rows.append((f"ends by {reason}", f"{item['mean']:+.0%}", f"± {item['ci95']:.0%}"))
    body = "".join(f"<tr><th>{escape(a)}</th><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    return (
        f"<h2>{escape(name)} minus base, over {diff['paired_games']} games of the same seeds</h2>"
        f'<table id="difference"><thead><tr><th></th><th>difference</th><th>95% interval</th></tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def report_html(
    title: str,
    results: Mapping[str, Sequence[GameSummary]],
    reports: dict[str, dict[str, Any]],
    difference: dict[str, Any] | None = None,
) -> str:
    """The whole report page."""
    parts = [f"<h1>{escape(title)}</h1>", _summary_table(reports)]
    if difference is not None:
        other = next(label for label in reports if label != "base")
        parts.append(_difference_table(difference, other))
    parts.append('<div class="charts">' + "".join(charts(results, reports)) + "</div>")
    failures = [f for rep in reports.values() for f in rep["failures"]]
    if failures:
        items = "".join(f"<li>seed {f['seed']}: {escape(str(f['failure']))}</li>" for f in failures)
        parts.append(f"<h2>Failed games</h2><ul>{items}</ul>")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>"
        "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:16px;background:#f6f4ee;color:#111}"
        "table{border-collapse:collapse;background:#fff;font-size:13px;margin-bottom:12px}"
        "th,td{border:1px solid #ddd;padding:3px 8px;text-align:left}thead th{background:#eceae2}"
        ".charts{display:flex;flex-wrap:wrap;gap:12px}.charts svg{background:#fff;border:1px solid #ccc}"
        "</style></head><body>" + "".join(parts) + "</body></html>"
    )
