"""The ``move_token`` step: a company moves a station of the corporation owning it (a
``move_token`` ability, 1882's North West Rebellion).

In three actions by the company, at any point of its owner's operating turn before the
owner's trains run: a ``remove_token`` lifts a station from a city outside the ability's
hexes (a home station leaves a neutral station of ``home_neutral`` in its place), a
``place_token`` puts it, free and reached or not, in a city of those hexes, and a
``lay_tile`` lays or upgrades a tile in that hex (paid as usual; one of the company's own
``tile_lay`` lays, where it has that ability) — or a ``pass``. Once the station is lifted
the step waits for the company until the move is done.
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.board.lays import is_upgrade, legal_lays
from framework.board.tokens import cities_in
from framework.engine import company_lays, operating, purchases, trains
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.engine.steps.track import _build, _lay, city_id, lay_choices, parse_city
from framework.title.companies import MoveToken as MoveAbility
from framework.title.companies import TileLay

City = tuple[str, int]


@step("move_token")
class MoveToken(Step):
    """A company moves a station of its owner into one of its hexes, then may lay a tile
    there (``move_token`` ability)."""

    description = "A company moves a station of the corporation owning it, then may lay a tile there."
    blocks = False
    STATE = ("moving", "stage", "destination")

    def setup(self) -> None:
        self.moving: str | None = None
        """The company moving a station, once it has lifted it."""
        self.stage: str | None = None
        """``place`` (the station waits to be put down) or ``lay`` (a tile may follow)."""
        self.destination: str | None = None
        """The hex the station went to."""

    # -- when ------------------------------------------------------------------

    def ability(self, sym: str) -> MoveAbility | None:
        """The company's move ability, when its owner may use it now."""
        game, rnd = self.game, self.round
        company = game.companies.get(sym)
        if company is None or company.owner != rnd.entity() or company.uses.get("move_token", 0) <= 0:
            return None
        found = operating.ability(game, sym, "move_token")
        if not isinstance(found, MoveAbility):
            return None
        if any(t.ran for t in trains.owned(game, company.owner)):
            return None  # not once its trains have run
        return found

    def blocking(self, current: str | None = None) -> bool:
        return self.moving is not None

    def acting_entity(self) -> str | None:
        return self.moving

    def actions(self, entity: str) -> list[str]:
        if self.moving is not None:
            if entity != self.moving:
                return []
            return ["place_token"] if self.stage == "place" else ["lay_tile", "pass"]
        return ["remove_token"] if self.sources(entity) and self.destinations(entity) else []

    # -- where -----------------------------------------------------------------

    def _owner(self, sym: str) -> str:
        owner = self.game.companies[sym].owner
        assert owner is not None, "a company with a usable ability has an owner"
        return owner

    def home_city(self, corp: str) -> City | None:
        """The city of ``corp``'s home station, if it has one on the map."""
        spec = self.game.title.corporations.get(corp)
        if spec is None or spec.home is None:
            return None
        return next((c for c in self.game.track_board.cities_of(corp) if c[0] == spec.home.hex), None)

    def sources(self, sym: str) -> list[City]:
        """The cities the company may lift its owner's station from now."""
        ability = self.ability(sym)
        if ability is None:
            return []
        owner, board = self._owner(sym), self.game.track_board
        out = []
        for city in board.cities_of(owner):
            if city[0] in ability.hexes:
                continue
            neutral = ability.home_neutral
            if (
                neutral is not None
                and city == self.home_city(owner)
                and any(c[0] == city[0] for c in board.cities_of(neutral))
            ):
                continue  # a home hex holding a neutral station already keeps its station
            out.append(city)
        return sorted(out)

    def destinations(self, sym: str) -> list[City]:
        """The cities of the ability's hexes the station may go to now."""
        ability = self.ability(sym)
        if ability is None:
            return []
        return cities_in(self.game.track_board, self._owner(sym), ability.hexes)

    def _layer(self, sym: str) -> Any:
        owner = self._owner(sym)
        assert self.destination is not None, "a tile follows the station"
        return operating.layer(self.game, owner, connect=False, hexes=frozenset({self.destination}))

    # -- choices ---------------------------------------------------------------

    def choices_remove_token(self, sym: str) -> list[Choice]:
        board, owner = self.game.track_board, self._owner(sym)
        return [
            {"city": city_id(self.game, city), "slot": board.slots(city).index(owner)}
            for city in self.sources(sym)
        ]

    def choices_place_token(self, sym: str) -> list[Choice]:
        board, owner = self.game.track_board, self._owner(sym)
        return [
            {"city": city_id(self.game, city), "slot": board.slots(city).index(None), "tokener": owner}
            for city in self.destinations(sym)
        ]

    def choices_lay_tile(self, sym: str) -> list[Choice]:
        if self.destination is None:
            return []
        return lay_choices(legal_lays(self.game.track_board, self._layer(sym), self.destination))

    # -- actions ---------------------------------------------------------------

    def process_remove_token(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = self.ability(sym)
        if ability is None or self.moving is not None:
            raise GameError("move token", f"{sym} may not move a station now")
        owner, board = self._owner(sym), game.track_board
        city = parse_city(game, str(action.get("city")))
        if city not in self.sources(sym):
            raise GameError("move token", f"{sym} may not move {owner}'s station from the city of {city[0]}")
        if not self.destinations(sym):
            raise GameError(
                "move token", f"{owner}'s station has nowhere to go in {', '.join(ability.hexes)}"
            )
        slot = action.get("slot")
        if slot is not None and board.slots(city)[int(slot)] != owner:
            raise GameError("move token", f"slot {slot} of the city in {city[0]} holds no station of {owner}")
        home = city == self.home_city(owner)
        board.remove_token(owner, city)
        game.corporations[owner].tokens_used -= 1
        if home and ability.home_neutral is not None:
            board.add_token(ability.home_neutral, city)
            neutral = ability.home_neutral
            game.log(f"{sym} lifts {owner}'s home station in {city[0]}; a station of {neutral} replaces it")
        else:
            game.log(f"{sym} lifts {owner}'s station in {city[0]}")
        self.moving, self.stage = sym, "place"

    def process_place_token(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        if sym != self.moving or self.stage != "place":
            raise GameError("move token", f"{sym} has no station to put down")
        owner = self._owner(sym)
        city = parse_city(game, str(action.get("city")))
        if city not in self.destinations(sym):
            raise GameError("move token", f"{owner}'s station may not go in the city of {city[0]}")
        tokener = action.get("tokener")
        if tokener is not None and str(tokener) != owner:
            raise GameError("tokens", f"{sym} places {owner}'s tokens, not {tokener}'s")
        game.track_board.add_token(owner, city)
        game.corporations[owner].tokens_used += 1
        purchases.forget_route(game, owner)  # its route is looked for anew from its stations now
        game.log(f"{sym} puts {owner}'s station in {city[0]}")
        self.stage, self.destination = "lay", city[0]

    def process_lay_tile(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        if sym != self.moving or self.stage != "lay":
            raise GameError("move token", f"{sym} lays no tile now")
        layer = self._layer(sym)
        plan = _lay(game, layer.entity, action, layer)
        upgrade = is_upgrade(game.track_board, plan.hex)
        _build(game, layer.entity, plan, sym)
        lays = operating.ability(game, sym, "tile_lay")
        if isinstance(lays, TileLay) and company_lays.lays_left(game, sym, lays):
            company_lays.count_lay(game, sym, lays, upgrade)  # the company's own lay, used
        self._done(sym)

    def process_pass(self, action: dict[str, Any]) -> None:
        sym = entity_of(action)
        if sym != self.moving or self.stage != "lay":
            raise GameError("move token", f"{sym} has no move to end")
        self.game.log(f"{sym} lays no tile")
        self._done(sym)

    def _done(self, sym: str) -> None:
        self.game.companies[sym].uses["move_token"] -= 1
        self.moving = self.stage = self.destination = None
