"""1868 Wyoming, converted from 18xx.games at run time, against its real games: the
players seated by most cash after the auction, and its
initial auction (the random P2–P6 companies of a game without the "P2-P6 choice" rule,
the choice of one of three with it, the cheapest removed once every player has passed on
it or bid elsewhere, Hell on Wheels only when all passed).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

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


def test_durant_s_up_receives_twice_its_par(the_1868):
    """144719's log: "34: Player 1 pars UP at $82", "UP receives $164 from P10 Thomas C.
    Durant" (the converter's ``treasury_payment``, from the library's after-par payment)."""
    game = after_auction(the_1868, FIXTURES / "144719.json")
    assert game.corporations["UP"].par == 82 and game.corporations["UP"].cash == 164


def test_the_laramie_hahn_s_peak_pays_nothing_before_the_green_phases(the_1868):
    """144719's log: "44: Player 2 collects $10 from P6b …", "Player 2 collects $20 from P7
    …", and nothing from P9: every player's cash as the oracle's at the first development
    round (the UP's too: its $164 from Durant and $82 for each of two shares)."""
    game = replayed_to(the_1868, FIXTURES / "144719.json", 44)
    assert {game.name(p.id): p.cash for p in game.humans} == {
        "Player 3": 114,
        "Player 2": 36,
        "Player 1": 46,
        "Player 4": 35,
    }
    assert game.corporations["UP"].cash == 328


def test_the_players_sit_by_most_cash_after_the_auction(the_1868):
    """144719's log: "34: Priority order: Player 4, Player 3, Player 1, Player 2"."""
    game = after_auction(the_1868, FIXTURES / "144719.json")
    assert [game.name(p.id) for p in game.humans] == ["Player 4", "Player 3", "Player 1", "Player 2"]
    assert game.current_entity() == game.humans[0].id


@pytest.mark.parametrize(
    ("name", "reached"),
    [
        ("144719", 45),
        ("1868Wyoming_game_end_bankrupt", 27),
        ("tokenless_dpr_cannot_run_train", 46),
        ("tokenless_dpr_choose_new_home", 46),
        ("tokenless_dpr_credit_mobilier", 22),
        ("tokenless_dpr_still_must_buy_train", 46),
    ],
)
def test_the_real_games_replay_past_their_auction(the_1868, name, reached):
    """How far each real game replays now: through the first stock round (the holder of
    the Ames Brothers' company, which may be exchanged as a stock turn's purchase, is not
    passed over) to the first development round, whose coal companies' tokens the format
    does not have yet (the first action refused)."""
    record = GameFile.read(FIXTURES / f"{name}.json")
    game = new_game(record, title_for(record, the_1868))
    for action in record.effective():
        if action.get("id", 0) >= reached:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))


# -- the Ames Brothers' exchange for the UP's reserved 20% (``reserved_shares``, an
# ``exchange`` from ``reserved``, ``when: purchase``, ``capitalises``) ---------------------

AMES = {"type": "buy_shares", "entity": "P11", "entity_type": "company", "shares": ["UP_7"], "percent": 20}
"""144719's Player 3 exchanging the Ames Brothers for the UP's 20% (the exchange of
1868Wyoming_game_end_bankrupt's action 116)."""


def _ames_turn(title: Path) -> Game:
    """144719 after its action 39: Player 3, with $59 and the Ames Brothers, to act (18xx.games:
    "40: Player 3 passes")."""
    return replayed_to(title, FIXTURES / "144719.json", 39)


def test_the_ames_brothers_holder_is_not_passed_over(the_1868):
    game = _ames_turn(the_1868)
    assert game.name(game.current_entity()) == "Player 3"
    assert game.round.choices()["P11"] == {"buy_shares": [{"shares": ["UP_7"], "percent": 20}]}


def test_the_exchange_is_the_turns_purchase_and_capitalises_the_up(the_1868):
    game = _ames_turn(the_1868)
    player, up = game.current_entity(), game.corporations["UP"]
    cash = up.cash
    game.process(dict(AMES))
    assert game.companies["P11"].owner == CLOSED
    assert next(s for s in up.shares if s.id == "UP_7").owner == player
    assert up.cash == cash + 2 * game.market.price("UP")
    assert game.current_entity() == player  # "Player 2 declines to sell shares" (bankrupt's 117)
    assert game.round.choices()[player] == {
        "sell_shares": [{"shares": ["UP_7"], "percent": 20}],
        "pass": [{}],
    }
    game.process({"type": "sell_shares", "entity": player, "shares": ["UP_7"], "percent": 20})
    assert game.current_entity() != player
    assert game.players_by_id[player].cash == 59 + 164 and game.market.price("UP") == 72  # as 18xx.games


def test_without_capitalises_the_up_gets_nothing(the_1868, tmp_path):
    title = house_ruled(the_1868, tmp_path, "companies.yaml", "capitalises: true", "capitalises: false")
    game = _ames_turn(title)
    cash = game.corporations["UP"].cash
    game.process(dict(AMES))
    assert game.corporations["UP"].cash == cash


def test_an_exchange_at_any_time_is_not_a_stock_turn(the_1868, tmp_path):
    """Without ``when: purchase`` the exchange belongs to an ``exchange`` step, which
    1868's stock round does not list: Player 3 has nothing to do and is passed over."""
    title = house_ruled(the_1868, tmp_path, "companies.yaml", "      when: purchase\n", "")
    game = _ames_turn(title)
    assert game.name(game.current_entity()) == "Player 1"


def test_the_reserved_certificate_is_not_for_sale_while_the_company_is_open(the_1868, tmp_path):
    game = _ames_turn(the_1868)
    up = game.corporations["UP"]
    step = game.round.step("buy_sell_par_shares")
    rich = max(game.humans, key=lambda p: p.cash)
    rich.cash = 1000
    assert "UP_7" not in {s.id for s in step.buyable(rich.id, up)}
    title = house_ruled(the_1868, tmp_path, "corporations.yaml", "    reserved_shares: [7]\n", "")
    game = _ames_turn(title)
    step = game.round.step("buy_sell_par_shares")
    rich = max(game.humans, key=lambda p: p.cash)
    rich.cash = 1000
    assert "UP_7" in {s.id for s in step.buyable(rich.id, game.corporations["UP"])}
