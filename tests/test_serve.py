"""``18xx serve``: the web app's API (Starlette's TestClient) and, in headless Chromium,
a game played through the page by clicks and two pages seeing each other's actions."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import browser, watched_page

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from framework.bots import make_bot
from framework.bots.base import amount_field, prudent, to_action
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.serve.app import create_app

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
SJ = ROOT / "titles" / "18SJ"


def seats(*kinds: str) -> list[dict[str, str]]:
    return [{"name": f"P{k}", "seat": kind} for k, kind in enumerate(kinds, 1)]


def client(data: Path) -> TestClient:
    return TestClient(create_app(data, [TINY, SJ]))


def new_game(c: TestClient, title: str = "Tiny", *kinds: str) -> int:
    reply = c.post(
        "/api/games", json={"title": title, "seed": 3, "players": seats(*(kinds or ("human",) * 3))}
    )
    assert reply.status_code == 200, reply.text
    return reply.json()["id"]


def state(c: TestClient, gid: int) -> dict[str, Any]:
    reply = c.get(f"/api/games/{gid}")
    assert reply.status_code == 200, reply.text
    return reply.json()


def first_choice(s: dict[str, Any]) -> dict[str, Any]:
    """The first listed choice that is not a pass (else a pass), as a choose request."""
    found = [c for c in s["choices"] if c["kind"] != "pass"] or s["choices"]
    c = found[0]
    return {"entity": c["entity"], "kind": c["kind"], "index": 0, "version": s["version"]}


def test_titles_and_a_new_game(tmp_path):
    c = client(tmp_path)
    titles = {t["name"]: t for t in c.get("/api/titles").json()["titles"]}
    assert set(titles) == {"Tiny", "18SJ"}
    assert 4 in titles["18SJ"]["players"] and titles["18SJ"]["variants"]
    gid = new_game(c)
    s = state(c, gid)
    assert s["version"] == 0 and s["acting"] == "P1" and s["round"] and "<svg" in s["svg"]
    assert [p["name"] for p in s["players"]] == ["P1", "P2", "P3"] and s["players"][0]["acting"]
    assert {c["kind"] for c in s["choices"]} >= {"pass"}
    assert all(p["worth"] == p["cash"] for p in s["players"])  # nothing but cash yet
    assert "<h3>Shares</h3>" in s["panels"] and "<h3>Trains</h3>" in s["panels"]
    assert "depot offers" in s["panels"]
    assert c.get("/api/games").json()["games"][0]["id"] == gid
    assert c.get("/").status_code == 200 and c.get(f"/games/{gid}").status_code == 200


def test_bad_requests_get_messages(tmp_path):
    c = client(tmp_path)
    reply = c.post("/api/games", json={"title": "Nope", "players": seats("human")})
    assert reply.status_code == 400 and "no title 'Nope'" in reply.json()["error"]
    reply = c.post("/api/games", json={"title": "Tiny", "players": seats("human")})
    assert reply.status_code == 400 and "not played by 1 players" in reply.json()["error"]
    reply = c.post("/api/games", json={"title": "Tiny", "players": seats("human", "robot")})
    assert reply.status_code == 400 and "'robot'" in reply.json()["error"]
    assert c.get("/api/games/99").status_code == 404


def test_acting_refusal_undo_redo(tmp_path):
    c = client(tmp_path)
    gid = new_game(c)
    s0 = state(c, gid)
    bid = next(ch for ch in s0["choices"] if ch["kind"] == "bid")
    # a bid far too low: the engine refuses it with its rule, and nothing changes
    company = bid["options"][0]["text"].split(";")[0]
    raw = {"type": "bid", "entity": bid["entity"], "company": company, "price": 1}
    reply = c.post(f"/api/games/{gid}/act", json={"action": raw, "version": 0})
    assert reply.status_code == 400 and reply.json()["error"] and reply.json()["rule"]
    assert state(c, gid)["log"] == s0["log"] and state(c, gid)["version"] == 0
    # a bid above the range offered (and the bidder's cash), in 18SJ's auction
    sj = new_game(c, "18SJ", "human", "human", "human")
    offered = next(ch for ch in state(c, sj)["choices"] if ch["kind"] == "bid")
    k, ranged = next((k, o) for k, o in enumerate(offered["options"]) if "max" in o)
    assert ranged["min"] < ranged["max"] and ranged["step"] >= 1
    request = {"entity": offered["entity"], "kind": "bid", "index": k, "amount": 10**6, "version": 0}
    reply = c.post(f"/api/games/{sj}/choose", json=request)
    assert reply.status_code == 400 and reply.json()["error"] and state(c, sj)["version"] == 0
    reply = c.post(f"/api/games/{sj}/choose", json={**request, "amount": ranged["min"]})
    assert reply.status_code == 200 and state(c, sj)["version"] == 1
    # a stale page is told so
    reply = c.post(f"/api/games/{gid}/choose", json={**first_choice(s0), "version": 5})
    assert reply.status_code == 409 and state(c, gid)["version"] == 0

    assert c.post(f"/api/games/{gid}/choose", json=first_choice(s0)).status_code == 200
    s1 = state(c, gid)
    assert s1["version"] == 1 and s1["log"] != s0["log"] and s1["can_undo"] and not s1["can_redo"]
    assert c.post(f"/api/games/{gid}/undo", json={"version": 1}).status_code == 200
    s2 = state(c, gid)
    assert s2["log"] == s0["log"] and s2["can_redo"] and not s2["can_undo"]
    assert c.post(f"/api/games/{gid}/redo", json={"version": 2}).status_code == 200
    assert state(c, gid)["log"] == s1["log"]
    reply = c.post(f"/api/games/{gid}/redo", json={})
    assert reply.status_code == 400 and "redo" in reply.json()["error"]


def test_bots_play_their_seats_and_undo_goes_back_to_the_person(tmp_path):
    c = client(tmp_path)
    gid = new_game(c, "Tiny", "heuristic", "human", "heuristic")
    s = state(c, gid)
    assert s["version"] > 0 and s["acting"] == "P2"  # the first bot has acted already
    before = s
    assert c.post(f"/api/games/{gid}/choose", json=first_choice(s)).status_code == 200
    after = state(c, gid)
    assert after["acting"] == "P2" or after["finished"]
    assert after["version"] > before["version"] + 1  # the bots played on
    assert c.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    back = state(c, gid)
    assert back["log"] == before["log"] and back["acting"] == "P2"


def play_to_end(c: TestClient, gid: int, limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        s = state(c, gid)
        if s["finished"]:
            return s
        reply = c.post(f"/api/games/{gid}/choose", json=first_choice(s))
        assert reply.status_code == 200, reply.text
    raise AssertionError("the game did not end")


def test_persistence_download_and_upload(tmp_path):
    c = client(tmp_path)
    gid = new_game(c, "Tiny", "human", "heuristic", "heuristic")
    for _ in range(6):
        s = state(c, gid)
        c.post(f"/api/games/{gid}/choose", json=first_choice(s))
    c.post(f"/api/games/{gid}/undo", json={})
    before = state(c, gid)
    # a new app on the same data folder resumes the game exactly
    c2 = client(tmp_path)
    again = state(c2, gid)
    assert {k: again[k] for k in ("version", "log", "players", "can_redo")} == {
        k: before[k] for k in ("version", "log", "players", "can_redo")
    }
    end = play_to_end(c2, gid)
    data = c2.get(f"/api/games/{gid}/download").json()
    record = GameFile.from_dict(data)
    outcome = replay(record, title_for(record, TINY))  # 18xx replay FILE --title tests/titles/tiny
    assert outcome.failure is None and outcome.game.finished and outcome.verdict == "matches"
    assert {outcome.game.name(k) for k in outcome.result} == set(end["result"])
    assert any(a["type"] == "undo" for a in data["actions"])

    up = c2.post("/api/upload", content=json.dumps(data))
    assert up.status_code == 200, up.text
    assert state(c2, up.json()["id"])["log"] == end["log"]
    bids = [a for a in data["actions"] if a["type"] == "bid"]
    bids[0]["price"] = 1
    bad = c2.post("/api/upload", content=json.dumps(data))
    assert bad.status_code == 400 and f"action {bids[0]['id']} fails" in bad.json()["error"]
    assert "not an 18xx.games game file" in c2.post("/api/upload", content=b"{nope").json()["error"]
    data["title"] = "1830"  # a title this server does not offer: refused, though installed
    other = c2.post("/api/upload", content=json.dumps(data))
    assert other.status_code == 400 and "does not offer '1830'" in other.json()["error"]


def test_an_older_export_whose_routes_lack_connections_resumes(tmp_path):
    """An upload recording routes by their hexes alone (older 18xx.games exports) is
    kept with the routes as the engine rebuilt them, so the game resumes at its end."""
    data = json.loads((SJ / "games" / "166116.json").read_text(encoding="utf-8"))
    for action in data["actions"]:
        for route in action.get("routes") or []:
            route.pop("connections", None)
            route.pop("nodes", None)
    c = client(tmp_path)
    up = c.post("/api/upload", content=json.dumps(data))
    assert up.status_code == 200, up.text
    gid = up.json()["id"]
    resumed = state(client(tmp_path), gid)  # a new app: the game is rebuilt from the store
    assert resumed["result"] and set(resumed["result"]) == set(state(c, gid)["result"])


def test_an_upload_the_engine_cannot_take_is_answered_with_its_problem(tmp_path):
    """Uploads that were answered 500 (issue 24 §5): each is a 400 saying what is wrong, or,
    for a null revenue (which 18xx.games reads as none recorded), taken."""
    c = client(tmp_path)
    game = json.loads((SJ / "games" / "166116.json").read_text(encoding="utf-8"))

    def upload(change) -> Any:
        data = json.loads(json.dumps(game))
        change(data)
        return c.post("/api/upload", content=json.dumps(data))

    def first(data: dict[str, Any], kind: str) -> dict[str, Any]:
        return next(a for a in data["actions"] if a["type"] == kind)

    def house_rules(text: str):
        return lambda data: data["settings"].update(house_rules=[{"name": "house.yaml", "yaml": text}])

    taken = upload(lambda data: first(data, "run_routes")["routes"][0].update(revenue=None))
    assert taken.status_code == 200, taken.text
    refusals = {
        "upload: action 30 (frobnicate, number 30 in the list): unknown action type 'frobnicate'": (
            lambda data: first(data, "lay_tile").update(type="frobnicate")
        ),
        "house.yaml:2:3: requisition_round sets up a round": house_rules(
            "hooks:\n  after_dividend: requisition_round\n"
        ),
        "action 32 fails: action 32: the title's hook requisition (hooks.after_dividend) failed in OR1.1": (
            house_rules("hooks:\n  after_dividend: requisition\n")
        ),
    }
    for message, change in refusals.items():
        reply = upload(change)
        assert reply.status_code == 400 and message in reply.json()["error"], reply.text


# -- in the browser ---------------------------------------------------------------------


@contextmanager
def running(data: Path) -> Iterator[tuple[str, Any]]:
    """The app served by uvicorn on a free port, in a thread."""
    import uvicorn

    app = create_app(data, [TINY, SJ, ROOT / "titles" / "1889"])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app.state.server
    finally:
        server.should_exit = True
        thread.join(10)


def heuristic_click(live) -> tuple[str, str, int, int | None]:
    """What the heuristic bot would do for the person to act: (entity, kind, index, amount)."""
    game = live.game
    options = legal_actions(game)
    rng = random.Random(live.version)
    action = make_bot("heuristic").act(game, prudent(game, options), rng)
    entity, kind = str(action["entity"]), action["type"]
    for k, choice in enumerate(options[entity][kind]):
        if kind == "run_routes":
            return entity, kind, k, None
        amount = action.get(amount_field(choice)) if "max" in choice else None
        if to_action(game, entity, kind, choice, amount) == {**action, "entity": action["entity"]}:
            return entity, kind, k, amount
    raise AssertionError(f"no listed choice is {action}")


def play_by_api(c: TestClient, gid: int, limit: int = 3000) -> tuple[dict[str, Any], Any]:
    """Play the person's seat of game ``gid`` to its end through the API, choosing from the
    page's list what the heuristic bot would (each choice listing every legal option):
    the last state and the live game."""
    live = c.app.state.server.open(gid)
    for _ in range(limit):
        s = state(c, gid)
        if s["finished"]:
            return s, live
        entity, kind, index, amount = heuristic_click(live)
        listed = next(ch for ch in s["choices"] if ch["entity"] == entity and ch["kind"] == kind)
        assert len(listed["options"]) == len(legal_actions(live.game)[entity][kind])
        move = {"entity": entity, "kind": kind, "index": index, "amount": amount, "version": s["version"]}
        reply = c.post(f"/api/games/{gid}/choose", json=move)
        assert reply.status_code == 200, reply.text
    raise AssertionError("the game did not end")


def click(page, live, entity: str, kind: str, index: int, amount: int | None) -> None:
    """Take the choice on the page: its option picked in the list (when there is one),
    its amount typed, its button clicked; wait until the page shows the next position."""
    box = page.locator(f'.choice[data-entity="{entity}"][data-kind="{kind}"]')
    if kind != "run_routes" and box.locator("select.pick").count():  # (more than one option)
        box.locator("select.pick").select_option(str(index))
    if amount is not None:
        box.locator("input.amount").fill(str(amount))
    version = live.version
    box.locator("button.go").click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def open_game(b, url: str, server, title: str, *seats: str) -> tuple[Any, list[str], Any]:
    """A new game made on the start page (a seat per kind: ``human``, ``heuristic``,
    ``random``), its page opened: the page, the page's script errors, the live game."""
    page, errors = watched_page(b)
    page.goto(url + "/")
    page.select_option("#title", label=title)
    page.select_option("#count", str(len(seats)))
    for k, kind in enumerate(seats):
        page.locator(".seat-kind").nth(k).select_option(kind)
    page.click("#create")
    page.wait_for_selector("#map svg")
    return page, errors, server.open(int(page.url.rsplit("/", 1)[1]))


def test_a_tile_is_laid_by_clicking_its_hex_on_the_map(tmp_path):
    """The hexes where a tile may go are marked; a click on one shows its first legal tile
    there, a second click the next tile or rotation; the lay button lays it."""
    with browser() as b, running(tmp_path) as (url, server):
        page, errors, live = open_game(b, url, server, "Tiny", "human", "human", "human")  # hotseat
        for _ in range(300):
            assert not errors and not live.game.finished, errors
            page.wait_for_selector(".choice")
            if page.locator('.choice[data-kind="lay_tile"]').count():
                break
            click(page, live, *heuristic_click(live))
        else:
            pytest.fail("the person never had a tile to lay")
        entity = page.locator('.choice[data-kind="lay_tile"]').get_attribute("data-entity")
        lays = legal_actions(live.game)[entity]["lay_tile"]
        hexes = [lay["hex"] for lay in lays]
        target = max(set(hexes), key=hexes.count)  # the hex with the most tiles and rotations
        assert page.locator("#map g.hex.layable").count() == len(set(hexes))
        page.click(f'#map g.hex[data-hex="{target}"]')
        pick = page.locator('.choice[data-kind="lay_tile"] select.pick')
        first = int(pick.input_value())
        assert lays[first]["hex"] == target and page.locator("#map g.preview").count() == 1
        if hexes.count(target) > 1:
            page.click("#map g.preview")
            second = int(pick.input_value())
            assert second != first and lays[second]["hex"] == target
        chosen = lays[int(pick.input_value())]
        version = live.version
        page.locator('.choice[data-kind="lay_tile"] button.go').click()
        page.wait_for_function(f"document.body.dataset.version > {version}")
        placed = live.game.board.placed[target]
        assert (placed.tile_id, placed.rotation) == (chosen["tile"], chosen["rotation"])


def test_two_pages_see_each_others_actions(tmp_path):
    with browser() as b, running(tmp_path) as (url, _):
        pages = [b.new_page() for _ in range(2)]
        reply = pages[0].request.post(
            url + "/api/games", data=json.dumps({"title": "Tiny", "players": seats("human", "human")})
        )
        gid = reply.json()["id"]
        for p in pages:
            p.goto(f"{url}/games/{gid}")
            p.wait_for_selector("#live:has-text('live')")
        first, second = pages
        first.select_option("#me", "1")  # each page claims its seat
        second.select_option("#me", "2")
        first.wait_for_selector("body[data-seat='1']")
        second.wait_for_selector("body[data-seat='2']")
        assert first.locator(".choice").count() > 0
        assert "Waiting for P1" in second.locator("#choices").inner_text()
        pass_box = first.locator('.choice[data-kind="pass"] button.go')
        pass_box.click()
        second.wait_for_selector(".choice")
        assert second.locator("body").get_attribute("data-version") == "1"
        assert "P1" in second.locator("#log").inner_text()
        second.locator('.choice[data-kind="pass"] button.go').click()
        first.wait_for_function("document.body.dataset.version === '2'")
        first.click("#undo")
        second.wait_for_function("document.body.dataset.version === '3'")
        assert second.locator("#redo").is_enabled()
