"""Station tokens of corporations and minors: home tokens and token prices."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.engine.game import Game


def charter(game: Game, entity: str):
    """The title's corporation or minor."""
    return game.title.corporations.get(entity) or game.title.minors[entity]


def place_home(game: Game, entity: str) -> None:
    """Put the home token in its reserved city, free (once: the reservation goes with it);
    the operating round calls it at the start of every turn."""
    city = game.board.reservation(entity)
    if city is None or entity not in game.corporations:
        return
    game.board.add_token(entity, city)
    game.corporations[entity].tokens_used += 1
    game.log(f"{entity} places its home token in {city[0]}")


def home_at(game: Game, entity: str, moment: str) -> None:
    """Place the home token now if the title places it at ``moment`` (``par``, ``float``;
    ``first_operation`` is the operating round's, :func:`place_home`)."""
    if game.title.rules.tokens.home == moment:
        place_home(game, entity)


def next_price(game: Game, entity: str) -> int | None:
    """The price of the next token from the charter, or ``None`` when none is left."""
    if entity not in game.corporations:
        return None
    used = game.corporations[entity].tokens_used
    prices = charter(game, entity).tokens
    return prices[used] if used < len(prices) else None
