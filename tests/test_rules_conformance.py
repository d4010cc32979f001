"""Where the engine follows 18xx.games beyond the printed rules: the network walk and
the track restriction, routes, Motala Verkstad, NOHAB, the bank pool, the final company
step, The Gellivare Company, stock turns after a nationalisation, emergency money,
bankruptcy, the auction's free company, merged cities, a tile-lay ability's first lay, the
certificates of a nationalised corporation, train faces and the train limit (reference
§4.0, §4.2, §4.6–§4.14, §3.6; rulebook §6.1, §10.2–§10.8, §11, §12).

Positions are the real games just before a recorded action — 166116 (REAL; players
17876, 15550, 3041, 149), the bankrupt game (BANKRUPT; 18207, 1886, 19165, 16057) and the
two-player game (BOT; 3429, 12964) — adjusted where a test says so. Where a position is
one 18xx.games can judge (nothing adjusted but the actions tried), its verdict on the
same actions is checked too: the game file cut before the action with the actions after
it (``oracle_game``), all replayed in one run of its engine.
"""

from __future__ import annotations

import copy

import pytest
from oracle_support import oracle_verdicts, write_games
from sj_support import (
    BANKRUPT,
    BOT,
    REAL,
    cash,
    effective_actions,
    game_before,
    game_before_with,
    oracle_game,
    recorded,
    refused,
)

from framework.board import lays
from framework.engine import finance, operating, purchases, trains
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK, POOL
from framework.engine.state import game_from_dict, game_to_dict

P1, P2 = "17876", "15550"


def lay(entity, hex_id, tile, rotation):
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tile, "rotation": rotation}


def buy_train(entity, train, price, variant=None):
    action = {"type": "buy_train", "entity": entity, "train": train, "price": price}
    if variant:
        action["variant"] = variant
    return action


def sell(player, *certificates):
    return {
        "type": "sell_shares",
        "entity": player,
        "shares": list(certificates),
        "percent": 10 * len(certificates),
    }


def rules(text: str) -> str:
    """An overlay of the title's ``rules`` (indented YAML under ``rules:``)."""
    return "overlay: {name: changed rules}\nrules:\n" + text


def run(name, first, last):
    """The effective recorded actions of a real game with ids ``first`` to ``last``, in
    order, each with its auto actions."""
    return [
        copy.deepcopy(a) for a in effective_actions(name) if first <= a["id"] <= last and not a.get("auto")
    ]


def process(game, actions):
    """Process actions as the replay does: each, then its auto actions."""
    for action in actions:
        game.process({k: v for k, v in action.items() if k != "auto_actions"})
        for auto in action.get("auto_actions") or []:
            game.process({**auto, "id": action.get("id")})


# -- what 18xx.games makes of the same positions ----------------------------------------------------

BUY_NOHAB = {"type": "buy_company", "entity": "KFJ", "company": "NOHAB", "price": 45}
NOHAB_3 = buy_train("NOHAB", "3-2", 90, "3")
GC_F27 = lay("GC", "F27", "9-3", 0)
GC_E28 = lay("GC", "E28", "9-1", 0)


def _stj_runs_without_gc():
    """STJ's turn in 166116 after laying only F27 with GC: its routes without the 3-train's
    (which needs E28) and the payout."""
    routes = [r for r in recorded(REAL, 143)["routes"] if r["train"] != "3-3"]
    return [
        {"type": "pass", "entity": "STJ"},
        {"type": "run_routes", "entity": "STJ", "routes": routes, "extra_revenue": 0},
        {"type": "dividend", "entity": "STJ", "kind": "payout"},
    ]


BANKRUPTCIES = [(REAL, 92, "SNJ"), (REAL, 627, "UGJ"), (BANKRUPT, 604, "ÖSJ"), (BANKRUPT, 605, "ÖSJ")]
"""Bankruptcies tried: game, before action, corporation."""

ORACLE = {
    # name: (game, cut before, actions tried)
    "tgoj-24-e18": (REAL, 118, [lay("TGOJ", "E18", "24-0", 1)]),
    "mv-another-corporations-train": (REAL, 299, [buy_train("TGOJ", "4-2", 1, "4")]),
    "nohab-in-the-track-step": (BOT, 118, [BUY_NOHAB, NOHAB_3]),
    "nohab-in-the-train-step": (BOT, 118, [BUY_NOHAB, *run(BOT, 118, 122), NOHAB_3]),
    "khj-over-the-train-limit": (
        BOT,
        149,
        [{"type": "buy_company", "entity": "KFJ", "company": "KHJ", "price": 70}],
    ),
    "gc-pass": (REAL, 139, [{"type": "pass", "entity": "GC"}]),
    "gc-lay-after-the-dividend": (REAL, 117, [GC_F27, *run(REAL, 117, 134), *_stj_runs_without_gc(), GC_E28]),
    "gc-lay-lost-at-the-dividend": (REAL, 139, [GC_F27, *_stj_runs_without_gc(), GC_E28]),
    "others-train-below-the-range": (REAL, 435, [buy_train("UGJ", "5-0", 528, "5")]),
    "others-train-in-the-range": (REAL, 435, [buy_train("UGJ", "5-0", 529, "5")]),
    "sale-with-trains": (REAL, 74, [sell(P2, "ÖKJ_1")]),
    "no-help-from-the-depot": (REAL, 74, [buy_train("ÖKJ", "3-1", 180, "3")]),
    "no-help-from-others": (REAL, 74, [buy_train("ÖKJ", "2-1", 68, "2")]),
    "own-money-for-others": (REAL, 74, [buy_train("ÖKJ", "2-1", 67, "2")]),
    "after-a-sale-no-train-from-others": (REAL, 74, [sell(P2, "ÖKJ_1"), buy_train("ÖKJ", "2-1", 67, "2")]),
    **{f"bankrupt-{g}-{n}": (g, n, [{"type": "bankrupt", "entity": c}]) for g, n, c in BANKRUPTCIES},
}


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    """18xx.games' verdict on each position of :data:`ORACLE`, by name."""
    folder = tmp_path_factory.mktemp("conformance")
    files = {name: oracle_game(game, before, *actions) for name, (game, before, actions) in ORACLE.items()}
    return oracle_verdicts(write_games(folder, files))


def _last_id(name: str) -> int:
    _, before, actions = ORACLE[name]
    return before + len(actions) - 1


def accepted(oracle, name: str) -> bool:
    """Whether 18xx.games processed every action of the oracle file ``name``."""
    verdict = oracle[name]
    return verdict["refused"] is None and verdict["last_id"] == _last_id(name)


def refusal(oracle, name: str) -> str:
    """18xx.games' reason for refusing the last action of the oracle file ``name`` (having
    accepted all the others)."""
    refused = oracle[name]["refused"]
    assert refused is not None, f"18xx.games accepted every action of {name}"
    assert refused["id"] == _last_id(name), f"18xx.games refused an earlier action: {refused}"
    return refused["message"].replace("\xa0", " ")


def ours(name: str):
    """Our engine on the same actions as the oracle file ``name``: the game after all but
    the last, and the last."""
    game_name, before, actions = ORACLE[name]
    game = game_before(game_name, before)
    process(game, actions[:-1])
    return game, actions[-1]


# -- the track restriction and the network walk (reference §4.6, §4.7) ------------------------------


def test_track_restriction_is_judged_on_the_paths_walked_after_the_lay():
    """Reference §4.6 (semi-restrictive), rulebook §10.3.2: STJ upgrades the #8 in E18
    (edges 1–3) to a #24, whose new branch runs from edge 1 to edge 4; once it is laid,
    STJ's network walks that branch, so the upgrade is legal (166116 action 311)."""
    game = game_before(REAL, 311)
    game.process(recorded(REAL, 311))
    face = game.board.face("E18")
    branch = next(i for i, p in enumerate(face.paths) if {p.a, p.b} == {("edge", 1), ("edge", 4)})
    assert ("E18", branch) in game.board.reach("STJ").paths


def test_an_upgrade_is_refused_when_the_network_would_not_walk_its_new_branch(oracle):
    """Reference §4.6: the same #24 in E18 for TGOJ, before 166116 action 118. TGOJ reaches
    edge 1 of E18 (over the #8 from D19), but comes in by edge 3 and leaves by edge 1, so
    its network would not turn back into the branch from edge 1 to edge 4: no new track it
    runs on, no city whose revenue changes. 18xx.games refuses it too ("Must use new track
    or change city value")."""
    game = game_before(REAL, 118)
    layer = operating.layer(game, "TGOJ")
    assert {1, 3} <= lays._reached_edges(game.board, "TGOJ", "E18")
    assert ("24", 1) not in {(p.name, p.rotation) for p in lays.legal_lays(game.board, layer, "E18")}
    error = refused(game, lay("TGOJ", "E18", "24-0", 1))
    assert error.rule == "track restriction"
    assert refusal(oracle, "tgoj-24-e18") == "Must use new track or change city value"


def test_the_network_walk_never_turns_back_out_of_a_revenue_centre():
    """Reference §4.7, rulebook §10.2 ("backtracking is not allowed"): SNJ, before 166116
    action 86, runs from G26 through F23 and E22 (its #23, edge 5 to edge 1) into the city
    in E20. The #23's other path, from edge 1 to edge 4, is reached only by leaving E20 the
    way the walk came in and turning back at edge 1: the network does not walk it (nor
    does 18xx.games'), so SNJ does not reach E22's edge 4."""
    game = game_before(REAL, 86)
    assert game.board.cities_of("SNJ") == [("G26", 0)]
    reach = game.board.reach("SNJ")
    assert {("E22", 1), ("E20", 0), ("E20", 1)} <= reach.paths
    assert ("E22", 0) not in reach.paths
    assert ("E22", 4) not in reach.ports


def test_the_network_is_walked_from_each_station_separately():
    """Reference §4.7: each station is walked from with its own walk. Given a station in
    E20 as well, SNJ's network takes in the #23's spur in E22 (out of E20 by edge 4, into
    the junction at edge 1), although the walk from G26 has already walked E20's paths."""
    game = game_before(REAL, 86)
    game.board.add_token("SNJ", ("E20", 0))
    reach = game.board.reach("SNJ")
    assert ("E22", 0) in reach.paths
    assert ("E22", 4) in reach.ports


# -- routes (reference §4.8, §4.10) ---------------------------------------------------------------


def test_a_route_needs_two_revenue_centres_reached_from_one_station():
    """Reference §4.10 ("a walk from one of its tokens reaches at least two revenue
    centres"): before 166116 action 65 TGOJ has no train and its station in D19 reaches no
    other revenue centre. Given a second station in B11, where no track leads, its network
    holds two revenue centres but no station reaches two: still no route, so TGOJ need not
    buy a train and may pass."""
    game = game_before(REAL, 65)
    game.board.add_token("TGOJ", ("B11", 0))
    reach = game.board.reach("TGOJ")
    assert {("node", "D19", 0), ("node", "B11", 0)} <= reach.nodes
    assert reach.most_stops == 1
    assert not purchases.has_route(game, "TGOJ") and not purchases.must_buy(game, "TGOJ")
    assert "pass" in legal_actions(game)["TGOJ"]
    game.process({"type": "pass", "entity": "TGOJ"})
    assert game.round.entity() != "TGOJ"


# -- Motala Verkstad and NOHAB (reference §3.6, §4.0) -------------------------------------------


def test_motala_verkstad_waits_while_any_train_could_be_bought_but_sells_only_depot_trains(oracle):
    """Reference §3.6, §4.0 (step 11): TGOJ (owner of MV), given 294 kr before 166116
    action 290, cannot pay for the cheapest depot train (300), yet the early purchase step
    waits: another corporation's train could be bought for 1 kr. Only depot trains may be
    bought there. After the recorded purchase (TGOJ has 14 kr) the step still waits for the
    same reason, and 18xx.games refuses another corporation's train there too."""
    game = game_before(REAL, 290)
    finance.pay(game, "TGOJ", BANK, 20)
    assert cash(game, "TGOJ") < purchases.cheapest_depot_price(game) == 300
    assert game.round.active_step().name == "early_train_purchase"
    assert "pass" in legal_actions(game)["TGOJ"]
    assert refused(game, buy_train("TGOJ", "4-2", 1, "4")).rule == "trains"

    game, action = ours("mv-another-corporations-train")
    assert cash(game, "TGOJ") == 14 and game.round.active_step().name == "early_train_purchase"
    assert refused(game, action).rule == "trains"
    assert (
        refusal(oracle, "mv-another-corporations-train") == "Premature buys are only allowed from the Depot"
    )


def test_motala_verkstad_ends_by_itself_at_the_train_limit_and_is_used_up():
    """Reference §3.6: given SNJ's two 3-trains before 166116 action 290, TGOJ's 4-train
    brings it to the limit of 3; the early purchase step ends by itself (next come its
    routes) and MV's ability is spent."""
    game = game_before(REAL, 290)
    for train in ("3-1", "3-2"):
        game.trains[train].owner = "TGOJ"
    game.process(recorded(REAL, 290))
    assert game.round.active_step().name == "routes"
    assert game.companies["MV"].uses["early_train_purchase"] == 0


def test_motala_verkstad_is_used_up_only_by_a_turn_with_a_purchase():
    """Reference §3.6: TGOJ passing MV's step before 166116 action 290 keeps the ability;
    buying (action 290) and then passing (299) spends it."""
    game = game_before(REAL, 290)
    game.process({"type": "pass", "entity": "TGOJ"})
    assert game.companies["MV"].uses["early_train_purchase"] == 1
    game = game_before(REAL, 290)
    game.process(recorded(REAL, 290))
    assert game.companies["MV"].uses["early_train_purchase"] == 1
    game.process(recorded(REAL, 299))
    assert game.companies["MV"].uses["early_train_purchase"] == 0


def test_nohab_buys_only_in_the_train_buying_step(oracle):
    """Reference §3.6, §4.0 (step 14): KFJ buys NOHAB from 3429 at the start of its turn
    (bot game, before action 118). In the track step NOHAB's half-price train is neither
    offered nor allowed; once KFJ has laid, run and paid out (actions 118–122) and its
    train-buying step waits, NOHAB buys the 3-train for 90. 18xx.games agrees on both."""
    game, action = ours("nohab-in-the-track-step")
    assert game.round.active_step().name == "track"
    assert "NOHAB" not in legal_actions(game)
    assert refused(game, action).rule == "ability timing"
    assert "Track cannot process action buy_train" in refusal(oracle, "nohab-in-the-track-step")

    game, action = ours("nohab-in-the-train-step")
    assert game.round.active_step().name == "buy_train"
    assert legal_actions(game)["NOHAB"]["buy_train"] == [{"train": "3-2", "price": 90, "variant": "3"}]
    before = cash(game, "KFJ")
    game.process(action)
    assert game.trains["3-2"].owner == "KFJ" and cash(game, "KFJ") == before - 90
    assert accepted(oracle, "nohab-in-the-train-step")


def test_nohab_also_buys_a_train_from_the_pool():
    """Reference §3.6 (18xx.games offers NOHAB every listed train of the depot, the pool's
    included): in the train-buying step of the position above, with SNJ's 3-1 discarded
    to the pool, NOHAB may buy it for half its price."""
    game, _ = ours("nohab-in-the-train-step")
    game.trains["3-1"].owner = "SNJ"
    trains.discard(game, game.trains["3-1"])
    assert {"train": "3-1", "price": 90, "variant": "3"} in legal_actions(game)["NOHAB"]["buy_train"]
    game.process(buy_train("NOHAB", "3-1", 90, "3"))
    assert game.trains["3-1"].owner == "KFJ"


def test_nohab_is_not_usable_after_a_motala_verkstad_purchase():
    """Reference §3.6, §4.0: TGOJ, given NOHAB as well as MV before 166116 action 290,
    buys its 4-train early (290), passes (299), runs (300) and pays out (301): its train
    buying is over for the turn, so NOHAB's purchase is not offered and is refused. Had it
    passed MV's step instead, NOHAB would be offered in the train-buying step."""
    game = game_before(REAL, 290)
    game.companies["NOHAB"].owner = "TGOJ"
    game.companies["NOHAB"].uses["train_discount"] = 1
    process(game, run(REAL, 290, 290) + [recorded(REAL, i) for i in (299, 300, 301)])
    assert "NOHAB" not in legal_actions(game)
    assert refused(game, buy_train("NOHAB", "5-0", 265, "5")).rule == "ability timing"

    game = game_before(REAL, 290)
    game.companies["NOHAB"].owner = "TGOJ"
    game.companies["NOHAB"].uses["train_discount"] = 1
    game.process({"type": "pass", "entity": "TGOJ"})
    assert game.round.active_step().name == "buy_train"
    assert {"train": "4-3", "price": 150, "variant": "4"} in legal_actions(game)["NOHAB"]["buy_train"]


# -- the bank pool (reference §4.10) ------------------------------------------------------------


def test_the_pool_offers_the_first_discarded_train_of_a_type():
    """Reference §4.10, rulebook §10.7: the first 5-train (166116 action 411) lowers the
    limit to 2. Given STJ's 3-3 and TGOJ's 4-3, SNJ and ÖKJ hold three trains each; SNJ
    discards its 3-3, then ÖKJ its 3-0. The pool offers the 3-3, discarded first, not the
    3-0 with the lower number; once the 3-3 has left the pool (given to SWB), the 3-0."""
    game = game_before(REAL, 411)
    game.trains["3-3"].owner = "SNJ"
    game.trains["4-3"].owner = "ÖKJ"
    game.process(recorded(REAL, 411))
    game.process({"type": "discard_train", "entity": "SNJ", "train": "3-3"})
    assert game.current_entity() == "ÖKJ"
    game.process({"type": "discard_train", "entity": "ÖKJ", "train": "3-0"})
    assert game.trains["3-3"].discarded < game.trains["3-0"].discarded
    assert [t.id for t in trains.offered(game) if t.name == "3"] == ["3-3"]
    game.trains["3-3"].owner = "SWB"
    assert [t.id for t in trains.offered(game) if t.name == "3"] == ["3-0"]


# -- the final company step (reference §4.0 step 16, §4.11) ---------------------------------------


def test_a_company_priced_within_reach_keeps_the_final_step_open_though_its_merger_is_refused(oracle):
    """Reference §4.0 (step 16), §4.11, rulebook §6.1.8: KFJ (bot game, before action 149)
    holds four trains, the limit, and 157 kr. With KHJ the only company for sale (NOJ, GC
    and NOHAB given to ÖSJ), the final step still waits, with only a pass to do: KHJ is
    priced within reach, though taking in KHJ's 2-train would break the limit, so the
    purchase is refused — as 18xx.games refuses it."""
    game = game_before(BOT, 149)
    for company in ("NOJ", "GC", "NOHAB"):
        game.companies[company].owner = "ÖSJ"
    assert len(trains.owned(game, "KFJ")) == game.train_limit("KFJ") == 4
    assert game.round.active_step().name == "buy_company"
    assert legal_actions(game) == {"KFJ": {"pass": [{}]}}
    khj = {"type": "buy_company", "entity": "KFJ", "company": "KHJ", "price": 70}
    assert refused(game, khj).rule == "train limit"
    game.process({"type": "pass", "entity": "KFJ"})
    assert game.round.entity() != "KFJ"
    assert refusal(oracle, "khj-over-the-train-limit") == "Cannot merge minor KHJ as it exceeds train limit"


# -- The Gellivare Company (reference §3.6, §4.9) -----------------------------------------------


def test_gc_never_passes_in_18xx_games_either(oracle):
    """Reference §3.6, §4.0: GC's special track step never waits, so GC has no pass: not
    offered, refused here (before 166116 action 139) and in 18xx.games."""
    game, action = ours("gc-pass")
    assert "pass" not in legal_actions(game)["GC"]
    refused(game, action)
    assert refusal(oracle, "gc-pass").startswith("Not The Gellivare Company's turn")


def test_a_gc_lay_after_its_owners_dividend_survives_the_other_dividends(oracle):
    """Reference §3.6, §4.9: STJ lays F27 with GC after its dividend (before 166116 action
    117, in the final step); TGOJ's and ÖKJ's dividends follow (118–134). The second lay
    is not lost, not even at STJ's own next dividend, in the next operating round (it lays
    nothing, runs without its 3-train and pays out): GC then lays E28, in 18xx.games too."""
    game, action = ours("gc-lay-after-the-dividend")
    assert game.round.entity() == "STJ" and (game.turn, game.or_number) == (2, 2)
    assert game.round.active_step().name == "buy_train"
    assert game.companies["GC"].uses["tile_lay"] == 1
    game.process(action)
    assert game.board.placed["E28"].name == "9"
    assert accepted(oracle, "gc-lay-after-the-dividend")


def test_gc_lays_left_are_lost_at_the_owners_dividend_after_a_lay(oracle):
    """Reference §3.6, §4.9: STJ lays only F27 with GC (before 166116 action 139), runs
    without the 3-train and pays out: the second lay is gone, here and in 18xx.games."""
    game, action = ours("gc-lay-lost-at-the-dividend")
    assert game.companies["GC"].uses["tile_lay"] == 0
    refused(game, action)
    assert "cannot process action lay_tile" in refusal(oracle, "gc-lay-lost-at-the-dividend")


# -- stock turns after a nationalisation (reference §4.3, §4.12) --------------------------------

NO_SALES = "  stock: {first_sales: 99}\n"


def test_after_a_nationalisation_a_player_who_could_pay_a_par_share_has_a_turn():
    """Reference §4.3, §4.12 (``rules.nationalization.turns_as_unstarted``): in 166116's
    last stock round (SNJ and MÖJ nationalised), with sales barred (``stock.first_sales``),
    17876 buys ÖSJ_1 (action 766) and keeps 68 kr; 15550, 3041 and 149 are at the
    certificate limit. 18xx.games still counts a nationalised corporation as one that
    could be started, so 17876, who could pay one share at the lowest par (67), has
    another turn with only a pass to do. With the field false nobody has anything to do and
    the operating round begins."""
    game = game_before_with(REAL, 766, rules(NO_SALES))
    assert game.title.rules.nationalization.turns_as_unstarted
    game.process(recorded(REAL, 766))
    assert (game.round.kind, game.current_entity(), cash(game, P1)) == ("stock", P1, 68)
    assert legal_actions(game) == {P1: {"pass": [{}]}}

    game = game_before_with(REAL, 766, rules(NO_SALES + "  nationalization: {turns_as_unstarted: false}\n"))
    game.process(recorded(REAL, 766))
    assert game.round.kind == "operating"


# -- emergency money (reference §4.10, rulebook §10.8) -----------------------------------------


def test_after_an_emergency_sale_another_corporations_train_must_cost_more_than_it_left_over(oracle):
    """Reference §4.10: UGJ (416 kr) must buy; 17876 sold SNJ and then UGJ at 71 (166116
    actions 433, 434) and has 183. SWB's 5-train (face 530) must now cost more than
    416 + 183 − 71 = 528, as in 18xx.games ("may only spend between 529 kr and 530 kr")."""
    game = game_before(REAL, 435)
    assert (cash(game, "UGJ"), cash(game, P1)) == (416, 183)
    listed = [c for c in legal_actions(game)["UGJ"]["buy_train"] if c["train"] == "5-0"]
    assert listed == [{"train": "5-0", "price": 529, "max": 530, "variant": "5"}]
    assert refused(game, buy_train("UGJ", "5-0", 528, "5")).rule == "emergency"
    game.process(buy_train("UGJ", "5-0", 529, "5"))
    assert (game.trains["5-0"].owner, cash(game, "UGJ"), cash(game, P1)) == ("UGJ", 0, 183 - 113)
    assert "may only spend between 529 kr and 530 kr" in refusal(oracle, "others-train-below-the-range")
    assert accepted(oracle, "others-train-in-the-range")


def test_the_president_sells_only_for_a_train_the_corporation_must_buy(oracle):
    """Rulebook §10.8 ("if a corporation is obligated to purchase a train"): ÖKJ holds two
    trains and 67 kr before 166116 action 74; with 15550's 43 it is short of the cheapest
    depot train (180), but it need not buy one, so 15550 may not sell. 18xx.games' page
    offers no sale here either, though its engine would accept one (a documented
    difference: docs/conformance.md)."""
    game = game_before(REAL, 74)
    assert trains.owned(game, "ÖKJ") and not purchases.must_buy(game, "ÖKJ")
    assert cash(game, "ÖKJ") + cash(game, P2) < purchases.cheapest_depot_price(game) == 180
    assert P2 not in legal_actions(game)
    refused(game, sell(P2, "ÖKJ_1"))
    assert accepted(oracle, "sale-with-trains")


def test_a_corporation_that_need_not_buy_may_not_use_its_presidents_money(oracle):
    """Rulebook §10.8 ("if a corporation is obligated to purchase"), reference §4.10: ÖKJ,
    which has trains, pays only with its own 67 kr before 166116 action 74, 15550's 43
    notwithstanding: not the depot's 3-train (180), not SNJ's 2-train for 68; 67 is fine.
    18xx.games says the same each time."""
    game = game_before(REAL, 74)
    assert {"train": "2-1", "price": 1, "max": 67, "variant": "2"} in legal_actions(game)["ÖKJ"]["buy_train"]
    assert refused(game, buy_train("ÖKJ", "3-1", 180, "3")).rule == "money"
    assert refused(game, buy_train("ÖKJ", "2-1", 68, "2")).rule == "train price"
    game.process(buy_train("ÖKJ", "2-1", 67, "2"))
    assert (cash(game, "ÖKJ"), cash(game, P2)) == (0, 43)
    assert refusal(oracle, "no-help-from-the-depot") == "ÖKJ has 67 and cannot spend 180"
    assert refusal(oracle, "no-help-from-others") == "ÖKJ has 67 and cannot spend 68"
    assert accepted(oracle, "own-money-for-others")


def short_tgoj(game):
    """The bankrupt game before action 117 with TGOJ left 100 kr and no train."""
    finance.pay(game, "TGOJ", BANK, cash(game, "TGOJ") - 100)
    for train in trains.owned(game, "TGOJ"):
        train.owner = "removed"
    assert purchases.must_buy(game, "TGOJ")
    return game


def test_shares_of_a_started_but_unfloated_corporation_sell_in_an_emergency():
    """Reference §4.10, ``trains.emergency.sell_unfloated``: 19165 holds STJ_1 of STJ,
    started but not floated, and is president of TGOJ (bankrupt game, before action 117,
    TGOJ given only 100 kr and no train: with 19165's 28 short of the 180 3-train it must
    buy one). In an emergency the share may be sold, though not in a stock round; with the
    field false it may not."""
    game = short_tgoj(game_before(BANKRUPT, 117))
    stj = game.corporations["STJ"]
    assert stj.sym in game.market.positions and not stj.floated
    game.process(sell("19165", "STJ_1"))
    assert stj.percent_of("19165") == 0

    game = short_tgoj(
        game_before_with(BANKRUPT, 117, rules("  trains: {emergency: {sell_unfloated: false}}\n"))
    )
    assert refused(game, sell("19165", "STJ_1")).rule == "selling"


def test_an_emergency_sale_of_an_unfloated_corporation_is_listed():
    """What may be done is listed (docs/engine.md): the sale of STJ_1 above."""
    game = short_tgoj(game_before(BANKRUPT, 117))
    assert {"shares": ["STJ_1"], "percent": 10} in legal_actions(game)["19165"]["sell_shares"]


def test_sell_more_than_needed_lets_the_president_sell_past_the_need():
    """Rulebook §10.8 (Ebba's example), ``trains.emergency.sell_more_than_needed``: 17876
    needs 112 for UGJ (before 166116 action 433); three SNJ shares (330) are more than
    needed and refused — allowed with the field true."""
    three = sell(P1, "SNJ_1", "SNJ_2", "SNJ_3")
    assert refused(game_before(REAL, 433), three).rule == "emergency"
    game = game_before_with(REAL, 433, rules("  trains: {emergency: {sell_more_than_needed: true}}\n"))
    assert {"shares": three["shares"], "percent": 30} in legal_actions(game)[P1]["sell_shares"]
    game.process(three)
    assert game.corporations["SNJ"].percent_of(P1) == 60 - 30


def test_from_others_up_to_any_lets_the_president_pay_past_the_face_value():
    """Rulebook §10.8, ``trains.emergency.from_others_up_to``: ÖSJ (456 kr) must buy with
    15550's help (before 166116 action 608); SWB's 5-train (face 530) for 600 is refused at
    ``face_value`` and allowed with ``any``."""
    assert refused(game_before(REAL, 608), buy_train("ÖSJ", "5-0", 600, "5")).rule == "emergency"
    game = game_before_with(REAL, 608, rules("  trains: {emergency: {from_others_up_to: any}}\n"))
    listed = [c for c in legal_actions(game)["ÖSJ"]["buy_train"] if c["train"] == "5-0"]
    assert listed == [{"train": "5-0", "price": 1, "max": 456 + 540, "variant": "5"}]
    game.process(buy_train("ÖSJ", "5-0", 600, "5"))
    assert (cash(game, "ÖSJ"), cash(game, P2), cash(game, "SWB")) == (0, 540 - 144, 1 + 600)


def test_cheapest_depot_train_false_lets_the_president_pay_for_another_depot_train():
    """Rulebook §10.8, ``trains.emergency.cheapest_depot_train``: TGOJ must buy with
    17876's money (before 166116 action 620, 17876 given 1000 kr more); the E for 1300 is
    refused while only the cheapest depot train (the D for 1100) may be bought that way,
    and allowed with the field false."""
    game = game_before(REAL, 620)
    finance.pay(game, BANK, P1, 1000)
    assert refused(game, buy_train("TGOJ", "D-1", 1300, "E")).rule == "emergency"
    game = game_before_with(REAL, 620, rules("  trains: {emergency: {cheapest_depot_train: false}}\n"))
    finance.pay(game, BANK, P1, 1000)
    money = cash(game, "TGOJ") + cash(game, P1)
    game.process(buy_train("TGOJ", "D-1", 1300, "E"))
    assert (game.trains["D-1"].variant, cash(game, "TGOJ"), cash(game, P1)) == ("E", 0, money - 1300)


def test_with_cheapest_depot_train_false_the_other_depot_trains_are_listed():
    """What may be done is listed (docs/engine.md): the E for 1300 above."""
    game = game_before_with(REAL, 620, rules("  trains: {emergency: {cheapest_depot_train: false}}\n"))
    finance.pay(game, BANK, P1, 1000)
    assert {"train": "D-1", "price": 1300, "variant": "E"} in legal_actions(game)["TGOJ"]["buy_train"]


# -- bankruptcy (reference §4.13, rulebook §10.8, §12) -------------------------------------------


def test_bankruptcy_only_for_a_corporation_that_must_buy_in_its_train_step(oracle):
    """Rulebook §10.8 ("if the president is unable to raise enough money"), reference
    §4.13: SNJ holds four trains and 12 kr in its final company step before 166116 action
    92, UGJ a 5-train and 300 kr in its train-buying step before 627; neither president
    could reach the cheapest depot train, but neither corporation has to buy one, so
    there is no bankruptcy. (18xx.games' engine takes a ``bankrupt`` at any moment of a
    turn when the money is short — it accepts both; its page offers it only in an
    emergency purchase, as here.)"""
    for action_id, corp in ((92, "SNJ"), (627, "UGJ")):
        game = game_before(REAL, action_id)
        assert trains.owned(game, corp) and not purchases.must_buy(game, corp)
        assert "bankrupt" not in legal_actions(game)[corp]
        refused(game, {"type": "bankrupt", "entity": corp})
        assert accepted(oracle, f"bankrupt-{REAL}-{action_id}")


@pytest.mark.parametrize("action_id", [604, 605])
def test_a_bankrupt_president_keeps_what_cannot_be_sold_and_it_counts_as_in_18xx_games(oracle, action_id):
    """Reference §4.13, rulebook §10.8 and §12 ("a bankrupt player may have a net worth
    greater than 0 kr if they were unable to sell all of their stock"): ÖSJ must buy a
    train and 16057 cannot raise the 1100 kr D (bankrupt game, before action 604, and
    before 605, after selling 30% of ÖSJ). Going bankrupt, 16057 first makes the largest
    sale each corporation allows, in operating order — the pool takes ÖSJ only up to 50%,
    and MÖJ's president's certificate has no taker — then pays all cash to the bank. The
    certificates left count in the score, and the scores are the ones 18xx.games gives."""
    game = game_before(BANKRUPT, action_id)
    assert purchases.must_buy(game, "ÖSJ") and "bankrupt" in legal_actions(game)["ÖSJ"]
    game.process({"type": "bankrupt", "entity": "ÖSJ"})
    assert game.finished and game.end_reason == "bankrupt" and cash(game, "16057") == 0
    assert game.corporations["ÖSJ"].percent_of("16057") == 30
    assert [s.id for s in game.corporations["MÖJ"].certificates_of("16057")] == ["MÖJ_0"]
    assert game.result()["16057"] == finance.player_value(game, "16057") > 0
    name = f"bankrupt-{BANKRUPT}-{action_id}"
    verdict = oracle[name]
    assert accepted(oracle, name) and verdict["finished"] and verdict["game_end_reason"] == game.end_reason
    assert verdict["result"] == game.result()


# -- more positions, some played on past the recorded actions, for 18xx.games to judge ---------------


def idle(entity, *kinds):
    """``entity`` doing nothing, in order: ``"pass"`` (a step passed) or ``"run"`` (no routes)."""
    return [
        {"type": "pass", "entity": entity}
        if kind == "pass"
        else {"type": "run_routes", "entity": entity, "routes": []}
        for kind in kinds
    ]


def trade_in(entity, train, price, variant, exchange):
    return {**buy_train(entity, train, price, variant), "exchange": exchange}


def discard(entity, train):
    return {"type": "discard_train", "entity": entity, "train": train}


AUCTION_PASSES = [{"type": "pass", "entity": p} for _ in range(4) for p in (P1, P2, "3041", "149")]
"""Everybody passing four times round from 166116 action 5 on (FRY 20 → 0)."""

BOT_TO_OR_6_2 = [
    *idle("KFJ", "pass", "run"),
    *idle("SWB", "pass", "run", "pass"),
    *idle("ÖSJ", "pass", "run"),
    *idle("ÖKJ", "pass", "pass"),
    buy_train("ÖKJ", "6-0", 630, "6"),
    *idle("ÖKJ", "pass"),
    *idle("TGOJ", "pass"),
    buy_train("TGOJ", "6-1", 630, "6"),
    *idle("TGOJ", "pass"),
    *idle("BJ", "pass", "run", "pass"),
    *idle("SNJ", "pass", "pass", "run", "pass"),
    *idle("MYJ", "pass", "pass"),
    *idle("MÖJ", "pass"),
    *idle("UGJ", "pass", "run"),
    *idle("ÖSJ", "pass", "run"),
    buy_train("ÖSJ", "6-1", 1, "6"),
    *idle("ÖKJ", "pass", "pass", "run", "pass"),
    *idle("TGOJ", "pass"),
]
"""The bot game played on from its last position (before action 475, OR 6.1) to TGOJ's
train-buying step in OR 6.2: nobody lays, places, runs or pays out; ÖKJ and TGOJ buy the two
6-trains (KFJ, its 3-trains rusted, is nationalised); A.W.'s MYJ, trainless, takes D-0 as an E,
which rusts the 4-trains (SWB is nationalised), and A.W.'s MÖJ then takes D-1 as an E; in OR
6.2 ÖSJ buys TGOJ's 6-train for 1 kr."""

TAKE_4_2 = buy_train("ÖKJ", "4-2", 213, "4")
"""ÖKJ (1013 kr and the 4-1 before 166116 action 603) buys KFJ's 4-2, keeping 800 kr."""

POOL_D = [buy_train("UGJ", "D-2", 1, "D"), buy_train("UGJ", "D-0", 1, "E"), discard("UGJ", "D-2")]
"""UGJ (900 kr and the 5-2 before 166116 action 726) buys KFJ's D-2 and ÖKJ's D-0 for 1 kr
each and discards D-2 to the pool."""

ORACLE.update(
    {
        "free-company-then-the-next-player": (REAL, 5, [*AUCTION_PASSES, {"type": "pass", "entity": P2}]),
        "free-company-then-not-its-owner": (REAL, 5, [*AUCTION_PASSES, {"type": "pass", "entity": P1}]),
        "gc-first-lay-anywhere": (REAL, 139, [lay("STJ", "F27", "9-3", 0), lay("GC", "E28", "9-1", 1)]),
        "requisitioned-e-above-the-d-face": (BOT, 475, [*BOT_TO_OR_6_2, buy_train("TGOJ", "D-0", 1101, "E")]),
        "requisitioned-e-at-the-d-face": (BOT, 475, [*BOT_TO_OR_6_2, buy_train("TGOJ", "D-0", 1100, "E")]),
        "requisitioned-e-bought-as-a-d": (BOT, 475, [*BOT_TO_OR_6_2, buy_train("TGOJ", "D-0", 1100, "D")]),
        "pool-d-trade-in": (REAL, 726, [*POOL_D, trade_in("UGJ", "D-2", 800, "D", "5-2")]),
        "at-the-limit-from-the-depot": (
            REAL,
            603,
            [TAKE_4_2, buy_train("ÖKJ", "6-1", 630, "6"), discard("ÖKJ", "4-1")],
        ),
        "at-the-limit-from-another-corporation": (REAL, 603, [TAKE_4_2, buy_train("ÖKJ", "5-0", 1, "5")]),
        "at-the-limit-without-a-trade-in": (
            REAL,
            603,
            [buy_train("ÖKJ", "4-2", 214, "4"), buy_train("ÖKJ", "6-1", 630, "6")],
        ),
    }
)


# -- the auction (reference §4.2) -----------------------------------------------------------------


def test_a_company_given_away_at_0_kr_passes_the_turn_on_from_its_new_owner(oracle):
    """Reference §4.2 ("when it reaches 0, the player seated after the one who made the last
    pass receives it for free ... then all marks are cleared and the turn passes on"): before
    166116 action 5 all four players have bid (NE, GKB, GC, MV). If they then pass four times
    round, FRY falls from 20 to 0 kr and 17876, after 149 who passed last, takes it for
    nothing; GKB, GC and MV go to their bidders, and the turn goes on from 17876 to 15550 — not
    back to 17876. 18xx.games agrees: 15550 may pass, 17876 may not."""
    before = cash(game_before(REAL, 5), P1)
    game, action = ours("free-company-then-the-next-player")
    owners = {c: game.companies[c].owner for c in ("FRY", "GKB", "GC", "MV")}
    assert owners == {"FRY": P1, "GKB": P2, "GC": "3041", "MV": "149"}
    assert cash(game, P1) == before
    assert game.current_entity() == P2
    refused(game, {"type": "pass", "entity": P1})
    game.process(action)
    assert accepted(oracle, "free-company-then-the-next-player")
    assert "cannot process action pass" in refusal(oracle, "free-company-then-not-its-owner")


# -- the track restriction when cities merge (reference §4.6) -------------------------------------


def test_merging_stockholms_cities_keeps_every_station_for_the_track_restriction():
    """Reference §4.6 ("a city upgrade is legal when the corporation reaches any track of the
    city"; tokens "stay with the matching city"), rulebook §10.3.2: before 166116 action 605
    (phase D) Stockholm is the X4, four one-slot cities, with SJ's station in city 0 and SWB's
    in city 3; ÖSJ's network does not reach it, so ÖSJ may not lay the X5. Given a station in
    city 2 as well, it may: the X5 merges the four into one four-slot city, worth 90 instead
    of 70, and every station counts for the check — ÖSJ's with SJ's and SWB's, which all stay.
    (No action gives ÖSJ that station before its track step: not a position 18xx.games can
    judge.)"""
    x5 = lay("ÖSJ", "G10", "X5-0", 5)
    assert refused(game_before(REAL, 605), x5).rule == "track restriction"
    game = game_before(REAL, 605)
    game.board.add_token("ÖSJ", ("G10", 2))
    assert [(n.revenue, n.slots) for n in game.board.face("G10").nodes] == [(70, 1)] * 4
    layer = operating.layer(game, "ÖSJ")
    assert ("X5", 5) in {(p.name, p.rotation) for p in lays.legal_lays(game.board, layer, "G10")}
    game.process(x5)
    assert [(n.revenue, n.slots) for n in game.board.face("G10").nodes] == [(90, 4)]
    assert game.board.tokens[("G10", 0)] == ["SJ", "ÖSJ", "SWB", None]


# -- The Gellivare Company's first lay (reference §3.6) --------------------------------------------


def test_a_tile_lay_abilitys_first_lay_need_not_connect_to_a_tile_it_did_not_lay(oracle):
    """Reference §3.6 ("if both are laid, the two tiles must connect to each other"): before
    166116 action 139 STJ, owner of GC, lays F27 with its own lay (a #9 towards G26 and E28).
    GC's first lay may still go anywhere in E28 — a #9 from edge 1 to edge 4, not facing
    F27 — since only a tile an earlier lay of GC placed binds a later one. 18xx.games, which
    checks the connection only from the second lay, accepts it too."""
    game, action = ours("gc-first-lay-anywhere")
    assert game.board.placed["F27"].name == "9" and game.companies["GC"].uses["tile_lay"] == 2
    assert {"hex": "E28", "tile": "9-1", "rotation": 1} in legal_actions(game)["GC"]["lay_tile"]
    game.process(action)
    assert 0 not in game.board.face("E28").exits  # edge 0 faces F27
    assert game.companies["GC"].uses["tile_lay"] == 1
    assert accepted(oracle, "gc-first-lay-anywhere")


# -- nationalisation (reference §4.12, §4.3) -------------------------------------------------------


def test_a_nationalised_treasury_takes_back_the_players_certificates_from_priority_then_the_pools():
    """Reference §4.12 (step 5), rulebook §11: a nationalised corporation's treasury keeps its
    own certificates first, then gets back the initial offering's (none here: both are
    incrementally capitalised), the players' from the priority holder on, then the pool's, as
    18xx.games deals them. 149 holds priority: SNJ, nationalised by 166116 action 592, gets
    17876's SNJ_0, SNJ_2–SNJ_4 and 15550's SNJ_5 (149 has none) before the pool's SNJ_6,
    SNJ_1 and SNJ_7 (in the order the pool got them); MÖJ, nationalised by action 603, gets
    149's five, then 15550's MÖJ_6, then 3041's MÖJ_5."""
    game = game_before(REAL, 592)
    process(game, run(REAL, 592, 592))
    assert game.nationalised == ["SNJ"]
    order = [s.id for s in game.corporations["SNJ"].certificates_of("SNJ")]
    assert order == [f"SNJ_{i}" for i in (8, 0, 2, 3, 4, 5, 6, 1, 7)]
    game = game_before(REAL, 603)
    assert [p.id for p in game.players_from_priority()] == ["149", P1, P2, "3041"]
    process(game, run(REAL, 603, 603))
    order = [s.id for s in game.corporations["MÖJ"].certificates_of("MÖJ")]
    assert order == [f"MÖJ_{i}" for i in (7, 8, 0, 1, 2, 3, 4, 6, 5)]


def test_after_a_nationalisation_a_turn_needs_the_first_certificate_returned_at_the_lowest_par():
    """Reference §4.3, §4.12 (``rules.nationalization.turns_as_unstarted``): in 166116's last
    stock round with sales barred, 17876 (68 kr after action 766) has a turn (see the test of
    the field above) because the first certificate SNJ's and MÖJ's treasuries hold, one of
    their own, is a 10% one: 67 kr at the lowest par. Had they kept none of their own (SNJ_8,
    MÖJ_7 and MÖJ_8 given to the pool just before actions 592 and 603, which moves no money),
    the first each got back would be a president's certificate — 17876's SNJ_0, 149's MÖJ_0
    — at twice 67 kr: no turn for 17876, and the operating round begins. (Certificates moved
    outside any action: not a position 18xx.games can judge.)"""
    title = game_before_with(REAL, 766, rules(NO_SALES)).title
    game = game_before(REAL, 592)
    finance.move_share(game, game.corporations["SNJ"].shares[8], POOL)
    process(game, run(REAL, 592, 602))
    for share in game.corporations["MÖJ"].shares[7:]:
        finance.move_share(game, share, POOL)
    process(game, run(REAL, 603, 765))
    firsts = [game.corporations[c].certificates_of(c)[0] for c in ("SNJ", "MÖJ")]
    assert [(s.id, s.percent) for s in firsts] == [("SNJ_0", 20), ("MÖJ_0", 20)]
    game = game_from_dict(title, game_to_dict(game))
    game.process(recorded(REAL, 766))
    assert cash(game, P1) == 68 and game.round.kind == "operating"


# -- trains: faces and the train limit (reference §4.10, §4.14) -------------------------------------


def test_a_requisitioned_e_train_keeps_the_d_face_value_for_an_emergency_purchase(oracle):
    """Reference §4.14 (A.W.'s corporations take a D "renamed E"), rulebook §10.8 ("the
    price paid for the train may not exceed its face value"): the bot game played on into OR
    6.2 (see ``BOT_TO_OR_6_2``). TGOJ (371 kr) has no train and must buy one, with 3429's
    1671 kr to help; MYJ's D-0, taken as an E, is worth the D's 1100 kr, not an E's 1300, so
    TGOJ may pay at most 1100 for it — as in 18xx.games ("may only spend between 1 kr and
    1100 kr")."""
    game, action = ours("requisitioned-e-at-the-d-face")
    assert game.trains["D-0"].owner == "MYJ" and game.trains["D-0"].variant == "E"
    assert purchases.must_buy(game, "TGOJ") and (cash(game, "TGOJ"), cash(game, "3429")) == (371, 1671)
    assert {"train": "D-0", "price": 1, "max": 1100, "variant": "E"} in legal_actions(game)["TGOJ"][
        "buy_train"
    ]
    assert refused(game, buy_train("TGOJ", "D-0", 1101, "E")).rule == "emergency"
    game.process(action)
    assert (game.trains["D-0"].owner, cash(game, "TGOJ"), cash(game, "3429")) == ("TGOJ", 0, 1671 - 729)
    assert "may only spend between 1 kr and 1100 kr" in refusal(oracle, "requisitioned-e-above-the-d-face")
    assert accepted(oracle, "requisitioned-e-at-the-d-face")


def test_a_train_bought_takes_the_face_named_in_the_action(oracle):
    """Reference §4.10, §3.4 (an E is the E face of a D card): in the position above TGOJ buys
    MYJ's D-0, an E, naming it a D: it becomes a D, worth 1100 kr. 18xx.games accepts the
    purchase."""
    game, action = ours("requisitioned-e-bought-as-a-d")
    game.process(action)
    train = game.trains["D-0"]
    assert (train.owner, train.variant, trains.face_value(game, train)) == ("TGOJ", "D", 1100)
    assert accepted(oracle, "requisitioned-e-bought-as-a-d")


def test_trade_ins_are_listed_beside_the_cheapest_depot_train(oracle):
    """Rulebook §10.7 ("the corporation may trade-in a 4-, 5-, or 6-train for a 300 kr
    discount ... even if the corporation is at train limit"), reference §4.10: before 166116
    action 726 UGJ (900 kr, the 5-2) buys KFJ's D-2 and ÖKJ's D-0 for 1 kr each and discards
    D-2 to the pool (``POOL_D``). With 898 kr it cannot pay for the cheapest depot train, the
    1100 kr D, yet every trade-in within its means is listed: the new D-3's and also the pool's
    D-2 for 800 with the 5-2 traded in, which UGJ buys — in 18xx.games too."""
    game, action = ours("pool-d-trade-in")
    assert [t.id for t in trains.offered(game)] == ["D-3", "D-2"] and cash(game, "UGJ") == 898
    listed = legal_actions(game)["UGJ"]["buy_train"]
    assert {"train": "D-3", "price": 800, "variant": "D", "exchange": "5-2"} in listed
    assert {"train": "D-2", "price": 800, "variant": "D", "exchange": "5-2"} in listed
    game.process(action)
    assert sorted(t.id for t in trains.owned(game, "UGJ")) == ["D-0", "D-2"] and cash(game, "UGJ") == 98
    assert accepted(oracle, "pool-d-trade-in")


def test_at_the_train_limit_a_corporation_that_can_afford_a_trade_in_may_buy_any_train(oracle):
    """Rulebook §10.7 (a trade-in "may be done even if the corporation is at train limit"),
    reference §4.10: before 166116 action 603 ÖKJ (1013 kr, the 4-1) buys KFJ's 4-2 for 213
    kr. At the limit of 2 with 800 kr it can still afford a D with a 4 traded in, so it may buy
    any train — the last 6 from the depot, or SWB's 5-0 — and then discards down to the limit.
    Paying 214 kr instead, it has 799: no trade-in within its means, no purchase, and its
    train-buying step is over. 18xx.games agrees each time."""
    game = game_before(REAL, 603)
    game.process(TAKE_4_2)
    assert len(trains.owned(game, "ÖKJ")) == game.train_limit("ÖKJ") == 2 and cash(game, "ÖKJ") == 800
    listed = legal_actions(game)["ÖKJ"]["buy_train"]
    assert {"train": "6-1", "price": 630, "variant": "6"} in listed
    assert {"train": "5-0", "price": 1, "max": 800, "variant": "5"} in listed
    process(game, [buy_train("ÖKJ", "6-1", 630, "6"), discard("ÖKJ", "4-1")])
    assert sorted(t.id for t in trains.owned(game, "ÖKJ")) == ["4-2", "6-1"]
    assert game.trains["4-1"].owner == POOL
    game, action = ours("at-the-limit-from-another-corporation")
    game.process(action)
    assert sorted(t.id for t in trains.owned(game, "ÖKJ")) == ["4-1", "4-2", "5-0"]
    assert legal_actions(game) == {"ÖKJ": {"discard_train": [{"train": t} for t in ("4-1", "4-2", "5-0")]}}
    assert accepted(oracle, "at-the-limit-from-the-depot")
    assert accepted(oracle, "at-the-limit-from-another-corporation")

    game, action = ours("at-the-limit-without-a-trade-in")
    assert cash(game, "ÖKJ") == 799 and game.round.entity() != "ÖKJ"
    refused(game, action)
    assert "cannot process action buy_train" in refusal(oracle, "at-the-limit-without-a-trade-in")


def _two_crowded_corporations():
    """A bot game (random bots, 3 players, seed 2) at the moment a phase change puts MÖJ
    and TGOJ both over their train limit."""
    import random

    from sj_support import TITLE_DIR

    from framework.bots import make_bot
    from framework.bots.play import new_session

    session = new_session(TITLE_DIR, 3, 2)
    bot, rng, game = make_bot("random"), random.Random(2), session.game
    while len(game.round.step("discard_train").crowded() if game.round.step("discard_train") else []) < 2:
        session.act(bot.act(game, legal_actions(game), rng))
    return session


def test_companies_over_the_train_limit_discard_in_any_order(tmp_path):
    """18xx.games asks the first company over its limit but takes a discard from any of
    them: TGOJ discards before MÖJ, in both engines."""
    session = _two_crowded_corporations()
    game = session.game
    assert game.round.step("discard_train").crowded() == ["MÖJ", "TGOJ"]
    assert game.current_entity() == "MÖJ"
    assert set(legal_actions(game)) == {"MÖJ"}  # the page offers the first one's discards
    tgoj, moj = trains.owned(game, "TGOJ")[0].id, trains.owned(game, "MÖJ")[0].id
    session.act({"type": "discard_train", "entity": "TGOJ", "train": tgoj})
    session.act({"type": "discard_train", "entity": "MÖJ", "train": moj})
    assert game.round.step("discard_train").crowded() == []
    data = session.to_json()
    (path,) = write_games(tmp_path, {"any-order": data})
    verdict = oracle_verdicts([path])["any-order"]
    assert verdict["refused"] is None and verdict["last_id"] == data["actions"][-1]["id"]
