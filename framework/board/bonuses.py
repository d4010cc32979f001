"""Route bonuses: the title's bonuses, and those a company gives its owner.

Each bonus applies at most once per route and looks only at the route's stops:
the icons showing on their hexes, or the hexes themselves. Company bonuses
(tokens placed on hexes, a movable marker, a bonus assigned to a hex) apply only to routes of the
company that owns them.

>>> from framework.title.bonuses import AllIconsBonus
>>> north_south = AllIconsBonus(
...     kind="all_icons", name="Lapplandspilen", label="N/S", icons=["N", "S"], amount=100
... )
>>> rules = BonusRules(title=(north_south,))
>>> [e.amount for e in rules.from_icons([["N", "m"], ["O", "b", "S"]], ["B31", "H9"])]
[100]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from framework.title.bonuses import (
    AllHexesBonus,
    AllIconsBonus,
    Bonus,
    DestinationsBonus,
    HexGroupsBonus,
    RevenueShareBonus,
)

if TYPE_CHECKING:
    from framework.board.board import Board


@dataclass(frozen=True)
class Earned:
    """A bonus a route earns."""

    name: str
    label: str
    """How it shows in the route's revenue text (``N/S``, ``GKB50(C12)``)."""
    amount: int
    treasury: bool = False
    """A subsidy: paid into the treasury, not part of the route's revenue."""


@dataclass(frozen=True)
class Marker:
    """A movable bonus marker on a hex: ``amount`` per ``icon`` showing there."""

    hex: str
    icon: str
    amount: int
    label: str


@dataclass(frozen=True)
class HexBonus:
    """A bonus assigned to a hex (a company's ``assigned_bonus``): ``amount`` for a route
    stopping there."""

    hex: str
    amount: int
    label: str


@dataclass(frozen=True)
class BonusRules:
    """Every bonus a runner can earn."""

    title: tuple[Bonus, ...] = ()
    """The title's bonuses, in order."""
    tokens: Mapping[str, int] = field(default_factory=dict)
    """Bonus tokens of the runner's company, by hex."""
    token_label: str = "{amount}"
    marker: Marker | None = None
    assigned: tuple[HexBonus, ...] = ()
    """Bonuses assigned to hexes for the runner."""

    def earned(self, board: Board, stop_hexes: Sequence[str], value: int = 0) -> tuple[Earned, ...]:
        """The bonuses of a route stopping in ``stop_hexes``, whose stops earn ``value``,
        in the order they are shown."""
        icons = [board.icons(h) for h in stop_hexes]
        found = self.from_icons(icons, stop_hexes)
        for bonus in self.shares(stop_hexes):
            found.append(Earned(bonus.name, bonus.label, bonus.share(value), _subsidy(bonus)))
        for h in stop_hexes:
            if h in self.tokens:
                amount = self.tokens[h]
                found.append(Earned("token", self.token_label.format(amount=amount, hex=h), amount))
        marker = self.marker
        if marker is not None and marker.hex in stop_hexes:
            count = icons[list(stop_hexes).index(marker.hex)].count(marker.icon)
            if count:
                found.append(Earned("marker", marker.label, marker.amount * count))
        for assigned in self.assigned:
            if assigned.hex in stop_hexes:
                found.append(Earned("assigned", assigned.label, assigned.amount))
        return tuple(found)

    def shares(self, stop_hexes: Sequence[str]) -> list[RevenueShareBonus]:
        """The title's revenue shares a route stopping in ``stop_hexes`` earns."""
        return [
            b
            for b in self.title
            if isinstance(b, RevenueShareBonus) and any(h in b.hexes for h in stop_hexes)
        ]

    def too_few_stops(self, stop_hexes: Sequence[str]) -> RevenueShareBonus | None:
        """A revenue share whose hexes the route stops in, needing more stops than it has."""
        return next((b for b in self.shares(stop_hexes) if len(stop_hexes) < b.min_stops), None)

    def from_icons(self, icons: Sequence[list[str]], stop_hexes: Sequence[str]) -> list[Earned]:
        """The title's bonuses for stops showing ``icons`` in ``stop_hexes``."""
        showing = {name for per_stop in icons for name in per_stop}
        found = []
        for bonus in self.title:
            if isinstance(bonus, AllIconsBonus):
                if all(i in showing for i in bonus.icons):
                    found.append(Earned(bonus.name, bonus.label, bonus.amount, _subsidy(bonus)))
            elif isinstance(bonus, AllHexesBonus):
                if all(h in stop_hexes for h in bonus.hexes):
                    found.append(Earned(bonus.name, bonus.label, bonus.amount, _subsidy(bonus)))
            elif isinstance(bonus, HexGroupsBonus):
                if all(any(h in stop_hexes for h in group) for group in bonus.groups):
                    found.append(Earned(bonus.name, bonus.label, bonus.amount, _subsidy(bonus)))
            elif isinstance(bonus, DestinationsBonus) and bonus.anchor in showing:
                reached = sum(1 for per_stop in icons if bonus.destination in per_stop)
                if reached:
                    n = min(reached, len(bonus.amounts)) - 1
                    found.append(Earned(bonus.name, bonus.labels[n], bonus.amounts[n], _subsidy(bonus)))
        return found


def _subsidy(bonus: Bonus) -> bool:
    return bonus.paid_to == "treasury"
