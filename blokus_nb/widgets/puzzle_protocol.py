"""The puzzle widget's contract with its views: the state Python sends, the requests a view may make.

State out: :func:`view_state` turns a :class:`~blokus_nb.puzzles.Puzzle` into
plain JSON-able trait values. Cells are ``[x, y]`` pairs in the puzzle's own
coordinates (``x`` to the right, ``y`` down). Nothing here decides whether a
piece may go somewhere: it only reads the puzzle.

Requests in: a view only *asks* to place a piece on some cells, to take away
the piece on a cell, for a hint, for a solution, whether the puzzle can still
be done from here (``check``), or to start again.
:func:`read_request` refuses anything that is not exactly one of those shapes
(a :class:`~blokus_nb.widgets._protocol.Refusal`, as for the board widget) and
nothing changes; the puzzle itself then judges the requests that are well
formed. The front-end's puzzle protocol module is the other half.

>>> from blokus_nb.puzzles import Puzzle
>>> state = view_state(Puzzle((3, 1), ["I3"]))
>>> state["region"], state["remaining"], state["solved"]
([[0, 0], [1, 0], [2, 0]], {'I3': 1}, False)
>>> read_request({"type": "place", "piece": "F", "cells": [[1, 0], [2, 0]], "version": 3})
PuzzleRequest(kind='place', version=3, piece='F', cells=((1, 0), (2, 0)))
>>> read_request({"type": "remove", "cell": [1, True], "version": 3})
Traceback (most recent call last):
...
blokus_nb.widgets._protocol.Refusal: malformed request: a cell must be [x, y] with whole numbers
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..piece_plots import color_of
from ..pieces import Cell
from ..puzzles import Placement, Puzzle
from ._protocol import Refusal, is_whole, request_kind, whole_number

__all__ = ["KINDS", "MAX_CELLS", "MAX_NAME", "PuzzleRequest", "read_request", "view_state", "explanation_entry"]

KINDS = ("place", "remove", "hint", "solution", "check", "reset")
#: Longest piece name accepted (other polyominoes are named "poly1", "poly2", ...).
MAX_NAME = 40
#: Most cells in one placement (far more than any polyomino a puzzle in a notebook uses).
MAX_CELLS = 400


# ---------------------------------------------------------------- state out
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


def status_text(puzzle: Puzzle, solution_shown: bool = False) -> str:
    """One line: how far the tiling has got, that it is solved, or that a solution is shown."""
    pieces = sum(puzzle.counts.values())
    squares = len(puzzle.cells)
    placed = len(puzzle.placements)
    if puzzle.is_solved and solution_shown:
        return "A solution is shown (the widget placed the pieces). Start again to solve it yourself."
    if puzzle.is_solved:
        return f"Solved! The {pieces} pieces cover all {squares} squares."
    if placed == 0:
        return f"Cover the {squares} squares with the {pieces} pieces."
    left = squares - len(puzzle.covered)
    return f"{placed} of {pieces} pieces placed; {left} square{'s' if left != 1 else ''} still to cover."


def difficulty_text(puzzle: Puzzle) -> str:
    """The puzzle's difficulty in words, when it is known (generated, or measured with ``difficulty()``)."""
    rating = puzzle.rating
    if rating is None:
        return ""
    return (f"Level {rating.level} of 5 ({rating.name}): {rating.pieces} pieces, "
            f"{rating.forced} with one place at the start")


def explanation_entry(version: int, explanation: Any) -> dict[str, Any]:
    """What "is this possible from here?" found: possible, or the argument (its kind, text and picture)."""
    if explanation is None:
        return {"version": version, "possible": True, "kind": "", "text": "", "svg": ""}
    return {"version": version, "possible": False, "kind": explanation.kind, "text": explanation.text,
            "svg": explanation.svg(cell_size=16)}


def view_state(puzzle: Puzzle, solution_shown: bool = False) -> dict[str, Any]:
    """Every puzzle-derived trait value (``solution_shown``: the pieces are a solution the widget showed)."""
    shown = solution_shown and puzzle.is_solved
    return {
        "width": puzzle.width,
        "height": puzzle.height,
        "region": region_cells(puzzle),
        "pieces": pieces_table(puzzle),
        "placements": [placement_entry(p) for p in puzzle.placements],
        "remaining": puzzle.remaining,
        "solved": puzzle.is_solved,
        "solved_by": ("solution" if shown else "you") if puzzle.is_solved else "",
        "status": status_text(puzzle, shown),
        "difficulty": difficulty_text(puzzle),
    }


# ---------------------------------------------------------------- requests in
@dataclass(frozen=True)
class PuzzleRequest:
    kind: str
    version: int
    piece: str = ""
    cells: tuple[Cell, ...] = ()


def _cell(value: Any) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(is_whole(v) for v in value)):
        raise Refusal("malformed request: a cell must be [x, y] with whole numbers")
    return value[0], value[1]


def read_request(content: Any) -> PuzzleRequest:
    """Check the shape of one message from a view; raise :class:`Refusal` if it is not a request."""
    kind = request_kind(content, KINDS)
    version = whole_number(content, "version")
    if kind == "place":
        piece = content.get("piece")
        if not isinstance(piece, str) or not piece or len(piece) > MAX_NAME:
            raise Refusal("malformed request: 'piece' must be a piece name")
        cells = content.get("cells")
        if not isinstance(cells, list) or not 0 < len(cells) <= MAX_CELLS:
            raise Refusal("malformed request: 'cells' must be a list of [x, y] cells")
        return PuzzleRequest(kind, version, piece=piece, cells=tuple(_cell(c) for c in cells))
    if kind == "remove":
        return PuzzleRequest(kind, version, cells=(_cell(content.get("cell")),))
    return PuzzleRequest(kind, version)
