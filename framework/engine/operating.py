"""What the operating company may use: its layer for tiles, its runners for trains,
the companies it owns and their abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from framework.board.bonuses import BonusRules, HexBonus, Marker
from framework.board.distance import Allowance
from framework.board.distance import Distance as StopDistance
from framework.board.hexmap import shared
from framework.board.lays import Discount, LayTerms
from framework.board.routes import PerStop, Runner, stop_value
from framework.engine import finance, stop_markers
from framework.engine.entities import BANK, Train
from framework.title import companies as ab
from framework.title.bonuses import Bonus, HexGroupsBonus
from framework.title.corporations import CharterTerrainDiscount, StationLays, StopMultiplier
from framework.title.model import Title

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.rules import TileLaySlot
    from framework.title.trains import Distance, StopCount, TrainVariant
    from framework.title.trains import Train as TrainSpec

A = TypeVar("A", bound=ab.AbilityBase)


def owner_kind(game: Game, sym: str) -> str:
    """Who holds the company ``sym``: ``bank``, ``player`` or ``corporation`` (a
    corporation or a minor), as abilities' ``owner`` lists them."""
    owner = game.companies[sym].owner
    if owner == "bank":
        return "bank"
    return "player" if owner in game.players_by_id else "corporation"


def works(game: Game, sym: str, ability: ab.AbilityBase) -> bool:
    """Whether ``ability`` of the company ``sym`` works now: the company is open and held
    by one of the ability's ``owner`` kinds."""
    return not game.companies[sym].closed and owner_kind(game, sym) in ability.owner


def ability(game: Game, sym: str, kind: str) -> ab.AbilityBase | None:
    """The company's first ability of type ``kind`` that works now (see :func:`works`)."""
    found = game.title.companies[sym].ability(kind)
    return found if found is not None and works(game, sym, found) else None


def owned_abilities(game: Game, owner: str, kind: type[A]) -> list[tuple[str, A]]:
    """``(company, ability)`` for each open company ``owner`` owns with a working
    ability of ``kind``."""
    index = game.ability_index
    if index is None or index.title is not game.title:
        index = AbilityIndex.of(game)
    listed = index.by_kind.get(kind)
    if listed is None:
        listed = index.of_kind(kind)
    if not listed:  # the title has no such ability: the usual answer, asked often
        return []
    companies = game.companies
    return [
        (sym, ability)
        for sym, ability in listed
        if companies[sym].owner == owner and works(game, sym, ability)
    ]


class AbilityIndex:
    """The abilities of a title's companies by kind, listed once per title (in company
    order, each company's in its order)."""

    def __init__(self, title: Title):
        self.title = title
        self.by_kind: dict[type, list[tuple[str, Any]]] = {}
        """The abilities listed so far (:meth:`of_kind`), by kind."""

    @staticmethod
    def of(game: Game) -> AbilityIndex:
        """The index of ``game``'s title (kept on the game once found)."""
        index = game.ability_index
        if index is None or index.title is not game.title:
            index = game.ability_index = shared(game.title, AbilityIndex)
        return index

    def of_kind(self, kind: type[A]) -> list[tuple[str, A]]:
        found = self.by_kind.get(kind)
        if found is None:
            found = self.by_kind[kind] = [
                (sym, ability)
                for sym, company in self.title.companies.items()
                for ability in company.abilities
                if isinstance(ability, kind)
            ]
        return found


OTHERS_BONUS = "others_bonus"
"""The ``uses`` count of a company whose assigned bonus pays the other corporations too
(``others_amount``): 1 from its first assignment until it is assigned again in place."""


def assigned_bonuses(game: Game) -> list[tuple[str, ab.AssignedBonus]]:
    """``(company, ability)`` for each company of the title with an ``assigned_bonus``,
    whoever holds it (the bonus outlives the company)."""
    return AbilityIndex.of(game).of_kind(ab.AssignedBonus)


def company_revenue(game: Game, sym: str) -> int:
    """What the company ``sym`` pays its owner: its title's revenue, or what a
    ``revenue_change`` made it."""
    changed = game.companies[sym].revenue
    return game.title.companies[sym].revenue if changed is None else changed


def pay_company_revenue(game: Game) -> None:
    """Private companies pay their owners: players' first in seat order, then corporations'
    (those that pay corporations)."""
    owned = [(c, company_revenue(game, c.sym)) for c in game.companies.values() if not c.closed]
    for player in game.players:
        for company, revenue in owned:
            if company.owner == player.id and revenue:
                finance.pay(game, BANK, player.id, revenue)
    for company, revenue in owned:
        if company.owner not in game.corporations or not game.title.companies[company.sym].pays_corporations:
            continue  # (a company whose revenue a corporation's purchase ended pays nothing)
        if revenue:
            finance.pay(game, BANK, company.owner, revenue)


def corporations_may_buy(game: Game, sym: str) -> bool:
    """Whether corporations may buy the company ``sym`` (when the phase allows): its title
    lets them, and no ``revenue_change`` has ended it."""
    return game.title.companies[sym].corporations_may_buy and game.companies[sym].corporations_may_buy


def blocked_hexes(game: Game) -> frozenset[str]:
    blocked: set[str] = set()
    for sym, found in AbilityIndex.of(game).of_kind(ab.BlocksHexes):
        if works(game, sym, found) and not (found.until is not None and found.until in reached_phases(game)):
            blocked.update(found.hexes)
    return frozenset(blocked)


def is_bot(game: Game, entity: str) -> bool:
    return entity in game.corporations and game.corporations[entity].bot


def cash(game: Game, entity: str) -> int:
    """The money of a corporation, a minor or a player."""
    if entity in game.corporations:
        return game.corporations[entity].cash
    if entity in game.players_by_id:
        return game.players_by_id[entity].cash
    return game.minors[entity].cash


def reached_phases(game: Game) -> frozenset[str]:
    """The names of the phases reached so far, the current one included."""
    names = list(game.title.phases)
    return frozenset(names[: names.index(game.phase) + 1]) if game.phase in names else frozenset()


def layer(game: Game, entity: str, **changes: Any) -> LayTerms:
    discounts = tuple(
        Discount(ability.terrain, ability.amount, None if ability.hexes is None else frozenset(ability.hexes))
        for _, ability in owned_abilities(game, entity, ab.TerrainDiscount)
    ) + charter_discounts(game, entity)
    base: dict[str, Any] = dict(
        entity=entity,
        colors=game.colors(),
        phases=reached_phases(game),
        cash=cash(game, entity),
        free=is_bot(game, entity),
        blocked=blocked_hexes(game),
        discounts=discounts,
    )
    base.update(changes)
    return LayTerms(**base)


def charter_discounts(game: Game, entity: str) -> tuple[Discount, ...]:
    """The terrain discounts of ``entity``'s charter (its ``terrain_discount``)."""
    charter = game.title.corporations.get(entity)
    if charter is None:
        return ()
    return tuple(
        Discount(a.terrain, a.amount, None if a.hexes is None else frozenset(a.hexes))
        for a in charter.abilities
        if isinstance(a, CharterTerrainDiscount)
    )


def national(game: Game) -> str | None:
    rules = game.title.rules.nationalization
    return rules.national.sym if rules else None


def lay_slots(game: Game, entity: str) -> list[TileLaySlot]:
    """The tile actions of ``entity``'s operating turn: a minor's ``rules.track.minor_lays``,
    ``rules.track.first_turn_lays`` in its first, the ``station_lays`` it has earned, else
    ``rules.track.lays``."""
    track = game.title.rules.track_rules
    corp = game.corporations.get(entity)
    if corp is not None and corp.counters.get("station_lays"):
        earned = game.title.corporations[entity].ability("station_lays")
        if isinstance(earned, StationLays):
            return earned.lays
    if track.minor_lays is not None and entity in game.minors:
        return track.minor_lays
    if track.first_turn_lays is not None:
        operator = game.corporations.get(entity) or game.minors.get(entity)
        if operator is not None and operator.operating_turns == 1:
            return track.first_turn_lays
    return track.lays


def train_distance(game: Game, train: Train) -> int | None:
    """How many stops the train's route may have on its current face (``None``:
    unlimited)."""
    value = _distance(game, train)
    if isinstance(value, list):
        return by_kind(value).limit
    return None if value == "unlimited" else value


def _distance(game: Game, train: Train) -> Distance:
    spec = game.title.trains[train.name]
    variant = spec.variants.get(train.variant)
    return variant.distance if variant is not None and variant.distance is not None else spec.distance


def by_kind(parts: list[StopCount]) -> StopDistance:
    """A distance by kind of stop, as the route rules read it."""
    return StopDistance(
        tuple(
            Allowance(
                frozenset(part.stops),
                None if part.visit == "unlimited" else part.visit,
                -1 if part.pay is None else None if part.pay == "unlimited" else part.pay,
                part.multiplier,
                part.fills,
            )
            for part in parts
        )
    )


def train_face(game: Game, train: Train) -> TrainSpec | TrainVariant:
    """The train's spec for its current face (the variant, or the train itself)."""
    spec = game.title.trains[train.name]
    return spec.variants.get(train.variant, spec)


def track_groups(game: Game) -> dict[str, str]:
    """Each train's track group (``trains.*.track_group``), by train id: only routes of
    one group may not share track."""
    return {train.id: train_face(game, train).track_group or "" for train in game.trains.values()}


def _multiplied(bonus: Bonus, distance: Distance) -> Bonus:
    """``bonus`` as a train of ``distance`` earns it: a ``multiplied`` bonus times the
    largest multiplier of the distance's parts."""
    if not isinstance(bonus, HexGroupsBonus) or not bonus.multiplied or not isinstance(distance, list):
        return bonus
    times = max(part.multiplier for part in distance)
    return bonus if times == 1 else bonus.model_copy(update={"amount": bonus.amount * times})


def runner(game: Game, train: Train) -> Runner:
    owner = train.owner
    spec = train_face(game, train)
    distance = _distance(game, train)
    tokens: dict[str, int] = {}
    label = "{amount}"
    for sym, bonus in owned_abilities(game, owner, ab.BonusTokens):
        tokens.update(game.companies[sym].tokens)
        label = bonus.label
    marker = None
    for sym, movable in owned_abilities(game, owner, ab.BonusMarker):
        where = game.companies[sym].marker
        if where:
            marker = Marker(where, movable.icon, movable.amount_per_icon, movable.label)
    assigned = (
        tuple(
            HexBonus(where, bonus.amount_in(where), sym)
            for sym, bonus in assigned_bonuses(game)
            if (company := game.companies[sym]).assigned is not None
            and company.assigned[1] == owner
            and (where := company.assigned[0]) is not None
        )
        + tuple(
            HexBonus(hex_id, right.amount, sym)
            for sym, right in AbilityIndex.of(game).of_kind(ab.RouteRight)
            if owner in game.companies[sym].right_holders
            for hex_id in right.hexes
        )
        + tuple(
            HexBonus(hex_id, bonus.amount, game.title.companies[sym].name)
            for sym, bonus in owned_abilities(game, owner, ab.HexBonus)
            for hex_id in bonus.hexes
        )
        + tuple(
            HexBonus(where, bonus.others_amount, sym)
            for sym, bonus in assigned_bonuses(game)
            if bonus.others_amount
            and (company := game.companies[sym]).uses.get(OTHERS_BONUS, 0) > 0
            and company.assigned is not None
            and company.assigned[1] != owner
            and (where := company.assigned[0]) is not None
        )
    )
    assigned += station_revenues(game, assigned, train.variant or train.name)
    state = national(game)
    passes = frozenset({state}) if spec.passes_national_tokens and state else frozenset()
    own_bonuses = tuple(_multiplied(b, distance) for b in game.title.bonuses.values() if b.earned_by(owner))
    return Runner(
        owner,
        game.colors(),
        train_distance(game, train),
        spec.own_token_stop_multiplier,
        passes,
        BonusRules(own_bonuses, tokens, label, marker, assigned),
        train.variant or train.name,
        by_kind(distance) if isinstance(distance, list) else None,
        stop_times(game, owner),
        tuple(
            PerStop(
                game.title.companies[sym].name,
                bonus.amount,
                bonus.routes == "longest",
                frozenset(bonus.stops) if bonus.stops else None,
            )
            for sym, bonus in owned_abilities(game, owner, ab.StopBonus)
        ),
        spec.track_group or "",
    )


def station_revenues(game: Game, assigned: tuple[HexBonus, ...], train: str) -> tuple[HexBonus, ...]:
    """What a route earns more (negative: less) in the city of a company's blocking
    neutral station (``token.stop_revenue``), whoever runs it: never more off than the
    city is worth to ``train`` with the runner's ``assigned`` bonuses in its hex."""
    out = []
    board = game.track_board
    for sym, ability in AbilityIndex.of(game).of_kind(ab.StationToken):
        if not ability.stop_revenue:
            continue
        for city, slots in board.tokens.items():
            if sym in slots:
                worth = stop_value(board, city, game.colors(), train)
                worth += sum(b.amount for b in assigned if b.hex == city[0])
                out.append(
                    HexBonus(city[0], max(ability.stop_revenue, -worth), game.title.companies[sym].name)
                )
    return tuple(out)


def stop_times(game: Game, owner: str) -> tuple[tuple[str, int], ...]:
    """``(hex, times)`` for each hex of the owner's charter's ``stop_multiplier``, and
    twice for the hex of its bought ``stop_marker``."""
    charter = game.title.corporations.get(owner)
    if charter is None:
        return ()
    return tuple((hex_id, 2) for hex_id in stop_markers.doubled_hexes(game, owner)) + tuple(
        (hex_id, ability.times)
        for ability in charter.abilities
        if isinstance(ability, StopMultiplier)
        for hex_id in ability.hexes
    )
