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


# ------------------------------------------------------------------ issue 20, class 16: cells of whole numbers
from blokus_nb.coords import whole_cell, whole_number  # noqa: E402


@given(st.integers(-10**30, 10**30))
def test_whole_numbers_are_read_as_themselves(n):
    assert whole_number(n) == n and type(whole_number(n)) is int
    if abs(n) < 2**52:
        assert whole_number(float(n)) == n


@given(st.floats(allow_nan=True, allow_infinity=True).filter(lambda x: not float(x).is_integer()
                                                             if x == x and abs(x) != float("inf") else True))
def test_a_float_that_is_no_whole_number_is_refused(x):
    with pytest.raises(bn.BlokusError, match="not a whole number"):
        whole_number(x)


@pytest.mark.parametrize("value", [True, "1", b"1", None, 1j, [1], float("inf"), float("-inf"), float("nan"), 1.7])
def test_things_that_are_no_whole_number_are_refused(value):
    with pytest.raises(bn.BlokusError, match="not a whole number"):
        whole_number(value)


def test_numpy_numbers_are_whole_numbers_too():
    import numpy as np

    assert whole_cell((np.int64(3), np.float64(2.0))) == (3, 2)
    with pytest.raises(bn.BlokusError):
        whole_cell((np.float64("nan"), 0))


@pytest.mark.parametrize("value", [(float("inf"), 0), (0, float("nan")), (1.7, 0), ("1", 0), (1,), (1, 2, 3),
                                   "ab", 5, None, ("x" * 10_000, 0)])
def test_a_cell_is_a_pair_of_whole_numbers(value):
    with pytest.raises(bn.BlokusError, match="is not a cell") as info:
        whole_cell(value)
    assert len(str(info.value)) < 120  # a hostile value is cut short
