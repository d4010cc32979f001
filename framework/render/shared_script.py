"""Page script shared by the replay viewer (:mod:`framework.render.viewer_script`, inlined
in its page) and the play page of ``18xx serve`` (served as ``/static/shared.js``).

:data:`SHARED_SCRIPT` defines two functions:

``panZoom(options)``
    zoom and pan of a map: the wheel or a pinch zooms at the pointer, dragging pans, and
    buttons zoom in and out at the centre and go back to the whole map. The view is kept
    as a scale and an offset in the map's own units, and applied either as a transform
    of a group inside the map (the viewer, whose map stays) or as the map's ``viewBox``
    (the play page, whose map is replaced at every redraw: ``apply()`` puts the view on
    the new map). A drag begins only after the pointer moves a few pixels, and the click
    that ends a drag is swallowed, so clicks on the map's hexes still work.

``moveCursors(step)``
    moves the cursor line of every plot of :func:`framework.render.plots.step_lines` in
    the page to ``step``.
"""

SHARED_SCRIPT = r"""
"use strict";
// options: box (the element that takes the pointer), svg() (the map's <svg> now),
// viewBox (true: zoom by the svg's viewBox; false: by options.group(), a <g> given a
// transform, and size(), [width, height] of the map in its units), buttons
// ({zoomIn, zoomOut, reset}: elements), changed(view) (after every change); returns
// {view, apply, zoomCentre, reset, mapPoint}
function panZoom(o) {
  const view = { s: 1, x: 0, y: 0 };
  const MAX = 8, DRAG = 4;
  // viewBox: the whole map's viewBox, from the map drawn when the view was last the
  // whole map (a redraw may widen the picture: the view stays on the same part of it)
  let whole = null;
  const own = (svg) => {
    if (!svg.dataset.viewBox) svg.dataset.viewBox = (svg.getAttribute("viewBox") || "0 0 1 1").trim();
    return svg.dataset.viewBox.split(/[ ,]+/).map(Number);
  };
  const size = () => (o.viewBox ? (whole || [0, 0, 1, 1]).slice(2) : o.size());
  function apply() {
    const svg = o.svg();
    if (!svg) return;
    if (o.viewBox) {
      const base = own(svg);
      if (!whole || (view.s === 1 && view.x === 0 && view.y === 0)) whole = base;
      const [ox, oy, w, h] = whole;
      svg.setAttribute("viewBox", [ox - view.x / view.s, oy - view.y / view.s, w / view.s, h / view.s]
        .map((v) => v.toFixed(2)).join(" "));
    } else {
      o.group().setAttribute("transform", "translate(" + view.x.toFixed(1) + "," + view.y.toFixed(1) +
        ") scale(" + view.s.toFixed(4) + ")");
    }
    if (o.changed) o.changed(view);
  }
  // a point of the screen in the map's units as if not zoomed (from the map's origin)
  function mapPoint(cx, cy) {
    const svg = o.svg();
    const m = svg && svg.getScreenCTM();
    if (!m) { const [w, h] = size(); return [w / 2, h / 2]; }
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    if (!o.viewBox) return [p.x, p.y];
    if (!whole) apply();
    const [ox, oy] = whole;
    return [(p.x - ox + view.x / view.s) * view.s, (p.y - oy + view.y / view.s) * view.s];
  }
  function zoomAt(factor, px, py) {
    const s = Math.max(1, Math.min(MAX, view.s * factor));
    const k = s / view.s;
    view.x = px - (px - view.x) * k;
    view.y = py - (py - view.y) * k;
    view.s = s;
    if (s === 1) { view.x = 0; view.y = 0; }
    apply();
  }
  function zoomCentre(factor) { const [w, h] = size(); zoomAt(factor, w / 2, h / 2); }
  function reset() { view.s = 1; view.x = 0; view.y = 0; apply(); }
  const b = o.buttons || {};
  if (b.zoomIn) b.zoomIn.onclick = () => zoomCentre(1.5);
  if (b.zoomOut) b.zoomOut.onclick = () => zoomCentre(1 / 1.5);
  if (b.reset) b.reset.onclick = reset;
  o.box.addEventListener("wheel", (e) => {
    if (!o.svg()) return;
    e.preventDefault();
    const [px, py] = mapPoint(e.clientX, e.clientY);
    zoomAt(Math.exp(-e.deltaY * 0.0015), px, py);
  }, { passive: false });
  const pointers = new Map();
  let pinch = null, dragged = false;
  o.box.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    pointers.set(e.pointerId, { at: [e.clientX, e.clientY], start: [e.clientX, e.clientY], moving: false });
    dragged = false;
    if (pointers.size === 2) {
      const [a, c] = [...pointers.values()].map((p) => p.at);
      pinch = { d: Math.hypot(a[0] - c[0], a[1] - c[1]) || 1, s: view.s };
    }
  });
  o.box.addEventListener("pointermove", (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const before = p.at;
    p.at = [e.clientX, e.clientY];
    if (!p.moving) {
      if (pointers.size < 2 && Math.hypot(p.at[0] - p.start[0], p.at[1] - p.start[1]) < DRAG) return;
      p.moving = true;
      try { o.box.setPointerCapture(e.pointerId); } catch (err) { /* a pointer no longer down */ }
      o.box.classList.add("dragging");
    }
    dragged = true;
    if (pointers.size === 2 && pinch) {
      // the map scales with the fingers' distance and moves with their midpoint, the
      // point under the midpoint staying under it
      const [a, c] = [...pointers.values()].map((q) => q.at);
      const other = a === p.at ? c : a;
      const [x0, y0] = mapPoint((before[0] + other[0]) / 2, (before[1] + other[1]) / 2);
      const [x1, y1] = mapPoint((a[0] + c[0]) / 2, (a[1] + c[1]) / 2);
      view.x += x1 - x0;
      view.y += y1 - y0;
      zoomAt(pinch.s * Math.hypot(a[0] - c[0], a[1] - c[1]) / pinch.d / view.s, x1, y1);
      return;
    }
    const [x0, y0] = mapPoint(before[0], before[1]);
    const [x1, y1] = mapPoint(p.at[0], p.at[1]);
    view.x += x1 - x0;
    view.y += y1 - y0;
    apply();
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) o.box.classList.remove("dragging");
  };
  o.box.addEventListener("pointerup", release);
  o.box.addEventListener("pointercancel", release);
  // the click that ends a drag is not a click on the map
  o.box.addEventListener("click", (e) => {
    if (dragged) { e.stopPropagation(); e.preventDefault(); dragged = false; }
  }, true);
  apply();
  return { view, apply, zoomCentre, reset, mapPoint };
}

// the plots' cursor lines (framework.render.plots.step_lines) at a step
function moveCursors(step) {
  document.querySelectorAll("svg.chart line.cursor").forEach((line) => {
    const x = Number(line.dataset.x0) + Number(line.dataset.w) * step / Math.max(1, Number(line.dataset.n));
    line.setAttribute("x1", x.toFixed(1));
    line.setAttribute("x2", x.toFixed(1));
  });
}
"""
