"""Corporations nationalised and settled with their shareholders (1867's and 1861's).

A corporation nationalised pays back every loan its treasury covers; its price moves
``price_moves``, then ``moves_per_loan`` for each loan left; its treasury goes to the
bank or to the ``national``; each player is paid for the shares they hold at the new
price, by the bank; the national's stations (as many as its charter has left, the
richest cities first, one to a tile) replace its stations, which leave the map. A minor
(``kind: minor``) then closes; a major goes back to the bank unstarted, to be started
again.

It happens when the title says (``when``): a corporation that ends its train buying
without a train, one that cannot pay its loans' interest; and at the train events
``trainless_nationalization`` (every trainless minor that has operated; the president of
every such major chooses, in the ``trainless_majors`` step) and
``minors_nationalization`` (every minor)::

    rules:
      settled_nationalization:
        national: CN
        when: [trainless_after_buying, interest_unpaid]
        moves_per_loan: [left, left]
"""

from __future__ import annotations

from typing import Literal

from framework.title.base import Model, Name
from framework.title.market import Move


class SettledNationalization(Model):
    """How a corporation is nationalised and settled (see the module's docstring)."""

    national: Name | None = None
    """The corporation (``started_by: none``) whose stations replace a nationalised one's,
    and which receives its treasury with ``treasury_to: national``; none: its stations
    just leave the map."""
    when: list[Literal["trainless_after_buying", "interest_unpaid"]] = []
    """When a corporation is nationalised besides the train events: it ends its
    ``buy_train`` step without a train (``trainless_after_buying``); it cannot pay its
    loans' interest even with the loans it may take (``interest_unpaid``)."""
    price_moves: list[Move] = ["left"]
    """The moves of its price when nationalised."""
    moves_per_loan: list[Move] = []
    """Further moves for each loan it still has then (1867's: two left; 1861's: one)."""
    treasury_to: Literal["bank", "national"] = "bank"
    """Who receives its treasury (1861's national also gets its trains and companies;
    otherwise its trains leave the game and its companies close)."""
