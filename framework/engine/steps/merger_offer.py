"""The ``merger_offer`` step: a voluntary merger offer in progress (the ``merger_offer``
train event, :mod:`framework.engine.merger_offer`) waits, before anyone else acts, for
its candidate to merge (``merge``) or decline (``pass``), then for the target's president
to choose which merged token the target keeps (``assign`` of a hex)."""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import merger_offer
from framework.engine.steps.base import Choice, Step, entity_of, step


@step("merger_offer")
class MergerOfferStep(Step):
    """A candidate merges into the offer's target or declines; the target chooses a token."""

    description = "A candidate of a merger offer merges into its target or declines."
    waits_again = True  # whenever an offer is in progress

    def acting_entity(self) -> str | None:
        return merger_offer.decider(self.game)

    def blocking(self, current: str | None = None) -> bool:
        return merger_offer.decider(self.game) is not None

    def actions(self, entity: str) -> list[str]:
        merger = merger_offer.state(self.game)
        if merger is None or entity != merger_offer.decider(self.game):
            return []
        return ["assign"] if merger["choose"] else ["merge", "pass"]

    def choices_merge(self, entity: str) -> list[Choice]:
        merger = merger_offer.state(self.game)
        assert merger is not None
        return [{"corporation": merger["candidates"][0]}]

    def choices_assign(self, entity: str) -> list[Choice]:
        merger = merger_offer.state(self.game)
        assert merger is not None
        return [{"target": c[0], "target_type": "hex"} for c in merger["choose"]]

    def process_merge(self, action: dict[str, Any]) -> None:
        game = self.game
        merger = merger_offer.state(game)
        assert merger is not None
        sym = str(action.get("corporation"))
        if not merger["candidates"] or sym != merger["candidates"][0]:
            raise GameError(
                "merger_offer", f"{sym} is not the candidate asked to merge into {merger['into']}"
            )
        merger_offer.merge(game, merger_offer.offer_of(game, merger["into"]), sym)

    def process_pass(self, action: dict[str, Any]) -> None:
        merger = merger_offer.state(self.game)
        assert merger is not None
        merger_offer.decline(self.game, merger["candidates"][0])

    def process_assign(self, action: dict[str, Any]) -> None:
        entity_of(action)
        merger_offer.choose(self.game, str(action.get("target")))
