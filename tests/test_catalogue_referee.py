"""Converted titles refereed as 18xx.games referees them where the converter's probes of
the built game found a company rule its code says: each case is a bot game 18xx.games
accepted (``tests/data``), played with the title converted at run time, and a
house-ruled copy without the probed field plays otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from oracle_support import ORACLE, ROOT, house_ruled, imported_title, oracle_verdicts, replayed_to
from ruamel.yaml import YAML

from framework.base.errors import GameError
from framework.bots import make_bot
from framework.bots.play import new_session, play
from framework.engine import purchases, trains
from framework.engine.choices import legal_actions
from framework.engine.entities import RESERVED
from framework.engine.trains import RUSTED

DATA = ROOT / "tests" / "data"
CHESAPEAKE = DATA / "bot-18Chesapeake-3p-seed-2-to-157.json"
"""The LV lays its tile in I3 (action 153), one of the C-P's two hexes; its B&S lays both
of its tiles (154, 155)."""
GEORGIA = DATA / "bot-18GA-3p-seed-5-to-197.json"
"""The SAL, without trains, buys the Ocilla Southern in phase 3 (action 196), then the
first 4-train (197)."""
ALABAMA = DATA / "bot-18AL-3p-seed-2-to-545.json"
EIGHTEEN_FIFTY = DATA / "bot-1850-4p-seed-1-to-38.json"
"""The KATY buys the MRB for $40 in phase 2 (action 38)."""
"""The L&N, owning the SNAR, passes its train step (action 542); the ATN lays a tile
next (544)."""


@pytest.fixture(scope="module")
def chesapeake(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("chesapeake"), "18Chesapeake")


@pytest.fixture(scope="module")
def georgia(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("georgia"), "18GA")


@pytest.fixture(scope="module")
def alabama(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("alabama"), "18AL")


def test_a_company_loses_its_lays_once_another_lays_in_its_hexes(chesapeake, tmp_path):
    """18Chesapeake's C-P may lay two tiles in H2 and I3 unless another lays there first
    (its ``check_special_tile_lay``, probed: ``forfeit_when_others_lay``): once the LV has
    laid in I3 the C-P lays no more, and the LV's track step ends when its B&S has laid
    both tiles. Without the field the C-P could still lay in H2."""
    assert "C-P" in legal_actions(replayed_to(chesapeake, CHESAPEAKE, 152))
    game = replayed_to(chesapeake, CHESAPEAKE, 153)
    assert "C-P" not in legal_actions(game)
    assert any("C-P loses its lays" in line for line in game.messages[-3:])
    game = replayed_to(chesapeake, CHESAPEAKE, 155)
    assert set(legal_actions(game)["LV"]) == {"run_routes"}
    forfeit = "forfeit_when_others_lay: true"
    kept = house_ruled(chesapeake, tmp_path, "companies.yaml", forfeit, "forfeit_when_others_lay: false")
    assert "C-P" in legal_actions(replayed_to(kept, CHESAPEAKE, 153))


def test_a_passive_assignment_does_not_hold_the_turn_open(alabama, tmp_path):
    """18AL's SNAR assigns its Warrior Coal Field token at any point of its owner's turn,
    an ability without a time (passive, in 18xx.games' words: ``holds_turn: false``): the
    L&N's turn ends when it passes its train step, though the token is still to place.
    Holding the turn, the company step would wait for a pass."""
    game = replayed_to(alabama, ALABAMA, 542)
    assert game.round.entity() == "ATN"
    held = house_ruled(alabama, tmp_path, "companies.yaml", "holds_turn: false", "holds_turn: true")
    game = replayed_to(held, ALABAMA, 542)
    assert game.round.entity() == "L&N" and set(legal_actions(game)["L&N"]) == {"pass"}


def test_a_company_brings_its_buyer_the_train_set_aside_for_it(georgia, tmp_path):
    """18GA's Ocilla Southern brings the corporation buying it the 2-train marked Free
    (its setup's, probed: ``free_train``, the 2-train's ``reserved``): no purchase, not
    for sale to another corporation, and it rusts with the other 2-trains when the first
    4-train is bought. None comes from phase ``until`` on, nor without the ability."""
    game = replayed_to(georgia, GEORGIA, 195)
    assert not trains.owned(game, "SAL") and game.trains["2-5"].owner == RESERVED
    game = replayed_to(georgia, GEORGIA, 196)
    free = game.trains["2-5"]
    assert (free.owner, free.buyable) == ("SAL", False) and free.id not in game.depot
    assert any("SAL receives the 2 train OSR brings" in line for line in game.messages[-2:])
    assert replayed_to(georgia, GEORGIA, 197).trains["2-5"].owner == RUSTED
    changes = (("until: '4'", "until: '3'"), ("- {type: free_train, train: '2', until: '4'}", ""))
    for i, (old, new) in enumerate(changes):
        ruled = house_ruled(georgia, tmp_path / str(i), "companies.yaml", old, new)
        assert not trains.owned(replayed_to(ruled, GEORGIA, 196), "SAL")


def test_a_free_train_comes_only_to_the_owners_it_lists(georgia, tmp_path):
    """``owner: [player]`` on the Ocilla Southern's ability: the SAL buying it gets no
    train."""
    old = "- {type: free_train, train: '2', until: '4'}"
    ruled = house_ruled(georgia, tmp_path, "companies.yaml", old, old[:-1] + ", owner: [player]}")
    assert not trains.owned(replayed_to(ruled, GEORGIA, 196), "SAL")


def test_a_free_train_is_sold_on_only_where_the_title_says(georgia, tmp_path):
    """Another corporation may not buy the SAL's free train (18GA); with ``sellable:
    true`` it may."""
    game = replayed_to(georgia, GEORGIA, 196)
    assert "2-5" not in {t.id for t in purchases.others_trains(game, "ACL")}
    old = "- {type: free_train, train: '2', until: '4'}"
    ruled = house_ruled(georgia, tmp_path, "companies.yaml", old, old[:-1] + ", sellable: true}")
    game = replayed_to(ruled, GEORGIA, 196)
    assert "2-5" in {t.id for t in purchases.others_trains(game, "ACL")}


def test_a_company_bought_early_sells_for_at_most_its_early_multiple(tmp_path):
    """1850's Mississippi River companies, bought early in phase 2, sell for at most their
    value (``rules.company_sales.early_max``, probed from the built game's prices): the
    KATY may pay $20 to $40 for the MRB, $40 to $80 for the MRC; without the rule, twice."""
    fifty = imported_title(tmp_path / "imported", "1850")
    game = replayed_to(fifty, EIGHTEEN_FIFTY, 37)
    offers = {c["company"]: (c["price"], c["max"]) for c in legal_actions(game)["KATY"]["buy_company"]}
    assert offers == {"MRB": (20, 40), "MRC": (40, 80)}
    ruled = house_ruled(fifty, tmp_path, "title.yaml", ", early_max: 1.0", "")
    game = replayed_to(ruled, EIGHTEEN_FIFTY, 37)
    offers = {c["company"]: (c["price"], c["max"]) for c in legal_actions(game)["KATY"]["buy_company"]}
    assert offers == {"MRB": (20, 80), "MRC": (40, 160)}


def test_a_company_sells_dearer_to_the_corporation_it_names(tmp_path):
    """1850's Crédit Mobilier sells to the Union Pacific for up to three times its value
    (``max_price_for``, probed from the title's ``max_price`` asked with each buyer): in
    the real game 1850_game_end_bankrupt the UP buys it for $120 (action 194); at the
    title's usual twice its value the purchase is refused."""
    real = ORACLE.parent / "fixtures" / "1850" / "1850_game_end_bankrupt.json"
    fifty = imported_title(tmp_path / "imported", "1850")
    game = replayed_to(fifty, real, 194)
    assert game.companies["CM"].owner == "UP"
    with pytest.raises(GameError, match="CM sells for 20 to 80, not 120"):
        replayed_to(fifty, real, 194, ["companies: {CM: {max_price_for: {UP: 2}}}\n"])


def test_a_company_laying_in_any_hex_keeps_a_buyers_track_step_open(tmp_path):
    """1850's Galveston, Brazos & Colorado lays a tile in any hex its corporation reaches,
    once in each operating round, for $30 besides terrain (18xx.games' ``tile_lay`` with
    no hexes and ``count_per_or``, ``cost``; converted without ``hexes``). While the
    MILW could buy it, its track step waits after its one lay: in the real game
    1850_game_end_bankrupt the MILW passes it (action 200), then places a station (201).
    With GBC's lays taken away, the track step ends with the lay and the station is
    refused."""
    real = ORACLE.parent / "fixtures" / "1850" / "1850_game_end_bankrupt.json"
    fifty = imported_title(tmp_path / "imported", "1850")
    lays = ability(fifty, "GBC", "tile_lay")
    assert "hexes" not in lays and (lays["per_round"], lays["cost"], lays["connected"]) == (1, 30, True)
    game = replayed_to(fifty, real, 201)
    assert ("G16", 0) in game.track_board.cities_of("MILW")
    with pytest.raises(GameError, match="action 201"):
        replayed_to(fifty, real, 201, ["companies: {GBC: {abilities: []}}\n"])


def ability(title: Path, company: str, kind: str) -> dict[str, Any]:
    """The first ability of ``kind`` of ``company`` in a converted title, as written."""
    written = YAML(typ="safe").load((title / "companies.yaml").read_text(encoding="utf-8"))
    return next(a for a in written["companies"][company]["abilities"] if a["type"] == kind)


SECOND_CHEAPEST = DATA / "18NL-3p-second-cheapest.json"
"""Player 1 buys the cheapest company, P1 (action 1); everybody passes (2-4)."""


def test_passing_makes_the_second_cheapest_cheaper_once_the_first_is_sold(tmp_path):
    """18NL's auction: with P1 sold, every player passing makes P2, the second cheapest
    at the start, 5 cheaper (``rules.auction.cheapest_of: 2``, probed: 18xx.games accepts
    this game and its P2 then costs 35); at the usual one the companies pay instead (P1,
    the only one sold, pays nothing)."""
    assert oracle_verdicts([SECOND_CHEAPEST])[SECOND_CHEAPEST.stem]["refused"] is None
    holland = imported_title(tmp_path / "imported", "18NL")
    game = replayed_to(holland, SECOND_CHEAPEST, 4)
    assert game.companies["P2"].discount == 5 and game.players_by_id["1"].cash == 780
    game = replayed_to(holland, SECOND_CHEAPEST, 4, ["rules: {auction: {cheapest_of: 1}}\n"])
    assert game.companies["P2"].discount == 0 and game.players_by_id["1"].cash == 780


def test_the_last_bidder_left_buys_a_company_nobody_else_will(tmp_path):
    """18PA's selection auction: every company costs $110 and pays nothing, so all
    passing on the last one changes nothing and puts it up again as it was. The
    heuristic bots kept cash in reserve and passed for ever (20,000 actions, which
    18xx.games accepts); now the last player left in its auction buys it at its price
    and the game goes on (18xx.games accepted this game to its end)."""
    title = imported_title(tmp_path, "18PA")
    session = new_session(title, 4, 1)
    play(session, make_bot("heuristic"), seed=1, max_actions=200)
    game = session.game
    assert game.companies["P9"].owner in game.players_by_id
    assert game.round.kind != "auction" or game.finished
