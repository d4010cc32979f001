"""`18xx play` and `18xx simulate` (issue 6 §2 and §3), and games on a Dask cluster."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oracle_support import oracle_verdicts
from typer.testing import CliRunner

from framework.cli.main import app
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.sim.simulate import Task, compare, report, run_games

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


def test_simulate_compares_with_an_overlay_on_the_same_seeds(tmp_path):
    page = tmp_path / "report.html"
    result = run("simulate", TITLE, "--games", "2", "--compare", HOUSE_RULES, "--json", "--report", str(page))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    html = page.read_text(encoding="utf-8")
    assert html.count('<svg class="chart') == 6 and 'id="difference"' in html
    assert html.count('data-series="with small-bank.yaml"') > 0 and html.count('data-series="base"') > 0
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


# -- variants (issue 11 §4.3) -------------------------------------------------------------


def test_play_with_a_variant_saves_it_as_an_optional_rule_that_replay_and_18xx_games_apply(tmp_path):
    saved = tmp_path / "oscarian.json"
    result = run(
        "play", TITLE, "--players", "4", "--seed", "1", "--variant", "oscarian_era",
        "--max-actions", "150", "--out", str(saved),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seed 1, heuristic bots, oscarian_era:" in result.stdout
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["settings"]["optional_rules"] == ["oscarian_era"]
    outcome = replay(GameFile.from_dict(data))
    assert outcome.failure is None and outcome.actions == 150
    assert all(c.capitalization == "full" for c in outcome.game.corporations.values())
    without = {**data, "settings": {**data["settings"], "optional_rules": []}}
    assert replay(GameFile.from_dict(without)).failure is not None
    (tmp_path / "without.json").write_text(json.dumps(without), encoding="utf-8")
    verdicts = oracle_verdicts([saved, tmp_path / "without.json"])
    assert verdicts["oscarian"]["refused"] is None and verdicts["oscarian"]["last_id"] == 150
    assert verdicts["without"]["refused"] is not None  # the rule's name is the one 18xx.games knows


def test_replay_reproduces_a_finished_game_played_with_a_variant(tmp_path):
    saved = tmp_path / "game.json"
    args = ("play", TITLE, "--players", "3", "--seed", "4", "--variant", "oscarian_era", "--out", str(saved))
    assert run(*args).exit_code == 0
    result = run("replay", str(saved))
    assert result.exit_code == 0, result.output
    assert "matches the recorded result" in result.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_variant_is_an_error_listing_the_titles_variants(command):
    result = run(
        command, TITLE, "--variant", "oscarian", "--games" if command == "simulate" else "--seed", "1"
    )
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "18SJ has no variant 'oscarian'; its variants: oscarian_era (The Oscarian Era), edelsvard" in (
        result.output
    )


def test_a_variant_for_other_player_counts_is_an_error_and_an_automatic_one_is_not_saved(tmp_path):
    result = run("play", TITLE, "--players", "4", "--variant", "edelsvard")
    assert result.exit_code == 1 and "the variant 'edelsvard' is for 2 players, not 4" in result.output
    saved = tmp_path / "two.json"
    args = (
        "play",
        TITLE,
        "--players",
        "2",
        "--variant",
        "edelsvard",
        "--max-actions",
        "20",
        "--out",
        str(saved),
    )
    assert run(*args).exit_code == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["settings"]["optional_rules"] == []  # 18xx.games plays two players so by itself
    assert any(p.bot for p in replay(GameFile.from_dict(data)).game.players)


def test_simulate_plays_and_saves_its_games_with_the_variants(tmp_path):
    result = run(
        "simulate", TITLE, "--games", "1", "--variant", "oscarian_era", "--max-actions", "30",
        "--failures", str(tmp_path), "--json",
    )  # fmt: skip
    assert result.exit_code == 1  # the move cap makes the game a failure, saved
    [failure] = json.loads(result.stdout)["failures"]
    data = json.loads(Path(failure["saved"]).read_text(encoding="utf-8"))
    assert data["settings"]["optional_rules"] == ["oscarian_era"]
    outcome = replay(GameFile.from_dict(data))
    assert all(c.capitalization == "full" for c in outcome.game.corporations.values())


@pytest.mark.parametrize("players", ["1", "7", "9"])
def test_a_player_count_the_title_cannot_seat_is_a_usage_error(players, tmp_path):
    """18SJ is for 3 to 6 players, and 2 with A.W. Edelsvärd (rulebook §2, the variant)."""
    saved = tmp_path / "game.json"
    for command in (["play", TITLE, "--out", str(saved)], ["simulate", TITLE, "--games", "1"]):
        result = run(*command, "--players", players)
        assert result.exit_code == 2, result.output
        assert f"{players}: 18SJ is for 2 to 6 players" in result.output
    assert not saved.exists()
    zero = run("play", TITLE, "--players", "0")
    assert zero.exit_code == 2 and "Invalid value for '--players'" in zero.output


def test_an_unreachable_scheduler_is_a_message():
    result = run("simulate", TITLE, "--games", "1", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 1
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in result.output


@pytest.mark.parametrize("option", ["--games", "--workers", "--max-actions"])
def test_simulate_counts_must_be_positive(option):
    result = run("simulate", TITLE, option, "0")
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output


def test_play_of_a_title_with_its_own_layer_reports_its_game_turns(tmp_path):
    """18Steam plays game turns, not stock and operating rounds, and has no state
    railway: its summary says so, and the saved game replays."""
    steam = str(Path(TITLE).parent / "18Steam")
    saved = tmp_path / "steam.json"
    result = run("play", steam, "--players", "4", "--seed", "2", "--out", str(saved))
    assert result.exit_code == 0, result.output
    assert "ended: final_turn" in result.stdout and "8 game turns; floated:" in result.stdout
    assert "operating rounds" not in result.stdout and "nationalised" not in result.stdout
    assert replay(GameFile.read(saved)).matches_recorded
