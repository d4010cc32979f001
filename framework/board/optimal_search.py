"""Branch and bound over the routes of one train.

A route is grown from one end, stop by stop, along the chains of the
:class:`~framework.board.optimal_graph.StopGraph`: each step takes a chain from
the last stop to a stop not yet visited (nor in the group of one), sharing no
track with the chains taken so far or with the ``used`` track of the company's
other trains. Every state with two stops or more (as many as its ports ask) and a
city of the owner's is a legal route and is offered to the caller, which decides
what it is worth to it (:meth:`TrainSearch.run`).

Before growing a state further the search bounds what any extension can earn
(:meth:`~framework.board.optimal_bound.Bounds.bound`); before trying the first
stops of a search with a high floor, what any route can earn
(:meth:`~framework.board.optimal_bound.Bounds.global_bound`). If nothing can
beat the caller's floor, that part is skipped. The next states are tried best
bound first. Once every route from a first stop has been tried, later routes
may pass it but not end there: they were tried the other way round.
Nothing else is skipped, so every route the caller could want is offered.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from framework.board.board import Board
from framework.board.optimal_bound import Bounds
from framework.board.optimal_graph import StopGraph
from framework.board.routes import Route, Runner

Trail = list[tuple[int, int]]
"""A route being grown: ``(stop, chain that reached it)``; the first chain is ``-1``."""
Offer = Callable[[int, int, Trail], None]
"""Called with a legal route's value, its track bitset and its trail."""
Floor = Callable[[], int]
"""What a route must be worth more than to be offered (it may rise as the search goes)."""
Worth = Callable[[int], int]
"""What a route worth so much is worth to the caller at most (for :attr:`Clock.frames`)."""


class Timeout(Exception):
    """The search ran out of time."""


class Clock:
    """A deadline, checked every few hundred search states, and the bounds of the
    parts of the search still open (for an answer when time runs out)."""

    def __init__(self, seconds: float | None):
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.states = 0
        self.frames: list[int] = []
        """For each search state being expanded, outermost first: at least the value of
        everything it has not yet tried."""

    def tick(self) -> None:
        self.states += 1
        deadline = self.deadline
        if deadline is not None and not self.states & 255 and time.perf_counter() > deadline:
            raise Timeout


class TrainSearch(Bounds):
    """The routes of one runner on one board."""

    def __init__(self, board: Board, runner: Runner, graph: StopGraph, clock: Clock):
        super().__init__(board, runner, graph)
        self.clock = clock
        self._static = self._starts(0, None)
        """The first stops with their bounds on the whole board, best first."""

    # -- the search -----------------------------------------------------

    def run(
        self,
        used: int,
        floor: Floor,
        offer: Offer,
        *,
        cap: int | None = None,
        worth: Worth | None = None,
    ) -> None:
        """Offer every route that avoids the ``used`` track and might be worth more than
        the ``floor`` (asked again as the search goes) — and at most ``cap``, if given.

        Routes are offered with their exact value (stops and bonuses, as
        :func:`framework.board.routes.revenue` counts them), best prospects first.
        While it runs, the search keeps the ``worth`` of the bound of what it has
        not yet tried in :attr:`Clock.frames`."""
        worth = worth or _same
        low = floor()
        if low > 0:  # maybe no route can beat the floor: then spare trying every first stop
            ceiling = self.global_bound(used)
            if ceiling <= low or (cap is not None and cap <= low):
                return
        starts = []
        for ub, v in self._static:  # a bound on the whole board bounds any part of it
            if (ub if cap is None else min(ub, cap)) <= low:
                break
            ub = self.bound(v, self.group[v], 1 << v, used, self.cost[v], self.value[v], False)
            starts.append((ub if cap is None else min(ub, cap), v))
        starts.sort(reverse=True)
        frames = self.clock.frames
        slot = len(frames)
        frames.append(worth(starts[0][0]) if starts else -1)
        done = 0  # first stops already searched: later routes may not end there
        for k, (ub, v) in enumerate(starts):
            if ub <= floor():
                break
            frames[slot] = worth(starts[k + 1][0]) if k + 1 < len(starts) else -1
            state = (v, self.group[v], 1 << v, used, self.cost[v], self.value[v], False)
            self._grow(state, [(v, -1)], floor, offer, cap, worth, done)
            done |= 1 << v
        frames.pop()

    def root_bound(self, used: int) -> int:
        """At least the value of every route that avoids the ``used`` track."""
        starts = self._starts(used, None)
        return max(0, starts[0][0]) if starts else 0

    def _starts(self, used: int, cap: int | None) -> list[tuple[int, int]]:
        """The first stops with free track, with their bounds, best first."""
        starts = []
        for v in range(len(self.graph.nodes)):
            if self.never >> v & 1:
                continue
            if any(not mask & used for _, _, mask, _, _ in self.adjacency[v]):
                ub = self.bound(v, self.group[v], 1 << v, used, self.cost[v], self.value[v], False)
                starts.append((ub if cap is None else min(ub, cap), v))
        starts.sort(reverse=True)
        return starts

    def _grow(
        self,
        state: tuple[int, int, int, int, int, int, bool],
        trail: Trail,
        floor: Floor,
        offer: Offer,
        cap: int | None,
        worth: Worth,
        done: int,
    ) -> None:
        """Offer the route of ``state`` (if legal), then grow it by each chain from its
        last stop, the most promising first. Routes ending in ``done`` stops were
        searched from their other end."""
        v, _, seen, used, count, acc, ended = state
        low = floor()
        children = []
        alone = not seen & (seen - 1)  # v is the route's only stop so far
        if (count < self.limit or self.free) and (alone or (not ended and self.passable[v])):
            children = self._children(state, low, cap, done)
        frames = self.clock.frames
        slot = len(frames)
        frames.append(worth(children[0][0]) if children else -1)
        if (
            not alone
            and seen & self.tokens
            and not done >> v & 1
            and self.bonus.enough(seen)
            and not self.bonus.too_few_stops(seen)
        ):
            value = self.valued(seen, acc)
            if value > low and (cap is None or value <= cap):
                offer(value, used, trail)
        self.clock.tick()
        for k, (ub, chain, child) in enumerate(children):
            if ub <= floor():
                break
            frames[slot] = worth(children[k + 1][0]) if k + 1 < len(children) else -1
            trail.append((child[0], chain))
            self._grow(child, trail, floor, offer, cap, worth, done)
            trail.pop()
        frames.pop()

    def _children(
        self,
        state: tuple[int, int, int, int, int, int, bool],
        low: int,
        cap: int | None,
        done: int,
    ) -> list[tuple[int, int, tuple[int, int, int, int, int, int, bool]]]:
        """The states one chain further that might be worth more than ``low``, with
        their bounds, best first."""
        v, excluded, seen, used, count, acc, _ = state
        group, value, passable = self.group, self.value, self.passable
        tokens, limit, bonus = self.tokens, self.limit, self.bonus
        kinded = self.kinded
        cost, free = self.cost, self.free
        alone = not seen & (seen - 1)
        children = []
        for w, chain, mask, term_v, term_w in self.adjacency[v]:
            if excluded >> w & 1 or mask & used or (term_v and not alone) or count + cost[w] > limit:
                continue
            if kinded and not self.fits(seen | 1 << w):
                continue
            child = (
                w,
                excluded | group[w],
                seen | 1 << w,
                used | mask,
                count + cost[w],
                acc + value[w],
                term_w,
            )
            if (count + cost[w] >= limit and not free) or term_w or not passable[w]:  # it ends the route
                if done >> w & 1 or not child[2] & tokens:
                    continue
                ub = child[5] + bonus.exact(child[2], child[5])
            else:
                ub = self.bound(*child[:6], True, done)
            if cap is not None and ub > cap:
                ub = cap
            if ub > low:
                children.append((ub, chain, child))
        children.sort(key=_first, reverse=True)
        return children

    # -- results --------------------------------------------------------

    def route(self, train: str, trail: Trail) -> Route:
        """The :class:`Route` of a trail."""
        graph = self.graph
        stops = tuple(graph.nodes[v] for v, _ in trail)
        chains = tuple(graph.chain_paths(chain, trail[k][0]) for k, (_, chain) in enumerate(trail[1:]))
        return Route(train, stops, chains)


def _first(item: tuple[int, object, object]) -> int:
    return item[0]


def _same(value: int) -> int:
    return value
