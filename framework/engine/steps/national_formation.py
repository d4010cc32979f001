"""The ``national_formation`` step: a national formation in progress (the
``national_formation`` train event, :mod:`framework.engine.national_formation`) waits,
before anyone else acts, for each candidate to merge into the national (``merge``) or
pay off its loans (``pass``), then for the national to remove the tokens it may not
keep (``remove_token``) and to discard the trains it gives up (``discard_train``, or
``pass`` to keep them)."""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import national_formation as formation
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.engine.steps.track import city_id, parse_city


@step("national_formation")
class NationalFormationStep(Step):
    """Candidates merge into the national or pay off their loans; the national then
    removes tokens and discards trains."""

    description = (
        "The corporations owing loans merge into the national or their presidents pay "
        "them off; the national removes the tokens it may not keep and discards trains."
    )
    waits_again = True  # whenever a formation is in progress

    def _national(self) -> str | None:
        found = formation.state(self.game)
        return str(found["national"]) if found is not None else None

    def acting_entity(self) -> str | None:
        found = formation.state(self.game)
        if found is None:
            return None
        return formation.candidate(self.game) or str(found["national"])

    def blocking(self, current: str | None = None) -> bool:
        return formation.state(self.game) is not None

    def actions(self, entity: str) -> list[str]:
        found = formation.state(self.game)
        if found is None or entity != self.acting_entity():
            return []
        if found["candidates"]:
            return ["merge", "pass"]
        if found["removals"]:
            return ["remove_token"]
        return ["discard_train"] if formation.must_discard(self.game) else ["discard_train", "pass"]

    def choices_merge(self, entity: str) -> list[Choice]:
        return [{"corporation": entity}]

    def choices_remove_token(self, entity: str) -> list[Choice]:
        found = formation.state(self.game)
        assert found is not None and found["removals"]
        board = self.game.track_board
        hexes = found["removals"][0]["hexes"]
        return [
            {"city": city_id(self.game, city), "slot": board.slots(city).index(entity)}
            for city in board.cities_of(entity)
            if city[0] in hexes
        ]

    def choices_discard_train(self, entity: str) -> list[Choice]:
        return [{"train": t.id} for t in formation.discardable(self.game)]

    def process_merge(self, action: dict[str, Any]) -> None:
        sym = str(action.get("corporation") or entity_of(action))
        if sym != entity_of(action):
            raise GameError(formation.RULE, f"{entity_of(action)} may not merge {sym}")
        formation.merge(self.game, sym)

    def process_pass(self, action: dict[str, Any]) -> None:
        found = formation.state(self.game)
        assert found is not None
        if found["candidates"]:
            formation.pay_off(self.game, entity_of(action))
        else:
            formation.stop_discarding(self.game)

    def process_remove_token(self, action: dict[str, Any]) -> None:
        formation.remove_token(self.game, parse_city(self.game, str(action.get("city"))))

    def process_discard_train(self, action: dict[str, Any]) -> None:
        train = self.game.trains.get(str(action.get("train")))
        if train is None:
            raise GameError(formation.RULE, f"there is no train {action.get('train')}")
        formation.discard(self.game, train)
