"""The ``priority_card`` step: a company's ``priority_card`` ability (18SJ's Nils Ericson
Första Tjing), which lets its owner take the first turn of a stock round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import operating
from framework.engine.company_closing import close_company
from framework.engine.steps.base import Choice, Step, step
from framework.title.companies import PriorityCard

if TYPE_CHECKING:
    from framework.engine.round_kinds import StockRound


@step("priority_card")
class PriorityCardStep(Step):
    """At the start of a stock round, the owner of an unused priority card who is not
    first may take the first turn (``choose: activate``) or keep it (``wait``)."""

    description = "The owner of a priority card may use it to take the first turn."
    rounds = ("stock",)
    round: StockRound  # listed in stock rounds only
    STATE = ("holder", "asked")

    def setup(self) -> None:
        if getattr(self, "asked", False):
            return
        self.asked = False
        self.holder = self._holder()

    def _holder(self) -> str | None:
        game, rnd = self.game, self.round
        cards = getattr(self, "_cards", None)
        if cards is None:  # the title's companies with a priority card, looked up once
            cards = self._cards = [s for s, c in game.title.companies.items() if c.ability("priority_card")]
        for sym in cards:
            company = game.companies[sym]
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

    def choices_choose(self, player: str) -> list[Choice]:
        return [{"choice": "activate"}, {"choice": "wait"}]

    def process_choose(self, action: dict[str, Any]) -> None:
        choice = str(action.get("choice"))
        if choice not in ("activate", "wait"):
            raise GameError("priority card", f"choose 'activate' or 'wait', not {choice!r}")
        game, holder = self.game, self.holder
        if holder is None:
            raise GameError("priority card", "nobody holds the priority card")
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
            card = game.title.companies[sym].ability("priority_card")
            closes = isinstance(card, PriorityCard) and card.closes_when_used
            if company.uses["priority_card"] == 0 and closes:
                close_company(game, sym)
            self.round.index = self.round.entities.index(holder)
            self.round.begin_turn()
            game.log(f"{game.name(holder)} uses the priority card")
        else:
            game.log(f"{game.name(holder)} keeps the priority card")
