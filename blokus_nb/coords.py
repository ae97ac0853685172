"""Cell names in Pentobi's notation.

Column letters run from ``a`` at the left; row numbers from 1 at the bottom.
Internally a cell is an index ``y * size + x`` with ``y`` counted from the top.

>>> cell_index("a20", 20), cell_name(0, 20)
(0, 'a20')
"""

from __future__ import annotations

import re

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"([a-z])([0-9]{1,2})\Z")


def cell_name(index: int, size: int) -> str:
    """Pentobi's name of cell ``index`` on a ``size`` x ``size`` board."""
    y, x = divmod(index, size)
    return f"{COLUMNS[x]}{size - y}"


def parse_cell(text: str) -> tuple[int, int]:
    """``(column, row)`` of a cell name, 0-based column and 1-based row; no board check.

    >>> parse_cell("e10")
    (4, 10)
    """
    match = _CELL.match(text.strip().lower())
    if not match:
        raise ValueError(f"{text!r} is not a cell name (a column letter and a row number, like 'e10')")
    return COLUMNS.index(match.group(1)), int(match.group(2))


def on_board(column: int, row: int, size: int) -> bool:
    """Whether a parsed cell lies on a ``size`` x ``size`` board."""
    return 0 <= column < size and 1 <= row <= size


def cell_index(text: str, size: int) -> int:
    """Index of a cell name on a ``size`` board; ``ValueError`` if it is not on it."""
    column, row = parse_cell(text)
    if not on_board(column, row, size):
        raise ValueError(f"{text} is not on the {size}x{size} board")
    return (size - row) * size + column


def pentobi_order(index: int, size: int) -> tuple[int, int]:
    """Sort key that orders cells as Pentobi writes them: by row from 1 up, then by column."""
    y, x = divmod(index, size)
    return (-y, x)
