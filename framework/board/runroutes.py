"""Routes in the 18xx.games ``run_routes`` format, both ways.

18xx.games records a route as ``connections`` — one list of hexes per chain of
track between two stops, one entry per track path walked — plus the stop
``hexes``, their ``nodes`` (``hex-part``), ``revenue`` and ``revenue_str``.
:func:`route_from_json` rebuilds the track each chain follows (reference §f.2):
the chains are found from their hex lists, kept apart from the track already
used by the company's earlier routes (no path and no hex side twice), and
joined where consecutive chains share one stop. :func:`route_to_json` writes a route the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import product
from typing import Any

from framework.board.board import Board
from framework.board.routes import IllegalRoute, NodeRef, PathRef, Revenue, Route, track_of

Chain = tuple[NodeRef, NodeRef, tuple[PathRef, ...]]
"""A walk from one stop to another: its two ends and its paths in walking order."""


def chains_along(board: Board, hexes: list[str]) -> list[Chain]:
    """Every walk from a revenue centre of ``hexes[0]`` to one of ``hexes[-1]`` whose
    track paths lie in exactly ``hexes``, in that order; fewest paths first."""
    faces = board.graph.faces
    found: list[Chain] = []
    if not hexes or any(h not in faces for h in hexes):
        return found

    def walk(k: int, end: tuple[str, int], start: NodeRef, paths: list[PathRef]) -> None:
        hex_id = hexes[k]
        face = faces[hex_id]
        for i, path in enumerate(face.paths):
            if end not in (path.a, path.b) or (hex_id, i) in paths:
                continue
            other = path.b if path.a == end else path.a
            walked = [*paths, (hex_id, i)]
            if k == len(hexes) - 1:
                if other[0] == "node" and (hex_id, other[1]) != start:
                    found.append((start, (hex_id, other[1]), tuple(walked)))
                continue
            if other[0] != "edge":
                continue
            there = board.hexmap.across(hex_id, other[1])
            if there is None or there[0] != hexes[k + 1] or there[1] not in faces[there[0]].exits:
                continue
            walk(k + 1, ("edge", there[1]), start, walked)

    for index in range(len(faces[hexes[0]].nodes)):
        walk(0, ("node", index), (hexes[0], index), [])
    found.sort(key=lambda chain: len(chain[2]))
    return found


def parse_node(signature: str) -> NodeRef:
    """``"G10-2"`` → ``("G10", 2)``."""
    hex_id, _, part = signature.rpartition("-")
    return (hex_id, int(part))


def route_from_json(board: Board, owner: str, data: dict[str, Any], used: Iterable[PathRef] = ()) -> Route:
    """Rebuild a recorded route; ``used`` are the paths of the company's routes rebuilt
    before it. Raises :class:`IllegalRoute` when no track fits the record."""
    connections = data.get("connections") or []
    train = str(data.get("train", ""))
    taken = track_of(board, used)
    options: list[list[Chain]] = []
    for hexes in connections:
        chains = [c for c in chains_along(board, list(hexes)) if not taken & track_of(board, c[2])]
        if not chains:
            raise IllegalRoute("track", f"no free track runs {'-'.join(hexes)}")
        options.append(chains)
    if not options:
        raise IllegalRoute("two stops", "the route has no track")
    recorded = [parse_node(n) for n in data.get("nodes") or []]
    if len(options) == 1:
        own = [c for c in options[0] if _touches_own(board, owner, c)]
        start, end, paths = (own or options[0])[0]
        route = Route(train, (start, end), (paths,))
    else:
        best: tuple[int, Route] | None = None
        for combo in _joinable(board, options):
            candidate = _join(train, combo)
            score = sum(1 for stop in candidate.stops if stop in recorded)
            if best is None or score > best[0]:
                best = (score, candidate)
        if best is None:
            raise IllegalRoute("track", "the recorded chains do not join into one route")
        route = best[1]
    hexes = list(data.get("hexes") or [])
    if route.hexes() != hexes and list(reversed(route.hexes())) == hexes:
        route = reverse(route)
    return route


def reverse(route: Route) -> Route:
    """The same run, walked the other way."""
    return Route(
        route.train,
        tuple(reversed(route.stops)),
        tuple(tuple(reversed(chain)) for chain in reversed(route.chains)),
    )


def _touches_own(board: Board, owner: str, chain: Chain) -> bool:
    return any(owner in board.token_owners(stop) for stop in chain[:2])


def _joinable(board: Board, options: list[list[Chain]]) -> Iterator[list[Chain]]:
    """Combinations whose consecutive chains share exactly one stop and no track."""
    for combo in product(*options):
        track: set = set()
        ok = True
        for k, chain in enumerate(combo):
            mine = track_of(board, chain[2])
            if track & mine:
                ok = False
                break
            track |= mine
            if k and len({combo[k - 1][0], combo[k - 1][1]} & {chain[0], chain[1]}) != 1:
                ok = False
                break
        if ok:
            yield list(combo)


def _join(train: str, chains: list[Chain]) -> Route:
    """Turn consecutive chains into stops in walking order, each chain from stop to stop."""
    first_shared = ({chains[0][0], chains[0][1]} & {chains[1][0], chains[1][1]}).pop()
    stops = [chains[0][1] if chains[0][0] == first_shared else chains[0][0]]
    walked = []
    for chain in chains:
        start, end, paths = chain
        if start == stops[-1]:
            stops.append(end)
            walked.append(paths)
        else:
            stops.append(start)
            walked.append(tuple(reversed(paths)))
    return Route(train, tuple(stops), tuple(walked))


def route_to_json(route: Route, earned: Revenue) -> dict[str, Any]:
    """The 18xx.games form of a route."""
    return {
        "train": route.train,
        "connections": [[h for h, _ in chain] for chain in route.chains],
        "hexes": route.hexes(),
        "revenue": earned.total,
        "revenue_str": earned.text(route),
        "nodes": [f"{h}-{i}" for h, i in route.stops],
    }
