"""18Steam: the title's YAML agrees with the Age of Steam reference for the Rust Belt map.

The facts come from ``tests/data/18Steam-rust-belt.json`` (a copy of the reference's
``rust-belt.json``); section numbers (§1.6, …) are those of the prose reference
``reference/18Steam/age-of-steam.md``. The reference writes a hex as ``"col,row"`` (odd
columns half a hex lower) and its directions as 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; the
title writes letter(col) + (2 × row + col mod 2 + 1) and our flat edges (d + 3) % 6.

The last tests check the goods-layer checks of ``framework/title/checks.py`` by breaking
a copy of the title.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from typer.testing import CliRunner

from framework.base import yamlsource
from framework.base.grid import Grid
from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.title.loader import load_title
from framework.title.schema import title_schema

TITLE = Path(__file__).resolve().parents[1] / "titles" / "18Steam"
REF = json.loads((Path(__file__).parent / "data" / "18Steam-rust-belt.json").read_text(encoding="utf-8"))
DIRECTIONS = REF["coordinates"]["directions"]  # N, NE, SE, S, SW, NW

REF_TILE_NAMES = {
    "straight": "straight",
    "gentle curve": "gentle",
    "sharp curve": "sharp",
    "X": "x",
    "bow and arrow": "bow",
    "crossing curves": "crossing-curves",
    "straight + sharp": "straight-sharp",
    "two gentle curves": "two-gentle",
    "gentle + sharp (1)": "gentle-sharp-a",
    "gentle + sharp (2)": "gentle-sharp-b",
    "1-exit (dead end)": "town-1",
    "3-exit Y": "town-y",
    "3-exit left leaner": "town-left",
    "3-exit right leaner": "town-right",
    "3-exit tight": "town-tight",
}
REF_TILE_KINDS = {
    "simple": "simple",
    "complex_crossing": "crossing",
    "complex_coexisting": "coexisting",
    "town_tiles": "town",
}


def our_id(ref_id: str) -> str:
    """``"7,5"`` → ``H12``."""
    col, row = map(int, ref_id.split(","))
    return f"{chr(ord('A') + col)}{2 * row + col % 2 + 1}"


def our_edge(direction: str) -> int:
    """The reference's direction name as our flat-layout edge."""
    return (DIRECTIONS.index(direction) + 3) % 6


@pytest.fixture(scope="module")
def title():
    return load_title(TITLE)


@pytest.fixture(scope="module")
def grid(title):
    return Grid(title.map.layout, title.map.letters_are)


# -- the map -------------------------------------------------------------------


def test_hex_ids_follow_the_convention():
    assert [our_id(r) for r in ("7,5", "0,10", "17,2", "2,0")] == ["H12", "A21", "R6", "C1"]


def test_map_is_flat_with_letters_for_columns(title):
    assert (title.map.layout, title.map.letters_are) == ("flat", "columns")
    assert (title.map.layout, title.map.letters) == ("flat", "columns")


def test_189_hexes_the_same_as_the_reference(title):
    assert len(title.map.hexes) == REF["coordinates"]["hex_count"] == 189
    assert set(title.map.hexes) == {our_id(h["id"]) for h in REF["hexes"]}


@pytest.mark.parametrize("ref", REF["hexes"], ids=lambda h: h["id"])
def test_hex_kind_and_terrain(title, ref):
    hx = title.map.hexes[our_id(ref["id"])]
    kind = ref["type"]
    assert not hx.paths and not hx.offboards
    assert hx.color == {"water": "blue", "city": "gray"}.get(kind, "white")
    assert hx.terrain == {"river": {"river": 1}, "mountain": {"mountain": 2}}.get(kind, {})
    assert len(hx.cities) == (kind == "city")
    assert len(hx.towns) == (kind == "town")
    if kind == "city":
        assert hx.name == ref["city"]["name"] and hx.cities[0].revenue == 0
    elif kind == "town":
        assert hx.name == ref["town"]["name"] and hx.towns[0].revenue == 0
    else:
        assert hx.name is None


def test_terrain_counts(title):
    def kind(hx):
        if hx.cities:
            return "city"
        if hx.towns:
            return "town"
        if hx.color == "blue":
            return "water"
        return next(iter(hx.terrain), "plain")

    counts = Counter(kind(hx) for hx in title.map.hexes.values())
    assert counts == Counter(h["type"] for h in REF["hexes"])
    assert counts == {"plain": 108, "water": 27, "river": 19, "town": 14, "city": 12, "mountain": 9}


def test_disputed_hex_8_0_is_water_as_choochoo_has_it(title):
    ref = next(h for h in REF["hexes"] if h["id"] == "8,0")
    assert ref["type"] == "water" and "Disputed" in ref["note"]
    assert title.map.hexes["I1"].color == "blue"


@pytest.mark.parametrize("ref", REF["hexes"], ids=lambda h: h["id"])
def test_neighbours_agree_with_the_reference(title, grid, ref):
    hex_id = our_id(ref["id"])
    for direction, other in ref["neighbors"].items():
        across = grid.neighbour(hex_id, our_edge(direction))
        on_map = across if across in title.map.hexes else None
        assert on_map == (our_id(other) if other else None), (hex_id, direction)


def test_neighbour_test_vectors(grid):
    """§1.1: Chicago 7,5 has N 7,4, NE 8,5, SE 8,6, S 7,6, SW 6,6, NW 6,5."""
    expected = ["7,4", "8,5", "8,6", "7,6", "6,6", "6,5"]
    assert [grid.neighbour("H12", our_edge(d)) for d in DIRECTIONS] == [our_id(e) for e in expected]


# -- cities, towns, new cities -------------------------------------------------


@pytest.mark.parametrize("ref", REF["cities"], ids=lambda c: c["name"])
def test_city(title, ref):
    hex_id = our_id(ref["id"])
    city = title.layer.cities[hex_id]
    assert (city.name, city.color, city.group, city.die, city.cubes) == (
        ref["name"],
        ref["color"],
        ref["growth_group"],
        ref["growth_die"],
        ref["initial_goods"],
    )
    assert title.map.hexes[hex_id].name == ref["name"]


def test_twelve_cities_and_their_starting_cubes(title):
    cities = title.layer.cities
    assert len(cities) == len(REF["cities"]) == 12
    assert sum(c.cubes for c in cities.values()) == REF["initial_goods_on_map"]["total"] == 26
    assert {c.name for c in cities.values() if c.cubes == 3} == {"Pittsburgh", "Wheeling"}
    assert Counter(c.color for c in cities.values()) == {"red": 4, "blue": 4, "purple": 2, "yellow": 2}
    for group in ("white", "black"):
        assert sorted(c.die for c in cities.values() if c.group == group) == [1, 2, 3, 4, 5, 6]


def test_fourteen_towns_by_name(title):
    towns = {hex_id: hx.name for hex_id, hx in title.map.hexes.items() if hx.towns}
    assert towns == {our_id(t["id"]): t["name"] for t in REF["towns"]}
    assert len(towns) == 14


def test_eight_new_cities(title):
    new = title.layer.new_cities
    assert {k: (n.color, n.group, n.die) for k, n in new.items()} == {
        t["letter"]: (t["color"], t["growth_group"], t["growth_die"]) for t in REF["new_city_tiles"]
    }
    colors = Counter(n.color for n in new.values())
    assert colors == {"black": 4, "red": 1, "blue": 1, "purple": 1, "yellow": 1}


def test_goods_display_has_52_slots(title):
    goods = title.layer
    growth = goods.growth
    slots = len(goods.cities) * growth.printed_slots + len(goods.new_cities) * growth.new_city_slots
    assert slots == REF["goods_display"]["total_slots"] == 52
    assert growth.groups == ["white", "black"] and growth.dice == "players"


# -- tiles ---------------------------------------------------------------------


def _segments(tile) -> set[frozenset]:
    return {frozenset(p.endpoints()) for p in tile.paths}


def _ref_tiles():
    for kind, tiles in REF["track_tiles"].items():
        if kind in REF_TILE_KINDS:
            for tile in tiles:
                yield pytest.param(REF_TILE_KINDS[kind], tile, id=tile["name"])


@pytest.mark.parametrize(("kind", "ref"), list(_ref_tiles()))
def test_tile(title, kind, ref):
    name = REF_TILE_NAMES[ref["name"]]
    tile = title.tiles[name]
    assert (tile.color, tile.count, tile.upgrades, tile.cities) == ("yellow", ref["count"], None, [])
    assert title.layer.tiles[name] == kind
    if kind == "town":
        assert len(tile.towns) == 1
        assert _segments(tile) == {frozenset({"town", our_edge(e)}) for e in ref["exits"]}
    else:
        assert not tile.towns
        assert _segments(tile) == {frozenset(map(our_edge, track)) for track in ref["tracks"]}


def test_136_tiles(title):
    assert len(title.tiles) == 15
    assert sum(t.count for t in title.tiles.values()) == REF["track_tiles"]["total"] == 136
    by_kind = Counter()
    for name, tile in title.tiles.items():
        by_kind[title.layer.tiles[name]] += tile.count
    assert by_kind == {"simple": 110, "crossing": 11, "coexisting": 4, "town": 11}


def test_straight_track_runs_north_south(title):
    assert [p.endpoints() for p in title.tiles["straight"].paths] == [(3, 0)]


def _cross(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two chords between hex edges cross when exactly one end of ``b`` lies between those of ``a``."""
    lo, hi = sorted(a)
    return (lo < b[0] < hi) != (lo < b[1] < hi)


def test_crossing_tiles_are_those_whose_segments_cross(title):
    for name, tile in title.tiles.items():
        kind = title.layer.tiles[name]
        if kind == "town":
            continue
        paths = [p.endpoints() for p in tile.paths]
        assert len(paths) == (1 if kind == "simple" else 2), name
        if len(paths) == 2:
            assert _cross(*paths) == (kind == "crossing"), name


# -- the goods layer's numbers -------------------------------------------------


def test_goods_cubes(title):
    colors = title.layer.colors
    assert colors == {k: v for k, v in REF["goods_cubes"].items() if k not in ("total", "note")}
    assert sum(colors.values()) == REF["goods_cubes"]["total"] == 96


def test_turns_by_player_count(title):
    assert title.game_end.turns == {int(k): v for k, v in REF["turns_by_player_count"].items()}
    assert title.game_end.turns == {3: 10, 4: 8, 5: 7, 6: 6}
    assert title.game_end.final_turn == "immediately"


def test_players_and_money(title):
    players = title.title.players
    assert (players.min, players.max) == (REF["player_count"]["min"], REF["player_count"]["max"])
    assert title.bank.starting_cash == {3: 20, 4: 20, 5: 20, 6: 20}


def test_income_reduction_as_in_section_3_8(title):
    """§3.8 examples: 25 → 21, 50 → 40, 49 → 41, 10 → 10, 11 → 9, 20 → 18."""

    def reduced(income: int) -> int:
        band = max((b for b in title.layer.income_reduction if b.min <= income), key=lambda b: b.min)
        return income - band.by

    assert [reduced(i) for i in (25, 50, 49, 10, 11, 20, 21)] == [21, 40, 41, 10, 9, 18, 17]


def test_build_costs_and_limits(title):
    build = title.layer.build
    assert build.costs.new == {"simple": 2, "coexisting": 3, "crossing": 4}
    assert build.town_discs == REF["town_discs"] == 8
    assert build.actions == 3
    assert title.layer.locomotive == (1, 6)


def test_actions_are_the_seven_of_age_of_steam(title):
    assert len(title.layer.actions) == 7
    assert set(title.layer.actions.values()) == set(title.layer.actions)


def test_ranking_table(title):
    ranking = title.layer.ranking
    assert [row[0] for row in ranking.table] == [0, 11, 21, 31]
    assert ranking.moves == ["up", "right", "left", "down"]
    assert ranking.few == {1: ["none"], 2: ["right", "left"], 3: ["right", "none", "left"]}


# -- market and share phase ----------------------------------------------------


def test_market_grid(title):
    grid = title.market.grid
    assert [len(row) for row in grid] == [9] * 7
    assert [c.price for c in grid[3]] == list(range(1, 10))
    for row in grid:
        assert [c.price for c in row] == sorted(c.price for c in row)
    for col in range(9):
        column = [grid[r][col].price for r in range(7)]
        assert column == sorted(column, reverse=True)
    assert grid[0][8].price == 15 and grid[6][0].price == 1
    assert not title.market.zones


def test_start_cells_are_the_4_the_middle_5_and_the_6(title):
    share_phase = title.rules.share_phase
    grid = title.market.grid
    prices = {die: grid[r][c].price for die, (r, c) in share_phase.start_cells.items()}
    assert prices == {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6}
    row, col = share_phase.start_cells[3]
    assert col == len(grid[row]) // 2  # the middle of its row
    assert share_phase.start_cells[1] == (row, col - 1) and share_phase.start_cells[6] == (row, col + 1)


def test_market_edges_and_share_rules(title):
    edges = title.market.edges
    assert (edges.right, edges.left, edges.up, edges.down) == ("up", "down", "right", "left")
    share_phase = title.rules.share_phase
    assert share_phase.max_per_corporation == 5 and not share_phase.president_sellable
    assert title.rules.shares == [20] + [10] * 8
    assert title.certificate_limit.players == {3: 54, 4: 54, 5: 54, 6: 54}


def test_six_corporations_without_homes_or_trains(title):
    assert list(title.corporations) == ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "GRAY"]
    assert all(c.home is None for c in title.corporations.values())
    assert title.trains == {}


def test_turn_sequence(title):
    """The share phase is the framework's; every other phase is a round of the
    title's own layer (its hooks package)."""
    rounds = [(title.rounds[e.round].kind, title.rounds[e.round].hook) for e in title.sequence.turn]
    assert rounds == [
        ("share_phase", None),
        ("custom", "TurnOrderAuction"),
        ("custom", "SelectActions"),
        ("custom", "BuildTrack"),
        ("custom", "MoveGoods"),
        ("custom", "Income"),
        ("custom", "GoodsGrowth"),
    ]


# -- provenance and the command line -------------------------------------------


def test_generated_files_are_up_to_date():
    """``source/make_map.py`` reproduces map.yaml and the generated block of goods.yaml."""
    spec = importlib.util.spec_from_file_location("make_map", TITLE / "source" / "make_map.py")
    make_map = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_map)
    data = json.loads((TITLE / "source" / "rust-belt.json").read_text(encoding="utf-8"))
    assert data == REF
    assert make_map.map_yaml(data) == (TITLE / "map.yaml").read_text(encoding="utf-8")
    goods = (TITLE / "goods.yaml").read_text(encoding="utf-8")
    assert make_map.BEGIN + make_map.goods_block(data) + make_map.END in goods


@pytest.mark.parametrize("path", sorted(TITLE.glob("*.yaml")), ids=lambda p: p.name)
def test_files_satisfy_the_title_schema(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    own = path.name == "goods.yaml"  # the layer section: the title's own schema (test_schema)
    schema = "layer.schema.json" if own else "../../schemas/title.schema.json"
    assert first == f"# yaml-language-server: $schema={schema}"
    assert list(Draft7Validator(title_schema()).iter_errors(yamlsource.load(path).data)) == []


def test_validate_exits_0():
    result = CliRunner().invoke(app, ["validate", str(TITLE)])
    assert result.exit_code == 0, result.output
    assert "18Steam: valid" in result.output
    assert "start 4/5/6" in result.output


# -- the goods-layer checks ----------------------------------------------------


def _broken(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """``(file name, message)`` of every problem of a copy of the title with ``edits``
    (file → (old, new)) applied."""
    folder = tmp_path / "18Steam"
    shutil.copytree(TITLE, folder)
    for file, (old, new) in edits.items():
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, (file, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        load_title(folder)
    return [(Path(p.mark.file).name if p.mark else "", p.message) for p in exc.value.problems]


def test_check_city_colour_and_group(tmp_path):
    problems = _broken(
        tmp_path,
        {
            "goods.yaml": (
                "H12: {name: Chicago, color: red, group: white,",
                "H12: {name: Chicago, color: green, group: west,",
            )
        },
    )
    assert problems == [
        ("goods.yaml", "goods colour 'green' is not in layer.colors"),
        ("goods.yaml", "group 'west' is not in layer.growth.groups"),
    ]


def test_check_new_city_colour(tmp_path):
    problems = _broken(tmp_path, {"goods.yaml": ("A: {color: red,", "A: {color: white,")})
    assert problems == [("goods.yaml", "goods colour 'white' is not in layer.colors")]


def test_check_goods_cities_are_the_gray_cities_of_the_map(tmp_path):
    problems = _broken(tmp_path, {"goods.yaml": ("    H12: {name: Chicago", "    H10: {name: Chicago")})
    assert problems == [
        ("goods.yaml", "H10 is not a gray city hex of the map"),
        ("map.yaml", "city H12 is missing from layer.cities"),
    ]


def test_check_every_tile_has_a_kind_and_every_kind_a_tile(tmp_path):
    problems = _broken(tmp_path, {"goods.yaml": ("    sharp: simple\n", "    loop: simple\n")})
    assert problems == [
        ("goods.yaml", "tile 'loop' is not in the manifest"),
        ("tiles.yaml", "tile sharp needs its kind in layer.tiles"),
    ]


def test_check_town_kind_goes_with_a_town(tmp_path):
    problems = _broken(tmp_path, {"goods.yaml": ("    town-1: town\n", "    town-1: simple\n")})
    assert problems == [("goods.yaml", "tile town-1 is of kind simple but has a town")]


def test_check_ranking_rows_sorted(tmp_path):
    problems = _broken(
        tmp_path,
        {
            "goods.yaml": (
                "      - [11, 2, 3, 4, 6, 8]\n      - [21, 3, 4, 6, 8, 10]\n",
                "      - [21, 3, 4, 6, 8, 10]\n      - [11, 2, 3, 6, 4, 8]\n",
            )
        },
    )
    assert problems == [
        ("goods.yaml", "the rows must rise by their lowest starting income"),
        ("goods.yaml", "the earnings thresholds of a row must rise"),
    ]


def test_check_few_ranked_moves(tmp_path):
    problems = _broken(tmp_path, {"goods.yaml": ("2: [right, left]", "2: [right]")})
    assert problems == [("goods.yaml", "2 ranked need 2 moves, got 1")]


def test_check_turns_and_income_bands(tmp_path):
    problems = _broken(
        tmp_path,
        {"rounds.yaml": ("turns: {3: 10, 4: 8, 5: 7, 6: 6}", "turns: {3: 10, 4: 8, 5: 7}")},
    )
    assert problems == [("rounds.yaml", "no number of turns for 6 players")]
    problems = _broken(tmp_path / "b", {"goods.yaml": ("{min: 21, by: 4}", "{min: 1, by: 4}")})
    assert problems == [("goods.yaml", "income bands must rise by their min")]


def test_check_start_cells_in_the_market(tmp_path):
    problems = _broken(tmp_path, {"title.yaml": ("6: [3, 5]", "6: [3, 9]")})
    assert problems == [("title.yaml", "the start cell [3, 9] is not in the market grid")]


def test_check_the_layer_needs_its_section(tmp_path):
    problems = _broken(tmp_path, {"title.yaml": ("  - goods.yaml\n", "")})
    assert problems == [("title.yaml", "missing required section 'layer'")]


def test_check_the_final_turn_needs_the_number_of_turns(tmp_path):
    problems = _broken(tmp_path, {"rounds.yaml": ("  turns: {3: 10, 4: 8, 5: 7, 6: 6}", "")})
    assert ("rounds.yaml", "the final turn needs game_end.turns") in problems
    assert ("rounds.yaml", "the goods layer needs game_end.turns") in problems
