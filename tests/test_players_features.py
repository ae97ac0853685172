"""Evaluation features: the greedy heuristic, the move model's inputs, the position's inputs."""

from __future__ import annotations

import random

import pytest
from sample_games import random_game

from blokus_nb.geometry import mask_cells
from blokus_nb.players.base import teams
from blokus_nb.players.features import (
    GAINED,
    MOVE_FEATURES,
    PAIR_FEATURES,
    REACH,
    SIZE,
    TAKEN,
    grow,
    heuristic_scores,
    move_features,
    pair_features,
    placement_features,
    room,
    side_features,
)


@pytest.mark.parametrize("variant,seed,moves", [("duo", 1, 6), ("classic", 2, 10), ("classic_2", 3, 40)])
def test_heuristic_scores_add_up_the_documented_features(variant, seed, moves):
    game = random_game(variant, seed, moves)
    board, color = game.board, game.colors.index(game.to_play)
    team = teams(game)
    pids = board.legal_placements(color)
    for pid, score in zip(pids, heuristic_scores(board, color, pids, team)):
        f = placement_features(board, color, pid, team)
        assert score == pytest.approx(SIZE * f.size + GAINED * f.gained + TAKEN * f.taken + REACH * f.reach)


def test_placement_features_match_the_game_after_the_move():
    game = random_game("classic", 5, 12)
    color = game.to_play
    ci = game.colors.index(color)
    for move in game.legal_moves()[::37]:
        f = placement_features(game.board, ci, move.placement, teams(game))
        after = game.copy()
        before_corners = {c: set(game.corner_points(c)) for c in game.colors}
        after.play(move)
        mine = set(after.corner_points(color))
        assert f.size == move.piece.size
        assert f.gained == len(mine) - len(before_corners[color])
        assert f.taken == sum(len(before_corners[c] - set(after.corner_points(c)))
                              for c in game.colors if c != color)


def test_the_old_import_path_of_the_heuristic_still_works():
    from blokus_nb.players import greedy

    assert greedy.heuristic_scores is heuristic_scores and greedy.SIZE == SIZE


def king_steps(a: int, b: int, size: int) -> int:
    return max(abs(a % size - b % size), abs(a // size - b // size))


@pytest.mark.parametrize("size", [5, 14])
def test_grow_adds_every_cell_one_king_step_away(size):
    rng = random.Random(size)
    for _ in range(20):
        cells = sum(1 << rng.randrange(size * size) for _ in range(3))
        expected = {i for i in range(size * size) if any(king_steps(i, c, size) <= 1 for c in mask_cells(cells))}
        assert set(mask_cells(grow(cells, size))) == expected


def test_room_is_near_the_corner_points_and_free_for_the_color():
    game = random_game("duo", 2, 8)
    board = game.board
    for color in range(2):
        area = room(board, color, 2)
        attach = mask_cells(board.attach(color))
        assert area & board.blocked[color] == 0
        for cell in mask_cells(area):
            assert min(king_steps(cell, a, 14) for a in attach) <= 2


def test_move_features_agree_with_the_heuristic_and_their_definitions():
    game = random_game("duo", 4, 6)
    board, color = game.board, game.colors.index(game.to_play)
    last = board.geo.masks[game.history[-1].placement]
    pids = board.legal_placements(color)
    rows = move_features(board, color, pids, teams(game), last)
    columns = {name: k for k, name in enumerate(MOVE_FEATURES)}
    for pid, row in zip(pids, rows):
        f = placement_features(board, color, pid, teams(game))
        assert (row[columns["size"]], row[columns["gained"]], row[columns["taken"]]) == (f.size, f.gained, f.taken)
        assert row[columns["reach"]] == pytest.approx(f.reach)
        assert row[columns["opened"]] == f.new_corners.bit_count()
        near = any(king_steps(c, d, 14) <= 2 for c in board.geo.cells[pid] for d in mask_cells(last))
        assert row[columns["near_last"]] == float(near)
        touching = board.geo.sides[pid] & board.own[1 - color]
        assert row[columns["touch"]] == touching.bit_count()


def test_side_and_pair_features_are_differences_that_swap_sign():
    game = random_game("classic", 6, 20)
    board = game.board
    rooms = [room(board, c) for c in range(4)]
    a = side_features(board, [0, 2], rooms)
    b = side_features(board, [1, 3], rooms)
    assert a[0] == board.points(0) + board.points(2)
    ab = pair_features(a, b, 0.3, 1.0)
    ba = pair_features(b, a, 0.3, -1.0)
    assert len(ab) == len(PAIR_FEATURES) and ab == [-x for x in ba]
