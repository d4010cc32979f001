"""The two variants: the Oscarian Era (reference §4.15; rulebook §13.1) and the
two-player A.W. Edelsvärd game (reference §4.14; rulebook §13.2).
"""

from __future__ import annotations

from sj_support import (
    BOT,
    act,
    buy,
    cash,
    finish_auction,
    frozen,
    game_before,
    new_game,
    par,
    pass_operating_round,
    pass_stock_round,
    place,
    recorded,
    refused,
    sell,
    title,
    turn,
)

from framework.engine import finance, trains
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, IPO, POOL

ANN, BO, CY, DI = "1", "2", "3", "4"
AW = "-1"


# -- The Oscarian Era ---------------------------------------------------------------------------


def oscarian_sr1():
    """Seed 0, four players: Bo bought AEvR and set ÖKJ at 67; Cy has priority."""
    game = new_game(4, 0, "oscarian_era")
    finish_auction(game)
    return game


def float_snj(game):
    """Stock round 1: Cy starts SNJ at 67, Di buys an ÖKJ share, SNJ floats."""
    turn(game, CY, par("SNJ", "67,5,2"))
    turn(game, DI, buy("ÖKJ_1"))
    turn(game, ANN, buy("SNJ_1"))
    act(game, "pass", BO)
    turn(game, CY, buy("SNJ_2"))
    act(game, "pass", DI)
    turn(game, ANN, buy("SNJ_3"))
    act(game, "pass", BO)


@frozen
def oscarian_sr2():
    """After stock round 1 (SNJ floated) and OR 1 (SNJ built F25–E24 and bought 2-1)."""
    game = oscarian_sr1()
    float_snj(game)
    turn(game, CY, buy("SNJ_4"))
    pass_stock_round(game)
    act(game, "pass", "KHJ")
    act(game, "lay_tile", "SNJ", hex="F25", tile="9-0", rotation=2)
    act(game, "lay_tile", "SNJ", hex="E24", tile="7-0", rotation=5)
    act(game, "pass", "SNJ")
    act(game, "buy_train", "SNJ", train="2-1", price=80)
    act(game, "pass", "SNJ")
    assert (game.round.kind, game.current_entity()) == ("stock", DI)
    return game


def test_oscarian_every_corporation_is_fully_capitalised_from_the_start():
    """§4.15 / rulebook §13.1: every certificate starts in the IPO."""
    game = new_game(4, 0, "oscarian_era")
    assert {c.capitalization for c in game.corporations.values()} == {"full"}
    assert all(c.percent_of(IPO) == 100 for c in game.corporations.values())


def test_oscarian_aevr_gives_the_certificate_but_no_money():
    """§4.15: no 2 × par — that payment is for incremental corporations only."""
    game = oscarian_sr1()
    okj = game.corporations["ÖKJ"]
    assert (okj.president(), okj.par, okj.cash) == (BO, 67, 0)


def test_oscarian_starting_pays_twice_par_to_the_bank():
    """§4.15: the president's certificate is bought from the IPO, money to the bank."""
    game = oscarian_sr1()
    bank = game.bank
    turn(game, CY, par("SNJ", "67,5,2"))
    assert (cash(game, CY), game.corporations["SNJ"].cash, game.bank) == (530 - 134, 0, bank + 134)


def test_oscarian_ipo_shares_cost_par_and_floating_pays_ten_times_par():
    """§4.15: with SNJ's marker moved to 110, the fourth IPO share still costs 67 and the
    bank pays 670 (10 × par) when 60% are sold."""
    game = oscarian_sr1()
    float_snj(game)
    place(game, "SNJ", (0, 3))
    bank, player = game.bank, cash(game, CY)
    turn(game, CY, buy("SNJ_4"))
    snj = game.corporations["SNJ"]
    assert snj.floated and snj.cash == 670
    assert cash(game, CY) == player - 67
    assert game.bank == bank + 67 - 670


def test_oscarian_shares_of_a_started_unfloated_corporation_may_be_sold():
    """§4.15: Di sells the ÖKJ share (ÖKJ has 30% sold, not floated) at the market price."""
    game = oscarian_sr2()
    assert not game.corporations["ÖKJ"].floated
    turn(game, DI, sell("ÖKJ_1"))
    assert game.corporations["ÖKJ"].percent_of(POOL) == 10
    assert game.market.price("ÖKJ") == 65


def test_oscarian_ipo_stays_at_par_while_the_pool_sells_at_market():
    """§4.15: after Di's sale ÖKJ stands at 65: the IPO share costs 67 (par), the pool share 65."""
    game = oscarian_sr2()
    turn(game, DI, sell("ÖKJ_1"))
    before = cash(game, ANN)
    turn(game, ANN, buy("ÖKJ_2"))
    assert cash(game, ANN) == before - 67
    before = cash(game, BO)
    turn(game, BO, buy("ÖKJ_1"))
    assert cash(game, BO) == before - 65


def oscarian_or2():
    """Stock round 2: Ann sells an SNJ share to the pool; OR 2 reaches SNJ."""
    game = oscarian_sr2()
    act(game, "pass", DI)
    turn(game, ANN, sell("SNJ_1"))
    pass_stock_round(game)
    act(game, "pass", "KHJ")
    assert game.round.entity() == "SNJ"
    return game


def test_oscarian_corporations_never_redeem():
    """§4.15: SNJ has a share in the pool and money, but no redemption step."""
    game = oscarian_or2()
    assert game.corporations["SNJ"].percent_of(POOL) == 10
    assert "buy_shares" not in legal_actions(game)["SNJ"]
    refused(game, {"type": "buy_shares", "entity": "SNJ", "shares": ["SNJ_1"], "percent": 10})


def test_oscarian_pool_shares_pay_their_dividend_to_the_corporation():
    """§4.15: SNJ pays 40 (G26–F23): Cy 40% → 16, Ann 10% → 4, the pool's 10% → 4 to
    SNJ; the IPO's 40% pays nobody."""
    game = oscarian_or2()
    act(game, "pass", "SNJ")  # track
    act(game, "pass", "SNJ")  # token
    route = {
        "train": "2-1",
        "connections": [["G26", "F25", "E24", "F23"]],
        "hexes": ["G26", "F23"],
        "revenue": 40,
        "nodes": ["G26-0", "F23-0"],
    }
    act(game, "run_routes", "SNJ", routes=[route])
    before = {h: cash(game, h) for h in (CY, ANN, "SNJ")}
    bank = game.bank
    act(game, "dividend", "SNJ", kind="payout")
    assert {h: cash(game, h) - before[h] for h in before} == {CY: 16, ANN: 4, "SNJ": 4}
    assert game.bank == bank - 24


def test_oscarian_has_no_full_capitalisation_event():
    """§4.15: the first 5-train only closes the privates."""
    assert [e.type for e in title("oscarian_era").trains["5"].events] == ["close_companies"]
    assert [e.type for e in title().trains["5"].events] == [
        "close_companies",
        "full_capitalization",
    ]


# -- A.W. Edelsvärd -----------------------------------------------------------------------------


def test_two_players_use_the_three_player_certificate_limit():
    """§3.1: 26 with ten corporations."""
    assert finance.certificate_limit(new_game(2, 5)) == 26


@frozen
def two_player_sr2():
    """Seed 5: Ann bought FRY, GC, KHJ; Bo SB, MV and NE (MYJ at 67). SR 1 and OR 1 pass."""
    game = new_game(2, 5)
    finish_auction(game)
    pass_stock_round(game)
    assert game.round.kind == "operating"
    pass_operating_round(game)
    assert (game.round.kind, game.turn) == ("stock", 2)
    return game


def test_no_requisition_after_an_odd_stock_round():
    """§4.14: stock round 1 is followed by the operating round."""
    game = new_game(2, 5)
    finish_auction(game)
    pass_stock_round(game)
    assert game.round.kind == "operating"
    assert not any(c.bot for c in game.corporations.values())


def test_after_an_even_stock_round_the_lowest_valued_human_chooses():
    """§4.14: Ann (820) is worth less than Bo (994); any never-started corporation."""
    game = two_player_sr2()
    pass_stock_round(game)
    assert game.round.kind == "custom"
    values = {p: finance.player_value(game, p) for p in (ANN, BO)}
    assert values[ANN] < values[BO]
    options = [c["choice"] for c in legal_actions(game)[ANN]["choose"]]
    assert "MYJ" not in options
    assert options == [s for s, c in game.corporations.items() if c.par is None]


def test_a_tie_in_value_goes_to_the_earlier_in_priority():
    """§4.14: Ann acts last in SR 2, so Bo has priority; with equal values Bo chooses."""
    game = two_player_sr2()
    finance.pay(game, BO, BANK, 994 - 820)
    act(game, "choose", BO, choice="wait")
    turn(game, ANN, buy("MYJ_1"))
    act(game, "pass", BO)
    act(game, "pass", ANN)
    assert finance.player_value(game, ANN) == finance.player_value(game, BO)
    assert game.current_entity() == BO


def test_the_bot_takes_every_share_at_67_with_no_money():
    """§4.14: 100% to A.W., price 67, floated, 0 kr (real game, requisition of UGJ)."""
    game = game_before(BOT, 73)
    assert game.current_entity() == "12964"
    game.process(recorded(BOT, 73))
    ugj = game.corporations["UGJ"]
    assert ugj.bot and ugj.floated
    assert ugj.holders() == {AW: 100}
    assert (game.market.price("UGJ"), ugj.cash, cash(game, AW)) == (67, 0, 0)


def test_only_a_never_started_corporation_may_be_requisitioned():
    """§4.14: ÖSJ has been started (NE)."""
    game = game_before(BOT, 73)
    error = refused(game, {"type": "choose", "entity": 12964, "choice": "ÖSJ"})
    assert error.rule == "requisition"


def test_no_requisition_round_without_an_unstarted_corporation():
    """§4.14: with no corporation left to choose, the round is skipped."""
    game = two_player_sr2()
    for corp in game.corporations.values():
        if corp.par is None:
            corp.closed = True
    pass_stock_round(game)
    assert game.round.kind == "operating"


def test_bot_corporations_operate_last_in_alphabetical_order():
    """§4.14: MÖJ before UGJ, after everybody else (OR 4.1)."""
    game = game_before(BOT, 188)
    assert game.round.entities[-2:] == ["MÖJ", "UGJ"]
    assert game.market.price("SNJ") > 67


def test_after_its_dividend_a_trainless_bot_takes_depot_trains_for_free():
    """§4.14: UGJ takes 2-6, which will rust, so also 3-0 (phase 3)."""
    game = game_before(BOT, 91)
    game.process(recorded(BOT, 91))
    assert sorted(t.id for t in trains.owned(game, "UGJ")) == ["2-6", "3-0"]
    assert game.corporations["UGJ"].cash == 0
    assert game.phase == "3"


def test_a_bot_takes_a_d_as_an_e():
    """§4.14: a D taken this way is renamed E (phase D follows)."""
    game = game_before(BOT, 91)
    for train in game.trains.values():
        if train.owner == BANK and train.name != "D":
            train.owner = "removed"
    game.process(recorded(BOT, 91))
    (train,) = trains.owned(game, "UGJ")
    assert (train.name, train.variant) == ("D", "E")
    assert game.phase == "D"


def test_bot_dividends_are_paid_out_to_the_bot_and_the_price_stays():
    """§4.14: payout only; 100% to A.W.; no market movement."""
    game = game_before(BOT, 131)
    assert refused(game, {"type": "dividend", "entity": "UGJ", "kind": "withhold"}).rule == ("dividends")
    game.process(recorded(BOT, 131))
    assert cash(game, AW) == 40
    assert game.market.price("UGJ") == 67


def test_a_sold_out_bot_corporation_does_not_rise():
    """§4.14: UGJ (all shares with A.W.) stays at 67 after stock round 3."""
    game = game_before(BOT, 92)
    pass_stock_round(game)
    assert game.market.price("UGJ") == 67


def test_bots_lay_and_token_for_free():
    """§4.14: MÖJ (0 kr) lays in F9 (mountain 150) and tokens Stockholm for nothing."""
    game = game_before(BOT, 249)
    assert cash(game, "MÖJ") == 0
    for action_id in (249, 250, 251):
        game.process(recorded(BOT, action_id))
    assert game.board.placed["F9"].name == "9"
    assert game.board.cities_of("MÖJ")[-1][0] == "G10"


def test_bots_are_never_nationalised():
    """§4.14: UGJ (operated, its 3-train gone) is trainless when the 2-trains rust."""
    game = game_before(BOT, 212)
    game.trains["3-0"].owner = "rusted"
    game.process(recorded(BOT, 212))
    assert trains.owned(game, "UGJ") == []
    assert not game.corporations["UGJ"].closed
    assert game.board.cities_of("SJ") == []


def test_the_bot_is_left_out_of_the_result():
    """§4.14 / §4.13: in two-player games the result lists the humans only."""
    game = game_before(BOT, 475)
    game.process(recorded(BOT, 475))
    assert game.finished
    assert set(game.result()) == {"3429", "12964"}
