"""Corporations' destinations (``destination`` in a corporation's charter) and the
escrow they release (``rules.escrow``).

After each tile laid (or, where the title's operating round lists the
``destination_check`` step, when a corporation's turn reaches that step), every
corporation that may still hold money in escrow (started with escrow, or not started
while escrow lasts) and has not reached its destination looks for track from a city of
its start hex into one of its destination hexes, through any city whoever's stations
fill it. Reaching it releases its escrow to its treasury, and later sales from its
treasury pay it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.graph import NodeKey, node_key
from framework.engine import finance
from framework.engine.entities import BANK, Corporation

if TYPE_CHECKING:
    from framework.engine.game import Game


def reached(game: Game, sym: str) -> bool:
    """Whether track joins ``sym``'s start hex to one of its destination hexes."""
    spec = game.title.corporations[sym]
    goal = spec.destination
    if goal is None:
        return False
    start = goal.start or (spec.home.hex if spec.home is not None else None)
    faces = game.track_board.graph.faces
    if start is None or start not in faces:
        return False
    face = faces[start]
    starts = [node_key(start, i) for i, node in enumerate(face.nodes) if node.kind == "city"]
    if not starts:
        return False
    hexes = set(goal.hexes)

    def passable(node: NodeKey) -> bool:
        return bool(faces[node[1]].nodes[node[2]].kind != "offboard")

    found = game.track_board.graph.walk(starts, passable)
    return any(p[0] in hexes for p in found.paths) or any(n[1] in hexes for n in found.nodes if n[1] != start)


def may_hold_escrow(game: Game, corp: Corporation) -> bool:
    """Whether ``corp`` holds money in escrow, or would if it were started now."""
    if corp.destination_reached or corp.closed:
        return False
    return corp.escrow is not None or (corp.par is None and escrow_open(game))


def escrow_open(game: Game) -> bool:
    """Whether a corporation started now holds money in escrow (``rules.escrow``, until
    an ``end_escrow`` event)."""
    return game.title.rules.escrow is not None and not game.escrow_ended


def check(game: Game) -> list[str]:
    """Corporations that reach their destinations now, in the title's order: each
    releases its escrow."""
    found = []
    for sym, corp in game.corporations.items():
        if game.title.corporations[sym].destination is None or not may_hold_escrow(game, corp):
            continue
        if reached(game, sym):
            arrive(game, corp)
            found.append(sym)
    return found


def checked_by_step(game: Game) -> bool:
    """Whether the title's operating round checks destinations in a step of its own
    (``destination_check``) rather than after each tile."""
    return any(s.step == "destination_check" for r in game.title.rounds.values() for s in r.steps)


def arrive(game: Game, corp: Corporation) -> None:
    corp.destination_reached = True
    game.log(f"{corp.sym} reaches its destination")
    if corp.escrow:
        finance.pay(game, BANK, corp.sym, corp.escrow)
        game.log(f"{corp.escrow} is released from escrow to {corp.sym}")
    corp.escrow = None


def process_destination_connection(game: Game, action: dict[str, Any]) -> None:
    """18xx.games' record of the corporations that reached their destinations (its
    ``destination_connection``). The record is 18xx.games' word, as there: a corporation
    it names that has not reached its destination here reaches it now (a game recorded
    while its title's destinations were others), so long as its charter has a
    destination; one without, or closed, is refused."""
    named = [str(sym) for sym in action.get("corporations") or []]
    for sym in named:
        corp = game.corporations.get(sym)
        if corp is None or corp.closed or game.title.corporations[sym].destination is None:
            raise GameError("destinations", f"{sym} has no destination to reach")
    for sym in named:
        corp = game.corporations[sym]
        if not corp.destination_reached:
            game.log(f"{sym} is recorded as having reached its destination")
            arrive(game, corp)
