"""The fast bitboard generator agrees with the slow, obvious one in tests/reference.py."""

from __future__ import annotations

import random

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import legal_moves as reference_legal_moves

import blokus_nb as bn
from blokus_nb.coords import cell_index


def grid_of(game: bn.Game) -> list[list[str | None]]:
    array = game.board_array()
    return [[game.colors[v - 1] if v else None for v in row] for row in array]


def check_position(game: bn.Game) -> None:
    grid = grid_of(game)
    for color in game.colors:
        start = cell_index(game.variant.start_cells[color], game.size)
        hand = {p.name for p in game.remaining_pieces(color)}
        expected = reference_legal_moves(grid, color, hand, (start % game.size, start // game.size))
        assert {str(m) for m in game.legal_moves(color)} == expected, color
        assert game.count_legal_moves(color) == len(expected)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["duo", "classic"]),
       stops=st.lists(st.integers(0, 90), min_size=2, max_size=2))
@pytest.mark.slow
def test_random_games_agree_with_reference(seed, variant, stops):
    rng = random.Random(seed)
    game = bn.Game(variant)
    stops = set(stops)
    number = 0
    while not game.is_over:
        if number in stops:
            check_position(game)
        game.play(rng.choice(game.legal_moves()))
        number += 1
    check_position(game)


@pytest.mark.slow
def test_random_placement_is_uniform_over_legal_moves():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    board = game.board
    legal = set(board.legal_placements(1))
    rng = random.Random(7)
    counts: dict[int, int] = {}
    draws = 40 * len(legal)
    for _ in range(draws):
        pid = board.random_placement(1, rng)
        counts[pid] = counts.get(pid, 0) + 1
    assert set(counts) == legal
    # every one of the ~400 moves drawn about 40 times: none starved, none doubled
    assert min(counts.values()) > 10 and max(counts.values()) < 90


def test_draws_can_be_narrowed_to_some_pieces():
    game = bn.Game()
    board = game.board
    pentominoes = sum(1 << p.index for p in bn.pieces.PIECES if p.size == 5)
    rng = random.Random(1)
    drawn = {board.geo.pieces[board.random_placement(0, rng, pentominoes)] for _ in range(200)}
    assert drawn and all(bn.pieces.PIECES[p].size == 5 for p in drawn)
    only = [board.geo.pieces[pid] for o, bits in board.legal_bitsets(0, 1 << 0)
            for pid in [board.geo.placement_at[o][(bits & -bits).bit_length() - 1]]]
    assert only == [0]  # the monomino on a20
    assert board.random_placement(0, rng, 0) is None
