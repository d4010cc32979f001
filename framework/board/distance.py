"""Distances counted by kind of stop.

Most trains count every stop alike: a 4-train's route has at most four stops,
and all of them pay. Others count cities, towns and off-boards apart. Such a
distance is a list of *allowances*, each naming kinds of stop, how many stops of
those kinds the route may visit, how many of the visited ones pay, and what each
paying stop is multiplied by:

* a 2+2 visits two stops of any kind and two more towns — ``[any: 2, town: 2]``;
* 18AL's 4D visits four cities or off-boards, each paying double, and any towns;
* an express (3E in 18FL) visits three cities or off-boards; it passes towns, which
  pay nothing (``pay: 0``).

A route is legal when its stops can be shared out among the allowances so that
none visits more than its ``visit``; it earns the best such sharing, each
allowance paying its best ``pay`` stops times its ``multiplier``. A stop that costs
no distance (a port with ``visit_cost: 0``) takes no visit but, to pay, takes paying
room like any other.

>>> towns_free = Distance((Allowance(frozenset({"city", "offboard"}), 2),
...                        Allowance(frozenset({"town"}), None)))
>>> towns_free.earn((("city", 30, 1), ("town", 10, 1), ("town", 10, 1), ("city", 20, 1)))
70
>>> towns_free.earn((("city", 30, 1), ("city", 20, 1), ("offboard", 40, 1))) is None
True
>>> two_plus_two = Distance((Allowance(frozenset({"city", "town", "offboard"}), 2),
...                          Allowance(frozenset({"town"}), 2)))
>>> two_plus_two.earn((("city", 30, 1), ("town", 20, 1), ("town", 10, 1), ("city", 40, 1)))
100
>>> two_plus_two.fits(("city", "city", "city"))
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

Stop = tuple[str, int, int]
"""A visited stop: its kind (``city``, ``town``, ``offboard``), its value and what it
costs of the distance (its ``visit_cost``: 1, or 0 for a port a train visits free)."""


@dataclass(frozen=True)
class Allowance:
    """Stops of some kinds a train may visit, and how many of them pay."""

    kinds: frozenset[str]
    visit: int | None
    """How many such stops the route may visit (``None``: any number)."""
    pay: int | None = -1
    """How many of those visited pay (``None``: all; the default, ``-1``: ``visit``)."""
    multiplier: int = 1
    """What each paying stop's value is multiplied by."""
    fills: bool = False
    """Its stops (of kinds no other allowance has, paying none of their own) pay in the
    paying room the other allowances' visits leave, best first (1867's towns)."""

    @property
    def paying(self) -> int | None:
        return self.visit if self.pay == -1 else self.pay


@dataclass(frozen=True)
class Distance:
    """A train's distance by kind of stop (see the module)."""

    allowances: tuple[Allowance, ...]
    _rates: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        rates: dict[str, int] = {}
        for allowance in self.allowances:
            gain = allowance.multiplier if allowance.paying != 0 or allowance.fills else 0
            for kind in allowance.kinds:
                rates[kind] = max(rates.get(kind, 0), gain)
        object.__setattr__(self, "_rates", rates)

    @property
    def limit(self) -> int | None:
        """The most stops a route may have (``None``: no limit)."""
        visits = [a.visit for a in self.allowances]
        return None if None in visits else sum(v for v in visits if v is not None)

    @property
    def pay_limit(self) -> int | None:
        """The most stops of a route that can pay (``None``: no limit): the ``fills``
        allowances pay in the others' room.

        >>> towns_fill = (Allowance(frozenset({"town"}), None, 0, 1, True),)
        >>> Distance((Allowance(frozenset({"city"}), 2), *towns_fill)).pay_limit
        2
        """
        total = 0
        for allowance in self.allowances:
            if allowance.fills:
                continue
            if allowance.paying is None:
                return None
            total += allowance.paying
        return total

    def visits(self, kind: str) -> bool:
        """Whether a route may visit a stop of ``kind`` at all."""
        return kind in self._rates

    def rate(self, kind: str) -> int:
        """The most a stop of ``kind`` can earn per unit of its value (0 if it never pays)."""
        return self._rates.get(kind, 0)

    def fits(self, kinds: Iterable[str]) -> bool:
        """Whether a route with stops of these ``kinds`` (each costing one of the
        distance) is within it."""
        return self.earn(tuple((kind, 0, 1) for kind in kinds)) is not None

    def earn(self, stops: Iterable[Stop]) -> int | None:
        """What a route with these ``stops`` earns at best, or ``None`` if no sharing
        out among the allowances keeps within their ``visit``."""
        ordered = tuple(sorted(stops, key=_by_value))
        earned = _earn(self.allowances, ordered)
        if earned is None or not any(a.fills for a in self.allowances):
            return earned
        return earned + self._filled(ordered)

    def _filled(self, stops: tuple[Stop, ...]) -> int:
        """What the stops of ``fills`` allowances earn in the paying room the others'
        stops leave (``stops`` best first).

        >>> towns_fill = Distance((Allowance(frozenset({"city"}), 2),
        ...                        Allowance(frozenset({"town"}), None, 0, 1, True)))
        >>> towns_fill.earn((("city", 30, 1), ("town", 10, 1), ("town", 20, 1)))
        50
        >>> towns_fill.earn((("city", 30, 1), ("town", 10, 1), ("city", 20, 1)))
        50
        """
        filling = [a for a in self.allowances if a.fills]
        others = [a for a in self.allowances if not a.fills]
        if any(a.paying is None for a in others):
            return 0
        room = sum(a.paying or 0 for a in others)
        room -= sum(1 for kind, _, _ in stops if any(kind in a.kinds for a in others))
        total = 0
        for kind, value, _ in stops:
            if room <= 0:
                break
            allowance = next((a for a in filling if kind in a.kinds), None)
            if allowance is not None and not any(kind in a.kinds for a in others):
                total += value * allowance.multiplier
                room -= 1
        return total

    def paying(
        self,
        stops: Sequence[Stop],
        bonus: Callable[[tuple[int, ...], int], int] | None = None,
        stations: frozenset[int] = frozenset(),
    ) -> tuple[tuple[int, ...], int] | None:
        """The stops that pay and what they earn, when what the route earns besides its
        stops' values, ``bonus(paying, value)``, depends on which stops pay (a bonus for a
        stop counts only if the stop pays): of the largest sets of stops that can all pay,
        the one earning most with its bonus. Where ``stations`` (indices of stops holding
        the runner's token) are given, one of them must pay. ``None``: the stops do not fit
        the distance.

        >>> three_of_five = Distance((Allowance(frozenset({"city"}), 5, 3),))
        >>> stops = [("city", 40, 1), ("city", 30, 1), ("city", 20, 1), ("city", 10, 1)]
        >>> three_of_five.paying(stops, lambda paid, value: 50 if 3 in paid else 0)
        ((0, 1, 3), 80)
        >>> three_of_five.paying(stops, stations=frozenset({2}))
        ((0, 1, 2), 90)
        """
        best = self.earn(stops)
        if best is None:
            return None
        everyone = tuple(range(len(stops)))
        flat = Distance(tuple(replace(a, multiplier=1) for a in self.allowances))
        if flat.earn(tuple((kind, 1, cost) for kind, _, cost in stops)) == len(stops):
            return everyone, best
        for size in range(len(stops) - 1, 0, -1):
            found: tuple[tuple[int, ...], int, int] | None = None
            for paid in combinations(everyone, size):
                chosen = set(paid)
                if stations and not stations & chosen:
                    continue
                marks = tuple((kind, int(i in chosen), cost) for i, (kind, _, cost) in enumerate(stops))
                if flat.earn(marks) != size:
                    continue
                values = tuple(
                    (kind, v if i in chosen else 0, cost) for i, (kind, v, cost) in enumerate(stops)
                )
                value = self.earn(values) or 0
                total = value + (bonus(paid, value) if bonus is not None else 0)
                if found is None or total > found[2]:
                    found = (paid, value, total)
            if found is not None:
                return found[:2]
        return (), 0

    def describe(self) -> str:
        """The distance in words, for messages: ``2 city/offboard + any town``."""
        parts = []
        for a in self.allowances:
            count = "any" if a.visit is None else str(a.visit)
            text = f"{count} {'/'.join(sorted(a.kinds))}"
            if a.paying == 0:
                text += " (not paying)"
            elif a.paying is not None and a.visit is not None and a.paying < a.visit:
                text += f" ({a.paying} paying)"
            if a.multiplier != 1:
                text += f" ×{a.multiplier}"
            parts.append(text)
        return " + ".join(parts)


def _by_value(stop: Stop) -> tuple[int, str, int]:
    return (-stop[1], stop[0], stop[2])


@lru_cache(maxsize=65536)
def _earn(allowances: tuple[Allowance, ...], stops: tuple[Stop, ...]) -> int | None:
    """The best sharing of ``stops`` (best value first) among ``allowances``.

    Stops are handed out best first, so the stops an allowance pays for are the first
    it takes while it has paying room. A state is, per allowance, the stops it visits
    and the stops it pays; a stop that costs no distance (``visit_cost`` 0) uses only
    paying room, and may go unpaid in none."""
    n = len(stops)
    caps = [n if a.visit is None else min(a.visit, n) for a in allowances]
    pays = [n if a.paying is None else a.paying for a in allowances]
    start = tuple(0 for _ in range(2 * len(allowances)))
    states: dict[tuple[int, ...], int] = {start: 0}
    for kind, value, cost in stops:
        after: dict[tuple[int, ...], int] = {}
        for held, total in states.items():
            if not cost and (held not in after or after[held] < total):
                after[held] = total  # a free stop that does not pay
            for k, allowance in enumerate(allowances):
                visits, paid = held[2 * k], held[2 * k + 1]
                if kind not in allowance.kinds or visits + cost > caps[k] or (not cost and paid >= pays[k]):
                    continue
                pays_here = paid < pays[k]
                gain = value * allowance.multiplier if pays_here else 0
                key = (*held[: 2 * k], visits + cost, paid + pays_here, *held[2 * k + 2 :])
                if key not in after or after[key] < total + gain:
                    after[key] = total + gain
        if not after:
            return None
        states = after
    return max(states.values())
