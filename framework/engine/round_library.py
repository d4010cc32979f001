"""The library of round kinds: for each ``kind`` a title's rounds may name, the class
that plays it, and :func:`make_round`, which starts a round of a title.

>>> sorted(ROUND_TYPES)
['auction', 'merger', 'operating', 'share_phase', 'stock']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from framework.engine import seating
from framework.engine.merger_round import MergerRound
from framework.engine.round_kinds import AuctionRound, OperatingRound, StockRound
from framework.engine.rounds import Round
from framework.engine.share_phase import SharePhase

if TYPE_CHECKING:
    from framework.engine.game import Game

ROUND_TYPES: dict[str, type[Round]] = {
    cls.kind: cls for cls in (AuctionRound, StockRound, OperatingRound, SharePhase, MergerRound)
}
"""The round kinds of the library, by the ``kind`` a title's round names (``custom``
rounds are the title's own, named by its hooks)."""


def make_round(game: Game, name: str) -> Round:
    """Start the title's round ``name``: a round of its kind, or the title's own hook (a
    :class:`Round` subclass, or a function that sets the round up). The round is the
    game's round from before its start: what its first turn asks of the round in play
    (a corporation's issue step, counted in its track step's spending) is asked of it.
    Players the round seats anew (``reseat_before``) sit so before it starts."""
    kind = game.title.rounds[name].kind
    seating.reseat(game, game.title.rounds[name].reseat_before, [])
    if kind == "custom":
        hook = game.hooks[cast(str, game.title.rounds[name].hook)]  # a custom round names it
        cls = _round_class(hook)
        if cls is None:
            made: Round = hook(game, name)  # a function that sets the round up
            return made
        round_ = game.round = cls(game, name)
        round_.start()
        return round_
    round_ = game.round = ROUND_TYPES[kind](game, name)
    round_.start()
    return round_


def _round_class(hook: object) -> type[Round] | None:
    """The hook as a :class:`Round` subclass, or ``None`` when it is a function."""
    return hook if isinstance(hook, type) and issubclass(hook, Round) else None
