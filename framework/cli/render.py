"""The picture commands of the ``18xx`` command line: ``render`` and ``view``.

``18xx render PATH`` draws a title's map (PATH a title folder or name) or a game's
position (PATH a game export, at its end or after ``--at ID``); ``--tiles`` draws
the tile sheet (with ``--library``, every tile of the standard tile library),
``--market`` the stock market, ``--routes CORP`` a corporation's
best routes over the position. ``18xx view GAME.json`` writes a self-contained
HTML replay viewer. For a game file, ``--title`` plays it with another title (a
folder, or a name on the title search path). Files are SVG, or PNG when the name
ends in ``.png``, and are written atomically. Every problem is a one-line message with exit status 1.

:func:`register` adds both commands to a typer app.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from framework.base.problems import ProblemsError
from framework.cli.options import AtOption, GameArgument, JsonOption, TitleOption, out_option
from framework.cli.output import err, fail, out, problems_exit, read_game, replay_to

PictureOut = Annotated[Path | None, out_option("The picture to write: .svg, or .png (needs cairosvg).")]
PageOut = Annotated[Path | None, out_option("The HTML file to write (default: the game file's name, .html).")]


def _is_game(path: Path) -> bool:
    """Whether PATH names a game file (JSON; the reader refuses a pipe or a device)."""
    return path.suffix.lower() == ".json" and path.exists() and not path.is_dir()


def _replayed(path: Path, at: int | None, title_option: Path | None = None) -> tuple[Any, Any]:
    """The game file and the game replayed to its end, or to action ``at`` (with the
    title ``--title`` gives, if any)."""
    record, _, outcome = replay_to(path, at, title_option)
    if outcome.failure is not None:
        failed = outcome.failed_action.get("id") if outcome.failed_action else "?"
        raise fail(f"{path}: the replay fails at action {failed}: {outcome.failure}")
    return record, outcome.game


def _title_named(path: Path) -> Path:
    """The title folder a PATH that does not exist names, as a title name on the search
    path; when there is none, the exit to raise, saying both."""
    from framework.title.paths import TitleLookupError, resolve

    try:
        return resolve(path)
    except TitleLookupError as exc:
        raise fail(f"{path}: no such file or folder, and {exc}") from None


def _default_name(path: Path, kind: str, at: int | None, routes: str | None, suffix: str = ".svg") -> Path:
    stem = path.stem if _is_game(path) else path.resolve().name
    parts = [stem, kind]
    if at is not None:
        parts.append(f"at-{at}")
    if routes:
        parts.append(f"routes-{routes}")
    return Path("-".join(parts) + suffix)


def render(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="TITLE|GAME.json",
            help="A title folder or name, or a game file in 18xx.games' JSON format.",
            show_default=False,
        ),
    ],
    out_file: PictureOut = None,
    tiles: Annotated[
        bool, typer.Option("--tiles", help="Draw the tile sheet (during a game: tiles left).")
    ] = False,
    library: Annotated[
        bool,
        typer.Option(
            "--library",
            help="With --tiles: draw every tile of the standard tile library, in the title's layout.",
        ),
    ] = False,
    market: Annotated[
        bool,
        typer.Option("--market", help="Draw the stock market (for a game: where each corporation stands)."),
    ] = False,
    at: AtOption = None,
    routes: Annotated[
        str | None,
        typer.Option(
            "--routes", metavar="CORP", help="For a game: draw this corporation's best routes on the map."
        ),
    ] = None,
    title: TitleOption = None,
    scale: Annotated[
        float | None,
        typer.Option(
            "--scale",
            metavar="N",
            help="For a .png: draw it N times the picture's own size (default 1.5).",
            min=0.1,
            max=10.0,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Draw a title's map, tile sheet or stock market, or a game position, as SVG or PNG.

    PATH is a title folder or a title's name (its map) or a game export (the position at
    the end, or after --at ID, with --routes CORP the corporation's best routes over it).
    """
    from framework.base.atomic import WriteError
    from framework.render.output import PictureTooLarge, write_picture

    if tiles and market:
        raise fail("choose one of --tiles and --market")
    if library and not tiles:
        raise fail("--library draws the standard tiles: give --tiles too")
    if not path.exists() and path.suffix.lower() != ".json":
        path = _title_named(path)
    if not path.exists():
        raise fail(f"{path}: no such file or folder")
    game_mode = _is_game(path)
    if not game_mode and (at is not None or routes or title is not None):
        raise fail(f"{path}: --at, --routes and --title need a game file (JSON), not a title")
    if game_mode and library:
        raise fail(f"{path}: --library draws the standard tiles for a title, not a game")
    if routes and (tiles or market):
        raise fail("--routes draws on the map; leave out --tiles and --market")
    kind = "tiles" if tiles else "market" if market else ("position" if game_mode else "map")
    if library:
        kind = "library"
    target = out_file or _default_name(path, kind, at, routes)
    if target.suffix.lower() not in (".svg", ".png"):
        raise fail(f"{target}: the picture's name must end in .svg or .png")
    if scale is not None and target.suffix.lower() != ".png":
        raise fail(f"{target}: --scale sizes a PNG; name the picture .png")
    note = ""
    if game_mode:
        record, game = _replayed(path, at, title)
        svg, note = _game_picture(record, game, kind, at, routes)
    else:
        svg = _title_picture(path, kind)
    try:
        write_picture(target, svg, scale=scale)
    except PictureTooLarge as exc:
        if scale is not None:  # the scale asked for is too large for this picture
            raise typer.BadParameter(str(exc), param_hint="'--scale'") from None
        raise fail(f"{target}: {exc}") from None
    except WriteError as exc:
        raise fail(str(exc)) from None
    if as_json:
        out.print_json(data={"written": str(target), "kind": kind, "note": note or None})
    else:
        out.print(f"wrote {target}" + (f" ({note})" if note else ""), markup=False)


def _title_picture(path: Path, kind: str) -> str:
    from framework.render.map import render_map
    from framework.render.market import render_market
    from framework.render.tilesheet import render_tiles
    from framework.title.loader import load_title

    try:
        title = load_title(path)
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    if kind == "tiles":
        return render_tiles(title)
    if kind == "library":
        from framework.render.tilesheet import library_title

        return render_tiles(library_title(title), heading="The standard tile library", library=True)
    if kind == "market":
        return render_market(title)
    return render_map(title)


def _game_picture(record: Any, game: Any, kind: str, at: int | None, routes: str | None) -> tuple[str, str]:
    from framework.render.market import render_market
    from framework.render.position import render_position
    from framework.render.routes import best_routes_for
    from framework.render.tilesheet import render_tiles

    when = f"after action {at}" if at is not None else "at the end"
    caption = f"game {record.id} {when}" if record.id is not None else when
    if kind == "tiles":
        return render_tiles(game.title, board=game.board), ""
    if kind == "market":
        return render_market(
            game.title, game.market, caption=f"{game.title.title.name} stock market — {caption}"
        ), ""
    if not routes:
        return render_position(game, caption=caption), ""
    if not game.title.trains:
        raise fail(
            f"{game.title.title.name} has no trains, so no routes to draw (the position shows its track)"
        )
    known = [s for s, c in {**game.corporations, **game.minors}.items() if not c.closed]
    if routes not in known:
        raise fail(f"no corporation {routes!r} in this game; choose one of {', '.join(known)}")
    from framework.render.map import DEFAULT_SIZE, geometry_for

    shape = geometry_for(game.title, DEFAULT_SIZE).shape
    best = best_routes_for(game, routes, shape)
    proof = "proven best" if best.proven else "best found in the time allowed"
    heading = f"{routes}: routes worth {best.total} ({proof})"
    svg = render_position(game, routes=best.routes, routes_heading=heading, caption=caption)
    return svg, heading


def view(
    game_file: GameArgument,
    out_file: PageOut = None,
    title: TitleOption = None,
    partial: Annotated[
        bool,
        typer.Option("--partial", help="When the replay fails, write the viewer up to that action."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Write a self-contained HTML replay viewer of a game: the map, market, players and
    corporations at every action, with the log; step with the arrow keys. A game whose
    replay fails is refused (exit 1, nothing written) unless --partial is given."""
    from framework.base.atomic import WriteError, write_atomic
    from framework.render.viewer import viewer_data, viewer_page

    if not game_file.exists():
        raise fail(f"{game_file}: no such file")
    target = out_file or Path(game_file.stem + ".html")
    record, chosen = read_game(game_file, title)
    data = viewer_data(record, chosen)
    if data["error"] and not partial:
        raise fail(
            f"{game_file}: the replay stops early, {data['error']}; nothing written "
            "(--partial writes the viewer up to there)"
        )
    try:
        write_atomic(target, viewer_page(data).encode("utf-8"))
    except WriteError as exc:
        raise fail(str(exc)) from None
    size = target.stat().st_size
    frames = len(data["frames"]) - 1
    if as_json:
        out.print_json(
            data={"written": str(target), "actions": frames, "bytes": size, "error": data["error"]}
        )
    else:
        out.print(f"wrote {target} ({frames} actions, {size // 1024} KB)", markup=False)
        if data["error"]:
            err.print(f"{game_file}: the replay stops early, {data['error']}; the viewer ends there")


def register(app: typer.Typer) -> None:
    """Add ``render`` and ``view`` to the ``18xx`` app."""
    app.command()(render)
    app.command()(view)
