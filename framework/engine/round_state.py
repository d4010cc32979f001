"""The round state the step library keeps on its rounds, named for the type checker.

A step declares the state it keeps on its round (:class:`~framework.engine.steps.base.RoundState`)
and the round makes each attribute when it is set up (``declared_state`` in
:mod:`framework.engine.rounds`), so a round has only the attributes its own steps
declare. :class:`LibraryRoundState` names every one of the library's with its type: it is
a base of :class:`~framework.engine.rounds.Round` holding annotations only, no values
(``hasattr`` stays false until the round makes the attribute).
"""

from __future__ import annotations

from typing import Any


class LibraryRoundState:
    """The attributes of the library's round state (each declared by the step module
    named), with their types."""

    # stock_turn: a player's turn in a stock round
    sold: dict[str, list[str]]
    bought: list[str]
    bought_from: list[str]
    parred: bool
    acted: bool
    sold_first: bool
    sold_turn: list[str]
    last_actor: str | None
    last_buyer: str | None
    pass_order: list[str]
    # stock: the certificate an exchange made as the turn's purchase gave
    exchanged: str | None
    # start_bid: the auction of a corporation started by a bid
    start_auction: dict[str, Any] | None
    # buying
    bought_early: bool
    emergency_sold: list[str]
    depot_bought: list[str]
    # stations
    token_placed: int
    # track
    laid: int
    upgraded: bool
    laid_hexes: list[str]
    town_lays: int
    improved: bool
    pending_home: str | None
    home_chooser: str | None
    pending_hex: str | None
    operator_acted: bool
    lays_held: str | None
    # running
    revenue: int
    subsidy: int
    # teleport
    teleported: str | None
    # companies: ``[company, seller]``
    sold_company: list[str] | None
    # minor_merger: a merger round's conversions and mergers
    merging: list[str]
    merger_stage: str | None
    formed: str | None
    dealers: list[str]
    several: list[str]
    dealt: list[str]
    deal: str | None
    reducing: str | None
