"""The board during a game: tiles on hexes, station tokens, and the track graph.

:class:`Board` holds what changes on the map — which tile lies where and how it
is turned, the tile supply, station tokens and reserved home slots, main lines
already improved, border costs already paid, icons removed — and keeps the
networkx :class:`~framework.board.graph.TrackGraph` in step, hex by hex.

Rules about *laying* tiles are in :mod:`framework.board.lays`; about tokens in
:mod:`framework.board.tokens`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from framework.board.graph import Goal, NodeKey, PathState, Reach, TrackGraph, node_key
from framework.board.hexmap import HexMap, shared
from framework.board.supply import TileSupply
from framework.title.faces import End, Face, make_face
from framework.title.model import Title
from framework.title.upgrades import keeping_mapping, new_paths

City = tuple[str, int]
"""A city: ``(hex, part index)``."""


@dataclass(frozen=True)
class Placed:
    """A tile lying on a hex."""

    tile_id: str
    """The copy's id, e.g. ``57-2``."""
    name: str
    rotation: int


class FaceCache:
    """Faces of every tile of a title in every rotation, made once, how one face keeps
    another's track (see :mod:`framework.title.upgrades`), and which tiles suit a kind of
    site (see :func:`framework.board.lays.legal_lays`)."""

    def __init__(self, title: Title):
        self.title = title
        self._faces: dict[tuple[str, int], Face] = {}
        self._keeping: dict[tuple[int, int], dict[int, int] | None] = {}
        self._gains: dict[tuple[int, int, str], set[int]] = {}
        self._rotations: dict[str, tuple[int, ...]] = {}
        self.suits: dict[tuple[Any, ...], tuple[str, ...]] = {}
        """Tile names by what a site and a layer ask of a tile (colour, label, the tile
        upgraded, revenue centres): the tile-level rules, checked once per kind of site."""

    @classmethod
    def for_title(cls, title: Title) -> FaceCache:
        """The faces of ``title``'s tiles, made once and shared by its games."""
        return shared(title, cls)

    def gains(self, old: Face, new: Face, restriction: str) -> set[int]:
        """The paths of ``new``, an upgrade of ``old``, that count as new track under the
        track ``restriction`` (see :func:`~framework.title.upgrades.new_paths`), found once."""
        key = (id(old), id(new), restriction)
        found = self._gains.get(key)
        if found is None:
            found = self._gains[key] = new_paths(old, new, restriction)
        return found

    def keeping(self, old: Face, new: Face) -> dict[int, int] | None:
        key = (id(old), id(new))
        if key not in self._keeping:
            self._keeping[key] = keeping_mapping(old, new)
        return self._keeping[key]

    def rotations(self, name: str) -> tuple[int, ...]:
        """The rotations of a tile that look different (a symmetric tile repeats itself)."""
        found = self._rotations.get(name)
        if found is None:
            seen: set[frozenset[tuple[End, End]]] = set()
            kept = []
            for rotation in range(6):
                shape = frozenset((p.a, p.b) for p in self.get(name, rotation).paths)
                if shape not in seen:
                    seen.add(shape)
                    kept.append(rotation)
            found = self._rotations[name] = tuple(kept)
        return found

    def get(self, name: str, rotation: int) -> Face:
        key = (name, rotation)
        face = self._faces.get(key)
        if face is None:
            tile = self.title.tiles[name]
            face = self._faces[key] = make_face(name, tile, tile.color, rotation)
        return face


NEUTRAL = "neutral"
"""The owner of a neutral station token (``neutral_tokens``): it fills a slot and never
blocks a route."""


class Board:
    """The map as it is now."""

    def __init__(self, title: Title, hexmap: HexMap | None = None, faces: FaceCache | None = None):
        self.title = title
        self.hexmap = hexmap or HexMap.for_title(title)
        self.faces = faces or FaceCache.for_title(title)
        self.placed: dict[str, Placed] = {}
        self.supply = TileSupply.for_title(title)
        self.tokens: dict[City, list[str | None]] = {}
        """Slot owners of every city that has a token or a reservation."""
        for hex_id, hx in title.map.hexes.items():
            for index, city in enumerate(hx.cities):
                if city.neutral_tokens:
                    left = [None] * (city.slots - city.neutral_tokens)
                    self.tokens[(hex_id, index)] = [NEUTRAL] * city.neutral_tokens + left
        self.neutral_owners = frozenset(
            {NEUTRAL}
            | {a.owner for c in title.corporations.values() for a in c.abilities if a.type == "neutral_token"}
        )
        """Owners whose stations never block a route: neutral stations printed on the map,
        and the corporations whose stations others place as neutral ones (``neutral_token``)."""
        self.reserved: dict[City, list[str]] = {}
        self.hex_reserved: dict[str, list[str]] = {}
        """Hexes of several cities where a company's home slot is held without a city
        (``home.city: choose``): it holds a slot of any of them."""
        """Companies whose home slot in a city is held for them."""
        self.improved: set[str] = set()
        """Hexes whose main line has been improved."""
        self.paid_borders: set[frozenset[tuple[str, int]]] = set()
        self.removed_icons: dict[str, list[str]] = {}
        self.version = 0
        """Counts changes, for caches of what depends on the board."""
        self.graph = TrackGraph(self.hexmap)
        for hex_id, face in self.hexmap.printed.items():
            self.graph.set_face(hex_id, face)
        self._reach: dict[tuple[Any, ...], Reach] = {}
        self._found: dict[tuple[str, Hashable], bool] = {}
        """What :meth:`finds` answered since the board last changed, by owner and question."""
        self._ways_in: dict[tuple[str, str], list[PathState]] = {}
        """:meth:`TrackGraph.ways_in` since the board last changed, by owner and hex."""
        self._sides: dict[tuple[str, str], frozenset[int]] = {}
        """:meth:`TrackGraph.sides_reached` since the board last changed, by owner and hex."""

    # -- what lies where ------------------------------------------------

    def face(self, hex_id: str) -> Face:
        """The track on a hex now."""
        return self.graph.faces[hex_id]

    def icons(self, hex_id: str) -> list[str]:
        """The icons showing on a hex now."""
        hx = self.hexmap.hexes[hex_id]
        laid = hex_id in self.placed
        names = [i.name for i in hx.icons if i.sticky or not laid]
        for gone in self.removed_icons.get(hex_id, []):
            if gone in names:
                names.remove(gone)
        return names

    def remove_icons(self, name: str, hexes: list[str] | None = None) -> None:
        """Take every ``name`` icon off the map (or off ``hexes``)."""
        for hex_id in hexes or list(self.hexmap.hexes):
            count = self.icons(hex_id).count(name)
            self.removed_icons.setdefault(hex_id, []).extend([name] * count)
        self.changed()

    def changed(self) -> None:
        """Something on the board changed: what :meth:`finds` answered is asked again."""
        self.version += 1
        self._found.clear()
        self._ways_in.clear()
        self._sides.clear()

    def _track_changed(self, hex_id: str) -> None:
        """The track on ``hex_id`` changed: the networks whose walks looked at that hex
        are walked again when next asked (:meth:`TrackGraph.looked_at`); the others stay."""
        self.changed()
        looked_at = self.graph.looked_at
        for key in [k for k, reach in self._reach.items() if looked_at(reach, hex_id)]:
            del self._reach[key]

    def _token_changed(self, owner: str, city: City) -> None:
        """A token of ``owner`` came to or left ``city``: ``owner``'s networks start
        elsewhere now, and a network that reached the city may pass it or not; the
        others never asked about it."""
        self.changed()
        centre = node_key(*city)
        for key in [k for k, reach in self._reach.items() if k[0] == owner or centre in reach.nodes]:
            del self._reach[key]

    # -- tiles ----------------------------------------------------------

    def put_tile(self, hex_id: str, tile_id: str, name: str, rotation: int, mapping: dict[int, int]) -> None:
        """Lay a tile (taken from the supply), returning any old tile to the supply and
        moving tokens and reservations from old city ``k`` to new city ``mapping[k]``."""
        old = self.placed.get(hex_id)
        if old is not None:
            self.supply.give_back(old.tile_id)
        self.supply.take(tile_id)
        self.placed[hex_id] = Placed(tile_id, name, rotation)
        face = self.faces.get(name, rotation)
        self._show(hex_id, face, mapping)

    def lift_tile(self, hex_id: str) -> str:
        """Take the tile laid on ``hex_id`` back to the supply: the hex shows its printed
        content again, with its borders' costs owed again; tokens and reservations go to
        the printed city of the same place (the first one if it has fewer). Returns the
        lifted tile's id."""
        old = self.placed.pop(hex_id)
        self.supply.give_back(old.tile_id)
        face = self.hexmap.printed[hex_id]
        cities = [i for i, node in enumerate(face.nodes) if node.kind == "city"]
        held = {i for h, i in [*self.tokens, *self.reserved] if h == hex_id}
        mapping = {i: i if i in cities else cities[0] for i in held}
        self.paid_borders = {pair for pair in self.paid_borders if all(h != hex_id for h, _ in pair)}
        self._show(hex_id, face, mapping)
        return old.tile_id

    def _show(self, hex_id: str, face: Face, mapping: dict[int, int]) -> None:
        """``face`` lies on ``hex_id`` now: tokens and reservations move from old city ``k``
        to city ``mapping[k]``, within the new cities' slots."""
        _move_to(self.tokens, hex_id, mapping)
        _move_to(self.reserved, hex_id, mapping)
        for (h, i), slots in list(self.tokens.items()):
            if h == hex_id:
                owners = [o for o in slots if o is not None]
                capacity = face.nodes[i].slots
                self.tokens[(h, i)] = owners + [None] * max(0, capacity - len(owners))
        self.graph.set_face(hex_id, face)
        self._track_changed(hex_id)

    # -- tokens ---------------------------------------------------------

    def slots(self, city: City) -> list[str | None]:
        """Who holds each slot of a city (``None``: empty)."""
        if city in self.tokens:
            return self.tokens[city]
        return [None] * self.face(city[0]).nodes[city[1]].slots

    def next_slot(self, city: City, owner: str) -> int:
        """The slot a token of ``owner`` put in ``city`` takes: the first empty one, or
        one after the city's slots where none is free for it (a station beyond them)."""
        slots = self.slots(city)
        return slots.index(None) if self._city_free(city, owner) > 0 else len(slots)

    def token_owners(self, city: City) -> list[str]:
        return [o for o in self.slots(city) if o is not None]

    def reserve(self, owner: str, city: City) -> None:
        """Hold a slot of ``city`` for ``owner``'s home token."""
        self.reserved.setdefault(city, []).append(owner)
        self.changed()

    def reserve_hex(self, owner: str, hex_id: str) -> None:
        """Hold a slot of any city of ``hex_id`` for ``owner``'s home token."""
        self.hex_reserved.setdefault(hex_id, []).append(owner)
        self.changed()

    def unreserve_city(self, owner: str, city: City) -> None:
        """Free the slot of ``city`` held for ``owner``, if one is."""
        _release(self.reserved, city, owner)
        self.changed()

    def unreserve_hex(self, owner: str, hex_id: str) -> None:
        """Free what is held for ``owner`` in ``hex_id`` (its home, once its token is there)."""
        for city in [c for c in self.reserved if c[0] == hex_id]:
            _release(self.reserved, city, owner)
        _release(self.hex_reserved, hex_id, owner)
        self.changed()

    def unreserve(self, owner: str) -> None:
        """Free everything held for ``owner``."""
        for city in list(self.reserved):
            _release(self.reserved, city, owner)
        for hex_id in list(self.hex_reserved):
            _release(self.hex_reserved, hex_id, owner)
        self.changed()

    def reservation(self, owner: str, in_hex: str | None = None) -> City | None:
        """The city held for ``owner`` (of a hex held for it, its first city), in
        ``in_hex`` when given (its home's, beside a slot its charter reserves elsewhere)."""
        city = next(
            (c for c, owners in self.reserved.items() if owner in owners and in_hex in (None, c[0])), None
        )
        if city is not None:
            return city
        for hex_id, owners in self.hex_reserved.items():
            if owner in owners and in_hex in (None, hex_id):
                nodes = self.face(hex_id).nodes
                return next(((hex_id, i) for i, n in enumerate(nodes) if n.kind == "city"), None)
        return None

    def free_slots(self, city: City, owner: str) -> int:
        """Empty slots ``owner`` may fill: those not held for another company."""
        free = self._city_free(city, owner)
        others = [o for o in self.hex_reserved.get(city[0], ()) if o != owner]
        if free and others:
            nodes = self.face(city[0]).nodes
            cities = [i for i, n in enumerate(nodes) if n.kind == "city"]
            blocks = self.title.rules.tokens.chosen_home_blocks
            if blocks == "always" or (
                blocks == "single_slot_cities" and any(nodes[i].slots == 1 for i in cities)
            ):
                return 0
            if len(others) >= sum(self._city_free((city[0], i), owner) for i in cities):
                return 0
        return free

    def _city_free(self, city: City, owner: str) -> int:
        empty = self.slots(city).count(None)
        held = [o for o in self.reserved.get(city, []) if o != owner]
        return max(0, empty - len(held))

    def add_token(self, owner: str, city: City) -> int:
        """Put ``owner``'s token in the first empty slot (or, where every empty slot is
        held for others, after the city's slots: a station beyond them); returns the slot
        index."""
        slots = list(self.slots(city))
        index = self.next_slot(city, owner)
        if index < len(slots):
            slots[index] = owner
        else:
            slots.append(owner)
        self.tokens[city] = slots
        if owner in self.reserved.get(city, []):
            self.reserved[city].remove(owner)
            if not self.reserved[city]:
                del self.reserved[city]
        if owner in self.hex_reserved.get(city[0], []):
            self.hex_reserved[city[0]].remove(owner)
            if not self.hex_reserved[city[0]]:
                del self.hex_reserved[city[0]]
        self._token_changed(owner, city)
        return index

    def remove_token(self, owner: str, city: City) -> None:
        slots = list(self.slots(city))
        slots[slots.index(owner)] = None
        self.tokens[city] = slots
        self._token_changed(owner, city)

    def replace_token(self, owner: str, new_owner: str, city: City) -> None:
        """Put ``new_owner``'s token in the slot of ``owner``'s (a merger's exchange)."""
        slots = list(self.slots(city))
        slots[slots.index(owner)] = new_owner
        self.tokens[city] = slots
        self._token_changed(owner, city)
        self._token_changed(new_owner, city)

    def cities_of(self, owner: str) -> list[City]:
        """The cities holding ``owner``'s tokens."""
        return [city for city, slots in self.tokens.items() if owner in slots]

    def blocks(self, city: City, owner: str, passable_owners: frozenset[str] = frozenset()) -> bool:
        """Whether ``city`` stops ``owner``'s routes and walks: every slot holds a token,
        none of them ``owner``'s nor neutral (:attr:`neutral_owners`; tokens of
        ``passable_owners`` count as empty)."""
        slots = self.tokens.get(city)  # a city without an entry has only empty slots
        if not slots or None in slots or owner in slots or not self.neutral_owners.isdisjoint(slots):
            return False
        return passable_owners.isdisjoint(slots)

    # -- walking the network --------------------------------------------

    def passable(
        self, owner: str, passable_owners: frozenset[str] = frozenset()
    ) -> Callable[[NodeKey], bool]:
        """A predicate: may ``owner`` walk through this revenue centre?"""
        faces = self.graph.faces

        def through(node: NodeKey) -> bool:
            _, hex_id, index = node
            centre = faces[hex_id].nodes[index]
            if centre.kind == "offboard":
                return False
            return not (centre.kind == "city" and self.blocks((hex_id, index), owner, passable_owners))

        return through

    def reach(self, owner: str, passable_owners: frozenset[str] = frozenset()) -> Reach:
        """Everything ``owner``'s stations reach along track (kept until track or a token
        changes where the walk looked: :meth:`TrackGraph.looked_at`)."""
        key = (owner, passable_owners)
        cached = self._reach.get(key)
        if cached is None:
            starts = [node_key(h, i) for h, i in self.cities_of(owner)]
            cached = self._reach[key] = self.graph.walk(starts, self.passable(owner, passable_owners))
        return cached

    def finds(self, owner: str, goal: Goal, question: Hashable = None) -> bool:
        """Whether ``owner``'s network (:meth:`reach`) shows what ``goal`` looks for: read
        from the network when it is known, else found by a walk that stops at the first it
        finds. ``question`` names the goal, for the answer to be kept until the board
        changes (``None``: not kept)."""
        known = self._reach.get((owner, frozenset()))
        if known is not None:
            return goal.met_by(known)
        if question is not None and (owner, question) in self._found:
            return self._found[(owner, question)]
        starts = [node_key(h, i) for h, i in self.cities_of(owner)]
        found = self.graph.finds(starts, self.passable(owner), goal)
        if question is not None:
            self._found[(owner, question)] = found
        return found

    def finds_with(self, owner: str, hex_id: str, face: Face, mapping: dict[int, int], goal: Goal) -> bool:
        """:meth:`finds`, with ``face`` laid in ``hex_id`` (old revenue centre ``k`` becoming
        ``mapping[k]``, its tokens with it); the board is unchanged."""
        held: dict[int, list[str]] = {}
        for (h, i), owners in self.tokens.items():
            if h == hex_id:
                held.setdefault(mapping[i], []).extend(o for o in owners if o is not None)
        slots: dict[int, list[str | None]] = {
            i: owners + [None] * max(0, face.nodes[i].slots - len(owners)) for i, owners in held.items()
        }
        starts = [node_key(h, i) for h, i in self.cities_of(owner) if h != hex_id]
        inside = [node_key(hex_id, i) for i, owners in slots.items() if owner in owners]
        elsewhere = self.passable(owner)

        def through(node: NodeKey) -> bool:
            if node[1] != hex_id:
                return elsewhere(node)
            centre = face.nodes[node[2]]
            if centre.kind == "offboard":
                return False
            held = slots.get(node[2])
            neutral = self.neutral_owners
            blocked = held and all(o is not None and o != owner and o not in neutral for o in held)
            return not (centre.kind == "city" and blocked)

        if goal == Goal(paths=goal.paths) and all(h == hex_id for h, _ in goal.paths):
            known = self._paths_found(
                owner, hex_id, face, {i for _, i in goal.paths}, starts, bool(inside), through
            )
            if known is not None:
                return known
        return self.graph.finds(starts + inside, through, goal, laid=(hex_id, face))

    def _paths_found(
        self,
        owner: str,
        hex_id: str,
        face: Face,
        paths: set[int],
        starts: list[NodeKey],
        inside: bool,
        through: Callable[[NodeKey], bool],
    ) -> bool | None:
        """Whether the walk from ``starts`` (none on ``hex_id``; then, if ``inside``, from
        the owner's stations there) walks one of ``paths`` of ``face`` laid there, where that
        is known without the walk (``None``: walk). Each station's walk is the same for
        every tile on the hex until it first comes to the hex: where one comes on a side at
        which one of the paths starts, it walks that path (if the walks before it found
        nothing); where no walk can come to any of the paths' ends (:func:`_may_walk`) and
        none starts on the hex, none walks them. One answer of each kind
        serves every tile and rotation a listing tries on the hex."""
        key = (owner, hex_id)
        if key not in self._ways_in:
            self._ways_in[key] = self.graph.ways_in(starts, through, hex_id)
        ways_in = self._ways_in[key]
        for way_in in ways_in:  # each station's walk, if those before found nothing
            if any(state.track.index in paths for state in self.graph.entered(way_in, hex_id, face)):
                return True
        if inside:
            return None
        if not ways_in:
            return False  # no station's walk ever comes to the hex
        if key not in self._sides:
            self._sides[key] = self.graph.sides_reached(starts, through, hex_id)
        return False if not _may_walk(face, paths, self._sides[key], hex_id, through) else None

    def token_hexes(self, owner: str) -> set[str]:
        return {h for h, _ in self.cities_of(owner)}

    # -- state ----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything that changes, as plain data."""
        return {
            "placed": {h: [p.tile_id, p.name, p.rotation] for h, p in self.placed.items()},
            "supply": self.supply.to_dict(),
            "tokens": [[h, i, slots] for (h, i), slots in self.tokens.items()],
            "reserved": [[h, i, owners] for (h, i), owners in self.reserved.items()],
            "hex_reserved": {h: list(owners) for h, owners in self.hex_reserved.items()},
            "improved": sorted(self.improved),
            "paid_borders": sorted(sorted(f"{h} {e}" for h, e in pair) for pair in self.paid_borders),
            "removed_icons": self.removed_icons,
        }

    @classmethod
    def from_dict(
        cls,
        title: Title,
        data: dict[str, Any],
        hexmap: HexMap | None = None,
        faces: FaceCache | None = None,
    ) -> Board:
        board = cls(title, hexmap, faces)
        for hex_id, (tile_id, name, rotation) in data["placed"].items():
            board.placed[hex_id] = Placed(tile_id, name, rotation)
            board.graph.set_face(hex_id, board.faces.get(name, rotation))
        board.supply.load(data["supply"])

        board.tokens = {(h, i): list(slots) for h, i, slots in data["tokens"]}
        board.reserved = {(h, i): list(owners) for h, i, owners in data["reserved"]}
        board.hex_reserved = {h: list(owners) for h, owners in data.get("hex_reserved", {}).items()}
        board.improved = set(data["improved"])
        board.paid_borders = {
            frozenset((h, int(e)) for h, e in (item.split() for item in pair))
            for pair in data["paid_borders"]
        }
        board.removed_icons = {h: list(v) for h, v in data["removed_icons"].items()}
        return board


def _move_to(table: dict[City, list[Any]], hex_id: str, mapping: dict[int, int]) -> None:
    """Move the entries of ``hex_id``'s cities in ``table`` (tokens or reservations) from
    old city ``k`` to new city ``mapping[k]``."""
    moved: dict[City, list[Any]] = {}
    for (h, i), entries in list(table.items()):
        if h == hex_id:
            del table[(h, i)]
            moved.setdefault((h, mapping[i]), []).extend(entries)
    table.update(moved)


def _release(table: dict[Any, list[str]], key: Any, owner: str) -> None:
    """Take ``owner`` off what ``table`` holds at ``key`` (the entry goes when empty)."""
    owners = table.get(key)
    if owners is not None and owner in owners:
        owners.remove(owner)
        if not owners:
            del table[key]


def _may_walk(
    face: Face, paths: set[int], sides: frozenset[int], hex_id: str, through: Callable[[NodeKey], bool]
) -> bool:
    """Whether a walk that comes to ``face`` on ``hex_id`` only across ``sides`` might walk
    one of its ``paths``: one starts at such a side, or at a revenue centre that a path
    from such a side (or from another such centre) leads into and that ``through`` lets
    the walk pass. A walk never turns back inside a hex, so a path is walked from one of
    its ends only where the walk came to that end from outside the path."""
    entered: set[int] = set()
    grown = True
    while grown:
        grown = False
        for path in face.paths:
            for near, far in ((path.a, path.b), (path.b, path.a)):
                if (
                    far[0] == "node"
                    and far[1] not in entered
                    and (near[1] in sides if near[0] == "edge" else near[1] in entered)
                    and through(node_key(hex_id, far[1]))
                ):
                    entered.add(far[1])
                    grown = True
    return any(
        (end[1] in sides if end[0] == "edge" else end[1] in entered)
        for i in paths
        for end in (face.paths[i].a, face.paths[i].b)
    )
