"""Hooks: named Python functions next to a title's YAML, loaded only when named."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.cli import app
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


OUTSIDE = (
    "import pathlib\n"
    "pathlib.Path(__file__).with_name('ran').write_text('ran')\n\n"
    "def big_bang(game):\n    pass\n"
)
"""A hook file that leaves a trace when it is imported."""


def test_a_hooks_file_that_is_a_symlink_out_of_the_folder_is_refused_before_any_import(title_dir, tmp_path):
    name_hook(title_dir)
    outside = tmp_path / "elsewhere" / "evil.py"
    outside.parent.mkdir()
    outside.write_text(OUTSIDE, encoding="utf-8")
    (title_dir / "hooks.py").unlink(missing_ok=True)
    (title_dir / "hooks.py").symlink_to(outside)
    with pytest.raises(ProblemsError) as caught:
        load_title(title_dir)
    [problem] = caught.value.problems
    assert problem.message == (
        f"{os.path.relpath(title_dir / 'hooks.py')} is a symbolic link (to {outside}); "
        "title hooks must be regular files inside the title's folder"
    )
    assert problem.mark.file.endswith("trains.yaml")
    title = load_title(title_dir, check=False)  # the engine refuses it too, importing nothing
    with pytest.raises(ProblemsError, match="is a symbolic link"):
        load_hooks(title)
    assert not (outside.parent / "ran").exists()


def test_a_hooks_file_that_is_a_symlink_inside_the_folder_is_refused_too(title_dir):
    name_hook(title_dir)
    (title_dir / "real_hooks.py").write_text(OUTSIDE, encoding="utf-8")
    (title_dir / "hooks.py").unlink(missing_ok=True)
    (title_dir / "hooks.py").symlink_to("real_hooks.py")
    with pytest.raises(ProblemsError, match=r"hooks\.py is a symbolic link"):
        load_title(title_dir)
    with pytest.raises(ProblemsError, match=r"hooks\.py is a symbolic link"):
        load_hooks(load_title(title_dir, check=False))
    assert not (title_dir / "ran").exists()


def test_a_hooks_folder_is_refused(title_dir):
    name_hook(title_dir)
    (title_dir / "hooks.py").unlink(missing_ok=True)
    (title_dir / "hooks.py").mkdir()
    with pytest.raises(ProblemsError) as caught:
        load_title(title_dir)
    assert caught.value.problems[0].message.endswith(
        "hooks.py is not a regular file; title hooks must be regular files inside the title's folder"
    )
    result = CliRunner().invoke(app, ["validate", str(title_dir)])
    assert result.exit_code == 1
    assert "hooks.py is not a regular file" in result.output and "Traceback" not in result.output


# -- a hooks package -----------------------------------------------------------------


def make_package(folder: Path, init: str, **modules: str) -> Path:
    """A ``hooks/`` package in ``folder``: ``__init__.py`` and the named modules."""
    (folder / "hooks.py").unlink(missing_ok=True)
    package = folder / "hooks"
    package.mkdir()
    (package / "__init__.py").write_text(init, encoding="utf-8")
    for name, text in modules.items():
        (package / f"{name}.py").write_text(text, encoding="utf-8")
    return package


def test_a_hooks_package_is_loaded_with_its_own_modules(title_dir):
    name_hook(title_dir)
    make_package(
        title_dir, "from .bang import big_bang\n", bang="def big_bang(game):\n    return 'package'\n"
    )
    title = load_title(title_dir)
    assert load_hooks(title)["big_bang"](None) == "package"
    assert load_hooks(title)["big_bang"] is load_hooks(title)["big_bang"]  # imported once


def test_a_changed_hooks_package_is_imported_again(title_dir):
    name_hook(title_dir)
    package = make_package(
        title_dir, "from .bang import big_bang\n", bang="def big_bang(game):\n    return 1\n"
    )
    assert load_hooks(load_title(title_dir))["big_bang"](None) == 1
    (package / "bang.py").write_text("def big_bang(game):\n    return 22\n", encoding="utf-8")
    assert load_hooks(load_title(title_dir))["big_bang"](None) == 22


def test_a_hook_the_package_does_not_define_is_reported(title_dir):
    name_hook(title_dir)
    make_package(title_dir, "def other(game):\n    pass\n")
    with pytest.raises(ProblemsError) as caught:
        load_title(title_dir)
    assert caught.value.problems[0].message == "hook 'big_bang' is not a function in hooks/__init__.py"


def test_a_symlink_inside_the_hooks_package_is_refused_before_any_import(title_dir, tmp_path):
    name_hook(title_dir)
    package = make_package(title_dir, OUTSIDE)
    outside = tmp_path / "elsewhere.py"
    outside.write_text("x = 1\n", encoding="utf-8")
    (package / "extra.py").symlink_to(outside)
    with pytest.raises(ProblemsError, match=r"extra\.py is a symbolic link"):
        load_title(title_dir)
    with pytest.raises(ProblemsError, match=r"extra\.py is a symbolic link"):
        load_hooks(load_title(title_dir, check=False))
    assert not (package / "ran").exists()


def test_a_title_may_not_have_both_a_hooks_file_and_a_hooks_package(title_dir):
    name_hook(title_dir)
    make_package(title_dir, "def big_bang(game):\n    pass\n")
    (title_dir / "hooks.py").write_text("def big_bang(game):\n    pass\n", encoding="utf-8")
    with pytest.raises(ProblemsError, match=r"has both hooks\.py and hooks/; keep one"):
        load_title(title_dir)


def test_the_fingerprint_covers_every_file_of_the_hooks_package(title_dir):
    name_hook(title_dir)
    package = make_package(title_dir, "from .bang import big_bang\n", bang="def big_bang(game):\n    pass\n")
    before = load_title(title_dir).fingerprint
    (package / "bang.py").write_text("def big_bang(game):\n    return 0\n", encoding="utf-8")
    assert load_title(title_dir).fingerprint != before
