"""Semantic checks: what the schema alone cannot see.

The pydantic models check each value on its own. These checks relate the
parts of a title to each other: every reference resolves, the map's track
stays on the map, upgrades keep the old track, the tables cover every player
count, the market has par and game-end cells, homes are cities, and so on.

Each problem is returned as ``(path, message, kind)``: the data path of the
value at fault, the message, and whether the mark should point at the value
(``"value"``) or at its key (``"key"``). The loader turns paths into
``file:line:col``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from framework.base.grid import Grid, opposite
from framework.base.yamlsource import DataPath
from framework.title import companies as ab
from framework.title.base import TILE_COLORS, TileColor
from framework.title.bonuses import AllHexesBonus, HexGroupsBonus, RevenueShareBonus
from framework.title.corporations import Corporation, Minor, MinorMerger
from framework.title.extension import LayerData
from framework.title.files import file_in_folder
from framework.title.hooks import (
    HOOKS_FILE,
    defined_functions,
    definitions,
    hook_references,
    hooks_entry,
    hooks_file_problem,
    kind_problem,
)
from framework.title.model import Title
from framework.title.step_library import STEP_ROUNDS
from framework.title.tiles import UpgradeRule
from framework.title.track import TrackContent, endpoint_node
from framework.title.train_order import phases_follow_the_depot, trains_rust_after_purchase
from framework.title.trains import Train, TrainVariant
from framework.title.upgrades import keeping_rotations

Found = tuple[DataPath, str, str]


def check_title(title: Title, folder: Path | None = None) -> list[Found]:
    """Every semantic problem of ``title`` (loaded from ``folder``)."""
    return list(_Checker(title, folder).run())


def _names(items: Iterable[str]) -> str:
    return ", ".join(sorted(items))


def _label(label: str | None) -> str:
    return f"label {label!r}" if label else "no label"


class _Checker:
    def __init__(self, title: Title, folder: Path | None):
        self.t = title
        self.folder = folder
        self.grid = Grid(title.map.layout, title.map.letters_are)

    def run(self) -> Iterator[Found]:
        for check in (
            self.hexes,
            self.borders,
            self.tiles,
            self.market,
            self.phases_and_trains,
            self.companies,
            self.corporations,
            self.bonuses,
            self.rounds,
            self.setup,
            self.tables,
            self.game_end,
            self.layer,
            self.variants,
            self.hooks,
        ):
            yield from check()

    # -- helpers --------------------------------------------------------

    def hex_refs(self, path: DataPath, hexes: Iterable[str]) -> Iterator[Found]:
        for i, hex_id in enumerate(hexes):
            if hex_id not in self.t.map.hexes:
                yield ((*path, i), f"hex {hex_id!r} is not on the map", "value")

    def refs(self, path: DataPath, names: Iterable[str], known: dict[str, Any], what: str) -> Iterator[Found]:
        for i, name in enumerate(names):
            yield from self.ref((*path, i), name, known, what)

    def ref(self, path: DataPath, name: str, known: dict[str, Any], what: str) -> Iterator[Found]:
        if name not in known:
            yield (path, f"{what} {name!r} does not exist; known: {_names(known)}", "value")

    def track_nodes(self, path: DataPath, track: TrackContent) -> Iterator[Found]:
        """Path endpoints name existing revenue centres; a path joins two ends; a revenue
        by phase names phase colours and train types only."""
        for kind in ("cities", "towns", "offboards"):
            for i, node in enumerate(getattr(track, kind)):
                if not isinstance(node.revenue, dict):
                    continue
                for key in node.revenue:
                    if key not in TILE_COLORS and key not in self.t.trains:
                        yield (
                            (*path, kind, i, "revenue", key),
                            f"{key!r} in a revenue is neither a phase colour "
                            f"({', '.join(TILE_COLORS)}) nor a train type",
                            "key",
                        )
        for i, p in enumerate(track.paths):
            if p.a == p.b:
                yield ((*path, "paths", i), f"the path joins {p.a!r} to itself", "value")
            for end in (p.a, p.b):
                node = endpoint_node(end)
                if node and node[1] >= track.node_count(node[0]):
                    count = track.node_count(node[0])
                    yield (
                        (*path, "paths", i),
                        f"the path ends at {end!r}, but there {'is' if count == 1 else 'are'} "
                        f"only {count} {node[0]}{'' if count == 1 else 's'} here",
                        "value",
                    )

    # -- map ------------------------------------------------------------

    def hexes(self) -> Iterator[Found]:
        hexes = self.t.map.hexes
        parity = Counter(self.grid.parity(h) for h in hexes)
        usual = parity.most_common(1)[0][0] if parity else 0
        icons, lines = self.t.map.icons, self.t.map.mainlines
        for hex_id, hx in hexes.items():
            at = ("map", "hexes", hex_id)
            if self.grid.parity(hex_id) != usual:
                yield (
                    at,
                    f"hex {hex_id} is off the grid: its row and column do not fit the "
                    f"{self.t.map.layout} layout of the other hexes",
                    "key",
                )
            yield from self.track_nodes(at, hx)
            for cost_terrain, cost in hx.terrain.items():
                if cost <= 0:
                    yield (
                        (*at, "terrain", cost_terrain),
                        "a terrain cost must be positive",
                        "value",
                    )
            for i, icon in enumerate(hx.icons):
                if icon.name not in icons:
                    yield (
                        (*at, "icons", i),
                        f"icon {icon.name!r} is not declared under map.icons",
                        "value",
                    )
            if hx.mainline:
                yield from self.ref((*at, "mainline", "line"), hx.mainline.line, lines, "main line")
                for i, edge in enumerate(hx.mainline.edges):
                    if self.grid.neighbour(hex_id, edge) not in hexes:
                        yield (
                            (*at, "mainline", "edges", i),
                            f"the main line leaves {hex_id} by edge {edge}, where there is no hex",
                            "value",
                        )
            yield from self.own_tiles(hx.own_tiles, at)
            yield from self.preprinted_track(hex_id, at)

    def own_tiles(self, own: dict[TileColor, list[str]], at: DataPath) -> Iterator[Found]:
        """A hex's own tiles are tiles of the manifest, of the colour they are listed under."""
        for color, names in own.items():
            for i, name in enumerate(names):
                where = (*at, "own_tiles", color, i)
                tile = self.t.tiles.get(name)
                if tile is None:
                    yield (where, f"tile {name!r} is not in the manifest", "value")
                elif tile.color != color:
                    yield (where, f"tile {name} is {tile.color}, not {color}", "value")

    def preprinted_track(self, hex_id: str, at: DataPath) -> Iterator[Found]:
        hx = self.t.map.hexes[hex_id]
        impassable = {b.edge for b in hx.borders if b.type == "impassable"}
        for i, p in enumerate(hx.paths):
            for edge in (p.a, p.b):
                if not isinstance(edge, int):
                    continue
                other_id = self.grid.neighbour(hex_id, edge)
                other = self.t.map.hexes.get(other_id or "")
                where = (*at, "paths", i)
                if other is None:
                    yield (where, f"track leaves the map by edge {edge} of {hex_id}", "value")
                elif edge in impassable:
                    yield (
                        where,
                        f"track crosses the impassable border on edge {edge} of {hex_id}",
                        "value",
                    )
                elif other.color in ("blue", "gray", "red") and opposite(edge) not in other.edges():
                    yield (
                        where,
                        f"track runs from {hex_id} into {other_id}, a {other.color} hex "
                        f"with no track on that side",
                        "value",
                    )

    def borders(self) -> Iterator[Found]:
        hexes = self.t.map.hexes
        for hex_id, hx in hexes.items():
            for i, border in enumerate(hx.borders):
                at = ("map", "hexes", hex_id, "borders", i)
                other_id = self.grid.neighbour(hex_id, border.edge)
                other = hexes.get(other_id or "")
                if other is None:
                    yield (
                        at,
                        f"the border on edge {border.edge} of {hex_id} faces no hex",
                        "value",
                    )
                    continue
                back = [b for b in other.borders if b.edge == opposite(border.edge)]
                if not back:
                    yield (
                        at,
                        f"the border on edge {border.edge} of {hex_id} needs a matching border "
                        f"on edge {opposite(border.edge)} of {other_id}",
                        "value",
                    )
                elif (back[0].type, back[0].cost) != (border.type, border.cost):
                    yield (
                        at,
                        f"the border on edge {border.edge} of {hex_id} ({border.type}, "
                        f"{border.cost}) differs from its match on {other_id} "
                        f"({back[0].type}, {back[0].cost})",
                        "value",
                    )
                if border.type != "impassable" and border.cost <= 0:
                    yield (at, f"a {border.type} border needs a crossing cost", "value")

    # -- tiles ----------------------------------------------------------

    def tiles(self) -> Iterator[Found]:
        track = self.t.rules.track
        tiles, rule = self.t.tiles, track.upgrades if track is not None else UpgradeRule()
        for name, tile in tiles.items():
            at = ("tiles", name)
            yield from self.track_nodes(at, tile)
            for i, city in enumerate(tile.cities):
                if city.neutral_tokens:
                    neutral = (*at, "cities", i, "neutral_tokens")
                    yield (neutral, "neutral tokens are printed on a map hex's city, not a tile's", "value")
            if isinstance(tile.count, int) and tile.count < 1:
                yield ((*at, "count"), "a tile count must be at least 1 (or unlimited)", "value")
            for i, up in enumerate(tile.upgrades or []):
                where = (*at, "upgrades", i)
                if up not in tiles:
                    yield (where, f"tile {up!r} is not in the manifest", "value")
                    continue
                yield from self.upgrade(where, name, tiles[up].key, rule)

    def upgrade(self, where: DataPath, old_name: str, new_name: str, rule: Any) -> Iterator[Found]:
        old, new = self.t.tiles[old_name], self.t.tiles[new_name]
        colors = rule.colors
        known = old.color in colors and new.color in colors
        if known and colors.index(new.color) != colors.index(old.color) + 1:
            yield (
                where,
                f"tile {old_name} ({old.color}) cannot be upgraded to {new_name} "
                f"({new.color}): an upgrade goes one colour up",
                "value",
            )
            return
        if rule.keep_label and old.label != new.label:
            yield (
                where,
                f"tile {new_name} has {_label(new.label)} but {old_name} has "
                f"{_label(old.label)}: an upgrade keeps the label",
                "value",
            )
            return
        if rule.keep_revenue_centres and not old.label:
            for kind in ("city", "town"):
                if old.node_count(kind) != new.node_count(kind):
                    yield (
                        where,
                        f"tile {new_name} has {new.node_count(kind)} {kind} "
                        f"centres, {old_name} has {old.node_count(kind)}",
                        "value",
                    )
                    return
        if rule.keep_track and not keeping_rotations(old, new):
            yield (
                where,
                f"tile {new_name} does not keep the track of {old_name} in any rotation",
                "value",
            )

    # -- market ---------------------------------------------------------

    def market(self) -> Iterator[Found]:
        market = self.t.market
        marks = Counter(zone.mark for zone in market.zones.values())
        for name, zone in market.zones.items():
            if marks[zone.mark] > 1:
                yield (
                    ("market", "zones", name, "mark"),
                    f"another zone also uses mark {zone.mark!r}",
                    "value",
                )
        known = {zone.mark for zone in market.zones.values()}
        for r, cells in enumerate(market.grid):
            for c, cell in enumerate(cells):
                for mark in cell.marks if cell is not None else "":
                    if mark not in known:
                        yield (
                            ("market", "grid", r, c),
                            f"mark {mark!r} in cell {cell} is the mark of no zone",
                            "value",
                        )
        share_phase = self.t.rules.share_phase
        if share_phase is not None:
            for die, (row, col) in share_phase.start_cells.items():
                if not (
                    0 <= row < len(market.grid)
                    and 0 <= col < len(market.grid[row])
                    and market.grid[row][col] is not None
                ):
                    yield (
                        ("rules", "share_phase", "start_cells", str(die)),
                        f"the start cell [{row}, {col}] is not in the market grid",
                        "value",
                    )
        elif not market.par_cells():
            yield (
                ("market",),
                "no cell of the market is a par price (a zone with par: true)",
                "key",
            )
        ends = [z for z in market.zones.values() if z.ends_game]
        if self.t.game_end.stock_market and not any(market.cells_in(z.key) for z in ends):
            yield (
                ("game_end", "stock_market"),
                "no cell of the market ends the game (a zone with ends_game: true)",
                "value",
            )
        uses_line = any(p.beyond_dividend_line for p in self.t.rules.dividends.payout)
        lines = [z for z in market.zones.values() if z.dividend_line]
        if uses_line and not any(market.cells_in(z.key) for z in lines):
            yield (
                ("rules", "dividends", "payout"),
                "a payout move needs the dividend line, but no cell is in a zone with dividend_line: true",
                "value",
            )

    # -- phases and trains ----------------------------------------------

    def phases_and_trains(self) -> Iterator[Found]:
        phases, trains = self.t.phases, self.t.trains
        needs = [n for n, r in self.t.rounds.items() if r.kind == "operating"]
        if needs and self.t.rules.track is None:
            yield (("rules",), f"the operating round {needs[0]} needs rules.track", "key")
        if not phases:
            if trains or needs:
                what = "trains" if trains else f"the operating round {needs[0]}"
                yield (("trains",) if trains else ("rounds", needs[0]), f"{what} need phases", "key")
            return
        train_faces: dict[str, Train | TrainVariant] = dict(trains)
        for train in trains.values():
            train_faces.update(train.variants)
        for i, (name, phase) in enumerate(phases.items()):
            at = ("phases", name)
            if i == 0 and phase.on is not None:
                yield (
                    (*at, "on"),
                    "the first phase starts the game; it has no 'on' train",
                    "value",
                )
            if i > 0 and phase.on is None:
                yield (at, f"phase {name} needs 'on': the train that starts it", "key")
            if phase.on is not None:
                yield from self.ref((*at, "on"), phase.on, train_faces, "train")
            track = self.t.rules.track
            for j, color in enumerate(phase.tiles):
                if track is not None and color not in track.upgrades.colors:
                    yield (
                        (*at, "tiles", j),
                        f"tile colour {color!r} is not in rules.track.upgrades.colors",
                        "value",
                    )
            limits = (
                phase.train_limit.values() if isinstance(phase.train_limit, dict) else [phase.train_limit]
            )
            if any(limit < 1 for limit in limits):
                yield ((*at, "train_limit"), "a train limit must be at least 1", "value")
            if isinstance(phase.train_limit, dict):
                corporations = self.t.corporations.values()
                kinds = {
                    "corporation": [c for c in corporations if c.kind == "corporation"],
                    "minor": [*self.t.minors, *(c for c in corporations if c.kind == "minor")],
                }
                for kind in (k for k, entities in kinds.items() if entities and k not in phase.train_limit):
                    yield ((*at, "train_limit"), f"a train limit by kind needs one for a {kind}", "value")
        settled = self.t.rules.settled_nationalization
        for name, phase in phases.items():
            if phase.national_operates and (settled is None or settled.national is None):
                yield (
                    ("phases", name, "national_operates"),
                    "a national operates only where rules.settled_nationalization names it",
                    "value",
                )
        for name, train in trains.items():
            at = ("trains", name)
            if isinstance(train.count, int) and train.count < 1:
                yield ((*at, "count"), "a train count must be at least 1 (or unlimited)", "value")
            yield from _distance_checks((*at, "distance"), train.distance)
            for face, variant in train.variants.items():
                yield from _distance_checks((*at, "variants", face, "distance"), variant.distance)
            if train.rusts_on is not None:
                yield from self.ref((*at, "rusts_on"), train.rusts_on, trains, "train")
            if train.available_from is not None:
                yield from self.ref((*at, "available_from"), train.available_from, phases, "phase")
            for key, trade in [("trade_in", train.trade_in)] + [
                (("variants", v, "trade_in"), var.trade_in) for v, var in train.variants.items()
            ]:
                if trade is not None:
                    where = (*at, *(key if isinstance(key, tuple) else (key,)))
                    yield from self.refs((*where, "trains"), trade.trains, trains, "train")
                    if trade.from_phase is not None:
                        yield from self.ref((*where, "from_phase"), trade.from_phase, phases, "phase")
            for i, event in enumerate(train.events):
                if event.type == "nationalization" and self.t.rules.nationalization is None:
                    yield (
                        (*at, "events", i),
                        "the nationalization event needs rules.nationalization",
                        "value",
                    )

        yield from self.refs(
            ("rules", "trains", "export_after_set"), self.t.rules.trains.export_after_set, trains, "train"
        )
        ending = self.t.rules.trains.exports_end_with
        if ending is not None:
            yield from self.ref(("rules", "trains", "exports_end_with"), ending, trains, "train")
        yield from phases_follow_the_depot(self.t)
        yield from trains_rust_after_purchase(self.t)

    # -- companies ------------------------------------------------------

    def companies(self) -> Iterator[Found]:
        t = self.t
        for sym, company in t.companies.items():
            at = ("companies", sym)
            yield from self.refs((*at, "comes_with"), company.comes_with, t.companies, "company")
            if company.closes_in_phase is not None:
                yield from self.ref((*at, "closes_in_phase"), company.closes_in_phase, t.phases, "phase")
            for i, ability in enumerate(company.abilities):
                where = (*at, "abilities", i)
                if isinstance(ability, ab.BlocksHexes) and ability.until is not None:
                    yield from self.ref((*where, "until"), ability.until, t.phases, "phase")
                hexes = getattr(ability, "hexes", None)
                if hexes is not None:
                    yield from self.hex_refs((*where, "hexes"), hexes)
                yield from self.ability(where, ability)

    def ability(self, where: DataPath, ability: Any) -> Iterator[Found]:
        t = self.t
        if isinstance(ability, ab.TileLay) and ability.tiles is not None:
            yield from self.refs((*where, "tiles"), ability.tiles, t.tiles, "tile")
        elif isinstance(ability, ab.RevenueChange):
            yield from self.ref((*where, "phase"), ability.phase, t.phases, "phase")
        elif isinstance(ability, ab.StationToken) and not any(
            step.step == "special_token" for rnd in t.rounds.values() for step in rnd.steps
        ):
            yield (
                (*where, "type"),
                "a token ability is played by the special_token step: list it in an operating round",
                "value",
            )
        elif isinstance(ability, ab.TerrainDiscount) and ability.terrain is None:
            pass  # any terrain, wherever there is some
        elif isinstance(ability, ab.TerrainDiscount) and ability.hexes is None:
            if not any(ability.terrain in hx.terrain for hx in t.map.hexes.values()):
                yield ((*where, "terrain"), f"no hex has {ability.terrain} terrain", "value")
        elif isinstance(ability, ab.TerrainDiscount) and ability.hexes is not None:
            for i, hex_id in enumerate(ability.hexes):
                hx = t.map.hexes.get(hex_id)
                if hx is not None and ability.terrain not in hx.terrain:
                    yield (
                        (*where, "hexes", i),
                        f"hex {hex_id} has no {ability.terrain} terrain",
                        "value",
                    )
        elif isinstance(ability, ab.BonusMarker | ab.BonusTokens) and ability.icon is not None:
            if ability.icon not in t.map.icons:
                yield (
                    (*where, "icon"),
                    f"icon {ability.icon!r} is not declared under map.icons",
                    "value",
                )
            for i, hex_id in enumerate(ability.hexes):
                hx = t.map.hexes.get(hex_id)
                if hx is not None and ability.icon not in hx.icon_names():
                    yield (
                        (*where, "hexes", i),
                        f"hex {hex_id} shows no {ability.icon!r} icon",
                        "value",
                    )
        elif isinstance(ability, ab.TrainDiscount):
            yield from self.refs((*where, "trains"), ability.trains, t.trains, "train")
        elif isinstance(ability, ab.FreeTrain):
            train = t.trains.get(ability.train)
            if train is None:
                yield from self.ref((*where, "train"), ability.train, t.trains, "train")
            elif not train.reserved:
                why = f"no {ability.train} train is reserved to come with the company"
                yield ((*where, "train"), why, "value")
            if ability.until is not None:
                yield from self.ref((*where, "until"), ability.until, t.phases, "phase")
        elif isinstance(ability, ab.Shares):
            if ability.corporation != "random":
                yield from self.ref(
                    (*where, "corporation"), ability.corporation, t.corporations, "corporation"
                )
            yield from self.refs((*where, "among"), ability.among or [], t.corporations, "corporation")
        elif isinstance(ability, ab.ControlsMinor):
            yield from self.ref((*where, "minor"), ability.minor, t.minors, "minor")

    # -- corporations ---------------------------------------------------

    def starts(self) -> Iterator[Found]:
        """How corporations are started: par zones that are par zones of the market, a
        phase that exists, a bid only with ``rules.stock.start_bid``."""
        t = self.t
        par_zones = {name for name, zone in t.market.zones.items() if zone.par}
        for sym, corp in t.corporations.items():
            at = ("corporations", sym)
            for i, zone in enumerate(corp.par_zones):
                if zone not in par_zones:
                    why = f"{zone!r} is not a par zone of the market; known: {_names(par_zones)}"
                    yield ((*at, "par_zones", i), why, "value")
            if corp.available_from is not None:
                yield from self.ref((*at, "available_from"), corp.available_from, t.phases, "phase")
            if corp.started_by == "bid" and t.rules.stock.start_bid is None:
                yield (
                    (*at, "started_by"),
                    f"{sym} is started by a bid, but rules.stock.start_bid is missing",
                    "value",
                )
        start_bid = t.rules.stock.start_bid
        if start_bid is not None and start_bid.first is not None:
            where = ("rules", "stock", "start_bid", "first")
            first = t.corporations.get(start_bid.first)
            if first is None:
                yield from self.ref(where, start_bid.first, t.corporations, "corporation")
            elif first.started_by != "bid":
                yield (where, f"{start_bid.first} is not started by a bid", "value")

    def corporations(self) -> Iterator[Found]:
        t = self.t
        homes: Counter[tuple[str, int]] = Counter()
        national = t.rules.nationalization.national.sym if t.rules.nationalization else None
        charters: list[tuple[str, str, Corporation | Minor]] = [
            ("corporations", s, c) for s, c in t.corporations.items()
        ]
        charters += [("minors", s, m) for s, m in t.minors.items()]
        per_hex = Counter(c.home.hex for _, _, c in charters if c.home is not None)
        yield from self.starts()
        for section, sym, charter in charters:
            at = (section, sym)
            home = charter.home
            for i, hex_id in enumerate(getattr(charter, "home_hexes", [])):
                if hex_id not in t.map.hexes or not t.map.hexes[hex_id].cities:
                    yield ((*at, "home_hexes", i), f"hex {hex_id} is not a city hex of the map", "value")
            if home is None:
                if not t.has_layer and not (section == "corporations" and t.rules.tokens.home_anywhere):
                    yield (at, f"{sym} needs a home (only a title with its own layer may have none)", "key")
                continue
            if section == "corporations" and not getattr(charter, "tokens", [0]):
                yield ((*at, "tokens"), f"{sym} has a home but no token to put there", "value")
            hx = t.map.hexes.get(home.hex)
            if hx is None:
                yield ((*at, "home"), f"home hex {home.hex!r} is not on the map", "value")
            elif not hx.cities:
                yield ((*at, "home"), f"home hex {home.hex} has no city", "value")
            elif home.first_city >= len(hx.cities):
                yield (
                    (*at, "home"),
                    f"home city {home.city} of {home.hex} does not exist: the hex "
                    f"has {len(hx.cities)} cit{'y' if len(hx.cities) == 1 else 'ies'} "
                    f"(counting from 0)",
                    "value",
                )
            elif home.city == "choose":
                # it holds a slot of any city of the hex: the hex must have room for all
                if per_hex[home.hex] > sum(city.slots - city.neutral_tokens for city in hx.cities):
                    yield (
                        (*at, "home"),
                        f"the cities of {home.hex} have too few slots for every company based there",
                        "value",
                    )
            else:
                homes[(home.hex, home.first_city)] += 1
                city = hx.cities[home.first_city]
                if homes[(home.hex, home.first_city)] > city.slots - city.neutral_tokens:
                    neutral = (
                        f" ({city.neutral_tokens} of them neutral stations')" if city.neutral_tokens else ""
                    )
                    yield (
                        (*at, "home"),
                        f"the home city in {home.hex} has {city.slots} slot(s){neutral}, too few for "
                        f"every company based there",
                        "value",
                    )
            if any(price < 0 for price in getattr(charter, "tokens", ())):
                yield ((*at, "tokens"), "token prices cannot be negative", "value")
            if sym == national:
                yield (at, f"{sym} is also the state railway's id (rules.nationalization)", "key")
        for sym, corp in t.corporations.items():
            for i, ability in enumerate(corp.abilities):
                if ability.type == "neutral_token" and ability.owner not in t.corporations:
                    where_owner = ("corporations", sym, "abilities", i, "owner")
                    yield (where_owner, f"{ability.owner!r} is not a corporation", "value")
            shares = corp.shares if corp.shares is not None else t.rules.shares
            where = ("corporations", sym, "shares") if corp.shares is not None else ("rules", "shares")
            if sum(shares) != 100 or any(s <= 0 for s in shares):
                yield (where, f"shares of {sym} add up to {sum(shares)}%, not 100%", "value")
        for sym, minor in t.minors.items():
            yield from self.refs(("minors", sym, "trains"), minor.trains, t.trains, "train")
            yield from self.minor_merger(sym, minor.merges_into)

    def minor_merger(self, sym: str, merger: MinorMerger | None) -> Iterator[Found]:
        """A merging minor's corporation exists and has the certificate named."""
        if merger is None:
            return
        where: DataPath = ("minors", sym, "merges_into")
        corp = self.t.corporations.get(merger.corporation)
        if corp is None:
            yield from self.ref(
                (*where, "corporation"), merger.corporation, self.t.corporations, "corporation"
            )
            return
        shares = corp.shares if corp.shares is not None else self.t.rules.shares
        if merger.share >= len(shares):
            yield ((*where, "share"), f"{merger.corporation} has no certificate {merger.share}", "value")

    # -- bonuses --------------------------------------------------------

    def bonuses(self) -> Iterator[Found]:
        t = self.t
        on_map = {icon.name for hx in t.map.hexes.values() for icon in hx.icons}
        for name, bonus in t.bonuses.items():
            at = ("bonuses", name)
            runners = {**t.corporations, **t.minors}
            yield from self.refs((*at, "corporations"), bonus.corporations, runners, "corporation")
            if isinstance(bonus, AllHexesBonus | RevenueShareBonus):
                yield from self.hex_refs((*at, "hexes"), bonus.hexes)
                continue
            if isinstance(bonus, HexGroupsBonus):
                for i, group in enumerate(bonus.groups):
                    yield from self.hex_refs((*at, "groups", i), group)
                continue
            icons = (
                [("icons", i, icon) for i, icon in enumerate(bonus.icons)]
                if bonus.kind == "all_icons"
                else [("anchor", None, bonus.anchor), ("destination", None, bonus.destination)]
            )
            for key, index, icon in icons:
                where = (*at, key) if index is None else (*at, key, index)
                if icon not in t.map.icons:
                    yield (where, f"icon {icon!r} is not declared under map.icons", "value")
                elif icon not in on_map:
                    yield (
                        where,
                        f"icon {icon!r} is on no hex, so the bonus can never be earned",
                        "value",
                    )

    # -- rounds ---------------------------------------------------------

    def operating_round(self, at: DataPath, name: str) -> Iterator[Found]:
        """The round ``name`` (when the title has it) an operating round."""
        found = self.t.rounds.get(name)
        if found is not None and found.kind != "operating":
            yield (at, f"round {name!r} is a {found.kind} round, not an operating round", "value")

    def rounds(self) -> Iterator[Found]:
        t = self.t
        for part in ("start", "turn"):
            for i, entry in enumerate(getattr(t.sequence, part)):
                yield from self.ref(("sequence", part, i), entry.round, t.rounds, "round")
        for i, entry in enumerate(t.sequence.turn):
            if entry.after_each is not None:
                at = ("sequence", "turn", i, "after_each")
                yield from self.ref(at, entry.after_each, t.rounds, "round")
                yield from self.operating_round(at, entry.round)
        for i, start in enumerate(t.sequence.start):
            if start.until_sold is not None:
                at = ("sequence", "start", i, "until_sold")
                yield from self.ref(at, start.until_sold, t.rounds, "round")
                yield from self.operating_round(at, start.until_sold)
        for name, rnd in t.rounds.items():
            for i, step in enumerate(rnd.steps):
                allowed = STEP_ROUNDS[step.step]
                if rnd.kind != "custom" and rnd.kind not in allowed:
                    yield (
                        ("rounds", name, "steps", i),
                        f"step {step.step!r} belongs in "
                        f"{' or '.join(sorted(allowed))} rounds, not in a {rnd.kind} round",
                        "value",
                    )

    # -- setup ----------------------------------------------------------

    def player_counts(self, at: DataPath, counts: Sequence[int]) -> Iterator[Found]:
        """Each of ``counts`` (a list at ``at``) a number of players the title is for."""
        low, high = self.t.title.players.min, self.t.title.players.max
        for i, count in enumerate(counts):
            if not low <= count <= high:
                yield ((*at, i), f"the title is for {low} to {high} players, not {count}", "value")

    def setup(self) -> Iterator[Found]:
        t = self.t
        drawn_for: set[str] = set()
        if t.setup:
            for i, draw in enumerate(t.setup.draws):
                at = ("setup", "draws", i)
                if draw.remove_one_of:
                    kinds = {
                        "company" if n in t.companies else "corporation" if n in t.corporations else None
                        for n in draw.remove_one_of
                    }
                    for j, name in enumerate(draw.remove_one_of):
                        if name not in t.companies and name not in t.corporations:
                            yield (
                                (*at, "remove_one_of", j),
                                f"{name!r} is neither a company nor a corporation",
                                "value",
                            )
                    if len(kinds - {None}) > 1:
                        yield (
                            (*at, "remove_one_of"),
                            "a draw removes companies or corporations, not both",
                            "value",
                        )
                yield from self.refs((*at, "event_train"), draw.event_train or [], t.trains, "train")
                if draw.revert_tiles is not None and draw.revert_tiles.icon not in t.map.icons:
                    yield (
                        (*at, "revert_tiles", "icon"),
                        f"icon {draw.revert_tiles.icon!r} is not declared under map.icons",
                        "value",
                    )
                for sym, second in draw.second_tokens.items():
                    where = (*at, "second_tokens", sym)
                    hx = t.map.hexes.get(second.hex)
                    if sym not in t.corporations:
                        yield (where, f"{sym!r} is not a corporation (only one places stations)", "key")
                    elif hx is None:
                        yield ((*where, "hex"), f"hex {second.hex!r} is not on the map", "value")
                    elif second.color is None and not hx.cities:
                        yield ((*where, "hex"), f"hex {second.hex} has no city for the station", "value")
                    yield from self.player_counts((*where, "players"), second.players or [])
                yield from self.player_counts((*at, "players"), draw.players or [])
                for j, name in enumerate(draw.deal or []):
                    if name not in t.companies:
                        yield ((*at, "deal", j), f"{name!r} is not a company", "value")
                if draw.corporation_for:
                    company = t.companies.get(draw.corporation_for)
                    ability = company.ability("shares") if company else None
                    if not isinstance(ability, ab.Shares) or ability.corporation != "random":
                        yield (
                            (*at, "corporation_for"),
                            f"{draw.corporation_for!r} is not a company "
                            f"with a shares ability for a random corporation",
                            "value",
                        )
                    drawn_for.add(draw.corporation_for)
        for sym, company in t.companies.items():
            yield from self.player_counts(("companies", sym, "players"), company.players or [])
            for i, ability in enumerate(company.abilities):
                random = isinstance(ability, ab.Shares) and ability.corporation == "random"
                if random and sym not in drawn_for:
                    yield (
                        ("companies", sym, "abilities", i, "corporation"),
                        f"a random corporation needs a draw: add 'corporation_for: {sym}' to setup.draws",
                        "value",
                    )

    # -- bank and certificate tables ------------------------------------

    def tables(self) -> Iterator[Found]:
        t = self.t
        counts = list(t.title.players.counts())
        cash = t.bank.starting_cash
        for n in counts:
            if n not in cash:
                yield (("bank", "starting_cash"), f"no starting cash for {n} players", "value")
        for n, amount in cash.items():
            if amount <= 0:
                yield (("bank", "starting_cash", str(n)), "starting cash must be positive", "value")
        most = max(counts)
        if most in cash and cash[most] * most > t.bank.cash:
            yield (
                ("bank", "cash"),
                f"the bank ({t.bank.cash}) cannot pay {most} players {cash[most]} each",
                "value",
            )
        limits = t.certificate_limit
        tables = (
            [(("certificate_limit", "players"), limits.players)]
            if limits.players is not None
            else [
                (("certificate_limit", "by_corporations", str(k)), v)
                for k, v in (limits.by_corporations or {}).items()
            ]
        )
        for at, table in tables:
            for n in counts:
                if n not in table:
                    yield (at, f"no certificate limit for {n} players", "value")
            for n, limit in table.items():
                if limit < 1:
                    yield ((*at, str(n)), "a certificate limit must be at least 1", "value")

    def game_end(self) -> Iterator[Found]:
        if not self.t.game_end.conditions():
            yield (("game_end",), "the game needs at least one end condition", "key")

    # -- the share phase, the number of turns and the title's layer -----

    def layer(self) -> Iterator[Found]:
        t = self.t
        for name, rnd in t.rounds.items():
            if rnd.kind == "share_phase" and t.rules.share_phase is None:
                yield (("rounds", name, "kind"), "a share_phase round needs rules.share_phase", "value")
        end = t.game_end
        if end.final_turn and not end.turns:
            yield (("game_end", "final_turn"), "the final turn needs game_end.turns", "value")
        if end.turns and not end.final_turn:
            yield (("game_end", "turns"), "game_end.turns needs final_turn (its timing)", "key")
        if end.turns:
            for n in t.title.players.counts():
                if n not in end.turns:
                    yield (("game_end", "turns"), f"no number of turns for {n} players", "value")
        if t.rules.track is None:  # no 18xx board: tokens have nowhere to go
            for kind in ("corporations", "minors"):
                for sym, spec in getattr(t, kind).items():
                    if spec.home is not None:
                        yield ((kind, sym, "home"), f"{sym}'s home needs rules.track (the 18xx board)", "key")
        data = t.layer_part("data")
        if data is not None:  # a LayerData subclass, as the loader checked
            yield from cast("type[LayerData]", data).check(t)

    # -- variants and hooks ---------------------------------------------

    def variants(self) -> Iterator[Found]:
        for name, variant in self.t.variants.items():
            at = ("variants", name)
            if self.folder is not None:
                try:
                    file_in_folder(self.folder, variant.overlay)
                except ValueError as exc:
                    yield ((*at, "overlay"), str(exc), "value")
            for i, n in enumerate(variant.players or []):
                if n < 1:
                    yield ((*at, "players", i), "a player count must be at least 1", "value")

    def hooks(self) -> Iterator[Found]:
        refs = list(hook_references(self.t))
        if not refs or self.folder is None:
            return
        refused = hooks_file_problem(self.folder)
        if refused is not None:
            yield (refs[0][0], refused, "value")
            return
        file = hooks_entry(self.folder)
        if file is None or not file.is_file():
            for at, name in refs:
                yield (at, f"hook {name!r} needs {HOOKS_FILE} in the title's folder", "value")
            return
        shown = file.relative_to(self.folder).as_posix()
        try:
            defined = defined_functions(file)
            known = definitions(file)
        except SyntaxError as exc:
            at, name = refs[0]
            yield (at, f"{shown} cannot be read: {exc.msg} (line {exc.lineno})", "value")
            return
        round_hooks = {name for at, name in refs if at[0] == "rounds"}
        for at, name in refs:
            if name not in defined:
                yield (at, f"hook {name!r} is not a function in {shown}", "value")
            elif name in known:
                wrong = kind_problem(at, name, known[name], round_hooks)
                if wrong is not None:  # the moment's key: where a house rule points it
                    yield (at, wrong, "key" if at[0] == "hooks" else "value")


def _distance_checks(at: DataPath, distance: object) -> Iterator[Found]:
    """A distance of at least one stop; by kind of stop, each part visiting at least one
    and paying at most what it visits."""
    if isinstance(distance, int) and distance < 1:
        yield (at, "a train's distance must be at least 1 (or unlimited)", "value")
    if isinstance(distance, list):
        for k, part in enumerate(distance):
            if isinstance(part.visit, int) and part.visit < 1:
                yield ((*at, k, "visit"), "a part of a distance visits 1 stop or more", "value")
            if isinstance(part.pay, int) and part.pay < 0:
                yield ((*at, k, "pay"), "a part of a distance pays 0 stops or more", "value")
            if isinstance(part.pay, int) and isinstance(part.visit, int) and part.pay > part.visit:
                yield ((*at, k, "pay"), "a part of a distance pays at most the stops it visits", "value")
