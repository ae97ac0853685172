"""Engine speed: random playouts, legal-move lists and mobility, and blokus-rl beside it.

Run: ``python benchmarks/bench_engine.py [--seconds 3]``. Machines here are
shared and noisy: compare ratios measured in one run, not absolute figures
across runs. blokus-rl (``pip install blokus-rl``, the ``bench`` extra) is
measured in the same run when it is installed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import blokus_nb as bn

GAMES = Path(__file__).resolve().parent.parent / "tests" / "data" / "pentobi" / "games"
POSITIONS = {  # (record, {stage: number of moves played})
    "classic": ("classic/classic_L1_0001.blksgf", {"early": 8, "middle": 32, "late": 56}),
    "duo": ("duo/duo_L1_0001.blksgf", {"early": 4, "middle": 14, "late": 24}),
}


def per_call_us(function, seconds: float) -> float:
    """Median microseconds per call over repeated batches lasting ``seconds`` in all."""
    function()
    batch, start = 1, time.perf_counter()
    while time.perf_counter() - start < 0.05:
        for _ in range(batch):
            function()
        batch *= 2
    samples = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(samples) < 5:
        t = time.perf_counter()
        for _ in range(batch):
            function()
        samples.append((time.perf_counter() - t) / batch * 1e6)
    return statistics.median(samples)


def playouts_per_second(variant: str, seconds: float) -> tuple[float, float]:
    """Uniformly random playouts per second (each move uniform over the full legal list)."""
    game = bn.Game(variant)
    board = game.board
    rng = random.Random(1)
    count, moves, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        copy = board.copy()
        moves += len(copy.playout(0, rng))
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, moves / count


def game_playouts_per_second(variant: str, seconds: float) -> float:
    """The same through the public Game API (Move objects, history, automatic passes)."""
    rng = random.Random(2)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = bn.Game(variant)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        count += 1
    return count / (time.perf_counter() - start)


def position(variant: str, stage: str) -> bn.Game:
    record, stages = POSITIONS[variant]
    game = bn.Game(variant)
    for move in bn.read_sgf(GAMES / record).moves[: stages[stage]]:
        game.play(move)
    return game


def blokus_rl_playouts_per_second(seconds: float) -> float | None:
    try:
        import numpy as np
        from blokus_rl._blokus import PyBlokus
    except ImportError:
        return None
    rng = random.Random(1)

    def playout() -> None:
        env = PyBlokus()
        while not env.is_over:
            seat = env.agent_selection
            if env.terminations[seat]:
                env.step(None)  # a seat with no move passes
                continue
            legal = np.flatnonzero(np.frombuffer(env.observe(seat).action_mask, dtype=np.int8))
            env.step(int(legal[rng.randrange(len(legal))]))

    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout()
        count += 1
    return count / (time.perf_counter() - start)


def blokus_rl_legal_us(plies: int, seconds: float) -> float | None:
    """blokus-rl: one legal-move list (mask -> indices) after ``plies`` random moves."""
    try:
        import numpy as np
        from blokus_rl._blokus import PyBlokus
    except ImportError:
        return None
    rng = random.Random(3)
    env = PyBlokus()
    for _ in range(plies):
        seat = env.agent_selection
        if env.terminations[seat]:
            env.step(None)
            continue
        legal = np.flatnonzero(np.frombuffer(env.observe(seat).action_mask, dtype=np.int8))
        env.step(int(legal[rng.randrange(len(legal))]))
    seat = env.agent_selection
    return per_call_us(lambda: np.flatnonzero(np.frombuffer(env.observe(seat).action_mask,
                                                            dtype=np.int8)).tolist(), seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    s = args.seconds
    ours_classic = None
    for variant in ("classic", "duo"):
        rate, length = playouts_per_second(variant, s)
        print(f"{variant:8s} random playouts/s (engine):      {rate:9.1f}   ({length:.1f} moves each)")
        print(f"{variant:8s} random playouts/s (Game API):    {game_playouts_per_second(variant, s):9.1f}")
        if variant == "classic":
            ours_classic = rate
        for stage in ("early", "middle", "late"):
            game = position(variant, stage)
            board = game.board
            ci = game.colors.index(game.to_play)
            n = len(game.legal_moves())
            engine_us = per_call_us(lambda: board.legal_placements(ci), s / 3)
            moves_us = per_call_us(game.legal_moves, s / 3)
            mobility_us = per_call_us(lambda: [board.count_legal(c) for c in range(len(game.colors))], s / 3)
            print(f"{variant:8s} {stage:6s} ({n:4d} moves): legal list {engine_us:7.1f} us (ids), "
                  f"{moves_us:7.1f} us (Move objects); mobility of all colors {mobility_us:7.1f} us")
    rl = blokus_rl_playouts_per_second(s)
    if rl is None:
        print("blokus-rl not installed (pip install blokus-rl): no comparison")
        return
    print(f"blokus-rl classic random playouts/s:           {rl:9.1f}")
    print(f"ratio blokus-nb / blokus-rl (classic playouts): {ours_classic / rl:9.2f}x")
    for plies in (8, 32, 56):
        print(f"blokus-rl legal list after {plies:2d} random moves: {blokus_rl_legal_us(plies, s / 3):7.1f} us")


if __name__ == "__main__":
    main()
