"""``18xx serve``: tokens and routes on the map, seats claimed by browsers, and bots that
never stop a game — through the API (Starlette's TestClient) and in headless Chromium,
where whole games of 18SJ and 1889 are played to their end by clicks on the page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import browser
from test_serve import click, client, heuristic_click, new_game, open_game, play_by_api, running, state

pytest.importorskip("starlette")

from framework.engine.autoroute import best_run
from framework.engine.choices import legal_actions
from framework.engine.route_plan import plan_routes
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.serve import games as serve_games
from framework.serve.page import token_spot

ROOT = Path(__file__).resolve().parents[1]
SJ_GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"


def upload_until(c, actions: int) -> int:
    """The first ``actions`` actions of a real 18SJ game (every seat a person's)."""
    data = json.loads(SJ_GAME.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:actions]
    reply = c.post("/api/upload", content=json.dumps(data))
    assert reply.status_code == 200, reply.text
    return reply.json()["id"]


def recorded(k: int) -> dict[str, Any]:
    return json.loads(SJ_GAME.read_text(encoding="utf-8"))["actions"][k]


def choice_of(s: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in s["choices"] if c["kind"] == kind)


# -- routes ---------------------------------------------------------------------------


def test_the_best_routes_are_offered_drawn_and_redrawn_by_their_stops(tmp_path):
    """STJ runs three trains (action 143 of the real game): the page is offered the best
    routes, drawn on the map; routes drawn by their stop hexes earn what the engine says,
    or say why they cannot run; the routes drawn are run."""
    c = client(tmp_path)
    gid = upload_until(c, 142)
    s = state(c, gid)
    offer = choice_of(s, "run_routes")["options"][0]
    assert offer["proven"] and {t["id"] for t in offer["trains"]} == {"3-3", "2-4", "2-3"}
    assert all(len(t["route"]["hexes"]) >= 2 for t in offer["trains"])
    assert 'class="route-stop"' in s["svg"]  # the best routes are drawn on the map

    best = [{"train": t["id"], "hexes": t["route"]["hexes"]} for t in offer["trains"]]
    plan = c.post(f"/api/games/{gid}/plan", json={"entity": "STJ", "routes": best}).json()
    assert plan["legal"] and plan["total"] == offer["total"] and 'class="route-stop"' in plan["svg"]

    # one stop is not a route; stops with no track between them cannot be run
    short = [{"train": "3-3", "hexes": ["E20"]}]
    plan = c.post(f"/api/games/{gid}/plan", json={"entity": "STJ", "routes": short}).json()
    assert not plan["legal"] and "two stops" in plan["routes"][0]["error"]
    apart = [{"train": "2-4", "hexes": ["E20", "A10"]}]
    plan = c.post(f"/api/games/{gid}/plan", json={"entity": "STJ", "routes": apart}).json()
    assert not plan["legal"] and plan["routes"][0]["error"]
    reply = c.post(
        f"/api/games/{gid}/plan", json={"entity": "STJ", "routes": [{"train": "9-9", "hexes": []}]}
    )
    assert reply.status_code == 400 and "no train 9-9" in reply.json()["error"]

    # refused: nothing changes; the routes the player drew (not the best) are run
    reply = c.post(f"/api/games/{gid}/routes", json={"entity": "STJ", "routes": apart, "version": 142})
    assert reply.status_code == 400 and state(c, gid)["version"] == 142
    mine = [{"train": "2-4", "hexes": ["E20", "F19"]}]
    reply = c.post(f"/api/games/{gid}/routes", json={"entity": "STJ", "routes": mine, "version": 142})
    assert reply.status_code == 200, reply.text
    after = state(c, gid)
    assert after["version"] == 143 and any("STJ runs 2-4: E20-F19" in line for line in after["log"])
    # the routes run stay drawn for the rest of STJ's turn (its dividend now), and only those
    assert choice_of(after, "dividend") and after["svg"].count('class="route-stop"') == 2
    assert 'class="route-stop"' not in state(c, upload_until(c, 141))["svg"]  # STJ's track step


def test_looking_back_shows_the_routes_of_the_turn(tmp_path):
    """The position after STJ ran its routes (action 143), looked back at from later in
    the game, shows them; the one just before it does not."""
    c = client(tmp_path)
    gid = upload_until(c, 150)
    assert recorded(142)["type"] == "run_routes" and recorded(142)["id"] == 143
    after = c.get(f"/api/games/{gid}/at/143").json()
    assert after["svg"].count('class="route-stop"') >= 2
    assert 'class="route-stop"' not in c.get(f"/api/games/{gid}/at/142").json()["svg"]


def test_a_plan_lets_every_train_run_when_one_best_run_would_block_another():
    """Replanning the best routes' own stops gives routes as good, in real games (the
    search keeps an earlier train off track a later one needs)."""
    data = json.loads(SJ_GAME.read_text(encoding="utf-8"))
    checked = 0
    for k in [k for k, a in enumerate(data["actions"]) if a["type"] == "run_routes"][::9]:
        game = replay(GameFile.from_dict({**data, "actions": data["actions"][:k]})).game
        entity = data["actions"][k]["entity"]
        if "run_routes" not in legal_actions(game).get(entity, {}):
            continue
        run, answer = best_run(game, entity)
        plan = plan_routes(game, entity, [(r["train"], r["hexes"]) for r in run["routes"]])
        assert plan.legal and plan.total == answer.total, (k, [(r.train, r.error) for r in plan.routes])
        checked += 1
    assert checked >= 5


# -- tokens ---------------------------------------------------------------------------


def test_a_token_is_offered_on_its_city_on_the_map(tmp_path):
    """SNJ's token (action 87 of the real game): each offered city names its hex and its
    index on the tile, which the map's city carries (data-node)."""
    c = client(tmp_path)
    gid = upload_until(c, 86)
    s = state(c, gid)
    tokens = choice_of(s, "place_token")
    want = recorded(86)
    spots = [(o["hex"], o["node"]) for o in tokens["options"]]
    assert len(set(spots)) == len(spots) >= 1
    for hex_id, node in spots:
        assert f'data-hex="{hex_id}"' in s["svg"] and f'data-node="{node}"' in s["svg"]
    live = c.app.state.server.open(gid)
    listed = legal_actions(live.game)["SNJ"]["place_token"]
    k = next(i for i, o in enumerate(listed) if o["city"] == want["city"])
    name = live.game.hexmap.hexes[spots[k][0]].name
    assert tokens["options"][k]["text"] == f"a token in {name} ({spots[k][0]})"
    reply = c.post(
        f"/api/games/{gid}/choose",
        json={"entity": "SNJ", "kind": "place_token", "index": k, "version": s["version"]},
    )
    assert reply.status_code == 200, reply.text
    hex_id, node = spots[k]
    assert "SNJ" in live.game.board.token_owners((hex_id, node))


# -- seats ----------------------------------------------------------------------------


def test_a_claimed_seat_is_played_only_by_its_browser(tmp_path):
    c = client(tmp_path)
    gid = new_game(c, "Tiny", "human", "human", "heuristic")
    mine = c.post(f"/api/games/{gid}/claim", json={"player": "1"}).json()["secret"]
    again = c.post(f"/api/games/{gid}/claim", json={"player": "1", "secrets": [mine]})
    assert again.json()["secret"] == mine  # the same browser keeps its claim
    taken = c.post(f"/api/games/{gid}/claim", json={"player": "1"})
    assert taken.status_code == 403 and "taken" in taken.json()["error"]
    assert c.post(f"/api/games/{gid}/claim", json={"player": "3"}).status_code == 400  # a bot's seat
    s = state(c, gid)
    assert s["claimed"] == ["1"]
    pass_ = {"entity": "1", "kind": "pass", "index": 0, "version": s["version"]}
    refused = c.post(f"/api/games/{gid}/choose", json=pass_)
    assert refused.status_code == 403 and "claimed by another browser" in refused.json()["error"]
    assert state(c, gid)["version"] == s["version"]
    assert c.post(f"/api/games/{gid}/choose", json={**pass_, "secrets": [mine]}).status_code == 200
    # once a seat is claimed, a browser without one may not undo
    assert c.post(f"/api/games/{gid}/undo", json={}).status_code == 403
    assert c.post(f"/api/games/{gid}/undo", json={"secrets": [mine]}).status_code == 200
    c.post(f"/api/games/{gid}/release", json={"player": "1", "secrets": [mine]})
    assert state(c, gid)["claimed"] == []
    assert client(tmp_path).get(f"/api/games/{gid}").json()["claimed"] == []  # stored
    c.post(f"/api/games/{gid}/claim", json={"player": "2"})
    assert client(tmp_path).get(f"/api/games/{gid}").json()["claimed"] == ["2"]


# -- bots -----------------------------------------------------------------------------


class Clumsy:
    """A bot whose every action the engine refuses."""

    name = "clumsy"

    def act(self, game, options, rng):
        return {"type": "bid", "entity": game.current_entity(), "company": "nothing", "price": -5}


def test_a_bot_whose_action_is_refused_does_not_stop_the_game(tmp_path, monkeypatch):
    monkeypatch.setattr(serve_games, "make_bot", lambda name: Clumsy())
    c = client(tmp_path)
    gid = new_game(c, "Tiny", "heuristic", "human", "heuristic")
    s = state(c, gid)
    assert s["version"] > 0 and s["acting"] == "P2"  # the first bot's seat acted all the same
    assert "proposed a refused action" in s["bot_error"] and "took the first listed" in s["bot_error"]


# -- in the browser -------------------------------------------------------------------


def test_a_token_and_routes_by_clicks_on_the_map(tmp_path):
    """On the real game's positions: the token's city clicked on the map; then STJ's
    routes drawn by clicking their stops (a train cleared, its stops clicked one by one,
    the revenue following), and run."""
    with browser() as b, running(tmp_path) as (url, server):
        c = server  # the app's server: upload through it
        page = b.new_page(viewport={"width": 1400, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        data = json.loads(SJ_GAME.read_text(encoding="utf-8"))
        data["actions"] = data["actions"][:86]
        live = c.upload(json.dumps(data).encode())
        page.goto(f"{url}/games/{live.id}")
        page.wait_for_selector("#map g.city.tokenable")
        want = recorded(86)
        option = next(o for o in legal_actions(live.game)["SNJ"]["place_token"] if o["city"] == want["city"])
        spot = token_spot(live.game, option)
        hex_id, node = spot["hex"], spot["node"]
        page.click(f'#map g.hex[data-hex="{hex_id}"] g.city.tokenable[data-node="{node}"]')
        page.locator('.choice[data-kind="place_token"] button.go').click()
        page.wait_for_function("document.body.dataset.version === '87'")
        assert "SNJ" in live.game.board.token_owners((hex_id, node))

        data["actions"] = json.loads(SJ_GAME.read_text(encoding="utf-8"))["actions"][:142]
        live = c.upload(json.dumps(data).encode())
        page.goto(f"{url}/games/{live.id}")
        editor = page.locator(".routes-editor")
        editor.wait_for()
        assert editor.locator("tr[data-train]").count() == 3
        best = {r["train"]: r["hexes"] for r in best_run(live.game, "STJ")[0]["routes"]}
        train, other = "2-4", "2-3"
        assert best[other] in (["F19", "E20"], ["E20", "F19"]) and best[train] != best[other]

        def stops(t: str) -> str:
            return editor.locator(f'tr[data-train="{t}"] .stops').inner_text()

        def shown(t: str, words: str) -> None:
            """Wait until the editor shows train ``t``'s stops as ``words``."""
            query = f"document.querySelector('tr[data-train=\"{t}\"] .stops').textContent"
            page.wait_for_function(f"{query} === '{words}'")

        editor.locator(f'tr[data-train="{train}"] button.clear').click()
        page.wait_for_function(
            f"document.querySelector('tr[data-train=\"{train}\"] .stops').textContent === 'no route'"
        )
        for drawn in ("E20", "E20-F19"):  # the track the other 2-train runs: refused
            click_hex(page, drawn.rsplit("-", 1)[-1])
            shown(train, drawn)
        why = editor.locator(f'tr[data-train="{train}"] .why')
        why.filter(has_text="no free track").wait_for()
        assert stops(train) == "E20-F19" and not editor.locator("button.go").is_enabled()
        assert page.locator("#map g.hex.route-stop-hex").count() == 2
        editor.locator(f'tr[data-train="{other}"] button.clear').click()  # the other makes way
        page.wait_for_function(
            f"document.querySelector('tr[data-train=\"{other}\"] .stops').textContent === 'no route'"
        )
        assert why.inner_text() == "" and editor.locator("button.go").is_enabled()
        total = 50 + sum(r["revenue"] for r in best_run(live.game, "STJ")[0]["routes"] if r["train"] == "3-3")
        assert editor.locator(".total").inner_text() == live.game.title.title.money(total)
        editor.locator("button.go").click()
        page.wait_for_function("document.body.dataset.version === '143'")
        assert any("STJ runs 2-4: E20-F19" in line for line in live.game.messages)
        assert not any("STJ runs 2-3" in line for line in live.game.messages[-5:])
        assert not errors, errors


def click_hex(page, hex_id: str) -> None:
    """A click inside the hex's outline, halfway between its centre and a corner."""
    box = page.locator(f'#map g.hex[data-hex="{hex_id}"] > polygon.hex-fill').bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5)


def play_whole_game(b, url: str, server, title: str, *seats: str) -> tuple[Any, set[str]]:
    """A game of ``title`` made on the start page and played to its end: the people's
    seats by clicks on the page (what the heuristic bot would do: tiles and tokens picked
    on the map when it can), the others by bots. The live game and the kinds clicked."""
    page, errors, live = open_game(b, url, server, title, *seats)
    kinds: set[str] = set()
    for _ in range(3000):
        if live.game.finished:
            break
        entity, kind, index, amount = heuristic_click(live)
        kinds.add(kind)
        if kind == "place_token":
            spot = token_spot(live.game, legal_actions(live.game)[entity][kind][index])
            page.click(f'#map g.hex[data-hex="{spot["hex"]}"] g.city.tokenable[data-node="{spot["node"]}"]')
        click(page, live, entity, kind, index, amount)
        assert not errors, errors
    page.wait_for_selector("text=Game over")
    assert page.locator("#panels table.shares tbody tr").count() >= 1  # the viewer's share table
    with page.expect_download() as info:
        page.click("#download")
    outcome = replay(GameFile.read(Path(info.value.path())))
    assert outcome.failure is None and outcome.game.finished
    assert outcome.game.result() == live.game.result() and outcome.game.messages == live.game.messages
    page.close()
    return live, kinds


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[str, Any]]:
    """One server for the whole games by clicks (each makes a game of its own on it)."""
    with running(tmp_path_factory.mktemp("served")) as (url, server):
        yield url, server


@pytest.mark.parametrize(
    ("title", "seats", "clicked"),
    [
        pytest.param(
            "18SJ",
            ("heuristic", "human", "heuristic", "heuristic", "heuristic", "heuristic"),
            {"bid", "par", "lay_tile", "run_routes", "buy_train"},
            id="18SJ",
        ),
        pytest.param(
            "1889",
            ("heuristic", "human", "heuristic", "heuristic", "heuristic", "heuristic"),
            {"lay_tile", "run_routes", "buy_train"},
            id="1889",
        ),
    ],
)
def test_a_whole_game_by_clicks(served, title, seats, clicked):
    """18SJ and 1889 (one person, seat 2,
    and five), to the end of the game by clicks on the page: the saved file replays to the
    same result, and the person chose at least the kinds of action ``clicked``."""
    url, server = served
    with browser() as b:
        _, kinds = play_whole_game(b, url, server, title, *seats)
    assert clicked <= kinds, kinds


@pytest.mark.parametrize("title", ["1830", "18Chesapeake", "18Steam"])
def test_every_bundled_title_is_played_to_its_end_on_the_server(tmp_path, title):
    """The other bundled titles through the API: one person (what the heuristic bot
    would do, chosen from the page's list) and two bots, to the end; the saved file
    replays to the same result."""
    from starlette.testclient import TestClient

    from framework.serve.app import create_app

    c = TestClient(create_app(tmp_path, [ROOT / "titles" / title]))
    gid = new_game(c, title, "heuristic", "human", "heuristic")
    s, live = play_by_api(c, gid)
    assert s["finished"] and s["result"] and not s["bot_error"]
    outcome = replay(GameFile.from_dict(c.get(f"/api/games/{gid}/download").json()))
    assert outcome.failure is None and outcome.game.result() == live.game.result()
