"""Redeeming shares: a corporation buys its own shares back from the bank pool.

The terms depend on the zone of its share price (rulebook §10.1, reference §4.5):
how many shares one redemption may take, and at what price each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, shares
from framework.engine.entities import BANK, POOL
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.title.market import Redemption

if TYPE_CHECKING:
    from framework.engine.game import Game


def terms(game: Game, sym: str) -> Redemption | None:
    """The redemption the market allows ``sym`` now: its zone's, else the market's."""
    for zone in game.market.zones(sym):
        if zone.redemption is not None:
            return zone.redemption
    return game.title.market.redemption


def unit_price(game: Game, sym: str, redemption: Redemption) -> int:
    price = game.market.price(sym)
    return {"full": price, "half": price // 2, "free": 0}[redemption.price]


@step("redeem_shares")
class RedeemShares(Step):
    """At most one redemption a turn, before track."""

    description = "The operating corporation buys its own shares back from the bank pool."
    STATE = ("done",)

    def setup(self) -> None:
        self.done = False

    def actions(self, entity: str) -> list[str]:
        game = self.game
        if self.done or entity != self.round.entity() or entity not in game.corporations:
            return []
        corp = game.corporations[entity]
        redemption = terms(game, entity)
        if corp.bot or redemption is None or not corp.certificates_of(POOL):
            return []
        if unit_price(game, entity, redemption) > corp.cash:
            return []
        return ["buy_shares", "pass"]

    def choices_buy_shares(self, corp: str) -> list[Choice]:
        """One to the most shares of the pool a redemption may take, that the corporation
        can pay for."""
        game = self.game
        redemption = terms(game, corp)
        if redemption is None:
            return []
        pool = game.corporations[corp].certificates_of(POOL)
        price = unit_price(game, corp, redemption)
        most = len(pool) if redemption.max_shares == "all" else redemption.max_shares
        out = []
        for count in range(1, most + 1):
            if price * count <= game.corporations[corp].cash:
                out.append(
                    {
                        "shares": [s.id for s in pool[:count]],
                        "percent": 10 * count,
                        "share_price": price,
                    }
                )
        return out

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        if corp.sym != sym:
            raise GameError("redemption", f"{sym} may only redeem its own shares")
        redemption = terms(game, sym)
        if redemption is None:
            raise GameError("redemption", f"{sym} may not redeem shares at its market price")
        if any(s.owner != POOL for s in certs):
            raise GameError("redemption", "only shares in the bank pool may be redeemed")
        most = len(corp.certificates_of(POOL)) if redemption.max_shares == "all" else redemption.max_shares
        if len(certs) > most:
            raise GameError("redemption", f"{sym} may redeem at most {most} share(s) now")
        price = unit_price(game, sym, redemption)
        percent = action.get("percent")
        if percent is not None and int(percent) != sum(s.percent for s in certs):
            raise GameError(
                "shares", f"the shares named are {sum(s.percent for s in certs)}%, not {percent}%"
            )
        if (
            "share_price" in action
            and action["share_price"] is not None
            and int(action["share_price"]) != price
        ):
            raise GameError(
                "redemption price", f"a share costs {sym} {price} now, not {action['share_price']}"
            )
        total = price * len(certs)
        finance.pay(game, sym, BANK, total)
        for share in certs:
            finance.move_share(game, share, sym)
        self.done = True
        game.log(f"{sym} redeems {len(certs)} share(s) for {total}")
