"""The learned models: the shipped weights load, score moves and judge positions consistently."""

from __future__ import annotations

import random

import numpy as np
import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.players.features import MOVE_FEATURES, PAIR_FEATURES
from blokus_nb.players.model import WEIGHTS_PATH, Weights, load_weights


def test_the_shipped_weights_load_and_are_small():
    weights = load_weights()
    assert weights is load_weights()  # read once
    assert sorted(weights.move) == sorted(weights.value) == [14, 20]
    for size in (14, 20):
        assert weights.move[size].shape == (len(MOVE_FEATURES) + 21,)
        assert weights.value[size].shape == (len(PAIR_FEATURES),)
        assert np.isfinite(weights.move[size]).all() and np.isfinite(weights.value[size]).all()
    assert WEIGHTS_PATH.stat().st_size <= 2 * 1024 * 1024


def test_the_weights_are_package_data():
    from importlib import resources

    assert resources.files("blokus_nb.players").joinpath("data/weights.npz").is_file()


def test_weights_round_trip_through_a_file(tmp_path):
    path = tmp_path / "w.npz"
    load_weights().save(path)
    again = load_weights(path)
    for size in (14, 20):
        assert np.array_equal(again.move[size], load_weights().move[size])
        assert np.array_equal(again.value[size], load_weights().value[size])


def test_missing_or_foreign_weights_are_refused_clearly(tmp_path):
    with pytest.raises(bn.BlokusError, match="cannot read model weights .* training/train.py"):
        load_weights(tmp_path / "none.npz")
    foreign = tmp_path / "foreign.npz"
    np.savez(foreign, move_14=np.zeros(3), move_features=np.array(["size"]),
             pair_features=np.array(PAIR_FEATURES))
    with pytest.raises(bn.BlokusError, match="other features"):
        load_weights(foreign)
    weights = Weights(move={14: np.zeros(len(MOVE_FEATURES) + 21)}, value={})
    board = bn.Game("classic").board
    with pytest.raises(bn.BlokusError, match="no model for a 20x20 board"):
        weights.move_scores(board, 0, board.legal_placements(0))


def _shipped_with(tmp_path, **changes):
    """The shipped weights saved again with np.savez, ``changes`` made."""
    with np.load(WEIGHTS_PATH) as data:
        arrays = {name: data[name] for name in data.files}
    path = tmp_path / "changed.npz"
    np.savez(path, **{**arrays, **changes})
    return path


@pytest.mark.parametrize("changes, message", [
    ({"move_x": np.zeros(3)}, "an array named 'move_x', which is no part of the models"),
    ({"value_15": np.zeros(12)}, "an array named 'value_15', which is no part"),
    ({"bias": np.zeros(1)}, "an array named 'bias', which is no part"),
    ({"move_14": np.array(["a"] * 31)}, "the array 'move_14' holds <U1 values, not numbers"),
    ({"value_20": np.array([1j] * 12)}, "the array 'value_20' holds complex128 values, not numbers"),
    ({"move_14": np.zeros(3)}, r"the array 'move_14' has the shape \(3,\), not \(31,\) as the model needs"),
    ({"value_14": np.zeros((12, 1))}, r"the array 'value_14' has the shape \(12, 1\), not \(12,\)"),
    ({"move_20": np.full(31, np.nan)}, "the array 'move_20' holds 31 values that are not finite"),
    ({"value_14": np.r_[np.zeros(11), np.inf]}, "the array 'value_14' holds 1 value that is not finite"),
])
def test_weights_with_wrong_contents_are_refused_at_load_naming_the_file_and_the_array(tmp_path, changes, message):
    path = _shipped_with(tmp_path, **changes)
    with pytest.raises(bn.BlokusError, match=message) as raised:
        load_weights(path)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize("variant", ["duo", "classic", "classic_2", "classic_3"])
def test_win_chances_are_probabilities_that_swap_with_the_sides(variant):
    game = random_game(variant, 3, 20)
    board = game.board
    v = game.variant
    sides = [[game.colors.index(c) for c in v.colors_of(p)] for p in range(1, v.n_players + 1)]
    weights = load_weights()
    table = weights.beats(board, sides, 0)
    for a in range(len(sides)):
        for b in range(len(sides)):
            assert 0 <= table[a][b] <= 1
            assert table[a][b] + table[b][a] == pytest.approx(1)
    chances = weights.win_chances(board, sides, 0)
    if len(sides) == 2:
        assert sum(chances) == pytest.approx(1)
        swapped = weights.beats(board, sides[::-1], 1)
        assert swapped[0][1] == pytest.approx(table[1][0])
    else:
        assert sum(chances) <= 1 + 1e-9


def test_the_move_model_prefers_what_strong_players_do_at_the_start():
    board = bn.Game("duo").board
    pids = board.legal_placements(0)
    scores = load_weights().move_scores(board, 0, pids)
    best = pids[int(np.argmax(scores))]
    assert board.geo.pieces[best] != 0 and len(board.geo.cells[best]) == 5  # a pentomino, not the monomino
    assert load_weights().move_scores(board, 0, []) == []


def test_a_side_far_ahead_is_judged_winning():
    game = bn.Game("duo")
    weights = load_weights()
    rng = random.Random(1)
    while not game.is_over:  # purple plays well (greedy), orange at random
        move = (bn.players.GreedyPlayer(seed=1).choose_move(game) if game.to_play == "purple"
                else rng.choice(game.legal_moves()))
        game.play(move)
        if len(game.history) == 16:
            break
    chances = weights.win_chances(game.board, [[0], [1]], game.colors.index(game.to_play))
    assert chances[0] > 0.7


def test_saving_weights_replaces_the_file_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "w.npz"
    load_weights().save(path)
    before = path.read_bytes()

    def interrupted(file, **arrays):  # stopped halfway through writing
        file.write(b"PK half a file")
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        load_weights().save(path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["w.npz"]
    with pytest.raises(bn.BlokusError, match=".npz"):
        load_weights().save(tmp_path / "w.bin")
