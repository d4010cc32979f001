"""Stock round steps: the priority card, and buying, selling and starting corporations.

A turn (rulebook §9, reference §4.3) is sales, at most one purchase (a share or
a new corporation; several shares of one corporation in a multiple-buy zone),
more sales, then done; ``stock.order`` may forbid the sales after the purchase.
Sales wait for the title's first selling round; a player over the certificate
limit, or over the holding limit of a corporation, may only sell. Nobody buys
back what they sold in the same round, unless ``stock.buy_after_selling``.
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import finance, operating, shares, tokens
from framework.engine.entities import POOL
from framework.engine.steps.auction import _par_cell
from framework.engine.steps.base import Step, entity_of, step
from framework.title.companies import ControlsMinor, PriorityCard, Shares


@step("priority_card")
class PriorityCardStep(Step):
    """At the start of a stock round, the owner of an unused priority card who is not
    first may take the first turn (``choose: activate``) or keep it (``wait``)."""

    STATE = ("holder", "asked")

    def setup(self) -> None:
        if getattr(self, "asked", False):
            return
        self.asked = False
        self.holder = self._holder()

    def _holder(self) -> str | None:
        game, rnd = self.game, self.round
        for sym, company in game.companies.items():
            ability = operating.ability(game, sym, "priority_card")
            if not isinstance(ability, PriorityCard):
                continue
            owner = company.owner
            usable = owner in game.players_by_id and company.uses.get("priority_card", 0) > 0
            if usable and rnd.entities and rnd.entities[0] != owner:
                return company.owner
        return None

    def actions(self, entity: str) -> list[str]:
        return ["choose"] if self.holder and not self.asked and entity == self.holder else []

    def acting_entity(self) -> str | None:
        return self.holder if self.holder and not self.asked else None

    def blocking(self, current: str | None = None) -> bool:
        return bool(self.holder) and not self.asked

    def skip(self) -> None:
        self.passed = True
        self.asked = True

    def process_choose(self, action: dict[str, Any]) -> None:
        choice = str(action.get("choice"))
        if choice not in ("activate", "wait"):
            raise GameError("priority card", f"choose 'activate' or 'wait', not {choice!r}")
        game, holder = self.game, self.holder
        self.asked = True
        self.passed = True
        if choice == "activate":
            sym = next(
                s
                for s, c in game.companies.items()
                if c.owner == holder and game.title.companies[s].ability("priority_card")
            )
            company = game.companies[sym]
            company.uses["priority_card"] -= 1
            if (
                company.uses["priority_card"] == 0
                and game.title.companies[sym].ability("priority_card").closes_when_used
            ):
                from framework.engine.events import close_company

                close_company(game, sym)
            self.round.index = self.round.entities.index(holder)
            self.round.begin_turn()
            game.log(f"{game.name(holder)} uses the priority card")
        else:
            game.log(f"{game.name(holder)} keeps the priority card")


@step("buy_sell_par_shares")
class BuySellParShares(Step):
    """Sell, buy one certificate or start a corporation, sell, done."""

    def actions(self, entity: str) -> list[str]:
        rnd = self.round
        if entity != rnd.entity():
            return []
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
        if self.must_sell(entity):
            return out
        if self.can_buy_any(entity):
            out.append("buy_shares")
        if not rnd.bought and not rnd.parred and self.can_par_any(entity):
            out.append("par")
        if self.companies_for_sale(entity):
            out.append("buy_company")
        if out:
            out.append("pass")
        return out

    def skip(self) -> None:
        self._end_turn()

    def process_pass(self, action: dict[str, Any]) -> None:
        self.game.log(f"{self.game.name(entity_of(action))} {'is done' if self.round.acted else 'passes'}")
        self._end_turn()

    def _end_turn(self) -> None:
        rnd = self.round
        self.passed = True
        player = self.game.players_by_id[rnd.entity()]
        player.passed = not rnd.acted
        if rnd.acted:
            rnd.last_actor = player.id

    # -- what may be done -----------------------------------------------------

    def must_sell(self, player: str) -> bool:
        game = self.game
        if finance.certificate_count(game, player) > finance.certificate_limit(game):
            return True
        limit = game.title.rules.stock.holding_limit
        return any(
            finance.holding_limited(game, c) and c.percent_of(player) > limit
            for c in game.corporations.values()
            if not c.closed
        )

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
            if corp.closed or not corp.certificates_of(player) or self.sold_in_block(player, corp):
                continue
            for share in corp.certificates_of(player):
                try:
                    shares.check_sale(game, player, corp, [share], min(10, share.percent))
                    return True
                except GameError:
                    continue
        return False

    def sold_in_block(self, player: str, corp) -> bool:
        """Whether ``player`` has sold ``corp`` this turn and, selling in blocks
        (``stock.sell_in_blocks``), may sell no more of it now."""
        return self.game.title.rules.stock.sell_in_blocks and corp.sym in self.round.sold_turn

    def buyable(self, player: str, corp, at_limit: bool | None = None) -> list:
        """Certificates of ``corp`` the player could buy now (``at_limit``: whether the
        player's certificates already reach the limit, when known)."""
        game = self.game
        if corp.closed or corp.par is None or corp.bot or self.sold_earlier(player, corp):
            return []
        if not self.may_purchase(corp):
            return []
        if at_limit is None:
            at_limit = self.at_limit(player)
        if at_limit and finance.counts_for_limit(game, corp):
            return []
        limited = finance.holding_limited(game, corp)
        room = game.title.rules.stock.holding_limit - corp.percent_of(player)
        cash = game.players_by_id[player].cash
        out = []
        for share in corp.shares:
            if share.owner not in (corp.sym, "ipo", POOL) or share.president:
                continue
            if limited and share.percent > room:
                continue
            if shares.share_price(game, corp, share) * share.percent // 10 > cash:
                continue
            if not self.may_buy_from(corp, share):
                continue
            out.append(share)
        return out

    def sold_earlier(self, player: str, corp) -> bool:
        """Whether ``player`` sold ``corp`` earlier this round and may not buy it back
        (``stock.buy_after_selling``)."""
        if self.game.title.rules.stock.buy_after_selling:
            return False
        return corp.sym in self.round.sold.get(player, [])

    def at_limit(self, player: str) -> bool:
        game = self.game
        return finance.certificate_count(game, player) >= finance.certificate_limit(game)

    def may_purchase(self, corp) -> bool:
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

    def may_buy_from(self, corp, share) -> bool:
        """Whether a share from where ``share`` is may be this turn's next purchase: the
        first of a turn may come from anywhere; more only from where the multiple-buy
        zone allows, and only if every earlier one of the turn came from there too."""
        rnd = self.round
        if not rnd.bought:
            return True
        allowed = finance.multiple_buy_from(self.game, corp)
        return all(source in allowed for source in [*rnd.bought_from, _source(corp, share)])

    def can_buy_any(self, player: str) -> bool:
        at_limit = self.at_limit(player)
        return any(self.buyable(player, c, at_limit) for c in self.game.corporations.values())

    def can_par_any(self, player: str) -> bool:
        game = self.game
        if finance.certificate_count(game, player) >= finance.certificate_limit(game):
            return False
        cash = game.players_by_id[player].cash
        cheapest = min(cell.price for _, _, cell in game.title.market.par_cells())
        for corp in game.corporations.values():
            if corp.par is None and not corp.closed:
                percent = next(s.percent for s in corp.shares if s.president)
                if cheapest * percent // 10 <= cash:
                    return True
        rules = game.title.rules.nationalization
        if rules is None or not rules.turns_as_unstarted:
            return False
        for sym in game.nationalised:
            held = game.corporations[sym].certificates_of(sym)
            if held and held[0].percent * cheapest // 10 <= cash:
                return True
        return False

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

    def _par_terms(self, player: str, action: dict[str, Any]):
        """(corporation, price, market cell, cost) of a par ``player`` may make, or
        :class:`GameError` saying why it may not."""
        game, rnd = self.game, self.round
        if rnd.parred or rnd.bought:
            raise GameError("one purchase", "only one purchase per turn")
        sym = str(action.get("corporation"))
        corp = game.corporations.get(sym)
        if corp is None or corp.closed:
            raise GameError("par", f"there is no corporation {sym} to start")
        if corp.par is not None:
            raise GameError("par", f"{sym} has already been started")
        price, position = _par_cell(game, action)
        cost = price * next(s.percent for s in corp.shares if s.president) // 10
        short = _cannot_pay(game, player, cost, f"to start {sym} at {price}")
        if short is not None:
            raise short
        return corp, price, position, cost

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
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
        shares.check_sale(game, player, corp, certs, percent)
        shares.sell(game, player, corp, certs, percent)
        rnd.sold.setdefault(player, []).append(corp.sym)
        rnd.sold_turn.append(corp.sym)
        if not (rnd.bought or rnd.parred):
            rnd.sold_first = True
        self._acted(player)

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        allowed = {s.id for s in self.buyable(player, corp)}
        for share in certs:
            if share.id not in allowed:
                raise self._why_not(player, corp, share)
        if len(certs) > 1 and not finance.multiple_buy(game, corp):
            raise GameError("one purchase", "only one certificate may be bought at a time")
        allowed = finance.multiple_buy_from(game, corp)
        sources = [*rnd.bought_from, *(_source(corp, s) for s in certs)]
        if len(sources) > 1 and not all(source in allowed for source in sources):
            raise GameError(
                "multiple buy",
                f"several shares of {corp.sym} in a turn come only from the {' or '.join(sorted(allowed))}",
            )
        shares.check_bundle_fields(game, corp, certs, action)
        cost = sum(shares.share_price(game, corp, s) * s.percent // 10 for s in certs)
        if cost > game.players_by_id[player].cash:
            raise GameError("money", f"{game.name(player)} cannot pay {cost}")
        sources = [_source(corp, s) for s in certs]
        shares.buy(game, player, corp, certs)
        rnd.bought.append(corp.sym)
        rnd.bought_from.extend(sources)
        rnd.last_buyer = player
        self._acted(player)

    def _why_not(self, player: str, corp, share) -> GameError:
        game = self.game
        if share.owner not in (corp.sym, "ipo", POOL):
            return GameError("buying", f"{share.id} is not for sale")
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
            game, player, shares.share_price(game, corp, share) * share.percent // 10, f"for {share.id}"
        )
        if short is not None:
            return short
        limit = game.title.rules.stock.holding_limit
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
        payee = sym if corp.capitalization == "incremental" else "bank"
        finance.pay(game, player, payee, cost)
        finance.move_share(game, pres, player)
        game.log(f"{game.name(player)} starts {sym} at {price}")
        tokens.home_at(game, sym, "par")
        shares.check_float(game, corp)
        rnd.parred = True
        rnd.last_buyer = player
        self._acted(player)

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

    def _shares_with(self, sym: str) -> list:
        """``(corporation, certificate)`` for the certificates a ``shares`` ability hands
        with the company at every purchase (the first ordinary share of its corporation):
        as on 18xx.games, a sale between players takes that share too, so it cannot be made
        while a player holds it."""
        game = self.game
        out = []
        for ability in game.title.companies[sym].abilities:
            if isinstance(ability, Shares) and not ability.president:
                corp = game.corporations.get(ability.corporation)
                share = next((s for s in corp.shares if s.id == f"{corp.sym}_1"), None) if corp else None
                if share is not None:
                    out.append((corp, share))
        return out

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


def _cannot_pay(game, player: str, cost: int, what: str) -> GameError | None:
    """``Cy has 50 and cannot pay 134 to start UGJ at 67 (money)``; ``None`` when the
    player has the money."""
    cash = game.players_by_id[player].cash
    if cost <= cash:
        return None
    return GameError("money", f"{game.name(player)} has {cash} and cannot pay {cost} {what}")


def _certificate_limit(game, player: str) -> GameError:
    limit = finance.certificate_limit(game)
    return GameError(
        "certificate limit", f"{game.name(player)} already holds the limit of {limit} certificates"
    )


def _source(corp, share) -> str:
    """``pool`` for a share in the bank pool, else ``ipo`` (initial offering or treasury)."""
    return "pool" if share.owner == POOL else "ipo"
