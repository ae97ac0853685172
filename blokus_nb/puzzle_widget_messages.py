"""Reading the messages a puzzle widget view sends, before anything acts on them.

A view only *asks*: to place a piece on some cells, to take away the piece on
a cell, for a hint, for a solution, or to start again. Anything that is not
exactly one of those shapes is refused here with a reason (a
:class:`~blokus_nb.widget_messages.Refusal`, as for the board widget) and
nothing changes; the puzzle itself then judges the requests that are well formed.

>>> read_request({"type": "place", "piece": "F", "cells": [[1, 0], [2, 0]], "version": 3})
PuzzleRequest(kind='place', version=3, piece='F', cells=((1, 0), (2, 0)))
>>> read_request({"type": "remove", "cell": [1, True], "version": 3})
Traceback (most recent call last):
...
blokus_nb.widget_messages.Refusal: malformed request: a cell must be [x, y] with whole numbers
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .pieces import Cell
from .widget_messages import Refusal, is_whole, request_kind, whole_number

KINDS = ("place", "remove", "hint", "solution", "reset")
#: Longest piece name accepted (other polyominoes are named "poly1", "poly2", ...).
MAX_NAME = 40
#: Most cells in one placement (far more than any polyomino a puzzle in a notebook uses).
MAX_CELLS = 400


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
