"""A tile laid on a hex showing an icon with ``lay_income`` earns its layer money from the
bank (1882's NWR hexes: $20 for a yellow tile). Shown on 18SJ with a house rule putting
such an icon in F25, where SNJ lays a yellow tile in a real game (action 33)."""

from __future__ import annotations

import pytest
from sj_support import REAL, game_before, game_before_with, recorded

from framework.convert.board import _lay_income

RULE = (
    "map:\n  icons:\n    R: {description: Rebellion, lay_income: {yellow: 20, green: 5}}\n"
    "  hexes:\n    F25:\n      icons: [R]\n"
)


def test_a_yellow_tile_on_an_icon_s_hex_earns_its_layer_the_icon_s_income():
    plain, ruled = game_before(REAL, 33), game_before_with(REAL, 33, RULE)
    for game in (plain, ruled):
        game.process(recorded(REAL, 33))
    assert ruled.corporations["SNJ"].cash == plain.corporations["SNJ"].cash + 20
    assert ruled.bank == plain.bank - 20


def test_no_income_for_a_colour_the_icon_does_not_pay():
    ruled = game_before_with(REAL, 33, RULE.replace("yellow: 20, ", ""))
    plain = game_before(REAL, 33)
    for game in (plain, ruled):
        game.process(recorded(REAL, 33))
    assert ruled.corporations["SNJ"].cash == plain.corporations["SNJ"].cash


def test_an_icon_s_income_is_never_negative():
    from framework.base.problems import ProblemsError

    with pytest.raises(ProblemsError):
        game_before_with(REAL, 33, RULE.replace("20", "-20"))


def test_the_converter_writes_the_income_the_built_game_paid_for_an_icon():
    icons = {"NWR": {"description": "x"}, "fish": {"description": "y"}}
    _lay_income(icons, {"NWR": {"yellow": 20}, "gone": {"yellow": 5}})
    assert icons == {"NWR": {"description": "x", "lay_income": {"yellow": 20}}, "fish": {"description": "y"}}
