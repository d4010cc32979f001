"""1867's and 1861's nationalisation, converted from 18xx.games at run time
(``rules.settled_nationalization``): trainless minors nationalised when the 4-train
comes, a trainless major's president choosing (``trainless_majors``), a corporation
ending its train buying trainless, the price moves, the settlement with the
shareholders, the national's stations; with them the 60% holding limit of 1867's
majors (``holding_limit``), the national's station at setup (``setup_stations``),
trains exported at the end of operating rounds (``exports_train``) and the private
companies bought by the national (``nationalize_companies``). Every figure is
18xx.games': 21268's "THB is nationalized", "THB's share price moves left from $90 to
$80", "THB settles with shareholders $160"; nationalization_cash's "CNR settles with
shareholders $1800 = $180 ($1080 to Player 2, $360 to Player 3, $180 to Player 1)";
1861's "OK is nationalized", "RSR received 21₽ from OK".
"""

from __future__ import annotations

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.engine.choices import legal_actions
from framework.engine.steps.track import parse_city
from framework.record.gamefile import GameFile
from framework.record.replay import recorded
from framework.title.loader import load_title

F67 = ORACLE.parent / "fixtures" / "1867"
EARLY, CASH = F67 / "21268.json", F67 / "nationalization_cash.json"
F61 = ORACLE.parent / "fixtures" / "1861" / "bank_breaks_then_final_phase.json"


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867nat"), "1867")


@pytest.fixture(scope="module")
def the_1861(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1861nat"), "1861")


def test_the_converter_finds_the_nationalisation_rules(the_1867, the_1861):
    rules = load_title(the_1867).rules.settled_nationalization
    assert (rules.national, rules.when, rules.price_moves) == (
        "CN",
        ["trainless_after_buying", "interest_unpaid"],
        ["left"],
    )
    assert (rules.moves_per_loan, rules.treasury_to) == (["left", "left"], "bank")
    russian = load_title(the_1861).rules.settled_nationalization
    assert (russian.national, russian.moves_per_loan, russian.treasury_to) == ("RSR", ["left"], "national")
    title = load_title(the_1867)
    assert [p for p, s in title.phases.items() if s.exports_train] == ["4", "5", "6", "7"]
    assert (title.corporations["CNR"].holding_limit, title.corporations["CA"].holding_limit) == (60, None)
    assert [s.hex for s in title.corporations["CN"].setup_stations] == ["F16"]
    assert "trainless_nationalization" in [e.type for e in title.trains["4"].events]


def test_trainless_minors_are_nationalised_when_the_4_train_comes(the_1867):
    """Action 439 (CS buys the first 4-train, the 2-trains rust): THB $90 to $80, settles
    $160 with Player 1; CV $65 to $60, $120 to Player 2; ... each minor closes, CN's
    stations replacing theirs; at the round's end a 4-train is exported."""
    before = replayed_to(the_1867, EARLY, 438)
    game = replayed_to(the_1867, EARLY, 439)
    assert all(game.corporations[m].closed for m in ("THB", "CV", "AE", "TN", "KP", "NO", "OP", "BO"))
    assert game.players_by_id["4661"].cash - before.players_by_id["4661"].cash == 160 + 100  # THB, BO
    assert game.players_by_id["488"].cash - before.players_by_id["488"].cash == 120 + 120  # CV, AE
    assert "THB's price is now 80" in game.messages and "BO pays off a loan for 50" in game.messages
    assert len(game.track_board.cities_of("CN")) > len(before.track_board.cities_of("CN"))
    assert any(m == "A 4-train is exported" for m in replayed_to(the_1867, EARLY, 440).messages)


def test_a_trainless_major_s_president_chooses(the_1867):
    """Action 528: CNR, trainless after the 6-train, is nationalised by its president's
    choice: $200 to $180, $1,080 to Player 2, $360 to Player 3, $180 to Player 1; it goes
    back unstarted."""
    before = replayed_to(the_1867, CASH, 527)
    assert before.round.current_entity() == "CNR"
    assert legal_actions(before)["CNR"]["choose"] == [{"choice": "nationalize"}]
    refused(before, {"type": "choose", "entity": "CNR", "choice": "keep"})
    game = replayed_to(the_1867, CASH, 528)
    cnr = game.corporations["CNR"]
    assert (cnr.floated, cnr.par, "CNR" in game.market.positions) == (False, None, False)
    paid = {p: game.players_by_id[p].cash - before.players_by_id[p].cash for p in ("6177", "16972", "18614")}
    assert paid == {"6177": 1080, "16972": 360, "18614": 180}
    assert sorted(c[0] for c in game.track_board.cities_of("CN")) == ["E13", "E15", "F16", "J12", "L12", "M9"]


def test_a_major_holds_no_more_than_60_percent_of_a_player(the_1867):
    """Actions 482-485: Player 4 buys four shares of NYC after converting TGB: 60%, the
    majors' limit, then the turn passes to Player 1 (``holding_limit``); with a limit of
    70 Player 4 would be asked again."""
    game = replayed_to(the_1867, CASH, 485)
    assert game.corporations["NYC"].percent_of("6246") == 60
    assert game.round.current_entity() == "18614"
    lifted = replayed_to(the_1867, CASH, 485, ["corporations: {NYC: {holding_limit: 70}}"])
    assert lifted.round.current_entity() == "6246"


def test_the_national_s_station_is_on_the_map_from_the_start(the_1867):
    """CN's station in Toronto's first city (``setup_stations``); written for its second city
    (``{hex: F16, city: 1}``) it is there."""
    game = replayed_to(the_1867, EARLY, 1)
    assert game.track_board.cities_of("CN") == [("F16", 0)]
    moved = replayed_to(the_1867, EARLY, 1, ["corporations: {CN: {setup_stations: [{hex: F16, city: 1}]}}"])
    assert moved.track_board.cities_of("CN") == [("F16", 1)]


def test_the_national_buys_the_private_companies(the_1867):
    """The 6-train (action 479): "C&SL nationalized from C&O for $30"; the Montreal Bridge
    is CN's since, its $10 for routes to Montreal no longer C&O's (action 519 earns 310)."""
    game = replayed_to(the_1867, CASH, 479)
    assert game.companies["MB"].owner == "CN" and "C&SL is nationalized from C&O for 30" in game.messages


def test_a_minor_ending_its_buying_without_a_train(the_1861):
    """1861's action 271: OK passes its train buying trainless: nationalised, $90 to $70 (a
    loan left), its $21 to RSR, $140 to Player 2, RSR's station in its place."""
    before = replayed_to(the_1861, F61, 270)
    game = replayed_to(the_1861, F61, 271)
    assert game.corporations["OK"].closed and "OK's price is now 70" in game.messages
    assert game.corporations["RSR"].cash - before.corporations["RSR"].cash == 21
    assert game.players_by_id["8032"].cash - before.players_by_id["8032"].cash == 140
    assert ("D20", 0) in game.track_board.cities_of("RSR")


def test_the_settlement_is_the_title_s(the_1861):
    """Each knob of ``rules.settled_nationalization`` changes OK's end: without ``when``
    it is not nationalised; without ``moves_per_loan`` its price stops at $80 ($160 to
    Player 2); with ``treasury_to: bank`` RSR gets nothing; with no ``national`` (and so
    none operating) no RSR station replaces its; with ``price_moves: []`` only the loan moves it ($80)."""

    def played(rules: str, *more: str):
        return replayed_to(the_1861, F61, 271, [f"rules: {{settled_nationalization: {rules}}}", *more])

    base = replayed_to(the_1861, F61, 270)
    assert not played("{when: []}").corporations["OK"].closed
    fewer = played("{moves_per_loan: []}")
    assert fewer.players_by_id["8032"].cash - base.players_by_id["8032"].cash == 160
    assert played("{treasury_to: bank}").corporations["RSR"].cash == base.corporations["RSR"].cash
    idle = "phases: {" + ", ".join(f"'{p}': {{national_operates: false}}" for p in "4567") + "}"
    assert ("D20", 0) not in played("{national: null}", idle).track_board.cities_of("RSR")
    still = played("{price_moves: []}")
    assert still.players_by_id["8032"].cash - base.players_by_id["8032"].cash == 160


def test_a_national_station_in_its_home_hex_frees_the_slot_held_there(the_1861):
    """Moscow (E1) holds its second city's slot for RSR. Had OK a station in Moscow's
    first city when nationalised (action 271), RSR's station would take it, and the slot
    held in the other city is free, as 18xx.games lifts the national's reservations on
    the tile: another corporation may then take it."""
    game = replayed_to(the_1861, F61, 270)
    board = game.track_board
    assert board.reserved.get(("E1", 1)) == ["RSR"] and board.free_slots(("E1", 1), "MKN") == 0
    board.remove_token("SPW", ("E1", 0))
    board.add_token("OK", ("E1", 0))
    record = GameFile.read(F61)
    action = next(a for a in record.effective() if a.get("id") == 271)
    game.process(recorded(game, record, action))
    assert ("E1", 0) in board.cities_of("RSR")
    assert not board.reserved.get(("E1", 1)) and board.free_slots(("E1", 1), "MKN") == 1


def test_a_minor_s_home_goes_only_in_a_hex_without_track_to_another_stop(the_1861):
    """MVR, started at action 676, may put its home in eight hexes, as 18xx.games'
    ``home_token_locations`` offers: the ten with an empty city but those two whose
    cities have track to another stop (``home_unconnected: only``)."""
    game = replayed_to(the_1861, F61, 676)
    assert game.title.corporations["MVR"].home_unconnected == "only"
    offered = {parse_city(game, c["city"])[0] for c in legal_actions(game)["MVR"]["place_token"]}
    assert offered == {"K17", "L12", "P8", "P2", "F18", "M7", "M19", "N10"}
    anywhere = replayed_to(the_1861, F61, 676, ["corporations:\n  MVR: {home_unconnected: null}\n"])
    assert len({c["city"] for c in legal_actions(anywhere)["MVR"]["place_token"]}) > len(offered)
