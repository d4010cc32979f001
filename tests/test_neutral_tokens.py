"""Neutral stations printed on the map (``neutral_tokens``: 18GA's and 18EU's off-board
cities, 1868 Wyoming, 18Neb, 1893), and those a corporation carries and places for another
(a corporation's ``neutral_token``: 1882's CN stations).

A neutral station fills a slot from the start: nobody may place a token there, and the
city never blocks a route while it holds one (18xx.games' tokens of type ``neutral``).
Shown on 18SJ with a house rule putting one in Ånge (E20, one slot).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.base.problems import ProblemsError
from framework.board.board import NEUTRAL
from framework.board.tokens import IllegalToken, check_token
from framework.convert.entities import carried_tokens
from framework.convert.gaps import Gaps
from framework.convert.title import _neutral_tokens
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.invariants import broken_invariants
from framework.engine.state import game_to_dict
from framework.record.replay import game_title
from framework.title.loader import RulesText

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]
ANGE = ("E20", 0)
RULE = "map:\n  hexes:\n    E20:\n      cities: [{revenue: 0, neutral_tokens: 1}]\n"


def game(rule: str = RULE) -> Game:
    return Game(
        game_title(ROOT / "titles" / "18SJ", 4, (), [RulesText("house.yaml", rule)] if rule else []), SEATS, 1
    )


def test_a_neutral_station_fills_its_slot_from_the_start():
    board = game().track_board
    assert board.tokens[ANGE] == [NEUTRAL]
    with pytest.raises(IllegalToken) as caught:
        check_token(board, "SWB", ANGE, connect=False)
    assert caught.value.rule == "free slot"
    plain = game("").track_board
    check_token(plain, "SWB", ANGE, connect=False)  # a slot is free without the rule


def test_a_city_holding_a_neutral_station_never_blocks_a_route():
    board = game().track_board
    assert not board.blocks(ANGE, "SWB")
    plain = game("").track_board
    plain.add_token("TGOJ", ANGE)
    assert plain.blocks(ANGE, "SWB")  # another company's station does


def test_the_game_s_invariants_accept_a_neutral_station():
    assert broken_invariants(game()) == []


def test_more_neutral_stations_than_slots_are_refused():
    with pytest.raises(ProblemsError, match="do not fit"):
        game("map:\n  hexes:\n    E20:\n      cities: [{revenue: 0, neutral_tokens: 2}]\n")


def test_a_tile_s_city_has_no_neutral_stations():
    with pytest.raises(ProblemsError, match="neutral tokens are printed on a map hex"):
        game("tiles:\n  619: {cities: [{revenue: 30, slots: 2, neutral_tokens: 1}]}\n")


def test_the_converter_reads_neutral_stations_of_the_built_game():
    """18GA's setup puts a neutral station in each of its two off-board cities; another
    station of nobody the title knows is named in GAPS.md."""
    board = {"hexes": {"E1": {"cities": [{"revenue": 30}]}, "J4": {"cities": [{"revenue": 30, "slots": 2}]}}}
    tokens = [
        {"hex": "E1", "city": 0, "owner": "N", "type": "neutral", "known": False},
        {"hex": "J4", "city": 0, "owner": "N", "type": "neutral", "known": False},
        {"hex": "J4", "city": 0, "owner": "ACL", "type": "normal", "known": True},
        {"hex": "A7", "city": 0, "owner": "B", "type": "blocking", "known": False},
    ]
    gaps = Gaps()
    _neutral_tokens(board, tokens, gaps)
    assert board["hexes"]["E1"]["cities"][0]["neutral_tokens"] == 1
    assert board["hexes"]["J4"]["cities"][0]["neutral_tokens"] == 1
    assert any("A7" in g for g in gaps.by_section["map"])


def test_a_home_in_a_city_its_neutral_station_fills_is_refused():
    """A company based in a city whose only slot a neutral station fills could never put
    its home token there: the title is refused, naming the home."""
    rule = RULE + "minors:\n  '1': {name: Ånge Minor, home: E20, color: '#888888'}\n"
    with pytest.raises(ProblemsError, match="neutral stations"):
        game(rule)


# -- neutral stations a corporation carries (``neutral_token``, 1882's CN stations) ---------

CARRIED = "corporations:\n  SNJ:\n    abilities: [{type: neutral_token, owner: BJ, price: 10, count: 2}]\n"
SNJ_TOKEN = {"type": "place_token", "entity": "SNJ", "city": "6-1-0", "slot": 0, "token_type": "neutral"}


def test_a_corporation_places_a_neutral_station_it_carries():
    """SNJ, carrying two of BJ's neutral stations at $10 (a house rule), places one where
    it placed its own token (18SJ's game, action 87): the station is BJ's, SNJ pays $10
    and keeps its charter's tokens and one neutral station; the city blocks nobody."""
    from sj_support import REAL, game_before_with

    game = game_before_with(REAL, 87, CARRIED)
    assert any(c.get("token_type") == "neutral" for c in legal_actions(game)["SNJ"]["place_token"])
    snj = game.corporations["SNJ"]
    cash, used = snj.cash, snj.tokens_used
    game.process(dict(SNJ_TOKEN))
    (city,) = game.track_board.cities_of("BJ")
    assert game.track_board.cities_of("SNJ") == [c for c in game.track_board.cities_of("SNJ") if c != city]
    assert (snj.cash, snj.tokens_used, snj.counters["neutral_tokens_placed"]) == (cash - 10, used, 1)
    assert not game.track_board.blocks(city, "STJ")


def test_without_a_neutral_station_a_corporation_cannot_place_one():
    from sj_support import REAL, game_before

    game = game_before(REAL, 87)
    assert all("token_type" not in c for c in legal_actions(game)["SNJ"]["place_token"])
    state = json.dumps(game_to_dict(game))
    with pytest.raises(GameError, match="carries no neutral station"):
        game.process(dict(SNJ_TOKEN))
    assert json.dumps(game_to_dict(game)) == state


def test_a_neutral_station_of_no_corporation_is_refused():
    with pytest.raises(ProblemsError, match="'XX' is not a corporation"):
        game(CARRIED.replace("BJ", "XX"))


def test_the_converter_gives_a_corporation_the_neutral_stations_it_carries():
    corporations: dict = {"CN": {}, "CNR": {}, "CPR": {}}
    built = [
        {"sym": "CNR", "carried_tokens": [{"type": "neutral", "owner": "CN", "price": 0}]},
        {"sym": "CPR", "carried_tokens": []},
        {"sym": "CN", "carried_tokens": [{"type": "blocking", "owner": "N", "price": 0}]},
    ]
    gaps = Gaps()
    carried_tokens(corporations, built, gaps)
    assert corporations["CNR"]["abilities"] == [{"type": "neutral_token", "owner": "CN"}]
    assert "abilities" not in corporations["CPR"]
    assert any("blocking token of N" in g for g in gaps.by_section["corporations"])
