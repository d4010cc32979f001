"""Routes in the 18xx.games ``run_routes`` format, both ways.

18xx.games records a route as ``connections`` — one list of hexes per chain of
track between two stops, one entry per track path walked — plus the stop
``hexes``, their ``nodes`` (``hex-part``), ``revenue`` and ``revenue_str``.
:func:`route_from_json` rebuilds the track each chain follows (reference §f.2):
the chains are found from their hex lists, kept apart from the track already
used by the company's earlier routes (no path and no hex side twice), and
joined where consecutive chains share one stop. :func:`route_to_json` writes a route the same way.

Older files record some routes with only their stop ``hexes`` and ``revenue`` (the
oldest, every hex the route walks, plain track included). :func:`complete_routes`
rebuilds those from the board: :func:`routes_through`
lists every run of free track whose stops lie in those hexes, in the order
18xx.games tries recorded chains (by the revenue centres in part order, then
fewest track paths first, the first leg varying slowest), and the first one the
route rules accept and that earns the recorded revenue is taken — for all the
routes of the action together, so that an earlier route never takes track a
later one needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice, product
from typing import Any

from framework.board.board import Board
from framework.board.graph import Centre, PathState, Resource
from framework.board.routes import (
    IllegalRoute,
    NodeRef,
    PathRef,
    Revenue,
    Route,
    Runner,
    check_route,
    revenue,
    track_of,
)

Chain = tuple[NodeRef, NodeRef, tuple[PathRef, ...]]
"""A walk from one stop to another: its two ends and its paths in walking order."""


def chains_along(board: Board, hexes: list[str]) -> list[Chain]:
    """Every walk from a revenue centre of ``hexes[0]`` to one of ``hexes[-1]`` whose
    track paths lie in exactly ``hexes``, in that order; fewest paths first. The walks
    follow the moves of the board's track graph (:mod:`framework.board.graph`)."""
    faces = board.graph.faces
    found: list[Chain] = []
    if not hexes:
        return found
    for hex_id in hexes:
        if hex_id not in faces:
            return found
    graph = board.graph
    succ: Any = graph.moves()  # typed by the walk: a path state's moves lead on to centres or paths
    last = len(hexes) - 1
    walked: list[PathRef] = []  # the paths from the start to here

    def walk(k: int, state: PathState, start: NodeRef) -> None:
        ref = state.track.ref
        if ref in walked:
            return
        walked.append(ref)
        if state.exit is None:  # the path ends at a revenue centre
            if k == last:
                there: Centre
                for there in succ[state]:
                    if there.ref != start:
                        found.append((start, there.ref, tuple(walked)))
        elif k < last:
            ahead = hexes[k + 1]
            onward: PathState
            for onward in succ[state]:
                if onward.track.hex == ahead:
                    walk(k + 1, onward, start)
        walked.pop()

    first = hexes[0]
    beyond = hexes[1] if last else None
    neighbours = board.hexmap.neighbours
    for centre in graph.layouts[first].centres:
        for state in succ[centre]:
            exit_ = state.exit
            if beyond is None:  # a chain within one hex ends at a revenue centre of it
                leads_on = exit_ is None
            else:  # else its first path leaves toward the second hex
                leads_on = exit_ is not None and neighbours[first][exit_[1]] == beyond
            if leads_on:
                walk(0, state, centre.ref)
    found.sort(key=lambda chain: len(chain[2]))
    return found


def parse_node(signature: str) -> NodeRef:
    """``"G10-2"`` → ``("G10", 2)``; raises :class:`IllegalRoute` for anything else."""
    hex_id, _, part = str(signature).rpartition("-")
    if not hex_id or not part.isdigit():
        raise IllegalRoute("nodes", f"{signature!r} is not a stop like G10-0")
    return (hex_id, int(part))


def _node_on(board: Board, node: NodeRef) -> NodeRef:
    """A stop as game files number it (``("H3", 2)``), as the board does."""
    hex_id, part = node
    return (hex_id, board.face(hex_id).node_of(part)) if hex_id in board.graph.faces else node


def route_from_json(board: Board, owner: str, data: dict[str, Any], used: Iterable[PathRef] = ()) -> Route:
    """Rebuild a recorded route; ``used`` are the paths of the company's routes rebuilt
    before it. Raises :class:`IllegalRoute` when no track fits the record."""
    connections = data.get("connections") or []
    train = str(data.get("train", ""))
    taken = track_of(board, used)
    options: list[list[Chain]] = []
    for hexes in connections:
        chains = chains_along(board, list(hexes))
        if taken:
            chains = [c for c in chains if taken.isdisjoint(track_of(board, c[2]))]
        if not chains:
            raise IllegalRoute("track", f"no free track runs {'-'.join(hexes)}")
        options.append(chains)
    if not options:
        raise IllegalRoute("two stops", "the route has no track")
    recorded = [_node_on(board, parse_node(n)) for n in data.get("nodes") or []]
    if len(options) == 1:
        own = [c for c in options[0] if _touches_own(board, owner, c)] or options[0]
        stops = set(recorded)  # of two hexes' several stops (or lanes), the ones recorded
        start, end, paths = next((c for c in own if c[0] in stops and c[1] in stops), own[0])
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
    tracks = {id(chain): track_of(board, chain[2]) for chains in options for chain in chains}
    for combo in product(*options):
        track: set[Resource] = set()
        ok = True
        for k, chain in enumerate(combo):
            mine = tracks[id(chain)]
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


def route_to_json(board: Board, route: Route, earned: Revenue) -> dict[str, Any]:
    """The 18xx.games form of a route on ``board``."""
    return {
        "train": route.train,
        "connections": [[h for h, _ in chain] for chain in route.chains],
        "hexes": route.hexes(),
        "revenue": earned.total,
        "revenue_str": earned.text(route),
        "nodes": [f"{h}-{board.face(h).part_of(i)}" for h, i in route.stops],
    }


# -- routes recorded with only their stop hexes ----------------------------------------------

CANDIDATES = 2000
"""At most this many runs are tried for one route recorded with only its hexes."""


def collapsed(hexes: Iterable[str]) -> list[str]:
    """Hexes with consecutive repeats merged, as 18xx.games lists a route's stop hexes.

    >>> collapsed(["A1", "B2", "B2", "C3"])
    ['A1', 'B2', 'C3']
    """
    out: list[str] = []
    for h in hexes:
        if not out or out[-1] != h:
            out.append(h)
    return out


def legs_from(board: Board, start: NodeRef, target: str, taken: set[Resource]) -> list[Chain]:
    """Every walk of track from ``start`` to another revenue centre of hex ``target``
    that passes no revenue centre and uses none of the ``taken`` track (as
    :func:`~framework.board.routes.track_of` gives it), nor any track twice: by the
    centre reached, in part order, then fewest paths first."""
    faces = board.graph.faces
    found: dict[int, list[Chain]] = {}

    def walk(hex_id: str, end: tuple[str, int], walked: list[PathRef], track: set[Resource]) -> None:
        face = faces[hex_id]
        for index in face.paths_at(end):
            mine = board.graph.track(hex_id, index)
            if mine & track:
                continue
            path = face.paths[index]
            other = path.b if path.a == end else path.a
            paths = [*walked, (hex_id, index)]
            if other[0] == "node":
                if hex_id == target and (hex_id, other[1]) != start:
                    found.setdefault(other[1], []).append((start, (hex_id, other[1]), tuple(paths)))
                continue
            there = board.hexmap.across(hex_id, other[1])
            if there is None or other[1] in board.hexmap.impassable[hex_id]:
                continue
            if there[0] in faces and there[1] in faces[there[0]].exits:
                walk(there[0], ("edge", there[1]), paths, track | mine)

    walk(start[0], ("node", start[1]), [], set(taken))
    return [chain for part in sorted(found) for chain in sorted(found[part], key=lambda c: len(c[2]))]


def routes_through(
    board: Board, train: str, hexes: list[str], used: Iterable[PathRef] = ()
) -> Iterator[Route]:
    """Every run of ``train`` whose stops lie, in order, in ``hexes`` (consecutive
    stops in one hex count once, as 18xx.games lists them) on track not in ``used``:
    from the first hex's revenue centres in part order, each leg as
    :func:`legs_from` orders it, a leg to the next hex before one within the same
    hex. Only the track is followed here: :func:`~framework.board.routes.check_route`
    judges the rest."""
    faces = board.graph.faces
    target = collapsed(hexes)
    if not target or any(h not in faces for h in target):
        return

    def extend(
        stops: list[NodeRef], chains: list[tuple[PathRef, ...]], k: int, taken: set[Resource]
    ) -> Iterator[Route]:
        if k == len(target) - 1 and len(stops) >= 2:
            yield Route(train, tuple(stops), tuple(chains))
        for nxt in [k + 1, k] if k + 1 < len(target) else [k]:
            for _, end, paths in legs_from(board, stops[-1], target[nxt], taken):
                if end not in stops:
                    yield from extend([*stops, end], [*chains, paths], nxt, taken | track_of(board, paths))

    taken = track_of(board, used)
    for part in range(len(faces[target[0]].nodes)):
        yield from extend([(target[0], part)], [], 0, taken)


def complete_routes(
    board: Board,
    owner: str,
    routes: list[dict[str, Any]],
    runner_of: Callable[[str], Runner],
) -> list[dict[str, Any]]:
    """The recorded routes of one ``run_routes`` with every route's ``connections`` and
    ``nodes``: a route recorded without them is rebuilt from its ``hexes`` (see
    :func:`routes_through`) as the first run the route rules accept that earns the
    recorded ``revenue``, choosing for all the routes together; a route recorded
    with connections is rebuilt from them as usual. Raises :class:`IllegalRoute`
    saying why when no choice works."""
    why: dict[int, list[tuple[str, str]]] = {k: [] for k in range(len(routes))}

    def solve(k: int, used: dict[str, frozenset[PathRef]]) -> list[dict[str, Any]] | None:
        """Routes ``k`` on, each beside the track its track group's routes ``used``."""
        if k == len(routes):
            return []
        runner = runner_of(_train(routes[k]))
        group = runner.track_group
        mine = used.get(group, frozenset())
        for filled, route in _candidates(board, owner, routes[k], runner, mine, why[k]):
            rest = solve(k + 1, {**used, group: mine | route.paths()})
            if rest is not None:
                return [filled, *rest]
        return None

    done = solve(0, {})
    if done is None:
        k = max((i for i, found in why.items() if found), default=0)
        rule, message = why[k][0] if why[k] else ("track", "no run fits it")
        raise IllegalRoute(rule, f"train {_train(routes[k])}'s route {_stops_text(routes[k])}: {message}")
    return done


def _train(data: dict[str, Any]) -> str:
    return str(data.get("train", ""))


def _stops_text(data: dict[str, Any]) -> str:
    return "-".join(str(h) for h in data.get("hexes") or []) or "(no hexes)"


def _detail(exc: IllegalRoute) -> str:
    return str(exc).rsplit(" (", 1)[0]


def _runs(board: Board, train: str, listed: list[str], used: frozenset[PathRef]) -> Iterator[Route]:
    """The runs a route recorded with only ``hexes`` may be: first those stopping in every
    hex listed; then, as the oldest 18xx.games files list every hex a route walks (plain
    track too), those whose track walks exactly through the hexes listed, in order."""
    yield from routes_through(board, train, listed, used)
    if len(collapsed(listed)) > 2:
        yield from walks_along(board, train, listed, used)


def walks_along(board: Board, train: str, hexes: list[str], used: Iterable[PathRef] = ()) -> Iterator[Route]:
    """Every run of ``train`` on track not in ``used`` that walks through exactly ``hexes``
    (consecutive repeats counted once) in that order, from a revenue centre of the first
    to one of the last, stopping at every revenue centre its track reaches."""
    faces = board.graph.faces
    target = collapsed(hexes)
    if not target or any(h not in faces for h in target):
        return

    def walk(
        k: int,
        end: tuple[str, int],
        stops: list[NodeRef],
        chains: list[tuple[PathRef, ...]],
        chain: list[PathRef],
        taken: set[Resource],
    ) -> Iterator[Route]:
        hex_id = target[k]
        face = faces[hex_id]
        for index in face.paths_at(end):
            mine = board.graph.track(hex_id, index)
            if mine & taken:
                continue
            path = face.paths[index]
            other = path.b if path.a == end else path.a
            walked = [*chain, (hex_id, index)]
            if other[0] == "node":
                stop = (hex_id, other[1])
                if stop in stops:
                    continue
                done = [*chains, tuple(walked)]
                if k == len(target) - 1:
                    yield Route(train, (*stops, stop), tuple(done))
                yield from walk(k, ("node", other[1]), [*stops, stop], done, [], taken | mine)
                continue
            there = board.hexmap.across(hex_id, other[1])
            if k + 1 == len(target) or there is None or there[0] != target[k + 1]:
                continue
            if other[1] in board.hexmap.impassable[hex_id] or there[1] not in faces[there[0]].exits:
                continue
            yield from walk(k + 1, ("edge", there[1]), stops, chains, walked, taken | mine)

    taken = track_of(board, used)
    for part in range(len(faces[target[0]].nodes)):
        yield from walk(0, ("node", part), [(target[0], part)], [], [], taken)


def _candidates(
    board: Board,
    owner: str,
    data: dict[str, Any],
    runner: Runner,
    used: frozenset[PathRef],
    why: list[tuple[str, str]],
) -> Iterator[tuple[dict[str, Any], Route]]:
    """The ways one recorded route may run after the ``used`` track, each as the
    route's JSON with its connections and the route rebuilt from that JSON; when
    they run out, ``why`` gets the reason none (or no other) fits."""
    if data.get("connections"):
        try:
            route = route_from_json(board, owner, data, used)
            check_route(board, runner, route, used)
        except IllegalRoute as exc:
            why.append((exc.rule, _detail(exc)))
            return
        yield data, route
        return
    if data.get("revenue") is None:  # null, as 18xx.games reads it, is no revenue
        why.append(
            ("revenue", "recorded with neither connections nor a revenue (18xx.games cannot load it either)")
        )
        return
    recorded = int(data["revenue"])
    illegal: list[IllegalRoute] = []
    earns: set[int] = set()
    listed = [str(h) for h in data.get("hexes") or []]
    for route in islice(_runs(board, _train(data), listed, used), CANDIDATES):
        try:
            check_route(board, runner, route, used)
        except IllegalRoute as exc:
            illegal.append(exc)
            continue
        earned = revenue(board, runner, route)
        if earned.total != recorded:
            earns.add(earned.total)
            continue
        written = route_to_json(board, route, earned)
        filled = {**data, "connections": written["connections"], "nodes": written["nodes"]}
        filled.setdefault("revenue_str", written["revenue_str"])
        yield filled, route_from_json(board, owner, filled, used)
    if earns:
        values = " or ".join(str(v) for v in sorted(earns))
        why.append(("revenue", f"the legal runs through these hexes earn {values}, not {recorded}"))
    elif illegal:
        why.append((illegal[0].rule, f"no legal run fits these hexes; the first one: {_detail(illegal[0])}"))
    elif not data.get("hexes"):
        why.append(("track", "recorded with neither connections nor hexes"))
    else:
        why.append(("track", "no free track joins these stops in this order"))
