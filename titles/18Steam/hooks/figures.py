"""What a finished 18Steam game came to: the figures ``18xx simulate`` reports for it
(its reports part's ``figures``, :class:`GoodsReports <.reports.GoodsReports>`), one
game at a time; the report gives each one's mean over the games and the half-width of
its 95% confidence interval.

Definitions (every figure is per game):

* ``goods_delivered`` — goods cubes moved to a city of their colour (every
  ``move_goods`` the log records).
* ``links`` — complete links on the map at the end: routes whose two ends are two
  different stops (cities or towns with track), whoever owns them.
* ``stub_share`` — the share of laid track that is a stub at the end: track segments
  (one piece of track inside one hex; a tile with two paths is two pieces, a town's
  spurs one each) on routes that are not complete links, over all segments on the
  map. 0 when nothing was built.
* ``final_dividend_share`` — of the corporations that were started (made active by
  the sale of their president's certificate) during the game, the share that paid a
  final dividend of more than 0 per 10%.
* ``late_purchase_share`` — of the certificates players bought in share phases, the
  share bought after the first turn's share phase. 0 when nobody bought.
* ``sales`` and ``buy_backs`` — certificates players sold to the bank (counted in
  10% shares: the president's certificate cannot be sold), and certificates
  corporations bought back from it.
* ``income`` and ``dividends`` — money corporations collected as income in the income
  phases, and money they paid in dividends there (to players and to the bank for its
  certificates; not the final dividend), summed over the game's turns and corporations.
* ``eliminations`` — corporations eliminated because their income would fall below 0.

Purchases, sales, deliveries, income, dividends, eliminations and final dividends are
read from the game's log (the lines the engine writes for them), the rest from the final
position.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.api import Game

FIGURES = (
    "goods_delivered",
    "links",
    "stub_share",
    "final_dividend_share",
    "late_purchase_share",
    "sales",
    "buy_backs",
    "income",
    "dividends",
    "eliminations",
)
"""The figures of :func:`figures`, in report order."""

_PHASE = re.compile(r"^Share phase (\d+)$")
_BUY = re.compile(r"^(?P<who>.+) buys (?P<percent>\d+)% of (?P<sym>\S+) for \d+$")
_SELL = re.compile(r"^(?P<who>.+) sells (?P<percent>\d+)% of (?P<sym>\S+) for \d+$")
_MOVE = re.compile(r"^\S+ moves an? \S+ good \S+$")
_FINAL = re.compile(r"^(?P<sym>\S+) pays a final dividend of (?P<per>-?\d+) per 10%")
_BUY_BACK = re.compile(r"^\S+ buys back (?P<count>\d+) certificate")
_ACTIVE = re.compile(r"^(?P<sym>\S+) is active with locomotive")
_INCOME = re.compile(
    r"^\S+ earns -?\d+ this turn and collects its income of (?P<income>\d+); "
    r"it pays \d+ for its locomotive and (?P<dividends>\d+) in dividends$"
)
_ELIMINATED = re.compile(r"^\S+ is eliminated:")


def figures(game: Game) -> dict[str, float]:
    """The figures of one game (see the module), from its log and final position."""
    names = {game.name(p.id) for p in game.humans}
    turn = 0
    bought = late = sold = delivered = buy_backs = income = dividends = eliminated = 0
    final: dict[str, int] = {}
    active: list[str] = []
    for line in game.messages:
        if m := _PHASE.match(line):
            turn = int(m.group(1))
        elif (m := _BUY.match(line)) and m.group("who") in names:
            bought += 1
            late += turn > 1
        elif (m := _SELL.match(line)) and m.group("who") in names:
            sold += int(m.group("percent")) // 10
        elif _MOVE.match(line):
            delivered += 1
        elif m := _FINAL.match(line):
            final[m.group("sym")] = int(m.group("per"))
        elif m := _BUY_BACK.match(line):
            buy_backs += int(m.group("count"))
        elif m := _ACTIVE.match(line):
            active.append(m.group("sym"))
        elif m := _INCOME.match(line):
            income += int(m.group("income"))
            dividends += int(m.group("dividends"))
        elif _ELIMINATED.match(line):
            eliminated += 1
    return {
        "goods_delivered": float(delivered),
        "links": float(len(game.layer_state.track(game).links())),
        "stub_share": stub_share(game),
        "final_dividend_share": sum(final.get(s, 0) > 0 for s in active) / len(active) if active else 0.0,
        "late_purchase_share": late / bought if bought else 0.0,
        "sales": float(sold),
        "buy_backs": float(buy_backs),
        "income": float(income),
        "dividends": float(dividends),
        "eliminations": float(eliminated),
    }


def stub_share(game: Game) -> float:
    """Track segments on routes that are not complete links, over all segments."""
    track = game.layer_state.track(game)
    total = stubs = 0
    for route in track.routes():
        total += len(route.segments)
        if not route.is_link:
            stubs += len(route.segments)
    return stubs / total if total else 0.0
