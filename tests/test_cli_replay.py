"""`18xx replay`: real games, positions, and corrupt files that name the failing action."""

from __future__ import annotations

import json
from pathlib import Path

from steam_bot_game import steam_bot_game
from typer.testing import CliRunner

from framework.cli.main import app
from framework.record.replay import replay

GAMES = Path(__file__).resolve().parents[1] / "titles" / "18SJ" / "games"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_replay_prints_the_scores_and_that_they_match():
    result = run("replay", str(GAMES / "18SJ_game_end_bankrupt.json"))
    assert result.exit_code == 0, result.output
    assert "ended: bankrupt (recorded: bankrupt)" in result.stdout
    assert "Player 1: 2689 kr" in result.stdout
    assert result.stdout.rstrip().endswith("matches the recorded result")


def test_replay_json_has_the_documented_fields():
    result = run("replay", str(GAMES / "bot_chooses_fullcap.json"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["result"] == {"3429": 3285, "12964": 2854}
    assert data["game_end_reason"] == "manually_ended"
    assert data["matches_recorded"] is True
    assert data["actions"] == 401
    assert data["seconds"] > 0


def test_replay_at_an_action_shows_the_position():
    result = run("replay", str(GAMES / "166116.json"), "--at", "300", "--json")
    assert result.exit_code == 0, result.output
    position = json.loads(result.stdout)["position"]
    assert position["phase"] == "4"
    assert {c["sym"] for c in position["corporations"]} >= {"SNJ", "TGOJ", "ÖKJ"}
    tgoj = next(c for c in position["corporations"] if c["sym"] == "TGOJ")
    assert tgoj["trains"] == ["4-3"]
    assert position["tiles"]["B9"].startswith("8-6")
    text = run("replay", str(GAMES / "166116.json"), "--at", "300").stdout
    assert "phase 4, operating round" in text and "TGOJ: price" in text


def test_a_tampered_revenue_is_caught_at_its_action(tmp_path):
    data = json.loads((GAMES / "166116.json").read_text(encoding="utf-8"))
    action = next(a for a in data["actions"] if a.get("id") == 275)
    action["routes"][0]["revenue"] += 10
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "diverges at action 275: action 275: train 3-0's route C12-D15-C16" in result.stdout
    assert "earns 170, not 180 (revenue)" in result.stdout


def test_a_corrupt_action_names_its_id(tmp_path):
    data = json.loads((GAMES / "166116.json").read_text(encoding="utf-8"))
    action = next(a for a in data["actions"] if a.get("id") == 30)
    action["rotation"] = "sideways"
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path), "--json")
    assert result.exit_code == 1
    assert result.stdout == ""  # the file is checked as a whole before anything is replayed
    assert result.stderr.splitlines()[0] == (
        f"{path}: action 30 (lay_tile, number 30 in the list): "
        "field 'rotation' must be an integer, got \"sideways\""
    )


def test_a_file_that_is_not_json_is_located(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"title": "18SJ",\n "players": [}', encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:2:14: not valid JSON")
    assert "Traceback" not in result.output


def test_a_file_without_actions_says_so(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text(json.dumps({"title": "18SJ", "players": []}), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "the game file has no 'actions'" in result.stderr


def _game_file(tmp_path, name="166116.json", change=None) -> str:
    data = json.loads((GAMES / name).read_text(encoding="utf-8"))
    if change:
        change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _unfinished(data):
    """The first 300 actions of a real game, exported before it ended."""
    data["actions"] = [a for a in data["actions"] if a["id"] <= 300]
    data["status"] = "active"
    data["result"] = {}
    data.pop("game_end_reason", None)


def test_an_unfinished_game_is_reported_as_unfinished_with_its_position(tmp_path):
    path = _game_file(tmp_path, change=_unfinished)
    result = run("replay", path)
    assert result.exit_code == 0, result.output
    assert "the game has not ended: every action so far is legal" in result.stdout
    assert "phase 4, operating round" in result.stdout
    assert "does NOT match" not in result.stdout
    data = json.loads(run("replay", path, "--json").stdout)
    assert data["verdict"] == "unfinished" and data["finished"] is False
    assert data["position"]["phase"] == "4"


def test_a_game_cut_short_of_its_recorded_end_does_not_match(tmp_path):
    path = _game_file(tmp_path, change=lambda d: d.update(actions=d["actions"][:400]))
    result = run("replay", path)
    assert result.exit_code == 1
    assert "the game has not ended; the file records an end" in result.stdout
    assert "does NOT match the recorded result" in result.stdout


def test_at_an_action_the_game_lacks_is_an_error(tmp_path):
    result = run("replay", str(GAMES / "166116.json"), "--at", "99999")
    assert result.exit_code == 2
    assert "the game has no action 99999 (its ids run from 1 to" in result.output


def test_at_an_undone_action_is_an_error(tmp_path):
    def undo_300(data):
        data["actions"] = [a for a in data["actions"] if a["id"] <= 300]
        data["actions"].append({"type": "undo", "entity": data["actions"][-1]["entity"], "id": 301})

    path = _game_file(tmp_path, change=undo_300)
    result = run("replay", path, "--at", "300")
    assert result.exit_code == 2
    assert "action 300 (" in result.output and ") was undone" in result.output
    assert run("replay", path, "--at", "299").exit_code == 0


def test_an_optional_rule_the_title_lacks_is_an_error(tmp_path):
    path = _game_file(
        tmp_path, change=lambda d: d.setdefault("settings", {}).update(optional_rules=["double_cap"])
    )
    result = run("replay", path)
    assert result.exit_code == 1
    assert "has no optional rule 'double_cap' (its variants: oscarian_era, edelsvard)" in result.output
    assert "matches" not in result.stdout


def test_an_empty_optional_rule_is_no_rule(tmp_path):
    """18xx.games exports ``""`` among a game's optional rules at times (1817NA's game
    25363) and plays no rule for it: the game replays as without it."""
    path = _game_file(tmp_path, change=lambda d: d.setdefault("settings", {}).update(optional_rules=[""]))
    result = run("replay", path)
    assert result.exit_code == 0, result.output


def test_replay_at_an_action_of_18steam_shows_the_goods_layer(tmp_path):
    """18Steam has no trains, tokens or 18xx tiles: the position gives the round in the
    rules' words, each corporation's income, locomotive and track, and the goods."""
    record = steam_bot_game()
    path = tmp_path / "steam.json"
    path.write_text(json.dumps(record.raw), encoding="utf-8")
    last = str(record.actions[-1]["id"])
    game = replay(record).game
    text = run("replay", str(path), "--at", last).stdout
    assert "custom round" not in text and "no trains" not in text and "depot offers" not in text
    assert "phase None" not in text and ", building track, turn" not in text
    assert text.splitlines()[1].startswith("building track, turn ")
    for sym in game.layer_state.order:
        counters = game.corporations[sym].counters
        assert f"  {sym}: price " in text
        assert f"income {counters['income']}, " in text and f"locomotive {counters['locomotive']}" in text
    assert "  goods:\n    Chicago (H12): " in text
    data = json.loads(run("replay", str(path), "--at", last, "--json").stdout)["position"]["layer"]
    assert data["round"] == "building track"
    links = [r for r in game.layer_state.track(game).links() if r.owner]
    owner = links[0].owner
    assert data["corporations"][owner]["links"] == sum(r.owner == owner for r in links)
    assert data["goods"]["Chicago (H12)"] == ", ".join(game.layer_state.cubes["H12"]) or "none"


def test_actions_after_an_id_above_the_last_are_not_played_and_replay_says_so(tmp_path):
    """18xx.games loads a game up to its last action's id: an action numbered above it
    (here the 401st of 893) ends the game there; `18xx replay` plays the same and says why."""
    data = json.loads((GAMES / "166116.json").read_text(encoding="utf-8"))
    data["actions"][400]["id"] = data["actions"][-1]["id"] + 1
    path = tmp_path / "renumbered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path), "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["verdict"] == "differs" and not report["finished"]
    assert report["unplayed"][0] == data["actions"][400]["id"] and len(report["unplayed"]) == 893 - 400
    assert "not played, as on 18xx.games" in run("replay", str(path)).stdout
