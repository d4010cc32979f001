"""The tile supply: which copies of each tile are still available.

Copies are named as on 18xx.games: ``<tile>-<copy>``, e.g. ``57-0`` … ``57-4``.
An unlimited tile starts with one copy; laying a copy creates the next spare
(``8-0`` laid makes ``8-1`` available). A tile taken off the map by an upgrade
returns under its own id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from framework.title.model import Title


def split_tile_id(tile_id: str) -> tuple[str, int]:
    """``"X2-0"`` → ``("X2", 0)``; ``"57-12"`` → ``("57", 12)``."""
    name, sep, copy = tile_id.rpartition("-")
    if not sep or not copy.isdigit():
        raise ValueError(f"{tile_id!r} is not a tile id like 57-0")
    return name, int(copy)


@dataclass
class TileSupply:
    """Tiles not on the map, by tile name."""

    available: dict[str, list[int]] = field(default_factory=dict)
    """For each tile name, the copy numbers in the supply, lowest first."""
    unlimited: set[str] = field(default_factory=set)
    created: dict[str, int] = field(default_factory=dict)
    """How many copies of each unlimited tile exist so far."""

    @classmethod
    def for_title(cls, title: Title) -> TileSupply:
        supply = cls()
        for name, tile in title.tiles.items():
            if tile.count == "unlimited":
                supply.unlimited.add(name)
                supply.available[name] = [0]
                supply.created[name] = 1
            else:
                supply.available[name] = list(range(tile.count))
        return supply

    def count(self, name: str) -> int | str:
        """Copies of ``name`` available (``"unlimited"`` for unlimited tiles)."""
        return "unlimited" if name in self.unlimited else len(self.available.get(name, []))

    def has(self, tile_id: str) -> bool:
        name, copy = split_tile_id(tile_id)
        return copy in self.available.get(name, [])

    def next_id(self, name: str) -> str | None:
        """The id of the copy of ``name`` a lay would take, or ``None`` when none is left."""
        copies = self.available.get(name)
        return f"{name}-{copies[0]}" if copies else None

    def take(self, tile_id: str) -> None:
        name, copy = split_tile_id(tile_id)
        self.available[name].remove(copy)
        if name in self.unlimited:  # every lay of an unlimited tile makes a new spare
            self.available[name].append(self.created[name])
            self.created[name] += 1

    def give_back(self, tile_id: str) -> None:
        name, copy = split_tile_id(tile_id)
        copies = self.available.setdefault(name, [])
        copies.append(copy)
        copies.sort()

    def to_dict(self) -> dict[str, Any]:
        return {"available": self.available, "created": self.created}

    def load(self, data: dict[str, Any]) -> None:
        self.available = {k: list(v) for k, v in data["available"].items()}
        self.created = dict(data["created"])
