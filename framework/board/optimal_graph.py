"""The stop graph: revenue centres joined by the chains of track between them.

A route (:mod:`framework.board.routes`) is a sequence of stops with a *chain* of
track paths between each two consecutive stops: a walk from one revenue centre
to another that passes no third one and never turns back inside a hex. Every
route is therefore a walk in the *stop graph*, whose vertices are the revenue
centres and whose edges are those chains — with one extra condition: the
chains of a route, and of all the company's routes in a turn, share no track.

"Sharing track" is 18xx.games' rule (reference §4.8, "segments are identified
per hex and edge", :func:`~framework.board.routes.track_of`): no track path and
no hex side twice, so two paths of one tile that meet at the same side —
Stockholm's four cities all reaching side 2, a junction tile's branches — cannot
both be used, nor can one side be crossed twice. Each path and each hex side (each
lane of a side that several tracks cross) is one bit of a chain's ``mask``, so "these
chains share no track" is a single ``&``.

:func:`stop_graph` enumerates every chain of a board once. A chain using a
superset of another chain's resources between the same two stops, ending the
same way, is dropped: any route through it could take the smaller chain
instead and stay legal, with the same stops.

The chains are walked on the board's track graph (:mod:`framework.board.graph`),
whose moves already never turn back inside a hex; the stop graph is a networkx
``MultiGraph`` (:attr:`StopGraph.g`: stops as vertices, each chain an edge keyed by
its index, with its ``mask`` and ``paths``), and the route search reads it as
:attr:`StopGraph.adjacency`, lists of plain tuples in chain order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import networkx as nx

from framework.board.board import Board
from framework.board.graph import Centre, PathState
from framework.board.routes import NodeRef, PathRef
from framework.title.faces import Face


@dataclass(frozen=True)
class Chain:
    """Track from stop ``a`` to stop ``b`` (indices into :attr:`StopGraph.nodes`)."""

    a: int
    b: int
    mask: int
    """The track resources the chain uses, as a bitset."""
    paths: tuple[PathRef, ...]
    """Its paths in walking order from ``a`` to ``b``."""
    terminal_a: bool
    """Whether it leaves ``a`` by a terminal path (then ``a`` must end the route)."""
    terminal_b: bool
    """Whether it enters ``b`` by a terminal path (then ``b`` must end the route)."""


@dataclass
class StopGraph:
    """Every revenue centre of a board that track reaches, and the chains between them."""

    nodes: list[NodeRef]
    index: dict[NodeRef, int]
    chains: list[Chain]
    resources: dict[PathRef, int]
    """Each track path's resources as a bitset: its own bit, and one bit for each side
    of its hex it reaches (for each lane of a side)."""
    g: nx.MultiGraph[int] = field(default_factory=nx.MultiGraph)
    """The stops (by index) and the chains between them (keyed by chain index, with the
    ``chain`` and its ``index``)."""
    adjacency: list[list[tuple[int, int, int, bool, bool]]] = field(default_factory=list)
    """For each stop ``u``, read off :attr:`g` in chain order: ``(v, chain index, mask,
    terminal at u, terminal at v)``."""

    def chain_paths(self, chain: int, start: int) -> tuple[PathRef, ...]:
        """The paths of a chain in walking order from ``start``."""
        c = self.chains[chain]
        return c.paths if start == c.a else tuple(reversed(c.paths))


_CACHE: WeakKeyDictionary[Board, tuple[dict[str, Face], StopGraph]] = WeakKeyDictionary()


def stop_graph(board: Board) -> StopGraph:
    """The stop graph of ``board``, cached until a tile on the board changes (tokens
    do not matter to it)."""
    faces = board.graph.faces
    cached = _CACHE.get(board)
    if cached is not None and cached[0] == faces:  # faces are shared: identity checks
        return cached[1]
    graph = _build(board)
    _CACHE[board] = (dict(faces), graph)
    return graph


def _build(board: Board) -> StopGraph:
    faces = board.graph.faces
    resources: dict[PathRef, int] = {}
    side_bits: dict[tuple[str, int, int], int] = {}  # by hex, edge and lane
    count = 0
    for hex_id in sorted(faces):
        for i, path in enumerate(faces[hex_id].paths):
            mask = 1 << count
            count += 1
            for end in (path.a, path.b):
                if end[0] == "edge":
                    side = (hex_id, end[1], path.lane_at(end)[1])
                    if side not in side_bits:
                        side_bits[side] = 1 << count
                        count += 1
                    mask |= side_bits[side]
            resources[hex_id, i] = mask
    walks: list[tuple[NodeRef, NodeRef, tuple[PathRef, ...], int]] = []
    graph = board.graph
    succ: Any = graph.moves()  # typed by the walk: a path state's moves lead on to centres or paths

    def walk(start: NodeRef, state: PathState, paths: tuple[PathRef, ...], mask: int) -> None:
        ref = state.track.ref
        bits = resources[ref]
        if mask & bits:
            return  # no path, nor hex side, twice
        walked = (*paths, ref)
        if state.exit is None:
            there: Centre
            for there in succ[state]:
                end = (there.hex, there.index)
                if end != start:
                    walks.append((start, end, walked, mask | bits))
            return
        for onward in succ[state]:
            walk(start, onward, walked, mask | bits)

    index: int | dict[NodeRef, int]  # a centre's part, then each stop's number
    for hex_id in sorted(faces):
        for part in range(len(faces[hex_id].nodes)):
            for state in succ[graph.centre(hex_id, part)]:
                walk((hex_id, part), state, (), 0)

    def terminal(ref: PathRef) -> bool:
        return faces[ref[0]].paths[ref[1]].terminal

    # Each chain was found from both ends; keep one direction, drop dominated ones.
    best: dict[tuple[NodeRef, NodeRef, bool, bool], list[tuple[int, tuple[PathRef, ...]]]] = {}
    for start, end, paths, mask in walks:
        if (start, end) > (end, start):
            continue
        key = (start, end, terminal(paths[0]), terminal(paths[-1]))
        best.setdefault(key, []).append((mask, paths))
    nodes = sorted({n for start, end, _, _ in walks for n in (start, end)})
    index = {n: i for i, n in enumerate(nodes)}
    chains: list[Chain] = []
    stops: nx.MultiGraph[int] = nx.MultiGraph()
    stops.add_nodes_from((i, {"stop": n}) for i, n in enumerate(nodes))
    for (start, end, term_a, term_b), found in sorted(best.items()):
        found.sort(key=lambda item: (item[0].bit_count(), item[1]))
        kept: list[int] = []
        for mask, paths in found:
            if any(k & mask == k for k in kept):
                continue  # a subset of its track already joins the same stops
            kept.append(mask)
            chain = Chain(index[start], index[end], mask, paths, term_a, term_b)
            stops.add_edge(chain.a, chain.b, key=len(chains), chain=chain, index=len(chains))
            chains.append(chain)
    return StopGraph(nodes, index, chains, resources, stops, _adjacency(stops))


def _adjacency(stops: nx.MultiGraph[int]) -> list[list[tuple[int, int, int, bool, bool]]]:
    """For each stop, its chains as the search reads them, in chain order."""
    adjacency: list[list[tuple[int, int, int, bool, bool]]] = []
    for u in range(stops.number_of_nodes()):
        around: list[tuple[int, tuple[int, int, int, bool, bool]]] = []
        for v, keyed in stops.adj[u].items():
            for data in keyed.values():
                c: Chain = data["chain"]
                k: int = data["index"]
                near, far = (c.terminal_a, c.terminal_b) if c.a == u else (c.terminal_b, c.terminal_a)
                around.append((k, (v, k, c.mask, near, far)))
        adjacency.append([entry for _, entry in sorted(around)])
    return adjacency
