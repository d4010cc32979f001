"""Small SVG charts written by hand: bars (grouped, with error bars), histograms and
step lines, each an ``<svg>`` element to put inline in an HTML page.

No plotting library: the charts are a few rectangles and polylines each, the pages
that hold them must stay self-contained and small, and matplotlib (the well-kept
choice) would add a heavy dependency and megabytes of SVG paths for text.

>>> svg = bar_chart(["1", "2"], [("wins", [3, 5], None)], title="wins by seat")
>>> svg.count('class="bar"')
2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

COLORS = ("#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00")
"""Series colours."""

Series = tuple[str, Sequence[float], Sequence[float] | None]
"""A bar series: its name, one value per label and the half-widths of their error bars."""


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _nice_max(v: float) -> float:
    if v <= 0:
        return 1.0
    step: float = 10 ** len(str(int(v))) / 10
    for k in (1, 2, 2.5, 5, 10):
        if v <= k * step:
            return k * step
    return 10 * step


def _axis(
    x0: float, y0: float, w: float, h: float, top: float, fmt: Callable[[float], str] = _num
) -> list[str]:
    out = [f'<line x1="{x0}" y1="{y0}" x2="{x0 + w}" y2="{y0}" stroke="#444"/>']
    for k in range(5):
        v = top * k / 4
        y = y0 - h * k / 4
        out.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{fmt(v)}</text>')
    return out


def _frame(width: float, height: float, title: str, body: list[str], cls: str) -> str:
    return (
        f'<svg class="chart {cls}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
        f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">'
        f"{escape(title)}</text>{''.join(body)}</svg>"
    )


def bar_chart(
    labels: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    width: float = 460,
    height: float = 240,
    percent: bool = False,
) -> str:
    """Bars for each label, one per series side by side, with 95% error bars when given."""
    x0, y0 = 46.0, height - 34
    w, h = width - x0 - 10, y0 - 30
    top = _nice_max(max((v + (e[k] if e else 0) for _, vs, e in series for k, v in enumerate(vs)), default=1))
    if percent:
        top = min(top, 1.0)
    elif all(float(v).is_integer() for _, vs, _ in series for v in vs):
        top = max(4, math.ceil(top / 4) * 4)  # counts: whole ticks
    fmt = (lambda v: f"{v * 100:.0f}%") if percent else _num
    body = _axis(x0, y0, w, h, top, fmt)
    slot = w / max(1, len(labels))
    bw = slot * 0.8 / max(1, len(series))
    for s, (name, values, errors) in enumerate(series):
        color = COLORS[s % len(COLORS)]
        for k, v in enumerate(values):
            x = x0 + k * slot + slot * 0.1 + s * bw
            bh = h * v / top
            body.append(
                f'<rect class="bar" data-series="{escape(name)}" data-label="{escape(str(labels[k]))}" '
                f'x="{x:.1f}" y="{y0 - bh:.1f}" width="{bw:.1f}" height="{bh:.1f}" fill="{color}">'
                f"<title>{escape(name)} {escape(str(labels[k]))}: {fmt(v)}"
                + (f" ± {fmt(errors[k])}" if errors else "")
                + "</title></rect>"
            )
            if errors and errors[k]:
                lo, hi = max(0, v - errors[k]), min(top, v + errors[k])
                cx, lo, hi = x + bw / 2, y0 - h * lo / top, y0 - h * hi / top
                body.append(
                    f'<path class="error" d="M{cx:.1f} {lo:.1f}V{hi:.1f}M{cx - 3:.1f} {lo:.1f}h6'
                    f'M{cx - 3:.1f} {hi:.1f}h6" stroke="#000" fill="none"/>'
                )
    step = max(1, len(labels) // 12)
    for k, label in enumerate(labels):
        if k % step == 0:
            x = x0 + (k + 0.5) * slot
            body.append(
                f'<text x="{x:.1f}" y="{y0 + 14}" text-anchor="middle" font-size="11">'
                f"{escape(str(label))}</text>"
            )
    if len(series) > 1:
        for s, (name, _, _) in enumerate(series):
            x = x0 + 8 + s * 150
            body.append(
                f'<rect x="{x}" y="{height - 14}" width="10" height="10" fill="{COLORS[s % len(COLORS)]}"/>'
                f'<text x="{x + 14}" y="{height - 5}" font-size="11">{escape(name)}</text>'
            )
    return _frame(width, height, title, body, "bars")


def bins(values: Sequence[float], count: int = 10) -> tuple[list[str], list[int], float, float]:
    """Equal-width bins over ``values``: their labels (lower edges), counts, start and width.

    >>> bins([1, 2, 2, 9], 4)[:2]
    (['1', '4', '7'], [3, 0, 1])
    >>> bins([0.5, 1.0, 2.5], 2)[:2]
    (['0.5', '1.5'], [2, 1])
    """
    if not values:
        return [], [], 0.0, 1.0
    lo, hi = min(values), max(values)
    if hi == lo:
        return [_num(lo)], [len(values)], lo, 1.0
    width = (hi - lo) / count
    if all(float(v).is_integer() for v in values):  # whole numbers: whole bins
        width = float(max(1, math.ceil((hi - lo + 1) / count)))
        count = math.ceil((hi - lo + 1) / width)
    counts = [0] * count
    for v in values:
        counts[min(count - 1, int((v - lo) / width))] += 1
    return [_num(lo + k * width) for k in range(count)], counts, lo, width


def histogram(
    sets: Sequence[tuple[str, Sequence[float]]], *, title: str, count: int = 10, width: float = 460
) -> str:
    """The distribution of each set of values over the same bins, as bars."""
    every = [v for _, values in sets for v in values]
    labels, _, lo, step = bins(every, count)
    series: list[Series] = []
    for name, values in sets:
        counts = [0] * len(labels)
        for v in values:
            counts[min(len(labels) - 1, int((v - lo) / step))] += 1
        series.append((name, counts, None))
    return bar_chart(labels, series, title=title, width=width)


def step_lines(
    series: Sequence[tuple[str, str, Sequence[tuple[int, float]]]],
    *,
    title: str,
    x_max: int,
    width: float = 640,
    height: float = 220,
    cursor: bool = True,
) -> str:
    """Values that change at some steps (``(step, value)`` points, held until the next),
    one polyline per series with its name in a legend; a vertical cursor line
    (``.cursor``) a page script can move."""
    x0, y0 = 46.0, height - 38
    w, h = width - x0 - 10, y0 - 26
    top = _nice_max(max((v for _, _, pts in series for _, v in pts), default=1))
    body = _axis(x0, y0, w, h, top)

    def sx(k: float) -> float:
        return x0 + w * k / max(1, x_max)

    for name, color, points in series:
        coords: list[str] = []
        last = None
        for k, v in points:
            y = y0 - h * v / top
            if last is not None:
                coords.append(f"{sx(k):.1f},{last:.1f}")
            coords.append(f"{sx(k):.1f},{y:.1f}")
            last = y
        if last is not None:
            coords.append(f"{sx(x_max):.1f},{last:.1f}")
        body.append(
            f'<polyline class="series" data-series="{escape(name)}" points="{" ".join(coords)}" '
            f'fill="none" stroke="{color}" stroke-width="1.6"><title>{escape(name)}</title></polyline>'
        )
    per_row = max(1, int(w // 70))
    for s, (name, color, _) in enumerate(series):
        x, y = x0 + (s % per_row) * 70, y0 + 14 + (s // per_row) * 12
        body.append(
            f'<rect x="{x:.0f}" y="{y - 8}" width="9" height="9" fill="{color}"/>'
            f'<text x="{x + 12:.0f}" y="{y}" font-size="10">{escape(name)}</text>'
        )
    rows = (len(series) + per_row - 1) // per_row
    height = max(height, y0 + 16 + rows * 12)
    if cursor:
        body.append(
            f'<line class="cursor" x1="{x0}" y1="{y0 - h}" x2="{x0}" y2="{y0}" stroke="#000" '
            f'stroke-dasharray="3 2" data-x0="{x0}" data-w="{w:.1f}" data-n="{x_max}"/>'
        )
    return _frame(width, height, title, body, "lines")


Points = Sequence[tuple[int, float]]
"""``(step, value)`` where a value changes."""


def game_plots(
    worth: Sequence[tuple[str, Points]], prices: Sequence[tuple[str, str, Points]], steps: int
) -> str:
    """The two plots over a game that the replay viewer and the play page show: net worth
    per player (``(name, points)``, in the series colours) and share prices per
    corporation (``(sym, colour, points)``), over ``steps`` actions, each in its
    ``<div>`` (``plot-worth``, ``plot-prices``) with a cursor line."""
    lines = step_lines(
        [(name, COLORS[k % len(COLORS)], pts) for k, (name, pts) in enumerate(worth)],
        title="net worth per player",
        x_max=steps,
    )
    price = step_lines(list(prices), title="share prices", x_max=steps)
    return f'<div id="plot-worth">{lines}</div><div id="plot-prices">{price}</div>'
