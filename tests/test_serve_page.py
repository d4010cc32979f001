"""The play page of ``18xx serve`` as the replay viewer draws a game (issue 16): zoom and
pan kept across redraws, the last action's hexes outlined, the whole log searchable and
each line going to the position after its action (``GET /api/games/ID/at/N``), and the
plots of net worth and share prices over the game. The API with Starlette's TestClient,
the page in headless Chromium."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_support import browser, watched_page

pytest.importorskip("starlette")

from test_serve import SJ, click, client, heuristic_click, new_game, open_game, running, state

from framework.engine.choices import legal_actions
from framework.engine.finance import player_value
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.render.position import round_label


def play(c, gid: int, count: int) -> dict[str, Any]:
    """``count`` choices taken as the heuristic bot would; the state after them."""
    live = c.app.state.server.open(gid)
    for _ in range(count):
        entity, kind, index, amount = heuristic_click(live)
        request = {"entity": entity, "kind": kind, "index": index, "amount": amount}
        assert c.post(f"/api/games/{gid}/choose", json=request).status_code == 200
    return state(c, gid)


def points(plots: str, series: str) -> int:
    """How many points the plot line of ``series`` has."""
    found = re.search(rf'data-series="{re.escape(series)}" points="([^"]*)"', plots)
    assert found, f"no plot line for {series}"
    return len(found.group(1).split())


def test_the_whole_log_with_the_action_of_each_line(tmp_path):
    c = client(tmp_path)
    gid = new_game(c)
    s = play(c, gid, 12)
    live = c.app.state.server.open(gid)
    assert s["log"] == live.game.messages and len(s["log"]) > 12
    marks = s["log_actions"]
    ends = [end for _, end in marks]
    assert ends == sorted(set(ends)) and ends[-1] == len(s["log"])
    ids = [a["id"] for a in live.session.actions]
    assert all(number in ids or number == 0 for number, _ in marks)
    # each action's lines are those it wrote: replayed to it, the game has written up to its end
    for number, end in marks[1:6]:
        assert len(live.session.game_at(number).messages) == end
    assert s["steps"] == len(live.history.steps) == 13  # the start and one step per action


def test_looking_back_at_an_action(tmp_path):
    c = client(tmp_path)
    gid = new_game(c)
    s = play(c, gid, 10)
    live = c.app.state.server.open(gid)
    number = live.session.actions[4]["id"]
    reply = c.get(f"/api/games/{gid}/at/{number}")
    assert reply.status_code == 200, reply.text
    past = reply.json()
    earlier = live.session.game_at(number)
    assert past["action"] == number and past["step"] == 5 and past["log_end"] == len(earlier.messages)
    assert [p["cash"] for p in past["players"]] == [
        earlier.title.title.money(p.cash) for p in earlier.players
    ]
    assert [p["worth"] for p in past["players"]] == [
        earlier.title.title.money(player_value(earlier, p.id)) for p in earlier.players
    ]
    assert past["svg"] != s["svg"] and "<svg" in past["svg"] and "<h3>Shares</h3>" in past["panels"]
    assert past["described"].startswith("P") and past["round"]
    assert c.get(f"/api/games/{gid}/at/{number}").json() == past  # kept, and the same
    assert number in live.history.looks
    start = c.get(f"/api/games/{gid}/at/0").json()
    assert start["log_end"] == len(live.session.game_at(0).messages) and start["step"] == 0

    for bad, status, words in (
        ("x", 400, "an action is given by its number"),
        ("-3", 400, "an action is given by its number"),
        ("9999", 404, f"game {gid} has no action 9999 in effect"),
    ):
        reply = c.get(f"/api/games/{gid}/at/{bad}")
        assert reply.status_code == status and words in reply.json()["error"], reply.text
        assert "Traceback" not in reply.text
    assert c.get("/api/games/77/at/1").status_code == 404
    # an action taken back is no longer there to look at
    last = live.session.actions[-1]["id"]
    assert c.get(f"/api/games/{gid}/at/{last}").status_code == 200
    assert c.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    reply = c.get(f"/api/games/{gid}/at/{last}")
    assert reply.status_code == 404 and "no action" in reply.json()["error"]


def test_last_hexes_and_plots_and_the_history_after_undo_and_a_restart(tmp_path):
    c = client(tmp_path)
    gid = new_game(c)
    live = c.app.state.server.open(gid)
    s = state(c, gid)
    worth_points = points(s["plots"], "P1")
    for _ in range(300):  # until a tile is laid
        lay = next((ch for ch in s["choices"] if ch["kind"] == "lay_tile"), None)
        if lay:
            break
        s = play(c, gid, 1)
    else:
        pytest.fail("no tile to lay")
    request = {"entity": lay["entity"], "kind": "lay_tile", "index": 0, "version": s["version"]}
    assert c.post(f"/api/games/{gid}/choose", json=request).status_code == 200
    after = state(c, gid)
    target = lay["options"][0]["hex"]
    assert target in after["last_hexes"]
    assert f'data-hex="{target}"' in after["highlight"] and 'class="last-hex"' in after["highlight"]
    # the plots: a line per player and per corporation with a price, growing as the game goes
    assert points(after["plots"], "P1") > worth_points
    priced = {sym for sym in live.game.corporations if sym in live.game.market.positions}
    assert priced and all(f'data-series="{sym}"' in after["plots"] for sym in priced)
    # an undo rebuilds the history as the actions in effect make it; so does a restart
    steps = [(st.action, st.log_end, st.worth, st.prices) for st in live.history.steps]
    assert c.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    undone = [(st.action, st.log_end, st.worth, st.prices) for st in live.history.steps]
    assert undone == steps[:-1]  # the lay taken back (every seat is a person's)
    assert state(c, gid)["last_hexes"] == live.history.marked() and target not in live.history.steps[-1].hexes
    assert c.post(f"/api/games/{gid}/redo", json={}).status_code == 200
    redone = client(tmp_path).app.state.server.open(gid)  # a new app: rebuilt from the store
    assert [(st.action, st.log_end, st.worth, st.prices) for st in redone.history.steps] == steps
    assert state(c, gid)["last_hexes"] == after["last_hexes"]


def test_a_real_18SJ_game_looked_back_at(tmp_path):
    """Uploaded, the real game's history matches a replay step by step (net worth and
    prices at a few actions), and the position after its 300th action is the replay's."""
    raw = json.loads((SJ / "games" / "166116.json").read_text(encoding="utf-8"))
    c = client(tmp_path)
    gid = c.post("/api/upload", content=json.dumps(raw)).json()["id"]
    live = c.app.state.server.open(gid)
    record = GameFile.from_dict(raw)
    number = live.history.steps[300].action
    game = replay(record, stop_after=number).game
    step = live.history.steps[300]
    assert step.worth == [player_value(game, p.id) for p in game.players]
    assert step.log_end == len(game.messages)
    past = c.get(f"/api/games/{gid}/at/{number}").json()
    assert past["log_end"] == len(game.messages) and past["round"] == round_label(game)
    assert [p["cash"] for p in past["players"]] == [game.title.title.money(p.cash) for p in game.players]


# -- in the browser ---------------------------------------------------------------------


def view_box(page, where: str = "#map svg") -> list[float]:
    return [float(v) for v in page.locator(where).get_attribute("viewBox").split()]


def test_zoom_survives_redraws_and_the_last_hex_is_outlined(tmp_path):
    with browser() as b, running(tmp_path) as (url, server):
        page, errors, live = open_game(b, url, server, "Tiny", "human", "human", "human")
        whole = view_box(page)
        page.click("#zoom-in")
        zoomed = view_box(page)
        assert zoomed[2] == pytest.approx(whole[2] / 1.5, abs=0.05)
        assert zoomed[3] == pytest.approx(whole[3] / 1.5, abs=0.05)
        box = page.locator("#map svg").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
        page.mouse.wheel(0, -200)
        wheeled = view_box(page)
        assert wheeled[2] < zoomed[2]
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2 + 60, box["y"] + box["height"] / 3 + 30, steps=4)
        page.mouse.up()
        panned = view_box(page)
        assert panned[:2] != wheeled[:2] and panned[2:] == wheeled[2:]
        assert "zoomed" in page.locator("#left").get_attribute("class")
        # two fingers moving apart zoom in further (pointer events as a touch screen sends them)
        page.evaluate(
            """([x, y]) => {
              const left = document.getElementById("left");
              const at = (type, id, dx) => left.dispatchEvent(new PointerEvent(type, {pointerId: id,
                clientX: x + dx, clientY: y, bubbles: true, pointerType: "touch", isPrimary: id === 1}));
              at("pointerdown", 1, -20); at("pointerdown", 2, 20);
              at("pointermove", 1, -60); at("pointermove", 2, 60);
              at("pointerup", 1, -60); at("pointerup", 2, 60);
            }""",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 3],
        )
        pinched = view_box(page)
        assert pinched[2] == pytest.approx(panned[2] / 3, rel=0.02)
        panned = pinched
        # an action redraws the map: the view stays
        for _ in range(300):
            page.wait_for_selector(".choice")
            if page.locator('.choice[data-kind="lay_tile"]').count():
                break
            click(page, live, *heuristic_click(live))
            assert view_box(page) == panned
        else:
            pytest.fail("no tile to lay")
        page.click("#zoom-reset")  # the whole map as it is drawn now (it may have widened)
        now = [float(v) for v in page.locator("#map svg").get_attribute("data-view-box").split()]
        assert view_box(page) == now and now[2] >= whole[2]
        page.click("#zoom-in")
        zoomed = view_box(page)
        # a click on a hex (not a drag) still picks a tile there; the lay is then outlined
        entity = page.locator('.choice[data-kind="lay_tile"]').get_attribute("data-entity")
        target = legal_actions(live.game)[entity]["lay_tile"][0]["hex"]
        page.locator(f'#map g.hex[data-hex="{target}"]').click()
        assert page.locator("#map g.preview").count() == 1
        version = live.version
        page.locator('.choice[data-kind="lay_tile"] button.go').click()
        page.wait_for_function(f"document.body.dataset.version > {version}")
        outlined = page.locator("#map g.last-hexes polygon.last-hex")
        assert target in outlined.evaluate_all("ps => ps.map((p) => p.dataset.hex)")
        assert view_box(page) == zoomed
        page.screenshot(path=str(tmp_path / "zoomed.png"))
        assert not errors, errors


def test_the_log_searched_and_looked_back_at_and_the_plots(tmp_path):
    with browser() as b, running(tmp_path) as (url, server):
        page, errors, live = open_game(b, url, server, "Tiny", "human", "heuristic", "heuristic")
        lines = page.locator("#plot-worth polyline.series").first
        before = len(lines.get_attribute("points").split())
        for _ in range(8):
            if live.game.finished:
                break
            page.wait_for_selector(".choice")
            click(page, live, *heuristic_click(live))
        assert page.locator("#plot-worth polyline.series").count() == 3
        assert len(lines.get_attribute("points").split()) > before  # the plots grow
        every = page.locator("#log div[data-action]")
        assert every.count() == len(live.game.messages)  # the whole log, not the last lines
        # the search box keeps the lines with the words
        word = next(w for w in ("buys", "bids", "pars", "passes") if any(w in m for m in live.game.messages))
        page.fill("#log-search", word)
        hits = page.locator("#log div[data-action]:not(.miss)")
        expected = sum(word in m.lower() for m in live.game.messages)
        assert hits.count() == expected and 0 < expected < every.count()
        assert all(word in t for t in hits.all_inner_texts())
        assert f"{expected} of {every.count()}" in page.locator("#log-count").inner_text()
        # a click on a line: the position after its action, read-only
        line = hits.nth(0)
        number = int(line.get_attribute("data-action"))
        earlier = live.session.game_at(number)
        live_svg = page.locator("#map").inner_html()
        cursor = page.locator("#plot-worth line.cursor")
        at_end = float(cursor.get_attribute("x1"))
        line.click()
        page.wait_for_selector("body.looking-back #looking")
        assert f"action #{number}" in page.locator("#looking").inner_text()
        assert page.locator("#looking #back").is_visible()
        assert not page.locator("#choices").is_visible() and not page.locator("#map").is_visible()
        assert page.locator("#past-map svg").is_visible()
        assert page.locator("#past-map").inner_html() != live_svg
        money = earlier.title.title.money
        cash = page.locator("#past-players td.cash").all_inner_texts()[::2]
        assert cash == [money(p.cash) for p in earlier.players]
        assert page.locator("#log div.now").count() >= 1
        assert all(
            int(d) == number
            for d in page.locator("#log div.now").evaluate_all("ds => ds.map((d) => d.dataset.action)")
        )
        assert float(cursor.get_attribute("x1")) < at_end
        page.click("#zoom-in")  # the zoom works on the earlier map too
        assert view_box(page, "#past-map svg")[2] < view_box(page, "#map svg")[2] * 1.01
        page.screenshot(path=str(tmp_path / "looking-back.png"))
        page.click("#back")
        assert page.locator("#map svg").is_visible() and page.locator("#choices").is_visible()
        assert not page.locator("#looking").is_visible() and not page.locator("#log div.now").count()
        assert float(cursor.get_attribute("x1")) == pytest.approx(at_end)
        page.fill("#log-search", "")
        assert page.locator("#log div.miss").count() == 0
        assert not errors, errors


def test_the_page_on_a_narrow_screen(tmp_path):
    with browser() as b, running(tmp_path) as (url, server):
        _, errors, live = open_game(b, url, server, "Tiny", "human", "heuristic", "heuristic")
        narrow, more = watched_page(b, viewport={"width": 400, "height": 800})
        narrow.goto(f"{url}/games/{live.id}")
        narrow.wait_for_selector("#plots svg")
        width = narrow.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, width  # nothing wider than the screen
        left, right = narrow.locator("#left").bounding_box(), narrow.locator("#right").bounding_box()
        assert right["y"] >= left["y"] + left["height"] - 1  # the map above the rest
        narrow.screenshot(path=str(tmp_path / "narrow.png"), full_page=True)
        assert not errors and not more
