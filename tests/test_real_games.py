"""Every real game of every bundled title replays exactly, within the title's ids.

A real game is one exported from 18xx.games into a title's ``games/`` folder (a new
title's games are found as they appear). Each must reach its recorded scores and end
reason with every action accepted, every route re-checked and re-valued and the
invariants (money, certificates, tiles, tokens) holding after every action; and every
id it names (hexes, tiles, companies, corporations, trains, share prices, cities) must
be one of its title's.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from framework.engine.invariants import broken_invariants
from framework.record.gamefile import GameFile
from framework.title.loader import load_title

TITLES = Path(__file__).resolve().parents[1] / "titles"
GAMES = sorted(TITLES.glob("*/games/*.json"))


def _id(path: Path) -> str:
    return f"{path.parents[1].name}/{path.stem}"


@cache
def _title(folder: Path):
    return load_title(folder)


@pytest.mark.parametrize("path", GAMES, ids=_id)
def test_the_real_game_replays_to_its_recorded_result(path):
    from framework.record.replay import replay

    outcome = replay(GameFile.read(path), check=lambda game, _action: broken_invariants(game))
    assert outcome.failure is None, str(outcome.failure)
    assert outcome.matches_recorded


@pytest.mark.parametrize("path", GAMES, ids=_id)
def test_the_real_game_uses_only_ids_of_its_title(path):
    title = _title(path.parents[1])
    record = json.loads(path.read_text(encoding="utf-8"))
    assert set(record.get("settings", {}).get("optional_rules") or []) <= set(title.variants)
    for action in record["actions"]:
        if "hex" in action:
            assert action["hex"] in title.map.hexes
        if "tile" in action:
            assert action["tile"].split("-")[0] in title.tiles
        if "company" in action:
            assert action["company"] in title.companies
        if "corporation" in action:
            assert action["corporation"] in title.corporations
        if action["type"] == "buy_train" and "train" in action:
            assert action["train"].split("-")[0] in title.trains
        if action["type"] == "par":
            price, row, col = (int(x) for x in action["share_price"].split(","))
            assert title.market.grid[row][col].price == price
        if action["type"] == "place_token" and "city" in action:
            tile, _, city = action["city"].rpartition("-")
            name = tile.split("-")[0]
            spec = title.tiles[name] if name in title.tiles else title.map.hexes[name]
            assert int(city) < len(spec.cities)


def test_every_18xx_title_has_real_games():
    assert {p.parents[1].name for p in GAMES} >= {"18SJ", "1830", "1889", "18Chesapeake"}
