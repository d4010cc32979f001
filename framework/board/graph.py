"""The track graph: every laid and preprinted track path as a networkx graph.

Graph nodes are

* revenue centres ``("node", hex, i)`` — ``i`` is the part index on the face;
* ports ``("port", hex, edge)`` — where track of a hex reaches one of its edges.

Graph edges are

* track paths, inside one hex, keyed by ``path=(hex, i)`` (``i`` indexes the face's paths);
* crossings between the ports of two neighbouring hexes whose track meets across
  their common side (``crossing=True``).

A walk along track alternates: a path brings it to a port, the port is crossed,
and a path of the next hex takes it on — it never turns back inside a hex (no
reversing at a junction). :meth:`TrackGraph.walk` follows that rule.

The graph is updated hex by hex when a tile is laid (:meth:`TrackGraph.set_face`),
never rebuilt whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import networkx as nx

from framework.board.hexmap import HexMap
from framework.title.faces import Face

NodeKey = tuple[str, str, int]
"""``("node", hex, index)`` or ``("port", hex, edge)``."""


def node_key(hex_id: str, index: int) -> NodeKey:
    return ("node", hex_id, index)


def port_key(hex_id: str, edge: int) -> NodeKey:
    return ("port", hex_id, edge)


@dataclass
class Reach:
    """What a walk from some starting revenue centres reaches."""

    nodes: set[NodeKey] = field(default_factory=set)
    """Revenue centres reached (the starts included)."""
    ports: set[tuple[str, int]] = field(default_factory=set)
    """``(hex, edge)`` of every side a walked path reaches."""
    paths: set[tuple[str, int]] = field(default_factory=set)
    """Track paths walked."""
    most_stops: int = 0
    """The most revenue centres one station's walk reached (its own included): two make a
    route."""


class TrackGraph:
    """The graph of all track on the map."""

    def __init__(self, hexmap: HexMap):
        self.hexmap = hexmap
        self.g: nx.Graph[NodeKey] = nx.Graph()
        self.faces: dict[str, Face] = {}

    def set_face(self, hex_id: str, face: Face) -> None:
        """Put ``face`` on ``hex_id``, replacing what was there."""
        old = self.faces.get(hex_id)
        if old is not None:
            self.g.remove_nodes_from([node_key(hex_id, i) for i in range(len(old.nodes))])
            self.g.remove_nodes_from([port_key(hex_id, e) for e in old.exits])
        self.faces[hex_id] = face
        for i, node in enumerate(face.nodes):
            self.g.add_node(node_key(hex_id, i), kind=node.kind)
        for i, path in enumerate(face.paths):
            a, b = (self._key(hex_id, end) for end in (path.a, path.b))
            self.g.add_edge(a, b, path=(hex_id, i), terminal=path.terminal)
        impassable = self.hexmap.impassable[hex_id]
        for edge in face.exits:
            there = self.hexmap.across(hex_id, edge)
            if there is None or edge in impassable:
                continue
            other = self.faces.get(there[0])
            if other is not None and there[1] in other.exits:
                self.g.add_edge(port_key(hex_id, edge), port_key(*there), crossing=True)

    @staticmethod
    def _key(hex_id: str, end: tuple[str, int]) -> NodeKey:
        return node_key(hex_id, end[1]) if end[0] == "node" else port_key(hex_id, end[1])

    def walk(self, starts: Iterable[NodeKey], passable: Callable[[NodeKey], bool]) -> Reach:
        """What a company's stations at ``starts`` reach along track (its network).

        Each station is walked from separately, the company's other stations ending
        that walk, and what the walks reach together is the network. A walk goes depth
        first, trying paths in the order the tile lists them. It never walks a path
        twice or enters a revenue centre twice, never leaves a hex by a side it is
        already crossing on the way here, never turns back inside a hex, and stops at
        a revenue centre that is not ``passable`` or that it entered by a terminal path.
        Where two paths of a tile share a side (a junction), the search beyond that
        side is exhaustive: whatever it marks there is unmarked again when it backs
        out, so every way on is tried. This is what 18xx.games counts as connected.
        """
        reach = Reach()
        starts = [s for s in dict.fromkeys(starts) if s[1] in self.faces]
        for start in starts:
            _Walk(self, reach, passable, starts).from_station(start)
        return reach


class _Walk:
    """One station's depth-first walk (see :meth:`TrackGraph.walk`)."""

    def __init__(
        self, graph: TrackGraph, reach: Reach, passable: Callable[[NodeKey], bool], stations: list[NodeKey]
    ):
        self.faces = graph.faces
        self.links = graph.hexmap.links
        self.reach = reach
        self.passable = passable
        self.stations = stations
        self.nodes: set[NodeKey] = set()
        self.paths: set[tuple[str, int]] = set()
        self.crossing: dict[tuple[str, int], int] = {}
        self.stops: set[NodeKey] = set()

    def from_station(self, start: NodeKey) -> None:
        self.nodes = {s for s in self.stations if s != start}
        self.reach.nodes.add(start)
        self.node(start, False)
        self.reach.most_stops = max(self.reach.most_stops, len(self.stops))

    def node(self, node: NodeKey, exhaustive: bool) -> None:
        if node in self.nodes:
            return
        self.nodes.add(node)
        _, hex_id, index = node
        for i in self.faces[hex_id].at_node[index]:
            self.path(hex_id, i, None, exhaustive, node)
        if exhaustive:
            self.nodes.discard(node)

    def path(self, hex_id: str, i: int, entered: int | None, exhaustive: bool, origin: NodeKey) -> None:
        key = (hex_id, i)
        paths = self.paths
        if key in paths:
            return
        face = self.faces[hex_id]
        edges = face.path_edges[i]
        crossing = self.crossing
        for e in edges:
            if crossing.get((hex_id, e)):
                return
        paths.add(key)
        reach = self.reach
        reach.paths.add(key)
        for e in edges:
            reach.ports.add((hex_id, e))
        terminal = face.paths[i].terminal
        there: NodeKey | tuple[str, int] | None
        for n in face.path_nodes[i]:
            there = ("node", hex_id, n)
            reach.nodes.add(there)
            self.stops.add(there)
            if not terminal and there != origin and self.passable(there):
                self.node(there, exhaustive)
        links = self.links[hex_id]
        for e in edges:
            if e == entered:
                continue
            there = links[e]
            if there is None:
                continue
            next_hex, next_edge = there
            onward = self.faces[next_hex].at_edge[next_edge]
            if not onward:
                continue
            junction = exhaustive or len(face.at_edge[e]) > 1
            crossing[(hex_id, e)] = crossing.get((hex_id, e), 0) + 1
            for j in onward:
                self.path(next_hex, j, next_edge, junction, origin)
            crossing[(hex_id, e)] -= 1
        if exhaustive:
            paths.discard(key)
