"""Corporations buying back their own shares in a stock round (1870's and 1850's
redemption): in the turn of its president, before the president does anything, an
operated corporation buys one of its shares back — the bank pool's first, else one from
any player (another player's, or the president's while they hold more than every other
player) — at the share price. The corporation does so once a round, and only when it
held the price in cash at the start of the round; the buy-back is the president's whole
turn. The share stays in the corporation's treasury, for sale to nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.entities import BANK, POOL
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.stock_turn import ACTED, LAST_ACTOR

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share

BOUGHT_BACK = RoundState(
    "bought_back", [], "The corporations that have bought back a share this stock round."
)
ROUND_CASH = RoundState(
    "round_cash", {}, "Each corporation's cash when first asked this stock round (what a buy-back may cost)."
)


@step("buy_back_shares")
class BuyBackShares(Step):
    """An operated corporation buys back one of its shares in its president's stock turn,
    before the president acts (``buy_shares`` by the corporation)."""

    description = (
        "In its president's stock turn, before the president acts, an operated corporation buys "
        "back one of its shares (from the pool first, else from a player) at the share price."
    )
    rounds = ("stock",)
    blocks = False
    ROUND_STATE = (BOUGHT_BACK, ROUND_CASH, ACTED, LAST_ACTOR)

    def _cash_at_start(self, corp: Corporation) -> int:
        cash: dict[str, int] = self.round.round_cash  # type: ignore[attr-defined]  # declared round state
        return cash.setdefault(corp.sym, corp.cash)

    def offered(self, sym: str) -> list[Share]:
        """The shares the corporation ``sym`` may buy back now."""
        game, rnd = self.game, self.round
        corp = game.corporations.get(sym)
        if corp is None or corp.closed or not corp.operated or corp.par is None:
            return []
        president = corp.president()
        if president is None or president != rnd.entity() or rnd.acted:
            return []
        if sym in rnd.bought_back:  # type: ignore[attr-defined]  # declared round state
            return []
        limit = self.spec.treasury_limit if self.spec is not None else None
        if limit is not None and len([s for s in corp.shares if s.owner in (corp.issuer, sym)]) >= limit:
            return []
        price = game.market.price(sym)
        if price > self._cash_at_start(corp) or price > corp.cash:
            return []
        pool = corp.certificates_of(POOL)
        if pool:
            return pool[:1]
        holdings = {p.id: corp.percent_of(p.id) for p in game.humans}
        others = max((v for p, v in holdings.items() if p != president), default=0)
        out = []
        for player, percent in holdings.items():
            if percent == 0 or (player == president and percent == others):
                continue
            plain = [s for s in corp.certificates_of(player) if not s.president]
            if plain:
                out.append(plain[0])
        return out

    def other_entities(self) -> list[str]:
        """The corporations of the player in turn that may buy back a share now."""
        player = self.round.entity()
        return [
            sym
            for sym, corp in self.game.corporations.items()
            if corp.president() == player and self.offered(sym)
        ]

    def actions(self, entity: str) -> list[str]:
        return ["buy_shares"] if entity in self.game.corporations and self.offered(entity) else []

    def choices_buy_shares(self, entity: str) -> list[Choice]:
        return [{"shares": [s.id], "percent": s.percent} for s in self.offered(entity)]

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        sym = entity_of(action)
        named = [str(s) for s in action.get("shares") or []]
        share = next((s for s in self.offered(sym) if [s.id] == named), None)
        if share is None:
            raise GameError("buy back", f"{sym} cannot buy back {', '.join(named) or 'nothing'} now")
        price = game.market.price(sym) * share.percent // 10
        seller = share.owner
        finance.pay(game, sym, BANK if seller == POOL else seller, price)
        finance.move_share(game, share, sym)
        game.corporations[sym].withheld.append(share.id)
        rnd.bought_back.append(sym)  # type: ignore[attr-defined]  # declared round state
        game.log(f"{sym} buys back {share.percent}% from {game.name(seller)} for {price}")
        # the buy-back is the president's whole turn
        rnd.acted = True
        rnd.last_actor = rnd.entity()
        for other in rnd.steps:
            if other.name == "buy_sell_par_shares":
                other.skip()
