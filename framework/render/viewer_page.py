"""The replay viewer's page: its HTML and CSS (:data:`PAGE`), the script that shows a
position (:mod:`framework.render.viewer_script`) and the plots over the whole game
(:func:`plots_html`: net worth per player and share prices, with a cursor at the
action shown)."""

from __future__ import annotations

from typing import Any

from framework.render.plots import game_plots
from framework.render.shared_script import SHARED_SCRIPT
from framework.render.viewer_script import SCRIPT

Points = list[tuple[int, float]]


def plot_series(data: dict[str, Any]) -> tuple[list[tuple[str, Points]], list[tuple[str, Points]]]:
    """Net worth by player and share price by corporation, as ``(name, [(frame, value)])``
    points where they change."""
    worth: list[list[tuple[int, float]]] = [[] for _ in data["players"]]
    prices: dict[str, list[tuple[int, float]]] = {}
    last: dict[str, Any] = {}
    for k, frame in enumerate(data["frames"]):
        for seat, value in enumerate(frame.get("w", [])):
            if not worth[seat] or worth[seat][-1][1] != value:
                worth[seat].append((k, value))
        for sym, row in (frame.get("c") or {}).items():
            price = row[0] if row else None
            if price is not None and last.get(sym) != price:
                prices.setdefault(sym, []).append((k, price))
            last[sym] = price
    players = [(name, worth[seat]) for seat, (_, name) in enumerate(data["players"])]
    return players, list(prices.items())


def plots_html(data: dict[str, Any]) -> str:
    """The two plots over the game, as inline SVG."""
    players, prices = plot_series(data)
    colors = data.get("colors", {})
    coloured = [(sym, colors.get(sym, ["#888"])[0], pts) for sym, pts in prices]
    return game_plots(players, coloured, len(data["frames"]) - 1)


PAGE = (
    """<!DOCTYPE html>
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
  main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(320px, 1fr); gap: 10px;
         padding: 0 10px 10px; }
  #mapbox { background: #fff; border: 1px solid #ccc; position: relative; height: calc(100vh - 130px);
            min-height: 420px; overflow: hidden; touch-action: none; cursor: grab; }
  #map.dragging { cursor: grabbing; }
  #map { width: 100%; height: 100%; display: block; }
  #zoom { position: absolute; top: 6px; left: 6px; display: flex; gap: 4px; z-index: 1; }
  #zoom button { font-size: 16px; min-width: 30px; cursor: pointer; }
  #highlight polygon { fill: none; stroke: #ff00aa; stroke-width: 5; stroke-opacity: 0.85; }
  #side { display: flex; flex-direction: column; gap: 8px; min-width: 0; height: calc(100vh - 130px);
          min-height: 420px; }
  #routes-key { font-size: 13px; }
  #routes-key span.swatch { display: inline-block; width: 18px; height: 9px; margin-right: 6px; }
  #log-search { font-size: 13px; padding: 3px 6px; }
  #log { background: #fff; border: 1px solid #ccc; flex: 1 1 auto; overflow-y: auto; font-size: 13px;
         padding: 4px 8px; }
  #log div { padding: 1px 0; border-bottom: 1px dotted #eee; cursor: pointer; }
  #log div:hover { background: #eef3ff; }
  #log div.future { display: none; }
  #log.searching div.future { display: block; color: #999; }
  #log div.miss, #log.searching div.miss { display: none; }
  #log div.now { background: #fff3b0; font-weight: bold; }
  #log div.round { color: #2d3142; font-weight: bold; margin-top: 4px; }
  #log div.act { color: #666; font-style: italic; }
  #scores { background: #e8f5e9; border: 2px solid #2e7d32; padding: 6px 10px; font-size: 14px; }
  #scores h2 { font-size: 15px; margin: 0 0 4px; }
  section.tables { padding: 0 10px 10px; display: grid; gap: 10px;
                   grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr); }
  section.tables h2, section.plots h2 { font-size: 14px; margin: 10px 0 4px; }
  section.plots { padding: 0 10px 10px; display: flex; flex-wrap: wrap; gap: 10px; }
  section.plots svg { background: #fff; border: 1px solid #ccc; }
  table { border-collapse: collapse; background: #fff; font-size: 13px; width: 100%; }
  th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
  th { background: #eceae2; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  tr.changed td { background: #fff3b0; }
  tr.closed td { color: #999; text-decoration: line-through; }
  #trains { background: #fff; border: 1px solid #ccc; padding: 4px 8px; font-size: 13px; }
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
  <label title="every route run in this operating round so far"><input type="checkbox" id="all-routes">
  all routes of the round</label>
</header>
<div id="action"><span class="id"></span><span class="what"></span></div>
<div id="status"></div>
<div id="error"></div>
<main>
  <div id="mapbox"><div id="zoom"><button id="zoom-in" title="zoom in (+)">+</button>
  <button id="zoom-out" title="zoom out (-)">&#x2212;</button>
  <button id="zoom-reset" title="whole map (0)">&#x2922;</button></div>{{MAP}}</div>
  <div id="side">
    <div id="scores" hidden></div>
    <div id="routes-key"></div>
    <input id="log-search" type="search" placeholder="search the log (click a line to go there)"
      aria-label="search the log">
    <div id="log" aria-label="log"></div>
  </div>
</main>
<section class="tables">
  <div>
  <table id="players"><thead><tr><th>player</th><th>cash</th><th>net worth</th><th>certificates</th>
  <th>companies</th></tr></thead><tbody></tbody></table>
  <table id="corporations" style="margin-top: 10px"><thead><tr><th>corporation</th><th>price</th>
  <th>treasury</th><th>trains</th><th>stations</th><th>president</th></tr></thead><tbody></tbody></table>
  <table id="layer-panels" style="margin-top: 10px" hidden><thead><tr></tr></thead><tbody></tbody></table>
  <h2>Shares</h2>
  <table id="shares"><thead><tr></tr></thead><tbody></tbody></table>
  </div>
  <div>
  <div id="marketbox">{{MARKET}}</div>
  <div id="trains-panel"><h2>Trains</h2>
  <div id="trains"></div></div>
  <div id="companies-panel"><h2>Private companies</h2>
  <table id="companies"><thead><tr><th></th><th>company</th><th>owner</th><th>revenue</th></tr></thead>
  <tbody></tbody></table></div>
  </div>
</section>
<section class="plots" id="plots">{{PLOTS}}</section>
<script id="data" type="application/json">{{DATA}}</script>
<script>
"""
    + SHARED_SCRIPT
    + SCRIPT
    + """
</script>
</body>
</html>
"""
)
