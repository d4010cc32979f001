"""Reading 18xx.games' titles: its engine loaded by Debian's Ruby and ``dump.rb``.

:func:`engine_folder` finds the engine in a checkout (the folder holding
``lib/engine.rb``); :func:`list_titles` names its titles and :func:`dump_titles`
dumps their data as JSON. Ruby runs only the engine code of the source given, only
when asked, and reaches nothing on the network.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DUMPER = Path(__file__).resolve().with_name("dump.rb")
NEEDS_RUBY = "18xx import needs Ruby to read 18xx.games' titles: install it (Debian: apt-get install ruby)"


class SourceError(Exception):
    """The source cannot be read (no Ruby, no engine, an engine that does not load)."""


def engine_folder(source: Path) -> Path:
    """The folder of ``source`` that holds ``lib/engine.rb``."""
    for folder in (source, source / "reference", source / "oracle" / "reference"):
        if (folder / "lib" / "engine.rb").is_file():
            return folder
    raise SourceError(f"{source}: no 18xx.games engine here (no lib/engine.rb)")


def ruby() -> str:
    """The Ruby interpreter."""
    found = shutil.which("ruby")
    if found is None:
        raise SourceError(NEEDS_RUBY)
    return found


def _run(args: list[str], timeout: float) -> str:
    try:
        proc = subprocess.run(
            [ruby(), str(DUMPER), *args], capture_output=True, text=True, check=False, timeout=timeout
        )
    except subprocess.TimeoutExpired as exc:
        raise SourceError(f"the 18xx.games engine took more than {timeout:.0f} s") from exc
    if proc.returncode != 0:
        raise SourceError(f"the 18xx.games engine did not load: {proc.stderr.strip()[-1500:]}")
    return proc.stdout


def list_titles(source: Path) -> dict[str, str]:
    """Every title of the engine, with its development stage (production, beta, …)."""
    ruby()  # first: without Ruby nothing else can be said
    out = _run([str(engine_folder(source)), "--list"], timeout=300)
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return {line["title"]: line["dev_stage"] for line in lines}


@contextmanager
def dumped(source: Path, titles: list[str]) -> Iterator[dict[str, dict[str, Any] | str]]:
    """The dump of each title (or the reason it could not be dumped), by title."""
    with tempfile.TemporaryDirectory(prefix="18xx-import-") as folder:
        out = _run([str(engine_folder(source)), folder, *titles], timeout=60 + 40 * len(titles))
        found: dict[str, dict[str, Any] | str] = {}
        for line in out.splitlines():
            if not line.startswith("{"):
                continue
            entry = json.loads(line)
            if "error" in entry:
                found[entry["title"]] = str(entry["error"])
            else:
                found[entry["title"]] = json.loads(Path(entry["file"]).read_text(encoding="utf-8"))
        yield found
