"""docs/tutorial.md and its files (docs/examples/tutorial/): every step's folder is what
the tutorial quotes, every command it shows prints what it shows, and the finished
title, 18Vale, plays to a proper end with both bots, with and without its variant.

The tutorial marks its steps with ``<!-- snapshot: FOLDER -->``; after one, a YAML
block introduced by ``File `18Vale/NAME`:`` is that file of the folder in full, and one
introduced by ``From `18Vale/NAME`:`` is a run of its lines. A ``text`` block whose
first line is ``$ 18xx ...`` is a command, run in a scratch folder holding the step's
files as ``18Vale/``, and the lines after it are what it prints: a line ``...`` stands
for any number of lines, and times (``0.05 s``) and sizes (``128 KB``) may differ.

A reader follows it from an empty folder: every file is written in a folder a ``mkdir``
shown before it made, and every command the text names in passing or gives to type in a
``sh`` block (with nothing to replace, such as ``ID``) works as written, next to the
finished title and the games the tutorial saved.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from typer.testing import CliRunner

from framework.base import yamlsource
from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.cli.main import app
from framework.engine import finance
from framework.engine.invariants import broken_invariants
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.render.map import render_map
from framework.render.market import render_market
from framework.render.tilesheet import render_tiles
from framework.title.loader import load_title
from framework.title.schema import SCHEMA_FILES, overlay_schema, title_schema

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
EXAMPLES = ROOT / "docs" / "examples" / "tutorial"
FINAL = EXAMPLES / "18Vale"
IMAGES = ROOT / "docs" / "images"
FOLDER = "18Vale"
"""The name the tutorial gives the reader's folder."""

SNAPSHOT = re.compile(r"^<!-- snapshot: (\S+) -->$")
QUOTE = re.compile(rf"^(File|From) `{FOLDER}/(\S+)`:$")
TIME = re.compile(r"\b\d+(\.\d+)? s\b|\b\d+ KB\b")
"""Times (``0.05 s``) and file sizes (``128 KB``), which may differ from what is shown."""
MENTION = re.compile(r"`(18xx [^`]+)`")
PLACEHOLDER = re.compile(r"\b[A-Z]{2,}\b")
"""A word a reader replaces (``ID``, ``FOLDER``, ``NAME``): a command with one is a pattern."""


@dataclass
class Quote:
    """A file, or a run of its lines, quoted in the tutorial."""

    snapshot: str
    file: str
    whole: bool
    text: str
    line: int


@dataclass
class Command:
    """A command the tutorial shows, with what it prints."""

    snapshot: str
    args: list[str]
    output: list[str]
    line: int


@dataclass
class Tutorial:
    snapshots: list[str] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)
    shell: list[tuple[int, str]] = field(default_factory=list)
    """The lines of ``sh`` blocks (commands for the reader to type), with their line numbers."""
    mentions: list[tuple[int, str]] = field(default_factory=list)
    """Commands the text names in passing (```18xx ...``` in a sentence), with their lines."""


def parse(text: str) -> Tutorial:
    """The snapshots, quoted files and commands of the tutorial's text, in order."""
    found = Tutorial()
    lines = text.splitlines()
    snapshot = ""
    caption: tuple[str, str] | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if match := SNAPSHOT.match(line):
            snapshot = match.group(1)
            found.snapshots.append(snapshot)
        elif match := QUOTE.match(line):
            caption = (match.group(1), match.group(2))
        elif line.lstrip().startswith("```"):  # a block may be indented, in a list
            indent = len(line) - len(line.lstrip())
            kind = line.strip()[3:]
            end = next(k for k in range(i + 1, len(lines)) if lines[k].strip() == "```")
            body = [text[indent:] for text in lines[i + 1 : end]]
            if kind == "yaml" and caption is not None:
                whole = caption[0] == "File"
                found.quotes.append(Quote(snapshot, caption[1], whole, "\n".join(body) + "\n", i + 1))
            elif kind == "text" and body and body[0].startswith("$ 18xx "):
                args = shlex.split(body[0][len("$ 18xx ") :])
                found.commands.append(Command(snapshot, args, body[1:], i + 1))
            elif kind == "sh":
                found.shell += [(i + 2 + k, text.strip()) for k, text in enumerate(body) if text.strip()]
            caption = None
            i = end
        elif line.strip():
            caption = None  # a caption is for the block right below it
        i += 1
    prose = "\n".join("" if block else line for line, block in zip(lines, _in_blocks(lines), strict=True))
    found.mentions = [
        (prose.count("\n", 0, m.start()) + 1, " ".join(m.group(1).split())) for m in MENTION.finditer(prose)
    ]
    return found


def _in_blocks(lines: list[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced block (fences included)."""
    inside, out = False, []
    for line in lines:
        fence = line.strip().startswith("```")
        out.append(inside or fence)
        if fence:
            inside = not inside
    return out


@contextlib.contextmanager
def inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run(args: list[str], cwd: Path) -> tuple[int, list[str]]:
    """``18xx ARGS`` run in ``cwd``: the exit status and the lines it prints (standard
    output and standard error)."""
    with inside(cwd):
        result = CliRunner().invoke(app, args, prog_name="18xx", env={"COLUMNS": "100"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output.splitlines()


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected``, where a line ``...`` stands for any lines and
    times may differ."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and TIME.sub("T s", head) == TIME.sub("T s", actual[0]) and matches(rest, actual[1:])


def scratch(tmp: Path, snapshot: str) -> Path:
    """A scratch folder holding the snapshot's files as ``18Vale/``."""
    work = tmp / snapshot
    if not work.exists():
        work.mkdir()
        shutil.copytree(EXAMPLES / snapshot, work / FOLDER)
    return work


TEXT = TUTORIAL.read_text(encoding="utf-8")
PARSED = parse(TEXT)


def snapshot_folders() -> list[str]:
    return sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir())


def files_of(snapshot: str) -> dict[str, str]:
    folder = EXAMPLES / snapshot
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in folder.rglob("*.yaml")}


# --- the tutorial and its files are in sync ---------------------------------------------


def test_the_tutorial_shows_every_step_folder_in_order():
    steps = sorted((p for p in snapshot_folders() if p != FOLDER), key=lambda name: int(name.split("-")[0]))
    assert PARSED.snapshots == [*steps, FOLDER]


@pytest.mark.parametrize("quote", PARSED.quotes, ids=lambda q: f"{q.snapshot}/{q.file}:{q.line}")
def test_every_quoted_file_is_the_steps_file(quote):
    files = files_of(quote.snapshot)
    assert quote.file in files, f"{quote.snapshot} has no {quote.file}"
    if quote.whole:
        assert quote.text == files[quote.file]
    else:
        assert quote.text in files[quote.file] and quote.text.count("\n") < files[quote.file].count("\n")


def test_every_change_of_a_step_is_shown():
    """A file that is new in a step, or changed since the step before, is quoted in that
    step (in full, or the part that changed), so the folders hold nothing unseen."""
    before: dict[str, str] = {}
    for snapshot in PARSED.snapshots:
        files = files_of(snapshot)
        quoted = {q.file for q in PARSED.quotes if q.snapshot == snapshot}
        changed = {name for name, text in files.items() if before.get(name) != text}
        assert changed <= quoted, f"{snapshot}: not shown: {sorted(changed - quoted)}"
        assert not set(before) - set(files), f"{snapshot} drops {sorted(set(before) - set(files))}"
        before = files


def test_the_excerpts_show_what_changed():
    """An excerpt of a changed file holds every line that changed."""
    before: dict[str, str] = {}
    for snapshot in PARSED.snapshots:
        files = files_of(snapshot)
        for name, text in files.items():
            old = before.get(name)
            quotes = [q for q in PARSED.quotes if q.snapshot == snapshot and q.file == name]
            if old is None or old == text or any(q.whole for q in quotes):
                continue
            excerpts = [q.text for q in quotes]
            new_lines = set(text.splitlines()) - set(old.splitlines())
            shown = {line for excerpt in excerpts for line in excerpt.splitlines()}
            assert new_lines <= shown, f"{snapshot}/{name}: {sorted(new_lines - shown)} not shown"
        before = files


EXAMPLE_FILES = sorted(EXAMPLES.rglob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_every_example_file_names_the_checkouts_schema_and_satisfies_it(path):
    """What an editor would say: the schema line finds the schema, and the file passes it."""
    kind = "overlay" if path.parent.name == "variants" else "title"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("=", 1)[1]).resolve()
    assert target == (ROOT / "schemas" / SCHEMA_FILES[kind]).resolve()
    schema = title_schema() if kind == "title" else overlay_schema()
    assert list(Draft7Validator(schema).iter_errors(yamlsource.load(path).data)) == []


def test_the_final_step_is_the_finished_title():
    assert PARSED.snapshots[-1] == FOLDER
    assert load_title(FINAL).title.name == FOLDER


@pytest.mark.parametrize("command", PARSED.commands, ids=lambda c: f"{c.snapshot}:{c.line}")
def test_every_command_prints_what_the_tutorial_shows(command, tmp_path_factory):
    work = scratch(tmp_path_factory.getbasetemp(), command.snapshot)
    status, output = run(command.args, work)
    assert matches(command.output, output), "\n".join(output)
    failed = bool(command.output) and re.search(r"\bproblems? found\b", command.output[-1])
    assert status == (1 if failed else 0), "\n".join(output)


def test_every_step_is_checked_and_the_last_ones_are_valid():
    validated = {c.snapshot for c in PARSED.commands if c.args[:2] == ["validate", FOLDER]}
    assert validated == set(PARSED.snapshots)
    for snapshot in PARSED.snapshots:
        if snapshot in ("6-rounds", "7-company", FOLDER):
            assert load_title(EXAMPLES / snapshot).title.name == FOLDER


def test_every_file_the_tutorial_writes_is_in_a_folder_it_made_first():
    """A reader starting from an empty folder can write each file where it is shown: its
    folder was made by a ``mkdir`` shown before it, and an excerpt is of a file written
    before it."""
    made, written = {"."}, set()
    steps = [(line, "mkdir", text) for line, text in PARSED.shell if text.startswith("mkdir ")]
    steps += [(q.line, "file" if q.whole else "excerpt", f"{FOLDER}/{q.file}") for q in PARSED.quotes]
    for line, kind, what in sorted(steps):
        if kind == "mkdir":
            for folder in shlex.split(what)[1:]:
                assert str(Path(folder).parent) in made, f"line {line}: {folder}'s folder is not made"
                made.add(folder)
        elif kind == "file":
            assert str(Path(what).parent) in made, f"line {line}: {what} is written before its folder is made"
            written.add(what)
        else:
            assert what in written, f"line {line}: an excerpt of {what}, which is not written yet"


CONCRETE = [
    (line, text.split("#")[0].split())
    for line, text in sorted(PARSED.mentions + [s for s in PARSED.shell if s[1].startswith("18xx ")])
    if len(text.split("#")[0].split()) > 2 and not PLACEHOLDER.search(text.split("#")[0])
]
"""Every command the tutorial names in its text or gives to type, with its arguments and
nothing to replace: each must work as written."""


def test_the_commands_named_in_the_text_are_the_ones_to_check():
    named = [" ".join(words) for _, words in CONCRETE]
    assert "18xx schema -o 18Vale/schemas" in named and "18xx new MyTitle --layout flat" in named


@pytest.mark.parametrize(
    ("line", "words"), CONCRETE, ids=lambda x: str(x) if isinstance(x, int) else " ".join(x)
)
def test_every_command_the_text_names_works_as_written(line, words, tmp_path_factory):
    """Each in a folder of its own holding the finished title and what the tutorial's
    commands saved (``game.json``, ``first.json``, the pictures): whatever order the tests
    run in (``18xx schema -o MyTitle/schemas`` would otherwise make the folder that
    ``18xx new MyTitle`` must not find)."""
    prepared = tmp_path_factory.getbasetemp() / "named-commands"
    if not prepared.exists():
        prepared.mkdir()
        shutil.copytree(FINAL, prepared / FOLDER)
        for command in PARSED.commands:
            if command.snapshot == FOLDER and {"--out", "-o"} & set(command.args):
                assert run(command.args, prepared)[0] == 0, command.args
    work = tmp_path_factory.getbasetemp() / f"named-command-{line}"
    shutil.copytree(prepared, work)
    status, output = run(words[1:], work)
    assert status == 0, f"line {line}: {' '.join(words)}\n" + "\n".join(output)


def test_the_mistake_is_shown_with_its_place():
    mistake = [c for c in PARSED.commands if c.snapshot == "8-variant-mistake"]
    assert re.match(rf"{FOLDER}/variants/short-line\.yaml:\d+:\d+: ", mistake[0].output[0])


def test_the_pictures_are_the_finished_titles():
    """The tutorial's pictures are what ``18xx render`` draws of the finished title."""
    title = load_title(FINAL)
    assert (IMAGES / "18Vale-map.svg").read_text(encoding="utf-8") == render_map(title)
    assert (IMAGES / "18Vale-tiles.svg").read_text(encoding="utf-8") == render_tiles(title)
    assert (IMAGES / "18Vale-market.svg").read_text(encoding="utf-8") == render_market(title)
    for picture in ("18Vale-map.svg", "18Vale-tiles.svg", "18Vale-market.svg"):
        assert f"(images/{picture})" in TEXT


def test_the_docs_link_the_tutorial():
    for doc in ("README.md", "docs/title-format.md", "docs/titles.md"):
        assert "tutorial.md" in (ROOT / doc).read_text(encoding="utf-8"), doc


# --- the finished title plays ----------------------------------------------------------


def test_every_step_from_the_rounds_on_plays():
    for snapshot in ("6-rounds", "7-company"):
        session = new_session(EXAMPLES / snapshot, 3, 5)
        outcome = play(session, make_bot("heuristic"), seed=5, check=True)
        assert outcome.finished and outcome.end_reason == "bank"


GAMES = [
    (bot, players, seed, variant)
    for bot in ("heuristic", "random")
    for players, seed in ((2, 1), (3, 2), (4, 3))
    for variant in ((), ("short_line",))
]


@pytest.mark.parametrize(("bot", "players", "seed", "variant"), GAMES)
def test_bots_play_18vale_to_a_proper_end(bot, players, seed, variant):
    session = new_session(FINAL, players, seed, optional_rules=variant)
    game = session.game
    expected_bank = 4500 if variant else 6000
    assert game.title.bank.cash == expected_bank
    outcome = play(session, make_bot(bot), seed=seed, check=True, max_actions=5000)
    assert outcome.finished, f"unfinished after {outcome.actions} actions in {game.round_label()}"
    assert outcome.end_reason in ("bank", "bankrupt")
    if outcome.end_reason == "bank":
        assert game.bank_broken
    assert finance.total_money(game) == expected_bank
    assert not broken_invariants(game)
    assert sorted(outcome.result) == sorted(p.id for p in game.players)
    assert all(c.floated for c in game.corporations.values())
    # the game's file replays to the same result
    record = GameFile.from_dict(session.to_json())
    again = replay(record, load_title(FINAL, variants=list(variant)))
    assert again.failure is None and again.matches_recorded and again.result == outcome.result


def test_heuristic_bots_reach_the_late_phases_and_close_the_company():
    session = new_session(FINAL, 3, 1)
    play(session, make_bot("heuristic"), seed=1, check=True)
    game = session.game
    assert game.phase in ("5", "6")
    assert game.companies["HQ"].closed
    assert any(t.name == "2" and t.owner == "rusted" for t in game.trains.values())
