"""The `18xx` command line: validate and schema."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
SJ = ROOT / "titles" / "18SJ"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_validate_summarises_a_valid_title():
    result = run("validate", str(SJ))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.split()[:2] == ["hexes", "83"] for line in lines)
    assert any(line.split()[:2] == ["tiles", "43"] for line in lines)
    assert "corporations  11: BJ, KFJ, MYJ, MÖJ, SNJ, STJ, SWB, TGOJ, UGJ, ÖKJ, ÖSJ" in result.stdout
    assert "variants checked: oscarian_era, edelsvard" in result.stdout
    assert lines[-1] == "18SJ: valid"


def test_validate_shows_the_bank_and_every_section_it_checked():
    """The bank and starting cash as the rulebook gives them (10,000 kr; 800/600/480/400),
    and the list of sections checked names every section the title has."""
    out = run("validate", str(SJ)).stdout
    assert "bank          10000 kr; starting cash 3p 800 kr, 4p 600 kr, 5p 480 kr, 6p 400 kr" in out
    checked = next(line for line in out.splitlines() if line.startswith("checked"))
    sections = checked.split(None, 1)[1].split(", ")
    assert {"bank", "map", "tiles", "market", "phases", "trains", "companies", "corporations"} <= set(
        sections
    )
    assert {"rounds", "sequence", "game_end", "variants", "minors", "bonuses"} <= set(sections)
    assert "layer" not in sections  # 18SJ has no layer of its own
    steam = run("validate", str(SJ.parent / "18Steam")).stdout
    assert "layer" in next(line for line in steam.splitlines() if line.startswith("checked"))


def test_validate_accepts_the_title_yaml_itself():
    assert run("validate", str(SJ / "title.yaml")).exit_code == 0


def test_validate_applies_variants_and_rules(tmp_path):
    rules = tmp_path / "rich.yaml"
    rules.write_text("bank: {cash: 20000}\n", encoding="utf-8")
    result = run("validate", str(SJ), "--variant", "oscarian_era", "--rules", str(rules))
    assert result.exit_code == 0, result.output
    assert "overlays" in result.stdout and "rich.yaml" in result.stdout


def test_validate_reports_problems_with_positions_and_exit_1(tmp_path):
    title = tmp_path / "18SJ"
    shutil.copytree(SJ, title)
    bonuses = title / "bonuses.yaml"
    bonuses.write_text(bonuses.read_text(encoding="utf-8").replace("amount: 100", "amount: lots"))
    result = run("validate", str(title))
    assert result.exit_code == 1
    where = os.path.relpath(bonuses)
    assert result.stderr.splitlines() == [
        f"{where}:13:13: expected a whole number, got 'lots'",
        "1 problem found (references between sections are checked once these are fixed)",
    ]
    assert "Traceback" not in result.output


def test_a_broken_variant_is_reported_too(tmp_path):
    title = tmp_path / "18SJ"
    shutil.copytree(SJ, title)
    variant = title / "variants" / "oscarian-era.yaml"
    variant.write_text(
        variant.read_text(encoding="utf-8").replace("capitalization: full", "capitalization: fully")
    )
    result = run("validate", str(title))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{os.path.relpath(variant)}:15:19: unknown capitalization 'fully'; did you mean 'full'?",
        "1 problem found (references between sections are checked once these are fixed)",
    ]


def test_a_missing_folder_is_a_clear_error(tmp_path):
    result = run("validate", str(tmp_path / "nothing"))
    assert result.exit_code == 1
    assert "no title.yaml in this title folder" in result.stderr


def test_schema_check_passes_on_the_committed_schemas():
    result = run("schema", "--check", "--out", str(ROOT / "schemas"))
    assert result.exit_code == 0
    assert "schemas up to date" in result.stdout


def test_schema_writes_and_then_checks(tmp_path):
    assert run("schema", "--check", "--out", str(tmp_path)).exit_code == 1
    assert run("schema", "--out", str(tmp_path)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "overlay.schema.json",
        "title.schema.json",
    ]
    assert run("schema", "--check", "--out", str(tmp_path)).exit_code == 0
    (tmp_path / "title.schema.json").write_text("{}", encoding="utf-8")
    result = run("schema", "--check", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "title.schema.json: out of date" in result.stderr


@pytest.mark.parametrize("command", [[], ["validate"], ["schema"]])
def test_every_command_has_help(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


def test_python_dash_m_framework_runs_the_cli():
    result = subprocess.run(
        [sys.executable, "-m", "framework", "validate", str(SJ)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "18SJ: valid"


def test_schema_out_onto_a_file_is_a_message(tmp_path):
    target = tmp_path / "taken"
    target.write_text("mine", encoding="utf-8")
    result = run("schema", "--out", str(target))
    assert result.exit_code == 1
    assert "not a folder" in result.output
    assert target.read_text(encoding="utf-8") == "mine"


def test_replay_of_a_folder_is_a_message():
    result = run("replay", str(SJ))
    assert result.exit_code == 1
    assert "a folder, not a game file" in result.output
