"""The blind draft (``blind_draft``, 1846's draft) and the random setup that feeds it
(``setup.draws``: ``shuffle: draft``, ``remove`` with ``count`` and ``home_token``).

The rules are played on 1830 with a house rule: its six companies and three blank cards
are shuffled into a deck, one of each pair of groups is removed, and the players draft
in reverse seat order from the first five cards. Then 1846, converted from 18xx.games
at run time, drafts as its real games did.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import refused
from oracle_support import ORACLE, imported_title

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.setup import Lcg, random_setup, shuffled
from framework.engine.steps.auction import opening_price
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, new_game, recorded, title_for

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("1", "A"), ("2", "B"), ("3", "C")]
BLANKS = ["Blank 1", "Blank 2", "Blank 3"]
RULE = f"""
setup:
  generator: {{kind: lcg, multiplier: 1103515245, increment: 12345, modulus: 2147483648}}
  draws:
  - {{shuffle: draft}}
  - {{remove: [SV, CS], count: {{3: 1, 4: 0}}}}
  - {{remove: [PRR, NYC, B&O], count: 1, home_token: true}}
rules:
  draft: {{extra_cards_shown: 2, blank_cards: {{3: {BLANKS}}}}}
companies:
  BO: {{price: 240, abilities: []}}
rounds:
  auction: {{kind: auction, order: reverse, steps: [blind_draft]}}
"""


def game(seed: int = 1) -> Game:
    from framework.title.loader import RulesText

    return Game(game_title(ROOT / "titles" / "1830", 3, (), [RulesText("house.yaml", RULE)]), SEATS, seed)


def take(g: Game, card: str) -> None:
    g.process({"type": "bid", "entity": g.current_entity(), "company": card, "price": 0})


def test_the_deck_is_shuffled_before_the_groups_lose_their_draws():
    """One draw per card (companies in title order, then the blank cards), then one per
    member of each group; the smallest draws leave, and the deck loses them."""
    g = game()
    rng = Lcg(1103515245, 12345, 2**31, seed=1)
    deck = shuffled(rng, ["SV", "CS", "DH", "MH", "CA", "BO", *BLANKS])
    company = shuffled(rng, ["SV", "CS"])[0]
    corporation = shuffled(rng, ["PRR", "NYC", "B&O"])[0]
    assert g.setup.removed_companies == [company]
    assert g.setup.removed_corporations == [corporation] == g.setup.home_tokens
    assert g.round.step("blind_draft").deck == [c for c in deck if c != company]
    assert g.companies[company].owner == "closed" and corporation not in g.corporations


def test_a_removed_corporation_with_home_token_keeps_its_station_on_the_map():
    g = game()
    (corporation,) = g.setup.removed_corporations
    home = g.title.corporations[corporation].home
    assert corporation in g.track_board.slots((home.hex, home.first_city))


def test_a_count_by_players_removes_none_where_it_says_none():
    title = game().title
    assert random_setup(title, 1, 4).removed_companies == []
    assert len(random_setup(title, 1, 3).removed_companies) == 1


def test_the_player_chooses_among_the_first_cards_and_the_others_go_under_the_deck():
    g = game()
    step = g.round.step("blind_draft")
    assert g.current_entity() == "3"  # reverse seat order
    shown = step.deck[:5]  # three players plus extra_cards_shown
    assert [c["company"] for c in legal_actions(g)["3"]["bid"]] == shown
    assert "pass" not in legal_actions(g)["3"]
    hidden = step.deck[5]
    assert refused(g, {"type": "bid", "entity": "3", "company": hidden, "price": 0}).rule == "draft"
    take(g, shown[1])
    assert step.deck[0] == hidden and sorted(step.deck[-4:]) == sorted(c for c in shown if c != shown[1])
    assert g.players_by_id["3"].cash == 800 and g.current_entity() == "2"  # paid at the end


def test_the_draft_ends_when_only_blank_cards_are_shown_and_each_player_pays_then():
    g = game()
    step = g.round.step("blind_draft")
    taken: dict[str, list[str]] = {"1": [], "2": [], "3": []}
    while g.round.kind == "auction":
        player = g.current_entity()
        card = next((c for c in step.shown() if c in g.title.companies), step.shown()[0])
        taken[player].append(card)
        take(g, card)
    for player, cards in taken.items():
        owned = [c for c in cards if c in g.title.companies]
        cost = sum(opening_price(g, c) for c in owned)
        assert g.players_by_id[player].cash == 800 - cost
        assert all(g.companies[c].owner == player for c in owned)
    assert g.round.kind == "stock" and g.current_entity() == "1"


def test_passing_on_the_last_company_makes_it_cheaper_until_the_next_player_must_take_it():
    g = game()
    step = g.round.step("blind_draft")
    last = next(c for c in ("SV", "CS") if g.companies[c].owner != "closed")
    step.deck = [last]  # the last company, 20 or 40 with no price beyond its value
    passes = g.title.companies[last].value // 10
    for n in range(1, passes):
        player = g.current_entity()
        assert set(legal_actions(g)[player]) == {"bid", "pass"}
        g.process({"type": "pass", "entity": player})
        assert g.companies[last].discount == 10 * n
    last_to_pass = g.current_entity()
    g.process({"type": "pass", "entity": last_to_pass})
    assert g.round.kind == "stock"
    owner = g.companies[last].owner
    order = ["3", "2", "1"]
    assert owner == order[(order.index(last_to_pass) + 1) % 3]
    assert g.players_by_id[owner].cash == 800  # it came down to nothing


def test_a_player_may_not_pass_while_several_cards_are_left():
    g = game()
    error = refused(g, {"type": "pass", "entity": "3"})
    assert error.rule == "turn order" and "offers bid" in str(error)


# -- 1846, converted at run time, against its real games ---------------------------------

FIXTURES = ORACLE.parent / "fixtures" / "1846"


@pytest.fixture(scope="module")
def the_1846(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the1846"), "1846")


def test_1846_converts_to_a_blind_draft_with_its_groups_and_minors(the_1846):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title: dict = {}
    for path in the_1846.glob("*.yaml"):
        title.update(yaml.load(path))
    draws = title["setup"]["draws"]
    assert draws[0] == {"shuffle": "draft"}
    assert draws[-1] == {"remove": ["C&O", "ERIE", "PRR"], "count": {3: 2, 4: 1, 5: 0}, "home_token": True}
    assert title["rules"]["draft"]["blank_cards"][4] == ["Pass (1)", "Pass (2)", "Pass (3)", "Pass (4)"]
    companies = title["companies"]
    assert companies["MS"]["price"] == 140
    assert {"type": "controls_minor", "minor": "MS", "cash": 60} in companies["MS"]["abilities"]
    assert "players" not in companies["TBC"]  # removed at random, not by player count


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_real_1846_draft_deals_and_ends_as_18xx_games_did(the_1846, path):
    """The deck, the reshuffles and the removals are drawn exactly as 18xx.games drew
    them: every card a player took in the real game was among those shown to them, the
    draft ends where it did (the game's next action, a stock round's, is accepted) and
    each player has paid for the companies taken."""
    record = GameFile.read(path)
    game = new_game(record, title_for(record, the_1846))
    actions = iter(a for a in record.effective() if a.get("type") != "message")
    for action in actions:
        game.process(recorded(game, record, action))
        if game.round.kind != "auction":
            break
    for player in game.humans:
        owned = [c for c, co in game.companies.items() if co.owner == player.id]
        assert player.cash == 400 - sum(opening_price(game, c) for c in owned)
    for sym, minor in game.minors.items():  # a drafted minor starts with its treasury
        drafted = game.companies[sym].owner in game.players_by_id
        assert (minor.owner, minor.floated, minor.cash) == (
            (game.companies[sym].owner, True, {"MS": 60, "BIG4": 40}[sym]) if drafted else (None, False, 0)
        )
    game.process(recorded(game, record, next(actions)))


def replayed_to(the_1846: Path, path: Path, last: int) -> Game:
    record = GameFile.read(path)
    game = new_game(record, title_for(record, the_1846))
    for action in record.effective():
        if action.get("id", 0) > last:
            break
        if action.get("type") != "message":
            game.process(recorded(game, record, action))
    return game


REAL = FIXTURES / "hs_wwhjwjvo_1716866882.json"


def test_a_president_s_sale_moves_1846_s_one_row_market_left_as_18xx_games_logs(the_1846):
    """18xx.games' log of the game: "17: B&O's share price moves left from $40 to $30",
    "21: … from $30 to $20" (``sell_move: left_per_sale_if_president`` on a one-row market)."""
    prices = [replayed_to(the_1846, REAL, n).market.price("B&O") for n in (16, 17, 21)]
    assert prices == [40, 30, 20]


def test_before_it_operates_only_a_corporation_s_president_may_sell_its_shares(the_1846):
    """``sell_before_operating: president`` (18xx.games' ``SELL_AFTER = :p_any_operate``):
    in the real game Player 1 holds a share of B&O, whose president is Player 2, before
    B&O has operated."""
    from framework.base.errors import GameError
    from framework.engine import shares

    game = replayed_to(the_1846, REAL, 40)
    corp = game.corporations["B&O"]
    assert not corp.operated and corp.president() == "1" and corp.percent_of("0") == 10
    with pytest.raises(GameError, match="only its president") as error:
        shares.check_sale(game, "0", corp, corp.certificates_of("0"), 10)
    assert error.value.rule == "selling"
