"""Real 18xx.games games replay exactly (reference §f).

The three games bundled in ``titles/18SJ/games`` must reach their recorded
result and end reason, with every recorded route legal and worth its recorded
revenue, the state at the end of every round equal to the checkpoint tables of
reference §f.5, and the invariants holding after every action.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from framework.engine.choices import legal_actions
from framework.engine.invariants import broken_invariants
from framework.engine.state import game_from_dict, game_to_dict
from framework.record.gamefile import GameFile, effective_actions
from framework.record.replay import Replay, new_game, replay, title_for

GAMES = Path(__file__).resolve().parents[1] / "titles" / "18SJ" / "games"
CHECKPOINTS = json.loads((Path(__file__).parent / "data" / "18SJ-checkpoints.json").read_text("utf-8"))
FILES = sorted(p.name for p in GAMES.glob("*.json"))


@cache
def replayed(name: str) -> Replay:
    return replay(GameFile.read(GAMES / name), check=lambda game, _action: broken_invariants(game))


@pytest.mark.parametrize("name", FILES)
def test_the_game_reaches_its_recorded_result_and_end_reason(name):
    outcome = replayed(name)
    assert outcome.failure is None, str(outcome.failure)
    record = GameFile.read(GAMES / name)
    assert outcome.game.end_reason == record.game_end_reason
    assert outcome.result == {str(k): v for k, v in record.result.items()}
    assert outcome.matches_recorded


@pytest.mark.parametrize("name", FILES)
def test_invariants_hold_after_every_action(name):
    """Money conserved, shares at 100%, tile supply, tokens of live companies."""
    assert replayed(name).checks == []


def test_the_effective_action_counts_match_the_reference():
    """§f.3/§f.4: 744, 475 and 371 effective actions."""
    counts = {name: len(effective_actions(GameFile.read(GAMES / name).actions)) for name in FILES}
    assert counts == {
        "166116.json": 744,
        "18SJ_game_end_bankrupt.json": 475,
        "bot_chooses_fullcap.json": 371,
    }


def _checkpoint_rows():
    for name, rows in CHECKPOINTS.items():
        for row in rows:
            yield pytest.param(name, row, id=f"{name.split('.')[0]}-{row['round']}")


@pytest.mark.parametrize(("name", "row"), list(_checkpoint_rows()))
def test_checkpoint(name, row):
    """§f.5: bank, player cash, and each corporation's price and treasury at the end of a round."""
    game = replayed(name).game
    seats = {f"P{i + 1}": p.id for i, p in enumerate(game.humans)}
    seats.update(("AW", p.id) for p in game.players if p.bot)
    if row["round"] == "END":
        state = {
            "bank": game.bank,
            "players": {p.id: p.cash for p in game.players},
            "corporations": {
                c.sym: [game.market.price(c.sym), c.cash]
                for c in game.corporations.values()
                if not c.closed and c.sym in game.market.positions
            },
        }
    else:
        [state] = [c for c in game.checkpoints if c["round"] == row["round"]]
    assert state["bank"] == row["bank"]
    assert {k: state["players"][v] for k, v in seats.items() if k in row["players"]} == row["players"]
    assert state["corporations"] == row["corporations"]


@pytest.mark.parametrize("name", FILES)
def test_a_saved_game_reloads_and_continues_identically(name):
    record = GameFile.read(GAMES / name)
    title = title_for(record)
    actions = record.effective()
    for cut in range(0, len(actions), len(actions) // 6):
        game = new_game(record, title)
        for action in actions[:cut]:
            game.process(action)
        saved = json.loads(json.dumps(game_to_dict(game)))
        copy = game_from_dict(title, saved)
        assert game_to_dict(copy) == saved
        for action in actions[cut:]:
            game.process(action)
            copy.process(action)
        assert game_to_dict(copy) == game_to_dict(game)
        assert copy.result() == game.result()


@pytest.mark.parametrize("name", ["18SJ_game_end_bankrupt.json", "bot_chooses_fullcap.json"])
def test_every_recorded_action_is_among_the_listed_legal_actions(name):
    """What the engine lists for the acting entities includes what the players did."""
    record = GameFile.read(GAMES / name)
    game = new_game(record, title_for(record))
    unlisted = []
    for action in record.effective():
        kind = action["type"]
        if kind in (
            "message",
            "program_buy_shares",
            "program_share_pass",
            "program_disable",
            "end_game",
        ):
            game.process(action)
            continue
        listed = legal_actions(game).get(str(action["entity"]), {})
        if kind not in listed:
            unlisted.append((action.get("id"), kind))
        game.process(action)
    assert unlisted == []


def test_a_log_line_changes_nothing_and_undo_takes_it_back():
    """18xx.games' ``log`` action (a line a player adds to the log: its hotseat games
    record a consent so) is played as a message, except that an undo takes it back as it
    does any other action (a chat message it leaves)."""
    record = GameFile.read(GAMES / "bot_chooses_fullcap.json")
    game = new_game(record, title_for(record))
    first = record.effective()[0]
    player = first["entity"]

    def state() -> dict:
        return {k: v for k, v in game_to_dict(game).items() if k != "actions_processed"}

    before = state()
    game.process({"type": "log", "entity": player, "entity_type": "player", "id": 1, "message": "consent"})
    assert state() == before
    actions = [
        {**first, "id": 1},
        {"type": "log", "entity": player, "id": 2, "message": "consent"},
        {"type": "message", "entity": player, "id": 3, "message": "hello"},
        {"type": "undo", "entity": player, "id": 4},
        {"type": "undo", "entity": player, "id": 5},
    ]
    assert [a["id"] for a in effective_actions(actions)] == [3]
