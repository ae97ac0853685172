"""The compiled accelerator (blokus_nb.accel) plays exactly what the Python playouts and the numpy batched engine play."""

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
from blokus_nb.vector_engine import VectorBoard

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


@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
@pytest.mark.parametrize("room", [1024, 3])
def test_compiled_legal_placements_list_the_engine_s_in_order(variant, room, monkeypatch):
    from blokus_nb.players.net import legal_array

    monkeypatch.setattr(accel, "_LIST_ROOM", room)  # 3: the second call, with room for them all
    listed = 0
    for seed in range(30):
        game = position(variant, seed)
        for color in range(len(game.colors)):
            compiled = accel.legal_placements(game.board, color)
            assert compiled is not None and compiled.dtype == np.int64
            assert compiled.tolist() == game.board.legal_placements(color)
            assert legal_array(game.board, color).tolist() == compiled.tolist()
            listed += len(compiled)
    assert listed > 3000
    monkeypatch.setattr(accel, "_library", lambda: None)  # where it is not built
    game = position(variant, 1)
    assert accel.legal_placements(game.board, 0) is None
    assert legal_array(game.board, 0).tolist() == game.board.legal_placements(0)


@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
def test_the_compiled_moves_make_the_numpy_path_s_state_and_masks(variant):
    plain, compiled = VectorBoard(variant, 30, compiled=False), VectorBoard(variant, 30, compiled=True)
    assert not plain.masks_in_place and compiled.masks_in_place
    rng = np.random.default_rng(len(variant))
    fields = ("own", "blocked", "corners", "hand", "done", "placed", "last_piece", "to_move", "masks")
    steps = 0
    while True:
        for name in fields:
            np.testing.assert_array_equal(getattr(compiled, name), getattr(plain, name), err_msg=name)
        live = np.flatnonzero(plain.to_move >= 0)
        if not len(live):
            break
        # now and then a game starts again mid-way, and some games wait a move
        if steps % 17 == 9 and steps < 40:
            again = np.zeros(30, dtype=bool)
            again[live[::7]] = True
            plain.reset(again), compiled.reset(again)
            plain.advance(np.flatnonzero(again), np.zeros(again.sum(), dtype=bool))
            compiled.advance(np.flatnonzero(again), np.zeros(again.sum(), dtype=bool))
            steps += 1
            continue
        live = live[rng.random(len(live)) < 0.8]
        picks = np.array([rng.choice(np.flatnonzero(plain.masks[k])) for k in live], dtype=np.int64)
        if steps % 2:  # play and advance apart, or in one step() with a game started again
            plain.play(live, picks), compiled.play(live, picks)
            plain.advance(live), compiled.advance(live)
        else:
            waiting = np.setdiff1d(np.arange(30), live)[:1 if steps < 40 else 0]  # then let the games end
            plain.step(live, picks, waiting), compiled.step(live, picks, waiting)
        # the observation planes kept in C are the numpy path's formula
        cells = plain.tables.cells
        own, blocked = plain.own[:, :, :cells], plain.blocked[:, :, :cells]
        occupied = own.any(axis=1, keepdims=True)
        planes = np.stack([own, plain.corners[:, :, :cells] & ~blocked, blocked & ~occupied], axis=2)
        np.testing.assert_array_equal(compiled.compiled.planes, planes.astype(np.int8))
        steps += 1
    assert steps > 60
