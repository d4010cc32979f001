"""Hooks: named Python functions next to a title's YAML, loaded only when named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from framework.problems import ProblemsError
from framework.title.hooks import hook_references, load_hooks
from framework.title.loader import load_title

SJ = Path(__file__).resolve().parents[1] / "titles" / "18SJ"


@pytest.fixture
def title_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "title"
    shutil.copytree(SJ, folder)
    return folder


def name_hook(folder: Path) -> None:
    """Make the 5-train's first purchase also run a title hook."""
    trains = folder / "trains.yaml"
    text = trains.read_text(encoding="utf-8")
    events = "events: [close_companies, full_capitalization"
    trains.write_text(text.replace(events + "]", events + ", {hook: big_bang}]"))


def test_a_title_without_hooks_imports_nothing():
    title = load_title(SJ)
    assert list(hook_references(title)) == []
    assert load_hooks(title) == {}


def test_a_named_hook_is_loaded_from_the_titles_folder(title_dir):
    name_hook(title_dir)
    hooks = "def big_bang(game):\n    return 'bang'\n"
    (title_dir / "hooks.py").write_text(hooks, encoding="utf-8")
    title = load_title(title_dir)
    assert [name for _, name in hook_references(title)] == ["big_bang"]
    hooks = load_hooks(title)
    assert list(hooks) == ["big_bang"]
    assert hooks["big_bang"](None) == "bang"


def test_validation_reads_hooks_without_running_them(title_dir):
    name_hook(title_dir)
    hooks = "raise SystemExit('must not run during validation')\n\ndef big_bang(game):\n    pass\n"
    (title_dir / "hooks.py").write_text(hooks, encoding="utf-8")
    assert load_title(title_dir).trains["5"].events[-1].hook == "big_bang"


def test_a_hooks_file_with_a_syntax_error_is_reported(title_dir):
    name_hook(title_dir)
    (title_dir / "hooks.py").write_text("def big_bang(:\n", encoding="utf-8")
    with pytest.raises(ProblemsError) as caught:
        load_title(title_dir)
    [problem] = caught.value.problems
    assert problem.message == "hooks.py cannot be read: invalid syntax (line 1)"
    assert (problem.mark.file.endswith("trains.yaml"), problem.mark.line) == (True, 18)
