"""A title's own layer: the extension points for rules that are not 18xx underneath.

Most titles are data over the framework's 18xx library. A title whose operating
game is something else (18Steam plays Age of Steam's track and goods under an
18xx stock phase) brings that game as Python in its hooks package and names one
:class:`Layer` subclass in its ``hooks`` section::

    hooks:
      layer: AgeOfSteam        # a class in titles/18Steam/hooks/__init__.py

The framework then asks the layer, at fixed points, for what only it knows:

* **data**: the title's ``layer`` section is validated by :attr:`Layer.model`
  (errors at ``file:line:col`` like any other section) and :meth:`Layer.check`
  relates it to the rest of the title;
* **state**: :meth:`Layer.new_state` makes the layer's part of a game, which is
  saved with the game (its ``to_dict()``) and restored by :meth:`Layer.load_state`;
* **actions**: :attr:`Layer.actions` adds the layer's action types to those the
  engine accepts (its rounds are ``custom`` rounds whose hooks play them);
* **the share phase**: :meth:`Layer.floated` and :meth:`Layer.operating_order`;
* **bots** and **reports**: :meth:`Layer.bot`, :meth:`Layer.figures`, :meth:`Layer.describe`,
  :meth:`Layer.position`;
* **pictures**: :meth:`Layer.hex_pictures`, :meth:`Layer.panels_svg`,
  :meth:`Layer.panel_table`, :meth:`Layer.action_routes`;
* **invariants**: :meth:`Layer.invariants`, checked with money and shares.

Every method has a default that adds nothing, so a layer overrides only what it
has. ``docs/non-18xx-titles.md`` walks through 18Steam's layer.

>>> Layer.actions
{}
>>> list(Layer.invariants(None))
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.model import Title

Found = tuple[tuple[Any, ...], str, str]
"""A title problem: ``(data path, message, "value" | "key")`` (as in :mod:`framework.title.checks`)."""


class Layer:
    """The base of a title's layer: every extension point, each adding nothing."""

    model: ClassVar[type[BaseModel] | None] = None
    """The pydantic model of the title's ``layer`` section (``None``: the title has no
    such section)."""

    actions: ClassVar[dict[str, type[BaseModel]]] = {}
    """The layer's own action types, by ``type``, each with the model that checks its
    shape (a :class:`framework.engine.actions.Move` subclass)."""

    @staticmethod
    def check(title: Title) -> Iterator[Found]:
        """Problems relating the ``layer`` section (``title.layer``) to the rest."""
        return iter(())

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

    @staticmethod
    def bot(game: Game, entity: str, options: Any, rng: random.Random) -> dict[str, Any] | None:
        """The heuristic bot's action for ``entity`` among ``options``, or ``None`` to
        let the general bot decide."""
        return None

    @staticmethod
    def describe(game: Game) -> dict[str, Any]:
        """The layer's part of a new game's description (``18xx setup``), as JSON data,
        each value a list of lines or a plain value."""
        return {}

    @staticmethod
    def position(game: Game) -> dict[str, Any]:
        """The layer's part of a position (``18xx replay --at``), as JSON data:

        * ``round``: the round being played, in the game's words (``custom`` says nothing);
        * ``corporations``: by symbol, each corporation's numbers on the layer (a mapping
          of plain values, ``{"income": 12, "locomotive": 2}``), shown in place of the
          trains and tokens it does not have;
        * any other key: a part of the position of its own, a mapping of plain values
          (one line each), a list of lines, or a plain value.

        Empty (the default): the 18xx position says it all."""
        return {}

    @staticmethod
    def figures(game: Game) -> dict[str, float]:
        """Numbers for ``18xx simulate`` about one finished game (averaged over games)."""
        return {}

    @staticmethod
    def hex_pictures(game: Game, shape: Any) -> dict[str, str]:
        """What the layer draws on each hex of a position, by hex: SVG around the hex's
        centre, for a hex of ``shape`` (:class:`framework.render.geometry.HexShape`).
        ``18xx render`` and ``18xx view`` draw them over the map."""
        return {}

    @staticmethod
    def panels_svg(game: Game, x: float, y: float, width: float, font: float) -> tuple[str, float]:
        """The layer's panels under the map of a position picture, from ``(x, y)`` and at
        most ``width`` wide, and the height they take (``("", 0)``: the usual lines of
        corporations)."""
        return ("", 0.0)

    @staticmethod
    def panel_table(game: Game) -> tuple[list[str], dict[str, list[Any]]]:
        """The viewer's table of the layer's numbers: the column names and a row of cells
        per corporation (``([], {})``: the usual table of corporations)."""
        return ([], {})

    @staticmethod
    def action_routes(game: Game, shape: Any, action: dict[str, Any]) -> list[Any]:
        """What one of the layer's actions carried, as routes for the viewer to draw
        (:class:`framework.render.routes.DrawnRoute`)."""
        return []


def layer_of(game: Game) -> type[Layer]:
    """The game's layer (the base :class:`Layer` when the title has none)."""
    return game.title.layer_class or Layer
