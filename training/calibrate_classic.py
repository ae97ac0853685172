"""Calibrate the classic network's chances of finishing first on held-out Pentobi games, and store it.

    python training/calibrate_classic.py --arrays ../data/classic_policy.npz     # the network alone
    python training/calibrate_classic.py --arrays ../data/classic_policy.npz --sims 30 --positions 200
    python training/calibrate_classic.py --arrays small.npz --out /tmp/net.npz   # a quick run

The win chance in a four-color game is each color's chance of finishing
first (the four add up to 1; a k-way tie for the most points gives each 1/k).
The positions come from the held-out games of ``training/net_data.py
--variant classic`` (every tenth game of ``classic_L6_policy``, never trained
on). Games numbered 10, 30, 50, ... are fitted on, games 20, 40, 60, ... only
reported on.

With ``--sims 0`` (the default) the chances are the network's own (one
forward pass a position); with ``--sims N`` they are those of the network
search (:class:`~blokus_nb.players.puct.PUCTPlayer`, ``N`` simulations and a
fresh tree a position, playouts mixed in as ``--playouts`` says) on
``--positions`` positions of each part, drawn with ``--seed``. The one number
``a`` of ``chances ** a`` (normalised) is fitted by least log-loss
(:meth:`blokus_nb.players.net.Net.first_chances`); the script then reports,
on the other part, the Brier score (over the four colors) beside the
always-25% baseline, and the reliability table in 20-point bins, and writes
the net with its ``calibration`` array.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "training"))

from calibrate_net import arguments, choices, report, store, uncalibrated  # noqa: E402
from net_data import FOLDERS, first_shares, unpack_planes  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb.players import Limit  # noqa: E402
from blokus_nb.players.net import CLASSIC, Net, load_net  # noqa: E402
from blokus_nb.players.puct import PUCTPlayer  # noqa: E402


def fitted_part(game: np.ndarray) -> np.ndarray:
    """Whether each held-out game number is in the part fitted on (10, 30, 50, ...).

    >>> fitted_part(np.array([10, 20, 30])).tolist()
    [True, False, True]
    """
    return game % 20 == 10


def network_chances(net: Net, arrays: dict, rows: np.ndarray, batch: int = 256) -> np.ndarray:
    """The network's chances ``(len(rows), 4)`` in the mover's frame (the arrays' frame)."""
    out = []
    for start in range(0, len(rows), batch):
        chunk = rows[start:start + batch]
        planes = unpack_planes(arrays["planes"][chunk], CLASSIC.cells)
        _, values = net.forward(planes, arrays["hands"][chunk].astype(np.float32))
        out.append(values)
    return np.concatenate(out).astype(np.float64)


def search_chances(net: Net, data: Path, games: list[int], count: int, sims: int, playouts: float,
                   seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The search's chances and the results, both ``(count, 4)`` by color index, on ``count``
    positions (with a choice of move) drawn with ``seed`` from the classic games ``games``."""
    folder = data / "selfplay" / FOLDERS["classic"]
    chosen = []
    for number in games:
        record = bn.read_sgf(folder / f"classic_L6_{number:04d}.blksgf")
        shares = first_shares(" ".join(str(record.board.points(c)) for c in range(4)), 0)
        chosen += choices(record, lambda color: shares)  # by color index, whoever moves
    chosen = random.Random(seed).sample(chosen, min(count, len(chosen)))
    player = PUCTPlayer(seed=0, classic_net=uncalibrated(net), playouts=playouts, reuse=False)
    chances = [player.search(game, Limit(simulations=sims)).chances for game, _ in chosen]
    return np.array(chances), np.array([shares for _, shares in chosen])


def sharpen(q: np.ndarray, a: float) -> np.ndarray:
    powered = np.maximum(q, 1e-6) ** a
    return powered / powered.sum(axis=1, keepdims=True)


def fit_power(q: np.ndarray, y: np.ndarray) -> float:
    """The ``a`` in 0.2..5 of least log-loss of ``sharpen(q, a)`` against the shares ``y``.

    >>> q = np.array([[0.4, 0.2, 0.2, 0.2]] * 10)
    >>> y = np.array([[1.0, 0, 0, 0]] * 7 + [[0, 1.0, 0, 0]] * 3)
    >>> fit_power(q, y) > 1
    True
    """
    def loss(a: float) -> float:
        return float(-np.mean((y * np.log(sharpen(q, a))).sum(axis=1)))
    low, high = np.log(0.2), np.log(5.0)
    for _ in range(60):  # golden-section search on log a
        m1, m2 = low + 0.382 * (high - low), low + 0.618 * (high - low)
        if loss(np.exp(m1)) < loss(np.exp(m2)):
            high = m2
        else:
            low = m1
    return float(np.exp((low + high) / 2))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    """Mean squared error over the four colors' chances."""
    return float(np.mean((p - y) ** 2))


def main(argv: list[str] | None = None) -> int:
    parser = arguments("classic", __doc__.split("\n")[0])
    parser.add_argument("--arrays", type=Path, required=True,
                        help="arrays from training/net_data.py --variant classic")
    parser.add_argument("--playouts", type=float, default=0.8, help="the search's playout weight (0.8)")
    args = parser.parse_args(argv)
    net = load_net(args.net, variant="classic")
    with np.load(args.arrays) as d:
        arrays = {k: d[k] for k in ("planes", "hands", "result", "game", "held_out")}
    held = np.flatnonzero(arrays["held_out"])
    fit_rows, report_rows = held[fitted_part(arrays["game"][held])], held[~fitted_part(arrays["game"][held])]
    if not len(fit_rows) or not len(report_rows):
        raise SystemExit(f"{args.arrays} needs held-out games of both parts (10, 30, ... and 20, 40, ...): "
                         "make it from 20 games or more")
    if args.sims:
        fit_games = sorted(set(arrays["game"][fit_rows].tolist()))
        report_games = sorted(set(arrays["game"][report_rows].tolist()))
        q, y = search_chances(net, args.data, fit_games, args.positions, args.sims, args.playouts, args.seed)
        hq, hy = search_chances(net, args.data, report_games, args.positions, args.sims, args.playouts,
                                args.seed)
        what = f"the search ({args.sims} simulations, playouts {args.playouts:g})"
    else:
        q, y = network_chances(net, arrays, fit_rows), arrays["result"][fit_rows].astype(np.float64)
        hq, hy = network_chances(net, arrays, report_rows), arrays["result"][report_rows].astype(np.float64)
        what = "the network alone"
    a = fit_power(q, y)
    print(f"{what}: calibration a={a:.3f} from {len(q)} positions of held-out games 10, 30, 50, ...")
    calibrated = sharpen(hq, a)
    print(f"reported on {len(hq)} positions of held-out games 20, 40, 60, ... (every color's chance):")
    print(f"  Brier: always 25% {brier(np.full_like(hy, 0.25), hy):.4f}, uncalibrated {brier(hq, hy):.4f}, "
          f"calibrated {brier(calibrated, hy):.4f}")
    report("  uncalibrated", hq.ravel(), hy.ravel())
    report("  calibrated", calibrated.ravel(), hy.ravel())
    mover = calibrated[:, 0] if not args.sims else None
    if mover is not None:
        print(f"  the mover's chance alone: Brier {np.mean((mover - hy[:, 0]) ** 2):.4f}, "
              f"always 25% {np.mean((0.25 - hy[:, 0]) ** 2):.4f}")
    return store(net, np.array([a]), args.out)


if __name__ == "__main__":
    sys.exit(main())
