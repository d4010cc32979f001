"""The ``18xx serve`` command: the web app where people play games in the browser.

``18xx serve [TITLE ...] [--rules FILE] [--port N] [--host H] [--data DIR]`` starts
:mod:`framework.serve` on a local port: games of the titles given (every title on the
search path by default), with the overlays given offered as house rules, kept in
``DIR`` (``./18xx-games``) so that they survive a restart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from framework.base.problems import ProblemsError
from framework.cli.options import JsonOption, RulesOption
from framework.cli.output import err, fail, out, problems_exit, title_arg


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""

    @app.command()
    def serve(
        titles: Annotated[
            list[Path] | None,
            typer.Argument(
                metavar="[TITLE ...]",
                help="Titles to offer (folders or names); every title on the search path by default.",
                show_default=False,
            ),
        ] = None,
        rules: RulesOption = None,
        port: Annotated[int, typer.Option("--port", metavar="N", min=0, max=65535, help="The port.")] = 8018,
        host: Annotated[
            str,
            typer.Option("--host", metavar="H", help="The address to listen on (0.0.0.0: the whole LAN)."),
        ] = "127.0.0.1",
        data: Annotated[
            Path, typer.Option("--data", metavar="DIR", help="Where the games are kept (SQLite).")
        ] = Path("18xx-games"),
        as_json: JsonOption = False,
    ) -> None:
        """Start a local web app to create games, take seats (people or bots) and play them
        in the browser, from one browser or several on the LAN, all seeing the game live."""
        try:
            import uvicorn

            from framework.serve.app import create_app
        except ImportError:
            raise fail("18xx serve needs Starlette and uvicorn: pip install 'rails18xx[serve]'") from None
        from framework.bots.play import read_rules

        folders = [title_arg(t) for t in titles or []]
        try:
            overlays = read_rules(rules or [])
            app_ = create_app(data, folders, overlays)
        except ProblemsError as exc:
            raise problems_exit(exc) from None
        except OSError as exc:
            raise fail(f"{exc.filename}: {exc.strerror}") from None
        server = app_.state.server
        if not server.titles:
            raise fail("no title to offer: give a title folder or name")
        url = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0') else host}:{port}/"
        if as_json:
            out.print_json(data={"url": url, "data": str(data), "titles": list(server.titles)})
        else:
            out.print(f"18xx serve: {url} ({', '.join(server.titles)}; games in {data})", markup=False)
            err.print("stop with Ctrl-C", markup=False)
        uvicorn.run(app_, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
