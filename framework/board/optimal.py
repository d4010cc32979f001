"""The best routes for a company's trains — exact, with a proof of optimality.

:func:`best_routes` picks one route per train (or none) so that no two routes
share track and the total revenue is as large as possible: no track path and no
hex side used twice, as :func:`~framework.board.routes.check_route` has it
(18xx.games' rule, reference §4.8). It works on the
stop graph of :mod:`framework.board.optimal_graph` with the one-train branch
and bound of :mod:`framework.board.optimal_search`, in three steps:

1. **Alone.** Each kind of train (trains with equal runners are one kind) is
   solved by itself on the whole board; its optimum bounds what it can earn
   next to any other trains.
2. **Greedy.** The trains, best first, each take their best route on the track
   the previous ones left: a total to beat. If it equals the sum of the trains'
   optima alone, it is optimal and the search stops.
3. **Together.** A depth-first search over the trains, the least valuable
   first: for train ``i`` it offers every route that, with the routes chosen
   so far and the most the later trains can add, could beat the best total;
   for each it goes on to train ``i + 1`` on the track left over, and finally
   lets train ``i`` (with any identical trains after it) run nothing.
   Identical trains take their routes in non-increasing value, so no
   combination is tried twice.

   What the later trains can add is bounded by their optima alone; a train
   followed by ``m`` identical ones, alone worth ``c``, adds with them at most
   ``u + m·min(c, u)`` for a route worth ``u``.

Every route returned is re-checked with
:func:`~framework.board.routes.check_route` against the company's other routes
and valued with
:func:`~framework.board.routes.revenue`; a disagreement with the search raises
instead of returning.

With ``time_limit`` the search stops when time is up and returns the best
routes found, marked not proven, with the largest bound of the work left: the
answer is then within ``bound − total`` of the optimum.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from framework.board.board import Board
from framework.board.optimal_graph import stop_graph
from framework.board.optimal_search import Clock, Timeout, Trail, TrainSearch
from framework.board.routes import PathRef, Revenue, Route, Runner, check_route, revenue, run_revenues


@dataclass(frozen=True)
class Optimum:
    """The result of :func:`best_routes`."""

    routes: tuple[Route, ...]
    """One route per train that runs, in the order the trains were given."""
    revenues: tuple[Revenue, ...]
    """What each route earns."""
    total: int
    proven: bool
    """Whether ``total`` is shown to be the best possible (then ``bound == total``)."""
    bound: int
    """No choice of routes earns more than this."""
    seconds: float
    states: int
    """Search states visited."""


def best_routes(
    board: Board,
    trains: Sequence[tuple[str, Runner]],
    *,
    time_limit: float | None = None,
) -> Optimum:
    """The best routes for ``trains`` — ``(train id, runner)`` of one company. Trains of
    different track groups (``Runner.track_group``) may share track: each group's best is
    searched alone, and together they are the company's best."""
    started = time.perf_counter()
    owners = {runner.owner for _, runner in trains}
    if len(owners) > 1:
        raise ValueError(f"the trains belong to several companies: {sorted(owners)}")
    groups = sorted({runner.track_group for _, runner in trains})
    if len(groups) > 1:
        return _by_group(board, trains, groups, time_limit, started)
    plans = _designations(list(trains))
    share = None if time_limit is None else time_limit / len(plans)
    runners = dict(trains)
    best: tuple[list[Route], list[Revenue]] = ([], [])
    proven, bounds, states = True, [], 0
    for plan in plans:
        joint = _Joint(board, plan, Clock(share))
        try:
            joint.solve()
        except Timeout:
            proven = False
            bounds.append(joint.open_bound())
        routes, _ = joint.verified()
        states += joint.clock.states
        revenues = run_revenues(board, [(runners[r.train], r) for r in routes])
        if not best[0] or sum(r.total for r in revenues) > sum(r.total for r in best[1]):
            best = (routes, revenues)
    routes, revenues = best
    total = sum(r.total for r in revenues)
    bound = total if proven else max(total, *bounds)
    return Optimum(
        tuple(routes),
        tuple(revenues),
        total,
        proven,
        bound,
        time.perf_counter() - started,
        states,
    )


def _by_group(
    board: Board,
    trains: Sequence[tuple[str, Runner]],
    groups: list[str],
    time_limit: float | None,
    started: float,
) -> Optimum:
    """The best routes of each track group's trains, searched alone, together."""
    share = None if time_limit is None else time_limit / len(groups)
    found = [
        best_routes(board, [t for t in trains if t[1].track_group == group], time_limit=share)
        for group in groups
    ]
    runners = dict(trains)
    routes = [r for optimum in found for r in optimum.routes]
    revenues = run_revenues(board, [(runners[r.train], r) for r in routes])
    total = sum(r.total for r in revenues)
    proven = all(o.proven for o in found)
    bound = total if proven else max(total, sum(o.bound for o in found))
    states = sum(o.states for o in found)
    seconds = time.perf_counter() - started
    return Optimum(tuple(routes), tuple(revenues), total, proven, bound, seconds, states)


def _designations(trains: list[tuple[str, Runner]]) -> list[list[tuple[str, Runner]]]:
    """The searches whose best is the company's best. A bonus per stop paid to the run's
    longest route alone (:func:`~framework.board.routes.run_revenues`) is searched once
    for each kind of train, its first train earning it as if it were the longest: a run
    earns at least what any such search values it at, and its own designation values it
    exactly, so the best of the searches is the best run. Without such a bonus: the
    trains as they are."""
    kinds: list[Runner] = []
    firsts: list[int] = []
    for k, (_, runner) in enumerate(trains):
        if runner not in kinds and any(p.longest for p in runner.per_stop):
            kinds.append(runner)
            firsts.append(k)
    if not firsts:
        return [trains]
    return [
        [
            (train, runner.earning_per_stop() if k == first else runner)
            for k, (train, runner) in enumerate(trains)
        ]
        for first in firsts
    ]


class _Joint:
    """The search over all trains of a company."""

    def __init__(self, board: Board, trains: list[tuple[str, Runner]], clock: Clock):
        self.board = board
        self.trains = trains
        self.clock = clock
        graph = stop_graph(board)
        kinds: list[Runner] = []
        self.kind: list[int] = []
        """For each train (in the given order), the index of its kind."""
        for _, runner in trains:
            if runner not in kinds:
                kinds.append(runner)
            self.kind.append(kinds.index(runner))
        self.searches = [TrainSearch(board, runner, graph, clock) for runner in kinds]
        self.ceiling = [s.root_bound(0) for s in self.searches]
        """What each kind of train earns at most alone (a bound until solved)."""
        self.order = list(range(len(trains)))
        self.best = 0
        self.choice: dict[int, tuple[int, Trail]] = {}
        """The best routes found: train (given order) → (value, trail)."""
        self.stage = "alone"
        """``alone``, ``greedy`` or ``together``: the step running (for :meth:`open_bound`)."""
        self.alone_kind = 0
        self.alone_best = 0
        """While a kind is solved alone: its best value so far."""

    # -- the three steps --------------------------------------------------

    def solve(self) -> None:
        for k in range(len(self.searches)):
            self.alone_kind, self.alone_best = k, 0
            self.ceiling[k] = self._single(self.kind.index(k), 0)[0]
        ceiling, kind = self.ceiling, self.kind
        self.order.sort(key=lambda t: (ceiling[kind[t]], kind[t]))
        self.stage = "greedy"
        self._greedy()
        self.stage = "together"
        if self.best < sum(ceiling[kind[t]] for t in self.order):
            self._level(0, 0, 0, None, {})

    def _single(self, t: int, used: int, cap: int | None = None) -> tuple[int, Trail]:
        """The best route of train ``t`` avoiding ``used`` track (value 0, no trail: none).
        Each route found is also an answer by itself, should time run out."""
        found: list[Any] = [0, []]  # the best value and its trail

        def offer(value: int, _used: int, trail: Trail) -> None:
            found[0], found[1] = value, list(trail)
            self.alone_best = value
            self._record(value, {t: (value, trail)})

        self.searches[self.kind[t]].run(used, lambda: found[0], offer, cap=cap)
        return found[0], found[1]

    def _greedy(self) -> None:
        used, total, cap = 0, 0, None
        choice: dict[int, tuple[int, Trail]] = {}
        order = self.order[::-1]  # the best trains first
        for n, t in enumerate(order):
            if n and self.kind[order[n - 1]] != self.kind[t]:
                cap = None
            value, trail = self._single(t, used, cap)
            if trail:
                choice[t] = (value, trail)
                used |= _track(self.searches[self.kind[t]], trail)
                total += value
                cap = value
        self._record(total, choice)

    def _level(
        self, n: int, used: int, acc: int, cap: int | None, chosen: dict[int, tuple[int, Trail]]
    ) -> None:
        """Choose routes for the trains from ``order[n]`` on, given the routes ``chosen``
        (worth ``acc``, on the ``used`` track); ``cap``: the most ``order[n]`` may earn."""
        if n == len(self.order):
            self._record(acc, chosen)
            return
        t = self.order[n]
        search = self.searches[self.kind[t]]
        twins = self._twins(n)  # identical trains right after order[n]
        after = n + 1 + twins  # if order[n] runs nothing, so do they
        frames = self.clock.frames
        frames.append(acc + self._rest(after))
        c, others = self.ceiling[self.kind[t]], self._rest(after)

        def worth(value: int) -> int:
            return acc + value + twins * min(c, value) + others

        def floor() -> int:
            # A route worth u leads to at most acc + u + twins·min(c, u) + others.
            left = self.best - acc - others
            return left // (1 + twins) if (1 + twins) * c > left else left - twins * c

        def offer(value: int, now_used: int, trail: Trail) -> None:
            if worth(value) <= self.best:
                return
            chosen[t] = (value, list(trail))
            self._level(n + 1, now_used, acc + value, value if twins else None, chosen)
            del chosen[t]

        search.run(used, floor, offer, cap=cap, worth=worth)
        if acc + others > self.best:
            self._level(after, used, acc, None, chosen)
        frames.pop()

    # -- bounds -----------------------------------------------------------

    def _twins(self, n: int) -> int:
        """How many trains right after ``order[n]`` are of its kind."""
        order, kind = self.order, self.kind
        m = n + 1
        while m < len(order) and kind[order[m]] == kind[order[n]]:
            m += 1
        return m - n - 1

    def _rest(self, n: int) -> int:
        """At most what the trains from ``order[n]`` on earn."""
        return sum(self.ceiling[self.kind[t]] for t in self.order[n:])

    def _record(self, total: int, chosen: dict[int, tuple[int, Trail]]) -> None:
        if total > self.best or (not self.choice and total == self.best and chosen):
            self.best = total
            self.choice = {t: (v, list(trail)) for t, (v, trail) in chosen.items()}

    def open_bound(self) -> int:
        """After a timeout: at least the total of any routes not yet tried."""
        frames = self.clock.frames
        ceiling = list(self.ceiling)
        if self.stage == "alone":  # the kind being solved: its best so far or what is open
            k = self.alone_kind
            ceiling[k] = min(ceiling[k], max([self.alone_best, *frames]))
        alone = sum(ceiling[self.kind[t]] for t in self.order)
        if self.stage == "together" and frames:
            return min(alone, max(self.best, *frames))
        return alone

    # -- the answer -------------------------------------------------------

    def verified(self) -> tuple[list[Route], list[Revenue]]:
        """The chosen routes in the trains' order, checked and valued by the board layer."""
        routes, revenues = [], []
        used: set[PathRef] = set()
        for t, (train, runner) in enumerate(self.trains):
            if t not in self.choice:
                continue
            value, trail = self.choice[t]
            route = self.searches[self.kind[t]].route(train, trail)
            check_route(self.board, runner, route, used)
            earned = revenue(self.board, runner, route)
            if earned.total != value:
                raise AssertionError(f"the search valued {route} at {value}, not {earned.total}")
            used |= route.paths()
            routes.append(route)
            revenues.append(earned)
        return routes, revenues


def _track(search: TrainSearch, trail: Trail) -> int:
    """The track bitset of a trail."""
    chains = search.graph.chains
    mask = 0
    for _, chain in trail[1:]:
        mask |= chains[chain].mask
    return mask
