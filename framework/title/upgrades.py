"""Whether a tile keeps the track of the tile it replaces.

An upgrade must keep every old path: after turning the new tile, each path of
the old tile must exist on the new one, with the old tile's revenue centres
matched to new ones of the same kind. Several old cities may merge into one
new city only when the new tile has fewer cities (18SJ's Stockholm X4 → X5).
The match says where tokens go: old city ``k`` becomes new city ``mapping[k]``.

>>> from framework.title.track import TrackContent
>>> yellow = TrackContent.model_validate({"paths": [[0, 1]]})             # tile 7
>>> green = TrackContent.model_validate({"paths": [[0, 3], [1, 2]]})     # tile 18
>>> keeping_rotations(yellow, green)
[5]
"""

from __future__ import annotations

from itertools import product

from framework.title.faces import End, Face, PathEnd, make_face
from framework.title.track import TrackContent


def _pairs(face: Face) -> set[frozenset[End]]:
    return {frozenset((p.a, p.b)) for p in face.paths}


def keeping_mapping(old: Face, new: Face) -> dict[int, int] | None:
    """How ``new`` (as turned) keeps the track of ``old``: old node index → new node
    index; ``None`` when it does not."""
    choices: list[list[int]] = []
    for node in old.nodes:
        same = [i for i, n in enumerate(new.nodes) if n.kind == node.kind]
        if not same:
            return None
        choices.append(same)
    merging = {kind: new.node_count(kind) < old.node_count(kind) for kind in ("city", "town", "offboard")}
    old_pairs, new_pairs = _pairs(old), _pairs(new)
    for assignment in product(*choices):
        if not _respects_merging(old, assignment, merging):
            continue

        def moved(end: End, assignment: tuple[int, ...] = assignment) -> End:
            return ("node", assignment[end[1]]) if end[0] == "node" else end

        if all(frozenset(moved(e) for e in pair) in new_pairs for pair in old_pairs):
            return dict(enumerate(assignment))
    return None


def _respects_merging(old: Face, assignment: tuple[int, ...], merging: dict[str, bool]) -> bool:
    """Old revenue centres go to distinct new ones, unless that kind merges."""
    for kind, may_merge in merging.items():
        chosen = [new for node, new in zip(old.nodes, assignment, strict=True) if node.kind == kind]
        if not may_merge and len(set(chosen)) < len(chosen):
            return False
    return True


def keeping_rotations(old: TrackContent, new: TrackContent, old_rotation: int = 0) -> list[int]:
    """The rotations of ``new`` that keep all track of ``old`` (laid at ``old_rotation``)."""
    old_face = make_face("old", old, "", old_rotation)
    return [r for r in range(6) if keeping_mapping(old_face, make_face("new", new, "", r)) is not None]


def new_paths(old: Face, new: Face, restriction: str) -> set[int]:
    """The paths of ``new``, an upgrade of ``old``, that count as new track under the
    track restriction if walked: those that are not part of an old path and
    (``semi_restrictive``) those through a revenue centre whose revenue changes."""
    out = set()
    for index, path in enumerate(new.paths):
        old_path = next((p for p in old.paths if _within(path, p, new, old)), None)
        if old_path is None:
            out.add(index)
        elif restriction == "semi_restrictive":
            before = sorted(_top(old.nodes[e[1]].revenue) for e in (old_path.a, old_path.b) if e[0] == "node")
            after = sorted(_top(new.nodes[e[1]].revenue) for e in (path.a, path.b) if e[0] == "node")
            if before != after:
                out.add(index)
    return out


def _within(path: PathEnd, other: PathEnd, face: Face, other_face: Face) -> bool:
    """Whether each end of ``path`` is an end of ``other``: the same edge, or a revenue
    centre of the same kind."""
    ends = [(e[0], e[1] if e[0] == "edge" else other_face.nodes[e[1]].kind) for e in (other.a, other.b)]
    return all((e[0], e[1] if e[0] == "edge" else face.nodes[e[1]].kind) in ends for e in (path.a, path.b))


def _top(revenue: int | dict[str, int]) -> int:
    return max(revenue.values()) if isinstance(revenue, dict) else revenue
