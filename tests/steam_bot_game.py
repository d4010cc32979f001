"""An 18Steam game the heuristic bots play, for the picture tests: played until the
goods layer has everything a picture must show (an owned link, incomplete track, a new
city, a good moved), so the tests need no stored game file."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from framework.bots import make_bot
from framework.bots.play import new_session
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile

TITLE_DIR = Path(__file__).resolve().parents[1] / "titles" / "18Steam"


def rich(game) -> bool:
    """The goods layer shows every kind of thing: owned links, incomplete track, a new
    city, cubes on the map, and a corporation with income."""
    goods = game.layer_state
    routes = goods.track(game).routes()
    return (
        any(r.is_link and r.owner for r in routes)
        and any(not r.is_link for r in routes)
        and bool(goods.new_cities)
        and any(goods.cubes.values())
        and any(c.counters.get("income", 0) > 0 for c in game.corporations.values())
    )


@cache
def steam_bot_game(players: int = 5, seed: int = 4) -> GameFile:
    """The game file of a bot game stopped at the first rich position (the bots moved
    goods in it before; it is not over)."""
    session = new_session(TITLE_DIR, players, seed)
    bot = make_bot("heuristic")
    rng = random.Random(seed)
    game = session.game
    while not game.finished:
        session.act(bot.act(game, legal_actions(game), rng))
        if rich(game) and game.round.name == "build":
            break
    assert not game.finished, "the bots never made a position showing the whole goods layer"
    return GameFile.from_dict(session.to_json())
