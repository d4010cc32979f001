"""The national operating on its own (1861's Russian State Railway, 18xx.games'
``national_operates``).

In a phase with ``national_operates`` the national of ``rules.settled_nationalization``
operates last in every operating round, as a corporation without a president: its home
station goes down the first time; it lays no track, places no other station, buys no
company and redeems nothing; the holder of the priority runs its trains; its revenue is
withheld, its price (it has none) unmoved; then it buys, unasked, the cheapest depot train
if it has none (with loans where the title takes them for trains), and the depot's next
train for as long as its treasury pays. It has no train limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import automatic_loans, purchases, trains

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.steps.buying import TrainBuying

STEPS = frozenset({"routes", "dividend", "loan_interest", "discard_train", "buy_train"})
"""The steps the national goes through in its turn (the others are passed)."""


def national(game: Game) -> str | None:
    """The title's national, when some phase has it operate."""
    rules = game.title.rules.settled_nationalization
    if rules is None or rules.national is None:
        return None
    if not any(p.national_operates for p in game.title.phases.values()):
        return None
    return rules.national


def operating(game: Game) -> str | None:
    """The national, when it operates in the current phase and is in the game."""
    sym = national(game)
    if sym is None or game.phase is None or not game.phase_spec().national_operates:
        return None
    corp = game.corporations.get(sym)
    return sym if corp is not None and not corp.closed else None


def operates(game: Game, sym: str | None) -> bool:
    """Whether ``sym`` is the national operating in this phase."""
    return sym is not None and sym == operating(game)


def idle(game: Game, sym: str) -> bool:
    """Whether ``sym`` is the national, whose turn in the operating order is skipped in a
    phase where it does not operate."""
    return sym == national(game) and not operates(game, sym)


def buy_trains(step: TrainBuying, sym: str) -> None:
    """The national's purchases at the end of its turn: the cheapest depot train when it
    has none, then the depot's next train while its treasury pays for it."""
    game = step.game
    found = purchases.cheapest_depot_face(game)
    if found is not None and not trains.owned(game, sym):
        price, train, face = found
        if price <= game.corporations[sym].cash + automatic_loans.power(game, sym, "buy_train"):
            step.buy({"train": train.id, "price": price, "variant": face}, sym, from_depot_only=True)
    corp = game.corporations[sym]
    while (line := trains.stack(game)) and (price := trains.price(game, line[0])) <= corp.cash:
        step.buy({"train": line[0].id, "price": price}, sym, from_depot_only=True)
