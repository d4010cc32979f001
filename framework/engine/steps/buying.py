"""Operating steps about trains: buying, discarding, the early purchase and the discount
purchase of company abilities, emergency money and bankruptcy.

A corporation with a route but no train must buy one (rulebook §10.7). If it
cannot pay for the cheapest train, its president pays the difference, selling
shares if needed; if even that fails, the president is bankrupt (§10.8).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import (
    automatic_loans,
    bankruptcy,
    finance,
    national_operation,
    operating,
    purchases,
    settled_nationalization,
    shares,
    trains,
)
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, POOL, Train
from framework.engine.operating import is_bot, owned_abilities
from framework.engine.steps import buying_power, emergency_issue
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.emergency_issue import EMERGENCY_ISSUED
from framework.title.companies import EarlyTrainPurchase, TrainDiscount

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.round_kinds import OperatingRound

BOUGHT_EARLY = RoundState(
    "bought_early", False, "The operator bought trains early this turn (a company's ability).", per_turn=True
)
DEPOT_BOUGHT = RoundState(
    "depot_bought",
    [],
    "The trains (by name) the operator bought from the depot this turn (the phase's ``depot_purchases``).",
    per_turn=True,
)
EMERGENCY_SOLD = RoundState(
    "emergency_sold",
    [],
    "Corporations whose shares the operator's president sold this turn to raise money "
    "(``stock.sell_in_blocks``).",
    per_turn=True,
)


class TrainBuying(Step):
    """Shared checks of a train purchase."""

    round: OperatingRound  # listed in operating rounds

    def room(self, corp: str) -> bool:
        """Whether ``corp`` may take one more train now."""
        game = self.game
        return trains.counted(game, corp) < game.train_limit(corp)

    def buy(
        self,
        action: dict[str, Any],
        buyer: str,
        *,
        from_depot_only: bool = False,
        price_of: Callable[[Train], int] | None = None,
    ) -> Train:
        game = self.game
        train = game.trains.get(str(action.get("train")))
        if train is None:
            raise GameError("trains", f"there is no train {action.get('train')}")
        variant = action.get("variant")
        variant = str(variant) if variant is not None else None
        if variant and variant != train.name and variant not in game.title.trains[train.name].variants:
            raise GameError("trains", f"{train.name} has no {variant} face")
        exchange = None
        if action.get("exchange"):
            exchange = game.trains.get(str(action["exchange"]))
            if exchange is None or exchange.owner != buyer:
                raise GameError("trade-in", f"{buyer} has no train {action['exchange']} to trade in")
        if not (exchange is not None or self.room(buyer)):
            trains.check_room(game, buyer)
        price = int(action.get("price", 0))
        seller = train.owner
        if seller in (BANK, POOL):
            if train.id not in {t.id for t in trains.offered(game)}:
                raise GameError("depot", f"the depot does not offer {train.id} now")
            expected = price_of(train) if price_of else trains.depot_price(game, train, variant, exchange)
            if price != expected:
                raise GameError("train price", f"{train.id} costs {expected}, not {price}")
            payee = BANK
        else:
            if from_depot_only:
                raise GameError("trains", "only trains from the depot may be bought here")
            if train not in purchases.others_trains(game, buyer):
                raise GameError("trains", f"{train.id} cannot be bought")
            if exchange is not None:
                raise GameError("trade-in", "trains from other corporations take no trade-in")
            if price < game.title.rules.trains.min_price_from_others:
                raise GameError(
                    "train price",
                    f"a train costs at least {game.title.rules.trains.min_price_from_others}",
                )
            payee = seller
        self.pay_for(buyer, payee, price, train)
        if exchange is not None:
            terms = trains.trade_in_terms(game, train, variant or train.name)
            if terms is None:
                raise GameError("trade-in", f"{train.id} takes no train in trade")
            if terms.traded == "discarded":
                trains.discard(game, exchange)
            else:
                exchange.owner = trains.REMOVED
            game.log(f"{buyer} trades in {exchange.id}")
        trains.acquire(game, train, buyer, variant)
        seller_name = "the bank" if payee == BANK else game.name(payee)
        game.log(f"{buyer} buys {train.id} from {seller_name} for {price}")
        return train

    def pay_for(self, buyer: str, payee: str, price: int, train: Train) -> None:
        finance.pay(self.game, buyer, payee, price)


@step("buy_train")
class BuyTrain(TrainBuying):
    """Buy trains while one can be paid for; a corporation that must buy may need its
    president's money (see :mod:`framework.engine.purchases`)."""

    description = "The operator buys trains; a corporation without a train may have to."
    STATE = ("last_sold",)
    ROUND_STATE = (BOUGHT_EARLY, EMERGENCY_SOLD, DEPOT_BOUGHT, EMERGENCY_ISSUED)

    def setup(self) -> None:
        self.last_sold = 0
        """The price a share of the president's last emergency sale this turn (0: none)."""

    def discounts(self, corp: str) -> dict[str, float]:
        """Train name → fraction off, from the corporation's discount abilities usable in
        this step."""
        out: dict[str, float] = {}
        for sym, ability in owned_abilities(self.game, corp, TrainDiscount):
            if self.game.companies[sym].uses.get("train_discount", 0) > 0:
                for name in ability.trains:
                    out[name] = max(out.get(name, 0), ability.fraction)
        return out

    def actions(self, entity: str) -> list[str]:
        game, rnd = self.game, self.round
        corp = rnd.entity()
        if corp not in game.corporations or is_bot(game, corp) or skipped(rnd, corp):
            return []
        if bankruptcy.in_receivership(game, corp) or national_operation.operates(game, corp):
            return []  # it buys by itself (skip)
        if entity == corp:
            if purchases.must_buy(game, corp):
                return ["buy_train", "sell_shares"] if emergency_issue.issues(game, corp) else ["buy_train"]
            # Once it has bought from the depot what the phase allows, the step waits for a
            # pass while the corporation could buy a train were it not for that limit, as
            # 18xx.games' SingleDepotTrainBuy does (it ends by itself only when the depot
            # purchase leaves nothing to buy: process_buy_train).
            power = buying_power.extra(game, corp, game.title.rules.trains.buying_power)
            if purchases.can_buy_train(game, corp, self.discounts(corp), extra=power):
                return ["buy_train", "pass"]
            return []
        president = game.corporations[corp].president()
        if (
            entity == president
            and not automatic_loans.automatic(game, "buy_train")
            and purchases.must_buy(game, corp)
            and purchases.shortfall(game, corp) > 0
            and not emergency_issue.must_issue_first(game, corp)
        ):
            return ["sell_shares"]
        return []

    def process_pass(self, action: dict[str, Any]) -> None:
        super().process_pass(action)
        settled_nationalization.after_buying(self.game, self.round.entity())

    def skip(self) -> None:
        """A corporation in receivership without a train buys the cheapest face of the
        cheapest depot train when its treasury pays for it
        (``bankruptcy.receivership.buys_cheapest_train``). One that ends its buying
        without a train is nationalised where the title says
        (``rules.settled_nationalization.when``)."""
        super().skip()
        game = self.game
        corp = self.round.entity()
        if corp is not None and national_operation.operates(game, corp):
            national_operation.buy_trains(self, corp)
            return
        settled_nationalization.after_buying(game, corp)
        if corp is None or not bankruptcy.in_receivership(game, corp) or trains.owned(game, corp):
            return
        if not game.title.rules.bankruptcy.receivership.buys_cheapest_train:
            return
        found = purchases.cheapest_depot_face(game)
        if found is None:
            return
        price, train, face = found
        if price <= game.corporations[corp].cash:
            self.buy({"train": train.id, "price": price, "variant": face}, corp, from_depot_only=True)

    def offered_depot(self, corp: str) -> list[trains.Offer]:
        """The depot purchases listed for ``corp``: besides trade-ins, only the cheapest
        train when it cannot pay for that alone (``emergency.cheapest_depot_train``); at the
        train limit, every train while a trade-in is within its means (see
        :func:`~framework.engine.purchases.may_exceed_limit`)."""
        game = self.game
        offers = trains.depot_offers(game, corp, room=self.room(corp), bought=self.round.depot_bought)
        cheapest = purchases.cheapest_depot_price(game)
        if (
            game.title.rules.trains.emergency.cheapest_depot_train
            and cheapest is not None
            and game.corporations[corp].cash < cheapest
        ):
            first = min(trains.offered(game), key=lambda t: trains.price(game, t))
            offers = [o for o in offers if o.train is first or o.exchange is not None]
        return offers

    def room(self, corp: str) -> bool:
        """Whether ``corp`` may take one more train now."""
        game = self.game
        return trains.counted(game, corp) < game.train_limit(corp) or purchases.may_exceed_limit(
            game, corp, self.round.depot_bought
        )

    def offered_others(self, corp: str) -> list[tuple[Train, purchases.PriceRange]]:
        """Other corporations' trains ``corp`` may buy, each with its price range."""
        game = self.game
        if not self.room(corp):
            return []
        out = []
        for train in purchases.others_trains(game, corp):
            span = purchases.others_price_range(game, corp, train, self.last_sold)
            if span.low <= span.high:
                out.append((train, span))
        return out

    def explain(self, action: dict[str, Any]) -> GameError | None:
        corp = entity_of(action)
        if action["type"] == "pass" and corp == self.round.entity() and purchases.must_buy(self.game, corp):
            return GameError("must buy a train", f"{corp} has a route and no train: it must buy one")
        if action["type"] != "buy_train":
            return None
        try:
            trains.check_room(self.game, corp, exchanging=bool(action.get("exchange")))
        except GameError as error:
            return error
        return None

    def choices_buy_train(self, corp: str) -> list[Choice]:
        """Depot purchases the corporation can pay for (with its president's money, only the
        cheapest depot train), and other corporations' trains from the least price up to the
        most it may pay."""
        game = self.game
        cash = game.corporations[corp].cash
        helped = (
            cash + purchases.president_cash(game, corp) if purchases.president_may_help(game, corp) else cash
        )
        if emergency_issue.must_issue_first(game, corp):
            helped = cash
        if automatic_loans.automatic(game, "buy_train") and purchases.must_buy(game, corp):
            helped = cash + automatic_loans.power(game, corp, "buy_train")
        cheapest = purchases.cheapest_depot_price(game)
        any_train = not game.title.rules.trains.emergency.cheapest_depot_train
        out = [
            _depot_choice(o)
            for o in self.offered_depot(corp)
            if (
                o.price <= cash
                or (o.price <= helped and o.exchange is None and (any_train or o.price == cheapest))
            )
            and (_after_issue(game, corp, o.price, True) or _only_face(game, corp, o.train))
        ]
        for train, span in self.offered_others(corp) if _after_issue(game, corp, 0, False) else []:
            out.append({"train": train.id, "price": span.low, "max": span.high, "variant": train.variant})
        return out

    def choices_sell_shares(self, player: str) -> list[Choice]:
        """The emergency sales (see :mod:`framework.engine.purchases`), or the
        corporation's emergency issues (:mod:`~framework.engine.steps.emergency_issue`)."""
        if player in self.game.corporations:
            return [
                {"shares": [s.id for s in i.shares], "percent": 10 * len(i.shares), "share_price": i.price}
                for i in emergency_issue.issues(self.game, player)
            ]
        found = purchases.emergency_bundles(self.game, player, self.round.turn_of())
        return [{"shares": [s.id for s in b.certificates], "percent": b.percent} for b in found]

    def choices_pass(self, corp: str) -> list[Choice]:
        """No pass for a corporation that must buy a train."""
        game = self.game
        return [] if corp in game.corporations and purchases.must_buy(game, corp) else [{}]

    def process_buy_train(self, action: dict[str, Any]) -> None:
        train = self.game.trains.get(str(action.get("train")))
        from_depot = train is not None and train.owner in (BANK, POOL)
        bought = self.round.depot_bought
        if from_depot and train is not None and not trains.depot_allows(self.game, train.name, bought):
            rule = self.game.phase_spec().depot_purchases
            raise GameError(
                "depot purchases",
                f"{entity_of(action)} has bought {', '.join(bought)} from the depot this turn; "
                + ("one train" if rule == "one" else "one train of each type")
                + " from the depot per turn in this phase",
            )
        corp = entity_of(action)
        if not (from_depot and train is not None and _only_face(self.game, corp, train)):
            emergency_issue.check_purchase(self.game, corp, int(action.get("price", 0)), from_depot)
        self.buy(action, corp)
        if from_depot and train is not None:
            bought.append(train.name)
            limited = self.game.phase_spec().depot_purchases != "any"
            if limited and not purchases.can_buy_train(self.game, corp, self.discounts(corp), bought):
                self.passed = True  # nothing left it may buy: its purchases are over

    def pay_for(self, buyer: str, payee: str, price: int, train: Train) -> None:
        game = self.game
        cash = game.corporations[buyer].cash
        if payee == BANK and price > cash and automatic_loans.automatic(game, "buy_train"):
            if not purchases.must_buy(game, buyer):
                raise GameError(
                    "money", f"{buyer} has {cash}, not {price}: loans pay only for a train it must buy"
                )
            automatic_loans.cover(game, buyer, "buy_train", price)
            finance.pay(game, buyer, payee, price)
            return
        if payee == BANK:
            if price > cash:
                why = purchases.why_no_help(game, buyer, price)
                if why is not None:
                    raise GameError("emergency" if purchases.must_buy(game, buyer) else "money", why)
        else:
            face = trains.face_value(game, train)
            if price != face and purchases.at_face_value(game, buyer, payee):
                raise GameError(
                    "face value", f"{train.id} passes between {buyer} and {payee} at its face value, {face}"
                )
            span = purchases.others_price_range(game, buyer, train, self.last_sold)
            if not span.low <= price <= span.high:
                rule = "emergency" if purchases.must_buy(game, buyer) else "train price"
                raise GameError(
                    rule,
                    f"{buyer} may pay {span.low} to {span.high} for {train.id}, not {price}"
                    if span.low <= span.high
                    else f"{buyer} cannot buy {train.id} now",
                )
        if price > cash and emergency_issue.must_issue_first(game, buyer):
            raise GameError(
                "emergency issue", f"{buyer} must issue shares before its president pays towards a train"
            )
        if price > cash:
            president = game.corporations[buyer].president()
            need = price - cash
            if president is None or game.players_by_id[president].cash < need:
                raise GameError(
                    "emergency", f"{game.name(president)} must raise {need} by selling shares first"
                )
            finance.pay(game, president, buyer, need)  # the president's cash was checked
            game.log(f"{game.name(president)} contributes {need}")
        finance.pay(game, buyer, payee, price)

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        if player in game.corporations:
            emergency_issue.issue(game, player, [str(s) for s in action.get("shares") or []])
            return
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        percent = int(action.get("percent") or sum(s.percent for s in certs))
        purchases.check_emergency_sale(game, player, rnd.turn_of(), purchases.Bundle(corp, certs, percent))
        self.last_sold = game.market.price(corp.sym)
        rnd.emergency_sold.append(corp.sym)
        shares.sell(game, player, corp, certs, percent)
        rnd.reorder_remaining()


def _after_issue(game: Game, corp: str, price: int, from_depot: bool) -> bool:
    """Whether an emergency issue this turn leaves ``corp`` free to buy this train."""
    try:
        emergency_issue.check_purchase(game, corp, price, from_depot)
    except GameError:
        return False
    return True


def _only_face(game: Game, corp: str, train: Train) -> bool:
    """Whether ``corp`` can pay only for a cheaper face of the depot's ``train`` (a 1846
    4 train's 3/5): that face is its purchase, even after an emergency issue that would
    otherwise have it spend more (18xx.games offers then the cheaper face alone)."""
    prices = [trains.price(game, train, face) for face in trains.faces(game, train)]
    if len(prices) < 2:
        return False
    cash = game.corporations[corp].cash
    if purchases.president_may_help(game, corp):
        cash += purchases.president_cash(game, corp)
    return min(prices) <= cash < max(prices)


def _depot_choice(offer: trains.Offer) -> Choice:
    choice = {"train": offer.train.id, "price": offer.price, "variant": offer.face}
    if offer.exchange is not None:
        choice["exchange"] = offer.exchange.id
    return choice


def skipped(rnd: OperatingRound, corp: str) -> bool:
    """Whether ``corp`` skips its train buying this turn of ``rnd``: it bought trains early
    with an ability that says so (``skips_buy_trains``)."""
    game = rnd.game
    return rnd.bought_early and any(
        ability.skips_buy_trains for _, ability in owned_abilities(game, corp, EarlyTrainPurchase)
    )


@step("early_train_purchase")
class EarlyTrainPurchaseStep(BuyTrain):
    """A company's ability: buy trains from the depot before running — as in the
    buy-trains step (a corporation that must buy gets its president's money for the
    cheapest depot train), but from the depot only, with no discounts and no share
    sales."""

    description = "The operator buys trains before running them (a company's ability)."

    def choices_pass(self, corp: str) -> list[Choice]:
        return [{}]

    def discounts(self, corp: str) -> dict[str, float]:
        return {}

    def offered_others(self, corp: str) -> list[tuple[Train, purchases.PriceRange]]:
        """Only the depot sells here."""
        return []

    def ability(self, corp: str) -> tuple[str, EarlyTrainPurchase] | None:
        """The company whose ability the operator may use now (still usable, or in use
        this turn: it is used up when the step ends after a purchase)."""
        for sym, ability in owned_abilities(self.game, corp, EarlyTrainPurchase):
            if self.game.companies[sym].uses.get("early_train_purchase", 0) > 0:
                return sym, ability
        return None

    def actions(self, entity: str) -> list[str]:
        """Open while the corporation could buy a train (from anyone: only the purchase
        itself is limited to the depot); after a purchase it ends by itself once no more
        can be bought (reference §3.6, Motala Verkstad)."""
        if entity != self.round.entity() or self.ability(entity) is None:
            return []
        return ["buy_train", "pass"] if purchases.can_buy_train(self.game, entity) else []

    def process_buy_train(self, action: dict[str, Any]) -> None:
        corp = entity_of(action)
        self.buy(action, corp, from_depot_only=True)
        self.round.bought_early = True

    def process_pass(self, action: dict[str, Any]) -> None:
        self.passed = True
        self._use_up()

    def skip(self) -> None:
        self.passed = True
        self._use_up()

    def _use_up(self) -> None:
        """After a turn with a purchase, the ability is spent."""
        found = self.ability(self.round.turn_of())
        if found and self.round.bought_early:
            self.game.companies[found[0]].uses["early_train_purchase"] -= 1


@step("special_buy_train")
class SpecialBuyTrain(TrainBuying):
    """A company's ability: one listed train at a discount (the company is the entity)."""

    description = "The operator buys a train with a company's discount."
    blocks = False
    ROUND_STATE = (BOUGHT_EARLY,)

    def ability(self, entity: str) -> TrainDiscount | None:
        game = self.game
        company = game.companies.get(entity)
        if company is None or company.owner != self.round.entity():
            return None
        ability = operating.ability(game, entity, "train_discount")
        if isinstance(ability, TrainDiscount) and company.uses.get("train_discount", 0) > 0:
            return ability
        return None

    def actions(self, entity: str) -> list[str]:
        """Offered only while the round's train-buying step is the one waiting, and not to a
        corporation that skips it this turn (:func:`skipped`)."""
        ability = self.ability(entity)
        corp = self.round.entity()
        if ability is None or corp is None or skipped(self.round, corp):
            return []
        active = self.round.active_step()
        if active is None or active.name != "buy_train":
            return []
        offered = [t for t in trains.offered(self.game) if t.name in ability.trains]
        return ["buy_train"] if offered else []

    def explain(self, action: dict[str, Any]) -> GameError | None:
        sym = entity_of(action)
        if action["type"] != "buy_train" or self.ability(sym) is None:
            return None
        corp = self.game.companies[sym].owner
        try:
            trains.check_room(self.game, corp)
        except GameError as error:
            return error
        return GameError("ability timing", f"{sym} buys a train only during {corp}'s train-buying step")

    def choices_buy_train(self, company: str) -> list[Choice]:
        """The depot's listed trains at the discount, that the corporation can pay for and
        has room for."""
        game = self.game
        ability = self.ability(company)
        corp = game.companies[company].owner
        out: list[Choice] = []
        if ability is None:
            return out
        for train in trains.offered(game):
            if train.name in ability.trains:
                base = game.title.trains[train.name].price
                price = base - math.floor(base * ability.fraction)
                if price <= game.corporations[corp].cash and trains.counted(game, corp) < game.train_limit(
                    corp
                ):
                    out.append({"train": train.id, "price": price, "variant": train.name})
        return out

    def process_buy_train(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = self.ability(sym)
        if ability is None:
            raise GameError("train discount", f"{sym} has no train discount to use now")
        corp = game.companies[sym].owner
        train = game.trains.get(str(action.get("train")))
        if train is None or train.name not in ability.trains or train.owner not in (BANK, POOL):
            raise GameError(
                "train discount", f"{sym} buys only a {', '.join(ability.trains)} train from the depot"
            )

        def discounted(t: Train) -> int:
            base = game.title.trains[t.name].price
            return base - math.floor(base * ability.fraction)

        self.buy(action, corp, from_depot_only=True, price_of=discounted)
        game.companies[sym].uses["train_discount"] -= 1
        if ability.closes_when_used_up and game.companies[sym].uses["train_discount"] <= 0:
            close_company(game, sym)


@step("discard_train")
class DiscardTrain(Step):
    """A company over its train limit discards down to it, before anyone else acts."""

    description = "A company over its train limit discards down to the limit."
    rounds = ("operating", "stock", "merger")
    waits_again = True  # whenever a company is over its limit

    _crowded_key: tuple[int, str | None] | None = None
    _crowded: list[str]

    def crowded(self) -> list[str]:
        """Companies over their train limit (cached until a train moves or the phase changes)."""
        game = self.game
        key = (Train.moves, game.phase)
        if self._crowded_key != key:
            counts = trains.counts(game)
            owners = [*game.minors, *game.corporations]
            self._crowded = [o for o in owners if counts.get(o, 0) > game.train_limit(o)]
            self._crowded_key = key
        return self._crowded

    def acting_entity(self) -> str | None:
        crowded = self.crowded()
        return crowded[0] if crowded else None

    def blocking(self, current: str | None = None) -> bool:
        return bool(self.crowded())

    def actions(self, entity: str) -> list[str]:
        """Any company over its limit may discard, in any order (the first one is the
        one asked: :meth:`acting_entity`)."""
        return ["discard_train"] if entity in self.crowded() else []

    def choices_discard_train(self, entity: str) -> list[Choice]:
        return [{"train": t.id} for t in trains.owned(self.game, entity)]

    def process_discard_train(self, action: dict[str, Any]) -> None:
        game = self.game
        train = game.trains.get(str(action.get("train")))
        entity = entity_of(action)
        if train is None or train.owner != entity:
            raise GameError("discard", f"{entity} has no train {action.get('train')}")
        trains.discard(game, train)
        game.log(f"{entity} discards {train.id}")


@step("bankrupt")
class Bankrupt(Step):
    """The president of a corporation that must buy a train declares bankruptcy, in the
    train-buying step, when even with all they could raise by selling shares the cheapest
    depot train is out of reach (rulebook §10.8, reference §4.10); they sell what may be
    sold and keep the rest. The game ends as the title says."""

    description = "The operating corporation's president declares bankruptcy."

    blocks = False
    round: OperatingRound  # listed in operating rounds

    def actions(self, entity: str) -> list[str]:
        game = self.game
        if entity != self.round.entity() or entity not in game.corporations or is_bot(game, entity):
            return []
        if not purchases.must_buy(game, entity) or not isinstance(self.round.active_step(), TrainBuying):
            return []
        return ["bankrupt"] if purchases.can_go_bankrupt(game, entity) else []

    def process_bankrupt(self, action: dict[str, Any]) -> None:
        game = self.game
        corp = entity_of(action)
        president = game.corporations[corp].president()
        game.log(f"{game.name(president)} goes bankrupt")
        purchases.go_bankrupt(game, corp)
        if game.title.rules.bankruptcy.reorders:
            self.round.reorder_remaining()
        if not bankruptcy.goes_on(game):
            game.trigger_end("bankrupt")
        elif bankruptcy.in_receivership(game, corp):
            self.round.pass_for_receivership()
