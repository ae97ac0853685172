"""Train the AI's move model and value model from Pentobi's self-play games.

    python training/train.py                       # the shipped weights (a few minutes)
    python training/train.py --games 20 --out /tmp/w.npz   # a quick run

Reads ``selfplay/duo_L6`` and ``selfplay/classic_L6`` under ``--data``
(default ``../shared/data/pentobi``), keeps every tenth game (game numbers
10, 20, ...) out for measurement (:func:`is_held_out`; the benchmark uses the
same split), and writes ``blokus_nb/players/data/weights.npz``
(:mod:`blokus_nb.players.model` describes it). Only numpy is needed; the
result depends only on the data and ``--seed``, which picks the games when
``--games`` asks for fewer than there are.

* The **move model** is a conditional logit: for every position of a
  training game, the chance of each legal move is ``softmax(features @ w)``
  over all of them, fitted to the move Pentobi played (Newton's method, a
  little L2).
* The **value model** is a logistic regression on the difference of two
  sides' features (points, corner points, mobility, room) after every move,
  fitted to which side finished ahead (ties count half). It has no
  intercept, so swapping the sides gives exactly the complementary chance.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb.players.base import teams  # noqa: E402
from blokus_nb.players.features import MOVE_FEATURES, PAIR_FEATURES, move_features, pair_features, room, side_features  # noqa: E402
from blokus_nb.players.model import WEIGHTS_PATH, Weights  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "pentobi"
#: Folder and board size of each training set.
SETS = {"duo_L6": 14, "classic_L6": 20}


# ------------------------------------------------------------------------------ the split
def game_number(path: str | Path) -> int:
    """The game's number in its set, from the file name (``duo_L6_0040.blksgf`` -> 40).

    >>> game_number("duo_L6_0040.blksgf")
    40
    """
    found = re.search(r"_(\d+)\.blksgf$", str(path))
    if not found:
        raise ValueError(f"{path}: not a self-play file name like duo_L6_0040.blksgf")
    return int(found.group(1))


def is_held_out(path: str | Path) -> bool:
    """Whether a self-play game is kept out of training for measurement (every tenth game)."""
    return game_number(path) % 10 == 0


def game_files(data: Path, folder: str, held_out: bool) -> list[Path]:
    """The training (or held-out) games of one set, in file order."""
    files = sorted((data / "selfplay" / folder).glob("*.blksgf"))
    return [f for f in files if is_held_out(f) == held_out]


# ------------------------------------------------------------------------------ positions
def replay(game: bn.Game):
    """Yield ``(board, color index, placement, last, next_color)`` before each placement.

    ``last`` is the bitboard of the previous piece when an opponent placed it;
    ``next_color`` is the color index to move after the placement (None at the end).
    """
    team = teams(game)
    colors = game.colors
    board = bn.Game(game.variant).board
    moves = [m for m in game.history if not m.is_pass]
    previous = None
    for k, move in enumerate(moves):
        color = colors.index(move.color)
        last = 0
        if previous is not None and team[previous[0]] != team[color]:
            last = board.geo.masks[previous[1]]
        following = colors.index(moves[k + 1].color) if k + 1 < len(moves) else None
        yield board, color, move.placement, last, following
        board.place(color, move.placement)
        previous = (color, move.placement)


def final_beats(game: bn.Game) -> dict[tuple[int, int], float]:
    """For each pair of players (1-based): 1 if the first finished ahead, 0.5 if level, 0 if behind."""
    scores = game.player_scores("points")
    out = {}
    for a in scores:
        for b in scores:
            if a != b:
                out[a, b] = 1.0 if scores[a] > scores[b] else 0.5 if scores[a] == scores[b] else 0.0
    return out


def sides_of(game: bn.Game) -> list[list[int]]:
    """Color indices of each player (player k + 1 at index k)."""
    variant = game.variant
    return [[game.colors.index(c) for c in variant.colors_of(p)] for p in range(1, variant.n_players + 1)]


def move_rows(games: list[bn.Game]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features of every legal move of every position, the start row of each position, and the
    row of the move played."""
    rows: list[list[float]] = []
    pieces: list[int] = []
    starts, chosen = [], []
    for game in games:
        team = teams(game)
        piece_of = game.board.geo.pieces
        for board, color, placement, last, _ in replay(game):
            pids = board.legal_placements(color)
            if len(pids) < 2:
                continue  # a forced move teaches nothing
            starts.append(len(rows))
            chosen.append(len(rows) + pids.index(placement))
            rows += move_features(board, color, pids, team, last)
            pieces += [piece_of[p] for p in pids]
    # One indicator column per piece after the features (see blokus_nb.players.model).
    x = np.zeros((len(rows), len(MOVE_FEATURES) + 21))
    x[:, :len(MOVE_FEATURES)] = rows
    x[np.arange(len(rows)), len(MOVE_FEATURES) + np.array(pieces, dtype=int)] = 1.0
    return x, np.array(starts), np.array(chosen)


def value_rows(games: list[bn.Game]) -> tuple[np.ndarray, np.ndarray]:
    """Pair features after every placement, and whether the first side finished ahead."""
    rows, labels = [], []
    for game in games:
        sides = sides_of(game)
        side_of = {c: k for k, colors in enumerate(sides) for c in colors}
        beats = final_beats(game)
        area = game.size * game.size
        for board, color, placement, _, following in replay(game):
            after = board.copy()
            after.place(color, placement)
            rooms = [room(after, c) for c in range(after.n_colors)]
            features = [side_features(after, colors, rooms) for colors in sides]
            progress = after.occupied.bit_count() / area
            mover = None if following is None else side_of[following]
            for a in range(len(sides)):
                for b in range(a + 1, len(sides)):
                    turn = 0.0 if mover is None else 1.0 if mover == a else -1.0 if mover == b else 0.0
                    rows.append(pair_features(features[a], features[b], progress, turn))
                    labels.append(beats[a + 1, b + 1])
    return np.array(rows, dtype=np.float64), np.array(labels)


# ------------------------------------------------------------------------------ fitting
def fit_move_model(x: np.ndarray, starts: np.ndarray, chosen: np.ndarray, l2: float = 1.0,
                   iterations: int = 30) -> np.ndarray:
    """Newton's method (with step halving) for the conditional logit; weights in the features' units.

    The feature columns are standardised for the fit; the piece indicators are not (a rare
    piece would get a huge scale), and the L2 term keeps their weights finite although
    they add up to the size column.
    """
    k = len(MOVE_FEATURES)
    scale = np.ones(x.shape[1])
    scale[:k] = x[:, :k].std(axis=0) + 1e-9
    z = x / scale
    counts = np.diff(np.append(starts, len(z)))
    group = np.repeat(np.arange(len(starts)), counts)
    target = z[chosen].sum(axis=0)

    def loss(w: np.ndarray) -> float:
        s = z @ w
        top = np.maximum.reduceat(s, starts)
        log_total = np.log(np.add.reduceat(np.exp(s - top[group]), starts)) + top
        return float(log_total.sum() - s[chosen].sum() + 0.5 * l2 * w @ w)

    w = np.zeros(z.shape[1])
    current = loss(w)
    for _ in range(iterations):
        s = z @ w
        s -= np.maximum.reduceat(s, starts)[group]
        e = np.exp(s)
        p = e / np.add.reduceat(e, starts)[group]
        mean = np.add.reduceat(z * p[:, None], starts)        # per position: E[z]
        gradient = target - mean.sum(axis=0) - l2 * w
        hessian = (z * p[:, None]).T @ z - mean.T @ mean + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        for _ in range(20):
            trial = loss(w + step)
            if trial <= current:
                break
            step /= 2
        w += step
        improvement, current = current - trial, trial
        if improvement < 1e-6 * abs(current):
            break
    return w / scale


def fit_value_model(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iterations: int = 30) -> np.ndarray:
    """Newton's method for logistic regression without intercept; weights in the features' units."""
    scale = np.abs(x).std(axis=0) + 1e-9
    z = x / scale
    w = np.zeros(z.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(z @ w)))
        gradient = z.T @ (y - p) - l2 * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w / scale


def move_accuracy(x: np.ndarray, starts: np.ndarray, chosen: np.ndarray, w: np.ndarray) -> float:
    """Share of positions where the played move has the model's best score."""
    s = x @ w
    best = np.maximum.reduceat(s, starts)
    return float(np.mean(s[chosen] >= best - 1e-12))


# ------------------------------------------------------------------------------ main
def train(data: Path, games: int | None, seed: int, log=print) -> Weights:
    """Fit both models on the training part of each set (``games`` per set at most)."""
    rng = random.Random(seed)
    move, value = {}, {}
    for folder, size in SETS.items():
        files = game_files(data, folder, held_out=False)
        if not files:
            raise SystemExit(f"no games in {data / 'selfplay' / folder}; give --data")
        if games is not None and games < len(files):
            files = sorted(rng.sample(files, games))
        started = time.perf_counter()
        loaded = [bn.read_sgf(f) for f in files]
        # Move rows cost memory (every legal move of every position): a subset of games is plenty.
        move_games = loaded[: max(2, len(loaded) * MOVE_SHARE[folder] // 100)]
        x, starts, chosen = move_rows(move_games)
        move[size] = fit_move_model(x, starts, chosen)
        log(f"{folder}: move model on {len(move_games)} games, {len(starts)} positions, {len(x)} moves; "
            f"top-1 on them {move_accuracy(x, starts, chosen, move[size]):.1%}")
        del x
        vx, vy = value_rows(loaded)
        value[size] = fit_value_model(vx, vy)
        p = 1 / (1 + np.exp(-(vx @ value[size])))
        log(f"{folder}: value model on {len(loaded)} games, {len(vy)} pairs; "
            f"Brier {np.mean((p - vy) ** 2):.3f} ({time.perf_counter() - started:.0f} s)")
        log(f"  move weights  {dict(zip(MOVE_FEATURES, np.round(move[size], 3).tolist()))}")
        log(f"  piece weights {np.round(move[size][len(MOVE_FEATURES):], 2).tolist()}")
        log(f"  value weights {dict(zip(PAIR_FEATURES, np.round(value[size], 3).tolist()))}")
    return Weights(move=move, value=value)


#: Percent of a set's training games whose every legal move feeds the move model.
MOVE_SHARE = {"duo_L6": 20, "classic_L6": 12}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder with selfplay/ (../shared/data/pentobi)")
    parser.add_argument("--games", type=int, default=None, help="training games per set (all)")
    parser.add_argument("--seed", type=int, default=12, help="picks the games when --games is given (12)")
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH, help="weights file to write")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    weights = train(args.data, args.games, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    written = weights.save(args.out)
    print(f"wrote {written} ({written.stat().st_size} bytes) in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
