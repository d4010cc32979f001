"""Benchmark: the engine's two track searches against networkx's own algorithms.

Run as ``python benchmarks/graph_search.py``. On every recorded ``run_routes`` position
of the bundled titles' real games (as ``benchmarks/routes.py`` finds them), both
searches read the same networkx track graph (:mod:`framework.board.graph`); this asks
what networkx's ready-made algorithms would give in their place, and at what cost:

* **a company's network** — :meth:`TrackGraph.walk`, 18xx.games' depth-first walk
  (exhaustive beyond a junction), for every company with a station, against
  ``networkx.generic_bfs_edges`` over the same graph with the same stops (blocked
  cities, terminal paths, the company's other stations) and no memory of the way
  walked: the seconds of each, and the networks where the breadth-first one reaches
  more (a path or a revenue centre no legal walk reaches);
* **the stop graph's chains** — the walk of :func:`framework.board.optimal_graph._build`
  (no path and no hex side twice) against ``networkx.all_simple_paths`` from each
  revenue centre to the others, kept when they use no track twice: the seconds of
  each, and whether both find the same chains.

It prints one line per title and one for all, then the ratios; docs/routes.md
("What networkx does") quotes them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.routes import all_positions, title_games
from framework.board.board import Board
from framework.board.graph import Centre, NodeKey, PathState, node_key
from framework.board.optimal_graph import _build
from framework.title.paths import bundled_titles


def bfs_reach(board: Board, owner: str) -> tuple[set[tuple[str, int]], set[NodeKey]]:
    """The paths and revenue centres a breadth-first search reaches from ``owner``'s
    stations, each station's search ended by the others, with no memory of the way."""
    graph = board.graph
    g = graph.g
    passable = board.passable(owner)
    stations = [graph.centre(h, i) for h, i in board.cities_of(owner)]
    paths: set[tuple[str, int]] = set()
    nodes: set[NodeKey] = {c.key for c in stations}
    for start in stations:

        def moves(state: Any, start: Centre = start) -> list[Any]:
            if isinstance(state, tuple):  # ("end", centre): reached, and may not be left
                return []
            if isinstance(state, Centre):
                if state is not start and (state in stations or not passable(state.key)):
                    return []
                return list(g.succ[state])
            if state.exit is None and state.terminal:
                return [("end", n) for n in g.succ[state]]
            return list(g.succ[state])

        for _, state in nx.generic_bfs_edges(g, start, neighbors=moves):
            if isinstance(state, PathState):
                paths.add(state.track.ref)
            else:
                nodes.add(state[1].key if isinstance(state, tuple) else state.key)
    return paths, nodes


def simple_path_chains(board: Board) -> set[tuple[tuple[str, int], tuple[str, int], tuple]]:
    """Every chain by ``networkx.all_simple_paths``: from a revenue centre through track
    states to another centre, passing none, kept when no path or hex side repeats."""
    g = board.graph.g
    centres = [n for n in g if isinstance(n, Centre)]
    found = set()
    for source in centres:
        view = nx.subgraph_view(
            g, filter_edge=lambda u, _v, source=source: not isinstance(u, Centre) or u is source
        )
        targets = [n for n in centres if n is not source]
        for walk in nx.all_simple_paths(view, source, targets):
            track = [s.track for s in walk[1:-1]]
            refs = [t.ref for t in track]
            sides = [side for t in track for side in t.sides]
            if len(set(refs)) == len(refs) and len(set(sides)) == len(sides):
                found.add(((source.hex, source.index), (walk[-1].hex, walk[-1].index), tuple(refs)))
    return found


def hand_chains(board: Board) -> set[tuple[tuple[str, int], tuple[str, int], tuple]]:
    """Every chain the stop graph's walk finds (both directions, before dominated chains go)."""
    graph = _build(board)
    out = set()
    for c in graph.chains:
        a, b = graph.nodes[c.a], graph.nodes[c.b]
        out.add((a, b, c.paths))
        out.add((b, a, tuple(reversed(c.paths))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", action="append", help="only this bundled title (repeatable)")
    args = parser.parse_args()
    root = bundled_titles()
    totals = [0, 0.0, 0.0, 0, 0, 0.0, 0.0, 0]
    print(
        f"{'title':<13} {'networks':>8} {'walk s':>8} {'bfs s':>8} {'bfs more':>8}  "
        f"{'boards':>6} {'chains s':>8} {'nx s':>8} {'differ':>6}"
    )
    for title, paths in title_games(args.title).items():
        row = [0, 0.0, 0.0, 0, 0, 0.0, 0.0, 0]
        for position in all_positions(root / title, paths, snapshot=True):
            board = position.board
            owners = sorted({o for slots in board.tokens.values() for o in slots if o is not None})
            for owner in owners:
                start = time.perf_counter()
                exact = board.graph.walk(
                    [node_key(h, i) for h, i in board.cities_of(owner)], board.passable(owner)
                )
                middle = time.perf_counter()
                bfs_paths, bfs_nodes = bfs_reach(board, owner)
                row[1] += middle - start
                row[2] += time.perf_counter() - middle
                row[0] += 1
                row[3] += bfs_paths != exact.paths or bfs_nodes != exact.nodes
            start = time.perf_counter()
            mine = hand_chains(board)
            middle = time.perf_counter()
            theirs = simple_path_chains(board)
            row[5] += middle - start
            row[6] += time.perf_counter() - middle
            row[4] += 1
            row[7] += mine != theirs
        totals = [t + r for t, r in zip(totals, row, strict=True)]
        print(_line(title, row))
    print(_line("all", totals))
    print(
        f"breadth-first / walk: {totals[2] / totals[1]:.2f}x the time, more reached in {totals[3]} of "
        f"{totals[0]} networks; all_simple_paths / chain walk: {totals[6] / totals[5]:.1f}x the time, "
        f"different chains on {totals[7]} of {totals[4]} boards"
    )


def _line(name: str, row: list) -> str:
    return (
        f"{name:<13} {row[0]:>8} {row[1]:>8.3f} {row[2]:>8.3f} {row[3]:>8}  "
        f"{row[4]:>6} {row[5]:>8.3f} {row[6]:>8.3f} {row[7]:>6}"
    )


if __name__ == "__main__":
    main()
