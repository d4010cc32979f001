"""What the heuristic bot does in a goods-layer game (18Steam): the share phase, the
turn-order auction, special actions, building links, moving goods.

A corporation earns by moving goods over its own links (each link a good uses
moves its owner one step up the income track, for the rest of the game) and pays
its locomotive and a dividend per certificate held outside its treasury every
turn. The bot plays for that economy:

* **Building** plans whole links. From every city, and from the loose end of
  incomplete track the corporation may still extend, a cheapest-path search over
  empty land (passing through towns, which splits the track into several links)
  finds the cheapest track to every other city within reach of its build actions
  and money. Each plan is worth the extra income the goods on the map (and, at a
  third, those on the growth display) could earn over it — a good's best earning
  move over the corporation's links with the plan, less without, with one
  locomotive level more at most (such moves count three quarters) — times the turns
  left to earn it, less the plan's cost and the income a shortfall it causes would
  cost. The corporation lays the first tile of the best plan and so on until it is
  finished, then plans again; it starts a plan it cannot finish this turn only when
  next turn's build actions can, so track is meant to stay incomplete for one turn
  at most. A president gives money for a plan worth at least twice the money
  missing, and covers what the corporation could not pay this turn (which would
  lower its income) when it has income to lose.
* **Moving goods**: the move that earns the corporation most (its own links); with
  none, a move that earns a corporation its president holds shares of; else
  nothing.
* **Locomotive**: raised when, with one level more, its four best moves would earn
  more than 2 over what they earn now (by the special action), or more than 2 and
  twice the move given up (instead of a move, in the first move round), before the
  last turn, and while its income and money carry the extra expense.
* **Actions**: the locomotive when it pays (see above), the engineer when the money
  for four tiles is there, first build with money to build, first move with a move
  that earns, urbanization next to its track (the new city of the colour most goods
  on the map have), production (its cubes go to the cities its links reach).
* **Auction**: drops out unless turn order is cheap and the corporation is rich.
* **Share phase**: each player starts one corporation (a second one later if rich);
  buys the 10% certificate whose expected return — dividends for the turns left
  while the corporation can pay them, a tenth of the final dividend, and its price
  (falling when the corporation cannot carry its expenses) — is highest and at least
  a fifth over its price, preferring its own corporations' treasury when they need money
  and only while the corporation can carry one more dividend; sells certificates
  of a corporation that cannot carry its expenses and whose expected return is
  below its price; votes to offer as many treasury certificates as the corporation
  can carry (one at least when it is nearly out of money). A corporation buys back
  certificates from the bank when it has money to spare (see :func:`buy_back`).

Every decision is a function of the position and the seeded random generator (used
only to break ties), so the same seed plays the same game.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.api import Choice, LayerBot, Options, opposite, to_action

from .moves import link_id, links_by_stop
from .state import INCOME, LOCOMOTIVE
from .track import TOWN, TrackMap

if TYPE_CHECKING:
    from framework.api import Game

MAX_LEVEL = 4
"""The highest locomotive the bot raises to: longer moves are rare on this map."""
MAX_HOPS = 3
"""Links in one planned stretch of track (towns passed split it)."""
MAX_TILES = 6
"""Tiles in one plan."""


def act(game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    """The goods-layer decision for ``entity``, or ``None`` to let the general bot decide."""
    kinds = options[entity]
    for kind, handler in HANDLERS:
        if kind in kinds:
            action = handler(game, entity, options, rng)
            if action is not None:
                return action
    return None


# -- a corporation's economy -------------------------------------------------------


def turns_left(game: Game) -> int:
    """Income phases still to come, this turn's included."""
    last = game.title.game_end.turns.get(len(game.humans), game.turn)
    return max(0, last - game.turn + 1)


def expenses(game: Game, sym: str, extra_shares: int = 0, extra_level: int = 0) -> int:
    """What ``sym`` pays every turn: its locomotive and a dividend per 10% held outside."""
    spec = game.title.layer
    corp = game.corporations[sym]
    outside = sum(p for h, p in corp.holders().items() if h != sym) + 10 * extra_shares
    level = corp.counters.get(LOCOMOTIVE, 0) + extra_level
    return level * spec.expenses_per_locomotive + spec.dividend_per_share * outside // 10


def growth(game: Game, sym: str) -> float:
    """Income a turn the corporation can expect to add: its two best moves now, or
    one a turn when it has the money for a link."""
    corp = game.corporations[sym]
    now = sum(best_earnings(game, sym, corp.counters.get(LOCOMOTIVE, 1))[:2])
    return max(float(now), 1.0 if corp.cash >= 6 else 0.0)


def shortfall(game: Game, sym: str, spend: int = 0) -> int:
    """What ``sym`` would leave unpaid this turn (lowering its income) after spending
    ``spend``: expenses less its money and income (and the best move it has now)."""
    corp = game.corporations[sym]
    due = expenses(game, sym)
    coming = corp.counters.get(INCOME, 0) + sum(best_earnings(game, sym, corp.counters[LOCOMOTIVE])[:1])
    return max(0, due - coming - (corp.cash - spend))


def carries(game: Game, sym: str, extra_shares: int = 0, extra_level: int = 0) -> bool:
    """Whether income (now, and growing) and money cover the expenses over the turns left."""
    corp = game.corporations[sym]
    rest = max(1, turns_left(game))
    income = corp.counters.get(INCOME, 0) + growth(game, sym) * (rest - 1) / 2
    return expenses(game, sym, extra_shares, extra_level) <= income + corp.cash / rest


_MEMO: dict[str, Any] = {"position": None}


def _memo(game: Game, key: tuple, compute):
    """``compute()``, remembered until the game takes its next action (the position is
    the same until then); holds one game at a time."""
    position = (game, game.actions_processed)
    if _MEMO["position"] is None or _MEMO["position"][0] is not game or _MEMO["position"][1] != position[1]:
        _MEMO.clear()
        _MEMO["position"] = position
    if key not in _MEMO:
        _MEMO[key] = compute()
    return _MEMO[key]


def _adjacent(game: Game):
    return _memo(game, ("adjacent",), lambda: links_by_stop(game.layer_state.track(game)))


def best_earnings(game: Game, sym: str, level: int) -> list[int]:
    """The most ``sym`` earns moving each good on the map (one entry per cube, best
    first) with a locomotive of ``level``; goods it cannot earn on are left out."""
    return _memo(game, ("earnings", sym, level), lambda: _earnings(game, sym, level))


def _earnings(game: Game, sym: str, level: int) -> list[int]:
    track = game.layer_state.track(game)
    adjacent = _adjacent(game)
    out = []
    for origin, cubes in game.layer_state.cubes.items():
        for color in set(cubes):
            best = _best_move(track, adjacent, sym, level, color, [origin], 0)
            if best > 0:
                out += [best] * cubes.count(color)
    return sorted(out, reverse=True)


def _best_move(track, adjacent, sym, level, color, stops, own) -> int:
    if len(stops) > level:
        return 0
    best = 0
    for there, link in adjacent.get(stops[-1], []):
        if there in stops:
            continue
        earned = own + (link.owner == sym)
        if track.is_city(there) and track.city_color(there) == color:
            best = max(best, earned)
            continue
        best = max(best, _best_move(track, adjacent, sym, level, color, [*stops, there], earned))
    return best


# -- the share phase -----------------------------------------------------------------


def vote(game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any]:
    """Offer as many treasury certificates as the corporation can carry."""
    listed = options[player]["vote"]
    sym = listed[0]["corporation"]
    most = max(c["count"] for c in listed)
    want = 0
    while want < most and carries(game, sym, extra_shares=want + 1):
        want += 1
    if game.corporations[sym].cash < 6:
        want = max(want, min(1, most))
    return to_action(game, player, "vote", {"corporation": sym, "count": want})


def share_return(game: Game, sym: str) -> float:
    """What a 10% certificate of ``sym`` is expected to bring over its price, per unit
    of price: dividends while it can pay them, a tenth of the final dividend, its price."""
    corp = game.corporations[sym]
    price = max(game.market.price(sym), 1)
    rest = turns_left(game)
    income = corp.counters.get(INCOME, 0)
    gain = growth(game, sym)
    cost = expenses(game, sym, extra_shares=1)
    paid = 0.0
    cash = corp.cash + price
    for turn in range(rest):
        cash += income + gain * turn - cost
        paid += 1 if cash >= 0 else 0
    final = (3 * (income + gain * (rest - 1)) + max(cash, 0)) / 10
    end = price if carries(game, sym) else max(1.0, price - 1.5 * (rest - 1))
    return (paid + final + end) / price - 1


def trade(game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[player]
    sale = _sale(game, player, listed.get("sell_shares", []))
    if sale is not None:
        return to_action(game, player, "sell_shares", sale)
    presidencies = sum(1 for c in game.corporations.values() if c.president() == player)
    cash = game.players_by_id[player].cash
    best: tuple[float, Choice] | None = None
    for choice in listed.get("buy_shares", []):
        sym = choice["shares"][0].rpartition("_")[0]
        corp = game.corporations[sym]
        share = next(s for s in corp.shares if s.id == choice["shares"][0])
        price = game.market.price(sym)
        if share.president:
            second = presidencies == 1 and cash >= 2 * price + 8 and turns_left(game) >= 5
            if presidencies and not second:
                continue
            score = 10.0 if presidencies == 0 else 1.0
        else:
            if not carries(game, sym, extra_shares=1):
                continue
            score = share_return(game, sym)
            if share.owner == sym and corp.president() == player:
                score += 0.5 if corp.cash < 12 else 0.2
            if score < 0.2:
                continue
        score += rng.random() / 100
        if best is None or score > best[0]:
            best = (score, choice)
    if best is not None:
        return to_action(game, player, "buy_shares", best[1])
    return None


def _sale(game: Game, player: str, sales: list[Choice]) -> Choice | None:
    """The certificates of one corporation whose outlook is poor, one at a time."""
    for choice in sales:
        if len(choice["shares"]) != 1:
            continue
        sym = choice["shares"][0].rpartition("_")[0]
        if game.market.price(sym) < 2 or turns_left(game) < 2:
            continue
        if not carries(game, sym) and share_return(game, sym) < 0:
            return choice
    return None


def shares(game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    """A player's trade (a forced sale: the smallest), or a corporation's buy-back."""
    if entity not in game.players_by_id:
        return buy_back(game, entity, options, rng) if "buy_shares" in options[entity] else None
    if "pass" not in options[entity] and options[entity].get("sell_shares"):
        return to_action(
            game, entity, "sell_shares", min(options[entity]["sell_shares"], key=lambda c: c["percent"])
        )
    return trade(game, entity, options, rng)


def buy_back(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    """Certificates from the bank, before the last turn, when the corporation has ten
    more than this turn's expenses need: it pays no dividend on them, and the purchase
    raises its price."""
    if sym not in game.corporations:
        return None
    corp = game.corporations[sym]
    price = game.market.price(sym)
    spare = corp.cash - 10 - max(0, expenses(game, sym) - corp.counters.get(INCOME, 0))
    fitting = [c for c in options[sym]["buy_shares"] if price * c["percent"] // 10 <= spare]
    if fitting and turns_left(game) >= 2:
        return to_action(game, sym, "buy_shares", fitting[0])
    return None


# -- the turn-order auction and the actions ------------------------------------------


def bid(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    if game.corporations.get(sym) is None:
        return None
    kinds = options[sym]
    if "turn_order_pass" in kinds:
        return to_action(game, sym, "turn_order_pass", {})
    choice = kinds["bid"][0] if kinds.get("bid") else None
    if choice and choice["price"] <= 2 and game.corporations[sym].cash >= 20 and rng.random() < 0.5:
        return to_action(game, sym, "bid", choice)
    return to_action(game, sym, "pass", {})


def select(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any]:
    corp = game.corporations[sym]
    spec = game.title.layer
    level = corp.counters[LOCOMOTIVE]
    earnings = best_earnings(game, sym, level)
    now = sum(earnings[:2])
    up = sum(best_earnings(game, sym, level + 1)[:4]) if level < MAX_LEVEL else 0
    raise_pays = up - sum(earnings[:4]) > 2 and turns_left(game) >= 2 and carries(game, sym, extra_level=1)
    worth = {
        "locomotive": 7.0 if raise_pays else -1.0,
        "engineer": 5.0 if corp.cash >= 10 else 0.5,
        "first_build": 4.0 if corp.cash >= 6 else 0.3,
        "first_move": 3.5 if now > 0 else 0.2,
        "urbanization": 3.0 if _urbanize(game, sym, _town_choices(game)) is not None else 0.1,
        "production": 1.0,
        "turn_order_pass": 0.0,
    }

    def score(choice: Choice) -> float:
        return worth.get(spec.actions[choice["action"]], 0.0) + rng.random() / 10

    return to_action(game, sym, "select_action", max(options[sym]["select_action"], key=score))


# -- building ----------------------------------------------------------------------------


@dataclass
class Step:
    """One tile of a plan: a segment from side ``entry`` to side ``exit`` of ``hex``."""

    hex: str
    entry: int
    exit: int
    town: bool = False
    """A town passed: a simple tile with a town disc, its track ending at the town."""


@dataclass
class Plan:
    """Track to build: its tiles in order from ``origin``, what they cost, and what the
    bot expects them to be worth (:func:`plan_links`)."""

    origin: str
    stops: list[str]
    """The stops the new track joins, from the start of the track (a city, or the stop
    incomplete track starts from) to the end."""
    steps: list[Step]
    cost: int
    value: float = 0.0


_BUILDING: dict[str, Any] = {}
"""The plan being built: ``game``, ``key`` (the turn and the corporation) and the
``steps`` still to lay; its next tile is laid without planning again while it is listed."""


def build(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[sym]
    if "place_city" in listed:
        city = _urbanize(game, sym, listed["place_city"])
        if city is not None:
            return to_action(game, sym, "place_city", city)
    lays = listed.get("lay_tile", [])
    if not lays:
        return None
    corp = game.corporations[sym]
    track = game.layer_state.track(game)
    by_hex: dict[str, list[Choice]] = {}
    for choice in lays:
        by_hex.setdefault(choice["hex"], []).append(choice)
    going = _BUILDING
    if going.get("game") is game and going.get("key") == (game.turn, sym) and going["steps"]:
        choice = _lay_for(game, track, going["steps"][0], by_hex)  # listed: affordable
        if choice is not None:
            going["steps"] = going["steps"][1:]
            return to_action(game, sym, "lay_tile", choice)
    rnd = game.round
    left = rnd.allowance(sym) - rnd.used
    president = corp.president()
    gift_money = game.players_by_id[president].cash if president in game.players_by_id else 0
    plans = plan_links(game, track, sym, left, corp.cash + gift_money)
    short = shortfall(game, sym)
    for plan in plans:
        choice = _lay_for(game, track, plan.steps[0], by_hex)
        if choice is None:
            continue
        if plan.value - (shortfall(game, sym, min(plan.cost, corp.cash)) - short) * turns_left(game) <= 0:
            continue
        if plan.cost > corp.cash:
            gifts = options.get(president or "", {}).get("give_money", [])
            missing = plan.cost - corp.cash
            if not gifts or plan.value < 2 * missing:
                continue
            return to_action(game, president, "give_money", gifts[0], missing)
        _BUILDING.update(game=game, key=(game.turn, sym), steps=plan.steps[1:])
        return to_action(game, sym, "lay_tile", choice)
    _BUILDING.clear()
    return None


def _lay_for(game: Game, track: TrackMap, step: Step, by_hex: dict[str, list[Choice]]) -> Choice | None:
    """The listed lay that builds exactly ``step`` (one tile does: the simple tile of
    its angle, with a town disc on a town), or ``None`` when it is not listed."""
    if step.town:
        want = {frozenset((step.entry, TOWN)), frozenset((step.exit, TOWN))}
    else:
        want = {frozenset((step.entry, step.exit))}
    town = track.is_town(step.hex)
    for choice in by_hex.get(step.hex, []):
        kind = game.title.layer.tiles[choice["tile"]]
        disc = town and kind != "town"
        shape = track.info.segments(choice["tile"], choice["rotation"], disc)
        if {frozenset(s) for s in shape} == want:
            return choice
    return None


def plan_links(game: Game, track: TrackMap, sym: str, actions: int, money: int) -> list[Plan]:
    """Plans worth building, best first (see the module): track from a city or from the
    loose end of incomplete track to another city, over empty hexes."""
    rest = turns_left(game)
    horizon = actions + (game.title.layer.build.actions if rest > 1 else 0)
    limit = min(MAX_TILES, horizon)
    level = game.corporations[sym].counters[LOCOMOTIVE]
    reach = min(MAX_LEVEL, level + 1)
    adjacent = _adjacent(game)
    goods: dict[str, dict[str, float]] = {}
    for origin, color, weight in _goods(game):
        goods.setdefault(origin, {})[color] = goods.get(origin, {}).get(color, 0.0) + weight
    now = {
        (origin, color): _best_with(track, adjacent, {}, sym, reach, color, [origin], 0, level)
        for origin, colors in goods.items()
        for color in colors
    }
    near = {stop: [(there, link.owner == sym) for there, link in links] for stop, links in adjacent.items()}
    terrain = {h: sum(hx.terrain.values()) for h, hx in track.title.map.hexes.items()}
    plans: list[Plan] = []
    for origin, starts in _sources(track, sym).items():
        for plan in _search(track, terrain, origin, starts, limit, money):
            tiles = len(plan.steps)
            value = _plan_value(game, track, near, sym, plan, level, reach, now, goods)
            delay = 0 if tiles <= actions else 1
            turns = rest - delay
            if turns <= 0 or value <= 0:
                continue
            plan.value = value * turns * (1.0 if delay == 0 else 0.8) - plan.cost
            if plan.value > 0:
                plans.append(plan)
    plans.sort(key=lambda p: (-p.value, p.cost, p.steps[0].hex))
    return plans


def _sources(track: TrackMap, sym: str) -> dict[str, list[tuple[str, int]]]:
    """Where new track may start, by the stop it would start from: next to any city,
    and at the loose end of incomplete track ``sym`` owns or nobody owns that starts at
    a stop — ``stop → [(empty hex, the side it is entered by)]``."""
    out: dict[str, list[tuple[str, int]]] = {}
    for city in [*track.goods.cities, *track.new_cities]:
        for edge in range(6):
            there = track.neighbour(city, edge)
            if _empty(track, there):
                out.setdefault(city, []).append((there, opposite(edge)))
    for route in track.routes():
        if route.is_link or route.owner not in (sym, None):
            continue
        ends = [route.start, route.end]
        stop = [s for s in ends if s.is_stop]
        loose = [s for s in ends if s.kind == "loose"]
        if len(stop) != 1 or len(loose) != 1:
            continue
        there = track.neighbour(loose[0].hex, loose[0].edge)
        if _empty(track, there):
            out.setdefault(stop[0].hex, []).insert(0, (there, opposite(loose[0].edge)))
    return out


def _empty(track: TrackMap, hex_id: str | None) -> bool:
    return (
        hex_id is not None
        and hex_id not in track.placed
        and not track.is_water(hex_id)
        and not track.is_city(hex_id)
    )


def _search(track: TrackMap, terrain, origin, starts, limit, money) -> list[Plan]:
    """The cheapest track from ``origin`` — its first tile in one of the ``starts``
    (hex, the side it is entered by) — to each other city."""
    costs = track.goods.build.costs
    sharp_left = track.tiles_left("sharp") > 0
    discs = track.discs_left() > 0
    found: dict[str, Plan] = {}
    seen: set[str] = set()
    queue = [(0, i, start, entry, (), (origin,)) for i, (start, entry) in enumerate(starts)]
    counter = len(queue)
    while queue:
        cost, _, here, came, steps, passed = heapq.heappop(queue)
        if here in seen:
            continue
        seen.add(here)
        town = track.is_town(here)
        if town and (not discs or len(passed) >= MAX_HOPS):
            continue
        step_cost = costs.town_base + 2 * costs.town_per_exit if town else costs.new["simple"] + terrain[here]
        total = cost + step_cost
        if total > money or len(steps) + 1 > limit:
            continue
        for edge in sorted(track.info.open_edges[here]):
            if edge == came or ((edge - came) % 6 in (1, 5) and not sharp_left):
                continue
            there = track.neighbour(here, edge)
            path = (*steps, Step(here, came, edge, town))
            through = (*passed, here) if town else passed
            if track.is_city(there):
                if there in through or there == origin:
                    continue
                best = found.get(there)
                if best is None or total < best.cost:
                    found[there] = Plan(origin, [*through, there], list(path), total)
            elif _empty(track, there) and there not in seen and all(s.hex != there for s in path):
                counter += 1
                heapq.heappush(queue, (total, counter, there, opposite(edge), path, through))
    return list(found.values())


def _plan_value(game, track, near, sym, plan: Plan, level, reach, now, goods) -> float:
    """Income the plan adds: for each good (on a city, or waiting on the display at a
    third), its best earning move with the plan's links — over them alone, or with one
    more link at either end — less its best now; a move needing a higher locomotive
    counts three quarters."""
    stops = plan.stops
    hops = len(stops) - 1
    best: dict[tuple[str, str], float] = {}
    for a, b in ((stops[0], stops[-1]), (stops[-1], stops[0])):
        starts = [(a, 0, 0), *((x, 1, own) for x, own in near.get(a, []) if x not in stops)]
        ends = [(b, 0, 0), *((y, 1, own) for y, own in near.get(b, []) if y not in stops)]
        for x, h1, o1 in starts:
            if x not in goods:
                continue
            for y, h2, o2 in ends:
                total = h1 + hops + h2
                if y == x or total > reach or not track.is_city(y):
                    continue
                color = track.city_color(y)
                if (h1 and _is_color(track, a, color)) or (h2 and _is_color(track, b, color)):
                    continue
                earned = (o1 + hops + o2) * (1.0 if total <= level else 0.75)
                if earned > best.get((x, color), 0.0):
                    best[x, color] = earned
    gains = []
    for (x, color), earned in best.items():
        weight = goods[x].get(color, 0.0)
        gain = earned - now.get((x, color), 0.0)
        if gain > 0 and weight:
            gains.append((gain, weight))
    gains.sort(reverse=True)
    value, room = 0.0, 2.0 * max(1, turns_left(game))
    for gain, weight in gains:
        value += gain * min(weight, room)
        room -= weight
        if room <= 0:
            break
    return value


def _is_color(track: TrackMap, hex_id: str, color: str) -> bool:
    return track.is_city(hex_id) and track.city_color(hex_id) == color


def _goods(game: Game):
    """Every good on a city (weight 1), and those on the display columns of cities on
    the map (weight 1/3): ``(city hex, colour, weight)``."""
    for origin, cubes in game.layer_state.cubes.items():
        for color in cubes:
            yield origin, color, 1.0
    placed = {letter: hex_id for hex_id, letter in game.layer_state.new_cities.items()}
    for column, slots in game.layer_state.display.items():
        hex_id = column if column in game.title.layer.cities else placed.get(column)
        if hex_id is None:
            continue
        for color in slots:
            if color is not None:
                yield hex_id, color, 1 / 3


def _best_with(track, adjacent, extra, sym, reach, color, stops, own, level) -> float:
    """Like :func:`_best_move` over the links and the planned ones (``extra``, own);
    moves longer than the locomotive ``level`` count three quarters."""
    if len(stops) > reach:
        return 0.0
    here = stops[-1]
    options = [(there, link.owner == sym) for there, link in adjacent.get(here, [])]
    options += [(there, True) for there in extra.get(here, [])]
    best = 0.0
    for there, mine in options:
        if there in stops:
            continue
        earned = own + mine
        if track.is_city(there) and track.city_color(there) == color:
            hops = len(stops)
            best = max(best, earned * (1.0 if hops <= level else 0.75))
            continue
        best = max(
            best, _best_with(track, adjacent, extra, sym, reach, color, [*stops, there], earned, level)
        )
    return best


# -- urbanization and production -------------------------------------------------------


def _town_choices(game: Game) -> list[Choice]:
    from .build import urbanize_choices

    return urbanize_choices(game)


def _urbanize(game: Game, sym: str, listed: list[Choice]) -> Choice | None:
    """A new city on a town the corporation's track reaches (or passes next to), of the
    colour most goods on the cities its links reach could be brought to."""
    track = game.layer_state.track(game)
    mine = {h for h, p in track.placed.items() if any(s.owner == sym for s in p.segments)}
    if not mine:
        return None
    near = [
        c for c in listed if c["hex"] in mine or any(track.neighbour(c["hex"], e) in mine for e in range(6))
    ]
    if not near:
        return None
    counts: dict[str, int] = {}
    for cubes in game.layer_state.cubes.values():
        for color in cubes:
            counts[color] = counts.get(color, 0) + 1
    spec = game.title.layer
    return max(near, key=lambda c: (counts.get(spec.new_cities[c["city"]].color, 0), c["hex"], c["city"]))


def place_cube(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any]:
    """On the column of a city the corporation's links reach, else at random."""
    listed = options[sym]["place_cube"]
    track = game.layer_state.track(game)
    reached = {s.hex for r in track.links() if r.owner == sym for s in (r.start, r.end)}
    placed = {letter: hex_id for hex_id, letter in game.layer_state.new_cities.items()}
    ours = [
        c
        for c in listed
        if (c["city"] if c["city"] in track.goods.cities else placed.get(c["city"])) in reached
    ]
    return to_action(game, sym, "place_cube", rng.choice(ours or listed))


# -- moving goods -------------------------------------------------------------------------


def move(game: Game, sym: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
    listed = options[sym]
    moves = listed.get("move_goods", [])
    corp = game.corporations[sym]
    level = corp.counters[LOCOMOTIVE]
    track = game.layer_state.track(game)
    owners = {link_id(r): r.owner for r in track.links()}
    president = corp.president()

    def earns(choice: Choice) -> tuple[int, int, int]:
        mine = sum(owners.get(i) == sym for i in choice["links"])
        friends = sum(
            1
            for i in choice["links"]
            if owners.get(i) in game.corporations and game.corporations[owners[i]].percent_of(president or "")
        )
        return mine, friends, -len(choice["links"])

    gifts = options.get(president or "", {}).get("give_money", [])
    short = shortfall(game, sym)
    if gifts and short and corp.counters[INCOME] > 0 and game.round.round_no >= game.title.layer.move_rounds:
        return to_action(game, president, "give_money", gifts[0], short)
    best = max(moves, key=lambda c: (*earns(c), c["city"], c["color"]), default=None)
    mine = earns(best)[0] if best is not None else 0
    if "upgrade_locomotive" in listed and level < MAX_LEVEL and _raise_now(game, sym, level, mine, track):
        return to_action(game, sym, "upgrade_locomotive", {})
    if best is not None and (mine > 0 or earns(best)[1] > 0):
        return to_action(game, sym, "move_goods", best)
    return to_action(game, sym, "pass", {})


def _raise_now(game: Game, sym: str, level: int, mine: int, track: TrackMap) -> bool:
    """Raise instead of moving: the next four moves would earn more than 2 + twice
    what this move earns (the extra expense a turn, and the move given up), before
    the last turn, and the expense is carried."""
    if game.round.round_no >= game.title.layer.move_rounds or turns_left(game) < 2:
        return False  # no move left this turn to use the higher level, or no turn to earn it back
    up = sum(best_earnings(game, sym, level + 1)[:4])
    now = sum(best_earnings(game, sym, level)[:4])
    return up - now > 2 + 2 * mine and carries(game, sym, extra_level=1)


HANDLERS = [
    ("vote", vote),
    ("sell_shares", shares),
    ("buy_shares", shares),
    ("turn_order_pass", bid),
    ("bid", bid),
    ("select_action", select),
    ("lay_tile", build),
    ("place_city", build),
    ("move_goods", move),
    ("upgrade_locomotive", move),
    ("place_cube", place_cube),
]


class GoodsBot(LayerBot):
    """The heuristic bot in a goods-layer game: every decision of its rounds and of the
    share phase (:func:`act`)."""

    @staticmethod
    def act(game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        return act(game, entity, options, rng)
