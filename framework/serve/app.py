"""The web app of ``18xx serve``: pages, a JSON API and live updates (Server-Sent Events).

:func:`create_app` builds a Starlette app over a data folder (:mod:`framework.serve.store`)
and the titles it offers. The API:

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
from collections.abc import AsyncIterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import check_game, chosen_variants, game_title, player_counts, replay, title_for
from framework.render.shared_script import SHARED_SCRIPT
from framework.serve.games import HUMAN, LiveGame, SeatTaken, new_live
from framework.serve.history import position_at
from framework.serve.page import MAP_SIZE
from framework.serve.store import Store
from framework.title.loader import RulesText, load_title
from framework.title.model import Title
from framework.title.paths import TitleLookupError, search_path

STATIC = resources.files("framework.serve") / "static"
BOTS = ("heuristic", "random")


class UserError(Exception):
    """A request the server refuses, with the message to show (and an HTTP status)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def available_titles(folders: Sequence[Path] = ()) -> dict[str, Path]:
    """Title name → folder: the folders given, or else every title on the search path."""
    found: dict[str, Path] = {}
    if not folders:
        for root, _ in search_path():
            if (root / "title.yaml").is_file():
                folders = [*folders, root]
            elif root.is_dir():
                folders = [*folders, *sorted(p for p in root.iterdir() if (p / "title.yaml").is_file())]
    for folder in folders:
        try:
            name = load_title(folder).title.name
        except ProblemsError:
            continue
        found.setdefault(name, Path(folder).resolve())
    return found


class Server:
    """The games of one data folder, kept in memory once opened."""

    def __init__(self, data: Path | str, titles: dict[str, Path], rules: Sequence[RulesText] = ()):
        self.store = Store(data)
        self.titles = titles
        self.rules = {r.name: r for r in rules}
        self.live: dict[int, LiveGame] = {}
        self.listeners: dict[int, set[asyncio.Queue[str]]] = {}

    # -- titles -----------------------------------------------------------------------

    @lru_cache(maxsize=64)  # noqa: B019 — one server per app, kept for its life
    def title(
        self, folder: str, players: int, optional: tuple[str, ...], rules: tuple[tuple[str, str], ...]
    ) -> Title:
        return game_title(folder, players, list(optional), [RulesText(n, t) for n, t in rules])

    def title_list(self) -> list[dict[str, Any]]:
        out = []
        for name, folder in self.titles.items():
            base = load_title(folder)
            out.append(
                {
                    "name": name,
                    "subtitle": getattr(base.title, "subtitle", None) or "",
                    "players": player_counts(base),
                    "variants": [
                        {
                            "id": vid,
                            "name": v.name,
                            "players": list(v.players or []),
                            "automatic": v.automatic,
                        }
                        for vid, v in base.variants.items()
                    ],
                }
            )
        return out

    # -- games ------------------------------------------------------------------------

    def create(self, body: dict[str, Any]) -> LiveGame:
        name = body.get("title")
        if name not in self.titles:
            raise UserError(f"no title {name!r}; the server offers {', '.join(self.titles)}")
        folder = self.titles[name]
        seats = body.get("players")
        if not isinstance(seats, list) or not seats:
            raise UserError("a game needs its players: a list of {name, seat}")
        base = load_title(folder)
        if len(seats) not in player_counts(base):
            raise UserError(f"{name} is not played by {len(seats)} players (it is by {player_counts(base)})")
        kinds = [str((s or {}).get("seat") or HUMAN) for s in seats]
        bad = [k for k in kinds if k != HUMAN and k not in BOTS]
        if bad:
            raise UserError(f"a seat is {HUMAN} or a bot ({', '.join(BOTS)}), not {bad[0]!r}")
        names = [str((s or {}).get("name") or f"Player {k}").strip()[:40] for k, s in enumerate(seats, 1)]
        if len(set(names)) != len(names):
            raise UserError("two players have the same name")
        try:
            seed = int(body.get("seed") or 1)
            optional = chosen_variants(base, len(seats), [str(v) for v in body.get("variants") or []])
        except (TypeError, ValueError) as exc:
            raise UserError(f"{exc}") from None
        rules = []
        for r in body.get("rules") or []:
            if r not in self.rules:
                raise UserError(f"no house rules {r!r}; the server has {', '.join(self.rules) or 'none'}")
            rules.append(self.rules[r])
        players = [(k, n) for k, n in enumerate(names, 1)]
        house = [{"name": r.name, "yaml": r.text} for r in rules]
        title = self.title(str(folder), len(players), tuple(optional), tuple((r.name, r.text) for r in rules))
        try:  # set up once before anything is stored: a title's setup hook may fail
            Game(title, players, seed, optional_rules=optional)
        except GameError as exc:
            raise UserError(f"{name} cannot be set up: {exc}") from None
        gid = self.store.create(str(folder), name, seed, players, kinds, optional, house)
        live = self.open(gid)
        with live.lock:
            live.play_bots()
        return live

    def open(self, gid: int) -> LiveGame:
        if gid in self.live:
            return self.live[gid]
        stored = self.store.game(gid)
        if stored is None:
            raise UserError(f"there is no game {gid}", 404)
        rules = tuple((r["name"], r["yaml"]) for r in stored.house_rules)
        try:
            title = self.title(stored.title_folder, len(stored.players), tuple(stored.optional_rules), rules)
            live = new_live(self.store, stored, title, self.store.actions(gid))
        except (ProblemsError, GameError, OSError) as exc:
            raise UserError(f"game {gid} cannot be resumed: {exc}", 500) from None
        self.live[gid] = live
        return live

    def upload(self, raw: bytes) -> LiveGame:
        """A game from an 18xx.games file, checked by replaying it."""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UserError(f"not an 18xx.games game file: {exc}") from None
        if not isinstance(data, dict):
            raise UserError("not an 18xx.games game file: it is not a JSON object")
        try:
            record = GameFile.from_dict(data, "upload")
            folder = self.titles.get(record.title)
            if folder is None:  # a file never picks a title (or code) the server does not offer
                offered = ", ".join(sorted(self.titles)) or "none"
                raise UserError(f"this server does not offer {record.title!r}; it offers {offered}")
            title = title_for(record, folder)
            check_game(record, title)
            outcome = replay(record, title)
        except ProblemsError as exc:
            raise UserError("; ".join(str(p) for p in exc.problems)) from None
        except TitleLookupError as exc:
            raise UserError(str(exc)) from None
        except GameError as exc:  # the game cannot even be set up (a title hook fails)
            raise UserError(f"the game does not replay: {exc}") from None
        if outcome.failure is not None:
            where = outcome.failed_action.get("id") if outcome.failed_action else None
            raise UserError(f"the game does not replay: action {where} fails: {outcome.failure}")
        players = [(p.id, p.name) for p in record.players]
        gid = self.store.create(
            str(folder),
            record.title,
            record.seed or 0,
            players,
            [HUMAN] * len(players),
            record.optional_rules,
            record.house_rules,
        )
        # routes recorded without connections (older exports) are kept as rebuilt, so that
        # the game resumes from its actions as the engine takes them
        rebuilt = {a.get("id"): a for a in outcome.taken if a.get("type") == "run_routes"}
        actions = [
            rebuilt.get(a.get("id"), a) if a.get("type") == "run_routes" else a
            for a in record.actions
            if isinstance(a, dict)
        ]
        self.store.add_actions(gid, 0, [(a, False) for a in actions], "active")
        return self.open(gid)

    def listing(self) -> list[dict[str, Any]]:
        return [
            {
                "id": g.id,
                "title": g.title_name,
                "players": [
                    f"{n}" + ("" if s == HUMAN else f" ({s} bot)")
                    for (_, n), s in zip(g.players, g.seats, strict=False)
                ],
                "status": g.status,
                "updated": g.updated,
            }
            for g in self.store.games()
        ]

    def notify(self, live: LiveGame) -> None:
        """Tell the game's pages what they should have seen (:attr:`LiveGame.stamp`)."""
        for queue in self.listeners.get(live.id, set()):
            queue.put_nowait(live.stamp)


def _game_id(request: Request) -> int:
    try:
        return int(request.path_params["gid"])
    except ValueError:
        raise UserError("a game id is a number", 404) from None


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise UserError("the request is not JSON") from None
    if not isinstance(body, dict):
        raise UserError("the request is a JSON object")
    return body


def _refused(exc: GameError, **more: Any) -> JSONResponse:
    """The answer to a refused request: the engine's rule and message (403 for a seat
    another browser holds, else 400), with ``more``."""
    status = 403 if isinstance(exc, SeatTaken) else 400
    return JSONResponse({"error": exc.detail, "rule": exc.rule, **more}, status)


def _secrets(body: dict[str, Any]) -> set[str]:
    """The seat claims' secrets a request holds (``secrets``: a list of strings)."""
    held = body.get("secrets") or []
    return {str(x) for x in held} if isinstance(held, list) else set()


def _wanted(body: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Routes drawn on a page: ``routes``, a list of ``{train, hexes}``."""
    routes = body.get("routes")
    if not isinstance(routes, list) or not all(isinstance(r, dict) for r in routes):
        raise UserError("routes are a list of {train, hexes}")
    out = []
    for r in routes:
        hexes = r.get("hexes") or []
        if not isinstance(hexes, list):
            raise UserError("a route's hexes are a list of hex ids")
        out.append((str(r.get("train")), [str(h) for h in hexes]))
    return out


def create_app(data: Path | str, titles: Sequence[Path] = (), rules: Sequence[RulesText] = ()) -> Starlette:
    """The web app over the data folder ``data``, offering ``titles`` (all on the search
    path when none) and the house-rule overlays ``rules``."""
    server = Server(data, available_titles(titles), rules)

    def page(name: str) -> HTMLResponse:
        return HTMLResponse((STATIC / name).read_text(encoding="utf-8"))

    async def index(request: Request) -> Response:
        return page("index.html")

    async def game_page(request: Request) -> Response:
        return page("game.html")

    async def api_titles(request: Request) -> Response:
        return JSONResponse({"titles": server.title_list(), "rules": list(server.rules)})

    async def api_games(request: Request) -> Response:
        if request.method == "POST":
            body = await _body(request)
            live = await run_in_threadpool(server.create, body)
            return JSONResponse({"id": live.id, "version": live.version})
        return JSONResponse({"games": server.listing()})

    async def api_game(request: Request) -> Response:
        live = await run_in_threadpool(server.open, _game_id(request))
        return JSONResponse(await run_in_threadpool(_locked_state, live))

    def _locked_state(live: LiveGame) -> dict[str, Any]:
        with live.lock:
            return live.state()

    def _move(live: LiveGame, what: str, body: dict[str, Any]) -> int:
        with live.lock:
            seen = body.get("version")
            if seen is not None and seen != live.version:
                raise UserError("the game has moved on since the page was drawn; it is drawn again", 409)
            held = _secrets(body)
            if what == "choose":
                live.check_seat(body.get("entity"), held)
                amount = body.get("amount")
                try:
                    index = int(body.get("index", -1))
                    amount = None if amount in (None, "") else int(amount)
                except (TypeError, ValueError):
                    raise UserError("a choice is given by its index, an amount by a whole number") from None
                live.choose(str(body.get("entity")), str(body.get("kind")), index, amount)
            elif what == "act":
                action = body.get("action")
                if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                    raise UserError("an action is a JSON object with a type")
                live.check_seat(action.get("entity"), held)
                live.act(action)
            elif what == "routes":
                entity = str(body.get("entity"))
                live.check_seat(entity, held)
                live.run_routes(entity, _wanted(body))
            else:
                live.check_any_seat(held)
                live.undo() if what == "undo" else live.redo()
            return live.version

    def move(what: str):
        async def endpoint(request: Request) -> Response:
            live = await run_in_threadpool(server.open, _game_id(request))
            body = await _body(request)
            before = live.version
            try:
                version = await run_in_threadpool(_move, live, what, body)
            except GameError as exc:
                if live.version != before:
                    server.notify(live)
                return _refused(exc, version=live.version, stamp=live.stamp)
            server.notify(live)
            return JSONResponse({"version": version, "stamp": live.stamp, "bot_error": live.bot_error})

        return endpoint

    def _plan(live: LiveGame, body: dict[str, Any]) -> dict[str, Any]:
        with live.lock:
            return live.plan(str(body.get("entity")), _wanted(body))

    async def plan(request: Request) -> Response:
        live = await run_in_threadpool(server.open, _game_id(request))
        body = await _body(request)
        try:
            return JSONResponse(await run_in_threadpool(_plan, live, body))
        except GameError as exc:
            return _refused(exc)

    def _seat(live: LiveGame, what: str, body: dict[str, Any]) -> dict[str, Any]:
        player, held = str(body.get("player")), _secrets(body)
        with live.lock:
            if what == "claim":
                return {"player": player, "secret": live.claim(player, held)}
            live.release(player, held)
            return {"player": player}

    def seat(what: str):
        async def endpoint(request: Request) -> Response:
            live = await run_in_threadpool(server.open, _game_id(request))
            body = await _body(request)
            try:
                reply = await run_in_threadpool(_seat, live, what, body)
            except GameError as exc:
                return _refused(exc)
            server.notify(live)
            return JSONResponse(reply)

        return endpoint

    async def looking_back(request: Request) -> Response:
        live = await run_in_threadpool(server.open, _game_id(request))
        raw = request.path_params["n"]
        if not raw.isdigit():
            raise UserError(f"an action is given by its number (0 for the start), not {raw!r}")
        try:
            return JSONResponse(await run_in_threadpool(position_at, live, int(raw), MAP_SIZE))
        except GameError as exc:
            raise UserError(exc.detail, 404) from None

    async def shared_script(request: Request) -> Response:
        return Response(SHARED_SCRIPT, media_type="text/javascript")

    async def download(request: Request) -> Response:
        live = await run_in_threadpool(server.open, _game_id(request))
        with live.lock:
            data = live.session.to_json()
        name = f"{live.stored.title_name}-{live.id}.json"
        return Response(
            json.dumps(data, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def upload(request: Request) -> Response:
        raw = await request.body()
        live = await run_in_threadpool(server.upload, raw)
        return JSONResponse({"id": live.id, "version": live.version})

    async def events(request: Request) -> Response:
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

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"cache-control": "no-cache"}
        )

    async def user_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, UserError)
        return JSONResponse({"error": str(exc)}, exc.status)

    routes = [
        Route("/", index),
        Route("/games/{gid}", game_page),
        Route("/api/titles", api_titles),
        Route("/api/games", api_games, methods=["GET", "POST"]),
        Route("/api/games/{gid}", api_game),
        Route("/api/games/{gid}/choose", move("choose"), methods=["POST"]),
        Route("/api/games/{gid}/act", move("act"), methods=["POST"]),
        Route("/api/games/{gid}/undo", move("undo"), methods=["POST"]),
        Route("/api/games/{gid}/redo", move("redo"), methods=["POST"]),
        Route("/api/games/{gid}/routes", move("routes"), methods=["POST"]),
        Route("/api/games/{gid}/plan", plan, methods=["POST"]),
        Route("/api/games/{gid}/claim", seat("claim"), methods=["POST"]),
        Route("/api/games/{gid}/release", seat("release"), methods=["POST"]),
        Route("/api/games/{gid}/at/{n}", looking_back),
        Route("/api/games/{gid}/download", download),
        Route("/api/games/{gid}/events", events),
        Route("/api/upload", upload, methods=["POST"]),
        Route("/static/shared.js", shared_script),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={UserError: user_error})
    app.state.server = server
    return app
