"""The ``18xx import`` command: 18xx.games' titles as title folders.

``18xx import SOURCE [--title NAME ...] [--all] --out DIR [--force] [--json]`` reads a
checkout of 18xx.games' engine with Debian's Ruby (nothing from the network; the Ruby
runs only SOURCE's engine code, and only now) and writes each title asked for as a
title folder of plain YAML in ``DIR`` (:mod:`framework.convert`), with a ``GAPS.md`` of
what its Ruby does that the format does not say; then checks that each validates. A
title that cannot be converted is reported with the reason and the others are still
converted. A folder that exists is kept unless ``--force``; the same source always
gives the same files.

:func:`register` adds the command to a typer app.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from framework.cli.options import JsonOption
from framework.cli.output import fail, out, say


def import_command(
    source: Annotated[
        Path,
        typer.Argument(
            metavar="SOURCE",
            help="A checkout of 18xx.games, or its engine (the folder with lib/engine.rb).",
            show_default=False,
        ),
    ],
    out_dir: Annotated[
        Path,
        typer.Option("--out", "-o", metavar="DIR", help="The folder that receives a folder per title."),
    ],
    titles: Annotated[
        list[str] | None,
        typer.Option(
            "--title", "-t", metavar="NAME", help="A title to convert, by its 18xx.games name; repeatable."
        ),
    ] = None,
    every: Annotated[bool, typer.Option("--all", help="Convert every title of SOURCE.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace title folders that exist.")] = False,
    workers: Annotated[
        int, typer.Option("--workers", "-w", metavar="N", min=1, help="Convert in N processes at once.")
    ] = 1,
    as_json: JsonOption = False,
) -> None:
    """Convert titles of 18xx.games into title folders (needs Ruby: apt-get install ruby).
    Each folder validates where the data allows and has a GAPS.md naming what the title's
    Ruby does that the format does not say. Existing folders are kept without --force."""
    from framework.convert.run import import_titles
    from framework.convert.source import SourceError

    if not titles and not every:
        raise typer.BadParameter("name titles with --title, or give --all", param_hint="'--title'")
    try:
        outcomes = import_titles(source, titles or [], out_dir, every=every, force=force, workers=workers)
    except SourceError as exc:
        raise fail(str(exc)) from None
    except KeyError as exc:
        raise typer.BadParameter(f"SOURCE has no title {exc.args[0]}", param_hint="'--title'") from None
    converted = [o for o in outcomes if o.folder]
    valid = [o for o in outcomes if o.valid]
    if as_json:
        out.print_json(
            data={"titles": [asdict(o) for o in outcomes], "converted": len(converted), "valid": len(valid)}
        )
    else:
        for o in outcomes:
            if o.folder is None:
                say(f"{o.title}: cannot be converted: {o.reason}")
                continue
            state = {"exists": "exists, kept (--force replaces it)"}.get(o.status, o.status)
            checked = (
                ""
                if o.valid is None
                else ", validates"
                if o.valid
                else f", does not validate: {o.problems[0]}"
            )
            say(f"{o.title}: {state} in {o.folder}{checked} ({o.gaps} gaps in GAPS.md)")
        say(f"{len(converted)} of {len(outcomes)} titles converted, {len(valid)} validate")
    if len(converted) < len(outcomes) and not every:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``import`` to the command line."""
    app.command("import")(import_command)
