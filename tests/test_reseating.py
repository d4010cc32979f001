"""Players seated anew after a round (``rounds.<round>.reseat``; 1868 Wyoming's most
cash first after its auction, the order of passing after each stock round), on 18SJ
patched by house rules (without its priority card). Seed 5, four players: Ann, Bo, Cy
and Di sit in that order."""

from __future__ import annotations

from sj_support import TITLE_DIR, act, finish_auction

from framework.engine.game import Game
from framework.record.replay import game_title
from framework.title.loader import RulesText

ANN, BO, CY, DI = "1", "2", "3", "4"

RESEAT = """overlay: {name: reseat}
rounds:
  auction: {reseat: most_cash}
  stock: {reseat: first_to_pass, steps: [discard_train, buy_sell_par_shares]}
"""


def game_with(rules: str | None) -> Game:
    house = [RulesText("house.yaml", rules)] if rules else []
    return Game(game_title(TITLE_DIR, 4, [], house), [(1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")], seed=5)


def seats(game: Game) -> list[str]:
    return [p.id for p in game.humans]


def test_after_the_auction_the_players_sit_by_most_cash():
    game = game_with(RESEAT)
    finish_auction(game)
    cash = {p.id: p.cash for p in game.humans}
    assert seats(game) == sorted(cash, key=lambda pid: (-cash[pid], int(pid)))
    assert seats(game) != [ANN, BO, CY, DI]
    assert game.round.kind == "stock" and game.current_entity() == seats(game)[0]


def test_without_reseat_the_players_keep_their_seats():
    game = game_with(None)
    finish_auction(game)
    assert seats(game) == [ANN, BO, CY, DI]


def test_after_a_stock_round_the_players_sit_in_the_order_they_passed():
    game = game_with(RESEAT)
    finish_auction(game)
    order = seats(game)
    first, second, third, fourth = order
    act(game, "pass", first)
    act(game, "pass", second)
    act(game, "pass", third)
    act(game, "pass", fourth)
    assert game.round.kind != "stock"
    assert seats(game) == order
    assert game.priority == 0


def test_a_player_who_acts_after_passing_loses_their_place():
    game = game_with(RESEAT)
    finish_auction(game)
    first, second, third, fourth = seats(game)
    act(game, "pass", first)
    act(game, "par", second, corporation="SNJ", share_price="67,5,2")
    act(game, "pass", third)
    act(game, "pass", fourth)
    act(game, "pass", first)
    act(game, "pass", second)
    assert seats(game) == [first, third, fourth, second]


def test_after_the_auction_the_players_sit_in_reverse_order():
    """``reseat: reverse`` (18Tokaido's snake draft): the last seat starts the first
    stock round, whatever the players' cash."""
    game = game_with(RESEAT.replace("reseat: most_cash", "reseat: reverse"))
    finish_auction(game)
    assert seats(game) == [DI, CY, BO, ANN]
    assert game.round.kind == "stock" and game.current_entity() == DI
