// The game page: the position, the choices of the people to act (tiles, tokens and
// routes also on the map), seats, undo and redo; kept live by the server's event stream
// (every page on the game redraws when it changes).
"use strict";
const gid = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
let state = null, busy = false;
// the seats this browser has claimed in this game: player id -> the claim's secret
const claimsKey = `claims-${gid}`;
let claims = JSON.parse(localStorage.getItem(claimsKey) || "{}");
const secrets = () => Object.values(claims);
function saveClaims() { localStorage.setItem(claimsKey, JSON.stringify(claims)); }
// when this page claimed each seat, and when the state drawn was asked for: a claim is
// given up only by a state asked for after it was made (a load under way while the seat
// was claimed, drawn after, does not yet list it)
const claimedAt = {};
let stateAt = 0;
// the route editor: per train of the corporation running, its stop hexes as drawn
let editor = null;
let seat = Object.keys(claims).length === 1 ? Object.keys(claims)[0] : "";  // the seat this page plays as ("": every person whose seat is not claimed elsewhere)  // {entity, trains: [{id, name, hexes, revenue, text, error}], editing: train index, total, legal}

function showError(message) { $("error").textContent = message || ""; }

// The state drawn again; asked while a load is under way, once more after it (never two
// loads at once, and never a stale one drawn last).
// ``stamp``: the stamp the load is for (from the event stream or the answer to an action):
// a load under way that brings it, or a newer one, is not repeated.
let loading = null, reload = false, awaited = null;
function refresh(stamp) {
  if (stamp) awaited = stamp;
  if (loading) { reload = true; return loading; }
  loading = (async () => {
    try {
      do {
        reload = false;
        const asked = performance.now();
        const reply = await fetch(`/api/games/${gid}`);
        const data = await reply.json();
        if (!reply.ok) { showError(data.error); break; }
        if (!state || data.stamp !== state.stamp) { state = data; stateAt = asked; draw(); }
      } while (reload && state.stamp !== awaited);
    } finally { loading = null; }
  })();
  return loading;
}

function draw() {
  const s = state;
  document.title = `${s.title} · game ${s.id}`;
  $("heading").textContent = `${s.title} · game ${s.id}`;
  $("download").href = `/api/games/${gid}/download`;
  document.body.dataset.version = s.version;
  const me = $("me");
  for (const player of Object.keys(claims)) {  // released
    if (!s.claimed.includes(player) && (claimedAt[player] || 0) < stateAt) delete claims[player];
  }
  saveClaims();
  me.innerHTML = '<option value="">every person (hotseat)</option>' + s.players.filter((p) => p.seat === "human")
    .map((p) => {
      const taken = s.claimed.includes(String(p.id)) && !claims[p.id];
      return `<option value="${esc(p.id)}"${taken ? " disabled" : ""}>${esc(p.name)}${taken ? " (taken)" : claims[p.id] ? " (you)" : ""}</option>`;
    }).join("");
  if (seat && !claims[seat]) seat = "";
  me.value = seat;
  document.body.dataset.seat = seat;
  $("turn").innerHTML = s.finished
    ? `<strong>Game over</strong> (${esc(s.end_reason)}): ` + Object.entries(s.result).map(([n, v]) => `${esc(n)} ${esc(v)}`).join(", ")
    : `${esc(s.round)}${s.phase != null ? " · phase " + esc(s.phase) : ""} · <strong>${esc(s.acting || "nobody")}</strong> to act` +
      (s.acting_seat && s.acting_seat !== "human" ? ` (${esc(s.acting_seat)} bot)` : "");
  if (s.bot_error) showError(s.bot_error);
  const running = s.choices.find((c) => c.kind === "run_routes" && mayAct(c));
  if (!running) editor = null;
  else if (!editor || editor.entity !== running.entity || editor.version !== s.version) editor = newEditor(running, s.version);
  setMap(editor && editor.svg ? editor.svg : s.svg);
  $("players").querySelector("tbody").innerHTML = s.players.map((p) =>
    `<tr data-player="${esc(p.id)}" class="${p.acting ? "acting" : ""}"><td>${esc(p.name)}</td><td class="cash">${esc(p.cash)}</td>` +
    `<td class="cash">${esc(p.worth)}</td><td>${esc(p.shares)}</td><td>${p.seat === "human" ? "person" : esc(p.seat) + " bot"}</td></tr>`).join("");
  $("panels").innerHTML = s.panels;  // made by the server from the engine's state (framework.render.panels)
  const log = $("log");
  log.innerHTML = s.log.map((line) => `<div>${esc(line)}</div>`).join("");
  log.scrollTop = log.scrollHeight;
  $("undo").disabled = !s.can_undo;
  $("redo").disabled = !s.can_redo;
  drawChoices();
  markMap();
  if (window.afterDraw) window.afterDraw(s);  // extras.js: the whole log, plots, looking back
}

// The map, drawn again (the position, or the routes being drawn), with the hexes and
// cities the person's choices may be taken on marked.
function setMap(svg) {
  $("map").innerHTML = svg;
  markMap();
}

function markMap() {
  markLays();
  markTokens();
  markRoutes();
  if (window.afterMap) window.afterMap();  // extras.js: the zoom and the last hexes on the new map
}

// A choice this browser may take: its player's seat is this browser's, or unclaimed.
function mayAct(c) {
  if (seat) return String(c.player) === seat;
  return !state.claimed.includes(String(c.player)) || Boolean(claims[c.player]);
}

function drawChoices() {
  const box = $("choices");
  const mine = state.choices.filter(mayAct);
  if (state.finished || !mine.length) {
    box.innerHTML = state.finished ? "" : `<p>Waiting for ${esc(state.acting || "the others")}…</p>`;
    return;
  }
  box.innerHTML = mine.map((c, k) => {
    if (c.kind === "run_routes") return routesBox(c, k);
    const one = c.options.length === 1;
    const head = `<h4>${esc(c.entity_name)}: ${esc(c.label)}</h4>`;
    const list = one ? `<span class="only">${esc(c.options[0].text)}</span>`
      : `<select class="pick" aria-label="${esc(c.label)}">${c.options.map((o, i) => `<option value="${i}">${esc(o.text)}</option>`).join("")}</select>`;
    return `<div class="choice" data-entity="${esc(c.entity)}" data-kind="${esc(c.kind)}" data-k="${k}">${head}${list}
      <input class="amount" type="number" aria-label="amount" hidden>
      <button class="go" type="button">${esc(c.label)}</button></div>`;
  }).join("");
  box.querySelectorAll(".choice").forEach((div) => {
    const c = mine[Number(div.dataset.k)];
    if (c.kind === "run_routes") return wireRoutes(div);
    const pick = div.querySelector(".pick"), amount = div.querySelector(".amount");
    const update = () => {
      const o = c.options[pick ? Number(pick.value) : 0];
      amount.hidden = o.max === undefined;
      if (o.max !== undefined) { amount.min = o.min; amount.max = o.max; amount.step = o.step; amount.value = o.min; }
    };
    if (pick) pick.onchange = () => { update(); showPreview(c, Number(pick.value)); };
    update();
    div.querySelector(".go").onclick = () => send("choose", {
      entity: c.entity, kind: c.kind, index: pick ? Number(pick.value) : 0,
      amount: amount.hidden ? null : Number(amount.value),
    });
  });
}

// Tile lays on the map: the hexes where a tile may go are marked; a click on one picks
// its first lay in the list (each further click the next tile or rotation there) and
// draws that tile on the hex; the lay button lays it.
function layChoice() {
  return state.choices.find((c) => c.kind === "lay_tile" && mayAct(c));
}

function showPreview(c, index) {
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll("g.preview").forEach((g) => g.remove());
  const o = c && c.kind === "lay_tile" ? c.options[index] : null;
  if (!o || !o.preview) return;
  svg.insertAdjacentHTML("beforeend", o.preview);
}

function markLays() {
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  const c = layChoice();
  const hexes = new Set(c ? c.options.map((o) => o.hex) : []);
  svg.querySelectorAll("g.hex[data-hex]").forEach((g) => g.classList.toggle("layable", hexes.has(g.dataset.hex)));
}

$("map").addEventListener("click", (event) => {
  if (pickToken(event) || addStop(event)) return;
  const g = event.target.closest("g.hex[data-hex], g.preview");
  const c = layChoice();
  if (!g || !c) return;
  const box = document.querySelector(`.choice[data-kind="lay_tile"][data-entity="${CSS.escape(c.entity)}"]`);
  const pick = box && box.querySelector(".pick");
  const current = pick ? Number(pick.value) : 0;
  const hex = g.classList.contains("preview") ? c.options[current].hex : g.dataset.hex;
  const here = c.options.map((o, i) => [o, i]).filter(([o]) => o.hex === hex).map(([, i]) => i);
  if (!here.length) return;
  const next = here.includes(current) && c.options[current].hex === hex
    ? here[(here.indexOf(current) + 1) % here.length] : here[0];
  if (pick) pick.value = String(next);
  showPreview(c, next);
});

// Tokens on the map: the cities where the token may go are marked; a click on one picks it.
function tokenChoice() {
  return state.choices.find((c) => c.kind === "place_token" && mayAct(c));
}

function markTokens() {
  const c = tokenChoice();
  const spots = new Set(c ? c.options.map((o) => `${o.hex}/${o.node}`) : []);
  $("map").querySelectorAll("g.hex[data-hex] g.city[data-node]").forEach((g) => {
    const hex = g.closest("g.hex").dataset.hex;
    g.classList.toggle("tokenable", spots.has(`${hex}/${g.dataset.node}`));
  });
}

function pickToken(event) {
  const city = event.target.closest("g.city.tokenable");
  const c = tokenChoice();
  if (!city || !c) return false;
  const hex = city.closest("g.hex").dataset.hex, node = Number(city.dataset.node);
  const index = c.options.findIndex((o) => o.hex === hex && o.node === node);
  const box = document.querySelector(`.choice[data-kind="place_token"][data-entity="${CSS.escape(c.entity)}"]`);
  const pick = box && box.querySelector(".pick");
  if (index < 0 || !box) return false;
  if (pick) pick.value = String(index);
  $("map").querySelectorAll("g.city.picked").forEach((g) => g.classList.remove("picked"));
  city.classList.add("picked");
  return true;
}

// The route editor: the best routes are drawn to begin with; "draw" on a train, then a
// click on each hex it stops at, in order (a click on its last stop takes it back), and
// the server makes them into the best legal routes through those stops, with what each
// earns or why it cannot run.
function newEditor(c, version) {
  const o = c.options[0];
  return {entity: c.entity, version, editing: null, total: o.total, legal: true, svg: null, proven: o.proven,
    trains: o.trains.map((t) => ({id: t.id, name: t.name, ...t.route}))};
}

function routesBox(c, k) {
  const e = editor;
  const rows = e.trains.map((t, i) => `<tr data-train="${esc(t.id)}" class="${e.editing === i ? "editing" : ""}">
      <td title="train ${esc(t.id)}">${esc(t.name)} <small>${esc(t.id)}</small></td><td class="stops">${esc(t.hexes.join("-") || "no route")}</td>
      <td class="cash">${t.error ? "" : esc(t.revenue)}</td><td class="why">${esc(t.error || "")}</td>
      <td><button class="draw" type="button" data-i="${i}">${e.editing === i ? "done" : "draw"}</button>
      <button class="clear" type="button" data-i="${i}">clear</button></td></tr>`).join("");
  return `<div class="choice routes-editor" data-entity="${esc(c.entity)}" data-kind="run_routes" data-k="${k}">
    <h4>${esc(c.entity_name)}: run routes</h4>
    <table class="trains"><tbody>${rows}</tbody></table>
    <p>total <strong class="total">${esc(e.total)}</strong>${e.editing === null ? "" : " · click the hexes of the train's stops in order"}</p>
    <button class="best" type="button">best routes</button>
    <button class="go" type="button"${e.legal ? "" : " disabled"}>run these routes</button></div>`;
}

function wireRoutes(div) {
  div.querySelectorAll("button.draw").forEach((b) => b.onclick = () => {
    const i = Number(b.dataset.i);
    editor.editing = editor.editing === i ? null : i;
    drawChoices(); markMap();
  });
  div.querySelectorAll("button.clear").forEach((b) => b.onclick = () => {
    const i = Number(b.dataset.i);
    editor.trains[i].hexes = [];
    editor.editing = i;
    replan();
  });
  div.querySelector("button.best").onclick = () => { editor = null; draw(); };
  div.querySelector("button.go").onclick = () => send("routes", {entity: editor.entity, routes: wanted()});
}

function wanted() { return editor.trains.map((t) => ({train: t.id, hexes: t.hexes})); }

function markRoutes() {
  const svg = $("map").querySelector("svg");
  const train = editor && editor.editing !== null ? editor.trains[editor.editing] : null;
  if (!svg) return;
  svg.classList.toggle("drawing-route", Boolean(train));
  const stops = new Set(train ? train.hexes : []);
  svg.querySelectorAll("g.hex[data-hex]").forEach((g) => g.classList.toggle("route-stop-hex", stops.has(g.dataset.hex)));
}

function addStop(event) {
  if (!editor || editor.editing === null) return false;
  const g = event.target.closest("g.hex[data-hex]");
  if (!g) return true;
  const hexes = editor.trains[editor.editing].hexes;
  if (hexes.length && hexes[hexes.length - 1] === g.dataset.hex) hexes.pop();
  else hexes.push(g.dataset.hex);
  replan();
  return true;
}

let plans = 0;  // the route plans asked for: only the answer to the latest is drawn
async function replan() {
  const e = editor, asked = ++plans;
  const reply = await fetch(`/api/games/${gid}/plan`, {method: "POST", headers: {"content-type": "application/json"},
    body: JSON.stringify({entity: e.entity, routes: wanted()})});
  const data = await reply.json();
  if (editor !== e || asked !== plans) return;  // the game moved on, or the routes changed again
  if (!reply.ok) return showError(data.error);
  showError("");
  const planned = Object.fromEntries(data.routes.map((r) => [r.train, r]));
  e.trains = e.trains.map((t) => planned[t.id] ? {...t, ...planned[t.id], train: undefined}
    : {...t, hexes: [], revenue: "", text: "", error: null});
  e.total = data.total; e.legal = data.legal; e.svg = data.svg;
  setMap(e.svg);
  drawChoices();
}

async function send(what, body) {
  if (busy) return;
  busy = true;
  try {
    const reply = await fetch(`/api/games/${gid}/${what}`, {method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify({...body, version: state.version, secrets: secrets()})});
    const data = await reply.json();
    showError(reply.ok ? data.bot_error : data.error);
    if (reply.ok || reply.status === 409 || data.version !== state.version) await refresh(data.stamp);
  } finally { busy = false; }
}

$("undo").onclick = () => send("undo", {});
$("redo").onclick = () => send("redo", {});
// "playing as": a person's seat is claimed for this browser (its choices are then this
// browser's alone); "every person" gives back this browser's seats (hotseat).
$("me").onchange = async () => {
  const player = $("me").value;
  const what = player ? "claim" : "release";
  const players = player ? [player] : Object.keys(claims);
  for (const p of players) {
    const reply = await fetch(`/api/games/${gid}/${what}`, {method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify({player: p, secrets: secrets()})});
    const data = await reply.json();
    if (!reply.ok) { showError(data.error); seat = ""; }
    else if (data.secret) { claims[p] = data.secret; claimedAt[p] = performance.now(); seat = p; }
    else { delete claims[p]; seat = ""; }
  }
  saveClaims();
  await refresh();
  if (state) draw();  // the seat is this page's own: drawn even when the state loaded was already drawn
};

function listen() {
  const source = new EventSource(`/api/games/${gid}/events`);
  source.onopen = () => { $("live").textContent = "live"; };
  source.onmessage = (event) => {
    if (!state || (event.data !== state.stamp && event.data !== awaited)) refresh(event.data);
  };
  source.onerror = () => { $("live").textContent = "reconnecting…"; };
}

refresh().then(listen);
