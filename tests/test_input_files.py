"""What a path on the command line may lead to (issue 24 §5): a named pipe, a device or a
file of gigabytes, given as a game file, an overlay or a title's file, is refused with
its name and exit status 1, before it is read: never a hang, never a ``MemoryError``.

A pipe that the reader waits on would hang the test for ever; a watchdog opens it for
writing every few seconds, so that a reader that does wait reads nothing, and the test
fails on its message instead.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.base.yamlsource import load
from framework.cli.main import app
from framework.record.gamefile import MOST_BYTES, GameFile

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
SJ = ROOT / "titles" / "18SJ"

needs_pipes = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
DEVICE = Path("/dev/zero")
needs_device = pytest.mark.skipif(not DEVICE.exists(), reason="no /dev/zero here (not a POSIX system)")


@pytest.fixture
def make_pipe() -> Iterator[Callable[[Path], Path]]:
    """Makes named pipes nobody writes to; while the test runs, each is opened for writing
    (and closed) every 10 seconds, so that a reader waiting on it reads nothing instead of
    waiting for ever."""
    done = threading.Event()

    def make(path: Path) -> Path:
        os.mkfifo(path)
        threading.Thread(target=_unblock, args=(path, done), daemon=True).start()
        return path

    yield make
    done.set()


def _unblock(pipe: Path, done: threading.Event) -> None:
    while not done.wait(10):
        with contextlib.suppress(OSError):  # nobody reading: nothing to unblock
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))


@pytest.fixture
def pipe(make_pipe, tmp_path: Path) -> Path:
    return make_pipe(tmp_path / "pipe.json")


def run(*args: str | Path):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


GAME_COMMANDS = {
    "replay": [],
    "view": ["--out", "{out}/v.html"],
    "routes": ["--all"],
    "render": ["--out", "{out}/p.svg"],
}


def game_command(command: str, path: Path, out: Path) -> list[str]:
    return [command, str(path), *(a.format(out=out) for a in GAME_COMMANDS[command])]


@needs_pipes
@pytest.mark.parametrize("command", list(GAME_COMMANDS))
def test_a_pipe_as_a_game_file_is_refused_before_it_is_read(command, pipe, tmp_path):
    result = run(*game_command(command, pipe, tmp_path))
    assert result.exit_code == 1
    assert f"{pipe}:1:1: a named pipe (FIFO), not a regular file; a game file is a JSON file" in result.output
    assert not list(tmp_path.glob("[vp].*")), "wrote its --out although it failed"


@needs_device
@pytest.mark.parametrize("command", ["replay", "view", "routes"])
def test_a_device_as_a_game_file_is_refused_before_it_is_read(command, tmp_path):
    result = run(*game_command(command, DEVICE, tmp_path))
    assert result.exit_code == 1
    assert "/dev/zero:1:1: a device, not a regular file; a game file is a JSON file" in result.output


def test_a_game_file_over_the_limit_is_refused_without_being_read_whole(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with big.open("wb") as stream:  # sparse: no disk taken
        stream.truncate(MOST_BYTES + 1)
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(ProblemsError) as caught:
        GameFile.read(big)
    assert str(caught.value) == (
        f"{big}:1:1: the file is more than 16,777,216 bytes, the most a game file may hold "
        "(the largest real 18xx.games export seen is under 300 KB)"
    )
    assert sum(read) <= MOST_BYTES + 1
    monkeypatch.undo()
    result = run("replay", big)
    assert result.exit_code == 1 and "the most a game file may hold" in result.output


def test_a_game_file_at_the_limit_is_read(tmp_path):
    game = (SJ / "games" / "166116.json").read_bytes()
    padded = tmp_path / "padded.json"
    padded.write_bytes(game + b" " * (MOST_BYTES - len(game)))
    assert GameFile.read(padded).id == GameFile.read(SJ / "games" / "166116.json").id


@needs_pipes
@pytest.mark.parametrize(
    "args",
    [
        ["validate", str(TINY), "--rules", "{pipe}"],
        ["play", str(TINY), "--players", "3", "--rules", "{pipe}", "--max-actions", "5"],
        ["simulate", str(TINY), "--games", "1", "--players", "3", "--compare", "{pipe}"],
    ],
    ids=["validate", "play", "simulate"],
)
def test_a_pipe_as_an_overlay_is_refused_before_it_is_read(args, make_pipe, tmp_path):
    pipe = make_pipe(tmp_path / "rules.yaml")
    result = run(*(a.format(pipe=pipe) for a in args))
    assert result.exit_code == 1, result.output
    assert "rules.yaml:1:1: a named pipe (FIFO), not a regular file; a title or overlay is a YAML file" in (
        result.output
    )


@needs_device
def test_a_device_as_an_overlay_is_refused_before_it_is_read():
    result = run("validate", TINY, "--rules", DEVICE)
    assert result.exit_code == 1
    assert "zero:1:1: a device, not a regular file; a title or overlay is a YAML file" in result.output


@needs_pipes
def test_a_pipe_as_a_titles_file_is_refused(make_pipe, tmp_path):
    title = tmp_path / "tiny"
    shutil.copytree(TINY, title)
    (title / "trains.yaml").unlink()
    make_pipe(title / "trains.yaml")
    with pytest.raises(ProblemsError) as caught:
        load(title / "trains.yaml", "trains.yaml")
    assert str(caught.value) == (
        "trains.yaml:1:1: a named pipe (FIFO), not a regular file; a title or overlay is a YAML file"
    )
    result = run("validate", title)
    assert result.exit_code == 1
    assert "title.yaml:14:3: 'trains.yaml' in " in result.output
    assert "tiny is not a regular file" in result.output


@needs_device
def test_a_device_is_not_a_title_folder():
    result = run("render", DEVICE)
    assert result.exit_code == 1
    assert "not a folder, so not a title (a title is a folder holding title.yaml)" in result.output
