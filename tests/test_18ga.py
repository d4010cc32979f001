"""18GA, converted from 18xx.games at run time, against its real games: its cities with
tiles of their own (Augusta and Savannah take only 453a and 454a as green, Brunswick and
Macon only 457a and 458a as brown: the hexes' ``own_tiles``, which ``18xx import`` finds
by asking the title's ``upgrades_to?``), and a hotseat game's ``log`` actions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title
from ruamel.yaml import YAML

from framework.base.errors import GameError
from framework.engine.game import Game
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18GA"
GAMES = sorted(FIXTURES.glob("*.json"))
AUGUSTA_GREEN = 341
"""The action of the real games that lays Augusta's green tile, 453a."""


@pytest.fixture(scope="module")
def the_18ga(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18ga"), "18GA")


def test_18ga_s_cities_with_tiles_of_their_own_convert_to_own_tiles(the_18ga):
    hexes = YAML(typ="safe").load(the_18ga / "map.yaml")["map"]["hexes"]
    own = {hex_id: h["own_tiles"] for hex_id, h in hexes.items() if "own_tiles" in h}
    assert own == {
        "D10": {"green": ["453a"]},
        "G13": {"green": ["454a"]},
        "I11": {"brown": ["457a"]},
        "F6": {"brown": ["458a"]},
    }
    assert "`upgrades_to?`" not in (the_18ga / "GAPS.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_real_18ga_game_reaches_its_recorded_result(the_18ga, path):
    """Both real games replay to the end and the result 18xx.games recorded (they first
    diverged at action 341, Augusta's green tile 453a, refused for its label)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_18ga))
    assert outcome.failure is None, f"{outcome.failure} at {outcome.failed_action}"
    assert outcome.matches_recorded


def before(the_18ga: Path, path: Path, last: int) -> tuple[Game, GameFile]:
    record = GameFile.read(path)
    game = new_game(record, title_for(record, the_18ga))
    for action in record.effective():
        if action.get("id", 0) >= last:
            break
        game.process(recorded(game, record, action))
    return game, record


def test_augusta_takes_453a_and_no_other_green_tile(the_18ga):
    game, record = before(the_18ga, GAMES[0], AUGUSTA_GREEN)
    lay = next(a for a in record.actions if a.get("id") == AUGUSTA_GREEN)
    assert (lay["type"], lay["hex"], lay["tile"].split("-")[0]) == ("lay_tile", "D10", "453a")
    yellow = game.track_board.placed["D10"].name
    assert yellow in {"5", "6", "57"}
    for name in ("14", "15"):
        with pytest.raises(GameError, match="D10 takes only its own green tile") as refused:
            game.process({**lay, "tile": game.track_board.supply.next_id(name)})
        assert refused.value.rule == "own tiles"
        assert game.track_board.placed["D10"].name == yellow
    game.process(recorded(game, record, lay))
    assert game.track_board.placed["D10"].name == "453a"
