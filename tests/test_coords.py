"""Cell names in Pentobi's notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import blokus_nb as bn
from blokus_nb.coords import MAX_SIZE, cell_index, cell_name, check_size, on_board, parse_cell, pentobi_order


@given(size=st.integers(1, MAX_SIZE), data=st.data())
def test_names_and_indices_round_trip(size, data):
    index = data.draw(st.integers(0, size * size - 1))
    assert cell_index(cell_name(index, size), size) == index
    assert cell_index(cell_name(index, size).upper(), size) == index


def test_corners_of_the_board():
    assert [cell_name(i, 20) for i in (0, 19, 380, 399)] == ["a20", "t20", "a1", "t1"]
    assert parse_cell(" E10 ") == (4, 10) and on_board(4, 10, 14) and not on_board(14, 1, 14)
    assert sorted([0, 1, 20], key=lambda i: pentobi_order(i, 20)) == [20, 0, 1]  # a19, a20, b20


@pytest.mark.parametrize("call, message", [
    (lambda: cell_index("z99", 20), "z99 is not on the 20x20 board"),
    (lambda: cell_index("a0", 14), "not on the 14x14 board"),
    (lambda: parse_cell("e"), "not a cell name"),
    (lambda: parse_cell(10), "named by text"),
    (lambda: cell_name(400, 20), "not on a 20x20 board"),
    (lambda: cell_name(-1, 20), "not on a 20x20 board"),
    (lambda: cell_name(0, 27), "from 1 to 26"),
    (lambda: check_size("20"), "from 1 to 26"),
])
def test_bad_cells_and_sizes_raise_blokus_errors(call, message):
    with pytest.raises(bn.BlokusError, match=message):
        call()
    with pytest.raises(ValueError):  # BlokusError is a ValueError, as these were before
        call()
