// The game page: the position, the choices of the people to act, undo and redo; kept
// live by the server's event stream (every page on the game redraws when it changes).
"use strict";
const gid = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
let state = null, busy = false;

function showError(message) { $("error").textContent = message || ""; }

async function refresh() {
  const reply = await fetch(`/api/games/${gid}`);
  const data = await reply.json();
  if (!reply.ok) return showError(data.error);
  state = data;
  draw();
}

function draw() {
  const s = state;
  document.title = `${s.title} · game ${s.id}`;
  $("heading").textContent = `${s.title} · game ${s.id}`;
  $("download").href = `/api/games/${gid}/download`;
  document.body.dataset.version = s.version;
  const me = $("me"), chosen = me.value;
  me.innerHTML = '<option value="">every person (hotseat)</option>' + s.players.filter((p) => p.seat === "human")
    .map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join("");
  me.value = chosen;
  $("turn").innerHTML = s.finished
    ? `<strong>Game over</strong> (${esc(s.end_reason)}): ` + Object.entries(s.result).map(([n, v]) => `${esc(n)} ${esc(v)}`).join(", ")
    : `${esc(s.round)}${s.phase != null ? " · phase " + esc(s.phase) : ""} · <strong>${esc(s.acting || "nobody")}</strong> to act` +
      (s.acting_seat && s.acting_seat !== "human" ? ` (${esc(s.acting_seat)} bot)` : "");
  if (s.bot_error) showError(s.bot_error);
  $("map").innerHTML = s.svg;
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
  markLays();
}

function drawChoices() {
  const me = $("me").value;
  const box = $("choices");
  const mine = state.choices.filter((c) => !me || String(c.player) === me);
  if (state.finished || !mine.length) {
    box.innerHTML = state.finished ? "" : `<p>Waiting for ${esc(state.acting || "the others")}…</p>`;
    return;
  }
  box.innerHTML = mine.map((c, k) => {
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
  const me = $("me").value;
  return state.choices.find((c) => c.kind === "lay_tile" && (!me || String(c.player) === me));
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

async function send(what, body) {
  if (busy) return;
  busy = true;
  try {
    const reply = await fetch(`/api/games/${gid}/${what}`, {method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify({...body, version: state.version})});
    const data = await reply.json();
    showError(reply.ok ? data.bot_error : data.error);
    if (reply.ok || reply.status === 409 || data.version !== state.version) await refresh();
  } finally { busy = false; }
}

$("undo").onclick = () => send("undo", {});
$("redo").onclick = () => send("redo", {});
$("me").onchange = drawChoices;

function listen() {
  const source = new EventSource(`/api/games/${gid}/events`);
  source.onopen = () => { $("live").textContent = "live"; };
  source.onmessage = (event) => {
    if (!state || Number(event.data) !== state.version) refresh();
  };
  source.onerror = () => { $("live").textContent = "reconnecting…"; };
}

refresh().then(listen);
