"""A self-contained HTML replay viewer: one file, no server, no network.

:func:`build_viewer` replays a game file action by action and writes what
changed after each one — the hexes whose picture changed, the log lines the
action added, the players', corporations' and market's changes, and the routes
a ``run_routes`` action ran — as compact JSON inside one HTML page, with a
little JavaScript that rebuilds any position from those changes.

The map is drawn once per distinct hex picture: every picture a hex takes in
the game is an SVG group in the page's ``<defs>``, and each hex of the map is a
``<use>`` that points at its current picture. A 780-action 18SJ game makes a
page of well under a megabyte.

A game of a title with its own layer (18Steam) also stores, per action, the layer's
pictures of the hexes that changed (``g``, drawn by the layer's ``hex_pictures`` and kept
once each like the hex pictures) and the rows of its panel table (``gp``); a layer action's
links are drawn like routes.

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

from framework.engine.errors import GameError
from framework.gamefile import NO_EFFECT, GameFile
from framework.render import style
from framework.render.geometry import HexShape
from framework.render.hexes import Palette, draw_hex
from framework.render.map import border_layer, coordinate_layer, game_views, geometry_for
from framework.render.market import CELL_H, CELL_W, TOKEN_R, cell_box, render_market
from framework.render.position import certificates, round_label
from framework.render.routes import recorded_routes
from framework.render.svg import group
from framework.replay import new_game, recorded, title_for
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
    snippet_of: dict[tuple, int] = field(default_factory=dict)
    hex_keys: list[tuple | None] = field(default_factory=list)
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
        layer = self.game.layer
        pictures = layer.hex_pictures(self.game, self.shape)
        changed = []
        for k, hex_id in enumerate(self.hex_ids):
            svg = pictures.get(hex_id, "")
            if svg != self.layer_keys[k]:
                self.layer_keys[k] = svg
                changed.append([k, self.layer_snippet(svg)])
        if changed:
            out["g"] = changed
        rows = layer.panel_table(self.game)[1]
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
            self.snippets.append(draw_hex(view, self.shape, self.palette))
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
        return out


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
            routes = recorded_routes(game.board, geometry.shape, owner, action)
        elif action.get("type") in game.layer.actions:  # the title's own layer (18Steam: moved goods)
            routes = game.layer.action_routes(game, geometry.shape, action) or None
        if routes is not None:
            frame["r"] = [
                {
                    "o": route.owner,
                    "t": route.train,
                    "v": route.describe(),
                    "s": [[hex_ids.index(h), d] for h, d in route.segments],
                    "p": [[hex_ids.index(h), round(x, 1), round(y, 1)] for h, x, y in route.stops],
                }
                for route in routes
            ]
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
        "layer": {"columns": game.layer.panel_table(game)[0]} if game.layer_state is not None else None,
        "error": error,
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
        f'<g id="hexes"></g>{group([static], id="static")}<g id="layer"></g><g id="routes"></g></svg>'
    )
    page = PAGE.replace("{{TITLE}}", escape(data["title"]))
    page = page.replace("{{MAP}}", map_svg).replace("{{MARKET}}", market_svg)
    return page.replace("{{DATA}}", payload)


def write_viewer(game_path: Path | str, out: Path | str, title: Title | None = None) -> str | None:
    """Read a game file and write its viewer page (atomically); returns why the replay
    stopped early, if it did (the page then ends at the last good action)."""
    from framework.atomic import write_atomic

    data = viewer_data(GameFile.read(game_path), title)
    write_atomic(out, viewer_page(data).encode("utf-8"))
    return data["error"]


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
  body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0;
         background: #f6f4ee; color: #111; }
  header { position: sticky; top: 0; z-index: 2; background: #2d3142; color: #fff; padding: 8px 14px;
           display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
  header h1 { font-size: 17px; margin: 0 12px 0 0; }
  header button { font-size: 15px; min-width: 38px; padding: 3px 8px; cursor: pointer; }
  header select, header input { font-size: 14px; }
  #counter { font-weight: bold; font-variant-numeric: tabular-nums; min-width: 110px; }
  #slider { flex: 1 1 220px; }
  #action { background: #fffbe6; border-bottom: 1px solid #ddd; padding: 6px 14px; font-size: 14px; }
  #action .id { color: #666; margin-right: 8px; }
  #status { padding: 4px 14px; font-size: 14px; color: #333; }
  main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(300px, 1fr); gap: 10px;
         padding: 0 10px 10px; }
  #mapbox { background: #fff; border: 1px solid #ccc; }
  #map { width: 100%; height: auto; display: block; }
  #side { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
  #log { background: #fff; border: 1px solid #ccc; height: 420px; overflow-y: auto; font-size: 13px;
         padding: 4px 8px; }
  #log div { padding: 1px 0; border-bottom: 1px dotted #eee; }
  #log div.now { background: #fff3b0; font-weight: bold; }
  #log div.round { color: #2d3142; font-weight: bold; margin-top: 4px; }
  #routes-key { font-size: 13px; }
  #routes-key span.swatch { display: inline-block; width: 18px; height: 9px; margin-right: 6px; }
  section.tables { padding: 0 10px 10px; display: grid; gap: 10px;
                   grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr); }
  table { border-collapse: collapse; background: #fff; font-size: 13px; width: 100%; }
  th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
  th { background: #eceae2; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  tr.changed td { background: #fff3b0; }
  .chip { display: inline-block; min-width: 34px; text-align: center; border-radius: 10px;
          border: 1px solid #000;
          font-weight: bold; font-size: 11px; padding: 1px 4px; }
  #marketbox svg { width: 100%; height: auto; background: #fff; border: 1px solid #ccc; }
  #error { color: #b00020; font-weight: bold; padding: 4px 14px; }
</style>
</head>
<body>
<header>
  <h1 id="title">{{TITLE}}</h1>
  <button id="first" title="start (Home)">&#xAB;</button>
  <button id="prev" title="previous action (&#x2190;)">&#x25C0;</button>
  <span id="counter">0 / 0</span>
  <button id="next" title="next action (&#x2192;)">&#x25B6;</button>
  <button id="last" title="end (End)">&#xBB;</button>
  <label>round <select id="round"></select></label>
  <input id="slider" type="range" min="0" value="0" aria-label="action">
</header>
<div id="action"><span class="id"></span><span class="what"></span></div>
<div id="status"></div>
<div id="error"></div>
<main>
  <div id="mapbox">{{MAP}}</div>
  <div id="side">
    <div id="routes-key"></div>
    <div id="log" aria-label="log"></div>
  </div>
</main>
<section class="tables">
  <div>
  <table id="players"><thead><tr><th>player</th><th>cash</th><th>certificates</th><th>companies</th>
  </tr></thead><tbody></tbody></table>
  <table id="corporations" style="margin-top: 10px"><thead><tr><th>corporation</th><th>price</th>
  <th>treasury</th><th>trains</th><th>stations</th><th>president</th></tr></thead><tbody></tbody></table>
  <table id="layer-panels" style="margin-top: 10px" hidden><thead><tr></tr></thead><tbody></tbody></table>
  </div>
  <div id="marketbox">{{MARKET}}</div>
</section>
<script id="data" type="application/json">{{DATA}}</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const N = D.frames.length - 1;
const SVGNS = "http://www.w3.org/2000/svg";
const money = (v) => D.currency.replace("{}", String(v));
const $ = (id) => document.getElementById(id);

// hexes: one <use> per hex, pointing at its current picture in <defs>
const uses = D.hexes.map(([id, x, y]) => {
  const use = document.createElementNS(SVGNS, "use");
  use.setAttribute("transform", "translate(" + x + "," + y + ")");
  use.setAttribute("data-hex", id);
  $("hexes").appendChild(use);
  return use;
});

// the title's own layer: one <use> per hex, pointing at its picture (if any)
const layerUses = D.layer ? D.hexes.map(([id, x, y]) => {
  const use = document.createElementNS(SVGNS, "use");
  use.setAttribute("transform", "translate(" + x + "," + y + ")");
  use.setAttribute("data-hex", id);
  use.setAttribute("class", "layer-hex");
  $("layer").appendChild(use);
  return use;
}) : [];
if (D.layer) {
  $("layer-panels").hidden = false;
  const head = $("layer-panels").querySelector("thead tr");
  ["corporation", ...D.layer.columns].forEach((name) => {
    const th = document.createElement("th");
    th.textContent = name;
    head.appendChild(th);
  });
  $("corporations").hidden = true;
}

// the log: every line with the frame that wrote it
const logLines = [];
const logEnd = [];
D.frames.forEach((f, k) => {
  (f.l || []).forEach((line) => logLines.push([k, line]));
  logEnd.push(logLines.length);
});

// jump to round: the rounds of a numbered game turn ("Turn 3 · build") grouped by turn
let turnGroup = null;
D.rounds.forEach(([k, label]) => {
  const option = document.createElement("option");
  option.value = String(k);
  option.textContent = label;
  const turn = /^(Turn \\d+) · /.exec(label);
  if (!turn) turnGroup = null;
  else if (!turnGroup || turnGroup.label !== turn[1]) {
    turnGroup = document.createElement("optgroup");
    turnGroup.label = turn[1];
    $("round").appendChild(turnGroup);
  }
  (turnGroup || $("round")).appendChild(option);
});
$("slider").max = String(N);

function stateAt(n) {
  const s = { hexes: new Array(D.hexes.length).fill(0), players: {}, corps: {}, market: [], status: [],
              changed: {}, layer: new Array(D.hexes.length).fill(-1), panels: {} };
  for (let k = 0; k <= n; k++) {
    const f = D.frames[k];
    (f.h || []).forEach(([i, snippet]) => { s.hexes[i] = snippet; });
    if (f.p) Object.assign(s.players, f.p);
    if (f.c) {
      for (const [sym, row] of Object.entries(f.c)) {
        if (row === null) delete s.corps[sym]; else s.corps[sym] = row;
      }
    }
    if (f.m) s.market = f.m;
    if (f.s) s.status = f.s;
    (f.g || []).forEach(([i, snippet]) => { s.layer[i] = snippet; });
    if (f.gp) {
      for (const [sym, row] of Object.entries(f.gp)) {
        if (row === null) delete s.panels[sym]; else s.panels[sym] = row;
      }
    }
  }
  const f = D.frames[n];
  s.changed = { players: Object.keys(f.p || {}), corps: Object.keys(f.c || {}),
                panels: Object.keys(f.gp || {}) };
  return s;
}

function chip(sym) {
  const [fill, ink] = D.colors[sym] || ["#999", "#fff"];
  const span = document.createElement("span");
  span.className = "chip";
  span.style.background = fill;
  span.style.color = ink;
  span.textContent = sym;
  return span;
}

function cells(tr, values) {
  values.forEach((v) => {
    const td = document.createElement("td");
    if (v instanceof Node) td.appendChild(v); else td.textContent = v;
    if (typeof v === "number" || /^\\d/.test(String(v))) td.className = "num";
    tr.appendChild(td);
  });
}

function drawMarket(stacks) {
  const svg = document.querySelector("#marketbox svg");
  let layer = svg.querySelector("#market-tokens");
  if (!layer) {
    layer = document.createElementNS(SVGNS, "g");
    layer.id = "market-tokens";
    svg.appendChild(layer);
  }
  layer.replaceChildren();
  const [w, h] = D.market.cell, [ox, oy] = D.market.origin, r = D.market.r;
  stacks.forEach(([row, col, syms]) => {
    const step = syms.length > 1 ? Math.min(2 * r + 1, (w - 2 * r - 4) / (syms.length - 1)) : 0;
    const x0 = ox + col * w + w / 2 - step * (syms.length - 1) / 2;
    syms.forEach((sym, k) => {
      const [fill, ink] = D.colors[sym] || ["#999", "#fff"];
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "market-token");
      g.setAttribute("data-corp", sym);
      const c = document.createElementNS(SVGNS, "circle");
      const cx = x0 + k * step, cy = oy + row * h + h * 0.68;
      c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", r);
      c.setAttribute("fill", fill); c.setAttribute("stroke", "#000");
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("x", cx); t.setAttribute("y", cy + r * 0.25);
      t.setAttribute("text-anchor", "middle"); t.setAttribute("font-weight", "bold");
      t.setAttribute("font-size", r * (sym.length <= 2 ? 0.9 : sym.length === 3 ? 0.7 : 0.55));
      t.setAttribute("fill", ink);
      t.textContent = sym;
      g.append(c, t);
      layer.appendChild(g);
    });
  });
}

function drawRoutes(routes) {
  const layer = $("routes");
  layer.replaceChildren();
  const key = $("routes-key");
  key.replaceChildren();
  (routes || []).forEach((route, k) => {
    const color = D.routeColors[k % D.routeColors.length];
    route.s.forEach(([i, d]) => {
      const p = document.createElementNS(SVGNS, "path");
      const [, x, y] = D.hexes[i];
      p.setAttribute("d", d);
      p.setAttribute("transform", "translate(" + x + "," + y + ")");
      p.setAttribute("fill", "none"); p.setAttribute("stroke", color);
      p.setAttribute("stroke-opacity", "0.7");
      p.setAttribute("stroke-width", "7"); p.setAttribute("stroke-linecap", "round");
      layer.appendChild(p);
    });
    route.p.forEach(([i, dx, dy]) => {
      const c = document.createElementNS(SVGNS, "circle");
      const [, x, y] = D.hexes[i];
      c.setAttribute("cx", x + dx); c.setAttribute("cy", y + dy); c.setAttribute("r", "12");
      c.setAttribute("fill", "none"); c.setAttribute("stroke", color); c.setAttribute("stroke-width", "3");
      layer.appendChild(c);
    });
    const line = document.createElement("div");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = color;
    line.append(swatch, route.o + " " + route.v);
    key.appendChild(line);
  });
}

let current = -1;
function show(n) {
  n = Math.max(0, Math.min(N, n));
  const s = stateAt(n);
  s.hexes.forEach((snippet, i) => {
    const href = "#s" + snippet;
    if (uses[i].getAttribute("href") !== href) uses[i].setAttribute("href", href);
  });
  const f = D.frames[n];
  $("counter").textContent = n + " / " + N;
  $("slider").value = String(n);
  $("action").querySelector(".id").textContent = f.a[0] === null ? "" : "#" + f.a[0];
  $("action").querySelector(".what").textContent = f.a[2];
  const [phase, round, bank, acting, over] = s.status;
  $("status").textContent = "phase " + phase + " · " + round + " · bank " + money(bank) +
    (acting ? " · " + acting + " to act" : "") + (over ? " · " + over : "");
  $("error").textContent = n === N && D.error ? D.error : "";
  // players
  const pb = $("players").querySelector("tbody");
  pb.replaceChildren();
  D.players.forEach(([id, name], k) => {
    const row = s.players[String(k)] || [0, "", ""];
    const tr = document.createElement("tr");
    tr.dataset.player = id;
    if (s.changed.players.includes(String(k)) && n > 0) tr.className = "changed";
    cells(tr, [name, money(row[0]), row[1], row[2]]);
    tr.children[1].className = "num cash";
    pb.appendChild(tr);
  });
  // corporations
  const cb = $("corporations").querySelector("tbody");
  cb.replaceChildren();
  for (const [sym, row] of Object.entries(s.corps)) {
    const [price, cash, trains, stations, president, state] = row;
    const tr = document.createElement("tr");
    tr.dataset.corp = sym;
    if (s.changed.corps.includes(sym) && n > 0) tr.className = "changed";
    const shown = price === null ? (state === "minor" ? "minor" : "—") : price;
    cells(tr, [chip(sym), shown, money(cash), trains, stations, president]);
    tr.children[2].className = "num treasury";
    cb.appendChild(tr);
  }
  layerUses.forEach((use, i) => {
    const snippet = s.layer[i];
    if (snippet < 0) { if (use.hasAttribute("href")) use.removeAttribute("href"); return; }
    const href = "#s" + snippet;
    if (use.getAttribute("href") !== href) use.setAttribute("href", href);
  });
  if (D.layer) {
    const gb = $("layer-panels").querySelector("tbody");
    gb.replaceChildren();
    for (const [sym, row] of Object.entries(s.panels)) {
      const tr = document.createElement("tr");
      tr.dataset.corp = sym;
      if (s.changed.panels.includes(sym) && n > 0) tr.className = "changed";
      cells(tr, [chip(sym), ...row]);
      D.layer.columns.forEach((name, i) => {
        if (typeof row[i] === "number" || /^[^a-z]*[0-9][^a-z]*$/i.test(String(row[i]))) {
          tr.children[i + 1].className = "num " + name;
        } else {
          tr.children[i + 1].className = name;
        }
      });
      gb.appendChild(tr);
    }
  }
  drawMarket(s.market);
  drawRoutes(f.r);
  // log
  const box = $("log");
  box.replaceChildren();
  const end = logEnd[n], start = Math.max(0, end - 250);
  for (let i = start; i < end; i++) {
    const [k, text] = logLines[i];
    const div = document.createElement("div");
    div.textContent = text;
    if (k === n) div.className = "now";
    else if (/^(Stock|Operating) round |^Share phase \\d|^Turn \\d+ /.test(text)) div.className = "round";
    box.appendChild(div);
  }
  if (!(D.frames[n].l || []).length) {
    const div = document.createElement("div");
    div.className = "now";
    div.textContent = f.a[2];
    box.appendChild(div);
  }
  box.scrollTop = box.scrollHeight;
  let r = 0;
  D.rounds.forEach(([k], i) => { if (k <= n) r = i; });
  $("round").selectedIndex = r;
  current = n;
  document.body.dataset.frame = String(n);
}

function roundStep(dir) {
  const starts = D.rounds.map(([k]) => k);
  if (dir > 0) show(starts.find((k) => k > current) ?? N);
  else show([...starts].reverse().find((k) => k < current) ?? 0);
}

$("first").onclick = () => show(0);
$("prev").onclick = () => show(current - 1);
$("next").onclick = () => show(current + 1);
$("last").onclick = () => show(N);
$("round").onchange = (e) => show(Number(e.target.value));
$("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "SELECT") return;
  const keys = { ArrowRight: () => show(current + 1), ArrowLeft: () => show(current - 1), Home: () => show(0),
                 End: () => show(N), PageDown: () => roundStep(1), PageUp: () => roundStep(-1) };
  if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
});
show(0);
</script>
</body>
</html>
"""
