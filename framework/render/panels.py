"""The side panels of a game position, as plain data and as HTML.

Each ``*_data`` function takes a game (any position) and returns plain JSON-able data;
each ``*_html`` function turns that data into an HTML fragment. The replay viewer
records the data at every action (and its page script draws the same tables); the play
page can call the ``*_html`` functions on its live game::

    from framework.record.gamefile import GameFile
    from framework.record.replay import replay
    game = replay(GameFile.read("game.json")).game
    html = share_table_html(share_columns(game), share_table_data(game))

The panels: net worth per player (:func:`net_worth`), final scores
(:func:`final_scores`), the share table — who holds what percent of each corporation,
the pool and the unsold certificates (:func:`share_table_data`) — the trains with the
depot and phase (:func:`trains_data`) and the private companies (:func:`companies_data`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from framework.engine.entities import BANK, CLOSED, IPO, POOL


def net_worth(game: Any) -> list[int]:
    """Each player's value now (cash, shares at market price, companies at face value),
    in seat order."""
    from framework.engine import finance

    return [finance.player_value(game, p.id) for p in game.players]


def final_scores(game: Any) -> list[list[Any]]:
    """``[name, value]`` of each human player, the winner first; empty before the end."""
    if not game.finished:
        return []
    return [[game.name(pid), value] for pid, value in game.result().items()]


def share_columns(game: Any) -> list[str]:
    """The share table's holder columns: the players (by name), ``pool``, ``unsold``
    (the initial offering or the corporation's treasury), ``other`` (anything else)."""
    return [p.name for p in game.players] + ["pool", "unsold", "other"]


def share_table_data(game: Any) -> dict[str, list[int]]:
    """Per corporation still in the game: the percent each column of
    :func:`share_columns` holds (they add up to 100)."""
    players = [p.id for p in game.players]
    out: dict[str, list[int]] = {}
    for sym, corp in game.corporations.items():
        if corp.closed:
            continue
        row = [0] * (len(players) + 3)
        for owner, percent in corp.holders().items():
            if owner in players:
                row[players.index(owner)] += percent
            elif owner == POOL:
                row[len(players)] += percent
            elif owner in (IPO, sym):
                row[len(players) + 1] += percent
            else:
                row[len(players) + 2] += percent
        out[sym] = row
    return out


def trains_data(game: Any) -> dict[str, Any] | None:
    """The phase, what the depot offers (train and price), how many of each type are
    left in the depot, the pool's trains and the rusted types; ``None`` for a title
    without trains."""
    from framework.engine import trains

    if not game.title.trains:
        return None

    left: dict[str, int] = {}
    for tid in game.depot:
        train = game.trains[tid]
        if train.owner == BANK:
            spec = game.title.trains[train.name]
            left[train.name] = -1 if spec.count == "unlimited" else left.get(train.name, 0) + 1
    rusted = sorted({t.name for t in game.trains.values() if t.owner == trains.RUSTED})
    return {
        "phase": game.phase,
        "offered": [[t.id, trains.face_value(game, t)] for t in trains.offered(game)],
        "left": [[name, n] for name, n in left.items()],
        "pool": [t.id for t in game.trains.values() if t.owner == POOL],
        "rusted": rusted,
    }


def companies_data(game: Any) -> dict[str, list[Any]]:
    """Per private company: its name, owner (a name, ``bank`` or ``closed``), revenue
    and whether it is closed."""
    out: dict[str, list[Any]] = {}
    for sym, company in game.companies.items():
        spec = game.title.companies[sym]
        revenue = company.revenue if company.revenue is not None else spec.revenue
        owner = company.owner
        shown = owner if owner in (BANK, CLOSED) else game.name(owner)
        out[sym] = [spec.name, shown, revenue, company.closed]
    return out


# -- HTML ------------------------------------------------------------------------


def _table(head: list[str], rows: list[list[Any]], cls: str) -> str:
    th = "".join(f"<th>{escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="num">{v}</td>' if isinstance(v, int) else f"<td>{escape(str(v))}</td>" for v in row
        )
        + "</tr>"
        for row in rows
    )
    return f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def share_table_html(columns: list[str], data: dict[str, list[int]]) -> str:
    """The share table: a row per corporation, a column per holder, percents."""
    keep = [k for k in range(len(columns)) if any(row[k] for row in data.values())]
    rows = [[sym, *(f"{row[k]}%" if row[k] else "" for k in keep)] for sym, row in data.items()]
    return _table(["", *(columns[k] for k in keep)], rows, "shares")


def trains_html(data: dict[str, Any] | None, money: Any = str) -> str:
    """Phase, depot offer, trains left, pool and rusted types (nothing without trains)."""
    if data is None:
        return ""
    offered = ", ".join(f"{t} ({money(p)})" for t, p in data["offered"]) or "nothing"
    left = ", ".join(f"{name}×{'∞' if n < 0 else n}" for name, n in data["left"]) or "none"
    lines = [
        f"phase {data['phase']}",
        f"depot offers {offered}",
        f"left {left}",
        f"pool {', '.join(data['pool']) or 'empty'}",
        f"rusted {', '.join(data['rusted']) or 'none'}",
    ]
    return '<div class="trains">' + "".join(f"<div>{escape(line)}</div>" for line in lines) + "</div>"


def companies_html(data: dict[str, list[Any]], money: Any = str) -> str:
    """A row per private company: name, owner, revenue (closed ones marked)."""
    rows = [
        [sym, name, "closed" if closed else owner, "" if closed else money(revenue)]
        for sym, (name, owner, revenue, closed) in data.items()
    ]
    return _table(["", "company", "owner", "revenue"], rows, "companies")


def scores_html(scores: list[list[Any]], money: Any = str) -> str:
    """The final scores, the winner first."""
    return _table(
        ["", "player", "value"], [[k + 1, n, money(v)] for k, (n, v) in enumerate(scores)], "scores"
    )
