"""The HTML report of ``18xx simulate --report``: its charts have a bar per bin, seat
and round, every set of games a series, and a comparison shows both sets with the
differences' intervals."""

from __future__ import annotations

import re
from html import escape

from framework.render.plots import bins, step_lines
from framework.sim.report import report_html
from framework.sim.simulate import GameSummary, compare, report


def games(shift: int = 0) -> list[GameSummary]:
    out = []
    for seed in range(1, 7):
        scores = [1000 + 100 * seed + shift, 900 + shift, 800, 700 + 50 * seed]
        if seed % 2:  # seats 1 and 2 share the wins
            scores[0], scores[1] = scores[1], scores[0]
        out.append(
            GameSummary(
                seed,
                4,
                finished=True,
                end_reason="bank",
                actions=500 + 10 * seed + shift,
                stock_rounds=8,
                operating_rounds=14 + seed % 3,
                scores=scores,
                winner=scores.index(max(scores)),
                bank_broke_in=f"OR{8 + seed % 2}.{1 + seed % 3}",
            )
        )
    return out


def bars(html: str, chart: str) -> list[str]:
    """The ``<rect class="bar">`` of the chart titled ``chart``."""
    svg = next(s for s in re.findall(r"<svg.*?</svg>", html, re.S) if f">{escape(chart)}</text>" in s)
    return re.findall(r'<rect class="bar"[^>]*>', svg)


def test_report_has_a_chart_for_each_figure_with_the_right_bars():
    base = games()
    html = report_html("18XX, 4 players", {"base": base}, {"base": report(base)})
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html
    assert len(bars(html, "wins by seat (95% intervals)")) == 4
    assert html.count('class="error"') >= 1  # the seats that won have their interval drawn
    breaks = {s.bank_broke_in for s in base}
    assert len(bars(html, "when the bank breaks (games)")) == len(breaks) + 1  # and "never"
    labels, counts, _, _ = bins([v for s in base for v in s.scores], 10)
    score_bars = bars(html, "final scores (every player)")
    assert len(score_bars) == len(labels) and sum(counts) == 24
    assert len(bars(html, "actions per game")) == len(bins([s.actions for s in base])[0])
    assert len(bars(html, "winner's score")) == len(bins([max(s.scores) for s in base])[0])


def test_compare_report_shows_both_sets_side_by_side_with_intervals():
    base, other = games(), games(shift=40)
    reports = {"base": report(base), "with house.yaml": report(other)}
    html = report_html("18XX", {"base": base, "with house.yaml": other}, reports, compare(base, other))
    seat_bars = bars(html, "wins by seat (95% intervals)")
    assert len(seat_bars) == 8
    assert {re.search(r'data-series="([^"]+)"', b).group(1) for b in seat_bars} == {"base", "with house.yaml"}
    assert 'id="difference"' in html and "with house.yaml minus base, over 6 games" in html
    assert "+40.0" in html  # the actions differ by 40 in every pair
    assert "<th>base</th><th>with house.yaml</th>" in html


def test_step_lines_draw_one_polyline_per_series_and_a_cursor():
    svg = step_lines([("a", "#f00", [(0, 1), (5, 3)]), ("b", "#00f", [(2, 2)])], title="t", x_max=10)
    assert svg.count('class="series"') == 2 and svg.count('class="cursor"') == 1
    points = re.search(r'data-series="a" points="([^"]+)"', svg).group(1).split()
    assert len(points) == 4  # a step: up at 5, then held to the end
