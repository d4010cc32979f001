"""Broken titles and overlays never end in a traceback (issue 12 §3).

Hypothesis takes the tiny test title (``tests/titles/tiny``) and breaks its text:
a line dropped, doubled or cut short, a value replaced by another of the wrong kind,
YAML punctuation thrown in, the file emptied. Overlays are built from scratch out of
the title's own keys and bad values. Loading must then either succeed or raise
:class:`ProblemsError` whose every problem names its file (and line and column when
in a file), and ``18xx validate`` must exit 0 or 1 with a message.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.title.loader import load_title

TINY = Path(__file__).parent / "titles" / "tiny"
FILES = sorted(p.relative_to(TINY).as_posix() for p in TINY.rglob("*.yaml"))
VALUES = st.sampled_from(
    [
        "",
        "-1",
        "0",
        "1e999",
        "x",
        "[]",
        "{}",
        "null",
        "~",
        "'6-'",
        "[1, [2, [3]]]",
        "*nowhere",
        "&a 1",
        "!!python/object:os.system ls",
        '"\\x00"',
        "Å",
    ]
)
JUNK = st.sampled_from(
    [":", "- ", "[", "{", "}", "]", "&", "*", "!", "%", "@", "`", "\t", "\x00", "'", '"', "#"]
)


@st.composite
def broken_lines(draw, lines: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "double", "cut", "value", "junk", "indent"]))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "double":
            lines.insert(i, line)
        elif kind == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif kind == "value" and ":" in line:
            lines[i] = line.split(":", 1)[0] + ": " + draw(VALUES)
        elif kind == "junk":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(JUNK) + line[at:]
        else:
            lines[i] = "  " + line
    return lines


def _check_problems(exc: ProblemsError) -> None:
    assert exc.problems
    for problem in exc.problems:
        assert problem.message.strip()
        if problem.mark is not None:
            assert problem.mark.line >= 1 and problem.mark.col >= 1, str(problem)


SETTINGS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "20")),  # CI: 50 (.ci/run)
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def test_a_broken_title_file_gets_located_problems(tmp_path_factory):
    runner = CliRunner()

    @SETTINGS
    @given(st.data())
    def check(data) -> None:
        folder = tmp_path_factory.mktemp("tiny") / "tiny"
        shutil.copytree(TINY, folder)
        name = data.draw(st.sampled_from(FILES))
        path = folder / name
        lines = path.read_text(encoding="utf-8").splitlines()
        path.write_text("\n".join(data.draw(broken_lines(lines))) + "\n", encoding="utf-8")
        try:
            load_title(folder)
        except ProblemsError as exc:
            _check_problems(exc)
        result = runner.invoke(app, ["validate", str(folder)])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output

    check()


KEYS = st.sampled_from(
    [
        "bank",
        "bank.cash",
        "trains",
        "phases",
        "companies",
        "corporations",
        "map",
        "tiles",
        "market",
        "rules",
        "title",
        "nonsense",
        "variants",
        "hooks",
    ]
)


@st.composite
def overlays(draw) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        key = draw(KEYS)
        parts = key.split(".")
        value = draw(VALUES)
        if len(parts) == 1:
            lines.append(f"{parts[0]}: {value}")
        else:
            lines.append(f"{parts[0]}:\n  {parts[1]}: {value}")
    if draw(st.booleans()):
        lines.insert(0, draw(st.sampled_from(["overlay: {name: fuzz}", "meta: 5", "---", "%YAML 1.1\n---"])))
    return "\n".join(lines) + "\n"


def test_a_broken_overlay_gets_located_problems(tmp_path_factory):
    runner = CliRunner()

    @SETTINGS
    @given(overlays())
    def check(text: str) -> None:
        house = tmp_path_factory.mktemp("house") / "house.yaml"
        house.write_text(text, encoding="utf-8")
        try:
            load_title(TINY, [house])
        except ProblemsError as exc:
            _check_problems(exc)
        result = runner.invoke(app, ["validate", str(TINY), "--rules", str(house)])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output

    check()
