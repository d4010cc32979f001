"""The tile actions of an operating turn (``rules.track.lays``): an action that lays
only if no earlier action of the turn upgraded (``not_if_upgraded``), one with a cost of
its own (``cost``, ``upgrade_cost``), one that may not upgrade a tile laid this turn
(``same_hex: false``) — 18xx.games' ``TILE_LAYS`` of 1882, 18TN, 18MEX and many more.
Played on 1830 with its phase 2 given green tiles, so that upgrades come early."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from framework.base.errors import GameError
from framework.board.lays import check_lay
from framework.bots import make_bot
from framework.bots.play import Session, new_session
from framework.engine import operating
from framework.engine.choices import legal_actions
from framework.engine.state import game_to_dict
from framework.title.loader import RulesText
from framework.title.rules import TileLaySlot

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"
GREEN = 'phases: {"2": {tiles: [yellow, green]}}\n'


def lays(text: str) -> RulesText:
    return RulesText("lays.yaml", GREEN + f"rules: {{track: {{lays: {text}}}}}\n")


def at_track(rules: RulesText, seed: int = 3) -> Session:
    """A 4-player game at the first track step of an operating turn that may lay plain
    yellow track (#7, #8, #9) in an empty hex."""
    session = new_session(TITLE, 4, seed, rules=[rules])
    game, bot, rng = session.game, make_bot("random"), random.Random(seed)
    while not (
        game.round.kind == "operating"
        and game.round.active_step().name == "track"
        and game.round.laid == 0
        and plain_yellow(session)
    ):
        session.act(bot.act(game, legal_actions(game), rng))
    return session


def lay_choices(session: Session) -> list[dict]:
    game = session.game
    return legal_actions(game).get(game.round.entity(), {}).get("lay_tile", [])


def plain_yellow(session: Session) -> list[dict]:
    """The lays of plain yellow track (#7, #8 or #9) in an empty hex."""
    game = session.game
    return [
        c
        for c in lay_choices(session)
        if c["hex"] not in game.track_board.placed and c["tile"].split("-")[0] in ("7", "8", "9")
    ]


def first_yellow(session: Session) -> dict:
    return plain_yellow(session)[0]


def terrain(session: Session, choice: dict) -> int:
    game = session.game
    layer = operating.layer(game, game.round.entity())
    return check_lay(game.track_board, layer, choice["hex"], choice["tile"], choice["rotation"]).cost


def test_an_action_opens_by_what_the_turn_has_done():
    slot = TileLaySlot(lay="not_if_upgraded", upgrade=False, cost=20)
    assert slot.opens(upgraded=False) == (True, False)
    assert slot.opens(upgraded=True) == (False, False)
    assert TileLaySlot(upgrade="not_if_upgraded").opens(upgraded=True) == (True, False)
    assert (TileLaySlot(cost=20).cost_of(True), TileLaySlot(cost=20, upgrade_cost=0).cost_of(True)) == (20, 0)


def test_the_second_action_lays_yellow_for_its_cost():
    session = at_track(lays("[{lay: true, upgrade: true}, {lay: not_if_upgraded, upgrade: false, cost: 20}]"))
    game = session.game
    corp = game.round.entity()
    choice = first_yellow(session)
    session.act({"type": "lay_tile", "entity": corp, **choice})
    assert game.round.entity() == corp and game.round.active_step().name == "track"
    second = lay_choices(session)
    assert second and all(c["hex"] not in game.track_board.placed for c in second), "yellow lays only"
    cash, bank = game.corporations[corp].cash, game.bank
    pick = next(c for c in second if terrain(session, c) == 0)
    session.act({"type": "lay_tile", "entity": corp, **pick})
    assert game.corporations[corp].cash == cash - 20 and game.bank == bank + 20


def test_after_an_upgrade_the_not_if_upgraded_action_is_gone():
    session = at_track(lays("[{lay: true, upgrade: true}, {lay: not_if_upgraded, upgrade: false}]"))
    game = session.game
    corp = game.round.entity()
    game.round.upgraded = True  # as after an upgrade in the turn's first action
    game.round.laid = 1
    assert lay_choices(session) == []
    assert "lay_tile" not in legal_actions(game).get(corp, {})


def test_an_action_the_operator_cannot_pay_for_is_not_offered():
    session = at_track(lays("[{lay: true, upgrade: true, cost: 50}]"))
    game = session.game
    corp = game.round.entity()
    assert "lay_tile" in legal_actions(game)[corp]
    game.corporations[corp].cash = 49
    assert "lay_tile" not in legal_actions(game).get(corp, {})


def test_a_lay_whose_terrain_leaves_too_little_for_the_action_is_refused_and_changes_nothing():
    """Seed 1: B&O may lay in I17, whose terrain costs 80; with the action's 20 it needs 100."""
    session = at_track(lays("[{lay: true, upgrade: true, cost: 20}]"), seed=1)
    game = session.game
    corp = game.round.entity()
    costly = next(c for c in lay_choices(session) if terrain(session, c) == 80)
    game.corporations[corp].cash = 99
    assert costly not in lay_choices(session)
    before = game_to_dict(game)
    with pytest.raises(GameError, match="the tile action 20, but only 99"):
        game.process({"type": "lay_tile", "entity": corp, **costly})
    assert game_to_dict(game) == before
    game.corporations[corp].cash = 100
    assert costly in lay_choices(session)
    session.act({"type": "lay_tile", "entity": corp, **costly})
    assert game.corporations[corp].cash == 0


@pytest.mark.parametrize("same_hex", [True, False])
def test_same_hex_decides_whether_a_tile_laid_this_turn_may_be_upgraded(same_hex):
    flag = "true" if same_hex else "false"
    session = at_track(
        lays(f"[{{lay: true, upgrade: false}}, {{lay: false, upgrade: true, same_hex: {flag}}}]")
    )
    game = session.game
    corp = game.round.entity()
    yellow = first_yellow(session)
    session.act({"type": "lay_tile", "entity": corp, **yellow})
    upgraded = {c["hex"] for c in lay_choices(session)}
    assert (yellow["hex"] in upgraded) == same_hex


def test_an_upgrade_pays_the_actions_upgrade_cost():
    session = at_track(lays("[{lay: true, upgrade: false}, {lay: false, upgrade: true, upgrade_cost: 30}]"))
    game = session.game
    corp = game.round.entity()
    yellow = first_yellow(session)
    session.act({"type": "lay_tile", "entity": corp, **yellow})
    upgrade = next(c for c in lay_choices(session) if c["hex"] == yellow["hex"])
    cash, bank = game.corporations[corp].cash, game.bank
    session.act({"type": "lay_tile", "entity": corp, **upgrade})
    assert game.corporations[corp].cash == cash - 30 and game.bank == bank + 30


def test_a_corporations_first_operating_turn_has_the_first_turn_lays():
    """``first_turn_lays``: 1850's second yellow tile for a corporation just floated. In
    its first operating turn the corporation lays a second yellow tile; in a later turn,
    one tile only."""
    rules = RulesText(
        "lays.yaml",
        GREEN + "rules: {track: {first_turn_lays: [{lay: true, upgrade: true}, {lay: true, upgrade: false}]}}"
        "\n",
    )
    session = at_track(rules)
    game = session.game
    corp = game.round.entity()
    assert game.corporations[corp].operating_turns == 1
    assert len(operating.lay_slots(game, corp)) == 2
    session.act({"type": "lay_tile", "entity": corp, **first_yellow(session)})
    assert game.round.entity() == corp and game.round.active_step().name == "track"
    second = lay_choices(session)
    assert second and all(c["hex"] not in game.track_board.placed for c in second), "yellow lays only"
    game.corporations[corp].operating_turns = 2  # as in its next turn
    assert len(operating.lay_slots(game, corp)) == 1
    assert game.round.active_step().name != "track"
