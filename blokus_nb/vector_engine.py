"""Many games of one variant at once, as numpy arrays: the batched engine under :class:`BlokusVectorEnv`.

:class:`VectorBoard` holds ``n`` positions side by side, one row each:

* ``own[k, c]``: the cells color ``c`` covers (``n x n`` board cells in reading
  order, as :mod:`blokus_nb.geometry` numbers them);
* ``blocked[k, c]``: cells ``c`` may never use (covered, or beside one of its
  pieces), and ``corners[k, c]``: cells diagonal to its pieces (before its
  first move, its start square). ``corners & ~blocked`` are its attach points;
* ``hand[k, c]``: the pieces it still holds; ``done[k, c]``: it is known to
  have no move left (a color that cannot move never can again);
* ``to_move[k]``: the color to move, ``-1`` once no color can move.

The rules are :class:`blokus_nb.Game`'s (``tests/test_vector_engine.py``
holds this module to ``Game.legal_moves`` over thousands of positions of
every variant, and to Pentobi's legal-move lists).

**How the legal placements are found.** A placement is an orientation ``o``
at an anchor cell ``p``; it is legal for a color when every cell ``p + d`` of
the orientation is allowed (not blocked), one of them is an attach point, the
piece is in hand and the orientation fits there (``geometry.valid``). The
board rows of every game are *bit-sliced*: for each cell, one bit per game
(64 games to a ``uint64`` word), so one ``&`` of two cell rows tests that
cell for 64 games. For each distinct cell offset ``d`` the allowed and
attach rows shifted by ``d`` are stacked once; every orientation's test is
then a few ``&`` and ``|`` of those stacks, for all anchors and all games at
once, and the placement ids are the valid ``(orientation, anchor)`` pairs in
order, so one gather and one ``unpackbits`` give the ``(n, placements)`` mask.
The cost does not depend on the position, only on the number of games.

>>> board = VectorBoard("duo", 3)
>>> board.legal_mask().sum(axis=1).tolist()      # every game at its start
[414, 414, 414]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from .accel.vector import compiled_moves
from .coords import cell_index
from .engine import _compile
from .errors import BlokusError
from .geometry import geometry
from .pieces import PIECES
from .variants import Variant, get_variant

__all__ = ["VectorBoard", "Tables", "tables"]

_N_PIECES = len(PIECES)
MONOMINO = 0
#: Squares of all 21 pieces (a color's score basis).
TOTAL_SQUARES = sum(p.size for p in PIECES)


def _padded_rows(lists: list[list[int]], fill: int) -> np.ndarray:
    """Lists of cell indices as one int32 array, short rows padded with ``fill``."""
    width = max(len(row) for row in lists)
    out = np.full((len(lists), width), fill, dtype=np.int32)
    for i, row in enumerate(lists):
        out[i, :len(row)] = row
    return out


def _mask_rows(masks: Sequence[int], cells: int, fill: int) -> np.ndarray:
    """The cells of each bitmask of ``cells`` bits, lowest first, as one int32 array padded with ``fill``
    (:func:`~blokus_nb.geometry.mask_cells` of each, read all at once from their bytes)."""
    width = (cells + 7) // 8
    raw = np.frombuffer(b"".join(m.to_bytes(width, "little") for m in masks), dtype=np.uint8)
    bits = np.unpackbits(raw.reshape(len(masks), width), axis=1, bitorder="little")[:, :cells]
    rows, columns = np.nonzero(bits)  # row by row, each row's cells in order
    counts = np.bincount(rows, minlength=len(masks))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out = np.full((len(masks), max(int(counts.max()), 1)), fill, dtype=np.int32)
    out[rows, np.arange(len(rows)) - starts[rows]] = columns
    return out


@dataclass(frozen=True, eq=False)
class Tables:
    """What the batched engine needs of one board size, built once per process (:func:`tables`).

    Board rows are ``cells + pad + 1`` long: ``pad`` cells past the board
    (always blocked, never an attach point) so that every shifted row is a
    plain slice, then one *sink* cell that padded index lists point at.
    """

    size: int
    cells: int
    pad: int
    sink: int
    n_placements: int
    #: Per placement: the cells it covers, the empty cells beside it and the cells
    #: diagonal to it (padded with ``sink``), and its piece.
    covered: np.ndarray
    sides: np.ndarray
    diagonals: np.ndarray
    piece: np.ndarray
    #: Per placement, its anchor cell (its cells are the anchor plus its orientation's offsets).
    anchor: np.ndarray
    #: The distinct cell offsets of the orientations.
    offsets: tuple[int, ...]
    n_orientations: int
    #: Orientations grouped by their number of cells: per group, each orientation's offset indices.
    group_offsets: tuple[np.ndarray, ...]
    #: Per placement, its row in the grouped ``(orientation, anchor)`` result.
    result_row: np.ndarray
    #: Pieces of the grouped orientations, in group order.
    group_pieces: tuple[np.ndarray, ...]


@cache
def tables(size: int) -> Tables:
    """The batched engine's tables for a ``size`` x ``size`` board (cached: built once per process)."""
    geo = geometry(size)
    cells = size * size
    pad = max(geo.offsets)
    sink = cells + pad
    covered = _padded_rows([list(c) for c in geo.cells], sink)
    sides = _mask_rows(geo.sides, cells, sink)
    diagonals = _mask_rows(geo.corners, cells, sink)
    by_size: dict[int, list[int]] = {}
    for o, ks in enumerate(geo.orientation_offsets):
        by_size.setdefault(len(ks), []).append(o)
    group_offsets = []
    position = np.empty(len(geo.orientations), dtype=np.int64)
    group_pieces = []
    row = 0
    for _, orientations in sorted(by_size.items()):
        group_offsets.append(np.array([geo.orientation_offsets[o] for o in orientations]))
        group_pieces.append(np.array([geo.orientations[o][0] for o in orientations]))
        for o in orientations:
            position[o] = row
            row += 1
    orientation_of = np.array(geo.orientation_of)
    anchor_of = np.empty(len(geo.masks), dtype=np.int64)
    for at in geo.placement_at:
        for anchor, pid in enumerate(at):
            if pid >= 0:
                anchor_of[pid] = anchor
    return Tables(size=size, cells=cells, pad=pad, sink=sink, n_placements=len(geo.masks),
                  covered=covered, sides=sides, diagonals=diagonals,
                  piece=np.array(geo.pieces, dtype=np.int8), anchor=anchor_of, offsets=tuple(geo.offsets),
                  n_orientations=len(geo.orientations),
                  group_offsets=tuple(group_offsets), result_row=position[orientation_of] * cells + anchor_of,
                  group_pieces=tuple(group_pieces))


def _bit_rows(rows: np.ndarray, words: int) -> np.ndarray:
    """Bool rows ``(games, length)`` as bit-sliced words ``(length, words)``: bit ``k % 64`` of
    word ``k // 64`` is game ``k``'s."""
    columns = np.zeros((rows.shape[1], words * 64), dtype=bool)
    columns[:, :rows.shape[0]] = rows.T
    return np.packbits(columns, axis=1, bitorder="little").view(np.uint64)


#: Up to this many games, legal placements are found one game at a time (:meth:`VectorBoard._legal_each`).
FEW_GAMES = 24
_BYTE_SHIFTS = np.arange(8, dtype=np.uint64)[None, :, None]
_LOW_BITS = np.uint64(0x0101010101010101)


def _game_rows(words: np.ndarray, games: int) -> np.ndarray:
    """Bit-sliced words ``(length, words)`` back to bool rows ``(games, length)`` (rows contiguous).

    A bit-matrix transpose in two moves: the words' bytes are transposed
    (byte ``b`` holds games ``8b..8b+7``), then each byte row is spread into its
    eight games' rows eight placements at a time: ``(row >> j) & 0x0101..01`` is
    game ``8b + j``'s next eight bools. (``np.unpackbits`` along the games axis
    gives column-major rows, which cost ten times as much to use.)
    """
    length = words.shape[0]
    padded = -(-length // 8) * 8
    as_bytes = np.zeros((padded, words.shape[1] * 8), dtype=np.uint8)
    as_bytes[:length] = words.view(np.uint8)
    by_game_byte = np.ascontiguousarray(as_bytes.T).view(np.uint64)    # (bytes, padded / 8)
    spread = (by_game_byte[:, None, :] >> _BYTE_SHIFTS) & _LOW_BITS    # (bytes, 8, padded / 8)
    return spread.view(np.uint8).reshape(-1, padded)[:games, :length].view(bool)


class VectorBoard:
    """``n`` positions of one variant, stepped together (see the module docstring).

    ``to_move``, ``own``, ``blocked``, ``corners``, ``hand``, ``done``,
    ``placed`` (pieces placed per color) and ``last_piece`` are the state;
    read them, change them only through :meth:`reset`, :meth:`play` and
    :meth:`advance`. ``masks`` ``(n, placements)`` holds the legal placements
    of every game's color to move as :meth:`advance` last found them.

    Where the optional compiled accelerator is built (:mod:`blokus_nb.accel`),
    the moves are made in C with each game's legal placements kept up to date
    incrementally (:mod:`blokus_nb.accel.vector`): the same state and masks,
    and ``masks`` is then one array changed in place (``masks_in_place``);
    else every :meth:`advance` makes a new one. ``compiled=False`` keeps to
    numpy; ``compiled=True`` requires the accelerator.
    """

    def __init__(self, variant: str | Variant, n: int, *, compiled: bool | None = None) -> None:
        self.variant = get_variant(variant)
        self.n = n
        self.n_colors = len(self.variant.colors)
        self.tables = t = tables(self.variant.size)
        self.n_placements = t.n_placements
        #: Each color's start cell (its cell index).
        self.start_cells = np.array([cell_index(self.variant.start_cells[c], self.variant.size)
                                     for c in self.variant.colors])
        shape = (n, self.n_colors, t.sink + 1)
        self.own = np.zeros(shape, dtype=bool)
        self.blocked = np.zeros(shape, dtype=bool)
        self.corners = np.zeros(shape, dtype=bool)
        self.hand = np.zeros((n, self.n_colors, _N_PIECES), dtype=bool)
        self.done = np.zeros((n, self.n_colors), dtype=bool)
        self.placed = np.zeros((n, self.n_colors), dtype=np.int16)
        self.last_piece = np.full((n, self.n_colors), -1, dtype=np.int8)
        self.to_move = np.zeros(n, dtype=np.int64)
        self.compiled = compiled_moves(self) if compiled is not False else None
        if compiled and self.compiled is None:
            raise BlokusError("compiled=True needs the compiled accelerator, which is not built here "
                              "(make accel) or is turned off (BLOKUS_NB_ACCEL=0)")
        self.masks = (self.compiled.masks if self.compiled is not None
                      else np.zeros((n, t.n_placements), dtype=bool))
        #: Whether ``masks`` is one array changed in place (compiled), not a new one each :meth:`advance`.
        self.masks_in_place = self.compiled is not None
        every = np.arange(n)
        self.reset(np.ones(n, dtype=bool))
        self.advance(every, np.zeros(n, dtype=bool))

    # -- changes --------------------------------------------------------------------------
    def reset(self, which: np.ndarray) -> None:
        """Put the games where ``which`` is true back at the start; :meth:`advance` (with ``moved``
        false) then finds their masks."""
        k = np.flatnonzero(which)
        if self.compiled is not None:
            self.compiled.reset(k)
            return
        t = self.tables
        self.own[k] = False
        self.blocked[k] = False
        self.blocked[k, :, t.cells:] = True  # the pad: no placement reaches it, and attach never does
        self.corners[k] = False
        self.corners[k[:, None], np.arange(self.n_colors), self.start_cells] = True
        self.hand[k] = True
        self.done[k] = False
        self.placed[k] = 0
        self.last_piece[k] = -1
        self.to_move[k] = 0

    def play(self, games: np.ndarray, placements: np.ndarray) -> None:
        """Place ``placements[i]`` for the color to move in game ``games[i]``; no rule is checked here.

        The color to move stays; :meth:`advance` moves it on.
        """
        if self.compiled is not None:
            self.compiled.play(games, placements)
            return
        t = self.tables
        colors = self.to_move[games]
        rows = games[:, None]
        color_rows = colors[:, None]
        covered = t.covered[placements]
        self.own[rows, color_rows, covered] = True
        self.blocked[games[:, None, None], np.arange(self.n_colors)[None, :, None], covered[:, None, :]] = True
        self.blocked[rows, color_rows, t.sides[placements]] = True
        first = self.placed[games, colors] == 0
        if first.any():  # the start square stops being an attach point (it may be uncovered)
            self.corners[games[first], colors[first]] = False
        self.corners[rows, color_rows, t.diagonals[placements]] = True
        pieces = t.piece[placements]
        self.hand[games, colors, pieces] = False
        self.last_piece[games, colors] = pieces
        self.placed[games, colors] += 1

    def step(self, games: np.ndarray, placements: np.ndarray, restarted: np.ndarray | None = None) -> None:
        """Play ``placements[i]`` in game ``games[i]`` and move its turn on, and put the games
        ``restarted`` (none of ``games``) back at the start: :meth:`play`, :meth:`reset` and
        :meth:`advance` in one, their masks found together."""
        games = np.asarray(games, dtype=np.int64)
        restarted = np.zeros(0, dtype=np.int64) if restarted is None else np.asarray(restarted, dtype=np.int64)
        if len(restarted):
            which = np.zeros(self.n, dtype=bool)
            which[restarted] = True
            self.reset(which)
        if self.compiled is not None:  # each game played and shown at once, while its rows are in the cache
            self.compiled.advance(restarted, np.zeros(len(restarted), dtype=bool))
            self.compiled.step(games, placements)
            return
        self.play(games, placements)
        both = np.concatenate([games, restarted])
        order = np.argsort(both, kind="stable")
        self.advance(both[order], np.concatenate([np.ones(len(games), dtype=bool),
                                                  np.zeros(len(restarted), dtype=bool)])[order])

    def advance(self, games: np.ndarray, moved: np.ndarray | None = None) -> None:
        """Move the turn in ``games`` (those where ``moved`` is true, by default all) to the next color
        with a legal placement, and find the masks of every one of ``games`` (rows of ``masks``).

        A color found with none is marked done; a game where every color is
        done gets ``to_move`` ``-1`` and an all-false mask.
        """
        games = np.asarray(games, dtype=np.int64)
        if self.compiled is not None:
            self.compiled.advance(games, np.ones(len(games), dtype=bool) if moved is None else moved)
            return
        found = self._advance(games, moved)
        if len(games) == self.n and (games == np.arange(self.n)).all():
            self.masks = found
        else:  # a new array all the same: whoever holds the last one keeps it as it was
            masks = self.masks.copy()
            masks[games] = found
            self.masks = masks

    def _advance(self, games: np.ndarray, moved: np.ndarray | None) -> np.ndarray:
        """:meth:`advance` by numpy: the masks of ``games``."""
        n_colors = self.n_colors
        turning = games if moved is None else games[moved]
        self.to_move[turning] = self._next_open(turning, (self.to_move[turning] + 1) % n_colors)
        masks: np.ndarray | None = None
        pending = np.arange(len(games))
        while True:
            pending = pending[self.to_move[games[pending]] >= 0]
            if not len(pending):
                break
            found, has_any = self._legal(games[pending], self.to_move[games[pending]])
            if masks is None and len(pending) == len(games):
                masks = found  # the usual case: every game has a color to move; no copy
            else:
                if masks is None:
                    masks = np.zeros((len(games), self.n_placements), dtype=bool)
                masks[pending] = found
            pending = pending[~has_any]
            if len(pending):
                ks = games[pending]
                self.done[ks, self.to_move[ks]] = True
                self.to_move[ks] = self._next_open(ks, (self.to_move[ks] + 1) % n_colors)
        return np.zeros((len(games), self.n_placements), dtype=bool) if masks is None else masks

    def _next_open(self, games: np.ndarray, start: np.ndarray) -> np.ndarray:
        """The first color from ``start`` on (in playing order) not done in each game, else -1."""
        n_colors = self.n_colors
        order = (start[:, None] + np.arange(n_colors)) % n_colors
        open_ = ~self.done[games[:, None], order]
        first = open_.argmax(axis=1)
        return np.where(open_.any(axis=1), order[np.arange(len(games)), first], -1)

    # -- queries ----------------------------------------------------------------------------
    def legal_mask(self, games: np.ndarray | None = None, colors: np.ndarray | None = None) -> np.ndarray:
        """``(len(games), placements)`` bool: the legal placements of ``colors[i]`` (by default the color
        to move; all false where none is) in game ``games[i]`` (by default every game)."""
        games = np.arange(self.n) if games is None else np.asarray(games)
        colors = self.to_move[games] if colors is None else np.asarray(colors)
        masks = np.zeros((len(games), self.n_placements), dtype=bool)
        live = np.flatnonzero(colors >= 0)
        if len(live):
            masks[live] = self._legal(games[live], colors[live])[0]
        return masks

    def is_legal(self, games: np.ndarray, placements: np.ndarray) -> np.ndarray:
        """Whether ``placements[i]`` is legal for the color to move in game ``games[i]``."""
        t = self.tables
        colors = self.to_move[games]
        live = colors >= 0
        colors = np.where(live, colors, 0)
        covered = t.covered[placements]
        real = covered != t.sink
        rows, color_rows = games[:, None], colors[:, None]
        blocked = self.blocked[rows, color_rows, covered]
        attach = self.corners[rows, color_rows, covered] & ~blocked
        in_hand = self.hand[games, colors, t.piece[placements]]
        return live & in_hand & ~(blocked & real).any(axis=1) & attach.any(axis=1)

    def _legal(self, games: np.ndarray, colors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The legal masks of ``colors[i]`` in ``games[i]``, and whether each has one."""
        if len(games) <= FEW_GAMES:
            return self._legal_each(games, colors)
        return self._legal_sliced(games, colors)

    def _legal_each(self, games: np.ndarray, colors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`_legal` one game at a time, by :mod:`blokus_nb.engine`'s bitboards (what ``Game`` uses):
        cheaper than the bit-sliced pass for a few games (a turn passed in some of them)."""
        t = self.tables
        bitsets = _compile(t.size)[0]
        placement_at = geometry(t.size).placement_at
        masks = np.zeros((len(games), self.n_placements), dtype=bool)

        def bitboard(row: np.ndarray) -> int:
            return int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little")

        for i, (game, color) in enumerate(zip(games, colors)):
            allowed_row = ~self.blocked[game, color, :t.cells]
            attach = bitboard(self.corners[game, color, :t.cells] & allowed_row)
            if not attach:
                continue
            ids = []
            for orientation, anchors in bitsets(bitboard(allowed_row), attach, bitboard(self.hand[game, color])):
                at = placement_at[orientation]
                while anchors:
                    low = anchors & -anchors
                    ids.append(at[low.bit_length() - 1])
                    anchors ^= low
            masks[i, ids] = True
        return masks, np.asarray(masks.any(axis=1))

    def _legal_sliced(self, games: np.ndarray, colors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`_legal` for many games at once on bit-sliced rows (see the module docstring)."""
        t = self.tables
        words = (len(games) + 63) // 64
        allowed_rows = ~self.blocked[games, colors, :t.sink]
        attach_rows = self.corners[games, colors, :t.sink] & allowed_rows
        allowed = _bit_rows(allowed_rows, words)
        attach = _bit_rows(attach_rows, words)
        hand = _bit_rows(self.hand[games, colors], words)
        cells = t.cells
        fits = np.stack([allowed[d:d + cells] for d in t.offsets])      # (offsets, cells, words)
        touches = np.stack([attach[d:d + cells] for d in t.offsets])
        grouped = np.empty((t.n_orientations, cells, words), dtype=np.uint64)
        row = 0
        for offsets, pieces in zip(t.group_offsets, t.group_pieces):
            fit = fits[offsets[:, 0]]
            fit &= hand[pieces][:, None, :]
            touch = touches[offsets[:, 0]]
            for k in range(1, offsets.shape[1]):
                fit &= fits[offsets[:, k]]
                touch |= touches[offsets[:, k]]
            np.bitwise_and(fit, touch, out=grouped[row:row + len(offsets)])
            row += len(offsets)
        legal = grouped.reshape(-1, words)[t.result_row]                   # (placements, words)
        masks = _game_rows(legal, len(games))
        return masks, np.asarray(masks.any(axis=1))  # any() stops at a row's first legal placement

    def points(self, games: np.ndarray | None = None) -> np.ndarray:
        """``(len(games), colors)`` Pentobi points of ``games`` (by default all): squares on the board,
        +15 when all 21 pieces are placed, +20 instead when the last was the monomino (as
        :meth:`Game.scores`'s ``"points"``)."""
        games = np.arange(self.n) if games is None else np.asarray(games)
        squares = self.own[games, :, :self.tables.cells].sum(axis=2)  # the sink holds padded writes
        all_placed = ~self.hand[games].any(axis=2)
        bonus = np.where(self.last_piece[games] == MONOMINO, 20, 15)
        return squares + np.where(all_placed, bonus, 0)

