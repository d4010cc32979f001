"""The ``teleport`` step: a company's ``teleport`` ability (1830's Delaware & Hudson,
18Chesapeake's C&O Canal).

In its track step the owning corporation lays one of the listed tiles in a listed hex,
reached or not, as its tile action of the turn and paying the hex's terrain; the step
then waits for the company to place one of the corporation's station tokens there,
free and unconnected, as its token of the turn (a ``place_token`` with the company as
entity) — or to pass. The ability is then used up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.lays import legal_lays
from framework.board.tokens import cities_in
from framework.engine import operating, tokens
from framework.engine.steps.base import Choice, RoundState, WaitingStep, entity_of, step
from framework.engine.steps.stations import TOKEN_PLACED
from framework.engine.steps.track import (
    HOME_CHOOSER,
    LAID,
    PENDING_HOME,
    _build,
    _lay,
    city_id,
    is_upgrade,
    lay_choices,
    parse_city,
)
from framework.title.companies import Teleport

if TYPE_CHECKING:
    from framework.board.lays import LayPlan, LayTerms

TELEPORTED = RoundState(
    "teleported", None, "A company whose teleport tile was just laid, to place its token (or pass)."
)


@step("teleport")
class TeleportStep(WaitingStep):
    """Lay a company's teleport tile, then place the token it brings."""

    description = "The operator lays a company's teleport tile, then may place a free token there."
    ROUND_STATE = (LAID, TOKEN_PLACED, TELEPORTED, PENDING_HOME, HOME_CHOOSER)

    def ability(self, sym: str) -> Teleport | None:
        """The company's unused teleport ability, when its owner may lay with it now."""
        game, rnd = self.game, self.round
        company = game.companies.get(sym)
        if company is None or company.owner != rnd.entity() or company.uses.get("teleport", 1) <= 0:
            return None
        found = operating.ability(game, sym, "teleport")
        return found if isinstance(found, Teleport) else None

    def _may_lay(self, sym: str) -> bool:
        rnd = self.round
        active = rnd.active_step()
        lays = operating.lay_slots(self.game, rnd.entity() or "")
        return active is not None and active.name == "track" and rnd.laid < len(lays)

    def layer(self, sym: str) -> LayTerms:
        ability = self.ability(sym)
        if ability is None:
            raise GameError("teleport", f"{sym} may not teleport now")
        return operating.layer(
            self.game,
            self.game.companies[sym].owner,
            connect=False,
            hexes=frozenset(ability.hexes),
            tiles=frozenset(ability.tiles),
        )

    def lays(self, sym: str) -> list[LayPlan]:
        """Every lay of the company's teleport tiles in its hexes."""
        ability = self.ability(sym)
        if ability is None:
            return []
        layer = self.layer(sym)
        return [plan for hex_id in ability.hexes for plan in legal_lays(self.game.track_board, layer, hex_id)]

    waits_for = "teleported"

    def actions(self, entity: str) -> list[str]:
        if self.waiting() is not None:
            return ["place_token", "pass"] if entity == self.waiting() else []
        return ["lay_tile"] if self.ability(entity) and self._may_lay(entity) else []

    def choices_lay_tile(self, company: str) -> list[Choice]:
        return lay_choices(self.lays(company))

    def process_lay_tile(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        sym = entity_of(action)
        owner = game.companies[sym].owner
        slot = operating.lay_slots(game, owner)[rnd.laid]
        plan = _lay(game, owner, action, self.layer(sym))
        upgrade = is_upgrade(game, plan.hex)
        if (upgrade and not slot.upgrade) or (not upgrade and not slot.lay):
            raise GameError("tile actions", "this tile action may not be this lay")
        _build(game, owner, plan, sym)
        rnd.laid += 1
        game.companies[sym].uses["teleport"] = 0
        if tokens.next_price(game, owner) is not None:
            rnd.teleported = sym

    def cities(self, sym: str) -> list[tuple[str, int]]:
        """The cities of the teleport hexes where the owner may put its token."""
        game = self.game
        ability = game.title.companies[sym].ability("teleport")
        if not isinstance(ability, Teleport):
            return []
        return cities_in(game.track_board, game.companies[sym].owner, ability.hexes)

    def choices_place_token(self, company: str) -> list[Choice]:
        return [{"city": city_id(self.game, city)} for city in self.cities(company)]

    def process_place_token(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        sym = entity_of(action)
        owner = game.companies[sym].owner
        city = parse_city(game, str(action.get("city")))
        if city not in self.cities(sym):
            raise GameError("teleport", f"{sym}'s token goes in a city of {city[0]} it may take")
        game.track_board.add_token(owner, city)
        game.corporations[owner].tokens_used += 1
        rnd.token_placed += 1
        rnd.teleported = None
        game.log(f"{owner} places a token in {city[0]} with {sym}, free")

    def process_pass(self, action: dict[str, Any]) -> None:
        self.round.teleported = None
        self.game.log(f"{entity_of(action)} places no token")
