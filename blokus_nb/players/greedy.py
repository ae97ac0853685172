"""The greedy player: the best move by a one-move heuristic, no look-ahead.

The heuristic, for a placement of color ``c`` (see :func:`placement_features`):

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
from dataclasses import dataclass
from functools import lru_cache

from ..engine import Board
from ..errors import BlokusError
from ..game import Game
from ..geometry import geometry, mask_cells
from ..move import Move
from .base import Limit, Player, teams

__all__ = ["GreedyPlayer", "PlacementFeatures", "placement_features", "heuristic_scores"]

SIZE, GAINED, TAKEN, REACH = 1.0, 0.5, 0.7, 0.8
#: Pieces a color has placed before ``reach`` stops counting (it fades out linearly).
OPENING_PIECES = {20: 7, 14: 4}


@lru_cache(maxsize=None)
def _centre_distance(size: int) -> tuple[float, ...]:
    """Per cell: Chebyshev distance (in cells) from the centre of the board."""
    middle = (size - 1) / 2
    return tuple(max(abs(i % size - middle), abs(i // size - middle)) for i in range(size * size))


@lru_cache(maxsize=None)
def _placement_distance(size: int) -> tuple[float, ...]:
    """Per placement id: distance to the centre of its closest cell."""
    distance = _centre_distance(size)
    return tuple(min(distance[i] for i in cells) for cells in geometry(size).cells)


@dataclass(frozen=True)
class PlacementFeatures:
    """What one placement does, as the greedy heuristic sees it (see the module docstring)."""

    size: int
    gained: int
    taken: int
    reach: float
    #: The color's corner points after the move that it did not have before (a bitboard).
    new_corners: int
    #: Per opponent color index: the bitboard of its corner points the piece covers.
    taken_from: dict[int, int]


def placement_features(board: Board, color: int, pid: int, team: list[int] | None = None) -> PlacementFeatures:
    """The heuristic's view of placement ``pid`` by color index ``color`` on ``board``.

    ``team`` gives each color index a team number (:func:`~blokus_nb.players.base.teams`);
    by default every color is its own team.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo")
    >>> move = game.legal_moves()[0]
    >>> placement_features(game.board, 0, move.placement).size
    1
    """
    geo = board.geo
    team = team if team is not None else list(range(board.n_colors))
    mask = geo.masks[pid]
    attach = board.attach(color)
    after_blocked = board.blocked[color] | mask | geo.sides[pid]
    after_attach = (board.corners[color] | geo.corners[pid]) & ~after_blocked
    taken_from = {}
    for other in range(board.n_colors):
        if team[other] != team[color]:
            hit = mask & board.attach(other)
            if hit:
                taken_from[other] = hit
    return PlacementFeatures(
        size=len(geo.cells[pid]),
        gained=after_attach.bit_count() - attach.bit_count(),
        taken=sum(m.bit_count() for m in taken_from.values()),
        reach=_reach(board, color, pid),
        new_corners=after_attach & ~attach,
        taken_from=taken_from,
    )


def _reach(board: Board, color: int, pid: int) -> float:
    """Progress to the centre in the opening, faded by the pieces already placed."""
    placed = 21 - board.hand[color].bit_count()
    opening = OPENING_PIECES.get(board.size, 5)
    if placed >= opening:
        return 0.0
    gain = _distance_now(board, color) - _placement_distance(board.size)[pid]
    return max(gain, 0.0) * (1 - placed / opening)


def _distance_now(board: Board, color: int) -> float:
    """How far ``color`` is from the centre: its closest square, or its start square before any."""
    distance = _centre_distance(board.size)
    cells = mask_cells(board.own[color]) or board.start_cells
    return min(distance[i] for i in cells)


def heuristic_scores(board: Board, color: int, pids: list[int], team: list[int] | None = None) -> list[float]:
    """The greedy score of each placement in ``pids`` (the hot loop of :class:`GreedyPlayer`).

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> scores = heuristic_scores(board, 0, board.legal_placements(0))
    >>> len(scores) == board.count_legal(0)
    True
    """
    geo = board.geo
    masks, sides, corners, cells = geo.masks, geo.sides, geo.corners, geo.cells
    team = team if team is not None else list(range(board.n_colors))
    blocked = board.blocked[color]
    own_corners = board.corners[color]
    attach_count = board.attach(color).bit_count()
    opponents = [board.attach(o) for o in range(board.n_colors) if team[o] != team[color]]
    opponent_attach = 0
    for attach in opponents:
        opponent_attach |= attach
    placed = 21 - board.hand[color].bit_count()
    opening = OPENING_PIECES.get(board.size, 5)
    early = placed < opening
    if early:
        placement_distance = _placement_distance(board.size)
        before = _distance_now(board, color)
        fade = REACH * (1 - placed / opening)
    out = []
    for pid in pids:
        mask = masks[pid]
        gained = ((own_corners | corners[pid]) & ~(blocked | mask | sides[pid])).bit_count() - attach_count
        score = SIZE * len(cells[pid]) + GAINED * gained
        hit = mask & opponent_attach
        if hit:
            taken = 0
            for attach in opponents:
                taken += (mask & attach).bit_count()
            score += TAKEN * taken
        if early:
            gain = before - placement_distance[pid]
            if gain > 0:
                score += fade * gain
        out.append(score)
    return out


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
        if temperature < 0:
            raise BlokusError(f"temperature must be 0 or more, not {temperature!r}")
        self.temperature = temperature

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        board = game.board
        color = game.colors.index(game.to_play)
        pids = board.legal_placements(color)
        scores = heuristic_scores(board, color, pids, teams(game))
        best = max(scores)
        if self.temperature > 0:
            weights = [math.exp((s - best) / self.temperature) for s in scores]
            return Move(game.to_play, self.rng.choices(pids, weights)[0], game.size)
        choices = [pid for pid, s in zip(pids, scores) if s >= best - 1e-9]
        return Move(game.to_play, self.rng.choice(choices), game.size)
