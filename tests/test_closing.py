"""A corporation whose share price enters a closing cell closes (a market zone with
``closes``, 18xx.games' close cells such as 1846's ``0c``), and ``game_end.all_closed``.

The rules are played on 1830 with a house rule: a one-row market whose first cell, at
$0, closes. (1846, converted from 18xx.games at run time, closes its corporations as its
real games did: ``test_1846.py``.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_support import frozen

from framework.base.problems import ProblemsError
from framework.bots import make_bot
from framework.bots.play import new_session
from framework.engine import closing, finance
from framework.engine.choices import legal_actions
from framework.engine.entities import OUT_OF_GAME
from framework.engine.game import Game
from framework.engine.invariants import broken_invariants
from framework.title.loader import RulesText
from framework.title.model import Title

ROOT = Path(__file__).resolve().parents[1]
CELLS = "[0c, 10y, 20y, 30y, 40o, 50o, 60, 67p, 71p, 76p, 82p, 90p, 100p, 112, 126, 142, 160, 180, 200]"
RULE = f"""
market:
  zones:
    close: {{mark: c, closes: true}}
  edges: {{right: none, left: none, up: right, down: left}}
  grid:
  - {CELLS}
game_end:
  all_closed: immediately
"""


def _session(rule: str = RULE, seed: int = 3):
    return new_session(ROOT / "titles" / "1830", 4, seed, rules=[RulesText("house.yaml", rule)])


def _selling(game: Game) -> tuple[str, str] | None:
    """(player, corporation) when the player in turn may sell one share of a corporation
    that has a station on the map and a train."""
    for entity, kinds in legal_actions(game).items():
        for sale in kinds.get("sell_shares", []):
            corp = sale["shares"][0].rsplit("_", 1)[0]
            owns_train = any(t.owner == corp for t in game.trains.values())
            if entity in game.players_by_id and owns_train and game.track_board.cities_of(corp):
                return entity, corp
    return None


@frozen
def about_to_sell() -> Game:
    session = _session()
    bot, rng, game = make_bot("random"), random.Random(3), session.game
    while _selling(game) is None:
        session.act(bot.act(game, legal_actions(game), rng))
    return game


def test_a_sale_into_the_closing_cell_closes_the_corporation():
    game = about_to_sell()
    player, corp = _selling(game)  # type: ignore[misc]  # found by about_to_sell
    game.market.place(corp, (0, 1))  # $10: one sale moves it left, to $0
    treasury, bank = game.corporations[corp].cash, game.bank
    held = game.corporations[corp].percent_of(player)
    share = next(s for s in game.corporations[corp].certificates_of(player) if not s.president)
    game.process({"type": "sell_shares", "entity": player, "shares": [share.id], "percent": share.percent})
    closed = game.corporations[corp]
    assert closed.closed and corp not in game.market.positions
    assert not game.track_board.cities_of(corp)  # its stations leave the map
    assert not any(t.owner == corp for t in game.trains.values())  # its trains are gone
    assert closed.cash == 0 and game.bank == bank - 10 + treasury  # the seller's $10; the treasury
    assert all(s.owner == OUT_OF_GAME for s in closed.shares)  # the shares are worth nothing
    assert held > 0 and finance.player_value(game, player) == game.players_by_id[player].cash + sum(
        game.title.companies[c.sym].value for c in game.companies.values() if c.owner == player
    ) + sum(
        game.market.price(c.sym) * c.percent_of(player) // 10
        for c in game.corporations.values()
        if not c.closed and c.sym in game.market.positions
    )
    assert not broken_invariants(game)
    assert corp not in str(legal_actions(game))


def test_a_sale_that_stops_short_of_the_closing_cell_closes_nothing():
    game = about_to_sell()
    player, corp = _selling(game)  # type: ignore[misc]  # found by about_to_sell
    game.market.place(corp, (0, 2))  # $20: one sale moves it to $10
    share = next(s for s in game.corporations[corp].certificates_of(player) if not s.president)
    game.process({"type": "sell_shares", "entity": player, "shares": [share.id], "percent": share.percent})
    assert not game.corporations[corp].closed and game.market.price(corp) == 10


def test_the_game_ends_when_every_corporation_and_company_has_closed():
    game = about_to_sell()
    for sym in game.companies:
        game.companies[sym].owner = "closed"
    for sym in list(game.corporations):
        if sym in game.market.positions:
            game.market.place(sym, (0, 0))
        else:
            game.corporations[sym].closed = True
    closing.close_in_closing_cells(game)
    assert game.finished and game.end_reason == "all_closed"


def test_a_price_of_nothing_needs_a_zone_that_closes():
    rule = RULE.replace("closes: true", "closes: false")
    with pytest.raises(ProblemsError, match="a price of 0 needs a zone that closes"):
        _session(rule)


def test_the_closing_zone_is_read_from_the_title():
    title: Title = _session().game.title
    assert title.market.closing_marks() == "c"
    assert str(title.market.grid[0][0]) == "0c"
