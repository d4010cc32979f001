"""Issuing and redeeming shares in an operating turn (18xx.games' ``IssueShares``; 1846).

Once in its operating turn, until it has paid its dividend, a corporation may issue shares from
its treasury to the bank pool — as many as keep the pool's at most the players' — and
receive for each the price a step left of its own; or redeem shares from the pool, paying
for each the price a step right (``rules.issue``: what the step offers and the prices).
Neither moves its price. The step never waits: the corporation issues or redeems while it
lays track, places its token, runs, or chooses its dividend (18xx.games' dividend step ends
the issue step when it is done). Listed with ``blocking: true`` it waits for an issue, a
redemption or a pass, the corporation's one chance in its turn (1867's majors redeem
before they lay track).

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["issue_shares"].rounds
('operating',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, reserved_shares, shares
from framework.engine.entities import BANK, POOL, Corporation, Share
from framework.engine.steps.base import Choice, Step, entity_of, step

if TYPE_CHECKING:
    from framework.engine.game import Game


@step("issue_shares")
class IssueShares(Step):
    """Once a turn, until its dividend is paid, the corporation issues or redeems shares."""

    description = (
        "Once in its turn, until its dividend is paid, the operating corporation may issue shares from "
        "its treasury to the bank pool, or redeem shares from the pool (rules.issue)."
    )
    rounds = ("operating",)
    blocks = False
    STATE = ("done",)

    def setup(self) -> None:
        self.done = False

    def open_now(self, entity: str) -> bool:
        """Whether ``entity`` operates, has not issued or redeemed yet, and has not paid its
        dividend (it may still issue while choosing it)."""
        if self.done or entity != self.round.entity() or entity not in self.game.corporations:
            return False
        if self.blocks:  # it waits in its place, before the dividend
            return True
        steps = self.round.steps
        active = self.round.active_step()
        dividend = next((i for i, s in enumerate(steps) if s.name == "dividend"), None)
        return active is None or dividend is None or steps.index(active) <= dividend

    def actions(self, entity: str) -> list[str]:
        if not self.open_now(entity):
            return []
        corp = self.game.corporations[entity]
        offers = self.game.title.rules.issue.offers
        kinds = []
        if "redeem" in offers and self.redeemable(corp):
            kinds.append("buy_shares")
        if "issue" in offers and self.issuable(corp):
            kinds.append("sell_shares")
        if kinds and self.blocks:
            kinds.append("pass")
        return kinds

    # -- terms ----------------------------------------------------------------

    def issue_price(self, corp: Corporation) -> int:
        return self._price(corp, self.game.title.rules.issue.price)

    def redeem_price(self, corp: Corporation) -> int:
        return self._price(corp, self.game.title.rules.issue.redeem_price)

    def _price(self, corp: Corporation, direction: str) -> int:
        market = self.game.market
        position = market.positions[corp.sym]
        if direction != "market":
            position = market.step(position, direction)
        return market.cell(position).price

    def issuable(self, corp: Corporation) -> list[Share]:
        """The treasury's shares it may issue now, in the order they came to it (as many as
        the rule allows)."""
        held = [
            s
            for s in corp.certificates_of(corp.sym)
            if not s.president and not reserved_shares.held(self.game, corp, s)
        ]
        players = sum(corp.percent_of(p.id) for p in self.game.humans) // 10
        pool = corp.percent_of(POOL) // 10
        most = players - pool
        room = shares.pool_room(self.game, corp) // 10
        return held[: max(min(most, room), 0)]

    def redeemable(self, corp: Corporation) -> list[Share]:
        """The pool's shares it can pay to redeem now."""
        price = self.redeem_price(corp)
        pool = corp.certificates_of(POOL)
        return pool[: corp.cash // price] if price else pool

    # -- choices and actions ------------------------------------------------------

    def choices_sell_shares(self, entity: str) -> list[Choice]:
        """Issuing one to the most shares it may."""
        corp = self.game.corporations[entity]
        return _bundles(self.issuable(corp), self.issue_price(corp))

    def choices_buy_shares(self, entity: str) -> list[Choice]:
        """Redeeming one to the most shares it can pay for."""
        corp = self.game.corporations[entity]
        return _bundles(self.redeemable(corp), self.redeem_price(corp))

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, entity = self.game, entity_of(action)
        corp = game.corporations[entity]
        named = self._named(corp, action, self.issuable(corp), "issue")
        price = self.issue_price(corp)
        for share in named:
            finance.move_share(game, share, POOL)
        finance.pay(game, BANK, entity, price * len(named))
        self.done = True
        game.log(f"{entity} issues {len(named)} shares for {price * len(named)}")

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game, entity = self.game, entity_of(action)
        corp = game.corporations[entity]
        named = self._named(corp, action, self.redeemable(corp), "redeem")
        price = self.redeem_price(corp)
        finance.pay(game, entity, BANK, price * len(named))
        for share in named:
            finance.move_share(game, share, entity)
        self.done = True
        game.log(f"{entity} redeems {len(named)} shares for {price * len(named)}")

    def _named(
        self, corp: Corporation, action: dict[str, Any], allowed: list[Share], verb: str
    ) -> list[Share]:
        ids = [str(s) for s in action.get("shares") or []]
        by_id = {s.id: s for s in corp.shares}
        named = [by_id[i] for i in ids if i in by_id]
        if not named or len(named) != len(ids):
            raise GameError("issuing shares", f"{corp.sym} names no shares of its own to {verb}")
        if any(s not in allowed for s in named):
            raise GameError(
                "issuing shares",
                f"{corp.sym} may {verb} {len(allowed)} shares now, not {', '.join(ids)}",
            )
        return named


def _bundles(certificates: list[Share], price: int) -> list[Choice]:
    """The first one, two, … of ``certificates``, each share at ``price``."""
    return [
        {"shares": [s.id for s in certificates[:n]], "percent": 10 * n, "share_price": price}
        for n in range(1, len(certificates) + 1)
    ]


def issue_power(game: Game, sym: str, kind: str) -> int:
    """What corporation ``sym`` could still raise by issuing shares now (the most it may
    issue, at the issue price), where the title counts it in a step of ``kind``
    (``rules.issue.counted_in``); 0 otherwise."""
    if kind not in game.title.rules.issue.counted_in or sym not in game.corporations:
        return 0
    rnd = game.current_round
    found, dividend = rnd.step("issue_shares"), rnd.step("dividend")
    if not isinstance(found, IssueShares) or found.done or sym != rnd.entity():
        return 0
    if dividend is not None and dividend.passed:  # asked without the active step, which asks this
        return 0
    corp = game.corporations[sym]
    return len(found.issuable(corp)) * found.issue_price(corp)
