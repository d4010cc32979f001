"""The options every ``18xx`` command shares, defined once so that they read alike.

Each is an ``Annotated`` type for a typer parameter: the same name, short form,
metavar, default and help wherever it appears.

========================  =====================================================
``-p/--players N``        how many players (play, simulate, setup)
``-s/--seed S``           the game's random seed, 1 by default
``-v/--variant ID``       a variant (optional rule) of the title; repeatable
``-r/--rules FILE``       a house-rule overlay; repeatable, applied in order
``-t/--title TITLE``      the title a game file is played with (a folder or a name)
``-o/--out FILE``         the file to write (written atomically)
``--at ID``               the position after this action id
``--bot NAME``            which bot plays
``--json``                print one JSON object instead of text
========================  =====================================================
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

PlayersOption = Annotated[int, typer.Option("--players", "-p", min=1, metavar="N", help="How many players.")]
SeedOption = Annotated[
    int, typer.Option("--seed", "-s", metavar="S", help="The game's random seed (setup and bots).")
]
VariantOption = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        "-v",
        metavar="ID",
        help="A variant (optional rule) of the title, by id; repeatable.",
    ),
]
RulesOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--rules",
        "-r",
        metavar="FILE",
        help="A house-rule overlay (YAML); repeatable, applied in order.",
    ),
]
AtOption = Annotated[
    int | None,
    typer.Option("--at", metavar="ID", help="The position after this action id."),
]
BotOption = Annotated[str, typer.Option("--bot", metavar="NAME", help="heuristic, or random (for fuzzing).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
TitleOption = Annotated[
    Path | None,
    typer.Option(
        "--title",
        "-t",
        metavar="TITLE",
        help="The title to play it with: a folder, or a name on the search path "
        "(default: the one the file names).",
    ),
]
TitleArgument = Annotated[
    Path,
    typer.Argument(
        metavar="TITLE",
        help="A title folder (e.g. titles/18SJ) or a title name on the search path (18SJ).",
        show_default=False,
    ),
]
GameArgument = Annotated[
    Path,
    typer.Argument(metavar="GAME.json", help="A game file in 18xx.games' JSON format.", show_default=False),
]


def out_option(help: str) -> Any:
    """``-o/--out FILE`` with the command's own help (what is written), for an
    ``Annotated[Path | None, out_option(...)]`` parameter."""
    return typer.Option("--out", "-o", metavar="FILE", help=help)
