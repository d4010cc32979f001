"""The replay viewer's map script (part of :data:`framework.render.viewer_script.SCRIPT`):
zoom and pan (wheel, drag, a two-finger pinch, buttons and keys), the last action's hexes
outlined, and the routes shown, which recolour the track they use in the hexes'
pictures (:func:`framework.render.hexes.draw_hex` with ``variables``)."""

MAP_SCRIPT = r"""
// zoom and pan (framework.render.shared_script): a transform on the map's viewport
// group; wheel or pinch zooms at the pointer, dragging pans, the buttons and + - 0 zoom
// at the centre and reset
const svgMap = $("map");
const zoom = panZoom({
  box: svgMap, svg: () => svgMap, size: () => [D.width, D.height], viewBox: false,
  group: () => $("viewport"),
  buttons: { zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), reset: $("zoom-reset") },
});
const { view, zoomCentre, mapPoint } = zoom;
const applyView = zoom.apply;

function drawHighlight(marked) {
  const layer = $("highlight");
  layer.replaceChildren();
  (marked || []).forEach((i) => {
    const [id, x, y] = D.hexes[i];
    const p = document.createElementNS(SVGNS, "polygon");
    p.setAttribute("points", D.hexCorners);
    p.setAttribute("transform", "translate(" + x + "," + y + ")");
    p.setAttribute("class", "last-hex");
    p.setAttribute("data-hex", id);
    layer.appendChild(p);
  });
}

// the routes to show at frame n, each with the frame that ran it: its own, those of the
// operating turn it is in, or with "all routes of the round" every route run in this
// round so far
function routesAt(n) {
  const f = D.frames[n];
  const of = (k) => (D.frames[k].r || []).map((route) => [k, route]);
  if (!$("all-routes").checked) return f.r ? of(n) : f.rk !== undefined ? of(f.rk) : [];
  let start = 0;
  D.rounds.forEach(([k]) => { if (k <= n) start = k; });
  const out = [];
  for (let k = start; k <= n; k++) out.push(...of(k));
  return out;
}

// routes recolour the track they use, as 18xx.games draws them: every hex picture
// colours its track path K with var(--rK, black) (and a copy of it over the track it
// meets or crosses with var(--rK, none), its casings var(--cK, none)) and rings its
// revenue centre K with var(--sK, none), so a route sets those on the hex's <use> and
// its track changes colour under the tokens, revenue circles and names. A hex whose picture changed since the
// route ran ("all routes of the round") has the same track found by its path data;
// track no longer there, and a title layer's links (path data), are drawn over the map.
let painted = new Map();  // "hex property" -> [hex, property] set by the last drawRoutes
function paint(i, name, color) {
  const key = i + " " + name;
  if (painted.has(key)) return;  // the first route through a path or a stop keeps it
  uses[i].style.setProperty(name, color);
  painted.set(key, [i, name]);
}
function paintPath(i, k, color) {  // path k of hex i, and its copy on top with its casings
  paint(i, "--r" + k, color);
  paint(i, "--c" + k, "#fff");
}
const picturesOf = new Map();  // the hexes' pictures at a frame that ran routes
function picturesAt(k) {
  if (!picturesOf.has(k)) picturesOf.set(k, stateAt(k).hexes);
  return picturesOf.get(k);
}
function overPath(i, d, color) {
  const p = document.createElementNS(SVGNS, "path");
  const [, x, y] = D.hexes[i];
  p.setAttribute("d", d);
  p.setAttribute("transform", "translate(" + x + "," + y + ")");
  p.setAttribute("fill", "none"); p.setAttribute("stroke", color);
  p.setAttribute("stroke-opacity", "0.7");
  p.setAttribute("stroke-width", "7"); p.setAttribute("stroke-linecap", "round");
  p.setAttribute("class", "route-over");
  return p;
}
function pathEnds(d) {  // a path's two ends (either way round) and its kind: the same track
  const n = d.match(/-?[\d.]+/g) || [];
  const ends = [n[0] + "," + n[1], n[n.length - 2] + "," + n[n.length - 1]].sort();
  return ends.join(" ") + d.replace(/[^A-Z]/g, "");
}
function inPicture(snippet, selector) {
  return [...document.getElementById("s" + snippet).querySelectorAll(selector)];
}
function drawRoutes(shown, now, n) {
  painted.forEach(([i, name]) => uses[i].style.removeProperty(name));
  painted = new Map();
  const layer = $("routes");
  layer.replaceChildren();
  const key = $("routes-key");
  key.replaceChildren();
  shown.forEach(([k, route], r) => {
    const color = D.routeColors[r % D.routeColors.length];
    const then = k === n ? now : picturesAt(k);
    route.s.forEach(([i, p]) => {
      if (typeof p === "string") { layer.appendChild(overPath(i, p, color)); return; }
      if (then[i] === now[i]) { paintPath(i, p, color); return; }
      const old = inPicture(then[i], '[data-path="' + p + '"].track')[0];
      const d = old && old.getAttribute("d");
      const ends = d && pathEnds(d);
      const same = d && inPicture(now[i], "path.track").find((e) => pathEnds(e.getAttribute("d")) === ends);
      if (same) paintPath(i, same.dataset.path, color);
      else if (d) layer.appendChild(overPath(i, d, color));
    });
    route.p.forEach(([i, node, y]) => {
      if (y !== undefined) {  // a title layer's stop: a ring over the map
        const c = document.createElementNS(SVGNS, "circle");
        const [, hx, hy] = D.hexes[i];
        c.setAttribute("cx", hx + node); c.setAttribute("cy", hy + y); c.setAttribute("r", "12");
        c.setAttribute("fill", "none"); c.setAttribute("stroke", color); c.setAttribute("stroke-width", "3");
        layer.appendChild(c);
        return;
      }
      if (then[i] === now[i]) { paint(i, "--s" + node, color); return; }
      const old = inPicture(then[i], ".route-stops circle")[node];  // one per revenue centre, in order
      const at = (e) => e.getAttribute("cx") + "," + e.getAttribute("cy");
      const same = old ? inPicture(now[i], ".route-stops circle").findIndex((e) => at(e) === at(old)) : -1;
      if (same >= 0) paint(i, "--s" + same, color);
    });
    const line = document.createElement("div");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = color;
    line.append(swatch, route.o + " " + route.v);
    key.appendChild(line);
  });
}
"""
