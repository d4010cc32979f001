"""The guard of the catalogue's figures (``benchmarks/import_guard.py``, issue 26): a
figure below the baseline is a fall, one above is a rise and no failure, a title that
is missing is a fall, and a game that ran out of time is not. Hand-made figures only:
no Ruby, no replay."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

GUARD = Path(__file__).resolve().parents[1] / "benchmarks" / "import_guard.py"


def load_guard() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_guard", GUARD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_guard", module)
    spec.loader.exec_module(module)
    return module


guard = load_guard()


def title(
    converted: bool = True, validates: bool = True, games: int = 2, matches: int = 1, actions: int = 300
) -> dict[str, Any]:
    return {
        "converted": converted,
        "validates": validates,
        "games": games,
        "matches": matches,
        "actions": actions,
    }


def game(name: str, actions: int, matches: bool = False, **more: Any) -> dict[str, Any]:
    return {"title": name, "actions": actions, "matches": matches, **more}


def figures(
    titles: dict[str, dict[str, Any]], games: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {"totals": guard.totals(titles), "titles": titles, "games": games or {}}


BASELINE = figures(
    {"1856": title(), "18NL": title(games=1, matches=0, actions=50)},
    {
        "1856/1.json": game("1856", 200, True),
        "1856/2.json": game("1856", 100),
        "18NL/3.json": game("18NL", 50),
    },
)


def test_the_same_figures_neither_fall_nor_rise() -> None:
    comparison = guard.compare(BASELINE, BASELINE)
    assert (comparison.falls, comparison.rises, comparison.timeouts) == ([], [], [])


def test_fewer_actions_is_a_fall_naming_the_title_the_figure_and_the_game() -> None:
    now = figures(
        {"1856": title(actions=250), "18NL": title(games=1, matches=0, actions=50)},
        {**BASELINE["games"], "1856/2.json": game("1856", 50, stops="lay_tile: turn order")},
    )
    comparison = guard.compare(BASELINE, now)
    assert comparison.falls == [
        "1856: actions before the first divergence 300 -> 250 "
        "(1856/2.json 100 -> 50 actions, stops at lay_tile: turn order)"
    ]
    assert comparison.rises == []


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"converted": False, "validates": False}, "converted yes -> no, validates yes -> no"),
        ({"validates": False}, "validates yes -> no"),
        ({"matches": 0}, "replayed to the result 1 -> 0"),
        ({"games": 1}, "games 2 -> 1"),
    ],
)
def test_every_figure_that_falls_is_named(changed: dict[str, Any], named: str) -> None:
    now = figures({**BASELINE["titles"], "1856": {**title(), **changed}}, BASELINE["games"])
    falls = guard.compare(BASELINE, now).falls
    assert len(falls) == 1 and falls[0].startswith(f"1856: {named}")


def test_a_rise_is_reported_and_is_not_a_fall() -> None:
    now = figures(
        {"1856": title(matches=2, actions=400), "18NL": title(games=1, matches=0, actions=50)},
        BASELINE["games"],
    )
    comparison = guard.compare(BASELINE, now)
    assert comparison.falls == []
    assert comparison.rises == [
        "1856: replayed to the result 1 -> 2, actions before the first divergence 300 -> 400"
    ]


def test_a_new_title_is_a_rise() -> None:
    now = figures({**BASELINE["titles"], "1817": title(games=0, matches=0, actions=0)}, BASELINE["games"])
    comparison = guard.compare(BASELINE, now)
    assert comparison.falls == []
    assert [r.split(":")[0] for r in comparison.rises] == ["1817"]


def test_a_missing_title_is_a_fall() -> None:
    now = figures({"1856": title()}, {k: v for k, v in BASELINE["games"].items() if v["title"] == "1856"})
    assert guard.compare(BASELINE, now).falls == ["18NL: missing (no longer among the titles or their games)"]


def test_one_title_falls_while_another_rises() -> None:
    now = figures({"1856": title(actions=200), "18NL": title(games=1, matches=1, actions=60)})
    comparison = guard.compare(BASELINE, now)
    assert [f.split(":")[0] for f in comparison.falls] == ["1856"]
    assert [r.split(":")[0] for r in comparison.rises] == ["18NL"]


def test_a_game_out_of_time_counts_at_its_baseline_figures() -> None:
    now = figures(
        {"1856": title(matches=0, actions=100), "18NL": title(games=1, matches=0, actions=50)},
        {**BASELINE["games"], "1856/1.json": game("1856", 0, timeout=True, stops="slower than 120 s")},
    )
    comparison = guard.compare(BASELINE, now)
    assert comparison.falls == [] and comparison.rises == []
    assert comparison.timeouts == [
        "1856/1.json: out of time; counted at its baseline 200 actions, replayed to its result"
    ]


def test_a_timeout_does_not_hide_another_games_fall() -> None:
    now = figures(
        {"1856": title(matches=0, actions=50), "18NL": title(games=1, matches=0, actions=50)},
        {
            **BASELINE["games"],
            "1856/1.json": game("1856", 0, timeout=True),
            "1856/2.json": game("1856", 50),
        },
    )
    falls = guard.compare(BASELINE, now).falls
    assert falls == ["1856: actions before the first divergence 300 -> 250 (1856/2.json 100 -> 50 actions)"]


def test_a_game_out_of_time_in_both_is_no_note() -> None:
    base = figures(
        {"18NL": title(games=1, matches=0, actions=0)}, {"18NL/3.json": game("18NL", 0, timeout=True)}
    )
    assert guard.compare(base, base).timeouts == []


def test_the_report_is_short_and_says_what_to_do() -> None:
    now = figures(
        {"1856": title(actions=250), "18NL": title(games=1, matches=1, actions=60)}, BASELINE["games"]
    )
    path = Path("benchmarks/import_baseline.json")
    lines = guard.report(guard.compare(BASELINE, now), BASELINE, now, path)
    assert lines[0].startswith("totals now (baseline): titles 2 (2), converted 2 (2)")
    assert f"rose above {path} (raise it with --write-baseline {path}):" in lines
    assert lines[-2:] == [f"FELL below {path}:", "  1856: actions before the first divergence 300 -> 250"]


def test_a_written_baseline_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    guard.write_baseline(path, BASELINE)
    read = guard.read_baseline(path)
    assert read["titles"] == BASELINE["titles"] and read["games"] == BASELINE["games"]
    assert read["totals"]["actions"] == 350
    assert len(path.read_text(encoding="utf-8").splitlines()) == 13  # one line a title and a game


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (None, "cannot read the baseline"),
        ("{", ":1:2: not JSON"),
        ("[]", "not a baseline"),
        (json.dumps({"titles": {"1856": {"converted": True}}}), "title '1856' lacks validates, games"),
    ],
)
def test_a_broken_baseline_is_a_message(tmp_path: Path, text: str | None, says: str) -> None:
    path = tmp_path / "baseline.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(guard.BaselineError, match=says):
        guard.read_baseline(path)
