"""The compiled playouts (blokus_nb.accel) play exactly what the Python playouts play."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

import blokus_nb as bn
from blokus_nb import accel
from blokus_nb.engine import PENTOMINOES
from blokus_nb.players import levels
from blokus_nb.players.base import Limit

pytestmark = pytest.mark.skipif(not accel.available(), reason="the accelerator is not built (make accel)")


def position(variant: str, seed: int) -> bn.Game:
    game = bn.Game(variant)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("in_place", [True, False], ids=["state in place", "state copied"])
@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
def test_compiled_playouts_equal_python_s_move_for_move(variant, in_place, monkeypatch):
    if in_place:
        assert accel._state_in_place() is not None  # CPython: the generator's words are read in place
    else:
        monkeypatch.setattr(accel, "_state_in_place", lambda: None)
    compared = 0
    library = accel._library
    for seed in range(150):
        game = position(variant, seed)
        to_play = 0 if game.to_play is None else game.colors.index(game.to_play)
        big_first, local = (0.0, 0.5, 1.0)[seed % 3], (0.0, 0.5, 1.0)[seed // 3 % 3]
        done = seed % 2 * (1 << (seed % len(game.colors)))  # sometimes a color already known to be done
        compiled_board, python_board = game.board.copy(), game.board.copy()
        compiled_rng, python_rng = random.Random(seed), random.Random(seed)
        compiled = accel.playout(compiled_board, to_play, compiled_rng, done, big_first, local, PENTOMINOES)
        monkeypatch.setattr(accel, "_library", lambda: None)
        played = python_board.playout(to_play, python_rng, done, big_first, local)
        monkeypatch.setattr(accel, "_library", library)
        assert compiled == played, (seed, big_first, local)
        assert compiled_board.snapshot() == python_board.snapshot()
        assert compiled_rng.getstate() == python_rng.getstate()
        compared += len(played)
    assert compared > 1000  # placements compared, of 150 playouts


def test_board_playout_uses_it_and_a_search_finds_the_same_move(monkeypatch):
    game = position("classic", 4)
    calls = []
    compiled = accel.playout
    monkeypatch.setattr(accel, "playout", lambda *args: calls.append(1) or compiled(*args))
    with_accel = levels.make_player("hard", seed=3).search(game, Limit(simulations=120))
    assert calls
    monkeypatch.setattr(accel, "_library", lambda: None)
    without = levels.make_player("hard", seed=3).search(game, Limit(simulations=120))
    assert with_accel.move == without.move
    assert [(a.move, a.visits) for a in with_accel.alternatives] == [(a.move, a.visits) for a in without.alternatives]
    assert with_accel.chances == without.chances


def test_a_generator_of_another_kind_gets_the_python_playout():
    class Counted(random.Random):
        pass

    board = bn.Game("duo").board
    assert accel.playout(board.copy(), 0, Counted(1), 0, 0.0, 0.0, PENTOMINOES) is None
    assert board.copy().playout(0, Counted(1)) == board.copy().playout(0, random.Random(1))


def test_blokus_nb_accel_0_leaves_it_unused():
    code = "import blokus_nb.accel as a; print(a.available())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"BLOKUS_NB_ACCEL": "0", "PATH": ""}).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("variant", ["classic", "classic_3", "duo"])
def test_compiled_action_masks_equal_the_engine_s(variant):
    from blokus_nb.envs.observation import ObservationEncoder

    encoder = ObservationEncoder(variant)
    compared = 0
    for seed in range(40):
        game = position(variant, seed)
        for color in range(len(game.colors)):
            compiled = accel.legal_mask(game.board, color)
            expected = encoder._mask_of(game.board.legal_bitsets(color))
            assert compiled is not None and compiled.dtype == np.int8
            np.testing.assert_array_equal(compiled, expected)
            compared += int(expected.sum())
    assert compared > 5000
