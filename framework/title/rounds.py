"""The round structure: which rounds a game plays, in which order, and the
ordered steps of each round, named from the framework's step library.

::

    sequence:
      start: [auction]
      turn: [stock, operating]
    rounds:
      auction: {kind: auction, steps: [company_pending_par, waterfall_auction]}
      stock: {kind: stock, steps: [discard_train, priority_card, buy_sell_par_shares]}
      operating:
        kind: operating
        steps: [bankrupt, track, token, routes, dividend, buy_train]

A game plays the ``start`` rounds once, then repeats ``turn``. An operating
round entry stands for the whole set of operating rounds, as many as the
phase says. A ``turn`` entry may be limited to every n-th game turn
(``{round: requisition, every: 2}``), and an operating round entry may name a round
played after each operating round of its set (``{round: operating, after_each:
merger}``: 1867's merger rounds). A round with ``phases`` is played only in those
phases. A round of kind ``custom`` is played by a hook of the title.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from framework.title.base import Entry, Model, Shorthand
from framework.title.step_library import StepName


class Step(Shorthand):
    """A step of a round: its library name, optionally with parameters."""

    __shorthand__: ClassVar[str] = "step"

    step: StepName
    """The step's name in the library."""
    blocking: bool | None = None
    """Override whether the step waits for the acting entity (for example a final
    ``buy_company`` step that needs an explicit pass)."""
    early_company_buys: bool = True
    """For a ``buy_company`` step: whether it offers the companies a phase lets
    corporations buy early (the phase's ``early_company_buys``); 1850's end-of-turn step
    does not, where its first one does."""
    treasury_limit: int | None = Field(default=None, ge=1)
    """For a ``buy_back_shares`` step: a corporation buys back a share only while it holds
    fewer than this many of its own (unsold or bought back); none: no such limit."""
    sellers_protect: bool = False
    """For a ``price_protection`` step: whether a president who sold shares of the
    corporation earlier in the round may still protect another player's sale of it
    (1850; 1870 forbids it). Nobody protects their own sale."""


class Round(Entry):
    """A kind of round and its steps."""

    kind: Literal["auction", "stock", "operating", "share_phase", "merger", "custom"]
    """What sort of round this is: the 18xx ``auction``, ``stock`` and ``operating``
    rounds (with their ``steps``); a ``share_phase``, a stock phase of single
    buy-or-sell turns with prices moving at its end (``rules.share_phase``); a
    ``merger`` round, in which each minor of kind ``minor`` that has floated, in
    operating order, may convert into a major or merge with others into one
    (``rules.minor_mergers``; 1867's); or a ``custom`` round played by a hook (a title
    layer's rounds)."""
    steps: list[Step] = []
    """The steps in order."""
    order: Literal["seat", "reverse", "snake"] = "seat"
    """For an ``auction`` round: the order players take their turns in, seat order from
    the holder of the priority or its reverse (18MS drafts its companies in reverse
    seat order: 18xx.games' draft round ``reverse_order``), or ``snake``: seat order,
    then back again, the last and the first player each taking two turns in a row
    (18 Los Angeles: 18xx.games' ``snake_order``)."""
    reseat_before: Literal["least_cash", "most_cash"] | None = None
    """Before this round starts the players sit in a new order, which later rounds follow
    (the first then holds the priority): ``least_cash``, least cash first, or
    ``most_cash``, most first (ties in the order they sat). 18 Los Angeles seats the
    players by least cash at the start of every stock round."""
    reseat: Literal["most_cash", "least_cash", "reverse", "first_to_pass"] | None = None
    """After this round the players sit in a new order, which every later round follows
    (the holder of the priority sits first): ``most_cash``, most cash first (ties in the
    order they sat); ``least_cash``, least first; ``reverse``, in reverse seat order
    (18Tokaido's snake draft: the last seat starts the first stock round);
    ``first_to_pass`` (a stock round), in the order they first passed without acting, a
    player who acted after passing losing their place (1868 Wyoming: ``most_cash`` after
    its auction, ``first_to_pass`` after every stock round). None: the players keep their
    seats."""
    phases: list[str] = []
    """The phases in which the round is played; empty: in every phase. 1867's merger
    rounds come after the operating rounds of phases 3 to 7::

        merger: {kind: merger, phases: ['3', '4', '5', '6', '7'], steps: [...]}
    """
    hook: str | None = None
    """For ``custom`` rounds: what in the title's hooks plays it — a
    :class:`framework.engine.rounds.Round` subclass (the engine makes and starts it), or
    a function ``(game, name)`` that returns the round."""

    @model_validator(mode="after")
    def _custom(self) -> Round:
        if self.kind == "custom" and not self.hook:
            raise ValueError("a custom round names the hook that plays it")
        if self.kind in ("auction", "stock", "operating", "merger") and not self.steps:
            raise ValueError(f"an {self.kind} round needs its steps")
        return self


class StartEntry(Shorthand):
    """A round played once at the beginning: ``auction`` or ``{round: auction}``."""

    __shorthand__: ClassVar[str] = "round"

    round: str
    """The round's name under ``rounds``."""
    until_sold: str | None = None
    """An operating round's name: while companies of the initial round are left unsold
    after this round, a set of those operating rounds (as many as the phase says) is
    played, then this round again; once none is left the game goes on (1846's
    two-player game: ``{round: auction, until_sold: operating}``, its open draft between
    operating rounds)."""


class RoundEntry(Shorthand):
    """A round in the game sequence: ``stock`` or ``{round: requisition, every: 2}``."""

    __shorthand__: ClassVar[str] = "round"

    round: str
    """The round's name under ``rounds``."""
    every: int = Field(default=1, ge=1)
    """Played only in game turns divisible by this number."""
    after_each: str | None = None
    """For an operating round: a round played after each operating round of the set,
    the last one's too (1867's merger round, ``{round: operating, after_each:
    merger}``); it is skipped outside its ``phases``."""


class Sequence(Model):
    """The order in which rounds are played."""

    start: list[StartEntry] = []
    """Rounds played once at the beginning (the initial auction)."""
    turn: list[RoundEntry] = Field(min_length=1)
    """Rounds of one game turn, repeated until the game ends."""
