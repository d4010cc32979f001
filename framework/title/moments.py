"""The title's ``hooks`` section: the functions called at fixed moments, and its layer.

Each moment is a field of :class:`Hooks` naming a function of the title's hooks, and
a :class:`typing.Protocol` saying how the framework calls it. ``18xx validate`` reads
the hooks without running them and reports a function whose arguments do not fit
its moment's call (:data:`MOMENTS`); the engine calls it through :class:`Moments`,
typed:

>>> moment_call("after_dividend")
('game', 'entity')
>>> Hooks.model_validate({"after_setup": "deal"}).moments()
{'after_setup': 'deal'}
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from framework.title.base import Model
from framework.title.extension import LayerParts

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share
    from framework.engine.game import Game


class AfterSetup(Protocol):
    """``after_setup``: once the game is set up (players paid, companies and
    corporations made, the random draws done), before the first round."""

    def __call__(self, game: Game, /) -> None: ...


class BuyingShares(Protocol):
    """``buying_shares``: when a purchase of certificates that every rule allows is
    about to be carried out; returns the certificates actually bought (possibly none;
    it may also change the game first)."""

    def __call__(
        self, game: Game, buyer: str, corporation: Corporation, certificates: list[Share], /
    ) -> list[Share]: ...


class AfterDividend(Protocol):
    """``after_dividend``: when an operating company's dividend step ends."""

    def __call__(self, game: Game, entity: str, /) -> None: ...


MOMENTS: dict[str, type] = {
    "after_setup": AfterSetup,
    "buying_shares": BuyingShares,
    "after_dividend": AfterDividend,
}
"""Each moment's name (a field of :class:`Hooks`) and how its hook is called."""


def moment_call(moment: str) -> tuple[str, ...]:
    """The arguments the framework calls the hook of ``moment`` with, by name."""
    parameters = inspect.signature(MOMENTS[moment].__call__).parameters
    return tuple(name for name in parameters if name != "self")


class Hooks(Model):
    """What in the title's hooks the framework calls at fixed moments, and the parts of
    the title's own layer."""

    after_setup: str | None = None
    """A function called as ``hook(game)`` once the game is set up (players paid,
    companies and corporations made, the random draws done), before the first round."""
    buying_shares: str | None = None
    """A function called as ``hook(game, buyer, corporation, certificates)`` when a
    purchase of certificates that every rule allows is about to be carried out; it
    returns the certificates actually bought (possibly none; it may also change the
    game first)."""
    after_dividend: str | None = None
    """A function called as ``hook(game, entity)`` when an operating company's dividend
    step ends."""
    layer: LayerParts | None = None
    """The parts of the title's own layer, each a class of its hooks (a title whose
    operating game is its own: docs/non-18xx-titles.md)."""

    def moments(self) -> dict[str, str]:
        """The function named for each moment the title uses, by moment."""
        return {m: name for m in MOMENTS if (name := getattr(self, m)) is not None}

    def named(self) -> Iterator[tuple[tuple[str, ...], str]]:
        """``(path under hooks, name)`` for everything the section names."""
        for moment, name in self.moments().items():
            yield (moment,), name
        if self.layer is not None:
            for part, name in self.layer.named():
                yield ("layer", part), name


@dataclass(frozen=True)
class Moments:
    """The hooks of a game's moments, as the engine calls them (``None``: the title
    names none for that moment)."""

    after_setup: AfterSetup | None = None
    buying_shares: BuyingShares | None = None
    after_dividend: AfterDividend | None = None


def moments_of(hooks: Hooks, loaded: Mapping[str, Callable[..., Any]]) -> Moments:
    """The moments' hooks among the title's ``loaded`` ones (by name)."""
    return Moments(**{moment: loaded[name] for moment, name in hooks.moments().items()})
