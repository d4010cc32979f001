"""Writing files atomically.

A file is written to a temporary file in the same folder and then renamed over
the target, so a reader never sees half a file and a failed or interrupted
write leaves the old file (or none) in place. Pictures, replay viewers and game
files are all written this way.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


class WriteError(Exception):
    """A file could not be written; the message names it and says why."""


def write_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise WriteError(f"{path}: the folder {folder} does not exist")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise WriteError(f"{path}: cannot write there ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException as exc:
        Path(temp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise WriteError(f"{path}: cannot write there ({exc.strerror})") from None
        raise


def write_json(path: Path | str, data: Any) -> None:
    """Write ``data`` as JSON (UTF-8, readable), atomically."""
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
