"""Building in the goods layer: laying and replacing tiles, urbanization, and what
happens to incomplete track (reference §3.4).

:func:`build_choices` lists every tile an operator may lay now — on an empty hex
next to a city or to the loose end of track it may extend, or over a tile it
may add to — that it can pay for; :func:`lay` checks and carries out one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.api import BANK, GameError, opposite, pay

from .track import TrackMap, exits

if TYPE_CHECKING:
    from framework.api import Game


def lay(game: Game, sym: str, hex_id: str, tile: str, rotation: int) -> None:
    track = game.layer_state.track(game)
    plan = track.plan(sym, hex_id, tile, rotation)
    cash = game.corporations[sym].cash
    if plan.cost > cash:
        raise GameError("money", f"{sym} has {cash}, and the tile in {hex_id} costs {plan.cost}")
    track.apply(sym, plan, game.turn)
    pay(game, sym, BANK, plan.cost)
    what = "replaces the tile" if plan.old is not None else "lays"
    game.log(f"{sym} {what} {tile} in {hex_id} for {plan.cost}")


def anchors(track: TrackMap, sym: str) -> dict[str, set[int]]:
    """Empty buildable hexes and the sides through which new track could connect there:
    sides facing a city, or the loose end of track ``sym`` owns or nobody owns."""
    out: dict[str, set[int]] = {}
    for hex_id in track.title.map.hexes:
        if hex_id in track.placed or track.is_water(hex_id) or track.is_city(hex_id):
            continue
        for edge in range(6):
            there = track.neighbour(hex_id, edge)
            if there is None:
                continue
            if track.is_city(there):
                out.setdefault(hex_id, set()).add(edge)
                continue
            seg = track.segment_at(there, opposite(edge))
            if seg is not None and track.placed[there].segments[seg].owner in (sym, None):
                out.setdefault(hex_id, set()).add(edge)
    return out


def build_choices(game: Game, sym: str, exclude: set[str] = frozenset()) -> list[dict[str, Any]]:  # type: ignore[assignment]
    track = game.layer_state.track(game)
    cash = game.corporations[sym].cash
    names = [n for n in game.title.layer.tiles if track.tiles_left(n) > 0]
    out = []
    candidates = anchors(track, sym)
    for hex_id in sorted(track.placed):
        if any(s.owner in (sym, None) for s in track.placed[hex_id].segments) or _touches_own(
            track, sym, hex_id
        ):
            candidates.setdefault(hex_id, set(range(6)))
    for hex_id in sorted(candidates):
        if hex_id in exclude:
            continue
        town = track.is_town(hex_id)
        usable = track.info.open_edges[hex_id]
        old = track.placed.get(hex_id)
        kept = {frozenset(s.ends) for s in old.segments} if old is not None else set()
        for name in names:
            kind = game.title.layer.tiles[name]
            if kind == "town" and not town:
                continue
            for rotation in track.info.rotations(name):
                shape = track.info.segments(name, rotation, town and kind != "town")
                ends = exits(shape)  # type: ignore[arg-type]
                if not ends <= usable or not ends & candidates[hex_id]:
                    continue
                if old is not None and not _may_replace(kept, shape):
                    continue
                try:
                    plan = track.plan(sym, hex_id, name, rotation)
                except GameError:
                    continue
                if plan.cost <= cash:
                    out.append({"hex": hex_id, "tile": name, "rotation": rotation})
    return out


def _may_replace(kept: set[frozenset], shape) -> bool:
    """A replacement keeps the old track and adds to it; a redirect keeps all but one
    segment and has as many."""
    new = {frozenset(x) for x in shape}
    if kept <= new:
        return len(new) > len(kept)
    return len(new) == len(kept) and len(kept - new) == 1


def _touches_own(track: TrackMap, sym: str, hex_id: str) -> bool:
    for edge in range(6):
        there = track.neighbour(hex_id, edge)
        if there is None:
            continue
        seg = track.segment_at(there, opposite(edge))
        if seg is not None and track.placed[there].segments[seg].owner == sym:
            return True
    return False


def urbanize_choices(game: Game) -> list[dict[str, Any]]:
    track = game.layer_state.track(game)
    letters = [c for c in game.title.layer.new_cities if c not in game.layer_state.new_cities.values()]
    towns = [h for h, hx in game.title.map.hexes.items() if hx.towns and track.is_town(h)]
    return [{"hex": h, "city": c} for h in sorted(towns) for c in letters]


def urbanize(game: Game, sym: str, hex_id: str, letter: str) -> None:
    """A new city on a town (reference §3.4): the tile there goes (its disc too), track
    that ended at the town, or faced the bare town with a loose end, now ends at the city
    (so incomplete track may become a link), and unowned track reaching the city, complete
    or not, becomes ``sym``'s while its ownership markers last (links first). Track it
    takes over counts as built this turn: incomplete track must be extended in ``sym``'s
    next build turn."""
    if {"hex": hex_id, "city": letter} not in urbanize_choices(game):
        raise GameError("urbanization", f"new city {letter} cannot go in {hex_id}")
    goods = game.layer_state
    goods.placed.pop(hex_id, None)
    goods.new_cities[hex_id] = letter
    goods.cubes.setdefault(hex_id, [])
    game.log(f"{sym} places new city {letter} in {hex_id}")
    track = goods.track(game)
    reaching = [
        route
        for route in track.routes()
        if route.owner is None and any(s.kind == "city" and s.hex == hex_id for s in (route.start, route.end))
    ]
    reaching.sort(key=lambda r: (not r.is_link, r.text()))
    left = track.markers_left(sym)
    for route in reaching:
        if left is not None and left <= 0:
            game.log(f"{sym} has no ownership marker left for the unowned track {route.text()}")
            continue
        track.set_owner(route, sym, game.turn)
        left = None if left is None else left - 1
        game.log(f"{sym} takes over the unowned track {route.text()}")


def drop_stale_track(game: Game, sym: str) -> None:
    """At the end of ``sym``'s build turn: its incomplete track not extended this turn
    loses its owner."""
    track = game.layer_state.track(game)
    for route in track.routes():
        if route.owner != sym or route.is_link:
            continue
        if all(track.placed[h].segments[i].turn < game.turn for h, i in route.segments):
            track.set_owner(route, None)
            game.log(f"{sym} loses its unfinished track {route.text()}")
