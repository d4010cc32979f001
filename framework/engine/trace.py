"""A game's state after an action, in the shape of the 18xx.games engine's trace.

:func:`trace_state` gives the figures that decide money and turn order — the round,
the phase, the bank, who acts, every player's cash, every corporation's cash, share
price, trains and float, every minor's cash and trains — so that the same game
played here and in the 18xx.games engine can be compared action by action (see
``tools/conform.py``). Round kinds are named as 18xx.games names its rounds.

>>> from framework.title.loader import load_title
>>> from framework.engine.game import Game
>>> game = Game(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=5)
>>> state = trace_state(game)
>>> state["round"], state["acting"], state["players"]["1"], state["bank"]
('Auction Round', ['1'], 800, 7600)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.rounds import Round

ROUND_NAMES = {
    "auction": "Auction Round",
    "stock": "Stock Round",
    "operating": "Operating Round",
    "share_phase": "Stock Round",
    "merger": "Merger Round",
}
"""Round kind → the name 18xx.games gives such a round; other kinds keep their own name."""


def round_name(rnd: Round) -> str:
    """The name 18xx.games gives the round: its kind's, or its steps' (a draft's)."""
    named = next((s.round_name for s in rnd.steps if s.round_name), None)
    return named or ROUND_NAMES.get(rnd.kind, rnd.name)


def trace_state(game: Game) -> dict[str, Any]:
    """The state that matters for money and turn order, as plain data."""
    rnd = game.round
    acting: list[str | None] = [] if game.finished or rnd is None else [rnd.current_entity()]
    corporations = {}
    for sym, corp in game.corporations.items():
        if corp.closed:
            continue
        price = game.market.price(sym) if sym in game.market.positions else None
        corporations[sym] = {
            "cash": corp.cash,
            "price": price,
            "trains": trains_of(game, sym),
            "floated": corp.floated,
        }
    return {
        "round": None if rnd is None else round_name(rnd),
        "finished": game.finished,
        "phase": game.phase,
        "bank": game.bank,
        "acting": [a for a in acting if a is not None],
        "players": {p.id: p.cash for p in game.players},
        "corporations": corporations,
        "minors": {
            sym: {"cash": minor.cash, "trains": trains_of(game, sym)} for sym, minor in game.minors.items()
        },
    }


def trains_of(game: Game, owner: str) -> list[str]:
    """The names of the trains ``owner`` holds (the face in use), sorted."""
    return sorted(t.variant for t in game.trains.values() if t.owner == owner)
