"""Hex ids, doubled coordinates and neighbours (reference §a.1–a.2)."""

from __future__ import annotations

import pytest

from framework.base.grid import Grid, index_letters, letters_index, opposite, rotate

POINTY = Grid("pointy", "rows")


def test_ids_give_doubled_coordinates():
    """§a.1: x = number − 1, y = index of the letter."""
    assert POINTY.xy("A2") == (1, 0)
    assert POINTY.xy("G10") == (9, 6)
    assert POINTY.xy("B31") == (30, 1)
    assert POINTY.hex_id(9, 6) == "G10"


def test_stockholm_neighbours_by_edge():
    """§a.2: G10's edges lead to H9, G8, F9, F11, G12 and the empty (10, 7)."""
    assert [POINTY.neighbour("G10", e) for e in range(6)] == ["H9", "G8", "F9", "F11", "G12", "H11"]


@pytest.mark.parametrize("edge", range(6))
def test_crossing_an_edge_and_back_returns_home(edge):
    there = POINTY.neighbour("D15", edge)
    assert there is not None
    assert POINTY.neighbour(there, opposite(edge)) == "D15"


def test_opposite_and_rotation():
    """§a.2: the opposite edge is (e + 3) mod 6; rotation r maps e to (e + r) mod 6."""
    assert [opposite(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [rotate(e, 4) for e in range(6)] == [4, 5, 0, 1, 2, 3]


def test_flat_layout_neighbours():
    """18xx.games flat maps: letters are columns, edge 0 is the bottom side."""
    flat = Grid("flat", "columns")
    assert flat.xy("C5") == (2, 4)
    assert [flat.neighbour("C5", e) for e in range(6)] == ["C7", "B6", "B4", "C3", "D4", "D6"]


def test_parity_is_shared_by_a_grid():
    assert POINTY.parity("A2") == POINTY.parity("B3") == POINTY.parity("G10")
    assert POINTY.parity("A3") != POINTY.parity("A2")


def test_letters_beyond_z():
    assert [letters_index(x) for x in ("A", "Z", "AA", "AB")] == [0, 25, 26, 27]
    assert [index_letters(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


def test_positions_before_the_first_letter_are_lower_case():
    """As on 18xx.games, ``a`` is the letter before ``A``, ``b`` the one before that, down
    to ``z``; nothing lies beyond."""
    assert POINTY.neighbour("A2", 3) == "a3" and POINTY.neighbour("a3", 0) == "A2"
    assert [letters_index(x) for x in ("a", "b", "z")] == [-1, -2, -26]
    assert [index_letters(i) for i in (-1, -2, -26)] == ["a", "b", "z"]
    assert POINTY.neighbour("z3", 3) is None
