"""Rights to a revenue bonus that go with a company (``route_right``; 1856's tunnel and
bridge tokens): the corporation that buys the company holds its right, and the others buy
one in their operating turn (18xx.games' ``special_buy``) while the bank has copies left.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["special_buy"].rounds
('operating',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, operating
from framework.engine.entities import BANK
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.title.companies import RouteRight

if TYPE_CHECKING:
    from framework.engine.game import Game


def route_rights(game: Game) -> list[tuple[str, RouteRight]]:
    """``(company, ability)`` for each company of the title with a ``route_right``,
    whoever holds it (the right outlives the company; the routes step counts it for its
    holders, :func:`framework.engine.operating.runner`)."""
    return operating.AbilityIndex.of(game).of_kind(RouteRight)


def grant_on_purchase(game: Game, sym: str, buyer: str) -> None:
    """A corporation buying a company with a ``route_right`` holds its right."""
    company = game.companies[sym]
    ability = game.title.companies[sym].ability("route_right")
    if buyer in game.corporations and isinstance(ability, RouteRight) and buyer not in company.right_holders:
        company.right_holders.append(buyer)


@step("special_buy")
class SpecialBuy(Step):
    """The operating corporation buys the right of a company's ``route_right`` (a
    ``special_buy`` naming the right's ``item`` and ``price``): while a corporation owns
    the company, or once it has closed, if it holds none of it and the bank has copies."""

    description = (
        "The operating corporation buys a company's right to a route bonus (route_right) from the "
        "corporation owning the company, or from the bank once it has closed."
    )
    blocks = False

    def rights_for_sale(self, entity: str) -> list[tuple[str, RouteRight]]:
        """The rights ``entity`` may buy now (and can pay for)."""
        game = self.game
        if entity != self.round.entity() or entity not in game.corporations:
            return []
        out = []
        for sym, right in route_rights(game):
            company = game.companies[sym]
            if company.owner not in game.corporations and not company.closed:
                continue
            if entity in company.right_holders:
                continue
            if right.copies is not None and company.rights_sold >= right.copies:
                continue
            if game.corporations[entity].cash < right.price:
                continue
            out.append((sym, right))
        return out

    def actions(self, entity: str) -> list[str]:
        return ["special_buy"] if self.rights_for_sale(entity) else []

    def choices_special_buy(self, entity: str) -> list[Choice]:
        return [{"description": right.item, "cost": right.price} for _, right in self.rights_for_sale(entity)]

    def explain(self, action: dict[str, Any]) -> GameError | None:
        if action["type"] != "special_buy":
            return None
        entity = entity_of(action)
        item = action.get("description")
        if any(r.item == item for _, r in route_rights(self.game)):
            return GameError("route rights", f"{entity} may not buy a {item} now")
        return GameError("route rights", f"no company sells a {item}")

    def process_special_buy(self, action: dict[str, Any]) -> None:
        game = self.game
        entity = entity_of(action)
        item = action.get("description")
        found = next(((sym, r) for sym, r in self.rights_for_sale(entity) if r.item == item), None)
        if found is None:
            raise self.explain(action) or GameError("route rights", f"{entity} may not buy a {item} now")
        sym, right = found
        if action.get("cost") is not None and int(action["cost"]) != right.price:
            raise GameError("route rights", f"a {item} costs {right.price}, not {action['cost']}")
        company = game.companies[sym]
        seller = BANK if company.closed else company.owner
        finance.pay(game, entity, seller, right.price)
        company.right_holders.append(entity)
        company.rights_sold += 1
        game.log(f"{entity} buys a {item} from {game.name(seller)} for {right.price}")
