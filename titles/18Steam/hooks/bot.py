"""What the heuristic bot does in a goods-layer game (18Steam): the share phase, the
turn-order auction, special actions, building links, moving goods.

* **Share phase**: a player buys the president's certificate of a corporation when it
  has fewer than two presidencies and the money for it; otherwise treasury
  certificates of its own corporations (the money funds them), then certificates of
  the corporation with the best income per price; votes to offer treasury
  certificates when the corporation is short of money; sells only when forced.
* **Auction**: bids a little while turn order is cheap and the corporation has money.
* **Actions**: takes the most useful action free: a locomotive while it is low, the
  engineer or first build when it can afford to build, first move, urbanization,
  production, the turn-order pass.
* **Building**: scores each legal tile by what its new track would join — a complete
  link between two stops, more for goods it could then deliver — less its cost, and
  builds while something is worth more than it costs; a president tops up a
  corporation that cannot afford a tile.
* **Moving goods**: the move that earns the corporation most (its own links), then
  the longest; raises the locomotive when no move earns it anything.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from framework.bots.base import Choice, Options, to_action
from framework.engine.entities import POOL

from .state import INCOME, LOCOMOTIVE
from .track import Placed, Segment

if TYPE_CHECKING:
    from framework.engine.game import Game

PRIORITY = {
    "locomotive": 6,
    "engineer": 5,
    "first_build": 4,
    "first_move": 3,
    "urbanization": 2,
    "production": 1,
    "turn_order_pass": 0,
}


def act(game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    """The goods-layer decision for ``entity``, or ``None`` to let the general bot decide."""
    kinds = options[entity]
    for kind, handler in HANDLERS:
        if kind in kinds:
            action = handler(game, entity, options, rng)
            if action is not None:
                return action
    return None


# -- the share phase -----------------------------------------------------------------


def vote(game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any]:
    listed = options[player]["vote"]
    sym = listed[0]["corporation"]
    most = max(c["count"] for c in listed)
    want = most if game.corporations[sym].cash < 10 else min(1, most)
    return to_action(game, player, "vote", {"corporation": sym, "count": want})


def trade(game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[player]
    if player not in game.players_by_id:  # a corporation buying back its certificates
        return None
    buys = listed.get("buy_shares", [])
    presidencies = sum(1 for c in game.corporations.values() if c.president() == player)
    best: tuple[float, Choice] | None = None
    for choice in buys:
        sym = choice["shares"][0].rpartition("_")[0]
        corp = game.corporations[sym]
        share = next(s for s in corp.shares if s.id == choice["shares"][0])
        price = game.market.price(sym)
        if share.president:
            score = 50.0 - 30 * presidencies
        elif corp.president() == player:
            score = 30.0 if share.owner == sym else 12.0
        else:
            income = corp.counters.get(INCOME, 0)
            score = 8.0 + 10 * income / max(price, 1) if corp.counters else 0.0
        score += rng.random()
        if score > 5 and (best is None or score > best[0]):
            best = (score, choice)
    if best is not None:
        return to_action(game, player, "buy_shares", best[1])
    return None


# -- the turn-order auction and the actions ------------------------------------------


def bid(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    if game.corporations.get(sym) is None:
        return None
    kinds = options[sym]
    if "turn_order_pass" in kinds:
        return to_action(game, sym, "turn_order_pass", {})
    choice = kinds["bid"][0]
    if choice["price"] <= 2 and game.corporations[sym].cash >= 12 and rng.random() < 0.5:
        return to_action(game, sym, "bid", choice)
    return to_action(game, sym, "pass", {})


def select(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any]:
    corp = game.corporations[sym]
    spec = game.title.layer

    def worth(choice: Choice) -> float:
        effect = spec.actions[choice["action"]]
        score = PRIORITY[effect] + rng.random()
        if effect == "locomotive" and corp.counters[LOCOMOTIVE] >= 3:
            score -= 5
        if effect in ("engineer", "first_build") and corp.cash < 6:
            score -= 4
        return score

    return to_action(game, sym, "select_action", max(options[sym]["select_action"], key=worth))


# -- building ----------------------------------------------------------------------------


def build(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[sym]
    president = game.corporations[sym].president()
    gifts = options.get(president or "", {}).get("give_money", [])
    if gifts and game.corporations[sym].cash < 4 and game.players_by_id[president].cash >= 8:
        amount = min(10, game.players_by_id[president].cash - 4)
        return to_action(game, president, "give_money", gifts[0], amount)
    if "place_city" in listed:
        city = _urbanize(game, sym, listed["place_city"])
        if city is not None:
            return to_action(game, sym, "place_city", city)
    lays = listed.get("lay_tile", [])
    if not lays:
        return None
    track = game.layer_state.track(game)
    scored = []
    for choice in lays:
        plan = track.plan(sym, choice["hex"], choice["tile"], choice["rotation"])
        scored.append((_lay_value(game, track, sym, plan) - plan.cost / 2 + rng.random() / 10, choice))
    value, choice = max(scored, key=lambda item: item[0])
    return to_action(game, sym, "lay_tile", choice) if value > 0 else None


def _lay_value(game: Game, track, sym: str, plan) -> float:
    """What the plan's new track would join, placed for a moment and traced."""
    saved = track.placed.get(plan.hex)
    track.placed[plan.hex] = Placed(
        plan.tile, plan.rotation, plan.disc, [Segment(e, sym) for e in plan.segments]
    )
    try:
        value = 0.0
        for i in plan.added:
            route = track.route(plan.hex, i)
            if route.is_link:
                a, b = route.start.hex, route.end.hex
                value += 4 + 2 * (_deliverable(game, track, a, b) + _deliverable(game, track, b, a))
            elif route.start.is_stop or route.end.is_stop:
                loose = route.end if route.start.is_stop else route.start
                ahead = track.neighbour(loose.hex, loose.edge)
                distance = _to_city(track).get(ahead, 9) if ahead is not None else 9
                value += 1 + 4 / (1 + distance)
        return value
    finally:
        if saved is None:
            del track.placed[plan.hex]
        else:
            track.placed[plan.hex] = saved


_DISTANCES: dict[int, tuple[object, dict[str, int]]] = {}


def _to_city(track) -> dict[str, int]:
    """Hexes from each hex to the nearest printed city over land (per title)."""
    cached = _DISTANCES.get(id(track.title))
    if cached is not None and cached[0] is track.title:
        return cached[1]
    distance = {h: 0 for h in track.goods.cities}
    frontier = list(distance)
    while frontier:
        nxt = []
        for here in frontier:
            for edge in range(6):
                there = track.neighbour(here, edge)
                if there is not None and there not in distance and not track.is_water(there):
                    distance[there] = distance[here] + 1
                    nxt.append(there)
        frontier = nxt
    _DISTANCES[id(track.title)] = (track.title, distance)
    return distance


def _deliverable(game: Game, track, origin: str, target: str) -> int:
    if not track.is_city(target):
        return 0
    color = track.city_color(target)
    return sum(1 for c in game.layer_state.cubes.get(origin, []) if c == color)


def _urbanize(game: Game, sym: str, listed: list[Choice]) -> Choice | None:
    track = game.layer_state.track(game)
    mine = {h for h, p in track.placed.items() if any(s.owner == sym for s in p.segments)}
    near = [
        c for c in listed if c["hex"] in mine or any(track.neighbour(c["hex"], e) in mine for e in range(6))
    ]
    if not near:
        return None
    counts: dict[str, int] = {}
    for cubes in game.layer_state.cubes.values():
        for color in cubes:
            counts[color] = counts.get(color, 0) + 1
    return max(near, key=lambda c: counts.get(game.title.layer.new_cities[c["city"]].color, 0))


# -- moving goods -------------------------------------------------------------------------


def move(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[sym]
    moves = listed.get("move_goods", [])
    track = game.layer_state.track(game) if moves else None

    def earns(choice: Choice) -> tuple[int, int]:
        own = 0
        for ident in choice["links"]:
            hex_id, _, index = ident.partition(":")
            if track.route(hex_id, int(index)).owner == sym:
                own += 1
        return own, len(choice["links"])

    best = max(moves, key=earns, default=None)
    if best is not None and earns(best)[0] > 0:
        return to_action(game, sym, "move_goods", best)
    if "upgrade_locomotive" in listed:
        return to_action(game, sym, "upgrade_locomotive", {})
    if best is not None:
        return to_action(game, sym, "move_goods", best)
    return to_action(game, sym, "pass", {})


def place_cube(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any]:
    listed = options[sym]["place_cube"]
    return to_action(game, sym, "place_cube", rng.choice(listed))


def _forced_sale(game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    del rng
    if "pass" in options[player] or player not in game.players_by_id:
        return None
    sales = options[player].get("sell_shares", [])
    return to_action(game, player, "sell_shares", min(sales, key=lambda c: c["percent"])) if sales else None


def buy_back(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    if sym not in game.corporations:
        return None
    listed = options[sym]["buy_shares"]
    corp = game.corporations[sym]
    cheap = [c for c in listed if game.market.price(sym) <= 2 and corp.cash > 20 and corp.percent_of(POOL)]
    return to_action(game, sym, "buy_shares", cheap[0]) if cheap else None


HANDLERS = [
    ("vote", vote),
    ("sell_shares", _forced_sale),
    ("buy_shares", lambda g, e, o, r: trade(g, e, o, r) if e in g.players_by_id else buy_back(g, e, o, r)),
    ("turn_order_pass", bid),
    ("bid", bid),
    ("select_action", select),
    ("lay_tile", build),
    ("place_city", build),
    ("move_goods", move),
    ("upgrade_locomotive", move),
    ("place_cube", place_cube),
]
