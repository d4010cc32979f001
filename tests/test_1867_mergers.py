"""1867's merger rounds, converted from 18xx.games at run time: after each operating round
of phases 3 to 7 (``after_each``, a round's ``phases``) every minor in operating order may
convert into a major (a market zone that ``converts``) or merge with the minors its track
reaches into one (``rules.minor_mergers``), the major lifting the stations it may not
keep (``reduce_tokens``) before the players buy its shares (``post_merger_shares``).
Also what the converter found with it: minors operating before majors (``operates_first``),
homes only in cities (or hexes) free of stations (``home_alone``), the neutral stations
the green minors' event lifts (``remove_neutral_tokens``) and Timmins' bonus with a
capital (a ``hex_groups`` bonus). Figures are 18xx.games' for the real game
(``nationalization_cash``: "Adding TN to merge of CV", "CV merges into CNR receiving $60,
trains (["2"])", "CNR removes token from I15", "Player 2 buys a 10% share of CNR from the
Treasury for $110").
"""

from __future__ import annotations

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.bots.base import prudent
from framework.engine import finance, minor_mergers, tokens
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK
from framework.engine.steps.track import parse_city
from framework.title.loader import load_title

FIXTURES = ORACLE.parent / "fixtures" / "1867"
MERGES = FIXTURES / "nationalization_cash.json"
EARLY = FIXTURES / "21268.json"
P2, P4 = "6177", "6246"


@pytest.fixture(scope="module")
def the_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1867mergers"), "1867")


def test_the_converter_finds_1867_s_merger_round(the_1867):
    title = load_title(the_1867)
    entry = title.sequence.turn[1]
    assert (entry.round, entry.after_each) == ("operating", "merger")
    merger = title.rounds["merger"]
    assert (merger.kind, merger.phases) == ("merger", ["3", "4", "5", "6", "7"])
    assert [s.step for s in merger.steps] == [
        "trainless_majors",
        "reduce_tokens",
        "post_merger_shares",
        "discard_train",
        "minor_merger",
    ]
    rules = title.rules.minor_mergers
    assert (rules.most, rules.most_per_owner, rules.tokens_kept, rules.price_range) == (10, 6, 2, (100, 200))
    converting = [z for z in title.market.zones.values() if z.converts]
    assert [cell.price for _, _, cell in title.market.cells_in(converting[0].key)] == [
        100,
        110,
        120,
        135,
        150,
        165,
    ]
    ca, cnr = title.corporations["CA"], title.corporations["CNR"]
    assert (ca.operates_first, cnr.operates_first, ca.home_alone, cnr.home_alone) == (
        True,
        False,
        "city",
        "hex",
    )
    lifting = [e for e in title.trains["3"].events if e.type == "remove_neutral_tokens"]
    assert [e.hexes for e in lifting] == [["D2", "L12"]]
    bonus = next(b for b in title.bonuses.values() if b.kind == "hex_groups")
    assert (bonus.groups, bonus.amount) == ([["D2"], ["F16", "L12", "O7"]], 40)


def test_a_merger_round_follows_each_operating_round_of_phase_3(the_1867):
    """18xx.games: "-- Operating Round 2.1 (of 2) --", "-- Phase 3 ...", "-- Merger Round
    2.1 (of 2) --", "-- Operating Round 2.2 (of 2) --", "-- Merger Round 2.2 (of 2) --",
    "-- Stock Round 3 --"; none in phase 2."""
    game = replayed_to(the_1867, EARLY, 339)
    rounds = [m for m in game.messages if m.startswith(("Stock round", "Operating round", "Merger round"))]
    assert rounds == [
        "Stock round 1",
        "Operating round 1.1",
        "Operating round 1.2",
        "Stock round 2",
        "Operating round 2.1",
        "Merger round 2.1",
        "Operating round 2.2",
        "Merger round 2.2",
        "Stock round 3",
    ]


def test_a_round_is_played_only_in_its_phases(the_1867):
    """With ``phases: ['5', '6', '7']`` no merger round comes after phase 3's operating rounds."""
    game = replayed_to(the_1867, EARLY, 232, ["rounds: {merger: {phases: ['5', '6', '7']}}"])
    assert not any(m.startswith("Merger round") for m in game.messages)
    assert game.round.kind == "operating"


def test_three_minors_merge_into_a_major(the_1867):
    """Actions 183-189: CV adds TN and KP, finishes, names CNR: its par is the highest of
    its par prices at or below $55 + $60 ($110); Player 2, owner of the three, gets 10%,
    swaps it for the president's 20% with the second, 10% with the third; CNR receives
    $60, $10 and $35 and three 2-trains, lifts its station in I15 (three on the map, two
    kept), and Player 2 buys a 10% share for $110: $215 in its treasury, stations in
    Montreal and E15, its next token $40."""
    game = replayed_to(the_1867, MERGES, 189)
    cnr = game.corporations["CNR"]
    assert (game.market.price("CNR"), cnr.cash, cnr.president(), cnr.percent_of(P2)) == (110, 215, P2, 40)
    assert sorted(t.name for t in game.trains.values() if t.owner == "CNR") == ["2", "2", "2"]
    assert sorted(game.track_board.cities_of("CNR")) == [("E15", 0), ("F16", 1)]
    assert tokens.next_price(game, "CNR") == 40
    assert all(game.corporations[m].closed for m in ("CV", "TN", "KP"))
    assert game.round.kind == "merger" and game.round.entity() == "AE"


def test_the_merger_s_steps_wait_for_their_choices(the_1867):
    """After CV's last minor, CV names the major: only majors not started are offered; a
    station is lifted first from nothing but the major's cities; the player whose turn it
    is to buy is the one 18xx.games asks (Player 4, after Player 2's purchase)."""
    game = replayed_to(the_1867, MERGES, 185)
    merges = legal_actions(game)["CV"]["merge"]
    assert {m["corporation"] for m in merges} == {"CNR", "CPR", "C&O", "GTR", "GWR", "ICR", "NTR", "NYC"}
    assert "merger" in str(refused(game, {"type": "merge", "entity": "CV", "corporation": "PM"}))
    lifted = replayed_to(the_1867, MERGES, 186)
    cities = {parse_city(lifted, c["city"])[0] for c in legal_actions(lifted)["CNR"]["remove_token"]}
    assert cities == {"F16", "E15", "I15"}
    buying = replayed_to(the_1867, MERGES, 188)
    assert buying.round.current_entity() == P4
    assert list(legal_actions(buying)[P4]) == ["buy_shares", "pass"]


def test_the_merger_price_range_and_limits_are_the_title_s(the_1867):
    """``price_range: [100, 100]`` starts CNR at $100, not $110; ``most: 2`` lets CV merge
    with TN alone, so adding KP is refused."""
    game = replayed_to(the_1867, MERGES, 186, ["rules: {minor_mergers: {price_range: [100, 100]}}"])
    assert game.market.price("CNR") == 100
    two = replayed_to(the_1867, MERGES, 183, ["rules: {minor_mergers: {most: 2}}"])
    assert two.round.merger_stage == "forming"
    assert "merge" in str(refused(two, {"type": "merge", "entity": "CV", "corporation": "KP"}))


def test_a_minor_priced_in_the_conversion_zone_converts(the_1867):
    """CV, put at $100 (a cell that converts), converts into GTR: par $100 (the highest of
    GTR's par prices at or below), its owner the president with 20%, its treasury, trains
    and stations GTR's; then every player in turn from the owner may buy, the owner
    several (given $200 more here), others one (Player 3, with $95, cannot pay for one)."""
    game = replayed_to(the_1867, MERGES, 182)
    assert "convert" not in legal_actions(game)["CV"]
    row, col, _ = next(c for c in game.title.market.par_cells_in(["par"]) if c[2].price == 100)
    game.market.place("CV", (row, col))
    assert "convert" in legal_actions(game)["CV"]
    cash, stations = game.corporations["CV"].cash, game.track_board.cities_of("CV")
    finance.pay(game, BANK, P2, 200)  # (Player 2's $155 would pay for one share only)
    game.process({"type": "convert", "entity": "CV"})
    assert {m["corporation"] for m in legal_actions(game)["CV"]["merge"]} >= {"GTR"}
    game.process({"type": "merge", "entity": "CV", "corporation": "GTR"})
    gtr = game.corporations["GTR"]
    assert (game.market.price("GTR"), gtr.president(), gtr.percent_of(P2), gtr.cash) == (100, P2, 20, cash)
    assert game.track_board.cities_of("GTR") == stations and game.corporations["CV"].closed
    assert game.round.current_entity() == P2 and game.round.dealers[0] == P2
    game.process({"type": "buy_shares", "entity": P2, "shares": ["GTR_1"], "percent": 10})
    assert game.round.current_entity() == P2  # the owner buys several
    game.process({"type": "pass", "entity": P2})
    assert game.round.dealers[1] == "16972" and game.players_by_id["16972"].cash < 100
    assert game.round.current_entity() == P4  # the next in turn who can pay $100


def test_a_minor_s_home_goes_only_in_a_city_free_of_stations(the_1867):
    """Action 341 puts BBG's home in Timmins (D2), free once the green minors' event lifted
    its neutral station; a city holding another's station is never offered to a minor."""
    game = replayed_to(the_1867, EARLY, 340)
    assert any("neutral station in D2 leaves" in m for m in game.messages)
    homes = {c["city"] for c in legal_actions(game)["BBG"]["place_token"]}
    assert "D2-0-0" in homes
    board = game.track_board
    taken = [city for city, slots in board.tokens.items() if any(slots) and None in slots]
    assert taken and all(c not in tokens.anywhere(game, "BBG") for c in taken)


def test_most_minors_of_one_owner_in_a_merger(the_1867):
    """``most_per_owner: 2``: CV and TN, both Player 2's, leave no room for KP, also theirs."""
    plain = replayed_to(the_1867, MERGES, 183)
    assert "KP" in {m["corporation"] for m in legal_actions(plain)["CV"]["merge"]}
    game = replayed_to(the_1867, MERGES, 183, ["rules: {minor_mergers: {most_per_owner: 2}}"])
    assert "KP" not in {m["corporation"] for m in legal_actions(game)["CV"].get("merge", [])}
    assert "merge" in str(refused(game, {"type": "merge", "entity": "CV", "corporation": "KP"}))


def test_a_merged_major_keeps_stations_up_to_the_limit(the_1867):
    """``tokens_kept: 3``: CNR keeps its three stations (Montreal, E15, I15): nothing to
    lift, the players buy at once, and action 187's lifting is refused."""
    game = replayed_to(the_1867, MERGES, 186, ["rules: {minor_mergers: {tokens_kept: 3}}"])
    assert len(game.track_board.cities_of("CNR")) == 3 and game.round.reducing is None
    assert game.round.current_entity() == P2
    refused(game, {"type": "remove_token", "entity": "CNR", "city": "6-0-0", "slot": 0})


def test_corporations_that_operate_first(the_1867):
    """1867's minors operate before its majors: BO first in operating round 2.2 (action
    192), CNR, at $110, after them; with ``operates_first`` on CNR's charter too, CNR,
    the highest priced, operates first."""
    game = replayed_to(the_1867, MERGES, 191)
    assert game.round.kind == "operating" and game.round.entity() == "BO"
    assert game.round.entities[-1] == "CNR"
    first = replayed_to(the_1867, MERGES, 191, ["corporations: {CNR: {operates_first: true}}"])
    assert first.round.entity() == "CNR"


def test_a_careful_bot_starts_no_merger_nobody_could_be_president_of(the_1867):
    """18xx.games lists a merger's majors, then refuses one nobody can be president of
    ("Merge impossible, no player can become president"): a player owning two of the
    minors, or one with cash for a share at the par, is needed. With every player's cash
    gone (action 182), a careful bot lets CV join only minors of its own owner (TN, KP:
    Player 2's, as CV is); had CV joined AE (Player 1's), it would not complete the merger
    by a pass, only add a minor that gives an owner two."""
    game = replayed_to(the_1867, MERGES, 182)
    for player in game.players:
        player.cash = 0
    careful = prudent(game, legal_actions(game))["CV"]
    assert {c["corporation"] for c in careful["merge"]} == {"TN", "KP"} and "pass" in careful
    assert not minor_mergers.presidency_possible(game, ["CV", "AE"], "CNR")
    assert minor_mergers.presidency_possible(game, ["CV", "TN"], "CNR")
    game.process({"type": "merge", "entity": "CV", "entity_type": "corporation", "corporation": "AE"})
    careful = prudent(game, legal_actions(game))["CV"]
    assert "pass" not in careful and {c["corporation"] for c in careful["merge"]} == {"TN", "KP", "CS"}
