"""Files of a title folder: names as users see them, and files that must stay inside."""

from __future__ import annotations

import os
from pathlib import Path


def display_path(path: Path) -> str:
    """``path`` as shown in messages: relative to the working directory when possible."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)


def file_in_folder(folder: Path, name: object) -> Path:
    """The existing file ``name`` names inside ``folder``.

    Raises :class:`ValueError` with a message for users when ``name`` is not a file
    name, leaves the folder, or does not exist.
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"expected a file name, got {name!r}")
    target = (folder / name).resolve()
    if Path(name).is_absolute() or not target.is_relative_to(folder.resolve()):
        raise ValueError(f"{name!r} is outside the title's folder")
    if not target.exists():
        raise ValueError(f"file {name!r} not found in {display_path(folder)}")
    if not target.is_file():  # a folder, a pipe, a device
        raise ValueError(f"{name!r} in {display_path(folder)} is not a regular file")
    return target
