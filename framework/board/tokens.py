"""Placing station tokens: where a company may put one, and why not.

A company may place a token in a city it reaches along track (not through
cities full of other companies' tokens, off-boards or terminal cities), that
has an empty slot not held for another company's home, in a hex where it has
no token yet (rulebook §10.4, reference §4.7).
"""

from __future__ import annotations

from collections.abc import Iterator

from framework.board.board import NEUTRAL, Board, City
from framework.board.errors import BoardRuleError
from framework.board.graph import Goal, NodeKey, node_key


class IllegalToken(BoardRuleError):
    """A token placement that breaks a rule; the message names the rule."""


def check_token(
    board: Board, owner: str, city: City, *, connect: bool = True, beyond_slots: bool = False
) -> None:
    """Raise :class:`IllegalToken` unless ``owner`` may put a token in ``city`` (with
    ``beyond_slots``, one more than its slots where none is free)."""
    for rule, message in _refusals(board, owner, city, board.token_hexes(owner), connect, beyond_slots):
        raise IllegalToken(rule, message)


def _refusals(
    board: Board, owner: str, city: City, held: set[str], connect: bool, beyond_slots: bool = False
) -> Iterator[tuple[str, str]]:
    """Each rule a token of ``owner`` in ``city`` would break (its name and what it says),
    found in turn; ``held``: the hexes of ``owner``'s tokens; ``beyond_slots``: a full
    city takes one more station."""
    hex_id, index = city
    if hex_id not in board.hexmap.hexes:
        yield "map", f"there is no hex {hex_id}"
        return
    nodes = board.face(hex_id).nodes
    if not 0 <= index < len(nodes) or nodes[index].kind != "city":
        yield "cities", f"{hex_id} has no city {index}"
        return
    if board.title.rules.tokens.one_per_hex and hex_id in held:
        yield "one token per hex", f"{owner} already has a token in {hex_id}"
    if owner in board.token_owners(city):
        yield "one token per city", f"{owner} already has a token in that city"
    if board.free_slots(city, owner) == 0 and not beyond_slots:
        taken = board.reserved.get(city)
        why = f"; the last is held for {', '.join(taken)}" if taken else ""
        yield "free slot", f"the city in {hex_id} has no free slot{why}"
    if connect:
        key = node_key(*city)
        if not board.finds(owner, Goal(centres=frozenset({key})), ("centre", key)):
            yield "route to the city", f"{owner} cannot reach the city in {hex_id}"


def check_neutral_token(board: Board, placer: str, owner: str, city: City) -> None:
    """Raise :class:`IllegalToken` unless ``placer`` may put a neutral station of
    ``owner`` in ``city``: one it reaches, where ``owner`` may have a station."""
    check_token(board, owner, city, connect=False)
    key = node_key(*city)
    if not board.finds(placer, Goal(centres=frozenset({key})), ("centre", key)):
        raise IllegalToken("route to the city", f"{placer} cannot reach the city in {city[0]}")


def neutral_token_cities(board: Board, placer: str, owner: str) -> list[City]:
    """Every city where ``placer`` may put a neutral station of ``owner`` now."""
    held = board.token_hexes(owner)
    cities = []
    for node in board.reach(placer).nodes:
        city = (node[1], node[2])
        if board.face(city[0]).nodes[city[1]].kind != "city":
            continue
        if next(_refusals(board, owner, city, held, False), None) is None:
            cities.append(city)
    return sorted(cities)


def replaceable_neutral(board: Board, owner: str, city: City) -> str | None:
    """The owner of a neutral station placed for a corporation (``neutral_token``) in
    ``city`` whose removal alone would let ``owner`` put a token there, if any."""
    placed = [o for o in board.token_owners(city) if o in board.neutral_owners and o != NEUTRAL]
    if not placed:
        return None
    refused = {rule for rule, _ in _refusals(board, owner, city, board.token_hexes(owner), False)}
    return placed[0] if refused == {"free slot"} else None


def token_cities(board: Board, owner: str, *, beyond_slots: bool = False) -> list[City]:
    """Every city where ``owner`` may place a token now (``beyond_slots``: full ones too)."""
    held = board.token_hexes(owner)
    cities = []
    for node in board.reach(owner).nodes:
        city = (node[1], node[2])
        if next(_refusals(board, owner, city, held, False, beyond_slots), None) is None:
            cities.append(city)
    return sorted(cities)


def any_token_city(board: Board, owner: str) -> bool:
    """Whether ``owner`` may place a token somewhere now."""
    held = board.token_hexes(owner)

    def free(node: NodeKey) -> bool:
        return next(_refusals(board, owner, (node[1], node[2]), held, False), None) is None

    return board.finds(owner, Goal(stop=free), "token city")


def cities_in(board: Board, owner: str, hexes: list[str], *, beyond_slots: bool = False) -> list[City]:
    """The cities of ``hexes`` where ``owner`` may put a token, reached or not (a home
    token put back, a teleport token; ``beyond_slots``: full ones too)."""
    cities = []
    for hex_id in hexes:
        for index, node in enumerate(board.face(hex_id).nodes):
            if node.kind != "city":
                continue
            try:
                check_token(board, owner, (hex_id, index), connect=False, beyond_slots=beyond_slots)
            except IllegalToken:
                continue
            cities.append((hex_id, index))
    return cities
