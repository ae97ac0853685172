"""The training script: a seconds-long run on a few games writes weights the players can load.

The full training (``python training/train.py``, a few minutes) is not part of the tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import blokus_nb as bn
from blokus_nb.players import Limit, MCTSPlayer
from blokus_nb.players.model import load_weights

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))

import train  # noqa: E402

needs_data = pytest.mark.skipif(not (train.DEFAULT_DATA / "selfplay" / "duo_L6").is_dir(),
                                reason="Pentobi's self-play games are not here")


def test_the_split_keeps_every_tenth_game_out():
    assert train.game_number("x/duo_L6_0040.blksgf") == 40
    assert train.is_held_out("duo_L6_0040.blksgf") and not train.is_held_out("duo_L6_0041.blksgf")
    with pytest.raises(ValueError, match="not a self-play file name"):
        train.game_number("game.sgf")


def test_the_conditional_logit_finds_the_weights_that_made_the_choices():
    rng = np.random.default_rng(0)
    truth = np.array([1.5, -1.0, 0.5])
    rows, starts, chosen = [], [], []
    for _ in range(400):
        x = rng.normal(size=(6, 3))
        p = np.exp(x @ truth)
        starts.append(len(rows))
        chosen.append(len(rows) + rng.choice(6, p=p / p.sum()))
        rows += x.tolist()
    x = np.array(rows)
    # the fit expects the piece indicator columns after the features: add empty ones
    padded = np.hstack([x, np.zeros((len(x), len(train.MOVE_FEATURES) - 3 + 21))])
    w = train.fit_move_model(padded, np.array(starts), np.array(chosen), l2=0.1)
    assert np.allclose(w[:3], truth, atol=0.35)


def test_the_logistic_fit_has_no_intercept_and_recovers_a_slope():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(3000, 2))
    y = (rng.random(3000) < 1 / (1 + np.exp(-(2 * x[:, 0])))).astype(float)
    w = train.fit_value_model(x, y, l2=0.1)
    assert abs(w[0] - 2) < 0.3 and abs(w[1]) < 0.2


@needs_data
def test_a_short_training_run_writes_loadable_weights_and_repeats(tmp_path, capsys):
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    assert train.main(["--games", "2", "--seed", "3", "--out", str(first)]) == 0
    assert train.main(["--games", "2", "--seed", "3", "--out", str(second)]) == 0
    assert "wrote" in capsys.readouterr().out
    a, b = load_weights(first), load_weights(second)
    for size in (14, 20):
        assert np.array_equal(a.move[size], b.move[size]) and np.array_equal(a.value[size], b.value[size])
    game = bn.Game("duo")
    move = MCTSPlayer(seed=0, model=a).choose_move(game, Limit(simulations=20))
    assert game.is_legal(move)
