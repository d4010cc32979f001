"""1868 Wyoming, converted from 18xx.games at run time, against its real games: the
players seated by most cash after the auction, and its
initial auction (the random P2–P6 companies of a game without the "P2-P6 choice" rule,
the choice of one of three with it, the cheapest removed once every player has passed on
it or bid elsewhere, Hell on Wheels only when all passed).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.engine.entities import CLOSED
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for

FIXTURES = ORACLE.parent / "fixtures" / "1868Wyoming"
GAMES = [p for p in sorted(FIXTURES.glob("*.json")) if p.stem != "1868WY_5"]
"""The real games (1868WY_5 names an optional rule, ``async``, 18xx.games no longer has)."""


@pytest.fixture(scope="module")
def the_1868(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1868"), "1868 Wyoming")


def after_auction(title: Path, path: Path) -> Game:
    """The game of ``path`` once its initial auction has ended."""
    record = GameFile.read(path)
    game = new_game(record, title_for(record, title))
    for action in record.effective():
        if game.round.kind != "auction":
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


def owned(game: Game) -> dict[str, list[str]]:
    """Each player's companies (but Thomas C. Durant, which 18xx.games closes as the
    auction ends, by the title's code)."""
    return {
        game.name(p.id): sorted(c for c, co in game.companies.items() if co.owner == p.id and c != "P10")
        for p in game.humans
    }


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_real_1868_auction_replays_to_its_end(the_1868, path):
    game = after_auction(the_1868, path)
    assert game.round.kind == "stock"


def test_without_the_choice_rule_the_seed_keeps_one_of_each_p2_to_p6(the_1868):
    """144719's log: "P2a … goes up for auction", "Player 1 buys P3c", "Player 3 wins …
    P4b", "Player 4 wins … P5b", "Player 2 buys P6b"."""
    game = after_auction(the_1868, FIXTURES / "144719.json")
    assert owned(game) == {
        "Player 1": ["P3c", "P8"],
        "Player 2": ["P6b", "P7", "P9"],
        "Player 3": ["P1", "P11", "P4b"],
        "Player 4": ["P2a", "P5b"],
    }


def test_everybody_bidding_elsewhere_removes_the_cheapest(the_1868):
    """tokenless_dpr_credit_mobilier's log: "4: P2b … is removed (all players bid on other
    companies)", "7: P3a … is removed"."""
    game = after_auction(the_1868, FIXTURES / "tokenless_dpr_credit_mobilier.json")
    assert game.companies["P2b"].owner == CLOSED and game.companies["P3a"].owner == CLOSED
    assert owned(game)["Player 0"] == ["P1", "P4b", "P7"]


def test_with_the_choice_rule_the_winner_chooses_one_of_three(the_1868):
    """tokenless_dpr_choose_new_home's log: "Player 0 chooses P2c …", "Player 1 chooses
    P3c", "… P4b", "Player 2 chooses P5c", "Player 3 chooses P6a", "P8 … is removed (all
    players passed)"."""
    game = after_auction(the_1868, FIXTURES / "tokenless_dpr_choose_new_home.json")
    assert owned(game) == {
        "Player 0": ["P1", "P2c", "P7"],
        "Player 1": ["P3c", "P4b"],
        "Player 2": ["P11", "P5c", "P9"],
        "Player 3": ["P6a"],
    }
    assert all(game.companies[c].owner == CLOSED for c in ("P2", "P2a", "P2b", "P8"))


def test_the_players_sit_by_most_cash_after_the_auction(the_1868):
    """144719's log: "34: Priority order: Player 4, Player 3, Player 1, Player 2"."""
    game = after_auction(the_1868, FIXTURES / "144719.json")
    assert [game.name(p.id) for p in game.humans] == ["Player 4", "Player 3", "Player 1", "Player 2"]
    assert game.current_entity() == game.humans[0].id


@pytest.mark.parametrize(
    ("name", "reached"),
    [
        ("144719", 40),
        ("1868Wyoming_game_end_bankrupt", 22),
        ("tokenless_dpr_cannot_run_train", 38),
        ("tokenless_dpr_choose_new_home", 38),
        ("tokenless_dpr_credit_mobilier", 22),
        ("tokenless_dpr_still_must_buy_train", 38),
    ],
)
def test_the_real_games_replay_past_their_auction(the_1868, name, reached):
    """How far each real game replays now (the first action refused: a player holding
    the Ames brothers' company may exchange it, so is not skipped in 18xx.games' stock
    round; Credit Mobilier's game reaches its first development round)."""
    record = GameFile.read(FIXTURES / f"{name}.json")
    game = new_game(record, title_for(record, the_1868))
    for action in record.effective():
        if action.get("id", 0) >= reached:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
