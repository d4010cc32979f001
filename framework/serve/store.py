"""The games a server keeps: SQLite (the standard library's ``sqlite3``) in a data folder.

Each game is a row of its settings — title folder, players with their seats (a person
or a bot), seed, optional rules and house rules — and each action it was given is a
row of its own, committed before the server answers, so that a game survives a
restart exactly as it was played, undo and redo included. The seats browsers have
claimed are kept with the secret each claim was given.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DB_FILE = "games.sqlite3"
"""The database file inside the data folder."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title_folder TEXT NOT NULL,
    title_name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,
    seats TEXT NOT NULL,
    optional_rules TEXT NOT NULL,
    house_rules TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'active'
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    by_bot INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS claims (
    game_id INTEGER NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    secret TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);
"""


@dataclass
class StoredGame:
    """A game's settings as stored (its actions are read separately)."""

    id: int
    title_folder: str
    title_name: str
    seed: int
    players: list[tuple[Any, str]]
    seats: list[str]
    """Per player, in seat order: ``human`` or a bot's name."""
    optional_rules: list[str] = field(default_factory=list)
    house_rules: list[dict[str, str]] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    status: str = "active"


class Store:
    """The games of one data folder; safe to use from several threads."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.folder / DB_FILE, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(
        self,
        title_folder: str,
        title_name: str,
        seed: int,
        players: list[tuple[Any, str]],
        seats: list[str],
        optional_rules: list[str],
        house_rules: list[dict[str, str]],
    ) -> int:
        """A new game's id."""
        now = time.time()
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO games (title_folder, title_name, seed, players, seats, optional_rules,"
                " house_rules, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    title_folder,
                    title_name,
                    seed,
                    json.dumps([list(p) for p in players]),
                    json.dumps(seats),
                    json.dumps(optional_rules),
                    json.dumps(house_rules),
                    now,
                    now,
                ),
            )
            self._db.commit()
            return int(cur.lastrowid or 0)

    def add_actions(
        self, game_id: int, first_seq: int, actions: list[tuple[dict[str, Any], bool]], status: str
    ) -> None:
        """Store actions (each with whether a bot took it) from position ``first_seq``, committed."""
        with self._lock:
            self._db.executemany(
                "INSERT INTO actions (game_id, seq, by_bot, action) VALUES (?, ?, ?, ?)",
                [(game_id, first_seq + k, int(bot), json.dumps(a)) for k, (a, bot) in enumerate(actions)],
            )
            self._db.execute(
                "UPDATE games SET updated = ?, status = ? WHERE id = ?", (time.time(), status, game_id)
            )
            self._db.commit()

    def actions(self, game_id: int) -> list[tuple[dict[str, Any], bool]]:
        """A game's actions in order, each with whether a bot took it."""
        with self._lock:
            rows = self._db.execute(
                "SELECT action, by_bot FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return [(json.loads(a), bool(b)) for a, b in rows]

    def claims(self, game_id: int) -> dict[str, str]:
        """The seats of a game that a browser has claimed: player id → the claim's secret."""
        with self._lock:
            rows = self._db.execute(
                "SELECT player, secret FROM claims WHERE game_id = ?", (game_id,)
            ).fetchall()
        return dict(rows)

    def set_claim(self, game_id: int, player: str, secret: str | None) -> None:
        """Claim a seat with ``secret``, or (``None``) release it."""
        with self._lock:
            self._db.execute("DELETE FROM claims WHERE game_id = ? AND player = ?", (game_id, player))
            if secret is not None:
                self._db.execute(
                    "INSERT INTO claims (game_id, player, secret) VALUES (?, ?, ?)",
                    (game_id, player, secret),
                )
            self._db.commit()

    def game(self, game_id: int) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _stored(row)

    def games(self) -> list[StoredGame]:
        """Every game, the latest played first."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM games ORDER BY updated DESC").fetchall()
        return [_stored(r) for r in rows]


def _stored(row: tuple[Any, ...]) -> StoredGame:
    gid, folder, name, seed, players, seats, optional, house, created, updated, status = row
    return StoredGame(
        gid,
        folder,
        name,
        seed,
        [(p[0], p[1]) for p in json.loads(players)],
        json.loads(seats),
        json.loads(optional),
        json.loads(house),
        created,
        updated,
        status,
    )
