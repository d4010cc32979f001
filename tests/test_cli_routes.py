"""`18xx routes`: recorded against best routes, one position or all, text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from framework.cli.main import app

GAMES = Path(__file__).resolve().parents[1] / "titles" / "18SJ" / "games"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_one_position_shows_both_sides_and_the_proof():
    result = run("routes", str(GAMES / "bot_chooses_fullcap.json"), "--action", "443")
    assert result.exit_code == 0, result.output
    assert "action 443: MÖJ runs 4-2, 4-3 in phase 5" in result.stdout
    assert "G10-E8-D11" in result.stdout  # a recorded route
    assert "250 kr" in result.stdout and "330 kr" in result.stdout
    assert "proven optimal" in result.stdout
    assert "80 kr more than recorded" in result.stdout


def test_one_position_as_json():
    result = run("routes", str(GAMES / "166116.json"), "--action", "786", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["corporation"], data["trains"], data["recorded"], data["best"]) == ("ÖKJ", ["D-0"], 810, 810)
    assert data["proven"] is True and data["gap"] == 0
    assert data["best_routes"][0]["revenue_str"].endswith("+ N/S + m/M/m")


def test_all_positions_as_json_hold_the_documented_fields():
    result = run("routes", str(GAMES / "bot_chooses_fullcap.json"), "--all", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 42
    for row in rows:
        assert {"action", "corporation", "trains", "recorded", "best", "proven", "seconds"} <= set(row)
        assert row["proven"] and row["best"] >= row["recorded"]
    assert sum(row["best"] > row["recorded"] for row in rows) == 6


def test_the_table_marks_where_the_best_beats_the_players():
    result = run("routes", str(GAMES / "bot_chooses_fullcap.json"), "--all")
    assert result.exit_code == 0, result.output
    assert "42 positions" in result.stdout and "42 proven optimal" in result.stdout
    assert "330 +" in result.stdout


def test_a_time_limit_gives_an_answer_with_a_bound():
    result = run("routes", str(GAMES / "166116.json"), "--action", "891", "--time-limit", "0", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["best"] <= data["bound"] and data["gap"] == data["bound"] - data["best"]


def test_an_action_that_is_not_a_run_names_the_nearest():
    result = run("routes", str(GAMES / "166116.json"), "--action", "785")
    assert result.exit_code == 1
    assert "action 785 is not a run_routes action; the nearest are 781, 786, 791" in result.output


def test_one_of_action_or_all_is_needed():
    assert "give --action ID or --all" in run("routes", str(GAMES / "166116.json")).output


def test_a_recorded_revenue_the_routes_are_not_worth_is_flagged(tmp_path):
    """The file claims 10 kr more than its routes earn: shown, and said to be false."""
    data = json.loads((GAMES / "166116.json").read_text(encoding="utf-8"))
    action = next(a for a in data["actions"] if a.get("id") == 275)
    action["routes"][0]["revenue"] += 10
    path = tmp_path / "inflated.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("routes", str(path), "--action", "275")
    assert result.exit_code == 1
    assert "the recorded revenue 180 kr is false: those routes are worth 170 kr" in result.stdout
    data = json.loads(run("routes", str(path), "--action", "275", "--json").stdout)
    assert (data["recorded"], data["recorded_worth"]) == (180, 170)
    honest = json.loads(run("routes", str(GAMES / "166116.json"), "--action", "275", "--json").stdout)
    assert honest["recorded"] == honest["recorded_worth"] == 170


def test_a_title_without_trains_says_it_has_no_routes(tmp_path):
    """18Steam moves goods along links: `routes` says so instead of an empty table."""
    from steam_bot_game import steam_bot_game

    path = tmp_path / "steam.json"
    path.write_text(json.dumps(steam_bot_game().raw), encoding="utf-8")
    result = run("routes", str(path), "--all")
    assert result.exit_code == 0
    assert "18Steam has no trains, so its games run no routes to compare" in result.output
    assert "corporation" not in result.stdout  # no table
    assert json.loads(run("routes", str(path), "--all", "--json").stdout) == []
    result = run("routes", str(path), "--action", "5")
    assert result.exit_code == 1 and "has no trains" in result.output


def test_a_route_recorded_with_connections_only_is_shown_as_it_runs():
    """An older export (18Chesapeake's 3055) records routes by their connections alone:
    the table gives each its stops and what it earns, and the total is theirs."""
    game = GAMES.parents[1] / "18Chesapeake" / "games" / "3055.json"
    result = run("routes", str(game), "--action", "350", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    recorded = data["recorded_routes"]
    assert [(r["train"], r["revenue_str"], r["revenue"]) for r in recorded] == [
        ("5-0", "G13-F8-E3-F2-J2", 170)
    ]
    assert (data["recorded"], data["best"]) == (170, 240)
