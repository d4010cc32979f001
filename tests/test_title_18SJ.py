"""18SJ: the title's YAML agrees with the 18xx.games facts reference.

The facts come from ``tests/data/18SJ-reference.json`` (a copy of the reference's
``data.json``); section numbers (§a.5, §3.5, …) are those of the prose reference
``reference/18SJ/reference.md``. Values are read from the JSON; the few facts the
JSON lacks are copied from the prose, with the section cited beside them.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from framework.base.grid import Grid, opposite, rotate
from framework.title.loader import load_title
from framework.title.map import Hex
from framework.title.tilecode import ICON_NAMES, parse
from framework.title.track import TrackContent
from framework.title.upgrades import keeping_rotations

TITLE = Path(__file__).resolve().parents[1] / "titles" / "18SJ"
REF = json.loads((Path(__file__).parent / "data" / "18SJ-reference.json").read_text(encoding="utf-8"))

HEXES = list(REF["hexes"])
TILES = list(REF["tiles"])
MAINLINE_HEXES = list(REF["mainline_orientation"])
MAINLINE_ICONS = set(REF["mainline_count"])
PHASES = [phase for phase in REF["phases"] if phase["name"] != "E"]
TRAINS = {train["name"]: train for train in REF["trains"]}
COMPANIES = {company["sym"]: company for company in REF["companies"]}
CORPORATIONS = {corp["sym"]: corp for corp in REF["corporations"]}
KHJ = REF["minors"][0]
CELLS = [
    pytest.param(row, col, cell, id=f"{REF['market'][row][col]}@{row},{col}")
    for row, cells in enumerate(REF["market_cells"])
    for col, cell in enumerate(cells)
]


@pytest.fixture(scope="module")
def title():
    return load_title(TITLE)


@pytest.fixture(scope="module")
def oscarian():
    return load_title(TITLE, variants=["oscarian_era"])


@pytest.fixture(scope="module")
def edelsvard():
    return load_title(TITLE, variants=["edelsvard"])


@pytest.fixture(scope="module")
def grid(title):
    return Grid(title.map.layout, title.map.letters_are)


# --- helpers ----------------------------------------------------------------------------


def reference_hex(hex_id: str) -> Hex:
    """The reference tile code of a hex, read into this project's form (§a.5, §b)."""
    parsed = parse(REF["hexes"][hex_id]["code"])
    parsed.pop("_ignored", None)
    return Hex.model_validate(parsed)


def reference_tile(name: str) -> TrackContent:
    """The reference tile code of a manifest tile (§3.5)."""
    return TrackContent.model_validate(parse(REF["tiles"][name]["code"]))


def future_edges(hex_id: str) -> set[int]:
    """The hex edges of the drawing-only ``track:future`` paths of a hex's code (§b.3)."""
    ignored = parse(REF["hexes"][hex_id]["code"]).get("_ignored", [])
    ends = [end for item in ignored for end in item["future_path"]]
    return {int(end) for end in ends if not end.startswith("_")}


def track(content: TrackContent) -> dict:
    """Revenue centres, label and track; paths as unordered endpoint pairs."""
    return {
        "cities": [city.model_dump() for city in content.cities],
        "towns": [town.model_dump() for town in content.towns],
        "offboards": [offboard.model_dump() for offboard in content.offboards],
        "label": content.label,
        "paths": sorted((sorted(map(str, path.endpoints())), path.terminal) for path in content.paths),
    }


def borders(hex_: Hex) -> list[dict]:
    return sorted((border.model_dump() for border in hex_.borders), key=lambda b: b["edge"])


def plain_icons(hex_: Hex) -> list[str]:
    """Icon names other than the main-line icons, which the title keeps as ``mainline``."""
    return sorted(name for name in hex_.icon_names() if name not in MAINLINE_ICONS)


def icon_name(reference_name: str) -> str:
    """The project's name for an 18xx.games icon (``b_lower_case`` is ``b``)."""
    return ICON_NAMES.get(reference_name, reference_name)


def usable_neighbours(title, grid, hex_id: str) -> dict[str, str]:
    """Neighbours by edge under the connectivity rule of §a.3, from the title's data."""
    here = title.hex(hex_id)
    out = {}
    for edge in range(6):
        other = grid.neighbour(hex_id, edge)
        if other not in title.map.hexes:
            continue
        if any(b.edge == edge and b.type == "impassable" for b in here.borders):
            continue
        there = title.hex(other)
        if there.color in ("blue", "gray", "red") and opposite(edge) not in there.edges():
            continue
        out[str(edge)] = other
    return out


def follows_upgrade_rule(title, old, new) -> bool:
    """The general upgrade rule (§3.5, §4.6): one colour up, same label, same number of
    cities and towns unless labelled, and the old track kept under some rotation.
    A white hex (no tile yet) takes the first colour."""
    colors = title.rules.track.upgrades.colors
    step = 0 if old.color == "white" else colors.index(old.color) + 1
    if step >= len(colors) or new.color != colors[step] or new.label != old.label:
        return False
    if old.label is None and (len(old.cities), len(old.towns)) != (
        len(new.cities),
        len(new.towns),
    ):
        return False
    return bool(keeping_rotations(old, new))


def bonus_named(title, reference_key: str):
    """The title's bonus whose name is the reference's key without its label."""
    name = reference_key.split(" (")[0]
    return next(bonus for bonus in title.bonuses.values() if bonus.name == name)


def abilities(company, kind: str) -> list:
    return [ability for ability in company.abilities if ability.type == kind]


def reference_abilities(sym: str, kind: str) -> list[dict]:
    return [a for a in COMPANIES[sym].get("abilities", []) if a["type"] == kind]


def redemption_at(market, cell):
    """The redemption terms of a market cell: its zone's, else the market's."""
    zones = market.zone_of_mark()
    own = [zones[mark].redemption for mark in cell.marks if zones[mark].redemption]
    return own[0] if own else market.redemption


def setup_outcome(title, seed: int) -> tuple[list[str], str | None]:
    """Run the title's setup draws with its generator (§e.1, §e.2)."""
    generator = title.setup.generator
    state = seed % generator.modulus

    def draw() -> int:
        nonlocal state
        state = (generator.multiplier * state + generator.increment) % generator.modulus
        return state

    removed: list[str] = []
    chosen = None
    for step in title.setup.draws:
        if step.remove_one_of is not None:
            values = {name: draw() for name in step.remove_one_of}
            removed.append(min(values, key=values.__getitem__))
        elif step.corporation_for not in removed:
            remaining = [sym for sym in title.corporations if sym not in removed]
            chosen = remaining[draw() % len(remaining)]
    return removed, chosen


# --- (a) the map ------------------------------------------------------------------------


def test_the_map_has_exactly_the_83_reference_hexes(title):
    """§a.1, §a.5: 83 hexes with the reference ids."""
    assert len(REF["hexes"]) == 83
    assert set(title.map.hexes) == set(REF["hexes"])


def test_the_map_is_pointy_with_letters_for_rows(title):
    """§a.1: pointy hexes, letters are rows, numbers columns."""
    assert title.map.layout == REF["layout"]["type"]
    assert title.map.letters_are == "rows"


@pytest.mark.parametrize("edge", range(6))
def test_edges_are_numbered_as_on_18xx_games(grid, edge):
    """§a.2: the neighbour across edge e lies at the reference (dx, dy)."""
    x, y = grid.xy("G10")
    dx, dy = REF["layout"]["edge_to_neighbor_delta_xy"][str(edge)]
    assert grid.xy(grid.neighbour("G10", edge)) == (x + dx, y + dy)


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_position(grid, hex_id):
    """§a.1: x = number − 1, y = letter index."""
    ref = REF["hexes"][hex_id]
    assert grid.xy(hex_id) == (ref["x"], ref["y"])


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_colour(title, hex_id):
    """§a.5: the colour of every hex."""
    assert title.hex(hex_id).color == REF["hexes"][hex_id]["color"]


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_location_name(title, hex_id):
    """§a.5: the location name printed on the hex (none on most)."""
    assert title.hex(hex_id).name == REF["hexes"][hex_id]["location_name"]


def test_named_hexes_are_the_reference_locations(title):
    """§a.5: the hexes with a location name, and their names."""
    named = {hex_id: h.name for hex_id, h in title.map.hexes.items() if h.name}
    assert named == REF["location_names"]


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_printed_id(title, hex_id):
    """§a.4: the id of the hex on the printed board."""
    assert title.hex(hex_id).printed == REF["hexes"][hex_id]["printed_id"]


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_preprinted_track(title, hex_id):
    """§a.5: cities, off-boards, paths and label equal those of the hex's tile code."""
    assert track(title.hex(hex_id)) == track(reference_hex(hex_id))


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_has_one_city_per_reference_city_id(title, hex_id):
    """§a.5: one city per city id of the preprinted tile."""
    assert len(title.hex(hex_id).cities) == len(REF["hexes"][hex_id]["city_ids"])


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_icons(title, hex_id):
    """§a.5, §b.1: the icon names of the hex's code, main-line icons aside."""
    assert plain_icons(title.hex(hex_id)) == plain_icons(reference_hex(hex_id))


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_mainline_icon_is_its_mainline_mark(title, hex_id):
    """§3.8: an M-S/G-S/L-S icon in the code is the hex's main-line mark."""
    icons = [n for n in reference_hex(hex_id).icon_names() if n in MAINLINE_ICONS]
    mark = title.hex(hex_id).mainline
    assert icons == ([mark.line] if mark else [])


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_future_track_is_its_mainline_alignment(title, hex_id):
    """§b.3, §3.8: the drawing-only future track runs through the main-line edges."""
    mark = title.hex(hex_id).mainline
    assert future_edges(hex_id) == (set(mark.edges) if mark else set())


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_terrain(title, hex_id):
    """§a.5: the terrain cost of the hex's code."""
    assert title.hex(hex_id).terrain == reference_hex(hex_id).terrain


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_borders(title, hex_id):
    """§a.5: the hexside borders of the hex's code."""
    assert borders(title.hex(hex_id)) == borders(reference_hex(hex_id))


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_neighbours_lie_across_their_edges(grid, hex_id):
    """§a.2: every reference neighbour is the grid's neighbour across that edge."""
    for edge, other in REF["hexes"][hex_id]["neighbors"].items():
        assert grid.neighbour(hex_id, int(edge)) == other, edge


@pytest.mark.parametrize("hex_id", HEXES)
def test_hex_usable_neighbours_follow_the_connectivity_rule(title, grid, hex_id):
    """§a.3: the usable neighbours, from the title's colours, track and borders."""
    assert usable_neighbours(title, grid, hex_id) == REF["hexes"][hex_id]["neighbors"]


def test_terrain_costs_are_the_reference_mountains(title):
    """§3.5 (costs), §4.6: mountain 75 and 150 hexes, and no other terrain."""
    costs = REF["terrain_costs"]
    expected = {h: {"mountain": 75} for h in costs["mountain_75"]}
    expected |= {h: {"mountain": 150} for h in costs["mountain_150"]}
    actual = {hex_id: h.terrain for hex_id, h in title.map.hexes.items() if h.terrain}
    assert actual == expected


def test_lake_vattern_sides_are_impassable_from_both_hexes(title, grid):
    """§a.3: the impassable Lake Vättern borders, declared on both sides, and no others."""
    expected = set()
    for a, b in REF["impassable_borders"]:
        edge = next(e for e in range(6) if grid.neighbour(a, e) == b)
        expected |= {(a, edge), (b, opposite(edge))}
    actual = {
        (hex_id, border.edge)
        for hex_id, h in title.map.hexes.items()
        for border in h.borders
        if border.type == "impassable"
    }
    assert actual == expected


def test_the_b11_c12_mountain_border_costs_75_from_both_hexes(title, grid):
    """§4.6: the mountain border between B11 and C12 costs 75."""
    for entry in REF["terrain_costs"]["border_costs"]:
        for hex_id, edge in entry["edges"].items():
            (other,) = set(entry["hexes"]) - {hex_id}
            assert grid.neighbour(hex_id, edge) == other
            found = [b for b in title.hex(hex_id).borders if b.edge == edge]
            assert [(b.type, b.cost) for b in found] == [(entry["type"], entry["cost"])]


# --- main lines (§3.8) --------------------------------------------------------------------


def test_mainline_hexes_are_the_reference_ones(title):
    """§3.8: exactly the 20 main-line hexes carry a main-line mark."""
    marked = {hex_id for hex_id, h in title.map.hexes.items() if h.mainline}
    assert marked == set(REF["mainline_orientation"])


def test_the_three_mainlines_are_declared(title):
    """§3.8: main lines M-S, G-S and L-S."""
    assert set(title.map.mainlines) == set(REF["mainline_count"])


@pytest.mark.parametrize("hex_id", MAINLINE_HEXES)
def test_mainline_line_and_edges(title, hex_id):
    """§3.8: the line a hex belongs to and the two edges it runs through."""
    ref = REF["mainline_orientation"][hex_id]
    mark = title.hex(hex_id).mainline
    assert (mark.line, mark.edges) == (ref["line"], ref["edges"])


@pytest.mark.parametrize("hex_id", MAINLINE_HEXES)
def test_mainline_runs_towards_the_reference_hexes(title, grid, hex_id):
    """§3.8: the hexes across the main-line edges."""
    mark = title.hex(hex_id).mainline
    towards = [grid.neighbour(hex_id, edge) for edge in mark.edges]
    assert towards == REF["mainline_orientation"][hex_id]["neighbor_hexes"]


def test_mainline_hex_counts(title):
    """§3.8: M-S has 6 hexes, G-S 5, L-S 9."""
    counts = Counter(h.mainline.line for h in title.map.hexes.values() if h.mainline)
    assert counts == REF["mainline_count"]


# --- tiles (§3.5) -------------------------------------------------------------------------

# §3.5 upgrade chart (not in the JSON): city 5/6/57 → 14/15/619 → 63/611 → X6; plain
# yellow and green as listed; Ystad X1 → X3; Stockholm X2 → X4 → X5.
UPGRADE_CHART = {
    **{city: ["14", "15", "619"] for city in ["5", "6", "57"]},
    **{city: ["63", "611"] for city in ["14", "15", "619"]},
    **{city: ["X6"] for city in ["63", "611"]},
    "7": ["18", "21", "22", "26", "27", "28", "29", "30", "31"],
    "8": ["16", "17", "19", "21", "22", "23", "24", "25", "28", "29", "30", "31"],
    "9": ["18", "19", "20", "23", "24", "26", "27"],
    "16": ["43", "70"],
    "17": ["47"],
    "18": ["43"],
    "19": ["45", "46"],
    "20": ["44", "47"],
    "21": ["46"],
    "22": ["45"],
    "23": ["41", "43", "45", "47"],
    "24": ["42", "43", "46", "47"],
    "25": ["40", "45", "46"],
    "26": ["42", "44", "45"],
    "27": ["41", "44", "46"],
    "28": ["39", "43", "46", "70"],
    "29": ["39", "43", "45", "70"],
    "30": ["42", "70"],
    "31": ["41", "70"],
    "X1": ["X3"],
    "X2": ["X4"],
    "X4": ["X5"],
}

# §3.5 "Geometrically legal placements" (not in the JSON): (hex, tile on it and its
# rotation, or None for the printed hex) → {tile: rotations that keep the old track and
# whose exits all face usable neighbours}.
PLACEMENTS = {
    ("C2", None): {"X1": [5]},
    ("G10", None): {"X2": [4]},
    ("G10", ("X2", 4)): {"X4": [4]},
    ("G10", ("X4", 4)): {"X5": [5]},
    ("C8", None): {"15": [0, 1], "619": [4]},
    ("D15", None): {"619": [1, 3]},
    ("D19", None): {"14": [2, 5], "15": [3, 4, 5], "619": [2, 3]},
    ("E8", None): {"5": [2, 3, 4], "6": [2, 3], "57": [2, 5]},
    ("C12", None): {"5": [0, 1, 5], "6": [0, 5], "57": [2, 5]},
}


def test_tile_manifest_has_the_reference_tiles(title):
    """§3.5: the same tile names."""
    assert set(title.tiles) == set(REF["tiles"])


@pytest.mark.parametrize("name", TILES)
def test_tile_colour(title, name):
    """§3.5: the colour of each tile."""
    assert title.tiles[name].color == REF["tiles"][name]["color"]


@pytest.mark.parametrize("name", TILES)
def test_tile_count(title, name):
    """§3.5: how many of each tile (7, 8, 9 unlimited)."""
    assert title.tiles[name].count == REF["tiles"][name]["count"]


@pytest.mark.parametrize("name", TILES)
def test_tile_track(title, name):
    """§3.5: cities, paths and label equal those of the tile's code."""
    assert track(title.tiles[name]) == track(reference_tile(name))


@pytest.mark.parametrize("name", TILES)
def test_tile_upgrades_follow_the_chart(title, name):
    """§3.5: the upgrade chart."""
    assert sorted(title.tiles[name].upgrades or []) == sorted(UPGRADE_CHART.get(name, []))


@pytest.mark.parametrize("name", TILES)
def test_listed_upgrades_are_exactly_what_the_general_rule_allows(title, name):
    """§3.5, §4.6: colour + 1, same label, same centres unless labelled, old track kept."""
    old = title.tiles[name]
    allowed = {key for key, new in title.tiles.items() if follows_upgrade_rule(title, old, new)}
    assert allowed == set(old.upgrades or [])


@pytest.mark.parametrize(
    ("hex_id", "laid"),
    [pytest.param(h, laid, id=h if laid is None else f"{h}-{laid[0]}@{laid[1]}") for h, laid in PLACEMENTS],
)
def test_legal_placements_on_the_preprinted_hexes(title, grid, hex_id, laid):
    """§3.5: the tiles and rotations that may go on Ystad, Stockholm and the city hexes."""
    exits = {int(edge) for edge in usable_neighbours(title, grid, hex_id)}
    old, old_rotation = (title.hex(hex_id), 0) if laid is None else (title.tiles[laid[0]], laid[1])
    placements = {}
    for name, new in title.tiles.items():
        if not follows_upgrade_rule(title, old, new):
            continue
        rotations = [
            r
            for r in keeping_rotations(old, new, old_rotation)
            if {rotate(e, r) for e in new.edges()} <= exits
        ]
        if rotations:
            placements[name] = rotations
    assert placements == PLACEMENTS[hex_id, laid]


# --- stock market (§3.2) ------------------------------------------------------------------


def test_market_has_the_reference_rows(title):
    """§3.2: eleven rows."""
    assert len(title.market.grid) == len(REF["market"])


@pytest.mark.parametrize("row", range(len(REF["market"])))
def test_market_row(title, row):
    """§3.2: each row's cells, price and zone letters, left to right."""
    assert [str(cell) for cell in title.market.grid[row]] == REF["market"][row]


@pytest.mark.parametrize(("row", "col", "ref"), CELLS)
def test_market_cell_counts_for_cert_limit(title, row, col, ref):
    """§3.1, §3.2: certificates count unless the cell is gray, teal or maroon."""
    zones = title.market.zone_of_mark()
    cell = title.market.grid[row][col]
    counts = all(zones[mark].counts_for_cert_limit for mark in cell.marks)
    assert counts == ref["counts_for_limit"]


@pytest.mark.parametrize(("row", "col", "ref"), CELLS)
def test_market_cell_multiple_buy(title, row, col, ref):
    """§3.2: several shares may be bought per turn only in the maroon zone."""
    zones = title.market.zone_of_mark()
    cell = title.market.grid[row][col]
    assert any(zones[mark].multiple_buy for mark in cell.marks) == ref["buy_multiple"]


@pytest.mark.parametrize(("row", "col", "ref"), CELLS)
def test_market_cell_holding_limit(title, row, col, ref):
    """§3.1: the 60 % holding limit is lifted in the teal and maroon zones."""
    zones = title.market.zone_of_mark()
    cell = title.market.grid[row][col]
    applies = all(zones[mark].holding_limit for mark in cell.marks)
    assert applies == (not {"unlimited", "multiple_buy"} & set(ref["types"]))


@pytest.mark.parametrize(("row", "col", "ref"), CELLS)
def test_market_cell_ends_game(title, row, col, ref):
    """§3.2, §4.13: entering 375 or 400 ends the game."""
    zones = title.market.zone_of_mark()
    cell = title.market.grid[row][col]
    assert any(zones[mark].ends_game for mark in cell.marks) == ("endgame" in ref["types"])


# §4.5 redemption table (not in the JSON): cell type → (max shares, price per share).
REDEMPTION = {
    None: (1, "full"),
    "par": (1, "full"),
    "max_price": (1, "full"),
    "endgame": (1, "full"),
    "no_cert_limit": (1, "half"),
    "unlimited": ("all", "half"),
    "multiple_buy": ("all", "free"),
}


@pytest.mark.parametrize(("row", "col", "ref"), CELLS)
def test_market_cell_redemption(title, row, col, ref):
    """§4.5: how many shares a corporation may redeem, and at what price."""
    terms = redemption_at(title.market, title.market.grid[row][col])
    assert (terms.max_shares, terms.price) == REDEMPTION[ref["type"]]


def test_par_prices(title):
    """§3.2: the six par prices and their cells, top row first."""
    pars = [(cell.price, row, col) for row, col, cell in title.market.par_cells()]
    assert pars == [(p["price"], p["row"], p["col"]) for p in REF["par_prices"]]


def test_moves_off_the_grid(title):
    """§3.2: right at a row's end goes up; left at column 0 goes down; else no move."""
    edges = title.market.edges
    assert (edges.right, edges.left, edges.up, edges.down) == ("up", "down", "none", "none")


def test_the_dividend_line_separates_prices_above_82(title):
    """§4.9: two steps right only above 82; the line is right of the 82m cells."""
    line = {zone.mark for zone in title.market.zones.values() if zone.dividend_line}
    for row in title.market.grid:
        marked = [c for c, cell in enumerate(row) if set(cell.marks) & line]
        beyond = {c for c in range(len(row)) if marked and c > marked[0]}
        assert beyond == {c for c, cell in enumerate(row) if cell.price > 82}


# --- phases (§3.3) ------------------------------------------------------------------------


def test_the_unreachable_phase_e_is_left_out(title):
    """§3.3: the engine's phase E can never start; the title omits it."""
    assert "E" in [phase["name"] for phase in REF["phases"]]
    assert "E" not in title.phases


def test_phases_in_order(title):
    """§3.3: phases 2, 3, 4, 5, 6, D."""
    assert list(title.phases) == [phase["name"] for phase in PHASES]


def test_the_first_phase_starts_with_the_game(title):
    """§3.3: phase 2 is there from the start (the engine says: on the first 2-train)."""
    first = next(iter(title.phases.values()))
    assert first.on is None
    assert PHASES[0]["on"] == next(iter(title.trains))


@pytest.mark.parametrize("ref", PHASES[1:], ids=lambda p: p["name"])
def test_phase_starts_with_the_first_train_of_its_type(title, ref):
    """§3.3: the train whose first purchase starts the phase."""
    assert title.phases[ref["name"]].on == ref["on"]


@pytest.mark.parametrize("ref", PHASES, ids=lambda p: p["name"])
def test_phase_train_limit(title, ref):
    """§3.3: the train limit."""
    assert title.phases[ref["name"]].train_limit == ref["train_limit"]


@pytest.mark.parametrize("ref", PHASES, ids=lambda p: p["name"])
def test_phase_tile_colours(title, ref):
    """§3.3: the tile colours available."""
    assert title.phases[ref["name"]].tiles == ref["tiles"]


@pytest.mark.parametrize("ref", PHASES, ids=lambda p: p["name"])
def test_phase_operating_rounds(title, ref):
    """§3.3: operating rounds per set."""
    assert title.phases[ref["name"]].operating_rounds == ref["operating_rounds"]


@pytest.mark.parametrize("ref", PHASES, ids=lambda p: p["name"])
def test_phase_allows_buying_companies(title, ref):
    """§3.3: corporations may buy private companies in phases 3 and 4."""
    expected = "can_buy_companies" in ref["status"]
    assert title.phases[ref["name"]].buy_companies == expected


# --- trains (§3.4) ------------------------------------------------------------------------

# The reference's event names, and the framework's (the JSON says full_cap).
EVENT_NAMES = {
    "nationalization": "nationalization",
    "close_companies": "close_companies",
    "full_cap": "full_capitalization",
}


def test_train_types_in_depot_order(title):
    """§3.4: 2, 3, 4, 5, 6, D; E is a variant of D, not a type."""
    assert list(title.trains) == list(TRAINS)


@pytest.mark.parametrize("name", TRAINS)
def test_train_distance(title, name):
    """§3.4: stops a train may count; D is unlimited (999 in the engine)."""
    distance = title.trains[name].distance
    assert (999 if distance == "unlimited" else distance) == TRAINS[name]["distance"]


@pytest.mark.parametrize("name", TRAINS)
def test_train_price(title, name):
    """§3.4: the depot price."""
    assert title.trains[name].price == TRAINS[name]["price"]


@pytest.mark.parametrize("name", TRAINS)
def test_train_count(title, name):
    """§3.4: how many (seven 2-trains incl. KHJ's; D unlimited)."""
    assert title.trains[name].count == TRAINS[name]["num"]


@pytest.mark.parametrize("name", TRAINS)
def test_train_rusts_on(title, name):
    """§3.4: 2s rust on the first 4, 3s on the first 6, 4s on the first D."""
    assert title.trains[name].rusts_on == TRAINS[name].get("rusts_on")


@pytest.mark.parametrize("name", TRAINS)
def test_train_events(title, name):
    """§3.4, §4.12: events on the first train of the type, in order."""
    expected = [EVENT_NAMES[event["type"]] for event in TRAINS[name].get("events", [])]
    assert [event.type for event in title.trains[name].events] == expected


@pytest.mark.parametrize("name", TRAINS)
def test_train_available_from(title, name):
    """§3.4: D is offered from phase 6 beside the remaining 6-trains."""
    assert title.trains[name].available_from == TRAINS[name].get("available_on")


def test_d_trades_in_a_4_5_or_6_for_300_off(title):
    """§3.4: a D bought with a 4, 5 or 6 traded in costs 300 less."""
    trade_in = title.trains["D"].trade_in
    discount = TRAINS["D"]["discount"]
    assert sorted(trade_in.trains) == sorted(discount)
    assert {trade_in.discount} == set(discount.values())


def test_the_e_variant_of_d(title):
    """§3.4: E is a face of the D card: price 1300, same trade-in, unlimited distance."""
    (ref,) = TRAINS["D"]["variants"]
    variants = title.trains["D"].variants
    assert list(variants) == [ref["name"]]
    e = variants[ref["name"]]
    assert e.price == ref["price"]
    assert sorted(e.trade_in.trains) == sorted(ref["discount"])
    assert {e.trade_in.discount} == set(ref["discount"].values())
    assert (e.distance or title.trains["D"].distance) == "unlimited"


def test_the_e_train_doubles_own_token_stops(title):
    """§4.8: an E route counts once more each stop in a hex with the corporation's token."""
    assert title.trains["D"].variants["E"].own_token_stop_multiplier == 2
    assert title.trains["D"].own_token_stop_multiplier == 1


# --- private companies (§3.6) -------------------------------------------------------------


def test_companies_in_auction_order(title):
    """§3.6: the ten companies and NEFT, in the reference order (ascending value)."""
    assert list(title.companies) == list(COMPANIES)


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_name(title, sym):
    """§3.6: the company's name."""
    assert title.companies[sym].name == COMPANIES[sym]["name"]


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_value(title, sym):
    """§3.6: the face value."""
    assert title.companies[sym].value == COMPANIES[sym]["value"]


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_revenue(title, sym):
    """§3.6: the revenue paid at the start of every OR."""
    assert title.companies[sym].revenue == COMPANIES[sym]["revenue"]


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_rulebook_number(title, sym):
    """§3.6: P1 … P10; NEFT has none."""
    number = COMPANIES[sym]["rulebook_number"]
    assert title.companies[sym].number == (number if number.startswith("P") else None)


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_blocked_hexes(title, sym):
    """§3.6: FRY blocks B17, NOJ D9, GC E28 and F27, while unowned or player-owned."""
    blocks = abilities(title.companies[sym], "blocks_hexes")
    ref = reference_abilities(sym, "blocks_hexes")
    assert [b.hexes for b in blocks] == [a["hexes"] for a in ref]
    listed = REF["blocked_hexes"].get(sym)
    assert [b.hexes for b in blocks] == ([listed] if listed else [])
    for block in blocks:
        assert sorted(block.owner) == ["bank", "player"]


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_may_be_bought_by_corporations(title, sym):
    """§3.6: every company but NE, AEvR and NEFT may be bought by a corporation."""
    buyable = not reference_abilities(sym, "no_buy")
    assert title.companies[sym].corporations_may_buy == buyable
    assert (COMPANIES[sym]["corporation_purchase_price_range"] is not None) == buyable


@pytest.mark.parametrize("sym", [s for s, c in COMPANIES.items() if c["corporation_purchase_price_range"]])
def test_company_purchase_price_range(title, sym):
    """§3.6, §4.11: corporations pay from half (rounded up) to twice the face value."""
    value, sales = title.companies[sym].value, title.rules.company_sales
    low, high = math.ceil(value * sales.min), value * sales.max
    assert [low, high] == COMPANIES[sym]["corporation_purchase_price_range"]


@pytest.mark.parametrize("sym", COMPANIES)
def test_company_closes_at_phase_5_unless_neft(title, sym):
    """§3.6: all privates close at the start of phase 5 except NEFT."""
    never = any(a.get("on_phase") == "never" for a in reference_abilities(sym, "close"))
    assert title.companies[sym].closes_on_event == (not never)


def test_gkb_places_its_tokens_on_the_gota_kanal_hexes(title):
    """§3.10: three tokens 50, 30, 20 on C8, C12, C16, E8; the highest used is removed."""
    (ref,) = reference_abilities("GKB", "assign_hexes")
    (tokens,) = abilities(title.companies["GKB"], "bonus_tokens")
    assert tokens.hexes == ref["hexes"]
    assert len(tokens.amounts) == ref["count"]
    assert tokens.amounts == [50, 30, 20]  # §3.10
    assert (tokens.placement, tokens.after_routes) == ("forced", "remove_highest_used")


def test_sb_moves_its_marker_among_the_port_hexes(title):
    """§3.10: the SB token goes on A6, C2, D5, F19, F23 or G26; 30 kr per port icon."""
    (ref,) = reference_abilities("SB", "assign_hexes")
    (marker,) = abilities(title.companies["SB"], "bonus_marker")
    assert marker.hexes == ref["hexes"]
    assert marker.icon == "port"
    amount = REF["bonuses"]["Sveabolaget port"]["amount"]  # "30 x number of port icons …"
    assert marker.amount_per_icon == int(amount.split(" x ")[0])


def test_gc_lays_two_yellow_tiles_in_e28_and_f27(title):
    """§3.6: up to two 7/8/9 tiles in E28 and F27, unconnected, joined, lost after the turn."""
    (ref,) = reference_abilities("GC", "tile_lay")
    (lay,) = abilities(title.companies["GC"], "tile_lay")
    assert (lay.hexes, lay.tiles, lay.count) == (ref["hexes"], ref["tiles"], ref["count"])
    assert not lay.connected  # §3.6: "need no connection"
    assert lay.connect_each_other  # §3.6: "the two tiles must connect to each other"
    assert lay.lapses == "end_of_turn"  # §3.6: "the second lay is lost"
    assert not lay.counts_as_track_lay  # §3.6: "do not use the normal lay allowance"


def test_gc_terrain_discounts_leave_out_the_water_discount(title):
    """§3.6: mountain −75 in C30 and D29; the water discount in C30 never applies."""
    discounts = abilities(title.companies["GC"], "terrain_discount")
    ref = reference_abilities("GC", "tile_discount")
    assert any(a["terrain"] == "water" for a in ref)
    assert [(sorted(d.hexes), d.terrain, d.amount) for d in discounts] == [
        (sorted(a["hexes"]), a["terrain"], a["discount"]) for a in ref if a["terrain"] != "water"
    ]


def test_gc_discounts_per_hex(title):
    """§4.6: GC's owner pays 75 less in D29 and C30."""
    (discount,) = abilities(title.companies["GC"], "terrain_discount")
    assert dict.fromkeys(discount.hexes, discount.amount) == REF["terrain_costs"]["gc_discount"]


def test_mv_buys_trains_early_once(title):
    """§3.6: Motala Verkstad, once per game, buys trains before running."""
    (ref,) = reference_abilities("MV", "train_buy")
    (early,) = abilities(title.companies["MV"], "early_train_purchase")
    assert early.uses == ref["count"]
    assert early.skips_buy_trains  # §3.6: "its normal Buy Trains step that turn is skipped"


def test_nohab_buys_a_3_4_or_5_train_at_half_price(title):
    """§3.6: NOHAB, once, one 3, 4 or 5 train at price − floor(price/2)."""
    (ref,) = reference_abilities("NOHAB", "train_discount")
    (discount,) = abilities(title.companies["NOHAB"], "train_discount")
    assert (discount.trains, discount.fraction, discount.uses) == (
        ref["trains"],
        ref["discount"],
        ref["count"],
    )


def test_khj_controls_the_khj_minor(title):
    """§3.6, §4.11: buying KHJ gives the minor; a corporation buying it merges it."""
    (control,) = abilities(title.companies["KHJ"], "controls_minor")
    assert control.minor == KHJ["sym"]
    assert control.corporation_purchase == "merge"


def test_aevr_gives_the_okj_presidency(title):
    """§3.6: AEvR's buyer receives ÖKJ's president's certificate (ÖKJ_0)."""
    (ref,) = reference_abilities("AEvR", "shares")
    (cert,) = abilities(title.companies["AEvR"], "shares")
    assert cert.corporation == ref["shares"].removesuffix("_0")


def test_ne_gives_the_presidency_of_the_drawn_corporation(title):
    """§3.6: NE's corporation is drawn at setup; NE comes with NEFT."""
    (ref,) = reference_abilities("NE", "shares")
    (cert,) = abilities(title.companies["NE"], "shares")
    assert ref["shares"] == "random_president"
    assert cert.corporation == "random"
    assert title.companies["NE"].comes_with == ["NEFT"]


@pytest.mark.parametrize("sym", ["NE", "AEvR"])
def test_presidency_companies_pay_twice_par_and_close_on_the_first_train(title, sym):
    """§3.6: the bank pays 2 × par to the corporation; the company closes on its first train."""
    (cert,) = abilities(title.companies[sym], "shares")
    assert cert.treasury_payment == 2
    assert title.companies[sym].closes_when_corporation_buys_train


def test_aevr_closes_when_okj_buys_a_train(title):
    """§3.6: the reference's close trigger of AEvR names ÖKJ."""
    (ref,) = [a for a in reference_abilities("AEvR", "close") if a.get("when") == "bought_train"]
    (cert,) = abilities(title.companies["AEvR"], "shares")
    assert cert.corporation == ref["corporation"]


def test_neft_is_a_priority_card_outside_the_auction_and_cert_limit(title):
    """§3.1, §3.6: NEFT is not auctioned, never counts for the limit, used once."""
    neft = title.companies["NEFT"]
    assert not neft.auction
    assert not neft.counts_for_cert_limit
    (card,) = abilities(neft, "priority_card")
    assert (card.uses, card.closes_when_used) == (1, True)


def test_every_other_company_is_auctioned_and_counts_for_the_limit(title):
    """§3.1, §3.6: all companies but NEFT are auctioned and count for the cert limit."""
    others = [c for sym, c in title.companies.items() if sym != "NEFT"]
    assert all(c.auction and c.counts_for_cert_limit for c in others)


# --- setup draws (§3.11, §e) --------------------------------------------------------------


def test_setup_removes_one_company_of_each_pair_in_draw_order(title):
    """§e.2: the company pairs, in the order of the draws."""
    pairs = [d.remove_one_of for d in title.setup.draws if d.remove_one_of]
    assert pairs[:4] == REF["optional_removal"]["company_pairs_in_draw_order"]


def test_removal_pairs_are_the_reference_pairs(title):
    """§3.6: pairs A–D of the company table."""
    by_letter: dict[str, set[str]] = {}
    for sym, company in COMPANIES.items():
        if company["removal_pair"]:
            by_letter.setdefault(company["removal_pair"], set()).add(sym)
    pairs = [set(d.remove_one_of) for d in title.setup.draws[:4]]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, by_letter.values()))


def test_setup_removes_one_optional_corporation(title):
    """§e.2: then one of STJ, TGOJ, ÖSJ, MYJ, drawn in that order."""
    draw = title.setup.draws[4]
    assert draw.remove_one_of == REF["optional_removal"]["corporations"]
    assert set(draw.remove_one_of) == {s for s, c in CORPORATIONS.items() if c["optional"]}


def test_the_last_draw_chooses_the_ne_corporation(title):
    """§e.2: finally, if NE stays, one draw chooses its corporation."""
    assert len(title.setup.draws) == 6
    assert title.setup.draws[5].corporation_for == "NE"


def test_the_setup_generator(title):
    """§e.1: the linear congruential generator's constants."""
    rng = REF["optional_removal"]["rng"]
    generator = title.setup.generator
    assert generator.kind == "lcg"
    assert (generator.multiplier, generator.increment, generator.modulus) == (
        rng["A"],
        rng["C"],
        rng["M"],
    )


# §e.3 worked example and fixture seeds (not in the JSON): seed → removed, NE's corporation.
SEEDS = {
    5: (["AEvR", "NOJ", "NOHAB", "GKB", "TGOJ"], "MYJ"),
    0: (["NE", "NOJ", "NOHAB", "GKB", "TGOJ"], None),
    1012549268: (["AEvR", "NOJ", "NOHAB", "SB", "MYJ"], "SNJ"),
    795267900: (["NE", "FRY", "NOHAB", "GKB", "MYJ"], None),
    906735331: (["AEvR", "NOJ", "NOHAB", "GKB", "MYJ"], "STJ"),
    65418502: (["AEvR", "FRY", "NOHAB", "GKB", "STJ"], "KFJ"),
    891507424: (["AEvR", "FRY", "MV", "GKB", "STJ"], "ÖSJ"),
}


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_draws_reproduce_the_worked_examples(title, seed):
    """§e.3: the title's draws, run with its generator, give the reference outcome."""
    assert setup_outcome(title, seed) == SEEDS[seed]


# --- corporations and the KHJ minor (§3.7) ------------------------------------------------


def test_corporations_in_engine_order(title):
    """§3.7: BJ, KFJ, MYJ, MÖJ, SNJ, STJ, SWB, TGOJ, UGJ, ÖKJ, ÖSJ (drives the NE draw)."""
    order = sorted(CORPORATIONS.values(), key=lambda c: c["engine_order_index"])
    assert list(title.corporations) == [c["sym"] for c in order]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_name(title, sym):
    """§3.7: the corporation's name."""
    assert title.corporations[sym].name == CORPORATIONS[sym]["name"]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_home(title, sym):
    """§3.7: the home hex and city (SWB: Stockholm city 2)."""
    home = title.corporations[sym].home
    ref = CORPORATIONS[sym]
    assert (home.hex, home.city) == (ref["coordinates"], ref["home_city_index"])
    assert home.city < len(title.hex(home.hex).cities)


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_home_location(title, sym):
    """§3.7: the home hex bears the home location's name."""
    home = title.corporations[sym].home
    assert title.hex(home.hex).name == CORPORATIONS[sym]["home_location"]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_tokens(title, sym):
    """§3.7: station token prices, the first being the free home token."""
    assert title.corporations[sym].tokens == CORPORATIONS[sym]["tokens"]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_colour(title, sym):
    """§3.7: the charter colour."""
    assert title.corporations[sym].color == CORPORATIONS[sym]["color"]


@pytest.mark.parametrize("sym", [s for s, c in CORPORATIONS.items() if "text_color" in c])
def test_corporation_text_colour(title, sym):
    """§3.7: the text colour, where the engine gives one."""
    assert title.corporations[sym].text_color == CORPORATIONS[sym]["text_color"]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_floats_at_60_percent(title, sym):
    """§3.7: every corporation floats at 60 %."""
    corp = title.corporations[sym]
    percent = corp.float_percent or title.rules.float_percent
    assert percent == CORPORATIONS[sym]["float_percent"]


@pytest.mark.parametrize("sym", CORPORATIONS)
def test_corporation_shares(title, sym):
    """§3.7: a 20 % president's certificate and eight 10 % shares."""
    shares = title.corporations[sym].shares or title.rules.shares
    assert shares == [20] + [10] * 8


def test_swb_starts_in_the_stockholm_city_towards_f11(title, grid):
    """§3.7: SWB's home is the Stockholm city whose track leaves by edge 3, towards F11."""
    home = title.corporations["SWB"].home
    city = "city" if home.city == 0 else f"city{home.city}"
    edges = [e for p in title.hex(home.hex).paths if city in p.endpoints() for e in p.endpoints()]
    assert [e for e in edges if isinstance(e, int)] == [3]
    assert grid.neighbour(home.hex, 3) == "F11"


def test_khj_minor(title):
    """§3.7: KHJ, home D15 (Köping), one free token, white."""
    minor = title.minors[KHJ["sym"]]
    assert list(title.minors) == [KHJ["sym"]]
    assert minor.name == KHJ["name"]
    assert (minor.home.hex, minor.home.city) == (KHJ["coordinates"], 0)
    assert title.hex(minor.home.hex).name == KHJ["home_location"]
    assert (minor.color, minor.text_color) == (KHJ["color"], KHJ["text_color"])


def test_khj_starts_with_a_2_train(title):
    """§3.7: the minor receives train 2-0 at setup."""
    assert title.minors["KHJ"].trains == [TRAINS["2"]["ids"][0].split("-")[0]]


def test_khj_operates_first_halves_revenue_never_buys_trains_and_closes_at_phase_5(title):
    """§3.7, §4.9, §4.12: as the KHJ note of the reference says."""
    minor = title.minors["KHJ"]
    assert minor.operates_first
    assert minor.closes_on_event


# --- bonuses (§3.9, §3.10) ----------------------------------------------------------------


def test_lapplandspilen_pays_100_for_n_and_s(title):
    """§3.9: N/S +100 for a route stopping at Narvik (N) and Stockholms hamn (S)."""
    bonus = bonus_named(title, "Lapplandspilen (N/S)")
    assert (bonus.kind, bonus.icons, bonus.label) == ("all_icons", ["N", "S"], "N/S")
    assert bonus.amount == REF["bonuses"]["Lapplandspilen (N/S)"]["amount"]


def test_ost_vast_pays_120_for_o_and_v(title):
    """§3.9: Ö/V +120 for a route stopping at an O and a V hex."""
    bonus = bonus_named(title, "Öst-Väst (Ö/V)")
    assert (bonus.kind, bonus.icons, bonus.label) == ("all_icons", ["O", "V"], "Ö/V")
    assert bonus.amount == REF["bonuses"]["Öst-Väst (Ö/V)"]["amount"]


def test_ost_vast_icons_stand_for_h9_and_malmo_or_goteborg(title):
    """§3.9: O only on H9 and V only on A2/A10, so the icons give the reference's hex rule."""
    carrying = {
        name: {hex_id for hex_id, h in title.map.hexes.items() if name in h.icon_names()}
        for name in ("O", "V")
    }
    assert carrying == {"O": {"H9"}, "V": {"A2", "A10"}}


@pytest.mark.parametrize(
    ("key", "anchor", "destination", "labels"),
    [("Bergslagen", "B", "b", ["b/B", "b/B/b"]), ("Malmfälten", "M", "m", ["m/M", "m/M/m"])],
)
def test_mine_bonuses(title, key, anchor, destination, labels):
    """§3.9: a mine and one or two destinations pay 50 or 100 (labels from §f.2)."""
    bonus = bonus_named(title, key)
    assert (bonus.kind, bonus.anchor, bonus.destination) == ("destinations", anchor, destination)
    assert bonus.amounts == REF["bonuses"][key]["amounts"]
    assert bonus.labels == labels


def test_no_other_route_bonuses(title):
    """§3.9: the four icon bonuses (company and E-train bonuses live elsewhere)."""
    names = {bonus.name for bonus in title.bonuses.values()}
    assert names == {"Lapplandspilen", "Öst-Väst", "Bergslagen", "Malmfälten"}


@pytest.mark.parametrize("hex_id", REF["bonuses"]["icons"])
def test_bonus_icons_on_hex(title, hex_id):
    """§3.9: the bonus icons printed on the hex."""
    expected = sorted(icon_name(n) for n in REF["bonuses"]["icons"][hex_id])
    bonus_icons = {icon_name(n) for names in REF["bonuses"]["icons"].values() for n in names}
    assert sorted(n for n in title.hex(hex_id).icon_names() if n in bonus_icons) == expected


def test_bonus_icons_are_on_no_other_hex(title):
    """§3.9: only the listed hexes carry bonus icons."""
    bonus_icons = {icon_name(n) for names in REF["bonuses"]["icons"].values() for n in names}
    carrying = {hex_id for hex_id, h in title.map.hexes.items() if bonus_icons & set(h.icon_names())}
    assert carrying == set(REF["bonuses"]["icons"])


def test_port_icons_per_hex(title):
    """§3.10: A6 2, C2 1, D5 1, F19 1, F23 2, G26 1 port icons."""
    ports = {
        hex_id: h.icon_names().count("port")
        for hex_id, h in title.map.hexes.items()
        if "port" in h.icon_names()
    }
    assert ports == REF["bonuses"]["Sveabolaget port"]["port_icons"]
    assert set(ports) == set(REF["sveabolaget_hexes"])


def test_gkb_icons_mark_the_gota_kanal_hexes(title):
    """§3.10: C8, C12, C16 and E8 carry a GKB icon."""
    gkb = {hex_id for hex_id, h in title.map.hexes.items() if "GKB" in h.icon_names()}
    assert gkb == set(REF["gkb_hexes"]) == set(REF["bonuses"]["Göta kanal"]["hexes"])


def test_company_icons_go_with_their_company(title):
    """§4.1, §4.12: GKB and port icons are removed with their company."""
    (tokens,) = abilities(title.companies["GKB"], "bonus_tokens")
    (marker,) = abilities(title.companies["SB"], "bonus_marker")
    assert tokens.removed_with_company
    assert marker.removed_with_company


# --- bank, cash, certificate limit, constants (§3.1, other_constants) --------------------


def test_the_title_is_18sj_in_kronor(title):
    """Reference preamble: 18SJ, money in kr."""
    assert title.title.name == "18SJ"
    assert title.title.money(10000) == "10000 kr"


def test_bank(title):
    """§3.1: the bank holds 10,000 kr."""
    assert title.bank.cash == REF["bank"]


def test_three_to_six_players(title):
    """§3.1: the base title is for 3–6 players (2 is the Edelsvärd variant)."""
    assert list(title.title.players.counts()) == [3, 4, 5, 6]


def test_starting_cash(title):
    """§3.1: 800 / 600 / 480 / 400 kr for 3 / 4 / 5 / 6 players."""
    expected = {int(n): cash for n, cash in REF["starting_cash"].items() if int(n) >= 3}
    assert title.bank.starting_cash == expected


def test_certificate_limit(title):
    """§3.1: by corporations in play (10 … 7), then players 3–6."""
    expected = {
        int(corps): {int(n): limit for n, limit in row.items() if int(n) >= 3}
        for corps, row in REF["cert_limit"].items()
    }
    assert title.certificate_limit.by_corporations == expected
    assert title.certificate_limit.players is None


def test_private_companies_count_for_the_certificate_limit(title):
    """§3.1: every private but NEFT counts."""
    constants = REF["other_constants"]
    assert title.certificate_limit.counts_companies == constants["CERT_LIMIT_INCLUDES_PRIVATES"]


def test_share_limits(title):
    """§3.1: 50 % in the bank pool, 60 % per player."""
    stock, constants = title.rules.stock, REF["other_constants"]
    assert stock.pool_limit == constants["MARKET_SHARE_LIMIT"]
    assert stock.holding_limit == constants["max_ownership_percent"]


def test_float_and_capitalization(title):
    """§3.7: corporations float at 60 % and are incrementally capitalised."""
    constants = REF["other_constants"]
    assert title.rules.float_percent == constants["float_percent"]
    assert title.rules.capitalization == constants["CAPITALIZATION"]
    assert all(c.capitalization is None for c in title.corporations.values())


def test_stock_round_rules(title):
    """§4.3: sell-buy-sell, no sales in SR 1, down a row per share, sold out moves up."""
    stock, constants = title.rules.stock, REF["other_constants"]
    assert stock.order == constants["SELL_BUY_ORDER"]
    assert constants["SELL_AFTER"].startswith("first (no sales in stock round 1)")
    assert stock.first_sales == 2
    assert constants["SELL_MOVEMENT"] == "down one row per share"
    assert stock.sell_move == "down_per_share"
    assert constants["SOLD_OUT_INCREASE"]
    assert stock.sold_out_move == "up"
    assert not constants["PRESIDENT_SALES_TO_MARKET"]  # as the framework plays every title
    assert stock.treasury_price == "market"  # §4.3: "Always at the current market price"


def test_track_is_semi_restrictive(title):
    """§4.6: semi-restrictive track laying."""
    assert title.rules.track.restriction == REF["other_constants"]["TRACK_RESTRICTION"]


def test_two_tile_lays_the_second_needing_a_main_line(title):
    """§4.6: two lays or upgrades; the second only if one of them improves a main line."""
    lays = title.rules.track.lays
    assert [(s.lay, s.upgrade) for s in lays] == [
        (s["lay"], s["upgrade"]) for s in REF["other_constants"]["TILE_LAYS"]
    ]
    assert [s.requires for s in lays] == [None, "mainline"]


def test_token_rules(title):
    """§4.7: one token per turn, one per hex, home placed when first operating."""
    tokens = title.rules.tokens
    assert REF["other_constants"]["HOME_TOKEN_TIMING"] == "operate"
    assert (tokens.per_turn, tokens.one_per_hex, tokens.home) == (1, True, "first_operation")


def test_train_rules(title):
    """§4.10: must buy with a route, buy from others, discards to the pool."""
    trains, constants = title.rules.trains, REF["other_constants"]
    assert constants["MUST_BUY_TRAIN"] == "route"
    assert trains.must_buy == "when_route"
    assert trains.buy_from_others == constants["ALLOW_TRAIN_BUY_FROM_OTHERS"]
    assert constants["DISCARDED_TRAINS"] == "discard (to bank pool)"
    assert trains.discards_to == "pool"


def test_emergency_money_rules(title):
    """§4.10: cheapest depot train only, others up to face value, no extra sales."""
    emergency, constants = title.rules.trains.emergency, REF["other_constants"]
    assert emergency.cheapest_depot_train == constants["EBUY_DEPOT_TRAIN_MUST_BE_CHEAPEST"]
    assert constants["EBUY_FROM_OTHERS"] == "value"
    assert emergency.from_others_up_to == "face_value"
    assert emergency.sell_more_than_needed == constants["EBUY_SELL_MORE_THAN_NEEDED"]


def test_dividend_moves(title):
    """§4.9: withhold left; pay ≥ 2× price above 82 two right, ≥ price one right."""
    dividends = title.rules.dividends
    assert dividends.kinds == ["payout", "withhold"]
    assert dividends.withhold == ["left"]
    assert [(m.at_least, m.beyond_dividend_line, m.move) for m in dividends.payout] == [
        (2, True, ["right", "right"]),
        (1, False, ["right"]),
    ]


def test_dividends_on_treasury_and_pool_shares(title):
    """§4.9: treasury shares pay the corporation; pool shares pay nobody."""
    dividends = title.rules.dividends
    assert (dividends.treasury_shares_pay, dividends.pool_shares_pay) == ("corporation", "nobody")


def test_nationalization(title):
    """§4.12: price left twice; the state keeps at most one token per hex."""
    nationalization = title.rules.nationalization
    assert nationalization.price_moves == ["left", "left"]
    assert nationalization.one_token_per == "hex"


# §4.13 game end timings (the JSON words them in prose).
GAME_END = {
    "bankrupt": "immediately",
    "stock_market": "end_of_operating_round",
    "bank": "end_of_set",
    "manually_ended": "immediately",
}


def test_game_end(title):
    """§4.13: bankruptcy and manual end at once, market at OR end, bank at set end."""
    assert set(REF["game_end"]) <= set(GAME_END)
    assert title.game_end.conditions() == GAME_END
    assert title.game_end.tie_break == []  # ties keep the seat order, as 18xx.games' result


# --- rounds (§4.0) ------------------------------------------------------------------------

# The framework's step library names for the engine's steps (§4.0).
STEP_NAMES = {
    "Bankrupt": "bankrupt",
    "DiscardTrain": "discard_train",
    "AssignGotaKanalbolaget": "assign",
    "AssignSveabolaget": "assign",
    "SpecialTrack": "special_track",
    "BuyCompany": "buy_company",
    "IssueShares (redeem)": "redeem_shares",
    "HomeToken": "home_token",
    "Track": "track",
    "Token": "token",
    "BuyTrainBeforeRunRoute (Motala Verkstad)": "early_train_purchase",
    "Route": "routes",
    "Dividend": "dividend",
    "SpecialBuyTrain (NOHAB)": "special_buy_train",
    "BuyTrain": "buy_train",
    "BuyCompany (final)": "buy_company",
    "ChoosePriority (NEFT)": "priority_card",
    "BuySellParShares": "buy_sell_par_shares",
    "CompanyPendingPar": "company_pending_par",
    "WaterfallAuction": "waterfall_auction",
}


@pytest.mark.parametrize(
    ("round_name", "reference_steps"),
    [
        ("auction", "auction_steps"),
        ("stock", "stock_round_steps"),
        ("operating", "operating_round_steps"),
    ],
)
def test_round_steps(title, round_name, reference_steps):
    """§4.0: the steps of each round, in the engine's order (the engine's two assign
    steps, one per company, are the library's one ``assign`` step)."""
    steps = [step.step for step in title.rounds[round_name].steps]
    names = [STEP_NAMES[s["step"]] for s in REF[reference_steps]]
    assert steps == [name for i, name in enumerate(names) if i == 0 or names[i - 1] != name]


def test_the_final_buy_company_step_waits(title):
    """§4.0: the first Buy Company step never blocks; the final one may need a pass."""
    buy_company = [s for s in title.rounds["operating"].steps if s.step == "buy_company"]
    assert [s.blocking for s in buy_company] == [None, True]


def test_an_auction_then_stock_and_operating_rounds(title):
    """§4.1: the private auction, then turns of a stock round and a set of ORs."""
    assert [entry.round for entry in title.sequence.start] == ["auction"]
    assert [(e.round, e.every) for e in title.sequence.turn] == [("stock", 1), ("operating", 1)]


# --- variants (§4.14, §4.15) --------------------------------------------------------------


def test_the_variants(title):
    """§4.14, §4.15: oscarian_era (optional) and edelsvard (always with 2 players)."""
    assert set(title.variants) == {"oscarian_era", "edelsvard"}
    assert not title.variants["oscarian_era"].automatic
    edelsvard = title.variants["edelsvard"]
    assert (edelsvard.players, edelsvard.automatic) == ([2], True)


def test_oscarian_era_is_fully_capitalised_at_par(oscarian):
    """§4.15: full capitalisation; IPO at par; 10 × par at float; unfloated shares sell."""
    rules = oscarian.rules
    assert rules.capitalization == "full"
    assert (rules.float_capital_price, rules.stock.treasury_price) == ("par", "par")
    assert rules.stock.sell_unfloated


def test_oscarian_era_has_no_redemption(oscarian):
    """§4.15: no share redemption anywhere on the market."""
    market = oscarian.market
    assert market.redemption is None
    assert all(zone.redemption is None for zone in market.zones.values())


def test_oscarian_era_5_train_only_closes_companies(oscarian):
    """§4.15: no full_cap event (and no "fullcap" phase status)."""
    expected = [EVENT_NAMES[e["type"]] for e in TRAINS["5"]["events"] if e["type"] != "full_cap"]
    assert [event.type for event in oscarian.trains["5"].events] == expected
    assert not any("fullcap" in phase["oscarian_era_status"] for phase in REF["phases"])


def test_oscarian_era_pool_shares_pay_the_corporation(oscarian):
    """§4.9, §4.15: bank-pool shares pay their dividends to the corporation."""
    assert oscarian.rules.dividends.pool_shares_pay == "corporation"


def test_oscarian_era_changes_nothing_else(title, oscarian):
    """§4.15: the map, tiles, companies, corporations and phases stay as they are."""
    changed = {"rules", "market", "trains"}
    assert oscarian.model_dump(exclude=changed) == title.model_dump(exclude=changed)
    others = [name for name in title.trains if name != "5"]
    assert [oscarian.trains[n] for n in others] == [title.trains[n] for n in others]


def test_edelsvard_is_for_two_players(edelsvard):
    """§4.14: the A.W. Edelsvärd game has exactly two human players."""
    assert list(edelsvard.title.players.counts()) == [2]


def test_edelsvard_starting_cash_is_the_three_player_amount(edelsvard):
    """§3.1: two players get 800 each (the engine's raw 1200 is never used)."""
    assert edelsvard.bank.starting_cash[2] == REF["starting_cash_effective"]["2"]
    assert edelsvard.bank.starting_cash[2] != REF["starting_cash"]["2"]


def test_edelsvard_certificate_limit_is_the_three_player_column(edelsvard):
    """§3.1: with two players the 3-player column applies (26/23/20/17)."""
    limits = edelsvard.certificate_limit.by_corporations
    assert {c: row[2] for c, row in limits.items()} == {
        int(c): row["3"] for c, row in REF["cert_limit"].items()
    }
