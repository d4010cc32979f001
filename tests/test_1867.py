"""1867 and its family (1861, 1812, 18Ireland, 18NY), converted from 18xx.games at run
time: minors started by a bid in the stock round (``started_by: bid``,
``rules.stock.start_bid``), their par prices (``par_zones``), majors that wait for a phase
(``available_from``), a national no player starts (``started_by: none``), a minor's one
certificate that never makes it sold out (``sold_out_rises``), and corporations in the
game for some player counts only (``corporations.players``). The real game 21268 plays
its first stock round of bids as 18xx.games does.
"""

from __future__ import annotations

import shutil

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.base.problems import ProblemsError
from framework.engine import finance, par_rules
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.seating import player_ids
from framework.engine.setup import random_setup
from framework.engine.steps.auction import cell_id
from framework.engine.steps.start_bid import par_for_bid
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.title.loader import load_title
from framework.title.rules import StartBid

FIXTURES = ORACLE.parent / "fixtures" / "1867"
GAME = FIXTURES / "21268.json"
P1, P2, P3, P4 = "4661", "488", "949", "4440"
"""21268's players in seat order."""

GAMES = ("21268.json", "hs_wuveadew_21268.json", "nationalization_cash.json")
"""The real games of 1867, each replayed to its recorded result. Where they stopped
before: 39, 39 and 35 (the first bid on a minor, before ``start_bid``); 93, 93 and 89
(split dividends and automatic loans); 234, 234 and 181 (merger rounds); 463, 463 and 405
(nationalisation); 619, 619 and 537 (a major's redemption step, which waits)."""


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867"), "1867")


def test_1867_converts_its_minors_majors_and_national(the_1867):
    """1867's rules: a minor is started by a bid of at least $100 whose half, at most
    $135, is its par; majors start "from phase 4"; its green minors come with phase 3; CN
    only holds stations; a minor's one certificate is its 100%."""
    title = load_title(the_1867)
    corps = title.corporations
    assert title.rules.stock.start_bid == StartBid(min_bid=100, max_par=135, turn_after="winner")
    minors = [s for s, c in corps.items() if c.started_by == "bid"]
    assert sorted(minors) == sorted(
        ["BO", "CS", "CV", "KP", "OP", "TN", "AE", "CA", "NO", "PM", "BBG", "LPS", "SLA", "TGB", "QLS", "THB"]
    )
    assert all(corps[s].par_zones == ["par", "par_1"] and not corps[s].sold_out_rises for s in minors)
    assert title.rules.shares == [100] and title.rules.float_percent == 100
    for major in ("CNR", "CPR", "GTR", "NYC"):
        assert corps[major].available_from == "4" and corps[major].par_zones == ["par", "par_2"]
        assert (
            corps[major].shares == [20, 10, 10, 10, 10, 10, 10, 10, 10] and corps[major].float_percent == 20
        )
    assert {s for s, c in corps.items() if c.available_from == "3"} == {
        "BBG",
        "LPS",
        "SLA",
        "TGB",
        "QLS",
        "THB",
    }
    assert corps["CN"].started_by == "none"


def test_a_minor_s_certificate_is_two_shares():
    """18xx.games' share is a corporation's second certificate, or half its president's
    when it has only that: a 1867 minor's 100% at 55 is worth 110."""
    assert finance.certificate_unit([100]) == 50
    assert finance.certificate_unit([20, 10, 10]) == 10
    assert par_for_bid([50, 55, 60, 65, 70], 115, 135) == 55
    assert par_for_bid([50, 55, 60, 65, 70], 99, 135) is None


@pytest.mark.parametrize("name", GAMES)
def test_the_real_games_replay_to_their_recorded_results(the_1867, name):
    """Each real game replays through its stock rounds of bids, its operating rounds
    (minors' split revenue, loans taken for trains and tiles, their interest and
    repayment, majors' redemptions, stations priced by distance, trade-ins for phase 8's
    trains), its merger rounds and its nationalisations to the end its file records: the
    final phase, with three operating rounds in the last sets, and the same scores."""
    record = GameFile.read(FIXTURES / name)
    out = replay(record, title_for(record, the_1867))
    assert out.failure is None, out.failure
    assert out.verdict == "matches", (out.result, out.recorded_result, out.game.end_reason)
    assert out.game.end_reason == "final_phase"


def test_the_winner_of_a_minor_pays_its_bid_into_its_treasury(the_1867):
    """ "Player 4 wins bid on CA for $110", "pars CA at $55"; "Player 1 wins bid on CS for
    $115", "pars CS at $55" (115 / 2 rounds down to 57, the highest par below is 55)."""
    game = replayed_to(the_1867, GAME, 46)
    ca = game.corporations["CA"]
    assert (ca.president(), ca.par, ca.cash, ca.floated) == (P4, 55, 110, True)
    assert finance.worth(game, "CA", 55, 100) == 110
    assert game.current_entity() == P1  # the turn goes on after the winner
    game = replayed_to(the_1867, GAME, 57)
    cs = game.corporations["CS"]
    assert (cs.president(), cs.par, cs.cash) == (P1, 55, 115)
    assert game.current_entity() == P2


def test_the_opening_bid_places_the_minors_home_station(the_1867):
    """ "Player 3 auctions CA for $100", then CA chooses its home (M9) before anybody
    else bids."""
    game = replayed_to(the_1867, GAME, 39)
    assert game.current_entity() == "CA"
    game = replayed_to(the_1867, GAME, 40)
    assert game.current_entity() == P4  # the bidder after the opener
    assert game.track_board.cities_of("CA")


def test_bids_the_rules_refuse(the_1867):
    """A bid under $100 or off the $5 steps, a bid on another minor while one is up, a
    par of a minor or of a major before phase 4: each refused, nothing changed."""
    game = replayed_to(the_1867, GAME, 38)
    bid = {"type": "bid", "entity": P3, "price": 100, "corporation": "CA"}
    assert refused(game, {**bid, "price": 95}).rule == "start by bid"
    assert refused(game, {**bid, "price": 102}).rule == "start by bid"
    assert "started by a bid" in str(refused(game, {**bid, "type": "par", "share_price": "55,0,4"}))
    assert "phase 4" in str(
        refused(game, {**bid, "type": "par", "corporation": "CNR", "share_price": "100,0,9"})
    )
    assert "never started" in str(refused(game, {**bid, "corporation": "CN"}))
    game = replayed_to(the_1867, GAME, 42)
    assert (
        refused(game, {"type": "bid", "entity": P1, "price": 120, "corporation": "BO"}).rule == "start by bid"
    )
    assert (
        refused(game, {"type": "bid", "entity": P1, "price": 110, "corporation": "CA"}).rule == "start by bid"
    )


def test_a_major_starts_at_its_own_par_prices(the_1867):
    """Without ``available_from`` the CNR may start in phase 2, but only at its own par
    prices (``par_zones: [par, par_2]``, $70 up): not at the minors' $50."""
    game = replayed_to(the_1867, GAME, 38, ["corporations: {CNR: {available_from: null}}"])
    offered = [c["share_price"] for c in legal_actions(game)[P3]["par"] if c["corporation"] == "CNR"]
    assert min(int(p.split(",")[0]) for p in offered) == 70
    fifty = next(cell_id(cell, r, c) for r, c, cell in game.title.market.par_cells() if cell.price == 50)
    error = refused(game, {"type": "par", "entity": P3, "corporation": "CNR", "share_price": fifty})
    assert "par_2" in str(error)


def test_the_turn_after_the_opener(the_1867):
    """``turn_after: opener`` (18Ireland's, 18NY's): after CA's auction, opened by Player 3
    and won by Player 4, the turn is Player 4's, so the recorded bid of Player 1 is out of
    turn."""
    overlay = "rules: {stock: {start_bid: {min_bid: 100, max_par: 135, turn_after: opener}}}"
    game = replayed_to(the_1867, GAME, 46, [overlay])
    assert game.current_entity() == P4
    assert (
        refused(game, {"type": "bid", "entity": P1, "price": 110, "corporation": "BO"}).rule == "turn order"
    )


def test_max_par_and_the_order_of_minors(the_1867):
    """``max_par: 50`` starts CA at 50 for its $110; ``first: BO`` refuses CA's opening
    bid, as ``in_order`` (BO is the first minor listed)."""
    capped = "rules: {stock: {start_bid: {min_bid: 100, max_par: 50}}}"
    assert replayed_to(the_1867, GAME, 46, [capped]).corporations["CA"].par == 50
    for rule in ("first: BO", "in_order: true"):
        overlay = f"rules: {{stock: {{start_bid: {{min_bid: 100, max_par: 135, {rule}}}}}}}"
        game = replayed_to(the_1867, GAME, 38, [overlay])
        error = refused(game, {"type": "bid", "entity": P3, "price": 100, "corporation": "CA"})
        assert "BO" in str(error)


def test_a_minor_never_rises_sold_out(the_1867):
    """18xx.games' 1867 counts only majors sold out: after the first stock round CA is
    still at its par, 55; with ``sold_out_rises: true`` it rises."""
    game = replayed_to(the_1867, GAME, 82)
    assert game.market.price("CA") == 55
    risen = replayed_to(the_1867, GAME, 82, ["corporations: {CA: {sold_out_rises: true}}"])
    assert risen.market.price("CA") > 55


@pytest.fixture(scope="module")
def the_1812(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1812"), "1812")


def test_1812_s_great_central_is_for_four_players(the_1812):
    """18xx.games' 1812 leaves the GCR out of a game of two or three: ``players: [4]``,
    and its players' ids skip its minors' names (1 to 10)."""
    title = load_title(the_1812)
    assert title.corporations["GCR"].players == [4]
    assert "GCR" in random_setup(title, 1, 3).removed_corporations
    assert "GCR" not in random_setup(title, 1, 4).removed_corporations
    assert player_ids(title, 3) == [11, 12, 13]


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("1861", StartBid(min_bid=100, max_par=135, turn_after="winner", first="N")),
        ("18Ireland", StartBid(min_bid=100, max_par=135, turn_after="opener", in_order=True)),
        ("18NY", StartBid(min_bid=100, max_par=80, turn_after="opener")),
    ],
)
def test_the_family_s_bids_convert(tmp_path_factory, name, rule):
    """The same auction in 1861 (Nikolaev first), 18Ireland (the minors in order, the turn
    after the opener) and 18NY (pars up to $80)."""
    folder = imported_title(tmp_path_factory.mktemp(name.lower()), name)
    assert load_title(folder).rules.stock.start_bid == rule


def test_a_title_without_the_rule_cannot_bid_for_a_minor(the_1867, tmp_path):
    """A corporation started by a bid needs ``rules.stock.start_bid``: the title check says so."""
    text = (the_1867 / "title.yaml").read_text(encoding="utf-8")
    start = text.index("    start_bid:")
    end = text.index("\n", start)
    folder = tmp_path / "1867"
    shutil.copytree(the_1867, folder)
    (folder / "title.yaml").write_text(text[:start] + text[end + 1 :], encoding="utf-8")
    with pytest.raises(ProblemsError) as error:
        load_title(folder)
    assert "rules.stock.start_bid is missing" in str(error.value.problems)


def test_18ny_s_majors_wait_for_the_second_stock_round(tmp_path_factory):
    """18xx.games' 18NY lets no major but the D&H start in the first stock round
    (``from_stock_round: 2``)."""
    folder = imported_title(tmp_path_factory.mktemp("18ny"), "18NY")
    title = load_title(folder)
    later = {s for s, c in title.corporations.items() if c.from_stock_round == 2}
    assert later == {"RWO", "NY&H", "NH", "ERIE", "B&A", "HR"}
    game = Game(title, [(pid, f"Player {pid}") for pid in player_ids(title, 4)], 1)
    game.turn = 1
    assert "stock round 2" in str(par_rules.refusal(game, "B&A"))
    assert par_rules.refusal(game, "D&H") is None
    game.turn = 2
    assert par_rules.refusal(game, "B&A") is None


def test_1832_s_systems_are_never_started_by_a_player(tmp_path_factory):
    """18xx.games' 1832 refuses a par of a system (its ``can_par?``): systems come of
    mergers. Converted as ``started_by: none``: no par of one is offered or taken."""
    folder = imported_title(tmp_path_factory.mktemp("1832"), "1832")
    title = load_title(folder)
    never = {s for s, c in title.corporations.items() if c.started_by == "none"}
    assert never == {"AMTK", "BNSF", "IC", "CSX", "NS"}
    game = Game(title, [(pid, f"Player {pid}") for pid in player_ids(title, 4)], 1)
    assert "never started" in str(par_rules.refusal(game, "AMTK"))
    assert par_rules.refusal(game, next(s for s in title.corporations if s not in never)) is None


def test_a_bid_must_buy_a_par_price(the_1867):
    """With ``min_bid: 60``, a bid of $60 is refused: half of it buys none of the minors'
    par prices (the least is $50); $100 buys $50."""
    game = replayed_to(the_1867, GAME, 38, ["rules: {stock: {start_bid: {min_bid: 60, max_par: 135}}}"])
    bid = {"type": "bid", "entity": P3, "price": 60, "corporation": "CA"}
    assert "buys no par price" in str(refused(game, bid))
    game.process({**bid, "price": 100})
    assert game.round.start_auction["bids"] == [[P3, 100]]
