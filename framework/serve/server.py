"""The server behind the web app: the titles it offers and the games of its data folder.

:class:`Server` creates, opens (resuming from :mod:`framework.serve.store`), uploads and
lists games; :mod:`framework.serve.app` is its HTTP face. What it refuses is a
:class:`UserError`, with the message to show and an HTTP status.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.engine.game import Game
from framework.engine.seating import player_ids
from framework.record.gamefile import GameFile
from framework.record.replay import check_game, chosen_variants, game_title, player_counts, replay, title_for
from framework.serve.bodies import HINTS, NewGame, SeatChoice
from framework.serve.games import HUMAN, LiveGame, new_live
from framework.serve.store import Store
from framework.title.loader import RulesText, load_title
from framework.title.model import Title
from framework.title.paths import TitleLookupError, search_path

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
        """The title a game is played with (kept: games of the same title share it)."""
        return game_title(folder, players, list(optional), [RulesText(n, t) for n, t in rules])

    def title_list(self) -> list[dict[str, Any]]:
        """The titles offered, as the page lists them."""
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

    def create(self, body: NewGame) -> LiveGame:
        """A new game, as the page asks for it; :class:`UserError` when it cannot be."""
        name = body.title
        if name not in self.titles:
            raise UserError(f"no title {name!r}; the server offers {', '.join(self.titles)}")
        folder = self.titles[name]
        seats = [s or SeatChoice() for s in body.players]
        if not seats:
            raise UserError(f"players: {HINTS['players']}")
        base = load_title(folder)
        if len(seats) not in player_counts(base):
            raise UserError(f"{name} is not played by {len(seats)} players (it is by {player_counts(base)})")
        kinds = [s.seat or HUMAN for s in seats]
        bad = [k for k in kinds if k != HUMAN and k not in BOTS]
        if bad:
            raise UserError(f"a seat is {HUMAN} or a bot ({', '.join(BOTS)}), not {bad[0]!r}")
        names = [(s.name or f"Player {k}").strip()[:40] for k, s in enumerate(seats, 1)]
        if len(set(names)) != len(names):
            raise UserError("two players have the same name")
        seed = body.seed or 1
        try:
            optional = chosen_variants(base, len(seats), body.variants)
        except (TypeError, ValueError) as exc:
            raise UserError(f"{exc}") from None
        rules = []
        for r in body.rules:
            if r not in self.rules:
                raise UserError(f"no house rules {r!r}; the server has {', '.join(self.rules) or 'none'}")
            rules.append(self.rules[r])
        house = [{"name": r.name, "yaml": r.text} for r in rules]
        title = self.title(str(folder), len(names), tuple(optional), tuple((r.name, r.text) for r in rules))
        players = list(zip(player_ids(title, len(names)), names, strict=True))
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
        """The game ``gid``, opened (resumed from the store) once; :class:`UserError` when
        there is none or it cannot be resumed."""
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
        except RecursionError:
            raise UserError("not an 18xx.games game file: it is nested too deeply") from None
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
        """The games, the latest played first, as the page lists them."""
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
