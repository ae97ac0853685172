"""What a learning agent sees: board planes and pieces in hand as one int8 vector, and the action mask.

Numpy only (no PettingZoo or Gymnasium), so it can be used and tested alone.

An *action* is a placement id of the board size (:func:`blokus_nb.geometry.geometry`:
30,433 on the 20x20 board, 13,729 in Duo). A pass is never an action: a
color with no legal placement is skipped by the rules.

The observation of a variant with ``C`` colors on an ``n`` x ``n`` board is
an int8 vector of ``C * (3 * n * n + 21)`` zeros and ones, in two parts:

* the board planes, shape ``(C, 3, n, n)``: for each color, its cells, its
  corner points (the cells where a new piece of it may attach, as
  :meth:`Game.corner_points <blokus_nb.Game.corner_points>` lists them) and
  its forbidden cells (empty cells beside its own pieces,
  :meth:`Game.forbidden_cells <blokus_nb.Game.forbidden_cells>`); row 0 is
  the top row of the board, as in :meth:`Game.board_array <blokus_nb.Game.board_array>`;
* the pieces in hand, shape ``(C, 21)``, in catalogue order
  (:data:`blokus_nb.pieces.PIECES`).

Colors come in playing order starting from the one the observing player
plays next, so plane 0 is always "me" (the color to move, for the player to
move). :func:`split_observation` returns both parts as views.

>>> import blokus_nb as bn
>>> encoder = ObservationEncoder("duo")
>>> game = bn.Game("duo")
>>> vector = encoder.observation(game.board, order=(0, 1))
>>> planes, hands = split_observation(vector, "duo")
>>> planes.shape, hands.shape, int(planes[0, 1].sum()), int(hands[1].sum())
((2, 3, 14, 14), (2, 21), 1, 21)
>>> mask = encoder.action_mask(game.board, 0)
>>> int(mask.sum()) == game.count_legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .. import accel, validation
from ..engine import Board
from ..errors import BlokusError, short_repr
from ..geometry import geometry
from ..pieces import PIECES
from ..variants import Variant, get_variant

__all__ = ["ObservationEncoder", "split_observation", "PLANES"]

#: The three board planes of each color, in their order in the observation.
PLANES = ("cells", "corner points", "forbidden cells")
_N_PIECES = len(PIECES)


class ObservationEncoder:
    """Turns engine positions of one variant into observation vectors and action masks.

    Both are new arrays on every call (an agent may keep them). They are made
    from the engine's bitboards in a few numpy calls: the bitboards are
    written side by side as bytes, unpacked at once.
    """

    def __init__(self, variant: str | Variant) -> None:
        self.variant = get_variant(variant)
        size = self.variant.size
        geo = geometry(size)
        self.size = size
        self.n_colors = len(self.variant.colors)
        #: Number of actions: one per placement id of the board size.
        self.n_actions = len(geo.masks)
        cells = size * size
        #: Length of an observation vector.
        self.length = self.n_colors * (len(PLANES) * cells + _N_PIECES)
        self._cells = cells
        self._observation_bytes = (self.length + 7) // 8
        # A color's three planes are written as bytes at once where they are whole bytes (3 x 400
        # cells), two colors' where theirs are (Duo's 3 x 196 cells are not); the hands follow as
        # one integer. Shifting every bitboard into one long integer copied it at every step.
        planes = len(PLANES) * cells
        self._color_group = next((g for g in (1, 2) if g * planes % 8 == 0 and self.n_colors % g == 0), None)
        self._hand_bytes = (self.n_colors * _N_PIECES + 7) // 8
        # The action mask is made on a grid of one bit per (orientation, anchor
        # cell), each orientation's row padded to whole bytes so the engine's
        # anchor bitboards can be copied in as they are. The set bits of the
        # grid are found at once (nonzero) and mapped to their placement ids
        # (every placement is one orientation at one anchor), which are set in
        # a new zero mask: a few small arrays, where gathering the whole mask
        # from the grid moved a 30,000-entry index through memory every time.
        self._stride = (cells + 7) // 8
        self._zero_rows = [bytes(self._stride)] * len(geo.orientations)
        placement_of_bit = np.zeros(len(geo.orientations) * self._stride * 8, dtype=np.intp)
        for orientation, row in enumerate(geo.placement_at):
            base = orientation * self._stride * 8
            for anchor, pid in enumerate(row):
                if pid >= 0:
                    placement_of_bit[base + anchor] = pid
        self._placement_of_bit = placement_of_bit  # only read where the engine set a bit: a legal anchor

    def observation(self, board: Board, order: Sequence[int]) -> np.ndarray:
        """The observation vector of ``board`` with colors (indices) in ``order`` (see the module docstring).

        Raises :class:`~blokus_nb.errors.ArgumentTypeError` (or another ``BlokusError``) for a
        ``board`` that is no engine board of this variant's size, or an ``order`` that is not
        every color index once.
        """
        return self._observation(self._board(board), self._order(order))

    def _board(self, board: object) -> Board:
        validation.instance(board, "board", Board, "an engine Board, like game.board")
        assert isinstance(board, Board)  # what validation.instance checked
        if board.size != self.size or board.n_colors != self.n_colors:
            raise BlokusError(f"board is a {board.size}x{board.size} board of {board.n_colors} colors; this "
                              f"encoder is for {self.variant.name}")
        return board

    def _order(self, order: object) -> list[int]:
        what = f"every color index from 0 to {self.n_colors - 1} once, like {list(range(self.n_colors))}"
        listed = validation.sequence(order, "order", what=what)
        colors = [validation.whole_number(c, "order", low=0, high=self.n_colors - 1, what=what) for c in listed]
        if sorted(colors) != list(range(self.n_colors)):
            raise BlokusError(f"order is {what}, not {short_repr(listed)}")
        return colors

    def _observation(self, board: Board, order: Sequence[int]) -> np.ndarray:
        group = self._color_group
        if group is None:
            return self._packed_observation(board, order)
        cells = self._cells
        occupied = board.occupied
        own, corners, blocked, hand = board.own, board.corners, board.blocked, board.hand
        colors = []  # each color's three planes as one integer
        hands = 0
        shift = 0
        for c in order:
            forbidden = blocked[c]
            colors.append(own[c] | (corners[c] & ~forbidden) << cells | (forbidden & ~occupied) << 2 * cells)
            hands |= hand[c] << shift
            shift += _N_PIECES
        if group == 2:
            colors = [colors[i] | colors[i + 1] << 3 * cells for i in range(0, len(colors), 2)]
        to_bytes, width = int.to_bytes, group * 3 * cells // 8
        parts = [to_bytes(planes, width, "little") for planes in colors]
        parts.append(to_bytes(hands, self._hand_bytes, "little"))
        raw = np.frombuffer(b"".join(parts), dtype=np.uint8)
        return np.unpackbits(raw, count=self.length, bitorder="little").view(np.int8)

    def _packed_observation(self, board: Board, order: Sequence[int]) -> np.ndarray:
        """:meth:`_observation` of any board: every bitboard shifted into one integer."""
        cells = self._cells
        occupied = board.occupied
        own, corners, blocked, hand = board.own, board.corners, board.blocked, board.hand
        packed = 0
        shift = 0
        for c in order:
            forbidden = blocked[c]
            packed |= own[c] << shift
            packed |= (corners[c] & ~forbidden) << (shift + cells)
            packed |= (forbidden & ~occupied) << (shift + 2 * cells)
            shift += 3 * cells
        for c in order:
            packed |= hand[c] << shift
            shift += _N_PIECES
        raw = np.frombuffer(packed.to_bytes(self._observation_bytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=self.length, bitorder="little").view(np.int8)

    def action_mask(self, board: Board, color: int) -> np.ndarray:
        """int8 mask over placement ids: 1 where ``color`` may play that placement on ``board``.

        Raises :class:`~blokus_nb.errors.ArgumentTypeError` (or another ``BlokusError``) for a
        ``board`` that is no engine board of this variant's size, or a ``color`` index off it.
        """
        board = self._board(board)
        color = validation.whole_number(color, "color", low=0, high=self.n_colors - 1)
        return self._legal_mask(board, color)

    def _legal_mask(self, board: Board, color: int) -> np.ndarray:
        """:meth:`action_mask` of checked arguments: by the compiled accelerator where it is built
        (:mod:`blokus_nb.accel`, the same mask in a fifth of the time), else from the engine's bitsets."""
        compiled = accel.legal_mask(board, color)
        return compiled if compiled is not None else self._mask_of(board.legal_bitsets(color))

    def mask_of(self, bitsets: Sequence[tuple[int, int]]) -> np.ndarray:
        """The action mask of the engine's ``(orientation, anchor bitboard)`` pairs
        (:attr:`LegalMoves.bitsets <blokus_nb.move.LegalMoves.bitsets>`).

        Raises :class:`~blokus_nb.errors.ArgumentTypeError` (or another ``BlokusError``) for
        anything but such pairs of this board size.
        """
        what = "a list of (orientation, anchor bitboard) pairs, as LegalMoves.bitsets"
        checked = []
        for i, pair in enumerate(validation.sequence(bitsets, "bitsets", what=what)):
            items = validation.sequence(pair, f"bitsets[{i}]", what="an (orientation, anchor bitboard) pair")
            if len(items) != 2:
                raise BlokusError(f"bitsets[{i}] is an (orientation, anchor bitboard) pair, not {len(items)} items")
            orientation = validation.whole_number(items[0], f"bitsets[{i}] orientation", low=0,
                                                  high=len(self._zero_rows) - 1)
            anchors = validation.whole_number(items[1], f"bitsets[{i}] anchors", low=0,
                                              high=(1 << self._cells) - 1)
            checked.append((orientation, anchors))
        return self._mask_of(checked)

    def _mask_of(self, bitsets: Sequence[tuple[int, int]]) -> np.ndarray:
        rows = self._zero_rows.copy()
        stride, to_bytes = self._stride, int.to_bytes
        for orientation, anchors in bitsets:
            rows[orientation] = to_bytes(anchors, stride, "little")
        bits = np.unpackbits(np.frombuffer(b"".join(rows), dtype=np.uint8), bitorder="little")
        mask = np.zeros(self.n_actions, dtype=np.int8)
        mask[self._placement_of_bit[bits.view(np.bool_).nonzero()[0]]] = 1
        return mask

    def no_actions(self) -> np.ndarray:
        """An all-zero mask (for a player who is not to move)."""
        return np.zeros(self.n_actions, dtype=np.int8)


def split_observation(observation: np.ndarray, variant: str | Variant) -> tuple[np.ndarray, np.ndarray]:
    """Views of an observation vector: board planes ``(C, 3, n, n)`` and pieces in hand ``(C, 21)``.

    >>> planes, hands = split_observation(np.zeros(2 * (3 * 14 * 14 + 21), np.int8), "duo")
    >>> planes.shape, hands.shape
    ((2, 3, 14, 14), (2, 21))
    """
    v = get_variant(variant)
    n, colors = v.size, len(v.colors)
    board_part = colors * len(PLANES) * n * n
    array = np.asarray(observation)
    if array.shape != (board_part + colors * _N_PIECES,):
        raise BlokusError(f"an observation of {v.name} has shape ({board_part + colors * _N_PIECES},), "
                         f"not {array.shape}")
    return (array[:board_part].reshape(colors, len(PLANES), n, n),
            array[board_part:].reshape(colors, _N_PIECES))
