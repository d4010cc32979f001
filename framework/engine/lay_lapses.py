"""Special lays lost once someone else acts (``tile_lay.lapses: other_action``).

1846's Michigan Central lays its two tiles one after the other: once it has laid one, any
action by anyone else (a message aside) ends its lays. :func:`lapsing` names the company
an action takes them from, before the action is processed (so the company's step no longer
waits for it); the game gives them back if the action is refused.

Where the lapsed lays were made together (``must_lay_together``), 18xx.games' company-lay
step stays held by the company: it is passed over in every turn that follows, so no company
lays again until the round ends (unless the action that ended the lays was itself another
company's first lay made together). :func:`hold` notes that in the round
(``lays_held``); the ``special_track`` step then offers nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine.operating import owned_abilities
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


def hold(game: Game, lapsed: str, action: dict[str, Any]) -> None:
    """After ``action`` ended the lays left of ``lapsed`` (see :func:`lapsing`): hold the
    company lays closed for the rest of the round where those lays were made together and
    ``action`` was not a lay of another company whose lays are made together."""
    if not laid_together(game, lapsed):
        return
    rnd = game.current_round
    if "lays_held" not in rnd.declared:
        return
    entity = action.get("entity")
    if action.get("type") == "lay_tile" and isinstance(entity, str) and laid_together(game, entity):
        return
    rnd.lays_held = lapsed


def laid_together(game: Game, sym: str) -> bool:
    """Whether ``sym`` is a company whose lays are made together (``must_lay_together``,
    ``must_lay_all``)."""
    spec = game.title.companies.get(sym)
    ability = spec.ability("tile_lay") if spec is not None else None
    return isinstance(ability, TileLay) and ability.laid_together


def lays_begun(game: Game, operator: str | None) -> str | None:
    """The operator's company whose lays made together (``must_lay_together``,
    ``must_lay_all``) are begun and not done, if any."""
    if operator is None:
        return None
    for sym, ability in owned_abilities(game, operator, TileLay):
        left = game.companies[sym].uses.get("tile_lay", 0)
        if ability.laid_together and ability.count is not None and 0 < left < ability.count:
            return sym
    return None
