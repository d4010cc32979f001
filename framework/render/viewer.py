"""A self-contained HTML replay viewer: one file, no server, no network.

:func:`build_viewer` replays a game file action by action and writes what
changed after each one — the hexes whose picture changed, the log lines the
action added, the players', corporations' and market's changes, and the routes
a ``run_routes`` action ran (:func:`route_data`: the hexes' track paths and stops it
uses, which the page recolours in the hexes' pictures) — as compact JSON inside one
HTML page, with a little JavaScript that rebuilds any position from those changes.

The map is drawn once per distinct hex picture: every picture a hex takes in
the game is an SVG group in the page's ``<defs>``, and each hex of the map is a
``<use>`` that points at its current picture. A 780-action 18SJ game makes a
page of well under a megabyte.

A game of a title with its own layer (18Steam) also stores, per action, the layer's
pictures of the hexes that changed (``g``, drawn by the layer's ``hex_pictures`` and kept
once each like the hex pictures) and the rows of its panel table (``gp``); a layer action's
links are drawn like routes.

Each frame also carries the side panels' changes (:mod:`framework.render.panels`): ``w``
net worth by seat, ``st`` share-table rows, ``tr`` trains, depot and phase, ``co`` private
companies; ``hx`` the hexes the action is about (outlined on the map) and ``rk`` the frame
whose routes are still those of the operating turn. The data ends with the final scores.

In the page: ←/→ (or the buttons) step through the actions, Home/End go to the
start and the end, PageUp/PageDown to the previous and next round, the slider
moves anywhere and "round" jumps to the start of a round.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from framework.base.errors import GameError
from framework.engine import operating
from framework.engine.actions import NO_EFFECT
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for
from framework.render import panels, style
from framework.render.extension import drawing_of, hex_pictures_svg
from framework.render.geometry import HexShape
from framework.render.hexes import draw_hex
from framework.render.map import border_layer, coordinate_layer, game_views, geometry_for
from framework.render.market import CELL_H, CELL_W, TOKEN_R, cell_box, render_market
from framework.render.marks import Palette
from framework.render.position import certificates, round_label
from framework.render.routes import DrawnRoute, recorded_routes
from framework.render.svg import group
from framework.render.viewer_page import PAGE, plots_html
from framework.title.model import Title

VIEWER_SIZE = 40.0
"""Hex size of the viewer's map."""

FIELDS = ("tile", "hex", "rotation", "city", "shares", "company", "corporation", "train", "price", "kind")
"""Action fields shown in an action's one-line description, in this order."""


def describe_action(game: Any, action: dict[str, Any]) -> str:
    """An action in a few words: who did what, with its main fields."""
    entity = action.get("entity")
    who = game.name(str(entity)) if entity is not None else "?"
    words = [who, str(action.get("type", "?")).replace("_", " ")]
    details = []
    for name in FIELDS:
        value = action.get(name)
        if value is None or value == [] or value == "":
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        details.append(f"{name} {value}")
    if action.get("type") == "run_routes":
        revenue = sum(int(r.get("revenue") or 0) for r in action.get("routes") or [])
        details.append(f"{len(action.get('routes') or [])} routes, {revenue}")
    text = " ".join(words) + (f": {'; '.join(details)}" if details else "")
    return text + (" (auto)" if action.get("auto") else "")


@dataclass
class _Recorder:
    """Turns a game, action after action, into frames of changes."""

    game: Any
    shape: HexShape
    geometry: Any
    palette: Palette
    hex_ids: list[str]
    snippets: list[str] = field(default_factory=list)
    snippet_of: dict[tuple[Any, ...], int] = field(default_factory=dict)
    panels: dict[str, Any] = field(default_factory=dict)
    """The panels' data as last recorded (net worth, shares, trains, companies)."""
    hex_keys: list[tuple[Any, ...] | None] = field(default_factory=list)
    players: list[list[Any]] = field(default_factory=list)
    corps: dict[str, list[Any]] = field(default_factory=dict)
    market: list[Any] = field(default_factory=list)
    status: list[Any] = field(default_factory=list)
    logged: int = 0
    layer_keys: list[str] = field(default_factory=list)
    layer_rows: dict[str, list[Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.hex_keys = [None] * len(self.hex_ids)
        self.layer_keys = [""] * len(self.hex_ids)

    def layer_snippet(self, svg: str) -> int:
        """The picture the title's layer draws on a hex, once per different picture
        (``-1``: nothing)."""
        if not svg:
            return -1
        key = ("layer", svg)
        index = self.snippet_of.get(key)
        if index is None:
            index = self.snippet_of[key] = len(self.snippets)
            self.snippets.append(svg)
        return index

    def layer_frame(self, out: dict[str, Any]) -> None:
        """The title layer's changes: ``g`` the hexes whose picture changed, ``gp`` the
        rows of its panel table that changed."""
        pictures = hex_pictures_svg(self.game, self.shape)
        changed = []
        for k, hex_id in enumerate(self.hex_ids):
            svg = pictures.get(hex_id, "")
            if svg != self.layer_keys[k]:
                self.layer_keys[k] = svg
                changed.append([k, self.layer_snippet(svg)])
        if changed:
            out["g"] = changed
        rows = drawing_of(self.game.title).panel_table(self.game)[1]
        diff = {sym: row for sym, row in rows.items() if self.layer_rows.get(sym) != row}
        gone = [sym for sym in self.layer_rows if sym not in rows]
        if diff or gone:
            out["gp"] = {**diff, **{sym: None for sym in gone}}
        self.layer_rows = rows

    def snippet(self, view: Any) -> int:
        key = view.key()
        index = self.snippet_of.get(key)
        if index is None:
            index = self.snippet_of[key] = len(self.snippets)
            self.snippets.append(draw_hex(view, self.shape, self.palette, variables=True))
        return index

    def frame(self) -> dict[str, Any]:
        """What changed since the last frame."""
        game = self.game
        out: dict[str, Any] = {}
        # without an 18xx board the printed map, drawn in the first frame, stays
        printed = game.board is None and self.hex_keys[0] is not None
        views = {} if printed else game_views(game)
        changed = []
        for k, hex_id in enumerate(self.hex_ids if views else ()):
            view = views[hex_id]
            key = view.key()
            if key != self.hex_keys[k]:
                self.hex_keys[k] = key
                changed.append([k, self.snippet(view)])
        if changed:
            out["h"] = changed
        lines = game.messages[self.logged :]
        self.logged = len(game.messages)
        if lines:
            out["l"] = list(lines)
        players = [
            [
                p.cash,
                certificates(game, p.id),
                ", ".join(s for s, c in game.companies.items() if c.owner == p.id),
            ]
            for p in game.players
        ]
        diff = {
            str(k): row for k, row in enumerate(players) if k >= len(self.players) or self.players[k] != row
        }
        if diff:
            out["p"] = diff
        self.players = players
        corps = _corporation_rows(game)
        diff = {sym: row for sym, row in corps.items() if self.corps.get(sym) != row}
        gone = [sym for sym in self.corps if sym not in corps]
        if diff or gone:
            out["c"] = {**diff, **{sym: None for sym in gone}}
        self.corps = corps
        market = [[r, c, list(syms)] for (r, c), syms in sorted(game.market.stacks.items()) if syms]
        if market != self.market:
            out["m"] = market
            self.market = market
        acting = game.current_entity()
        status = [
            game.phase,
            round_label(game),
            game.bank,
            game.name(acting) if acting else "",
            f"game over ({game.end_reason})" if game.finished else "",
        ]
        if status != self.status:
            out["s"] = status
            self.status = status
        if game.layer_state is not None:  # the title's own layer (18Steam: track, cubes, panels)
            self.layer_frame(out)
        self.panels_frame(out)
        return out

    def panels_frame(self, out: dict[str, Any]) -> None:
        """The panels' changes: ``w`` net worth by seat, ``st`` the share table's rows,
        ``tr`` trains, depot and phase, ``co`` the private companies' rows."""
        game = self.game
        now: dict[str, Any] = {
            "w": panels.net_worth(game),
            "st": panels.share_table_data(game),
            "tr": panels.trains_data(game),
            "co": panels.companies_data(game),
        }
        for key in ("w", "tr"):
            if now[key] != self.panels.get(key):
                out[key] = now[key]
        for key in ("st", "co"):
            old = self.panels.get(key, {})
            diff = {sym: row for sym, row in now[key].items() if old.get(sym) != row}
            gone = {sym: None for sym in old if sym not in now[key]}
            if diff or gone:
                out[key] = {**diff, **gone}
        self.panels = now


def _corporation_rows(game: Any) -> dict[str, list[Any]]:
    from framework.engine import trains

    rows: dict[str, list[Any]] = {}
    for sym, corp in game.corporations.items():
        if corp.closed:
            continue
        price = game.market.price(sym) if sym in game.market.positions else None
        held = ", ".join(t.id + ("(E)" if t.variant != t.name else "") for t in trains.owned(game, sym))
        president = corp.president()
        rows[sym] = [
            price,
            corp.cash,
            held,
            len(game.board.cities_of(sym)) if game.board is not None else 0,
            game.name(president) if president in game.players_by_id else "",
            "floated" if corp.floated else "",
        ]
    for sym, minor in game.minors.items():
        if minor.closed:
            continue
        held = ", ".join(t.id for t in trains.owned(game, sym))
        rows[sym] = [
            None,
            minor.cash,
            held,
            len(game.board.cities_of(sym)) if game.board is not None else 0,
            game.name(minor.owner or ""),
            "minor",
        ]
    return rows


def _marked_hexes(action: dict[str, Any], frame: dict[str, Any], hex_ids: list[str]) -> list[int]:
    """The hexes an action is about: its ``hex``, else, for an action on a city (a token
    placed), the few hexes whose picture it changed."""
    hexes = action.get("hex")
    if isinstance(hexes, str) and hexes in hex_ids:
        return [hex_ids.index(hexes)]
    if "city" not in action and "hex" not in action:
        return []
    changed = [k for k, _ in frame.get("h", [])]
    return changed if 0 < len(changed) <= 3 else []


def route_data(route: DrawnRoute, hex_ids: list[str]) -> dict[str, Any]:
    """A route in a frame: ``o`` its owner, ``t`` its train, ``v`` what it earns; ``s``
    the track it uses as ``[hex, path index]`` (the page recolours those paths of the
    hexes' pictures, see :func:`~framework.render.hexes.draw_hex`) and ``p`` its stops as
    ``[hex, revenue centre index]`` (ringed). A route that is not an 18xx track route (a
    title layer's links) has ``s`` as ``[hex, SVG path data]`` and ``p`` as ``[hex, x, y]``
    instead, drawn over the map."""
    index = {h: k for k, h in enumerate(hex_ids)}
    out: dict[str, Any] = {"o": route.owner, "t": route.train, "v": route.describe()}
    if route.paths and len(route.paths) == len(route.segments) and len(route.nodes) == len(route.stops):
        out["s"] = [[index[h], i] for h, i in route.paths]
        out["p"] = [[index[h], n] for h, n in route.nodes]
    else:
        out["s"] = [[index[h], d] for h, d in route.segments]
        out["p"] = [[index[h], round(x, 1), round(y, 1)] for h, x, y in route.stops]
    return out


def viewer_data(
    game_file: GameFile, title: Title | None = None, *, size: float = VIEWER_SIZE
) -> dict[str, Any]:
    """The viewer's data: the static map, every hex picture, and one frame per action."""
    title = title or title_for(game_file)
    game = new_game(game_file, title)
    geometry = geometry_for(title, size)
    palette = Palette.for_title(title)
    hex_ids = list(title.map.hexes)
    recorder = _Recorder(game, geometry.shape, geometry, palette, hex_ids)
    frames = [{"a": [None, "", "the game starts", ""], **recorder.frame()}]
    turn_routes: tuple[int, Any, str] | None = None  # the frame of the turn's routes, its entity, round
    error = None
    try:
        actions = game_file.effective()
    except GameError as exc:
        actions, error = [], f"the action list fails: {exc}"
    for action in actions:
        if action.get("type") in NO_EFFECT:
            continue
        described = describe_action(game, action)
        try:
            action = recorded(game, game_file, action)
            game.process(action)
        except GameError as exc:
            error = f"action {action.get('id')} fails: {exc}"
            break
        frame = {"a": [action.get("id"), action.get("type"), described, ""], **recorder.frame()}
        routes = None
        if action.get("type") == "run_routes":
            owner = str(action.get("entity"))
            groups = operating.track_groups(game)
            routes = recorded_routes(game.track_board, geometry.shape, owner, action, groups)
        elif action.get("type") in game.layer_rules.actions:  # the title's own layer (18Steam: moved goods)
            routes = drawing_of(game.title).action_routes(game, geometry.shape, action) or None
        marked = _marked_hexes(action, frame, hex_ids)
        if marked:
            frame["hx"] = marked
        label = recorder.status[1] if recorder.status else ""
        if routes is not None:
            turn_routes = (len(frames), action.get("entity"), label)
        elif turn_routes is not None and turn_routes[1:] == (action.get("entity"), label):
            frame["rk"] = turn_routes[0]  # still the same operating turn: its routes stay shown
        else:
            turn_routes = None
        if routes is not None:
            frame["r"] = [route_data(route, hex_ids) for route in routes]
        frames.append(frame)
    rounds = []
    label = None
    status: list[Any] = []
    for k, frame in enumerate(frames):
        status = frame.get("s", status)
        if status and status[1] != label:
            label = status[1]
            rounds.append([k, label])
    names = {"players": [[p.id, p.name] for p in game.players]}
    centres = [[h, *(round(v, 2) for v in geometry.centre(h))] for h in hex_ids]
    static = border_layer(game.hexmap, geometry) + coordinate_layer(title, geometry)
    market_svg = render_market(title, None, caption=f"{title.title.name} — stock market")
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in geometry.shape.corners(0.94))
    columns = drawing_of(game.title).panel_table(game)[0]
    return {
        "title": f"{title.title.name} — game {game_file.id}" if game_file.id else title.title.name,
        "currency": title.title.currency,
        "width": round(geometry.width, 1),
        "height": round(geometry.height, 1),
        "hexes": centres,
        "snippets": recorder.snippets,
        "static": static,
        "market": {
            "svg": market_svg,
            "cell": [CELL_W, CELL_H],
            "origin": list(cell_box(0, 0)[:2]),
            "r": TOKEN_R,
        },
        "colors": {sym: list(palette.token(sym)) for sym in palette.companies},
        "routeColors": list(style.ROUTE_COLORS),
        "frames": frames,
        "rounds": rounds,
        "layer": {"columns": columns} if game.layer_state is not None else None,
        "error": error,
        "hexCorners": corners,
        "shareColumns": panels.share_columns(game),
        "final": panels.final_scores(game),
        **names,
    }


def build_viewer(game_file: GameFile, title: Title | None = None, *, size: float = VIEWER_SIZE) -> str:
    """The viewer page for a game file, as HTML text."""
    return viewer_page(viewer_data(game_file, title, size=size))


def viewer_page(data: dict[str, Any]) -> str:
    """The page showing :func:`viewer_data`."""
    data = dict(data)
    data["market"] = dict(data["market"])
    snippets = data.pop("snippets")
    defs = "".join(f'<g id="s{k}">{svg}</g>' for k, svg in enumerate(snippets))
    static = data.pop("static")
    market_svg = data["market"].pop("svg")
    market_svg = market_svg.split("?>", 1)[-1]
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    map_svg = (
        f'<svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {data["width"]} {data["height"]}" '
        f'font-family="DejaVu Sans, Verdana, Arial, sans-serif"><defs>{defs}</defs>'
        f'<g id="viewport"><g id="hexes"></g>{group([static], id="static")}<g id="layer"></g>'
        f'<g id="highlight"></g><g id="routes"></g></g></svg>'
    )
    page = PAGE.replace("{{TITLE}}", escape(data["title"])).replace("{{PLOTS}}", plots_html(data))
    page = page.replace("{{MAP}}", map_svg).replace("{{MARKET}}", market_svg)
    return page.replace("{{DATA}}", payload)


def write_viewer(game_path: Path | str, out: Path | str, title: Title | None = None) -> str | None:
    """Read a game file and write its viewer page (atomically); returns why the replay
    stopped early, if it did (the page then ends at the last good action)."""
    from framework.base.atomic import write_atomic

    data = viewer_data(GameFile.read(game_path), title)
    write_atomic(out, viewer_page(data).encode("utf-8"))
    error: str | None = data["error"]
    return error
