"""The map and the tile manifest of a converted title.

Hexes come from the game's ``optional_hexes`` (the map as the built game has it),
their names from its ``location_name``; tiles from the built game's tile supply,
each standard tile given by its count where the tile library has the same tile,
the others in full from 18xx.games' code (the catalogue's or the title's own).
"""

from __future__ import annotations

import re
from typing import Any

from framework.base.grid import Grid
from framework.convert.codes import read_code
from framework.convert.gaps import Gaps
from framework.title.library import standard_tiles
from framework.title.track import TrackContent

HEX_COLORS = {"white", "yellow", "green", "brown", "gray", "red", "blue"}
TILE_COLORS = {"yellow", "green", "brown", "gray", "red", "blue"}
"""The colours of tiles the format has (red and blue: replacements of printed tiles)."""
CATALOGUE_COLORS = {"greenbrown": "green", "browngray": "brown", "brownsepia": "brown"}
HEX_ID = re.compile(r"^([A-Z]+|[a-z])-?\d+$")


def convert_map(build: dict[str, Any], gaps: Gaps, impassable: Any = None) -> dict[str, Any]:
    """The ``map`` section; ``impassable`` is 18xx.games' ``IMPASSABLE_HEX_COLORS``
    (a blue hex not among them is land that takes tiles)."""
    water_is_land = isinstance(impassable, list) and "blue" not in impassable
    hexes: dict[str, Any] = {}
    icons: set[str] = set()
    names = build.get("location_names") or {}
    entries = build.get("hexes")
    if not isinstance(entries, list):
        raise ValueError(f"the map cannot be read: {entries}")
    for entry in entries:
        color = entry["color"]
        for index, coord in enumerate(entry["coords"]):
            if color == "empty":
                continue
            if not HEX_ID.match(coord):
                gaps.add("map", f"hex {coord}: an id the format cannot name")
                continue
            read = read_code(entry["code"] or "")
            for note in read.gaps:
                gaps.add("map", f"hex {coord}: {note}")
            if read.hex_blocks_lay:
                gaps.add("map", f"hex {coord}: an icon that blocks normal tile lays (blocks_lay)")
            hex_: dict[str, Any] = {}
            if color == "blue" and water_is_land:
                color = "white" if not read.content.get("paths") else "gray"
            if color not in HEX_COLORS:
                gaps.add("map", f"hex {coord}: colour {color} (drawn gray here)")
                color = "gray"
            if color != "white":
                hex_["color"] = color
            if coord in names and isinstance(names[coord], str):
                hex_["name"] = names[coord]
            hex_.update(read.content)
            if read.stubs and build.get("stubs_restricted") is True:
                hex_["stubs"] = read.stubs
            elif read.stubs:
                gaps.add("map", f"hex {coord}: track stubs tiles need not continue (left out)")
            if index and any(read.content.get(kind) for kind in ("cities", "towns", "offboards")):
                hex_["printed_index"] = index  # 18xx.games' id of the printed tile: E11-1
            icons |= {i if isinstance(i, str) else i["name"] for i in hex_.get("icons", [])}
            hexes[coord] = hex_
    layout = build.get("layout") or "pointy"
    if layout not in ("pointy", "flat"):
        raise ValueError(f"the title has no map of hexes (layout {layout})")
    axes = build.get("axes") or {}
    letters = "rows" if axes.get("y") == "letter" else "columns"
    grid = Grid(layout, letters)
    _on_grid(hexes, grid, gaps)
    _match_borders(hexes, grid, gaps)
    _fit_track(hexes, grid, gaps)
    out: dict[str, Any] = {"layout": layout, "letters": letters}
    twins = [t for t in build.get("twin_hexes") or [] if isinstance(t, dict) and t.get("tiles")]
    if twins:
        out["twin_hexes"] = twins
    if icons:
        out["icons"] = {name: {"description": f"18xx.games icon {name}"} for name in sorted(icons)}
        _lay_income(out["icons"], build.get("icon_lay_income"))
    out["hexes"] = hexes
    return out


def own_tiles(hexes: dict[str, Any], probe: Any, tiles: dict[str, Any]) -> None:
    """Give each hex the tiles the title's ``upgrades_to?`` keeps for it (``own_tiles``),
    as the dump's ``hex_tiles`` found them: 18GA's Augusta takes only tile 453a as green."""
    found = probe.get("hexes") if isinstance(probe, dict) else None
    for hex_id, by_color in (found if isinstance(found, dict) else {}).items():
        if hex_id not in hexes or not isinstance(by_color, dict):
            continue
        own = {
            color: [str(n) for n in names]
            for color, names in by_color.items()
            if color in TILE_COLORS and all(str(n) in tiles for n in names)
        }
        if own:
            hexes[hex_id]["own_tiles"] = own


def _lay_income(icons: dict[str, Any], probed: Any) -> None:
    """Each icon whose hexes pay a corporation laying a tile there (the built game's
    probe, ``icon_lay_income``: 1882's NWR hexes) gets its ``lay_income``."""
    for name, income in (probed or {}).items() if isinstance(probed, dict) else ():
        if name in icons and isinstance(income, dict):
            paid = {c: v for c, v in income.items() if c in TILE_COLORS and isinstance(v, int) and v > 0}
            if paid:
                icons[name]["lay_income"] = paid


def _on_grid(hexes: dict[str, Any], grid: Grid, gaps: Gaps) -> None:
    """Keep the hexes of the map's parity (18xx.games draws the odd one anywhere)."""
    parities = [grid.parity(h) for h in hexes]
    if not parities:
        return
    main = max((0, 1), key=parities.count)
    for hex_id in [h for h in hexes if grid.parity(h) != main]:
        gaps.add("map", f"hex {hex_id}: off the grid of the other hexes (left out)")
        del hexes[hex_id]


def _ends(hex_: dict[str, Any]) -> set[int]:
    ends: set[int] = set()
    for path in hex_.get("paths", []):
        a, b = (path["a"], path["b"]) if isinstance(path, dict) else path
        ends |= {e for e in (a, b) if isinstance(e, int)}
    return ends


def _fit_track(hexes: dict[str, Any], grid: Grid, gaps: Gaps) -> None:
    """Leave out preprinted track that leads off the map, across an impassable side or
    into a blue, gray or red hex with no track facing it (18xx.games draws it)."""
    changed = True
    while changed:
        changed = False
        for hex_id, hex_ in hexes.items():
            kept = []
            walls = {b["edge"] for b in hex_.get("borders", []) if b["type"] == "impassable"}
            for path in hex_.get("paths", []):
                a, b = (path["a"], path["b"]) if isinstance(path, dict) else path
                ok = a != b
                for edge in (e for e in (a, b) if isinstance(e, int)):
                    other = grid.neighbour(hex_id, edge)
                    there = hexes.get(other) if other else None
                    if (
                        there is None
                        or edge in walls
                        or (
                            there.get("color") in ("blue", "gray", "red")
                            and (edge + 3) % 6 not in _ends(there)
                        )
                    ):
                        ok = False
                if ok:
                    kept.append(path)
                else:
                    gaps.add("map", f"hex {hex_id}: track {a}-{b} that leads nowhere on this map (left out)")
                    changed = True
            if "paths" in hex_:
                hex_["paths"] = kept
                if not kept:
                    del hex_["paths"]


def _match_borders(hexes: dict[str, Any], grid: Grid, gaps: Gaps) -> None:
    """Declare each typed border on both hexes of its side (18xx.games often gives one)."""
    for hex_id, hex_ in list(hexes.items()):
        for border in list(hex_.get("borders", [])):
            other = grid.neighbour(hex_id, border["edge"])
            if other not in hexes:
                hex_["borders"].remove(border)
                continue
            back = (border["edge"] + 3) % 6
            theirs = hexes[other].setdefault("borders", [])
            if not any(b["edge"] == back for b in theirs):
                theirs.append({**border, "edge": back})
            if border["type"] != "impassable" and not border.get("cost"):
                gaps.add("map", f"hex {hex_id}: a {border['type']} border without a cost (left out)")
                hex_["borders"].remove(border)
        if "borders" in hex_ and not hex_["borders"]:
            del hex_["borders"]
    for hex_ in hexes.values():
        if "borders" in hex_:
            hex_["borders"] = [b for b in hex_["borders"] if b["type"] == "impassable" or b.get("cost")]
            if not hex_["borders"]:
                del hex_["borders"]


def _track(content: dict[str, Any]) -> dict[str, Any]:
    keys = set(TrackContent.model_fields)
    return TrackContent.model_validate({k: v for k, v in content.items() if k in keys}).model_dump()


def _full_tile(name: str, color: str, code: str, count: Any, gaps: Gaps) -> dict[str, Any] | None:
    color = CATALOGUE_COLORS.get(color, color)
    if color not in TILE_COLORS:
        gaps.add("tiles", f"tile {name}: colour {color}, which the format has no tiles of")
        return None
    read = read_code(code)
    for note in read.gaps:
        gaps.add("tiles", f"tile {name}: {note}")
    if read.stubs:
        gaps.add("tiles", f"tile {name}: track stubs (left out)")
    content = {k: v for k, v in read.content.items() if k not in ("icons", "borders")}
    tile: dict[str, Any] = {"color": color, "count": count, **content}
    if read.ability_only:
        tile["ability_only"] = True
    return tile


def convert_tiles(build: dict[str, Any], gaps: Gaps) -> dict[str, Any]:
    """The ``tiles`` section: the built game's tile supply; a tile the title's
    ``upgrades_to?`` never lets be upgraded (the dump's ``unupgradable_tiles``) with
    ``upgrades: []``; the upgrades it allows from a later phase on beyond the general
    rule (the dump's ``late_upgrades``) as the tile's ``late_upgrades``."""
    counts = build.get("tile_counts")
    if not isinstance(counts, dict):
        raise ValueError(f"the tiles cannot be read: {counts}")
    given = build.get("tiles")
    defined: dict[str, Any] = given if isinstance(given, dict) else {}
    catalogue = build.get("catalogue") or {}
    library = standard_tiles()
    tiles: dict[str, Any] = {}
    for name, count in counts.items():
        own = defined.get(name)
        if isinstance(own, dict) and "code" in own:
            color, code = own.get("color", "yellow"), own["code"]
        elif name in catalogue:
            color, code = catalogue[name]["color"], catalogue[name]["code"]
        else:
            gaps.add("tiles", f"tile {name}: no code for it")
            continue
        tile = _full_tile(name, color, code, count, gaps)
        if tile is None:
            continue
        late = (build.get("late_upgrades") or {}).get(name)
        if isinstance(late, dict) and late:
            tile["late_upgrades"] = {str(k): str(v) for k, v in late.items() if k in counts}
        if name in (build.get("unupgradable_tiles") or []):
            tile["upgrades"] = []  # the title's code forbids every upgrade
            tiles[name] = tile
            continue
        standard = library.get(name)
        if standard is not None and standard.get("color") == tile["color"] and not tile.get("ability_only"):
            try:
                same = (
                    _track(standard) == _track(tile)
                    and standard.get("terrain", {}) == tile.get("terrain", {})
                    and standard.get("future_label") == tile.get("future_label")
                )
            except ValueError:
                same = False
            if same:
                late = tile.get("late_upgrades")
                tiles[name] = {"count": count, "late_upgrades": late} if late else count
                continue
        tiles[name] = tile
    return tiles
