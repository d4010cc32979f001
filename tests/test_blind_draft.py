"""The blind draft (``blind_draft``, 1846's draft) and the random setup that feeds it
(``setup.draws``: ``shuffle: draft``, ``remove`` with ``count``, ``home_token`` and
``second_tokens``).

The rules are played on 1830 with a house rule: its six companies and three blank cards
are shuffled into a deck, one of each pair of groups is removed, and the players draft
in reverse seat order from the first five cards. (1846, converted from 18xx.games at run
time, drafts as its real games did: ``test_1846.py``.)
"""

from __future__ import annotations

from pathlib import Path

from game_support import refused

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.setup import Lcg, random_setup, shuffled
from framework.engine.steps.auction import opening_price
from framework.record.replay import game_title

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


def game(seed: int = 1, rule: str = RULE) -> Game:
    from framework.title.loader import RulesText

    return Game(game_title(ROOT / "titles" / "1830", 3, (), [RulesText("house.yaml", rule)]), SEATS, seed)


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


SECONDS = "{PRR: {hex: H10}, NYC: {hex: H10}, B&O: {hex: H10}}"


def test_a_removed_corporation_puts_its_second_station_down_at_setup():
    """With ``second_tokens`` the removed corporation's station goes in Pittsburgh (H10)
    too, besides its home station: a foreign station there, the city's one slot full."""
    g = game(rule=RULE.replace("home_token: true}", f"home_token: true, second_tokens: {SECONDS}}}"))
    (corporation,) = g.setup.removed_corporations
    assert g.track_board.slots(("H10", 0)) == [corporation]
    assert g.track_board.free_slots(("H10", 0), "CPR") == 0
    assert f"{corporation} places a second station in H10 at setup" in g.messages


def test_a_second_station_for_other_player_counts_stays_off_the_map():
    """``players``: the station is for those numbers of players only; in a three-player
    game one for four never comes, one for three does."""
    for counts, placed in (("[4]", False), ("[3, 4]", True)):
        seconds = SECONDS.replace("H10}", f"H10, players: {counts}}}")
        g = game(rule=RULE.replace("home_token: true}", f"home_token: true, second_tokens: {seconds}}}"))
        assert (g.track_board.slots(("H10", 0)) != [None]) is placed, counts


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


def test_a_second_station_of_a_corporation_the_draw_cannot_remove_or_off_the_map_is_refused():
    """Each problem is named at its place in the house rule's file."""
    import pytest

    from framework.base.problems import ProblemsError
    from framework.title.loader import RulesText, load_title

    cases = (
        ("{C&O: {hex: H10}}", "'second_tokens' names C&O, not in the draw's 'remove' list"),
        ("{PRR: {hex: Z99}}", "hex 'Z99' is not on the map"),
        ("{PRR: {hex: H10, players: [7]}}", "the title is for 2 to 6 players, not 7"),
    )
    for seconds, message in cases:
        rule = RULE.replace("home_token: true}", f"home_token: true, second_tokens: {seconds}}}")
        with pytest.raises(ProblemsError) as found:
            load_title(ROOT / "titles" / "1830", rules=[RulesText("house.yaml", rule)])
        problems = "\n".join(str(p) for p in found.value.problems)
        assert message in problems and "house.yaml:" in problems, problems
