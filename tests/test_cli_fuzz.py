"""No command ends in a traceback, whatever its arguments (issue 12 §3).

Hypothesis builds command lines from each command's own options, with values good
and bad: numbers out of range, text where numbers go, files that are missing,
folders, binary, not JSON, JSON of the wrong shape, broken titles. Every run must end
with exit status 0, 1 (a problem) or 2 (a usage error) and a message, never an
exception; and a run that fails must not have written its ``--out`` file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from framework.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
SJ = ROOT / "titles" / "18SJ"
GAME = SJ / "games" / "bot_chooses_fullcap.json"
OVERLAY = SJ / "house-rules" / "small-bank.yaml"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Inputs of every kind, good and bad, made once."""
    folder = tmp_path_factory.mktemp("inputs")
    made = {
        "binary": b"\x00\xff\xfe\x89PNG\r\n\x1a\n" * 20,
        "latin1": '{"title": "18SJ", "players": [{"id": 1, "name": "Ånge"}]}'.encode("latin-1"),
        "not-json": b'{"title": "18SJ", "players": [}',
        "list.json": b"[1, 2, 3]",
        "empty.json": b"{}",
        "no-actions.json": json.dumps({"title": "18SJ", "players": [{"id": 1, "name": "a"}]}).encode(),
        "bad-overlay.yaml": b"bank: {cash: -5}\nnonsense: [",
        "alias.yaml": b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
    }
    paths = {}
    for name, data in made.items():
        path = folder / name
        path.write_bytes(data)
        paths[name] = path
    broken = folder / "broken-title"
    broken.mkdir()
    (broken / "title.yaml").write_text("title: {name: X}\nbank: 5\n", encoding="utf-8")
    paths["broken-title"] = broken
    paths["folder"] = folder
    paths["missing"] = folder / "missing.json"
    return paths


def _paths(files: dict[str, Path]) -> st.SearchStrategy[str]:
    good = [str(SJ), str(GAME), str(OVERLAY), str(ROOT / "titles" / "18Steam")]
    return st.sampled_from(good + [str(p) for p in files.values()])


NUMBERS = st.sampled_from(["-1", "0", "1", "2", "3", "7", "99999", "x", "1.5", ""])
WORDS = st.sampled_from(["", "oscarian_era", "edelsvard", "nope", "SNJ", "random", "../x", "ÖKJ"])

OPTIONS: dict[str, dict[str, str]] = {
    "validate": {"--rules": "path", "--variant": "word"},
    "schema": {"--check": "flag"},
    "replay": {"--title": "path", "--at": "number", "--json": "flag"},
    "setup": {"--players": "number", "--seed": "number", "--variant": "word", "--json": "flag"},
    "play": {
        "--players": "number",
        "--seed": "number",
        "--rules": "path",
        "--variant": "word",
        "--bot": "word",
        "--json": "flag",
    },
    "simulate": {
        "--players": "number",
        "--variant": "word",
        "--rules": "path",
        "--compare": "path",
        "--failures": "path",
        "--json": "flag",
    },
    "routes": {"--action": "number", "--all": "flag", "--json": "flag", "--time-limit": "number"},
    "render": {"--tiles": "flag", "--market": "flag", "--at": "number", "--routes": "word"},
    "view": {},
}
FIXED = {
    "play": ["--max-actions", "20"],
    "simulate": ["--games", "1", "--max-actions", "20"],
    "routes": ["--time-limit", "0.05"],
}
"""Arguments that keep a run short; drawn arguments come after and may override them
(except these, which are not drawn)."""
WRITES = {"play", "render", "view"}


@st.composite
def command_lines(draw, files: dict[str, Path]) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args = [command]
    if command != "schema":
        args.append(draw(_paths(files)))
    args += FIXED.get(command, [])
    options = OPTIONS[command]
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4)) if options else []:
        kind = options[name]
        args.append(name)
        if kind == "number":
            args.append(draw(NUMBERS))
        elif kind == "word":
            args.append(draw(WORDS))
        elif kind == "path":
            args.append(draw(_paths(files)))
    return args


def test_no_command_line_ends_in_a_traceback(files, tmp_path_factory, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # default outputs (schemas/, failed-games/) land here
    runner = CliRunner()

    @settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")),  # CI: 150 (.ci/run)
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(command_lines(files))
    def check(args: list[str]) -> None:
        out_file = None
        if args[0] in WRITES:
            out_file = tmp_path_factory.mktemp("out") / ("out.html" if args[0] == "view" else "out.json")
            if args[0] == "render":
                out_file = out_file.with_suffix(".svg")
            args = [*args, "--out", str(out_file)]
        result = runner.invoke(app, args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            args,
            repr(result.exception),
        )
        assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
        assert "Traceback" not in result.output, (args, result.output)
        if result.exit_code != 0:
            assert result.output.strip(), args  # a message says what is wrong
            if out_file is not None:
                assert not out_file.exists(), (args, "wrote --out although it failed")

    check()
