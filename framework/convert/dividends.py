"""Dividends of a title whose own dividend step moves share prices its own way, or asks for
a dividend when the routes earn nothing (``dividend_without_revenue``): ``dump.rb``'s
``dividend_moves`` probe asks the step, for a corporation at each price of the market,
how a dividend of k/20 times the price moves it, and names its kinds of dividend. The
moves become ``rules.dividends``: ``payout``, the first rule a dividend reaches (from the
highest multiple down; a move only some prices make gets their least as ``min_price``),
and ``withhold``, the move for nothing paid. The step probed is the operating round's
last dividend step, the run earning what the dividend is; a step that pays half also gets
the move of each half dividend, ``half_move`` when it is always the same (1870's: none).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from framework.convert.gaps import Gaps

KINDS = {"payout", "withhold", "half"}
MOVES = {"left", "right", "up", "down"}


def _segments(samples: list[list[Any]]) -> dict[int, list[tuple[float, tuple[str, ...]]]] | None:
    """By price, where each move starts: ``(multiple, moves)``, ascending."""
    out: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
    for price, rows in groupby(samples, key=lambda row: row[0]):
        segments: list[tuple[float, tuple[str, ...]]] = []
        least = 0  # the least multiple that pays something at this price
        for _, k, direction, times in rows:
            if k > 0 and k * price // 20 == 0:
                least = k  # a dividend of nothing at a low price: as withheld
                continue
            if direction is not None and direction not in MOVES:
                return None
            moves = tuple([direction] * int(times)) if direction else ()
            if not segments or segments[-1][1] != moves:
                segments.append(((1 if k == least + 1 else k) / 20, moves))
        out[int(price)] = segments
    return out


def _paid(segments: list[tuple[float, tuple[str, ...]]]) -> list[tuple[float, tuple[str, ...]]]:
    """The moves of dividends paid: where only nothing paid moves as it does (the next
    move starts at the least dividend), any dividend at all is that next move's."""
    if len(segments) > 1 and segments[1][0] == 1 / 20:
        return [(0.0, segments[1][1]), *segments[2:]]
    return segments


def probed_dividends(probed: Any) -> dict[str, Any] | None:
    """``kinds``, ``withhold`` and ``payout`` from the probe; ``None`` when it found no
    override or moves the format cannot say (a move some prices make that is not all
    prices from some price up)."""
    if not isinstance(probed, dict) or not isinstance(probed.get("samples"), list):
        return None
    segments = _segments(probed["samples"])
    if not segments:
        return None
    prices = sorted(segments)
    starts: dict[tuple[float, tuple[str, ...]], list[int]] = {}
    for price in prices:
        for segment in _paid(segments[price]):
            starts.setdefault(segment, []).append(price)
    payout: list[dict[str, Any]] = []
    for (at_least, moves), where in sorted(starts.items(), key=lambda item: (-item[0][0], -min(item[1]))):
        rule: dict[str, Any] = {"at_least": at_least, "move": list(moves)}
        if where != prices:
            if where != prices[prices.index(where[0]) :]:
                return None
            rule["min_price"] = where[0]
        payout.append(rule)
    withhold = [s for s in segments[prices[0]] if s[0] == 0]
    if not withhold or any(segments[p][0] != withhold[0] for p in prices):
        return None
    out: dict[str, Any] = {"withhold": list(withhold[0][1]), "payout": payout}
    kinds = probed.get("kinds")
    if isinstance(kinds, list) and kinds and set(kinds) <= KINDS:
        out["kinds"] = [str(k) for k in kinds]
        half_move = _half_move(probed.get("half"))
        if "half" in kinds and half_move is not None:
            out["half_move"] = half_move
    return out


def _half_move(samples: Any) -> list[str] | None:
    """``half_move``: the one move every probed half dividend makes (``None`` when they
    differ, as where the part paid decides)."""
    if not isinstance(samples, list) or not samples:
        return None
    moves = {tuple([direction] * int(times)) if direction else () for _, _, direction, times in samples}
    if len(moves) != 1 or not set(next(iter(moves))) <= MOVES:
        return None
    return list(next(iter(moves)))


def dividend_without_revenue(build: dict[str, Any], rules: dict[str, Any]) -> None:
    """``rules.dividends.asked_without_revenue`` where the title's dividend step asks a
    corporation whose routes earn nothing for its dividend (1856's)."""
    if build.get("dividend_without_revenue") is True:
        rules.setdefault("dividends", {})["asked_without_revenue"] = True


def split_dividends(build: dict[str, Any], corporations: dict[str, Any], gaps: Gaps) -> None:
    """``split_dividend`` on the corporations whose revenue the title's dividend step
    splits between treasury and president without asking (the dump's
    ``split_dividends``: 1867's minors, 18xx.games' ``MinorHalfPay`` for corporations of
    type minor), with the price moves it found; moves that depend on the price and the
    revenue (18NY's minors) are named in GAPS.md."""
    found = build.get("split_dividends")
    if not isinstance(found, dict):
        return
    for sym, moves in found.items():
        if sym not in corporations or not isinstance(moves, dict):
            continue
        paid, none = moves.get("paid"), moves.get("none")
        if not isinstance(none, list) or not set(none) <= MOVES:
            continue
        if not isinstance(paid, list) or not set(paid) <= MOVES:
            gaps.add(
                "corporations",
                f"corporation {sym}: its split revenue moves its price by the revenue and price",
            )
            paid = []
        corporations[sym]["split_dividend"] = {"paid": paid, "none": none}
        gaps.drop("corporations", f"corporation {sym}: type minor")
