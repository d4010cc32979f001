"""The track graph: where a walk along track can be, as a networkx directed graph.

Its vertices are the *states* of a walk:

* revenue centres (:class:`Centre`), named ``("node", hex, i)`` by their ``key`` (``i``
  is the part index on the face);
* path states (:class:`PathState`): on a track path (:class:`Track`) of the hex, come in
  at its end ``end`` (0: its ``a`` end, 1: its ``b`` end) and going to the other end.

Its arcs are the moves:

* from a revenue centre onto each path of its hex that reaches it;
* from a path state to the revenue centre at its far end;
* from a path state whose far end is a hex side across that side, onto each path of
  the neighbouring hex that reaches the side (none across an impassable border); where
  several tracks cross one side (lanes, :attr:`framework.title.track.Path.a_lane`), only
  onto the paths in the lane that meets its own.

So 18xx.games' "a walk never turns back inside a hex" is structure: a path reaching a
side goes on only across it, never onto another path of its own hex. Each path state
carries what the walk's other rules ask: its ``track`` (the path, one resource whatever
the direction, with the hex ``sides`` it reaches), ``exit`` (the side it leaves by, if
any), ``junction`` (other paths of its hex reach that side too, in the same lane),
``terminal`` (its far centre ends a walk) and ``from_node`` (it was entered at a revenue
centre).

The states of a face on a hex are made once per title and shared by its games, and a
state is equal only to itself: a walk's sets and the graph's dictionaries hash it by
identity, which is what makes the walk fast. :meth:`TrackGraph.centre` finds a centre
by hex and index.

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
from framework.title.track import ONE_LANE, lanes_meet

NodeKey = tuple[str, str, int]
"""A revenue centre's name: ``("node", hex, index)``."""


def node_key(hex_id: str, index: int) -> NodeKey:
    return ("node", hex_id, index)


@dataclass(frozen=True, eq=False, slots=True)
class Centre:
    """A revenue centre of a face on a hex, as a vertex of the track graph."""

    hex: str
    index: int
    """Its part index on the face."""
    kind: str
    """``city``, ``town`` or ``offboard``."""
    key: NodeKey
    ref: tuple[str, int]
    """``(hex, index)``."""
    route: str = "mandatory"
    """How it counts towards a route: ``mandatory``, ``optional`` or ``never``."""


@dataclass(frozen=True, eq=False, slots=True)
class Track:
    """A track path of a face on a hex: one resource of a walk, whichever way it goes."""

    hex: str
    index: int
    """Its index in the face's paths."""
    ref: tuple[str, int]
    """``(hex, index)``."""
    sides: tuple[tuple[str, int], ...]
    """The hex sides it reaches, as ``(hex, edge)``."""
    side_numbers: tuple[int, ...]
    """The lanes of those sides it takes, as the map numbers them
    (:meth:`HexMap.lane_number`; lane 0, the only one of most sides, is
    :attr:`HexMap.side_number`)."""


@dataclass(frozen=True, eq=False, slots=True)
class PathState:
    """On ``track``, come in at its end ``end`` (0: ``a``, 1: ``b``)."""

    track: Track
    end: int
    exit: tuple[str, int] | None
    """The side the far end leaves the hex by, or ``None`` at a revenue centre."""
    exit_number: int
    """The map's number of the lane of ``exit`` it leaves by (-1 for none)."""
    junction: bool
    """Other paths of the hex reach the side at the far end too, in the same lane."""
    terminal: bool
    """The far revenue centre ends a walk."""
    from_node: bool
    """Entered at a revenue centre."""
    entry_lane: tuple[int, int] = ONE_LANE
    """The lane of the side it is entered at (:attr:`framework.title.track.Path.a_lane`)."""
    exit_lane: tuple[int, int] = ONE_LANE
    """The lane of ``exit``: the move across the side goes on only into the neighbour's
    paths whose lane meets it (:func:`~framework.title.track.lanes_meet`)."""


State = Centre | PathState
"""A vertex of the track graph."""

Resource = tuple[str, str, int] | tuple[str, str, int, int]
"""Track a route uses: ``("path", hex, index)``, ``("side", hex, edge)``, or
``("side", hex, edge, lane)`` for a lane of a side other than its first (lane 0)."""


@dataclass
class Reach:
    """What a walk from some starting revenue centres reaches."""

    nodes: set[NodeKey] = field(default_factory=set)
    """Revenue centres reached (the starts included)."""
    ports: set[tuple[str, int]] = field(default_factory=set)
    """``(hex, edge)`` of every side a walked path reaches."""
    paths: set[tuple[str, int]] = field(default_factory=set)
    """Track paths walked."""
    station_stops: list[tuple[int, int]] = field(default_factory=list)
    """For each station's walk, the revenue centres it reached (its own included) that
    count towards a route: ``(mandatory, mandatory or optional)``."""

    @property
    def most_stops(self) -> int:
        """The most revenue centres counting towards a route that one station's walk
        reached: two make a route."""
        return max((counted for _, counted in self.station_stops), default=0)


@dataclass(frozen=True)
class Goal:
    """What a walk that stops at the first it finds looks for (:meth:`TrackGraph.finds`):
    each is something the network :meth:`TrackGraph.walk` finds would show, so the answer
    is the same as asking that network (:meth:`met_by`), without walking all of it."""

    sides: frozenset[tuple[str, int]] = frozenset()
    """A walked path reaching one of these sides (``(hex, edge)``): the network's ports."""
    paths: frozenset[tuple[str, int]] = frozenset()
    """One of these paths (``(hex, index)``) walked."""
    centres: frozenset[NodeKey] = frozenset()
    """One of these revenue centres reached."""
    stop: Callable[[NodeKey], bool] | None = field(default=None, compare=False)
    """A revenue centre reached for which this says yes."""
    stops: int = 0
    """One station's walk reaching this many revenue centres that count towards a route,
    its own included (two make a route; a stop whose ``route`` is ``never`` does not
    count)..."""
    mandatory: int = 0
    """... this many of them ``mandatory`` ones."""

    def met_by(self, reach: Reach) -> bool:
        """Whether the network ``reach`` shows what the goal looks for."""
        return (
            not self.sides.isdisjoint(reach.ports)
            or not self.paths.isdisjoint(reach.paths)
            or not self.centres.isdisjoint(reach.nodes)
            or (self.stop is not None and any(self.stop(key) for key in reach.nodes))
            or (
                self.stops > 0
                and any(m >= self.mandatory and n >= self.stops for m, n in reach.station_stops)
            )
        )

    def by_track(self, track: Track) -> bool:
        """Whether walking ``track`` meets the goal."""
        return track.ref in self.paths or not self.sides.isdisjoint(track.sides)

    def by_stop(self, centre: Centre, stops: set[Centre]) -> bool:
        """Whether reaching ``centre`` (one station's walk having reached ``stops``) meets
        the goal."""
        return (
            centre.key in self.centres
            or (self.stop is not None and self.stop(centre.key))
            or (self.stops > 0 and len(stops) >= self.stops and self._counted(stops))
        )

    def _counted(self, stops: set[Centre]) -> bool:
        mandatory, counted = route_stops(stops)
        return mandatory >= self.mandatory and counted >= self.stops


def route_stops(stops: Iterable[Centre]) -> tuple[int, int]:
    """How many of ``stops`` count towards a route: ``(mandatory, mandatory or optional)``."""
    mandatory = counted = 0
    for centre in stops:
        if centre.route == "mandatory":
            mandatory += 1
            counted += 1
        elif centre.route == "optional":
            counted += 1
    return mandatory, counted


class TrackGraph:
    """The graph of all track on the map (see the module's text)."""

    def __init__(self, hexmap: HexMap):
        self.hexmap = hexmap
        self.g: nx.DiGraph[State] = nx.DiGraph()
        self.faces: dict[str, Face] = {}
        self.layouts: dict[str, _Layout] = {}
        """Each hex's part of the graph, for the face on it now."""

    def moves(self) -> dict[State, dict[State, Any]]:
        """The graph's own dictionary of each state's successors, read only. The walks
        read it as networkx's own algorithms do; its views would cost a wrapper object on
        every step."""
        return self.g._succ  # type: ignore[attr-defined, no-any-return]  # networkx's storage, not in its stubs

    def centre(self, hex_id: str, index: int) -> Centre:
        """Revenue centre ``index`` of the face on ``hex_id``."""
        return self.layouts[hex_id].centres[index]

    def track(self, hex_id: str, index: int) -> frozenset[Resource]:
        """What track path ``index`` of the face on ``hex_id`` occupies: the path and
        each hex side it reaches, as ``("path", hex, index)`` and ``("side", hex, edge)``.
        Two sets of paths share track when these meet."""
        return self.layouts[hex_id].track[index]

    def looked_at(self, reach: Reach, hex_id: str) -> bool:
        """Whether the walk that found ``reach`` looked at the track of ``hex_id``: walked a
        path there, reached a revenue centre there, or walked a path to one of its sides
        from a neighbour. Track laid anywhere else cannot change what that walk finds."""
        ports = reach.ports
        if any(side in ports for side in self.hexmap.sides_around[hex_id]):
            return True
        return any(key[1] == hex_id for key in reach.nodes)

    def set_face(self, hex_id: str, face: Face) -> None:
        """Put ``face`` on ``hex_id``, replacing what was there: its states go, the new
        face's come, with the moves inside the hex and across its sides both ways."""
        g = self.g
        old = self.faces.get(hex_id)
        if old is not None:
            g.remove_nodes_from(self.layouts[hex_id].states)
        self.faces[hex_id] = face
        layout = self.layouts[hex_id] = self._layout(hex_id, face)
        g.add_nodes_from(layout.states)
        g.add_edges_from(layout.arcs)
        g.add_edges_from(self._across(hex_id, face, layout))

    def _across(self, hex_id: str, face: Face, layout: _Layout) -> Iterator[tuple[State, State]]:
        """The moves across the sides of ``face`` on ``hex_id`` (its ``layout``): out of the
        hex onto the neighbours' paths, and from the neighbours' paths into the hex."""
        links = self.hexmap.links
        for edge in face.exits:
            there = links[hex_id][edge]
            if there is not None and there[0] in self.faces:
                onward = self.layouts[there[0]].entering.get(there[1], ())
                yield from ((u, v) for u in layout.leaving[edge] for v in onward if _meet(u, v))
            yield from ((u, v) for u in self._into(hex_id, edge) for v in _onto(u, layout.entering[edge]))

    def ways_in(
        self, starts: Iterable[NodeKey], passable: Callable[[NodeKey], bool], hex_id: str
    ) -> list[PathState]:
        """For each station at ``starts`` (none of them on ``hex_id``) in the order
        :meth:`finds` walks from them, the path state of a neighbour on which its walk first
        comes to ``hex_id``, if it does. Up to that step each station's walk is the same
        whatever track lies on the hex, so one answer serves every tile a lay may put
        there (:meth:`entered`)."""
        succ, stations = self._start(starts, None)
        goal = Goal(sides=frozenset(side for side in self.hexmap.sides_around[hex_id] if side[0] != hex_id))
        through: dict[Centre, bool] = {}
        found: list[PathState] = []
        for start in stations:
            try:
                _walk_station(succ, passable, through, stations, start, set(), goal)
            except _Found as met:
                assert met.state is not None  # a goal of sides is met on a path
                found.append(met.state)
        return found

    def sides_reached(
        self, starts: Iterable[NodeKey], passable: Callable[[NodeKey], bool], hex_id: str
    ) -> frozenset[int]:
        """The edges of ``hex_id`` at which a walk from ``starts`` (none of them on the hex)
        might come to it from a neighbour, whatever track lies on the hex: a superset,
        found by following the graph's moves through every ``passable`` revenue centre,
        with no rule about paths or sides walked twice, and as if track on the hex joined
        every side to every other."""
        links = self.hexmap.links[hex_id]
        into: dict[State, int] = {state: edge for edge in range(6) for state in self._into(hex_id, edge)}
        out_of = [
            state
            for there in links
            if there is not None and there[0] in self.layouts
            for state in self.layouts[there[0]].entering.get(there[1], ())
        ]
        every = len(set(into.values()))  # the sides track leads to: the most there can be
        succ, stations = self._start(starts, None)
        seen: set[State] = set(stations)
        todo: list[State] = list(stations)
        reached: set[int] = set()
        while todo and len(reached) < every:
            state = todo.pop()
            edge = into.get(state)
            if edge is not None:
                reached.add(edge)
                onward: Iterable[State] = out_of if len(reached) == 1 else ()
            else:
                onward = succ[state]
            for there in onward:
                if there not in seen:
                    seen.add(there)
                    if not isinstance(there, Centre) or (there.hex != hex_id and passable(there.key)):
                        todo.append(there)
        return frozenset(reached)

    def entered(self, way_in: PathState, hex_id: str, face: Face) -> list[PathState]:
        """The path states of ``face``, laid on ``hex_id``, that a walk on ``way_in`` (a
        neighbour's path state leaving across a side of the hex) goes on to, in order."""
        assert way_in.exit is not None
        there = self.hexmap.across(*way_in.exit)
        if there is None or there[1] not in face.exits or way_in not in self._into(hex_id, there[1]):
            return []
        return list(_onto(way_in, self._layout(hex_id, face).entering[there[1]]))

    def _into(self, hex_id: str, edge: int) -> list[PathState]:
        """The neighbour's path states that leave it across ``edge`` of ``hex_id``."""
        there = self.hexmap.across(hex_id, edge)
        if there is None or there[0] not in self.layouts or self.hexmap.links[there[0]][there[1]] is None:
            return []
        return self.layouts[there[0]].leaving.get(there[1], [])

    def _layout(self, hex_id: str, face: Face) -> _Layout:
        """The states and inner moves of ``face`` on ``hex_id``, made once per title (the
        map keeps them)."""
        found = self.hexmap.layouts.get((hex_id, id(face)))
        if found is None or found[0] is not face:
            layout = _Layout.of(self.hexmap, hex_id, face)
            found = self.hexmap.layouts[(hex_id, id(face))] = (face, layout)
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
        succ, stations = self._start(starts, laid)
        walked: set[Track] = set()
        reached: set[Centre] = set(stations)
        through: dict[Centre, bool] = {}
        station_stops = []
        for start in stations:
            stops = _walk_station(succ, passable, through, stations, start, walked)
            station_stops.append(route_stops(stops))
            reached |= stops
        reach = Reach({c.key for c in reached}, set(), {t.ref for t in walked}, station_stops)
        for track in walked:
            reach.ports.update(track.sides)
        return reach

    def finds(
        self,
        starts: Iterable[NodeKey],
        passable: Callable[[NodeKey], bool],
        goal: Goal,
        laid: tuple[str, Face] | None = None,
        leaving: frozenset[int] | None = None,
    ) -> bool:
        """Whether the network :meth:`walk` finds from ``starts`` (with ``laid``, as there)
        shows what ``goal`` looks for: the same walk, stopped at the first it finds. With
        ``leaving`` (path indices of their faces), the walk leaves the start revenue
        centres only by those paths: whether track from them on finds the goal."""
        succ, stations = self._start(starts, laid)
        if leaving is not None:
            succ = _Overlay(
                succ,
                {
                    s: {m: None for m in succ[s] if isinstance(m, PathState) and m.track.index in leaving}
                    for s in stations
                },
            )
        if any(s.key in goal.centres or (goal.stop is not None and goal.stop(s.key)) for s in stations):
            return True  # a network reaches its own stations
        through: dict[Centre, bool] = {}
        try:
            for start in stations:
                _walk_station(succ, passable, through, stations, start, set(), goal)
        except _Found:
            return True
        return False

    def _start(
        self, starts: Iterable[NodeKey], laid: tuple[str, Face] | None
    ) -> tuple[dict[State, dict[State, Any]], list[Centre]]:
        """The moves a walk follows (with ``laid``, as if that face lay on that hex) and the
        revenue centres of ``starts`` it starts from, each once."""
        faces = self.faces
        succ = self.moves()
        if laid is not None:
            faces = {**faces, laid[0]: laid[1]}
            succ = self._with_face(laid[0], laid[1])
        stations = [
            self._layout(hex_id, faces[hex_id]).centres[index]
            for _, hex_id, index in dict.fromkeys(starts)
            if hex_id in faces
        ]
        return succ, stations

    def _with_face(self, hex_id: str, face: Face) -> dict[State, dict[State, Any]]:
        """The graph's moves as :meth:`set_face` would make them, over the graph's own
        (:class:`_Overlay`): the hex's new states, and the neighbours' states that lead into
        the hex leading into the new ones."""
        layout = self._layout(hex_id, face)
        fresh: dict[State, dict[State, Any]] = {state: {} for state in layout.states}
        for edge in face.exits | self.faces[hex_id].exits:  # the neighbours' ways in start anew
            for way_in in self._into(hex_id, edge):
                fresh[way_in] = {}
        for u, v in chain(layout.arcs, self._across(hex_id, face, layout)):
            fresh[u][v] = None  # only fresh dictionaries: the graph's own stay as they are
        return _Overlay(self.moves(), fresh)


def _meet(leaving: PathState, entering: PathState) -> bool:
    """Whether a walk leaving a side on ``leaving`` goes on onto ``entering`` across it:
    their lanes meet (every path without lanes meets every other)."""
    return leaving.exit_lane == entering.entry_lane == ONE_LANE or lanes_meet(
        leaving.exit_lane, entering.entry_lane
    )


def _onto(leaving: PathState, entering: Iterable[PathState]) -> Iterator[PathState]:
    """Those of ``entering`` (the paths entered at a side) that a walk leaving across the
    side on ``leaving`` goes on to."""
    return (v for v in entering if _meet(leaving, v))


def side_track(hex_id: str, edge: int, lane: int) -> Resource:
    """The track resource of lane ``lane`` of side ``edge`` of ``hex_id``."""
    return ("side", hex_id, edge) if lane == 0 else ("side", hex_id, edge, lane)


def _end(face: Face, i: int, end: tuple[str, int]) -> int:
    """Which end (0: ``a``, 1: ``b``) of path ``i`` is ``end``."""
    return 0 if face.paths[i].a == end else 1


@dataclass
class _Layout:
    """A face's part of the track graph on one hex: its states, the moves inside the
    hex, and by hex side the states that leave and enter there."""

    states: list[State]
    centres: list[Centre]
    arcs: list[tuple[State, State]]
    leaving: dict[int, list[PathState]]
    """The path states whose far end is the side, in the tile's order."""
    entering: dict[int, list[PathState]]
    """The path states entered at the side, in the tile's order."""
    track: list[frozenset[Resource]]
    """By path, the track it occupies (:meth:`TrackGraph.track`)."""

    @classmethod
    def of(cls, hexmap: HexMap, hex_id: str, face: Face) -> _Layout:
        centres = [
            Centre(hex_id, n, centre.kind, node_key(hex_id, n), (hex_id, n), centre.route)
            for n, centre in enumerate(face.nodes)
        ]
        states: list[State] = list(centres)
        by_end: dict[tuple[int, int], PathState] = {}
        leaving: dict[int, list[PathState]] = {e: [] for e in face.exits}
        occupied: list[frozenset[Resource]] = []
        for i, path in enumerate(face.paths):
            ends = [(end[1], path.lane_at(end)[1]) for end in (path.a, path.b) if end[0] == "edge"]
            sides = tuple((hex_id, e) for e, _ in ends)
            lanes = tuple(hexmap.lane_number((hex_id, e), lane) for e, lane in ends)
            track = Track(hex_id, i, (hex_id, i), sides, lanes)
            occupied.append(frozenset([("path", hex_id, i), *(side_track(hex_id, e, n) for e, n in ends)]))
            for k, (near, far) in enumerate(((path.a, path.b), (path.b, path.a))):
                exit_ = (hex_id, far[1]) if far[0] == "edge" else None
                far_lane = path.lane_at(far)
                state = by_end[i, k] = PathState(
                    track,
                    k,
                    exit_,
                    -1 if exit_ is None else hexmap.lane_number(exit_, far_lane[1]),
                    exit_ is not None
                    and any(
                        j != i and face.paths[j].lane_at(far)[1] == far_lane[1] for j in face.at_edge[far[1]]
                    ),
                    path.terminal,
                    near[0] == "node",
                    path.lane_at(near),
                    far_lane,
                )
                states.append(state)
                if exit_ is not None:
                    leaving[far[1]].append(state)
        entering = {e: [by_end[i, _end(face, i, ("edge", e))] for i in face.at_edge[e]] for e in face.exits}
        arcs: list[tuple[State, State]] = []
        for n, at in enumerate(face.at_node):
            arcs += [(centres[n], by_end[i, _end(face, i, ("node", n))]) for i in at]
        for i, path in enumerate(face.paths):
            for k, far in enumerate((path.b, path.a)):
                if far[0] == "node":
                    arcs.append((by_end[i, k], centres[far[1]]))
        return cls(states, centres, arcs, leaving, entering, occupied)


class _Overlay(dict[State, dict[State, Any]]):
    """Some states' moves, over the graph's (:attr:`base`) for every other state: a lay
    foreseen without copying the graph's dictionary or changing it."""

    __slots__ = ("base",)

    def __init__(self, base: dict[State, dict[State, Any]], own: dict[State, dict[State, Any]]):
        super().__init__(own)
        self.base = base

    def __missing__(self, state: State) -> dict[State, Any]:
        return self.base[state]


class _Found(Exception):
    """A walk looking for a goal (:meth:`TrackGraph.finds`) met it; ``state`` is the path
    state it met it on (``None``: at a revenue centre)."""

    def __init__(self, state: PathState | None = None):
        super().__init__()
        self.state = state


def _walk_station(
    succ: dict[State, dict[State, Any]],
    passable: Callable[[NodeKey], bool],
    through: dict[Centre, bool],
    stations: list[Centre],
    start: Centre,
    walked: set[Track],
    goal: Goal | None = None,
) -> set[Centre]:
    """One station's depth-first walk (see :meth:`TrackGraph.walk`): adds the paths it
    walks to ``walked`` and returns the revenue centres it reached. ``through`` keeps
    ``passable``'s answers for all the stations' walks. With a ``goal``, it raises
    :class:`_Found` as soon as what it walks or reaches meets it."""
    nodes = {s for s in stations if s is not start}
    paths: set[Track] = set()
    crossing: set[int] = set()  # the numbers of the hex sides crossed on the way here
    stops: set[Centre] = set()
    if goal is not None:  # what it looks for, read once (the walk asks at every step)
        goal_paths, goal_sides = goal.paths, goal.sides

    def node(here: Centre, exhaustive: bool) -> None:
        nodes.add(here)
        state: Any
        for state in succ[here]:  # paths entered at ``here``
            track = state.track
            if track not in paths and (not crossing or crossing.isdisjoint(track.side_numbers)):
                stops.add(here)
                if goal is not None and goal.by_stop(here, stops):
                    raise _Found
                path(state, exhaustive, here)
        if exhaustive:
            nodes.discard(here)

    def path(state: PathState, exhaustive: bool, origin: Centre) -> None:
        """Walk ``state``'s track (not walked yet, crossing no side crossed on the way)."""
        track = state.track
        paths.add(track)
        if goal is not None and (track.ref in goal_paths or not goal_sides.isdisjoint(track.sides)):
            raise _Found(state)  # goal.by_track(track)
        if exhaustive:
            walked.add(track)  # the others stay in ``paths`` to the end
        onward: Any = succ[state]
        side = state.exit_number
        if side < 0:
            there: Centre
            for there in onward:
                stops.add(there)
                if goal is not None and goal.by_stop(there, stops):
                    raise _Found
                if state.terminal or there is origin or there in nodes:
                    continue
                walkable = through.get(there)
                if walkable is None:
                    walkable = through[there] = passable(there.key)
                if walkable:
                    node(there, exhaustive)
        elif onward:
            crossing.add(side)
            beyond = exhaustive or state.junction
            for next_state in onward:
                ahead = next_state.track
                if ahead not in paths and crossing.isdisjoint(ahead.side_numbers):
                    path(next_state, beyond, origin)
            crossing.discard(side)
        if exhaustive:
            paths.discard(track)

    node(start, False)
    walked.update(paths)
    return stops
