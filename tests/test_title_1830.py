"""1830: the title's YAML agrees with the facts of 18xx.games' 1830.

The facts are copied from the 18xx.games engine (lib/engine/game/g_1830/ and
lib/engine/config/tile.rb), file by file as each test names it, and the ids are
cross-checked against the real game ``titles/1830/games/29133.json``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from framework.title.loader import load_title
from framework.title.upgrades import keeping_rotations

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"

# g_1830/map.rb, TILES
MANIFEST = {
    "1": 1, "2": 1, "3": 2, "4": 2, "7": 4, "8": 8, "9": 7, "14": 3, "15": 2, "16": 1,
    "18": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 1, "26": 1, "27": 1, "28": 1,
    "29": 1, "39": 1, "40": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2,
    "47": 1, "53": 2, "54": 1, "55": 1, "56": 1, "57": 4, "58": 2, "59": 2, "61": 2,
    "62": 1, "63": 3, "64": 1, "65": 1, "66": 1, "67": 1, "68": 1, "69": 1, "70": 1,
}  # fmt: skip

# g_1830/map.rb, HEXES: the hexes by colour
HEX_COLORS = {
    "red": "F2 I1 J2 A9 A11 K13 B24",
    "gray": "D2 F6 E9 H12 D14 C15 K15 A17 A19 I19 F24 D24",
    "yellow": "E5 D10 E11 H18 I15 G19 E23",
}
WHITE_COUNT = 67

# g_1830/entities.rb
CORPORATIONS = {
    "PRR": ("H12", [0, 40, 100, 100]),
    "NYC": ("E19", [0, 40, 100, 100]),
    "CPR": ("A19", [0, 40, 100, 100]),
    "B&O": ("I15", [0, 40, 100]),
    "C&O": ("F6", [0, 40, 100]),
    "ERIE": ("E11", [0, 40, 100]),
    "NYNH": ("G19", [0, 40]),
    "B&M": ("E23", [0, 40]),
}
COMPANIES = {  # sym: (value, revenue, blocked hexes)
    "SV": (20, 5, ["G15"]),
    "CS": (40, 10, ["B20"]),
    "DH": (70, 15, ["F16"]),
    "MH": (110, 20, ["D18"]),
    "CA": (160, 25, ["H18"]),
    "BO": (220, 30, ["I13", "I15"]),
}


@pytest.fixture(scope="module")
def title():
    return load_title(TITLE)


def test_meta_bank_cash_and_limits(title):
    # g_1830/meta.rb and game.rb
    assert (title.title.players.min, title.title.players.max) == (2, 6)
    assert title.title.money(5) == "$5"
    assert title.bank.cash == 12_000
    assert title.bank.starting_cash == {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400}
    assert title.certificate_limit.players == {2: 28, 3: 20, 4: 16, 5: 13, 6: 11}
    assert title.rules.capitalization == "full"
    assert title.rules.track.restriction == "permissive"
    assert title.rules.stock.order == "sell_buy_sell"


def test_the_map_has_the_93_hexes_of_1830_by_colour(title):
    hexes = title.map.hexes
    assert len(hexes) == 93
    for color, ids in HEX_COLORS.items():
        assert sorted(h for h, spec in hexes.items() if spec.color == color) == sorted(ids.split())
    assert sum(spec.color == "white" for spec in hexes.values()) == WHITE_COUNT


def test_terrain_costs(title):
    # g_1830/map.rb: $80 water, $120 mountains
    water = {h for h, spec in title.map.hexes.items() if spec.terrain == {"water": 80}}
    mountain = {h for h, spec in title.map.hexes.items() if spec.terrain == {"mountain": 120}}
    assert water == {"F4", "J14", "F22", "D6", "I17", "B18", "C19", "E5", "D10", "G19"}
    assert mountain == {"C17", "G15", "C21", "D22", "E17", "E21", "G13", "I11", "J10", "J12", "F16"}


def test_offboard_revenues(title):
    revenue = {h: spec.offboards[0].revenue for h, spec in title.map.hexes.items() if spec.offboards}
    assert revenue == {
        "F2": {"yellow": 40, "brown": 70},
        "I1": {"yellow": 30, "brown": 60},
        "J2": {"yellow": 30, "brown": 60},
        "A9": {"yellow": 30, "brown": 50},
        "A11": {"yellow": 30, "brown": 50},
        "K13": {"yellow": 30, "brown": 40},
        "B24": {"yellow": 20, "brown": 30},
    }


def test_tile_manifest(title):
    assert {name: tile.count for name, tile in title.tiles.items()} == MANIFEST
    colors = Counter(tile.color for tile in title.tiles.values())
    assert colors == {"yellow": 12, "green": 16, "brown": 18}


def test_oo_hexes_take_the_green_oo_tile_first(title):
    green_oo = title.tiles["59"]
    assert green_oo.color == "green" and green_oo.label == "OO"
    for hex_id in ("E5", "D10", "E11", "H18"):
        spec = title.map.hexes[hex_id]
        assert spec.color == "yellow" and spec.label == "OO" and len(spec.cities) == 2
        assert keeping_rotations(spec, green_oo)


def test_market(title):
    grid = title.market.grid
    assert len(grid) == 11
    assert [(r, c, cell.price) for r, c, cell in title.market.par_cells()] == [
        (0, 6, 100), (1, 6, 90), (2, 6, 82), (3, 6, 76), (4, 6, 71), (5, 6, 67),
    ]  # fmt: skip
    assert grid[0][-1].price == 350 and len(grid[0]) == 19
    # the cells 18xx.games leaves empty do not exist here either
    assert [cell is None for cell in grid[10]] == [True] * 3 + [False] * 4


def test_phases_and_trains(title):
    phases = {name: (p.train_limit, p.operating_rounds, p.tiles[-1]) for name, p in title.phases.items()}
    assert phases == {
        "2": (4, 1, "yellow"), "3": (4, 2, "green"), "4": (3, 2, "green"),
        "5": (2, 3, "brown"), "6": (2, 3, "brown"), "D": (2, 3, "brown"),
    }  # fmt: skip
    trains = {name: (t.price, t.count, t.rusts_on) for name, t in title.trains.items()}
    assert trains == {
        "2": (80, 6, "4"), "3": (180, 5, "6"), "4": (300, 4, "D"),
        "5": (450, 3, None), "6": (630, 2, None), "D": (1100, "unlimited", None),
    }  # fmt: skip
    assert [e.type for e in title.trains["5"].events] == ["close_companies"]
    assert title.trains["D"].trade_in.discount == 300


def test_optional_6_train(title):
    assert load_title(TITLE, variants=["optional_6_train"]).trains["6"].count == 3


def test_corporations(title):
    assert list(title.corporations) == list(CORPORATIONS)
    for sym, (home, tokens) in CORPORATIONS.items():
        corp = title.corporations[sym]
        assert (corp.home.hex, corp.tokens) == (home, tokens)


def test_companies(title):
    assert list(title.companies) == list(COMPANIES)
    for sym, (value, revenue, blocked) in COMPANIES.items():
        company = title.companies[sym]
        assert (company.value, company.revenue) == (value, revenue)
        assert company.ability("blocks_hexes").hexes == blocked
    assert not title.companies["BO"].corporations_may_buy
    bo = title.companies["BO"].ability("shares")
    assert (bo.corporation, bo.president) == ("B&O", True)
    ca = title.companies["CA"].ability("shares")
    assert (ca.corporation, ca.president) == ("PRR", False)
    mh = title.companies["MH"].ability("exchange")
    assert (mh.corporations, mh.from_) == (["NYC"], ["ipo", "pool"])
    assert title.companies["CS"].ability("tile_lay").when == ["operating_turn"]
    for sym in COMPANIES:
        assert title.companies[sym].ability("blocks_hexes").owner == ["player"]


def test_the_erie_chooses_its_home_city_when_e11_gets_its_first_tile():
    """1830's ERIE (home city ``choose``): its token sits in E11's first city while the
    hex has no track; the ERIE's lay of 59 (action 377) lifts it, and it goes back in
    the city the ERIE names (action 378) before anything else."""
    from framework.record.gamefile import GameFile
    from framework.record.replay import replay

    record = GameFile.read(TITLE / "games" / "29133.json")
    game = replay(record, stop_after=376).game
    assert [c for c in game.board.cities_of("ERIE") if c[0] == "E11"] == [("E11", 0)]
    game = replay(record, stop_after=377).game
    assert not [c for c in game.board.cities_of("ERIE") if c[0] == "E11"]
    assert game.round.active_step().name == "home_token" and game.current_entity() == "ERIE"
    game = replay(record, stop_after=378).game
    assert [c for c in game.board.cities_of("ERIE") if c[0] == "E11"] == [("E11", 0)]


def test_cells_that_do_not_exist_are_never_entered(title):
    """1830's lower left corner has no cells (``~``): rows 8–10 start one, two and three
    columns in, every real cell keeps its [row, column], and a move left from a row's
    first real cell goes down only where a cell below exists (else it stays)."""
    from framework.engine.market import StockMarket

    assert [row[:3] for row in title.market.grid[8:]] == [
        [None, title.market.grid[8][1], title.market.grid[8][2]],
        [None, None, title.market.grid[9][2]],
        [None, None, None],
    ]
    market = StockMarket.for_title(title)
    assert not market.exists(8, 0) and market.exists(8, 1)
    assert market.step((8, 1), "left") == (8, 1)  # [9][1] does not exist either
    assert market.step((7, 0), "left") == (7, 0)  # [8][0] does not exist
    assert market.step((7, 1), "down") == (8, 1)


def _random_game_until(players: int, seed: int, stop, optional_rules=(), rules=()):
    import random

    from framework.bots import make_bot
    from framework.bots.play import new_session
    from framework.engine.choices import legal_actions

    session = new_session(TITLE, players, seed, optional_rules=optional_rules, rules=list(rules))
    bot, rng, game = make_bot("random"), random.Random(seed), session.game
    while not stop(game):
        session.act(bot.act(game, legal_actions(game), rng))
    return session


def test_players_buy_companies_from_one_another_from_the_second_stock_round(tmp_path):
    """1830's phases 2–4 let a player buy a private from another player in a stock-round
    turn, not in the first stock round (``players_buy_companies``, ``players_from_turn:
    2``); the CA, whose PRR share would go with it, cannot be bought while a player holds
    that share. Checked in the 18xx.games engine: the purchase is accepted there too."""
    from oracle_support import oracle_verdicts, write_games

    from framework.engine.choices import legal_actions

    def second_stock_round_with_shares(game):
        """A turn of the second stock round whose player could sell shares."""
        if not (game.round.kind == "stock" and game.turn == 2):
            return False
        return "sell_shares" in legal_actions(game).get(game.current_entity(), {})

    session = _random_game_until(3, 1, second_stock_round_with_shares)
    game = session.game
    player = game.current_entity()
    offered = legal_actions(game)[player]["buy_company"]
    others = {s for s, c in game.companies.items() if c.owner in game.players_by_id and c.owner != player}
    unsold = {"BO"} | ({"CA"} if game.corporations["PRR"].shares[1].owner in game.players_by_id else set())
    assert {c["company"] for c in offered} == others - unsold  # BO: no sale; CA: its PRR share
    choice = offered[0]
    seller = game.companies[choice["company"]].owner
    cash = {p.id: p.cash for p in game.players}
    session.act({"type": "buy_company", "entity": int(player), "company": choice["company"], "price": 1})
    assert game.companies[choice["company"]].owner == player
    assert game.players_by_id[player].cash == cash[player] - 1
    assert game.players_by_id[seller].cash == cash[seller] + 1
    # The purchase is the turn's buy, but the turn goes on: the buyer may still sell
    # (sell-buy-sell), or say it is done.
    assert game.current_entity() == player
    assert "pass" in legal_actions(game)[player]
    session.act({"type": "pass", "entity": int(player)})
    (path,) = write_games(tmp_path, {"player-buys": session.to_json()})
    assert oracle_verdicts([path])["player-buys"]["refused"] is None


def test_the_erie_chooses_its_home_city_at_its_first_turn_when_another_tiled_e11(tmp_path):
    """When another corporation laid E11's first tile before the ERIE first operates, the
    ERIE's first operating turn begins with the choice of its home city (a random game
    where the NYC lays the 59 in E11); the 18xx.games engine waits for it too."""
    from oracle_support import oracle_verdicts, write_games

    from framework.engine.choices import legal_actions

    def erie_starts_with_e11_tiled(game):
        return (
            game.round.kind == "operating"
            and game.round.entity() == "ERIE"
            and bool(game.board.face("E11").paths)
            and not game.board.cities_of("ERIE")
        )

    session = _random_game_until(3, 11, erie_starts_with_e11_tiled, ["multiple_brown_from_ipo"])
    game = session.game
    assert game.round.active_step().name == "home_token" and game.current_entity() == "ERIE"
    assert set(legal_actions(game)["ERIE"]) == {"place_token"}
    choice = legal_actions(game)["ERIE"]["place_token"][0]
    session.act({"type": "place_token", "entity": "ERIE", **choice})
    assert [c[0] for c in game.board.cities_of("ERIE")] == ["E11"]
    (path,) = write_games(tmp_path, {"erie-home": session.to_json()})
    verdict = oracle_verdicts([path])["erie-home"]
    assert verdict["refused"] is None and verdict["last_id"] == session.actions[-1]["id"]


@pytest.mark.parametrize("choice", ["laying", "layer", "owner"])
def test_the_corporation_laying_a_tile_that_lifts_a_home_token_chooses_its_city(tmp_path, choice):
    """Another corporation lays a 59 in E11 where the ERIE's token waits (a random game, 4
    players, seed 407): the token goes back in the city that corporation chooses
    (``tokens.home_choice: laying``, 18xx.games' way, which takes the same action; ``layer``
    is its old name), or, with ``owner``, the ERIE chooses."""
    from oracle_support import oracle_verdicts, write_games

    from framework.engine.choices import legal_actions
    from framework.title.loader import RulesText

    def lifted_by_another(game):
        return (
            game.round.kind == "operating"
            and game.round.pending_home == "ERIE"
            and game.round.entity() != "ERIE"
        )

    house = [RulesText("house.yaml", f"rules: {{tokens: {{home_choice: {choice}}}}}\n")]
    session = _random_game_until(4, 407, lifted_by_another, ["multiple_brown_from_ipo"], rules=house)
    game = session.game
    laying = game.round.entity()
    assert game.title.rules.tokens.home_choice == ("owner" if choice == "owner" else "laying")
    chooser = laying if choice != "owner" else "ERIE"
    assert game.current_entity() == chooser and game.round.active_step().name == "home_token"
    assert set(legal_actions(game)) == {chooser}
    city = legal_actions(game)[chooser]["place_token"][-1]
    session.act({"type": "place_token", "entity": chooser, **city})
    assert [c for c in game.board.cities_of("ERIE") if c[0] == "E11"]
    assert game.round.pending_home is None and game.current_entity() == laying
    if choice == "laying":
        (path,) = write_games(tmp_path, {"home-choice": session.to_json()})
        verdict = oracle_verdicts([path])["home-choice"]
        assert verdict["refused"] is None and verdict["last_id"] == session.actions[-1]["id"]


def test_a_home_token_in_a_city_of_a_hex_without_track_is_lifted_by_a_tile_of_two_cities(tmp_path):
    """As on 18xx.games, any home token in a hex without track is lifted when a tile with
    track and more than one city is laid there, whatever city it sat in: here the ERIE's
    home is given as E11's first city rather than ``choose`` (same random game as above)."""
    from oracle_support import oracle_verdicts, write_games

    from framework.engine.choices import legal_actions
    from framework.title.loader import RulesText

    def lifted(game):
        return game.round.kind == "operating" and game.round.pending_home == "ERIE"

    fixed = [RulesText("fixed.yaml", "corporations: {ERIE: {home: {hex: E11, city: 0}}}\n")]
    session = _random_game_until(4, 407, lifted, ["multiple_brown_from_ipo"], rules=fixed)
    game = session.game
    assert game.title.corporations["ERIE"].home.city == 0
    assert not [c for c in game.board.cities_of("ERIE") if c[0] == "E11"]
    chooser = game.current_entity()
    cities = legal_actions(game)[chooser]["place_token"]
    assert len(cities) == 2
    session.act({"type": "place_token", "entity": chooser, **cities[-1]})
    (path,) = write_games(tmp_path, {"fixed-home": session.to_json()})
    verdict = oracle_verdicts([path])["fixed-home"]
    assert verdict["refused"] is None and verdict["last_id"] == session.actions[-1]["id"]


SV_LAYS_WHEN_SOLD = (
    "companies:\n  SV:\n    abilities:\n      - {type: blocks_hexes, hexes: [G15], owner: [player]}\n"
    "      - {type: tile_lay, hexes: [B18], tiles: [7, 8, 9], count: 1, when: [sold]}\n"
)


def _sv_just_sold():
    """A random game (3 players, seed 3) where the SV lays in B18 when it is sold to a
    corporation, as 1889's Ehime Railway lays in C4: stopped when a corporation has
    bought it."""
    from framework.title.loader import RulesText

    def sold(game):
        return game.round.kind == "operating" and game.companies["SV"].owner in game.corporations

    return _random_game_until(3, 3, sold, rules=[RulesText("house.yaml", SV_LAYS_WHEN_SOLD)])


def test_a_company_lays_at_once_when_sold_and_the_seller_pays():
    """``when: [sold]``: as soon as a corporation buys the SV, the SV lays its tile (or passes)
    before anything else; the seller pays B18's $80 of water."""
    from framework.engine.choices import legal_actions

    session = _sv_just_sold()
    game = session.game
    buyer, seller = game.companies["SV"].owner, game.round.sold_company[1]
    assert game.current_entity() == "SV" and set(legal_actions(game)) == {"SV"}
    assert set(legal_actions(game)["SV"]) == {"lay_tile", "pass"}
    assert game.round.active_step().name == "special_track"
    cash = {seller: game.players_by_id[seller].cash, buyer: game.corporations[buyer].cash}
    session.act({"type": "lay_tile", "entity": "SV", "hex": "B18", "tile": "9-1", "rotation": 0})
    assert game.board.placed["B18"].name == "9"
    assert game.players_by_id[seller].cash == cash[seller] - 80
    assert game.corporations[buyer].cash == cash[buyer]
    assert game.current_entity() == buyer and "SV" not in legal_actions(game)


def test_a_company_sold_may_pass_its_lays_and_they_are_gone():
    session = _sv_just_sold()
    game = session.game
    session.act({"type": "pass", "entity": "SV"})
    assert game.companies["SV"].uses["tile_lay"] == 0
    assert game.round.sold_company is None and "B18" not in game.board.placed
    assert game.current_entity() == game.companies["SV"].owner


def _player_lays(when: str):
    """1830 with the CS's lay in B20 for its player owner, timed ``when``, and the
    special-track step in the stock round too (as 1889 has it for the Mitsubishi Ferry)."""
    from framework.title.loader import RulesText

    return [
        RulesText(
            "house.yaml",
            "companies:\n  CS:\n    abilities:\n"
            "      - {type: tile_lay, hexes: [B20], tiles: [3, 4, 58], count: 1, owner: [player],\n"
            f"         when: [{when}]}}\n"
            "rounds:\n  stock:\n    kind: stock\n"
            "    steps: [discard_train, exchange, special_track, buy_sell_par_shares]\n",
        )
    ]


def _cs_lays(game) -> bool:
    from framework.engine.choices import legal_actions

    return "lay_tile" in legal_actions(game).get("CS", {})


def test_a_players_company_lays_at_any_time_of_a_stock_round():
    """``when: [stock_round]``: the CS's player owner lays in B20 at any time of a stock
    round, in a turn of its own or another player's (18xx.games' ``stock_round``), not in
    operating rounds; the acting player pays (B20 has no terrain) and no track need lead
    there."""
    from framework.engine.choices import legal_actions

    def seen(game):
        owner = game.companies["CS"].owner
        if game.round.kind == "stock" and owner in game.players_by_id:
            assert _cs_lays(game)
            return game.current_entity() != owner
        assert not _cs_lays(game)
        return False

    session = _random_game_until(3, 2, seen, rules=_player_lays("stock_round"))
    game = session.game
    lay = legal_actions(game)["CS"]["lay_tile"][0]
    session.act({"type": "lay_tile", "entity": "CS", **lay})
    assert game.board.placed["B20"].name == lay["tile"].split("-")[0]
    assert game.companies["CS"].uses["tile_lay"] == 0 and not _cs_lays(game)


def _cs_in_b18(flags: str, *more: str):
    """The CS made to lay one #7–9 in B18 (water, $80) at any time of a stock round, with
    ``flags`` on its lay and ``more`` abilities."""
    from framework.title.loader import RulesText

    extra = "".join(f"      - {ability}\n" for ability in more)
    return [
        RulesText(
            "house.yaml",
            "companies:\n  CS:\n    abilities:\n"
            "      - {type: tile_lay, hexes: [B18], tiles: [7, 8, 9], count: 1, owner: [player],\n"
            f"         when: [stock_round]{', ' + flags if flags else ''}}}\n"
            f"{extra}"
            "rounds:\n  stock:\n    kind: stock\n"
            "    steps: [discard_train, exchange, special_track, buy_sell_par_shares]\n",
        )
    ]


def _cs_owned_in_a_stock_round(game) -> bool:
    return game.round.kind == "stock" and game.companies["CS"].owner in game.players_by_id


@pytest.mark.parametrize("free", [False, True])
def test_a_free_lay_pays_no_terrain_and_a_used_up_company_closes(free):
    """``free``: the CS, made to lay a #7–9 in B18 (water, $80), costs the acting player
    nothing; without it the player pays the $80. ``closes_when_used_up``: the CS closes
    with its last lay."""
    from framework.engine.choices import legal_actions
    from framework.engine.entities import CLOSED

    flags = "free: true, closes_when_used_up: true" if free else "closes_when_used_up: true"
    session = _random_game_until(3, 2, _cs_owned_in_a_stock_round, rules=_cs_in_b18(flags))
    game = session.game
    payer = game.current_entity()
    cash = game.players_by_id[payer].cash
    lay = legal_actions(game)["CS"]["lay_tile"][0]
    session.act({"type": "lay_tile", "entity": "CS", **lay})
    assert game.board.placed["B18"].name == lay["tile"].split("-")[0]
    assert game.players_by_id[payer].cash == cash - (0 if free else 80)
    assert game.companies["CS"].owner == CLOSED


def test_a_players_company_lays_in_the_track_step_of_its_owners_corporation():
    """``when: [president_track]``: only while a corporation whose president owns the CS
    is in its track step."""

    def seen(game):
        rnd = game.round
        owner = game.companies["CS"].owner
        at_track = (
            rnd.kind == "operating" and rnd.active_step() is not None and rnd.active_step().name == "track"
        )
        mine = (
            at_track
            and rnd.entity() in game.corporations
            and game.corporations[rnd.entity()].president() == owner
        )
        assert _cs_lays(game) == (mine and owner in game.players_by_id)
        return mine and owner in game.players_by_id

    session = _random_game_until(3, 2, seen, rules=_player_lays("president_track"))
    assert _cs_lays(session.game)


def test_a_players_company_lays_between_turns_before_the_operator_acts():
    """``when: [between_turns]``: in an operating round, whoever's turn it is, until the
    operating corporation acts; then no more that turn."""

    def seen(game):
        rnd = game.round
        owner = game.companies["CS"].owner
        expected = rnd.kind == "operating" and owner in game.players_by_id and not rnd.operator_acted
        assert _cs_lays(game) == (expected and rnd.entity() in game.corporations)
        return _cs_lays(game) and game.turn >= 3

    session = _random_game_until(3, 2, seen, rules=_player_lays("between_turns"))
    game = session.game
    operator = game.round.entity()
    session.act(
        {"type": "pass", "entity": operator} if "pass" in _options(game, operator) else _first(game, operator)
    )
    assert game.round.entity() != operator or not _cs_lays(game)


def _options(game, entity):
    from framework.engine.choices import legal_actions

    return legal_actions(game).get(entity, {})


def _first(game, entity):
    kind, choices = next(iter(_options(game, entity).items()))
    return {"type": kind, "entity": entity, **choices[0]}


def test_a_teleport_works_only_for_the_owners_it_lists():
    """``owner: [player]`` on the DH's teleport: the corporation that owns the DH reaches
    its track step and is offered no teleport (as written, it is: the test above)."""
    import random

    from framework.bots import make_bot
    from framework.bots.play import new_session
    from framework.engine.choices import legal_actions
    from framework.title.loader import RulesText

    house = RulesText(
        "house.yaml",
        "companies:\n  DH:\n    abilities:\n      - {type: blocks_hexes, hexes: [F16]}\n"
        "      - {type: teleport, hexes: [F16], tiles: [57], owner: [player]}\n",
    )
    session = new_session(TITLE, 2, 10, optional_rules=["optional_6_train"], rules=[house])
    bot, rng, game = make_bot("heuristic"), random.Random(10), session.game

    def owner_at_track() -> bool:
        owner = game.companies["DH"].owner
        step = game.round.active_step() if game.round.kind == "operating" else None
        at_track = step is not None and step.name == "track"
        return owner in game.corporations and game.round.entity() == owner and at_track

    while not owner_at_track():
        assert not game.finished
        session.act(bot.act(game, legal_actions(game), rng))
    assert "DH" not in legal_actions(game)
    assert game.round.step("teleport").actions("DH") == []


def test_a_route_once_found_is_kept_as_18xx_games_keeps_it(tmp_path):
    """The ERIE lays a 59 in E11 (a heuristic game, 5 players, seed 3): from its home token,
    still in the city the tile put it in, a route leads on; its token then goes back in
    the OO city that no track leaves. It has no route now, yet its route step waits for
    it (running nothing), as in 18xx.games' engine, which keeps a route once found."""
    from oracle_support import oracle_verdicts, write_games

    from framework.bots import make_bot
    from framework.bots.play import new_session, play
    from framework.engine.choices import legal_actions

    session = new_session(TITLE, 5, 3)
    play(session, make_bot("heuristic"), seed=3, max_actions=175)
    game = session.game
    assert game.round.entity() == "ERIE" and game.round.active_step().name == "routes"
    assert game.board.reach("ERIE").most_stops < 2 and game.corporations["ERIE"].had_route
    assert "run_routes" in legal_actions(game)["ERIE"] and "pass" not in legal_actions(game)["ERIE"]
    session.act({"type": "run_routes", "entity": "ERIE", "routes": []})
    assert game.round.revenue == 0
    (path,) = write_games(tmp_path, {"kept-route": session.to_json()})
    verdict = oracle_verdicts([path])["kept-route"]
    assert verdict["refused"] is None and verdict["last_id"] == session.actions[-1]["id"]


def test_no_company_changes_hands_between_players_in_the_first_stock_round():
    from framework.engine.choices import legal_actions

    session = _random_game_until(4, 1, lambda g: g.round.kind == "stock" and g.turn == 1)
    assert session.game.companies["CS"].owner in session.game.players_by_id
    game = session.game
    assert all("buy_company" not in kinds for kinds in legal_actions(game).values())
    step = game.round.step("buy_sell_par_shares")
    assert step.companies_for_sale(game.current_entity()) == []


def test_the_delaware_and_hudson_teleports_a_tile_and_a_free_token_into_f16(tmp_path):
    """The DH's teleport (1830): in its track step the owning corporation lays a 57 in
    F16, reached or not, as its tile action, paying the $120 mountain, then puts one of
    its tokens there for nothing; the 18xx.games engine takes the same actions."""
    import random

    from oracle_support import oracle_verdicts, write_games

    from framework.bots import make_bot
    from framework.bots.play import new_session
    from framework.engine.choices import legal_actions

    session = new_session(TITLE, 2, 10, optional_rules=["optional_6_train"])
    bot, rng, game = make_bot("heuristic"), random.Random(10), session.game
    while "DH" not in legal_actions(game) or "lay_tile" not in legal_actions(game)["DH"]:
        session.act(bot.act(game, legal_actions(game), rng))
    corp = game.companies["DH"].owner
    lay = legal_actions(game)["DH"]["lay_tile"][0]
    cash, used = game.corporations[corp].cash, game.corporations[corp].tokens_used
    session.act({"type": "lay_tile", "entity": "DH", **lay})
    assert game.corporations[corp].cash == cash - 120
    assert game.current_entity() == "DH"
    assert session.to_json()["acting"] == [int(game.corporations[corp].president())]
    assert set(legal_actions(game)["DH"]) == {"place_token", "pass"}
    (city,) = legal_actions(game)["DH"]["place_token"]
    session.act({"type": "place_token", "entity": "DH", **city})
    assert ("F16", 0) in game.board.cities_of(corp)
    assert game.corporations[corp].cash == cash - 120
    assert game.corporations[corp].tokens_used == used + 1
    assert "lay_tile" not in legal_actions(game).get("DH", {})  # once
    (path,) = write_games(tmp_path, {"teleport": session.to_json()})
    verdict = oracle_verdicts([path])["teleport"]
    assert verdict["refused"] is None and verdict["last_id"] == session.actions[-1]["id"]


def test_a_presidents_certificate_from_a_company_floats_a_corporation_that_floats_at_20_percent():
    """18TN's L&N floats at 20% and its president's certificate comes with a company: set
    at its par, it floats at once, as any purchase of that much would float it (here the
    B&O, given ``float_percent: 20``)."""
    from framework.title.loader import RulesText

    rules = [RulesText("bo20.yaml", "corporations: {B&O: {float_percent: 20}}\n")]
    session = _random_game_until(4, 5, lambda game: game.corporations["B&O"].par is not None, rules=rules)
    corp = session.game.corporations["B&O"]
    assert corp.floated and corp.cash == 10 * corp.par


@pytest.mark.parametrize(("terrain", "earned"), [("water", 10), ("mountain", 0), (None, 10)])
def test_a_tile_income_company_earns_for_tiles_on_its_terrain(terrain, earned):
    """``tile_income`` (1882's Trestle Bridge): the CS, made to lay a free tile in B18
    (water) and to earn 10 for every tile on ``terrain`` (any tile without one), pays its
    holder — the water is met even though the lay was free of it."""
    from framework.engine.choices import legal_actions

    income = f"{{type: tile_income, income: 10{', terrain: ' + terrain if terrain else ''}}}"
    rules = _cs_in_b18("free: true", income)
    session = _random_game_until(3, 2, _cs_owned_in_a_stock_round, rules=rules)
    game = session.game
    holder = game.companies["CS"].owner
    cash, bank = game.players_by_id[holder].cash, game.bank
    lay = legal_actions(game)["CS"]["lay_tile"][0]
    session.act({"type": "lay_tile", "entity": "CS", **lay})
    assert game.players_by_id[holder].cash == cash + earned and game.bank == bank - earned


def test_an_owner_only_tile_income_counts_only_the_holders_own_lays():
    """``owner_only``: the CS's (free) lay in another player's stock-round turn is made
    for that player (the acting one), and earns its holder nothing; in the holder's own
    turn it earns 10. Over a few random games, the first moment the CS may lay."""
    from framework.engine.choices import legal_actions

    rules = _cs_in_b18("free: true", "{type: tile_income, income: 10, owner_only: true}")
    seen = set()
    for seed in range(2, 8):
        session = _random_game_until(3, seed, _cs_lays, rules=rules)
        game = session.game
        holder = game.companies["CS"].owner
        acts = game.current_entity() == holder
        cash = game.players_by_id[holder].cash
        lay = legal_actions(game)["CS"]["lay_tile"][0]
        session.act({"type": "lay_tile", "entity": "CS", **lay})
        assert game.players_by_id[holder].cash == cash + (10 if acts else 0)
        seen.add(acts)
    assert seen == {True, False}


@pytest.mark.parametrize(
    ("blocks", "first", "second"), [("always", 0, 0), ("single_slot_cities", 0, 0), ("never", 1, 0)]
)
def test_a_hex_held_for_a_home_yet_to_be_chosen_keeps_others_out_as_the_rule_says(blocks, first, second):
    """``tokens.chosen_home_blocks``: E11, held for the ERIE (``city: choose``), with a #59
    (two cities of one slot). ``always`` (1830's rule) keeps every other company out;
    ``never`` lets one in, so long as a slot stays for the ERIE."""
    from framework.board.lays import LayTerms, check_lay, lay
    from framework.bots.play import new_session
    from framework.title.loader import RulesText

    rules = [RulesText("blocks.yaml", f"rules: {{tokens: {{chosen_home_blocks: {blocks}}}}}\n")]
    board = new_session(TITLE, 4, 1, rules=rules).game.track_board
    anywhere = LayTerms("X", ("yellow", "green", "brown"), connect=False)
    rotation = next(r for r in range(6) if _lays_in(board, anywhere, "E11", "59", r))
    lay(board, check_lay(board, anywhere, "E11", board.supply.next_id("59"), rotation))
    assert board.free_slots(("E11", 0), "PRR") == first
    if first:
        board.add_token("PRR", ("E11", 0))
    assert board.free_slots(("E11", 1), "NYC") == second
    assert board.free_slots(("E11", 1), "ERIE") == 1


def _lays_in(board, layer, hex_id: str, name: str, rotation: int) -> bool:
    from framework.board.lays import IllegalLay, check_lay

    try:
        check_lay(board, layer, hex_id, board.supply.next_id(name), rotation)
    except IllegalLay:
        return False
    return True


def test_a_home_to_choose_needs_room_in_its_hex_beside_every_other_home_there():
    """E11 has two cities of one slot: the ERIE (``city: choose``) and one more home fit;
    a second more does not, whichever city it names."""
    from framework.base.problems import ProblemsError
    from framework.title.loader import RulesText, load_title

    one = "corporations: {NYNH: {home: {hex: E11, city: 1}}}\n"
    assert load_title(TITLE, rules=[RulesText("one.yaml", one)]).corporations["NYNH"].home.hex == "E11"
    two = "corporations: {NYNH: {home: {hex: E11, city: 1}}, B&M: {home: {hex: E11, city: 0}}}\n"
    with pytest.raises(ProblemsError, match="the cities of E11 have too few slots"):
        load_title(TITLE, rules=[RulesText("two.yaml", two)])
