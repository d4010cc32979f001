"""Price protection: a sale's drop of the share price waits for the corporation's
president, who may buy the certificates sold at the price they were sold for.

In a stock round with this step, a player's sale of shares moves no price at once: the
sale waits until the seller's turn is over. Then, sale by sale in the order they were
made, the player who was president when the shares were sold — never the seller — may
buy them from the pool at their sale price (when they can pay, and have room under the
certificate limit), keeping the price where it is; otherwise (or when they decline) the
price drops as the sale would have moved it. Protecting is the protector's whole turn:
the turn goes on from them, the players between the seller and them waiting for the
next time round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, shares
from framework.engine.entities import BANK, POOL
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.stock_turn import LAST_ACTOR, SOLD

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share
    from framework.engine.rounds import Round

PROTECTABLE_SALES = RoundState(
    "protectable_sales",
    [],
    "Sales whose drop of the share price waits for the president's price protection, in "
    "the order made: ``{corporation, shares, percent, seller, president, price}``.",
)


def queue_sale(
    rnd: Round, corp: Corporation, certs: list[Share], percent: int, seller: str, president: str | None
) -> None:
    """Keep a sale whose price drop waits for price protection (the price not moved yet)."""
    rnd.protectable_sales.append(  # type: ignore[attr-defined]  # declared round state
        {
            "corporation": corp.sym,
            "shares": [s.id for s in certs],
            "percent": percent,
            "seller": seller,
            "president": president,
            "price": rnd.game.market.price(corp.sym),
        }
    )


@step("price_protection")
class PriceProtection(Step):
    """Once the seller's turn is over, each sale's president (not the seller) buys the
    certificates sold at their sale price, or lets the price drop (``pass``); one who
    cannot pay or has no room under the certificate limit lets it drop unasked. A player
    who sold shares of the corporation earlier in the round protects it only with the
    step's ``sellers_protect``."""

    description = (
        "After a player's stock turn, the president of each corporation sold buys the shares "
        "sold at their sale price, keeping the share price, or lets it drop."
    )
    rounds = ("stock",)
    waits_again = True
    ROUND_STATE = (PROTECTABLE_SALES, SOLD, LAST_ACTOR)

    @property
    def sales(self) -> list[dict[str, Any]]:
        return self.round.protectable_sales  # type: ignore[attr-defined, no-any-return]  # declared round state

    def _turn_over(self) -> bool:
        """Whether the seller's turn is over: every step before this one is done."""
        for other in self.round.steps:
            if other is self:
                return True
            if other.blocks and not other.passed and not other.waits_again:
                return False
        return True

    def may_protect(self, sale: dict[str, Any]) -> bool:
        """Whether the sale's president may protect it now."""
        game = self.game
        player = sale["president"]
        if player is None or player == sale["seller"] or player not in game.players_by_id:
            return False
        corp = game.corporations[sale["corporation"]]
        sellers_protect = self.spec is not None and self.spec.sellers_protect
        if not sellers_protect and corp.sym in self.round.sold.get(player, []):
            return False
        if any(s.owner != POOL for s in self._certificates(sale)):
            return False
        if game.players_by_id[player].cash < self._cost(sale):
            return False
        if finance.counts_for_limit(game, corp):
            count = finance.certificate_count(game, player) + len(sale["shares"])
            if count > finance.certificate_limit(game):
                return False
        return True

    def _certificates(self, sale: dict[str, Any]) -> list[Share]:
        corp = self.game.corporations[sale["corporation"]]
        named = set(sale["shares"])
        return [s for s in corp.shares if s.id in named]

    def _cost(self, sale: dict[str, Any]) -> int:
        return int(sale["price"]) * int(sale["percent"]) // 10

    def pending(self) -> dict[str, Any] | None:
        """The first waiting sale its president may protect, once the seller's turn is over."""
        if not self.sales or not self._turn_over():
            return None
        return next((sale for sale in self.sales if self.may_protect(sale)), None)

    def acting_entity(self) -> str | None:
        sale = self.pending()
        return None if sale is None else str(sale["president"])

    def blocking(self, current: str | None = None) -> bool:
        return self.blocks and self.pending() is not None

    def actions(self, entity: str) -> list[str]:
        sale = self.pending()
        return ["buy_shares", "pass"] if sale is not None and entity == sale["president"] else []

    def choices_buy_shares(self, entity: str) -> list[Choice]:
        sale = self.pending()
        return [] if sale is None else [{"shares": list(sale["shares"]), "percent": sale["percent"]}]

    def skip(self) -> None:
        """Nobody may protect what is left: every waiting sale drops the price."""
        if self._turn_over():
            while self.sales:
                self._drop(self.sales.pop(0), "cannot")

    def _take(self) -> dict[str, Any]:
        """The sale acted on now; the waiting sales before it drop the price first."""
        sale = self.pending()
        if sale is None:
            raise GameError("price protection", "no sale waits for price protection")
        while self.sales[0] is not sale:
            self._drop(self.sales.pop(0), "cannot")
        return self.sales.pop(0)

    def _drop(self, sale: dict[str, Any], verb: str) -> None:
        game = self.game
        corp = game.corporations[sale["corporation"]]
        who = game.name(sale["president"]) if sale["president"] else "nobody"
        game.log(f"{who} {verb} price protect {sale['percent']}% of {corp.sym}")
        shares.sale_move(game, corp, int(sale["percent"]), sale["president"] == sale["seller"])

    def process_pass(self, action: dict[str, Any]) -> None:
        self._drop(self._take(), "does not")

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        sale = self.pending()
        if sale is None:
            raise GameError("price protection", "no sale waits for price protection")
        named = sorted(str(s) for s in action.get("shares") or [])
        if named != sorted(sale["shares"]):
            raise GameError(
                "price protection", f"only the shares sold, {', '.join(sale['shares'])}, are protected now"
            )
        sale = self._take()
        player = entity_of(action)
        cost = self._cost(sale)
        for share in self._certificates(sale):
            finance.move_share(game, share, player)
        finance.pay(game, player, BANK, cost)
        game.log(f"{game.name(player)} price protects {sale['percent']}% of {sale['corporation']} for {cost}")
        # protecting is the protector's turn, over at once: the turn goes on from them
        rnd.index = rnd.entities.index(player)
        rnd.last_actor = player
        game.players_by_id[player].passed = False
