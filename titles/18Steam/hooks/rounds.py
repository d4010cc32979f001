"""The goods layer's rounds: the operators' game turn after the share phase.

* :class:`TurnOrderAuction` — bidding for turn order (reference §3.2);
* :class:`SelectActions` — each operator takes one special action (§3.3);
* :class:`BuildTrack` — building track and urbanizing (§3.4);
* :class:`MoveGoods` — moving goods, or raising the locomotive (§3.5);
* :class:`Income` — income, expenses and dividends (and elimination), income
  reduction, the profitability ranking, and in the last turn the final dividend (§3.6–3.8, 18Steam);
* :class:`GoodsGrowth` — production and the growth dice (§3.9).

They are ``custom`` rounds of the title (``rounds.yaml``), each started by a hook of
this package (``__init__.py``).

Each round lists its legal actions (:meth:`choices`) and checks every action it is
given, naming the rule an illegal one breaks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from framework.api import BANK, POOL, GameError, Round, entity_of, gift_choices, move_share, pay

from .moves import check_move, move_choices
from .state import INCOME, INCOME_START, LOCOMOTIVE, draw

if TYPE_CHECKING:
    from framework.api import Game

Choices = dict[str, dict[str, list[dict[str, Any]]]]


def counters(game: Game, sym: str) -> dict[str, int]:
    return game.corporations[sym].counters


class OperatorRound(Round):
    """Operators act one after another in an order the round sets."""

    kind = "custom"
    STATE = ("entities", "index")

    def current_entity(self) -> str | None:
        return self.entities[self.index] if self.index < len(self.entities) else None

    def entity(self) -> str | None:
        return self.current_entity()

    def finished(self) -> bool:
        return self.index >= len(self.entities)

    def choices(self) -> Choices:
        entity = self.current_entity()
        if entity is None:
            return {}
        listed = {k: v for k, v in self.options(entity).items() if v}
        president = self.game.corporations[entity].president()
        out: Choices = {entity: listed}
        gifts = gift_choices(self.game, president) if president in self.game.players_by_id else []
        if gifts:
            out[president] = {"give_money": [g for g in gifts if g["corporation"] == entity]}
        return out

    def options(self, entity: str) -> dict[str, list[dict[str, Any]]]:
        raise NotImplementedError

    def process(self, action: dict[str, Any]) -> None:
        entity = entity_of(action)
        current = self.current_entity()
        if entity != current:
            raise GameError("turn order", f"it is {current}'s turn, not {self.game.name(entity)}'s")
        handler = getattr(self, f"do_{action['type']}", None)
        if handler is None:
            raise GameError(
                self.name.replace("_", " "), f"{action['type'].replace('_', ' ')} is not possible now"
            )
        handler(entity, action)

    def advance(self) -> None:
        self.index += 1


# -- turn order ---------------------------------------------------------------------


class TurnOrderAuction(OperatorRound):
    """Bid for turn order: bid more than the best bid or drop out; the first to drop
    out goes last. The last place pays nothing, the first two their bid, the others
    half their bid rounded up."""

    STATE = ("entities", "index", "bids", "out", "high", "passed_once")

    def start(self) -> None:
        game = self.game
        self.entities = list(game.layer_state.order)
        self.index = 0
        self.bids: dict[str, int] = {}
        self.out: list[str] = []
        """Operators that dropped out, first first."""
        self.high: str | None = None
        self.passed_once: list[str] = []
        if len(self.entities) <= 1:
            self._settle()

    def bidders(self) -> list[str]:
        return [e for e in self.entities if e not in self.out]

    def finished(self) -> bool:
        return len(self.bidders()) <= 1 and self.index == -1

    def current_entity(self) -> str | None:
        return None if self.index == -1 else self.entities[self.index]

    def options(self, sym: str) -> dict[str, list[dict[str, Any]]]:
        game = self.game
        best = max(self.bids.values(), default=0)
        cash = game.corporations[sym].cash
        listed: dict[str, list[dict[str, Any]]] = {"pass": [{}]}
        if best + 1 <= cash:
            listed["bid"] = [{"price": best + 1, "max": cash}]
        if (
            sym in game.layer_state.turn_order_pass
            and sym not in self.passed_once
            and len(self.bidders()) > 2
        ):
            listed["turn_order_pass"] = [{}]
        return listed

    def do_bid(self, sym: str, action: dict[str, Any]) -> None:
        amount = int(action.get("price", 0))
        best = max(self.bids.values(), default=0)
        if amount <= best or amount > self.game.corporations[sym].cash:
            raise GameError(
                "bid", f"a bid must beat {best} and be paid from {sym}'s {self.game.corporations[sym].cash}"
            )
        self.bids[sym] = amount
        self.high = sym
        self.game.log(f"{sym} bids {amount} for turn order")
        self._next()

    def do_turn_order_pass(self, sym: str, action: dict[str, Any]) -> None:
        if "turn_order_pass" not in self.options(sym):
            raise GameError("turn order pass", f"{sym} cannot use a turn order pass now")
        self.passed_once.append(sym)
        self.game.log(f"{sym} uses its turn order pass")
        self._next()

    def do_pass(self, sym: str, action: dict[str, Any]) -> None:
        self.out.append(sym)
        self.game.log(f"{sym} drops out of the auction")
        if len(self.bidders()) <= 1:
            self._settle()
        else:
            self._next()

    def _next(self) -> None:
        n = len(self.entities)
        for step in range(1, n + 1):
            candidate = self.entities[(self.index + step) % n]
            if candidate not in self.out and candidate != self.high:
                self.index = (self.index + step) % n
                return
        self._settle()

    def _settle(self) -> None:
        game = self.game
        order = self.bidders() + list(reversed(self.out))
        n = len(order)
        for place, sym in enumerate(order):
            bid = self.bids.get(sym, 0)
            if place == n - 1 and n > 1:
                due = 0
            elif place < 2:
                due = bid
            else:
                due = math.ceil(bid / 2)
            if due:
                pay(game, sym, BANK, due)
                game.log(f"{sym} pays {due} for place {place + 1}")
        game.layer_state.order = order
        game.layer_state.turn_order_pass = []
        self.index = -1

    def process(self, action: dict[str, Any]) -> None:
        if self.index == -1:
            raise GameError("turn order", "the auction is over")
        super().process(action)


# -- actions ---------------------------------------------------------------------------


class SelectActions(OperatorRound):
    """Each operator, in turn order, takes one special action still free."""

    def start(self) -> None:
        self.game.layer_state.actions = {}
        self.entities = list(self.game.layer_state.order)
        self.index = 0

    def options(self, sym: str) -> dict[str, list[dict[str, Any]]]:
        taken = self.game.layer_state.actions
        return {"select_action": [{"action": a} for a in self.game.title.layer.actions if a not in taken]}

    def do_select_action(self, sym: str, action: dict[str, Any]) -> None:
        game = self.game
        name = str(action.get("action"))
        if {"action": name} not in self.options(sym)["select_action"]:
            raise GameError("actions", f"{name} is not a free action")
        game.layer_state.actions[name] = sym
        effect = game.title.layer.actions[name]
        game.log(f"{sym} takes {name}")
        if effect == "locomotive":
            raise_locomotive(game, sym)
        if effect == "turn_order_pass":
            game.layer_state.turn_order_pass.append(sym)
        self.advance()


def raise_locomotive(game: Game, sym: str) -> bool:
    top = game.title.layer.locomotive[1]
    level = counters(game, sym)[LOCOMOTIVE]
    if level >= top:
        return False
    counters(game, sym)[LOCOMOTIVE] = level + 1
    game.log(f"{sym}'s locomotive goes to {level + 1}")
    return True


def first_then_order(game: Game, effect: str) -> list[str]:
    holder = game.layer_state.holder(effect, game)
    order = list(game.layer_state.order)
    if holder in order:
        order.remove(holder)
        order.insert(0, holder)
    return order


# -- building --------------------------------------------------------------------------


class BuildTrack(OperatorRound):
    """Each operator in turn (First Build first) makes up to its build actions, each a
    tile placed, replaced or redirected, then passes; incomplete track it did not
    extend in this build turn loses its owner."""

    STATE = ("entities", "index", "used", "hexes", "urbanized")

    def start(self) -> None:
        self.entities = first_then_order(self.game, "first_build")
        self.index = 0
        self._begin()

    def _begin(self) -> None:
        self.used = 0
        self.hexes: list[str] = []
        self.urbanized = False

    def allowance(self, sym: str) -> int:
        extra = 1 if self.game.layer_state.holder("engineer", self.game) == sym else 0
        return self.game.title.layer.build.actions + extra

    def options(self, sym: str) -> dict[str, list[dict[str, Any]]]:
        from .build import build_choices, urbanize_choices

        listed: dict[str, list[dict[str, Any]]] = {"pass": [{}]}
        if self.used < self.allowance(sym):
            listed["lay_tile"] = build_choices(self.game, sym, exclude=set(self.hexes))
        if not self.urbanized and self.game.layer_state.holder("urbanization", self.game) == sym:
            listed["place_city"] = urbanize_choices(self.game)
        return listed

    def do_lay_tile(self, sym: str, action: dict[str, Any]) -> None:
        from .build import lay

        if self.used >= self.allowance(sym):
            raise GameError("build actions", f"{sym} has made its {self.allowance(sym)} build actions")
        hex_id = str(action.get("hex"))
        if hex_id in self.hexes:
            raise GameError("build", f"{sym} has already built in {hex_id} this turn")
        lay(self.game, sym, hex_id, str(action.get("tile")), int(action.get("rotation", 0)))
        self.used += 1
        self.hexes.append(hex_id)

    def do_place_city(self, sym: str, action: dict[str, Any]) -> None:
        from .build import urbanize

        if self.game.layer_state.holder("urbanization", self.game) != sym:
            raise GameError("urbanization", f"{sym} does not hold urbanization now")
        if self.urbanized:
            raise GameError(
                "urbanization", f"{sym} has placed its new city this turn: urbanization places one"
            )
        urbanize(self.game, sym, str(action.get("hex")), str(action.get("city")))
        self.urbanized = True

    def do_pass(self, sym: str, action: dict[str, Any]) -> None:
        from .build import drop_stale_track

        drop_stale_track(self.game, sym)
        self.advance()
        self._begin()


# -- moving goods --------------------------------------------------------------------


class MoveGoods(OperatorRound):
    """``move_rounds`` rounds; in each, every operator (First Move first) moves one good,
    raises its locomotive (once a turn) or passes."""

    STATE = ("entities", "index", "round_no", "raised")

    def start(self) -> None:
        game = self.game
        for sym in game.layer_state.order:
            c = counters(game, sym)
            c[INCOME_START] = c[INCOME]
        self.entities = first_then_order(game, "first_move")
        self.index = 0
        self.round_no = 1
        self.raised: list[str] = []

    def options(self, sym: str) -> dict[str, list[dict[str, Any]]]:
        game = self.game
        listed: dict[str, list[dict[str, Any]]] = {"pass": [{}]}
        if sym not in self.raised and counters(game, sym)[LOCOMOTIVE] < game.title.layer.locomotive[1]:
            listed["upgrade_locomotive"] = [{}]
        listed["move_goods"] = move_choices(game, sym)
        return listed

    def do_move_goods(self, sym: str, action: dict[str, Any]) -> None:
        game = self.game
        move = check_move(game, sym, action)
        game.layer_state.cubes[move.origin].remove(move.color)
        game.layer_state.bag[move.color] = game.layer_state.bag.get(move.color, 0) + 1
        for owner in move.owners:
            if owner is not None:
                counters(game, owner)[INCOME] += 1
        game.log(f"{sym} moves a {move.color} good {'-'.join(move.stops)}")
        self._next()

    def do_upgrade_locomotive(self, sym: str, action: dict[str, Any]) -> None:
        if sym in self.raised or not raise_locomotive(self.game, sym):
            raise GameError("locomotive", f"{sym} cannot raise its locomotive now")
        self.raised.append(sym)
        self._next()

    def do_pass(self, sym: str, action: dict[str, Any]) -> None:
        self._next()

    def _next(self) -> None:
        self.index += 1
        if self.index >= len(self.entities) and self.round_no < self.game.title.layer.move_rounds:
            self.round_no += 1
            self.index = 0


# -- income, expenses, reduction, ranking ----------------------------------------------


class Income(OperatorRound):
    """No decisions: each operator collects its income, pays its locomotive and then a
    dividend per 10% to every holder but its own treasury (when money is short, what is
    left unpaid lowers its income; an operator whose income would fall below 0 is
    eliminated, :func:`eliminate`), income falls by the reduction table, prices move by
    profitability; in the last turn the final dividend is paid and the game ends."""

    def start(self) -> None:
        game = self.game
        self.entities = []
        self.index = 0
        earned = {}
        for sym in list(game.layer_state.order):
            c = counters(game, sym)
            earned[sym] = c[INCOME] - c[INCOME_START]
            if not self._collect_and_pay(sym):
                eliminate(game, sym)
                del earned[sym]
        for sym in game.layer_state.order:
            self._reduce(sym)
        self._rank(earned)
        if game.turn >= game.last_turn():
            if game.title.layer.final_dividend is not None:
                self._final_dividend()
            game.trigger_end("final_turn")

    def _collect_and_pay(self, sym: str) -> bool:
        """Income in; then the locomotive, then each holder's dividend (players in seat
        order, then the bank) while money lasts; income falls by what is left unpaid.
        False when that would take income below 0: the corporation is to be eliminated."""
        game = self.game
        spec = game.title.layer
        corp = game.corporations[sym]
        c = counters(game, sym)
        pay(game, BANK, sym, max(c[INCOME], 0))
        seats = [p.id for p in game.players]
        holders = sorted(
            ((h, p) for h, p in corp.holders().items() if h != sym),
            key=lambda hp: seats.index(hp[0]) if hp[0] in seats else len(seats),
        )
        dues = [(BANK, c[LOCOMOTIVE] * spec.expenses_per_locomotive)]
        dues += [(BANK if h == POOL else h, spec.dividend_per_share * p // 10) for h, p in holders]
        paid = []
        for payee, due in dues:
            paid.append(min(due, corp.cash))
            pay(game, sym, payee, paid[-1])
        unpaid = sum(d for _, d in dues) - sum(paid)
        game.log(
            f"{sym} earns {c[INCOME] - c[INCOME_START]} this turn and collects its income of "
            f"{max(c[INCOME], 0)}; it pays {paid[0]} for its locomotive and {sum(paid[1:])} in dividends"
        )
        if not unpaid:
            return True
        if c[INCOME] - unpaid < 0:
            game.log(f"{sym} is {unpaid} short: its income {c[INCOME]} cannot fall below 0")
            return False
        c[INCOME] -= unpaid
        game.log(f"{sym} is {unpaid} short: its income falls to {c[INCOME]}")
        return True

    def _reduce(self, sym: str) -> None:
        game = self.game
        c = counters(game, sym)
        bands = [b for b in game.title.layer.income_reduction if b.min <= c[INCOME]]
        if bands:
            cut = max(bands, key=lambda b: b.min).by
            c[INCOME] = max(0, c[INCOME] - cut)

    def _rank(self, earned: dict[str, int]) -> None:
        game = self.game
        ranking = game.title.layer.ranking
        if ranking is None or not earned:
            return
        position = {}
        for sym, gain in earned.items():
            start = counters(game, sym)[INCOME_START]
            row = max(
                (r for r in ranking.table if r[0] <= start), key=lambda r: r[0], default=ranking.table[0]
            )
            position[sym] = sum(1 for threshold in row[1:] if gain >= threshold)
        for sym, move in rank_moves(position, ranking.moves, ranking.few).items():
            if move != "none":
                game.market.move(sym, [move])
                game.log(f"{sym} ranks for '{move}': its price is now {game.market.price(sym)}")

    def _final_dividend(self) -> None:
        game = self.game
        track = game.layer_state.track(game)
        for sym in game.layer_state.order:
            corp = game.corporations[sym]
            c = counters(game, sym)
            links = sum(1 for link in track.links() if link.owner == sym)
            value = 3 * c[INCOME] + links + corp.cash
            per_share = value // 10
            paid = 0
            for holder, percent in corp.holders().items():
                if holder == sym:
                    continue
                amount = per_share * percent // 10
                paid += amount
                if holder != POOL:
                    pay(game, BANK, holder, amount)
            president = corp.president()
            rest = value - 10 * per_share
            if rest and president in game.players_by_id:
                pay(game, BANK, president, rest)
            game.log(f"{sym} pays a final dividend of {per_share} per 10% (and {rest} to its president)")

    def finished(self) -> bool:
        return True


def eliminate(game: Game, sym: str) -> None:
    """A corporation whose income would fall below 0 is eliminated (reference §3.7, the
    player's elimination applied to a corporation): it leaves the turn order and gives
    up its special actions and turn order pass; its ownership markers come off, its
    track staying on the map unowned; its certificates go back to it from every holder,
    worthless (nobody is paid); its marker leaves the market; it is closed and takes no
    further part (it cannot be bought again; it is in no ranking and no final dividend)."""
    goods = game.layer_state
    corp = game.corporations[sym]
    goods.order.remove(sym)
    goods.actions = {name: op for name, op in goods.actions.items() if op != sym}
    goods.turn_order_pass = [op for op in goods.turn_order_pass if op != sym]
    track = goods.track(game)
    for route in track.routes():
        if route.owner == sym:
            track.set_owner(route, None)
    for share in corp.shares:
        if share.owner != sym:
            move_share(game, share, sym)
    if corp.cash:
        pay(game, sym, BANK, corp.cash)
    corp.closed = True
    game.market.remove(sym)
    game.round.corporation_closed(sym)
    game.log(f"{sym} is eliminated: its track is unowned and its certificates are worthless")


def rank_moves(position: dict[str, int], moves: list[str], few: dict[int, list[str]]) -> dict[str, str]:
    """Each corporation's move by its rank; tied corporations all take the weakest move
    of the ranks they share.

    >>> rank_moves({"A": 3, "B": 3, "C": 1, "D": 0}, ["up", "right", "left", "down"], {})
    {'A': 'right', 'B': 'right', 'C': 'left', 'D': 'down'}
    """
    ranked = sorted(position, key=lambda s: -position[s])
    n = len(ranked)
    table = few.get(n) if n < 4 else None
    if table is None:
        table = [moves[0], moves[1], *(["none"] * (n - 4)), moves[2], moves[3]] if n >= 4 else ["none"] * n
    strength = {"up": 2, "right": 1, "none": 0, "left": -1, "down": -2}
    out = {}
    for sym in ranked:
        places = [i for i, other in enumerate(ranked) if position[other] == position[sym]]
        out[sym] = _weakest([table[i] for i in places], strength)
    return out


def _weakest(moves: list[str], strength: dict[str, int]) -> str:
    """The weakest effect of tied ranks: the move closest to no change on the side the
    group leans, and no change when the group spans both sides."""
    values = [strength[m] for m in moves]
    if min(values) < 0 < max(values):
        return "none"
    best = min(values, key=abs)
    return next(m for m in moves if strength[m] == best)


# -- goods growth -------------------------------------------------------------------------


class GoodsGrowth(OperatorRound):
    """The production holder places the cubes it draws on empty display slots; then
    the growth dice of each group move cubes from the display onto the cities."""

    STATE = ("entities", "index")

    @property
    def drawn(self) -> list[str]:
        return self.game.layer_state.drawn

    def start(self) -> None:
        game = self.game
        holder = game.layer_state.holder("production", game)
        if holder is not None:
            for _ in range(game.title.layer.growth.production):
                color = draw(game, game.layer_state.bag)
                if color is not None:
                    self.drawn.append(color)
        self.entities = [holder] if holder is not None and self.drawn and self._free() else []
        if not self.entities:
            self._return_drawn()
        self.index = 0
        if self.finished():
            self._roll()

    def _free(self) -> list[str]:
        game = self.game
        on_map = {*game.title.layer.cities, *game.layer_state.new_cities.values()}
        return [k for k, slots in game.layer_state.display.items() if None in slots and k in on_map]

    def options(self, sym: str) -> dict[str, list[dict[str, Any]]]:
        return {"place_cube": [{"city": k, "color": self.drawn[0]} for k in self._free()]}

    def do_place_cube(self, sym: str, action: dict[str, Any]) -> None:
        game = self.game
        key = str(action.get("city"))
        if key not in self._free():
            raise GameError("production", self._not_free(key))
        slots = game.layer_state.display[key]
        slots[slots.index(None)] = self.drawn.pop(0)
        game.log(f"{sym} puts a cube on {key}'s column")
        if not self.drawn or not self._free():
            self._return_drawn()
            self.index += 1
            self._roll()

    def _not_free(self, key: str) -> str:
        """Why production cannot put a cube on ``key``'s column of the goods display."""
        game = self.game
        spec = game.title.layer
        if key not in game.layer_state.display:
            return f"{key} is no city of the goods display"
        if key in spec.new_cities and key not in game.layer_state.new_cities.values():
            return f"new city {key} is not on the map yet: production fills the columns of cities on the map"
        return f"{key} has no free slot on the goods display"

    def _return_drawn(self) -> None:
        for color in self.drawn:
            self.game.layer_state.bag[color] = self.game.layer_state.bag.get(color, 0) + 1
        self.drawn.clear()

    def _roll(self) -> None:
        game = self.game
        spec = game.title.layer
        dice = len(game.humans)
        placed_new = {letter: hex_id for hex_id, letter in game.layer_state.new_cities.items()}
        for group in spec.growth.groups:
            faces = [game.random().randint(1, 6) for _ in range(dice)]
            game.log(f"growth, {group}: {' '.join(map(str, faces))}")
            for face in faces:
                for hex_id, city in spec.cities.items():
                    if (city.group, city.die) == (group, face):
                        _grow(game, hex_id, hex_id)
                for letter, city in spec.new_cities.items():
                    if (city.group, city.die) == (group, face) and letter in placed_new:
                        _grow(game, letter, placed_new[letter])


def _grow(game: Game, column: str, hex_id: str) -> None:
    slots = game.layer_state.display[column]
    filled = [i for i, c in enumerate(slots) if c is not None]
    if filled:
        i = filled[-1]
        game.layer_state.cubes.setdefault(hex_id, []).append(slots[i])
        slots[i] = None
