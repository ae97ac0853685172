"""A lone game followed move for move by the batched engine's compiled moves, for :class:`BlokusEnv`.

Where the optional compiled accelerator is built, :class:`BlokusEnv
<blokus_nb.envs.BlokusEnv>` keeps beside its :class:`~blokus_nb.Game` (which
checks every move: it is the rules) a one-game
:class:`~blokus_nb.vector_engine.VectorBoard` in C, which keeps the legal
placements of the color to move up to date incrementally and the
observation's planes with them. Its mask and observation are then a copy
each, not found again from the whole board; they are the same arrays
(``tests/test_envs_aec.py`` plays whole games both ways in every variant).

>>> from blokus_nb.envs.compiled_game import CompiledGame
>>> from blokus_nb.envs.observation import ObservationEncoder
>>> follower = CompiledGame.for_variant("duo", ObservationEncoder("duo").length)
>>> follower is None or int(follower.action_mask().sum()) == 414
True
"""

from __future__ import annotations

import numpy as np

from .. import accel
from ..variants import Variant
from ..vector_engine import VectorBoard

__all__ = ["CompiledGame"]

_GAME = np.zeros(1, dtype=np.int64)


class CompiledGame:
    """One game in the compiled batched engine (made by :meth:`for_variant`), at its start."""

    def __init__(self, board: VectorBoard, observation_length: int) -> None:
        assert board.compiled is not None and board.n == 1
        self.board = board
        self._moves = board.compiled
        self._row = np.zeros(observation_length, dtype=np.int8)
        self._observe = self._moves.observer_of(0, self._row)

    @classmethod
    def for_variant(cls, variant: Variant | str, observation_length: int) -> CompiledGame | None:
        """A follower of a new game of ``variant`` whose observations are ``observation_length`` long
        (:attr:`ObservationEncoder.length <blokus_nb.envs.observation.ObservationEncoder.length>`),
        or ``None`` where the accelerator is not built."""
        if not accel.available():
            return None
        board = VectorBoard(variant, 1, compiled=None)
        if board.compiled is None:
            return None
        return cls(board, observation_length)

    def reset(self) -> None:
        """Back at the start of a game."""
        self._moves.reset(_GAME)
        self._moves.advance(_GAME, np.zeros(1, dtype=bool))

    def play(self, placement: int) -> int:
        """Play ``placement`` (checked by the caller) for the color to move and move the turn on;
        the index of the color to move next, -1 once the game is over."""
        self._moves.step_one(0, placement)
        return int(self.board.to_move[0])

    def observation(self) -> np.ndarray:
        """A new int8 observation vector of the game going on, colors from the color to move."""
        self._observe()
        return self._row.copy()

    def action_mask(self) -> np.ndarray:
        """A new int8 vector, 1 for each legal placement of the color to move."""
        return self.board.masks[0].view(np.int8).copy()
