"""What the heuristic bot knows about the map and the trains, from the title's data.

* :func:`attraction` — how much revenue lies near each hex: every revenue
  centre's best value, fading with the distance in hexes.
* :func:`lay_score` — what a tile lay is worth to a company: more revenue in
  its cities, new track towards revenue, a first main line, less the terrain.
* :func:`train_value` and :func:`needs_train` — which trains are worth having,
  and whether a company is about to be left without one.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from framework.board.lays import improves_mainline
from framework.engine import trains
from framework.engine.operating import by_kind
from framework.title.base import revenue_in_phase

if TYPE_CHECKING:
    from framework.board.board import Board
    from framework.engine.entities import Train
    from framework.engine.game import Game

FADE = 0.6
"""How much of a revenue centre's value one hex further away still attracts track."""


def centre_value(revenue: int | dict[str, int]) -> int:
    """A revenue centre's value over the game: its best phase."""
    return max(revenue.values()) if isinstance(revenue, dict) else revenue


def attraction(board: Board) -> dict[str, float]:
    """For each hex, the value of the revenue centres around it (cached per map)."""
    cached: dict[str, float] | None = getattr(board.hexmap, "_bot_attraction", None)
    if cached is not None:
        return cached
    hexmap = board.hexmap
    value: dict[str, float] = {}
    for hex_id, face in hexmap.printed.items():
        total = sum(max(centre_value(n.revenue), 20 if n.kind == "city" else 10) for n in face.nodes)
        if total:
            value[hex_id] = float(total)
    out = dict.fromkeys(hexmap.hexes, 0.0)
    for source, worth in value.items():
        seen = {source: 0}
        queue = deque([source])
        while queue:
            here = queue.popleft()
            out[here] = max(out[here], worth * FADE ** seen[here])
            if seen[here] >= 4:
                continue
            for edge in range(6):
                there = hexmap.across(here, edge)
                if there is not None and there[0] not in seen:
                    seen[there[0]] = seen[here] + 1
                    queue.append(there[0])
    hexmap._bot_attraction = out  # type: ignore[attr-defined]  # the bots' cache, kept with the map it is of
    return out


def lay_score(game: Game, entity: str, hex_id: str, name: str, rotation: int) -> float:
    """What laying tile ``name`` turned ``rotation`` in ``hex_id`` is worth to ``entity``."""
    board = game.track_board
    colors = list(game.colors())
    old, new = board.face(hex_id), board.faces.get(name, rotation)
    own = hex_id in board.token_hexes(entity)
    gained = sum(revenue_in_phase(n.revenue, colors) for n in new.nodes) - sum(
        revenue_in_phase(n.revenue, colors) for n in old.nodes
    )
    score = gained * (2.0 if own else 1.0)
    near = attraction(board)
    for edge in new.exits - old.exits:
        there = board.hexmap.across(hex_id, edge)
        if there is None:
            continue
        score += 4 + near.get(there[0], 0.0) / 3
        if there[1] in board.face(there[0]).exits:
            score += 6  # joins track already there
    if improves_mainline(board, hex_id, new):
        score += 15
    if hex_id not in board.placed:
        score -= sum(board.hexmap.hexes[hex_id].terrain.values()) / 4
    return score


def train_value(game: Game, train: Train, face: str) -> int:
    """How much a train (as ``face``) can count: its distance, unlimited as 99, and
    doubled for a face that counts stops twice."""
    spec = game.title.trains[train.name]
    variant = spec.variants.get(face) if face != train.name else None
    distance = variant.distance if variant is not None and variant.distance is not None else spec.distance
    if isinstance(distance, list):
        limit = by_kind(distance).limit
        reach = 99 if limit is None else limit
    else:
        reach = 99 if distance == "unlimited" else int(distance)
    multiplier = variant.own_token_stop_multiplier if variant is not None else spec.own_token_stop_multiplier
    return reach * multiplier


def needs_train(game: Game, entity: str) -> bool:
    """Whether ``entity`` has no train that survives the next new type of train."""
    owned = trains.owned(game, entity)
    if not owned:
        return True
    coming = {t.name for t in trains.offered(game)}
    return all(game.title.trains[t.name].rusts_on in coming for t in owned)
