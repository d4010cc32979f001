"""Limits on YAML documents (framework.base.yamllimits): alias expansion, size and nesting depth
are refused with a ``file:line:col`` message, in titles, overlays and the house rules
inside game files alike, before they can take unbounded time or memory (issue 12 §2)."""

from __future__ import annotations

import contextlib
import json
import shutil
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.base.yamllimits import LIMITS, Limits
from framework.base.yamlsource import load, loads
from framework.cli.main import app
from framework.record.gamefile import GameFile
from framework.record.replay import title_for
from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"


def billion_laughs(levels: int = 10) -> str:
    """The classic attack: each anchor is ten aliases of the one before, so a 1 KB file
    names 10**levels strings."""
    lines = ['laugh0: &laugh0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, levels):
        lines.append(f"laugh{n}: &laugh{n} [{', '.join([f'*laugh{n - 1}'] * 10)}]")
    return "\n".join(lines) + "\n"


def refusal(text: str, limits: Limits = LIMITS) -> str:
    with pytest.raises(ProblemsError) as caught:
        loads(text, "f.yaml", limits)
    assert caught.value.stage == "syntax"
    [problem] = caught.value.problems
    return str(problem)


def test_a_billion_laughs_is_refused_within_a_second_and_a_few_megabytes():
    text = billion_laughs()
    assert 900 < len(text.encode()) < 1200
    tracemalloc.start()
    start = time.perf_counter()
    try:
        message = refusal(text)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert seconds < 1.0
    assert peak < 3 * 2**20
    assert message.startswith("f.yaml:5:")  # laugh4 alone is 111,111 values
    assert "more than 100,000 values with its aliases expanded" in message


def test_the_alias_that_passes_the_limit_is_named():
    text = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    # the root (1); a: its key, the list and two items (4); b: key, list and two copies of
    # a's list (3 each: 8); c: key, list and two copies of b's list (7 each: 16): 29 values
    assert loads(text, "f.yaml", Limits(values=29)).data["c"] == [[["x", "x"], ["x", "x"]]] * 2
    assert refusal(text, Limits(values=28)).startswith("f.yaml:3:9: this alias makes the document more")
    assert refusal(text, Limits(values=20)).startswith("f.yaml:3:5: this alias makes")


def test_plain_values_count_too():
    assert refusal("[1, 2, 3]", Limits(values=3)) == (
        "f.yaml:1:8: this value makes the document more than 3 values with its aliases expanded, "
        "the most a YAML document may hold (an alias counts as a copy of what it names)"
    )


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "{a: " * 50_000 + "1" + "}" * 50_000,
        "".join("  " * i + "- x:\n" for i in range(300)),
    ],
    ids=["flow lists", "flow mappings", "block"],
)
def test_very_deep_nesting_gives_a_message_not_a_recursion_error(text):
    message = refusal(text)
    assert "nest more than 32 deep, the most a YAML document may nest" in message
    assert message.startswith("f.yaml:")


def test_depth_limit_boundary_and_where_it_is_reported():
    assert loads("[[[1]]]", "f.yaml", Limits(depth=3)).data == [[[1]]]
    assert refusal("a:\n  b:\n    - [1]\n", Limits(depth=3)) == (
        "f.yaml:3:7: lists and mappings nest more than 3 deep, the most a YAML document may nest"
    )


def test_an_alias_counts_the_depth_it_brings():
    text = "deep: &d [[[1]]]\nhere: [[*d]]\n"
    assert loads(text, "f.yaml", Limits(depth=6)).data["here"] == [[[[[1]]]]]
    assert refusal(text, Limits(depth=5)) == (
        "f.yaml:2:9: this alias nests lists and mappings more than 5 deep, the most a YAML document may nest"
    )


def test_size_is_limited_in_bytes_and_reported_where_the_limit_falls(tmp_path):
    assert refusal("a: 1\nb: 22\n", Limits(bytes=9)) == (
        "f.yaml:2:5: the document is more than 9 bytes, the most a YAML file may hold"
    )
    assert loads("a: 1\nb: 22\n", "f.yaml", Limits(bytes=11)).data == {"a": 1, "b": 22}
    assert refusal("a: ää\n", Limits(bytes=5)).startswith("f.yaml:1:5:")  # ä is two bytes
    big = tmp_path / "big.yaml"
    big.write_text("x: [" + "1, " * 400_000 + "]\n", encoding="utf-8")
    with pytest.raises(ProblemsError) as caught:
        load(big, "big.yaml")
    assert str(caught.value) == (
        "big.yaml:1:1048577: the document is more than 1,048,576 bytes, the most a YAML file may hold"
    )


def test_a_large_merge_takes_time_in_proportion_to_its_keys():
    """A merge of five times the keys takes about five times as long, not twenty-five (a
    merge that compared every key with every other would): a ratio, so that how busy the
    machine is does not decide it."""

    def merged(count: int) -> tuple[float, Any]:
        keys = ", ".join(f"k{n}: {n}" for n in range(count))
        took = []
        for n in range(3):  # the fastest of three tries counts: a pause of the machine is not the merge's
            # (each try a text not parsed yet: loads keeps the documents it parsed lately)
            text = f"# try {n}\nbase: &b {{{keys}}}\ncopy:\n  <<: *b\n  k0: first\n"
            start = time.perf_counter()
            doc = loads(text, "f.yaml")
            took.append(time.perf_counter() - start)
        return min(took), doc

    small, _ = merged(1000)
    large, doc = merged(5000)
    assert large / small < 12, (small, large)
    assert doc.data["copy"]["k0"] == "first" and doc.data["copy"]["k4999"] == 4999
    assert str(doc.value_mark(("copy", "k4999"))).startswith("f.yaml:2:")


def test_characters_yaml_does_not_allow_are_located():
    assert refusal("a: 1\nb: 'x\x00'\n") == "f.yaml:2:6: the character U+0000 is not allowed in YAML text"
    assert refusal("a: '\ud800'\n") == "f.yaml:1:5: the character U+D800 is not allowed in YAML text"


# -- everywhere YAML is read ------------------------------------------------------------------


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    return folder


def peak_memory(work) -> int:
    """The most memory ``work()`` held at once, in bytes (it may raise ProblemsError)."""
    tracemalloc.start()
    try:
        with contextlib.suppress(ProblemsError):
            work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def refused_quickly(load, baseline=lambda: None) -> str:
    """The one problem ``load()`` raises, checked to come within a second of what
    ``baseline()`` (the same load without the attack) takes — three times over, so that a
    busy machine does not fail it; an attack that got through would take minutes — and to
    take no more than 3 MiB beyond it. Time is measured without tracemalloc, which slows
    everything down, and the fastest of up to three tries counts (a pause of the machine
    is not the load's)."""
    start = time.perf_counter()
    baseline()
    base = time.perf_counter() - start
    took = []
    for _ in range(3):
        start = time.perf_counter()
        with pytest.raises(ProblemsError) as caught:
            load()
        took.append(time.perf_counter() - start)
        if took[-1] < 1.0 + 3 * base:
            break
    assert min(took) < 1.0 + 3 * base, took
    assert peak_memory(load) - peak_memory(baseline) < 3 * 2**20
    [problem] = caught.value.problems
    return str(problem)


def test_a_billion_laughs_in_a_title_file_is_refused(tiny):
    clean = tiny.parent / "clean"
    shutil.copytree(tiny, clean)
    (tiny / "companies.yaml").write_text(billion_laughs(), encoding="utf-8")
    message = refused_quickly(lambda: load_title(tiny), lambda: load_title(clean))
    assert message.split(": ")[0].endswith("companies.yaml:5:81")
    assert "with its aliases expanded" in message
    result = CliRunner().invoke(app, ["validate", str(tiny)])
    assert result.exit_code == 1
    assert "companies.yaml:5:81: this alias makes the document more than 100,000 values" in result.output
    assert "Traceback" not in result.output


def test_a_billion_laughs_in_an_overlay_is_refused(tiny, tmp_path):
    rules = tmp_path / "house.yaml"
    rules.write_text(billion_laughs(), encoding="utf-8")
    message = refused_quickly(lambda: load_title(tiny, [rules]), lambda: load_title(tiny))
    assert message.split(": ")[0].endswith("house.yaml:5:81")
    for command in ("validate", "play"):
        result = CliRunner().invoke(app, [command, str(tiny), "--rules", str(rules)])
        assert result.exit_code == 1, command
        assert "house.yaml:5:81: this alias makes" in result.output and "Traceback" not in result.output


def test_a_billion_laughs_in_house_rules_inside_a_game_file_is_refused(tmp_path):
    data = json.loads(GAME.read_text(encoding="utf-8"))
    clean = GameFile.from_dict(data, "game.json")
    data["settings"]["house_rules"] = [{"name": "laughs.yaml", "yaml": billion_laughs()}]
    record = GameFile.from_dict(data, "game.json")
    message = refused_quickly(lambda: title_for(record), lambda: title_for(clean))
    assert message.startswith("laughs.yaml:5:81: this alias makes the document more than 100,000 values")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(game)])
    assert result.exit_code == 1
    assert "laughs.yaml:5:81: this alias makes" in result.output and "Traceback" not in result.output


def test_deep_nesting_in_an_overlay_and_an_oversized_overlay_are_refused(tiny, tmp_path):
    rules = tmp_path / "house.yaml"
    rules.write_text("bank:\n  cash: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    message = refused_quickly(lambda: load_title(tiny, [rules]), lambda: load_title(tiny))
    assert message.split(": ")[0].endswith("house.yaml:2:39")
    assert "nest more than 32 deep" in message
    rules.write_text("bank: {cash: 1}\n" + "# padding\n" * 120_000, encoding="utf-8")
    result = CliRunner().invoke(app, ["play", str(tiny), "--rules", str(rules)])
    assert result.exit_code == 1
    assert "the document is more than 1,048,576 bytes" in result.output and "Traceback" not in result.output


def test_the_bundled_titles_are_well_inside_the_limits():
    limits = Limits(bytes=LIMITS.bytes // 50, values=LIMITS.values // 50, depth=LIMITS.depth // 3)
    files = [*ROOT.glob("titles/*/**/*.yaml"), *TINY.glob("**/*.yaml")]
    assert len(files) > 20
    for file in files:
        load(file, limits=limits)
