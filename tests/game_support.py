"""Helpers every rules test shares, whatever the title: acting, refusing, snapshots and
cached positions."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from framework.base.errors import GameError
from framework.engine.game import Game
from framework.engine.state import game_from_dict, game_to_dict


def act(game: Game, action_type: str, entity: Any, **fields: Any) -> None:
    """Process one action."""
    game.process({"type": action_type, "entity": str(entity), **fields})


def snapshot(game: Game) -> str:
    """The whole state as canonical JSON text."""
    return json.dumps(game_to_dict(game), sort_keys=True)


def refused(game: Game, action: dict[str, Any]) -> GameError:
    """Process an action that must be refused; the state must not change."""
    before = snapshot(game)
    try:
        game.process(action)
    except GameError as error:
        assert snapshot(game) == before, "a refused action changed the game"
        return error
    raise AssertionError(f"the engine accepted {action}")


def frozen(build: Callable[[], Game]) -> Callable[[], Game]:
    """Cache a position: ``build`` runs once, every call returns a fresh copy."""
    saved: dict[str, Any] = {}

    @functools.wraps(build)
    def get() -> Game:
        if not saved:
            game = build()
            saved["title"] = game.title
            saved["data"] = json.dumps(game_to_dict(game))
        return game_from_dict(saved["title"], json.loads(saved["data"]))

    return get


def cash(game: Game, holder: str) -> int:
    """The cash of a player, corporation or minor."""
    if holder in game.players_by_id:
        return game.players_by_id[holder].cash
    if holder in game.corporations:
        return game.corporations[holder].cash
    return game.minors[holder].cash
