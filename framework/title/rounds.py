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
(``{round: requisition, every: 2}``). A round of kind ``custom`` is played by a
hook of the title.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from framework.title.base import Entry, Model, Shorthand

STEPS: dict[str, str] = {
    "company_pending_par": "The buyer of a company that carries a president's certificate "
    "sets that corporation's par price before anything else happens.",
    "waterfall_auction": "Private companies are sold in order of value: buy the cheapest, "
    "bid on a later one, or pass; bids are resolved when a company becomes the cheapest.",
    "discard_train": "A company over its train limit discards down to the limit.",
    "priority_card": "The owner of a priority card may use it to take the first turn.",
    "exchange": "The owner of a company with an exchange ability may trade it for a share.",
    "buy_sell_par_shares": "Players sell shares, buy one share or start a corporation, "
    "in the title's sell/buy order.",
    "bankrupt": "The operating corporation's president declares bankruptcy.",
    "assign": "The operator places its companies' bonus tokens (first those it must place), "
    "and its companies move their bonus markers.",
    "special_track": "Companies lay tiles with their tile-lay abilities: for the corporation "
    "owning them, on being sold, or for their player owner at the times the ability says.",
    "teleport": "The operator lays a company's teleport tile, then may place a free token there.",
    "buy_company": "The operating corporation buys a private company from a player.",
    "redeem_shares": "The operating corporation buys its own shares back from the bank pool.",
    "home_token": "The operator places its home token.",
    "track": "The operator lays or upgrades tiles.",
    "token": "The operator places a station token.",
    "early_train_purchase": "The operator buys trains before running them (a company's ability).",
    "routes": "The operator runs its trains.",
    "dividend": "The operating corporation pays out or withholds its revenue.",
    "special_buy_train": "The operator buys a train with a company's discount.",
    "buy_train": "The operator buys trains; a corporation without a train may have to.",
}
"""The framework's step library: every step a round may list, by name."""

StepName = Literal[
    "company_pending_par",
    "waterfall_auction",
    "discard_train",
    "priority_card",
    "exchange",
    "buy_sell_par_shares",
    "bankrupt",
    "assign",
    "special_track",
    "teleport",
    "buy_company",
    "redeem_shares",
    "home_token",
    "track",
    "token",
    "early_train_purchase",
    "routes",
    "dividend",
    "special_buy_train",
    "buy_train",
]


class Step(Shorthand):
    """A step of a round: its library name, optionally with parameters."""

    __shorthand__: ClassVar[str] = "step"

    step: StepName
    """The step's name in the library."""
    blocking: bool | None = None
    """Override whether the step waits for the acting entity (for example a final
    ``buy_company`` step that needs an explicit pass)."""


class Round(Entry):
    """A kind of round and its steps."""

    kind: Literal["auction", "stock", "operating", "share_phase", "custom"]
    """What sort of round this is: the 18xx ``auction``, ``stock`` and ``operating``
    rounds (with their ``steps``); a ``share_phase``, a stock phase of single
    buy-or-sell turns with prices moving at its end (``rules.share_phase``); or a
    ``custom`` round played by a hook (a title layer's rounds)."""
    steps: list[Step] = []
    """The steps in order."""
    hook: str | None = None
    """For ``custom`` rounds: what in the title's hooks plays it — a
    :class:`framework.engine.rounds.Round` subclass (the engine makes and starts it), or
    a function ``(game, name)`` that returns the round."""

    @model_validator(mode="after")
    def _custom(self) -> Round:
        if self.kind == "custom" and not self.hook:
            raise ValueError("a custom round names the hook that plays it")
        if self.kind in ("auction", "stock", "operating") and not self.steps:
            raise ValueError(f"an {self.kind} round needs its steps")
        return self


class StartEntry(Shorthand):
    """A round played once at the beginning: ``auction`` or ``{round: auction}``."""

    __shorthand__: ClassVar[str] = "round"

    round: str
    """The round's name under ``rounds``."""


class RoundEntry(Shorthand):
    """A round in the game sequence: ``stock`` or ``{round: requisition, every: 2}``."""

    __shorthand__: ClassVar[str] = "round"

    round: str
    """The round's name under ``rounds``."""
    every: int = Field(default=1, ge=1)
    """Played only in game turns divisible by this number."""


class Sequence(Model):
    """The order in which rounds are played."""

    start: list[StartEntry] = []
    """Rounds played once at the beginning (the initial auction)."""
    turn: list[RoundEntry] = Field(min_length=1)
    """Rounds of one game turn, repeated until the game ends."""
