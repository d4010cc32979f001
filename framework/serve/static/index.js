// The start page: create a game, list the games, upload a game file.
"use strict";
let titles = [], rules = [];
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));

function showError(message) { $("error").textContent = message || ""; }

async function load() {
  const data = await (await fetch("/api/titles")).json();
  titles = data.titles; rules = data.rules;
  $("title").innerHTML = titles.map((t, i) => `<option value="${i}">${esc(t.name)}</option>`).join("");
  $("title").onchange = titleChanged;
  $("count").onchange = seatsChanged;
  $("rules").innerHTML = "<legend>House rules</legend>" + (rules.length ? rules.map((r) =>
    `<label><input type="checkbox" name="rule" value="${esc(r)}"> ${esc(r)}</label>`).join(" ") : "none offered (18xx serve --rules FILE)");
  titleChanged();
  listGames();
}

function titleChanged() {
  const t = titles[$("title").value];
  $("count").innerHTML = t.players.map((n) => `<option>${n}</option>`).join("");
  $("variants").innerHTML = "<legend>Variants</legend>" + (t.variants.filter((v) => !v.automatic).map((v) =>
    `<label title="${esc(v.players.length ? "for " + v.players.join(", ") + " players" : "")}"><input type="checkbox" name="variant" value="${esc(v.id)}"> ${esc(v.name)}</label>`).join(" ") || "none");
  seatsChanged();
}

function seatsChanged() {
  const n = Number($("count").value);
  let html = "<legend>Seats</legend>";
  for (let k = 1; k <= n; k++) {
    html += `<div><input class="seat-name" value="Player ${k}" aria-label="name of seat ${k}">
      <select class="seat-kind" aria-label="who plays seat ${k}"><option value="human">a person</option>
      <option value="heuristic"${k > 1 ? " selected" : ""}>heuristic bot</option><option value="random">random bot</option></select></div>`;
  }
  $("seats").innerHTML = html;
}

async function listGames() {
  const data = await (await fetch("/api/games")).json();
  $("games").querySelector("tbody").innerHTML = data.games.map((g) =>
    `<tr><td><a href="/games/${g.id}">game ${g.id}</a></td><td>${esc(g.title)}</td><td>${g.players.map(esc).join(", ")}</td><td>${esc(g.status)}</td></tr>`).join("");
}

$("new").onsubmit = async (event) => {
  event.preventDefault();
  const t = titles[$("title").value];
  const names = [...document.querySelectorAll(".seat-name")].map((e) => e.value);
  const kinds = [...document.querySelectorAll(".seat-kind")].map((e) => e.value);
  const body = {
    title: t.name, seed: Number($("seed").value),
    players: names.map((name, i) => ({name, seat: kinds[i]})),
    variants: [...document.querySelectorAll("input[name=variant]:checked")].map((e) => e.value),
    rules: [...document.querySelectorAll("input[name=rule]:checked")].map((e) => e.value),
  };
  const reply = await fetch("/api/games", {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  const data = await reply.json();
  if (!reply.ok) return showError(data.error);
  location.href = `/games/${data.id}`;
};

$("upload").onclick = async () => {
  const file = $("file").files[0];
  if (!file) return showError("choose a game file first");
  const reply = await fetch("/api/upload", {method: "POST", body: await file.text()});
  const data = await reply.json();
  if (!reply.ok) return showError(data.error);
  location.href = `/games/${data.id}`;
};

load();
