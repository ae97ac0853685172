"""Evaluation features: what a placement does, and how a position stands for each side.

Three families, each used by the players, the hints and the training script:

* the greedy heuristic (:func:`heuristic_scores`, :func:`placement_features`):
  a hand-weighted one-move score, for a placement of color ``c``:

  - ``size``: squares placed. Big pieces are hard to fit late, and every
    square placed is a point, so they go first;
  - ``gained``: the change in ``c``'s corner points (cells where its next
    piece may attach), counting new ones opened and subtracting its own it
    covers or blocks;
  - ``taken``: corner points of opponents' colors that the piece covers;
  - ``reach``: how much closer to the centre of the board the piece gets than
    ``c`` was before. It only counts in the opening (the first few pieces of
    a color), where getting to the open middle first matters most.

  The score is ``SIZE * size + GAINED * gained + TAKEN * taken + REACH * reach``.

* the move model's inputs (:func:`move_features`, columns :data:`MOVE_FEATURES`):
  the same four (except that an opponent's corner point taken counts once,
  where the heuristic counts it once per opponent whose point it is) plus
  what the heuristic does not see -- whether the piece
  goes into the opponents' room to grow, answers their last move, and spends
  a big piece early. A linear model over these, learned from strong games
  (:mod:`blokus_nb.players.model`), orders the search's moves.

* the position's inputs (:func:`side_features`, :func:`pair_features`,
  columns :data:`PAIR_FEATURES`): per side its points, usable corner points,
  mobility and *room* (free cells a few king steps from its corner points
  that it may still use, and the part of that no opponent can reach). The
  value model turns the difference between two sides into the chance that
  the first beats the second.

>>> import blokus_nb as bn
>>> game = bn.Game("duo")
>>> rows = move_features(game.board, 0, game.board.legal_placements(0))
>>> len(rows[0]) == len(MOVE_FEATURES)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..engine import Board
from ..geometry import _edge_masks, mask_cells

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["SIZE", "GAINED", "TAKEN", "REACH", "PlacementFeatures", "placement_features",
           "last_opponent_piece", "heuristic_scores", "MOVE_FEATURES", "move_features", "PAIR_FEATURES", "side_features",
           "pair_features", "room"]

SIZE, GAINED, TAKEN, REACH = 1.0, 0.5, 0.7, 0.8
#: Pieces a color has placed before ``reach`` stops counting (it fades out linearly).
OPENING_PIECES = {20: 7, 14: 4}


@cache
def _centre_distance(size: int) -> tuple[float, ...]:
    """Per cell: Chebyshev distance (in cells) from the centre of the board."""
    middle = (size - 1) / 2
    return tuple(max(abs(i % size - middle), abs(i // size - middle)) for i in range(size * size))


@cache
def _placement_distance(size: int) -> tuple[float, ...]:
    """Per placement id: distance to the centre of its closest cell."""
    from ..geometry import geometry

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
    """The greedy score of each placement in ``pids`` (the hot loop of the greedy player).

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


# ------------------------------------------------------------------------------ room
def grow(cells: int, size: int) -> int:
    """``cells`` and every cell a king step away from one of them.

    >>> bin(grow(1 << 0, 3))  # the corner cell of a 3x3 board and its three neighbours
    '0b11011'
    """
    full, not_first, not_last = _edge_masks(size)
    row = cells | ((cells >> 1) & not_last) | ((cells << 1) & not_first)
    return (row | (row >> size) | (row << size)) & full


def room(board: Board, color: int, steps: int = 2) -> int:
    """Free cells ``color`` may still use within ``steps`` king steps of its corner points.

    A cheap stand-in for territory: where the color can still grow soon.

    >>> import blokus_nb as bn
    >>> room(bn.Game("duo").board, 0).bit_count()
    25
    """
    area = board.attach(color)
    if not area:
        return 0
    size = board.size
    for _ in range(steps):
        area = grow(area, size)
    return area & ~board.blocked[color]


# ------------------------------------------------------------------------------ moves
#: Columns of :func:`move_features`.
MOVE_FEATURES: tuple[str, ...] = (
    "size", "gained", "taken", "reach", "opened", "into_room", "near_last", "early_size",
    "edge", "touch",
)


@cache
def _edge_cells(size: int) -> int:
    full, not_first, not_last = _edge_masks(size)
    inner = full & not_first & not_last & (full >> size) & (full << size)
    return full & ~inner


def move_features(board: Board, color: int, pids: list[int], team: list[int] | None = None,
                  last: int = 0) -> list[list[float]]:
    """One row of :data:`MOVE_FEATURES` per placement in ``pids`` for color index ``color``.

    ``last`` is the bitboard of the opponents' last piece (0 if unknown).
    Beyond the greedy four: ``opened`` new corner points; ``into_room`` cells
    covered in the opponents' room (:func:`room`, one step); ``near_last``
    whether the piece comes within two king steps of ``last``;
    ``early_size`` the size weighted by how early the color is (pieces in
    hand / 21); ``edge`` cells on the board's edge; ``touch`` sides shared
    with opponents' pieces.

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> move_features(board, 0, board.legal_placements(0)[:1])
    [[1.0, 3.0, 0.0, 0.0, 4.0, 0.0, 0.0, 1.0, 0.0, 0.0]]
    """
    geo = board.geo
    size = board.size
    masks, sides, corners, cells = geo.masks, geo.sides, geo.corners, geo.cells
    team = team if team is not None else list(range(board.n_colors))
    blocked = board.blocked[color]
    own_corners = board.corners[color]
    attach = board.attach(color)
    attach_count = attach.bit_count()
    opponents = [o for o in range(board.n_colors) if team[o] != team[color]]
    opponent_attach = 0
    opponent_room = 0
    opponent_own = 0
    for o in opponents:
        opponent_attach |= board.attach(o)
        opponent_room |= room(board, o, 1)
        opponent_own |= board.own[o]
    near = grow(grow(last, size), size) if last else 0
    edge = _edge_cells(size)
    in_hand = board.hand[color].bit_count() / 21
    placed = 21 - board.hand[color].bit_count()
    opening = OPENING_PIECES.get(size, 5)
    early = placed < opening
    if early:
        placement_distance = _placement_distance(size)
        before = _distance_now(board, color)
        fade = 1 - placed / opening
    out = []
    for pid in pids:
        mask = masks[pid]
        after = (own_corners | corners[pid]) & ~(blocked | mask | sides[pid])
        n = len(cells[pid])
        reach = 0.0
        if early:
            gain = before - placement_distance[pid]
            if gain > 0:
                reach = fade * gain
        out.append([
            float(n),
            float(after.bit_count() - attach_count),
            float((mask & opponent_attach).bit_count()),
            reach,
            float((after & ~attach).bit_count()),
            float((mask & opponent_room).bit_count()),
            1.0 if mask & near else 0.0,
            n * in_hand,
            float((mask & edge).bit_count()),
            float((sides[pid] & opponent_own).bit_count()),
        ])
    return out


# ------------------------------------------------------------------------------ positions
#: Columns of :func:`pair_features`: side differences, each also weighted by the game's progress.
SIDE_FEATURES: tuple[str, ...] = ("points", "corners", "mobility", "room", "own_room")
PAIR_FEATURES: tuple[str, ...] = (
    SIDE_FEATURES + tuple(f"{name}_late" for name in SIDE_FEATURES) + ("to_move", "to_move_late")
)


def side_features(board: Board, colors: list[int], rooms: list[int]) -> list[float]:
    """:data:`SIDE_FEATURES` of one side (the sum over its ``colors``).

    ``rooms[c]`` is :func:`room` of every color index (computed once per position).
    ``own_room`` is the part of a color's room no other color can use.

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> [round(x, 2) for x in side_features(board, [0], [room(board, c) for c in range(2)])]
    [0.0, 1.0, 6.03, 25.0, 25.0]
    """
    points = corners = mobility = area = own_area = 0.0
    for c in colors:
        points += board.points(c)
        corners += board.attach(c).bit_count()
        mobility += math.log1p(board.count_legal(c))
        others = 0
        for o, r in enumerate(rooms):
            if o not in colors:
                others |= r
        area += rooms[c].bit_count()
        own_area += (rooms[c] & ~others).bit_count()
    return [points, corners, mobility, area, own_area]


def pair_features(first: list[float], second: list[float], progress: float, to_move: float) -> list[float]:
    """The value model's input for ``first`` against ``second`` (two :func:`side_features`).

    ``progress`` is the share of the board's squares covered (0 to about 0.6),
    ``to_move`` is +1 when the first side moves next, -1 when the second does, 0 otherwise.

    >>> pair_features([10, 2, 3, 4, 5], [8, 2, 1, 4, 6], 0.5, 1.0)
    [2, 0, 2, 0, -1, 1.0, 0.0, 1.0, 0.0, -0.5, 1.0, 0.5]
    """
    diff = [a - b for a, b in zip(first, second)]
    return diff + [d * progress for d in diff] + [to_move, to_move * progress]


def last_opponent_piece(game: Game, color: int, team: Sequence[int]) -> int:
    """The bitboard of the last piece placed, if an opponent of ``color`` placed it (else 0).

    ``team[c]`` is the side of color index ``c`` (see :func:`~blokus_nb.players.base.teams`).

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo")
    >>> _ = game.play("d9,c10,d10,e10,d11")
    >>> last_opponent_piece(game, 1, [0, 1]).bit_count()
    5
    """
    for move in reversed(game.history):
        if move.placement is None:  # a pass
            continue
        if team[game.colors.index(move.color)] == team[color]:
            return 0
        return game.board.geo.masks[move.placement]
    return 0
