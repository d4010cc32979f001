"""Gifts of certificates in a stock turn (``rules.stock.gifts``).

A president may give a certificate of their corporation to a player who holds none of
it: one of their ordinary certificates, unless the president's certificate is all they
hold; or the president's certificate itself, and with it the presidency, when they hold
at most twice its percent and no other player holds more than its percent (once per
corporation a round). Gifts wait for the first round of sales (``stock.first_sales``).

A gift is named as 18xx.games names it: ``cert_<i>_<corporation>`` or
``prez_<i>_<corporation>``, ``i`` the receiver's place in the round's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine import finance, shares
from framework.engine.steps.base import RoundState

if TYPE_CHECKING:
    from framework.engine.entities import Corporation
    from framework.engine.game import Game
    from framework.engine.rounds import Round

PRESIDENCIES_GIVEN = RoundState(
    "presidencies_given",
    [],
    "Corporations whose president's certificate was given away this round "
    "(``stock.gifts``: once each a round).",
)


def gifts(game: Game, rnd: Round, player: str) -> list[str]:
    """The gifts ``player`` may make now, by their names."""
    if not game.title.rules.stock.gifts or game.turn < game.title.rules.stock.first_sales:
        return []
    out: list[str] = []
    for corp in game.corporations.values():
        if corp.closed or corp.president() != player:
            continue
        out.extend(_gifts_of(game, rnd, player, corp))
    return out


def _gifts_of(game: Game, rnd: Round, player: str, corp: Corporation) -> list[str]:
    president = next(s.percent for s in corp.shares if s.president)
    held = corp.percent_of(player)
    receivers = [i for i, pid in enumerate(rnd.entities) if pid != player and not corp.percent_of(pid)]
    out: list[str] = []
    if held != president:
        out.extend(f"cert_{i}_{corp.sym}" for i in receivers)
    others = (p.id for p in game.players if p.id != player)
    if (
        held <= 2 * president
        and all(corp.percent_of(pid) <= president for pid in others)
        and corp.sym not in getattr(rnd, PRESIDENCIES_GIVEN.name, [])
    ):
        out.extend(f"prez_{i}_{corp.sym}" for i in receivers)
    return out


def give(game: Game, rnd: Round, player: str, choice: str) -> None:
    """Make the gift named ``choice``, or raise :class:`GameError` saying why not."""
    if choice not in gifts(game, rnd, player):
        raise GameError("gifts", f"{game.name(player)} cannot make the gift {choice!r} now")
    kind, index, sym = choice.split("_", 2)
    corp, receiver = game.corporations[sym], rnd.entities[int(index)]
    if kind == "prez":
        share = next(s for s in corp.shares if s.president)
        getattr(rnd, PRESIDENCIES_GIVEN.name).append(sym)
        what = "the presidency"
    else:
        share = next(s for s in corp.certificates_of(player) if not s.president)
        what = "a certificate"
    finance.move_share(game, share, receiver)
    game.log(f"{game.name(player)} gives {what} of {sym} to {game.name(receiver)}")
    if kind == "prez":
        game.log(f"{game.name(receiver)} becomes the president of {sym}")
    shares.settle(game, corp)
