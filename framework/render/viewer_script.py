"""The replay viewer's page script: it rebuilds any position from the frames of changes
(:func:`framework.render.viewer.viewer_data`) and shows it — the map (with zoom and pan,
the last action's hexes marked and the operating turn's routes), the players with their
net worth, the corporations, the share table, trains and depot, private companies,
final scores, the searchable log whose lines go to their action, and the cursor on the
plots. It uses the zoom and the plot cursors of :mod:`framework.render.shared_script`."""

from framework.render.viewer_map import MAP_SCRIPT

SCRIPT = (
    r"""
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

// the log: every line of the game, built once, each with the frame that wrote it (a
// frame that wrote none has its action's description); a click goes to that frame
const logBox = $("log");
const logDivs = [];
const logEnd = [];
const logOf = [];
D.frames.forEach((f, k) => {
  const lines = (f.l || []).length ? f.l : [f.a[2]];
  const first = logDivs.length;
  lines.forEach((text) => {
    const div = document.createElement("div");
    div.textContent = text;
    div.dataset.frame = String(k);
    div.className = "future";
    if (!(f.l || []).length) div.classList.add("act");
    else if (/^(Stock|Operating) round |^Share phase \d|^Turn \d+ /.test(text)) div.classList.add("round");
    logDivs.push(div);
  });
  logOf.push([first, logDivs.length]);
  logEnd.push(logDivs.length);
});
logBox.append(...logDivs);
logBox.addEventListener("click", (e) => {
  const div = e.target.closest("div[data-frame]");
  if (div) show(Number(div.dataset.frame));
});
$("log-search").addEventListener("input", (e) => {
  const words = e.target.value.trim().toLowerCase();
  logBox.classList.toggle("searching", words !== "");
  logDivs.forEach((div) => {
    div.classList.toggle("miss", words !== "" && !div.textContent.toLowerCase().includes(words));
  });
});
let logShown = 0;  // log lines [0, logShown) are not "future"
let logNow = [0, 0];
"""
    + MAP_SCRIPT
    + r"""
// the share table's header, the players' columns first
const shareHead = $("shares").querySelector("thead tr");

// jump to round: the rounds of a numbered game turn ("Turn 3 · build") grouped by turn
let turnGroup = null;
D.rounds.forEach(([k, label]) => {
  const option = document.createElement("option");
  option.value = String(k);
  option.textContent = label;
  const turn = /^(Turn \d+) · /.exec(label);
  if (!turn) turnGroup = null;
  else if (!turnGroup || turnGroup.label !== turn[1]) {
    turnGroup = document.createElement("optgroup");
    turnGroup.label = turn[1];
    $("round").appendChild(turnGroup);
  }
  (turnGroup || $("round")).appendChild(option);
});
$("slider").max = String(N);

// positions are rebuilt from the nearest checkpoint (a copy of the state every 64 frames)
const EVERY = 64;
const checkpoints = [];
function copyState(s) {
  return { hexes: s.hexes.slice(), players: { ...s.players }, corps: { ...s.corps }, market: s.market,
           status: s.status, layer: s.layer.slice(), panels: { ...s.panels }, worth: s.worth,
           shares: { ...s.shares }, trains: s.trains, companies: { ...s.companies } };
}
function stateAt(n) {
  let from = Math.min(Math.floor(n / EVERY), checkpoints.length);
  let s;
  if (from > 0) s = copyState(checkpoints[from - 1]);
  else s = { hexes: new Array(D.hexes.length).fill(0), players: {}, corps: {}, market: [], status: [],
             layer: new Array(D.hexes.length).fill(-1), panels: {},
             worth: [], shares: {}, trains: null, companies: {} };
  for (let k = from * EVERY; k <= n; k++) {
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
    if (f.w) s.worth = f.w;
    if (f.tr) s.trains = f.tr;
    for (const [key, into] of [["st", s.shares], ["co", s.companies]]) {
      for (const [sym, row] of Object.entries(f[key] || {})) {
        if (row === null) delete into[sym]; else into[sym] = row;
      }
    }
    if (k % EVERY === EVERY - 1 && checkpoints.length === (k + 1) / EVERY - 1) checkpoints.push(copyState(s));
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
    if (typeof v === "number" || /^\d/.test(String(v))) td.className = "num";
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

// a table is drawn again only when what it shows changed
const drawn = {};
function fresh(name, value) {
  const key = JSON.stringify(value);
  if (drawn[name] === key) return false;
  drawn[name] = key;
  return true;
}

function drawPanels(s, n) {
  if (fresh("shares", s.shares)) {
    const cols = D.shareColumns;
    const keep = cols.map((_, k) => k).filter((k) => Object.values(s.shares).some((row) => row[k]));
    shareHead.replaceChildren();
    ["corporation", ...keep.map((k) => cols[k]), "total"].forEach((name) => {
      const th = document.createElement("th");
      th.textContent = name;
      shareHead.appendChild(th);
    });
    const sb = $("shares").querySelector("tbody");
    sb.replaceChildren();
    for (const [sym, row] of Object.entries(s.shares)) {
      const tr = document.createElement("tr");
      tr.dataset.corp = sym;
      cells(tr, [chip(sym), ...keep.map((k) => (row[k] ? row[k] + "%" : "")),
                 row.reduce((a, b) => a + b, 0) + "%"]);
      keep.forEach((k, i) => { tr.children[i + 1].dataset.holder = cols[k]; });
      tr.lastChild.className = "num total";
      sb.appendChild(tr);
    }
  }
  const t = s.trains;
  $("trains-panel").hidden = !t;
  $("companies-panel").hidden = !Object.keys(s.companies).length;
  if (fresh("trains", s.trains)) {
    const box = $("trains");
    box.replaceChildren();
    if (t) {
      const offered = t.offered.map(([id, price]) => id + " (" + money(price) + ")").join(", ") || "nothing";
      const left = t.left.map(([name, k]) => name + "×" + (k < 0 ? "∞" : k)).join(", ") || "none";
      [["phase", t.phase], ["depot offers", offered], ["left in the depot", left],
       ["pool", t.pool.join(", ") || "empty"],
       ["rusted", t.rusted.join(", ") || "none"]].forEach(([k, v]) => {
        const div = document.createElement("div");
        div.className = k.replace(/ /g, "-");
        const b = document.createElement("b");
        b.textContent = k + ": ";
        div.append(b, String(v));
        box.appendChild(div);
      });
    }
  }
  if (fresh("companies", s.companies)) {
    const cb = $("companies").querySelector("tbody");
    cb.replaceChildren();
    for (const [sym, [name, owner, revenue, closed]] of Object.entries(s.companies)) {
      const tr = document.createElement("tr");
      tr.dataset.company = sym;
      if (closed) tr.className = "closed";
      cells(tr, [sym, name, closed ? "closed" : owner, money(revenue)]);
      cb.appendChild(tr);
    }
  }
  const scores = $("scores");
  scores.hidden = !(n === N && D.final.length);
  if (!scores.hidden && !scores.childElementCount) {
    const h = document.createElement("h2");
    h.textContent = "Final scores";
    const table = document.createElement("table");
    D.final.forEach(([name, value], k) => {
      const tr = document.createElement("tr");
      cells(tr, [String(k + 1), name, money(value)]);
      tr.children[2].className = "num score";
      table.appendChild(tr);
    });
    scores.append(h, table);
  }
  moveCursors(n);
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
  $("status").textContent = (phase === null ? "" : "phase " + phase + " · ") + round + " · bank " +
    money(bank) + (acting ? " · " + acting + " to act" : "") + (over ? " · " + over : "");
  $("error").textContent = n === N && D.error ? D.error : "";
  // players
  if (fresh("players", [s.players, s.worth, n > 0 && s.changed.players])) {
    const pb = $("players").querySelector("tbody");
    pb.replaceChildren();
    D.players.forEach(([id, name], k) => {
      const row = s.players[String(k)] || [0, "", ""];
      const tr = document.createElement("tr");
      tr.dataset.player = id;
      if (s.changed.players.includes(String(k)) && n > 0) tr.className = "changed";
      cells(tr, [name, money(row[0]), money(s.worth[k] ?? row[0]), row[1], row[2]]);
      tr.children[1].className = "num cash";
      tr.children[2].className = "num worth";
      pb.appendChild(tr);
    });
  }
  // corporations
  if (fresh("corps", [s.corps, n > 0 && s.changed.corps])) {
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
  if (fresh("market", s.market)) drawMarket(s.market);
  drawRoutes(routesAt(n), s.hexes, n);
  drawHighlight(f.hx);
  drawPanels(s, n);
  // log: lines up to this frame shown, this frame's marked
  const end = logEnd[n];
  for (let i = Math.min(logShown, end); i < Math.max(logShown, end); i++) {
    logDivs[i].classList.toggle("future", i >= end);
  }
  logShown = end;
  for (let i = logNow[0]; i < logNow[1]; i++) logDivs[i].classList.remove("now");
  logNow = logOf[n];
  for (let i = logNow[0]; i < logNow[1]; i++) logDivs[i].classList.add("now");
  const mark = logDivs[logNow[0]];
  if (mark && !logBox.classList.contains("searching")) {
    logBox.scrollTop = mark.offsetTop - logBox.offsetTop - logBox.clientHeight / 2;
  }
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
$("all-routes").onchange = () => show(current);
document.addEventListener("keydown", (e) => {
  if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range"
                   && e.target.type !== "checkbox")) return;
  const keys = { "+": () => zoomCentre(1.5), "=": () => zoomCentre(1.5), "-": () => zoomCentre(1 / 1.5),
                 "0": () => zoom.reset(), ArrowRight: () => show(current + 1),
                 ArrowLeft: () => show(current - 1), Home: () => show(0),
                 End: () => show(N), PageDown: () => roundStep(1), PageUp: () => roundStep(-1) };
  if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
});
show(0);
"""
)
