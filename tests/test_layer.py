"""A title's own layer (:mod:`framework.title.extension`): the parts that carry a game that
is not an 18xx underneath — its data, rules, reports, bot and drawing, each subclassing
its base in its layer of the framework — with 18Steam's Age of Steam layer as the
example, and an 18xx title that pays nothing for it."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest
import steam_hooks
from steam_support import new_game

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.engine.actions import PLAYED
from framework.engine.extension import LayerRules
from framework.engine.game import Game
from framework.engine.state import game_from_dict, game_to_dict
from framework.record.extension import reports_of
from framework.record.gamefile import GameFile
from framework.record.replay import new_game as game_for_file
from framework.record.report import position
from framework.render.position import render_position
from framework.title.extension import PART_BASES, part_problem, qualified
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


def _hooks(folder: Path, section: str) -> None:
    """Give the copy of 18Steam the ``hooks`` section ``section`` (YAML) instead of its own."""
    text = (folder / "rounds.yaml").read_text(encoding="utf-8")
    head, rest = text.split("\nhooks:\n", 1)
    tail = rest[rest.index("\ngame_end:") :]
    (folder / "rounds.yaml").write_text(f"{head}\n{section}\n{tail}", encoding="utf-8")


def _line_of(file: Path, words: str) -> int:
    return next(i for i, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1) if words in text)


def test_a_layer_section_needs_the_layer_that_reads_it(steam_dir):
    _hooks(steam_dir, "hooks: {}")
    [(file, _, message)] = _problems(steam_dir)
    assert file == "goods.yaml" and message.startswith("a layer section needs the layer that reads it")


def test_a_layer_section_needs_a_data_part_to_read_it(steam_dir):
    _hooks(steam_dir, "hooks:\n  layer: {rules: GoodsRules}")
    [(file, _, message)] = _problems(steam_dir)
    assert file == "goods.yaml" and message.startswith("a layer section needs a data part with a model")


@pytest.mark.parametrize(
    ("part", "name", "wrong"),
    [
        ("rules", "TurnOrderAuction", "is not a subclass of framework.engine.extension.LayerRules"),
        ("data", "GoodsRules", "is not a subclass of framework.title.extension.LayerData"),
        ("drawing", "GoodsBot", "is not a subclass of framework.render.extension.LayerDrawing"),
        (
            "reports",
            "ROUNDS",
            "is not a class (the reports part is a subclass of framework.record.extension.LayerReports)",
        ),
        ("bot", "NoSuchBot", "is not a class of the title's hooks"),
    ],
)
def test_each_part_of_the_layer_must_subclass_its_base_reported_at_its_entry(steam_dir, part, name, wrong):
    rounds = steam_dir / "rounds.yaml"
    _edit(rounds, f"    {part}: ", f"    {part}: {name}  # was ")
    [(file, line, message)] = _problems(steam_dir)
    assert (file, line) == ("rounds.yaml", _line_of(rounds, f"    {part}: {name}"))
    assert message == f"hooks.layer.{part} {name!r} {wrong}"


LAYER_OF_PART = {"data": "title", "rules": "engine", "reports": "record", "bot": "bots", "drawing": "render"}
"""The layer of the framework each part's base belongs to: the lowest that uses it."""


def test_each_parts_base_is_named_by_its_qualified_name_in_its_layers_package():
    """The title layer checks the parts by name only: each name is the base's, in the
    package of the layer that first uses it, and the one door exports it."""
    import framework.api as api

    for part, name in PART_BASES.items():
        module, _, cls = name.rpartition(".")
        base = getattr(importlib.import_module(module), cls)
        assert qualified(base) == name and getattr(api, cls) is base
        assert module.split(".")[1] == LAYER_OF_PART[part]
        assert part_problem(part, base) is None


def test_a_layer_names_only_the_parts_it_has(steam_dir):
    """Without its drawing and reports parts, 18Steam plays the same game; its pictures
    have no goods layer and its positions say nothing of it."""
    _edit(steam_dir / "rounds.yaml", "    drawing: GoodsDrawing", "    # drawing: GoodsDrawing")
    _edit(steam_dir / "rounds.yaml", "    reports: GoodsReports", "    # reports: GoodsReports")
    title = load_title(steam_dir)
    assert title.layer_part("drawing") is None and title.layer_part("rules").__name__ == "GoodsRules"
    game = Game(title, [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")], 1)
    picture = render_position(game)
    assert "layer-hex" not in picture and "goods-panel" not in picture and "Corporations" in picture
    assert "layer" not in position(game) and reports_of(title).describe(game) == {}
    assert game_to_dict(game)["layer"]["cubes"] == new_game(4, 1).layer_state.to_dict()["cubes"]


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
    assert title.layer_part("data").__name__ == "GoodsData" and isinstance(
        title.layer, steam_hooks.GoodsLayer
    )


def test_the_layers_state_is_saved_with_the_game_and_restored():
    game = new_game(4, 3)
    data = game_to_dict(game)
    assert data["layer"] == game.layer_state.to_dict() and data["layer"]["cubes"]
    again = game_from_dict(game.title, json.loads(json.dumps(data)))
    assert game_to_dict(again) == data
    assert type(again.layer_state) is type(game.layer_state)


def test_an_18xx_game_carries_nothing_of_a_layer():
    title = load_title(T1830)
    assert title.layer is None and not title.has_layer and title.layer_part("rules") is None
    game = Game(title, [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")], 1)
    assert game.layer_rules is LayerRules and game.layer_state is None
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
