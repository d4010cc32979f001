"""The ``special_token`` step: station tokens placed with a company's ``token`` ability.

The corporation owning the company places the token with it (a ``place_token`` whose
entity is the company) in a city of the ability's hexes: at the ability's ``price`` in a
city the corporation reaches, at its ``teleport_price`` in one it does not (or only in
cities it reaches). The token comes from the corporation's charter, or is one more
(``from_owner: false``); it is one of the turn's station tokens unless the ability says
``extra``. The step never waits: it offers the company's token when the ability's
``when`` says (the owner's token step, or any point of its operating turn).
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import operating, tokens
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.engine.steps.stations import TOKEN_PLACED
from framework.engine.steps.track import city_id, parse_city
from framework.title.companies import StationToken

City = tuple[str, int]


@step("special_token")
class SpecialToken(Step):
    """A company's station token (``token`` ability) for the corporation owning it."""

    description = (
        "Companies place station tokens with their token abilities, for the corporations owning them."
    )
    blocks = False
    ROUND_STATE = (TOKEN_PLACED,)

    def ability(self, sym: str) -> StationToken | None:
        """The company's token ability, when its owner may use it now."""
        game, rnd = self.game, self.round
        company = game.companies.get(sym)
        if company is None or company.owner != rnd.entity() or company.uses.get("token", 0) <= 0:
            return None
        found = operating.ability(game, sym, "token")
        if not isinstance(found, StationToken):
            return None
        if "operating_turn" not in found.when:
            active = rnd.active_step()
            if active is None or active.name != "token":
                return None
        if not found.extra and rnd.token_placed >= game.title.rules.tokens.per_turn:
            return None
        if found.from_owner and tokens.next_price(game, company.owner) is None:
            return None
        return found

    def cities(self, sym: str) -> dict[City, int]:
        """Each city the company's token may go in now, with its price."""
        ability = self.ability(sym)
        return {} if ability is None else tokens.ability_cities(self.game, sym, ability)

    def actions(self, entity: str) -> list[str]:
        return ["place_token"] if self.cities(entity) else []

    def choices_place_token(self, company: str) -> list[Choice]:
        board = self.game.track_board
        owner = self.game.companies[company].owner
        return [
            {"city": city_id(self.game, city), "slot": board.next_slot(city, owner), "tokener": owner}
            for city in sorted(self.cities(company))
        ]

    def process_place_token(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        sym = entity_of(action)
        ability = self.ability(sym)
        if ability is None:
            raise GameError("token ability", f"{sym} may not place a token now")
        owner = game.companies[sym].owner
        city = parse_city(game, str(action.get("city")))
        prices = self.cities(sym)
        if city not in prices:
            raise GameError("token ability", f"{sym}'s token may not go in the city of {city[0]} now")
        tokener = action.get("tokener")
        if tokener is not None and str(tokener) != owner:
            raise GameError("tokens", f"{sym} places {owner}'s tokens, not {tokener}'s")
        tokens.place_with_company(game, sym, ability, city, prices[city])
        if not ability.extra:
            rnd.token_placed += 1
