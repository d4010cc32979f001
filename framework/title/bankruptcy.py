"""What a player's bankruptcy does (``rules.bankruptcy``), and how a corporation left
without a president by it operates (``rules.bankruptcy.receivership``).

By default, as in most 18xx, the first bankruptcy ends the game (``game_end.bankrupt``
says when) and the bankrupt player keeps what they could not sell. 1846 plays on until
all players but one are bankrupt::

    bankruptcy:
      ends_game_after: all_but_one
      issue_first: true
      leftovers: pool
      cash_to: corporation
      receivership: {no_train_moves: 1, buys_cheapest_train: true, withholds: true}
      reorders: false
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from framework.title.base import Model


class Receivership(Model):
    """A corporation in receivership: its president's certificate in the pool, where a
    bankrupt player left it and no other player could take it. It lays no track, places
    no token, issues and redeems nothing and buys no company; its trains run (any player
    may run them for it) and its revenue is paid as the dividend step says. A player who
    already holds one of its shares may buy the president's certificate from the pool as
    a share of the ordinary size, and becomes its president."""

    no_train_moves: int = Field(default=0, ge=0)
    """Steps left its price moves, besides the move for not running, when it ends its
    dividend step without a train (1846: 1)."""
    buys_cheapest_train: bool = False
    """Without a train, it buys the cheapest face of the cheapest train the depot offers
    when its treasury pays for it (1846); false: it buys none."""
    withholds: bool = False
    """Its revenue is withheld without asking (1846); false: the dividend step asks, as for
    any corporation (any player may choose for it)."""


class Bankruptcy(Model):
    """What a player's bankruptcy does."""

    ends_game_after: Literal["one", "all_but_one"] = "one"
    """``one``: the first bankruptcy ends the game (``game_end.bankrupt`` says when);
    ``all_but_one``: the game goes on until all players but one are bankrupt, a bankrupt
    player taking no more turns (18xx.games' ``BANKRUPTCY_ENDS_GAME_AFTER``)."""
    issue_first: bool = False
    """The corporation first issues the most shares it may in an emergency
    (``trains.emergency.issue``); only then may its president go bankrupt, if still short."""
    leftovers: Literal["kept", "pool"] = "kept"
    """What the player could not sell: ``kept``; ``pool`` (where the game goes on): given
    up — every certificate goes to the pool at the current price, prices unmoved, the
    presidency passing to another player who holds enough, else the corporation going
    into receivership; their companies and minors close."""
    cash_to: Literal["bank", "corporation"] = "bank"
    """Where the bankrupt player's cash goes: the bank, or the corporation that could not
    buy its train."""
    receivership: Receivership = Receivership()
    """How a corporation left without a president operates (``leftovers: pool``)."""
    reorders: bool = True
    """Where the game goes on: the corporations yet to operate in the round are sorted
    again by the share prices the bankrupt's sales left (18xx.games' common bankrupt
    step); false: the round keeps its order (1846)."""
