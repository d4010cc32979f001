"""Second stations of corporations removed at setup (a ``remove`` draw's ``second_tokens``).

A corporation the setup removes may leave, besides its home station, a second one: put
down at setup, or when a tile of the given colour is laid in its hex (1846's two-player
game: the Erie's in Erie at once, the others' as their cities turn green). Such a
station goes in whether or not a corporation in the game could place one there (it is
nobody's move), wherever the hex's first city has room, and blocks as a foreign station
does. Whether a waiting one is down is read off the board: the corporation has no
station in that hex until it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.engine.game import Game


def place_at_setup(game: Game) -> None:
    """Put down the second stations that come at setup."""
    for sym, second in game.setup.second_tokens.items():
        if second.color is None:
            _place(game, sym, second.hex, "at setup")


def place_on_lay(game: Game, hex_id: str, color: str) -> None:
    """A tile of ``color`` was laid in ``hex_id``: put down the second stations waiting
    for it."""
    board = game.track_board
    for sym, second in game.setup.second_tokens.items():
        if second.hex != hex_id or second.color != color:
            continue
        if all(city[0] != hex_id for city in board.cities_of(sym)):  # (not down yet)
            _place(game, sym, hex_id, f"as its city turns {color}")


def _place(game: Game, sym: str, hex_id: str, when: str) -> None:
    board = game.track_board
    nodes = board.face(hex_id).nodes
    city = next(((hex_id, i) for i, node in enumerate(nodes) if node.kind == "city"), None)
    if city is None or None not in board.slots(city):
        game.log(f"{sym}'s second station finds no room in {hex_id}")
        return
    board.add_token(sym, city)
    game.log(f"{sym} places a second station in {hex_id} {when}")
