"""The puzzles' exceptions: every one a :class:`~blokus_nb.errors.BlokusError`.

They are named as ``blokus_nb.puzzles.PuzzleError`` and so on (where they are
imported from), whichever module of the package raises them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import BlokusError
from ..pieces import Cell

__all__ = ["PuzzleError", "RegionError", "PlacementError", "GenerationError"]


class PuzzleError(BlokusError):
    """A puzzle that cannot be set up: unknown pieces, pieces that do not fit the region's area."""


class RegionError(PuzzleError):
    """A region that cannot be read; ``line`` and ``column`` (1-based) say where in ASCII art."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None) -> None:
        where = "" if line is None else f"line {line}" + ("" if column is None else f", column {column}") + ": "
        super().__init__(where + message)
        self.reason = message
        self.line = line
        self.column = column


class PlacementError(PuzzleError):
    """A piece that cannot go where it was put.

    ``rule`` says why: ``"outside"`` (a cell is not in the region),
    ``"overlap"`` (a cell is already covered), ``"not-a-piece"`` (the cells are
    no piece of this puzzle), ``"wrong-piece"`` (they are not the piece named),
    ``"none-left"`` (every copy of the piece is already placed) or ``"empty"``
    (nothing to remove there). ``cells`` are the cells involved.
    """

    def __init__(self, message: str, *, rule: str, cells: Iterable[Cell] = ()) -> None:
        super().__init__(message)
        self.rule = rule
        self.cells = tuple(cells)


class GenerationError(PuzzleError):
    """:func:`~blokus_nb.puzzles.generate` found no puzzle of the kind asked for within its time budget, or none exists.

    ``tried`` is how many candidate puzzles it checked; ``closest`` is the
    difficulty level of the nearest it found with the right number of
    solutions (``None`` if none had); ``exhausted`` is true when every
    candidate there is was checked (a fixed region with few ways to fill it),
    so more time would not help.
    """

    def __init__(self, message: str, *, tried: int = 0, closest: int | None = None, exhausted: bool = False) -> None:
        super().__init__(message)
        self.tried = tried
        self.closest = closest
        self.exhausted = exhausted


for _cls in (PuzzleError, RegionError, PlacementError, GenerationError):
    _cls.__module__ = "blokus_nb.puzzles"
