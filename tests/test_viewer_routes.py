"""The replay viewer's routes and pinch zoom, in its data and in headless Chromium: a
route recolours the track paths it uses in the hexes' own pictures (so the station tokens
stay on top), for the whole operating turn and, with "all routes of the round", on tiles
laid since; two fingers zoom and pan the map."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from browser_support import browser, watched_page
from test_viewer import page_data, page_html, viewer_page


@cache
def pictures() -> dict[int, str]:
    """The page's hex pictures by number."""
    found = re.findall(r'<g id="s(\d+)">(.*?)</g>(?=<g id="s\d+">|</defs>)', page_html(), re.S)
    return {int(k): svg for k, svg in found}


def pictures_by_frame() -> list[list[int]]:
    """Each hex's picture at each frame."""
    hexes = [0] * len(page_data()["hexes"])
    out = []
    for frame in page_data()["frames"]:
        for i, snippet in frame.get("h", []):
            hexes[i] = snippet
        out.append(list(hexes))
    return out


def test_route_frames_name_the_track_paths_and_stops_they_recolour():
    data = page_data()
    checked = 0
    for frame, hexes in zip(data["frames"], pictures_by_frame(), strict=True):
        for route in frame.get("r", []):
            for i, p in route["s"]:
                assert isinstance(p, int)
                # a track path, or an arrow to an off-board area
                assert re.search(
                    rf'style="(stroke|fill):var\(--r{p},#[0-9a-f]{{6}}\)" [^>]*data-path="{p}"',
                    pictures()[hexes[i]],
                )
                checked += 1
            for i, node in route["p"]:
                assert f'style="stroke:var(--s{node},none)"' in pictures()[hexes[i]]
    assert checked > 300


def _pixel(page: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the page's pixel at ``(x, y)``: a 1×1 screenshot, whose one row
    needs no PNG filter undone (every filter predicts 0 for the first pixel)."""
    import zlib

    png = page.screenshot(clip={"x": int(x), "y": int(y), "width": 1, "height": 1})
    pos, chunks = 8, b""
    while pos < len(png):
        length = int.from_bytes(png[pos : pos + 4], "big")
        if png[pos + 4 : pos + 8] == b"IDAT":
            chunks += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(chunks)
    return raw[1], raw[2], raw[3]


def _near(colour: tuple[int, int, int], hex_colour: str, within: int = 40) -> bool:
    want = [int(hex_colour[k : k + 2], 16) for k in (1, 3, 5)]
    return all(abs(a - b) <= within for a, b in zip(colour, want, strict=True))


POINT_ON_PATH = """([i, p, at]) => {
  const el = document.querySelector("#s" + stateAt(current).hexes[i] + ' path.track[data-path="' + p + '"]');
  const pt = el.getPointAtLength(el.getTotalLength() * at);
  const q = new DOMPoint(pt.x, pt.y).matrixTransform(uses[i].getScreenCTM());
  return [q.x, q.y];
}"""

CENTRE_ON = """(i) => {
  const [, x, y] = D.hexes[i];
  view.s = 4; view.x = D.width / 2 - x * 4; view.y = D.height / 2 - y * 4; applyView();
}"""


def test_browser_routes_recolour_their_track_under_the_tokens(tmp_path):
    page_file = tmp_path / "replay.html"
    page_file.write_text(page_html(), encoding="utf-8")
    data = page_data()
    frames = data["frames"]
    colours = data["routeColors"]
    with viewer_page(page_file) as (page, errors):
        # a frame whose first route runs on a hex with no other track, and from a city in
        # the middle of a hex with a station token
        def alone(picture: str) -> bool:
            return picture.count('class="track"') == 1

        def from_token(picture: str, p: int) -> bool:
            return 'class="token"' in picture and re.search(
                rf'<path d="(M0,0[^"]*|[^"]*L0,0)"[^>]*data-path="{p}"', picture
            )

        k, one, tokened = next(
            (k, single[0], under[0])
            for k, (f, hexes) in enumerate(zip(frames, pictures_by_frame(), strict=True))
            if f.get("r")
            for single in [[[i, p] for i, p in f["r"][0]["s"] if alone(pictures()[hexes[i]])]]
            for under in [[[i, p] for i, p in f["r"][0]["s"] if from_token(pictures()[hexes[i]], p)]]
            if single and under
        )
        page.evaluate(f"show({k})")
        # every path a route uses has its route's colour set on its hex's <use>
        for r, route in enumerate(frames[k]["r"]):
            for i, p in route["s"]:
                value = page.evaluate(f"getComputedStyle(uses[{i}]).getPropertyValue('--r{p}')")
                assert value.strip() == colours[r % len(colours)]
        # on a hex whose only track is the route's, the track is drawn in the route's colour
        i, p = one
        page.evaluate(CENTRE_ON, i)
        x, y = page.evaluate(POINT_ON_PATH, [i, p, 0.5])
        assert _near(_pixel(page, x, y), colours[0]), _pixel(page, x, y)
        # where the route runs under a station token, the token is seen, not the route
        i, p = tokened
        page.evaluate(CENTRE_ON, i)
        start = from_token(pictures()[pictures_by_frame()[k][i]], p).group(1).startswith("M0,0")
        x, y = page.evaluate(POINT_ON_PATH, [i, p, 0.02 if start else 0.98])  # at the city, under its token
        assert not _near(_pixel(page, x, y), colours[0], 60), _pixel(page, x, y)
        x, y = page.evaluate(POINT_ON_PATH, [i, p, 0.85 if start else 0.15])  # beyond the city: the route's
        assert _near(_pixel(page, x, y), colours[0]), _pixel(page, x, y)
        page.locator("#mapbox").screenshot(path=str(tmp_path / "route.png"))
        # the operating turn's later frames keep the routes; a frame after it has none
        later = next(j for j, f in enumerate(frames) if "rk" in f)
        page.evaluate(f"show({later})")
        i, p = frames[frames[later]["rk"]]["r"][0]["s"][0]
        assert page.evaluate(f"getComputedStyle(uses[{i}]).getPropertyValue('--r{p}')").strip() == colours[0]
        after = next(j for j in range(later, len(frames)) if "r" not in frames[j] and "rk" not in frames[j])
        page.evaluate(f"show({after})")
        assert page.locator("#hexes use[style*='--r']").count() == 0
        assert page.locator("#routes *").count() == 0
        # with every route of the round, no route is left to draw over the map, even on a
        # hex whose tile was replaced after the route ran (the same track found on the new one)
        page.check("#all-routes")
        page.evaluate(f"show({after})")
        assert page.locator("#hexes use[style*='--r']").count() > 0
        over = page.evaluate(
            "() => { let n = 0; for (let k = 0; k <= N; k++) { show(k);"
            " n += document.querySelectorAll('#routes .route-over').length; } return n; }"
        )
        assert over == 0
        assert not errors


def test_browser_pinch_zooms_and_two_fingers_pan(tmp_path):
    page_file = tmp_path / "replay.html"
    page_file.write_text(page_html(), encoding="utf-8")
    with browser() as b:
        page, errors = watched_page(b, has_touch=True)
        page.goto(page_file.as_uri())
        box = page.locator("#map").bounding_box()
        cx, cy = box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.45
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, points: list[tuple[float, float]]) -> None:
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]},
            )

        def view() -> dict:
            page.evaluate("new Promise(requestAnimationFrame)")
            return page.evaluate("({ ...view })")

        def under(x: float, y: float) -> list[float]:  # the map point under a screen point
            return page.evaluate(
                "([x, y]) => { const [px, py] = mapPoint(x, y);"
                " return [(px - view.x) / view.s, (py - view.y) / view.s]; }",
                [x, y],
            )

        assert view()["s"] == 1
        spot = under(cx, cy)
        touch("touchStart", [(cx - 50, cy), (cx + 50, cy)])
        for k in range(1, 11):
            touch("touchMove", [(cx - 50 - 5 * k, cy), (cx + 50 + 5 * k, cy)])
        touch("touchEnd", [])
        zoomed = view()
        assert zoomed["s"] == pytest.approx(2.0, rel=0.02)  # the fingers twice as far apart
        assert under(cx, cy) == pytest.approx(spot, abs=1.0)  # the point between them stays
        # two fingers moved together pan the map
        touch("touchStart", [(cx - 50, cy), (cx + 50, cy)])
        for k in range(1, 6):
            touch("touchMove", [(cx - 50 + 20 * k, cy + 10 * k), (cx + 50 + 20 * k, cy + 10 * k)])
        touch("touchEnd", [])
        panned = view()
        assert panned["s"] == pytest.approx(zoomed["s"], rel=0.01)
        assert panned["x"] > zoomed["x"] and panned["y"] > zoomed["y"]
        assert not errors
