"""A title's own layer: the parts a title brings when its game is not 18xx underneath.

Most titles are data over the framework's 18xx library. A title whose operating
game is something else (18Steam plays Age of Steam's track and goods under an
18xx stock phase) brings that game as Python in its hooks package, in parts, each
a class of the hooks named in the title's ``hooks.layer`` (:class:`LayerParts`)::

    hooks:
      layer:
        data: GoodsData          # the layer section's model and its checks
        rules: GoodsRules        # its state, actions, share-phase joins, invariants
        reports: GoodsReports    # 18xx setup, replay --at and simulate
        bot: GoodsBot            # how the heuristic bot plays its rounds
        drawing: GoodsDrawing    # its pictures in 18xx render and 18xx view

Each part subclasses the base of its own layer of the framework, where the framework
first uses it (:data:`PART_BASES`): :class:`LayerData` here, in the title layer;
``LayerRules`` in the engine, ``LayerReports`` in the record, ``LayerBot`` in the bots,
``LayerDrawing`` in the pictures. Every part is optional and every method of a base
adds nothing, so a layer names only the parts it has and overrides only what it
needs. The title layer imports the parts when the title is loaded and checks each
against its base by qualified name (it never imports the layers above it):

>>> part_problem("rules", LayerData)
'is not a subclass of framework.engine.extension.LayerRules'
>>> part_problem("data", LayerData) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel

from framework.title.base import Model

if TYPE_CHECKING:
    from framework.title.model import Title

Found = tuple[tuple[Any, ...], str, str]
"""A title problem: ``(data path, message, "value" | "key")`` (as in :mod:`framework.title.checks`)."""

Part = Literal["data", "rules", "reports", "bot", "drawing"]
"""A part of a title's layer, by its key under ``hooks.layer``."""

PART_BASES: dict[Part, str] = {
    "data": "framework.title.extension.LayerData",
    "rules": "framework.engine.extension.LayerRules",
    "reports": "framework.record.extension.LayerReports",
    "bot": "framework.bots.extension.LayerBot",
    "drawing": "framework.render.extension.LayerDrawing",
}
"""The base class each part subclasses, by qualified name, in its layer's package."""


class LayerParts(Model):
    """The parts of the title's own layer (``hooks.layer``): each the name of a class in
    the title's hooks, subclassing its part's base (``framework.api``)."""

    data: str | None = None
    """What the title's ``layer`` section is: a :class:`LayerData` subclass (its
    ``model`` validates the section, its ``check`` relates it to the rest)."""
    rules: str | None = None
    """What the layer's rules do in a game: a ``LayerRules`` subclass (its state, its
    action types, what a corporation floating in the share phase does, its operating
    order, its invariants)."""
    reports: str | None = None
    """What ``18xx setup``, ``18xx replay --at`` and ``18xx simulate`` say of the layer:
    a ``LayerReports`` subclass."""
    bot: str | None = None
    """How the heuristic bot plays the layer's rounds: a ``LayerBot`` subclass."""
    drawing: str | None = None
    """How ``18xx render`` and ``18xx view`` draw the layer: a ``LayerDrawing`` subclass,
    returning shapes the framework turns into SVG."""

    def named(self) -> Iterator[tuple[Part, str]]:
        """``(part, class name)`` for every part the title names, in :data:`PART_BASES` order."""
        for part in PART_BASES:
            name = getattr(self, part)
            if name is not None:
                yield part, name


def qualified(cls: type) -> str:
    """A class's qualified name, with its module (``framework.title.extension.LayerData``)."""
    return f"{cls.__module__}.{cls.__qualname__}"


def part_problem(part: Part, found: object) -> str | None:
    """Why ``found`` cannot be the layer's ``part`` (not a class, or not a subclass of
    the part's base), or ``None`` when it can."""
    base = PART_BASES[part]
    if not isinstance(found, type):
        return f"is not a class (the {part} part is a subclass of {base})"
    if not any(qualified(cls) == base for cls in found.__mro__):
        return f"is not a subclass of {base}"
    return None


class LayerData:
    """What the title's own ``layer`` section is: its model and how it relates to the
    rest of the title. The base has no model (the title has no such section)."""

    model: ClassVar[type[BaseModel] | None] = None
    """The pydantic model of the title's ``layer`` section (``None``: the title has no
    such section); its problems are reported at ``file:line:col`` like any other."""

    @staticmethod
    def check(title: Title) -> Iterator[Found]:
        """Problems relating the ``layer`` section (``title.layer``) to the rest."""
        return iter(())
