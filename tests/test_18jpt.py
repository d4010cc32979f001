"""18JP-T, converted from 18xx.games at run time, against its real game: Tobu Railway's
last three shares starting in the bank pool (``pool_shares``) and its second home station
(``more_homes``), the corporations' double income from their own hexes
(``stop_multiplier``), Tokyo Metro's cheaper "T" hexes (a corporation's
``terrain_discount``), the subsidies for green "T" tiles (TMGBT's ``lay_subsidy``) and for
Seibu's tiles on towns (a corporation's ``lay_subsidy``), and Tobu's two tile actions once
it has a station in Asakusa (``station_lays``), Tokyu's tile action more for each lay in a town's hex
(``town_lays``). House-ruled copies of the converted title show that each field changes
play; bot games 18xx.games accepted show the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.entities import POOL
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18JPT"
GAME = FIXTURES / "18JPT_game_end_bank.json"
"""Two players, to the bank's end: TR bought at 8 and parred at 9 (floating at once), its
home stations at 30, TM's "T" tile in G85 at 120, SER's town tile in C83 at 141, KC's
double Hachioji at 131, TR's station in Asakusa at 264 and its two lays at 325-326."""


@pytest.fixture(scope="module")
def the_18jpt(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18jpt"), "18JP-T")


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_18jpt_game_reaches_its_recorded_result(the_18jpt, path):
    """Each real game replays to its end, with the recorded result and end reason."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_18jpt))
    assert outcome.failure is None, outcome.failure
    assert outcome.verdict == "matches"


def _yaml(folder: Path) -> dict:
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title: dict = {}
    for path in folder.glob("*.yaml"):
        title.update(yaml.load(path))
    return title


def test_18jpt_converts_what_its_code_does(the_18jpt):
    title = _yaml(the_18jpt)
    tobu = title["corporations"]["TR"]
    assert tobu["pool_shares"] == [8, 7, 6] and "shares" not in tobu
    assert title["corporations"]["TC"]["abilities"] == [{"type": "town_lays"}]
    assert tobu["more_homes"] == ["H76"]
    assert {"type": "station_lays", "hexes": ["H84"], "lays": [{"lay": True, "upgrade": True}] * 2} in tobu[
        "abilities"
    ]
    assert {"type": "stop_multiplier", "hexes": ["A87"], "times": 2} in title["corporations"]["KC"][
        "abilities"
    ]
    assert {"type": "stop_multiplier", "hexes": ["D98", "H92"], "times": 2} in title["corporations"]["KEER"][
        "abilities"
    ]
    assert {"type": "lay_subsidy", "amount": 100, "towns": True} in title["corporations"]["SER"]["abilities"]
    assert {
        "type": "terrain_discount",
        "amount": 80,
        "hexes": ["F84", "F86", "F88", "G85", "G87", "G89", "H84"],
    } in (title["corporations"]["TM"]["abilities"])
    assert title["companies"]["TMGBT"]["abilities"] == [
        {"type": "lay_subsidy", "amount": 50, "colors": ["green"], "labels": ["T"]}
    ]
    assert title["companies"]["TR"]["closes_when_par_set"] is True
    gaps = (the_18jpt / "GAPS.md").read_text(encoding="utf-8")
    for said in (
        "corporation TR: ",
        "hex_bonus",
        "tile_discount",
        "`place_home_token`",
        "`revenue_for`",
        "not 100%",
    ):
        assert said not in gaps


def test_tobus_pool_shares_start_in_the_pool_and_count_toward_its_float(the_18jpt, tmp_path):
    """TR's last three 10% certificates start in the pool: parred at 9 with the TR
    company's 30%, 60% have left it and it floats with ¥1000. House-ruled without them it
    has not floated."""
    game = replayed_to(the_18jpt, GAME, 9)
    tobu = game.corporations["TR"]
    assert [s.id for s in tobu.certificates_of(POOL)] == ["TR_8", "TR_7", "TR_6"]
    assert tobu.floated and tobu.cash == 1000
    unpooled = house_ruled(the_18jpt, tmp_path, "corporations.yaml", "    pool_shares: [8, 7, 6]\n", "")
    tobu = replayed_to(unpooled, GAME, 9).corporations["TR"]
    assert not tobu.certificates_of(POOL) and not tobu.floated and tobu.cash == 0


def test_tobu_places_its_second_home_station_with_its_first(the_18jpt, tmp_path):
    """ "30: TR places a token on A77" puts its second station in H76 too (from its next
    token, free); house-ruled without ``more_homes`` it has only A77."""
    game = replayed_to(the_18jpt, GAME, 30)
    assert {c[0] for c in game.track_board.cities_of("TR")} == {"A77", "H76"}
    assert game.corporations["TR"].tokens_used == 2
    one = house_ruled(the_18jpt, tmp_path, "corporations.yaml", "    more_homes: [H76]\n", "")
    game = replayed_to(one, GAME, 30)
    assert {c[0] for c in game.track_board.cities_of("TR")} == {"A77"}


def test_a_stop_in_a_corporations_own_hex_counts_twice(the_18jpt, tmp_path):
    """ "131: KC runs a 2 train for ¥80: B88-A87 + Bonus from A87" (A87 is worth 30);
    house-ruled to count A87 three times, or without the ability, the recorded revenue is
    refused."""
    replayed_to(the_18jpt, GAME, 131)
    thrice = house_ruled(
        the_18jpt,
        tmp_path / "a",
        "corporations.yaml",
        "hexes: [A87]\n      times: 2",
        "hexes: [A87]\n      times: 3",
    )
    with pytest.raises(GameError, match="110"):
        replayed_to(thrice, GAME, 131)
    elsewhere = house_ruled(
        the_18jpt, tmp_path / "b", "corporations.yaml", "hexes: [A87]\n", "hexes: [A81]\n"
    )
    with pytest.raises(GameError, match="earns 50, not 80"):
        replayed_to(elsewhere, GAME, 131)


def _tm_cash(folder: Path) -> int:
    before, after = replayed_to(folder, GAME, 119), replayed_to(folder, GAME, 120)
    return after.corporations["TM"].cash - before.corporations["TM"].cash


def test_tokyo_metros_t_hexes_cost_it_less_terrain(the_18jpt, tmp_path):
    """ "120: TM receives a discount of ¥80 from TM" for G85's ¥80 upgrade, and "a ¥50
    subsidy" for the green "T" tile (TMGBT's): +50 in all. With ¥30 off it pays ¥50 more;
    with the discount for water only, or only in another hex, all ¥80."""
    assert _tm_cash(the_18jpt) == 50
    old = "    - type: terrain_discount\n      amount: 80\n"
    less = house_ruled(the_18jpt, tmp_path / "a", "corporations.yaml", old, old.replace("80", "30"))
    assert _tm_cash(less) == 0
    water = house_ruled(the_18jpt, tmp_path / "b", "corporations.yaml", old, old + "      terrain: water\n")
    assert _tm_cash(water) == -30
    elsewhere = house_ruled(
        the_18jpt,
        tmp_path / "c",
        "corporations.yaml",
        "hexes: [F84, F86, F88, G85, G87, G89, H84]",
        "hexes: [F84]",
    )
    assert _tm_cash(elsewhere) == -30


def test_tmgbt_pays_its_owner_a_subsidy_for_green_t_tiles(the_18jpt, tmp_path):
    """TM owns TMGBT from 119: its green "T" tile at 120 earns ¥50. Only for brown tiles,
    or only for "Y" tiles, it earns nothing; for ¥20, ¥20; owned by players only, nothing."""
    old = "amount: 50\n      colors: [green]\n      labels: [T]"
    for name, new, gain in (
        ("brown", "amount: 50\n      colors: [brown]\n      labels: [T]", 0),
        ("label", "amount: 50\n      colors: [green]\n      labels: [Y]", 0),
        ("any", "amount: 20", 20),
        ("player", "amount: 50\n      owner: [player]", 0),
    ):
        folder = house_ruled(the_18jpt, tmp_path / name, "companies.yaml", old, new)
        assert _tm_cash(folder) == gain, name


def test_seibu_earns_a_subsidy_for_a_tile_on_a_town(the_18jpt, tmp_path):
    """ "141: SER lays tile #58 with rotation 2 on C83 (Tanashi)" and "receives a ¥100
    subsidy from the bank"; for any tile (not only on towns) its lays at 60 earn ¥100 too,
    and for ¥40 at 141 it gets ¥40."""

    def gain(folder: Path, at: int) -> int:
        before, after = replayed_to(folder, GAME, at - 1), replayed_to(folder, GAME, at)
        return after.corporations["SER"].cash - before.corporations["SER"].cash

    assert gain(the_18jpt, 141) == 100
    old = "{type: lay_subsidy, amount: 100, towns: true}"
    cheaper = house_ruled(the_18jpt, tmp_path / "a", "corporations.yaml", old, old.replace("100", "40"))
    assert gain(cheaper, 141) == 40
    game = replayed_to(the_18jpt, GAME, 200)
    laid = [
        a for a in GameFile.read(GAME).effective() if a.get("entity") == "SER" and a["type"] == "lay_tile"
    ]
    plain = next(a["id"] for a in laid if a["id"] < 200 and a["id"] != 141 and a["id"] != 172)
    assert game is not None and gain(the_18jpt, plain) <= 0
    anywhere = house_ruled(
        the_18jpt, tmp_path / "b", "corporations.yaml", old, old.replace("towns: true", "towns: false")
    )
    assert gain(anywhere, plain) == gain(the_18jpt, plain) + 100


def test_tobu_lays_twice_once_it_has_a_station_in_asakusa(the_18jpt, tmp_path):
    """ "264: TR places a token on H84" earns it two tile actions a turn: "325: TR lays
    tile #9 ... 326: TR lays tile #57". House-ruled to earn them in another hex, the
    second lay is refused."""
    game = replayed_to(the_18jpt, GAME, 264)
    assert game.corporations["TR"].counters["station_lays"] == 1
    replayed_to(the_18jpt, GAME, 326)
    elsewhere = house_ruled(
        the_18jpt,
        tmp_path,
        "corporations.yaml",
        "type: station_lays\n      hexes: [H84]",
        "type: station_lays\n      hexes: [A1]",
    )
    with pytest.raises(GameError, match="turn order"):
        replayed_to(elsewhere, GAME, 326)


DATA = Path(__file__).parent / "data"


def test_tokyu_lays_again_after_a_lay_in_a_town_s_hex(the_18jpt, tmp_path):
    """A bot game 18xx.games accepted: "TC lays tile #4 with rotation 3 on D94 (Kikuna)",
    a town's hex, and may lay again (18xx.games' track step still offers ``lay_tile``);
    house-ruled without ``town_lays`` its routes come next."""
    game_file = DATA / "bot-18JPT-4p-seed-1-to-160.json"
    game = replayed_to(the_18jpt, game_file, 154)
    track = game.round.active_step()
    assert game.current_entity() == "TC" and track is not None and track.name == "track"
    assert game.round.town_lays == 1
    plain = house_ruled(
        the_18jpt, tmp_path, "corporations.yaml", "    abilities:\n    - {type: town_lays}\n", ""
    )
    game = replayed_to(plain, game_file, 154)
    assert game.round.active_step().name != "track"


def test_a_partial_presidency_sale_takes_back_the_pool_s_first(the_18jpt):
    """A bot game 18xx.games accepted: Player 1 sells half of TR's president's
    certificate; Player 2, with 20%, becomes president, and Player 1 keeps a 10% from the
    pool, the first to come there: TR_8 (the setup pooled the last three, the last first)."""
    game = replayed_to(the_18jpt, DATA / "bot-18JPT-3p-seed-2-to-365.json", 362)
    tobu = game.corporations["TR"]
    assert [s.id for s in tobu.certificates_of("1")] == ["TR_8"]
    assert tobu.president() == "2"
