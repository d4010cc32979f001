"""The ``18xx new`` command: a new title folder with starter files.

``18xx new FOLDER [--name NAME] [--layout flat|pointy]`` writes a small, complete
title (:mod:`framework.title.starter`) into a folder that does not exist yet (or is empty),
each file beginning with the schema line an editor needs, checks it as
``18xx validate`` would, and says what to do next. A folder that exists and is not
empty is a usage error (exit status 2); nothing is ever overwritten.

:func:`register` adds the command to a typer app.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from framework.cli.options import JsonOption
from framework.cli.output import fail, out, say


class LayoutChoice(StrEnum):
    """The hex layouts a new title may have."""

    flat = "flat"
    pointy = "pointy"


def new(
    folder: Annotated[
        Path,
        typer.Argument(
            metavar="TITLE_DIR",
            help="The folder to create; it must not exist yet, or be empty.",
            show_default=False,
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option("--name", metavar="NAME", help="The title's name (default: the folder's name)."),
    ] = None,
    layout: Annotated[
        LayoutChoice,
        typer.Option(
            "--layout",
            metavar="flat|pointy",
            help="flat: a side of each hex at the top; pointy: a corner.",
            case_sensitive=False,
        ),
    ] = LayoutChoice.pointy,
    as_json: JsonOption = False,
) -> None:
    """Create a title folder with starter files that validate and that bots play
    to the end: title, map, tiles, market, trains, corporations, a private company and
    rounds, each with the schema line an editor uses to complete and check it. Inside a
    source checkout the line points at its schemas/; elsewhere the schemas are written
    into the folder's own schemas/. An existing folder that is not empty is refused."""
    from framework.base.problems import ProblemsError
    from framework.title.loader import load_title
    from framework.title.starter import FolderNotEmpty, create

    if name is not None and not name.strip():
        raise typer.BadParameter("the name is empty", param_hint="'--name'")
    try:
        made = create(folder, name, layout.value)
    except FolderNotEmpty as exc:
        raise typer.BadParameter(str(exc), param_hint="'TITLE_DIR'") from None
    except OSError as exc:
        raise fail(f"{exc.filename or folder}: cannot write the new title ({exc.strerror})") from None
    try:
        title = load_title(made.folder)
    except ProblemsError as exc:  # pragma: no cover - the starter is tested to validate
        raise fail(f"{folder}: the new title does not validate: {exc.problems[0]}") from None
    files = [path.relative_to(made.folder).as_posix() for path in made.files]
    if as_json:
        out.print_json(
            data={
                "folder": str(made.folder),
                "title": title.title.name,
                "layout": made.layout,
                "files": files,
                "schema": made.schema,
                "schema_copied": made.schema_copied,
            }
        )
        return
    say(f"created {folder}: {title.title.name}, a {made.layout} map, {len(files)} files")
    for file in files:
        say(f"  {file}")
    where = "copied into the folder" if made.schema_copied else "in this checkout"
    say(f"each file names its schema ({made.schema}, {where}) for your editor")
    if made.folder.resolve().name != title.title.name:
        say(f"note: a title is found by its folder's name, so name the folder {title.title.name}")
    say(f"next: 18xx validate {folder}; 18xx play {folder} --players 3")


def register(app: typer.Typer) -> None:
    """Add ``new`` to the command line."""
    app.command("new")(new)
