"""Uncle Lachlan's 18 Christmas Eve, converted from 18xx.games at run time, against its
real games: presidents give certificates away in their stock turns (``rules.stock.gifts``),
so a turn goes on until its player says they are done while a gift is possible. A
house-ruled copy of the converted title, without gifts, shows that the field changes play.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.engine.state import game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18ChristmasEve"
BANK = FIXTURES / "18ChristmasEve_game_end_bank.json"
"""Four players, to the bank's end: Player 2 starts C&O at 222 and is done at 223, a gift
still possible; at 459 they give the presidency of N&W to Player 1."""
GAMES = sorted(FIXTURES.glob("*.json"))
P1, P2 = "6015", "12826"


@pytest.fixture(scope="module")
def the_christmas_eve(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("christmaseve"), "Uncle Lachlan's 18 Christmas Eve")


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_real_games_reach_their_recorded_results(the_christmas_eve, path):
    """Before gifts the bank game stopped at action 223 (Player 2's turn had ended)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_christmas_eve))
    assert outcome.failure is None, outcome.failure
    assert outcome.verdict == "matches"


def test_christmas_eve_converts_its_gifts(the_christmas_eve):
    assert "gifts: true" in (the_christmas_eve / "title.yaml").read_text(encoding="utf-8")
    gaps = (the_christmas_eve / "GAPS.md").read_text(encoding="utf-8")
    assert "BuySellParGiftShares" not in gaps


def test_a_president_gives_the_presidency_once_a_round(the_christmas_eve):
    """At 459 Player 2 (N&W 30%) may give Player 1 (4th in the round's order, holding
    none) an ordinary certificate of N&W or the presidency; C&O (60%) has nobody holding
    none of it. Player 1 then presides N&W with the president's 20%; nobody gives N&W's
    presidency again in the round, and a president holding only the president's
    certificate gives no ordinary one."""
    game = replayed_to(the_christmas_eve, BANK, 458)
    assert {c["choice"] for c in legal_actions(game)[P2]["choose"]} == {"cert_3_N&W", "prez_3_N&W"}
    game = replayed_to(the_christmas_eve, BANK, 459)
    nw = game.corporations["N&W"]
    assert nw.president() == P1
    assert (nw.percent_of(P1), nw.percent_of(P2)) == (20, 10)
    game = replayed_to(the_christmas_eve, BANK, 465)
    assert not any(c["choice"].endswith("_N&W") for c in legal_actions(game)[P1].get("choose", []))


def test_a_gift_not_allowed_is_refused_and_changes_nothing(the_christmas_eve):
    game = replayed_to(the_christmas_eve, BANK, 458)
    before = game_to_dict(game)
    for choice in ("prez_3_C&O", "cert_0_N&W", "prez_9_N&W"):
        with pytest.raises(GameError, match="gifts"):
            game.process({"type": "choose", "entity": P2, "choice": choice})
    assert game_to_dict(game) == before


def test_without_gifts_a_turn_ends_when_nothing_else_is_possible(the_christmas_eve, tmp_path):
    """Without gifts Player 2's turn ends once they start C&O (222), and their being done
    at 223 is refused; with gifts they may still give certificates away, or be done."""
    plain = house_ruled(the_christmas_eve, tmp_path, "title.yaml", "gifts: true", "gifts: false")
    record = GameFile.read(BANK)
    outcome = replay(record, title_for(record, plain))
    assert outcome.failure is not None
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 223
    assert P2 not in legal_actions(replayed_to(plain, BANK, 222))
    assert set(legal_actions(replayed_to(the_christmas_eve, BANK, 222))[P2]) == {"choose", "pass"}


TWO_PLAYERS = Path(__file__).parent / "data" / "bot-18ChristmasEve-2p-seed-4-to-20.json"
"""A random bot game of two players (seed 4), its first 20 actions, all accepted by
18xx.games: Player 2 sells LV, buys a share of PRR (action 18) and gives two presidencies
away; 18xx.games then still lets them sell that PRR share."""


def test_a_share_bought_in_a_turn_may_be_sold_in_it(the_christmas_eve):
    """Unlike 1856's unvested share, a two-player game keeps no bought share
    (``stock.keep_bought`` is off: 18xx.games refuses its probe's sale of two shares
    whether bought or not)."""
    record = GameFile.read(TWO_PLAYERS)
    title = title_for(record, the_christmas_eve)
    assert not title.rules.stock.keep_bought
    game = replayed_to(the_christmas_eve, TWO_PLAYERS, 20)
    sales = legal_actions(game).get("2", {}).get("sell_shares", [])
    assert {"shares": ["PRR_1"], "percent": 10} in sales
