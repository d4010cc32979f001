"""Titles of your own: the title search path, ``--title`` on every command that reads a
game file, title names in game files (never paths), the title a saved game records and
the warning when a replay uses another, and the bundled titles as package data."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.cli.main import app
from framework.record.provenance import SETTING, played_title, title_warning
from framework.title.loader import load_title
from framework.title.paths import (
    ENV_VAR,
    TitleNameError,
    TitleNotFound,
    bundled_titles,
    check_name,
    find_title,
    resolve,
    search_path,
)

ROOT = Path(__file__).resolve().parents[1]
TITLES = ROOT / "titles"
TINY = ROOT / "tests" / "titles" / "tiny"
GAME = TITLES / "18SJ" / "games" / "166116.json"
runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, [str(a) for a in args], env=env)


def no_traceback(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


@pytest.fixture
def own(tmp_path) -> Path:
    """A folder of titles of one's own, holding a copy of Tiny as ``Tiny``."""
    folder = tmp_path / "my-titles"
    shutil.copytree(TINY, folder / "Tiny")
    return folder


@pytest.fixture
def tiny_game(tmp_path, own) -> Path:
    """A game of Tiny played from ``own`` and saved."""
    path = tmp_path / "tiny.json"
    result = run("play", own / "Tiny", "--players", "3", "--seed", "2", "--out", path)
    assert result.exit_code == 0, result.output
    return path


# --- the search path -------------------------------------------------------------------


def test_the_bundled_titles_come_first_then_the_environment_variable_in_order(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    places = search_path({ENV_VAR: f"{a}:{b}".replace(":", os.pathsep)})
    assert places == [(TITLES, "bundled"), (a, ENV_VAR), (b, ENV_VAR)]
    assert search_path({}) == [(TITLES, "bundled")]


def test_a_title_is_found_in_a_folder_the_environment_variable_lists(own):
    assert find_title("Tiny", {ENV_VAR: str(own)}) == own / "Tiny"
    # a listed folder may be a title folder itself
    assert find_title("Tiny", {ENV_VAR: str(own / "Tiny")}) == own / "Tiny"
    with pytest.raises(TitleNotFound, match=f"no title named 'Tiny'.*{ENV_VAR}.*--title FOLDER"):
        find_title("Tiny", {})


def test_a_bundled_title_wins_over_a_copy_of_the_same_name(tmp_path):
    shutil.copytree(TITLES / "18SJ", tmp_path / "18SJ")
    assert find_title("18SJ", {ENV_VAR: str(tmp_path)}) == TITLES / "18SJ"


def test_the_first_listed_folder_wins(tmp_path):
    for place in ("first", "second"):
        shutil.copytree(TINY, tmp_path / place / "Tiny")
    listed = f"{tmp_path / 'first'}{os.pathsep}{tmp_path / 'second'}"
    assert find_title("Tiny", {ENV_VAR: listed}) == tmp_path / "first" / "Tiny"


def test_the_environment_variable_reaches_the_commands(own, tmp_path):
    result = run("validate", "Tiny", env={ENV_VAR: str(own)})
    assert result.exit_code == 0, result.output
    assert "Tiny: valid" in result.stdout
    missing = run("validate", "Tiny", env={ENV_VAR: ""})
    assert missing.exit_code == 1
    assert "no title named 'Tiny'" in missing.output and ENV_VAR in missing.output
    no_traceback(missing)


def test_an_existing_path_is_taken_as_it_is_and_a_name_is_looked_up(own):
    assert resolve(own / "Tiny") == own / "Tiny"
    assert resolve("18SJ") == TITLES / "18SJ"
    assert resolve("Tiny", {ENV_VAR: str(own)}) == own / "Tiny"


def test_a_checkout_finds_its_titles_folder_and_an_install_its_package_data(tmp_path):
    assert bundled_titles() == TITLES
    installed = tmp_path / "framework"
    (installed / "_titles").mkdir(parents=True)
    assert bundled_titles(installed) == installed / "_titles"
    assert bundled_titles(tmp_path / "elsewhere") is None


# --- a game file names its title; it never gives a path ---------------------------------


@pytest.mark.parametrize(
    "name", ["../18SJ", "/etc", str(TITLES / "18SJ"), "titles/18SJ", "a\\b", "C:x", "..", ".", "", " ", 7]
)
def test_a_title_that_is_not_a_plain_name_is_refused(name):
    with pytest.raises(TitleNameError, match="is not a title name"):
        check_name(name)


@pytest.mark.parametrize("name", ["18SJ", "18Steam", "Tiny", "1830 (v2)"])
def test_plain_names_are_names(name):
    assert check_name(name) == name


@pytest.mark.parametrize("title", ["../titles/18SJ", str(TITLES / "18SJ"), "..\\18SJ"])
@pytest.mark.parametrize(
    "command",
    [["replay"], ["routes", "--all"], ["view", "--out", "{tmp}/v.html"], ["render", "--out", "{tmp}/p.svg"]],
)
def test_every_game_file_command_refuses_a_path_in_the_file(tmp_path, title, command):
    data = json.loads(GAME.read_text(encoding="utf-8"))
    data["title"] = title
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    result = run(args[0], game, *args[1:])
    assert result.exit_code == 1, result.output
    assert f"the title {title!r} is not a title name" in result.output
    assert "--title FOLDER" in result.output
    assert not list(tmp_path.glob("v.html")) and not list(tmp_path.glob("p.svg"))
    no_traceback(result)


def test_with_title_the_users_choice_is_used_even_when_the_file_names_a_path(tmp_path):
    data = json.loads(GAME.read_text(encoding="utf-8"))
    data["title"] = "/somewhere/else"
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", game, "--title", "18SJ")
    assert result.exit_code == 0, result.output
    assert "matches the recorded result" in result.stdout


# --- --title on every command that reads a game file ---------------------------------------


@pytest.mark.parametrize("command", ["replay", "routes", "render", "view"])
def test_every_game_file_command_has_a_title_option(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "--title" in result.stdout


@pytest.mark.parametrize("title", ["18SJ", str(TITLES / "18SJ")])
def test_title_takes_a_name_or_a_folder_in_every_game_file_command(tmp_path, title):
    replayed = run("replay", GAME, "--title", title, "--at", "20", "--json")
    assert replayed.exit_code == 0, replayed.output
    routes = run("routes", GAME, "--action", "275", "--title", title, "--json")
    assert routes.exit_code == 0, routes.output
    assert json.loads(routes.stdout)["title_warning"] is None
    view = run("view", GAME, "--title", title, "--out", tmp_path / "v.html")
    assert view.exit_code == 0, view.output
    assert (tmp_path / "v.html").stat().st_size > 0
    render = run("render", GAME, "--at", "20", "--title", title, "--out", tmp_path / "p.svg")
    assert render.exit_code == 0, render.output
    assert (tmp_path / "p.svg").read_text(encoding="utf-8").rstrip().endswith("</svg>")


def test_an_unknown_title_option_is_a_clear_error(tmp_path):
    result = run("replay", GAME, "--title", "NoSuchTitle")
    assert result.exit_code == 1
    assert "no title named 'NoSuchTitle' on the title search path" in result.output
    no_traceback(result)


def test_title_on_a_title_picture_is_refused(tmp_path):
    result = run("render", "18SJ", "--title", "18SJ", "--out", tmp_path / "m.svg")
    assert result.exit_code == 1
    assert "--title need a game file" in result.output


# --- title names where a title folder is taken ---------------------------------------------


def test_validate_setup_and_render_take_a_title_name(tmp_path):
    assert "18SJ: valid" in run("validate", "18SJ").stdout
    setup = run("setup", "18SJ", "--players", "4", "--seed", "3", "--json")
    assert setup.exit_code == 0, setup.output
    assert run("render", "18SJ", "--market", "--out", tmp_path / "m.svg").exit_code == 0
    assert (tmp_path / "m.svg").read_text(encoding="utf-8").rstrip().endswith("</svg>")


def test_play_and_simulate_take_a_title_name(own, tmp_path):
    env = {ENV_VAR: str(own)}
    played = run("play", "Tiny", "--players", "3", "--seed", "1", "--json", env=env)
    assert played.exit_code == 0, played.output
    simulated = run("simulate", "Tiny", "--games", "2", "--players", "3", "--workers", "1", "--json", env=env)
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["games"] == 2


# --- the fingerprint -------------------------------------------------------------------


def test_the_fingerprint_covers_the_files_variants_and_house_rules_but_not_the_folder(tmp_path):
    base = load_title(TINY).fingerprint
    assert base is not None and base.startswith("sha256:")
    shutil.copytree(TINY, tmp_path / "copy")
    assert load_title(tmp_path / "copy").fingerprint == base
    assert load_title(TINY, variants=["big_bank"]).fingerprint != base
    rules = tmp_path / "rules.yaml"
    rules.write_text("bank: {cash: 5000}\n", encoding="utf-8")
    assert load_title(TINY, [rules]).fingerprint not in (
        base,
        load_title(TINY, variants=["big_bank"]).fingerprint,
    )
    (tmp_path / "copy" / "trains.yaml").write_text(
        (TINY / "trains.yaml").read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8"
    )
    assert load_title(tmp_path / "copy").fingerprint != base


def test_a_saved_game_records_the_title_it_was_played_with(tiny_game, own):
    data = json.loads(tiny_game.read_text(encoding="utf-8"))
    record = data["settings"][SETTING]
    title = load_title(own / "Tiny")
    assert record == {"name": "Tiny", "version": None, "fingerprint": title.fingerprint}
    assert record == played_title(title)
    # the record is a setting 18xx.games ignores, like the house rules; the rest is unchanged
    assert data["title"] == "Tiny" and set(data) >= {"id", "players", "actions", "settings"}


def test_a_title_version_is_recorded(tmp_path):
    shutil.copytree(TINY, tmp_path / "Tiny")
    entry = tmp_path / "Tiny" / "title.yaml"
    entry.write_text(
        entry.read_text(encoding="utf-8").replace("  name: Tiny\n", "  name: Tiny\n  version: '2'\n"),
        encoding="utf-8",
    )
    assert played_title(load_title(tmp_path / "Tiny"))["version"] == "2"


def test_play_out_of_an_own_title_says_how_to_replay_it(tmp_path, own):
    path = tmp_path / "g.json"
    result = run("play", own / "Tiny", "--players", "3", "--seed", "2", "--out", path)
    assert result.exit_code == 0, result.output
    assert f"(18xx replay {path} --title {own / 'Tiny'} reproduces it)" in result.stdout
    on_path = run("play", "Tiny", "--players", "3", "--seed", "2", "--out", path, env={ENV_VAR: str(own)})
    assert f"(18xx replay {path} reproduces it)" in on_path.stdout
    bundled = run("play", "18SJ", "--players", "3", "--seed", "2", "--out", tmp_path / "sj.json", "--json")
    assert json.loads(bundled.stdout)["replay"] == f"18xx replay {tmp_path / 'sj.json'}"


def test_the_replay_command_play_prints_is_true(tiny_game, own):
    replayed = run("replay", tiny_game, "--title", own / "Tiny")
    assert replayed.exit_code == 0, replayed.output
    assert "matches the recorded result" in replayed.stdout
    assert "warning" not in replayed.stderr
    found = run("replay", tiny_game, env={ENV_VAR: str(own)})
    assert found.exit_code == 0 and "warning" not in found.stderr


def test_an_edited_copy_that_keeps_its_name_is_never_silently_replaced(tmp_path):
    """A copy of 18SJ, edited, played via its folder: replaying without --title finds
    the bundled 18SJ, whose fingerprint differs, and says so before anything else."""
    copy = tmp_path / "my18SJ"
    shutil.copytree(TITLES / "18SJ", copy)
    tiles = copy / "tiles.yaml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace("count: 5", "count: 4", 1), encoding="utf-8")
    game = tmp_path / "g.json"
    played = run("play", copy, "--players", "4", "--seed", "3", "--out", game)
    assert played.exit_code == 0, played.output
    assert f"18xx replay {game} --title" in played.stdout
    replayed = run("replay", game)
    assert replayed.stderr.startswith("warning: this game was played with 18SJ (fingerprint ")
    assert "but the replay uses 18SJ from" in replayed.stderr and "--title FOLDER" in replayed.stderr
    as_json = run("replay", game, "--json")
    warning = json.loads(as_json.stdout)["title_warning"]
    assert warning and warning in as_json.stderr
    with_title = run("replay", game, "--title", copy)
    assert with_title.exit_code == 0, with_title.output
    assert with_title.stderr == "" and "matches the recorded result" in with_title.stdout
    for command in (["routes", game, "--all"], ["view", game, "--out", tmp_path / "v.html"]):
        assert run(*command).stderr.startswith("warning: this game was played with 18SJ")


def test_the_warning_comes_before_a_divergence(tiny_game, own, tmp_path):
    bigger = tmp_path / "bigger" / "Tiny"
    shutil.copytree(own / "Tiny", bigger)
    entry = bigger / "title.yaml"
    entry.write_text(entry.read_text(encoding="utf-8").replace("cash: 4000", "cash: 3000"), encoding="utf-8")
    result = run("replay", tiny_game, "--title", bigger)
    assert result.stderr.startswith("warning: this game was played with Tiny")
    assert json.loads(run("replay", tiny_game, "--title", bigger, "--json").stdout)["title_warning"]


def test_files_without_a_record_and_odd_records():
    assert title_warning(json.loads(GAME.read_text(encoding="utf-8")), load_title(TITLES / "18SJ")) is None
    odd = title_warning({"settings": {SETTING: "18SJ"}}, load_title(TINY))
    assert odd and "cannot be checked" in odd


# --- the bundled titles as package data -------------------------------------------------


def test_the_package_carries_the_bundled_titles():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["framework._titles"] == "titles"
    assert "framework._titles" in config["packages"]
    assert "**/*" in config["package-data"]["framework._titles"]
    # and the standard tile library, which is data inside the framework package
    assert "data/*.yaml" in config["package-data"]["framework"]
    assert (ROOT / "framework" / "data" / "tiles.yaml").is_file()
    # every package of the source is listed, so none is left out of an install
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "framework").rglob("*.py")
        if "__pycache__" not in p.parts and "_titles" not in p.parts
    }
    assert found == set(config["packages"]) - {"framework._titles"}
