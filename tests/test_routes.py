"""Routes: legality and revenue (rulebook §10.2, §10.5; reference §4.8 and §3.9–3.10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.board.board import Board
from framework.board.bonuses import BonusRules, Marker
from framework.board.routes import IllegalRoute, Route, Runner, check_route, revenue
from framework.board.runroutes import route_from_json, route_to_json
from framework.engine import operating
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, title_for
from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
SJ = load_title(ROOT / "titles" / "18SJ")
PHASE_D = ("yellow", "green", "brown", "gray")
PHASE_3 = ("yellow", "green")


def board_with(tiles: dict[str, tuple[str, int]], tokens: dict[str, list[str]]) -> Board:
    """A board with tiles put down directly (no legality) and tokens in the first city."""
    board = Board(SJ)
    for hex_id, (name, rotation) in tiles.items():
        copy = board.supply.next_id(name)
        mapping = {i: 0 for i in range(len(board.face(hex_id).nodes))}
        board.put_tile(hex_id, copy, name, rotation, mapping)
    for owner, hexes in tokens.items():
        for hex_id in hexes:
            board.add_token(owner, (hex_id, 0))
    return board


def bonuses(**company) -> BonusRules:
    return BonusRules(tuple(SJ.bonuses.values()), **company)


def test_the_e_train_worked_example_earns_1080():
    """§4.8: UGJ's E-train in phase D: 640 in stops, 190 doubled for its own stations,
    N/S 100, Bergslagen 50 (one b), Malmfälten 100 (two m)."""
    board = board_with(
        {
            "D29": ("15", 0),
            "D19": ("X6", 0),
            "C16": ("611", 0),
            "B11": ("611", 0),
            "C8": ("15", 0),
            "E8": ("15", 0),
            "D11": ("15", 0),
            "C12": ("14", 0),
            "E12": ("63", 0),
            "F13": ("63", 0),
            "E20": ("14", 0),
        },
        {"UGJ": ["D19", "F13"]},
    )
    board.put_tile("G10", "X2-0", "X2", 4, {0: 1, 1: 2, 2: 3, 3: 0})
    board.put_tile("G10", "X4-0", "X4", 4, {0: 0, 1: 1, 2: 2, 3: 3})
    board.put_tile("G10", "X5-0", "X5", 5, {0: 0, 1: 0, 2: 0, 3: 0})
    board.add_token("UGJ", ("G10", 0))
    stops = ["B31", "D29", "G26", "E20", "D19", "C16", "A16", "B11", "C8", "E8", "D11", "C12", "E12",
             "F13", "G10", "H9"]  # fmt: skip
    route = Route("D-0", tuple((h, 0) for h in stops), ())
    earned = revenue(board, Runner("UGJ", PHASE_D, None, 2, frozenset({"SJ"}), bonuses()), route)
    assert earned.stops == 640 + 190
    assert [(b.label, b.amount) for b in earned.bonuses] == [("N/S", 100), ("b/B", 50), ("m/M/m", 100)]
    assert earned.total == 1080
    assert earned.text(route) == "-".join(stops) + " + N/S + b/B + m/M/m"


def test_the_sveabolaget_port_example_earns_110():
    """§4.8: KFJ in phase 3 with the port token in Sundsvall: 20 + 30 + 30 + port 30."""
    board = board_with({"E20": ("15", 0), "F13": ("15", 0)}, {"KFJ": ["E20"]})
    runner = Runner("KFJ", PHASE_3, 3, 1, frozenset(), bonuses(marker=Marker("F19", "port", 30, "Port")))
    route = Route("3-0", (("F19", 0), ("E20", 0), ("F13", 0)), ())
    earned = revenue(board, runner, route)
    assert (earned.stops, earned.total, earned.text(route)) == (80, 110, "F19-E20-F13 + Port")


def test_a_port_counts_each_port_icon():
    """§3.10: Umeå has two port icons: +60."""
    board = board_with({"E24": ("9", 1)}, {"STJ": ["F23"]})
    runner = Runner("STJ", PHASE_3, 2, 1, frozenset(), bonuses(marker=Marker("F23", "port", 30, "Port")))
    earned = revenue(board, runner, Route("2-0", (("F23", 0), ("G26", 0)), ()))
    assert [b.amount for b in earned.bonuses] == [60]


def test_stockholms_hamn_is_worth_nothing_in_phase_2():
    """§b.2: green_30|brown_40 has no yellow value."""
    board = Board(SJ)
    board.add_token("SWB", ("G10", 2))
    route = Route("2-0", (("G10", 2), ("H9", 0)), ())
    assert revenue(board, Runner("SWB", ("yellow",), 2), route).total == 20


@pytest.fixture(scope="module")
def at_275():
    """166116 just before ÖKJ runs its 3-train for 170 with two Göta kanal tokens."""
    record = GameFile.read(ROOT / "titles" / "18SJ" / "games" / "166116.json")
    game = new_game(record, title_for(record))
    for action in record.effective():
        if action.get("id") == 275:
            return game, action
        game.process(action)
    raise AssertionError("action 275 not found")


def test_the_gota_kanal_example_earns_170(at_275):
    """§4.8: C12* 30 + D15* 30 + C16 30 = 90, + GKB50 (C12) + GKB30 (C16)."""
    game, action = at_275
    data = action["routes"][0]
    train = game.trains[data["train"]]
    runner = operating.runner(game, train)
    route = route_from_json(game.board, "ÖKJ", data)
    check_route(game.board, runner, route)
    earned = revenue(game.board, runner, route)
    assert earned.total == 170
    assert earned.text(route) == "C12-D15-C16 + GKB50(C12) + GKB30(C16)"
    assert route_to_json(game.board, route, earned)["nodes"] == ["C12-0", "D15-0", "C16-0"]


def test_after_running_the_highest_gota_kanal_token_is_used_up():
    """§3.10: the 50 token leaves C12 after the run; the 30 and 20 stay."""
    record = GameFile.read(ROOT / "titles" / "18SJ" / "games" / "166116.json")
    game = new_game(record, title_for(record))
    for action in record.effective():
        game.process(action)
        if action.get("id") == 275:
            break
    assert game.companies["GKB"].tokens == {"C16": 30, "C8": 20}


@pytest.fixture
def early():
    """A small network: ÖKJ's home in Skövde (C12) with a #57 through it toward D13/B11."""
    board = Board(SJ)
    board.put_tile("C12", "57-0", "57", 2, {0: 0})
    board.put_tile("D13", "8-0", "8", 0, {})
    board.put_tile("B11", "57-1", "57", 2, {0: 0})
    board.add_token("ÖKJ", ("C12", 0))
    return board


def route(board, owner, *chains, train="2-0"):
    return route_from_json(board, owner, {"train": train, "connections": [list(c) for c in chains]})


def test_a_legal_two_stop_route(early):
    r = route(early, "ÖKJ", ["C12", "B11"])
    check_route(early, Runner("ÖKJ", ("yellow",), 2), r)
    assert r.stops == (("C12", 0), ("B11", 0))


def test_a_route_needs_two_stops(early):
    with pytest.raises(IllegalRoute) as caught:
        check_route(early, Runner("ÖKJ", ("yellow",), 2), Route("2-0", (("C12", 0),), ()))
    assert caught.value.rule == "two stops"


def test_a_route_needs_a_station_of_its_company(early):
    r = route(early, "ÖKJ", ["C12", "B11"])
    with pytest.raises(IllegalRoute) as caught:
        check_route(early, Runner("BJ", ("yellow",), 2), r)
    assert caught.value.rule == "own station"


def test_a_route_cannot_count_more_stops_than_the_train(early):
    r = Route("2-0", (("B11", 0), ("C12", 0), ("D13", 0)), ())
    with pytest.raises(IllegalRoute) as caught:
        check_route(early, Runner("ÖKJ", ("yellow",), 2), r)
    assert caught.value.rule == "distance"


def test_track_cannot_be_used_twice_by_a_companys_routes(early):
    first = route(early, "ÖKJ", ["C12", "B11"])
    with pytest.raises(IllegalRoute) as caught:
        check_route(early, Runner("ÖKJ", ("yellow",), 2), first, used=first.paths())
    assert caught.value.rule == "no track twice"


def test_a_route_cannot_pass_through_a_full_city_of_others():
    """§10.2: a city whose every slot holds another company's token blocks; one with a
    token of the running company does not."""
    board = Board(SJ)
    board.put_tile("B11", "57-0", "57", 2, {0: 0})
    board.put_tile("C12", "57-1", "57", 2, {0: 0})
    board.put_tile("D13", "8-0", "8", 0, {})
    board.put_tile("E12", "57-2", "57", 0, {0: 0})
    board.add_token("BJ", ("B11", 0))
    board.add_token("ÖKJ", ("C12", 0))
    three = route(board, "BJ", ["B11", "C12"], ["C12", "D13", "E12"], train="3-0")
    assert three.stops == (("B11", 0), ("C12", 0), ("E12", 0))
    with pytest.raises(IllegalRoute) as caught:
        check_route(board, Runner("BJ", ("yellow",), 3), three)
    assert caught.value.rule == "blocked city"
    check_route(board, Runner("ÖKJ", ("yellow",), 3), three)


def test_an_e_train_passes_state_railway_tokens(early):
    """§4.8: SJ tokens do not block an E-train (they are ordinary blocks otherwise)."""
    assert early.blocks(("C12", 0), "BJ") is True
    early.remove_token("ÖKJ", ("C12", 0))
    early.add_token("SJ", ("C12", 0))
    assert early.blocks(("C12", 0), "BJ") is True
    assert early.blocks(("C12", 0), "BJ", frozenset({"SJ"})) is False


def test_one_stop_per_city_group():
    """§b.3: a route visits at most one of Stockholm's four cities."""
    board = Board(SJ)
    board.add_token("SWB", ("G10", 2))
    r = Route("2-0", (("G10", 2), ("G10", 1)), ((),))
    with pytest.raises(IllegalRoute) as caught:
        check_route(board, Runner("SWB", ("yellow",), 2), r)
    assert caught.value.rule == "one city of a group"


def test_route_json_round_trip(early):
    r = route(early, "ÖKJ", ["C12", "B11"])
    earned = revenue(early, Runner("ÖKJ", ("yellow",), 2, bonuses=bonuses()), r)
    data = route_to_json(early, r, earned)
    assert data["connections"] == [["C12", "B11"]]
    assert data["hexes"] == ["C12", "B11"] and data["nodes"] == ["C12-0", "B11-0"]
    again = route_from_json(early, "ÖKJ", data)
    assert again == r
