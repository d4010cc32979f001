"""1867's market and end, converted from 18xx.games at run time: a minor's price goes no
further right than $165 (the ``max_price`` zone's ``ceiling_for: [minor]``), loans still
out at the end move their corporation's price a step left each before the scores
(``rules.loans.at_end: price_left``: 18xx.games' "Loans are paid off by moving share price
left one step per loan"), and a major parred when no city is left for its home waits for
it for good, as in 18xx.games, so bots do not start one then. Positions are the real game
nationalization_cash's, just after a recorded action.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.bots.base import prudent
from framework.engine import bank_loans, tokens
from framework.engine.choices import legal_actions
from framework.title.loader import load_title

GAME = ORACLE.parent / "fixtures" / "1867" / "nationalization_cash.json"
P2 = "6177"


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867end"), "1867")


def _cell(game, price):
    cells = enumerate(game.title.market.grid)
    return next((r, c) for r, row in cells for c, cell in enumerate(row) if cell and cell.price == price)


def test_a_minor_s_price_stops_at_165_and_a_major_s_goes_on(the_1867, tmp_path):
    game = replayed_to(the_1867, GAME, 555)
    zone = game.title.market.zones["max_price"]
    assert zone.ceiling_for == ["minor"]
    minor, major = "CV", "GTR"
    charters = game.title.corporations
    assert (charters[minor].kind, charters[major].kind) == ("minor", "corporation")
    for sym in (minor, major):
        game.market.place(sym, _cell(game, 165))
        game.market.move(sym, ["right"])
    assert (game.market.price(minor), game.market.price(major)) == (165, 180)
    plain = house_ruled(the_1867, tmp_path, "market.yaml", "      ceiling_for: [minor]\n", "")
    game = replayed_to(plain, GAME, 555)
    game.market.place(minor, _cell(game, 165))
    game.market.move(minor, ["right"])
    assert game.market.price(minor) == 180


def test_loans_still_out_move_the_price_left_at_the_end(the_1867, tmp_path):
    """CNR, holding two loans when the game ends at $200, ends at $165 (two steps left),
    its loans back with the bank; counted by value instead (1856's way), the price stays
    and each loan takes its amount off its shares' value."""
    game = replayed_to(the_1867, GAME, 560)
    assert game.title.rules.loans.at_end == "price_left"
    cnr = game.corporations["CNR"]
    price, held = game.market.price("CNR"), len(cnr.loans)
    for _ in range(2 - held):
        bank_loans.take(game, cnr)
    pool = bank_loans.loans_left(game)
    game.end("custom")
    assert price == 200 and game.market.price("CNR") == 165
    assert cnr.loans == [] and bank_loans.loans_left(game) == pool + 2
    by_value = house_ruled(the_1867, tmp_path, "title.yaml", "    at_end: price_left\n", "")
    game = replayed_to(by_value, GAME, 560)
    cnr = game.corporations["CNR"]
    for _ in range(2 - len(cnr.loans)):
        bank_loans.take(game, cnr)
    game.end("custom")
    assert game.market.price("CNR") == 200 and len(cnr.loans) == 2


def test_a_major_with_no_city_left_for_its_home_waits_for_good(the_1867):
    """With CNR's home allowed only in Montreal (L12), a hex holding stations, no city is
    left for it: parred (action 556), it waits for a home token nobody can place, as
    18xx.games' Place Home Token does, so a careful bot does not par it."""
    rule = "overlay: {name: nowhere}\ncorporations:\n  CNR: {home_hexes: [L12]}\n"
    game = replayed_to(the_1867, GAME, 555, [rule])
    assert load_title(the_1867).corporations["CNR"].home_hexes == []
    assert tokens.homeless(game, "CNR") and not tokens.homeless(game, "GTR")
    pars = legal_actions(game)[P2]["par"]
    assert any(p["corporation"] == "CNR" for p in pars)
    careful = prudent(game, legal_actions(game))[P2]["par"]
    assert careful and not any(p["corporation"] == "CNR" for p in careful)
    game.process({"type": "par", "entity": P2, "corporation": "CNR", "share_price": "200,0,17"})
    assert game.current_round.pending_home == "CNR"
    choices = legal_actions(game)
    assert not any(choices.get(e, {}).get("place_token") for e in choices)


def test_a_major_s_home_goes_first_in_a_hex_without_track_to_another_stop(the_1867):
    """CNR, parred at action 556, may put its home only in Ottawa (D8) or F8, whose cities
    have no track to another stop, as 18xx.games' ``home_token_locations`` offers
    (``home_unconnected: first``); connected or not, in four more."""
    game = replayed_to(the_1867, GAME, 556)
    assert game.title.corporations["CNR"].home_unconnected == "first"
    offered = {c["city"] for c in legal_actions(game)["CNR"]["place_token"]}
    assert offered == {"D8-0-0", "F8-1-0"}
    anywhere = replayed_to(the_1867, GAME, 556, ["corporations:\n  CNR: {home_unconnected: null}\n"])
    assert len({c["city"] for c in legal_actions(anywhere)["CNR"]["place_token"]}) == 6
