"""The knobs of company abilities, and two rules: each field, changed, changes play as
its documentation says. Positions are 18SJ's real games just before a recorded action
(REAL, BANKRUPT, BOT; see ``sj_support``), replayed with the title changed by an overlay.
"""

from __future__ import annotations

from sj_support import (
    BOT,
    NAMES,
    REAL,
    TITLE_DIR,
    act,
    cash,
    finish_auction,
    game_before,
    game_before_with,
    recorded,
    refused,
)

from framework.board.lays import is_upgrade
from framework.engine import events
from framework.engine.choices import legal_actions
from framework.engine.entities import CLOSED, UNLIMITED_USES
from framework.engine.game import Game
from framework.engine.operating import pay_company_revenue
from framework.title.loader import RulesText, load_title

BO, CY = "2", "3"


def companies(**abilities: str) -> str:
    """An overlay giving companies new ability lists (YAML flow lists, by company)."""
    return "companies:\n" + "".join(f"  {sym}: {{abilities: {text}}}\n" for sym, text in abilities.items())


def gc(lay: str = "connected: false", discount: str = "") -> str:
    """The Gellivare Company's abilities, with more keys on its lays and its discount."""
    return companies(
        GC="[{type: blocks_hexes, hexes: [E28, F27]}, "
        "{type: tile_lay, hexes: [E28, F27], tiles: [7, 8, 9], count: 2, connect_each_other: true, "
        f"lapses: end_of_turn, when: [track, operating_turn], {lay}}}, "
        f"{{type: terrain_discount, hexes: [C30, D29], terrain: mountain, amount: 75{discount}}}]"
    )


def gkb(extra: str) -> str:
    return companies(
        GKB="[{type: bonus_tokens, hexes: [C8, C12, C16, E8], amounts: [50, 30, 20], "
        f"after_routes: remove_highest_used, label: 'GKB{{amount}}({{hex}})', icon: GKB, {extra}}}]"
    )


def sb(extra: str) -> str:
    return companies(
        SB="[{type: bonus_marker, hexes: [A6, C2, D5, F19, F23, G26], icon: port, "
        f"amount_per_icon: 30, label: Port, {extra}}}]"
    )


def mv(extra: str) -> str:
    return companies(MV=f"[{{type: early_train_purchase, {extra}}}]")


def fresh_game(overlay: str, seed: int = 5) -> Game:
    title = load_title(TITLE_DIR, [RulesText("house.yaml", overlay)])
    return Game(title, [(i + 1, NAMES[i]) for i in range(4)], seed=seed)


# -- tile lays (The Gellivare Company) -----------------------------------------------------------


def test_a_lay_that_counts_as_a_track_lay_uses_one_of_the_turns_tile_actions():
    """``counts_as_track_lay``: GC's lay in F27 uses STJ's first tile action (by default it
    is extra: test_rules_companies), and with none left GC may not lay at all."""
    game = game_before_with(REAL, 139, gc("counts_as_track_lay: true"))
    assert game.round.laid == 0
    game.process(recorded(REAL, 139))
    assert game.round.laid == 1
    game = game_before_with(REAL, 139, gc("counts_as_track_lay: true"))
    game.round.laid = len(game.title.rules.track.lays)
    assert "GC" not in legal_actions(game)
    refused(game, recorded(REAL, 139))


def test_a_lay_that_must_connect_is_refused_away_from_the_network():
    """``connected: true``: E28 is off STJ's network, so GC's lay there is refused (GC's
    own ``connected: false`` lets it lay there first)."""
    e28 = recorded(REAL, 140)
    game = game_before_with(REAL, 139, gc("connected: true"))
    assert refused(game, e28).rule == "track restriction"
    game_before(REAL, 139).process(e28)


LAY_ALL = companies(
    GC="[{type: blocks_hexes, hexes: [E28, F27]}, "
    "{type: tile_lay, hexes: [E28, F27], tiles: [7, 8, 9], count: 2, connect_each_other: true, "
    "when: [track], must_lay_all: true}, "
    "{type: terrain_discount, hexes: [C30, D29], terrain: mountain, amount: 75}]"
)
"""GC's lays as 18Chesapeake's C-P has them: two connected tiles in the track step, both."""


def test_lays_that_must_all_be_made_hold_up_the_turn_until_they_are():
    """``must_lay_all``: once GC has laid F27, the special-track step waits for its second
    lay (although timed for the track step, which is no longer the one waiting): GC alone
    acts and may not pass, and STJ may not lay its own tile; after E28, STJ's track step
    resumes. By default STJ goes on with GC's second lay left open."""
    plain = game_before(REAL, 139)
    plain.process(recorded(REAL, 139))
    assert plain.current_entity() == "STJ" and "lay_tile" in legal_actions(plain)["STJ"]
    game = game_before_with(REAL, 139, LAY_ALL)
    game.process(recorded(REAL, 139))
    assert game.current_entity() == "GC"
    assert list(legal_actions(game)) == ["GC"]
    assert refused(game, {"type": "pass", "entity": "GC"}).rule == "special lay"
    assert refused(game, recorded(REAL, 141)).rule == "turn order"
    game.process(recorded(REAL, 140))
    assert game.current_entity() == "STJ" and game.round.active_step().name == "track"
    game.process(recorded(REAL, 141))
    assert game.board.placed["D29"].name == "57"


def test_lays_that_must_all_be_made_but_cannot_be_are_lost():
    """``must_lay_all``: GC's first tile turned away from E28 leaves no second lay that
    connects to it; the second lay is lost and STJ goes on."""
    game = game_before_with(REAL, 139, LAY_ALL)
    act(game, "lay_tile", "GC", hex="F27", tile="9-3", rotation=1)
    assert game.companies["GC"].uses["tile_lay"] == 0
    assert game.current_entity() == "STJ" and "GC" not in legal_actions(game)


def open_lays(extra: str) -> str:
    """GC with only a tile lay for STJ, its hexes and tiles left open (any), and ``extra``."""
    return companies(GC=f"[{{type: tile_lay, when: [track, operating_turn], {extra}}}]")


def lay_choices(game: Game, entity: str) -> set[tuple[str, str, int]]:
    return {(c["hex"], c["tile"], c["rotation"]) for c in legal_actions(game)[entity]["lay_tile"]}


def test_a_lay_with_neither_hexes_nor_tiles_goes_where_the_owners_own_track_may():
    """No ``hexes``, no ``tiles``: a connected lay may go wherever STJ's own track step
    could lay, with any tile it could (green upgrades in E16 included); unconnected, in
    hexes far from STJ's network too (E28, A4)."""
    game = game_before_with(REAL, 139, open_lays("count: 2, connected: true"))
    offered = lay_choices(game, "GC")
    assert offered == lay_choices(game, "STJ")
    assert {"E16", "F27"} <= {hex_id for hex_id, _, _ in offered}
    assert not {"E28", "A4"} & {hex_id for hex_id, _, _ in offered}
    anywhere = lay_choices(game_before_with(REAL, 139, open_lays("count: 2")), "GC")
    assert {"E28", "A4"} <= {hex_id for hex_id, _, _ in anywhere}
    game.process(recorded(REAL, 139))
    assert game.board.placed["F27"].name == "9"


def test_a_lay_limited_per_round_has_no_limit_over_the_game():
    """``per_round: 1`` without ``count``: no limit over the game (GC's uses are more than
    any game makes), but after F27 GC lays no more in this round: E28 is refused."""
    overlay = open_lays("hexes: [E28, F27], tiles: [7, 8, 9], per_round: 1")
    assert fresh_game(overlay).companies["GC"].uses["tile_lay"] == UNLIMITED_USES
    game = game_before_with(REAL, 139, overlay)
    game.process(recorded(REAL, 139))
    assert "GC" not in legal_actions(game)
    refused(game, recorded(REAL, 140))
    game = game_before_with(REAL, 139, open_lays("hexes: [E28, F27], tiles: [7, 8, 9], count: 2"))
    game.process(recorded(REAL, 139))
    game.process(recorded(REAL, 140))


def test_a_lay_with_a_cost_is_paid_for_and_needs_the_money():
    """``cost: 20``: STJ pays 20 kr more for GC's tile in F27 than without, and with 19 kr
    GC may not lay at all (its lays are not offered, the recorded one is refused)."""
    spent = {}
    for cost in (0, 20):
        game = game_before_with(REAL, 139, gc(f"connected: false, cost: {cost}"))
        before = cash(game, "STJ")
        game.process(recorded(REAL, 139))
        spent[cost] = before - cash(game, "STJ")
    assert spent[20] == spent[0] + 20
    game = game_before_with(REAL, 139, gc("connected: false, cost: 20"))
    game.corporations["STJ"].cash = 19
    assert "GC" not in legal_actions(game)
    assert refused(game, recorded(REAL, 139)).rule == "special lay"


def test_lays_or_upgrades_the_first_lay_deciding():
    """``count: 2, upgrade_count: 1``: GC may lay two yellow tiles or upgrade one. A yellow
    lay first (F27) leaves yellow lays only; an upgrade first (E16) leaves nothing."""
    overlay = open_lays("count: 2, upgrade_count: 1, connected: true")

    def position() -> Game:
        game = game_before_with(REAL, 139, overlay)
        game.companies["GC"].uses["tile_upgrade"] = 1  # the real position predates the field
        return game

    def upgrades(game: Game) -> set[str]:
        return {hex_id for hex_id, _, _ in lay_choices(game, "GC") if is_upgrade(game.board, hex_id)}

    game = position()
    assert "E16" in upgrades(game)
    game.process(recorded(REAL, 139))
    assert "GC" in legal_actions(game) and not upgrades(game)
    game = position()
    act(game, "lay_tile", "GC", hex="E16", tile="23-1", rotation=4)
    assert game.board.placed["E16"].name == "23"
    assert "GC" not in legal_actions(game)


def test_a_terrain_discount_works_only_for_the_owners_it_lists():
    """``owner: [player]`` on GC's discount: STJ, a corporation, pays D29's full 75."""
    plain = game_before(REAL, 141)
    plain.process(recorded(REAL, 141))
    game = game_before_with(REAL, 141, gc(discount=", owner: [player]"))
    before = cash(game, "STJ")
    if before < 75:
        assert refused(game, recorded(REAL, 141)).rule
    else:
        game.process(recorded(REAL, 141))
        assert cash(game, "STJ") == cash(plain, "STJ") - 75


def _stj_lays_in_a12(overlay: str | None) -> int:
    """What STJ (GC's owner, with 116) pays for a yellow tile in A12, a mountain (75) that
    is not one of GC's discount hexes."""
    game = game_before(REAL, 401) if overlay is None else game_before_with(REAL, 401, overlay)
    before = cash(game, "STJ")
    choice = next(c for c in legal_actions(game)["STJ"]["lay_tile"] if c["hex"] == "A12")
    act(game, "lay_tile", "STJ", **choice)
    return before - cash(game, "STJ")


def test_a_terrain_discount_without_hexes_applies_in_every_hex():
    """No ``hexes`` (1889's Sumitomo Mines Railway): GC's mountain discount makes A12 free
    for STJ, which pays A12's 75 with the discount in C30 and D29 only (18SJ's)."""
    assert _stj_lays_in_a12(None) == 75
    everywhere = companies(GC="[{type: terrain_discount, terrain: mountain, amount: 75}]")
    assert _stj_lays_in_a12(everywhere) == 0


# -- bonus tokens (Göta kanalbolag) and the bonus marker (Sveabolaget) ---------------------------


def test_bonus_tokens_placed_when_the_owner_likes_do_not_hold_up_the_turn():
    """``placement: optional``: after buying GKB, ÖKJ may place a token or go on (by
    default it must place all three first: test_rules_companies)."""
    game = game_before_with(REAL, 158, gkb("placement: optional"))
    game.process(recorded(REAL, 158))
    offered = legal_actions(game)["ÖKJ"]
    assert "assign" in offered and set(offered) - {"assign"}
    act(game, "assign", "ÖKJ", target="C12")
    assert game.companies["GKB"].tokens == {"C12": 50}
    assert "assign" in legal_actions(game)["ÖKJ"]


def test_bonus_tokens_work_only_for_the_owners_they_list():
    """``owner: [player]`` on GKB's tokens: ÖKJ buys GKB and has none to place."""
    game = game_before_with(REAL, 158, gkb("owner: [player]"))
    game.process(recorded(REAL, 158))
    assert "assign" not in legal_actions(game).get("ÖKJ", {})


def test_bonus_token_icons_stay_after_the_company_closes_if_so_written():
    """``removed_with_company``: GKB's icons leave the canal hexes when it closes (true,
    18SJ's), or stay on the map (false)."""
    for removed, expected in ((True, []), (False, ["GKB"])):
        game = game_before_with(REAL, 158, gkb(f"removed_with_company: {str(removed).lower()}"))
        assert "GKB" in game.board.icons("C8")
        events.close_company(game, "GKB")
        assert [i for i in game.board.icons("C8") if i == "GKB"] == expected


def test_a_bonus_marker_works_only_for_the_owners_it_lists():
    """``owner: [player]`` on SB's marker: ÖSJ, its corporate owner, may not move it."""
    game = game_before_with(BOT, 112, sb("owner: [player]"))
    assert game.companies["SB"].owner == "ÖSJ"
    refused(game, recorded(BOT, 112))


def test_bonus_marker_icons_stay_after_the_company_closes_if_so_written():
    """``removed_with_company`` on SB: its port icons go with it, or stay (false)."""
    for removed in (True, False):
        game = game_before_with(BOT, 112, sb(f"removed_with_company: {str(removed).lower()}"))
        ports = game.board.icons("A6").count("port")
        assert ports
        events.close_company(game, "SB")
        assert game.board.icons("A6").count("port") == (0 if removed else ports)


# -- buying trains early (Motala Verkstad) ------------------------------------------------------


def test_an_early_purchase_with_more_uses_stays_usable():
    """``uses: 2``: MV starts with two uses; TGOJ's purchase before running spends one and
    leaves the ability to a later turn."""
    assert fresh_game(mv("uses: 2")).companies["MV"].uses["early_train_purchase"] == 2
    game = game_before_with(REAL, 290, mv("uses: 2"))
    game.companies["MV"].uses["early_train_purchase"] = 2  # as a game with this title starts
    for action_id in (290, 299):
        game.process(recorded(REAL, action_id))
    assert game.companies["MV"].uses["early_train_purchase"] == 1
    assert game.round.step("early_train_purchase").ability("TGOJ") is not None


def test_an_early_purchase_that_does_not_skip_train_buying():
    """``skips_buy_trains: false``: after buying early and running, TGOJ may still buy
    trains in its buy-trains step (by default it skips it: test_rules_companies)."""
    game = game_before_with(REAL, 290, mv("skips_buy_trains: false"))
    for action_id in (290, 299, 300, 301):
        game.process(recorded(REAL, action_id))
    assert game.round.entity() == "TGOJ"
    assert "buy_train" in legal_actions(game)["TGOJ"]


def test_an_early_purchase_works_only_for_the_owners_it_lists():
    """``owner: [player]``: TGOJ owns MV and may not buy before running: with no train it
    goes straight to its buy-trains step (as written, the MV step waits for it)."""
    assert game_before(REAL, 290).round.active_step().name == "early_train_purchase"
    game = game_before_with(REAL, 290, mv("owner: [player]"))
    assert game.companies["MV"].owner == "TGOJ"
    game.round.skip_steps()
    assert game.round.active_step().name == "buy_train"


# -- the train discount (NOHAB) ----------------------------------------------------------------


def test_a_train_discount_works_only_for_the_owners_it_lists():
    """``owner: [player]`` on NOHAB's discount: ÖSJ buys NOHAB and pays full price."""
    game = game_before_with(
        BOT,
        114,
        companies(NOHAB="[{type: train_discount, trains: [3, 4, 5], fraction: 0.5, owner: [player]}]"),
    )
    for action_id in (114, 115):
        game.process(recorded(BOT, action_id))
    act(game, "buy_company", "ÖSJ", company="NOHAB", price=45)
    refused(game, {"type": "buy_train", "entity": "NOHAB", "train": "3-1", "price": 90})
    assert "NOHAB" not in legal_actions(game)


# -- the priority card (NEFT) ------------------------------------------------------------------


def neft(extra: str) -> Game:
    """Seed 5 with NEFT's card changed: Bo bought NE (and NEFT); Cy has priority."""
    game = fresh_game(companies(NEFT=f"[{{type: priority_card, {extra}}}]"))
    finish_auction(game)
    return game


def test_a_priority_card_with_two_uses_survives_its_first():
    """``uses: 2``: Bo takes the first turn, and keeps the card for another stock round."""
    game = neft("uses: 2")
    act(game, "choose", BO, choice="activate")
    assert game.current_entity() == BO
    assert game.companies["NEFT"].owner == BO
    assert game.companies["NEFT"].uses["priority_card"] == 1


def test_a_spent_priority_card_stays_open_if_so_written():
    """``closes_when_used: false``: NEFT's one use is spent, but the company stays Bo's."""
    game = neft("closes_when_used: false")
    act(game, "choose", BO, choice="activate")
    assert game.companies["NEFT"].owner == BO
    assert game.companies["NEFT"].uses["priority_card"] == 0
    default = neft("uses: 1")  # closes_when_used: true, 18SJ's
    act(default, "choose", BO, choice="activate")
    assert default.companies["NEFT"].owner == CLOSED


def test_a_priority_card_works_only_for_the_owners_it_lists():
    """``owner: [corporation]``: Bo, a player, is not asked; Cy, who has priority, starts."""
    game = neft("owner: [corporation]")
    assert game.current_entity() == CY


# -- the minor's company (KHJ) and shares ------------------------------------------------------


def test_a_company_whose_minor_may_not_merge_is_not_for_sale_to_corporations():
    """``corporation_purchase: forbidden``: ÖKJ may not buy KHJ (by default it buys it and
    merges the minor: test_rules_companies)."""
    game = game_before_with(
        REAL, 133, companies(KHJ="[{type: controls_minor, minor: KHJ, corporation_purchase: forbidden}]")
    )
    assert refused(game, recorded(REAL, 133)).rule == "buying companies"


def test_a_minor_is_controlled_only_under_the_owners_the_ability_lists():
    """``owner: [corporation]`` on KHJ's control: the player who buys KHJ at auction gets
    the company but not the minor."""
    for owner, controls in (("[player]", True), ("[corporation]", False)):
        game = fresh_game(companies(KHJ=f"[{{type: controls_minor, minor: KHJ, owner: {owner}}}]"))
        finish_auction(game)
        buyer = game.companies["KHJ"].owner
        assert buyer in game.players_by_id
        assert (game.minors["KHJ"].owner == buyer) is controls


def test_a_shares_ability_works_only_for_the_owners_it_lists():
    """``owner: [corporation]`` on a share that comes with FRY: its player buyer gets none."""
    for owner, percent in (("[player]", 10), ("[corporation]", 0)):
        game = fresh_game(
            companies(
                FRY="[{type: blocks_hexes, hexes: [B17]}, "
                f"{{type: shares, corporation: SNJ, owner: {owner}}}]"
            )
        )
        act(game, "bid", 1, company="FRY", price=20)
        assert game.corporations["SNJ"].percent_of("1") == percent


# -- staying open and changing revenue (1889's Uno-Takamatsu Ferry) ------------------------------

CLOSE_AT_4 = "trains: {4: {events: [nationalization, close_companies]}}\n"
"""The first 4-train (MÖJ's, REAL 240) closes the companies too: FRY is then player
3041's, GKB ÖKJ's, GC STJ's and MV TGOJ's."""


def _open_after_the_first_4_train(stays_open: str | None) -> set[str]:
    """The companies open once MÖJ has bought the first 4-train (with ``close_companies``
    then), FRY and GKB having the ability ``stays_open`` (``None``: not)."""
    extra = "" if stays_open is None else f", {stays_open}"
    overlay = CLOSE_AT_4 + companies(
        FRY=f"[{{type: blocks_hexes, hexes: [B17]}}{extra}]", GKB=f"[{extra[2:]}]"
    )
    game = game_before_with(REAL, 240, overlay)
    game.process(recorded(REAL, 240))
    return {sym for sym, company in game.companies.items() if not company.closed}


def test_a_company_that_stays_open_while_held_as_listed():
    """``stays_open``: the close-companies event leaves FRY open while a player holds it
    (the default owner), but closes GKB, which ÖKJ holds; with ``owner: [corporation]``
    it is the other way round. Without it only NEFT (``closes_on_event: false``) stays."""
    assert _open_after_the_first_4_train(None) == {"NEFT"}
    assert _open_after_the_first_4_train("{type: stays_open}") == {"FRY", "NEFT"}
    assert _open_after_the_first_4_train("{type: stays_open, owner: [corporation]}") == {"GKB", "NEFT"}


def fry_revenue(extra: str = "") -> str:
    """FRY's revenue becomes 50 at phase 3 (which ÖKJ's first 3-train begins, REAL 73)."""
    return companies(
        FRY=f"[{{type: blocks_hexes, hexes: [B17]}}, {{type: revenue_change, phase: 3, revenue: 50{extra}}}]"
    )


def _after_the_first_3_train(overlay: str | None) -> Game:
    game = game_before(REAL, 73) if overlay is None else game_before_with(REAL, 73, overlay)
    game.process(recorded(REAL, 73))
    assert game.phase == "3" and game.companies["FRY"].owner == "3041"
    return game


def _paid(game: Game, entity: str) -> int:
    """What the companies pay ``entity`` at the start of an operating round."""
    before = cash(game, entity)
    pay_company_revenue(game)
    return cash(game, entity) - before


def _offered(game: Game) -> set[str]:
    return {c["company"] for c in legal_actions(game)["ÖKJ"]["buy_company"]}


def test_a_revenue_change_holds_from_its_phase_for_a_company_a_player_holds_then():
    """``revenue_change`` on FRY: when phase 3 begins, player 3041 holds it; it pays 50
    instead of 5 from then on (3041 holds GC too: 15), and ÖKJ, which may buy companies
    now, may not buy FRY. Written for phase 4, phase 3 changes nothing."""
    plain = _after_the_first_3_train(None)
    assert _paid(plain, "3041") == 5 + 15 and "FRY" in _offered(plain)
    game = _after_the_first_3_train(fry_revenue())
    assert "FRY" not in _offered(game)
    assert refused(game, {"type": "buy_company", "entity": "ÖKJ", "company": "FRY", "price": 10}).rule
    assert _paid(game, "3041") == 50 + 15
    later = _after_the_first_3_train(fry_revenue().replace("phase: 3", "phase: 4"))
    assert _paid(later, "3041") == 5 + 15 and "FRY" in _offered(later)


def test_a_revenue_change_needs_one_of_its_owners_at_the_phase():
    """``owner: [corporation]``: FRY is a player's when phase 3 begins, so nothing changes
    — not even later, once a corporation holds it."""
    game = _after_the_first_3_train(fry_revenue(", owner: [corporation]"))
    assert _paid(game, "3041") == 5 + 15
    act(game, "buy_company", "ÖKJ", company="FRY", price=10)
    assert _paid(game, "ÖKJ") == 5


def test_a_changed_company_may_stay_for_sale_and_keeps_its_new_revenue():
    """``corporations_may_buy: true``: ÖKJ may still buy FRY, which pays it 50: the new
    revenue stays with the company, whoever holds it."""
    game = _after_the_first_3_train(fry_revenue(", corporations_may_buy: true"))
    assert "FRY" in _offered(game)
    act(game, "buy_company", "ÖKJ", company="FRY", price=10)
    assert _paid(game, "ÖKJ") == 50


# -- nationalisation ---------------------------------------------------------------------------


def test_a_national_keeps_one_token_per_city_if_so_written():
    """``one_token_per: city``: MÖJ's Stockholm token becomes SJ's although SJ has one in
    another city of G10 (``hex``, 18SJ's: it is removed — test_rules_trains)."""
    game = game_before_with(REAL, 603, "rules: {nationalization: {one_token_per: city}}\n")
    game.process(recorded(REAL, 603))
    assert len([c for c in game.board.cities_of("SJ") if c[0] == "G10"]) == 2


# -- tiles ---------------------------------------------------------------------------------------

TERMINAL_15 = (
    "tiles:\n  15:\n    paths: [{a: 0, b: city, terminal: true}, {a: 1, b: city, terminal: true},\n"
    "            {a: 2, b: city, terminal: true}, {a: 3, b: city, terminal: true}]\n"
)


def test_a_route_may_end_at_but_not_pass_through_a_city_its_track_ends_in():
    """``terminal`` on a tile's paths: with tile 15's paths terminal, TGOJ's route
    D19-D15-C12-A10 may not pass through Skövde (C12, a 15); as written (not terminal)
    it runs, for 180."""
    game = game_before_with(REAL, 300, TERMINAL_15)
    assert refused(game, recorded(REAL, 300)).rule == "terminal"
    game = game_before(REAL, 300)
    game.process(recorded(REAL, 300))
    assert game.round.revenue == 180


def test_lays_forfeit_when_another_lays_in_their_hexes():
    """``forfeit_when_others_lay``: GC given a third lay in D29 loses it when STJ lays the
    57 there with its own tile action (as written, the lay stays)."""
    three = "count: 3, hexes: [E28, F27, D29]"

    def after_141(extra: str):
        overlay = gc(f"{extra}").replace("hexes: [E28, F27], tiles", "tiles").replace("count: 2", three)
        game = game_before_with(REAL, 139, overlay)
        game.companies["GC"].uses["tile_lay"] = 3  # as a game with this title starts
        for action_id in (139, 140, 141):
            game.process(recorded(REAL, action_id))
        return game

    assert after_141("connected: false").companies["GC"].uses["tile_lay"] == 1
    assert after_141("forfeit_when_others_lay: true").companies["GC"].uses["tile_lay"] == 0
