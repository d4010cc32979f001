"""The goods layer's part of a position (its reports part's ``position``), as
``18xx replay --at`` shows it: the round in the game's words, each corporation's income,
earnings, locomotive and track, the special actions taken, the goods on the map, the
goods display and the bag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .state import INCOME, INCOME_START, LOCOMOTIVE

if TYPE_CHECKING:
    from framework.api import Game

ROUNDS = {
    "turn_order": "auction for turn order",
    "actions": "selecting actions",
    "build": "building track",
    "move": "moving goods",
    "income": "income",
    "growth": "goods growth",
}
"""The rounds of ``rounds.yaml`` in the words of the rules' phases."""


def position(game: Game) -> dict[str, Any]:
    """The goods layer's position (see the module)."""
    goods = game.layer_state
    track = goods.track(game)
    out: dict[str, Any] = {"round": round_words(game), "corporations": {}}
    for sym in [*goods.order, *(s for s in game.corporations if s not in goods.order)]:
        corp = game.corporations[sym]
        if corp.closed:
            continue
        if sym not in goods.order:
            out["corporations"][sym] = {"president": "none: not started"}
            continue
        c = corp.counters
        routes = [r for r in track.routes() if r.owner == sym]
        out["corporations"][sym] = {
            "income": c[INCOME],
            "earned this turn": c[INCOME] - c[INCOME_START],
            "locomotive": c[LOCOMOTIVE],
            "links": sum(r.is_link for r in routes),
            "incomplete track": sum(not r.is_link for r in routes),
        }
    out["turn order"] = ", ".join(goods.order) or "nobody operates yet"
    if goods.actions:
        out["actions taken"] = {name: sym for name, sym in goods.actions.items()}
    out["track"] = (
        f"{len(goods.placed)} tiles placed, {len(track.links())} links, "
        f"{sum(r.owner is None for r in track.routes())} unowned routes"
    )
    out["goods"] = goods_on_the_map(game)
    out["goods display"] = {
        column: " ".join(cube or "-" for cube in slots) for column, slots in goods.display.items()
    }
    out["goods bag"] = ", ".join(f"{color} {n}" for color, n in goods.bag.items() if n) or "empty"
    return out


def round_words(game: Game) -> str:
    """``building track``, ``moving goods (round 1 of 2)``, ``share phase (trade)``."""
    rnd = game.round
    if rnd is None:
        return "setup"
    if rnd.kind == "share_phase":
        return f"share phase ({str(rnd.stage).replace('_', ' ')})"
    words = ROUNDS.get(rnd.name, rnd.name.replace("_", " "))
    if rnd.name == "move":
        return f"{words} (round {rnd.round_no} of {game.title.layer.move_rounds})"
    return words


def goods_on_the_map(game: Game) -> dict[str, str]:
    """Each city on the map (the printed ones, then the new cities placed) with its cubes."""
    goods, spec = game.layer_state, game.title.layer
    names = {hex_id: f"{city.name} ({hex_id})" for hex_id, city in spec.cities.items()}
    names.update({hex_id: f"new city {letter} ({hex_id})" for hex_id, letter in goods.new_cities.items()})
    return {name: ", ".join(goods.cubes.get(hex_id, [])) or "none" for hex_id, name in names.items()}
