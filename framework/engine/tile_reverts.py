"""Train events drawn at setup, and the ``revert_tiles`` they set off.

An ``event_train`` draw of the setup puts an event on the first train of a type it
picks: buying that train from the depot sets it off. ``revert_tiles`` takes the laid
tiles of some colours off the hexes showing an icon: each goes back to the supply and
its hex shows its printed side again, its stations kept (1882's North West Rebellion,
on the yellow tiles of the NWR hexes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.entities import forget_route

if TYPE_CHECKING:
    from framework.engine.entities import Train
    from framework.engine.game import Game
    from framework.title.setup import TileRevert


def drawn_events(game: Game, train: Train) -> None:
    """``train``, bought from the depot, sets off the event a setup draw put on it: it is
    the first train of a type an ``event_train`` draw picked."""
    index = game.setup.event_trains.get(train.name)
    if index is None or game.title.setup is None:
        return
    first = next(t for t in game.trains.values() if t.name == train.name)
    revert = game.title.setup.draws[index].revert_tiles
    if first.id == train.id and revert is not None:
        revert_tiles(game, revert)


def revert_tiles(game: Game, revert: TileRevert) -> None:
    """Every tile of ``revert.colors`` laid on a hex showing ``revert.icon`` is lifted; the
    corporations' routes are looked for anew."""
    board = game.track_board
    game.log(f"Event: the tiles of the {revert.icon} hexes go")
    for hex_id in sorted(board.placed):
        if revert.icon in board.icons(hex_id) and board.face(hex_id).color in revert.colors:
            tile_id = board.lift_tile(hex_id)
            game.log(f"{hex_id} loses tile {tile_id}: the hex shows its printed side again")
    for corporation in game.corporations.values():
        forget_route(corporation)
    for minor in game.minors.values():
        forget_route(minor)
