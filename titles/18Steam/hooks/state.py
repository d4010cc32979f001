"""The goods layer's state: track, cubes, the goods display, the bag, turn order and
the special actions taken, plus each operator's income and locomotive.

Operators are the active corporations. Their income track (two markers: where
the turn's earnings started, and where they are now) and locomotive level are
the corporation's ``counters`` (``income``, ``income_start``, ``locomotive``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .track import Placed, TrackMap

if TYPE_CHECKING:
    from framework.api import Game

INCOME = "income"
INCOME_START = "income_start"
LOCOMOTIVE = "locomotive"


@dataclass
class GoodsState:
    placed: dict[str, Placed] = field(default_factory=dict)
    new_cities: dict[str, str] = field(default_factory=dict)
    """Town hex → letter of the new city placed there."""
    cubes: dict[str, list[str]] = field(default_factory=dict)
    """City hex → the colours of the cubes on it."""
    display: dict[str, list[str | None]] = field(default_factory=dict)
    """Growth chart column (printed city hex, or new city letter) → its slots."""
    bag: dict[str, int] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    """Operators in turn order."""
    actions: dict[str, str] = field(default_factory=dict)
    """Special action → the operator that took it this turn."""
    turn_order_pass: list[str] = field(default_factory=list)
    """Operators that may pass once in the next auction without dropping out."""
    drawn: list[str] = field(default_factory=list)
    """Cubes drawn by the production action, waiting to be placed on the display."""

    def track(self, game: Game) -> TrackMap:
        return TrackMap(game.title, self.placed, self.new_cities)

    def holder(self, effect: str, game: Game) -> str | None:
        """The operator holding the action with this effect this turn."""
        for name, op in self.actions.items():
            if game.title.layer.actions.get(name) == effect:
                return op
        return None

    def total_cubes(self) -> dict[str, int]:
        out = dict(self.bag)
        for cubes in [*self.cubes.values(), self.drawn]:
            for color in cubes:
                out[color] = out.get(color, 0) + 1
        for slots in self.display.values():
            for color in slots:
                if color is not None:
                    out[color] = out.get(color, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        """As plain data; mappings whose order counts are lists of pairs, so reordering the
        keys of a copy changes nothing."""
        return {
            "placed": [[h, p.to_dict()] for h, p in sorted(self.placed.items())],
            "new_cities": list(map(list, self.new_cities.items())),
            "cubes": [[h, list(c)] for h, c in self.cubes.items()],
            "display": [[k, list(v)] for k, v in self.display.items()],
            "bag": list(map(list, self.bag.items())),
            "order": list(self.order),
            "actions": list(map(list, self.actions.items())),
            "turn_order_pass": list(self.turn_order_pass),
            "drawn": list(self.drawn),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoodsState:
        return cls(
            {h: Placed.from_dict(p) for h, p in data["placed"]},
            dict(map(tuple, data["new_cities"])),
            {h: list(c) for h, c in data["cubes"]},
            {k: list(v) for k, v in data["display"]},
            dict(map(tuple, data["bag"])),
            list(data["order"]),
            dict(map(tuple, data["actions"])),
            list(data["turn_order_pass"]),
            list(data["drawn"]),
        )


def draw(game: Game, bag: dict[str, int]) -> str | None:
    """One random cube out of ``bag`` (``None`` when it is empty)."""
    pool = [color for color in sorted(bag) for _ in range(bag[color])]
    if not pool:
        return None
    color = game.random().choice(pool)
    bag[color] -= 1
    return color


def new_goods(game: Game) -> GoodsState:
    """The setup: every cube in the bag, the display filled at random, then each
    printed city's starting cubes."""
    spec = game.title.layer
    state = GoodsState(bag=dict(spec.colors))
    for group in spec.growth.groups:
        for die in range(1, 7):
            for hex_id, city in spec.cities.items():
                if (city.group, city.die) == (group, die):
                    state.display[hex_id] = [None] * spec.growth.printed_slots
            for letter, city in spec.new_cities.items():
                if (city.group, city.die) == (group, die):
                    state.display[letter] = [None] * spec.growth.new_city_slots
    for column in state.display.values():
        for i in range(len(column)):
            column[i] = draw(game, state.bag)
    for hex_id, city in spec.cities.items():
        state.cubes[hex_id] = [c for c in (draw(game, state.bag) for _ in range(city.cubes)) if c]
    return state


def activate(game: Game, sym: str) -> None:
    """A corporation's president's certificate is sold: it joins the operators, its
    locomotive at the second lowest level of those already active (the starting level
    when fewer than two are), its income at 0."""
    corp = game.corporations[sym]
    goods = game.layer_state
    levels = sorted(game.corporations[s].counters[LOCOMOTIVE] for s in goods.order)
    first = game.title.layer.locomotive[0]
    corp.counters = {INCOME: 0, INCOME_START: 0, LOCOMOTIVE: levels[1] if len(levels) >= 2 else first}
    goods.order.append(sym)
    game.log(f"{sym} is active with locomotive {corp.counters[LOCOMOTIVE]}")
