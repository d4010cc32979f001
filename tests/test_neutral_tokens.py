"""Neutral stations printed on the map (``neutral_tokens``: 18GA's and 18EU's off-board
cities, 1868 Wyoming, 18Neb, 1893).

A neutral station fills a slot from the start: nobody may place a token there, and the
city never blocks a route while it holds one (18xx.games' tokens of type ``neutral``).
Shown on 18SJ with a house rule putting one in Ånge (E20, one slot).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.base.problems import ProblemsError
from framework.board.board import NEUTRAL
from framework.board.tokens import IllegalToken, check_token
from framework.convert.gaps import Gaps
from framework.convert.title import _neutral_tokens
from framework.engine.game import Game
from framework.engine.invariants import broken_invariants
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
