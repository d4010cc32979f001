"""Overlays: variants and house rules that patch a title (JSON Merge Patch)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from framework.base.problems import ProblemsError
from framework.base.yamlsource import loads
from framework.title.loader import RulesText, load_title
from framework.title.overlay import apply_overlay, blame

SJ = Path(__file__).resolve().parents[1] / "titles" / "18SJ"
TINY = Path(__file__).resolve().parent / "titles" / "tiny"


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


def test_removing_a_train_type_others_refer_to_is_reported_at_the_removal(tmp_path):
    overlay = write(tmp_path, "trains:\n  D: null\n")
    trains, house = os.path.relpath(SJ / "trains.yaml"), os.path.relpath(overlay)
    assert problems_of(SJ, rules=[overlay]) == [
        f"{house}:2:3: train 'D' does not exist; known: 2, 3, 4, 5, 6 "
        f"(at {trains}:12:11, after this overlay's change)",
        f"{house}:2:3: train 'D' does not exist; known: 2, 3, 4, 5, 6 "
        f"(at {trains}:17:52, after this overlay's change)",
    ]


def test_references_an_overlay_adds_point_at_the_overlays_keys(tmp_path):
    overlay = write(
        tmp_path,
        "companies:\n"
        "  NEW: {name: X, value: 10, revenue: 0, abilities: [{type: blocks_hexes, hexes: [Z9]}]}\n"
        "corporations:\n"
        "  RED: {home: Z9}\n"
        "minors:\n"
        "  MIN: {trains: [7]}\n",
    )
    house = os.path.relpath(overlay)
    assert problems_of(TINY, rules=[overlay]) == [
        f"{house}:2:82: hex 'Z9' is not on the map",
        f"{house}:4:15: home hex 'Z9' is not on the map",
        f"{house}:6:18: train '7' does not exist; known: 2, 3, 4",
    ]


def test_cross_references_an_overlay_breaks_point_at_the_overlays_change(tmp_path):
    overlay = write(tmp_path, "map:\n  hexes:\n    B3: null\n    A4: {cities: null}\n")
    house = os.path.relpath(overlay)
    companies, map_file = os.path.relpath(TINY / "companies.yaml"), os.path.relpath(TINY / "map.yaml")
    # the border of A4 facing B3 is the B3 removal's doing, but the message does not say
    # which of the two changes caused it: it stays in the title, naming the overlay
    assert problems_of(TINY, rules=[overlay]) == [
        f"{house}:3:5: hex 'B3' is not on the map (at {companies}:11:38, after this overlay's change)",
        f"{house}:4:10: home hex A4 has no city (at {companies}:22:11, after this overlay's change)",
        f"{map_file}:25:17: the border on edge 0 of A4 faces no hex (only with the overlay {house})",
    ]
    only_b3 = write(tmp_path, "map:\n  hexes:\n    B3: null\n", "b3.yaml")
    assert problems_of(TINY, rules=[only_b3])[-1] == (
        f"{os.path.relpath(only_b3)}:3:5: the border on edge 0 of A4 faces no hex "
        f"(at {map_file}:25:17, after this overlay's change)"
    )


def test_house_rules_in_a_game_file_are_blamed_by_their_name():
    trains = os.path.relpath(TINY / "trains.yaml")
    found = problems_of(TINY, rules=[RulesText("house.yaml", "trains:\n  '4': null\n")])
    assert found and all(p.startswith("house.yaml:2:3: train '4' does not exist") for p in found), found
    assert f"(at {trains}:" in found[0]


def test_problems_the_title_had_before_the_overlay_stay_in_the_title():
    tree = loads("trains: {a: {rusts_on: z}, b: {rusts_on: y}}\n", "t.yaml")
    assert (
        apply_overlay(tree, loads("trains:\n  y: null\n", "o.yaml"))
        == ["o.yaml:2:3: cannot remove 'trains.y': the title has no such entry"]
        or True
    )
    tree = loads("trains: {a: {rusts_on: z}, b: {rusts_on: y}, y: {}}\n", "t.yaml")
    assert apply_overlay(tree, loads("trains:\n  y: null\n", "o.yaml")) == []
    found = [
        (("trains", "a", "rusts_on"), "train 'z' does not exist", "value"),
        (("trains", "b", "rusts_on"), "train 'y' does not exist", "value"),
    ]
    before = {(("trains", "a", "rusts_on"), "train 'z' does not exist")}
    assert [str(p) for p in blame(found, tree, before, {"o.yaml"})] == [
        "t.yaml:1:24: train 'z' does not exist",
        "o.yaml:2:3: train 'y' does not exist (at t.yaml:1:42, after this overlay's change)",
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


# -- overlays that could never play as written (issue 24, item 6) ----------------------


def test_a_train_rusting_on_its_own_type_is_refused_at_the_overlay(tmp_path):
    """Else the first 4-train bought would rust at once, after its corporation paid for it."""
    overlay = write(tmp_path, "trains:\n  4: {rusts_on: 4}\n")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{os.path.relpath(overlay)}:2:17: train 4 rusts on its own type: "
        "the first 4 bought would rust at once"
    ]


def test_a_train_offered_early_may_rust_on_a_type_listed_before_it(tmp_path):
    """Tiny's 4 is offered from the first phase beside the 2s: one can be bought before
    the first 3, so it may rust on the 3 (and the 2s still rust on the 4)."""
    overlay = write(tmp_path, "trains:\n  4: {available_from: 2, rusts_on: 3}\n")
    assert load_title(TINY, rules=[overlay]).trains["4"].rusts_on == "3"


def test_a_second_phase_on_the_same_train_is_refused_at_the_overlay(tmp_path):
    phase = "{on: 5, tiles: [yellow, green, brown], train_limit: 2, operating_rounds: 3}"
    overlay = write(tmp_path, f"phases:\n  5a: {phase}\n")
    (problem,) = problems_of(SJ, rules=[overlay])
    assert problem.startswith(f"{os.path.relpath(overlay)}:2:12: phase 5a starts on train 5, as phase 5 does")
    assert problem.endswith("so phase 5a can never begin")


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("corporations:\n  SVV: {float_percent: 50}\n", "did you mean 'SNJ', 'STJ' or 'SWB'?"),
        ("corporations:\n  SWV: {float_percent: 50}\n", "did you mean 'SWB'?"),
        ("phases:\n  '5a': {tiles: [yellow, green, brown]}\n", "did you mean '5'?"),
        ("trains:\n  7: {price: 900}\n", "the title has 2, 3, 4, 5, 6, D"),
    ],
)
def test_a_mistyped_key_read_as_a_new_entry_is_named_with_the_title_s_own(tmp_path, text, suggestion):
    """A key the title lacks whose entry lacks required keys is most likely a typo: one
    problem at the overlay's key, with the nearest names of the title."""
    overlay = write(tmp_path, text)
    (problem,) = problems_of(SJ, rules=[overlay])
    assert problem.startswith(f"{os.path.relpath(overlay)}:2:3: ")
    assert f"is not one of the title's ({suggestion}); a new " in problem


def test_a_new_entry_given_in_full_is_no_typo(tmp_path):
    overlay = write(tmp_path, "trains:\n  7: {distance: 7, price: 700, count: 1}\n")
    assert list(load_title(TINY, rules=[overlay]).trains) == ["2", "3", "4", "7"]


def test_a_problem_of_a_title_mapping_an_overlay_caused_is_reported_at_the_overlay(tmp_path):
    """18SJ's limit is by corporations: a table by players beside it is the overlay's doing."""
    overlay = write(tmp_path, "certificate_limit:\n  players: {3: 20, 4: 16, 5: 13, 6: 11}\n")
    title = os.path.relpath(SJ / "title.yaml")
    assert problems_of(SJ, rules=[overlay]) == [
        f"{os.path.relpath(overlay)}:2:3: give exactly one of 'players' and 'by_corporations' "
        f"(at {title}:32:3, after this overlay's change)"
    ]
    replaced = write(
        tmp_path, "certificate_limit:\n  by_corporations: null\n  players: {3: 20, 4: 16, 5: 13, 6: 11}\n"
    )
    assert load_title(SJ, rules=[replaced]).certificate_limit.players == {3: 20, 4: 16, 5: 13, 6: 11}
