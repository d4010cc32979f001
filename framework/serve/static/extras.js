// The play page's extras, drawn after game.js draws the page (window.afterDraw) or a new
// map (window.afterMap):
// - zoom and pan of the map (panZoom of shared.js, the viewer's own), kept across redraws;
// - the hexes of the last action outlined;
// - the whole log, searchable, each line going to the position after its action: the
//   page then looks back (the map, players and panels of that moment, no choices) until
//   "back to the game";
// - the plots of net worth per player and share prices over the game (drawn by the
//   server with the viewer's plotting code), their cursor at the position shown.
"use strict";
(() => {
  const byId = (id) => document.getElementById(id);
  const gid = location.pathname.split("/").pop();
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  const ROUND = /^(Stock|Operating) round |^Share phase \d|^Turn \d+ /;
  let live = null;     // the game's state as last drawn
  let looking = null;  // the position looked back at (GET /api/games/ID/at/N), or null
  let plotsShown = null;

  // -- the parts this script adds to the page
  const left = byId("left"), map = byId("map"), log = byId("log");
  left.insertAdjacentHTML("afterbegin", '<div id="map-tools">' +
    '<div id="looking" role="status"><span class="what"></span> <button id="back" type="button">back to the game</button></div>' +
    '<div id="zoom"><button id="zoom-in" type="button" title="zoom in (+)" aria-label="zoom in">+</button>' +
    '<button id="zoom-out" type="button" title="zoom out (-)" aria-label="zoom out">&#x2212;</button>' +
    '<button id="zoom-reset" type="button" title="whole map (0)" aria-label="whole map">&#x2922;</button></div></div>');
  map.insertAdjacentHTML("afterend", '<div id="past-map"></div>');
  byId("players").insertAdjacentHTML("afterend", '<table id="past-players"><thead><tr><th>player</th>' +
    "<th>cash</th><th>worth</th><th>shares</th></tr></thead><tbody></tbody></table>");
  byId("panels").insertAdjacentHTML("afterend", '<div id="past-panels"></div>');
  log.insertAdjacentHTML("beforebegin", '<div id="log-tools"><input id="log-search" type="search" ' +
    'placeholder="search the log; click a line to look back" aria-label="search the log"> ' +
    '<span id="log-count"></span></div>');
  byId("layout").insertAdjacentHTML("afterend", '<section id="plots" aria-label="plots"></section>');
  const past = byId("past-map");

  // -- zoom and pan: the view is put on each new map as it is drawn
  const shownMap = () => (looking ? past : map).querySelector("svg");
  const zoom = panZoom({
    box: left, svg: shownMap, viewBox: true,
    buttons: {zoomIn: byId("zoom-in"), zoomOut: byId("zoom-out"), reset: byId("zoom-reset")},
    changed: (view) => left.classList.toggle("zoomed", view.s > 1),
  });
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
    const keys = {"+": () => zoom.zoomCentre(1.5), "=": () => zoom.zoomCentre(1.5),
                  "-": () => zoom.zoomCentre(1 / 1.5), "0": () => zoom.reset(), Escape: back};
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });

  // the last action's hexes, outlined over the map (clicks go through to the hexes)
  function outline(svg, highlight) {
    if (!svg) return;
    svg.querySelectorAll("g.last-hexes").forEach((g) => g.remove());
    if (highlight) svg.insertAdjacentHTML("beforeend", highlight);
  }

  // -- the log: every line, each with the action that wrote it
  function drawLog(s) {
    const marks = s.log_actions || [];
    let j = 0;
    log.innerHTML = s.log.map((line, i) => {
      while (j < marks.length - 1 && i >= marks[j][1]) j++;
      const action = marks.length ? marks[j][0] : 0;
      return `<div data-action="${action}"${ROUND.test(line) ? ' class="round"' : ""}>${esc(line)}</div>`;
    }).join("");
    search();
    markLog();
    if (!looking && !byId("log-search").value) log.scrollTop = log.scrollHeight;
  }

  function search() {
    const words = byId("log-search").value.trim().toLowerCase();
    let hits = 0;
    log.querySelectorAll("div[data-action]").forEach((div) => {
      const miss = words !== "" && !div.textContent.toLowerCase().includes(words);
      div.classList.toggle("miss", miss);
      if (!miss) hits++;
    });
    byId("log-count").textContent = words ? `${hits} of ${log.childElementCount} lines` : "";
  }

  // while looking back: the lines of the action looked at marked, later lines greyed
  function markLog() {
    log.querySelectorAll("div[data-action]").forEach((div, i) => {
      div.classList.toggle("now", !!looking && Number(div.dataset.action) === looking.action);
      div.classList.toggle("future", !!looking && i >= looking.log_end);
    });
  }

  byId("log-search").addEventListener("input", search);
  log.addEventListener("click", (e) => {
    const div = e.target.closest("div[data-action]");
    if (div) lookBack(Number(div.dataset.action));
  });

  // -- looking back at the position after an action
  async function lookBack(n) {
    const reply = await fetch(`/api/games/${gid}/at/${n}`);
    const data = await reply.json();
    if (!reply.ok) { byId("error").textContent = data.error; return; }
    looking = data;
    document.body.classList.add("looking-back");
    past.innerHTML = data.svg;
    zoom.apply();
    outline(past.querySelector("svg"), data.highlight);
    byId("looking").querySelector(".what").innerHTML =
      `<strong>Looking back</strong> at the position after action #${esc(data.action)}` +
      ` (${esc(data.round)}${data.phase != null ? " · phase " + esc(data.phase) : ""}): ${esc(data.described)}`;
    byId("past-players").querySelector("tbody").innerHTML = data.players.map((p) =>
      `<tr data-player="${esc(p.id)}"><td>${esc(p.name)}</td><td class="cash">${esc(p.cash)}</td>` +
      `<td class="cash">${esc(p.worth)}</td><td>${esc(p.shares)}</td></tr>`).join("");
    byId("past-panels").innerHTML = data.panels;
    markLog();
    moveCursors(data.step);
    const line = log.querySelector("div.now");
    if (line && !line.classList.contains("miss")) line.scrollIntoView({block: "nearest"});
    const top = byId("map-tools").getBoundingClientRect().top;
    if (top < 0 || top > innerHeight * 0.8) byId("map-tools").scrollIntoView({block: "start"});
  }

  function back() {
    if (!looking) return;
    looking = null;
    document.body.classList.remove("looking-back");
    past.innerHTML = "";
    zoom.apply();
    markLog();
    if (live) moveCursors(live.steps - 1);
    if (!byId("log-search").value) log.scrollTop = log.scrollHeight;
  }
  byId("back").onclick = back;

  // -- after each new map (the position, or the routes being drawn) and each redraw
  window.afterMap = () => {
    zoom.apply();
    if (live) outline(map.querySelector("svg"), live.highlight);
  };
  window.afterDraw = (s) => {
    live = s;
    window.afterMap();
    drawLog(s);
    if (s.plots !== plotsShown) {
      byId("plots").innerHTML = s.plots;
      plotsShown = s.plots;
    }
    moveCursors(looking ? looking.step : s.steps - 1);
  };
})();
