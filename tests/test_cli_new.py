"""``18xx new``: a new title folder whose starter files validate, name a schema file
that exists, play to the end with bots, and never overwrite anything."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from typer.testing import CliRunner

from framework.base import yamlsource
from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.cli.main import app
from framework.engine.invariants import broken_invariants
from framework.title import starter
from framework.title.loader import load_title
from framework.title.schema import schemas, title_schema

ROOT = Path(__file__).resolve().parents[1]
MODELINE = re.compile(r"# yaml-language-server: \$schema=(\S+)\n")


def run(*args: str):
    return CliRunner().invoke(app, list(args), prog_name="18xx", env={"COLUMNS": "100"})


def schema_of(file: Path) -> Path:
    """The schema file the first line of ``file`` names, resolved from its folder."""
    match = MODELINE.match(file.read_text(encoding="utf-8"))
    assert match, f"{file} does not start with the schema line"
    return (file.parent / match.group(1)).resolve()


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_a_new_title_validates_and_names_its_schema(tmp_path, layout):
    folder = tmp_path / "Mine"
    result = run("new", str(folder), "--layout", layout)
    assert result.exit_code == 0, result.output
    assert f"created {folder}: Mine, a {layout} map" in result.output
    files = sorted(p.name for p in folder.glob("*.yaml"))
    assert files == sorted(starter.FILES)
    # outside a checkout the schemas are copied into the folder, as the models give them
    for file in folder.glob("*.yaml"):
        assert schema_of(file) == (folder / "schemas" / "title.schema.json").resolve()
    for name, text in schemas().items():
        assert (folder / "schemas" / name).read_text(encoding="utf-8") == text
    assert run("schema", "--check", "-o", str(folder / "schemas")).exit_code == 0
    checked = run("validate", str(folder))
    assert checked.exit_code == 0, checked.output
    assert "Mine: valid" in checked.output and f"({layout} layout)" in checked.output
    for file in folder.glob("*.yaml"):  # what an editor would say: nothing
        assert list(Draft7Validator(title_schema()).iter_errors(yamlsource.load(file).data)) == []
    title = load_title(folder)
    assert title.map.layout == layout and title.title.name == "Mine"
    assert len(title.corporations) == 2 and len(title.companies) == 1


def test_flat_and_pointy_starters_are_the_same_map_turned(tmp_path):
    """The pointy map is the flat one with rows and columns swapped: the same hexes,
    the same neighbours, so the same game."""
    flat = load_title(starter.create(tmp_path / "F", layout="flat").folder)
    pointy = load_title(starter.create(tmp_path / "P", layout="pointy").folder)
    assert flat.map.hexes.keys() == pointy.map.hexes.keys()
    games = []
    for title in (flat, pointy):
        session = new_session("", 3, 1, title=title)
        outcome = play(session, make_bot("heuristic"), seed=1)
        games.append((outcome.end_reason, outcome.result))
    assert games[0] == games[1]


def test_inside_a_checkout_the_schema_line_points_at_its_schemas(tmp_path, monkeypatch):
    checkout = tmp_path / "repo"
    (checkout / "schemas").mkdir(parents=True)
    (checkout / "schemas" / "title.schema.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(starter, "CHECKOUT_SCHEMAS", checkout / "schemas")
    made = starter.create(checkout / "titles" / "Mine", layout="flat")
    assert (made.schema, made.schema_copied) == ("../../schemas/title.schema.json", False)
    assert not (made.folder / "schemas").exists()
    for file in made.files:
        assert schema_of(file) == (checkout / "schemas" / "title.schema.json").resolve()
    # a folder beside the checkout gets copies
    assert starter.schema_reference(tmp_path / "elsewhere") == ("schemas/title.schema.json", True)


def test_this_checkout_has_the_schema_the_starter_points_at():
    assert (starter.CHECKOUT_SCHEMAS / "title.schema.json").is_file()
    reference, copied = starter.schema_reference(ROOT / "titles" / "Mine")
    assert (reference, copied) == ("../../schemas/title.schema.json", False)


@pytest.mark.parametrize("layout", ["flat", "pointy"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_play_the_starter_to_the_end(tmp_path, layout, bot):
    title = load_title(starter.create(tmp_path / "Mine", layout=layout).folder)
    for players in (2, 4):
        session = new_session("", players, 3, title=title)
        outcome = play(session, make_bot(bot), seed=3, check=True, max_actions=3000)
        assert outcome.finished and outcome.end_reason in ("bank", "bankrupt"), outcome
        assert not broken_invariants(session.game)


def test_the_name_option_names_the_title_and_quotes_it(tmp_path):
    result = run("new", str(tmp_path / "x"), "--name", "1899")
    assert result.exit_code == 0, result.output
    assert "name the folder 1899" in result.output
    assert 'name: "1899"' in (tmp_path / "x" / "title.yaml").read_text(encoding="utf-8")
    assert load_title(tmp_path / "x").title.name == "1899"


def test_an_existing_folder_that_is_not_empty_is_refused_and_kept(tmp_path):
    folder = tmp_path / "Mine"
    folder.mkdir()
    (folder / "title.yaml").write_text("mine\n", encoding="utf-8")
    result = run("new", str(folder))
    assert result.exit_code == 2
    assert "already exists and is not empty" in result.output
    assert "Traceback" not in result.output
    assert [p.name for p in folder.iterdir()] == ["title.yaml"]
    assert (folder / "title.yaml").read_text(encoding="utf-8") == "mine\n"


def test_a_file_in_the_way_is_refused(tmp_path):
    path = tmp_path / "Mine"
    path.write_text("x", encoding="utf-8")
    result = run("new", str(path))
    assert result.exit_code == 2 and "is not a folder" in result.output
    assert path.read_text(encoding="utf-8") == "x"


def test_an_empty_folder_is_filled(tmp_path):
    folder = tmp_path / "Mine"
    folder.mkdir()
    assert run("new", str(folder)).exit_code == 0
    assert (folder / "title.yaml").is_file()


def test_a_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    def refuse(path, text, done):
        if path.name == "tiles.yaml":
            raise PermissionError(13, "Permission denied", str(path))
        with path.open("x", encoding="utf-8") as handle:
            done(path)
            handle.write(text)

    monkeypatch.setattr(starter, "_write_new", refuse)
    result = run("new", str(tmp_path / "Mine"))
    assert result.exit_code == 1
    assert "cannot write the new title (Permission denied)" in result.output
    assert not (tmp_path / "Mine").exists()


def test_bad_options_are_usage_errors(tmp_path):
    assert run("new", str(tmp_path / "a"), "--layout", "round").exit_code == 2
    assert run("new", str(tmp_path / "b"), "--name", " ").exit_code == 2
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_json_and_help(tmp_path):
    result = run("new", str(tmp_path / "Mine"), "--json", "--layout", "FLAT")
    assert result.exit_code == 0, result.output
    assert '"layout": "flat"' in result.output and '"schema_copied": true' in result.output
    helped = run("new", "--help")
    assert helped.exit_code == 0 and "--layout" in helped.output and "TITLE_DIR" in helped.output
    assert "new" in run("--help").output
