"""18MEX, converted from 18xx.games at run time, against its real games: its minors' own
tile action (one yellow tile, and none while a minor cannot pay for its unbuilt home
hex), a white hex's printed track taking its first tile as a lay, mail, and KCMO's
special lay of the Copper Canyon tile at a discount.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.base.errors import GameError
from framework.engine import operating
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, replay, title_for
from framework.title.loader import RulesText, load_title
from framework.title.rules import TileLaySlot

FIXTURES = ORACLE.parent / "fixtures" / "18MEX"
GAME = FIXTURES / "13315.json"

REACHED = {"13315": 163, "18MEX_game_end_stock_market": 341, "80226": 234, "hotseat01": 330}
"""The last action each real game replays to (before the minors' tile action: 37, 17, 34
and 36, the first minor's turn; before KCMO's special lay: 131, 103, 143 and 164)."""

KCMO = (
    "companies: {KCMO: {abilities: [{type: tile_lay, hexes: [F5], tiles: ['470'], count: 1, "
    "when: [track], discount: %d, special: %s}]}}"
)


@pytest.fixture(scope="module")
def the_18mex(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18mex"), "18MEX")


def replayed_to(folder: Path, last: int, *house_rules: str, path: Path = GAME) -> Game:
    """The game of ``path`` after its action ``last`` (``house_rules``: overlays)."""
    record = GameFile.read(path)
    rules = [RulesText("house rules", text) for text in house_rules]
    title = game_title(folder, len(record.players), record.optional_rules, rules)
    game = new_game(record, title)
    for action in record.effective():
        if action.get("id", 0) > last:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


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
    assert failed is None or failed > REACHED[path.stem], str(outcome.failure)


def test_a_minor_skips_its_track_step_until_it_can_pay_for_its_home_hex(the_18mex):
    """18xx.games' log of the game: "A skips lay track" — minor A, without money, in
    Tampico (M12, swamp $40, no tile yet) runs its train at once; with $40 it may lay."""
    game = replayed_to(the_18mex, 37)
    assert game.round.entity() == "A" and game.minors["A"].cash == 0
    assert game.round.active_step().name == "routes"
    track = game.round.step("track")
    game.minors["A"].cash = 39
    assert track.actions("A") == []
    game.minors["A"].cash = 40
    assert track.actions("A") == ["lay_tile", "pass"]
    assert {c["hex"] for c in track.choices_lay_tile("A")} == {"M12"}


def test_without_home_cost_first_a_minor_stops_at_its_track_step(the_18mex):
    game = replayed_to(the_18mex, 37, "rules: {track: {minor_lays: [{lay: true, upgrade: false}]}}")
    assert game.round.entity() == "A" and game.round.active_step().name == "track"
    assert operating.lay_slots(game, "A")[0].cost == 0 and game.minors["A"].cash == 0
    with pytest.raises(GameError, match="costs"):
        game.process({"type": "lay_tile", "entity": "A", "hex": "M12", "tile": "472-0", "rotation": 1})


def test_a_minor_has_its_own_tile_actions(the_18mex):
    """``minor_lays``: a minor's turn has one yellow lay; the corporations have two tile
    actions. Without ``minor_lays`` a minor has the corporations'."""
    game = replayed_to(the_18mex, 37)
    assert len(operating.lay_slots(game, "A")) == 1 and len(operating.lay_slots(game, "TM")) == 2
    game = replayed_to(the_18mex, 37, "rules: {track: {minor_lays: null}}")
    assert len(operating.lay_slots(game, "A")) == 2


def test_a_white_hex_s_printed_track_takes_its_first_tile_as_a_lay(the_18mex):
    """ "TM lays tile #9 on K12", then "TM lays tile #472 on M12 (Tampico)": the second tile
    action lays yellow only, and Tampico's printed city and town are white."""
    game = replayed_to(the_18mex, 41)
    assert game.round.entity() == "TM" and game.round.laid == 1 and not game.round.upgraded
    game.process({"type": "lay_tile", "entity": "TM", "hex": "M12", "tile": "472-0", "rotation": 1})
    assert game.track_board.placed["M12"].tile_id == "472-0" and not game.round.upgraded


def test_mail_pays_a_corporation_its_home_stop_when_its_turn_starts(the_18mex):
    """ "TM receives no mail income as it has no trains" in its first turn, then, with a
    2 train, "CHI receives $30 in mail" (Chihuahua, $30 in yellow) as its turn starts."""
    game = replayed_to(the_18mex, 40)
    assert game.round.entity() == "TM" and game.corporations["TM"].cash == 750
    assert replayed_to(the_18mex, 39).corporations["TM"].cash == 750

    def earned(*rules: str) -> int:
        before, after = replayed_to(the_18mex, 130, *rules), replayed_to(the_18mex, 131, *rules)
        assert after.round.entity() == "CHI" and before.round.entity() == "MC"
        return after.corporations["CHI"].cash - before.corporations["CHI"].cash

    assert earned() == 30
    assert earned("rules: {mail: null}") == 0


LAY_470 = {"type": "lay_tile", "entity": "KCMO", "hex": "F5", "tile": "470-0", "rotation": 4}


def test_kcmo_lays_copper_canyon_in_f5_as_a_special_lay_for_60(the_18mex):
    """ "CHI receives a discount of $60 from Kansas City, Mexico, & Orient Railroad", "CHI
    (KCMO) spends $60 and lays tile #470 ... on F5": the tile, labelled CC and with a town,
    goes in the unlabelled, empty mountain hex ($120)."""
    game = replayed_to(the_18mex, 131)
    cash = game.corporations["CHI"].cash
    game.process(dict(LAY_470))
    assert game.track_board.placed["F5"].tile_id == "470-0" and game.corporations["CHI"].cash == cash - 60
    assert game.companies["KCMO"].closed, "Kansas City, Mexico, & Orient Railroad closes"
    game = replayed_to(the_18mex, 131, KCMO % (0, "true"))
    game.process(dict(LAY_470))
    assert game.corporations["CHI"].cash == cash - 120


def test_a_lay_that_is_not_special_keeps_to_labels_and_stops(the_18mex):
    game = replayed_to(the_18mex, 131, KCMO % (60, "false"))
    with pytest.raises(GameError, match="label"):
        game.process(dict(LAY_470))


def test_a_minor_is_offered_no_company_so_its_track_step_ends_with_its_lay(the_18mex):
    """ "B lays tile #4 with rotation 2 on J5", then "B runs a 2 train": in phase 3, with
    KCMO (a tile-lay company) in a player's hands, B's step does not wait for a pass, as
    18MEX offers minors no companies; a title that offers them does (18SJ)."""
    other = FIXTURES / "80226.json"
    game = replayed_to(the_18mex, 190, path=other)
    assert game.round.entity() == "B" and game.round.active_step().name == "routes"
    game = replayed_to(the_18mex, 190, "rules: {company_sales: {minors_offered: true}}", path=other)
    assert game.round.entity() == "B" and game.round.active_step().name == "track"
