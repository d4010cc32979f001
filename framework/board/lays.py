"""Laying and upgrading tiles: what is legal, what it costs, and why not.

:func:`check_lay` answers one proposed lay — a tile, a hex, a rotation — with a
:class:`LayPlan` (what will happen and what it costs) or raises
:class:`IllegalLay`, whose message names the rule broken. :func:`legal_lays`
lists every legal ``(tile, rotation)`` for a hex. Who lays, and under which
limits (phase colours, cash, blocked hexes, discounts, a company's special
lay), is a :class:`LayTerms`.

The rules (rulebook §10.3, reference §4.6):

* tiles come in the colours of the phase; yellow goes on an empty hex of the
  same kind (as many cities and towns, the same label), an upgrade replaces a
  tile by one of the next colour that keeps its label, its revenue centres
  (labelled tiles may merge them) and all of its track, and — if the old tile
  lists its upgrades — is one of them; a hex with its own tiles of a colour
  takes only those in that colour, asking of them only that they keep the track; a
  company's special lay is bound by neither the label nor the revenue centres, and may
  replace the printed tile of a red or blue hex by a tile of that colour;
* no track may lead off the map, across an impassable border or into a water,
  gray or off-board hex without track on that side; gray, red and blue hexes
  take no tiles; a company may block hexes;
* the layer must reach an exit of the tile (a hex with its own station counts as
  reached on all sides), and, under the title's track restriction, its network must walk
  — once the tile is laid — some new track of it (``restrictive``), or new track or a
  path to a city whose revenue changes (``semi_restrictive``);
* the first tile in a hex pays its terrain, an upgrade the terrain its old tile
  carries (a tile's ``terrain``); track completed across a border
  pays the border's cost, once; both must be affordable; the tile must be in
  the supply.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import get_args

from framework.board.board import Board
from framework.board.errors import BoardRuleError
from framework.board.graph import Goal
from framework.title.base import ReplacementColor
from framework.title.faces import Face
from framework.title.model import Title
from framework.title.tiles import Tile

REPLACEMENT_COLORS = frozenset(get_args(ReplacementColor))
"""Fixed hex colours whose printed tile a special lay may replace by a tile of the colour."""


class IllegalLay(BoardRuleError):
    """A tile lay that breaks a rule; the message names the rule."""


@dataclass(frozen=True)
class Discount:
    """Money off one kind of terrain, in some hexes or in all."""

    terrain: str | None
    """The kind of terrain; ``None``: any, off the whole terrain cost."""
    amount: int
    hexes: frozenset[str] | None = None
    """Where it applies; ``None``: in every hex."""

    def applies(self, hex_id: str) -> bool:
        return self.hexes is None or hex_id in self.hexes


@dataclass(frozen=True)
class LayTerms:
    """Who lays a tile, and the limits they lay under."""

    entity: str
    """The company laying; its stations decide what it reaches."""
    colors: tuple[str, ...]
    """Tile colours available in the current phase."""
    cash: int | None = None
    """Money to pay costs; ``None``: costs are not checked."""
    free: bool = False
    """Pays no terrain or border costs."""
    connect: bool = True
    """Must reach the tile (false for a company's special lays)."""
    hexes: frozenset[str] | None = None
    """Only these hexes (a company's special lays)."""
    tiles: frozenset[str] | None = None
    """Only these tiles (a company's special lays)."""
    blocked: frozenset[str] = frozenset()
    """Hexes closed to tiles (by companies)."""
    discounts: tuple[Discount, ...] = ()
    """Terrain discounts (a company's)."""
    lay_discount: int = 0
    """Money off each lay's terrain and border costs together (a company's special lay)."""
    special: bool = False
    """The tile need not match the hex's label or its cities and towns (a company's
    special lay): colour, the upgrade chart and the track kept still count."""
    phases: frozenset[str] = frozenset()
    """The phases reached so far, by name (a tile's ``late_upgrades``)."""


@dataclass(frozen=True)
class LayPlan:
    """What a legal lay does."""

    hex: str
    tile_id: str
    name: str
    rotation: int
    mapping: dict[int, int]
    """Old revenue centre → new one (tokens follow)."""
    terrain_cost: int
    border_cost: int
    borders: tuple[frozenset[tuple[str, int]], ...]
    """Border crossings whose cost this lay pays."""
    improves_mainline: bool
    terrain: tuple[str, ...] = ()
    """The kinds of terrain the lay meets: the terrain it pays for (paid or free), and
    the kind of each border whose cost it pays."""

    @property
    def cost(self) -> int:
        return self.terrain_cost + self.border_cost


def check_lay(board: Board, layer: LayTerms, hex_id: str, tile_id: str, rotation: int) -> LayPlan:
    """The plan of a legal lay, or :class:`IllegalLay` saying which rule it breaks."""
    if hex_id not in board.hexmap.hexes:
        raise IllegalLay("map", f"there is no hex {hex_id}")
    name = tile_id.rpartition("-")[0] if "-" in tile_id else tile_id
    if name not in board.title.tiles:
        raise IllegalLay("tile manifest", f"there is no tile {name!r}")
    if not 0 <= rotation <= 5:
        raise IllegalLay("rotation", f"rotation {rotation} does not exist: rotations are 0 to 5")
    if not board.supply.has(tile_id):
        available = board.supply.next_id(name)
        extra = f"; {available} is" if available else "; none is left"
        raise IllegalLay("tile supply", f"tile {tile_id} is not in the supply{extra}")
    site = _site(board, layer, hex_id)
    _check_tile(board, layer, site, name)
    return _place(board, layer, site, tile_id, name, rotation)


@dataclass(frozen=True)
class _Site:
    """What a hex asks of any tile laid there now."""

    hex: str
    old: Face
    old_color: str
    wanted: str | None
    label: str | None
    placed: str | None
    """The name of the tile on the hex, if any."""
    own: tuple[str, ...] | None = None
    """The hex's own tiles of the colour wanted (the only ones it takes), if it has any."""
    reached: frozenset[int] | None = None
    """The hex's edges the entity's track reaches (all six in a hex with its token), when
    worked out for every tile (:func:`_with_reach`); ``None``: asked only of the tile laid
    (:func:`_reaches`)."""


def _site(board: Board, layer: LayTerms, hex_id: str) -> _Site:
    """The hex-level rules: checked once for every tile."""
    hexmap = board.hexmap
    if layer.hexes is not None and hex_id not in layer.hexes:
        raise IllegalLay("special lay", f"this lay may only go in {', '.join(sorted(layer.hexes))}")
    hx = hexmap.hexes[hex_id]
    replaced = layer.special and hx.color in REPLACEMENT_COLORS  # its printed tile replaced
    if not hexmap.takes_tiles(hex_id) and not replaced:
        raise IllegalLay("fixed hex", f"{hex_id} is a {hx.color} hex: no tile may be laid there")
    if hex_id in layer.blocked:
        raise IllegalLay("blocked hex", f"{hex_id} is blocked by a private company")
    old = board.face(hex_id)
    if replaced:
        placed = board.placed.get(hex_id)
        return _Site(hex_id, old, hx.color, hx.color, None, placed.name if placed else None)
    colors = board.title.rules.track_rules.upgrades.colors
    placed = board.placed.get(hex_id)
    printed = old.color in colors  # a hex printed in a tile colour (1830's OO cities)
    old_color = old.color if placed is not None or old.paths or printed else "white"
    wanted = colors[0] if old_color == "white" else _next_color(colors, old_color)
    label = old.label if old.label is not None else hx.label
    if hx.future_label is not None and wanted == hx.future_label.color:
        label = hx.future_label.label
    future = board.title.tiles[placed.name].future_label if placed is not None else None
    if future is not None and wanted == future.color:
        label = future.label
    own = next((names for color, names in hx.own_tiles.items() if color == wanted), None)
    return _Site(
        hex_id, old, old_color, wanted, label, placed.name if placed else None, tuple(own) if own else None
    )


def _with_reach(board: Board, layer: LayTerms, site: _Site) -> _Site:
    """The site with the edges the layer's entity reaches (when lays must connect)."""
    if not layer.connect:
        return site
    return replace(site, reached=_reached_edges(board, layer.entity, site.hex))


def _reached_edges(board: Board, entity: str, hex_id: str) -> frozenset[int]:
    if hex_id in board.token_hexes(entity):
        return frozenset(range(6))
    reach = board.reach(entity)
    out = set()
    for edge in range(6):
        there = board.hexmap.across(hex_id, edge)
        if (hex_id, edge) in reach.ports or (there is not None and there in reach.ports):
            out.add(edge)
    return frozenset(out)


def _reaches(board: Board, entity: str, hex_id: str, edges: frozenset[int]) -> bool:
    """Whether the entity's track reaches any of ``edges`` of ``hex_id`` (as
    :func:`_reached_edges` would say, without walking the whole network)."""
    if hex_id in board.token_hexes(entity):
        return bool(edges)
    across = board.hexmap.across
    sides = {(hex_id, edge) for edge in edges}
    sides.update(there for edge in edges if (there := across(hex_id, edge)) is not None)
    return board.finds(entity, Goal(sides=frozenset(sides)))


def _check_tile(board: Board, layer: LayTerms, site: _Site, name: str) -> None:
    """The tile-level rules: colour, label, revenue centres, the upgrade chart."""
    title = board.title
    tile = title.tiles[name]
    if layer.tiles is not None and name not in layer.tiles:
        raise IllegalLay("special lay", f"this lay may only use tiles {', '.join(sorted(layer.tiles))}")
    if tile.ability_only and layer.tiles is None:
        raise IllegalLay("special lay", f"tile {name} is laid only by a company's ability")
    if tile.color not in layer.colors and site.old_color not in REPLACEMENT_COLORS:
        raise IllegalLay("phase colours", f"{tile.color} tiles are not available in this phase")
    if late_upgrade(title, layer, site, name):
        return  # a late upgrade: only the old exits count (checked when placed)
    if tile.color != site.wanted:
        what = (
            "an empty hex takes a yellow tile"
            if site.old_color == "white"
            else f"a {site.old_color} tile is upgraded to {site.wanted or 'nothing'}"
        )
        raise IllegalLay("upgrade colour", f"tile {name} is {tile.color}: {what}")
    if site.own is not None:
        if name not in site.own:
            raise IllegalLay(
                "own tiles", f"{site.hex} takes only its own {site.wanted} tile(s): {', '.join(site.own)}"
            )
        return  # the hex's own tile: no label, upgrade chart or revenue centres to match
    if layer.special:
        _check_chart(title, site, name)
        return
    if (tile.label or None) != (site.label or None):
        have = f"label {site.label!r}" if site.label else "no label"
        theirs = f"label {tile.label!r}" if tile.label else "no label"
        raise IllegalLay("label", f"{site.hex} has {have}; tile {name} has {theirs}")
    _check_chart(title, site, name)
    keep = title.rules.track_rules.upgrades.keep_revenue_centres
    if site.old_color == "white" or (keep and not site.label):
        for kind in ("city", "town"):
            if site.old.node_count(kind) != tile_count(tile, kind):
                raise IllegalLay(
                    "revenue centres",
                    f"{site.hex} has {site.old.node_count(kind)} {kind} "
                    f"site(s); tile {name} has {tile_count(tile, kind)}",
                )


def late_upgrade(title: Title, layer: LayTerms, site: _Site, name: str) -> bool:
    """Whether the tile on the hex may become ``name`` now by its ``late_upgrades``."""
    if site.placed is None:
        return False
    since = title.tiles[site.placed].late_upgrades.get(name)
    return since is not None and since in layer.phases


def _keeping(board: Board, layer: LayTerms, site: _Site, name: str, new: Face) -> dict[int, int] | None:
    """How ``new`` keeps the old track (see :func:`~framework.title.upgrades.keeping_mapping`);
    a late upgrade keeps the old exits only, and its old towns are gone (no tokens)."""
    if late_upgrade(board.title, layer, site, name):
        return {} if site.old.exits <= new.exits else None
    return board.faces.keeping(site.old, new)


def _check_chart(title: Title, site: _Site, name: str) -> None:
    """The old tile's list of upgrades, where it has one, names the new tile."""
    if site.placed is not None:
        listed = title.tiles[site.placed].upgrades
        if listed is not None and name not in listed:
            raise IllegalLay("upgrade chart", f"tile {site.placed} cannot be upgraded to {name}")


def _place(board: Board, layer: LayTerms, site: _Site, tile_id: str, name: str, rotation: int) -> LayPlan:
    """The placement rules: the old track kept, exits, reach and costs."""
    hex_id = site.hex
    new = board.faces.get(name, rotation)
    mapping = _keeping(board, layer, site, name, new)
    if mapping is None:
        raise IllegalLay(
            "keep track",
            f"tile {name} in rotation {rotation} does not keep the track already in {hex_id}",
        )
    _check_room(board, hex_id, name, rotation, new, mapping)
    _check_stubs(board, site, name, rotation, new)
    bad = sorted(
        e for e in new.exits - board.hexmap.usable[hex_id] if not _toward_own_hex(board, layer, hex_id, e)
    )
    if bad:
        raise IllegalLay(
            "track off the map",
            f"tile {name} in rotation {rotation} would lead track "
            f"nowhere from {hex_id} (edge {', '.join(map(str, bad))})",
        )
    if layer.connect:
        _check_reach(board, layer, site, new, mapping)
    hx = board.hexmap.hexes[hex_id]
    discounts = [d for d in layer.discounts if d.applies(hex_id)]
    # the first tile pays the hex's terrain; an upgrade pays what the old tile carries
    carried = hx.terrain if site.placed is None else board.title.tiles[site.placed].terrain
    terrain = 0 if layer.free else _terrain(carried, discounts)
    borders = _borders(board, hex_id, new)
    border_cost = 0 if layer.free else sum(_border_cost(board, pair, discounts) for pair in borders)
    any_terrain = sum(d.amount for d in discounts if d.terrain is None)
    if any_terrain and border_cost:
        # what a discount of any terrain leaves over from the hex goes off its borders
        hex_cost = _terrain(carried, [d for d in discounts if d.terrain is not None])
        border_cost = max(0, border_cost - max(0, any_terrain - hex_cost))
    off = min(layer.lay_discount, terrain)
    terrain, border_cost = terrain - off, max(0, border_cost - (layer.lay_discount - off))
    kinds = tuple(carried)
    if border_cost:
        kinds += tuple(_border_kind(board, pair) for pair in borders)
    plan = LayPlan(
        hex_id,
        tile_id,
        name,
        rotation,
        mapping,
        terrain,
        border_cost,
        tuple(borders),
        improves_mainline(board, hex_id, new),
        kinds,
    )
    if layer.cash is not None and plan.cost > layer.cash:
        raise IllegalLay("costs", f"the lay costs {plan.cost} but only {layer.cash} is available")
    return plan


def _check_stubs(board: Board, site: _Site, name: str, rotation: int, new: Face) -> None:
    """The first tile of a hex with printed stubs continues every one of them."""
    if site.placed is not None:
        return
    missed = sorted(set(board.hexmap.hexes[site.hex].stubs) - new.exits)
    if missed:
        raise IllegalLay(
            "stubs",
            f"tile {name} in rotation {rotation} does not continue the track stub on edge "
            f"{', '.join(map(str, missed))} of {site.hex}",
        )


def is_upgrade(board: Board, hex_id: str) -> bool:
    """Whether a tile laid in ``hex_id`` is an upgrade: the hex has a tile, or was printed
    in a tile's colour. A white hex takes its first tile as a lay, whatever track or
    stops are printed on it."""
    return hex_id in board.placed or board.hexmap.hexes[hex_id].color != "white"


def first_tile_cost(board: Board, layer: LayTerms, hex_id: str) -> int | None:
    """What the first tile in ``hex_id`` costs ``layer``'s entity: the hex's terrain, less
    its discounts (``None``: the hex has a tile, or was printed with one)."""
    hx = board.hexmap.hexes[hex_id]
    if hex_id in board.placed or hx.color != "white":
        return None
    if layer.free:
        return 0
    return _terrain(hx.terrain, [d for d in layer.discounts if d.applies(hex_id)])


def _toward_own_hex(board: Board, layer: LayTerms, hex_id: str, edge: int) -> bool:
    """Whether a special lay's track at ``edge`` leads into another hex the lay may go in
    (1888's ferry tiles, laid together in Dalian and Yantai, meet each other)."""
    if not layer.special or layer.hexes is None or edge in board.hexmap.impassable[hex_id]:
        return False
    there = board.hexmap.across(hex_id, edge)
    return there is not None and there[0] in layer.hexes and there[0] != hex_id


def tile_count(tile: Tile, kind: str) -> int:
    return {"city": len(tile.cities), "town": len(tile.towns)}[kind]


def _next_color(colors: Sequence[str], color: str) -> str | None:
    if color not in colors:
        return None
    i = colors.index(color) + 1
    return colors[i] if i < len(colors) else None


def _terrain(terrain: Mapping[str, int], discounts: list[Discount]) -> int:
    """The terrain cost, each kind less its discounts, then less the discounts of any
    terrain (never below zero)."""
    total = 0
    for kind, cost in terrain.items():
        off = sum(d.amount for d in discounts if d.terrain == kind)
        total += max(0, cost - off)
    return max(0, total - sum(d.amount for d in discounts if d.terrain is None))


def _border_kind(board: Board, pair: frozenset[tuple[str, int]]) -> str:
    """The kind of the border ``pair`` crosses, as either of its hexes declares it."""
    for hex_id, edge in sorted(pair):
        hx = board.hexmap.hexes[hex_id]
        found = next((b.type for b in hx.borders if b.edge == edge), None)
        if found is not None:
            return found
    return "border"


def _borders(board: Board, hex_id: str, new: Face) -> list[frozenset[tuple[str, int]]]:
    """Border crossings with a cost that the new tile completes and nobody has paid."""
    out = []
    for edge, _cost in board.hexmap.border_costs[hex_id].items():
        there = board.hexmap.across(hex_id, edge)
        if edge not in new.exits or there is None or there[1] not in board.face(there[0]).exits:
            continue
        pair = frozenset({(hex_id, edge), there})
        if pair not in board.paid_borders:
            out.append(pair)
    return out


def _border_cost(board: Board, pair: frozenset[tuple[str, int]], discounts: list[Discount]) -> int:
    """The cost of crossing the border ``pair``, less the discounts on its kind of terrain
    (a mountain border costs less with a mountain discount; never below zero)."""
    hex_id, edge = min(pair)
    kind = _border_kind(board, pair)
    off = sum(d.amount for d in discounts if d.terrain is not None and d.terrain == kind)
    return max(0, board.hexmap.border_costs[hex_id][edge] - off)


def _check_room(
    board: Board, hex_id: str, name: str, rotation: int, new: Face, mapping: dict[int, int]
) -> None:
    """Each new city holds the tokens and reserved slots its old cities bring to it."""
    held: dict[int, set[str]] = {}
    for old, city in mapping.items():
        for table in (board.tokens, board.reserved):
            entries = table.get((hex_id, old))
            if entries:
                held.setdefault(city, set()).update(e for e in entries if e is not None)
    for city, owners in held.items():
        if len(owners) > new.nodes[city].slots:
            raise IllegalLay(
                "room for tokens",
                f"tile {name} in rotation {rotation} has {new.nodes[city].slots} slot(s) in the city "
                f"where {hex_id}'s {len(owners)} tokens and reserved slots would go",
            )


def _check_reach(board: Board, layer: LayTerms, site: _Site, new: Face, mapping: dict[int, int]) -> None:
    """The track restriction (reference §4.6): the tile must have an exit the layer reaches;
    beyond that, ``restrictive`` asks that the layer's network walk some new track of the
    tile once it is laid, and ``semi_restrictive`` accepts instead a walked path through a
    revenue centre whose revenue changes (``city_permissive`` and ``station_restrictive``
    are one or the other by the tile: :func:`restriction_for`)."""
    restriction = restriction_for(board.title.rules.track_rules.restriction, new)
    hex_id, old = site.hex, site.old
    reached = site.reached
    restricted = restriction != "permissive" and bool(old.paths)
    gains = board.faces.gains(old, new, restriction) if restricted else set()
    if gains and reached is None and _walks_after(board, layer.entity, hex_id, new, mapping, gains):
        return  # a network that walks the tile's new track reaches an exit of it: the lay is legal
    if not (_reaches(board, layer.entity, hex_id, new.exits) if reached is None else new.exits & reached):
        raise IllegalLay("track restriction", f"{layer.entity} cannot reach tile {new.name} in {hex_id}")
    if not restricted:
        return
    what = "new track" if restriction == "restrictive" else "new track or a city whose revenue changes"
    if not gains:
        raise IllegalLay("track restriction", f"tile {new.name} in {hex_id} has no {what}")
    if reached is not None and _walks_after(board, layer.entity, hex_id, new, mapping, gains):
        return
    raise IllegalLay(
        "track restriction",
        f"{layer.entity}'s network would not run on any {what} of tile {new.name} in {hex_id}",
    )


def restriction_for(restriction: str, new: Face) -> str:
    """The track restriction a lay of ``new`` is held to under the title's ``restriction``:
    ``city_permissive`` is ``permissive`` for a tile with a city and ``restrictive`` for any
    other, ``station_restrictive`` likewise for a tile with any revenue centre.

    >>> from framework.title.faces import Face, Node
    >>> town = Face("3", "yellow", 0, None, (Node("town", 10),), ())
    >>> restriction_for("city_permissive", town), restriction_for("station_restrictive", town)
    ('restrictive', 'permissive')
    """
    if restriction == "city_permissive":
        return "permissive" if new.node_count("city") else "restrictive"
    if restriction == "station_restrictive":
        return "permissive" if new.nodes else "restrictive"
    return restriction


def _walks_after(
    board: Board, entity: str, hex_id: str, new: Face, mapping: dict[int, int], paths: set[int]
) -> bool:
    """Whether the entity's network walks any of ``paths`` of ``new`` once ``new`` is laid
    in ``hex_id``."""
    goal = Goal(paths=frozenset((hex_id, i) for i in paths))
    return board.finds_with(entity, hex_id, new, mapping, goal)


def improves_mainline(board: Board, hex_id: str, new: Face) -> bool:
    """Whether ``new`` builds the main line of ``hex_id`` for the first time: a path
    from one main-line side to the other, or track from both into revenue centres."""
    mark = board.hexmap.hexes[hex_id].mainline
    if mark is None or hex_id in board.improved:
        return False
    a, b = (("edge", e) for e in mark.edges)
    pairs = {frozenset((p.a, p.b)) for p in new.paths}
    if frozenset((a, b)) in pairs:
        return True
    to_node = {e for p in new.paths for e, other in ((p.a, p.b), (p.b, p.a)) if other[0] == "node"}
    return a in to_node and b in to_node


def legal_lays(board: Board, layer: LayTerms, hex_id: str) -> list[LayPlan]:
    """Every legal lay in ``hex_id``: one plan per tile and rotation."""
    return list(_legal(board, layer, hex_id))


def _legal(board: Board, layer: LayTerms, hex_id: str) -> Iterator[LayPlan]:
    try:
        site = _site(board, layer, hex_id)
    except IllegalLay:
        return
    names = _suiting(board, layer, site)
    if not names:
        return
    site = _with_reach(board, layer, site)
    reached = site.reached or frozenset()
    if layer.connect and not reached:
        return  # no track of the entity leads into the hex
    usable = board.hexmap.usable[hex_id]
    if layer.special and layer.hexes is not None:
        usable = usable | {e for e in range(6) if _toward_own_hex(board, layer, hex_id, e)}
    for name in names:
        tile_id = board.supply.next_id(name)
        if tile_id is None:
            continue
        for rotation in board.faces.rotations(name):
            new = board.faces.get(name, rotation)
            if not new.exits <= usable or (layer.connect and not new.exits & reached):
                continue  # quick refusals before the full check
            if _keeping(board, layer, site, name, new) is None:
                continue
            try:
                yield _place(board, layer, site, tile_id, name, rotation)
            except IllegalLay:
                continue


def _suiting(board: Board, layer: LayTerms, site: _Site) -> Sequence[str]:
    """The tiles that pass :func:`_check_tile` at ``site`` (remembered per kind of site)."""
    old = site.old
    key = (
        layer.tiles,
        layer.special,
        layer.colors,
        layer.phases,
        site.wanted,
        site.old_color,
        site.label,
        site.placed,
        site.own,
        old.node_count("city"),
        old.node_count("town"),
    )
    found: tuple[str, ...] | list[str] | None = board.faces.suits.get(key)
    if found is None:
        found = []
        for name in board.title.tiles:
            try:
                _check_tile(board, layer, site, name)
            except IllegalLay:
                continue
            found.append(name)
        found = board.faces.suits[key] = tuple(found)
    return found


def lay(board: Board, plan: LayPlan) -> None:
    """Carry out a legal lay on the board (the caller pays ``plan.cost``)."""
    board.put_tile(plan.hex, plan.tile_id, plan.name, plan.rotation, plan.mapping)
    board.paid_borders.update(plan.borders)
    if plan.improves_mainline:
        board.improved.add(plan.hex)
