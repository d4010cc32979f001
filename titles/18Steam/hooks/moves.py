"""Moving goods (reference §3.5): one cube from a city along a chain of links.

A move names its cube (``city``, ``color``), the stops it visits (``stops``, the
origin first) and the links it uses (``links``, each named ``"HEX:i"`` by one of
its segments). It is legal when every link joins the two stops around it, the
operator's locomotive covers the number of links, no stop is visited twice (nor
the origin again), it passes no city of the cube's colour, and it ends at one.
Each link used earns its owner one step on the income track.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.api import GameError

from .state import LOCOMOTIVE
from .track import Route, TrackMap

if TYPE_CHECKING:
    from framework.api import Game


@dataclass(frozen=True)
class Move:
    origin: str
    color: str
    stops: tuple[str, ...]
    owners: tuple[str | None, ...]
    """The owner of each link used."""


def link_id(route: Route) -> str:
    hex_id, index = min(route.segments)
    return f"{hex_id}:{index}"


def links_by_stop(track: TrackMap) -> dict[str, list[tuple[str, Route]]]:
    """Stop hex → ``(the stop at the other end, link)`` for every link."""
    out: dict[str, list[tuple[str, Route]]] = {}
    for link in track.links():
        a, b = link.start.hex, link.end.hex
        out.setdefault(a, []).append((b, link))
        out.setdefault(b, []).append((a, link))
    return out


def move_choices(game: Game, sym: str) -> list[dict[str, Any]]:
    """Every legal move of one cube for ``sym`` (one per colour present in a city)."""
    track = game.layer_state.track(game)
    adjacent = links_by_stop(track)
    reach = game.corporations[sym].counters[LOCOMOTIVE]
    out: list[dict[str, Any]] = []
    for origin in sorted(game.layer_state.cubes):
        for color in sorted(set(game.layer_state.cubes[origin])):
            _extend(track, adjacent, reach, color, [origin], [], out)
    return out


def _extend(track, adjacent, reach, color, stops, links, out) -> None:
    if len(links) >= reach:
        return
    here = stops[-1]
    for there, link in adjacent.get(here, []):
        if there in stops:
            continue
        chain = [*stops, there]
        used = [*links, link_id(link)]
        if track.is_city(there) and track.city_color(there) == color:
            out.append({"city": stops[0], "color": color, "stops": chain, "links": used})
            continue  # a city of its colour ends the move
        _extend(track, adjacent, reach, color, chain, used, out)


def check_move(game: Game, sym: str, action: dict[str, Any]) -> Move:
    """The move an action describes, or :class:`GameError` naming the rule it breaks."""
    track = game.layer_state.track(game)
    origin = str(action.get("city"))
    color = str(action.get("color"))
    stops = [str(s) for s in action.get("stops") or []]
    ids = [str(i) for i in action.get("links") or []]
    if color not in game.layer_state.cubes.get(origin, []):
        raise GameError("goods", f"there is no {color} good in {origin}")
    if not stops or stops[0] != origin or len(stops) != len(ids) + 1 or not ids:
        raise GameError("goods", "a move lists its stops, the origin first, and one link between each two")
    level = game.corporations[sym].counters[LOCOMOTIVE]
    if len(ids) > level:
        raise GameError("locomotive", f"{sym}'s locomotive moves a good over at most {level} links")
    if len(set(stops)) != len(stops):
        raise GameError("no stop twice", "a good may not visit a stop twice")
    owners = []
    for k, ident in enumerate(ids):
        hex_id, _, index = ident.partition(":")
        placed = track.placed.get(hex_id)
        if placed is None or not index.isdigit() or int(index) >= len(placed.segments):
            raise GameError("goods", f"there is no track {ident}")
        link = track.route(hex_id, int(index))
        if not link.is_link or {link.start.hex, link.end.hex} != {stops[k], stops[k + 1]}:
            raise GameError("links", f"no complete link joins {stops[k]} and {stops[k + 1]} through {ident}")
        owners.append(link.owner)
    for middle in stops[1:-1]:
        if track.is_city(middle) and track.city_color(middle) == color:
            raise GameError("colour", f"a {color} good stops at {middle}, a {color} city")
    last = stops[-1]
    if not track.is_city(last) or track.city_color(last) != color:
        raise GameError("colour", f"a {color} good must end at a {color} city")
    return Move(origin, color, tuple(stops), tuple(owners))
