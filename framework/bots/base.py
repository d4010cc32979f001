"""What every bot shares: the engine's legal choices turned into actions.

A bot sees a game and answers with its next action. It never guesses what is
legal: it picks among :func:`~framework.engine.choices.legal_actions`, and
turns a choice into an 18xx.games action with :func:`to_action` — an amount
chosen inside the listed range, and for ``run_routes`` the best routes of the
route search (:func:`~framework.engine.autoroute.best_run`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from framework.engine.autoroute import best_run

if TYPE_CHECKING:
    from framework.engine.game import Game

Choice = dict[str, Any]
Options = dict[str, dict[str, list[Choice]]]
"""Entity → action type → choices, as :func:`~framework.engine.choices.legal_actions` lists them."""


class Bot(Protocol):
    """A player that chooses every action of a game."""

    name: str

    def act(self, game: Game, options: Options, rng: random.Random) -> dict[str, Any]:
        """The next action, among ``options`` (the game's legal actions now)."""
        ...


def amount_field(choice: Choice) -> str:
    """The field a choice with a range (``max``) leaves open: ``price`` or ``amount``."""
    return "amount" if "amount" in choice else "price"


def amount_range(choice: Choice) -> tuple[int, int]:
    return choice[amount_field(choice)], choice["max"]


def to_action(game: Game, entity: str, kind: str, choice: Choice, price: int | None = None) -> dict[str, Any]:
    """The action of ``entity`` taking ``choice`` of ``kind``; ``price`` picks an amount
    in a listed range (the least by default)."""
    action: dict[str, Any] = {"type": kind, "entity": entity, "entity_type": game.entity_type(entity)}
    if kind == "run_routes":
        run, _ = best_run(game, entity)
        return {**run, "entity": entity}
    fields = {k: v for k, v in choice.items() if k != "max"}
    if "max" in choice:
        low, high = amount_range(choice)
        fields[amount_field(choice)] = low if price is None else max(low, min(price, high))
    action.update(fields)
    return action
