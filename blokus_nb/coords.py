"""Cell names in Pentobi's notation.

Column letters run from ``a`` at the left; row numbers from 1 at the bottom.
Internally a cell is an index ``y * size + x`` with ``y`` counted from the top.

>>> cell_index("a20", 20), cell_name(0, 20)
(0, 'a20')
"""

from __future__ import annotations

import math
import numbers
import operator
import re
from typing import Any, SupportsIndex

from .errors import BlokusError, short_repr

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"([a-z])([0-9]{1,2})\Z")


#: The largest board cells can be named on: columns ``a`` to ``z``.
MAX_SIZE = len(COLUMNS)


def check_size(size: int) -> int:
    """``size`` if it is a board size cells can be named on (1 to :data:`MAX_SIZE`).

    >>> check_size(14)
    14
    """
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
        raise BlokusError(f"a board size is a whole number from 1 to {MAX_SIZE}, not {size!r}")
    return size


def cell_name(index: int, size: int) -> str:
    """Pentobi's name of cell ``index`` on a ``size`` x ``size`` board."""
    check_size(size)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size * size:
        raise BlokusError(f"cell index {index!r} is not on a {size}x{size} board (0 to {size * size - 1})")
    y, x = divmod(index, size)
    return f"{COLUMNS[x]}{size - y}"


def parse_cell(text: str) -> tuple[int, int]:
    """``(column, row)`` of a cell name, 0-based column and 1-based row; no board check.

    Raises :class:`~blokus_nb.errors.BlokusError` (a ``ValueError``) for anything else.

    >>> parse_cell("e10")
    (4, 10)
    """
    if not isinstance(text, str):
        raise BlokusError(f"a cell is named by text like 'e10', not by {type(text).__name__} {text!r}")
    match = _CELL.match(text.strip().lower())
    if not match:
        raise BlokusError(f"{text[:20]!r} is not a cell name (a column letter and a row number, like 'e10')")
    return COLUMNS.index(match.group(1)), int(match.group(2))


def on_board(column: int, row: int, size: int) -> bool:
    """Whether a parsed cell lies on a ``size`` x ``size`` board."""
    return 0 <= column < size and 1 <= row <= size


def cell_index(text: str, size: int) -> int:
    """Index of a cell name on a ``size`` board; :class:`~blokus_nb.errors.BlokusError` if it is not on it."""
    column, row = parse_cell(text)
    if not on_board(column, row, check_size(size)):
        raise BlokusError(f"{text} is not on the {size}x{size} board: columns a to {COLUMNS[size - 1]}, "
                          f"rows 1 to {size}")
    return (size - row) * size + column


def pentobi_order(index: int, size: int) -> tuple[int, int]:
    """Sort key that orders cells as Pentobi writes them: by row from 1 up, then by column."""
    y, x = divmod(index, size)
    return (-y, x)


def whole_number(value: object) -> int:
    """``value`` as an ``int`` if it is a whole number: an int (not a bool), or a finite float equal to one.

    Text, ``inf``, ``nan`` and ``1.7`` raise :class:`~blokus_nb.errors.BlokusError`:
    ``int()`` would read text, overflow on ``inf`` and quietly round ``1.7``.

    >>> whole_number(3), whole_number(3.0)
    (3, 3)
    """
    if not isinstance(value, (bool, str, bytes)):
        if isinstance(value, SupportsIndex):  # int, numpy integers
            try:
                return operator.index(value)
            except TypeError:
                pass
        if isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer():
            return int(math.trunc(value))  # a Real promises __trunc__, not __int__
    raise BlokusError(f"{short_repr(value)} is not a whole number")


def whole_cell(value: object) -> tuple[int, int]:
    """A cell ``(x, y)`` of whole numbers, as puzzles and placements take it.

    Raises :class:`~blokus_nb.errors.BlokusError` naming the value for anything
    that is not a pair of whole numbers (see :func:`whole_number`).

    >>> whole_cell([2, 0.0])
    (2, 0)
    >>> whole_cell((float("inf"), 0))
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: (inf, 0) is not a cell (x, y) of whole numbers
    """
    try:
        pair: Any = value  # anything: what is not a pair raises below
        x, y = pair
        return whole_number(x), whole_number(y)
    except (TypeError, ValueError):  # not a pair, or BlokusError (a ValueError) from whole_number
        raise BlokusError(f"{short_repr(value)} is not a cell (x, y) of whole numbers") from None
