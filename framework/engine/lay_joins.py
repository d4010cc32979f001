"""Lays that are to join two hexes by track (a ``tile_lay`` ability's ``joins``: 1846's
Little Miami, "if no track connects Cincinnati to Dayton, … an extra free tile in each hex
to connect them").

Two hexes are *joined* when track leads from a city of the one to a city of the other,
whatever tokens lie on the way (no city blocks, an off-board ends a walk). The ability may
not be used once they are joined; it lays one tile in each, and its last lay must leave
them joined by *new* track of every tile it laid: for each, a walk leaving its city by a
path that reaches an exit the hex did not have before ends in the other hex's city.

>>> from framework.title.faces import Face, Node, PathEnd
>>> old = Face("", "white", 0, None, (Node("city", 0),), (PathEnd(("edge", 1), ("node", 0), False),),
...            frozenset({1}))
>>> new = Face("6", "yellow", 0, None, (Node("city", 0),), (PathEnd(("edge", 1), ("node", 0), False),
...            PathEnd(("edge", 3), ("node", 0), False)), frozenset({1, 3}))
>>> sorted(new_paths(new, new.exits - old.exits))
[1]
"""

from __future__ import annotations

from collections.abc import Callable

from framework.board.board import Board
from framework.board.graph import Goal, NodeKey, node_key
from framework.board.lays import LayPlan
from framework.title.faces import Face


def new_paths(face: Face, exits: frozenset[int]) -> frozenset[int]:
    """The paths of ``face`` that reach one of ``exits`` (the exits a lay added)."""
    return frozenset(
        i for i, path in enumerate(face.paths) if any(e[0] == "edge" and e[1] in exits for e in path[:2])
    )


def _cities(hex_id: str, face: Face) -> list[NodeKey]:
    """The hex's cities (its revenue centres, where it has no city)."""
    cities = [n for n, node in enumerate(face.nodes) if node.kind == "city"]
    return [node_key(hex_id, n) for n in cities or range(len(face.nodes))]


def _no_blocking(board: Board, laid: tuple[str, Face] | None) -> Callable[[NodeKey], bool]:
    """Every revenue centre may be walked through but off-boards, tokens or not."""

    def through(node: NodeKey) -> bool:
        face = laid[1] if laid is not None and node[1] == laid[0] else board.face(node[1])
        return face.nodes[node[2]].kind != "offboard"

    return through


def joined(board: Board, hexes: list[str]) -> bool:
    """Whether track joins a city of ``hexes[0]`` to one of ``hexes[1]``."""
    a, b = hexes[0], hexes[1]
    goal = Goal(centres=frozenset(_cities(b, board.face(b))))
    return board.graph.finds(_cities(a, board.face(a)), _no_blocking(board, None), goal)


def joins_after(board: Board, hexes: list[str], earlier: dict[str, list[int]], plan: LayPlan) -> bool:
    """Whether, with ``plan`` laid, ``hexes`` are joined by new track of every tile laid:
    ``plan``'s and those laid before in the hexes of ``earlier`` (by hex, the exits each
    lay added)."""
    face = board.faces.get(plan.name, plan.rotation)
    laid = (plan.hex, face)
    faces = {h: face if h == plan.hex else board.face(h) for h in hexes}
    added = {plan.hex: face.exits - board.face(plan.hex).exits}
    added.update({h: frozenset(exits) for h, exits in earlier.items() if h != plan.hex})
    through = _no_blocking(board, laid)
    for hex_id, exits in added.items():
        if hex_id not in faces:
            continue
        (other,) = (h for h in hexes if h != hex_id)
        goal = Goal(centres=frozenset(_cities(other, faces[other])))
        leaving = new_paths(faces[hex_id], exits)
        if not board.graph.finds(_cities(hex_id, faces[hex_id]), through, goal, laid=laid, leaving=leaving):
            return False
    return True
