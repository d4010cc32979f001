"""Minors converting and merging into majors (``rules.minor_mergers``, a ``merger``
round: :mod:`framework.title.minor_mergers` says the rules).

A minor here is a corporation of ``kind: minor``; a major, one of ``kind: corporation``.
A major a minor turns into receives everything the minor has — its treasury, private
companies, loans, trains and station tokens — and the minor closes. The functions
carry out what the round's steps have checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.board.graph import node_key
from framework.engine import finance, shares
from framework.engine.closing import close_corporation

if TYPE_CHECKING:
    from framework.engine.entities import Corporation
    from framework.engine.game import Game


def is_minor(game: Game, sym: str) -> bool:
    return game.title.corporations[sym].kind == "minor"


def merging_minors(game: Game) -> list[str]:
    """The minors that take a turn in a merger round: floated, open, in operating order."""
    found = [
        c.sym for c in game.corporations.values() if c.floated and not c.closed and is_minor(game, c.sym)
    ]
    return game.market.in_order(found)


def may_convert(game: Game, sym: str) -> bool:
    """Whether minor ``sym``'s price stands in a zone that ``converts``."""
    if not is_minor(game, sym) or sym not in game.market.positions:
        return False
    return any(zone.converts for zone in game.market.zones(sym))


def majors_to_form(game: Game) -> list[str]:
    """The majors a conversion or a merger may form: those not started that players may
    start (not ``started_by: none``), in the title's order."""
    charters = game.title.corporations
    return [
        c.sym
        for c in game.corporations.values()
        if not c.closed
        and c.par is None
        and c.sym not in game.market.positions
        and charters[c.sym].kind != "minor"
        and charters[c.sym].started_by != "none"
    ]


def reached_minors(game: Game, sym: str) -> set[str]:
    """The other minors with a station in a city that ``sym``'s track reaches."""
    board = game.track_board
    reached = board.reach(sym).nodes
    found: set[str] = set()
    for city in _cities_with_minors(game):
        if node_key(*city) in reached:
            found.update(o for o in board.token_owners(city) if o != sym)
    return {
        o for o in found if o in game.corporations and is_minor(game, o) and not game.corporations[o].closed
    }


def _cities_with_minors(game: Game) -> set[tuple[str, int]]:
    board = game.track_board
    return {
        city
        for c in game.corporations.values()
        if not c.closed and is_minor(game, c.sym)
        for city in board.cities_of(c.sym)
    }


def candidates(game: Game, merging: list[str]) -> list[str]:
    """The minors that may join ``merging`` (the first, the minor whose turn it is, and
    those added): reached by one of them, within ``most`` and ``most_per_owner``."""
    rules = game.title.rules.minor_mergers
    if len(merging) >= rules.most:
        return []
    owners: dict[str | None, int] = {}
    for sym in merging:
        owner = game.corporations[sym].president()
        owners[owner] = owners.get(owner, 0) + 1
    full = {o for o, n in owners.items() if n >= rules.most_per_owner}
    found: set[str] = set()
    for sym in merging:
        found |= reached_minors(game, sym)
    found -= set(merging)
    return game.market.in_order([s for s in found if game.corporations[s].president() not in full])


def par_cell(game: Game, major: str, price: int) -> tuple[int, int, int]:
    """``(row, column, price)`` of the highest par price of ``major``'s ``par_zones`` at or
    below ``price`` (the lowest when none is)."""
    cells = game.title.market.par_cells_in(game.title.corporations[major].par_zones)
    if not cells:
        raise GameError("merger", f"{major} has no par prices")
    below = [c for c in cells if c[2].price <= price] or [min(cells, key=lambda c: c[2].price)]
    row, col, cell = max(below, key=lambda c: c[2].price)
    return row, col, cell.price


def _start(game: Game, major: str, price: int) -> Corporation:
    row, col, par = par_cell(game, major, price)
    corp = game.corporations[major]
    corp.par = par
    game.market.place(major, (row, col))
    game.log(f"{major} starts at {par}")
    return corp


def convert(game: Game, minor: str, major: str) -> None:
    """Minor ``minor`` becomes major ``major``: par below its price, its owner the
    president, everything it has the major's."""
    owner = game.corporations[minor].president()
    assert owner is not None, "a floated minor has an owner"
    corp = _start(game, major, game.market.price(minor))
    president = next(s for s in corp.shares if s.president)
    finance.move_share(game, president, owner)
    game.log(f"{game.name(owner)} receives the president's certificate of {major}")
    _hand_over(game, minor, major)
    shares.settle(game, corp)
    game.log(f"{minor} converts into {major}")


def merged_price(game: Game, minors: list[str]) -> int:
    """The price a major formed by merging ``minors`` starts from: their lowest and
    highest prices added, within ``rules.minor_mergers.price_range``."""
    prices = [game.market.price(m) for m in minors]
    low, high = game.title.rules.minor_mergers.price_range
    return min(high, max(low, min(prices) + max(prices)))


def presidency_possible(game: Game, minors: list[str], major: str) -> bool:
    """Whether a player who owned one of ``minors`` could be the president of ``major``
    formed by merging them: one owning two of them, or with cash for a share at its par."""
    owners = [str(game.corporations[m].president()) for m in minors]
    _, _, par = par_cell(game, major, merged_price(game, minors))
    return any(game.players_by_id[o].cash >= par or owners.count(o) >= 2 for o in owners)


def merge(game: Game, minors: list[str], major: str) -> list[str]:
    """Minors ``minors`` merge into major ``major``, in operating order; the players who
    owned them, first owner first, then in seat order."""
    price = merged_price(game, minors)
    ordered = game.market.in_order(minors)
    owners = [str(game.corporations[m].president()) for m in ordered]
    if not presidency_possible(game, minors, major):
        raise GameError("merger", "no player could become the president of the merged major")
    corp = _start(game, major, price)
    for minor, owner in zip(ordered, owners, strict=True):
        president = next(s for s in corp.shares if s.president)
        if president.owner == corp.issuer and corp.percent_of(owner) == 10:
            finance.move_share(game, corp.certificates_of(owner)[0], corp.issuer)
            finance.move_share(game, president, owner)
        else:
            share = [s for s in corp.shares if s.owner == corp.issuer and not s.president][-1]
            finance.move_share(game, share, owner)
        _hand_over(game, minor, major)
        game.log(f"{minor} merges into {major}")
    shares.settle(game, corp)
    players = [p.id for p in game.players]
    involved = [p for p in players if p in owners]
    first = involved.index(owners[0])
    return involved[first:] + involved[:first]


def _hand_over(game: Game, minor: str, major: str) -> None:
    """Everything ``minor`` has passes to ``major``; the minor closes."""
    source, target = game.corporations[minor], game.corporations[major]
    board = game.track_board
    for city in board.cities_of(minor):
        if city in board.cities_of(major):
            board.remove_token(minor, city)
        else:
            board.replace_token(minor, major, city)
    target.tokens_used = len(board.cities_of(major))
    if source.cash:
        finance.pay(game, minor, major, source.cash)
    for company in game.companies.values():
        if company.owner == minor:
            company.owner = major
    target.loans.extend(source.loans)
    source.loans.clear()
    for train in game.trains.values():
        if train.owner == minor:
            train.owner = major
    close_corporation(game, minor)


def tokens_over(game: Game, major: str) -> bool:
    """Whether ``major`` has more stations on the map than ``tokens_kept``, or two in one hex."""
    hexes = [c[0] for c in game.track_board.cities_of(major)]
    return len(hexes) > game.title.rules.minor_mergers.tokens_kept or len(set(hexes)) < len(hexes)


def removable(game: Game, major: str) -> list[tuple[str, int]]:
    """The cities ``major`` may lift a station from: those in a hex where it has two, while
    there is one; else any."""
    cities = game.track_board.cities_of(major)
    hexes = [c[0] for c in cities]
    doubled = [c for c in cities if hexes.count(c[0]) > 1]
    return doubled or cities
