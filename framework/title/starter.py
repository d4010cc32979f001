"""A new title folder with starter files (``18xx new``).

The starter (``framework/data/starter/``) is a small but complete title — a map of
eight hexes in the layout chosen, standard tiles, a market, four phases and trains,
two corporations, one private company and the rounds — that validates and that bots
play to the end, so that a designer changes a working title rather than starting
from nothing. Every file begins with the ``yaml-language-server`` line naming the
JSON Schema, so an editor completes and checks it from the first keystroke:

* inside a source checkout (or an editable install) the line points at the
  checkout's ``schemas/`` by a relative path, as the bundled titles do;
* anywhere else the schemas, generated from the installed models, are written into
  the new folder as ``schemas/title.schema.json`` and ``schemas/overlay.schema.json``
  (``18xx schema -o FOLDER/schemas`` brings them up to date after an upgrade).

Nothing is ever overwritten: a folder that exists and is not empty is refused, and
every file is created exclusively.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Literal

from framework.title.schema import SCHEMA_FILES, schemas

Layout = Literal["flat", "pointy"]
LAYOUTS: tuple[Layout, ...] = ("flat", "pointy")

STARTER = Path(__file__).resolve().parents[1] / "data" / "starter"
"""The starter files; the map comes as ``map-flat.yaml`` and ``map-pointy.yaml``."""

FILES = (
    "title.yaml",
    "map.yaml",
    "tiles.yaml",
    "market.yaml",
    "trains.yaml",
    "corporations.yaml",
    "companies.yaml",
    "rounds.yaml",
)
"""The files of a new title, in the order they are written."""

CHECKOUT_SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"
"""Where a source checkout keeps the published schemas (absent in a regular install)."""

COPIED_SCHEMAS = "schemas"
"""The folder, inside a new title outside a checkout, that receives the schemas."""

MODELINE = "# yaml-language-server: $schema={}\n"


class FolderNotEmpty(ValueError):
    """The folder for a new title exists and holds something (or is not a folder)."""


@dataclass
class NewTitle:
    """What :func:`create` wrote."""

    folder: Path
    name: str
    layout: Layout
    files: list[Path]
    """Every file written, the schema copies included."""
    schema: str
    """The schema path the files' first line gives, relative to the folder."""
    schema_copied: bool
    """Whether the schemas were written into the folder (a folder outside a checkout)."""


def schema_reference(folder: Path, checkout: Path | None = None) -> tuple[str, bool]:
    """The path a new title in ``folder`` gives its files' schema line, and whether
    the schemas must be copied into the folder for it: the checkout's schema by a
    relative path when ``folder`` lies inside the checkout that has one, else the copy
    in the folder's own ``schemas/``. ``checkout`` is the checkout's schema folder
    (default :data:`CHECKOUT_SCHEMAS`)."""
    checkout = CHECKOUT_SCHEMAS if checkout is None else checkout
    schema = checkout / SCHEMA_FILES["title"]
    root = checkout.parent
    target = folder.resolve()
    if schema.is_file() and target.is_relative_to(root):
        return Path(os.path.relpath(schema, target)).as_posix(), False
    return f"{COPIED_SCHEMAS}/{SCHEMA_FILES['title']}", True


def starter_texts(name: str, layout: Layout, schema: str) -> dict[str, str]:
    """File name → text of a new title called ``name``: the starter files with the
    title's name filled in and the schema line first."""
    texts = {}
    for file in FILES:
        source = f"map-{layout}.yaml" if file == "map.yaml" else file
        body = (STARTER / source).read_text(encoding="utf-8")
        body = Template(body).substitute(name=json.dumps(name, ensure_ascii=False))
        texts[file] = MODELINE.format(schema) + body
    return texts


def check_free(folder: Path) -> None:
    """Raise :class:`FolderNotEmpty` unless ``folder`` is missing or an empty folder."""
    if folder.is_dir():
        if any(folder.iterdir()):
            raise FolderNotEmpty(f"{folder} already exists and is not empty; give a new folder")
    elif folder.exists() or folder.is_symlink():
        raise FolderNotEmpty(f"{folder} already exists and is not a folder; give a new folder")


def create(folder: Path, name: str | None = None, layout: Layout = "pointy") -> NewTitle:
    """Write a new title into ``folder`` (missing, or empty); ``name`` defaults to the
    folder's name. Raises :class:`FolderNotEmpty`, or :class:`OSError` when a file
    cannot be written (then nothing written is left behind)."""
    check_free(folder)
    name = name or folder.resolve().name
    schema, copy = schema_reference(folder)
    texts = starter_texts(name, layout, schema)
    if copy:
        texts.update({f"{COPIED_SCHEMAS}/{file}": text for file, text in schemas().items()})
    made = not folder.exists()
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for file, text in texts.items():
            path = folder / file
            path.parent.mkdir(exist_ok=True)
            _write_new(path, text, written.append)
    except OSError:
        _remove(folder, written, made)
        raise
    return NewTitle(folder, name, layout, written, schema, copy)


def _write_new(path: Path, text: str, done: Callable[[Path], None]) -> None:
    """Create ``path`` with ``text``; fails rather than replace a file that exists."""
    with path.open("x", encoding="utf-8", newline="\n") as handle:
        done(path)
        handle.write(text)


def _remove(folder: Path, written: list[Path], made: bool) -> None:
    """Take back what a failed :func:`create` wrote."""
    for path in written:
        path.unlink(missing_ok=True)
    copied = folder / COPIED_SCHEMAS
    if copied.is_dir() and not any(copied.iterdir()):
        copied.rmdir()
    if made and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
