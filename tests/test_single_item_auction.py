"""The single-item auction (18xx.games' ``SingleItemAuction``: 1867, 1861, 1812), with
1867 converted from 18xx.games at run time, against its real game and fresh games: the
companies go up cheapest first; a pass before any bid declines, after one it leaves the
auction; the last bidder buys, and the next company goes up from the player after them;
everybody declining makes the company cheaper and the first bid then buys it (or, with
``unsold_cheapest: removed``, takes it out). 1867's two-player game removes two of its
five companies at random (a ``remove`` draw made only with two players).
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.engine.entities import CLOSED
from framework.engine.game import Game
from framework.title.loader import load_title

REAL = ORACLE.parent / "fixtures" / "1867" / "nationalization_cash.json"
"""Four players (18614, 6177, 16972, 6246): C&SL to 16972 at 35 (action 7); QB to 18614
at 75 (23); 6177 declines SCT at 24 before any bid, and passes on it at 28 after bids."""


@pytest.fixture(scope="module")
def title_1867(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("t1867"), "1867")


def fresh(folder, players: int = 4, seed: int = 1) -> Game:
    return Game(load_title(folder), [(i, f"Player {i}") for i in range(1, players + 1)], seed=seed)


def act(game: Game, kind: str, **fields) -> None:
    game.process({"type": kind, "entity": game.current_entity(), "entity_type": "player", **fields})


def test_the_converted_title_plays_the_single_item_auction(title_1867):
    title = load_title(title_1867)
    assert title.rounds["auction"].steps[0].step == "single_item_auction"
    assert title.rules.auction.unsold_cheapest == "discount"


def test_the_last_bidder_buys_and_the_next_company_starts_after_them(title_1867):
    game = replayed_to(title_1867, REAL, 7)
    assert game.companies["C&SL"].owner == "16972"
    assert game.current_entity() == "6246"  # the player after the winner opens NFB
    assert legal_actions(game)["6246"]["bid"][0]["company"] == "NFB"
    game = replayed_to(title_1867, REAL, 23)
    assert game.companies["QB"].owner == "18614"
    assert game.current_entity() == "6177"


def test_a_pass_before_any_bid_only_declines(title_1867):
    """6177 declines SCT (24); after bids it is still in the auction and passes again (28)."""
    game = replayed_to(title_1867, REAL, 27)
    step = game.round.active_step()
    assert "6177" in step.bidders and step.acting_entity() == "6177"
    game = replayed_to(title_1867, REAL, 28)
    assert "6177" not in game.round.active_step().bidders


def test_everybody_declining_makes_it_cheaper_and_the_first_bid_buys(title_1867):
    game = fresh(title_1867)
    step = game.round.active_step()
    value = game.title.companies["C&SL"].value
    price = step.min_bid()
    for _ in range(4):
        act(game, "pass")
    assert step.reduced and step.min_bid() == price - 5
    buyer = game.current_entity()
    cash = game.players_by_id[buyer].cash
    act(game, "bid", company="C&SL", price=price - 5)
    assert game.companies["C&SL"].owner == buyer
    assert game.players_by_id[buyer].cash == cash - (price - 5) and price <= value


def test_with_unsold_cheapest_removed_a_company_nobody_bids_on_leaves(title_1867, tmp_path):
    removed = house_ruled(
        title_1867, tmp_path, "title.yaml", "unsold_cheapest: discount", "unsold_cheapest: removed"
    )
    game = fresh(removed)
    for _ in range(4):
        act(game, "pass")
    assert game.companies["C&SL"].owner == CLOSED
    assert game.round.active_step().up == "NFB"


def test_a_bid_below_the_least_or_on_another_company_is_refused(title_1867):
    game = fresh(title_1867)
    low = game.round.active_step().min_bid()
    with pytest.raises(GameError, match="at least"):
        act(game, "bid", company="C&SL", price=low - 5)
    with pytest.raises(GameError, match="not up for auction"):
        act(game, "bid", company="SCT", price=200)


def test_two_players_remove_two_companies_at_random(title_1867, tmp_path):
    """With seed 4, 18xx.games' two-player 1867 keeps 3, NFB, MB and SCT (its setup's
    ``sort_by { rand }.take(2)``); three players keep all five. A house rule making the
    draw for three players only keeps them all with two."""
    kept = {sym for sym, c in fresh(title_1867, 2, seed=4).companies.items() if c.owner != CLOSED}
    assert kept == {"3", "NFB", "MB", "SCT"}
    assert all(c.owner != CLOSED for c in fresh(title_1867, 3, seed=4).companies.values())
    three = house_ruled(title_1867, tmp_path, "rounds.yaml", "players: [2]", "players: [3]")
    game = fresh(three, 2, seed=4)
    assert all(c.owner != CLOSED for c in game.companies.values())
