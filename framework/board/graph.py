"""The track graph: where a walk along track can be, as a networkx directed graph.

Its vertices are the *states* of a walk:

* revenue centres ``("node", hex, i)`` — ``i`` is the part index on the face;
* path states ``("path", hex, i, k)``: on track path ``i`` of the hex, come in at its
  end ``k`` (0: its ``a`` end, 1: its ``b`` end) and going to the other end.

Its arcs are the moves:

* from a revenue centre onto each path of its hex that reaches it;
* from a path state to the revenue centre at its far end;
* from a path state whose far end is a hex side across that side, onto each path of
  the neighbouring hex that reaches the side (none across an impassable border).

So 18xx.games' "a walk never turns back inside a hex" is structure: a path reaching a
side goes on only across it, never onto another path of its own hex. Each path state
carries what the walk's other rules ask: ``path`` (the track path, one resource whatever
the direction), ``sides`` (the hex sides it reaches), ``exit`` (the side it leaves by,
if any), ``junction`` (other paths of its hex reach that side too), ``terminal`` (its
far centre ends a walk) and ``from_node`` (it was entered at a revenue centre).

The graph is updated hex by hex when a tile is laid (:meth:`TrackGraph.set_face`),
never rebuilt whole. :meth:`TrackGraph.walk` (a company's network) and the route
search's stop graph (:mod:`framework.board.optimal_graph`) read it; why their searches
are written here rather than taken from networkx is in docs/routes.md ("What networkx
does").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import networkx as nx

from framework.board.hexmap import HexMap
from framework.title.faces import Face

NodeKey = tuple[str, str, int]
"""A revenue centre: ``("node", hex, index)``."""

State = tuple[Any, ...]
"""A vertex of the track graph: a revenue centre or ``("path", hex, i, k)``."""


def node_key(hex_id: str, index: int) -> NodeKey:
    return ("node", hex_id, index)


def path_state(hex_id: str, index: int, end: int) -> State:
    """On path ``index`` of ``hex_id``, come in at its end ``end`` (0: ``a``, 1: ``b``)."""
    return ("path", hex_id, index, end)


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
    """The graph of all track on the map (see the module's text)."""

    def __init__(self, hexmap: HexMap):
        self.hexmap = hexmap
        self.g: nx.DiGraph[State] = nx.DiGraph()
        self.faces: dict[str, Face] = {}

    def moves(self) -> tuple[dict[State, dict[State, Any]], dict[State, dict[str, Any]]]:
        """The graph's own dictionaries, read only: each state's successors and each
        state's attributes. The walks read them as networkx's own algorithms do; its
        views would cost a wrapper object on every step."""
        return self.g._succ, self.g._node  # type: ignore[attr-defined]  # networkx's storage, not in its stubs

    def set_face(self, hex_id: str, face: Face) -> None:
        """Put ``face`` on ``hex_id``, replacing what was there: its states go, the new
        face's come, with the moves inside the hex and across its sides both ways."""
        g = self.g
        old = self.faces.get(hex_id)
        if old is not None:
            g.remove_nodes_from(self._layout(hex_id, old).states)
        self.faces[hex_id] = face
        layout = self._layout(hex_id, face)
        g.add_nodes_from(layout.nodes)
        g.add_edges_from(layout.arcs)
        g.add_edges_from(self._across(hex_id, face, layout))

    def _across(self, hex_id: str, face: Face, layout: _Layout) -> Iterator[tuple[State, State]]:
        """The moves across the sides of ``face`` on ``hex_id`` (its ``layout``): out of the
        hex onto the neighbours' paths, and from the neighbours' paths into the hex."""
        links = self.hexmap.links
        for edge in face.exits:
            there = links[hex_id][edge]
            if there is not None and there[0] in self.faces:
                onward = self._layout(there[0], self.faces[there[0]]).entering.get(there[1], ())
                yield from ((u, v) for u in layout.leaving[edge] for v in onward)
            yield from ((u, v) for u in self._into(hex_id, edge) for v in layout.entering[edge])

    def _into(self, hex_id: str, edge: int) -> list[State]:
        """The neighbour's path states that leave it across ``edge`` of ``hex_id``."""
        there = self.hexmap.across(hex_id, edge)
        if there is None or there[0] not in self.faces or self.hexmap.links[there[0]][there[1]] is None:
            return []
        return self._layout(there[0], self.faces[there[0]]).leaving.get(there[1], [])

    def _layout(self, hex_id: str, face: Face) -> _Layout:
        """The states and inner moves of ``face`` on ``hex_id``, made once per title (the
        map keeps them)."""
        found = self.hexmap.layouts.get((hex_id, id(face)))
        if found is None or found[0] is not face:
            found = self.hexmap.layouts[(hex_id, id(face))] = (face, _Layout.of(hex_id, face))
        return found[1]  # type: ignore[return-value]  # the map keeps layouts untyped

    def walk(
        self,
        starts: Iterable[NodeKey],
        passable: Callable[[NodeKey], bool],
        laid: tuple[str, Face] | None = None,
    ) -> Reach:
        """What a company's stations at ``starts`` reach along track (its network).

        Each station is walked from separately, the company's other stations ending
        that walk, and what the walks reach together is the network. A walk goes depth
        first along the graph's moves, in the order the tiles list their paths. It never
        walks a path twice or enters a revenue centre twice, never leaves a hex by a side
        it is already crossing on the way here, and stops at a revenue centre that is not
        ``passable`` or that it entered by a terminal path. Where two paths of a tile share
        a side (a junction), the search beyond that side is exhaustive: whatever it marks
        there is unmarked again when it backs out, so every way on is tried. This is what
        18xx.games counts as connected.

        With ``laid`` (a hex and a face), the walk is on the track as it would be with that
        face on that hex; the graph is unchanged.
        """
        reach = Reach()
        faces = self.faces
        succ, state_of = self.moves()
        if laid is not None:
            faces = {**faces, laid[0]: laid[1]}
            succ, state_of = self._with_face(laid[0], laid[1])
        starts = [s for s in dict.fromkeys(starts) if s[1] in faces]
        for start in starts:
            _Walk(succ, state_of, reach, passable, starts).from_station(start)
        reach.ports.update((h, e) for h, i in reach.paths for e in faces[h].path_edges[i])
        return reach

    def _with_face(
        self, hex_id: str, face: Face
    ) -> tuple[dict[State, dict[State, Any]], dict[State, dict[str, Any]]]:
        """The graph's moves and states as :meth:`set_face` would make them, in copies of
        its dictionaries: the hex's new states, and the neighbours' states that lead into
        the hex leading into the new ones."""
        moves, states = self.moves()
        succ, state_of = dict(moves), dict(states)
        layout = self._layout(hex_id, face)
        for state, attributes in layout.nodes:
            state_of[state] = attributes
            succ[state] = {}
        for edge in face.exits | self.faces[hex_id].exits:  # the neighbours' ways in start anew
            for u in self._into(hex_id, edge):
                succ[u] = {}
        for u, v in chain(layout.arcs, self._across(hex_id, face, layout)):
            succ[u][v] = None  # only fresh dictionaries: the graph's own stay as they are
        return succ, state_of


def _end(face: Face, i: int, end: tuple[str, int]) -> int:
    """Which end (0: ``a``, 1: ``b``) of path ``i`` is ``end``."""
    return 0 if face.paths[i].a == end else 1


@dataclass
class _Layout:
    """A face's part of the track graph on one hex: its states with their attributes,
    the moves inside the hex, and by hex side the states that leave and enter there."""

    states: list[State]
    nodes: list[tuple[State, dict[str, Any]]]
    arcs: list[tuple[State, State]]
    leaving: dict[int, list[State]]
    """The path states whose far end is the side, in the tile's order."""
    entering: dict[int, list[State]]
    """The path states entered at the side, in the tile's order."""

    @classmethod
    def of(cls, hex_id: str, face: Face) -> _Layout:
        nodes: list[tuple[State, dict[str, Any]]] = [
            (node_key(hex_id, n), {"kind": centre.kind}) for n, centre in enumerate(face.nodes)
        ]
        leaving: dict[int, list[State]] = {e: [] for e in face.exits}
        entering: dict[int, list[State]] = {e: [] for e in face.exits}
        for i, path in enumerate(face.paths):
            sides = tuple((hex_id, e) for e in face.path_edges[i])
            for k, (near, far) in enumerate(((path.a, path.b), (path.b, path.a))):
                exit_ = (hex_id, far[1]) if far[0] == "edge" else None
                state = path_state(hex_id, i, k)
                attributes = {
                    "path": (hex_id, i),
                    "sides": sides,
                    "exit": exit_,
                    "junction": exit_ is not None and len(face.at_edge[far[1]]) > 1,
                    "terminal": path.terminal,
                    "from_node": near[0] == "node",
                }
                nodes.append((state, attributes))
                if far[0] == "edge":
                    leaving[far[1]].append(state)
        for e in face.exits:
            entering[e] = [path_state(hex_id, i, _end(face, i, ("edge", e))) for i in face.at_edge[e]]
        arcs: list[tuple[State, State]] = []
        for n, at in enumerate(face.at_node):
            arcs += [(node_key(hex_id, n), path_state(hex_id, i, _end(face, i, ("node", n)))) for i in at]
        for i, path in enumerate(face.paths):
            for k, far in enumerate((path.b, path.a)):
                if far[0] == "node":
                    arcs.append((path_state(hex_id, i, k), node_key(hex_id, far[1])))
        return cls([state for state, _ in nodes], nodes, arcs, leaving, entering)


class _Walk:
    """One station's depth-first walk over the track graph (see :meth:`TrackGraph.walk`)."""

    def __init__(
        self,
        succ: dict[State, dict[State, Any]],
        state_of: dict[State, dict[str, Any]],
        reach: Reach,
        passable: Callable[[NodeKey], bool],
        stations: list[NodeKey],
    ):
        self.succ = succ
        self.state = state_of
        self.reach = reach
        self.passable = passable
        self.through: dict[NodeKey, bool] = {}
        """``passable``, asked once per revenue centre."""
        self.stations = stations
        self.nodes: set[NodeKey] = set()
        self.paths: set[tuple[str, int]] = set()
        self.crossing: set[tuple[str, int]] = set()
        """The hex sides the walk is crossing on its way here."""
        self.stops: set[NodeKey] = set()

    def from_station(self, start: NodeKey) -> None:
        self.nodes = {s for s in self.stations if s != start}
        self.reach.nodes.add(start)
        self.node(start, False)
        self.reach.most_stops = max(self.reach.most_stops, len(self.stops))
        self.reach.nodes |= self.stops

    def node(self, node: NodeKey, exhaustive: bool) -> None:
        if node in self.nodes:
            return
        self.nodes.add(node)
        for state in self.succ[node]:
            self.path(state, exhaustive, node)
        if exhaustive:
            self.nodes.discard(node)

    def path(self, state: State, exhaustive: bool, origin: NodeKey) -> None:
        info = self.state[state]
        key = info["path"]
        paths = self.paths
        if key in paths:
            return
        crossing = self.crossing
        if crossing:
            for side in info["sides"]:
                if side in crossing:
                    return
        paths.add(key)
        self.reach.paths.add(key)
        if info["from_node"]:
            self.stops.add(origin)
        side = info["exit"]
        if side is None:
            for there in self.succ[state]:
                self.stops.add(there)
                if info["terminal"] or there == origin:
                    continue
                walkable = self.through.get(there)
                if walkable is None:
                    walkable = self.through[there] = self.passable(there)
                if walkable:
                    self.node(there, exhaustive)
        else:
            onward = self.succ[state]
            if onward:
                junction = exhaustive or info["junction"]
                crossing.add(side)
                for there in onward:
                    self.path(there, junction, origin)
                crossing.discard(side)
        if exhaustive:
            paths.discard(key)
