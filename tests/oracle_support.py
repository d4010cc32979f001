"""The 18xx.games engine as an oracle for tests: which game files it loads.

:func:`oracle_verdicts` replays game files in the reference engine with
``check.rb`` (see the oracle's README) and returns its verdict on each: whether
it refused an action (``refused``), the last action it processed, whether the
game finished, its end reason and result. Tests that need it are skipped when
Ruby or the oracle is missing, unless ``RAILS18XX_REQUIRE_ORACLE=1``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
ORACLE = Path(os.environ.get("RAILS18XX_ORACLE", ROOT.parent / "shared" / "oracle"))


def need_oracle() -> Path:
    """The oracle's ``check.rb``; skips the test when it cannot run here."""
    check = ORACLE / "check.rb"
    if shutil.which("ruby") and check.exists():
        return check
    if os.environ.get("RAILS18XX_REQUIRE_ORACLE") == "1":
        pytest.fail(f"the 18xx.games oracle is needed: no ruby or no {check}")
    pytest.skip("the 18xx.games oracle (ruby and ../shared/oracle) is not available")


def oracle_verdicts(paths: list[Path]) -> dict[str, dict[str, Any]]:
    """The oracle's verdict on each file, by file name without ``.json``."""
    check = need_oracle()
    proc = subprocess.run(
        ["ruby", str(check), *map(str, paths)], capture_output=True, text=True, check=False, timeout=600
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
