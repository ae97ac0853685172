"""The batched engine's moves in C (``vector.c``): :class:`~blokus_nb.vector_engine.VectorBoard`
with every game's legal placements kept up to date incrementally, where it is built.

A :class:`CompiledMoves` works on a board's own numpy arrays (the C code makes
every write the numpy path makes) and keeps beside them, per game and color,
the placements last found legal and the observation's planes, and the live
action masks of the colors to move, changed in place: a move looks at the
placements through the new attach points of the piece placed and at the
listed placements of the next color, not at all 30,433.
``tests/test_vector_engine.py`` holds it to the numpy path move for move.

>>> from blokus_nb.vector_engine import VectorBoard
>>> board = VectorBoard("duo", 2)
>>> board.masks.sum(axis=1).tolist()
[414, 414]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from ..geometry import geometry
from . import _library, ctypes

if TYPE_CHECKING:
    from ..vector_engine import Tables, VectorBoard

__all__ = ["CompiledMoves", "compiled_moves"]

_N_PIECES = 21
#: A placement as the C filter reads it (``placement`` in vector.c): its anchor cell, orientation, piece.
_PLACEMENT = np.dtype([("anchor", "<u2"), ("orientation", "u1"), ("piece", "i1")])

if ctypes is not None:
    _pointer = ctypes.c_void_p

    class _Tables(ctypes.Structure):
        _fields_ = [(name, ctypes.c_int32) for name in ("size", "cells", "stride", "sink", "n_colors",
                                                      "n_placements", "alive_words", "side_width",
                                                      "diagonal_width")] + \
                   [(name, _pointer) for name in ("covered", "placements", "orientation_offsets",
                                                  "piece_start", "sides", "diagonals", "through", "windows",
                                                  "through_start", "start_cell")]

    class _State(ctypes.Structure):
        _fields_ = [("n", ctypes.c_int64)] + \
                   [(name, _pointer) for name in ("own", "blocked", "corners", "hand", "done", "placed",
                                                  "last_piece", "to_move", "alive", "planes", "masks",
                                                  "shown")]


@cache
def _functions() -> ctypes.CDLL | None:
    library = _library()
    if library is None:
        return None
    pointer, count = ctypes.c_void_p, ctypes.c_int64
    for name, extra in (("vec_reset", []), ("vec_play", [pointer]), ("vec_advance", [pointer]),
                        ("vec_step", [pointer]), ("vec_observe", [pointer, pointer, count])):
        function = getattr(library, name)
        function.restype = None
        function.argtypes = [pointer, pointer, count, pointer, *extra]
    return library


@cache
def _tables(size_tables: Tables, n_colors: int,
            start_cells: tuple[int, ...]) -> tuple[ctypes.Structure, tuple[np.ndarray, ...]]:
    """The C tables of a board size and its start cells: ``(structure, arrays kept alive)``."""
    t = size_tables
    geo = geometry(t.size)
    covered = np.ascontiguousarray(t.covered, dtype=np.int32)
    real = covered != t.sink
    sides = np.ascontiguousarray(t.sides, dtype=np.int32)
    diagonals = np.ascontiguousarray(t.diagonals, dtype=np.int32)
    piece = np.ascontiguousarray(t.piece, dtype=np.int8)
    placements = np.zeros(t.n_placements, dtype=_PLACEMENT)
    placements["anchor"] = t.anchor
    placements["orientation"] = geo.orientation_of
    placements["piece"] = piece
    # Each orientation's five cell offsets from its anchor, the anchor's (0) repeated after a smaller one's.
    orientation_offsets = np.zeros((t.n_orientations, 5), dtype=np.int32)
    for o, ks in enumerate(geo.orientation_offsets):
        orientation_offsets[o, :len(ks)] = [geo.offsets[k] for k in ks]
    piece_start = np.array([r.start for r in geo.piece_ranges] + [t.n_placements], dtype=np.int32)
    # The placements through each cell, grouped by piece: `through[start[x, p]:start[x, p + 1]]`,
    # each with its cells as bits of the 9x9 window centred on that cell (a pattern: few distinct).
    placement, slot = np.nonzero(real)
    cell = covered[placement, slot]
    key = cell.astype(np.int64) * _N_PIECES + piece[placement]
    order = np.lexsort((placement, key))
    through_ids = placement[order]
    centre = cell[order]
    window = np.zeros((len(through_ids), 2), dtype=np.uint64)
    size = t.size
    for j in range(covered.shape[1]):
        other = covered[through_ids, j]
        present = other != t.sink
        dy = other // size - centre // size + 4
        dx = other % size - centre % size + 4
        bit = (dy * 9 + dx)[present]
        rows = np.flatnonzero(present)
        np.bitwise_or.at(window, (rows, bit // 64), np.left_shift(np.uint64(1), (bit % 64).astype(np.uint64)))
    windows, pattern = np.unique(window, axis=0, return_inverse=True)
    assert t.n_placements <= 1 << 16 and len(windows) <= 1 << 16
    through = (through_ids.astype(np.uint32) | pattern.reshape(-1).astype(np.uint32) << 16)
    windows = np.ascontiguousarray(windows, dtype=np.uint64)
    counts = np.bincount(key, minlength=t.cells * _N_PIECES)
    starts = np.zeros(t.cells * _N_PIECES + 1, dtype=np.int64)
    np.cumsum(counts, out=starts[1:])
    through_start = np.empty((t.cells, _N_PIECES + 1), dtype=np.int32)
    through_start[:, :_N_PIECES] = starts[:-1].reshape(t.cells, _N_PIECES)
    through_start[:, _N_PIECES] = starts[_N_PIECES::_N_PIECES]
    start_cell = np.array(start_cells, dtype=np.int32)
    arrays = (covered, placements, orientation_offsets, piece_start, sides, diagonals, through, windows,
              through_start, start_cell)
    structure = _Tables(t.size, t.cells, t.sink + 1, t.sink, n_colors, t.n_placements,
                        (t.n_placements + 63) // 64, sides.shape[1], diagonals.shape[1],
                        *(a.ctypes.data for a in arrays))
    return structure, arrays


class CompiledMoves:
    """The C moves of one :class:`~blokus_nb.vector_engine.VectorBoard` (made by :func:`compiled_moves`).

    ``masks`` is the live ``(n, placements)`` bool array of the legal placements of each game's
    color to move, changed in place by every call; ``planes`` ``(n, colors, 3, cells)`` int8 the
    observation planes of every color.
    """

    def __init__(self, board: VectorBoard, functions: ctypes.CDLL) -> None:
        t = board.tables
        n, n_colors = board.n, board.n_colors
        self._functions = functions
        self._tables, _ = _tables(t, n_colors, tuple(int(x) for x in board.start_cells))
        words = (t.n_placements + 63) // 64
        self.alive = np.zeros((n, n_colors, words), dtype=np.uint64)
        self.planes = np.zeros((n, n_colors, 3, t.cells), dtype=np.int8)
        self.masks = np.zeros((n, t.n_placements), dtype=bool)
        self.shown = np.full(n, -1, dtype=np.int8)
        self._board = board  # its arrays are the state: kept alive with the structure that points at them
        arrays = [board.own, board.blocked, board.corners, board.hand, board.done, board.placed,
                  board.last_piece, board.to_move, self.alive, self.planes, self.masks, self.shown]
        for array, dtype in zip(arrays, (np.bool_,) * 5 + (np.int16, np.int8, np.int64, np.uint64, np.int8,
                                                             np.bool_, np.int8)):
            assert array.dtype == dtype and array.flags.c_contiguous, "VectorBoard's arrays changed layout"
        self._state = _State(n, *(a.ctypes.data for a in arrays))
        self._state_pointer = ctypes.addressof(self._state)
        self._tables_pointer = ctypes.addressof(self._tables)
        # One game and one placement, for step_one (a lone game's step without new arrays).
        self._one = np.zeros(2, dtype=np.int64)
        self._one_pointer = self._one.ctypes.data

    def _run(self, function: Callable[..., None], games: np.ndarray, *arrays: np.ndarray,
             row_length: int = -1) -> None:
        """Call ``function`` on ``games`` and the ``arrays`` beside them (held here until it returns)."""
        held = (np.ascontiguousarray(games, dtype=np.int64), *arrays)
        tail = () if row_length < 0 else (row_length,)
        function(self._tables_pointer, self._state_pointer, len(held[0]), *(a.ctypes.data for a in held), *tail)

    def reset(self, games: np.ndarray) -> None:
        """:meth:`VectorBoard.reset <blokus_nb.vector_engine.VectorBoard.reset>` of ``games`` (their rows cleared)."""
        self._run(self._functions.vec_reset, games)

    def play(self, games: np.ndarray, placements: np.ndarray) -> None:
        """:meth:`VectorBoard.play <blokus_nb.vector_engine.VectorBoard.play>`."""
        self._run(self._functions.vec_play, games, np.ascontiguousarray(placements, dtype=np.int64))

    def step(self, games: np.ndarray, placements: np.ndarray) -> None:
        """:meth:`play` and :meth:`advance` a game at a time (its rows still in the cache when shown)."""
        self._run(self._functions.vec_step, games, np.ascontiguousarray(placements, dtype=np.int64))

    def step_one(self, game: int, placement: int) -> None:
        """:meth:`step` of one game: the same work, without the arrays a call of many games builds
        (a lone game's step, as :class:`~blokus_nb.envs.BlokusEnv` makes it, is mostly that)."""
        self._one[0], self._one[1] = game, placement
        self._functions.vec_step(self._tables_pointer, self._state_pointer, 1, self._one_pointer,
                                 self._one_pointer + 8)

    def observer_of(self, game: int, out: np.ndarray) -> Callable[[], None]:
        """A function writing game ``game``'s observation row (while its game goes on) into ``out``, one
        int8 row held here (its address found once: numpy takes microseconds to give it)."""
        assert out.dtype == np.int8 and out.flags.c_contiguous and out.ndim == 1
        games = np.array([game], dtype=np.int64)
        held = (games, out)
        observe, tables, state = self._functions.vec_observe, self._tables_pointer, self._state_pointer
        games_pointer, out_pointer, length = games.ctypes.data, out.ctypes.data, len(out)

        def observe_it() -> None:
            assert held  # the function holds the arrays its addresses point into
            observe(tables, state, 1, games_pointer, None, out_pointer, length)
        return observe_it

    def advance(self, games: np.ndarray, moved: np.ndarray) -> None:
        """:meth:`VectorBoard.advance <blokus_nb.vector_engine.VectorBoard.advance>`: the turn moved on
        where ``moved``, and the mask rows of ``games`` shown."""
        self._run(self._functions.vec_advance, games, np.ascontiguousarray(moved, dtype=np.bool_))

    def observe(self, games: np.ndarray, out: np.ndarray, starts: np.ndarray) -> None:
        """Write the observation rows of ``games`` into ``out`` (one row each, in order), colors in
        playing order from ``starts[i]`` (finished games included)."""
        assert out.dtype == np.int8 and out.flags.c_contiguous and out.shape[0] >= len(games)
        starts = np.ascontiguousarray(starts, dtype=np.int64)
        assert starts.shape == (len(games),)
        self._run(self._functions.vec_observe, games, starts, out, row_length=out.shape[1])


def compiled_moves(board: VectorBoard) -> CompiledMoves | None:
    """The C moves of ``board``, or ``None`` where the accelerator is not built (or turned off)."""
    functions = _functions()
    return None if functions is None else CompiledMoves(board, functions)
