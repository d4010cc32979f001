"""The 18xx.games engine as an oracle for tests: which game files it loads.

:func:`oracle_verdicts` replays game files in the reference engine with
``check.rb`` (see the oracle's README) and returns its verdict on each: whether
it refused an action (``refused``), the last action it processed, whether the
game finished, its end reason and result. Tests that need it are skipped when
Ruby or the oracle is missing, unless ``RAILS18XX_REQUIRE_ORACLE=1``.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, title_for
from framework.title.loader import RulesText

ROOT = Path(__file__).resolve().parents[1]
ORACLE = Path(os.environ.get("RAILS18XX_ORACLE", ROOT.parent / "shared" / "oracle"))


def need_oracle() -> Path:
    """The oracle's ``check.rb``; skips the test when it cannot run here."""
    check = ORACLE / "check.rb"
    if shutil.which("ruby") and check.exists():
        return check
    if os.environ.get("RAILS18XX_REQUIRE_ORACLE") == "1":
        pytest.fail(f"the 18xx.games oracle is needed: no ruby or no {check}")
    missing = "ruby (Debian: apt-get install ruby)" if not shutil.which("ruby") else str(check)
    pytest.skip(f"the 18xx.games oracle needs {missing}; RAILS18XX_ORACLE may point at its folder")


LOAD = ROOT / "tools" / "oracle_load.rb"
"""Loads game files as 18xx.games opens a game: every action at once (check.rb takes
them one at a time, which differs for files whose ids do not increase)."""


def imported_title(out: Path, name: str) -> Path:
    """``name`` converted from the oracle's engine by ``18xx import`` into ``out``: its folder.

    Under pytest-xdist the workers of one run share each title's conversion (a title
    converts in 10-25 s, and a module's tests may run on several workers): the first
    worker to ask converts it into the run's own temporary folder, under a lock, and
    the others use that folder. Tests copy a title before changing it (:func:`house_ruled`).

    ``RAILS18XX_IMPORTED`` may name a folder the catalogue was converted into already
    (``18xx import ../shared/oracle/reference --all --out DIR``, as CI does once for the
    catalogue's guard): its folder of the title is used as it is.
    """
    from framework.convert.writer import folder_name

    need_oracle()
    ready = os.environ.get("RAILS18XX_IMPORTED")
    if ready and (Path(ready) / folder_name(name) / "title.yaml").is_file():
        return Path(ready) / folder_name(name)
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        _import(name, out)
        return out / folder_name(name)
    shared = out.parent.parent / "imported-titles" / hashlib.sha1(name.encode()).hexdigest()[:12]
    shared.mkdir(parents=True, exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / ".done").exists():
            _import(name, shared)
            (shared / ".done").touch()
    return shared / folder_name(name)


def _import(name: str, out: Path) -> None:
    from typer.testing import CliRunner

    from framework.cli.main import app

    result = CliRunner().invoke(app, ["import", str(ORACLE / "reference"), "-t", name, "--out", str(out)])
    assert result.exit_code == 0, result.output


def oracle_verdicts(paths: list[Path], *, whole: bool = False) -> dict[str, dict[str, Any]]:
    """The oracle's verdict on each file, by file name without ``.json``: replayed one
    action at a time by ``check.rb``, or (``whole``) loaded at once as 18xx.games opens
    a game (``tools/oracle_load.rb``).

    Under pytest-xdist the workers of one run share the verdicts on the same files (a
    module's fixture asking them runs on each worker that runs some of its tests; the
    oracle takes seconds to minutes): the first worker to ask writes them into the
    run's temporary folder, under a lock, and the others read them there."""
    need_oracle()
    shared = _run_folder(paths)
    if shared is None:
        return _verdicts(paths, whole)
    digest = hashlib.sha1(str(whole).encode())
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    target = shared / "oracle-verdicts" / f"{digest.hexdigest()[:16]}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return json.loads(target.read_text(encoding="utf-8"))
        verdicts = _verdicts(paths, whole)
        target.write_text(json.dumps(verdicts), encoding="utf-8")
    return verdicts


def _run_folder(paths: list[Path]) -> Path | None:
    """The temporary folder of this pytest run that the workers share (the parent of the
    workers' own), when the files lie in a worker's; else ``None``."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None or not paths:
        return None
    for parent in paths[0].resolve().parents:
        if parent.name.startswith("popen-gw"):
            return parent.parent
    return None


def _verdicts(paths: list[Path], whole: bool) -> dict[str, dict[str, Any]]:
    check = need_oracle()
    script = LOAD if whole else check
    proc = subprocess.run(
        ["ruby", str(script), *map(str, paths)], capture_output=True, text=True, check=False, timeout=600
    )
    verdicts = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            verdicts[Path(data["file"]).stem] = data
    missing = [p.stem for p in paths if p.stem not in verdicts]
    assert not missing, f"the oracle gave no verdict on {missing}: {proc.stderr[-2000:]}"
    return verdicts


def write_games(folder: Path, games: dict[str, dict[str, Any]]) -> list[Path]:
    """Write game files named ``<key>.json`` into ``folder``."""
    paths = []
    for name, data in games.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        paths.append(path)
    return paths


ORACLE_LEGAL = ROOT / "tools" / "oracle_legal.rb"


def oracle_tries(path: Path, wanted: dict[int, dict[str, dict[str, Any]]]) -> dict[int, dict[str, str]]:
    """18xx.games' verdict on candidate actions at positions of a game file: after the
    action with each id, each labelled action tried on a copy of the game
    (``tools/oracle_legal.rb --try``): ``accepted`` or ``refused: why``."""
    need_oracle()
    with tempfile.TemporaryDirectory() as folder:
        request = Path(folder) / "try.json"
        asked = {str(aid): {label: [a] for label, a in tried.items()} for aid, tried in wanted.items()}
        request.write_text(json.dumps(asked), encoding="utf-8")
        proc = subprocess.run(
            ["ruby", str(ORACLE_LEGAL), str(path), "--try", str(request)],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
    verdicts = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            verdicts[data["id"]] = data["tried"]
    missing = [aid for aid in wanted if aid not in verdicts]
    assert not missing, f"the oracle gave no verdict after {missing}: {proc.stderr[-2000:]}"
    return verdicts


def replayed_to(title: Path, path: Path, last: int, overlays: Sequence[str] = ()) -> Game:
    """The game of ``path`` played with the title folder ``title`` up to its action
    ``last`` (``overlays``: house rules' YAML texts laid over the title, in order)."""
    record = GameFile.read(path)
    if overlays:
        rules = [RulesText("house rules", text) for text in overlays]
        played = game_title(title, len(record.players), record.optional_rules, rules)
    else:
        played = title_for(record, title)
    game = new_game(record, played)
    for action in record.effective():
        if action.get("id", 0) > last:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


def house_ruled(title: Path, tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the title folder ``title`` with ``old`` replaced by ``new`` in ``file``."""
    folder = tmp_path / title.name
    shutil.copytree(title, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder
