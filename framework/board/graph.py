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

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import networkx as nx

from framework.board.faces import Face
from framework.board.hexmap import HexMap

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
    """``(hex, edge)`` of every port the walk arrived at, from either side."""
    paths: set[tuple[str, int]] = field(default_factory=set)
    """Track paths walked."""


class TrackGraph:
    """The graph of all track on the map."""

    def __init__(self, hexmap: HexMap):
        self.hexmap = hexmap
        self.g = nx.Graph()
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

    def walk(
        self,
        starts: Iterable[NodeKey],
        passable: Callable[[NodeKey], bool],
    ) -> Reach:
        """Walk the track from ``starts`` (revenue centres), never turning back in a
        hex, never leaving a revenue centre that is not ``passable`` or that was
        entered by a terminal path (the starts may always be left)."""
        adj = self.g._adj  # networkx's own adjacency dicts: the walk is on every hot path
        reach = Reach()
        nodes, ports, paths = reach.nodes, reach.ports, reach.paths
        queue: deque[tuple[NodeKey, bool]] = deque()
        left: set[NodeKey] = set()  # revenue centres and crossed ports already walked on from
        for start in starts:
            if start in adj and start not in left:
                nodes.add(start)
                left.add(start)
                queue.append((start, True))
        while queue:
            here, at_start = queue.popleft()
            leaving_node = here[0] == "node"
            for there, data in adj[here].items():
                path = data.get("path")
                if path is None:
                    continue  # from a crossed port only paths lead on
                terminal = data["terminal"]
                if leaving_node and terminal and not at_start:
                    continue  # a terminal path ends a walk; only a start may be left by it
                paths.add(path)
                if there[0] == "node":
                    nodes.add(there)
                    if there not in left and not terminal and passable(there):
                        left.add(there)
                        queue.append((there, False))
                    continue
                ports.add((there[1], there[2]))
                for across, link in adj[there].items():
                    if "crossing" in link and across not in left:
                        left.add(across)
                        ports.add((across[1], across[2]))
                        queue.append((across, False))
        return reach
