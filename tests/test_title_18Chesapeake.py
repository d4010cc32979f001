"""18Chesapeake: the title's YAML agrees with the facts of 18xx.games' 18Chesapeake.

The facts are copied from the 18xx.games engine (lib/engine/game/g_18_chesapeake/),
file by file as each test names it, and the ids are cross-checked against the real
games in ``titles/18Chesapeake/games/``. The rules 18Chesapeake brought to the format
(bids in multiples of the increment, money tied up only by the highest bids, the export
of a train at the end of each set of operating rounds, lays that must all be made,
the two-player game) are shown here on the title, on new games and on its real games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import act, refused

from framework.bots.base import prudent
from framework.bots.random_bot import RandomBot
from framework.engine import finance, trains
from framework.engine.choices import legal_actions
from framework.engine.entities import OUT_OF_GAME, POOL, Corporation
from framework.engine.game import Game
from framework.engine.invariants import broken_invariants
from framework.engine.state import game_from_dict, game_to_dict
from framework.engine.steps.auction import bid_range
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.title.loader import RulesText, load_title

TITLE = Path(__file__).resolve().parents[1] / "titles" / "18Chesapeake"

# g_18_chesapeake/map.rb, TILES ("unlimited" for 7, 8 and 9)
MANIFEST = {
    "1": 1, "2": 1, "3": 2, "4": 2, "7": "unlimited", "8": "unlimited", "9": "unlimited",
    "14": 5, "15": 6, "16": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 2, "26": 1,
    "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 1, "42": 1, "43": 2, "44": 1,
    "45": 1, "46": 1, "47": 2, "55": 1, "56": 1, "57": 7, "58": 2, "69": 1, "70": 1,
    "611": 5, "915": 1, "X1": 1, "X2": 1, "X3": 1, "X4": 1, "X5": 1, "X6": 1, "X7": 2,
    "X8": 1, "X9": 1,
}  # fmt: skip

# g_18_chesapeake/map.rb, HEXES
HEX_COLORS = {
    "red": "A3 B2 A7 A13 B14 H14 L2",
    "gray": "E1 F14 G1 I9 K1 K7",
    "yellow": "H6 J4",
}
MOUNTAINS = "B12 D4 D6 D10 E5 C13 D2 D8"
WATER = "F10 G9 G11 H12 G3 I5 H4 J6 H6"

# g_18_chesapeake/entities.rb
CORPORATIONS = {
    "PRR": ("F2", [0, 40, 60, 80]),
    "PLE": ("A3", [0, 40, 60]),
    "SRR": ("H4", [0, 40]),
    "B&O": ("H6", [0, 40, 60]),
    "C&O": ("G13", [0, 40, 60, 80]),
    "LV": ("J2", [0, 40]),
    "C&A": ("J6", [0, 40]),
    "N&W": ("C13", [0, 40, 60]),
}
COMPANIES = {  # sym: (value, revenue)
    "D&R": (20, 5),
    "C-P": (40, 10),
    "B&S": (50, 10),
    "C&OC": (80, 15),
    "B&OR": (100, 0),
    "CV": (200, 30),
}
P1, P2, P3 = "1", "2", "3"


@pytest.fixture(scope="module")
def title():
    return load_title(TITLE)


def new_game(players: int = 3, seed: int = 1, rules: str | None = None) -> Game:
    """A fresh game; two players bring the two-player game (automatic in play);
    ``rules``: an overlay's YAML, as house rules."""
    variants = ["two_players"] if players == 2 else []
    seats = [(i, f"Player {i}") for i in range(1, players + 1)]
    house = [RulesText("house.yaml", rules)] if rules else []
    return Game(load_title(TITLE, house, variants=variants), seats, seed=seed)


def play_until(players: int, seed: int, found: Callable[[Game], bool], limit: int = 3000) -> Game:
    """Random bots play a game until ``found`` holds (its first such position)."""
    game = new_game(players, seed)
    bot, rng = RandomBot(), random.Random(seed)
    for _ in range(limit):
        if found(game):
            return game
        if game.finished:
            break
        action = bot.act(game, prudent(game, legal_actions(game)), rng)
        game.process({**action, "id": game.actions_processed + 1})
    pytest.fail(f"seed {seed}: no such position in {limit} actions")


# -- the facts ----------------------------------------------------------------------


def test_meta_bank_cash_and_limits(title):
    # g_18_chesapeake/meta.rb and game.rb
    assert (title.title.players.min, title.title.players.max) == (2, 6)
    assert title.title.money(5) == "$5"
    assert title.bank.cash == 8000
    assert title.bank.starting_cash == {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400}
    assert title.certificate_limit.players == {2: 20, 3: 20, 4: 16, 5: 13, 6: 11}
    rules = title.rules
    assert (rules.capitalization, rules.float_percent) == ("full", 60)
    assert rules.stock.order == "sell_buy"  # SELL_BUY_ORDER
    assert not rules.stock.sell_in_blocks  # MUST_SELL_IN_BLOCKS
    assert rules.track.restriction == "semi_restrictive"  # base.rb
    assert rules.auction.bids_in_multiples  # MUST_BID_INCREMENT_MULTIPLE
    assert rules.auction.only_highest_bid_committed  # ONLY_HIGHEST_BID_COMMITTED
    assert rules.trains.export_after_set == ["2", "3", "4"]  # or_set_finished


def test_the_map_is_flat_with_its_hexes(title):
    assert (title.map.layout, title.map.letters) == ("flat", "columns")
    hexes = title.map.hexes
    assert len(hexes) == 63
    for color, ids in HEX_COLORS.items():
        assert {h for h, x in hexes.items() if x.color == color} == set(ids.split())
    for h in MOUNTAINS.split():
        assert hexes[h].terrain == {"mountain": 80}, h
    for h in WATER.split():
        assert hexes[h].terrain == {"water": 40}, h
    assert {h for h, x in hexes.items() if x.terrain} == set(MOUNTAINS.split()) | set(WATER.split())


def test_pittsburgh_and_west_virginia_are_groups_and_the_ple_starts_in_pittsburgh(title):
    hexes = title.map.hexes
    assert hexes["A3"].cities[0].group == hexes["B2"].offboards[0].group == "Pittsburgh"
    assert hexes["A13"].offboards[0].group == hexes["B14"].offboards[0].group == "West Virginia Coal"
    assert hexes["A3"].cities[0].revenue == {"yellow": 40, "green": 50, "brown": 60, "gray": 80}
    game = new_game()
    assert game.board.reserved[("A3", 0)] == ["PLE"]


def test_tile_manifest(title):
    assert {name: tile.count for name, tile in title.tiles.items()} == MANIFEST


# g_18_chesapeake/map.rb, TILES: the title's own tiles in 18xx.games' tile code
X_TILES = {
    "X1": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0;label=DC"),
    "X2": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:1,b:_0;path=a:4,b:_0;"
           "path=a:5,b:_0;label=DC"),
    "X3": ("green", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;"
           "path=a:_1,b:5;label=OO"),
    "X4": ("green", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;"
           "path=a:_1,b:3;label=OO"),
    "X5": ("green", "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:_0,b:5;path=a:0,b:_1;"
           "path=a:_1,b:4;label=OO"),
    "X6": ("brown", "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
           "path=a:4,b:_0;path=a:5,b:_0;label=DC"),
    "X7": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;"
           "path=a:4,b:_0;label=OO"),
    "X8": ("gray", "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
           "path=a:4,b:_0;path=a:5,b:_0;label=DC"),
    "X9": ("gray", "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;"
           "path=a:5,b:_0;label=OO"),
}  # fmt: skip


def test_the_x_tiles_are_18xx_games_codes_and_the_others_the_library_s(title):
    from framework.title.library import standard_tiles
    from framework.title.tilecode import parse
    from framework.title.track import TrackContent

    def track(content) -> dict:
        return TrackContent.model_validate(content).model_dump()

    for name, (color, code) in X_TILES.items():
        tile = title.tiles[name]
        assert tile.color == color
        assert track(tile.model_dump(include=set(TrackContent.model_fields))) == track(parse(code)), name
    library = standard_tiles()
    assert {n for n in title.tiles if n not in X_TILES} <= set(library)
    raw = (TITLE / "tiles.yaml").read_text(encoding="utf-8")
    assert raw.count("color:") == len(X_TILES)  # only the X tiles are written in full


def test_the_oo_tiles_merge_baltimores_two_cities_in_brown():
    """18xx.games' base.rb: labelled cities may upgrade whatever their number. In game
    3055 Baltimore's brown X7 (action 386) takes the tokens of both green cities."""
    record = GameFile.read(TITLE / "games" / "3055.json")
    before = replay(record, stop_after=385).game.board
    after = replay(record, stop_after=386).game.board
    held = sorted(o for (h, _), owners in before.tokens.items() if h == "H6" for o in owners if o)
    assert len([c for c in before.face("H6").nodes if c.kind == "city"]) == 2 and len(held) == 2
    assert after.placed["H6"].name == "X7"
    assert {k: sorted(o for o in v if o) for k, v in after.tokens.items() if k[0] == "H6"} == {
        ("H6", 0): held
    }


def test_market(title):
    grid = title.market.grid
    assert [len(row) for row in grid] == [17, 17, 12, 10, 8, 6, 4, 3]
    assert sorted(cell.price for _, _, cell in title.market.par_cells()) == [70, 80, 95]
    yellow = {(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if "y" in cell.marks}
    assert yellow == {(5, 0), (6, 0), (6, 1), (7, 0), (7, 1), (7, 2)}


def test_phases_and_trains(title):
    # g_18_chesapeake/game.rb, PHASES and TRAINS
    phases = title.phases
    assert list(phases) == ["2", "3", "4", "5", "6", "D"]
    assert [p.train_limit for p in phases.values()] == [4, 4, 3, 2, 2, 2]
    assert [p.operating_rounds for p in phases.values()] == [1, 2, 2, 3, 3, 3]
    assert [p.buy_companies for p in phases.values()] == [False, True, True, False, False, False]
    assert phases["D"].tiles == ["yellow", "green", "brown", "gray"]
    trains = title.trains
    assert {n: (t.distance, t.price, t.count) for n, t in trains.items()} == {
        "2": (2, 80, 7),
        "3": (3, 180, 6),
        "4": (4, 300, 5),
        "5": (5, 500, 3),
        "6": (6, 630, 2),
        "D": ("unlimited", 900, "unlimited"),
    }
    assert [trains[n].rusts_on for n in ("2", "3", "4")] == ["4", "6", "D"]
    assert trains["D"].trade_in.discount == 200 and trains["D"].available_from == "6"


def test_corporations_and_companies(title):
    assert {s: (c.home.hex, c.tokens) for s, c in title.corporations.items()} == CORPORATIONS
    assert {s: (c.value, c.revenue) for s, c in title.companies.items()} == COMPANIES
    assert not title.companies["CV"].corporations_may_buy
    assert title.companies["CV"].closes_when_corporation_buys_train


@pytest.mark.parametrize("seed", [1277, 3055, 7])
def test_the_vanderbilt_corporation_is_drawn_from_the_seed(seed):
    """18xx.games' ``random_president``: ``corporations[rand % 8]`` with the game's LCG."""
    state = (seed % 2**31 * 1103515245 + 12345) % 2**31
    expected = list(CORPORATIONS)[state % len(CORPORATIONS)]
    assert new_game(3, seed).president_corporation("CV") == expected


# -- the real games -----------------------------------------------------------------


def test_a_train_is_exported_at_the_end_of_each_set_of_operating_rounds():
    """g_18_chesapeake's or_set_finished: at every set's end the depot's next 2, 3 or
    4-train leaves the game; none other leaves without a buyer. In game 3055 every
    export is one of the next train's type, and they bring phases with them."""
    record = GameFile.read(TITLE / "games" / "3055.json")
    game = replay(record).game
    exported = [t for t in game.trains.values() if t.owner == "removed"]
    assert exported and {t.name for t in exported} <= {"2", "3", "4"}
    assert sum(1 for line in game.messages if line.endswith("-train is exported")) == len(exported)


def test_the_auction_pass_round_exports_a_train_too():
    """18xx.games' waterfall auction: everybody passing once the cheapest company is
    sold is an operating round of company revenue, and its set's end exports."""
    game = new_game(3)
    act(game, "bid", P1, company="D&R", price=20)
    for player in (P2, P3, P1):
        act(game, "pass", player)
    assert game.players_by_id[P1].cash == 800 - 20 + 5
    assert [t.id for t in game.trains.values() if t.owner == "removed"] == ["2-0"]


def test_exports_end_once_a_train_of_the_ending_type_is_exported():
    """``rules.trains.exports_end_with`` (18Tokaido's first D): with it ``'2'``, the first
    set's end exports a 2-train and no later set's end exports again; without it, each
    does."""
    ending = "rules:\n  trains: {exports_end_with: '2'}\n"
    for rules, exported in ((None, ["2-0", "2-1"]), (ending, ["2-0"])):
        game = new_game(3, rules=rules)
        trains.export(game)
        trains.export(game)
        assert [t.id for t in game.trains.values() if t.owner == "removed"] == exported
    assert game.exports_ended


# -- the auction --------------------------------------------------------------------


def test_bids_go_up_in_multiples_of_5():
    """MUST_BID_INCREMENT_MULTIPLE: above the lowest bid (face value + 5), only steps of 5."""
    game = new_game(3)
    error = refused(game, {"type": "bid", "entity": P1, "company": "C-P", "price": 47})
    assert error.rule == "auction" and "multiple of 5" in str(error)
    bids = {c["company"]: c for c in legal_actions(game)[P1]["bid"]}
    assert bids["C-P"] == {"company": "C-P", "price": 45, "max": 800, "step": 5}
    act(game, "bid", P1, company="C-P", price=50)
    # a range whose top is not a step away ends at the last step below it
    assert bid_range(45, 803, 5, "C-P") == [{"company": "C-P", "price": 45, "max": 800, "step": 5}]


def test_only_the_highest_bids_tie_up_money():
    """ONLY_HIGHEST_BID_COMMITTED: an outbid bid frees the bidder's money, and (as
    18xx.games reckons it) lets them bid their old bid again on top of their cash there."""
    game = new_game(3)
    act(game, "bid", P1, company="C-P", price=700)
    act(game, "bid", P2, company="C-P", price=705)
    act(game, "pass", P3)
    bids = {c["company"]: c for c in legal_actions(game)[P1]["bid"]}
    assert bids["B&S"]["max"] == 800  # nothing tied up: P2 is highest on C-P
    assert bids["C-P"]["max"] == 800 + 700  # the old bid again
    act(game, "bid", P1, company="B&S", price=500)
    bids = {c["company"]: c for c in legal_actions(game)[P2]["bid"]}
    assert bids["C&OC"]["max"] == 800 - 705  # P2's highest bid on C-P ties up 705
    assert "B&S" not in bids  # 505 at least, more than the 95 left


def test_a_settlement_the_winner_cannot_pay_is_refused():
    """The pass that would sell C-P to a player whose money is tied up elsewhere is
    refused (18xx.games: "... available and cannot spend ..."), and not offered."""
    game = new_game(3)
    act(game, "bid", P1, company="C-P", price=700)
    act(game, "bid", P2, company="C-P", price=705)
    act(game, "pass", P3)
    act(game, "bid", P1, company="B&S", price=500)
    act(game, "bid", P2, company="D&R", price=20)  # C-P comes up: two bids, an auction
    auction = game.round.step("waterfall_auction")
    assert auction.resolving == "C-P" and game.current_entity() == P1
    act(game, "bid", P1, company="C-P", price=710)  # within 800 - 500 + 700
    assert game.current_entity() == P2
    assert "pass" not in legal_actions(game)[P2]
    assert refused(game, {"type": "pass", "entity": P2}).rule == "money"
    act(game, "bid", P2, company="C-P", price=715)
    act(game, "pass", P1)
    assert game.companies["C-P"].owner == P2


def test_bots_bid_only_what_they_can_surely_pay():
    """The bots' prudence: a bid's range stops at the cash left after the bidder's other bids."""
    game = new_game(3)
    act(game, "bid", P1, company="C-P", price=700)
    act(game, "bid", P2, company="C-P", price=705)
    act(game, "pass", P3)
    bids = {c["company"]: c for c in prudent(game, legal_actions(game))[P1]["bid"]}
    assert bids["C-P"]["max"] == 800
    assert bids["B&S"]["max"] == 100  # 800 less the 700 on C-P


# -- operating ----------------------------------------------------------------------


def _lays_begun(game: Game) -> bool:
    return any(
        c.uses.get("tile_lay") == 1 and sym in ("C-P", "B&S") and c.owner in game.corporations
        for sym, c in game.companies.items()
    )


def test_the_second_of_two_lays_that_must_be_made_together_comes_at_once():
    """C-P and B&S (must_lay_together, must_lay_all): after the first tile only the
    second may follow, and it must connect to the first."""
    game = play_until(4, 3, _lays_begun)
    sym = next(s for s, c in game.companies.items() if c.uses.get("tile_lay") == 1 and s in ("C-P", "B&S"))
    options = legal_actions(game)
    assert set(options) == {sym} and set(options[sym]) == {"lay_tile"}
    first = game.companies[sym].lays[0]
    assert all(c["hex"] != first for c in options[sym]["lay_tile"])
    operator = game.round.entity()
    refused(game, {"type": "pass", "entity": operator})


def _cp_may_start(game: Game) -> bool:
    operator = game.round.entity() if game.round is not None else None
    cp = game.companies["C-P"]
    return (
        cp.owner == operator
        and cp.uses.get("tile_lay") == 2
        and "lay_tile" in legal_actions(game).get("C-P", {})
    )


def test_bots_never_begin_lays_that_could_not_be_finished():
    """A first C-P tile whose track cannot meet a second is left out of the bots' choices
    (18xx.games would wait for the impossible second lay for ever)."""
    game = play_until(4, 3, _cp_may_start)
    offered = legal_actions(game)["C-P"]["lay_tile"]
    kept = prudent(game, legal_actions(game))["C-P"]["lay_tile"]
    assert 0 < len(kept) < len(offered)
    for choice in kept:
        trial = game_from_dict(game.title, game_to_dict(game))
        trial.process({"type": "lay_tile", "entity": "C-P", **choice})
        assert trial.companies["C-P"].uses["tile_lay"] == 1
        assert set(legal_actions(trial)) == {"C-P"}


# -- two players --------------------------------------------------------------------


def _buy_all_companies(game: Game) -> None:
    """Two players buy the companies in turn at face value; the CV's buyer sets its par."""
    for sym in COMPANIES:
        act(game, "bid", game.current_entity(), company=sym, price=COMPANIES[sym][0])
    corp = game.president_corporation("CV")
    act(game, "par", game.current_entity(), corporation=corp, share_price="70,4,2")


def test_two_players_have_30_percent_presidents_and_one_share_fewer():
    game = new_game(2, seed=1277)
    kept = game.president_corporation("CV")
    for sym, corp in game.corporations.items():
        assert sum(s.percent for s in corp.shares) == 100
        if sym == kept:
            assert (corp.shares[0].percent, len(corp.shares)) == (20, 9)
        else:
            assert (corp.shares[0].percent, corp.shares[-1].id) == (30, f"{sym}_7")
    three = new_game(3, seed=1277)
    assert all(c.shares[0].percent == 20 for c in three.corporations.values())


def _floated_two_player_game(rules: str | None = None) -> tuple[Game, Corporation, str, str]:
    """A two-player game after its auction: the president starts a corporation at 70
    (30%), the other player and they buy from the initial offering until it floats at
    60%, and the president passes. Returns the game, the corporation, its president and
    the other player, whose turn it is."""
    game = new_game(2, seed=1277, rules=rules)
    _buy_all_companies(game)
    corp_sym = next(s for s in ("PRR", "SRR", "LV", "C&A") if s != game.president_corporation("CV"))
    president = game.current_entity()
    other = P2 if president == P1 else P1
    act(game, "par", president, corporation=corp_sym, share_price="70,4,2")
    corp = game.corporations[corp_sym]
    assert corp.shares[0].percent == 30 and finance.total_money(game) == 8000
    for buyer in (other, president, other):
        assert not corp.floated  # 60% must be sold
        act(game, "buy_shares", buyer, shares=[corp.certificates_of("ipo")[0].id], percent=10)
    act(game, "pass", president)
    return game, corp, president, other


def test_two_players_float_to_the_market_and_a_purchase_takes_a_share_out():
    """At the float the unsold shares go to the market; a purchase there by the other
    player takes the market's last share out of the game (share_pool.rb)."""
    game, corp, president, other = _floated_two_player_game()
    assert corp.floated and corp.cash == 700
    assert not corp.certificates_of("ipo") and len(corp.certificates_of(POOL)) == 4
    pool = corp.certificates_of(POOL)
    act(game, "buy_shares", other, shares=[pool[0].id], percent=10)
    assert pool[0].owner == other and pool[-1].owner == OUT_OF_GAME
    assert corp.percent_of(POOL) == 20 and corp.percent_of(OUT_OF_GAME) == 10
    assert corp.percent_of(other) == 30 and corp.percent_of(president) == 40
    assert broken_invariants(game) == []


def test_without_purchase_removes_pool_share_a_purchase_takes_nothing_out():
    """``rules.stock.purchase_removes_pool_share: false``: the other player's purchase from
    the market buys that share alone."""
    rule = "rules: {stock: {purchase_removes_pool_share: false}}\n"
    game, corp, _, other = _floated_two_player_game(rule)
    pool = corp.certificates_of(POOL)
    act(game, "buy_shares", other, shares=[pool[-1].id], percent=10)
    assert pool[-1].owner == other and corp.percent_of(OUT_OF_GAME) == 0
    assert len(corp.certificates_of(POOL)) == 3


def test_the_cv_s_certificates_go_with_whichever_corporation_is_drawn():
    """The CV's ``certificates`` give the corporation drawn for it (another with another
    seed) a 20% president's certificate in the two-player game; changed, they change it."""
    drawn = {new_game(2, seed=seed).president_corporation("CV") for seed in (1, 2, 3, 1277)}
    assert len(drawn) > 1
    for seed in (1, 2, 3):
        game = new_game(2, seed=seed)
        corp = game.corporations[game.president_corporation("CV")]
        assert [s.percent for s in corp.shares] == [20] + [10] * 8
    rule = (
        "companies: {CV: {abilities: [{type: shares, corporation: random, president: true, "
        "certificates: [40, 20, 20, 20]}]}}\n"
    )
    game = new_game(2, seed=1, rules=rule)
    corp = game.corporations[game.president_corporation("CV")]
    assert [s.percent for s in corp.shares] == [40, 20, 20, 20]


def test_two_players_buying_the_market_s_last_share_buys_nothing():
    """18xx.games: when the share bought is the one the purchase takes out, nothing is
    bought and nothing paid, though the turn's purchase is made."""
    game, corp, _, other = _floated_two_player_game()
    last = corp.certificates_of(POOL)[-1]
    cash = game.players_by_id[other].cash
    act(game, "buy_shares", other, shares=[last.id], percent=10)
    assert last.owner == OUT_OF_GAME and game.players_by_id[other].cash == cash
    assert "buy_shares" not in legal_actions(game).get(other, {})
    assert broken_invariants(game) == []


@pytest.mark.parametrize("rule, rises", [("none_in_pool", True), ("players_hold_all", False)])
def test_a_corporation_the_market_holds_none_of_is_sold_out(rule, rises):
    """round/stock.rb's two-player sold_out?: the market holds none of it (a share is out
    of the game, so players never hold them all). Its price rises at the round's end."""
    game, corp, president, other = _floated_two_player_game(f"rules: {{stock: {{sold_out: {rule}}}}}\n")
    act(game, "buy_shares", other, shares=[corp.certificates_of(POOL)[0].id], percent=10)
    assert corp.percent_of(OUT_OF_GAME) == 10
    for share in corp.certificates_of(POOL):
        finance.move_share(game, share, president)
    price = game.market.price(corp.sym)
    act(game, "pass", president)
    act(game, "pass", other)  # both have passed: the stock round ends
    assert game.round.kind == "operating"
    assert (game.market.price(corp.sym) > price) is rises


def test_two_players_sold_out_means_none_in_the_market(title):
    two = load_title(TITLE, variants=["two_players"])
    assert two.rules.stock.sold_out == "none_in_pool" and title.rules.stock.sold_out == "players_hold_all"
    assert two.rules.stock.unsold_to_pool_on_float and not title.rules.stock.unsold_to_pool_on_float


def test_off_the_rails_plays_the_base_game(title):
    """18xx.games lists the optional rule otr but its engine reads it nowhere."""
    otr = load_title(TITLE, variants=["otr"])
    for section in (
        "bank",
        "rules",
        "map",
        "tiles",
        "market",
        "phases",
        "trains",
        "companies",
        "corporations",
    ):
        assert getattr(otr, section) == getattr(title, section), section
