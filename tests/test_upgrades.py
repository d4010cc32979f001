"""Whether a new tile keeps the old tile's track (rulebook §10.3.2, reference §3.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.title.loader import load_title
from framework.title.track import TrackContent
from framework.title.upgrades import keeping_rotations

SJ = load_title(Path(__file__).resolve().parents[1] / "titles" / "18SJ")


def track(**content) -> TrackContent:
    return TrackContent.model_validate(content)


def test_a_curve_keeps_its_track_on_a_curve_and_straight_tile():
    """#7 (sharp curve) → #18 (straight + sharp curve): only one rotation fits."""
    assert keeping_rotations(SJ.tiles["7"], SJ.tiles["18"]) == [5]


def test_a_straight_cannot_become_a_pair_of_curves():
    assert keeping_rotations(SJ.tiles["9"], SJ.tiles["16"]) == []


def test_ystad_keeps_its_three_exits_only_one_way():
    """§3.5: C2 (exits 2, 3, 4) → X1 in rotation 5."""
    assert keeping_rotations(SJ.map.hexes["C2"], SJ.tiles["X1"]) == [5]


def test_stockholm_keeps_each_of_its_four_cities():
    """§3.5: G10 → X2 keeps the track in rotations 4 and 5; rotation 5 points off the map."""
    assert keeping_rotations(SJ.map.hexes["G10"], SJ.tiles["X2"]) == [4, 5]


def test_stockholm_cities_may_merge_on_the_gray_tile():
    """§3.5: X4 (rotation 4) → X5 (rotation 5), four cities becoming one."""
    assert 5 in keeping_rotations(SJ.tiles["X4"], SJ.tiles["X5"], old_rotation=4)


def test_cities_do_not_merge_when_the_counts_match():
    two = track(cities=[{}, {}], paths=[[0, "city"], [3, "city1"]])
    merged = track(cities=[{}, {}], paths=[[0, "city"], [3, "city"]])
    assert keeping_rotations(two, merged) == []


def test_a_city_cannot_disappear():
    assert keeping_rotations(SJ.tiles["57"], SJ.tiles["23"]) == []


@pytest.mark.parametrize(("old", "new"), [("57", "15"), ("5", "14"), ("6", "619"), ("619", "611")])
def test_city_upgrades_of_the_chart_keep_track(old, new):
    assert keeping_rotations(SJ.tiles[old], SJ.tiles[new])
