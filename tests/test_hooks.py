"""Hooks: named Python functions next to a title's YAML, loaded only when named."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.title.hooks import hook_references, load_hooks
from framework.title.loader import RulesText, load_title

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
    hooks = "def big_bang(game, train):\n    return 'bang'\n"
    (title_dir / "hooks.py").write_text(hooks, encoding="utf-8")
    title = load_title(title_dir)
    assert [name for _, name in hook_references(title)] == ["big_bang"]
    hooks = load_hooks(title)
    assert list(hooks) == ["big_bang"]
    assert hooks["big_bang"](None, None) == "bang"


def test_validation_reads_hooks_without_running_them(title_dir):
    name_hook(title_dir)
    hooks = "raise SystemExit('must not run during validation')\n\ndef big_bang(game, train):\n    pass\n"
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
    "def big_bang(game, train):\n    pass\n"
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
        title_dir, "from .bang import big_bang\n", bang="def big_bang(game, train):\n    return 'package'\n"
    )
    title = load_title(title_dir)
    assert load_hooks(title)["big_bang"](None, None) == "package"
    assert load_hooks(title)["big_bang"] is load_hooks(title)["big_bang"]  # imported once


def test_a_changed_hooks_package_is_imported_again(title_dir):
    name_hook(title_dir)
    package = make_package(
        title_dir, "from .bang import big_bang\n", bang="def big_bang(game, train):\n    return 1\n"
    )
    assert load_hooks(load_title(title_dir))["big_bang"](None, None) == 1
    (package / "bang.py").write_text("def big_bang(game, train):\n    return 22\n", encoding="utf-8")
    assert load_hooks(load_title(title_dir))["big_bang"](None, None) == 22


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
    make_package(title_dir, "def big_bang(game, train):\n    pass\n")
    (title_dir / "hooks.py").write_text("def big_bang(game, train):\n    pass\n", encoding="utf-8")
    with pytest.raises(ProblemsError, match=r"has both hooks\.py and hooks/; keep one"):
        load_title(title_dir)


def test_the_fingerprint_covers_every_file_of_the_hooks_package(title_dir):
    name_hook(title_dir)
    package = make_package(
        title_dir, "from .bang import big_bang\n", bang="def big_bang(game, train):\n    pass\n"
    )
    before = load_title(title_dir).fingerprint
    (package / "bang.py").write_text("def big_bang(game, train):\n    return 0\n", encoding="utf-8")
    assert load_title(title_dir).fingerprint != before


# -- a hook of the wrong kind, a hook that fails (issue 24 §5) -------------------------------

GAME = SJ / "games" / "166116.json"


def invoke(*args: str | Path):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def test_a_house_rule_pointing_a_moment_at_a_round_hook_is_refused_at_its_key(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("hooks:\n  after_dividend: requisition_round\n", encoding="utf-8")
    expected = (
        "house.yaml:2:3: requisition_round sets up a round (the hook of a custom round); "
        "hooks.after_dividend calls its hook as hook(game, entity)"
    )
    with pytest.raises(ProblemsError) as caught:
        load_title(SJ, [house])
    assert [str(p).split("/")[-1] for p in caught.value.problems] == [expected]
    for args in (["validate", SJ], ["play", SJ, "--players", "3", "--max-actions", "5"]):
        result = invoke(*args, "--rules", house)
        assert result.exit_code == 1 and expected in result.output, result.output


@pytest.mark.parametrize(
    ("yaml", "code", "message"),
    [
        (
            "hooks: {after_setup: Setup}",
            "class Setup:\n    pass\n",
            "Setup is a class; hooks.after_setup calls a function, as hook(game)",
        ),
        (
            "hooks: {buying_shares: buy}",
            "def buy(game, buyer):\n    return []\n",
            "buy takes 2 arguments; hooks.buying_shares calls it with 4, "
            "as hook(game, buyer, corporation, certificates)",
        ),
        (
            "hooks: {after_setup: finish}",
            "def finish(game, *more, scores):\n    pass\n",
            "finish needs the keyword argument scores; hooks.after_setup calls it as hook(game)",
        ),
        ("hooks: {after_setup: finish}", "def finish(game, *more, scores=None):\n    pass\n", None),
        (
            "rounds: {auction: {hook: start}}",
            "def start(game):\n    pass\n",
            "start takes 1 argument; round auction calls it with 2, as hook(game, name)",
        ),
    ],
    ids=["class-for-function", "too-few-arguments", "keyword", "varargs", "round"],
)
def test_a_hook_of_the_wrong_kind_is_found_when_the_title_is_loaded(title_dir, yaml, code, message):
    (title_dir / "hooks.py").write_text(code, encoding="utf-8")
    (title_dir / "house.yaml").write_text(yaml.replace("{hook", "{kind: custom, hook") + "\n")
    if message is None:
        load_title(title_dir, [title_dir / "house.yaml"])
        return
    with pytest.raises(ProblemsError) as caught:
        load_title(title_dir, [title_dir / "house.yaml"])
    assert message in [p.message for p in caught.value.problems]


BOOM = "def boom(game, *args):\n    raise KeyError(str(args[0]) if args else 'setup')\n"
"""A hook of any moment that fails (line 2 of hooks.py)."""


def game_with_house_rules(folder: Path, text: str) -> Path:
    data = json.loads(GAME.read_text(encoding="utf-8"))
    data["settings"]["house_rules"] = [{"name": "house.yaml", "yaml": text}]
    path = folder / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_hook_that_fails_in_play_names_itself_the_action_and_the_position(title_dir, tmp_path):
    with (title_dir / "hooks.py").open("a", encoding="utf-8") as stream:
        stream.write("\n\n" + BOOM)
    lines = (title_dir / "hooks.py").read_text(encoding="utf-8").count("\n")
    house = "hooks: {after_dividend: boom}\n"
    (tmp_path / "house.yaml").write_text(house, encoding="utf-8")
    cause = f"KeyError: 'KHJ' (at {os.path.relpath(title_dir / 'hooks.py')}:{lines})"
    failed = f"the title's hook boom (hooks.after_dividend) failed in OR1.1, KHJ acting: {cause}"

    played = invoke(
        "play", title_dir, "--players", "4", "--rules", tmp_path / "house.yaml", "-o", tmp_path / "p.json"
    )
    assert played.exit_code == 1
    assert f"the game cannot go on: action 26: {failed} (hook)" in played.output
    game = game_with_house_rules(tmp_path, house)
    for command in ("replay", "view", "routes", "render"):
        extra = (
            ["--all"] if command == "routes" else ["-o", tmp_path / "out.svg"] if command == "render" else []
        )
        result = invoke(command, game, "--title", title_dir, *extra)
        assert result.exit_code == 1, result.output
        assert f"action 32: {failed}" in result.output, (command, result.output)
    assert not (tmp_path / "game.html").exists() and not (tmp_path / "out.svg").exists()


def test_a_hook_that_fails_while_the_game_is_set_up_is_reported(title_dir, tmp_path):
    (title_dir / "hooks.py").write_text(BOOM, encoding="utf-8")
    (title_dir / "house.yaml").write_text("hooks: {after_setup: boom}\n", encoding="utf-8")
    failed = (
        "the title's hook boom (hooks.after_setup) failed during setup: "
        f"KeyError: 'setup' (at {os.path.relpath(title_dir / 'hooks.py')}:2)"
    )
    result = invoke("play", title_dir, "--players", "3", "--rules", title_dir / "house.yaml")
    assert result.exit_code == 1 and failed in result.output, result.output
    game = game_with_house_rules(tmp_path, "hooks: {after_setup: boom}\n")
    result = invoke("replay", game, "--title", title_dir)
    assert result.exit_code == 1 and failed in result.output, result.output


def test_a_hook_refusing_an_action_is_a_refusal_not_a_failure(title_dir):
    (title_dir / "hooks.py").write_text(
        "from framework.base.errors import GameError\n\n"
        "def big_bang(game, train):\n    raise GameError('trains', 'not today')\n",
        encoding="utf-8",
    )
    name_hook(title_dir)
    hooks = load_hooks(load_title(title_dir))
    with pytest.raises(GameError) as caught:
        hooks["big_bang"](None, None)
    assert type(caught.value) is GameError and str(caught.value) == "not today (trains)"


def test_a_server_refuses_a_game_whose_setup_hook_fails_and_stores_nothing(title_dir, tmp_path):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from framework.serve.app import create_app

    (title_dir / "hooks.py").write_text(BOOM, encoding="utf-8")
    rules = [RulesText("house.yaml", "hooks: {after_setup: boom}\n")]
    name = load_title(title_dir).title.name
    seats = [{"name": f"P{k}", "seat": "human"} for k in range(1, 4)]
    with TestClient(create_app(tmp_path / "data", [title_dir], rules)) as client:
        reply = client.post("/api/games", json={"title": name, "players": seats, "rules": ["house.yaml"]})
        assert reply.status_code == 400, reply.text
        assert "failed during setup" in reply.json()["error"]
        assert client.get("/api/games").json()["games"] == []


MEDDLE = "def meddle(game, *args):\n    game.bank -= 1000\n    raise KeyError('half done')\n"
"""A hook that changes the game, then fails."""


def test_a_hook_failing_half_way_leaves_the_session_as_it_was(title_dir):
    import random

    from game_support import snapshot

    from framework.bots import make_bot
    from framework.bots.play import new_session
    from framework.engine.choices import legal_actions
    from framework.title.hooks import HookFailed
    from framework.title.loader import RulesText

    (title_dir / "hooks.py").write_text(MEDDLE, encoding="utf-8")
    house = RulesText("house.yaml", "hooks: {after_dividend: meddle}\n")
    session = new_session(title_dir, 4, 1, rules=[house])
    bot, rng = make_bot("heuristic"), random.Random(1)
    for _ in range(400):
        game = session.game
        before, actions = snapshot(game), list(session.actions)
        try:
            session.act(bot.act(game, legal_actions(game), rng))
        except HookFailed:
            break
    else:
        raise AssertionError("the hook never ran")
    assert session.actions == actions and snapshot(session.game) == before


def test_a_buying_shares_hook_decides_what_a_purchase_buys(title_dir):
    """``hooks.buying_shares`` is called with every purchase every rule allows and returns
    what is bought: a hook buying nothing leaves the buyer's cash and the certificate
    where they were (18SJ's real game, its first purchase at action 16)."""
    (title_dir / "hooks.py").write_text(
        "def nothing_bought(game, buyer, corporation, certificates):\n"
        "    game.log(f'{buyer} buys none of {corporation.sym}')\n"
        "    return []\n",
        encoding="utf-8",
    )
    house = [RulesText("house.yaml", "hooks: {buying_shares: nothing_bought}\n")]
    files = GameFile.read(GAME)
    action = next(a for a in files.actions if a["id"] == 16)
    for rules, bought in (((), True), (house, False)):
        game = replay(files, load_title(title_dir, rules), stop_after=15).game
        buyer = game.players_by_id[str(action["entity"])]
        cash = buyer.cash
        game.process(action)
        share = next(s for c in game.corporations.values() for s in c.shares if s.id == action["shares"][0])
        assert (share.owner == buyer.id) is bought
        assert (buyer.cash < cash) is bought
