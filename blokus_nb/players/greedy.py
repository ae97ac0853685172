"""The greedy player: the best move by a one-move heuristic, no look-ahead.

The heuristic (:func:`blokus_nb.players.features.heuristic_scores`), for a placement
of color ``c``:

* ``size``: squares placed. Big pieces are hard to fit late, and every square
  placed is a point, so they go first;
* ``gained``: the change in ``c``'s corner points (cells where its next piece
  may attach), counting new ones opened and subtracting its own it covers or
  blocks;
* ``taken``: corner points of opponents' colors that the piece covers;
* ``reach``: how much closer to the centre of the board the piece gets than
  ``c`` was before. It only counts in the opening (the first few pieces of a
  color), where getting to the open middle first matters most.

The score is ``SIZE * size + GAINED * gained + TAKEN * taken + REACH * reach``
(weights below); ties are broken at random with the player's seed.

>>> import blokus_nb as bn
>>> from blokus_nb.players import GreedyPlayer
>>> move = GreedyPlayer(seed=0).choose_move(bn.Game("duo"))
>>> move.piece.size
5
"""

from __future__ import annotations

import math

from ..game import Game
from ..move import Move
from ..validation import number
from .base import Limit, Player, teams

# The heuristic lives with the other evaluation features; these names stay importable from here.
from .features import (  # noqa: F401
    GAINED,
    OPENING_PIECES,
    REACH,
    SIZE,
    TAKEN,
    PlacementFeatures,
    heuristic_scores,
    placement_features,
)

__all__ = ["GreedyPlayer", "PlacementFeatures", "placement_features", "heuristic_scores"]


class GreedyPlayer(Player):
    """Plays the legal move with the best one-move heuristic score (see the module docstring).

    Deterministic for a given ``seed`` (only ties are broken at random).
    With a ``temperature`` above 0 it plays weaker, human-like moves: it draws
    a move with probability proportional to ``exp(score / temperature)``
    (scores are roughly in squares, so 1.0 often picks a slightly worse move).

    >>> import blokus_nb as bn
    >>> GreedyPlayer(seed=1).choose_move(bn.Game()).piece.size
    5
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, limit: Limit | None = None, *,
                 temperature: float = 0.0) -> None:
        super().__init__(seed=seed, limit=limit)
        self.temperature = number(temperature, "temperature", low=0)

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        board, mover = game.board, game.to_play
        assert mover is not None  # choose_move refuses a game that is over
        color = game.colors.index(mover)
        pids = board.legal_placements(color)
        scores = heuristic_scores(board, color, pids, teams(game))
        best = max(scores)
        if self.temperature > 0:
            weights = [math.exp((s - best) / self.temperature) for s in scores]
            return Move(mover, self.rng.choices(pids, weights)[0], game.size)
        choices = [pid for pid, s in zip(pids, scores) if s >= best - 1e-9]
        return Move(mover, self.rng.choice(choices), game.size)
