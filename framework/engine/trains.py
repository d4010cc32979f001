"""Trains: the depot, what it offers, buying, phases, rusting and train events.

The depot holds the trains in title order. It offers the next train of the
stack, the trains of unlimited types once their phase has come, and one train
of each type in the discard pile (reference §3.4). The first train of a type
may start a phase, rusts older trains and triggers the type's events.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, NamedTuple

from framework.base.errors import GameError
from framework.engine import event_record, events, tile_reverts
from framework.engine.discards import REMOVED as REMOVED
from framework.engine.discards import discard as discard
from framework.engine.entities import BANK, POOL, RESERVED, Train

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.trains import TradeIn

RUSTED = "rusted"


def create_depot(game: Game) -> None:
    for name, spec in game.title.trains.items():
        if spec.count == "unlimited":
            _create(game, name, 0)
        else:
            for i in range(spec.count):
                train = _create(game, name, i)
                if i >= spec.count - spec.reserved:
                    train.owner = RESERVED


def bring_in_reserved(game: Game) -> None:
    """One train held out of the depot (``reserved``) of the depot's next type comes
    in, first in line, if one is held."""
    line = stack(game)
    if not line:
        return
    first = line[0]
    held = _held_back(game, first.name)
    if held is None:
        return
    held.owner = BANK
    game.depot.remove(held.id)
    game.depot.insert(game.depot.index(first.id), held.id)
    game.log(f"a {held.name} train comes into the depot")


def _held_back(game: Game, name: str) -> Train | None:
    """One of the ``name`` trains held out of the depot (``reserved``), if any."""
    return next((t for t in game.trains.values() if t.owner == RESERVED and t.name == name), None)


def _create(game: Game, name: str, index: int, after: str | None = None) -> Train:
    """A new train of type ``name`` at the end of the depot, or just behind ``after``."""
    train = Train(f"{name}-{index}", name, name)
    game.trains[train.id] = train
    if after is None:
        game.depot.append(train.id)
    else:
        game.depot.insert(game.depot.index(after) + 1, train.id)
    return train


def counts(game: Game) -> dict[str, int]:
    """How many trains each holder has that count toward its train limit (all but the
    obsolete)."""
    return {owner: sum(1 for t in held if not t.obsolete) for owner, held in _held(game).items()}


def counted(game: Game, owner: str | None) -> int:
    """How many of ``owner``'s trains count toward its train limit (all but the obsolete)."""
    return sum(1 for t in owned(game, owner) if not t.obsolete)


def rust_obsolete(game: Game, owner: str) -> None:
    """``owner``'s obsolete trains rust (at the end of its dividend)."""
    for train in owned(game, owner):
        if train.obsolete:
            game.log(f"{train.id} is obsolete and rusts")
            train.owner = RUSTED


def owned(game: Game, owner: str | None) -> list[Train]:
    """``owner``'s trains, in the order of the game's trains."""
    return list(_held(game).get(owner, ())) if owner is not None else []


def _held(game: Game) -> dict[str, list[Train]]:
    """Each holder's trains, worked out again only when a train has changed hands."""
    key = (Train.moves, len(game.trains))
    cached = game.trains_held
    if cached is None or cached[0] != key:
        held: dict[str, list[Train]] = {}
        for train in game.trains.values():
            held.setdefault(train.owner, []).append(train)
        cached = game.trains_held = (key, held)
    return cached[1]


def phase_reached(game: Game, phase: str | None) -> bool:
    if phase is None:
        return True
    names = list(game.title.phases)
    assert game.phase is not None, "a title with phases is always in one"
    return names.index(game.phase) >= names.index(phase)


def stack(game: Game) -> list[Train]:
    """The depot's trains not yet sold, in title order (the first is the next for sale)."""
    return [game.trains[t] for t in game.depot if game.trains[t].owner == BANK]


def offered(game: Game) -> list[Train]:
    """Trains the depot offers now: the top of the stack, unlimited types whose phase has
    come, and one of each type in the discard pile (worked out again only when a train
    has changed hands or the phase has changed)."""
    key = (Train.moves, len(game.trains), game.phase)
    cached = game.trains_offered
    if cached is None or cached[0] != key:
        cached = game.trains_offered = (key, _offered(game))
    return list(cached[1])


def _offered(game: Game) -> list[Train]:
    out: list[Train] = []
    unsold = stack(game)
    if unsold:
        out.append(unsold[0])
    names = {t.name for t in out}
    for train in unsold[1:]:
        spec = game.title.trains[train.name]
        if train.name not in names and spec.available_from and phase_reached(game, spec.available_from):
            out.append(train)
            names.add(train.name)
    pool_names: set[str] = set()
    pool = sorted((t for t in game.trains.values() if t.owner == POOL), key=lambda t: t.discarded)
    for train in pool:
        if train.name not in pool_names:
            out.append(train)
            pool_names.add(train.name)
    return out


def face_value(game: Game, train: Train) -> int:
    """What ``train`` is worth as it is: its face's price, unless it carries its own."""
    return train.face_value if train.face_value is not None else price(game, train, train.variant)


def price(game: Game, train: Train, variant: str | None = None) -> int:
    spec = game.title.trains[train.name]
    if variant and variant != train.name:
        return spec.variants[variant].price
    return spec.price


class Offer(NamedTuple):
    """One way to buy a train from the depot: the train, the face it is bought as, the
    price, and the train traded in (if any)."""

    train: Train
    face: str
    price: int
    exchange: Train | None = None


def trade_in_terms(game: Game, train: Train, face: str) -> TradeIn | None:
    """The trade-in terms of buying ``train`` as ``face`` (the face's own, else the
    train's), none before their ``from_phase``."""
    spec = game.title.trains[train.name]
    variant = spec.variants.get(face) if face != train.name else None
    terms = (variant.trade_in if variant is not None and variant.trade_in else None) or spec.trade_in
    return terms if terms is None or phase_reached(game, terms.from_phase) else None


def depot_offers(
    game: Game, buyer: str, room: bool | None = None, bought: Collection[str] = ()
) -> list[Offer]:
    """Every depot purchase open to ``buyer`` whatever its cash: each offered train as each
    of its faces, and with each of the buyer's trains the face takes in trade. Without
    ``room`` (by default: at the train limit) only trade-ins remain, since they leave the
    count as it was. ``bought``: the trains (by name) the buyer has bought from the depot
    this turn, which the phase may limit (:func:`depot_allows`)."""
    return list(each_depot_offer(game, buyer, room, bought))


def depot_allows(game: Game, name: str, bought: Collection[str]) -> bool:
    """Whether a buyer that has bought ``bought`` (train names) from the depot this turn may
    buy a ``name`` train from it too, by the phase's ``depot_purchases``."""
    rule = game.phase_spec().depot_purchases
    if rule == "one":
        return not bought
    if rule == "one_of_each_type":
        return name not in bought
    return True


def faces(game: Game, train: Train) -> tuple[str, ...]:
    """The faces ``train`` may be bought as: its type, then its variants."""
    return (train.name, *game.title.trains[train.name].variants)


def each_depot_offer(
    game: Game, buyer: str, room: bool | None = None, bought: Collection[str] = ()
) -> Iterator[Offer]:
    """:func:`depot_offers` one by one, for a question the first few may answer."""
    if room is None:
        room = counted(game, buyer) < game.train_limit(buyer)
    mine = owned(game, buyer)
    for train in offered(game):
        if bought and not depot_allows(game, train.name, bought):
            continue
        for face in faces(game, train):
            full = price(game, train, face)
            if room:
                yield Offer(train, face, full)
            terms = trade_in_terms(game, train, face)
            if terms is not None:
                for old in mine:
                    if old.name in terms.trains:
                        yield Offer(train, face, full - terms.discount_for(old.name), old)


def depot_price(game: Game, train: Train, face: str | None, exchange: Train | None) -> int:
    """What the depot charges for ``train`` as ``face``, less the trade-in discount when
    ``exchange`` is traded in."""
    face = face or train.name
    cost = price(game, train, face)
    if exchange is not None:
        terms = trade_in_terms(game, train, face)
        if terms is None or exchange.name not in terms.trains:
            raise GameError("trade-in", f"{exchange.id} cannot be traded in for {train.id}")
        cost -= terms.discount_for(exchange.name)
    return cost


def cheapest_offer(game: Game) -> int | None:
    prices = [price(game, t) for t in offered(game)]
    return min(prices) if prices else None


def give_from_depot(game: Game, name: str, owner: str, *, buyable: bool = True) -> Train:
    """Hand the next depot train of type ``name`` to ``owner`` (no money moves)."""
    train = next(
        game.trains[t] for t in game.depot if game.trains[t].owner == BANK and game.trains[t].name == name
    )
    train.owner = owner
    train.buyable = buyable
    return train


def give_reserved(game: Game, name: str, owner: str, *, buyable: bool) -> Train | None:
    """Hand one of the ``name`` trains held out of the depot (``reserved``) to ``owner``:
    no money moves and no phase or event follows. None when none is held."""
    held = _held_back(game, name)
    if held is None:
        return None
    held.owner = owner
    held.buyable = buyable
    game.depot.remove(held.id)
    return held


def acquire(game: Game, train: Train, buyer: str, variant: str | None = None) -> None:
    """``buyer`` takes ``train`` (money already settled); phases, rusting and events follow."""
    from_depot = train.owner == BANK
    train.owner = buyer
    train.buyable = True
    if variant:
        train.variant = variant
        train.face_value = None
    if from_depot:
        spec = game.title.trains[train.name]
        if spec.count == "unlimited":  # another takes its place in the stack
            index = sum(1 for t in game.trains.values() if t.name == train.name)
            _create(game, train.name, index, after=train.id)
    first = from_depot and not any(
        t.name == train.name and t.owner not in (BANK, RESERVED) and t.id != train.id
        for t in game.trains.values()
    )
    events.train_acquired(game, train, buyer, first)
    if first:
        _new_type(game, train)
    if from_depot:
        _later_events(game, train)
        tile_reverts.drawn_events(game, train)


def export(game: Game) -> None:
    """The end of a set of operating rounds: the depot's next train leaves the game if
    the title exports its type (``rules.trains.export_after_set``), as if bought, unless
    a train of the type that ends the exports has gone so (``exports_end_with``)."""
    unsold = stack(game)
    rules = game.title.rules.trains
    if not unsold or unsold[0].name not in rules.export_after_set or game.exports_ended:
        return
    train = unsold[0]
    game.log(f"A {train.name}-train is exported")
    acquire(game, train, REMOVED)
    if train.name == rules.exports_end_with:
        game.exports_ended = True


def export_next(game: Game) -> None:
    """The end of an operating round in a phase that ``exports_train``: the depot's next
    train leaves the game as if bought."""
    unsold = stack(game)
    if unsold and game.phase is not None and game.phase_spec().exports_train:
        game.log(f"A {unsold[0].name}-train is exported")
        acquire(game, unsold[0], REMOVED)


def _new_type(game: Game, train: Train) -> None:
    """The first train of its type: a new phase, rusting, then the type's events."""
    for name, phase in game.title.phases.items():
        if phase.on in (train.name, train.variant) and not phase_reached(game, name):
            events.change_phase(game, name)
            break
    for other in game.trains.values():
        spec = game.title.trains[other.name]
        if spec.rusts_on == train.name and other.owner not in (RUSTED, REMOVED, BANK, RESERVED):
            game.log(f"{other.id} rusts")
            other.owner = RUSTED
        elif spec.obsolete_on == train.name and other.owner == POOL:
            game.log(f"{other.id} is obsolete and leaves the pool")  # (nobody may buy it)
            other.owner = RUSTED
        elif spec.obsolete_on == train.name and other.owner not in (RUSTED, REMOVED, BANK):
            game.log(f"{other.id} is obsolete")
            other.obsolete = True
            other.buyable = False
    for event in game.title.trains[train.name].events:
        if event.when == 1:
            events.run(game, event, train)


def _later_events(game: Game, train: Train) -> None:
    """The events of ``train``'s type that its purchase from the depot triggers by count
    (``when`` above 1): the Nth of the type out of the depot."""
    later = [e for e in game.title.trains[train.name].events if e.when > 1]
    if not later:
        return
    count = event_record.bought(game, train.name)
    for event in later:
        if event.when == count:
            events.run(game, event, train)


def check_room(game: Game, buyer: str, exchanging: bool = False) -> None:
    if counted(game, buyer) - (1 if exchanging else 0) >= game.train_limit(buyer):
        raise GameError("train limit", f"{buyer} is at its train limit of {game.train_limit(buyer)}")
