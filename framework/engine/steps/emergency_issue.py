"""A corporation's emergency issue in its train-buying step (``rules.trains.emergency.issue``;
1846).

A corporation that must buy a train and cannot pay for the dearest face of the cheapest
depot train may issue shares from its treasury to the bank pool, once in its turn; while
it may, its president neither pays towards the train nor sells shares. Each share of an
issue of ``n`` fetches the price ``price_steps + n`` steps left of the corporation's, and
the issue moves the price ``n`` steps left. Having issued, the corporation buys from the
depot only, and no face it could have paid without its last share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from framework.base.errors import GameError
from framework.engine import finance, reserved_shares, trains
from framework.engine.entities import BANK, POOL, Share
from framework.engine.steps.base import RoundState
from framework.title.rules import EmergencyIssue

if TYPE_CHECKING:
    from framework.engine.game import Game

EMERGENCY_ISSUED = RoundState(
    "emergency_issued",
    0,
    "What the last share of the operator's emergency issue this turn raised (0: it has not issued).",
    per_turn=True,
)


class Issue(NamedTuple):
    """Shares issued together, each for ``price``."""

    shares: list[Share]
    price: int

    @property
    def total(self) -> int:
        return self.price * len(self.shares)


def terms(game: Game) -> EmergencyIssue | None:
    return game.title.rules.trains.emergency.issue


def issued(game: Game) -> int:
    """What the last share of the operator's emergency issue this turn raised (0: none)."""
    return int(getattr(game.current_round, "emergency_issued", 0) or 0)


def _cheapest_faces(game: Game) -> tuple[int, int] | None:
    """The least and the most a face of the depot's cheapest train costs."""
    offered = trains.offered(game)
    if not offered:
        return None
    train = min(offered, key=lambda t: game.title.trains[t.name].price)
    prices = [trains.price(game, train, face) for face in trains.faces(game, train)]
    return min(prices), max(prices)


def issues(game: Game, corp_sym: str) -> list[Issue]:
    """The issues ``corp_sym`` may make now, smallest first (none: it may not issue)."""
    rule = terms(game)
    corp = game.corporations.get(corp_sym)
    if rule is None or corp is None or issued(game) or trains.owned(game, corp_sym):
        return []
    faces = _cheapest_faces(game)
    if faces is None or corp.cash >= faces[1] or corp_sym not in game.market.positions:
        return []
    held = [  # in the order they came to the treasury: shares it redeemed go last
        s
        for s in corp.certificates_of(corp_sym)
        if not s.president and not reserved_shares.held(game, corp, s)
    ]
    most = sum(corp.percent_of(p.id) for p in game.humans) // 10 - corp.percent_of(POOL) // 10
    market = game.market
    out = []
    for n in range(1, min(len(held), most) + 1):
        position = market.positions[corp_sym]
        for _ in range(rule.price_steps + n):
            position = market.step(position, "left")
        price = market.cell(position).price
        if price > 0:
            out.append(Issue(held[:n], price))
    out.sort(key=lambda issue: issue.total)
    if not rule.only_needed or not out:
        return out
    least, dearest = faces
    enough = [i for i in out if corp.cash + i.total >= least]
    if not enough:
        return [max(out, key=lambda i: len(i.shares))]
    reach = next((k for k, i in enumerate(enough) if corp.cash + i.total >= dearest), None)
    return enough if reach is None else enough[: reach + 1]


def must_issue_first(game: Game, corp_sym: str) -> bool:
    """Whether ``corp_sym`` may still issue, so that its president may not help yet."""
    return bool(issues(game, corp_sym))


def largest(game: Game, corp_sym: str) -> Issue | None:
    """The issue of the most shares ``corp_sym`` may make now (what it makes before its
    president may go bankrupt, ``bankruptcy.issue_first``)."""
    return max(issues(game, corp_sym), key=lambda i: len(i.shares), default=None)


def issue(game: Game, corp_sym: str, share_ids: list[str]) -> None:
    """``corp_sym`` issues the named shares (one of :func:`issues`)."""
    found = issues(game, corp_sym)
    chosen = next((i for i in found if [s.id for s in i.shares] == share_ids), None)
    if chosen is None:
        offered = "; ".join(", ".join(s.id for s in i.shares) for i in found) or "none"
        raise GameError(
            "emergency issue", f"{corp_sym} may issue {offered} now, not {', '.join(share_ids) or 'nothing'}"
        )
    rule = terms(game)
    assert rule is not None, "issues() found some, so the title has the rule"
    before = [i for i in found if i.total < chosen.total]
    last = chosen.total - (max(i.total for i in before) if before else 0)
    for share in chosen.shares:
        finance.move_share(game, share, POOL)
    finance.pay(game, BANK, corp_sym, chosen.total)
    game.current_round.emergency_issued = last  # type: ignore[attr-defined]  # the step's round state
    game.log(f"{corp_sym} issues {len(chosen.shares)} shares for {chosen.total}")
    if rule.moves_left:
        game.market.move(corp_sym, ["left"] * len(chosen.shares))


def check_purchase(game: Game, corp_sym: str, price: int, from_depot: bool) -> None:
    """Raise unless ``corp_sym`` may buy a train for ``price`` after its emergency issue:
    from the depot only, and not for less than its last share would have left over."""
    last = issued(game)
    if not last:
        return
    if not from_depot:
        raise GameError(
            "emergency issue", f"{corp_sym} has issued shares for a train: it buys from the depot only"
        )
    least = game.corporations[corp_sym].cash - last + 1
    if price < least:
        raise GameError(
            "emergency issue",
            f"{corp_sym} could have paid {price} without its last share issued: "
            f"it must spend at least {least}",
        )
