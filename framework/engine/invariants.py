"""Invariants that hold after every action of every game.

* Money is conserved: bank, players, corporations and minors add up to the
  bank's starting cash (the bank may go below zero once broken).
* Every corporation's certificates add up to 100% and each has a valid holder (those
  taken out of the game during play still count).
* Every loan of the bank (``rules.loans``) is held once: by the bank or by one
  corporation.
* The tile supply never goes below zero: tiles on the map and in the supply
  add up to the manifest.
* What the title's layer says must hold of its state
  (:meth:`framework.engine.extension.LayerRules.invariants`).
* Every station token on the map belongs to an open corporation, to a minor, or
  to the state railway. (A merged minor's token may stay on the map after the
  minor closes: 18xx.games leaves KHJ's token in Köping when the buyer already
  had one there, reference §4.11.)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from framework.board.board import NEUTRAL
from framework.engine import finance
from framework.engine.entities import IPO, OUT_OF_GAME, POOL

if TYPE_CHECKING:
    from framework.engine.game import Game


def broken_invariants(game: Game) -> list[str]:
    """Descriptions of every invariant that does not hold now (empty when all do)."""
    problems = []
    total = finance.total_money(game)
    if total != game.title.bank.cash:
        problems.append(f"money is not conserved: {total} instead of {game.title.bank.cash}")
    if game.bank < 0 and not game.bank_broken:
        problems.append("the bank is below zero but not broken")
    for player in game.players:
        if player.cash < 0:
            problems.append(f"{player.name} has {player.cash}")
    for sym, corp in game.corporations.items():
        if corp.cash < 0:
            problems.append(f"{sym} has {corp.cash}")
        percent = sum(s.percent for s in corp.shares)
        if percent != 100:
            problems.append(f"the shares of {sym} add up to {percent}%")
        for share in corp.shares:
            if share.owner not in game.players_by_id and share.owner not in (sym, IPO, POOL, OUT_OF_GAME):
                problems.append(f"{share.id} is held by {share.owner!r}")
        if corp.percent_of(POOL) > game.title.rules.stock.pool_limit:
            problems.append(f"the pool holds {corp.percent_of(POOL)}% of {sym}")
    held = [loan for corp in game.corporations.values() for loan in corp.loans]
    count = game.title.rules.loans.count if game.title.rules.loans else 0
    if sorted(held + game.loan_pool) != list(range(count)):
        problems.append(f"loans held {sorted(held)} and the bank's {game.loan_pool} are not 0 to {count - 1}")
    if game.board is not None:
        problems.extend(_tile_problems(game))
        problems.extend(_token_problems(game))
    problems.extend(game.layer_rules.invariants(game))
    return problems


def _tile_problems(game: Game) -> list[str]:
    problems = []
    laid = Counter(p.name for p in game.track_board.placed.values())
    for name, tile in game.title.tiles.items():
        available = game.track_board.supply.available.get(name, [])
        if len(set(available)) != len(available):
            problems.append(f"tile {name} is twice in the supply")
        if tile.count == "unlimited":
            continue
        if laid[name] + len(available) != tile.count:
            problems.append(
                f"tile {name}: {laid[name]} laid and {len(available)} in the supply, "
                f"but the manifest has {tile.count}"
            )
    ids = [p.tile_id for p in game.track_board.placed.values()]
    if len(set(ids)) != len(ids):
        problems.append("a tile copy lies on two hexes")
    return problems


def _token_problems(game: Game) -> list[str]:
    problems = []
    rules = game.title.rules.nationalization
    national = rules.national.sym if rules else None
    for city, slots in game.track_board.tokens.items():
        capacity = game.track_board.face(city[0]).nodes[city[1]].slots
        if len([s for s in slots if s]) > capacity:
            problems.append(f"the city in {city[0]} holds more tokens than slots")
        for owner in slots:
            if owner is None or owner in (national, NEUTRAL) or owner in game.setup.home_tokens:
                continue  # (a corporation removed at setup may leave its home station)
            if owner in game.companies:
                continue  # a company's blocking neutral station (``token.blocks``)
            corp = game.corporations.get(owner)
            minor = game.minors.get(owner)
            if (corp is None or corp.closed) and minor is None:
                problems.append(f"a token in {city[0]} belongs to {owner}, which is not in play")
    return problems
