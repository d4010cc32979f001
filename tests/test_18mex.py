"""18MEX, converted from 18xx.games at run time, against its real games: its minors' own
tile action (one yellow tile, and none while a minor cannot pay for its unbuilt home
hex), a white hex's printed track taking its first tile as a lay, mail, KCMO's
special lay of the Copper Canyon tile at a discount, the two lanes of track between
Mexico City and Puebla, and its track restriction (``city_permissive``). All four real
games reach their recorded results.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine import finance, merger_offer, mergers, operating
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.title.corporations import MinorMerger, TrainLimit
from framework.title.loader import load_title
from framework.title.merger_offer import MergerOffer
from framework.title.rules import TileLaySlot

FIXTURES = ORACLE.parent / "fixtures" / "18MEX"
GAME = FIXTURES / "13315.json"

REACHED: dict[str, int] = {}
"""The last action each real game replays to, for those that stop short of their result
(none now). Before the minors' tile action: 37, 17, 34 and 36, the first minor's turn;
before KCMO's special lay: 131, 103, 143 and 164; before the minors merged into NdM and
UdY: 163, 341, 234 and 330; before NdM's own train limit: 265, 453, 359 and 330; before a
new president's certificates were handed over newest first: hotseat01's 330; before the
NdM merger offer of phase 5: 265, 465, 368 and 531; 13315 before a lone 5% certificate
sold: 435; before Mexico City's and Puebla's tiles were laid together, 80226 and
hotseat01 at 554 and 539. 13315 plays to its recorded result since the twin hexes (it was
$40 off); the stock-market game and hotseat01 to theirs since the two lanes of track
between Mexico City and Puebla (before, 520 and 560: a 4 and a 5 train both run P11-O10;
UdY reaches N11 only along the lane through Puebla); 80226 since ``city_permissive``
(before, 562: Guadalajara's gray tile, the same track and revenue as its brown one)."""

KCMO = (
    "companies: {KCMO: {abilities: [{type: tile_lay, hexes: [F5], tiles: ['470'], count: 1, "
    "when: [track], discount: %d, special: %s}]}}"
)


@pytest.fixture(scope="module")
def the_18mex(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18mex"), "18MEX")


def test_18mex_converts_its_minors_merging_into_ndm_and_udy(the_18mex):
    """ "When Phase 3½ begins, the minor corporation closes, but its owner receives a 5%
    share in NdM" (A and B; C: "a 10% share in UdY")."""
    title = load_title(the_18mex)
    mergers = {sym: minor.merges_into for sym, minor in title.minors.items()}
    assert mergers == {
        "A": MinorMerger(corporation="NdM", share=7, counts_for_limit=False),
        "B": MinorMerger(corporation="NdM", share=8, counts_for_limit=False),
        "C": MinorMerger(corporation="UdY", share=8),
    }
    assert [e.type for e in title.trains["3'"].events] == ["minors_merge"]


def test_the_3_prime_train_merges_the_minors_into_ndm_and_udy(the_18mex):
    """ "FCP buys a 3' train", then "Minor A merges into NdM who receives the treasury of
    $75", "Player 3 receives a 5% share of NdM", B likewise ($45), "Minor C merges into UdY
    who receives the treasury of $30", "Player 1 receives a 10% share of UdY"."""
    before = replayed_to(the_18mex, GAME, 153)
    owners = {sym: m.owner for sym, m in before.minors.items()}
    assert mergers.held_back(before) == {"NdM_7", "NdM_8", "UdY_8"}
    counts = {p.id: finance.certificate_count(before, p.id) for p in before.players}
    game = replayed_to(the_18mex, GAME, 154)
    assert all(m.closed for m in game.minors.values()) and not mergers.held_back(game)
    assert game.corporations["NdM"].cash == 75 + 45 and game.corporations["UdY"].cash == 30
    held = {s.id: s.owner for c in ("NdM", "UdY") for s in game.corporations[c].shares}
    assert (held["NdM_7"], held["NdM_8"], held["UdY_8"]) == (owners["A"], owners["B"], owners["C"])
    assert all(game.companies[sym].closed for sym in "ABC")
    assert not game.track_board.cities_of("B"), "B's token leaves Mazatlán (K6)"
    assert not any(t.owner in "ABC" for t in game.trains.values())
    # a company less, a 5% NdM share more that counts for nothing; C's owner: a 10% UdY share
    assert finance.certificate_count(game, owners["B"]) == counts[owners["B"]] - 1
    assert finance.certificate_count(game, owners["C"]) == counts[owners["C"]]


OPEN = "phases: {'2': {closed_shares: []}, '3': {closed_shares: []}}"
"""An overlay: NdM's shares traded in the stock round from the start (18MEX closes them
to it until phase 3½, ``phases.closed_shares``)."""


def test_a_trade_in_share_is_not_for_sale_until_its_minor_merges(the_18mex):
    """NdM's 5% certificates are not offered in the stock round before phase 3½ (even with
    NdM's shares open to it); without ``merges_into`` they are, and minor A stays open when
    the 3' train comes."""
    game = replayed_to(the_18mex, GAME, 99, [OPEN])
    step = game.round.active_step()
    player = game.round.entity()
    offered = {s.id for s in step.buyable(player, game.corporations["NdM"])}
    assert "NdM_7" not in offered and "NdM_8" not in offered and "NdM_1" in offered
    plain = replayed_to(
        the_18mex, GAME, 99, [OPEN, "minors: {A: {merges_into: null}, B: {merges_into: null}}"]
    )
    offered = {s.id for s in plain.round.active_step().buyable(player, plain.corporations["NdM"])}
    assert {"NdM_7", "NdM_8"} <= offered
    plain = replayed_to(the_18mex, GAME, 154, ["minors: {A: {merges_into: null}}"])
    assert not plain.minors["A"].closed and plain.minors["B"].closed


def test_a_trade_in_share_may_count_toward_the_certificate_limit(the_18mex):
    game = replayed_to(the_18mex, GAME, 154)
    counted = replayed_to(the_18mex, GAME, 154, ["minors: {B: {merges_into: {counts_for_limit: true}}}"])
    owner = next(s.owner for s in game.corporations["NdM"].shares if s.id == "NdM_8")
    assert finance.certificate_count(counted, owner) == finance.certificate_count(game, owner) + 1


def test_ndm_may_hold_a_train_more_than_the_phase_allows(the_18mex):
    """NdM's charter: "+1 train limit". In phase 4 (limit 2) "NdM buys a 3 train for $180
    from TM", "NdM buys a 3' train for $180 from TM", then "NdM passes buy trains"."""
    assert load_title(the_18mex).corporations["NdM"].ability("train_limit") == TrainLimit(
        type="train_limit", increase=1
    )
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, other, 358)
    assert game.round.entity() == "NdM" and game.phase == "4"
    assert game.train_limit("NdM") == 3 and game.train_limit("TM") == 2
    assert game.round.active_step().name == "buy_train"
    game = replayed_to(the_18mex, other, 358, ["corporations: {NdM: {abilities: null}}"])
    assert game.train_limit("NdM") == 2 and game.round.active_step().name == "buy_company"


def test_a_new_president_hands_over_the_certificates_they_got_last(the_18mex):
    """ "Player 2 buys a 10% share of MC from the market", "Player 2 becomes the president
    of MC" (holding MC_1, MC_2 and MC_4, in that order); Player 1 later "sells a 10% share
    of MC" with MC_4: 18MEX hands over the largest certificates first and, of one size,
    those got last."""
    assert load_title(the_18mex).rules.stock.presidency_swap == "largest_last_got"
    other = FIXTURES / "hotseat01.json"

    def player_1s(*overlays: str) -> set[str]:
        game = replayed_to(the_18mex, other, 321, list(overlays))
        first = game.players[0].id
        assert game.corporations["MC"].president() != first
        return {s.id for s in game.corporations["MC"].certificates_of(first)}

    assert player_1s() == {"MC_2", "MC_4"}
    assert player_1s("rules: {stock: {presidency_swap: first_got}}") == {"MC_1", "MC_2"}


def test_18mex_converts_its_minors_tile_action_its_mail_and_offers_minors_no_company(the_18mex):
    rules = load_title(the_18mex).rules
    assert rules.mail == "home_stop" and rules.company_sales.minors_offered is False
    track = rules.track_rules
    assert track.minor_lays == [TileLaySlot(lay=True, upgrade=False, home_cost_first=True)]
    assert len(track.lays) == 2 and not any(slot.home_cost_first for slot in track.lays)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_real_18mex_games_replay_past_their_minors_turns(the_18mex, path):
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_18mex))
    failed = outcome.failed_action.get("id") if outcome.failed_action else None
    if path.stem in REACHED:
        assert failed is None or failed > REACHED[path.stem], str(outcome.failure)
    else:  # every game to its recorded result (see REACHED)
        assert outcome.failure is None and outcome.game.finished and outcome.matches_recorded


TWIN = GAME  # 13315: "257: MC lays tile #479MC with rotation 0 on O10 (Mexico City)"


def test_a_tile_in_mexico_city_lays_its_twin_in_puebla(the_18mex):
    """``map.twin_hexes``: "MC lays tile #479MC with rotation 0 on O10 (Mexico City)",
    "MC spends $60 and lays tile #479P with rotation 0 on P11 (Puebla)" in one action;
    without the twin hexes, Puebla keeps its printed tile and MC its $60."""
    title = load_title(the_18mex)
    assert title.map.twin_hexes[0].hexes == ("O10", "P11")
    assert title.map.twin_of("P11", "486P") == ("O10", "486MC")
    before = replayed_to(the_18mex, TWIN, 256)
    game = replayed_to(the_18mex, TWIN, 257)
    placed = game.track_board.placed
    assert (placed["O10"].name, placed["P11"].name) == ("479MC", "479P")
    assert game.corporations["MC"].cash == before.corporations["MC"].cash - 60
    alone = replayed_to(the_18mex, TWIN, 257, ["map: {twin_hexes: []}"])
    assert "P11" not in alone.track_board.placed
    assert alone.corporations["MC"].cash == before.corporations["MC"].cash


def test_a_twin_lay_the_operator_cannot_pay_is_refused_and_changes_nothing(the_18mex):
    """The twin's cost is part of the lay: MC with $59 cannot lay 479MC in Mexico City,
    whose twin in Puebla costs $60; the refusal leaves the map and MC's treasury as they
    were."""
    game = replayed_to(the_18mex, TWIN, 256)
    game.corporations["MC"].cash = 59
    action = {
        "type": "lay_tile",
        "entity": "MC",
        "entity_type": "corporation",
        "hex": "O10",
        "tile": "479MC-0",
        "rotation": 0,
    }
    with pytest.raises(GameError, match="twin hexes"):
        game.process(action)
    assert "P11" not in game.track_board.placed and game.track_board.placed.get("O10") is None
    assert game.corporations["MC"].cash == 59


def test_a_minor_skips_its_track_step_until_it_can_pay_for_its_home_hex(the_18mex):
    """18xx.games' log of the game: "A skips lay track" — minor A, without money, in
    Tampico (M12, swamp $40, no tile yet) runs its train at once; with $40 it may lay."""
    game = replayed_to(the_18mex, GAME, 37)
    assert game.round.entity() == "A" and game.minors["A"].cash == 0
    assert game.round.active_step().name == "routes"
    track = game.round.step("track")
    game.minors["A"].cash = 39
    assert track.actions("A") == []
    game.minors["A"].cash = 40
    assert track.actions("A") == ["lay_tile", "pass"]
    assert {c["hex"] for c in track.choices_lay_tile("A")} == {"M12"}


def test_without_home_cost_first_a_minor_stops_at_its_track_step(the_18mex):
    game = replayed_to(the_18mex, GAME, 37, ["rules: {track: {minor_lays: [{lay: true, upgrade: false}]}}"])
    assert game.round.entity() == "A" and game.round.active_step().name == "track"
    assert operating.lay_slots(game, "A")[0].cost == 0 and game.minors["A"].cash == 0
    with pytest.raises(GameError, match="costs"):
        game.process({"type": "lay_tile", "entity": "A", "hex": "M12", "tile": "472-0", "rotation": 1})


def test_a_minor_has_its_own_tile_actions(the_18mex):
    """``minor_lays``: a minor's turn has one yellow lay; the corporations have two tile
    actions. Without ``minor_lays`` a minor has the corporations'."""
    game = replayed_to(the_18mex, GAME, 37)
    assert len(operating.lay_slots(game, "A")) == 1 and len(operating.lay_slots(game, "TM")) == 2
    game = replayed_to(the_18mex, GAME, 37, ["rules: {track: {minor_lays: null}}"])
    assert len(operating.lay_slots(game, "A")) == 2


def test_a_white_hex_s_printed_track_takes_its_first_tile_as_a_lay(the_18mex):
    """ "TM lays tile #9 on K12", then "TM lays tile #472 on M12 (Tampico)": the second tile
    action lays yellow only, and Tampico's printed city and town are white."""
    game = replayed_to(the_18mex, GAME, 41)
    assert game.round.entity() == "TM" and game.round.laid == 1 and not game.round.upgraded
    game.process({"type": "lay_tile", "entity": "TM", "hex": "M12", "tile": "472-0", "rotation": 1})
    assert game.track_board.placed["M12"].tile_id == "472-0" and not game.round.upgraded


def test_mail_pays_a_corporation_its_home_stop_when_its_turn_starts(the_18mex):
    """ "TM receives no mail income as it has no trains" in its first turn, then, with a
    2 train, "CHI receives $30 in mail" (Chihuahua, $30 in yellow) as its turn starts."""
    game = replayed_to(the_18mex, GAME, 40)
    assert game.round.entity() == "TM" and game.corporations["TM"].cash == 750
    assert replayed_to(the_18mex, GAME, 39).corporations["TM"].cash == 750

    def earned(*rules: str) -> int:
        before, after = replayed_to(the_18mex, GAME, 130, rules), replayed_to(the_18mex, GAME, 131, rules)
        assert after.round.entity() == "CHI" and before.round.entity() == "MC"
        return after.corporations["CHI"].cash - before.corporations["CHI"].cash

    assert earned() == 30
    assert earned("rules: {mail: null}") == 0


LAY_470 = {"type": "lay_tile", "entity": "KCMO", "hex": "F5", "tile": "470-0", "rotation": 4}


def test_kcmo_lays_copper_canyon_in_f5_as_a_special_lay_for_60(the_18mex):
    """ "CHI receives a discount of $60 from Kansas City, Mexico, & Orient Railroad", "CHI
    (KCMO) spends $60 and lays tile #470 ... on F5": the tile, labelled CC and with a town,
    goes in the unlabelled, empty mountain hex ($120)."""
    game = replayed_to(the_18mex, GAME, 131)
    cash = game.corporations["CHI"].cash
    game.process(dict(LAY_470))
    assert game.track_board.placed["F5"].tile_id == "470-0" and game.corporations["CHI"].cash == cash - 60
    assert game.companies["KCMO"].closed, "Kansas City, Mexico, & Orient Railroad closes"
    game = replayed_to(the_18mex, GAME, 131, [KCMO % (0, "true")])
    game.process(dict(LAY_470))
    assert game.corporations["CHI"].cash == cash - 120


def test_a_lay_that_is_not_special_keeps_to_labels_and_stops(the_18mex):
    game = replayed_to(the_18mex, GAME, 131, [KCMO % (60, "false")])
    with pytest.raises(GameError, match="label"):
        game.process(dict(LAY_470))


def test_a_minor_is_offered_no_company_so_its_track_step_ends_with_its_lay(the_18mex):
    """ "B lays tile #4 with rotation 2 on J5", then "B runs a 2 train": in phase 3, with
    KCMO (a tile-lay company) in a player's hands, B's step does not wait for a pass, as
    18MEX offers minors no companies; a title that offers them does (18SJ)."""
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, other, 190)
    assert game.round.entity() == "B" and game.round.active_step().name == "routes"
    game = replayed_to(the_18mex, other, 190, ["rules: {company_sales: {minors_offered: true}}"])
    assert game.round.entity() == "B" and game.round.active_step().name == "track"


def offered(**changes: object) -> str:
    """An overlay: the 5 train's NdM merger offer, changed."""
    offer = {"into": "NdM", "excluded": ["FCP", "TM"], "certificate": 9, **changes}
    text = ", ".join(f"{k}: {v}" for k, v in offer.items()).replace("'", "")
    return "trains: {'5': {events: [close_companies, {type: merger_offer, offer: {" + text + "}}]}}"


def test_18mex_converts_its_ndm_merger_offer(the_18mex):
    """ "NdM merger: Potential NdM merger if NdM has floated"; FCP and TM: "Cannot be
    merged into NdM"; NdM's last 10% share is the trade-in for a merged president's."""
    title = load_title(the_18mex)
    events = title.trains["5"].events
    assert [e.type for e in events] == ["close_companies", "merger_offer"]
    assert events[1].offer == MergerOffer(into="NdM", excluded=["FCP", "TM"], certificate=9)
    assert "merger_offer" in [s.step for s in title.rounds["operating"].steps]


def test_a_candidate_merges_into_ndm(the_18mex):
    """ "Merge candidates: MEX (Player 4), CHI (Player 4), MC (Player 2), UdY (Player 2),
    SPM (automatic)", then "MEX merges into NdM", "Player 4 receives a 10% share of NdM",
    "Player 4 receives $120 in share compensation" (two 10% shares at half of $120),
    "MEX's token in P13 is replaced with an NdM token", "NdM receives the MEX treasury of
    $20", "NdM receives the trains: ["4"]"."""
    game = replayed_to(the_18mex, GAME, 265)
    assert game.merger is not None and game.merger["candidates"] == ["MEX", "CHI", "MC", "UdY", "SPM"]
    assert (
        game.round.active_step().name == "merger_offer" and game.round.active_step().acting_entity() == "MEX"
    )
    president = game.corporations["MEX"].president()
    cash, ndm = game.players_by_id[president].cash, game.corporations["NdM"].cash
    game = replayed_to(the_18mex, GAME, 266)
    assert game.corporations["MEX"].closed and game.merger is None
    assert next(s.owner for s in game.corporations["NdM"].shares if s.id == "NdM_9") == president
    assert game.players_by_id[president].cash == cash + 120
    assert game.corporations["NdM"].cash == ndm + 20
    assert "4-0" in {t.id for t in game.trains.values() if t.owner == "NdM"}
    assert game.track_board.cities_of("NdM") and not game.track_board.cities_of("MEX")
    assert ("P13", 0) in game.track_board.cities_of("NdM")
    assert game.corporations["NdM"].added_tokens == [80], "the second exchange token, at $80"
    full = replayed_to(the_18mex, GAME, 266, [offered(refund=1, exchange_tokens=3)])
    assert full.players_by_id[president].cash == cash + 240
    assert full.corporations["NdM"].added_tokens == [80, 80]


def test_the_candidates_leave_out_the_excluded_and_the_target_s_president(the_18mex):
    game = replayed_to(the_18mex, GAME, 265, [offered(excluded=["FCP"])])
    assert game.merger is not None and "TM" in game.merger["candidates"]
    game = replayed_to(the_18mex, GAME, 265, [offered(into="UdY", certificate=8)])
    assert game.merger is not None and game.merger["into"] == "UdY"
    assert "UdY" not in game.merger["candidates"] and "MC" not in game.merger["candidates"]


def test_only_the_candidate_asked_may_merge(the_18mex):
    """ "Merge candidates: UdY (Player 3), MEX (Player 3), ...": UdY is asked first."""
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, other, 368)
    before = dict(game.merger or {})
    with pytest.raises(GameError, match="merger_offer"):
        game.process({"type": "merge", "entity": "UdY", "corporation": "MEX"})
    assert game.merger == before and not game.corporations["MEX"].closed


def test_ndm_s_president_chooses_which_other_token_ndm_keeps(the_18mex):
    """ "UdY declines", "MEX merges into NdM", then (NdM's choice) "MEX's token in M10 is
    replaced with an NdM token", "MEX's token is removed in K6"; with a third exchange
    token both are replaced at once."""
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, other, 372)
    assert game.merger is not None and {c[0] for c in game.merger["choose"]} == {"M10", "K6"}
    assert game.round.active_step().acting_entity() == "NdM" and game.round.active_step().actions("NdM") == [
        "assign"
    ]
    game = replayed_to(the_18mex, other, 373)
    assert game.merger is None and not game.track_board.cities_of("MEX")
    assert not game.corporations["NdM"].added_tokens
    assert {c[0] for c in game.track_board.cities_of("NdM")} >= {"M10", "P13"}
    game = replayed_to(the_18mex, other, 372, [offered(exchange_tokens=3)])
    assert game.merger is None and {"M10", "K6"} <= {c[0] for c in game.track_board.cities_of("NdM")}


def test_when_every_candidate_declines_the_certificate_limit_rises(the_18mex):
    """ "CHI declines", "SPM declines", "UdY declines", then MC, never started, "merges
    into NdM" alone ("NdM places an exchange token in MC's home location in I8"); in
    13315 ``declined_limit`` rises the limit when none merges."""
    other = FIXTURES / "18MEX_game_end_stock_market.json"
    game = replayed_to(the_18mex, other, 468)
    assert game.corporations["MC"].closed and game.limit_rise == 0
    assert ("I8", 0) in game.track_board.cities_of("NdM")
    limit = finance.certificate_limit(game)
    game = replayed_to(the_18mex, other, 468, [offered(excluded=["FCP", "TM", "MC"])])
    assert not game.corporations["MC"].closed and finance.certificate_limit(game) == limit + 1
    game = replayed_to(the_18mex, other, 468, [offered(excluded=["FCP", "TM", "MC"], declined_limit=2)])
    assert finance.certificate_limit(game) == limit + 2


def test_the_exchanged_certificate_is_held_back_until_the_offer(the_18mex):
    game = replayed_to(the_18mex, GAME, 99, [OPEN])
    step, player = game.round.active_step(), game.round.entity()
    ids = {s.id for s in step.buyable(player, game.corporations["NdM"])}
    assert "NdM_9" not in ids and "NdM_1" in ids and merger_offer.held_back(game) == {"NdM_9"}
    game = replayed_to(the_18mex, GAME, 99, [OPEN, offered(certificate=1)])
    ids = {s.id for s in game.round.active_step().buyable(player, game.corporations["NdM"])}
    assert "NdM_9" in ids and "NdM_1" not in ids


def test_a_lone_5_percent_certificate_sells(the_18mex):
    """ "Player 2 sells a 5% share of NdM and receives $50" (NdM_8, minor B's trade-in)."""
    game = replayed_to(the_18mex, GAME, 435)
    player = game.players_by_id["3542"]
    cash = player.cash
    game.process({"type": "sell_shares", "entity": "3542", "shares": ["NdM_8"], "percent": 5})
    assert player.cash == cash + 50


def test_guadalajara_s_brown_g_tile_upgrades_to_a_gray_tile_without_a_label(the_18mex):
    """18MEX's own 480 (Guadalajara's brown ``G`` tile) says ``future_label=color:gray``
    with no label: its gray upgrade 455 carries none ("563: FCP lays tile #455 with
    rotation 0 on O8 (Guadalajara)" in 80226). Without that future label the 455 breaks
    the ``G`` label."""
    from framework.board.lays import IllegalLay, LayTerms, check_lay

    other = FIXTURES / "80226.json"
    terms = LayTerms("FCP", ("yellow", "green", "brown", "gray"), connect=False)
    game = replayed_to(the_18mex, other, 562)
    assert game.title.tiles["480"].future_label is not None
    plan = check_lay(game.track_board, terms, "O8", "455-0", 0)
    assert plan.name == "455"
    plain = replayed_to(the_18mex, other, 562, ["tiles: {'480': {future_label: null}}"])
    with pytest.raises(IllegalLay, match="label"):
        check_lay(plain.track_board, terms, "O8", "455-0", 0)


def test_a_minor_traded_for_a_president_s_certificate_is_not_written_as_a_merger():
    """A minor whose owner gets the corporation's president's certificate (1835's
    Berlin Potsdamer Bahn and the Prussian) is not a trade-in share: the event is left
    to GAPS.md, where one for an ordinary certificate (18MEX's A into NdM) is written."""
    from framework.convert.gaps import Gaps
    from framework.convert.mergers import convert_minor_mergers

    def converted(index: int) -> tuple[dict, dict]:
        minors = {"A": {"name": "A"}}
        trains = {"5": {}}
        probed = [
            {
                "event": "form",
                "minors": {"A": {"corporation": "PR", "share": {"id": f"PR_{index}", "held_back": True}}},
            }
        ]
        convert_minor_mergers(probed, [{"name": "5", "events": [{"type": "form"}]}], trains, minors, Gaps())
        return minors, trains

    minors, trains = converted(0)
    assert "merges_into" not in minors["A"] and "events" not in trains["5"]
    minors, trains = converted(3)
    assert minors["A"]["merges_into"] == {"corporation": "PR", "share": 3}
    assert trains["5"]["events"] == ["minors_merge"]


STOCK_MARKET = FIXTURES / "18MEX_game_end_stock_market.json"
NO_LANES = (
    "tiles: {486MC: {paths: [[0, city], [1, city], [3, city], [2, town], [5, city], [town, city]]}, "
    "486P: {paths: [[2, town], [5, town], [2, 4]]}}"
)


def test_18mex_converts_the_two_lanes_between_mexico_city_and_puebla(the_18mex):
    """486MC: ``path=a:5,b:_0,lanes:2``; 486P: ``path=a:2,b:_0,a_lane:2.1`` (to Puebla's
    town) and ``path=a:2,b:4,a_lane:2.0`` (on through Puebla)."""
    tiles = load_title(the_18mex).tiles
    assert [p.a_lane for p in tiles["486MC"].paths if p.a == 5] == [(2, 0), (2, 1)]
    assert {(p.b, p.a_lane) for p in tiles["486P"].paths if p.a == 2} == {("town", (2, 1)), (4, (2, 0))}


def test_two_trains_run_between_mexico_city_and_puebla_one_on_each_lane(the_18mex):
    """ "UdY runs a 5 train for $130: O10-M12-I12" (from Mexico City through Puebla, on
    lane 1 of Mexico City's side) and "UdY runs a 4 train for $140: Q14-S12-P11-O10" (from
    Puebla's town, on lane 0). Without lanes the two are one track, used once."""
    game = replayed_to(the_18mex, STOCK_MARKET, 521)
    assert game.round.active_step().name == "dividend" and game.round.revenue == 130 + 140
    with pytest.raises(GameError, match="no free track runs P11-O10"):
        replayed_to(the_18mex, STOCK_MARKET, 521, [NO_LANES])


def test_a_city_tile_may_be_laid_without_new_track(the_18mex):
    """18MEX's track restriction, ``city_permissive``: "563: FCP lays tile #455 with
    rotation 0 on O8 (Guadalajara)", the gray tile with the brown 480's track and revenue
    ($50) and a third slot. Under ``semi_restrictive`` it has no new track and no city
    whose revenue changes."""
    assert load_title(the_18mex).rules.track_rules.restriction == "city_permissive"
    other = FIXTURES / "80226.json"
    assert replayed_to(the_18mex, other, 563).track_board.placed["O8"].name == "455"
    with pytest.raises(GameError, match="track restriction"):
        replayed_to(the_18mex, other, 563, ["rules: {track: {restriction: semi_restrictive}}"])


def test_ndm_s_shares_are_closed_to_the_stock_round_until_phase_3_and_a_half(the_18mex):
    """NdM: "Unavailable in SR before phase 3½" — started in the first stock round of
    80226, none of its shares may then be bought (a refusal changes nothing); phases 2
    and 3 say so, and a phase that does not lets the next player buy one."""
    title = load_title(the_18mex)
    assert {name for name, phase in title.phases.items() if phase.closed_shares == ["NdM"]} == {"2", "3"}
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, other, 10)
    player = game.round.entity()
    buy = {"type": "buy_shares", "entity": player, "shares": ["NdM_1"], "percent": 10}
    assert refused(game, dict(buy)).rule == "closed shares"
    assert not game.round.active_step().buyable(player, game.corporations["NdM"])
    opened = replayed_to(the_18mex, other, 10, ["phases: {'2': {closed_shares: []}}"])
    opened.process(dict(buy))
    assert next(s.owner for s in opened.corporations["NdM"].shares if s.id == "NdM_1") == player


def test_trains_pass_between_ndm_and_other_corporations_at_face_value(the_18mex):
    """NdM: "Inter train buy/sell at face value": in 80226 "NdM buys a 3 train for $180
    from TM", the 3 train's price; $179 is refused, and accepted once NdM's charter no
    longer says so."""
    assert load_title(the_18mex).corporations["NdM"].ability("face_value_trains") is not None
    other = FIXTURES / "80226.json"
    buy = {"type": "buy_train", "entity": "NdM", "train": "3-1", "price": 179}
    game = replayed_to(the_18mex, other, 356)
    assert refused(game, dict(buy)).rule == "face value"
    plain = replayed_to(
        the_18mex, other, 356, ["corporations: {NdM: {abilities: [{type: train_limit, increase: 1}]}}"]
    )
    plain.process(dict(buy))
    assert plain.trains["3-1"].owner == "NdM"


def test_kcmo_loses_its_lay_once_another_builds_in_f5(the_18mex):
    """ "KCMO loses the ability to lay tile 470 in F5" when another lays a tile there
    (18xx.games' ``action_processed``): the converter says so of its lay."""
    ability = load_title(the_18mex).companies["KCMO"].ability("tile_lay")
    assert ability is not None and ability.forfeit_when_others_lay


BOT_GAME = Path(__file__).parent / "data" / "bot-18MEX-4p-seed-10-to-1570.json"
"""A random bot game of 18MEX (four players, seed 10), its first 1570 actions, all of
which 18xx.games accepts."""


def test_a_partial_presidency_sale_takes_back_as_many_certificates_as_shares(the_18mex):
    """Player 3 sells 10% of NdM's president's certificate (action 1552): the new president
    hands their two 10% certificates to the market and Player 3 takes back one
    certificate, the first to have come to the market — minor B's 5% trade-in, as
    18xx.games counts certificates, not percent. So the market holds 45% of NdM when
    Player 1 buys and sells at 1566–1567, and no more NdM may go there."""
    game = replayed_to(the_18mex, BOT_GAME, 1552)
    ndm = game.corporations["NdM"]
    assert [s.id for s in ndm.certificates_of("3")] == ["NdM_8"]
    game = replayed_to(the_18mex, BOT_GAME, 1567)
    assert sum(s.percent for s in game.corporations["NdM"].certificates_of("pool")) == 45
    sales = game.round.choices().get("1", {}).get("sell_shares", [])
    assert all(not any(i.startswith("NdM") for i in sale["shares"]) for sale in sales)
    assert replay(GameFile.read(BOT_GAME), title_for(GameFile.read(BOT_GAME), the_18mex)).failure is None


def test_a_5_percent_certificate_is_worth_its_half_share_rounded_up(the_18mex):
    """A 5% certificate at $285 a share is worth $143 (18xx.games rounds a bundle's price up):
    NdM's share is its 10%, its second certificate."""
    game = SimpleNamespace(split_nationals=(), title=load_title(the_18mex))
    assert finance.worth(game, "NdM", 285, 5) == 143
    assert finance.worth(game, "NdM", 285, 10) == 285
    assert finance.worth(game, "NdM", 285, 15) == 428
