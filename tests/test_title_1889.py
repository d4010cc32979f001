"""1889: the title's YAML agrees with the facts of 18xx.games' Shikoku 1889.

The facts are copied from the 18xx.games engine (lib/engine/game/g_1889/ and
lib/engine/config/tile.rb), file by file as each test names it, and the ids are
cross-checked against the real games in ``titles/1889/games/``. The rules 1889 brought
to the format (an off-board's D revenue, a tile that carries an upgrade cost, a tile only
an ability lays, selling in blocks, home tokens at the start of the operating round,
no emergency purchase from other corporations, no presidency changed by an emergency
sale) are shown here on the title and its real games.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.board.board import Board
from framework.board.lays import IllegalLay, LayTerms, check_lay, lay, legal_lays
from framework.board.routes import stop_value
from framework.engine import purchases, shares
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.title.loader import load_title

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1889"
MAIN = TITLE / "games" / "962.json"

# g_1889/map.rb, TILES (without the beginner game's Beg tiles)
MANIFEST = {
    "3": 2, "5": 2, "6": 2, "7": 2, "8": 5, "9": 5, "12": 1, "13": 1, "14": 1, "15": 3,
    "16": 1, "19": 1, "20": 1, "23": 2, "24": 2, "25": 1, "26": 1, "27": 1, "28": 1,
    "29": 1, "39": 1, "40": 1, "41": 1, "42": 1, "45": 1, "46": 1, "47": 1, "57": 2,
    "58": 3, "205": 1, "206": 1, "437": 1, "438": 1, "439": 1, "440": 1, "448": 4,
    "465": 1, "466": 1, "492": 1, "611": 2,
}  # fmt: skip

# g_1889/map.rb, HEXES: the hexes by colour
HEX_COLORS = {
    "red": "F1 J1 L7",
    "gray": "B7 B3 G14 J7",
    "yellow": "C4 K4",
    "green": "F9",
}
WHITE_COUNT = 42
MOUNTAINS = "E4 D5 F5 C6 E6 G6 D7 F7 A8 G8 B9 H9 H11 H13"

# g_1889/entities.rb
CORPORATIONS = {
    "AR": ("K8", [0, 40]),
    "IR": ("E2", [0, 40]),
    "SR": ("I2", [0, 40]),
    "KO": ("K4", [0, 40]),
    "TR": ("F9", [0, 40, 40]),
    "KU": ("C10", [0]),
    "UR": ("B7", [0, 40, 40]),
}
COMPANIES = {  # sym: (value, revenue)
    "TR": (20, 5),
    "MF": (30, 5),
    "ER": (40, 10),
    "SMR": (50, 15),
    "DR": (60, 15),
    "SIR": (80, 20),
    "UTF": (150, 30),
}


@pytest.fixture(scope="module")
def title():
    return load_title(TITLE)


def test_meta_bank_cash_and_limits(title):
    # g_1889/meta.rb and game.rb
    assert (title.title.players.min, title.title.players.max) == (2, 6)
    assert title.title.money(5) == "¥5"
    assert title.bank.cash == 7000
    assert title.bank.starting_cash == {2: 420, 3: 420, 4: 420, 5: 390, 6: 390}
    assert title.certificate_limit.players == {2: 25, 3: 19, 4: 14, 5: 12, 6: 11}
    rules = title.rules
    assert (rules.capitalization, rules.float_percent) == ("full", 50)
    assert rules.track.restriction == "semi_restrictive"  # base.rb
    assert rules.stock.order == "sell_buy_or_buy_sell"  # base.rb
    assert rules.stock.sell_in_blocks  # MUST_SELL_IN_BLOCKS
    assert rules.tokens.home == "operating_round"  # HOME_TOKEN_TIMING
    assert rules.trains.emergency.from_others_up_to == "never"  # EBUY_FROM_OTHERS
    assert not rules.trains.emergency.president_swap  # EBUY_PRES_SWAP


def test_the_map_is_flat_with_the_52_hexes_of_shikoku(title):
    assert (title.map.layout, title.map.letters) == ("flat", "columns")
    hexes = title.map.hexes
    assert len(hexes) == 52
    for color, ids in HEX_COLORS.items():
        assert sorted(h for h, spec in hexes.items() if spec.color == color) == sorted(ids.split())
    assert sum(spec.color == "white" for spec in hexes.values()) == WHITE_COUNT
    assert {h: spec.label for h, spec in hexes.items() if spec.label} == {"I4": "H", "K4": "T", "F9": "K"}


def test_terrain_costs(title):
    """80 everywhere; the mountains with a river (H5, I6) are written as water, and
    Kotohira and Kouchi's cost has no terrain kind, so that the SMR's discount for
    mountains without rivers applies to the mountains alone."""
    terrain = {h: spec.terrain for h, spec in title.map.hexes.items() if spec.terrain}
    assert {h for h, t in terrain.items() if t == {"mountain": 80}} == set(MOUNTAINS.split())
    assert {h for h, t in terrain.items() if t == {"water": 80}} == {"K6", "H5", "I6"}
    assert {h for h, t in terrain.items() if t == {"upgrade": 80}} == {"I4", "F9"}
    smr = title.companies["SMR"].ability("terrain_discount")
    assert (smr.terrain, smr.amount, smr.hexes) == ("mountain", 80, None)


def test_offboard_revenues_and_the_d_train(title):
    """The off-boards pay a D-train their ``D`` revenue in every phase (18xx.games'
    ``diesel``), other trains by the phase colour."""
    revenue = {h: spec.offboards[0].revenue for h, spec in title.map.hexes.items() if spec.offboards}
    assert revenue == {
        "F1": {"yellow": 30, "brown": 60, "D": 100},
        "J1": {"yellow": 20, "brown": 40, "D": 80},
        "L7": {"yellow": 20, "brown": 40, "D": 80},
    }
    board = Board(title)
    node = ("F1", 0)
    assert stop_value(board, node, ("yellow", "green", "brown")) == 60
    assert stop_value(board, node, ("yellow", "green", "brown"), "6") == 60
    assert stop_value(board, node, ("yellow", "green", "brown"), "D") == 100
    assert stop_value(board, node, ("yellow",), "D") == 100


def test_tile_manifest(title):
    assert {name: tile.count for name, tile in title.tiles.items()} == MANIFEST
    colors = Counter(tile.color for tile in title.tiles.values())
    assert colors == {"yellow": 10, "green": 18, "brown": 12}


def test_kotohira_costs_80_for_every_tile(title):
    """I4 costs 80 for its first tile, and its tiles 438 and 439 carry the cost on
    (18xx.games' ``upgrade=cost:80`` on them): every lay there, 438, 439 and 492, costs 80;
    the last, 492, carries none."""
    assert title.tiles["438"].terrain == {"upgrade": 80} == title.tiles["439"].terrain
    assert title.tiles["492"].terrain == {}
    board = Board(title)
    layer = LayTerms("SR", ("yellow", "green", "brown"), connect=False)
    for name in ("438", "439", "492"):
        plans = [p for p in legal_lays(board, layer, "I4") if p.name == name]
        assert plans, f"no lay of {name} in I4"
        assert plans[0].cost == 80
        lay(board, plans[0])


def test_the_port_tile_is_laid_only_by_the_mitsubishi_ferry(title):
    """437 (a port icon that blocks lays on 18xx.games) is never a corporation's own lay;
    the MF's ability lays it on a port town."""
    assert title.tiles["437"].ability_only
    board = Board(title)
    normal = LayTerms("AR", ("yellow",), connect=False)
    with pytest.raises(IllegalLay, match="ability"):
        check_lay(board, normal, "J9", "437-0", 0)
    assert {p.name for p in legal_lays(board, normal, "J9")} == {"3", "58"}
    ferry = LayTerms("AR", ("yellow",), connect=False, hexes=frozenset({"J9"}), tiles=frozenset({"437"}))
    assert {p.name for p in legal_lays(board, ferry, "J9")} == {"437"}
    mf = title.companies["MF"].ability("tile_lay")
    assert (mf.hexes, mf.tiles, mf.owner) == (["B11", "G10", "I12", "J9"], ["437"], ["player"])
    assert mf.when == ["stock_round", "president_track", "between_turns"]


def test_market(title):
    grid = title.market.grid
    assert len(grid) == 11
    assert [(r, c, cell.price) for r, c, cell in title.market.par_cells()] == [
        (0, 3, 100), (1, 3, 90), (2, 3, 80), (3, 3, 75), (4, 3, 70), (5, 3, 65),
    ]  # fmt: skip
    assert [len(row) for row in grid] == [15, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4]
    assert grid[0][-1].price == 350 and grid[10][0].price == 10


def test_phases_and_trains(title):
    phases = {
        name: (p.train_limit, p.operating_rounds, p.tiles[-1], p.buy_companies)
        for name, p in title.phases.items()
    }
    assert phases == {
        "2": (4, 1, "yellow", False), "3": (4, 2, "green", True), "4": (3, 2, "green", True),
        "5": (2, 3, "brown", False), "6": (2, 3, "brown", False), "D": (2, 3, "brown", False),
    }  # fmt: skip
    trains = {name: (t.price, t.count, t.rusts_on) for name, t in title.trains.items()}
    assert trains == {
        "2": (80, 6, "4"), "3": (180, 5, "6"), "4": (300, 4, "D"),
        "5": (450, 3, None), "6": (630, 2, None), "D": (1100, "unlimited", None),
    }  # fmt: skip
    assert [e.type for e in title.trains["5"].events] == ["close_companies"]
    d = title.trains["D"]
    assert (d.distance, d.available_from, d.trade_in.trains, d.trade_in.discount) == (
        "unlimited",
        "6",
        ["4", "5", "6"],
        300,
    )


def test_corporations(title):
    assert list(title.corporations) == list(CORPORATIONS)
    for sym, (home, tokens) in CORPORATIONS.items():
        corp = title.corporations[sym]
        assert (corp.home.hex, corp.tokens) == (home, tokens)


def test_companies(title):
    assert list(title.companies) == list(COMPANIES)
    for sym, (value, revenue) in COMPANIES.items():
        company = title.companies[sym]
        assert (company.value, company.revenue) == (value, revenue)
    assert title.companies["TR"].ability("blocks_hexes").hexes == ["K4"]
    assert title.companies["ER"].ability("blocks_hexes").hexes == ["C4"]
    er = title.companies["ER"].ability("tile_lay")
    assert (er.hexes, er.tiles, er.when) == (["C4"], ["12", "13", "14", "15", "205", "206"], ["sold"])
    dr = title.companies["DR"].ability("exchange")
    assert (dr.corporations, dr.from_) == (["IR"], ["ipo"])
    assert title.companies["UTF"].ability("stays_open").owner == ["player"]
    change = title.companies["UTF"].ability("revenue_change")
    assert (change.phase, change.revenue) == ("5", 50)
    assert not title.companies["SIR"].abilities


@pytest.mark.parametrize(
    ("players", "absent"), [(2, {"SIR", "UTF"}), (3, {"UTF"}), (4, set()), (5, set()), (6, set())]
)
def test_the_companies_in_play_by_player_count(title, players, absent):
    """g_1889: the UTF is for four or more players (min_players), and a two-player game
    has no SIR (``companies.players``): they leave the game before the auction."""
    from framework.engine.setup import random_setup

    assert set(random_setup(title, 1, players).removed_companies) == absent


def test_a_company_for_no_player_count_leaves_every_game_unless_an_overlay_brings_it_back():
    """``players: []``: the TR is in the game for no count (as the converter writes a
    company the title's own setup closes); an overlay giving ``players: null`` brings it
    back for every count."""
    from framework.engine.setup import random_setup
    from framework.title.loader import RulesText

    gone = load_title(TITLE, [RulesText("house.yaml", "companies: {TR: {players: []}}\n")])
    assert all("TR" in random_setup(gone, 1, n).removed_companies for n in range(2, 7))
    back = load_title(
        TITLE,
        [
            RulesText("house.yaml", "companies: {TR: {players: []}}\n"),
            RulesText("variant.yaml", "companies: {TR: {players: null}}\n"),
        ],
    )
    assert not any("TR" in random_setup(back, 1, n).removed_companies for n in range(2, 7))


BEGINNER = {  # g_1889/game.rb: BEGINNER_GAME_PRIVATES, _VALUES, _REVENUES
    2: ["DR", "SIR"],
    3: ["DR", "SIR", "ER"],
    4: ["DR", "SIR", "ER", "SMR"],
    5: ["DR", "SIR", "ER", "SMR", "TR"],
    6: ["DR", "SIR", "ER", "SMR", "TR", "MF"],
}
BEGINNER_VALUES = {
    "TR": (20, 5),
    "MF": (40, 15),
    "ER": (40, 15),
    "SMR": (60, 20),
    "DR": (60, 20),
    "SIR": (90, 25),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_beginner_game_deals_its_companies(players):
    """beginner_game: the companies for the player count, without abilities, at the
    beginner values, are dealt one to each player, who pays for it (a ``deal`` draw);
    no auction, the game starts with a stock round, and the beginner tiles are in."""
    from framework.engine.game import Game

    title = load_title(TITLE, variants=["beginner_game"])
    assert {"Beg6", "Beg7", "Beg8", "Beg9", "Beg23", "Beg24"} <= set(title.tiles)
    for sym, (value, revenue) in BEGINNER_VALUES.items():
        company = title.companies[sym]
        assert (company.value, company.revenue, company.abilities) == (value, revenue, [])
        assert not company.corporations_may_buy
    assert "UTF" not in title.companies
    game = Game(title, [(i + 1, f"P{i + 1}") for i in range(players)], seed=7)
    assert game.round.kind == "stock"
    owned = {sym: c.owner for sym, c in game.companies.items() if c.owner in game.players_by_id}
    assert sorted(owned) == sorted(BEGINNER[players])
    assert sorted(owned.values()) == sorted(p.id for p in game.players)
    start = title.bank.starting_cash[players]
    for sym, owner in owned.items():
        assert game.players_by_id[owner].cash == start - BEGINNER_VALUES[sym][0]


def _first(record: GameFile, kind: str) -> dict:
    return next(a for a in record.effective() if a["type"] == kind)


def test_a_stock_round_sale_is_one_block_per_corporation():
    """Once a player has sold shares of a corporation in a stock-round turn, no more of
    them that turn (MUST_SELL_IN_BLOCKS), though they still hold some."""
    record = GameFile.read(MAIN)
    for sale in record.effective():
        if sale["type"] != "sell_shares" or sale["entity_type"] != "player":
            continue
        game = replay(record, stop_after=sale["id"]).game
        corp, player = sale["shares"][0].split("_")[0], str(sale["entity"])
        left = game.corporations[corp].certificates_of(player)
        if game.round.kind != "stock" or game.current_entity() != player or not left:
            continue
        offered = legal_actions(game).get(player, {}).get("sell_shares", [])
        assert not [c for c in offered if c["shares"][0].startswith(f"{corp}_")]
        action = {"type": "sell_shares", "entity": player, "shares": [left[0].id], "percent": left[0].percent}
        with pytest.raises(GameError, match="one block"):
            game.round.active_step().process_sell_shares(action)
        return
    pytest.fail("game 962 has no stock-round sale after which the seller still holds shares")


def test_home_tokens_go_down_when_the_operating_round_starts():
    """Every floated corporation's home token is placed as the operating round begins,
    before the first corporation operates (HOME_TOKEN_TIMING :operating_round)."""
    record = GameFile.read(MAIN)
    first_or = _first(record, "lay_tile")
    game = replay(record, stop_after=first_or["id"] - 1).game
    assert game.round.kind == "operating"
    floated = [s for s, c in game.corporations.items() if c.floated]
    assert len(floated) > 1
    for sym in floated:
        home = game.title.corporations[sym].home.hex
        assert any(c[0] == home for c in game.board.cities_of(sym)), sym


def test_no_emergency_sale_may_change_a_presidency(monkeypatch):
    """EBUY_PRES_SWAP false: a president raising money for a train may not sell shares of
    any corporation so that another player would become its president."""
    record = GameFile.read(MAIN)
    game = replay(record).game
    monkeypatch.setattr(purchases, "shortfall", lambda game, corp: 10_000)
    found = 0
    for corp in game.corporations.values():
        president = corp.president()
        if president is None or corp.closed or corp.sym not in game.market.positions:
            continue
        others = max((corp.percent_of(p.id) for p in game.players if p.id != president), default=0)
        operating = next(s for s in game.corporations if s != corp.sym)
        for bundle in purchases.bundles(game, president, corp):
            try:  # a sale the stock rules allow (pool limit, ...)
                shares.check_sale(game, president, corp, bundle.certificates, bundle.percent)
            except GameError:
                continue
            if corp.percent_of(president) - bundle.percent < others:
                found += 1
                with pytest.raises(GameError, match="presidency"):
                    purchases.check_emergency_sale(game, president, operating, bundle)
    assert found


def test_an_emergency_never_buys_from_another_corporation():
    """EBUY_FROM_OTHERS :never: a corporation pays only its own cash for another's train,
    never its president's; and once its president has sold shares for a depot train it
    cannot pay, no other corporation's train is offered, however cheap."""
    record = GameFile.read(MAIN)
    game = replay(record).game
    cheapest = purchases.cheapest_depot_price(game)
    checked = 0
    for buyer, corp in game.corporations.items():
        for train in game.trains.values():
            if train.owner == buyer or train.owner not in game.corporations:
                continue
            if corp.cash <= 0:
                continue
            span = purchases.others_price_range(game, buyer, train)
            assert (span.low, span.high) == (1, corp.cash)
            if cheapest is not None and corp.cash < cheapest:
                after = purchases.others_price_range(game, buyer, train, last_sold=50)
                assert after.low > after.high
            checked += 1
    assert checked
