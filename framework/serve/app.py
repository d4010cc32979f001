"""The web app of ``18xx serve``: pages, a JSON API and live updates (Server-Sent Events).

:func:`create_app` builds a Starlette app over a data folder (:mod:`framework.serve.store`)
and the titles it offers (:class:`~framework.serve.server.Server`). Each endpoint is one
small function; the body of each ``POST`` but the upload is read as its pydantic model
(:mod:`framework.serve.bodies`), and one that is not what the model says is answered
400 with a message naming the field. The API:

* ``GET /api/titles`` — the titles, with their player counts, variants and the house-rule
  overlays the server was started with;
* ``GET /api/games``, ``POST /api/games`` — the games; a new one (title, players with their
  seats, seed, variants, overlays);
* ``GET /api/games/ID`` — what the game page draws (:meth:`LiveGame.state`);
* ``POST /api/games/ID/choose`` (a listed choice), ``/act`` (an 18xx.games action),
  ``/undo``, ``/redo`` — each with the ``version`` the page saw: a page that is behind is
  told so (409) and nothing is done; a refused action is answered with the engine's rule
  message (400) and changes nothing;
* ``POST /api/games/ID/plan`` — routes drawn on the page (each train's stop hexes) made
  into the best legal routes through them, with their revenue or why they cannot run
  (changes nothing); ``POST /api/games/ID/routes`` runs them;
* ``POST /api/games/ID/claim``, ``/release`` — a browser claims a person's seat (and is
  given a secret) or gives it up: the choices of a claimed seat are then taken only with
  its secret (moves carry ``secrets``), and once any seat is claimed only a browser with
  a seat may undo or redo; unclaimed seats are anyone's (hotseat);
* ``GET /api/games/ID/at/N`` — the position just after action ``N`` (``0``: the start),
  drawn as the page draws the live one (:func:`framework.serve.history.position_at`); an
  action not in effect is 404, a number that is not one 400;
* ``GET /api/games/ID/download`` — the game as 18xx.games JSON; ``POST /api/upload`` — a
  game file, checked by replaying it (a failure names the action id);
* ``GET /api/games/ID/events`` — a stream of the game's stamps (its version and seat
  changes) as they change;
* ``GET /static/shared.js`` — the page script the play page shares with the replay viewer
  (:mod:`framework.render.shared_script`: zoom and pan, the plots' cursor).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from framework.base.errors import GameError
from framework.render.shared_script import SHARED_SCRIPT
from framework.serve.bodies import LARGEST, Act, BadBody, Body, Choose, Move, NewGame, Routes, Seat, read_body
from framework.serve.games import LiveGame, SeatTaken
from framework.serve.history import position_at
from framework.serve.page import MAP_SIZE
from framework.serve.server import Server, UserError, available_titles
from framework.title.loader import RulesText

STATIC = resources.files("framework.serve") / "static"

B = TypeVar("B", bound=Body)
M = TypeVar("M", bound=Move)


# -- reading a request -------------------------------------------------------------------


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def _game_id(request: Request) -> int:
    try:
        gid = int(request.path_params["gid"])
    except ValueError:
        raise UserError("a game id is a number", 404) from None
    if not 0 <= gid <= LARGEST:
        raise UserError(f"there is no game {gid}", 404)
    return gid


async def _game(request: Request) -> LiveGame:
    """The game the request's path names, opened."""
    return await run_in_threadpool(_server(request).open, _game_id(request))


async def _body(request: Request, model: type[B]) -> B:
    """The request's body as the endpoint's model (:mod:`framework.serve.bodies`)."""
    try:
        return read_body(model, await request.body())
    except BadBody as exc:
        raise UserError(str(exc)) from None


def _refused(exc: GameError, **more: Any) -> JSONResponse:
    """The answer to a refused request: the engine's rule and message (403 for a seat
    another browser holds, else 400), with ``more``."""
    status = 403 if isinstance(exc, SeatTaken) else 400
    return JSONResponse({"error": exc.detail, "rule": exc.rule, **more}, status)


# -- pages -------------------------------------------------------------------------------


def _page(name: str) -> HTMLResponse:
    return HTMLResponse((STATIC / name).read_text(encoding="utf-8"))


async def index(request: Request) -> Response:
    """``GET /``: the page that creates games."""
    return _page("index.html")


async def game_page(request: Request) -> Response:
    """``GET /games/ID``: the page of a game."""
    return _page("game.html")


async def shared_script(request: Request) -> Response:
    """``GET /static/shared.js``: the script the page shares with the replay viewer."""
    return Response(SHARED_SCRIPT, media_type="text/javascript")


# -- titles and games --------------------------------------------------------------------


async def list_titles(request: Request) -> Response:
    """``GET /api/titles``: the titles offered and the house rules."""
    server = _server(request)
    return JSONResponse({"titles": server.title_list(), "rules": list(server.rules)})


async def list_games(request: Request) -> Response:
    """``GET /api/games``: the games."""
    return JSONResponse({"games": _server(request).listing()})


async def create_game(request: Request) -> Response:
    """``POST /api/games``: a new game."""
    body = await _body(request, NewGame)
    live = await run_in_threadpool(_server(request).create, body)
    return JSONResponse({"id": live.id, "version": live.version})


async def game_state(request: Request) -> Response:
    """``GET /api/games/ID``: what the game page draws."""
    live = await _game(request)
    return JSONResponse(await run_in_threadpool(_locked_state, live))


def _locked_state(live: LiveGame) -> dict[str, Any]:
    with live.lock:
        return live.state()


# -- moves -------------------------------------------------------------------------------


def _current(live: LiveGame, body: Move) -> None:
    """Refuse (409) a move from a page that is behind the game."""
    if body.version is not None and body.version != live.version:
        raise UserError("the game has moved on since the page was drawn; it is drawn again", 409)


def _choose(live: LiveGame, body: Choose) -> None:
    live.check_seat(body.entity, set(body.secrets))
    live.choose(str(body.entity), str(body.kind), body.index, body.amount)


def _act(live: LiveGame, body: Act) -> None:
    live.check_seat(body.action.get("entity"), set(body.secrets))
    live.act(body.action)


def _run_routes(live: LiveGame, body: Routes) -> None:
    entity = str(body.entity)
    live.check_seat(entity, set(body.secrets))
    live.run_routes(entity, body.wanted())


def _undo(live: LiveGame, body: Move) -> None:
    live.check_any_seat(set(body.secrets))
    live.undo()


def _redo(live: LiveGame, body: Move) -> None:
    live.check_any_seat(set(body.secrets))
    live.redo()


async def _move(request: Request, model: type[M], take: Callable[[LiveGame, M], None]) -> Response:
    """A move: ``take(live, body)`` under the game's lock, the game's pages told of it."""
    server = _server(request)
    live = await _game(request)
    body = await _body(request, model)
    before = live.version

    def locked() -> int:
        with live.lock:
            _current(live, body)
            take(live, body)
            return live.version

    try:
        version = await run_in_threadpool(locked)
    except GameError as exc:
        if live.version != before:
            server.notify(live)
        return _refused(exc, version=live.version, stamp=live.stamp)
    server.notify(live)
    return JSONResponse({"version": version, "stamp": live.stamp, "bot_error": live.bot_error})


async def choose(request: Request) -> Response:
    """``POST /api/games/ID/choose``: one of the listed choices."""
    return await _move(request, Choose, _choose)


async def act(request: Request) -> Response:
    """``POST /api/games/ID/act``: an 18xx.games action."""
    return await _move(request, Act, _act)


async def run_routes(request: Request) -> Response:
    """``POST /api/games/ID/routes``: run the routes drawn."""
    return await _move(request, Routes, _run_routes)


async def undo(request: Request) -> Response:
    """``POST /api/games/ID/undo``."""
    return await _move(request, Move, _undo)


async def redo(request: Request) -> Response:
    """``POST /api/games/ID/redo``."""
    return await _move(request, Move, _redo)


async def plan(request: Request) -> Response:
    """``POST /api/games/ID/plan``: the best legal routes through those drawn (changes nothing)."""
    live = await _game(request)
    body = await _body(request, Routes)

    def locked() -> dict[str, Any]:
        with live.lock:
            return live.plan(str(body.entity), body.wanted())

    try:
        return JSONResponse(await run_in_threadpool(locked))
    except GameError as exc:
        return _refused(exc)


# -- seats -------------------------------------------------------------------------------


async def _seat(request: Request, claim: bool) -> Response:
    """Claim a person's seat for the browser (``claim``) or give it up."""
    server = _server(request)
    live = await _game(request)
    body = await _body(request, Seat)
    player, held = str(body.player), set(body.secrets)

    def locked() -> dict[str, Any]:
        with live.lock:
            if claim:
                return {"player": player, "secret": live.claim(player, held)}
            live.release(player, held)
            return {"player": player}

    try:
        reply = await run_in_threadpool(locked)
    except GameError as exc:
        return _refused(exc)
    server.notify(live)
    return JSONResponse(reply)


async def claim(request: Request) -> Response:
    """``POST /api/games/ID/claim``: a person's seat, for this browser."""
    return await _seat(request, claim=True)


async def release(request: Request) -> Response:
    """``POST /api/games/ID/release``: give a seat up."""
    return await _seat(request, claim=False)


# -- looking back, files and events ------------------------------------------------------


async def looking_back(request: Request) -> Response:
    """``GET /api/games/ID/at/N``: the position just after action ``N``."""
    live = await _game(request)
    raw = request.path_params["n"]
    if not raw.isdigit():
        raise UserError(f"an action is given by its number (0 for the start), not {raw!r}")
    try:
        return JSONResponse(await run_in_threadpool(position_at, live, int(raw), MAP_SIZE))
    except GameError as exc:
        raise UserError(exc.detail, 404) from None


async def download(request: Request) -> Response:
    """``GET /api/games/ID/download``: the game as 18xx.games JSON."""
    live = await _game(request)
    with live.lock:
        data = live.session.to_json()
    name = f"{live.stored.title_name}-{live.id}.json"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def upload(request: Request) -> Response:
    """``POST /api/upload``: a game file, checked by replaying it."""
    raw = await request.body()
    live = await run_in_threadpool(_server(request).upload, raw)
    return JSONResponse({"id": live.id, "version": live.version})


async def events(request: Request) -> Response:
    """``GET /api/games/ID/events``: the game's stamps, as they change (Server-Sent Events)."""
    server = _server(request)
    gid = _game_id(request)
    live = await run_in_threadpool(server.open, gid)
    queue: asyncio.Queue[str] = asyncio.Queue()
    server.listeners.setdefault(gid, set()).add(queue)

    async def stream() -> AsyncIterator[str]:
        try:
            yield f"data: {live.stamp}\n\n"
            while True:
                try:
                    stamp = await asyncio.wait_for(queue.get(), 15)
                    yield f"data: {stamp}\n\n"
                except TimeoutError:
                    yield ": still here\n\n"
        finally:
            server.listeners.get(gid, set()).discard(queue)

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-cache"})


async def user_error(request: Request, exc: Exception) -> Response:
    """A refused request: its message and status."""
    assert isinstance(exc, UserError)
    return JSONResponse({"error": str(exc)}, exc.status)


ROUTES = [
    Route("/", index),
    Route("/games/{gid}", game_page),
    Route("/api/titles", list_titles),
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games/{gid}", game_state),
    Route("/api/games/{gid}/choose", choose, methods=["POST"]),
    Route("/api/games/{gid}/act", act, methods=["POST"]),
    Route("/api/games/{gid}/undo", undo, methods=["POST"]),
    Route("/api/games/{gid}/redo", redo, methods=["POST"]),
    Route("/api/games/{gid}/routes", run_routes, methods=["POST"]),
    Route("/api/games/{gid}/plan", plan, methods=["POST"]),
    Route("/api/games/{gid}/claim", claim, methods=["POST"]),
    Route("/api/games/{gid}/release", release, methods=["POST"]),
    Route("/api/games/{gid}/at/{n}", looking_back),
    Route("/api/games/{gid}/download", download),
    Route("/api/games/{gid}/events", events),
    Route("/api/upload", upload, methods=["POST"]),
    Route("/static/shared.js", shared_script),
    Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
]
"""Every endpoint, by path."""


def create_app(data: Path | str, titles: Sequence[Path] = (), rules: Sequence[RulesText] = ()) -> Starlette:
    """The web app over the data folder ``data``, offering ``titles`` (all on the search
    path when none) and the house-rule overlays ``rules``."""
    app = Starlette(routes=ROUTES, exception_handlers={UserError: user_error})
    app.state.server = Server(data, available_titles(titles), rules)
    return app


__all__ = ["ROUTES", "Server", "UserError", "available_titles", "create_app"]
