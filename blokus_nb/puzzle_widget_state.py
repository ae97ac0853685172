"""What a view of the puzzle widget is told about a puzzle: plain JSON-able values.

The widget (:mod:`blokus_nb.puzzle_widget`) sends these as traits. Cells are
``[x, y]`` pairs in the puzzle's own coordinates (``x`` to the right, ``y``
down). Nothing here decides whether a piece may go somewhere: it only reads
the :class:`~blokus_nb.puzzles.Puzzle`.

>>> from blokus_nb.puzzles import Puzzle
>>> state = view_state(Puzzle((3, 1), ["I3"]))
>>> state["region"], state["remaining"], state["solved"]
([[0, 0], [1, 0], [2, 0]], {'I3': 1}, False)
"""

from __future__ import annotations

from typing import Any

from .piece_plots import color_of
from .puzzles import Placement, Puzzle


def region_cells(puzzle: Puzzle) -> list[list[int]]:
    """The region's cells ``[x, y]``, row by row from the top."""
    return [[x, y] for x, y in sorted(puzzle.cells, key=lambda c: (c[1], c[0]))]


def pieces_table(puzzle: Puzzle) -> list[dict[str, Any]]:
    """Each kind of piece once, in the puzzle's order: name, cells (one orientation), copies and colour.

    The colours are those of the puzzle's pictures (:func:`blokus_nb.piece_plots.color_of`).
    """
    return [{"name": name, "cells": [list(cell) for cell in puzzle.shapes[name]], "count": count,
             "color": color_of(name, k)}
            for k, (name, count) in enumerate(puzzle.counts.items())]


def placement_entry(placement: Placement) -> dict[str, Any]:
    return {"piece": placement.piece, "cells": [list(cell) for cell in placement.cells]}


def status_text(puzzle: Puzzle) -> str:
    """One line: how far the tiling has got, or that it is solved."""
    pieces = sum(puzzle.counts.values())
    squares = len(puzzle.cells)
    placed = len(puzzle.placements)
    if puzzle.is_solved:
        return f"Solved! The {pieces} pieces cover all {squares} squares."
    if placed == 0:
        return f"Cover the {squares} squares with the {pieces} pieces."
    left = squares - len(puzzle.covered)
    return f"{placed} of {pieces} pieces placed; {left} square{'s' if left != 1 else ''} still to cover."


def view_state(puzzle: Puzzle) -> dict[str, Any]:
    """Every puzzle-derived trait value."""
    return {
        "width": puzzle.width,
        "height": puzzle.height,
        "region": region_cells(puzzle),
        "pieces": pieces_table(puzzle),
        "placements": [placement_entry(p) for p in puzzle.placements],
        "remaining": puzzle.remaining,
        "solved": puzzle.is_solved,
        "status": status_text(puzzle),
    }
