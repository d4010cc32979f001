"""Route bonuses for the search: exact values and optimistic bounds, by stop sets.

A route's bonuses (:meth:`BonusRules.earned`) depend only on *which* revenue
centres it stops at, and only on the few that matter to some bonus: those in a
hex showing an icon a title bonus or the marker looks for, in a hex a bonus
names, or in a hex holding a bonus token. :class:`BonusTable` keeps those
*relevant* stops as a bitset over the stop graph's nodes and answers

* :meth:`~BonusTable.exact` — what a route with these stops earns, computed by
  :meth:`BonusRules.earned` itself and cached, with what its ports pay beyond
  their value once (:mod:`framework.board.ports`), so the search values routes
  exactly as :func:`framework.board.routes.revenue` does;
* :meth:`~BonusTable.upper` — at most what any route whose stops lie within a
  set can earn: each bonus counted as if every stop of the set were on the
  route. It never falls below :meth:`exact` of a subset, even for bonuses whose
  amounts do not grow with more destinations.

A revenue share depends on the stops' value too: :meth:`~BonusTable.exact` is given
it, and :meth:`~BonusTable.share_upper` bounds the share of a bound.
"""

from __future__ import annotations

from collections.abc import Callable

from framework.board.board import Board
from framework.board.optimal_graph import StopGraph
from framework.board.routes import Runner, stop_value
from framework.title.bonuses import (
    AllHexesBonus,
    AllIconsBonus,
    DestinationsBonus,
    HexGroupsBonus,
    RevenueShareBonus,
)


class BonusTable:
    """Bonus values of one runner's routes on one board, by bitsets of stops."""

    def __init__(self, board: Board, runner: Runner, graph: StopGraph):
        self.board = board
        self.rules = runner.bonuses
        self.hexes = [h for h, _ in graph.nodes]
        icons = [board.icons(h) for h in self.hexes]

        def nodes_where(test: Callable[..., bool]) -> int:  # of a hex and its icons
            mask = 0
            for i, hex_id in enumerate(self.hexes):
                if test(hex_id, icons[i]):
                    mask |= 1 << i
            return mask

        def showing(icon: str) -> int:
            return nodes_where(lambda _h, shown: icon in shown)

        self._all: list[tuple[int, list[int]]] = []
        """Bonuses earned when every mask meets the stops: ``(amount, masks)``."""
        self._destinations: list[tuple[list[int], int, int]] = []
        """``(amounts, anchor mask, destinations mask)``."""
        self._tokens: tuple[int, list[int]] | None = None
        """Bonus tokens: ``(mask, amount by stop)``, earned at each stop."""
        self._marker: tuple[int, int] | None = None
        """The marker: ``(mask, amount)``."""
        self._shares: list[tuple[int, RevenueShareBonus]] = []
        """Revenue shares: ``(mask of the hexes' stops, bonus)``."""
        relevant = 0
        for bonus in self.rules.title:
            if bonus.paid_to == "treasury":  # a subsidy: not the route's revenue
                continue
            if isinstance(bonus, RevenueShareBonus):
                mask = nodes_where(lambda h, _s, b=bonus: h in b.hexes)
                self._shares.append((mask, bonus))
                relevant |= mask
                continue
            if isinstance(bonus, AllIconsBonus):
                masks = [showing(icon) for icon in bonus.icons]
            elif isinstance(bonus, AllHexesBonus):
                masks = [nodes_where(lambda h, _s, x=x: h == x) for x in bonus.hexes]
            elif isinstance(bonus, HexGroupsBonus):
                masks = [nodes_where(lambda h, _s, g=g: h in g) for g in bonus.groups]
            elif isinstance(bonus, DestinationsBonus):
                anchor, dest = showing(bonus.anchor), showing(bonus.destination)
                self._destinations.append((list(bonus.amounts), anchor, dest))
                relevant |= anchor | dest
                continue
            else:  # pragma: no cover - the Bonus union has no other kinds
                raise TypeError(f"the route search does not know bonus {bonus!r}")
            self._all.append((bonus.amount, masks))
            for mask in masks:
                relevant |= mask
        tokens = self.rules.tokens
        if tokens:
            per_node = [tokens.get(h, 0) for h in self.hexes]
            mask = sum(1 << i for i, amount in enumerate(per_node) if amount)
            self._tokens = (mask, per_node)
            relevant |= mask
        self._assigned: list[tuple[int, int]] = []
        """Bonuses assigned to hexes: ``(mask, amount)``."""
        for assigned in self.rules.assigned:
            mask = nodes_where(lambda h, _s, x=assigned.hex: h == x)
            if mask:
                self._assigned.append((mask, assigned.amount))
                relevant |= mask
        marker = self.rules.marker
        if marker is not None:
            mask = nodes_where(lambda h, _s: h == marker.hex)
            count = board.icons(marker.hex).count(marker.icon) if marker.hex in board.hexmap.hexes else 0
            if mask and count:
                self._marker = (mask, marker.amount * count)
                relevant |= mask
        nodes = [board.face(h).nodes[i] for h, i in graph.nodes]
        self._ports = [
            (i, stop_value(board, graph.nodes[i], runner.colors, runner.train))
            for i, node in enumerate(nodes)
            if node.port is not None and node.port.pays == "per_station"
        ]
        """Ports paid by station: ``(stop, value)``."""
        self._stations = sum(
            1 << i
            for i, node in enumerate(nodes)
            if node.kind == "city" and runner.owner in board.token_owners(graph.nodes[i])
        )
        """The owner's cities (what a port paid by station counts)."""
        if self._ports:
            relevant |= self._stations | sum(1 << i for i, _ in self._ports)
        self._fewest = [(1 << i, node.port.stops) for i, node in enumerate(nodes) if node.port is not None]
        """Ports, each with the fewest stops of a route stopping there."""
        self.relevant = relevant
        """The stops that matter to some bonus."""
        self.per_stop = [
            (sum(1 << i for i, node in enumerate(nodes) if p.counts(node.kind)), p.amount)
            for p in runner.per_stop
            if not p.longest
        ]
        """What a route earns for each stop it visits: ``(mask, amount)``, the stops that
        count for each bonus."""
        self._exact: dict[int, int] = {}
        self._upper: dict[int, int] = {}

    def exact(self, stops: int, worth: int = 0) -> int:
        """What a route stopping at ``stops`` (a bitset of nodes), whose stops earn
        ``worth``, earns in bonuses, its ports' and its bonuses per stop included."""
        return self.earned(stops, worth) + self.at_ports(stops) + self.visits(stops)

    def visits(self, stops: int) -> int:
        """What a route visiting ``stops`` earns from bonuses per stop visited (those the
        runner earns on every route; the longest route's are the run's, not the search's)."""
        if not self.per_stop:
            return 0
        return sum(amount * (stops & mask).bit_count() for mask, amount in self.per_stop)

    @property
    def shares(self) -> bool:
        """Whether some bonus is a share of the stops' value."""
        return bool(self._shares)

    def earned(self, stops: int, worth: int = 0) -> int:
        """What a route's bonuses earn at ``stops``, whose values sum to ``worth``, what
        its ports pay beyond their value aside."""
        key = stops & self.relevant
        value = self._exact.get(key)
        if value is None:
            hexes = [self.hexes[i] for i in bits(key)]
            value = sum(e.amount for e in self.rules.earned(self.board, hexes) if not e.treasury)
            self._exact[key] = value
        for mask, bonus in self._shares:
            if mask & stops:
                value += bonus.share(worth)
        return value

    def at_ports(self, stops: int) -> int:
        """What the ports among ``stops`` pay beyond their value once."""
        if not self._ports:
            return 0
        stations = (stops & self._stations).bit_count()
        return sum(v * (stations - 1) for i, v in self._ports if stops >> i & 1)

    def enough(self, stops: int) -> bool:
        """Whether a route stopping at ``stops`` has as many stops as its ports ask."""
        if not self._fewest:
            return True
        return stops.bit_count() >= max((n for mask, n in self._fewest if mask & stops), default=0)

    def too_few_stops(self, stops: int) -> bool:
        """Whether a route stopping at ``stops`` earns a revenue share needing more stops."""
        if not self._shares:
            return False
        count = stops.bit_count()
        return any(mask & stops and count < bonus.min_stops for mask, bonus in self._shares)

    def share_upper(self, stops: int, worth: int) -> int:
        """At least what revenue shares add to a route whose stops all lie in ``stops``
        and which earns at most ``worth`` without them."""
        return sum(worth * bonus.percent // 100 for mask, bonus in self._shares if mask & stops)

    def upper(self, stops: int) -> int:
        """At least what any route whose stops all lie in ``stops`` earns in bonuses."""
        key = stops & self.relevant
        value = self._upper.get(key)
        if value is None:
            value = self._upper[key] = self._bound(key)
        return value

    def _bound(self, stops: int) -> int:
        total = 0
        for amount, masks in self._all:
            if all(mask & stops for mask in masks):
                total += amount
        for amounts, anchor, dest in self._destinations:
            if anchor & stops:
                reached = (dest & stops).bit_count()
                if reached:
                    total += max(amounts[: min(reached, len(amounts))])
        if self._tokens is not None:
            mask, per_node = self._tokens
            total += sum(per_node[i] for i in bits(mask & stops))
        if self._marker is not None and self._marker[0] & stops:
            total += self._marker[1]
        stations = (stops & self._stations).bit_count()
        if stations > 1:
            total += sum(v * (stations - 1) for i, v in self._ports if stops >> i & 1)
        # a route may keep out of a hex whose assignment costs (a dump's): no bound from it
        total += sum(amount for mask, amount in self._assigned if mask & stops and amount > 0)
        return total


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
