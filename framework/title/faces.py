"""Tile faces: a tile's (or a hex's preprinted) track turned into one rotation.

A :class:`Face` is what lies on a hex: revenue centres (numbered cities first,
then towns, then off-boards — the part indices of 18xx.games ids) and paths
whose edge endpoints are already rotated. Faces are immutable and cached, so
the board, the track graph and the route search share them.

>>> from framework.title.track import TrackContent
>>> tile = TrackContent.model_validate(
...     {"cities": [{"revenue": 20}], "paths": [[0, "city"], ["city", 3]]}
... )
>>> face = make_face("57", tile, "yellow", 1)
>>> face.exits
frozenset({1, 4})
>>> face.paths[0][:3]
(('edge', 1), ('node', 0), False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from framework.base.grid import rotate
from framework.title.ports import Port
from framework.title.track import ONE_LANE, TrackContent, endpoint_node

End = tuple[str, int]
"""A path end: ``("edge", e)`` with the edge already rotated, or ``("node", i)``."""


class PathEnd(NamedTuple):
    """A path of a face: its two ends, whether it is terminal, and the lane of each end
    (:attr:`framework.title.track.Path.a_lane`; ``(1, 0)`` at a revenue centre or a side
    only one track crosses)."""

    a: End
    b: End
    terminal: bool
    a_lane: tuple[int, int] = ONE_LANE
    b_lane: tuple[int, int] = ONE_LANE

    def lane_at(self, end: End) -> tuple[int, int]:
        """The lane of the path's end ``end``."""
        return self.a_lane if end == self.a else self.b_lane


@dataclass(frozen=True)
class Node:
    """A revenue centre of a face."""

    kind: str
    """``city``, ``town`` or ``offboard``."""
    revenue: int | dict[str, int]
    """Its revenue (see :func:`framework.title.base.revenue_in_phase`)."""
    slots: int = 0
    """Token slots (cities only)."""
    group: str | None = None
    """Its group: a route visits at most one revenue centre of a group."""
    visit_cost: int = 1
    """How much of a train's distance a stop here takes."""
    route: str = "mandatory"
    """How it counts towards having a route (:attr:`framework.title.track.Stop.route`)."""
    port: Port | None = None
    """Its port rule, for an off-board port (:attr:`framework.title.track.Offboard.port`)."""


@dataclass(frozen=True)
class Face:
    """Track as it lies on a hex: a tile (or preprinted content) in one rotation."""

    name: str
    """The tile name, or ``""`` for a hex's preprinted content."""
    color: str
    """The tile colour (for preprinted content, the hex colour)."""
    rotation: int
    label: str | None
    nodes: tuple[Node, ...]
    paths: tuple[PathEnd, ...]
    exits: frozenset[int] = field(default=frozenset())
    """The hex edges its track reaches."""
    at_edge: tuple[tuple[int, ...], ...] = ((),) * 6
    """For each edge, the indices of the paths that reach it, in the tile's order."""
    at_node: tuple[tuple[int, ...], ...] = ()
    """For each revenue centre, the indices of the paths that reach it, in the tile's order."""
    path_edges: tuple[tuple[int, ...], ...] = ()
    """For each path, the edges it reaches (its ``a`` end first)."""
    path_nodes: tuple[tuple[int, ...], ...] = ()
    """For each path, the revenue centres it reaches (its ``a`` end first)."""
    parts: tuple[int, ...] = ()
    """For each revenue centre, the number game files give it (its ``part``; by default
    its own index)."""

    def part_of(self, node: int) -> int:
        """The number game files give revenue centre ``node``."""
        return self.parts[node] if node < len(self.parts) else node

    def node_of(self, part: int) -> int:
        """The revenue centre game files call ``part`` (an index past the centres when
        no centre has that number).

        >>> face = Face("X", "yellow", 0, None, (), (), parts=(1, 2))
        >>> face.node_of(2), face.part_of(0)
        (1, 1)
        """
        if part in self.parts:
            return self.parts.index(part)
        return part if not self.parts else len(self.parts) + part

    def city_indices(self) -> list[int]:
        return [i for i, node in enumerate(self.nodes) if node.kind == "city"]

    def node_count(self, kind: str) -> int:
        return sum(1 for node in self.nodes if node.kind == kind)

    def paths_at(self, end: End) -> list[int]:
        """Indices of the paths that have ``end`` as one of their ends."""
        return [i for i, p in enumerate(self.paths) if end in (p.a, p.b)]


def make_face(name: str, content: TrackContent, color: str, rotation: int) -> Face:
    """The face of ``content`` turned clockwise by ``rotation`` sixths."""
    nodes: list[Node] = []
    parts: list[int] = []
    for kind, items in (
        ("city", content.cities),
        ("town", content.towns),
        ("offboard", content.offboards),
    ):
        for item in items:
            slots = getattr(item, "slots", 0) if kind == "city" else 0
            port = getattr(item, "port", None)
            nodes.append(Node(kind, item.revenue, slots, item.group, item.visit_cost, item.route, port))
            parts.append(len(parts) if item.part is None else item.part)
    offsets = {
        "city": 0,
        "town": len(content.cities),
        "offboard": len(content.cities) + len(content.towns),
    }

    def end(value: int | str) -> End:
        if isinstance(value, int):
            return ("edge", rotate(value, rotation))
        node = endpoint_node(value)
        assert node is not None, "a path's end is an edge or a node"
        kind, number = node
        return ("node", offsets[kind] + number)

    paths = tuple(
        PathEnd(end(p.a), end(p.b), p.terminal, p.a_lane or ONE_LANE, p.b_lane or ONE_LANE)
        for p in content.paths
    )
    exits = frozenset(e[1] for p in paths for e in (p.a, p.b) if e[0] == "edge")
    at_edge = tuple(tuple(i for i, p in enumerate(paths) if ("edge", e) in (p.a, p.b)) for e in range(6))
    at_node = tuple(
        tuple(i for i, p in enumerate(paths) if ("node", n) in (p.a, p.b)) for n in range(len(nodes))
    )
    path_edges = tuple(tuple(e[1] for e in (p.a, p.b) if e[0] == "edge") for p in paths)
    path_nodes = tuple(tuple(e[1] for e in (p.a, p.b) if e[0] == "node") for p in paths)
    return Face(
        name,
        color,
        rotation,
        content.label,
        tuple(nodes),
        paths,
        exits,
        at_edge,
        at_node,
        path_edges,
        path_nodes,
        tuple(parts) if parts != list(range(len(parts))) else (),
    )
