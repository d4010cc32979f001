"""``18xx serve``: request bodies that are not what an endpoint takes are refused (400,
naming the field), never a server error (framework/serve/bodies.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from framework.serve.app import create_app
from framework.serve.bodies import LARGEST, Choose, NewGame, Routes, read_body

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
SEATS = [{"name": f"P{k}", "seat": "human"} for k in (1, 2, 3)]
MOVES = ("choose", "act", "undo", "redo", "routes", "plan", "claim", "release")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, int]:
    client = TestClient(create_app(tmp_path_factory.mktemp("data"), [TINY]))
    reply = client.post("/api/games", json={"title": "Tiny", "seed": 3, "players": SEATS})
    assert reply.status_code == 200, reply.text
    return client, reply.json()["id"]


def refused(reply, status: int = 400) -> str:
    assert reply.status_code == status, reply.text
    return reply.json()["error"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "the request is not JSON"),
        (b"{'single': 'quotes'}", "the request is not JSON"),
        (b"\xff\xfe", "the request is not JSON"),
        (b"[1, 2]", "the request is a JSON object"),
        (b"12", "the request is a JSON object"),
        (b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
        (b'{"a": ' * 50_000 + b"1" + b"}" * 50_000, "nested too deeply"),
    ],
    ids=["empty", "not JSON", "not UTF-8", "a list", "a number", "deep lists", "deep objects"],
)
def test_a_body_that_is_not_a_json_object(served, raw, message):
    client, gid = served
    assert message in refused(client.post("/api/games", content=raw))
    for what in MOVES:
        assert message in refused(client.post(f"/api/games/{gid}/{what}", content=raw)), what


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"title": ["Tiny"], "players": SEATS}, "title: expected text, got a list"),
        ({"title": "Tiny", "players": "P1"}, "players: a game needs its players"),
        ({"title": "Tiny", "players": []}, "players: a game needs its players"),
        ({"title": "Tiny", "players": [{"name": ["P1"]}, *SEATS[1:]]}, "players.0.name: expected text"),
        ({"title": "Tiny", "players": [*SEATS[:2], {"seat": {"bot": 1}}]}, "players.2.seat: expected text"),
        ({"title": "Tiny", "players": [*SEATS[:2], 7]}, "players.2: expected a JSON object, got 7"),
        ({"title": "Tiny", "players": SEATS, "seed": 10**30}, f"seed: a whole number from {-LARGEST - 1}"),
        ({"title": "Tiny", "players": SEATS, "seed": 1.5}, "seed: expected a whole number, got 1.5"),
        ({"title": "Tiny", "players": SEATS, "variants": "big_bank"}, "variants: expected a list"),
        ({"title": "Tiny", "players": SEATS, "rules": [["x"]]}, "rules.0: expected text, got a list"),
    ],
)
def test_a_new_game_whose_body_is_wrong_names_the_field(served, body, message):
    client, _ = served
    assert message in refused(client.post("/api/games", json=body))


def test_a_huge_seed_in_range_is_taken(served):
    client, _ = served
    reply = client.post("/api/games", json={"title": "Tiny", "players": SEATS, "seed": LARGEST})
    assert reply.status_code == 200, reply.text


@pytest.mark.parametrize(
    ("what", "body", "message"),
    [
        ("choose", {"index": "first"}, "index: expected a whole number, got 'first'"),
        ("choose", {"index": 10**40}, "index: a whole number from"),
        ("choose", {"amount": 2.5}, "amount: expected a whole number, got 2.5"),
        ("choose", {"entity": ["P1"]}, "entity: expected text, got a list"),
        ("choose", {"kind": {"bid": 1}}, "kind: expected text, got a JSON object"),
        ("choose", {"version": 10**40}, "version: a whole number from"),
        ("act", {}, "action: an action is a JSON object with a type"),
        ("act", {"action": ["pass"]}, "action: an action is a JSON object with a type"),
        ("act", {"action": {"type": ["pass"]}}, "action: an action is a JSON object with a type"),
        ("undo", {"secrets": "s"}, "secrets: expected a list, got 's'"),
        ("redo", {"secrets": [["s"]]}, "secrets.0: expected text, got a list"),
        ("routes", {"routes": "A1"}, "routes: routes are a list of {train, hexes}"),
        ("plan", {"routes": [{"train": "2", "hexes": "A1"}]}, "routes.0.hexes: expected a list, got 'A1'"),
        ("plan", {"routes": [{"train": ["2"], "hexes": []}]}, "routes.0.train: expected text, got a list"),
        ("claim", {"player": ["1"]}, "player: expected text, got a list"),
        ("release", {"player": "1", "secrets": {"s": 1}}, "secrets: expected a list"),
    ],
)
def test_a_move_whose_body_is_wrong_names_the_field(served, what, body, message):
    client, gid = served
    before = client.get(f"/api/games/{gid}").json()["version"]
    assert message in refused(client.post(f"/api/games/{gid}/{what}", json=body))
    assert client.get(f"/api/games/{gid}").json()["version"] == before


def test_a_number_too_large_for_a_float_is_refused(served):
    client, gid = served
    reply = client.post(f"/api/games/{gid}/choose", content=b'{"amount": 1e400}')
    assert "amount: expected a whole number" in refused(reply)


def test_a_game_id_too_large_for_the_store_is_no_game(served):
    client, _ = served
    assert "there is no game" in refused(client.get(f"/api/games/{10**30}"), 404)
    assert "a game id is a number" in refused(client.get(f"/api/games/{'9' * 5000}"), 404)
    assert "there is no game" in refused(client.post(f"/api/games/{2**63}/undo", json={}), 404)


def test_an_upload_nested_too_deeply_is_refused(served):
    client, _ = served
    reply = client.post("/api/upload", content=b"[" * 100_000 + b"]" * 100_000)
    assert "not an 18xx.games game file" in refused(reply)


def test_the_models_take_what_the_pages_send():
    new = read_body(NewGame, b'{"title": "Tiny", "seed": 0, "players": [{"name": "Ann", "seat": "human"}]}')
    assert (new.title, new.seed, new.players[0].name, new.variants) == ("Tiny", 0, "Ann", [])
    choose = read_body(Choose, b'{"entity": "1", "kind": "bid", "index": 2, "amount": null, "version": 4}')
    assert (choose.entity, choose.index, choose.amount, choose.version, choose.secrets) == (
        "1",
        2,
        None,
        4,
        [],
    )
    assert read_body(Choose, b'{"amount": ""}').amount is None
    assert read_body(Choose, b'{"entity": 7, "extra": [1]}').entity == "7"  # unknown fields are ignored
    routes = read_body(Routes, b'{"entity": "X", "routes": [{"train": "2-0", "hexes": ["A1", "B2"]}, {}]}')
    assert routes.wanted() == [("2-0", ["A1", "B2"]), ("None", [])]
