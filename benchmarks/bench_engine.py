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
from collections.abc import Callable
from pathlib import Path

import numpy as np

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


def engine_playout(variant: str) -> Callable[[random.Random], int]:
    """A uniformly random playout through the engine; returns the number of moves."""
    board = bn.Game(variant).board
    return lambda rng: len(board.copy().playout(0, rng))


def game_playout(variant: str) -> Callable[[random.Random], int]:
    """The same through the public Game API (Move objects, history, automatic passes)."""
    def playout(rng: random.Random) -> int:
        game = bn.Game(variant)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        return len(game.moves)
    return playout


def interleaved_rates(playouts: dict[str, Callable[[random.Random], int]],
                      seconds: float) -> dict[str, tuple[float, float]]:
    """Playouts/s and moves per playout of each, measured in alternating slices.

    The machine is shared: load that comes and goes then slows every
    contender alike, so the ratios stay meaningful.
    """
    rngs = {name: random.Random(1) for name in playouts}
    spent = {name: 0.0 for name in playouts}
    counts = {name: 0 for name in playouts}
    moves = {name: 0 for name in playouts}
    for playout in playouts.values():
        playout(random.Random(0))  # warm up (geometry tables, generated code)
    slice_ = min(0.25, seconds / 4)
    while min(spent.values()) < seconds:
        for name, playout in playouts.items():
            start = time.perf_counter()
            while time.perf_counter() - start < slice_:
                moves[name] += playout(rngs[name])
                counts[name] += 1
            spent[name] += time.perf_counter() - start
    return {name: (counts[name] / spent[name], moves[name] / counts[name]) for name in playouts}


def position(variant: str, stage: str) -> bn.Game:
    record, stages = POSITIONS[variant]
    game = bn.Game(variant)
    for move in bn.read_sgf(GAMES / record).moves[: stages[stage]]:
        game.play(move)
    return game


def legal_ids(action_mask: bytes) -> np.ndarray:
    """The action ids set in one of blokus-rl's masks (bytes of 0 and 1), the fastest way we know.

    The bytes are read as numpy bools, as blokus-rl's own Python wrapper reads
    them: ``nonzero`` of a bool array is over ten times faster than of the same
    bytes read as int8, which an earlier version of this benchmark did.
    """
    return np.frombuffer(action_mask, dtype=np.bool_).nonzero()[0]


def blokus_rl_playout() -> Callable[[random.Random], int] | None:
    """A uniformly random classic playout through blokus-rl (None when not installed)."""
    try:
        from blokus_rl._blokus import PyBlokus
    except ImportError:
        return None

    def playout(rng: random.Random) -> int:
        env, moves = PyBlokus(), 0
        while not env.is_over:
            seat = env.agent_selection
            if env.terminations[seat]:
                env.step(None)  # a seat with no move passes
                continue
            legal = legal_ids(env.observe(seat).action_mask)
            env.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
        return moves
    return playout


def blokus_rl_legal_us(plies: int, seconds: float) -> float | None:
    """blokus-rl: one legal-move list (mask -> indices) after ``plies`` random moves."""
    try:
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
        legal = legal_ids(env.observe(seat).action_mask)
        env.step(int(legal[rng.randrange(len(legal))]))
    seat = env.agent_selection
    return per_call_us(lambda: legal_ids(env.observe(seat).action_mask).tolist(), seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    s = args.seconds
    rl = blokus_rl_playout()
    for variant in ("classic", "duo"):
        contenders = {"engine": engine_playout(variant), "Game API": game_playout(variant)}
        if variant == "classic" and rl is not None:
            contenders["blokus-rl"] = rl
        rates = interleaved_rates(contenders, s)
        for name, (rate, length) in rates.items():
            print(f"{variant:8s} random playouts/s ({name + '):':10s} {rate:9.1f}   ({length:.1f} moves each)")
        engine, game = rates["engine"][0], rates["Game API"][0]
        print(f"{variant:8s} Game API / engine:               {game / engine:9.2f}")
        if "blokus-rl" in rates:
            other = rates["blokus-rl"][0]
            print(f"{variant:8s} engine / blokus-rl:              {engine / other:9.2f}x")
            print(f"{variant:8s} Game API / blokus-rl:            {game / other:9.2f}x")
        for stage in ("early", "middle", "late"):
            game = position(variant, stage)
            board = game.board
            ci = game.colors.index(game.to_play)
            n = len(game.legal_moves())
            engine_us = per_call_us(lambda: board.legal_placements(ci), s / 3)
            lazy_us = per_call_us(game.legal_moves, s / 3)
            moves_us = per_call_us(lambda: list(game.legal_moves()), s / 3)
            mobility_us = per_call_us(lambda: [board.count_legal(c) for c in range(len(game.colors))], s / 3)
            print(f"{variant:8s} {stage:6s} ({n:4d} moves): legal list {engine_us:7.1f} us (ids), "
                  f"{lazy_us:7.1f} us (Game.legal_moves), {moves_us:7.1f} us (every Move object); "
                  f"mobility of all colors {mobility_us:7.1f} us")
    if rl is None:
        print("blokus-rl not installed (pip install blokus-rl): no comparison")
        return
    for plies in (8, 32, 56):
        print(f"blokus-rl legal list after {plies:2d} random moves: {blokus_rl_legal_us(plies, s / 3):7.1f} us")


if __name__ == "__main__":
    main()
