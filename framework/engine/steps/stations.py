"""Operating steps of station tokens: the home token put back in the city its company
chooses, and the station tokens a corporation places."""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.board.tokens import (
    IllegalToken,
    any_token_city,
    check_token,
    cities_in,
    replaceable_neutral,
    token_cities,
)
from framework.engine import finance, operating, purchases, stop_markers, tokens
from framework.engine.entities import BANK
from framework.engine.steps import buying_power, loans
from framework.engine.steps.base import Choice, RoundState, Step, WaitingStep, entity_of, step
from framework.engine.steps.issue import issue_power
from framework.engine.steps.track import HOME_CHOOSER, PENDING_HEX, PENDING_HOME, Track, city_id, parse_city
from framework.title.companies import StationToken

TOKEN_PLACED = RoundState(
    "token_placed", 0, "The station tokens the operator has placed this turn.", per_turn=True
)


@step("home_token")
class HomeToken(WaitingStep):
    """Home tokens go down by themselves, when ``tokens.home`` says (by default when a
    corporation first operates). A company whose home city is ``choose`` puts its token
    in the city of its choice when it first operates in a hex with track; when a tile
    with track and more than one city is laid in a home hex without track, it lifts the
    home token (whatever city it sat in), which goes back, free, in the city the layer chooses
    (``tokens.home_choice``), before anything else (a ``place_token`` by the chooser); so
    does any other station in such a hex (one a company moved there), back in that hex. A
    corporation without a home (``tokens.home_anywhere``) puts its token in the city of
    its choice, anywhere it may put one, at the start of its first operating turn; in a
    stock round that lists this step, as soon as it is started."""

    description = "The operator places its home token."
    rounds = ("operating", "stock")
    ROUND_STATE = (PENDING_HOME, HOME_CHOOSER, PENDING_HEX)

    waits_for = "home_chooser"

    def actions(self, entity: str) -> list[str]:
        return ["place_token"] if entity == self.waiting() else []

    def pending(self) -> tuple[str, str | None]:
        """The corporation whose home token waits, and its home hex (``None``: a
        corporation choosing its home anywhere, ``tokens.home_anywhere``)."""
        owner = self.round.pending_home
        if owner is None:
            raise GameError("home token", "no home token waits to be placed")
        if self.round.pending_hex is not None:
            return owner, self.round.pending_hex  # a station lifted by a tile, not a home
        home = self.game.title.corporations[owner].home
        if home is None:
            return owner, None
        return owner, home.hex

    def cities(self, entity: str) -> list[tuple[str, int]]:
        """The cities the token may go in (``entity``: the chooser): of its home hex, or
        anywhere for a corporation choosing its home."""
        owner, home = self.pending()
        if home is None:
            return tokens.anywhere(self.game, owner)
        return cities_in(self.game.track_board, owner, [home])

    def choices_place_token(self, entity: str) -> list[Choice]:
        """Each city the token may go in, with the slot it takes (the first free one, or
        that of the neutral station it replaces) and whose token it is, as 18xx.games
        records it."""
        board = self.game.track_board
        owner, home = self.pending()
        out = []
        for city in self.cities(entity):
            slots = board.slots(city)
            neutral = replaceable_neutral(board, owner, city) if home is None else None
            slot = slots.index(None) if None in slots or neutral is None else slots.index(neutral)
            out.append({"city": city_id(self.game, city), "slot": slot, "tokener": owner})
        return out

    def process_place_token(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        owner, home = self.pending()
        city = parse_city(game, str(action.get("city")))
        if city not in self.cities(entity_of(action)):
            where = f"a city of {home}" if home is not None else "a city with room for it"
            raise GameError("home token", f"{owner}'s home token goes in {where}")
        neutral = replaceable_neutral(game.track_board, owner, city) if home is None else None
        if neutral is not None:
            game.track_board.remove_token(neutral, city)
            purchases.forget_route(game, neutral)
            game.log(f"{owner} removes {neutral}'s neutral station from {city[0]}")
        game.track_board.add_token(owner, city)
        game.track_board.unreserve_hex(owner, city[0])
        rnd.pending_home = rnd.home_chooser = rnd.pending_hex = None
        chooser = entity_of(action)
        by = "" if chooser == owner else f" ({chooser} chooses)"
        game.log(f"{owner} places its home token in {city[0]}{by}")


@step("token")
class Token(Step):
    """Station tokens (``tokens.per_turn`` a turn), each in a city the corporation reaches,
    at the next price; or, instead of one, a neutral station it carries (its charter's
    ``neutral_token``: a ``place_token`` with ``token_type: neutral``); or, instead, its
    charter's ``stop_marker`` bought (a ``choose``), which ends the step."""

    description = "The operator places a station token."
    ROUND_STATE = (TOKEN_PLACED,)

    def actions(self, entity: str) -> list[str]:
        """A token where the corporation may place one, or a pass; only the pass while
        just a company's ``token`` ability could place one (the ``special_token`` step);
        a ``choose`` and a pass while it may buy its stop marker."""
        game, rnd = self.game, self.round
        if entity != rnd.entity() or entity not in game.corporations:
            return []
        if rnd.token_placed >= game.title.rules.tokens.per_turn:
            return []
        kinds = Token._station_actions(self, entity)  # also asked by track_and_token
        if stop_markers.offered(game, entity) is not None:
            return [*[k for k in kinds if k != "pass"], "choose", "pass"]
        return kinds

    def choices_choose(self, entity: str) -> list[Choice]:
        spec = stop_markers.offered(self.game, entity)
        return [{"choice": stop_markers.choice(spec)}] if spec is not None else []

    def process_choose(self, action: dict[str, Any]) -> None:
        """The corporation buys its stop marker; the step ends, as after a pass."""
        stop_markers.buy(self.game, entity_of(action), action.get("choice"))
        self.passed = True

    def _station_actions(self, entity: str) -> list[str]:
        game = self.game
        if (
            self._charter_city(entity)
            or tokens.own_ability_cities(game, entity)
            or tokens.neutral_cities(game, entity)
        ):
            return ["place_token", "pass"]
        waits = tokens.waits_for_ability(game, entity) or tokens.waits_on_cheapest_token(game, entity)
        return ["pass"] if waits else []

    def _charter_city(self, entity: str) -> bool:
        """Whether the corporation can pay for a station from its charter in some city it
        may take (its price there, with ``rules.tokens.price_by_distance``)."""
        game = self.game
        price = self.charter_price(entity)
        if price is None:
            return False
        if not game.title.rules.tokens.price_by_distance or operating.is_bot(game, entity):
            return any_token_city(game.track_board, entity)
        power = loans.spending_power(game, entity, "token")
        return any(cost <= power for cost in self._charter_cities(entity, price).values())

    def _charter_cities(self, entity: str, price: int) -> dict[tuple[str, int], int]:
        """Each city the corporation may take with a station of the charter's ``price``,
        with what it costs there (:func:`tokens.city_price`)."""
        game = self.game
        cities = token_cities(game.track_board, entity)
        return {city: tokens.city_price(game, entity, city[0], price) for city in cities}

    def charter_price(self, entity: str) -> int | None:
        """The price of the charter's next station, when the corporation can pay it."""
        game = self.game
        price = tokens.next_price(game, entity)
        if price is None or not (
            operating.is_bot(game, entity) or price <= loans.spending_power(game, entity, "token")
        ):
            return None
        return price

    def priced(self, entity: str) -> dict[tuple[str, int], int]:
        """Each city the corporation may take now with its price: the charter's next
        price, or its own ``token`` ability's in that ability's hexes, or the ability's of
        a company it owns (:func:`tokens.company_cities`)."""
        price = self.charter_price(entity)
        out: dict[tuple[str, int], int] = {}
        if price is not None:
            out = self._charter_cities(entity, price)
        out.update(tokens.own_ability_cities(self.game, entity))
        out.update({city: price for city, (_, price) in tokens.company_cities(self.game, entity).items()})
        return out

    def choices_place_token(self, entity: str) -> list[Choice]:
        """A token in each city the corporation may take, in its first free slot, for what
        its treasury holds now: a loan it may still take (``rules.loans.counted_in``) and the
        shares it could still issue (``rules.issue.counted_in``) keep the step waiting, but
        it takes or issues them before it places the station."""
        game = self.game
        board = game.track_board
        cash = None if operating.is_bot(game, entity) else game.corporations[entity].cash
        own = [
            {"city": city_id(game, city), "slot": board.next_slot(city, entity), "tokener": entity}
            for city, price in sorted(self.priced(entity).items())
            if cash is None or price <= cash
        ]
        neutral = [
            {"city": city_id(game, city), "slot": board.slots(city).index(None), "token_type": "neutral"}
            for city in tokens.neutral_cities(game, entity)
        ]
        return own + neutral

    def process_place_token(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        entity = entity_of(action)
        city = parse_city(game, str(action.get("city")))
        kind = action.get("token_type")
        if kind == "neutral":
            self._check_slot(action, city)
            tokens.place_neutral(game, entity, city)
            rnd.token_placed += 1
            return
        if kind not in (None, "normal"):
            raise GameError("tokens", f"{entity} has no {kind} token to place")
        own = tokens.own_ability_cities(game, entity)
        company = tokens.company_cities(game, entity).get(city) if city not in own else None
        if company is not None:
            sym = company[0]
            ability = operating.ability(game, sym, "token")
            assert isinstance(ability, StationToken), "company_cities lists token abilities"
            self._check_slot(action, city)
            tokens.place_with_company(game, sym, ability, city, company[1])
            rnd.token_placed += 1
            return
        if city in own:
            price: int | None = own[city]
        else:
            try:
                check_token(game.track_board, entity, city)
            except IllegalToken as exc:
                raise GameError(exc.rule, str(exc).rsplit(" (", 1)[0]) from None
            price = 0 if operating.is_bot(game, entity) else tokens.next_price(game, entity)
            if price is not None:
                price = tokens.city_price(game, entity, city[0], price)
        self._check_slot(action, city)
        if price is None:
            raise GameError("tokens", f"{entity} has no token left to place")
        finance.pay(game, entity, BANK, price)
        game.track_board.add_token(entity, city)
        game.corporations[entity].tokens_used += 1
        if city in own:
            game.corporations[entity].counters["token"] -= 1
        tokens.station_placed(game, entity, city)
        rnd.token_placed += 1
        game.log(f"{entity} places a token in {city[0]} for {price}")

    def _check_slot(self, action: dict[str, Any], city: tuple[str, int]) -> None:
        """Refuse a ``slot`` that is not one of the city's slots, or a ``tokener`` other
        than the one placing. As on 18xx.games, the token then goes where the rules put
        it (a reservation, else the first free slot), whichever free slot was clicked."""
        entity = entity_of(action)
        tokener = action.get("tokener")
        if tokener is not None and str(tokener) not in (entity, str(action.get("entity"))):
            raise GameError("tokens", f"{entity} places its own tokens, not {tokener}'s")
        slot = action.get("slot")
        slots = self.game.track_board.slots(city)
        if slot is not None and not (str(slot).isdigit() and int(slot) < len(slots)):
            raise GameError("free slot", f"the city in {city[0]} has no slot {slot}")


@step("track_and_token")
class TrackAndToken(Track):
    """The turn's tile actions and its station token, in either order (18xx.games'
    ``TrackAndToken``; 1846): a pass ends both."""

    description = "The operator lays or upgrades tiles and places a station token, in either order."
    ROUND_STATE = (*Track.ROUND_STATE, TOKEN_PLACED)

    def actions(self, entity: str) -> list[str]:
        kinds = [k for k in super().actions(entity) if k == "lay_tile"]
        if "place_token" in Token.actions(self, entity):  # type: ignore[arg-type]  # the token rules read only what both steps have
            kinds.append("place_token")
        if not kinds and self.token_within_power(entity):
            return ["pass"]
        return [*kinds, "pass"] if kinds else []

    def token_within_power(self, entity: str) -> bool:
        """Whether the corporation, short of its cheapest station's price, could reach it
        with what ``rules.track.buying_power`` and ``rules.issue.counted_in`` count, where
        it could place one: the step waits for its pass (18xx.games' 1846 counts its
        ``track_buying_power`` there)."""
        game, rnd = self.game, self.round
        track = game.title.rules.track
        if track is None or entity != rnd.entity() or entity not in game.corporations:
            return False
        if rnd.token_placed >= game.title.rules.tokens.per_turn:
            return False
        power = buying_power.extra(game, entity, track.buying_power) + issue_power(game, entity, "token")
        return tokens.waits_on_cheapest_token(game, entity, power)

    charter_price = Token.charter_price
    _charter_city = Token._charter_city
    _charter_cities = Token._charter_cities
    priced = Token.priced
    choices_place_token = Token.choices_place_token
    process_place_token = Token.process_place_token
    _check_slot = Token._check_slot
