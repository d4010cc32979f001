"""Upper bounds on what a route can still earn, for the route search.

:class:`Bounds` holds what one runner sees on one board — each stop's value
(with the train's multiplier on the owner's station hexes), whether the train
may pass through it, the owner's cities, groups, bonuses — and answers two
questions:

:meth:`Bounds.bound` — *a route so far ends at stop* ``v``; *what is any
extension worth at most?*

* the stops it could still visit are those *reachable* from ``v`` along chains
  that avoid the used track, without passing a visited stop, an off-board, a
  city full of other companies' tokens, or a stop entered by a terminal path;
* the ones the walk can pass *through* may all be collected, but of the dead
  ends (off-boards, blocked cities, stops entered by a terminal path) at most
  one — the route ends there;
* a train with a distance counts only its best remaining stops (one per group);
* bonuses are counted as if every stop collected were on the route (a revenue
  share as its percent of the bound without it)
  (:meth:`BonusTable.upper`), once for each choice of the dead end.

:meth:`Bounds.global_bound` — *what is any route avoiding the used track worth
at most?* The stops a route passes through are joined by chains that are
neither used nor terminal, so they lie in one *component* of the passable
stops; its two ends touch that component. networkx's ``connected_components``
of the passable stops and those chains gives, per component, its stops, and one pass
over the chains the stops around it: a bound for all first stops at
once, which lets a search with a high floor give up without trying any.
"""

from __future__ import annotations

from itertools import combinations

import networkx as nx

from framework.board.board import Board
from framework.board.graph import node_key
from framework.board.optimal_bonus import BonusTable, bits
from framework.board.optimal_graph import StopGraph
from framework.board.routes import Runner, stop_value


class Bounds:
    """What one runner can earn on one board, bounded."""

    def __init__(self, board: Board, runner: Runner, graph: StopGraph):
        self.graph = graph
        self.runner = runner
        nodes = graph.nodes
        n = len(nodes)
        own_hexes = board.token_hexes(runner.owner)
        self.base = [
            stop_value(board, node, runner.colors, runner.train) * runner.times(node[0], own_hexes)
            for node in nodes
        ]
        """Each stop's value to this runner, multiplier included."""
        faces = board.graph.faces
        self.kinds = [faces[h].nodes[i].kind for h, i in nodes]
        self.cost = [faces[h].nodes[i].visit_cost for h, i in nodes]
        """What each stop takes of the train's distance (1, or 0 for a stop visited free)."""
        self.free = sum(1 << i for i, cost in enumerate(self.cost) if not cost)
        """The stops that take none of the distance."""
        by_kind = runner.by_kind
        self.kinded = by_kind is not None
        """Whether the train's distance counts stops by kind."""
        self.value = (
            self.base
            if by_kind is None
            else [v * by_kind.rate(k) for v, k in zip(self.base, self.kinds, strict=True)]
        )
        """The most each stop can earn (a distance by kind of stop may pay it less)."""
        self.never = 0
        if by_kind is not None:
            self.never = sum(
                1 << i for i, k in enumerate(self.kinds) if self.cost[i] and not by_kind.visits(k)
            )
        """Stops the train may not visit (a kind its distance does not count, unless
        visited free)."""
        through = board.passable(runner.owner, runner.passes)
        self.passable = [through(node_key(*node)) for node in nodes]
        self.tokens = sum(1 << i for i, node in enumerate(nodes) if runner.owner in board.token_owners(node))
        """The owner's cities."""
        names = [faces[h].nodes[i].group for h, i in nodes]
        groups: dict[str, int] = {}
        for i, name in enumerate(names):
            if name is not None:
                groups[name] = groups.get(name, 0) | 1 << i
        self.group = [
            (groups[name] if name is not None else 1 << i) | self.never for i, name in enumerate(names)
        ]
        """For each stop, the bitset of its group (itself alone when it has none), and
        the stops the train may not visit: what visiting it excludes."""
        self.by_value = sorted(range(n), key=lambda i: -self.value[i])
        self.bonus = BonusTable(board, runner, graph)
        self._valued: dict[int, int] = {}
        """What routes earn, by their stops (a train counting stops by kind)."""
        self.limit = runner.distance if runner.distance is not None else n
        """The most stops a route may have."""
        paying = by_kind.pay_limit if by_kind is not None else None
        self.pay_room = self.limit if paying is None else min(self.limit, paying)
        """The most stops of a route that pay (a distance by kind may pay fewer than it
        visits: 1867's towns only fill the cities' room)."""
        self._kind_names = sorted(set(self.kinds)) if by_kind is not None else []
        self._kind_masks = [
            sum(1 << i for i, k in enumerate(self.kinds) if k == kind and self.cost[i])
            for kind in self._kind_names
        ]
        """For a distance by kind of stop: the stops of each kind that take distance."""
        self._fits: dict[tuple[int, ...], bool] = {}
        self.adjacency = graph.adjacency
        self._prepare_walk()
        self._prepare_sums(groups)

    def _prepare_walk(self) -> None:
        """Per stop, the neighbours its chains reach, for walks where none of them is used."""
        n = len(self.graph.nodes)
        self.track = [0] * n
        """All track of the chains at each stop."""
        self.reach_inner = [0] * n
        """Stops reached by the chains that may leave a stop passed through."""
        self.onward_inner = [0] * n
        """… of which those the walk may pass through in turn."""
        self.reach_start = [0] * n
        self.onward_start = [0] * n
        """The same for the route's first stop, which may be left by a terminal path."""
        for u, chains in enumerate(self.adjacency):
            for w, _, mask, term_u, term_w in chains:
                bit = 1 << w
                onward = 0 if term_w or not self.passable[w] else bit
                self.track[u] |= mask
                self.reach_start[u] |= bit
                self.onward_start[u] |= onward
                if not term_u:
                    self.reach_inner[u] |= bit
                    self.onward_inner[u] |= onward

    def _prepare_sums(self, groups: dict[str, int]) -> None:
        """Tables to add up the values of a bitset of stops a byte at a time."""
        n = len(self.graph.nodes)
        self.ungrouped = (1 << n) - 1
        for mask in groups.values():
            self.ungrouped &= ~mask
        self.groups = [
            [(self.value[i], 1 << i) for i in sorted(bits(mask), key=lambda i: -self.value[i])]
            for mask in groups.values()
        ]
        self.tables = []
        for base in range(0, n, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                i = base + low.bit_length() - 1
                table[byte] = table[byte ^ low] + (self.value[i] if i < n else 0)
            self.tables.append(table)

    # -- a distance by kind of stop ------------------------------------------

    def fits(self, seen: int) -> bool:
        """Whether the ``seen`` stops (those that take distance) are within the train's
        distance by kind of stop (asked only of such a train)."""
        by_kind = self.runner.by_kind
        assert by_kind is not None
        counts = tuple((seen & mask).bit_count() for mask in self._kind_masks)
        known = self._fits.get(counts)
        if known is None:
            kinds = [k for k, c in zip(self._kind_names, counts, strict=True) for _ in range(c)]
            known = self._fits[counts] = by_kind.fits(kinds)
        return known

    def valued(self, seen: int, acc: int) -> int:
        """What a route stopping at the ``seen`` stops (worth ``acc`` at most before
        bonuses) earns with its bonuses, as :func:`framework.board.routes.revenue` values
        it: a train paying fewer stops than it visits earns bonuses at paying stops only."""
        by_kind, bonus = self.runner.by_kind, self.bonus
        if by_kind is None:
            return acc + bonus.exact(seen, acc)
        known = self._valued.get(seen)
        if known is not None:
            return known
        order = bits(seen)
        stops = [(self.kinds[i], self.base[i], self.cost[i]) for i in order]

        def mask(paid: tuple[int, ...]) -> int:
            return sum(1 << order[j] for j in paid)

        stations = frozenset(
            j for j, i in enumerate(order) if self.tokens >> i & 1 and self.kinds[i] == "city"
        )
        found = by_kind.paying(stops, lambda paid, worth: bonus.earned(mask(paid), worth), stations)
        paid, worth = found if found is not None else ((), 0)
        known = worth + bonus.earned(mask(paid), worth) + bonus.at_ports(seen) + bonus.visits(seen)
        self._valued[seen] = known
        return known

    # -- from a route's last stop -----------------------------------------

    def bound(
        self,
        v: int,
        excluded: int,
        seen: int,
        used: int,
        count: int,
        acc: int,
        inner: bool,
        done: int = 0,
    ) -> int:
        """At least the value of every route that extends the route so far — ``seen``
        stops (and the stops of their groups: ``excluded``), worth ``acc`` before
        bonuses, ``count`` of them, ending at ``v``, on the ``used`` track. The
        extension may not end in a ``done`` stop. ``inner``: ``v`` would be passed
        through (it is not the route's first stop). ``-1``: no extension is legal."""
        adjacency, passable, track = self.adjacency, self.passable, self.track
        reach_inner, onward_inner = self.reach_inner, self.onward_inner
        reached = 0
        through = 1 << v
        stack = [v]
        while stack:
            u = stack.pop()
            leaving_start = u == v and not inner
            if not track[u] & used:  # no chain of u is used: take them all at once
                if leaving_start:
                    reach, onward = self.reach_start[u], self.onward_start[u]
                else:
                    reach, onward = reach_inner[u], onward_inner[u]
                reached |= reach & ~excluded
                onward &= ~(excluded | through)
                through |= onward
                while onward:
                    low = onward & -onward
                    stack.append(low.bit_length() - 1)
                    onward ^= low
                continue
            for w, _, mask, term_u, term_w in adjacency[u]:
                if mask & used or excluded >> w & 1 or (term_u and not leaving_start):
                    continue
                bit = 1 << w
                reached |= bit
                if through & bit or term_w or not passable[w]:
                    continue
                through |= bit
                stack.append(w)
        through &= ~(1 << v)
        ends = reached & ~through & ~done
        if not seen & self.tokens and not reached & self.tokens:
            return -1
        room = min(self.limit - count, self.pay_room)
        free = self.free
        total, taken = self._sum(through & ~free)
        if taken <= room:
            spare = total
        elif room:  # only the best `room` stops count (one per group), or room - 1 with an end
            top = self._top(through & ~free, room)
            total, spare = top[room], top[room - 1]
        else:
            total = spare = 0
        if free:  # stops visited free all count, and a free end needs no room
            extra = self._sum(through & free)[0]
            total, spare = total + extra, spare + extra
        collected = seen | through
        bonus = self.bonus
        best = total + bonus.upper(collected)
        if ends:
            value = self.value
            plain = 0
            relevant = bonus.relevant
            while ends:
                low = ends & -ends
                ends ^= low
                i = low.bit_length() - 1
                if low & free:
                    base = total
                elif room:
                    base = spare
                else:
                    continue
                if low & relevant:
                    best = max(best, base + value[i] + bonus.upper(collected | low))
                elif base + value[i] > plain:
                    plain = base + value[i]
            if plain:
                best = max(best, plain + bonus.upper(collected))
        return acc + best + bonus.share_upper(seen | reached, acc + best) + bonus.visits(seen | reached)

    # -- for any route ----------------------------------------------------

    def global_bound(self, used: int) -> int:
        """At least the value of every route that avoids the ``used`` track."""
        passable, tokens, value, bonus = self.passable, self.tokens, self.value, self.bonus
        free = [c for c in self.graph.chains if not c.mask & used]
        # The passable stops, joined by the free chains a route may pass along both ways.
        joined: nx.Graph[int] = nx.Graph()
        joined.add_nodes_from(i for i, through in enumerate(passable) if through)
        joined.add_edges_from(
            (c.a, c.b) for c in free if passable[c.a] and passable[c.b] and not (c.terminal_a or c.terminal_b)
        )
        inside: list[int] = []
        part: dict[int, int] = {}
        for k, stops in enumerate(nx.connected_components(joined)):
            inside.append(sum(1 << i for i in stops))
            part.update(dict.fromkeys(stops, k))
        around = [0] * len(inside)
        best = -1
        for c in free:
            if passable[c.a] and not c.terminal_a:
                around[part[c.a]] |= 1 << c.b
            if passable[c.b] and not c.terminal_b:
                around[part[c.b]] |= 1 << c.a
            pair = 1 << c.a | 1 << c.b  # a route of these two stops alone
            if pair & tokens and not self.group[c.a] & 1 << c.b:
                worth = value[c.a] + value[c.b]
                best = max(best, worth + bonus.exact(pair, worth))
        for component, near in zip(inside, around, strict=True):
            ends = near & ~component
            if (component | ends) & tokens:
                best = max(best, self._component_bound(component, ends))
        return best

    def _component_bound(self, component: int, ends: int) -> int:
        """At least the value of a route through ``component`` with its ends in it or
        among ``ends``."""
        bonus, value, free = self.bonus, self.value, self.free
        top = self._top(component & ~free, self.pay_room)
        visited_free = self._sum(component & free)[0] if free else 0
        # The ends worth trying: each one a bonus looks at, and the two best others.
        plain = sorted((value[i] for i in bits(ends & ~bonus.relevant)), reverse=True)[:2]
        options = [(value[i], 1 << i) for i in bits(ends & bonus.relevant)]
        options += [(v, 0) for v in plain]
        best = top[-1] + visited_free + bonus.upper(component)
        for size in (1, 2):
            # an end visited free takes no room: with such stops, bound as if none did
            room = min(len(top) - 1, self.pay_room - (0 if free else size))
            if room < 0:
                break
            for chosen in combinations(options, size):
                extra = sum(v for v, _ in chosen)
                stops = component
                for _, bit in chosen:
                    stops |= bit
                best = max(best, top[room] + visited_free + extra + bonus.upper(stops))
        return best + bonus.share_upper(component | ends, best) + bonus.visits(component | ends)

    # -- sums ---------------------------------------------------------------

    def _sum(self, stops: int) -> tuple[int, int]:
        """The value of ``stops`` taking one stop per group, and how many stops count."""
        plain = stops & self.ungrouped
        total = 0
        m = plain
        for table in self.tables:
            total += table[m & 255]
            m >>= 8
        taken = plain.bit_count()
        for members in self.groups:
            for value, bit in members:
                if stops & bit:
                    total += value
                    taken += 1
                    break
        return total, taken

    def _top(self, stops: int, room: int) -> list[int]:
        """``top[k]``: the value of the best ``k`` of ``stops`` (one per group), for ``k``
        up to ``room`` or as many as there are."""
        value, group = self.value, self.group
        top = [0]
        groups_used = 0
        for i in self.by_value:
            if len(top) > room:
                break
            if not stops >> i & 1 or groups_used >> i & 1:
                continue
            groups_used |= group[i]
            top.append(top[-1] + value[i])
        return top
