"""The stock round's step: buying, selling and starting corporations.

A turn (rulebook §9, reference §4.3) is sales, at most one purchase (a share or
a new corporation; several shares of one corporation in a multiple-buy zone),
more sales, then done; ``stock.order`` may forbid the sales after the purchase.
Sales wait for the title's first selling round; a player over the certificate
limit, or over the holding limit of a corporation, may only sell. Nobody buys
back what they sold in the same round, unless ``stock.buy_after_selling``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import (
    bankruptcy,
    destinations,
    finance,
    gifts,
    national_formation,
    operating,
    par_exchange,
    par_rules,
    purchases,
    reserved_shares,
    shares,
    tokens,
    trains,
)
from framework.engine.company_closing import close_company
from framework.engine.entities import POOL
from framework.engine.par_subsidy import pay_par_subsidy
from framework.engine.steps.auction import _par_cell, cell_id
from framework.engine.steps.base import Choice, entity_of, step
from framework.engine.steps.companies import price_range
from framework.engine.steps.price_protection import queue_sale
from framework.engine.steps.start_bid import START_AUCTION, StartAuction
from framework.engine.steps.stock_turn import StockTurn, purchase_source
from framework.title.companies import ControlsMinor

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share
    from framework.engine.game import Game


@step("buy_sell_par_shares")
class BuySellParShares(StartAuction, StockTurn):
    """Sell, buy one certificate or start a corporation, sell, done."""

    description = (
        "Players sell shares, buy one share or start a corporation (at a par price, or by an "
        "auction: ``rules.stock.start_bid``), in the title's sell/buy order (and give "
        "certificates away, ``stock.gifts``)."
    )
    ROUND_STATE = (*StockTurn.ROUND_STATE, START_AUCTION)

    def acting_entity(self) -> str | None:
        return self.bidder_to_act()

    def actions(self, entity: str) -> list[str]:
        bidding = self.auction_actions(entity)
        if bidding is not None:
            return bidding
        rnd = self.round
        if entity != rnd.entity():
            return self._exchange_actions(entity)
        game = self.game
        key = (
            entity,
            game.share_seq,
            rnd.acted,
            len(rnd.bought),
            rnd.parred,
            len(rnd.sold.get(entity, ())),
            game.turn,
            game.players_by_id[entity].cash,
        )
        if getattr(self, "_key", None) != key:
            self._actions = self._find_actions(entity)
            self._key = key
        return self._actions

    def _find_actions(self, entity: str) -> list[str]:
        """What a player may do; every change of shares, cash or the turn's purchases
        changes the answer, so :meth:`actions` keeps it until one of them happens."""
        rnd = self.round
        out = []
        if self.can_sell_any(entity):
            out.append("sell_shares")
        owed = national_formation.owes_share(self.game, entity)
        if owed is not None:  # only selling, or buying the share owed
            return out + (
                ["buy_shares"] if self.buyable(entity, self.game.corporations[owed], first=True) else []
            )
        if gifts.gifts(self.game, rnd, entity):
            out.append("choose")
        count = finance.certificate_count(self.game, entity)
        limit = finance.certificate_limit(self.game)
        if self.must_sell(entity, count, limit):
            return [*out, "pass"] if "choose" in out else out
        if self.can_buy_any(entity, count, limit):
            out.append("buy_shares")
        if not rnd.bought and not rnd.parred and self.can_par_any(entity, count, limit):
            out.append("par")
        if not rnd.bought and not rnd.parred and self.biddable(entity):
            out.append("bid")
        if self.companies_for_sale(entity):
            out.append("buy_company")
        if "buy_shares" not in out and self._exchanges(entity):
            out.append("buy_shares")  # by a company (its entity): not passed over for it
        if out:
            out.append("pass")
        return out

    def skip(self) -> None:
        national_formation.fails_to_buy(self.game, self.round.turn_of())
        self._end_turn()

    def process_bid(self, action: dict[str, Any]) -> None:
        self.process_start_bid(action)

    def end_turn_after_start(self) -> None:
        self._end_turn()

    def process_pass(self, action: dict[str, Any]) -> None:
        if self.auction() is not None:
            self.pass_start_bid(entity_of(action))
            return
        self.game.log(f"{self.game.name(entity_of(action))} {'is done' if self.round.acted else 'passes'}")
        self._end_turn()

    def _end_turn(self) -> None:
        rnd = self.round
        self.passed = True
        player = self.game.players_by_id[rnd.turn_of()]
        player.passed = not rnd.acted
        if rnd.acted:
            rnd.last_actor = player.id
            if player.id in rnd.pass_order:
                rnd.pass_order.remove(player.id)
        elif player.id not in rnd.pass_order:
            rnd.pass_order.append(player.id)

    # -- actions --------------------------------------------------------------

    def explain(self, action: dict[str, Any]) -> GameError | None:
        game, player = self.game, entity_of(action)
        if action["type"] == "sell_shares" and game.turn < game.title.rules.stock.first_sales:
            return _no_sales_yet()
        if action["type"] in ("buy_shares", "par") and self.at_limit(player):
            return _certificate_limit(game, player)
        if player not in game.players_by_id:
            return None  # a company's action (an exchange): its own step explains it
        if action["type"] == "buy_shares":
            return self._explain_buy(player, action)
        if action["type"] == "par":
            return self._explain_par(player, action)
        if action["type"] == "bid":
            try:
                self.check_start_bid(player, str(action.get("corporation")), int(action.get("price", 0)))
            except GameError as error:
                return error
        return None

    def _explain_buy(self, player: str, action: dict[str, Any]) -> GameError | None:
        """Why the certificates named cannot be bought now (money, the holding limit…)."""
        try:
            corp, certs = shares.find_shares(self.game, [str(s) for s in action.get("shares") or []])
        except GameError as error:
            return error
        allowed = {s.id for s in self.buyable(player, corp)}
        refused = [s for s in certs if s.id not in allowed]
        return self._why_not(player, corp, refused[0]) if refused else None

    def _explain_par(self, player: str, action: dict[str, Any]) -> GameError | None:
        """Why the corporation cannot be started at that price now (money, first of all)."""
        try:
            self._par_terms(player, action)
        except GameError as error:
            return error
        return None

    def _par_terms(
        self, player: str, action: dict[str, Any]
    ) -> tuple[Corporation, int, tuple[int, int], int]:
        """(corporation, price, market cell, cost) of a par ``player`` may make, or
        :class:`GameError` saying why it may not."""
        game, rnd = self.game, self.round
        if rnd.parred or rnd.bought:
            raise GameError("one purchase", "only one purchase per turn")
        sym = str(action.get("corporation"))
        corp = game.corporations.get(sym)
        if corp is None:
            raise GameError("par", f"there is no corporation {sym} to start")
        refused = par_rules.refusal(game, sym)
        if refused is not None:
            raise GameError("par", refused)
        price, position = _par_cell(game, action)
        cost = par_exchange.par_cost(game, player, corp, price)
        if cost is None:
            company = par_exchange.par_company(game, sym)
            if company is not None and game.companies[company].closed:
                raise GameError("par", f"{sym} is started only with {company}, which has closed")
            raise GameError("par", f"{sym} is started only by the owner of {company}, with it")
        short = _cannot_pay(game, player, cost, f"to start {sym} at {price}")
        if short is not None:
            raise short
        return corp, price, position, cost

    def _exchanged_sale(self, player: str) -> list[Share]:
        """The certificate an exchange made as this turn's purchase gave ``player``, when
        they may sell it now (whatever the turn and the sell/buy order)."""
        ids = self.round.exchanged
        if ids is None:
            return []
        corp, certs = shares.find_shares(self.game, [ids])
        try:
            shares.check_sale(self.game, player, corp, certs, sum(s.percent for s in certs))
        except GameError:
            return []
        return certs

    def can_sell_any(self, player: str) -> bool:
        if self.round.exchanged is not None:
            return bool(self._exchanged_sale(player))
        return super().can_sell_any(player)

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        if rnd.exchanged is not None:
            sold = self._exchanged_sale(player)
            named = [str(s) for s in action.get("shares") or []]
            if not sold or named != [s.id for s in sold]:
                raise GameError("exchange", "after the exchange only the certificate it gave may be sold")
            corp = shares.find_shares(game, named)[0]
            percent = sum(s.percent for s in sold)
            shares.sell(game, player, corp, sold, int(action.get("percent") or percent))
            rnd.sold.setdefault(player, []).append(corp.sym)
            rnd.sold_turn.append(corp.sym)
            rnd.exchanged = None
            self._acted(player)
            return
        if game.turn < game.title.rules.stock.first_sales:
            raise _no_sales_yet()
        if not self.order_allows_sale():
            raise GameError("sell/buy order", _order_message(game.title.rules.stock.order))
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        percent = int(action.get("percent") or sum(s.percent for s in certs))
        if self.sold_in_block(player, corp):
            raise GameError(
                "sell in blocks", f"{corp.sym} was sold this turn: its shares are sold in one block"
            )
        closure = self.closure(corp)
        if closure is not None:
            raise closure
        shares.check_sale(game, player, corp, certs, percent)
        self.check_vested(player, corp, percent)
        protection = self.round.step("price_protection")
        president = corp.president()
        shares.sell(game, player, corp, certs, percent, move=protection is None)
        if protection is not None:
            queue_sale(self.round, corp, certs, percent, player, president)
        rnd.sold.setdefault(player, []).append(corp.sym)
        rnd.sold_turn.append(corp.sym)
        if not (rnd.bought or rnd.parred):
            rnd.sold_first = True
        self._acted(player)

    # -- an exchange as the turn's purchase (``exchange`` ``when: purchase``) --------

    def _exchanges(self, player: str) -> list[tuple[str, Corporation, Share]]:
        """The exchanges ``player``'s companies offer as this turn's purchase: before any
        sale or purchase of the turn."""
        if self.round.acted or self.round.bought or self.round.parred:
            return []
        return reserved_shares.purchase_exchanges(self.game, player)

    def _exchange_actions(self, entity: str) -> list[str]:
        game, player = self.game, self.round.entity()
        company = game.companies.get(entity)
        if company is None or player is None or company.owner != player:
            return []
        return ["buy_shares"] if any(sym == entity for sym, _, _ in self._exchanges(player)) else []

    def _process_exchange(self, action: dict[str, Any]) -> None:
        rnd, company = self.round, entity_of(action)
        player = self.game.companies[company].owner
        if not self._exchange_actions(company):
            name = self.game.name(player)
            raise GameError("exchange", f"{company} may be exchanged only as {name}'s purchase")
        ids = [str(s) for s in action.get("shares") or []]
        corp = reserved_shares.exchange(self.game, company, ids)
        rnd.exchanged = ids[0]
        rnd.bought.append(corp.sym)
        rnd.bought_from.append("ipo")
        rnd.last_buyer = player
        self._acted(player)

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        if entity_of(action) in self.game.companies:
            self._process_exchange(action)
            return
        game, rnd = self.game, self.round
        player = entity_of(action)
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        allowed = {s.id for s in self.buyable(player, corp)}
        for share in certs:
            if share.id not in allowed:
                raise self._why_not(player, corp, share)
        if len(certs) > 1 and not finance.multiple_buy(game, corp):
            raise GameError("one purchase", "only one certificate may be bought at a time")
        if len(certs) == 1 and bankruptcy.takes_over(game, player, corp, certs[0]):
            bankruptcy.take_over(game, player, corp)
            rnd.bought.append(corp.sym)
            rnd.bought_from.append(purchase_source(corp, certs[0]))
            rnd.last_buyer = player
            self._acted(player)
            return
        allowed = finance.multiple_buy_from(game, corp)
        sources = [*rnd.bought_from, *(purchase_source(corp, s) for s in certs)]
        if len(sources) > 1 and not all(source in allowed for source in sources):
            raise GameError(
                "multiple buy",
                f"several shares of {corp.sym} in a turn come only from the {' or '.join(sorted(allowed))}",
            )
        shares.check_bundle_fields(game, corp, certs, action)
        cost = sum(finance.worth(game, corp.sym, shares.share_price(game, corp, s), s.percent) for s in certs)
        if cost > game.players_by_id[player].cash:
            raise GameError("money", f"{game.name(player)} cannot pay {cost}")
        sources = [purchase_source(corp, s) for s in certs]
        shares.buy(game, player, corp, certs)
        rnd.bought.append(corp.sym)
        rnd.bought_from.extend(sources)
        rnd.last_buyer = player
        self._acted(player)

    def _why_not(self, player: str, corp: Corporation, share: Share) -> GameError:
        game = self.game
        if share.owner not in (corp.sym, "ipo", POOL):
            return GameError("buying", f"{share.id} is not for sale")
        closure = self.closure(corp)
        if closure is not None:
            return closure
        if corp.sym not in game.market.positions:
            return GameError(
                "par first", f"{corp.sym} has not been started: its president's certificate comes first"
            )
        if self.sold_earlier(player, corp):
            return GameError("buying", f"{game.name(player)} sold {corp.sym} this round")
        if not self.may_purchase(corp):
            return GameError("buying", "only one purchase per turn")
        if self.at_limit(player):
            return _certificate_limit(game, player)
        short = _cannot_pay(
            game,
            player,
            finance.worth(game, corp.sym, shares.share_price(game, corp, share), share.percent),
            f"for {share.id}",
        )
        if short is not None:
            return short
        limit = finance.holding_limit(game, corp.sym)
        return GameError("buying", f"{game.name(player)} may not hold more than {limit}% of {corp.sym}")

    def process_par(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        corp, price, position, cost = self._par_terms(player, action)
        sym, pres = corp.sym, next(s for s in corp.shares if s.president)
        if self.at_limit(player):
            raise _certificate_limit(game, player)
        corp.par = price
        game.market.place(sym, position)
        if (
            destinations.escrow_open(game)
            and corp.capitalization == "incremental"
            and not corp.destination_reached
        ):
            corp.escrow = 0
        payee = shares.treasury_payee(game, corp, cost) if corp.capitalization == "incremental" else "bank"
        finance.pay(game, player, payee, cost)
        finance.move_share(game, pres, player)
        game.log(f"{game.name(player)} starts {sym} at {price}")
        pay_par_subsidy(game, sym, price)
        par_rules.started(game)
        company = par_exchange.par_company(game, sym)
        if company is not None:
            game.log(f"{game.name(player)} exchanges {company} for a share of {sym}")
            close_company(game, company)
            trains.bring_in_reserved(game)
        tokens.home_at(game, sym, "par")
        if self.round.step("home_token") is not None:
            tokens.choose_home_now(game, self.round, sym)
        shares.check_float(game, corp)
        rnd.parred = True
        rnd.last_buyer = player
        self._acted(player)

    def process_buy_company(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        sym = str(action.get("company"))
        if sym not in self.companies_for_sale(player):
            raise GameError("buying companies", f"{game.name(player)} cannot buy {sym} now")
        if sym not in self.companies_to_buy(player):
            held = ", ".join(s.id for _, s in self._shares_with(sym))
            raise GameError("buying companies", f"{sym} comes with {held}, which a player holds")
        price = int(action["price"])
        finance.check_spend(game, player, price)
        company = game.companies[sym]
        seller = company.owner
        finance.pay(game, player, seller, price)
        company.owner = player
        for corp, share in self._shares_with(sym):
            finance.move_share(game, share, player)
            shares.settle(game, corp)
        minor = operating.ability(game, sym, "controls_minor")
        if isinstance(minor, ControlsMinor):
            game.minors[minor.minor].owner = player
        rnd.bought.append(f"company {sym}")
        self._acted(player)
        game.log(f"{game.name(player)} buys {sym} from {game.name(seller)} for {price}")

    def process_choose(self, action: dict[str, Any]) -> None:
        """A gift of a certificate (``stock.gifts``): the turn goes on."""
        game, rnd = self.game, self.round
        player = entity_of(action)
        gifts.give(game, rnd, player, str(action.get("choice")))
        rnd.acted = True
        game.players_by_id[player].passed = False

    # -- the choices ------------------------------------------------------------

    def choices_choose(self, player: str) -> list[Choice]:
        """The gifts the player may make (``stock.gifts``)."""
        return [{"choice": name} for name in gifts.gifts(self.game, self.round, player)]

    def choices_par(self, player: str) -> list[Choice]:
        """Every corporation not yet started, at every par price the player can pay."""
        game = self.game
        cash = game.players_by_id[player].cash
        out = []
        for sym, corp in game.corporations.items():
            if par_rules.refusal(game, sym) is not None:
                continue
            for r, c, cell in game.title.market.par_cells_in(game.title.corporations[sym].par_zones):
                cost = par_exchange.par_cost(game, player, corp, cell.price)
                if cost is not None and cost <= cash:
                    out.append({"corporation": sym, "share_price": cell_id(cell, r, c)})
        return out

    def choices_buy_shares(self, player: str) -> list[Choice]:
        """One certificate of each corporation from each place it may be bought from (for
        a company: the certificates it may be exchanged for)."""
        if player in self.game.companies:
            found = self._exchanges(self.game.companies[player].owner)
            return [{"shares": [s.id], "percent": s.percent} for sym, _, s in found if sym == player]
        out = []
        for corp in self.game.corporations.values():
            seen = set()
            for share in self.buyable(player, corp):
                if share.president:  # out of receivership: the price of one share
                    out.append({"shares": [share.id], "percent": bankruptcy.ordinary_percent(corp)})
                    continue
                source = shares.source_of(corp, share)
                if source in seen:
                    continue
                seen.add(source)
                out.append({"shares": [share.id], "percent": share.percent})
        return out

    def choices_sell_shares(self, player: str) -> list[Choice]:
        """Bundles of the first-held certificates, and with the president's certificate
        where another player can take the presidency."""
        game = self.game
        if self.round.exchanged is not None:
            sold = self._exchanged_sale(player)
            return [{"shares": [s.id for s in sold], "percent": sum(s.percent for s in sold)}] if sold else []
        found = []
        for corp in game.corporations.values():
            if self.sold_in_block(player, corp) or self.closed(corp):
                continue
            for bundle in purchases.bundles(game, player, corp):
                try:
                    shares.check_sale(game, player, corp, bundle.certificates, bundle.percent)
                    self.check_vested(player, corp, bundle.percent)
                except GameError:
                    continue
                found.append(bundle)
        return [{"shares": [s.id for s in b.certificates], "percent": b.percent} for b in found]

    def choices_buy_company(self, player: str) -> list[Choice]:
        """A company bought from another player: any price from 1 to the buyer's cash (the
        engine takes any the buyer can pay); offered, as on 18xx.games' page, when the buyer
        can pay the company's lowest sale price."""
        cash = self.game.players_by_id[player].cash
        return [
            {"company": sym, "price": 1, "max": cash}
            for sym in self.companies_to_buy(player)
            if price_range(self.game, sym)[0] <= cash
        ]

    def _acted(self, player: str) -> None:
        rnd = self.round
        rnd.acted = True
        rnd.last_actor = player
        self.game.players_by_id[player].passed = False


def _order_message(order: str) -> str:
    if order == "sell_buy":
        return "no sales after a purchase in the same turn"
    return "sales may come before or after the purchase of a turn, not both"


def _no_sales_yet() -> GameError:
    return GameError("no sales yet", "shares may not be sold in the first stock round")


def _cannot_pay(game: Game, player: str, cost: int, what: str) -> GameError | None:
    """``Cy has 50 and cannot pay 134 to start UGJ at 67 (money)``; ``None`` when the
    player has the money."""
    cash = game.players_by_id[player].cash
    if cost <= cash:
        return None
    return GameError("money", f"{game.name(player)} has {cash} and cannot pay {cost} {what}")


def _certificate_limit(game: Game, player: str) -> GameError:
    limit = finance.certificate_limit(game)
    return GameError(
        "certificate limit", f"{game.name(player)} already holds the limit of {limit} certificates"
    )
