"""A title's own layer (:mod:`framework.title.layer`): the extension points that carry a game
that is not an 18xx underneath, with 18Steam's Age of Steam layer as the example —
and an 18xx title that pays nothing for it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import steam_hooks
from steam_support import new_game

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.engine.actions import PLAYED
from framework.engine.game import Game
from framework.engine.state import game_from_dict, game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import new_game as game_for_file
from framework.title.layer import Layer
from framework.title.loader import RulesText, load_title

ROOT = Path(__file__).resolve().parents[1]
STEAM = ROOT / "titles" / "18Steam"
T1830 = ROOT / "titles" / "1830"


@pytest.fixture
def steam_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "18Steam"
    shutil.copytree(STEAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def _problems(folder: Path) -> list[tuple[str, int, str]]:
    with pytest.raises(ProblemsError) as caught:
        load_title(folder)
    return [(Path(p.mark.file).name, p.mark.line, p.message) for p in caught.value.problems]


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_layer_section_is_validated_by_the_layers_model_with_file_line_col(steam_dir):
    _edit(steam_dir / "goods.yaml", "  move_rounds: 2\n", "  move_rounds: two\n")
    [(file, line, message)] = _problems(steam_dir)
    text = (steam_dir / "goods.yaml").read_text(encoding="utf-8").splitlines()
    assert file == "goods.yaml" and text[line - 1] == "  move_rounds: two"
    assert message == "expected a whole number, got 'two'"


def test_an_unknown_key_of_the_layer_section_is_named(steam_dir):
    _edit(steam_dir / "goods.yaml", "  move_rounds: 2\n", "  move_rounds: 2\n  moves_rounds: 2\n")
    [(file, _, message)] = _problems(steam_dir)
    assert file == "goods.yaml" and "moves_rounds" in message


def test_a_layer_section_needs_the_layer_that_reads_it(steam_dir):
    _edit(steam_dir / "rounds.yaml", "hooks:\n  layer: AgeOfSteam", "hooks: {}\n  # layer: AgeOfSteam")
    [(file, _, message)] = _problems(steam_dir)
    assert file == "goods.yaml" and message.startswith("a layer section needs the layer that reads it")


def test_the_layer_must_be_a_layer(steam_dir):
    _edit(steam_dir / "rounds.yaml", "layer: AgeOfSteam", "layer: TurnOrderAuction")
    [(file, _, message)] = _problems(steam_dir)
    assert file == "rounds.yaml" and "is not a subclass of framework.title.layer.Layer" in message


def test_the_layers_own_checks_relate_its_section_to_the_map(steam_dir):
    _edit(steam_dir / "goods.yaml", "    H12: {name: Chicago", "    H10: {name: Chicago")
    lines = (steam_dir / "goods.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("    H10:"))
    assert _problems(steam_dir) == [
        ("goods.yaml", line, "H10 is not a gray city hex of the map"),
        ("map.yaml", 90, "city H12 is missing from layer.cities"),
    ]


def test_a_title_without_trains_has_no_phases_and_no_trains():
    title = load_title(STEAM)
    assert title.phases == {} and title.trains == {} and title.rules.track is None
    assert title.layer_class.__name__ == "AgeOfSteam" and isinstance(title.layer, steam_hooks.GoodsLayer)


def test_the_layers_state_is_saved_with_the_game_and_restored():
    game = new_game(4, 3)
    data = game_to_dict(game)
    assert data["layer"] == game.layer_state.to_dict() and data["layer"]["cubes"]
    again = game_from_dict(game.title, json.loads(json.dumps(data)))
    assert game_to_dict(again) == data
    assert type(again.layer_state) is type(game.layer_state)


def test_an_18xx_game_carries_nothing_of_a_layer():
    title = load_title(T1830)
    assert title.layer is None and title.layer_class is None
    game = Game(title, [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")], 1)
    assert game.layer is Layer and game.layer_state is None
    assert game_to_dict(game)["layer"] is None


def test_the_engine_plays_none_of_the_layers_action_types():
    assert not set(PLAYED) & set(steam_hooks.ACTIONS) - {"bid", "pass"}
    title = load_title(T1830)
    game = Game(title, [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")], 1)
    with pytest.raises(GameError, match="unknown action type 'move_goods'"):
        game.process(
            {"type": "move_goods", "entity": "1", "city": "x", "color": "red", "stops": [], "links": []}
        )


def _file(title: str, actions: list[dict]) -> GameFile:
    players = [{"id": i, "name": f"P{i}"} for i in (1, 2, 3, 4)]
    return GameFile.from_dict(
        {"id": 5, "title": title, "players": players, "actions": actions, "settings": {"seed": 5}}
    )


def test_a_game_file_is_checked_against_its_titles_layer_actions():
    bad = {
        "type": "move_goods",
        "entity": "RED",
        "id": 7,
        "city": "H12",
        "color": "red",
        "stops": "H12",
        "links": [],
    }
    with pytest.raises(ProblemsError) as caught:
        game_for_file(_file("18Steam", [bad]), load_title(STEAM))
    [problem] = caught.value.problems
    assert "action 7 (move_goods" in problem.message and "'stops' must be a list" in problem.message
    with pytest.raises(ProblemsError) as caught:
        game_for_file(_file("1830", [{**bad, "stops": []}]), load_title(T1830))
    [problem] = caught.value.problems
    assert "action 7 (move_goods" in problem.message and "unknown action type 'move_goods'" in problem.message


def test_a_layer_action_of_the_wrong_shape_is_refused_in_play_naming_the_field():
    game = new_game(4, 1)
    before = game_to_dict(game)
    with pytest.raises(GameError, match="'action'"):
        game.process({"type": "select_action", "entity": "RED"})
    assert game_to_dict(game) == before


def test_an_18xx_title_still_needs_its_phases_and_track_rules():
    """What a title without trains may leave out, operating rounds need."""
    overlay = RulesText("bare.yaml", "overlay: {name: bare}\nrules: {track: null}\nphases: null\n")
    with pytest.raises(ProblemsError) as caught:
        load_title(T1830, [overlay])
    messages = [p.message.split(" (")[0] for p in caught.value.problems]
    assert "the operating round operating needs rules.track" in messages
    assert "PRR's home needs rules.track" in messages  # a home token goes on the 18xx board
    assert "trains need phases" in messages


def test_a_title_without_track_rules_has_no_18xx_board():
    """18Steam's track is its layer's: its games carry no 18xx board (the pictures draw
    the printed map under the layer's track)."""
    game = new_game(4, 1)
    assert game.board is None and game_to_dict(game)["board"] is None
    assert Game(load_title(T1830), [("1", "A"), ("2", "B"), ("3", "C")], 1).board is not None
