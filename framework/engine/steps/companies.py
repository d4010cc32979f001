"""Operating steps for private companies: buying them, placing their bonus tokens and
moving their bonus marker.

Corporations buy companies from players when the phase allows, for a price from
the title's minimum to its maximum multiple of the face value (rulebook §6.1,
reference §4.11). Buying a company that controls a minor merges the minor in.
"""

from __future__ import annotations

import math
from typing import Any

from framework.engine import finance, operating, trains
from framework.engine.entities import CLOSED
from framework.engine.errors import GameError
from framework.engine.operating import owned_abilities
from framework.engine.steps.base import Step, entity_of, step
from framework.title.companies import BonusMarker, BonusTokens, ControlsMinor, TileLay


def price_range(game, sym: str) -> tuple[int, int]:
    value = game.title.companies[sym].value
    sales = game.title.rules.company_sales
    return math.ceil(value * sales.min), math.floor(value * sales.max)


def for_sale(game, buyer: str) -> list[str]:
    """Companies ``buyer`` may buy now (ignoring its cash)."""
    if buyer not in game.corporations or game.corporations[buyer].bot:
        return []
    if not game.phase_spec().buy_companies:
        return []
    return [
        sym
        for sym, company in game.companies.items()
        if company.owner in game.players_by_id and game.title.companies[sym].corporations_may_buy
    ]


@step("buy_company")
class BuyCompany(Step):
    """Buy a private company from its player owner. In its blocking form at the end of
    the turn it also waits for a pass while the corporation has a usable company ability."""

    blocks = False

    def affordable(self, buyer: str) -> list[str]:
        """Companies ``buyer`` may buy now and can pay for (a minor's trains must fit)."""
        return [sym for sym in self.priced(buyer) if not self._over_train_limit(buyer, sym)]

    def priced(self, buyer: str) -> list[str]:
        """Companies for sale whose lowest price ``buyer`` can pay: these keep the step open,
        even one that merging would bring over the train limit — 18xx.games offers it and
        refuses the purchase."""
        cash = self.game.corporations[buyer].cash
        return [sym for sym in for_sale(self.game, buyer) if price_range(self.game, sym)[0] <= cash]

    def _over_train_limit(self, buyer: str, sym: str) -> bool:
        """Whether the minor ``sym`` merges into ``buyer`` would bring too many trains."""
        minor = self._merging_minor(sym)
        if minor is None:
            return False
        game = self.game
        return len(trains.owned(game, buyer)) + len(trains.owned(game, minor)) > game.train_limit(buyer)

    def usable_ability(self, buyer: str) -> bool:
        game = self.game
        if owned_abilities(game, buyer, BonusMarker):
            return True
        return any(
            game.companies[sym].uses.get("tile_lay", 0) > 0
            for sym, _ in owned_abilities(game, buyer, TileLay)
        )

    def actions(self, entity: str) -> list[str]:
        if entity != self.round.entity() or entity not in self.game.corporations:
            return []
        if self.priced(entity):
            return ["buy_company", "pass"] if self.blocks else ["buy_company"]
        if self.blocks and self.usable_ability(entity):
            return ["pass"]
        return []

    def explain(self, action: dict[str, Any]) -> GameError | None:
        game = self.game
        if action["type"] != "buy_company" or game.phase_spec().buy_companies:
            return None
        phases = [name for name, phase in game.title.phases.items() if phase.buy_companies]
        return GameError(
            "buying companies", f"corporations buy companies only in phase {' or '.join(phases)}"
        )

    def process_buy_company(self, action: dict[str, Any]) -> None:
        game = self.game
        buyer = entity_of(action)
        sym = str(action.get("company"))
        price = int(action.get("price", 0))
        if sym not in for_sale(game, buyer):
            raise GameError("buying companies", f"{buyer} cannot buy {sym} now")
        low, high = price_range(game, sym)
        if not low <= price <= high:
            raise GameError("company price", f"{sym} sells for {low} to {high}, not {price}")
        if price > game.corporations[buyer].cash:
            raise GameError("money", f"{buyer} cannot pay {price}")
        minor = self._merging_minor(sym)
        if self._over_train_limit(buyer, sym):
            raise GameError("train limit", f"{buyer} cannot take {minor}'s trains over its limit")
        seller = game.companies[sym].owner
        finance.pay(game, buyer, seller, price)
        game.companies[sym].owner = buyer
        game.log(f"{buyer} buys {sym} from {game.name(seller)} for {price}")
        if minor is not None:
            merge_minor(game, minor, buyer, sym)

    def _merging_minor(self, sym: str) -> str | None:
        ability = self.game.title.companies[sym].ability("controls_minor")
        if isinstance(ability, ControlsMinor) and ability.corporation_purchase == "merge":
            minor = self.game.minors.get(ability.minor)
            if minor is not None and not minor.closed:
                return ability.minor
        return None


def merge_minor(game, minor_sym: str, buyer: str, company: str) -> None:
    """A corporation absorbs a minor: its station, trains and cash (reference §4.11)."""
    board = game.board
    for city in board.cities_of(minor_sym):
        if buyer in board.token_owners(city):
            board.remove_token(buyer, city)
            game.corporations[buyer].tokens_used -= 1
        else:
            board.remove_token(minor_sym, city)
            board.add_token(buyer, city)
            game.corporations[buyer].extra_tokens += 1
    for train in trains.owned(game, minor_sym):
        train.owner = buyer
        train.buyable = True
        train.ran = True
    finance.pay(game, minor_sym, buyer, game.minors[minor_sym].cash)
    game.minors[minor_sym].closed = True
    game.companies[company].owner = CLOSED
    game.log(f"{minor_sym} merges into {buyer}")


@step("assign_bonus_tokens")
class AssignBonusTokens(Step):
    """The operator places the bonus tokens of a company it owns, one per action, before
    anything else it does (``placement: forced``)."""

    def pending(self, entity: str) -> tuple[str, BonusTokens] | None:
        if entity != self.round.entity():
            return None
        for sym, ability in owned_abilities(self.game, entity, BonusTokens):
            if ability.placement == "forced" and self.game.companies[sym].placed < len(ability.amounts):
                return sym, ability
        return None

    def actions(self, entity: str) -> list[str]:
        return ["assign"] if self.pending(entity) else []

    def skip(self) -> None:
        """Never passed: a company bought later in the turn makes it wait again."""

    def process_assign(self, action: dict[str, Any]) -> None:
        game = self.game
        sym, ability = self.pending(entity_of(action))
        company = game.companies[sym]
        target = str(action.get("target"))
        if target not in ability.hexes:
            raise GameError("bonus tokens", f"{sym}'s tokens go on {', '.join(ability.hexes)}")
        if target in company.tokens:
            raise GameError("bonus tokens", f"{target} already has a {sym} token")
        amount = ability.amounts[company.placed]
        company.tokens[target] = amount
        company.placed += 1
        game.log(f"{entity_of(action)} places {sym}'s {amount} token in {target}")


@step("move_bonus_marker")
class MoveBonusMarker(Step):
    """The company (entity) moves its marker to one of its hexes, any number of times."""

    blocks = False

    def actions(self, entity: str) -> list[str]:
        company = self.game.companies.get(entity)
        if company is None or company.owner != self.round.entity():
            return []
        return (
            ["assign"]
            if isinstance(operating.ability(self.game, entity, "bonus_marker"), BonusMarker)
            else []
        )

    def process_assign(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = game.title.companies[sym].ability("bonus_marker")
        target = str(action.get("target"))
        if target not in ability.hexes:
            raise GameError("bonus marker", f"{sym}'s marker goes on {', '.join(ability.hexes)}")
        if game.companies[sym].marker == target:
            raise GameError("bonus marker", f"{sym}'s marker is already in {target}")
        game.companies[sym].marker = target
        game.log(f"{sym}'s marker moves to {target}")
