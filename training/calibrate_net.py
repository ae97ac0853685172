"""Calibrate the network search's win chance on Pentobi's level-7 Duo games, and store it in the net.

    python training/calibrate_net.py                     # fit, report, write into the shipped net
    python training/calibrate_net.py --positions 40 --sims 20 --out /tmp/net.npz   # a quick run

The value head learns from level-6 games and Pentobi's own estimates, so its
raw value is not yet a win chance: level-7 games are more decisive. This
script searches positions of the first 70 level-7 games (Pentobi seeded
3001: ``duo_L7_0001`` to ``duo_L7_0070``) with ``--sims`` simulations and a
fresh tree each, and fits the two numbers of ``sigmoid(a * logit(q) + b)``
(Platt scaling) from the search's value ``q`` to the final result (1 win,
0.5 draw, 0 loss for the mover). It then reports the Brier score and the
reliability table on the other 70 games (seeded 4001), which it never fits
on, and writes the net with its ``calibration`` array
(:meth:`blokus_nb.players.net.Net.win_chance`).

The positions are drawn with ``--seed``; searches with a simulation budget
repeat exactly, so the result depends only on the data and the options.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb.players import Limit  # noqa: E402
from blokus_nb.players.net import CLASSIC_NET_PATH, NET_PATH, Net, load_net  # noqa: E402
from blokus_nb.players.puct import PUCTPlayer  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "pentobi"
FIT_GAMES = range(1, 71)
HELD_OUT_GAMES = range(71, 141)
#: What differs between the options both calibrations take, per variant: the net written, what
#: ``--data`` must hold, and the defaults and help of ``--sims``, ``--positions``, ``--seed``.
OPTIONS = {
    "duo": {"out": NET_PATH, "data": "folder with selfplay/duo_L7", "seed": 16,
            "sims": (300, "simulations a search (300)"), "positions": (800, "positions fitted on (800)")},
    "classic": {"out": CLASSIC_NET_PATH, "data": "folder with selfplay/ (--sims)", "seed": 24,
                "sims": (0, "simulations a search (0: the network alone)"),
                "positions": (200, "positions a part with --sims (200)")},
}


def arguments(variant: str, description: str) -> argparse.ArgumentParser:
    """The command line both calibrations share (``--data``, ``--net``, ``--out``, ``--sims``,
    ``--positions``, ``--seed``) with ``variant``'s defaults (:data:`OPTIONS`); each script adds its own."""
    options = OPTIONS[variant]
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help=options["data"])
    parser.add_argument("--net", type=Path, default=None, help="net to calibrate (the shipped one)")
    parser.add_argument("--out", type=Path, default=options["out"], help="net to write (the shipped one)")
    for name in ("sims", "positions"):
        default, text = options[name]
        parser.add_argument(f"--{name}", type=int, default=default, help=text)
    parser.add_argument("--seed", type=int, default=options["seed"])
    return parser


def uncalibrated(net: Net) -> Net:
    """``net`` without its calibration: the chances the calibration is fitted to."""
    return Net({k: v for k, v in net.params.items() if k != "calibration"}, net.encoding)


def store(net: Net, calibration: np.ndarray, out: Path) -> int:
    """Write ``net`` with its ``calibration`` array to ``out``, say where, and return 0 (the exit status)."""
    params = dict(net.params)
    params["calibration"] = np.asarray(calibration, dtype=np.float32)
    print(f"wrote {Net(params, net.encoding).save(out)}")
    return 0


def choices(record: bn.Game, outcome: Callable[[int], Any]) -> list[tuple[bn.Game, Any]]:
    """The positions of ``record`` before a placement with a choice of move, each with
    ``outcome(color)`` for the color to move there (its index)."""
    out = []
    game = bn.Game(record.variant)
    for move in record.history:
        if move.is_pass:
            continue
        color = game.colors.index(game.to_play)
        if game.board.count_legal(color) > 1:
            out.append((game.copy(), outcome(color)))
        game.play(move)
    return out


def positions(data: Path, games: range, count: int | None, seed: int) -> list[tuple[bn.Game, float]]:
    """Positions before a placement with a choice, from the level-7 games numbered ``games``,
    each with the mover's final result; ``count`` of them drawn with ``seed`` (all if None)."""
    out = []
    for number in games:
        record = bn.read_sgf(data / "selfplay" / "duo_L7" / f"duo_L7_{number:04d}.blksgf")
        winners = record.winners("points")
        out += choices(record, lambda color: 1 / len(winners) if color + 1 in winners else 0.0)
    if count is not None and count < len(out):
        out = random.Random(seed).sample(out, count)
    return out


def search_values(net: Net, chosen: list[tuple[bn.Game, float]], sims: int) -> tuple[np.ndarray, np.ndarray]:
    """The search's (uncalibrated) value of each position, and the mover's result."""
    player = PUCTPlayer(seed=0, net=uncalibrated(net), reuse=False)
    q = [player.search(game, Limit(simulations=sims)).win_rate for game, _ in chosen]
    return np.array(q), np.array([y for _, y in chosen])


def logit(q: np.ndarray) -> np.ndarray:
    q = np.clip(q, 1e-4, 1 - 1e-4)
    return np.log(q / (1 - q))


def fit_platt(q: np.ndarray, y: np.ndarray, iterations: int = 50) -> np.ndarray:
    """``(a, b)`` minimising the log-loss of ``sigmoid(a * logit(q) + b)`` against ``y`` (Newton).

    >>> q = np.array([0.2, 0.4, 0.6, 0.8] * 50)
    >>> y = (np.arange(200) % 4 >= 2).astype(float)
    >>> bool(fit_platt(q, y)[0] > 1)
    True
    """
    x = np.stack([logit(q), np.ones_like(q)], axis=1)
    w = np.array([1.0, 0.0])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + 1e-3 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def apply(w: np.ndarray, q: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(w[0] * logit(q) + w[1])))


def report(label: str, p: np.ndarray, y: np.ndarray, log=print) -> None:
    log(f"{label}: {len(p)} positions, Brier {np.mean((p - y) ** 2):.3f}")
    edges = np.linspace(0, 1, 6)
    for low, high in zip(edges[:-1], edges[1:]):
        inside = (p >= low) & ((p < high) | (high == 1))
        if inside.any():
            won = y[inside].mean()
            log(f"   called {low:.0%}-{high:.0%}: {inside.sum():4d}, mean call {p[inside].mean():.0%}, "
                f"won {won:.0%}{'' if low <= won <= high else '  (outside the bin)'}")


def main(argv: list[str] | None = None) -> int:
    parser = arguments("duo", __doc__.split("\n")[0])
    parser.add_argument("--held-out", type=int, default=600, help="positions reported on (600)")
    args = parser.parse_args(argv)
    net = load_net(args.net)
    q, y = search_values(net, positions(args.data, FIT_GAMES, args.positions, args.seed), args.sims)
    w = fit_platt(q, y)
    print(f"calibration a={w[0]:.3f}, b={w[1]:.3f} from {len(q)} positions of games 1-70")
    report("fitted games, uncalibrated", q, y)
    hq, hy = search_values(net, positions(args.data, HELD_OUT_GAMES, args.held_out, args.seed), args.sims)
    report("held-out games 71-140, uncalibrated", hq, hy)
    report("held-out games 71-140, calibrated", apply(w, hq), hy)
    return store(net, w, args.out)


if __name__ == "__main__":
    sys.exit(main())
