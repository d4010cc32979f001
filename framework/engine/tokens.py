"""Station tokens of corporations and minors: home tokens and token prices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.board.board import NEUTRAL, Board
from framework.board.graph import node_key
from framework.board.tokens import (
    IllegalToken,
    any_token_city,
    check_neutral_token,
    cities_in,
    neutral_token_cities,
    replaceable_neutral,
    token_cities,
)
from framework.engine import finance, used_closing
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK
from framework.engine.operating import owned_abilities
from framework.title.companies import MoveToken, StationToken
from framework.title.corporations import CharterToken, NeutralToken, StationBonus, StationLays

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.round_kinds import OperatingRound
    from framework.engine.rounds import Round
    from framework.title.corporations import Corporation, Minor


def charter(game: Game, entity: str) -> Corporation | Minor:
    """The title's corporation or minor."""
    return game.title.corporations.get(entity) or game.title.minors[entity]


def place_home(game: Game, entity: str, operating_round: OperatingRound | None = None) -> None:
    """Put the home token in its reserved city, free (once: the reservation goes with it);
    the operating round calls it at the start of every turn (passing itself: it may not
    be the game's round yet). A company whose home city is ``choose`` puts it in the
    first city while its home hex has no track, and else, in an operating round, chooses
    the city (the round's ``home_token`` step waits for it)."""
    spec = game.title.corporations.get(entity)
    home_hex = spec.home.hex if spec is not None and spec.home is not None else None
    city = game.track_board.reservation(entity, home_hex)
    if city is None and operating_round is not None and _chooses_home(game, entity):
        if operating_round.pending_home is None:  # (with no city for it, it waits for good)
            game.corporations[entity].tokens_used += 1
            operating_round.pending_home = operating_round.home_chooser = entity
            game.log(f"{entity} must choose the city of its home token")
        return
    if city is None or entity not in game.corporations:
        return
    home = game.title.corporations[entity].home
    assert home is not None, "only a home is reserved"
    if home.city == "choose" and game.track_board.face(home.hex).paths:
        if operating_round is not None and operating_round.pending_home is None:
            game.corporations[entity].tokens_used += 1
            operating_round.pending_home = operating_round.home_chooser = entity
            game.log(f"{entity} must choose the city of its home token in {home.hex}")
        return
    game.corporations[entity].tokens_used += 1
    game.track_board.add_token(entity, city)
    game.track_board.unreserve_hex(entity, city[0])
    game.log(f"{entity} places its home token in {city[0]}")
    _place_more_homes(game, entity)


def _place_more_homes(game: Game, entity: str) -> None:
    """The stations of the charter's ``more_homes`` that go down with its home station,
    free, each from its next token where its city has a free slot."""
    corp = game.corporations[entity]
    for home in game.title.corporations[entity].more_homes:
        city = (home.hex, home.first_city)
        if next_price(game, entity) is None or game.track_board.free_slots(city, entity) <= 0:
            continue
        corp.tokens_used += 1
        game.track_board.add_token(entity, city)
        game.log(f"{entity} places a home token in {home.hex}")


def choose_home_now(game: Game, rnd: Round, entity: str) -> None:
    """A corporation without a home (``tokens.home_anywhere``) chooses the city of its
    home token now, in ``rnd``'s ``home_token`` step: when it is started, where the
    stock round lists that step (1882's SC). With no city left for it, the step waits
    for good, as 18xx.games' does (nobody can act: :func:`framework.bots.base.prudent`
    keeps bots from such a start)."""
    if rnd.pending_home is None and _chooses_home(game, entity):
        game.corporations[entity].tokens_used += 1
        rnd.pending_home = rnd.home_chooser = entity
        game.log(f"{entity} must choose the city of its home token")


def homeless(game: Game, entity: str) -> bool:
    """Whether ``entity``, a corporation yet to choose the city of its home token
    (``tokens.home_anywhere``), has no city left to choose."""
    return _chooses_home(game, entity) and not anywhere(game, entity)


def _chooses_home(game: Game, entity: str) -> bool:
    """Whether ``entity`` is a corporation without a home that has yet to choose one
    (``tokens.home_anywhere``)."""
    spec = game.title.corporations.get(entity)
    corp = game.corporations.get(entity)
    return (
        spec is not None
        and corp is not None
        and spec.home is None
        and bool(spec.tokens)
        and game.title.rules.tokens.home_anywhere
        and corp.tokens_used == 0
        and not game.track_board.cities_of(entity)
    )


def anywhere(game: Game, entity: str) -> list[tuple[str, int]]:
    """Every city where ``entity`` may put its chosen home token (replacing a neutral
    station where ``tokens.home_replaces_neutral`` lets it)."""
    board = game.track_board
    spec = game.title.corporations.get(entity)
    cities = cities_in(board, entity, (spec.home_hexes if spec else []) or list(game.title.map.hexes))
    alone = spec.home_alone if spec else None
    if alone == "city":
        cities = [c for c in cities if not board.token_owners(c)]
    elif alone == "hex":
        taken = {c[0] for c, slots in board.tokens.items() if any(o not in (None, NEUTRAL) for o in slots)}
        cities = [c for c in cities if c[0] not in taken]
    if spec is not None and spec.home_unconnected is not None:
        connected = {h for h in {c[0] for c in cities} if _connected_hex(board, h)}  # (once a hex)
        apart = [c for c in cities if c[0] not in connected]
        cities = apart if apart or spec.home_unconnected == "only" else cities
    if game.title.rules.tokens.home_replaces_neutral:
        held = [city for city in list(board.tokens) if replaceable_neutral(board, entity, city)]
        cities = sorted(set(cities) | set(held))
    return cities


def _connected_hex(board: Board, hex_id: str) -> bool:
    """Whether track leads from a city of ``hex_id`` to another stop (a home
    ``home_unconnected`` avoids such hexes)."""
    face = board.face(hex_id)
    for index, node in enumerate(face.nodes):
        if node.kind != "city":
            continue
        start = node_key(hex_id, index)
        if any(n != start for n in board.graph.walk([start], lambda _n: False).nodes):
            return True
    return False


def undecided_home(game: Game, hex_id: str) -> str | None:
    """The company whose home token sits, undecided, in ``hex_id`` — the hex has no track
    yet — else ``None``. A tile with track and more than one city laid there lifts it, to
    be put back in the city of its chooser's choice (as on 18xx.games, whatever city the
    token sat in; a home city ``choose`` waits so from the start)."""
    board = game.track_board
    if board.face(hex_id).paths:
        return None
    for sym, corp in game.corporations.items():
        home = game.title.corporations[sym].home
        if home is None or home.hex != hex_id or corp.closed:
            continue
        if any(c[0] == hex_id for c in board.cities_of(sym)):
            return sym
    return None


def undecided_station(game: Game, hex_id: str) -> str | None:
    """A corporation with a station, not its home, in a city of ``hex_id`` while the hex
    has no track (one moved there): a tile with track and more than one city laid there
    lifts it, to be put back in a city of the hex of its owner's choice, as a home is."""
    board = game.track_board
    if board.face(hex_id).paths:
        return None
    for sym, corp in game.corporations.items():
        if corp.closed or sym in board.neutral_owners:
            continue
        if any(c[0] == hex_id for c in board.cities_of(sym)):
            return sym
    return None


def home_at(game: Game, entity: str, moment: str) -> None:
    """Place the home token now if the title places it at ``moment`` (``par``, ``float``;
    ``first_operation`` is the operating round's, :func:`place_home`)."""
    if game.title.rules.tokens.home == moment:
        place_home(game, entity)


def next_price(game: Game, entity: str) -> int | None:
    """The price of the next token from the charter, or ``None`` when none is left."""
    if entity not in game.corporations:
        return None
    corp = game.corporations[entity]
    used = corp.tokens_used
    prices = [*game.title.corporations[entity].tokens, *corp.added_tokens]
    return prices[used] if used < len(prices) else None


def city_price(game: Game, entity: str, hex_id: str, price: int) -> int:
    """What a station of the charter's ``price`` costs ``entity`` in ``hex_id``: times its
    distance in hexes from the nearest of its stations where the title says so
    (``rules.tokens.price_by_distance``)."""
    held = game.track_board.token_hexes(entity)
    if not game.title.rules.tokens.price_by_distance or not held:
        return price
    grid = game.track_board.hexmap.grid
    return price * min(grid.distance(hex_id, other) for other in held)


def station_placed(game: Game, owner: str, city: tuple[str, int]) -> None:
    """After ``owner`` places a station in ``city`` (not its home): its charter's
    ``station_bonus`` for that hex, if not earned yet, is paid by the bank, and its
    ``station_lays`` for that hex are earned."""
    corp = game.corporations.get(owner)
    lays = game.title.corporations[owner].ability("station_lays") if corp is not None else None
    earns = corp is not None and isinstance(lays, StationLays) and city[0] in lays.hexes
    if earns and corp is not None and not corp.counters.get("station_lays"):
        corp.counters["station_lays"] = 1
        game.log(f"{owner} has its own tile actions from now on (a station in {city[0]})")
    ability = game.title.corporations[owner].ability("station_bonus") if corp is not None else None
    if corp is None or not isinstance(ability, StationBonus) or city[0] not in ability.hexes:
        return
    if corp.counters.get("station_bonus", 0) <= 0:
        return
    corp.counters["station_bonus"] -= 1
    finance.pay(game, BANK, owner, ability.amount)
    game.log(f"{owner} receives {ability.amount} for its station in {city[0]}")


def ability_cities(game: Game, sym: str, ability: StationToken) -> dict[tuple[str, int], int]:
    """The cities where company ``sym``'s ``token`` ability may put its owner's token now
    (timing aside), each with its price: the ability's ``price`` where the owner reaches
    the city, its ``teleport_price`` where it does not (no such city without one), within
    the owner's cash; only its ``city`` of each hex when it names one."""
    company = game.companies[sym]
    owner = company.owner
    if owner not in game.corporations or company.uses.get("token", 0) <= 0:
        return {}
    cities = priced_cities(game, owner, ability)
    if ability.city is None:
        return cities
    return {city: price for city, price in cities.items() if city[1] == ability.city}


def ability_open(game: Game, sym: str, ability: StationToken) -> bool:
    """Whether company ``sym``'s ``token`` ability is open to the corporation owning it as
    18xx.games counts it usable (what keeps its turn's end waiting): a use left, a station
    of its own left where the station comes from its charter, and one of the ability's
    hexes without a station of its (whether a city there has room or not)."""
    company = game.companies[sym]
    owner = company.owner
    if owner not in game.corporations or company.uses.get("token", 0) <= 0:
        return False
    if ability.from_owner and next_price(game, owner) is None:
        return False
    stationed = {hex_id for hex_id, _ in game.track_board.cities_of(owner)}
    return any(hex_id not in stationed for hex_id in ability.hexes)


def own_ability_cities(game: Game, corp: str) -> dict[tuple[str, int], int]:
    """The cities where corporation ``corp``'s own ``token`` ability (its charter's) may
    put a station now, each with its price (see :func:`ability_cities`)."""
    ability = game.title.corporations[corp].ability("token")
    if not isinstance(ability, CharterToken) or game.corporations[corp].counters.get("token", 0) <= 0:
        return {}
    return priced_cities(game, corp, ability)


def priced_cities(game: Game, owner: str, ability: StationToken | CharterToken) -> dict[tuple[str, int], int]:
    """The cities of ``ability``'s hexes where corporation ``owner`` may put a station
    with it, each with its price, within its cash."""
    charter_price = next_price(game, owner)
    neutral = getattr(ability, "neutral", False)
    if ability.from_owner and charter_price is None and not neutral:
        return {}
    board = game.track_board
    beyond = getattr(ability, "beyond_slots", False)
    reached = set(token_cities(board, owner, beyond_slots=beyond))
    cash = game.corporations[owner].cash
    bot = game.corporations[owner].bot
    out: dict[tuple[str, int], int] = {}
    for city in cities_in(board, NEUTRAL if neutral else owner, ability.hexes, beyond_slots=beyond):
        price = ability.price if city in reached else ability.teleport_price
        if city not in reached and price is None:
            continue
        price = 0 if bot else price if price is not None else charter_price or 0
        if price <= cash:
            out[city] = price
    return out


def company_cities(game: Game, corp: str) -> dict[tuple[str, int], tuple[str, int]]:
    """The cities corporation ``corp`` reaches where the ``token`` ability of a company
    it owns applies to its own stations (``own_stations``), each with the company and the
    ability's price there: a station the corporation places there in its token step is
    placed with that ability (1846's New York Central, owning the Chicago and Western
    Indiana, pays nothing for Chicago's fourth city)."""
    reached = set(token_cities(game.track_board, corp))
    out: dict[tuple[str, int], tuple[str, int]] = {}
    for sym, ability in owned_abilities(game, corp, StationToken):
        if not ability.own_stations:
            continue
        for city, price in ability_cities(game, sym, ability).items():
            if city in reached:
                out.setdefault(city, (sym, price))
    return out


def place_with_company(
    game: Game, sym: str, ability: StationToken, city: tuple[str, int], price: int
) -> None:
    """Place a station of the corporation owning company ``sym`` in ``city`` with the
    company's ``token`` ability, for ``price``: a token from its charter, or one more
    (``from_owner: false``), or a neutral one (``neutral``); a use of the ability is
    spent, and the company closes where its ability says."""
    company = game.companies[sym]
    owner = str(company.owner)
    finance.pay(game, owner, BANK, price)
    corporation = game.corporations[owner]
    if ability.neutral:
        # a blocking one is the company's own on the board: nobody runs from it
        game.track_board.add_token(sym if ability.blocks else NEUTRAL, city)
        game.log(f"{owner} places a neutral token in {city[0]} with {sym} for {price}")
    else:
        game.track_board.add_token(owner, city)
        if ability.from_owner:
            corporation.tokens_used += 1
        else:
            corporation.extra_tokens += 1
        station_placed(game, owner, city)
        game.log(f"{owner} places a token in {city[0]} with {sym} for {price}")
    company.uses["token"] -= 1
    used_closing.ability_used(game, sym)
    if ability.closes_when_used_up and company.uses["token"] <= 0:
        close_company(game, sym)


def waits_for_ability(game: Game, entity: str) -> bool:
    """Whether a company ``entity`` owns may place a token for it at its token step, and
    holds the step open for it (``holds_step``)."""
    return any(
        "token" in ability.when and ability.holds_step and ability_cities(game, sym, ability)
        for sym, ability in owned_abilities(game, entity, StationToken)
    )


NEUTRAL_PLACED = "neutral_tokens_placed"
"""The counter of the neutral stations a corporation has placed (its ``neutral_token``)."""


def neutral_token(game: Game, corp: str) -> NeutralToken | None:
    """The neutral station corporation ``corp`` still carries (its charter's
    ``neutral_token``), if any."""
    spec = game.title.corporations.get(corp)
    state = game.corporations.get(corp)
    ability = spec.ability("neutral_token") if spec is not None else None
    if state is None or not isinstance(ability, NeutralToken):
        return None
    return ability if state.counters.get(NEUTRAL_PLACED, 0) < ability.count else None


def neutral_cities(game: Game, corp: str) -> list[tuple[str, int]]:
    """The cities where ``corp`` may place the neutral station it carries now, within
    its cash."""
    ability = neutral_token(game, corp)
    if ability is None or ability.price > game.corporations[corp].cash:
        return []
    return neutral_token_cities(game.track_board, corp, ability.owner)


def waits_on_cheapest_token(game: Game, corp: str, power: int = 0) -> bool:
    """Whether ``corp``'s token step waits for a pass though it may place no token it can
    pay for, as on 18xx.games, where the step is offered when the cheapest of its tokens
    is within its cash (and ``power``, what else the step counts) and any of its tokens,
    whatever it costs, has a city to go. Its tokens: its charter's next, the neutral
    station it carries (``neutral_token``), its charter's own ``token`` ability (whose
    hexes it may reach by ``teleport_price``); priced besides, at no city, by the stations
    a company it owns places or moves for it (``token``, ``move_token``) while they have a
    hex without its station. (QLL, short of its $40 station, passes with its free neutral
    one; the CPR, short of its $100 one, passes while it owns the North West Rebellion;
    1846's PRR, short of its $80 station, waits while it could raise its $40 one in Fort
    Wayne.)"""
    price, neutral = next_price(game, corp), neutral_token(game, corp)
    kinds = ([price] if price is not None else []) + ([neutral.price] if neutral is not None else [])
    board = game.track_board
    own = game.title.corporations[corp].ability("token")
    if (
        price is None
        or not isinstance(own, CharterToken)
        or game.corporations[corp].counters.get("token", 0) <= 0
    ):
        own = None  # its charter's ability places a station of its charter
    if own is not None:
        kinds += [p for p in (own.price, own.teleport_price) if p is not None]
    if not kinds:
        return False
    held = set(board.token_hexes(corp))
    companies = game.companies
    for sym, ability in owned_abilities(game, corp, StationToken):
        if companies[sym].uses.get("token", 0) > 0 and set(ability.hexes) - held:
            kinds += [p for p in (ability.price, ability.teleport_price) if p is not None]
    for sym, moving in owned_abilities(game, corp, MoveToken):
        if companies[sym].uses.get("move_token", 0) > 0 and set(moving.hexes) - held:
            kinds.append(0)
    if min(kinds) > game.corporations[corp].cash + power:
        return False
    if price is not None and any_token_city(board, corp):
        return True
    if own is not None and own.teleport_price is not None and cities_in(board, corp, own.hexes):
        return True
    return neutral is not None and bool(neutral_token_cities(board, corp, neutral.owner))


def place_neutral(game: Game, corp: str, city: tuple[str, int]) -> None:
    """Place the neutral station ``corp`` carries in ``city``: it becomes a station of
    the ability's owner; ``corp`` pays its price. Raises :class:`GameError` (the game
    unchanged) where it may not."""
    ability = neutral_token(game, corp)
    if ability is None:
        raise GameError("tokens", f"{corp} carries no neutral station")
    try:
        check_neutral_token(game.track_board, corp, ability.owner, city)
    except IllegalToken as exc:
        raise GameError(exc.rule, str(exc).rsplit(" (", 1)[0]) from None
    if ability.price > game.corporations[corp].cash:
        raise GameError("tokens", f"{corp} cannot pay {ability.price} for its neutral station")
    finance.pay(game, corp, BANK, ability.price)
    game.track_board.add_token(ability.owner, city)
    counters = game.corporations[corp].counters
    counters[NEUTRAL_PLACED] = counters.get(NEUTRAL_PLACED, 0) + 1
    game.log(f"{corp} places a neutral station ({ability.owner}'s) in {city[0]} for {ability.price}")
