"""The observation encoder: planes and hands against the Game's own answers, the mask against legal_moves,
and the import boundary (blokus_nb never needs the rl extra)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.coords import cell_index
from blokus_nb.envs import PLANES, ObservationEncoder, split_observation
from blokus_nb.geometry import geometry

VARIANTS = ["duo", "classic", "classic_2", "classic_3"]


def plane_of(cells: list[str], size: int) -> np.ndarray:
    """A (size, size) 0/1 plane with ``cells`` (Pentobi names) set, row 0 at the top."""
    plane = np.zeros(size * size, dtype=np.int8)
    plane[[cell_index(c, size) for c in cells]] = 1
    return plane.reshape(size, size)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("moves", [0, 5, 30, None])
def test_planes_and_hands_are_what_the_game_says_in_the_given_color_order(variant, moves):
    game = random_game(variant, seed=7, moves=moves)
    encoder = ObservationEncoder(variant)
    n, colors = game.size, game.colors
    order = tuple(range(1, len(colors))) + (0,)  # start from the second color
    vector = encoder.observation(game.board, order)
    assert vector.dtype == np.int8 and vector.shape == (encoder.length,)
    planes, hands = split_observation(vector, variant)
    assert len(PLANES) == planes.shape[1] == 3
    grid = game.board_array()
    for k, ci in enumerate(order):
        color = colors[ci]
        np.testing.assert_array_equal(planes[k, 0], (grid == ci + 1).astype(np.int8))
        np.testing.assert_array_equal(planes[k, 1], plane_of(game.corner_points(color), n))
        np.testing.assert_array_equal(planes[k, 2], plane_of(game.forbidden_cells(color), n))
        expected_hand = np.zeros(21, dtype=np.int8)
        expected_hand[[p.index for p in game.remaining_pieces(color)]] = 1
        np.testing.assert_array_equal(hands[k], expected_hand)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_mask_marks_exactly_the_legal_placements_of_each_color(variant):
    game = random_game(variant, seed=3, moves=12)
    encoder = ObservationEncoder(variant)
    assert encoder.n_actions == len(geometry(game.size).masks)
    for color in game.colors:
        ci = game.colors.index(color)
        mask = encoder.action_mask(game.board, ci)
        assert mask.dtype == np.int8 and mask.shape == (encoder.n_actions,)
        legal = {move.placement for move in game.legal_moves(color)}
        assert set(np.flatnonzero(mask).tolist()) == legal
        np.testing.assert_array_equal(encoder.mask_of(game.legal_moves(color).bitsets), mask)


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_the_mask_is_the_legal_placements_in_every_position_of_a_whole_game(variant):
    # early positions (few orientations), crowded ones, and colors with no move left (an all-zero mask)
    final = random_game(variant, seed=8)
    encoder = ObservationEncoder(variant)
    game, empty_masks = bn.Game(variant), 0
    for move in final.moves:  # placements; the game makes the passes
        for ci in range(len(game.colors)):
            mask = encoder.action_mask(game.board, ci)
            expected = np.zeros(encoder.n_actions, dtype=np.int8)
            expected[game.board.legal_placements(ci)] = 1
            np.testing.assert_array_equal(mask, expected)
            empty_masks += not mask.any()
        game.play(move)
    assert empty_masks > 0


def test_every_call_returns_a_new_array():
    game = bn.Game("duo")
    encoder = ObservationEncoder("duo")
    first, second = encoder.observation(game.board, (0, 1)), encoder.observation(game.board, (0, 1))
    assert not np.shares_memory(first, second)
    first[:] = 0
    assert second.any()
    masks = encoder.action_mask(game.board, 0), encoder.action_mask(game.board, 0)
    assert not np.shares_memory(*masks)


def test_split_observation_refuses_a_vector_of_another_variant():
    vector = ObservationEncoder("duo").observation(bn.Game("duo").board, (0, 1))
    with pytest.raises(bn.BlokusError, match=r"an observation of classic has shape \(4884,\), not \(1218,\)"):
        split_observation(vector, "classic")


def test_importing_blokus_nb_and_its_encoder_never_loads_pettingzoo_or_gymnasium():
    code = ("import sys, blokus_nb, blokus_nb.envs; blokus_nb.Game('duo'); "
            "blokus_nb.envs.ObservationEncoder('duo'); "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name, missing", [("BlokusEnv", "pettingzoo"), ("BlokusGymEnv", "gymnasium")])
def test_without_the_rl_extra_the_environments_say_how_to_install_it(name, missing):
    # a None entry in sys.modules makes the import fail as if the package were not installed
    code = (f"import sys; sys.modules[{missing!r}] = None\n"
            "import blokus_nb.envs\n"
            f"try:\n    blokus_nb.envs.{name}\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (f"blokus_nb.envs needs {missing}, which is not installed; "
                                  'install the rl extra: pip install "blokus-nb[rl]"')


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_byte_wise_observation_equals_the_one_long_integer_of_any_board(variant):
    # 20x20 writes a color's planes as bytes, Duo two colors'; a board where neither is whole bytes
    # packs every bitboard into one integer: all three give the same vector
    encoder = ObservationEncoder(variant)
    assert encoder._color_group == (2 if variant == "duo" else 1)
    packed = ObservationEncoder(variant)
    packed._color_group = None
    for moves in (0, 9, None):
        game = random_game(variant, seed=11, moves=moves)
        n = len(game.colors)
        for start in range(n):
            order = tuple((start + k) % n for k in range(n))
            fast, slow = encoder.observation(game.board, order), packed.observation(game.board, order)
            assert fast.any() and fast.dtype == slow.dtype == np.int8
            np.testing.assert_array_equal(fast, slow)
