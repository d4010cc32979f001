"""1846 as 18xx.games referees it where its turns meet its corporations' closing, its
company lays and its train money: each case is a bot game 18xx.games accepted up to the
position tested, where it refused (or offered) what this engine once played otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ROOT, house_ruled, imported_title, oracle_tries, replayed_to

from framework.base.errors import GameError
from framework.bots.base import prudent
from framework.engine import closing
from framework.engine.choices import legal_actions

DATA = ROOT / "tests" / "data"


def bot_game(players: int, seed: int, last: int) -> Path:
    return DATA / f"bot-1846-{players}p-seed-{seed}-to-{last}.json"


@pytest.fixture(scope="module")
def the_1846(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1846"), "1846")


def test_blank_draft_cards_keep_the_game_going_after_every_corporation_closed(the_1846):
    """The draft's blank cards are companies nobody owns until phase III closes them: with
    every corporation and company closed in phase II the game is not over (``all_closed``
    needs them too); it runs on to 18xx.games' turn limit, unfinished (``dnf``)."""
    game = replayed_to(the_1846, bot_game(3, 2, 228), 227)
    assert not game.finished
    game = replayed_to(the_1846, bot_game(3, 2, 228), 228)
    assert all(c.closed for c in game.corporations.values()) and game.phase == "II"
    assert not closing.all_closed(game)
    assert game.finished and game.end_reason == "dnf"


def test_a_stock_round_ended_by_a_closing_moves_no_prices(the_1846):
    """Player 3's sale (action 204) closes the NYC and leaves the round to Player 1 and
    Player 2, neither with anything to do: 18xx.games ends the round there without its
    end moves (the PRR, with shares in the pool, stays at $70) and gives the priority to
    Player 3, at whom the turn stopped."""
    game = replayed_to(the_1846, bot_game(3, 1, 204), 204)
    assert game.corporations["NYC"].closed and game.round.kind == "operating"
    assert game.market.price("PRR") == 70
    assert game.humans[game.priority].name == "Player 3"
    assert not any("PRR has shares in the pool" in line for line in game.messages[-6:])


def test_a_closing_may_leave_a_stock_round_stuck_as_on_18xx_games(the_1846):
    """Player 3's sale (action 164) closes the IC; the turn moves to Player 4 and Player 1,
    who pass with nothing to do, and stops at Player 2, who has nothing either, while
    Player 3 (who sold) has not passed: 18xx.games waits there for ever, offering only the
    end of the game. The NYC's purchase the bot made next is refused; ``end_game`` ends it."""
    game = replayed_to(the_1846, bot_game(4, 12, 164), 164)
    assert game.round.kind == "stock" and game.current_round.stuck()
    assert game.round.current_entity() == "2" and not legal_actions(game)
    with pytest.raises(GameError):
        game.process(
            {"type": "buy_shares", "entity": "NYC", "entity_type": "corporation", "shares": ["NYC_1"]}
        )
    game.process({"type": "end_game", "entity": 2, "entity_type": "player"})
    assert game.finished and game.end_reason == "manually_ended"


def test_the_president_may_not_close_the_corporation_buying_the_train(the_1846, tmp_path):
    """The IC, at $10, must buy a train: its president may not sell its shares (the sale
    would take it to the closing $0; ``emergency.sell_closing_buyer: false``), as
    18xx.games refuses ("Cannot sell shares of IC"). With the field true the sale is made."""
    path = bot_game(4, 11, 217)
    sale = {
        "type": "sell_shares",
        "entity": 1,
        "entity_type": "player",
        "shares": ["IC_1", "IC_7"],
        "percent": 20,
    }
    game = replayed_to(the_1846, path, 217)
    assert game.market.price("IC") == 10
    with pytest.raises(GameError) as refused:
        game.process(sale)
    assert refused.value.rule == "emergency" and "close" in str(refused.value)
    sales = legal_actions(game).get("1", {}).get("sell_shares", [])
    assert not any(o["shares"][0].startswith("IC") for o in sales)
    assert oracle_tries(path, {217: {"sale": sale}})[217]["sale"].startswith("refused")
    free = house_ruled(
        the_1846, tmp_path, "title.yaml", "sell_closing_buyer: false", "sell_closing_buyer: true"
    )
    replayed_to(free, path, 217).process(sale)


def test_the_president_pays_nothing_while_the_corporation_affords_the_cheapest_train(the_1846, tmp_path):
    """The ERIE, with $176, must buy a train: the depot's 4-train costs $180 as a 4 and
    $160 as a 3/5. Its president may not pay the $4 it lacks for the 4
    (``emergency.help_only_below_cheapest``; 18xx.games: "Not a buyable train"): only the
    3/5 is offered. Without the rule the president's $4 buys the 4."""
    path = bot_game(5, 15, 334)
    four = {
        "type": "buy_train",
        "entity": "ERIE",
        "entity_type": "corporation",
        "train": "4-0",
        "price": 180,
        "variant": "4",
    }
    game = replayed_to(the_1846, path, 334)
    assert game.corporations["ERIE"].cash == 176
    offered = legal_actions(game)["ERIE"]["buy_train"]
    assert [(o["train"], o["variant"], o["price"]) for o in offered if o["train"] == "4-0"] == [
        ("4-0", "3/5", 160)
    ]
    with pytest.raises(GameError) as refused:
        game.process(four)
    assert refused.value.rule == "emergency"
    free = house_ruled(
        the_1846, tmp_path, "title.yaml", "help_only_below_cheapest: true", "help_only_below_cheapest: false"
    )
    game = replayed_to(free, path, 334)
    game.process(four)
    assert game.trains["4-0"].owner == "ERIE"


def test_a_company_s_free_upgrade_keeps_the_track_step_open_without_money(the_1846):
    """The NYC, with $3 after redeeming shares, owns the Lake Shore Line (a free upgrade of
    Toledo or Cleveland, still printed): its track step stays open, as on 18xx.games,
    which refused the issue the bot made next (the issue step is behind it)."""
    game = replayed_to(the_1846, bot_game(3, 11, 62), 62)
    assert game.corporations["NYC"].cash == 3
    assert set(legal_actions(game)["NYC"]) >= {"pass"} and game.round.active_step().name == "track_and_token"
    with pytest.raises(GameError):
        game.process(
            {
                "type": "sell_shares",
                "entity": "NYC",
                "entity_type": "corporation",
                "shares": ["NYC_5"],
                "percent": 10,
            }
        )


def test_lapsed_lays_made_together_hold_the_company_lays_until_the_round_ends(the_1846):
    """The Ohio & Indiana's second lay lapsed when the Meat Packing Company was assigned
    (action 42): as on 18xx.games, whose company-lay step stays held by it, no company
    lays again in this operating round: the NYC's Little Miami, bought at action 48, may
    not lay (18xx.games refused the lay the bot made next)."""
    game = replayed_to(the_1846, bot_game(5, 6, 49), 49)
    assert game.round.lays_held == "O&I" and "LM" not in legal_actions(game)
    with pytest.raises(GameError) as refused:
        game.process(
            {
                "type": "lay_tile",
                "entity": "LM",
                "entity_type": "company",
                "hex": "H12",
                "tile": "293-0",
                "rotation": 0,
            }
        )
    assert refused.value.rule == "special lay" and "O&I" in str(refused.value)


def test_no_bonus_is_assigned_between_a_company_s_lays_made_together(the_1846):
    """The GT's Ohio & Indiana has laid its first tile (action 118): until its second is
    laid or passed, the GT's Steamboat may not be assigned (``during: track``; 18xx.games
    refused the assignment the bot made next)."""
    game = replayed_to(the_1846, bot_game(5, 14, 118), 118)
    assert "SC" not in legal_actions(game)
    with pytest.raises(GameError):
        game.process(
            {"type": "assign", "entity": "SC", "entity_type": "company", "target": "C5", "target_type": "hex"}
        )


def test_bots_leave_alone_a_company_whose_every_lay_leads_nowhere(the_1846):
    """The NYC has just bought the Little Miami (action 45): no first lay of it could be
    joined by a second, so a careful bot offers the company nothing (the bot that took
    one left both engines waiting for a lay that cannot be made) and plays the NYC."""
    game = replayed_to(the_1846, bot_game(4, 13, 45), 45)
    options = legal_actions(game)
    assert options.get("LM", {}).get("lay_tile") and "NYC" in options
    kept = prudent(game, options)
    assert "LM" not in kept and kept["NYC"] == options["NYC"]


# -- the two-player game ------------------------------------------------------------------


@pytest.fixture(scope="module")
def the_2p(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1846_2p"), "1846 2p Variant")


def variant_game(seed: int, last: int) -> Path:
    return DATA / f"bot-1846-2p-variant-seed-{seed}-to-{last}.json"


def _stations_in(game, corporation: str, hex_id: str) -> int:
    return sum(1 for city in game.track_board.cities_of(corporation) if city[0] == hex_id)


def test_a_removed_corporation_s_second_station_waits_for_a_green_tile(the_2p, tmp_path):
    """The setup of seed 1 removed the NYC: besides its home station it has a second one
    waiting for Cleveland (E17) to turn green (``second_tokens``). The Lake Shore Line's
    green 295 there (action 164) puts it down, as on 18xx.games; without the entry it
    never comes."""
    path = variant_game(1, 164)
    before = replayed_to(the_2p, path, 163)
    assert "NYC" in before.setup.removed_corporations and _stations_in(before, "NYC", "E17") == 0
    game = replayed_to(the_2p, path, 164)
    assert _stations_in(game, "NYC", "E17") == 1
    assert "NYC places a second station in E17 as its city turns green" in game.messages
    plain = house_ruled(the_2p, tmp_path, "rounds.yaml", "NYC: {hex: E17, color: green}", "")
    assert _stations_in(replayed_to(plain, path, 164), "NYC", "E17") == 0


def test_the_erie_s_second_station_is_in_erie_from_the_start(the_2p, tmp_path):
    """The setup of seed 14 removed the Erie, whose second station goes in Erie (D20) at
    once: with the NYC's home held there, the city has no room for another corporation
    (18xx.games: "no token slots available on D20"). Without the entry it has."""
    path = variant_game(14, 167)
    game = replayed_to(the_2p, path, 0)
    erie = next(c for c in game.track_board.cities_of("ERIE") if c[0] == "D20")
    assert "ERIE" in game.setup.removed_corporations and game.track_board.free_slots(erie, "GT") == 0
    plain = house_ruled(the_2p, tmp_path, "rounds.yaml", "ERIE: {hex: D20}", "")
    game = replayed_to(plain, path, 0)
    assert game.track_board.free_slots(erie, "GT") == 1 and _stations_in(game, "ERIE", "D20") == 0


def test_a_bankruptcy_ends_the_game_once_the_round_has_moved_on(the_2p):
    """Player 2's bankruptcy (action 103) leaves one player, which ends the game at once:
    as on 18xx.games, once the round has moved on to the next decision. The NYC, in
    receivership, buys its train, and so does the B&O, whose turn comes before Player 1's
    IC: the bank ends with $6,001, as there."""
    game = replayed_to(the_2p, variant_game(12, 103), 103)
    assert game.finished and game.end_reason == "bankrupt"
    after = game.messages[game.messages.index("Player 2 goes bankrupt") :]
    assert any(line.startswith("B&O buys") for line in after)
    assert game.bank == 6001


def test_a_corporation_moved_to_the_closing_cell_closes_before_the_game_ends(the_2p):
    """Player 1's bankruptcy (action 167) ends the game; before it does, the IC, in
    receivership, runs nothing and its price falls to $0: it closes, its treasury going
    to the bank ($6,885 at the end, as on 18xx.games)."""
    game = replayed_to(the_2p, variant_game(14, 167), 167)
    assert game.finished and game.end_reason == "bankrupt"
    assert game.corporations["IC"].closed and game.bank == 6885


def test_a_player_who_passed_twice_and_then_took_a_company_has_not_passed(the_2p):
    """In the two-player draft Player 1 passed twice (actions 4 and 6), then took the Lake
    Shore Line (action 8): Player 2's pass (action 9) does not end the draft, as on
    18xx.games, where taking a company makes a player one who has not passed; Player 1
    chooses again, and the Big 4's lay the bot made next is refused."""
    path = variant_game(72, 10)
    game = replayed_to(the_2p, path, 9)
    assert game.round.kind == "auction" and game.round.entity() == "1"
    assert set(legal_actions(game)["1"]) == {"bid", "pass"}
    with pytest.raises(GameError):
        game.process(
            {
                "type": "lay_tile",
                "entity": "BIG4",
                "entity_type": "minor",
                "hex": "G9",
                "tile": "5-0",
                "rotation": 4,
            }
        )


def test_a_bank_broken_between_actions_counts_from_the_next_action(the_2p):
    """Two bots that pass in every draft leave operating rounds without corporations,
    where only the companies' revenue is paid: it breaks the bank after action 94 (the
    second operating round of that set), with no action in between. 18xx.games checks the
    game's end once per action, so the end comes at the next action's set (after the
    passes 95 and 96), not at once; the bank ends with the same -$180."""
    path = variant_game(1, 96)
    game = replayed_to(the_2p, path, 94)
    assert game.bank_broken and not game.finished and game.round.kind == "auction"
    game = replayed_to(the_2p, path, 96)
    assert game.finished and game.end_reason == "bank" and game.bank == -180


def test_an_obsolete_train_in_the_pool_leaves_it(the_2p):
    """PRR discarded its 4-train (3/5) to the pool; the first 6-train (ERIE's) makes the
    4s obsolete, and the one in the pool leaves it, as on 18xx.games: PRR's purchase of
    it (action 423, which the bot made) is refused ("Not a buyable train")."""
    path = variant_game(37, 423)
    game = replayed_to(the_2p, path, 422)
    assert game.trains["4-2"].owner == "rusted"
    assert "4-2 is obsolete and leaves the pool" in game.messages
    with pytest.raises(GameError):
        game.process(
            {
                "type": "buy_train",
                "entity": "PRR",
                "entity_type": "corporation",
                "train": "4-2",
                "price": 160,
                "variant": "3/5",
            }
        )
