"""A company's ``token`` ability, played by the ``special_token`` step.

Shown on a real 1830 game (29133) at action 109: NYNH, owning the Champlain & St.Lawrence
(CS), is at its token step with $140; it reaches Providence (F22), not the city of B16.
A house rule gives the CS a token ability for those two hexes and lists the
``special_token`` step in the operating round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.choices import legal_actions
from framework.engine.entities import BANK
from framework.engine.invariants import broken_invariants
from framework.engine.steps.track import city_id
from framework.engine.trace import trace_state
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded
from framework.title.loader import RulesText, load_title

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "titles" / "1830" / "games" / "29133.json"
AT = 109


def at_token_step(ability: str = "", before: int = AT):
    """The game just before action ``before``, the CS given ``ability`` (YAML flow fields
    added to ``{type: token, hexes: [F22, B16]}``)."""
    rule = (
        "companies:\n  CS:\n    abilities:\n"
        "      - {type: blocks_hexes, hexes: [B20], owner: [player]}\n"
        "      - {type: tile_lay, hexes: [B20], tiles: ['3', '4', '58'], count: 1, when: [operating_turn]}\n"
        f"      - {{type: token, hexes: [F22, B16]{', ' + ability if ability else ''}}}\n"
        "rounds:\n  operating:\n    kind: operating\n    steps: [bankrupt, exchange, special_track, teleport,"
        " special_token, buy_company, home_token, track, token, routes, dividend, discard_train, buy_train,"
        " {step: buy_company, blocking: true}]\n"
    )
    title = load_title(ROOT / "titles" / "1830", [RulesText("house.yaml", rule)])
    record = GameFile.read(GAME)
    game = new_game(record, title)
    for action in record.effective():
        if action["id"] >= before:
            break
        game.process(recorded(game, record, action))
    return game


def cities(game) -> list[str]:
    return sorted(c["city"] for c in legal_actions(game).get("CS", {}).get("place_token", []))


def place(game, city: str) -> None:
    game.process({"type": "place_token", "entity": "CS", "entity_type": "company", "city": city})


def city_in(game, hex_id: str) -> str:
    return city_id(game, (hex_id, 0))


def test_a_company_places_its_corporations_token_at_price_or_teleport_price():
    game = at_token_step("price: 10, teleport_price: 30")
    assert cities(game) == sorted([city_in(game, "B16"), city_in(game, "F22")])
    used = game.corporations["NYNH"].tokens_used
    place(game, city_in(game, "B16"))
    assert game.corporations["NYNH"].cash == 140 - 30
    assert "NYNH" in game.track_board.token_owners(("B16", 0))
    assert game.corporations["NYNH"].tokens_used == used + 1
    assert game.companies["CS"].uses["token"] == 0
    assert "NYNH" not in legal_actions(game) or "place_token" not in legal_actions(game)["NYNH"]
    assert not broken_invariants(game)


def test_without_a_teleport_price_only_reached_cities_and_a_refusal_changes_nothing():
    game = at_token_step("price: 10")
    assert cities(game) == [city_in(game, "F22")]
    before = trace_state(game), game.track_board.to_dict()
    with pytest.raises(GameError) as caught:
        place(game, city_in(game, "B16"))
    assert caught.value.rule == "token ability"
    assert (trace_state(game), game.track_board.to_dict()) == before


def test_an_extra_token_leaves_the_turns_token_and_one_beyond_the_charter_leaves_it_full():
    game = at_token_step("teleport_price: 0, extra: true, from_owner: false")
    used = game.corporations["NYNH"].tokens_used
    place(game, city_in(game, "B16"))
    assert game.corporations["NYNH"].tokens_used == used
    assert game.corporations["NYNH"].extra_tokens == 1
    assert "place_token" in legal_actions(game)["NYNH"]


def test_a_used_up_company_may_close():
    game = at_token_step("teleport_price: 0, closes_when_used_up: true")
    place(game, city_in(game, "B16"))
    assert game.companies["CS"].closed


def test_two_tokens_are_placed_one_a_turn():
    game = at_token_step("teleport_price: 0, count: 2")
    place(game, city_in(game, "B16"))
    assert game.companies["CS"].uses["token"] == 1
    assert cities(game) == []


def test_at_the_token_step_only_unless_the_ability_says_any_time_of_the_turn():
    track = AT - 1
    game = at_token_step("teleport_price: 0", before=track)
    assert game.round.active_step().name == "track"
    assert cities(game) == []
    game = at_token_step("teleport_price: 0, when: [operating_turn]", before=track)
    assert city_in(game, "B16") in cities(game)


def test_the_token_step_waits_while_only_the_company_could_place_a_token():
    """NYNH without the cash for its own token: its token step offers a pass, and the CS
    places a free token; without the ability the step would be skipped."""
    game = at_token_step("teleport_price: 0")
    finance.pay(game, "NYNH", BANK, game.corporations["NYNH"].cash)
    assert game.round.active_step().name == "token"
    assert legal_actions(game)["NYNH"].keys() == {"pass"}
    place(game, city_in(game, "B16"))
    assert game.round.active_step().name != "token"


def test_a_token_ability_without_its_step_is_refused():
    from framework.base.problems import ProblemsError

    rule = "companies:\n  CS:\n    abilities:\n      - {type: token, hexes: [F22], price: 0}\n"
    with pytest.raises(ProblemsError, match="special_token step"):
        load_title(ROOT / "titles" / "1830", [RulesText("house.yaml", rule)])
