"""Special lays lost once someone else acts (``tile_lay.lapses: other_action``).

1846's Michigan Central lays its two tiles one after the other: once it has laid one, any
action by anyone else (a message aside) ends its lays. :func:`lapsing` names the company
an action takes them from, before the action is processed (so the company's step no longer
waits for it); the game gives them back if the action is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.title.companies import TileLay

if TYPE_CHECKING:
    from framework.engine.game import Game


def lapsing(game: Game, action: dict[str, Any]) -> str | None:
    """The company whose lays left ``action`` ends: the one whose lay was the game's last
    action, if ``action`` is anyone else's and its ability lapses so.

    >>> class Game: last_lay = None
    >>> lapsing(Game(), {"type": "pass", "entity": "IC"}) is None
    True
    """
    sym = game.last_lay  # set only for a company whose lays lapse so (:func:`last_lay`)
    if sym is None or action.get("entity") == sym:
        return None
    return sym if game.companies[sym].uses.get("tile_lay", 0) > 0 else None


def last_lay(game: Game, action: dict[str, Any]) -> str | None:
    """The company whose lay ``action`` (processed) was, if it is one with lays left that
    lapse so (:attr:`Game.last_lay` after it)."""
    sym = action.get("entity")
    if action.get("type") != "lay_tile" or not isinstance(sym, str) or sym not in game.companies:
        return None
    ability = game.title.companies[sym].ability("tile_lay")
    return sym if isinstance(ability, TileLay) and ability.lapses == "other_action" else None
