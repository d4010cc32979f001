"""Track of the goods layer: tiles with owned segments, routes, links, and building.

A placed tile is a list of *segments*, each joining two ends inside its hex: hex
edges ``0``–``5`` or ``"T"``, the town of the hex. A *route* is a chain of
segments followed across hex sides; it ends at a *stop* — a city hex (any side
leads into it) or the town of a hex with track — or at a loose end. A *link* is
a route whose two ends are two different stops: the unit a good moves along.
Every segment has an owner or none; the building rules keep a route's segments
with one owner.

A build is checked as Age of Steam says (reference §3.4): on the map and not into
water, town hexes take town track, new segments connect to a city, to the
builder's track or to unowned track leading to its network, never join another
owner's segment, no route returns to its own stop, a replacement keeps every old
segment, tiles and town discs are limited, and an operator owns no more routes than it
has ownership markers (``goods.build.ownership_markers``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.api import GameError, Grid, opposite, rotate

if TYPE_CHECKING:
    from framework.api import Title

TOWN = "T"
End = int | str
"""A hex edge 0–5, or ``"T"``: the town of the hex."""


@dataclass
class Segment:
    ends: tuple[End, End]
    owner: str | None = None
    turn: int = 0
    """The game turn it was built or last extended (for incomplete track)."""


@dataclass
class Placed:
    """A track tile on the map."""

    tile: str
    rotation: int
    disc: bool = False
    """An ordinary tile on a town hex, its track ending at the town."""
    segments: list[Segment] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "rotation": self.rotation,
            "disc": self.disc,
            "segments": [[list(s.ends), s.owner, s.turn] for s in self.segments],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Placed:
        segments = [Segment((a, b), owner, turn) for (a, b), owner, turn in data["segments"]]
        return cls(data["tile"], data["rotation"], data["disc"], segments)


@dataclass(frozen=True)
class Stop:
    """Where a route ends: ``("city" | "town", hex)`` or ``("loose", hex, edge)``."""

    kind: str
    hex: str
    edge: int | None = None

    @property
    def is_stop(self) -> bool:
        return self.kind != "loose"


SegmentRef = tuple[str, int]
"""A segment: ``(hex, index in the placed tile)``."""


@dataclass(frozen=True)
class Route:
    segments: tuple[SegmentRef, ...]
    """In order from ``start`` to ``end``."""
    start: Stop
    end: Stop
    owner: str | None

    @property
    def is_link(self) -> bool:
        return self.start.is_stop and self.end.is_stop and self.start != self.end

    def key(self) -> frozenset[SegmentRef]:
        return frozenset(self.segments)

    def text(self) -> str:
        return "-".join(h for h, _ in self.segments)


def tile_segments(title: Title, name: str, rotation: int, disc: bool) -> list[tuple[End, End]]:
    """A tile's segments turned ``rotation`` sixths; with ``disc``, each ordinary
    segment becomes one spur from the town to each of its edges."""
    return list(map_info(title).segments(name, rotation, disc))


class MapInfo:
    """What never changes during a game, worked out once per title: neighbours, the
    sides track may point across, and the segments of every tile in every rotation."""

    def __init__(self, title: Title):
        self.title = title
        grid = Grid(title.map.layout, title.map.letters_are)
        hexes = title.map.hexes
        self.neighbours: dict[tuple[str, int], str | None] = {}
        for hex_id in hexes:
            for edge in range(6):
                there = grid.neighbour(hex_id, edge)
                self.neighbours[hex_id, edge] = there if there in hexes else None
        self.water = frozenset(h for h, hx in hexes.items() if hx.color == "blue")
        self.open_edges = {
            h: frozenset(
                e
                for e in range(6)
                if self.neighbours[h, e] is not None and self.neighbours[h, e] not in self.water
            )
            for h in hexes
        }
        self._segments: dict[tuple[str, int, bool], tuple[tuple[End, End], ...]] = {}
        self._rotations: dict[str, tuple[int, ...]] = {}

    def rotations(self, name: str) -> tuple[int, ...]:
        """The rotations of a tile that give different track."""
        found = self._rotations.get(name)
        if found is None:
            seen, out = set(), []
            for rotation in range(6):
                shape = frozenset(frozenset(s) for s in self.segments(name, rotation, False))
                if shape not in seen:
                    seen.add(shape)
                    out.append(rotation)
            found = self._rotations[name] = tuple(out)
        return found

    def segments(self, name: str, rotation: int, disc: bool) -> tuple[tuple[End, End], ...]:
        key = (name, rotation, disc)
        found = self._segments.get(key)
        if found is None:
            out: list[tuple[End, End]] = []
            for path in self.title.tiles[name].paths:
                ends = tuple(rotate(e, rotation) if isinstance(e, int) else TOWN for e in (path.a, path.b))
                if disc:
                    out.extend((e, TOWN) for e in ends if isinstance(e, int))
                else:
                    out.append(ends)  # type: ignore[arg-type]
            found = self._segments[key] = tuple(out)
        return found


_INFO: dict[int, MapInfo] = {}


def map_info(title: Title) -> MapInfo:
    """The title's :class:`MapInfo` (kept with a reference to the title, so ids are not reused)."""
    info = _INFO.get(id(title))
    if info is None or info.title is not title:
        info = _INFO[id(title)] = MapInfo(title)
    return info


def exits(segments: list[tuple[End, End]]) -> set[int]:
    return {e for pair in segments for e in pair if isinstance(e, int)}


class TrackMap:
    """The map as the goods layer sees it: cities, towns, water, terrain, and the
    track placed on it (``placed``, shared with the game state)."""

    def __init__(self, title: Title, placed: dict[str, Placed], new_cities: dict[str, str]):
        self.title = title
        self.placed = placed
        self.new_cities = new_cities
        """Town hex → the letter of the new city placed there."""
        self.info = map_info(title)
        self.goods = title.layer
        self._owned: dict[str, dict[SegmentRef, frozenset[SegmentRef]]] = {}
        """Cached :meth:`owned_routes`, cleared when the track changes."""

    # -- the map ---------------------------------------------------------------

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        return self.info.neighbours[hex_id, edge]

    def is_city(self, hex_id: str) -> bool:
        return hex_id in self.goods.cities or hex_id in self.new_cities

    def is_town(self, hex_id: str) -> bool:
        return bool(self.title.map.hexes[hex_id].towns) and hex_id not in self.new_cities

    def is_water(self, hex_id: str) -> bool:
        return hex_id in self.info.water

    def city_color(self, hex_id: str) -> str:
        if hex_id in self.new_cities:
            return self.goods.new_cities[self.new_cities[hex_id]].color
        return self.goods.cities[hex_id].color

    def open_edge(self, hex_id: str, edge: int) -> bool:
        """Track may point across this side: it leads to a hex of the map that is not water."""
        return edge in self.info.open_edges[hex_id]

    # -- routes ----------------------------------------------------------------

    def segment_at(self, hex_id: str, end: End) -> int | None:
        placed = self.placed.get(hex_id)
        if placed is None:
            return None
        for i, seg in enumerate(placed.segments):
            if end in seg.ends:
                return i
        return None

    def _walk(self, hex_id: str, index: int, leave: End) -> tuple[list[SegmentRef], Stop]:
        """Follow track from segment ``index`` of ``hex_id`` out through its end ``leave``."""
        walked: list[SegmentRef] = []
        seen = {(hex_id, index)}
        while True:
            if leave == TOWN:
                return walked, Stop("town", hex_id)
            there = self.neighbour(hex_id, leave)  # type: ignore[arg-type]
            if there is None:
                return walked, Stop("loose", hex_id, leave)  # type: ignore[arg-type]
            if self.is_city(there):
                return walked, Stop("city", there)
            arrive = opposite(leave)  # type: ignore[arg-type]
            nxt = self.segment_at(there, arrive)
            if nxt is None or (there, nxt) in seen:
                return walked, Stop("loose", hex_id, leave)  # type: ignore[arg-type]
            seen.add((there, nxt))
            walked.append((there, nxt))
            ends = self.placed[there].segments[nxt].ends
            leave = ends[1] if ends[0] == arrive else ends[0]
            hex_id = there

    def route(self, hex_id: str, index: int) -> Route:
        """The whole route through a segment."""
        a, b = self.placed[hex_id].segments[index].ends
        back, start = self._walk(hex_id, index, a)
        ahead, end = self._walk(hex_id, index, b)
        segments = (*reversed(back), (hex_id, index), *ahead)
        return Route(segments, start, end, self.placed[hex_id].segments[index].owner)

    def routes(self) -> list[Route]:
        """Every route on the map, once."""
        found: dict[frozenset[SegmentRef], Route] = {}
        covered: set[SegmentRef] = set()
        for hex_id in sorted(self.placed):
            for index in range(len(self.placed[hex_id].segments)):
                if (hex_id, index) in covered:
                    continue
                route = self.route(hex_id, index)
                covered.update(route.segments)
                found[route.key()] = route
        return list(found.values())

    def links(self) -> list[Route]:
        return [r for r in self.routes() if r.is_link]

    def owned_routes(self, owner: str) -> dict[SegmentRef, frozenset[SegmentRef]]:
        """Each segment of a route ``owner`` owns → that route (its key)."""
        found = self._owned.get(owner)
        if found is None:
            found = self._owned[owner] = {
                ref: route.key() for route in self.routes() if route.owner == owner for ref in route.segments
            }
        return found

    def markers(self, owner: str) -> int:
        """The ownership markers ``owner`` has on the map: one per route it owns."""
        return len(set(self.owned_routes(owner).values()))

    def markers_left(self, owner: str) -> int | None:
        """Ownership markers ``owner`` has not placed (``None``: there is no limit)."""
        limit = self.goods.build.ownership_markers
        return None if limit is None else limit - self.markers(owner)

    def set_owner(self, route: Route, owner: str | None, turn: int | None = None) -> None:
        self._owned.clear()
        for hex_id, index in route.segments:
            seg = self.placed[hex_id].segments[index]
            seg.owner = owner
            if turn is not None:
                seg.turn = turn

    # -- building --------------------------------------------------------------

    def tiles_left(self, name: str) -> int:
        used = sum(1 for p in self.placed.values() if p.tile == name)
        count = self.title.tiles[name].count
        return 10**9 if count == "unlimited" else count - used

    def discs_left(self) -> int:
        return self.goods.build.town_discs - sum(1 for p in self.placed.values() if p.disc)

    def plan(self, builder: str, hex_id: str, name: str, rotation: int) -> BuildPlan:
        """Check placing (or replacing with) tile ``name`` turned ``rotation`` in
        ``hex_id`` for ``builder``; raises :class:`GameError` naming the rule."""
        if hex_id not in self.title.map.hexes:
            raise GameError("map", f"there is no hex {hex_id}")
        if name not in self.title.tiles or name not in self.goods.tiles:
            raise GameError("tiles", f"there is no track tile {name!r}")
        if self.is_water(hex_id) or self.is_city(hex_id):
            raise GameError("build", f"no track may be built in {hex_id}")
        kind = self.goods.tiles[name]
        town = self.is_town(hex_id)
        if kind == "town" and not town:
            raise GameError("town tiles", f"a town tile goes only on a town hex, not {hex_id}")
        old = self.placed.get(hex_id)
        disc = town and kind != "town"
        if disc and (old is None or not old.disc) and self.discs_left() <= 0:
            raise GameError("town discs", "no town disc is left")
        if self.tiles_left(name) <= 0 and not (old is not None and old.tile == name):
            raise GameError("tile supply", f"no {name} tile is left")
        new = tile_segments(self.title, name, rotation % 6, disc)
        bad = sorted(e for e in exits(new) if not self.open_edge(hex_id, e))
        if bad:
            raise GameError(
                "build", f"track in {hex_id} may not point off the map or into water (side {bad[0]})"
            )
        if old is not None:
            remaining = list(range(len(new)))
            lost = []
            for seg in old.segments:
                match = next((i for i in remaining if set(new[i]) == set(seg.ends)), None)
                if match is None:
                    lost.append(seg)
                    continue
                remaining.remove(match)
            added = remaining
            if lost:
                added = self._redirected(builder, hex_id, town, lost, [new[i] for i in added], added)
                cost = self.goods.build.costs.redirect
            elif not added:
                raise GameError("keep track", f"the new tile in {hex_id} adds no track")
            else:
                cost = self._replace_cost(town, kind)
        else:
            added = list(range(len(new)))
            cost = self._new_cost(hex_id, town, kind, new)
        plan = BuildPlan(hex_id, name, rotation % 6, disc, new, added, cost, old)
        self._check_connections(builder, plan)
        self._check_loops(plan)
        self._check_markers(builder, plan)
        return plan

    def _check_markers(self, builder: str, plan: BuildPlan) -> None:
        """Ownership markers (``goods.build.ownership_markers``): after the build the
        builder may own no more routes than it has markers, unless it owns no more than
        before (extending or completing its own track takes no new marker)."""
        limit = self.goods.build.ownership_markers
        if limit is None:
            return
        owned = sum(1 for p in self.placed.values() for s in p.segments if s.owner == builder)
        if owned + len(plan.added) <= limit:  # a route has at least one segment
            return
        index = self.owned_routes(builder)
        before = len(set(index.values()))
        old = plan.old
        # the builder's routes the build ends: a redirected segment's, and those it extends
        kept = [set(plan.segments[j]) for j in range(len(plan.segments)) if j not in plan.added]
        absorbed = {
            index[plan.hex, i]
            for i, seg in enumerate(old.segments if old is not None else [])
            if (plan.hex, i) in index and set(seg.ends) not in kept
        }
        saved = self.placed.get(plan.hex)
        self.placed[plan.hex] = Placed(
            plan.tile, plan.rotation, plan.disc, [Segment(e) for e in plan.segments]
        )
        try:
            made = {r.key(): r for r in (self.route(plan.hex, i) for i in plan.added)}
        finally:
            if saved is None:
                del self.placed[plan.hex]
            else:
                self.placed[plan.hex] = saved
        for route in made.values():
            for hex_id, i in route.segments:
                if hex_id == plan.hex:
                    if i in plan.added or old is None:
                        continue
                    i = next(j for j, s in enumerate(old.segments) if set(s.ends) == set(plan.segments[i]))
                if (hex_id, i) in index:
                    absorbed.add(index[hex_id, i])
        after = before - len(absorbed) + len(made)
        if after > limit and after > before:
            raise GameError(
                "ownership markers",
                f"{builder} has {max(0, limit - before)} of its {limit} ownership markers left; "
                f"the track in {plan.hex} needs {after - before}",
            )

    def _redirected(
        self, builder: str, hex_id: str, town: bool, lost: list[Segment], new: list, indices: list[int]
    ) -> list[int]:
        """A redirect: the tile's one segment at the loose end of incomplete track
        ``builder`` owns (or nobody does) turns to another side; returns the new segment's
        index. Raises the keep-track rule otherwise."""
        refuse = GameError(
            "keep track", f"the tile in {hex_id} must keep its track (or redirect a loose end)"
        )
        if town or len(lost) != 1 or len(new) != 1:
            raise refuse
        (seg,) = lost
        index = self.placed[hex_id].segments.index(seg)
        route = self.route(hex_id, index)
        loose = [stop for stop in (route.start, route.end) if stop.kind == "loose" and stop.hex == hex_id]
        if route.is_link or not loose or route.owner not in (builder, None):
            raise refuse
        anchor = next(e for e in seg.ends if e != loose[0].edge)
        (turned,) = new
        if anchor not in turned or loose[0].edge in turned:
            raise refuse
        return indices

    def _check_loops(self, plan: BuildPlan) -> None:
        """Rule 5: no route may return to the stop it starts from."""
        saved = self.placed.get(plan.hex)
        self.placed[plan.hex] = Placed(
            plan.tile, plan.rotation, plan.disc, [Segment(e) for e in plan.segments]
        )
        try:
            for i in plan.added:
                route = self.route(plan.hex, i)
                if route.start.is_stop and route.start == route.end:
                    raise GameError(
                        "loop", f"a route may not return to the stop it starts from ({route.start.hex})"
                    )
        finally:
            if saved is None:
                del self.placed[plan.hex]
            else:
                self.placed[plan.hex] = saved

    def _new_cost(self, hex_id: str, town: bool, kind: str, segments: list[tuple[End, End]]) -> int:
        costs = self.goods.build.costs
        if town:
            return costs.town_base + costs.town_per_exit * len(exits(segments))
        return costs.new[kind] + sum(self.title.map.hexes[hex_id].terrain.values())  # type: ignore[index]

    def _replace_cost(self, town: bool, kind: str) -> int:
        costs = self.goods.build.costs
        if town:
            return costs.replace_in_town
        return costs.replace_to_crossing if kind == "crossing" else costs.replace_other

    def _check_connections(self, builder: str, plan: BuildPlan) -> None:
        """Rules 1, 2 and 5 for the new segments (town track: one exit suffices)."""
        hex_id = plan.hex
        ok_any = False
        for i in plan.added:
            for end in plan.segments[i]:
                if not isinstance(end, int):
                    continue
                there = self.neighbour(hex_id, end)
                if there is None or self.is_city(there):
                    continue
                other = self.segment_at(there, opposite(end))
                if other is not None:
                    owner = self.placed[there].segments[other].owner
                    if owner is not None and owner != builder:
                        raise GameError("other owner", f"new track in {hex_id} may not join track of {owner}")
            if self._connects(builder, hex_id, plan.segments[i]):
                ok_any = True
            elif not plan.town:
                raise GameError(
                    "connection",
                    f"new track in {hex_id} must connect to a city or to {builder}'s track",
                )
        if plan.town and not ok_any and plan.old is not None:
            # new spurs join the builder's own track at the town (a town it has track in)
            ok_any = any(seg.owner == builder for seg in plan.old.segments)
        if plan.town and not ok_any:
            raise GameError(
                "connection", f"the town track in {hex_id} must connect to a city or to {builder}'s track"
            )

    def _connects(self, builder: str, hex_id: str, segment: tuple[End, End]) -> bool:
        for end in segment:
            if not isinstance(end, int):
                continue
            there = self.neighbour(hex_id, end)
            if there is None:
                continue
            if self.is_city(there):
                return True
            other = self.segment_at(there, opposite(end))
            if other is None:
                continue
            owner = self.placed[there].segments[other].owner
            if owner == builder:
                return True
            if owner is None:
                route = self.route(there, other)
                for stop in (route.start, route.end):
                    if stop.kind == "city" or (stop.kind == "town" and self._has_track_in(builder, stop.hex)):
                        return True
        return False

    def _has_track_in(self, builder: str, hex_id: str) -> bool:
        placed = self.placed.get(hex_id)
        return placed is not None and any(s.owner == builder for s in placed.segments)

    def apply(self, builder: str, plan: BuildPlan, turn: int) -> None:
        """Carry out a checked plan: the tile, and the builder owning the routes it adds to."""
        old = plan.old
        segments: list[Segment] = []
        for i, ends in enumerate(plan.segments):
            kept = None if i in plan.added else next(s for s in old.segments if set(s.ends) == set(ends))  # type: ignore[union-attr]
            segments.append(
                Segment(ends, builder, turn) if kept is None else Segment(ends, kept.owner, kept.turn)
            )
        self.placed[plan.hex] = Placed(plan.tile, plan.rotation, plan.disc, segments)
        self._owned.clear()
        for i in plan.added:
            self.set_owner(self.route(plan.hex, i), builder, turn)  # extending unowned track takes it over


@dataclass
class BuildPlan:
    hex: str
    tile: str
    rotation: int
    disc: bool
    segments: list[tuple[End, End]]
    added: list[int]
    """Indices of the segments the build adds (the others are the old tile's)."""
    cost: int
    old: Placed | None

    @property
    def town(self) -> bool:
        return self.disc or any(TOWN in s for s in self.segments)
