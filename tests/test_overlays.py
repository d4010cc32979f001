"""Overlays: variants and house rules that patch a title (JSON Merge Patch)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from framework.problems import ProblemsError
from framework.title.loader import load_title
from framework.title.overlay import apply_overlay
from framework.yamlsource import loads

SJ = Path(__file__).resolve().parents[1] / "titles" / "18SJ"


def write(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(*args, **kwargs) -> list[str]:
    with pytest.raises(ProblemsError) as caught:
        load_title(*args, **kwargs)
    return [str(p) for p in caught.value.problems]


def test_merge_patch_merges_mappings_replaces_values_and_removes_nulls():
    tree = loads("a: {x: 1, y: [1, 2]}\nb: 2\n", "t.yaml")
    patch = loads("a: {y: [3], z: 4}\nb: null\n", "o.yaml")
    assert apply_overlay(tree, patch) == []
    assert tree.data == {"a": {"x": 1, "y": [3], "z": 4}}
    assert str(tree.value_mark(("a", "y", 0))) == "o.yaml:1:9"
    assert str(tree.value_mark(("a", "x"))) == "t.yaml:1:8"
    assert tree.value_mark(("b",)) == tree.value_mark(())


def test_removing_what_the_title_lacks_is_an_error():
    tree = loads("trains: {a: 1}\n", "t.yaml")
    found = apply_overlay(tree, loads("trains:\n  z: null\n", "o.yaml"))
    assert [str(p) for p in found] == ["o.yaml:2:3: cannot remove 'trains.z': the title has no such entry"]


def test_an_overlay_can_change_the_bank_and_remove_a_train_type(tmp_path):
    overlay = write(
        tmp_path,
        "overlay: {name: Rich bank without D trains}\n"
        "bank: {cash: 12000}\n"
        "trains:\n  D: null\n  4: {rusts_on: null}\n"
        "phases:\n  D: null\n",
    )
    title = load_title(SJ, rules=[overlay])
    assert title.bank.cash == 12000
    assert list(title.trains) == ["2", "3", "4", "5", "6"]
    assert title.trains["4"].rusts_on is None
    assert list(title.phases) == ["2", "3", "4", "5", "6"]
    assert title.overlays == [os.path.relpath(overlay)]


def test_removing_a_train_type_others_refer_to_is_reported_where_they_refer(tmp_path):
    overlay = write(tmp_path, "trains:\n  D: null\n")
    trains = os.path.relpath(SJ / "trains.yaml")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{trains}:12:11: train 'D' does not exist; known: 2, 3, 4, 5, 6",
        f"{trains}:17:52: train 'D' does not exist; known: 2, 3, 4, 5, 6",
    ]


def test_a_broken_overlay_reports_its_own_file_and_line(tmp_path):
    overlay = write(tmp_path, "overlay: {name: Broken}\nbank:\n  cash: lots\n")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{os.path.relpath(overlay)}:3:9: expected a whole number, got 'lots'"
    ]


def test_an_overlay_with_an_unknown_section_points_at_its_key(tmp_path):
    overlay = write(tmp_path, "overlay: {name: Typo}\ntrain:\n  2: {price: 90}\n")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{os.path.relpath(overlay)}:2:1: unknown section 'train'; did you mean 'trains'?"
    ]


def test_an_overlay_header_is_validated(tmp_path):
    overlay = write(tmp_path, "overlay: {name: X, author: me}\n")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{os.path.relpath(overlay)}:1:20: unknown key 'author'; expected one of: description, name"
    ]


def test_overlays_apply_in_order(tmp_path):
    first = write(tmp_path, "bank: {cash: 11000}\n", "first.yaml")
    second = write(tmp_path, "bank: {cash: 13000}\n", "second.yaml")
    assert load_title(SJ, rules=[first, second]).bank.cash == 13000
    assert load_title(SJ, rules=[second, first]).bank.cash == 11000


def test_the_oscarian_era_variant_is_an_overlay():
    title = load_title(SJ, variants=["oscarian_era"])
    assert title.rules.capitalization == "full"
    assert title.rules.float_capital_price == "par"
    assert title.market.redemption is None
    assert all(zone.redemption is None for zone in title.market.zones.values())
    assert [e.type for e in title.trains["5"].events] == ["close_companies"]


def test_the_two_player_variant_is_an_overlay():
    title = load_title(SJ, variants=["edelsvard"])
    assert (title.title.players.min, title.title.players.max) == (2, 2)
    assert title.bank.starting_cash[2] == 800
    limits = title.certificate_limit.by_corporations
    assert limits is not None
    assert all(row[2] == row[3] for row in limits.values())


def test_an_unknown_variant_is_named():
    assert problems_of(SJ, variants=["nope"]) == [
        "unknown variant 'nope'; this title has: oscarian_era, edelsvard"
    ]
