"""What a player may do in a turn of a stock round, and the state the turn keeps on its
round: the questions the ``buy_sell_par_shares`` step (:mod:`framework.engine.steps.stock`)
asks before it offers or takes an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from framework.base.errors import GameError
from framework.engine import (
    bankruptcy,
    finance,
    merger_offer,
    mergers,
    par_exchange,
    par_rules,
    reserved_shares,
    shares,
)
from framework.engine.entities import POOL
from framework.engine.gifts import PRESIDENCIES_GIVEN
from framework.engine.steps.base import RoundState, Step
from framework.title.companies import Shares

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share

SOLD = RoundState("sold", {}, "Corporations each player sold this round (they may not buy them back).")
BOUGHT = RoundState(
    "bought",
    [],
    "What was bought this turn: corporations, for their shares (several only in a multiple-buy "
    "zone), and ``company <sym>`` for a company bought from a player.",
    per_turn=True,
)
BOUGHT_FROM = RoundState(
    "bought_from",
    [],
    "Where each of them came from: ``ipo`` (the initial offering or the treasury) or ``pool``.",
    per_turn=True,
)
PARRED = RoundState("parred", False, "The current player started a corporation this turn.", per_turn=True)
ACTED = RoundState(
    "acted", False, "The current player has bought, sold or started a corporation this turn.", per_turn=True
)
SOLD_FIRST = RoundState(
    "sold_first",
    False,
    "The current player sold this turn before buying or starting a corporation.",
    per_turn=True,
)
SOLD_TURN = RoundState(
    "sold_turn",
    [],
    "The corporations the current player sold this turn (``stock.sell_in_blocks``).",
    per_turn=True,
)
LAST_ACTOR = RoundState("last_actor", None, "The last player to buy, sell or start a corporation this round.")
LAST_BUYER = RoundState(
    "last_buyer", None, "The last player to buy a share or start a corporation this round."
)
PASS_ORDER = RoundState(
    "pass_order",
    [],
    "The players who passed without acting, in the order they first did "
    "(one who acted after lost their place).",
)

EXCHANGED = RoundState(
    "exchanged",
    None,
    "The certificate the current player got this turn by an exchange made as the turn's "
    "purchase (``exchange`` ``when: purchase``): they may still sell it, and nothing else.",
    per_turn=True,
)


class StockTurn(Step):
    """A player's stock turn: what they may sell, buy or start now, and which companies
    they may buy from other players."""

    rounds = ("stock",)
    ROUND_STATE: ClassVar[tuple[RoundState, ...]] = (
        SOLD,
        BOUGHT,
        BOUGHT_FROM,
        PARRED,
        LAST_ACTOR,
        ACTED,
        SOLD_FIRST,
        LAST_BUYER,
        SOLD_TURN,
        PASS_ORDER,
        PRESIDENCIES_GIVEN,
        EXCHANGED,
    )

    def must_sell(self, player: str, count: float | None = None, limit: int | None = None) -> bool:
        """Whether ``player`` holds more than a limit allows (``count``: their certificates
        counting toward the limit, and ``limit``, the certificate limit, when known)."""
        game = self.game
        if count is None:
            count = finance.certificate_count(game, player)
        if count > (finance.certificate_limit(game) if limit is None else limit):
            return True
        if game.title.rules.stock.above_holding_limit_kept:
            return False
        for corp in game.corporations.values():
            most = finance.holding_limit(game, corp.sym)
            if not corp.closed and corp.percent_of(player) > most and finance.holding_limited(game, corp):
                return True
        return False

    def order_allows_sale(self) -> bool:
        """Whether the title's sell/buy order (``stock.order``) allows a sale now."""
        rnd = self.round
        order = self.game.title.rules.stock.order
        purchased = bool(rnd.bought) or rnd.parred
        if order == "sell_buy":
            return not purchased
        if order == "sell_buy_or_buy_sell":
            return not (purchased and rnd.sold_first)
        return True

    def can_sell_any(self, player: str) -> bool:
        game = self.game
        if game.turn < game.title.rules.stock.first_sales or not self.order_allows_sale():
            return False
        for corp in game.corporations.values():
            if corp.closed:
                continue
            held = corp.certificates_of(player)
            if not held or self.sold_in_block(player, corp) or self.closed(corp):
                continue
            for share in held:
                try:
                    shares.check_sale(game, player, corp, [share], min(10, share.percent))
                    self.check_vested(player, corp, min(10, share.percent))
                    return True
                except GameError:
                    continue
        return False

    def closed(self, corp: Corporation) -> bool:
        """Whether the current phase closes ``corp``'s shares to the stock round
        (``phases.closed_shares``)."""
        return corp.sym in self.game.phase_spec().closed_shares

    def closure(self, corp: Corporation) -> GameError | None:
        """Why the stock round trades no share of ``corp`` in this phase, if it does not."""
        if not self.closed(corp):
            return None
        phase = self.game.phase_spec().name
        return GameError("closed shares", f"{corp.sym}'s shares are neither bought nor sold in phase {phase}")

    def check_vested(self, player: str, corp: Corporation, percent: int) -> None:
        """Raise if selling ``percent`` of ``corp`` would leave ``player`` none of a
        corporation bought this turn (``stock.keep_bought``)."""
        game = self.game
        if not game.title.rules.stock.keep_bought or corp.sym not in self.round.bought:
            return
        if corp.percent_of(player) - percent <= 0:
            raise GameError(
                "unvested share", f"{game.name(player)} bought {corp.sym} this turn and keeps one share of it"
            )

    def sold_in_block(self, player: str, corp: Corporation) -> bool:
        """Whether ``player`` has sold ``corp`` this turn and, selling in blocks
        (``stock.sell_in_blocks``), may sell no more of it now."""
        return self.game.title.rules.stock.sell_in_blocks and corp.sym in self.round.sold_turn

    def buyable(
        self, player: str, corp: Corporation, at_limit: bool | None = None, *, first: bool = False
    ) -> list[Share]:
        """Certificates of ``corp`` the player could buy now (``at_limit``: whether the
        player's certificates already reach the limit, when known; ``first``: only the
        first one found, to know whether there is any)."""
        game = self.game
        if (
            corp.closed
            or corp.par is None
            or corp.bot
            or self.sold_earlier(player, corp)
            or self.closed(corp)
        ):
            return []
        if not self.may_purchase(corp):
            return []
        if at_limit is None:
            at_limit = self.at_limit(player)
        if at_limit and finance.counts_for_limit(game, corp):
            return []
        reserved = bool(game.title.corporations[corp.sym].reserved_shares)
        limited = finance.holding_limited(game, corp)
        room = finance.holding_limit(game, corp.sym) - corp.percent_of(player)
        cash = game.players_by_id[player].cash
        out = []
        prices: dict[str, int] = {}  # by where the share is: the price is the same there
        held = mergers.held_back(game) if game.title.minors else set()
        held |= merger_offer.held_back(game)
        for share in corp.shares:
            if share.president and bankruptcy.takes_over(game, player, corp, share):
                if shares.share_price(game, corp, share) * bankruptcy.ordinary_percent(corp) // (
                    finance.share_unit(game, corp.sym)
                ) <= cash and self.may_buy_from(corp, share):
                    out.append(share)  # out of receivership, for the price of one share
                continue
            if share.owner not in (corp.sym, "ipo", POOL) or share.president or share.id in held:
                continue
            if share.id in corp.withheld:
                continue
            if reserved and reserved_shares.held(game, corp, share):
                continue
            if limited and share.percent > room:
                continue
            price = prices.get(share.owner)
            if price is None:
                price = prices[share.owner] = shares.share_price(game, corp, share)
            if finance.worth(game, corp.sym, price, share.percent) > cash:
                continue
            if not self.may_buy_from(corp, share):
                continue
            out.append(share)
            if first:
                break
        return out

    def sold_earlier(self, player: str, corp: Corporation) -> bool:
        """Whether ``player`` sold ``corp`` earlier this round and may not buy it back
        (``stock.buy_after_selling``)."""
        if self.game.title.rules.stock.buy_after_selling:
            return False
        return corp.sym in self.round.sold.get(player, [])

    def at_limit(self, player: str) -> bool:
        game = self.game
        return finance.certificate_count(game, player) >= finance.certificate_limit(game)

    def may_purchase(self, corp: Corporation) -> bool:
        """One purchase a turn, or several shares of one corporation in a multiple-buy zone
        when no other corporation's shares were bought and none was started (a company
        bought from a player is a purchase, but more shares of a corporation in a
        multiple-buy zone may follow it, as on 18xx.games)."""
        rnd = self.round
        if rnd.parred:
            return False
        if not rnd.bought:
            return True
        others = {sym for sym in rnd.bought if sym != corp.sym and sym in self.game.corporations}
        return not others and finance.multiple_buy(self.game, corp)

    def may_buy_from(self, corp: Corporation, share: Share) -> bool:
        """Whether a share from where ``share`` is may be this turn's next purchase: the
        first of a turn may come from anywhere; more only from where the multiple-buy
        zone allows, and only if every earlier one of the turn came from there too."""
        rnd = self.round
        if not rnd.bought:
            return True
        allowed = finance.multiple_buy_from(self.game, corp)
        return all(source in allowed for source in [*rnd.bought_from, purchase_source(corp, share)])

    def can_buy_any(self, player: str, count: float | None = None, limit: int | None = None) -> bool:
        """Whether ``player`` could buy any certificate now (``count`` and ``limit`` as for
        :meth:`must_sell`)."""
        game = self.game
        if count is None:
            count = finance.certificate_count(game, player)
        at_limit = count >= (finance.certificate_limit(game) if limit is None else limit)
        return any(self.buyable(player, c, at_limit, first=True) for c in game.corporations.values())

    def can_par_any(self, player: str, count: float | None = None, limit: int | None = None) -> bool:
        """Whether ``player`` could start a corporation now (``count`` and ``limit`` as for
        :meth:`must_sell`)."""
        game = self.game
        if count is None:
            count = finance.certificate_count(game, player)
        if count >= (finance.certificate_limit(game) if limit is None else limit):
            return False
        cash = game.players_by_id[player].cash
        market = game.title.market
        cheapest = min(cell.price for _, _, cell in market.par_cells())
        for corp in game.corporations.values():
            if par_rules.refusal(game, corp.sym) is None:
                zones = game.title.corporations[corp.sym].par_zones
                least = min(cell.price for _, _, cell in market.par_cells_in(zones)) if zones else cheapest
                cost = par_exchange.par_cost(game, player, corp, least)
                if cost is not None and cost <= cash:
                    return True
        rules = game.title.rules.nationalization
        if rules is None or not rules.turns_as_unstarted:
            return False
        for sym in game.nationalised:
            held = game.corporations[sym].certificates_of(sym)
            if held and held[0].percent * cheapest // 10 <= cash:
                return True
        return False

    def companies_for_sale(self, player: str) -> list[str]:
        """Companies ``player`` may buy from another player now: where the phase lets
        players buy companies (``players_buy_companies``) from the title's first turn for
        it, before the turn's purchase, with money to spend; not a company corporations
        may not buy either."""
        game, rnd = self.game, self.round
        if not game.phase_spec().players_buy_companies or rnd.bought or rnd.parred:
            return []
        if game.turn < game.title.rules.company_sales.players_from_turn:
            return []
        if game.players_by_id[player].cash <= 0:
            return []
        return [
            sym
            for sym, company in game.companies.items()
            if company.owner in game.players_by_id
            and company.owner != player
            and game.title.companies[sym].corporations_may_buy
        ]

    def companies_to_buy(self, player: str) -> list[str]:
        """:meth:`companies_for_sale` that can be bought: as on 18xx.games, a company
        whose ``shares`` ability would take a share from a player keeps the step waiting
        (for a pass) but is refused."""
        game = self.game
        return [
            sym
            for sym in self.companies_for_sale(player)
            if all(s.owner not in game.players_by_id for _, s in self._shares_with(sym))
        ]

    def _shares_with(self, sym: str) -> list[tuple[Corporation, Share]]:
        """``(corporation, certificate)`` for the certificates a ``shares`` ability hands
        with the company at every purchase (the first ordinary share of its corporation):
        as on 18xx.games, a sale between players takes that share too, so it cannot be made
        while a player holds it."""
        game = self.game
        out = []
        for ability in game.title.companies[sym].abilities:
            if isinstance(ability, Shares) and not ability.president:
                drawn = game.shares_corporation(sym, ability)
                corp = game.corporations.get(drawn) if drawn else None
                share = next((s for s in corp.shares if s.id == f"{corp.sym}_1"), None) if corp else None
                if corp is not None and share is not None:
                    out.append((corp, share))
        return out


def purchase_source(corp: Corporation, share: Share) -> str:
    """``pool`` for a share in the bank pool, else ``ipo`` (initial offering or treasury)."""
    return "pool" if share.owner == POOL else "ipo"
