"""1856, converted from 18xx.games at run time, against its real games: its float
percent that rises as the trains of each type sell out (train events counted by
``when``), its escrow capitalisation (``rules.escrow``, ended by ``end_escrow``), the
destinations that release the escrow (``destination``) and its loans (``rules.loans``,
the ``loans`` step).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title

from framework.base.errors import GameError
from framework.engine import finance, shares, trains
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.steps.loans import loans_left
from framework.engine.trace import trace_state
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, replay, title_for
from framework.title.loader import RulesText

FIXTURES = ORACLE.parent / "fixtures" / "1856"
GAME = FIXTURES / "1856_game_end_bank.json"

REACHED: dict[str, int] = {}
"""How far each real game plays now. Before float percents and escrow they diverged at
actions 18, 24, 23, 20, 23 and 19, when the first corporation laid track: none had
floated with 20% sold; before loans, at their first loan (actions 21, 28, 26, 22, 24,
22); before the Great Lakes port (``assigned_bonus`` with ``closes``), the loan counted
for stations and companies (``rules.loans.counted_in``) and unvested shares
(``stock.keep_bought``), at actions 66, 72, 113, 61, 53 and 34; before the tunnel and
bridge rights (``route_right``), 89363 at 113 and hotseat005 at 159, the others at 225,
194, 79 and 194: 89363 and hotseat005 now reach their results; hotseat006 then stopped at 202
(a lay counting as the turn's kept the track step waiting) and 483 (loans beyond the
limit not repaid). 1856_game_end_bank stopped at 553 while the Waterloo & Saugeen, used
in the operating round before, stayed open and paid CPR (``closes_at_round_end_when_used``);
it stopped at 589, 51745 at 461 and hotseat006 at 659, the CGR formation of the first
6-train (``national_formation``): 51745 now reaches its result, 1856_game_end_bank stops
at 643 (a yellow town tile replaced by plain track) and hotseat006, whose CGR president
was given a single share and cannot raise the money for a second one, reaches its result.
With the town tiles' ``late_upgrades`` 1856_game_end_bank stopped at 674 (a CGR certificate
it numbered otherwise); then at 742, where Detroit's black-phase revenue (60) was not in the
format: with the phases' ``black`` tiles and revenues it reaches its result (its CGR's 5%
share sold at 674 leaves the price, ``sell_move: down_per_10_percent``). hotseat001
stopped at 79, where 18xx.games' record has the WGB reach a destination of an older 1856
(H5, now an alternate destination): 18xx.games takes its record's word, and so does the
engine now; it reaches its result."""
PLAYED_THROUGH: set[str] = set()
"""The games whose every action replays, though they do not reach their recorded end."""
GAME_001 = FIXTURES / "hotseat001.json"
GAME_006 = FIXTURES / "hotseat006.json"


@pytest.fixture(scope="module")
def the_1856(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1856"), "1856")


def game_before(folder: Path, path: Path, action_id: int, rules: list[RulesText] | None = None) -> Game:
    """The game of ``path`` just before its action ``action_id`` (played by the converted
    title, with house ``rules``)."""
    record = GameFile.read(path)
    title = game_title(folder, len(record.players), record.optional_rules, rules or [])
    game = new_game(record, title)
    for action in record.effective():
        if action.get("id", 0) >= action_id:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


def house(text: str) -> list[RulesText]:
    return [RulesText("house.yaml", text)]


def test_1856_converts_its_float_percents_escrow_and_destinations(the_1856):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    rules = yaml.load(the_1856 / "title.yaml")["rules"]
    assert (rules["capitalization"], rules["float_percent"], rules["escrow"]) == ("incremental", 20, {})
    assert rules["float_at"] == "first_operation"
    assert rules["loans"] == {
        "amount": 100,
        "interest": 10,
        "count": 110,
        "counted_in": ["token", "buy_company"],
    }
    assert rules["stock"]["keep_bought"] is True
    assert (rules["dividends"]["treasury_shares_pay"], rules["dividends"]["pool_shares_pay"]) == (
        "nobody",
        "corporation",
    )
    depot = yaml.load(the_1856 / "trains.yaml")["trains"]
    assert depot["2"]["events"] == [{"type": "float_percent", "percent": 30, "when": 6}]
    assert {"type": "end_escrow", "when": 4} in depot["4"]["events"]
    assert {"type": "full_capitalization", "when": 3} in depot["5"]["events"]
    assert depot["5"]["events"][-1] == {"type": "float_percent", "percent": 60, "when": 3}
    corporations = yaml.load(the_1856 / "corporations.yaml")["corporations"]
    assert corporations["LPS"]["destination"] == {"hexes": ["F17"]}
    gaps = (the_1856 / "GAPS.md").read_text(encoding="utf-8")
    assert "change_float" not in gaps
    assert "no_more_escrow_corps" not in gaps
    assert "status facing_2" not in gaps
    assert "process_destination_connection" not in gaps


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_the_real_1856_games_replay_past_their_loans(the_1856, path):
    """The corporations float with 20% sold, hold escrow, take loans and pay interest as
    18xx.games has them; every game plays past its first loans (and the one that ends
    in its first stock round reaches its result)."""
    record = GameFile.read(path)
    outcome = replay(record, title_for(record, the_1856))
    if path.stem in PLAYED_THROUGH:
        assert outcome.failure is None
        return
    if path.stem not in REACHED:
        assert outcome.matches_recorded
        return
    assert outcome.failure is not None and outcome.failed_action is not None
    assert outcome.failed_action["id"] >= REACHED[path.stem]


def test_a_corporation_floats_with_20_percent_sold_and_is_paid_for_half_its_shares(the_1856):
    """18xx.games' log, action 17: "LPS floats" with 40% sold at $75; its treasury has
    the $300 of its four shares (of the first half of them: none is in escrow yet)."""
    game = game_before(the_1856, GAME, 18)
    lps = game.corporations["LPS"]
    assert (lps.floated, lps.cash, lps.escrow) == (True, 300, 0)
    assert game.round.kind == "operating"
    late = game_before(the_1856, GAME, 18, house("rules: {float_percent: 50}\n"))
    assert not late.corporations["LPS"].floated
    assert late.round.kind == "stock"


def test_money_for_shares_beyond_the_escrow_line_is_held_in_escrow(the_1856):
    """With escrow from 70% left in the treasury, LPS's fourth share ($75) goes into
    escrow: the bank keeps it, as it keeps the other corporations' escrow."""
    plain = game_before(the_1856, GAME, 18)
    held = game_before(the_1856, GAME, 18, house("rules: {escrow: {treasury_above: 70}}\n"))
    lps = held.corporations["LPS"]
    assert (lps.cash, lps.escrow) == (225, 75)
    assert plain.corporations["LPS"].escrow == 0
    assert held.bank == plain.bank + sum(c.escrow or 0 for c in held.corporations.values())


def test_reaching_the_destination_releases_the_escrow(the_1856):
    """LPS's tile in C14 (action 18) reaches a destination in C14: the $75 held in
    escrow go to its treasury, and it holds none any more."""
    rules = "rules: {escrow: {treasury_above: 70}}\ncorporations: {LPS: {destination: {hexes: [C14]}}}\n"
    game = game_before(the_1856, GAME, 18, house(rules))
    record = GameFile.read(GAME)
    lay = next(a for a in record.effective() if a.get("id") == 18)
    game.process(recorded(game, record, {k: v for k, v in lay.items() if k != "auto_actions"}))
    lps = game.corporations["LPS"]
    assert (lps.destination_reached, lps.cash, lps.escrow) == (True, 300, None)
    far = game_before(the_1856, GAME, 19, house("rules: {escrow: {treasury_above: 70}}\n"))
    assert (far.corporations["LPS"].destination_reached, far.corporations["LPS"].cash) == (False, 225)
    elsewhere = rules.replace("hexes: [C14]", "hexes: [C14], start: K8")  # TGB's home: no track yet
    away = game_before(the_1856, GAME, 19, house(elsewhere))
    assert (away.corporations["LPS"].destination_reached, away.corporations["LPS"].escrow) == (False, 75)


def test_a_recorded_destination_is_18xx_games_word(the_1856):
    """hotseat001 was recorded when the WGB's destination was Lake Huron (H5): its record
    at action 79 names the WGB, whose track does not reach Goderich (F9). 18xx.games takes
    the record's word, releasing the escrow; so does the engine. A record naming a
    corporation without a destination (the CGR) is refused, changing nothing."""
    game = game_before(the_1856, GAME_001, 79)
    record = GameFile.read(GAME_001)
    lay = next(a for a in record.effective() if a.get("id") == 79)
    game.process(recorded(game, record, {k: v for k, v in lay.items() if k != "auto_actions"}))
    wgb = game.corporations["WGB"]
    held, cash = wgb.escrow, wgb.cash
    assert not wgb.destination_reached and held
    check = {"type": "destination_connection", "entity": "WGB", "entity_type": "corporation"}
    before = trace_state(game)
    with pytest.raises(GameError, match="CGR has no destination to reach"):
        game.process({**check, "corporations": ["WGB", "CGR"]})
    assert trace_state(game) == before
    game.process({**check, "corporations": ["WGB"]})
    assert (wgb.destination_reached, wgb.escrow, wgb.cash) == (True, None, cash + held)


def test_a_float_percent_event_comes_with_the_purchase_it_counts(the_1856):
    """The 2-trains' event raises the float percent to 30 when the sixth leaves the
    depot (``when: 6``), not before; made ``when: 3``, with the third."""
    for when, changes_at in ((6, 6), (3, 3)):
        rules = f"trains: {{'2': {{events: [{{type: float_percent, percent: 30, when: {when}}}]}}}}\n"
        game = game_before(the_1856, GAME, 18, house(rules))
        seen = []
        for _ in range(6):
            train = next(t for t in game.trains.values() if t.name == "2" and t.owner == "bank")
            trains.acquire(game, train, "LPS")
            seen.append(shares.float_percent(game, game.corporations["LPS"]))
        assert seen == [20] * (changes_at - 1) + [30] * (7 - changes_at)


def test_a_loan_taken_after_the_interest_brings_its_amount_less_the_interest(the_1856):
    """18xx.games' log, action 21: "LPS takes a loan and receives $90" (it had owed no
    interest at action 19); with loans of $200, it receives $190."""
    for rules, received in (("", 90), ("rules: {loans: {amount: 200}}\n", 190)):
        game = game_before(the_1856, GAME, 21, house(rules) if rules else None)
        lps = game.corporations["LPS"]
        cash, left = lps.cash, loans_left(game)
        game.process({"type": "take_loan", "entity": "LPS", "entity_type": "corporation", "loan": 0})
        assert (lps.cash - cash, len(lps.loans), loans_left(game)) == (received, 1, left - 1)


def test_one_loan_a_turn_and_none_when_the_bank_has_none(the_1856):
    game = game_before(the_1856, GAME, 22)
    before = trace_state(game)
    with pytest.raises(GameError, match="has taken or paid back a loan this turn"):
        game.process({"type": "take_loan", "entity": "LPS", "entity_type": "corporation", "loan": 1})
    assert trace_state(game) == before
    none = game_before(the_1856, GAME, 21, house("rules: {loans: {count: 0}}\n"))
    with pytest.raises(GameError):
        none.process({"type": "take_loan", "entity": "LPS", "entity_type": "corporation", "loan": 0})


def test_interest_is_paid_after_the_run(the_1856):
    """18xx.games' log, action 40: "GW takes a loan and receives $100", then "GW owes $10
    interest for 1 loans" and pays it; at $20 a loan it pays $20."""
    for rules, interest in (("", 10), ("rules: {loans: {interest: 20}}\n", 20)):
        game = game_before(the_1856, GAME, 40, house(rules) if rules else None)
        gw = game.corporations["GW"]
        cash = gw.cash
        record = GameFile.read(GAME)
        action = next(a for a in record.effective() if a.get("id") == 40)
        game.process(recorded(game, record, action))
        assert gw.cash - cash == 100 - interest


def test_loans_count_against_the_shareholders_value(the_1856):
    """At the end each loan takes its amount off the shares' value: Player 3's 40% of
    LPS is worth $40 less with LPS's loan."""
    from framework.engine import finance

    game = game_before(the_1856, GAME, 21)
    holder = game.corporations["LPS"].president()
    assert holder is not None
    value = finance.player_value(game, holder)
    cash = game.players_by_id[holder].cash
    game.process({"type": "take_loan", "entity": "LPS", "entity_type": "corporation", "loan": 0})
    assert finance.player_value(game, holder) - game.players_by_id[holder].cash == value - cash - 40


def test_a_corporation_whose_float_percent_rose_before_it_operates_is_skipped(the_1856):
    """18xx.games' log, action 32: BBG buys the last 2-train; "GT failed to float and is
    skipped", "WGB failed to float and is skipped" (20% sold, 30% needed now): the stock
    round follows. Floating at the sale, GT would operate."""
    game = game_before(the_1856, GAME_006, 33)
    assert shares.float_percent(game, game.corporations["GT"]) == 30
    assert (game.round.kind, game.corporations["GT"].floated) == ("stock", False)
    at_sale = game_before(the_1856, GAME_006, 33, house("rules: {float_at: sale}\n"))
    assert at_sale.round.kind == "operating"
    assert at_sale.round.entity() == "GT"


def test_treasury_shares_pay_nobody(the_1856):
    """18xx.games' log, action 53: "BBG pays out $40 = $4.0 per share ($8 to Player 1,
    $4 to Player 3)": BBG's treasury shares earn it nothing."""
    record = GameFile.read(GAME_001)
    action = next(a for a in record.effective() if a.get("id") == 53)
    for rules, earned in (("", 0), ("rules: {dividends: {treasury_shares_pay: corporation}}\n", 28)):
        game = game_before(the_1856, GAME_001, 53, house(rules) if rules else None)
        cash = game.corporations["BBG"].cash
        game.process(recorded(game, record, action))
        assert game.corporations["BBG"].cash - cash == earned


GAME_005 = FIXTURES / "hotseat005.json"


def test_the_great_lakes_port_is_assigned_by_its_corporation_and_closes_the_company(the_1856):
    """18xx.games' log, action 53: "Great Lakes Shipping Company builds port on C14 and
    closes"; LPS's 2-trains then run B13-C14 for $70, the port's $20 with the $50 of the
    stops (action 56). Written ``closes: false``, the company stays open with its port."""
    from ruamel.yaml import YAML

    port = YAML(typ="safe").load(the_1856 / "companies.yaml")["companies"]["GLSC"]["abilities"]
    assert port == [
        {
            "type": "assigned_bonus",
            "hexes": ["C14", "D19", "E18", "F17", "F9", "H17", "H7", "H5", "J17", "J5", "K2", "M18", "O18"],
            "amount": 20,
            "until": "6",
            "closes": True,
        }
    ]
    assert "company GLSC" not in (the_1856 / "GAPS.md").read_text(encoding="utf-8")
    record = GameFile.read(GAME_005)
    actions = {a.get("id"): a for a in record.effective()}
    hexes = ", ".join(port[0]["hexes"])
    kept = f"companies: {{GLSC: {{abilities: [{{type: assigned_bonus, hexes: [{hexes}], amount: 20}}]}}}}\n"
    for rules, closed in ((None, True), (house(kept), False)):
        game = game_before(the_1856, GAME_005, 53, rules)
        game.process(recorded(game, record, actions[53]))
        assert game.companies["GLSC"].closed is closed
        assert game.companies["GLSC"].assigned == ("C14", "LPS")
    game = game_before(the_1856, GAME_005, 56)
    game.process(recorded(game, record, actions[56]))  # the routes' recorded $70 are checked
    cheaper = kept.replace("amount: 20", "amount: 10, closes: true")
    game = game_before(the_1856, GAME_005, 56, house(cheaper))
    with pytest.raises(GameError, match="earns 60, not 70"):
        game.process(recorded(game, record, actions[56]))


def test_a_share_bought_in_the_turn_is_kept(the_1856):
    """18xx.games' log, action 33: Player 1 buys a 10% share of BBG, their only one, and
    may not sell it back in that turn (unvested): Player 2 is next. Without the rule
    (``keep_bought: false``) Player 1 could still sell it."""
    game = game_before(the_1856, GAME_006, 34)
    assert game.current_entity() == "Player 2"
    free = game_before(the_1856, GAME_006, 34, house("rules: {stock: {keep_bought: false}}\n"))
    assert free.current_entity() == "Player 1"
    assert "sell_shares" in legal_actions(free)["Player 1"]
    before = trace_state(game)
    with pytest.raises(GameError, match="waiting for Player 2"):
        game.process(
            {
                "type": "sell_shares",
                "entity": "Player 1",
                "entity_type": "player",
                "shares": ["BBG_4"],
                "percent": 10,
            }
        )
    assert trace_state(game) == before


def test_a_loan_not_yet_taken_counts_for_a_station(the_1856):
    """18xx.games' log, action 61: "WGB passes place a token" with $0 in its treasury: the
    $100 loan it may still take pays for a station, so the token step waits for it (a
    station is placed once the loan is taken). Counting no loan there (``counted_in:
    [token]`` left out), the step is skipped."""
    game = game_before(the_1856, GAME_001, 61)
    offered = legal_actions(game)["WGB"]
    assert (game.corporations["WGB"].cash, game.round.active_step().name) == (0, "token")
    assert "take_loan" in offered and "pass" in offered and "place_token" not in offered
    plain = game_before(the_1856, GAME_001, 61, house("rules: {loans: {counted_in: [buy_company]}}\n"))
    assert "place_token" not in legal_actions(plain).get("WGB", {})
    with pytest.raises(GameError):
        plain.process({"type": "pass", "entity": "WGB", "entity_type": "corporation"})


GAME_89363 = FIXTURES / "89363.json"


def test_the_tunnel_company_gives_its_buyer_a_route_bonus(the_1856):
    """18xx.games' log, action 112: CA buys the St. Clair Frontier Tunnel Company; action
    113: "CA runs a 2 train for $60: B13-D17", the stops' $50 and the tunnel's $10 (a
    bonus of $20 would make it $70)."""
    from ruamel.yaml import YAML

    companies = YAML(typ="safe").load(the_1856 / "companies.yaml")["companies"]
    assert companies["SCFTC"]["abilities"] == [
        {
            "type": "route_right",
            "hexes": ["B13"],
            "amount": 10,
            "price": 50,
            "copies": 2,
            "item": "Tunnel Token",
        }
    ]
    assert companies["NFSBC"]["abilities"][0]["hexes"] == ["P17", "P19"]
    record = GameFile.read(GAME_89363)
    run = next(a for a in record.effective() if a.get("id") == 113)
    game = game_before(the_1856, GAME_89363, 113)
    assert game.companies["SCFTC"].right_holders == ["CA"]
    game.process(recorded(game, record, run))
    right = "{type: route_right, hexes: [B13], amount: 20, price: 50, copies: 2, item: Tunnel Token}"
    dearer = game_before(
        the_1856, GAME_89363, 113, house(f"companies: {{SCFTC: {{abilities: [{right}]}}}}\n")
    )
    with pytest.raises(GameError, match="earns 70, not 60"):
        dearer.process(recorded(dearer, record, run))


def test_other_corporations_buy_the_right_while_copies_last(the_1856):
    """18xx.games' log, action 159: "LPS buys a tunnel token from GW for $50" (GW owns the
    tunnel company). With no copies to sell (``copies: 0``) the purchase is refused."""
    record = GameFile.read(GAME_005)
    buy = next(a for a in record.effective() if a.get("id") == 159)
    game = game_before(the_1856, GAME_005, 159)
    lps, gw = game.corporations["LPS"], game.corporations["GW"]
    cash = (lps.cash, gw.cash)
    assert legal_actions(game)["LPS"]["special_buy"] == [{"description": "Tunnel Token", "cost": 50}]
    game.process(recorded(game, record, buy))
    assert (lps.cash, gw.cash) == (cash[0] - 50, cash[1] + 50)
    assert game.companies["SCFTC"].right_holders == ["GW", "LPS"]
    right = "{type: route_right, hexes: [B13], amount: 10, price: 50, copies: 0, item: Tunnel Token}"
    none = game_before(the_1856, GAME_005, 159, house(f"companies: {{SCFTC: {{abilities: [{right}]}}}}\n"))
    before = trace_state(none)
    with pytest.raises(GameError, match="may not buy a Tunnel Token now"):
        none.process(recorded(none, record, buy))
    assert trace_state(none) == before


def test_loans_beyond_the_shares_players_hold_are_repaid_after_the_trains(the_1856):
    """18xx.games' log, action 441: "BBG must repay 1 loan and owes $100", "BBG pays $72
    to redeem loans", and its president covers the remaining $28: players hold 50% of BBG
    and it had six loans."""
    record = GameFile.read(GAME_006)
    passing = next(a for a in record.effective() if a.get("id") == 441)
    game = game_before(the_1856, GAME_006, 441)
    bbg = game.corporations["BBG"]
    president = game.players_by_id["Player 1"]
    assert (len(bbg.loans), bbg.cash, president.cash) == (6, 72, 55)
    game.process(recorded(game, record, passing))
    assert (len(bbg.loans), bbg.cash, president.cash) == (5, 0, 27)
    held = [loan for c in game.corporations.values() for loan in c.loans]
    assert sorted(held + game.loan_pool) == list(range(game.title.rules.loans.count))
    assert loans_left(game) == game.title.rules.loans.count - len(held)


def test_a_lay_counting_as_the_turns_lay_keeps_no_step_waiting_once_it_is_made(the_1856):
    """18xx.games' log, actions 200-201: BBG lays its tile, then "passes place a token":
    its Waterloo & Saugeen lay, which would be its turn's lay, is gone with it. Were that
    lay an extra one, the track step would still wait for it."""
    game = game_before(the_1856, GAME_006, 201)
    assert game.companies["WSRC"].owner == "BBG"
    assert game.round.step("track").actions("BBG") == []
    extra = (
        "companies: {WSRC: {abilities: [{type: tile_lay, hexes: [I12], tiles: ['59'], count: 1, "
        "when: [track], special: true}]}}\n"
    )
    waiting = game_before(the_1856, GAME_006, 201, house(extra))
    assert waiting.round.step("track").actions("BBG") == ["lay_tile", "pass"]


def test_the_waterloo_and_saugeen_closes_at_the_end_of_the_round_it_was_used_in(the_1856, tmp_path):
    """18xx.games' log: CPR lays #59 in Kitchener with the Waterloo & Saugeen (action
    375), places its free station with it (377), and the company closes as the
    operating round ends (397); as a house rule it stays open."""
    from oracle_support import house_ruled, replayed_to

    after_lay = game_before(the_1856, GAME, 376)
    assert (after_lay.companies["WSRC"].owner, after_lay.companies["WSRC"].closes_at_round_end) == (
        "CPR",
        True,
    )
    assert replayed_to(the_1856, GAME, 396).companies["WSRC"].owner == "CPR"
    assert replayed_to(the_1856, GAME, 397).companies["WSRC"].closed
    kept = house_ruled(
        the_1856,
        tmp_path,
        "companies.yaml",
        "closes_at_round_end_when_used: true",
        "closes_at_round_end_when_used: false",
    )
    assert replayed_to(kept, GAME, 397).companies["WSRC"].owner == "CPR"


GAME_51745 = FIXTURES / "51745.json"
FORMATION = {
    "national": "CGR",
    "shares": "20",
    "token_limit": "10",
    "token_price": "100",
    "cert_limits": "{8: {4: 16}}",
}


def formation_rules(**changes: str) -> list[RulesText]:
    """House rules with the 6-train's ``national_formation`` written out, ``changes`` made."""
    fields = ", ".join(f"{k}: {v}" for k, v in {**FORMATION, **changes}.items())
    return house(f"trains: {{'6': {{events: [{{type: national_formation, formation: {{{fields}}}}}]}}}}\n")


def test_the_6_train_forms_the_cgr_from_the_corporations_owing_loans(the_1856):
    """18xx.games' log, action 460: CPR buys the first 6-train; "CV repays $300 to redeem
    3 loans" and "Merge candidates: GT (Player 3), TGB (Player 3), LPS (Player 4), WR
    (Player 2)"; all four merge (461-464): "CGR issues 10 more shares", Player 3 gets 5,
    Player 4 4, Player 2 4 and the market 5, "Player 3 pars CGR at $110", "CGR has 4 spare
    $100 tokens", and the four close."""
    from ruamel.yaml import YAML

    formation = YAML(typ="safe").load(the_1856 / "trains.yaml")["trains"]["6"]["events"][0]
    assert formation["type"] == "national_formation"
    assert {k: formation["formation"][k] for k in ("national", "shares", "token_limit", "token_price")} == {
        "national": "CGR",
        "shares": 20,
        "token_limit": 10,
        "token_price": 100,
    }
    assert formation["formation"]["cert_limits"][8] == {3: 20, 4: 16, 5: 13, 6: 11}
    assert "nationalization" not in (the_1856 / "GAPS.md").read_text(encoding="utf-8").lower()
    game = game_before(the_1856, GAME_51745, 461)
    assert game.formation is not None
    assert game.formation["candidates"] == ["GT", "TGB", "LPS", "WR"]
    assert (game.corporations["CV"].loans, game.current_entity()) == ([], "GT")
    game = game_before(the_1856, GAME_51745, 465)
    cgr = game.corporations["CGR"]
    held = {game.name(p.id): cgr.percent_of(p.id) for p in game.players}
    assert held == {"Player 1": 0, "Player 2": 20, "Player 3": 25, "Player 4": 20}
    assert (cgr.percent_of("pool"), cgr.president(), game.market.price("CGR")) == (25, "4310", 110)
    assert (len(cgr.shares), cgr.added_tokens) == (19, [100] * 4)
    assert all(game.corporations[s].closed for s in ("GT", "TGB", "LPS", "WR"))
    assert sorted(t.id for t in game.trains.values() if t.owner == "CGR") == ["4-1", "4-3", "5-1"]
    assert finance.certificate_limit(game) == 16  # 8 corporations in play, 4 players
    assert "take_loan" not in legal_actions(game_before(the_1856, GAME_51745, 471)).get("CA", {})


def test_the_formation_s_numbers_change_the_cgr(the_1856):
    """Shares for each 10% held instead of 20%, fewer shares, fewer tokens, cheaper
    tokens, a higher lowest price and another certificate limit change the CGR formed at
    action 464."""
    plain = game_before(the_1856, GAME_51745, 465, formation_rules())
    assert plain.market.price("CGR") == 110

    def cgr_after(**changes: str) -> Game:
        return game_before(the_1856, GAME_51745, 465, formation_rules(**changes))

    tens = cgr_after(exchange_percent="10").corporations["CGR"]
    assert (tens.percent_of("4310"), tens.percent_of("4022"), tens.percent_of("pool")) == (55, 40, 0)
    assert cgr_after(shares="12").corporations["CGR"].percent_of("4332") == 15
    few = cgr_after(token_limit="3")
    assert few.formation is not None
    assert (few.formation["removals"], few.corporations["CGR"].added_tokens) == (
        [{"hexes": ["I12", "N11"], "count": 2}],
        [],
    )
    assert cgr_after(token_price="50").corporations["CGR"].added_tokens == [50] * 4
    assert cgr_after(lowest_price="150").market.price("CGR") == 150
    assert finance.certificate_limit(cgr_after(cert_limits="{8: {4: 13}}")) == 13


def test_the_lowest_merged_price_is_left_out_when_more_than_two_merge(the_1856):
    """Prices 90, 90, 175 and 175: without the lowest the average is 146, so 150 on the top
    row; all four averaged (``drop_lowest_above: 4``), 132, so 125."""
    from framework.engine.national_formation import starting_cell
    from framework.title.national_formation import NationalFormation

    game = game_before(the_1856, GAME_51745, 2)
    row = game.title.market.grid[0]
    for drop, price in ((2, 150), (4, 125)):
        cell = starting_cell(
            game, NationalFormation(national="CGR", drop_lowest_above=drop), [90, 90, 175, 175]
        )
        assert row[cell[1]].price == price  # type: ignore[union-attr]  # a top-row cell


def test_only_the_candidate_asked_may_merge(the_1856):
    game = game_before(the_1856, GAME_51745, 461)
    before = trace_state(game)
    with pytest.raises(GameError, match="national formation is waiting for GT"):
        game.process({"type": "merge", "entity": "TGB", "entity_type": "corporation", "corporation": "TGB"})
    assert trace_state(game) == before


def test_a_president_pays_off_the_loans_of_a_corporation_kept_out(the_1856):
    """hotseat006, action 659: "GW spends the remainder of its cash towards repaying loans",
    "Player 1 pays off the $98 debt for GW"; CA merges alone (660): "Player 3 is the
    president of the CGR but is only awarded 1 share", at $175, with 9 spare tokens."""
    game = game_before(the_1856, GAME_006, 659)
    player_1 = game.players_by_id["Player 1"]
    cash = player_1.cash
    record = GameFile.read(GAME_006)
    actions = {a.get("id"): a for a in record.effective()}
    game.process(recorded(game, record, actions[659]))
    gw = game.corporations["GW"]
    assert (player_1.cash, gw.loans, gw.cash) == (cash - 98, [], 0)
    game.process(recorded(game, record, actions[660]))
    cgr = game.corporations["CGR"]
    assert (cgr.president(), cgr.percent_of("Player 3"), game.market.price("CGR")) == ("Player 3", 10, 175)
    assert (len(cgr.added_tokens), game.corporations["CA"].closed, game.formation) == (9, True, None)
    assert game.round.entity() == "CPR"


def test_the_cgr_removes_a_token_over_its_limit_and_discards_its_rusting_trains(the_1856):
    """1856_game_end_bank, actions 595-600: seven corporations merge, "CGR is above token
    limit and must decide which tokens to remove", it removes N3's (596) and discards its
    four 4-trains (597-600); then the stock round begins. In 51745 (action 465) "CGR passes
    cgr formation: discard trains"."""
    game = game_before(the_1856, GAME, 596)
    assert game.formation is not None and game.formation["removals"][0]["count"] == 1
    assert game.current_entity() == "CGR"
    assert legal_actions(game)["CGR"].keys() == {"remove_token"}
    game = game_before(the_1856, GAME, 597)
    assert legal_actions(game)["CGR"].keys() == {"discard_train"}  # seven trains: over its limit of 3
    keeping = game_before(the_1856, GAME_51745, 465)  # three trains: it may keep its 4-trains
    assert legal_actions(keeping)["CGR"].keys() == {"discard_train", "pass"}
    game = game_before(the_1856, GAME, 601)
    assert (game.formation, game.round.kind) == (None, "stock")
    assert sorted(t.name for t in game.trains.values() if t.owner == "CGR") == ["5", "5", "6"]


def test_a_president_given_a_single_share_must_buy_a_second_or_go_bankrupt(the_1856):
    """hotseat006, stock round 10: "Player 3 must raise funds to buy a CGR share": they may
    only sell (not pass, nor buy other shares); they sell WGB (action 677), still cannot
    pay $175 for a CGR share and have nothing left to sell: "Player 3 is unable to raise
    funds and is bankrupt", and the game ends."""
    game = game_before(the_1856, GAME_006, 677)
    assert game.single_share_president == "Player 3"
    assert legal_actions(game)["Player 3"].keys() == {"sell_shares"}
    record = GameFile.read(GAME_006)
    sale = next(a for a in record.effective() if a.get("id") == 677)
    game.process(recorded(game, record, sale))
    assert (game.finished, game.end_reason) == (True, "bankrupt")


def test_a_town_tile_becomes_plain_track_from_the_gray_phase(the_1856):
    """18xx.games' log, action 643: in phase 6 CV lays #9 over the yellow town tile #4 in
    N9, keeping its exits (the tile's ``late_upgrades``); made a phase D upgrade, the lay is
    refused, the board unchanged."""
    from ruamel.yaml import YAML

    tiles = YAML(typ="safe").load(the_1856 / "tiles.yaml")["tiles"]
    assert tiles["4"]["late_upgrades"] == {"9": "6", "57": "6"}
    assert tiles["1"]["late_upgrades"] == {"14": "6"}
    record = GameFile.read(GAME)
    lay = next(a for a in record.effective() if a.get("id") == 643)
    game = game_before(the_1856, GAME, 643)
    assert game.phase == "6"
    game.process(recorded(game, record, lay))
    assert game.board is not None and game.board.placed["N9"].name == "9"
    later = "tiles: {'4': {count: 3, late_upgrades: {'9': D, '57': D}}}\n"
    late = game_before(the_1856, GAME, 643, house(later))
    before = trace_state(late)
    with pytest.raises(GameError, match="tile 9"):
        late.process(recorded(late, record, lay))
    assert trace_state(late) == before


def test_the_national_s_new_halves_are_numbered_from_its_twentieth(the_1856):
    """18xx.games' log, action 595: "CGR issues 10 more shares and all shares are now 5%
    shares", numbered CGR_20 to CGR_29, handed out from the last; Player 1 sells CGR_26 at
    674."""
    game = game_before(the_1856, GAME, 674)
    held = sorted(s.id for s in game.corporations["CGR"].shares if s.owner == "6362")
    assert held == ["CGR_1", "CGR_23", "CGR_24", "CGR_25", "CGR_26"]


def test_1856_s_last_phase_offers_black_and_detroit_pays_its_black_revenue_in_it(the_1856):
    """18xx.games' phase D offers yellow to black tiles; Detroit–Windsor pays 30 / 50 /
    60 (yellow / brown / black): 50 in phase 6 (gray), 60 in phase D."""
    from framework.board.routes import stop_value

    game = game_before(the_1856, GAME, 742)
    phases = game.title.phases
    assert list(phases["D"].tiles) == ["yellow", "green", "brown", "gray", "black"]
    values = [stop_value(game.board, ("A20", 0), tuple(phases[p].tiles)) for p in ("2", "6", "D")]
    assert values == [30, 50, 60]
    gaps = (the_1856 / "GAPS.md").read_text(encoding="utf-8")
    assert "a revenue for black" not in gaps
    assert "black tiles" not in gaps
    assert "SELL_MOVEMENT" not in gaps


def test_the_cgr_s_d_train_through_detroit_earns_its_black_revenue(the_1856, tmp_path):
    """18xx.games' log, action 742: "CGR runs a D train for $350:
    A20-B19-D17-E18-F17-F15-C14-B13" (Detroit's black 60); a phase D without black
    tiles pays its brown 50 and the recorded run is refused."""
    from oracle_support import house_ruled

    from framework.record.replay import recorded as recorded_action

    game = game_before(the_1856, GAME, 742)
    record = GameFile.read(GAME)
    action = next(a for a in record.effective() if a.get("id") == 742)
    game.process(recorded_action(game, record, action))
    assert game.round.revenue == 350 + 250 + 280
    grayed = house_ruled(
        the_1856,
        tmp_path,
        "trains.yaml",
        "tiles: [yellow, green, brown, gray, black]",
        "tiles: [yellow, green, brown, gray]",
    )
    game = game_before(grayed, GAME, 742)
    with pytest.raises(GameError, match="earns 340, not 350"):
        game.process(recorded_action(game, record, action))


def test_a_5_percent_cgr_share_sold_leaves_its_price(the_1856, tmp_path):
    """18xx.games' log, action 674: "Player 1 sells a 5% share of CGR and receives $150"
    and the CGR stays at 150 (a step down per whole 10% sold), so Player 2 buys it back
    for $150 at 676; selling down a step a share would have it at 125."""
    from oracle_support import house_ruled, replayed_to

    game = replayed_to(the_1856, GAME, 676)
    assert game.market.price("CGR") == 150
    assert next(p.cash for p in game.players if p.id == "11966") == 864
    per_share = house_ruled(
        the_1856, tmp_path, "title.yaml", "sell_move: down_per_10_percent", "sell_move: down_per_share"
    )
    assert replayed_to(per_share, GAME, 674).market.price("CGR") == 125
