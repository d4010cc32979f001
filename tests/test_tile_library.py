"""The standard tile library (framework/data/tiles.yaml) and the manifest shorthand that
names its tiles (framework.title.library)."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from typer.testing import CliRunner

from framework.base import yamlsource
from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.title import loader
from framework.title.library import LIBRARY_FILE, standard_tiles
from framework.title.loader import load_title
from framework.title.schema import overlay_schema, title_schema
from framework.title.tiles import Tile

ROOT = Path(__file__).resolve().parents[1]
TITLES = ROOT / "titles"
TINY = ROOT / "tests" / "titles" / "tiny"
BEFORE = ROOT / "tests" / "data" / "tile-manifests-before-library.json"
"""Every tile of 1830, 18SJ and 1889 as the titles defined them in full before the library
(``{title: {name: tile.model_dump()}}``)."""

ON_THE_LIBRARY = ["1830", "18SJ", "1889"]
"""The bundled titles whose tile manifests name standard tiles (each in ``BEFORE``)."""

TILE_16 = """  16:
    color: green
    count: 1
    paths: [[0, 2], [1, 3]]
"""
"""Tiny's tile 16, defined in full."""


def _generator():
    spec = importlib.util.spec_from_file_location(
        "make_tile_library", ROOT / "tools" / "make_tile_library.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the tiny title at ``tiny/`` in the (temporary) working directory."""
    shutil.copytree(TINY, tmp_path / "tiny")
    monkeypatch.chdir(tmp_path)
    return Path("tiny")


def edit(folder: Path, old: str, new: str, file: str = "map.yaml") -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def problems(folder: Path, rules=()) -> list[tuple[str, int, int, str]]:
    try:
        load_title(folder, rules=list(rules))
    except ProblemsError as exc:
        return [(p.mark.file, p.mark.line, p.mark.col, p.message) for p in exc.problems]
    return []


# -- the library itself ------------------------------------------------------------------


def test_every_library_tile_validates():
    tiles = standard_tiles()
    assert len(tiles) > 250
    for name, entry in tiles.items():
        assert "count" not in entry and "upgrades" not in entry, name
        tile = Tile.model_validate({**entry, "count": 1})
        assert tile.paths or tile.cities, name
        # every revenue centre a path names exists
        for path in tile.paths:
            for end in path.endpoints():
                if isinstance(end, str):
                    assert tile.node_index(end) is not None, name
    assert {t["color"] for t in tiles.values()} == {"yellow", "green", "brown", "gray"}


def test_the_library_is_what_the_generator_writes():
    generator = _generator()
    if not generator.SOURCE.is_file():
        pytest.skip(f"no tile catalogue at {generator.SOURCE}")
    text = generator.library_text(generator.SOURCE.read_text(encoding="utf-8"))
    assert LIBRARY_FILE.read_text(encoding="utf-8") == text


def test_the_generator_converts_a_catalogue_and_leaves_out_what_it_cannot_express():
    generator = _generator()
    catalogue = """
      YELLOW = {
        '57' => 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3',
        # '58' => 'town=revenue:10;path=a:0,b:_0',
        '77' => 'path=a:0,b:1,track:narrow',
      }.freeze

      GREEN = {
        '54' => 'city=revenue:60,loc:0.5;city=revenue:60,loc:2.5;path=a:0,b:_0;path=a:2,b:_1;label=NY',
      }.freeze
      GREENBROWN = {
        '999' => 'path=a:0,b:3',
      }.freeze
    """
    text = generator.library_text(catalogue)
    data = yamlsource.loads(text, "tiles.yaml").data["tiles"]
    assert data == {
        "57": {"color": "yellow", "cities": [{"revenue": 20}], "paths": [[0, "city"], ["city", 3]]},
        "54": {
            "color": "green",
            "cities": [{"revenue": 60}, {"revenue": 60}],
            "paths": [[0, "city"], [2, "city1"]],
            "label": "NY",
        },
    }
    assert "77 (narrow track)" in text and "999 (greenbrown tile)" in text


def test_the_package_data_carries_the_library():
    assert LIBRARY_FILE == ROOT / "framework" / "data" / "tiles.yaml"


# -- 1830, 18SJ and 1889 on the library ------------------------------------------------------------


NODE_FIELDS_SINCE = {"visit_cost": 1, "route": "mandatory", "part": None, "neutral_tokens": 0}
"""Fields revenue centres gained since ``BEFORE`` was written, with their defaults."""
PATH_FIELDS_SINCE = {"a_lane": None, "b_lane": None}
"""Fields paths gained since ``BEFORE`` was written (lanes), with their defaults."""


def as_before(dump: dict) -> dict:
    """A tile's dump without the revenue-centre and path fields gained since, where they
    keep their defaults."""
    out = dict(dump)
    for kind in ("cities", "towns", "offboards"):
        out[kind] = [
            {k: v for k, v in node.items() if NODE_FIELDS_SINCE.get(k, object()) != v} for node in dump[kind]
        ]
    out["paths"] = [
        {k: v for k, v in path.items() if PATH_FIELDS_SINCE.get(k, object()) != v} for path in dump["paths"]
    ]
    return out


@pytest.mark.parametrize("name", ON_THE_LIBRARY)
def test_the_titles_tiles_are_what_they_defined_in_full_before(name):
    before = json.loads(BEFORE.read_text(encoding="utf-8"))[name]
    title = load_title(TITLES / name)
    now = json.loads(
        json.dumps({tile_name: as_before(tile.model_dump()) for tile_name, tile in title.tiles.items()})
    )
    assert set(now) == set(before)
    for tile_name, fields in now.items():
        # fields the tile format gained since keep their defaults: nothing changed
        added = {k: v for k, v in fields.items() if k not in before[tile_name]}
        assert {k: v for k, v in fields.items() if k in before[tile_name]} == before[tile_name], tile_name
        assert added == {k: Tile.model_fields[k].get_default() for k in added}, tile_name
    assert all(tile.name == tile_name for tile_name, tile in title.tiles.items())


@pytest.mark.parametrize("name", ON_THE_LIBRARY)
def test_standard_tiles_equal_the_definitions_they_replace(name):
    before = json.loads(BEFORE.read_text(encoding="utf-8"))[name]
    library = standard_tiles()
    replaced = [n for n in before if n in library]
    assert len(replaced) >= 37
    for tile_name in replaced:
        old = before[tile_name]
        standard = Tile.model_validate(
            {**library[tile_name], "count": old["count"], "upgrades": old["upgrades"]}
        )
        dump = json.loads(json.dumps(as_before(standard.model_dump())))
        assert {k: v for k, v in dump.items() if k in old} == old, tile_name


def test_1830_gives_only_counts_and_18SJ_defines_only_its_own_tiles():
    sj = yamlsource.load(TITLES / "18SJ" / "tiles.yaml").data["tiles"]
    own = [str(n) for n, t in sj.items() if isinstance(t, dict) and "color" in t]
    assert own == ["X1", "X2", "X3", "X4", "X5", "X6"]
    tiles_1830 = yamlsource.load(TITLES / "1830" / "tiles.yaml").data["tiles"]
    assert all(isinstance(count, int) for count in tiles_1830.values())


def test_1889_defines_in_full_only_the_tiles_the_library_lacks():
    tiles = yamlsource.load(TITLES / "1889" / "tiles.yaml").data["tiles"]
    own = [str(n) for n, t in tiles.items() if isinstance(t, dict)]
    assert own == ["437", "438", "439"]
    assert not set(own) & set(standard_tiles())
    assert all(isinstance(tiles[n], int) for n in tiles if str(n) not in own)
    title = load_title(TITLES / "1889")
    assert title.tiles["437"].ability_only and not title.tiles["57"].ability_only
    assert (title.tiles["438"].terrain, title.tiles["439"].terrain) == ({"upgrade": 80},) * 2
    assert (title.tiles["440"].label, title.tiles["465"].label, title.tiles["492"].label) == ("T", "K", "H")


def test_the_library_is_in_the_fingerprint_of_a_title_that_uses_it(tmp_path, monkeypatch):
    before = {name: load_title(TITLES / name).fingerprint for name in ("1830", "18Steam")}
    changed = tmp_path / "tiles.yaml"
    changed.write_text(LIBRARY_FILE.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    monkeypatch.setattr(loader, "LIBRARY_FILE", changed)
    assert load_title(TITLES / "1830").fingerprint != before["1830"]
    assert load_title(TITLES / "18Steam").fingerprint == before["18Steam"]  # its own tiles only


# -- the shorthand -------------------------------------------------------------------------


def test_a_count_gives_the_standard_tile_with_that_count(tiny):
    full = load_title(tiny).tiles["16"]
    edit(tiny, TILE_16, "  16: 4\n")
    tile = load_title(tiny).tiles["16"]
    assert tile.count == 4 and tile.name == "16"
    assert tile.model_dump() == {**full.model_dump(), "count": 4}
    edit(tiny, "  16: 4\n", "  16: {count: unlimited}\n")
    assert load_title(tiny).tiles["16"].count == "unlimited"


def test_a_mapping_without_color_overrides_the_standard_tiles_fields(tiny):
    edit(tiny, TILE_16, "  16: {count: 2, upgrades: []}\n")
    tile = load_title(tiny).tiles["16"]
    assert (tile.count, tile.upgrades, tile.label, tile.color) == (2, [], None, "green")
    assert [p.endpoints() for p in tile.paths] == [(0, 2), (1, 3)]


def test_a_full_definition_wins_over_the_standard_tile(tiny):
    edit(tiny, TILE_16, TILE_16.replace("[[0, 2], [1, 3]]", "[[0, 2], [1, 4]]"))
    tile = load_title(tiny).tiles["16"]
    assert [p.endpoints() for p in tile.paths] == [(0, 2), (1, 4)]
    assert standard_tiles()["16"]["paths"] == [[0, 2], [1, 3]]


def test_an_unknown_standard_tile_is_refused_at_its_place(tiny):
    edit(tiny, "tiles:\n", "tiles:\n  999: 4\n")
    found = problems(tiny)
    assert len(found) == 1
    file, line, col, message = found[0]
    assert (file, line, col) == ("tiny/map.yaml", 42, 8)
    assert message.startswith("no standard tile '999'")


def test_a_title_tile_without_color_is_taken_for_a_standard_one(tiny):
    edit(tiny, "  X2:\n    color: green\n", "  X2:\n")
    ((file, _line, _col, message),) = problems(tiny)
    assert (file, message.split(":")[0]) == ("tiny/map.yaml", "no standard tile 'X2'")


def test_a_misspelt_field_of_a_standard_tile_is_named(tiny):
    edit(tiny, TILE_16, "  16: {count: 1, upgrade: [43]}\n")
    ((file, line, _col, message),) = problems(tiny)
    assert (file, line) == ("tiny/map.yaml", 60)
    assert message == "unknown key 'upgrade'; did you mean 'upgrades'?"


def test_an_overlay_patches_a_tile_given_by_its_count(tiny):
    edit(tiny, TILE_16, "  16: 1\n")
    Path("more.yaml").write_text("tiles: {16: {upgrades: []}, 57: 3}\n", encoding="utf-8")
    title = load_title(tiny, rules=["more.yaml"])
    assert (title.tiles["16"].count, title.tiles["16"].upgrades) == (1, [])
    # a count replaces a full definition's mapping, which then needs the library
    assert title.tiles["57"].count == 3 and title.tiles["57"].upgrades is None


# -- the schema ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tiles",
    [
        {"57": 4},
        {"7": "unlimited"},
        {"57": {"count": 4, "upgrades": [14, 15]}},
        {"X1": {"color": "green", "count": 1, "paths": [[0, 3]]}},
    ],
)
def test_the_schema_accepts_the_shorthand(tiles):
    assert list(Draft7Validator(title_schema()).iter_errors({"tiles": tiles})) == []


@pytest.mark.parametrize(
    "tiles",
    [
        {"57": "four"},
        {"57": {"upgrades": [14]}},  # a standard tile needs its count
        {"57": {"count": 4, "colour": "green"}},
        {"X1": {"color": "green", "paths": [[0, 3]]}},  # a full definition needs its count
    ],
)
def test_the_schema_refuses_what_the_models_refuse(tiles):
    assert list(Draft7Validator(title_schema()).iter_errors({"tiles": tiles}))


def test_an_overlay_may_give_part_of_a_standard_tile():
    data = {"tiles": {"57": {"upgrades": [14]}, "7": 5, "8": None}}
    assert list(Draft7Validator(overlay_schema()).iter_errors(data)) == []


# -- drawing -------------------------------------------------------------------------------


def test_the_library_is_drawn_in_a_titles_layout(tmp_path):
    out = tmp_path / "library.svg"
    result = CliRunner().invoke(
        app, ["render", str(TITLES / "1830"), "--tiles", "--library", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.count('class="tile"') == len(standard_tiles())
    assert "The standard tile library" in svg and "×" not in svg
    result = CliRunner().invoke(app, ["render", str(TITLES / "1830"), "--library"])
    assert result.exit_code == 1 and "give --tiles too" in result.output
