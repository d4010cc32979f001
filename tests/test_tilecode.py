"""Importing 18xx.games tile codes into the YAML form (framework.title.tilecode)."""

from __future__ import annotations

import pytest

from framework.title.tilecode import TileCodeError, parse
from framework.title.tiles import Tile


def test_a_city_tile():
    assert parse("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3") == {
        "cities": [{"revenue": 20}],
        "paths": [[0, "city"], ["city", 3]],
    }


def test_revenue_by_phase_colour_and_terminal_paths():
    assert parse("city=revenue:yellow_20|brown_50;path=a:4,b:_0,terminal:1") == {
        "cities": [{"revenue": {"yellow": 20, "brown": 50}}],
        "paths": [{"a": 4, "b": "city", "terminal": True}],
    }


def test_several_cities_with_a_group_and_a_label():
    code = "city=revenue:40,groups:S;city=revenue:40,groups:S;path=a:0,b:_0;path=a:_1,b:2;label=A"
    assert parse(code) == {
        "cities": [{"revenue": 40, "group": "S"}, {"revenue": 40, "group": "S"}],
        "paths": [[0, "city"], ["city1", 2]],
        "label": "A",
    }


def test_terrain_borders_and_icons():
    code = (
        "upgrade=cost:75,terrain:mountain;border=edge:5,type:impassable;"
        "icon=image:18_sj/b_lower_case,sticky:1;icon=image:port"
    )
    assert parse(code) == {
        "terrain": {"mountain": 75},
        "borders": [{"edge": 5, "type": "impassable"}],
        "icons": ["b", {"name": "port", "sticky": False}],
    }


def test_an_untyped_border_only_draws_and_is_set_aside():
    """18xx.games draws ``border=edge:N`` where two hexes are shown as one (1830's A9
    and A11): track crosses it. Only ``type:impassable`` blocks."""
    assert parse("offboard=revenue:yellow_30|brown_50;path=a:5,b:_0;border=edge:4") == {
        "offboards": [{"revenue": {"yellow": 30, "brown": 50}}],
        "paths": [[5, "offboard"]],
        "_ignored": [{"border": 4}],
    }
    assert parse("border=edge:4,type:impassable") == {"borders": [{"edge": 4, "type": "impassable"}]}


def test_future_track_is_set_aside():
    assert parse("path=track:future,a:2,b:5") == {"_ignored": [{"future_path": ["2", "5"]}]}


def test_the_result_is_a_valid_tile():
    content = parse("city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0")
    assert Tile.model_validate({"color": "green", "count": 1, **content}).cities[0].slots == 2


@pytest.mark.parametrize("code", ["city", "path=a:0,b:_1", "frame=color:red", "city=revenue"])
def test_unreadable_codes_are_refused(code):
    with pytest.raises(TileCodeError):
        parse(code)
