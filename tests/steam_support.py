"""Helpers for the 18Steam rule tests: new games, the share phase, the goods rounds.

Positions are built by playing the real engine: players buy the certificates a test
asks for in the share phase (:func:`share_phase`), give money to corporations
(``give_money``), and every other decision is a neutral default (vote to offer all,
drop out of the auction, take the first free action of :data:`NEUTRAL_ACTIONS`, build
nothing, move nothing) until the round a test wants (:func:`advance`). Track is laid
with ``lay_tile`` actions in build rounds (:func:`lay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from game_support import act, cash, frozen, refused, snapshot  # noqa: F401 - shared with the rules tests
from steam_hooks import INCOME, INCOME_START, LOCOMOTIVE

from framework.bots.play import new_session
from framework.engine.choices import legal_actions
from framework.engine.entities import POOL
from framework.engine.game import Game
from framework.title.loader import RulesText, load_title

TITLE_DIR = Path(__file__).resolve().parents[1] / "titles" / "18Steam"

NEUTRAL_ACTIONS = ("turn_order_pass", "first_move", "first_build", "engineer", "urbanization", "production")
"""The special actions taken by default, first free first (the locomotive action is
never taken by default: it changes expenses)."""


@cache
def title():
    return load_title(TITLE_DIR)


def new_game(players: int = 4, seed: int = 1, rules: Sequence[RulesText] = ()) -> Game:
    """A fresh game of ``players`` (ids "1"…), in the first share phase."""
    session = new_session(TITLE_DIR, players, seed, rules=rules, title=None if rules else title())
    return session.game


def options(game: Game, entity: Any = None) -> dict[str, list[dict[str, Any]]]:
    """What ``entity`` (default: whoever acts) may do now."""
    entity = str(entity) if entity is not None else game.current_entity()
    return legal_actions(game).get(entity, {})


def price(game: Game, sym: str) -> int:
    return game.market.price(sym)


def income(game: Game, sym: str) -> int:
    return game.corporations[sym].counters[INCOME]


def locomotive(game: Game, sym: str) -> int:
    return game.corporations[sym].counters[LOCOMOTIVE]


def holdings(game: Game, sym: str) -> dict[str, int]:
    """Holder → percent of ``sym`` (players, ``"pool"`` for the bank, the corporation)."""
    return {h: p for h, p in game.corporations[sym].holders().items() if p}


# -- the share phase ------------------------------------------------------------------


def vote_all(game: Game, count: int | None = None) -> None:
    """Every ballot of the share phase's vote: ``count`` (default: all) certificates."""
    rnd = game.round
    while rnd.kind == "share_phase" and rnd.stage == "vote":
        player = rnd.current_entity()
        listed = options(game, player)["vote"]
        n = listed[-1]["count"] if count is None else min(count, listed[-1]["count"])
        act(game, "vote", player, corporation=listed[0]["corporation"], count=n)


def pass_until(game: Game, player: str) -> None:
    """Everybody before ``player`` passes (the trade goes on: ``player`` has not passed)."""
    vote_all(game)
    rnd = game.round
    assert rnd.kind == "share_phase" and rnd.stage == "trade"
    while rnd.current_entity() != str(player):
        act(game, "pass", rnd.current_entity())
        assert rnd.stage == "trade", f"the trade ended before {player}'s turn"


def certificate(game: Game, sym: str, owner: str) -> str:
    """The id of the first ordinary certificate of ``sym`` held by ``owner``
    (a player, ``"pool"`` for the bank, or ``sym`` for the treasury)."""
    return next(s.id for s in game.corporations[sym].shares if s.owner == owner and not s.president)


def buy(game: Game, player: str, sym: str, source: str = "treasury") -> None:
    """``player``'s turn comes; they buy one certificate of ``sym``: the president's if
    nobody holds it, else one from the treasury or (``source="bank"``) the bank."""
    pass_until(game, player)
    corp = game.corporations[sym]
    pres = next(s for s in corp.shares if s.president)
    share = pres.id if pres.owner == sym else certificate(game, sym, POOL if source == "bank" else sym)
    act(game, "buy_shares", player, shares=[share])


def sell(game: Game, player: str, sym: str, count: int = 1) -> None:
    """``player``'s turn comes; they sell ``count`` ordinary certificates of ``sym``."""
    pass_until(game, player)
    corp = game.corporations[sym]
    ids = [s.id for s in corp.shares if s.owner == str(player) and not s.president][:count]
    act(game, "sell_shares", player, shares=ids)


def end_trade(game: Game) -> None:
    """Everybody passes until the trade is over (buy-backs may follow)."""
    vote_all(game)
    rnd = game.round
    while rnd.kind == "share_phase" and rnd.stage == "trade":
        act(game, "pass", rnd.current_entity())


def share_phase(game: Game, buys: Sequence[tuple[str, str]], gifts: dict[str, int] | None = None) -> None:
    """Play a whole share phase: each ``(player, corporation)`` of ``buys`` in turn
    buys one certificate (the president's first), then everybody passes, nobody
    buys back; then the president of each corporation in ``gifts`` gives it that much
    (from their own cash, the rest from the other players, seat by seat)."""
    for player, sym in buys:
        buy(game, player, sym)
    end_trade(game)
    while game.round.kind == "share_phase":
        act(game, "pass", game.current_entity())
    for sym, amount in (gifts or {}).items():
        give(game, sym, amount)


def give(game: Game, sym: str, amount: int) -> None:
    """Players (the president first) give ``sym`` ``amount`` in all."""
    president = game.corporations[sym].president()
    donors = [president] + [p.id for p in game.players if p.id != president]
    for donor in donors:
        part = min(amount, cash(game, donor))
        if part > 0:
            act(game, "give_money", donor, corporation=sym, amount=part)
            amount -= part
        if not amount:
            return
    raise AssertionError(f"the players cannot give {sym} that much")


# -- the goods rounds -------------------------------------------------------------------


def default_action(game: Game, picks: dict[str, str] | None = None) -> None:
    """The neutral decision for whoever acts now (see the module docstring); ``picks``
    chooses an operator's special action."""
    rnd = game.round
    entity = rnd.current_entity()
    kind = rnd.name
    if rnd.kind == "share_phase":
        if rnd.stage == "vote":
            vote_all(game)
        else:
            act(game, "pass", entity)
    elif kind == "actions":
        free = [c["action"] for c in options(game, entity)["select_action"]]
        wanted = (picks or {}).get(entity)
        choice = wanted if wanted in free else next(a for a in NEUTRAL_ACTIONS if a in free)
        act(game, "select_action", entity, action=choice)
    elif kind == "growth":
        act(game, "place_cube", entity, **options(game, entity)["place_cube"][0])
    else:
        act(game, "pass", entity)


def advance(game: Game, kind: str, picks: dict[str, str] | None = None, leave: bool = False) -> None:
    """Play neutral decisions until a round of ``kind`` is being played (after leaving
    the current one first when ``leave``)."""
    if leave:
        current = game.round
        while game.round is current and not game.finished:
            default_action(game, picks)
    while game.round.name != kind and not game.finished:
        default_action(game, picks)


def lay(game: Game, sym: str, *lays: tuple[str, str, int]) -> None:
    """``sym`` lays these tiles, ``(hex, tile, rotation)``, in the build round now."""
    assert game.round.name == "build", game.round.name
    for hex_id, tile, rotation in lays:
        pass_build_until(game, sym)
        act(game, "lay_tile", sym, hex=hex_id, tile=tile, rotation=rotation)


def pass_build_until(game: Game, sym: str) -> None:
    rnd = game.round
    while rnd.current_entity() != sym:
        assert rnd.name == "build" and not rnd.finished(), f"{sym} does not build this round"
        act(game, "pass", rnd.current_entity())


def owners(game: Game, hex_id: str) -> list[str | None]:
    """The owner of each segment of the tile in ``hex_id``."""
    return [s.owner for s in game.layer_state.placed[hex_id].segments]


def earnings(game: Game, sym: str) -> int:
    c = game.corporations[sym].counters
    return c[INCOME] - c[INCOME_START]


def network() -> Game:
    """Seed 1, four players: 1 RED's president, 2 BLUE's, 3 holds 10% of RED. Turn 1: RED
    takes the engineer, BLUE the locomotive (level 2); RED builds Cincinnati–N18–Lexington
    and Lexington–O19–P18–Wheeling (a town tile with a third, unfinished spur toward M19),
    BLUE Pittsburgh–Q13–Q15–Wheeling. Then the move round: BLUE moves first, then RED."""
    game = new_game(4, 1)
    share_phase(game, [("1", "RED"), ("2", "BLUE"), ("3", "RED")])
    advance(game, "build", picks={"RED": "engineer", "BLUE": "locomotive"})
    lay(game, "BLUE", ("Q13", "gentle", 3), ("Q15", "straight", 0))
    red = [("N18", "gentle", 5), ("N20", "town-tight", 0), ("O19", "straight", 1), ("P18", "straight", 1)]
    lay(game, "RED", *red)
    advance(game, "move")
    return game


def put_cubes(game: Game, hex_id: str, colors: list[str]) -> None:
    """Replace the cubes on a city with ``colors``, through the bag (cubes stay conserved)."""
    bag = game.layer_state.bag
    for color in game.layer_state.cubes[hex_id]:
        bag[color] += 1
    for color in colors:
        assert bag[color] > 0
        bag[color] -= 1
    game.layer_state.cubes[hex_id] = list(colors)
