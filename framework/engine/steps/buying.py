"""Operating steps about trains: buying, discarding, the early purchase and the discount
purchase of company abilities, emergency money and bankruptcy.

A corporation with a route but no train must buy one (rulebook §10.7). If it
cannot pay for the cheapest train, its president pays the difference, selling
shares if needed; if even that fails, the president is bankrupt (§10.8).
"""

from __future__ import annotations

import math
from typing import Any

from framework.engine import finance, shares, trains
from framework.engine.entities import BANK, POOL, Train
from framework.engine.errors import GameError
from framework.engine.operating import is_bot, owned_abilities
from framework.engine.steps.base import Step, entity_of, step
from framework.engine.steps.running import can_run
from framework.title.companies import EarlyTrainPurchase, TrainDiscount


def must_buy(game, corp: str) -> bool:
    rule = game.title.rules.trains.must_buy
    if rule == "never" or trains.owned(game, corp) or not trains.offered(game):
        return False
    return rule == "always" or can_run(game, corp)


def others_trains(game, buyer: str) -> list[Train]:
    if not game.title.rules.trains.buy_from_others:
        return []
    return [
        t
        for t in game.trains.values()
        if t.owner in game.corporations
        and t.owner != buyer
        and t.buyable
        and not game.corporations[t.owner].closed
    ]


class TrainBuying(Step):
    """Shared checks of a train purchase."""

    def buy(
        self, action: dict[str, Any], buyer: str, *, from_depot_only: bool = False, price_of=None
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
        trains.check_room(game, buyer, exchanging=exchange is not None)
        price = int(action.get("price", 0))
        seller = train.owner
        if seller in (BANK, POOL):
            if seller == BANK and train.id not in {t.id for t in trains.offered(game)}:
                raise GameError("depot", f"the depot does not offer {train.id} now")
            expected = price_of(train) if price_of else trains.depot_price(game, train, variant, exchange)
            if price != expected:
                raise GameError("train price", f"{train.id} costs {expected}, not {price}")
            payee = BANK
        else:
            if from_depot_only:
                raise GameError("trains", "only trains from the depot may be bought here")
            if train not in others_trains(game, buyer):
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
            exchange.owner = "removed"
            game.log(f"{buyer} trades in {exchange.id}")
        trains.acquire(game, train, buyer, variant if variant and variant != train.name else None)
        seller_name = "the bank" if payee == BANK else game.name(payee)
        game.log(f"{buyer} buys {train.id} from {seller_name} for {price}")
        return train

    def pay_for(self, buyer: str, payee: str, price: int, train: Train) -> None:
        finance.pay(self.game, buyer, payee, price)


@step("buy_train")
class BuyTrain(TrainBuying):
    """Buy trains while there is room; a corporation that must buy may need its president."""

    def can_buy(self, corp: str) -> bool:
        """Whether the corporation can pay for some train it has room for (a trade-in
        leaves room at the train limit)."""
        game = self.game
        cash = game.corporations[corp].cash
        if any(offer.price <= cash for offer in trains.depot_offers(game, corp)):
            return True
        room = len(trains.owned(game, corp)) < game.train_limit(corp)
        low = game.title.rules.trains.min_price_from_others
        return room and cash >= low and bool(others_trains(game, corp))

    def actions(self, entity: str) -> list[str]:
        game, rnd = self.game, self.round
        corp = rnd.entity()
        if corp not in game.corporations or is_bot(game, corp) or rnd.bought_early:
            return []
        if entity == corp:
            return ["buy_train", "pass"] if self.can_buy(corp) or must_buy(game, corp) else []
        if entity == game.corporations[corp].president() and self.emergency(corp) and self.need(corp) > 0:
            return ["sell_shares"]
        return []

    def emergency(self, corp: str) -> bool:
        """The corporation must buy a train and cannot pay for the cheapest one alone."""
        game = self.game
        cheapest = trains.cheapest_offer(game)
        return must_buy(game, corp) and cheapest is not None and game.corporations[corp].cash < cheapest

    def need(self, corp: str) -> int:
        """What the president must still raise by selling shares for the cheapest depot train."""
        cheapest = trains.cheapest_offer(self.game) or 0
        return cheapest - self.game.corporations[corp].cash - self._president_cash(corp)

    def most_for_others_train(self, corp: str):
        """The most the corporation may pay for a train of another corporation: its cash,
        and in an emergency up to the face value with its president's money."""
        game = self.game
        cash = game.corporations[corp].cash
        if not self.emergency(corp):
            return lambda train: cash
        with_president = cash + self._president_cash(corp)
        return lambda train: min(game.title.trains[train.name].price, with_president)

    def check_emergency_sale(self, player: str, corp, percent: int) -> None:
        """Raise unless the president may sell ``percent`` of ``corp`` now: only while money
        is still needed, only as many shares as are needed, and never the operating
        corporation's presidency."""
        game = self.game
        operating = self.round.entity()
        need = self.need(operating)
        if need <= 0:
            raise GameError("emergency", f"{game.name(player)} has the money needed: no shares may be sold")
        if (percent - 10) * game.market.price(corp.sym) // 10 >= need:
            raise GameError(
                "emergency",
                f"{percent - 10}% of {corp.sym} would already raise the {need} needed; "
                "sell only what is needed",
            )
        others = max((corp.percent_of(p.id) for p in game.players if p.id != player), default=0)
        if corp.sym == operating and corp.percent_of(player) - percent < others:
            raise GameError(
                "emergency", f"selling would cost {game.name(player)} the presidency of {operating}"
            )

    def explain(self, action: dict[str, Any]) -> GameError | None:
        if action["type"] != "buy_train":
            return None
        try:
            trains.check_room(self.game, entity_of(action), exchanging=bool(action.get("exchange")))
        except GameError as error:
            return error
        return None

    def process_pass(self, action: dict[str, Any]) -> None:
        corp = entity_of(action)
        if must_buy(self.game, corp):
            raise GameError("must buy a train", f"{corp} has a route and no train: it must buy one")
        self.passed = True

    def process_buy_train(self, action: dict[str, Any]) -> None:
        self.buy(action, entity_of(action))

    def pay_for(self, buyer: str, payee: str, price: int, train: Train) -> None:
        game = self.game
        cash = game.corporations[buyer].cash
        if price > cash:
            if not self.emergency(buyer):
                raise GameError("money", f"{buyer} has {cash}, not {price}")
            cheapest = trains.cheapest_offer(game)
            if payee == BANK and price != cheapest:
                raise GameError(
                    "emergency",
                    f"with the president's money only the cheapest train ({cheapest}) may be bought",
                )
            if payee != BANK and price > self.most_for_others_train(buyer)(train):
                raise GameError(
                    "emergency", "a train from another corporation may cost at most its face value"
                )
            president = game.corporations[buyer].president()
            need = price - cash
            if game.players_by_id[president].cash < need:
                raise GameError(
                    "emergency", f"{game.name(president)} must raise {need} by selling shares first"
                )
            finance.pay(game, president, buyer, need)
            game.log(f"{game.name(president)} contributes {need}")
        finance.pay(game, buyer, payee, price)

    def _president_cash(self, corp: str) -> int:
        return self.game.players_by_id[self.game.corporations[corp].president()].cash

    def process_sell_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        corp, certs = shares.find_shares(game, [str(s) for s in action.get("shares") or []])
        percent = int(action.get("percent") or sum(s.percent for s in certs))
        shares.check_sale(game, player, corp, certs, percent)
        self.check_emergency_sale(player, corp, percent)
        shares.sell(game, player, corp, certs, percent)
        rnd.reorder_remaining()


@step("early_train_purchase")
class EarlyTrainPurchaseStep(TrainBuying):
    """A company's ability: buy trains from the depot before running."""

    def ability(self, corp: str) -> tuple[str, EarlyTrainPurchase] | None:
        """The company whose ability the operator may use now (still usable, or in use
        this turn: it is used up when the step ends after a purchase)."""
        for sym, ability in owned_abilities(self.game, corp, EarlyTrainPurchase):
            if self.game.companies[sym].uses.get("early_train_purchase", 0) > 0:
                return sym, ability
        return None

    def actions(self, entity: str) -> list[str]:
        game = self.game
        if entity != self.round.entity() or self.ability(entity) is None:
            return []
        cheapest = trains.cheapest_offer(game)
        room = len(trains.owned(game, entity)) < game.train_limit(entity)
        if room and cheapest is not None and game.corporations[entity].cash >= cheapest:
            return ["buy_train", "pass"]
        return ["pass"] if self.round.bought_early else []

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
        found = self.ability(self.round.entity())
        if found and self.round.bought_early:
            self.game.companies[found[0]].uses["early_train_purchase"] -= 1


@step("special_buy_train")
class SpecialBuyTrain(TrainBuying):
    """A company's ability: one listed train at a discount (the company is the entity)."""

    blocks = False

    def ability(self, entity: str) -> TrainDiscount | None:
        game = self.game
        company = game.companies.get(entity)
        if company is None or company.owner != self.round.entity():
            return None
        ability = game.title.companies[entity].ability("train_discount")
        if isinstance(ability, TrainDiscount) and company.uses.get("train_discount", 0) > 0:
            return ability
        return None

    def actions(self, entity: str) -> list[str]:
        ability = self.ability(entity)
        if ability is None:
            return []
        offered = [t for t in trains.offered(self.game) if t.name in ability.trains and t.owner == BANK]
        return ["buy_train"] if offered else []

    def process_buy_train(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = self.ability(sym)
        corp = game.companies[sym].owner
        train = game.trains.get(str(action.get("train")))
        if train is None or train.name not in ability.trains or train.owner != BANK:
            raise GameError("train discount", f"{sym} buys only a new {', '.join(ability.trains)} train")

        def discounted(t: Train) -> int:
            base = game.title.trains[t.name].price
            return base - math.floor(base * ability.fraction)

        self.buy(action, corp, from_depot_only=True, price_of=discounted)
        game.companies[sym].uses["train_discount"] -= 1


@step("discard_train")
class DiscardTrain(Step):
    """A company over its train limit discards down to it, before anyone else acts."""

    def crowded(self) -> list[str]:
        """Companies over their train limit (cached until a train moves or the phase changes)."""
        game = self.game
        key = (Train.moves, game.phase)
        if getattr(self, "_crowded_key", None) != key:
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
        crowded = self.crowded()
        return ["discard_train"] if crowded and entity == crowded[0] else []

    def skip(self) -> None:
        """Waits again whenever a company is over its limit."""

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
    """The president of a corporation that must buy a train and cannot, even selling
    everything, declares bankruptcy; the game ends as the title says."""

    blocks = False

    def actions(self, entity: str) -> list[str]:
        game = self.game
        corp = self.round.entity()
        if entity != corp or corp not in game.corporations or not must_buy(game, corp):
            return []
        cheapest = trains.cheapest_offer(game) or 0
        president = game.corporations[corp].president()
        raised = (
            game.corporations[corp].cash
            + game.players_by_id[president].cash
            + sellable_value(game, president, corp)
        )
        return ["bankrupt"] if raised < cheapest else []

    def process_bankrupt(self, action: dict[str, Any]) -> None:
        game = self.game
        corp = entity_of(action)
        president = game.corporations[corp].president()
        sell_everything(game, president, corp)
        finance.pay(game, president, BANK, game.players_by_id[president].cash)
        game.log(f"{game.name(president)} goes bankrupt")
        game.trigger_end("bankrupt")


def sellable_value(game, player: str, protected: str) -> int:
    """What ``player`` could raise selling shares (not those that would cost the
    presidency of ``protected``)."""
    total = 0
    for corp in game.corporations.values():
        if corp.closed or corp.sym not in game.market.positions or not corp.floated:
            continue
        price = game.market.price(corp.sym)
        mine = [s for s in corp.certificates_of(player) if not s.president]
        room = shares.pool_room(game, corp) // 10
        count = min(len(mine), room)
        if corp.sym == protected:
            others = max((corp.percent_of(p.id) for p in game.players if p.id != player), default=0)
            count = min(count, max(0, (corp.percent_of(player) - others) // 10))
        total += count * price
    return total


def sell_everything(game, player: str, protected: str) -> None:
    """Sell what can be sold, largest holdings first."""
    corps = sorted(
        (c for c in game.corporations.values() if not c.closed and c.floated and c.percent_of(player)),
        key=lambda c: -c.percent_of(player),
    )
    for corp in corps:
        while True:
            mine = [s for s in corp.certificates_of(player) if not s.president]
            if not mine or shares.pool_room(game, corp) < mine[0].percent:
                break
            shares.sell(game, player, corp, [mine[0]], mine[0].percent)
