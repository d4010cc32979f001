"""`18xx play` and `18xx simulate` (issue 6 §2 and §3), and games on a Dask cluster."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.cli import app
from framework.gamefile import GameFile
from framework.replay import replay
from framework.simulate import Task, compare, report, run_games

ROOT = Path(__file__).resolve().parents[1]
TITLE = str(ROOT / "titles" / "18SJ")
HOUSE_RULES = str(ROOT / "titles" / "18SJ" / "house-rules" / "small-bank.yaml")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_play_prints_the_scores_and_saves_a_game_that_replays(tmp_path):
    saved = tmp_path / "game.json"
    result = run("play", TITLE, "--players", "4", "--seed", "7", "--out", str(saved))
    assert result.exit_code == 0, result.output
    assert "ended: bank" in result.stdout or "ended: stock_market" in result.stdout
    assert "nationalised:" in result.stdout and "stock rounds" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    outcome = replay(GameFile.read(saved))
    assert outcome.matches_recorded
    for player, score in outcome.result.items():
        assert f"Player {player}: {score} kr" in result.stdout


def test_play_as_json():
    result = run(
        "play", TITLE, "--players", "3", "--seed", "2", "--bot", "random", "--max-actions", "60", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["actions"], data["finished"], data["end_reason"]) == (60, False, None)


def test_play_names_a_broken_overlay_by_file_line_and_column(tmp_path):
    broken = tmp_path / "house.yaml"
    broken.write_text("bank:\n  cash: lots\n", encoding="utf-8")
    result = run("play", TITLE, "--rules", str(broken))
    assert result.exit_code == 1
    assert f"{broken.name}:2:" in result.output or "house.yaml:2:" in result.output


def test_play_refuses_an_unknown_bot():
    result = run("play", TITLE, "--bot", "clever")
    assert result.exit_code == 1 and "no bot named 'clever'" in result.output


def test_simulate_reports_the_figures_the_issue_asks_for():
    result = run("simulate", TITLE, "--games", "2", "--players", "4", "--workers", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["finished"], data["failures"]) == (2, 2, [])
    assert sum(data["end_reasons"].values()) == 2
    for key in ("actions", "stock_rounds", "operating_rounds", "winner_score", "score_spread"):
        assert data[key]["mean"] > 0
    assert sum(v["rate"] for v in data["seat_wins"].values()) == pytest.approx(1)
    assert data["bank_breaks_in"] or data["end_reasons"].get("stock_market")
    assert {"floats", "nationalised", "held_by_winner"} == set(next(iter(data["corporations"].values())))


def test_simulate_compares_with_an_overlay_on_the_same_seeds():
    result = run("simulate", TITLE, "--games", "2", "--compare", HOUSE_RULES, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["reports"]) == {"base", "with small-bank.yaml"}
    assert data["difference"]["paired_games"] == 2
    assert {"mean", "ci95"} == set(data["difference"]["winner_score"])


def test_a_failed_game_is_reported_with_its_seed_and_saved(tmp_path):
    result = run(
        "simulate", TITLE, "--games", "2", "--seed", "40", "--max-actions", "30",
        "--failures", str(tmp_path), "--json",
    )  # fmt: skip
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [f["seed"] for f in data["failures"]] == [40, 41]
    assert all("no end after 30 actions" in f["failure"] for f in data["failures"])
    saved = Path(data["failures"][0]["saved"])
    assert saved.parent == tmp_path and len(GameFile.read(saved).actions) == 30


def test_games_on_a_local_dask_cluster():
    import distributed

    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        tasks = [Task(TITLE, 3, seed, "random", max_actions=80, check=True) for seed in (1, 2)]
        summaries = list(run_games(tasks, scheduler=cluster.scheduler_address))
    assert sorted(s.seed for s in summaries) == [1, 2]
    assert all(s.failure == "no end after 80 actions" for s in summaries)


def test_reports_and_comparisons_from_summaries():
    tasks = [Task(TITLE, 4, seed) for seed in (3, 4)]
    base = list(run_games(tasks))
    rep = report(base)
    assert rep["finished"] == 2 and rep["failures"] == []
    same = compare(base, base)
    assert same["winner_score"] == {"mean": 0.0, "ci95": 0.0}
