"""1846's two-player game (18xx.games' "1846 2p Variant"), converted from 18xx.games at
run time, against its real games: its open draft (every company shown, taken and paid
for at once, or passed on), played again between operating rounds while companies are
left (``sequence.start``' ``until_sold``), its end on the final train one set of
operating rounds later (``game_end.final_train: end_of_next_set``), and a minor whose
buyer already has a station in its city (``controls_minor``'s ``shared_city``).
House-ruled copies of the converted title show that each changes play.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18462pVariant"
CYCLE = FIXTURES / "hs_pzdxtics_1601680033.json"
"""Both players pass at once in the first draft (actions 2 and 3): two operating rounds
follow, then the draft again; the Grand Trunk buys the Michigan Southern (action 90),
whose station shares Detroit (C15) with its own; the game ends on its final train."""


@pytest.fixture(scope="module")
def the_2p(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18462p"), "1846 2p Variant")


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_two_player_game_reaches_its_recorded_result(the_2p, path):
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_2p))
    assert outcome.failure is None, outcome.failure
    assert outcome.verdict == "matches"


def test_the_two_player_game_converts_to_an_open_draft_between_operating_rounds(the_2p):
    from ruamel.yaml import YAML

    rounds = YAML(typ="safe").load(the_2p / "rounds.yaml")
    assert rounds["sequence"]["start"] == [{"round": "auction", "until_sold": "operating"}]
    assert rounds["rounds"]["auction"] == {"kind": "auction", "steps": ["open_draft"], "order": "reverse"}
    gaps = (the_2p / "GAPS.md").read_text(encoding="utf-8")
    assert "Draft2pDistribution" not in gaps and "final_train" not in gaps


def test_a_player_takes_any_company_and_passes_only_once_one_is_owned(the_2p):
    """The first player to draft (Player B, in reverse seat order) may only take a
    company, any of the eight shown, paying at once; once one is owned the next may pass."""
    game = replayed_to(the_2p, CYCLE, 0)
    first = game.round.entity()
    offered = legal_actions(game)[first]
    assert set(offered) == {"bid"} and len(offered["bid"]) == 8
    with pytest.raises(GameError, match="pass"):
        game.process({"type": "pass", "entity": first, "entity_type": "player"})
    cash = game.players_by_id[first].cash
    game.process({"type": "bid", "entity": first, "entity_type": "player", "company": "SC", "price": 40})
    assert game.players_by_id[first].cash == cash - 40 and game.companies["SC"].owner == first
    assert set(legal_actions(game)[game.round.entity()]) == {"bid", "pass"}


def test_companies_left_after_both_pass_are_drafted_again_after_two_operating_rounds(the_2p, tmp_path):
    """Both pass at actions 2 and 3 with companies left: the set of two operating rounds
    follows (nothing operates yet), then the draft again, still in turn 0 (action 4 takes
    a company). Without ``until_sold`` the stock round follows, and action 4 is refused."""
    game = replayed_to(the_2p, CYCLE, 3)
    assert (game.round.kind, game.turn, game.or_number, game.or_count) == ("auction", 0, 2, 2)
    once = house_ruled(the_2p, tmp_path, "rounds.yaml", "{round: auction, until_sold: operating}", "auction")
    assert replayed_to(once, CYCLE, 3).round.kind == "stock"
    with pytest.raises(GameError):
        replayed_to(once, CYCLE, 4)


def test_a_minor_sharing_its_buyer_s_city_leaves_its_station(the_2p, tmp_path):
    """The Grand Trunk, with a station in Detroit (C15), buys the Michigan Southern, whose
    home is there (action 90): the minor's station is removed and the Grand Trunk keeps its
    own (``shared_city: buyer_stays``), which its run through Detroit needs (action 93).
    With ``minor_stays`` the Grand Trunk's goes back to its charter and that run is
    refused."""
    game = replayed_to(the_2p, CYCLE, 90)
    assert ("C15", 0) in game.track_board.cities_of("GT") and not game.track_board.cities_of("MS")
    text = "{type: controls_minor, minor: MS, cash: 60, shared_city: buyer_stays}"
    moved = house_ruled(
        the_2p, tmp_path, "companies.yaml", text, "{type: controls_minor, minor: MS, cash: 60}"
    )
    assert ("C15", 0) not in replayed_to(moved, CYCLE, 90).track_board.cities_of("GT")
    with pytest.raises(GameError):
        replayed_to(moved, CYCLE, 93)


def test_the_game_ends_a_set_of_operating_rounds_after_its_final_train(the_2p, tmp_path):
    """The last train leaves the depot in turn T: the game ends at the end of turn T+1's
    operating rounds (18xx.games' ``one_more_full_or_set``), with the recorded result;
    with ``end_of_set`` it would end a turn sooner, before the game file's last actions."""
    record = GameFile.read(CYCLE)
    outcome = replay(record, title_for(record, the_2p))
    assert outcome.game.end_reason == "final_train"
    sooner = house_ruled(the_2p, tmp_path, "title.yaml", "end_of_next_set", "end_of_set")
    cut = replay(record, title_for(record, sooner))
    assert cut.failure is not None or cut.verdict != "matches"


@pytest.mark.parametrize("seed", [1, 2])
def test_heuristic_bots_take_the_minors_in_the_draft_rather_than_pass_for_ever(the_2p, seed):
    """The Michigan Southern ($140) and the Big 4 ($100) cost more than their face value,
    and passing never makes a draft's company cheaper: the heuristic bots take them (the
    best bargain each can afford) before the first stock round, which they once never
    reached, passing in every draft while the companies' revenue broke the bank."""
    from framework.bots import make_bot
    from framework.bots.play import new_session, play

    session = new_session(str(the_2p), 2, seed)
    play(session, make_bot("heuristic"), seed=seed, max_actions=14)
    game = session.game
    assert game.round.kind == "stock" and game.turn == 1
    assert all(game.companies[c].owner in game.players_by_id for c in ("MS", "BIG4"))
