"""Whether a tile keeps the track of the tile it replaces.

An upgrade must keep every old path: after turning the new tile, each path of
the old tile must exist on the new one, with the old tile's revenue centres
matched to new ones of the same kind. Several old cities may merge into one
new city only when the new tile has fewer cities (18SJ's Stockholm X4 → X5).

>>> from framework.title.track import TrackContent
>>> yellow = TrackContent.model_validate({"paths": [[0, 1]]})             # tile 7
>>> green = TrackContent.model_validate({"paths": [[0, 3], [1, 2]]})     # tile 18
>>> keeping_rotations(yellow, green)
[5]
"""

from __future__ import annotations

from itertools import product

from framework.geometry import rotate
from framework.title.track import NODE_KINDS, TrackContent

Endpoint = tuple[str, int]
"""``("edge", 3)`` or ``("city", 0)``, ``("town", 1)``, …"""


def _endpoint(value: int | str, rotation: int) -> Endpoint:
    if isinstance(value, int):
        return ("edge", rotate(value, rotation))
    kind = value.rstrip("0123456789")
    return (kind, int(value[len(kind) :] or 0))


def path_set(track: TrackContent, rotation: int = 0) -> set[frozenset[Endpoint]]:
    """The paths of ``track`` turned by ``rotation``, as unordered endpoint pairs."""
    return {frozenset((_endpoint(p.a, rotation), _endpoint(p.b, rotation))) for p in track.paths}


def keeping_rotations(old: TrackContent, new: TrackContent, old_rotation: int = 0) -> list[int]:
    """The rotations of ``new`` that keep all track of ``old`` (laid at ``old_rotation``)."""
    old_paths = path_set(old, old_rotation)
    choices = []
    for kind in NODE_KINDS:
        old_count, new_count = old.node_count(kind), new.node_count(kind)
        if old_count and not new_count:
            return []
        choices.extend([[(kind, n) for n in range(new_count)]] * old_count)
    old_nodes = [(kind, n) for kind in NODE_KINDS for n in range(old.node_count(kind))]
    merging = {kind: new.node_count(kind) < old.node_count(kind) for kind in NODE_KINDS}
    result = []
    for rotation in range(6):
        new_paths = path_set(new, rotation)
        for assignment in product(*choices):
            if not _respects_merging(assignment, merging):
                continue
            mapping = dict(zip(old_nodes, assignment, strict=True))
            if all(frozenset(mapping.get(e, e) for e in path) in new_paths for path in old_paths):
                result.append(rotation)
                break
    return result


def _respects_merging(assignment: tuple[Endpoint, ...], merging: dict[str, bool]) -> bool:
    """Old revenue centres go to distinct new ones, unless that kind merges."""
    for kind, may_merge in merging.items():
        chosen = [node for node in assignment if node[0] == kind]
        if not may_merge and len(set(chosen)) < len(chosen):
            return False
    return True
