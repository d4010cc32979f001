"""Routes: which are legal, and what they earn.

A :class:`Route` is the run of one train: its stops in order and, between each
two consecutive stops, the chain of track paths it follows. The rules (rulebook
§10.2 and §10.5, reference §4.8):

* at least two stops, at most the train's distance (every revenue centre on a
  route is a stop; a train whose distance counts cities, towns and off-boards apart
  follows :mod:`framework.board.distance`);
* a city holding one of the company's tokens;
* no stop twice, and at most one stop of a group (Stockholm's cities);
* at a port, at least the port's ``stops`` (:mod:`framework.board.ports`);
* no passing through an off-board, through a revenue centre by a terminal path,
  or through a city whose every slot holds another company's token (tokens of
  companies the train may pass, such as the state railway for an E-train, count
  as empty);
* no track used twice, on this route or on the company's other routes this
  turn: neither a track path nor a hex side (18xx.games identifies track "per
  hex and edge", reference §4.8, so two paths of one tile that meet at the same
  side — Stockholm's cities, a junction's branches — cannot both be used; where
  several tracks cross a side, lanes, each lane is track of its own); a chain
  never turns back inside a hex, and crosses a side in lanes that meet.

Revenue is the value of the stops in the current phase, each bonus the route
earns (:mod:`framework.board.bonuses`; a revenue share is a part of the stops' value,
and a route stopping where one is earned may need more stops), and the train's multiplier on stops in
hexes holding the company's token; a distance by kind of stop pays the stops it
counts as paying, times their multiplier. A port paid by station earns once for each of
the company's stations on the route (:func:`at_ports`). A company's bonus per stop
visited (:class:`PerStop`) goes to every route, or to the route of the run visiting the
most stops (:func:`run_revenues`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from framework.board.board import Board
from framework.board.bonuses import BonusRules, Earned
from framework.board.distance import Distance
from framework.board.errors import BoardRuleError
from framework.board.graph import Resource
from framework.board.ports import beyond_once, fewest_stops
from framework.title.base import revenue_in_phase
from framework.title.faces import End, Face, Node
from framework.title.track import ONE_LANE, lanes_meet

NodeRef = tuple[str, int]
"""A revenue centre: ``(hex, part index)``."""
PathRef = tuple[str, int]
"""A track path: ``(hex, path index on the hex's face)``."""


class IllegalRoute(BoardRuleError):
    """A route that breaks a rule; the message names the rule."""


@dataclass(frozen=True)
class Route:
    """One train's run."""

    train: str
    """The train's id, e.g. ``D-0``."""
    stops: tuple[NodeRef, ...]
    chains: tuple[tuple[PathRef, ...], ...]
    """The paths between ``stops[i]`` and ``stops[i + 1]``, in walking order."""

    def paths(self) -> set[PathRef]:
        return {p for chain in self.chains for p in chain}

    def hexes(self) -> list[str]:
        """The hexes of the stops, in order."""
        return [h for h, _ in self.stops]


@dataclass(frozen=True)
class PerStop:
    """A bonus per stop a route visits, paying or not (a company's ``stop_bonus``)."""

    label: str
    """How it shows in the route's revenue text (the company's name)."""
    amount: int
    longest: bool = False
    """Only the run's route visiting the most stops earns it (:func:`run_revenues`)."""
    kinds: frozenset[str] | None = None
    """The kinds of stop (``city``, ``town``, ``offboard``) counted; ``None``: all."""

    def counts(self, kind: str) -> bool:
        """Whether a stop of ``kind`` counts for this bonus."""
        return self.kinds is None or kind in self.kinds


@dataclass(frozen=True)
class Runner:
    """Who runs a train, with what, in which phase."""

    owner: str
    colors: tuple[str, ...]
    """Tile colours of the current phase (stop values follow them)."""
    distance: int | None = None
    """Stops the train may count; ``None``: unlimited."""
    multiplier: int = 1
    """Stops in hexes holding the owner's token count this many times."""
    passes: frozenset[str] = frozenset()
    """Companies whose tokens do not block this train (the state railway for an E-train)."""
    bonuses: BonusRules = field(default_factory=BonusRules)
    train: str | None = None
    """The train type (or face) running: a revenue may name what it earns there."""
    by_kind: Distance | None = None
    """Its distance by kind of stop, for a train that counts cities, towns and
    off-boards apart (then ``distance`` is the most stops of all kinds)."""
    stop_times: tuple[tuple[str, int], ...] = ()
    """``(hex, times)``: stops in the hex count this many times their value (the
    owner's ``stop_multiplier``), on top of ``multiplier``."""
    per_stop: tuple[PerStop, ...] = ()
    """Bonuses per stop visited; :func:`revenue` pays those not kept for the longest route."""
    track_group: str = ""
    """Its train's track group: only routes of one group may not share track."""

    def earning_per_stop(self) -> Runner:
        """This runner with its bonuses for the longest route paid as if it were the
        longest (the route search designates one train at a time)."""
        if not any(p.longest for p in self.per_stop):
            return self
        return replace(self, per_stop=tuple(replace(p, longest=False) for p in self.per_stop))

    def times(self, hex_id: str, own_hexes: Iterable[str]) -> int:
        """How many times a stop in ``hex_id`` counts, given the owner's station hexes."""
        times = self.multiplier if hex_id in own_hexes else 1
        for where, more in self.stop_times:
            if where == hex_id:
                times *= more
        return times


@dataclass(frozen=True)
class Revenue:
    """What a route earns."""

    stops: int
    """The stops' values, with the train's multiplier."""
    bonuses: tuple[Earned, ...]

    @property
    def total(self) -> int:
        """The route's revenue: its stops and the bonuses that are not subsidies."""
        return self.stops + sum(b.amount for b in self.bonuses if not b.treasury)

    @property
    def subsidy(self) -> int:
        """What the route earns for the treasury alone (bonuses ``paid_to: treasury``)."""
        return sum(b.amount for b in self.bonuses if b.treasury)

    def text(self, route: Route) -> str:
        """The 18xx.games ``revenue_str``: stop hexes, then the bonuses."""
        return " + ".join(["-".join(route.hexes()), *(b.label for b in self.bonuses)])


def stop_value(board: Board, node: NodeRef, colors: tuple[str, ...], train: str | None = None) -> int:
    """A revenue centre's value in the phase with ``colors`` (to a ``train`` type its
    revenue may name)."""
    return revenue_in_phase(board.face(node[0]).nodes[node[1]].revenue, colors, train)


def track_of(board: Board, paths: Iterable[PathRef]) -> set[Resource]:
    """The track ``paths`` occupy: each path, and each hex side it reaches, as
    ``("path", hex, index)`` and ``("side", hex, edge)`` (``("side", hex, edge, lane)``
    for a lane of a side past its first). Two sets of paths share track when these sets
    meet."""
    layouts = board.graph.layouts  # TrackGraph.track, asked for every path of every route
    out: set[Resource] = set()
    for hex_id, index in paths:
        out |= layouts[hex_id].track[index]
    return out


def check_route(
    board: Board, runner: Runner, route: Route, used: Iterable[PathRef] = (), *, walked: bool = False
) -> None:
    """Raise :class:`IllegalRoute` unless ``route`` is legal, given the ``used`` paths
    of the company's other routes this turn. ``walked``: its chains were found along the
    track graph's moves (as :func:`~framework.board.runroutes.route_from_json` finds
    them), so each is known to lead from its stop to the next without passing another."""
    stops = route.stops
    if len(stops) < 2:
        raise IllegalRoute("two stops", "a route needs at least two stops")
    faces = board.graph.faces
    if runner.distance is not None and len(stops) > runner.distance:  # a stop takes 1 or 0
        length = sum(1 if node is None else node.visit_cost for node in (_node(faces, s) for s in stops))
        if length > runner.distance:
            raise IllegalRoute(
                "distance",
                f"train {route.train} counts {runner.distance} stops, the route has {length}",
            )
    for hex_id, index in stops:
        if hex_id not in faces or not 0 <= index < len(faces[hex_id].nodes):
            raise IllegalRoute("stops", f"there is no revenue centre {index} in {hex_id}")
    by_kind = runner.by_kind
    nodes = [] if by_kind is None else [faces[h].nodes[i] for h, i in stops]
    if by_kind is not None and by_kind.earn((n.kind, 0, n.visit_cost) for n in nodes) is None:
        raise IllegalRoute(
            "distance",
            f"train {route.train} visits {by_kind.describe()}, the route has "
            + ", ".join(f"{n} {kind}" for kind, n in _kinds(nodes).items()),
        )
    short = runner.bonuses.too_few_stops(route.hexes())
    if short is not None:
        raise IllegalRoute(
            "stops with a revenue share",
            f"a route stopping at a {short.name} needs {short.min_stops} stops, it has {len(stops)}",
        )
    if len(route.chains) != len(stops) - 1:
        raise IllegalRoute("track", "a route needs track between each two stops")
    if len(set(stops)) < len(stops):
        raise IllegalRoute("no stop twice", "the route visits a stop twice")
    fewest = fewest_stops(faces[h].nodes[i] for h, i in stops)
    if len(stops) < fewest:
        raise IllegalRoute(
            "port", f"a route stopping at a port needs {fewest} stops, this one has {len(stops)}"
        )
    groups = [faces[h].nodes[i].group for h, i in stops if faces[h].nodes[i].group]
    if len(set(groups)) < len(groups):
        raise IllegalRoute("one city of a group", "the route visits two cities of one group")
    if not any(
        runner.owner in board.token_owners((h, i)) for h, i in stops if faces[h].nodes[i].kind == "city"
    ):
        raise IllegalRoute("own station", f"the route has no city with a {runner.owner} token")
    if not walked:
        for k, chain in enumerate(route.chains):
            _walk(board, chain, stops[k], stops[k + 1])
    seen = track_of(board, used)
    for chain in route.chains:
        for path in chain:
            track = board.graph.track(*path)
            if track & seen:
                raise IllegalRoute("no track twice", f"track in {path[0]} is used twice")
            seen |= track
    for k in range(1, len(stops) - 1):
        _check_through(board, runner, stops[k], route.chains[k - 1][-1], route.chains[k][0])


def _walk(board: Board, chain: tuple[PathRef, ...], start: NodeRef, end: NodeRef) -> tuple[End, End]:
    """Check that ``chain`` leads from ``start`` to ``end`` without passing another stop."""
    faces = board.graph.faces
    if not chain:
        raise IllegalRoute("track", f"no track between {start[0]} and {end[0]}")
    at: tuple[str, End] = (start[0], ("node", start[1]))
    lane = ONE_LANE  # the lane of the side crossed into ``at``
    for n, (hex_id, index) in enumerate(chain):
        face = faces.get(hex_id)
        if face is None or not 0 <= index < len(face.paths):
            raise IllegalRoute("track", f"there is no track path {index} in {hex_id}")
        path = face.paths[index]
        if hex_id != at[0] or at[1] not in (path.a, path.b):
            raise IllegalRoute("track", f"the track does not continue through {hex_id}")
        if at[1][0] == "edge" and not lanes_meet(lane, path.lane_at(at[1])):
            raise IllegalRoute("track", f"the track does not go on in its lane into {hex_id}")
        other = path.b if path.a == at[1] else path.a
        if other[0] == "node":
            if n != len(chain) - 1 or (hex_id, other[1]) != end:
                raise IllegalRoute(
                    "every stop counts",
                    f"the route passes a revenue centre in {hex_id} without stopping",
                )
            return (path.a, other)
        there = board.hexmap.across(hex_id, other[1])
        if there is None or other[1] in board.hexmap.impassable[hex_id]:
            raise IllegalRoute("track", f"the track leaves the map at {hex_id}")
        if there[1] not in faces[there[0]].exits:
            raise IllegalRoute("track", f"the track in {hex_id} does not meet track in {there[0]}")
        at, lane = (there[0], ("edge", there[1])), path.lane_at(other)
    raise IllegalRoute("track", f"the track from {start[0]} does not reach {end[0]}")


def _check_through(board: Board, runner: Runner, stop: NodeRef, before: PathRef, after: PathRef) -> None:
    face = board.face(stop[0])
    node = face.nodes[stop[1]]
    where = stop[0]
    if node.kind == "offboard":
        raise IllegalRoute("off-board", f"the route passes through the off-board {where}")
    if face.paths[before[1]].terminal or face.paths[after[1]].terminal:
        raise IllegalRoute("terminal", f"the route passes through {where}, where track ends")
    if node.kind == "city" and board.blocks(stop, runner.owner, runner.passes):
        raise IllegalRoute("blocked city", f"the route passes through {where}, full of other tokens")


def revenue(board: Board, runner: Runner, route: Route) -> Revenue:
    """What a (legal) route earns. A train that pays fewer stops than it visits pays one
    of the owner's stations among them, and earns its bonuses only at the stops that pay,
    the paying stops chosen to earn the most."""
    own_hexes = board.token_hexes(runner.owner)
    hexes = route.hexes()
    values = [
        stop_value(board, node, runner.colors, runner.train) * runner.times(node[0], own_hexes)
        for node in route.stops
    ]
    ports = at_ports(board, runner, route)
    per_stop = _per_stop(board, runner, route, longest=False)
    if runner.by_kind is None:
        base = sum(values)
        return Revenue(base + ports, runner.bonuses.earned(board, hexes, base) + per_stop)
    nodes = [board.face(h).nodes[i] for h, i in route.stops]
    stops = [(n.kind, v, n.visit_cost) for n, v in zip(nodes, values, strict=True)]

    def bonus(paid: tuple[int, ...], value: int) -> int:
        return sum(
            e.amount for e in runner.bonuses.earned(board, [hexes[i] for i in paid], value) if not e.treasury
        )

    stations = frozenset(
        k
        for k, (node, stop) in enumerate(zip(nodes, route.stops, strict=True))
        if node.kind == "city" and runner.owner in board.token_owners(stop)
    )
    found = runner.by_kind.paying(stops, bonus, stations)
    if found is None:
        return Revenue(ports, per_stop)
    paid, value = found
    return Revenue(value + ports, runner.bonuses.earned(board, [hexes[i] for i in paid], value) + per_stop)


def run_revenues(board: Board, runs: Sequence[tuple[Runner, Route]]) -> list[Revenue]:
    """What each route of one company's run earns: :func:`revenue`, and for each bonus
    per stop kept for the longest route, the route visiting the most stops (on a tie,
    the train whose id sorts last) earns it."""
    out = [revenue(board, runner, route) for runner, route in runs]
    if not runs:
        return out
    kept = next((p for runner, _ in runs for p in runner.per_stop if p.longest), None)
    if kept is None:
        return out
    longest = max(range(len(runs)), key=lambda k: (_counted(board, kept, runs[k][1]), runs[k][1].train))
    runner, route = runs[longest]
    extra = _per_stop(board, runner, route, longest=True)
    if extra:
        out[longest] = replace(out[longest], bonuses=out[longest].bonuses + extra)
    return out


def _counted(board: Board, bonus: PerStop, route: Route) -> int:
    """How many of ``route``'s stops count for ``bonus``."""
    if bonus.kinds is None:
        return len(route.stops)
    return sum(1 for h, i in route.stops if bonus.counts(board.face(h).nodes[i].kind))


def _per_stop(board: Board, runner: Runner, route: Route, *, longest: bool) -> tuple[Earned, ...]:
    """The runner's bonuses per stop visited (those for the longest route, or the others)
    that ``route`` earns."""
    return tuple(
        Earned("per_stop", p.label, p.amount * _counted(board, p, route))
        for p in runner.per_stop
        if p.longest == longest
    )


def at_ports(board: Board, runner: Runner, route: Route) -> int:
    """What ``route`` earns at its ports beyond their value once (:mod:`framework.board.ports`)."""
    nodes = [board.face(h).nodes[i] for h, i in route.stops]
    if all(node.port is None for node in nodes):
        return 0
    values = [stop_value(board, stop, runner.colors, runner.train) for stop in route.stops]
    stations = sum(
        1
        for stop, node in zip(route.stops, nodes, strict=True)
        if node.kind == "city" and runner.owner in board.token_owners(stop)
    )
    return beyond_once(nodes, values, stations)


def _node(faces: Mapping[str, Face], stop: NodeRef) -> Node | None:
    face = faces.get(stop[0])
    return face.nodes[stop[1]] if face is not None and 0 <= stop[1] < len(face.nodes) else None


def _kinds(nodes: Iterable[Node]) -> dict[str, int]:
    """How many stops of each kind (that take some distance)."""
    out: dict[str, int] = {}
    for node in nodes:
        out[node.kind] = out.get(node.kind, 0) + node.visit_cost
    return out
