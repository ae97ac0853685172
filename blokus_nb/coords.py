"""Cell names in Pentobi's notation.

Column letters run from ``a`` at the left; row numbers from 1 at the bottom.
Internally a cell is an index ``y * size + x`` with ``y`` counted from the top.

>>> cell_index("a20", 20), cell_name(0, 20)
(0, 'a20')
"""

from __future__ import annotations

import re

from .errors import BlokusError

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
