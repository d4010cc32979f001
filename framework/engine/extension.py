"""The rules part of a title's own layer (``hooks.layer.rules``): what its game does.

A title whose operating game is its own (18Steam's Age of Steam goods) plays it in
``custom`` rounds of its hooks; the engine asks the layer's rules part, a
:class:`LayerRules` subclass, for what only it knows:

* **state**: :meth:`LayerRules.new_state` makes the layer's part of a game
  (``game.layer_state``), saved with the game (its ``to_dict()``) and restored by
  :meth:`LayerRules.load_state`;
* **actions**: :attr:`LayerRules.actions` adds the layer's action types to those the
  engine accepts (checked before play and in game files);
* **the share phase**: :meth:`LayerRules.floated` and :meth:`LayerRules.operating_order`;
* **invariants**: :meth:`LayerRules.invariants`, checked with money and shares.

Every method has a default that adds nothing: a title without a layer plays with
the base itself.

>>> LayerRules.actions
{}
>>> list(LayerRules.invariants(None))
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, cast

from pydantic import BaseModel

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.model import Title


class LayerRules:
    """The base of a layer's rules part: every extension point of the engine, each
    adding nothing."""

    actions: ClassVar[dict[str, type[BaseModel]]] = {}
    """The layer's own action types, by ``type``, each with the model that checks its
    shape (a :class:`framework.engine.actions.Move` subclass)."""

    @staticmethod
    def new_state(game: Game) -> Any:
        """The layer's part of a new game (an object with ``to_dict()``), or ``None``."""
        return None

    @staticmethod
    def load_state(game: Game, data: Any) -> Any:
        """The layer's part of a game saved as ``data`` (what ``to_dict()`` gave)."""
        return None

    @staticmethod
    def floated(game: Game, sym: str) -> None:
        """Corporation ``sym`` has floated (in the share phase: its president's
        certificate is sold); the layer makes it an operator."""

    @staticmethod
    def operating_order(game: Game) -> list[str]:
        """The corporations in the layer's operating order (empty: title order)."""
        return []

    @staticmethod
    def invariants(game: Game) -> Iterator[str]:
        """What is wrong with the layer's state (what must hold after every action)."""
        return iter(())


def rules_of(title: Title) -> type[LayerRules]:
    """The rules part of the title's layer (the base, adding nothing, when it has none)."""
    return cast(type[LayerRules], title.layer_part("rules") or LayerRules)
