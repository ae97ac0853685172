"""CSV files that a spreadsheet opens as text, whatever the records held.

A spreadsheet reads a CSV cell that starts with ``=``, ``+``, ``-`` or ``@``
(and, in some, a tab or a carriage return) as a formula: a player named
``=HYPERLINK("http://...")`` or ``+1+cmd|' /C calc'!A0`` in a record would run
when the table is opened. Every CSV blokus-nb writes goes through
:func:`write_csv`, which puts a ``'`` before such a text cell (the usual
guidance, and what spreadsheets themselves do to show text). Numbers stay
numbers (``-27`` is a score, not a formula), and Parquet files keep every text
exactly as it is. Lines end in CR LF (RFC 4180), so that a cell holding a
carriage return or a line break is always quoted: a lone CR in a name cannot
start a new row.

>>> neutralize("=1+2"), neutralize("Ann"), neutralize("-")
("'=1+2", 'Ann', "'-")
"""

from __future__ import annotations

import os
from typing import IO

import pandas as pd

from ..atomic import replace_file
from ..errors import ArgumentTypeError, short_repr

__all__ = ["FORMULA_STARTS", "neutralize", "neutralize_frame", "write_csv"]

#: The first characters that make a spreadsheet read a text cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Rows written at a time, so a table of millions of rows is not copied whole.
_CHUNK_ROWS = 100_000


def neutralize(text: str) -> str:
    """``text`` with a ``'`` before it if a spreadsheet would read it as a formula.

    >>> neutralize("@SUM(A1:A9)")
    "'@SUM(A1:A9)"
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _neutralized(values: pd.Series) -> pd.Series:
    if isinstance(values.dtype, pd.CategoricalDtype):
        categories = values.cat.categories
        if not any(isinstance(c, str) and c.startswith(FORMULA_STARTS) for c in categories):
            return values
        values = values.astype(object)  # two categories may become one text: leave the codes behind
    elif not (values.dtype == object or isinstance(values.dtype, pd.StringDtype)):
        return values  # numbers, booleans, dates: a spreadsheet reads them as values
    return values.map(lambda v: neutralize(v) if isinstance(v, str) else v)


def neutralize_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` whose text cells (and column names) are :func:`neutralize` d.

    >>> neutralize_frame(pd.DataFrame({"player": ["=cmd", "Bob"], "points": [-3, 5]})).to_dict("list")
    {'player': ["'=cmd", 'Bob'], 'points': [-3, 5]}
    """
    out = pd.DataFrame({i: _neutralized(frame.iloc[:, i]) for i in range(frame.shape[1])}, index=frame.index)
    out.columns = [neutralize(c) if isinstance(c, str) else c for c in frame.columns]
    return out


def write_csv(frame: pd.DataFrame, path: str | os.PathLike[str]) -> None:
    """Write ``frame`` to ``path`` as CSV (no index, UTF-8, CR LF line ends), every text cell neutralized.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "players.csv"
    >>> write_csv(pd.DataFrame({"name": ["+1+cmd", "Ann"]}), path)
    >>> path.read_text()
    "name\\n'+1+cmd\\nAnn\\n"
    """
    if not isinstance(frame, pd.DataFrame):
        raise ArgumentTypeError(f"write_csv writes a pandas DataFrame, not {short_repr(frame)}")

    def write(handle: IO[str]) -> None:
        if len(frame) == 0:
            neutralize_frame(frame).to_csv(handle, index=False, lineterminator="\r\n")
        for start in range(0, len(frame), _CHUNK_ROWS):
            part = neutralize_frame(frame.iloc[start:start + _CHUNK_ROWS])
            part.to_csv(handle, index=False, header=start == 0, lineterminator="\r\n")

    replace_file(path, write)  # whole or not at all; a path that cannot be written is a PathError
