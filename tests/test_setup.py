"""The random setup of 18SJ (reference §e, §4.1; rulebook §2.1) and ``18xx setup``.

The draws come from 18xx.games' linear congruential generator: one draw per member
of each pair (the smaller is removed), one per optional corporation (the smallest
is removed), and, when Nils Ericson stays, one more to pick its corporation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sj_support import TITLE_DIR, new_game, title
from typer.testing import CliRunner

from framework.cli.main import app
from framework.engine.entities import BANK, CLOSED
from framework.engine.setup import Lcg, random_setup
from framework.record.gamefile import seed_of

WIKI = Path(__file__).parent / "data" / "18SJ-wiki.txt"
ROW = re.compile(r"^(\d+)(?: (?!x\b)(\S+))?((?: x)+)$")


def wiki_rows() -> list[tuple[int, str | None]]:
    """``<seed> [<corporation>] x x x x x``: NE's corporation, blank when NE is removed."""
    rows = []
    for line in WIKI.read_text("utf-8").splitlines():
        match = ROW.match(line.strip())
        if match:
            rows.append((int(match.group(1)), match.group(2)))
    return rows


ROWS = wiki_rows()


def test_the_wiki_table_has_352_rows_32_of_them_without_nils_ericson():
    """§e.4: 352 seed rows, 320 with a corporation name, 32 without."""
    assert len(ROWS) == 352
    assert sum(1 for _, corp in ROWS if corp is None) == 32


@pytest.mark.parametrize(("seed", "corporation"), ROWS, ids=[str(s) for s, _ in ROWS])
def test_every_wiki_seed_gives_its_nils_ericson_corporation(seed, corporation):
    """§e.4: the corporation after the seed is NE's; a blank means NE was removed."""
    setup = random_setup(title(), seed)
    assert setup.drawn.get("NE") == corporation
    assert ("NE" in setup.removed_companies) == (corporation is None)


# -- the worked example of §e.3 -----------------------------------------------------------

SEED_5_DRAWS = [
    1_222_621_274,
    554_244_747,
    695_785_320,
    2_089_129_857,
    668_008_486,
    1_701_631_079,
    1_186_464_276,
    1_551_051_453,
    2_134_702_258,
    1_281_904_643,
    1_981_623_168,
    1_387_050_425,
    1_493_036_542,
]


def test_the_generator_gives_the_thirteen_draws_of_seed_5():
    """§e.1/§e.3: state = (1103515245 · state + 12345) mod 2^31; a draw is the new state."""
    rng = Lcg(1_103_515_245, 12_345, 2**31, seed=5)
    assert [rng.draw() for _ in SEED_5_DRAWS] == SEED_5_DRAWS


def test_seed_0_is_valid_and_its_first_draw_is_12345():
    """§e.1: the seed itself is never returned; seed 0 draws 12,345 first."""
    assert Lcg(1_103_515_245, 12_345, 2**31, seed=0).draw() == 12_345


def test_seed_5_removes_the_smaller_draw_of_each_pair():
    """§e.3 draws 1–8: AEvR (554… < 1222…), NOJ, NOHAB and GKB are removed."""
    setup = random_setup(title(), 5)
    assert setup.removed_companies == ["AEvR", "NOJ", "NOHAB", "GKB"]


def test_seed_5_removes_tgoj_with_the_smallest_of_four_draws():
    """§e.3 draws 9–12: TGOJ's 1,281,904,643 is the smallest."""
    assert random_setup(title(), 5).removed_corporations == ["TGOJ"]


def test_seed_5_draws_myj_for_nils_ericson():
    """§e.3 draw 13: 1,493,036,542 mod 10 = 2 → the third remaining corporation, MYJ."""
    remaining = [c for c in title().corporations if c != "TGOJ"]
    assert remaining[SEED_5_DRAWS[12] % 10] == "MYJ"
    assert random_setup(title(), 5).drawn == {"NE": "MYJ"}


def test_a_game_with_seed_5_plays_without_the_removed_companies_and_corporation():
    """§4.1.3–4: removed companies are closed; the removed corporation is not in play."""
    game = new_game(4, 5)
    for sym in ("AEvR", "NOJ", "NOHAB", "GKB"):
        assert game.companies[sym].owner == CLOSED
    for sym in ("FRY", "SB", "GC", "MV", "KHJ", "NE", "NEFT"):
        assert game.companies[sym].owner == BANK
    assert "TGOJ" not in game.corporations
    assert len(game.corporations) == 10


def test_seed_0_removes_nils_ericson_and_its_card_and_makes_no_corporation_draw():
    """§e.3: seed 0 → NE removed (12,345 < 1,406,932,606), then NOJ, NOHAB, GKB, TGOJ;
    NEFT goes with NE (§4.1.3)."""
    setup = random_setup(title(), 0)
    assert setup.removed_companies == ["NE", "NEFT", "NOJ", "NOHAB", "GKB"]
    assert setup.removed_corporations == ["TGOJ"]
    assert setup.drawn == {}
    assert new_game(4, 0).companies["NEFT"].owner == CLOSED


FIXTURE_SEEDS = [
    (1012549268, ["AEvR", "NOJ", "NOHAB", "SB"], "MYJ", "SNJ"),
    (795267900, ["NE", "NEFT", "FRY", "NOHAB", "GKB"], "MYJ", None),
    (906735331, ["AEvR", "NOJ", "NOHAB", "GKB"], "MYJ", "STJ"),
    (65418502, ["AEvR", "FRY", "NOHAB", "GKB"], "STJ", "KFJ"),
    (891507424, ["AEvR", "FRY", "MV", "GKB"], "STJ", "ÖSJ"),
]


@pytest.mark.parametrize(("seed", "companies", "corporation", "drawn"), FIXTURE_SEEDS)
def test_the_fixture_seeds_remove_what_their_logs_show(seed, companies, corporation, drawn):
    """§e.3: the five 18xx.games fixtures' seeds."""
    setup = random_setup(title(), seed)
    assert setup.removed_companies == companies
    assert setup.removed_corporations == [corporation]
    assert setup.drawn.get("NE") == drawn


@pytest.mark.parametrize("seed", [5, 891507424, 0])
def test_player_count_and_variants_do_not_change_the_draws(seed):
    """§e.2: the player count, the two-player variant and the Oscarian Era do not matter."""
    games = [new_game(4, seed), new_game(2, seed), new_game(6, seed, "oscarian_era")]
    setups = [g.setup.to_dict() for g in games]
    assert setups[0] == setups[1] == setups[2]


def test_the_seed_is_the_settings_seed_else_the_digits_of_the_game_id():
    """§4.1.2: an empty seed counts as absent; then the first run of digits in the id."""
    assert seed_of({"id": 166116, "settings": {"seed": 1012549268}}) == 1012549268
    assert seed_of({"id": "hs_bwjtehic_160962", "settings": {"seed": ""}}) == 160962
    assert seed_of({"id": 186530, "settings": {}}) == 186530


# -- the rest of the setup (§4.1) -----------------------------------------------------------


def test_khj_has_its_2_train_and_its_token_before_anyone_owns_it():
    """§4.1.9 / §3.7: the KHJ minor gets train 2-0 (not buyable) and a token in D15."""
    game = new_game(4, 5)
    assert game.trains["2-0"].owner == "KHJ"
    assert not game.trains["2-0"].buyable
    assert game.board.cities_of("KHJ") == [("D15", 0)]
    assert game.minors["KHJ"].owner is None and not game.minors["KHJ"].floated


def test_homes_are_reserved_except_the_removed_corporations():
    """§4.1.6 / rulebook §2.1: the removed corporation's home is no longer reserved."""
    game = new_game(4, 5)  # TGOJ removed: its home D19 is free
    assert game.board.reservation("SNJ") == ("G26", 0)
    assert game.board.reservation("SWB") == ("G10", 2)
    assert game.board.reservation("TGOJ") is None
    assert "TGOJ" not in {o for owners in game.board.reserved.values() for o in owners}


@pytest.mark.parametrize(("players", "each"), [(3, 800), (4, 600), (5, 480), (6, 400)])
def test_starting_cash_comes_from_the_bank(players, each):
    """§3.1: 10,000 kr bank; 800/600/480/400 each; 7,600 left in the bank."""
    game = new_game(players, 5)
    assert [p.cash for p in game.players] == [each] * players
    assert game.bank == 7600


def test_two_players_get_800_each_and_a_virtual_third_player_with_nothing():
    """§3.1 / §4.14: the bot counts as a third player; the bank keeps 8,400."""
    game = new_game(2, 5)
    assert [(p.id, p.cash, p.bot) for p in game.players] == [
        ("1", 800, False),
        ("2", 800, False),
        ("-1", 0, True),
    ]
    assert game.bank == 8400


def test_the_game_starts_with_the_auction_in_phase_2_first_seat_first():
    """§4.1.1, §4.1.7: seat order of the players array; the first player has priority."""
    game = new_game(4, 5)
    assert (game.round.kind, game.phase, game.current_entity()) == ("auction", "2", "1")


# -- 18xx setup on the command line ---------------------------------------------------------

runner = CliRunner()


def test_cli_setup_shows_the_seed_5_setup():
    """``18xx setup``: the §e.3 seed-5 outcome, as text."""
    result = runner.invoke(app, ["setup", str(TITLE_DIR), "--seed", "5", "--players", "4"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "18SJ, 4 players, seed 5"
    assert "removed companies: AEvR, NOJ, NOHAB, GKB" in lines
    assert "removed corporations: TGOJ" in lines
    assert "NE gives the president's certificate of MYJ" in lines
    assert "companies in the auction: FRY, SB, GC, MV, KHJ, NE" in lines
    assert lines[-1] == "bank: 7600 kr"


def test_cli_setup_json_for_a_fixture_seed_with_two_players():
    """``18xx setup --json``: the two-player fixture seed, with the bot and 800 kr each."""
    args = ["setup", str(TITLE_DIR), "-s", "891507424", "-p", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["removed_companies"] == ["AEvR", "FRY", "MV", "GKB"]
    assert data["removed_corporations"] == ["STJ"]
    assert data["drawn"] == {"NE": "ÖSJ"}
    assert data["variants"] == ["edelsvard"]
    assert [(p["cash"], p["virtual"]) for p in data["players"]] == [
        (800, False),
        (800, False),
        (0, True),
    ]
    assert data["bank"] == 8400


def test_cli_setup_applies_an_optional_rule():
    """``18xx setup --variant``: the Oscarian Era does not change the draws."""
    args = ["setup", str(TITLE_DIR), "-s", "0", "-p", "6", "-v", "oscarian_era", "--json"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["variants"] == ["oscarian_era"]
    assert data["removed_companies"] == ["NE", "NEFT", "NOJ", "NOHAB", "GKB"]
    assert data["drawn"] == {}


def test_cli_setup_refuses_a_player_count_the_title_does_not_have():
    """``18xx setup``: 18SJ is for 2 (with the bot) to 6 players."""
    result = runner.invoke(app, ["setup", str(TITLE_DIR), "--players", "7"])
    assert result.exit_code == 2
    assert "7: 18SJ is for 2 to 6 players" in result.stderr
