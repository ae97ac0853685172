"""Benchmark: the review and the opening index.

Review: seconds per position at the review level (``REVIEW_LIMIT``, the
search :func:`blokus_nb.analysis.review` and the review board make before
every placement), over the positions of a few Duo games on one process; then
one whole Duo game's review on 2 processes, the first call (which starts the
worker pool) and the next (the pool is kept), beside the same game on one.

Openings: positions indexed per second (placements followed, one position
each, up to the depth) by :func:`blokus_nb.analysis.opening_index` over
Pentobi's Duo self-play corpus, on 1 and 2 processes in the same run, in
turns (1, 2, 1, 2...) so both see the same load; the best of each is kept.
The games reviewed are the first of Pentobi's level-7 Duo self-play, the
corpus indexed its level-6 Duo self-play (1,000 games), both from
``../shared`` beside the repository (or ``$BLOKUS_SHARED``); without it the
20 Duo games in tests/data are used.

    python benchmarks/bench_review.py [--games 3] [--repeat 3] [--corpus PATH]

Not a timed test: the figures depend on the machine and on what else runs
(the load average is printed before and after).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.analysis.review import REVIEW_LIMIT, estimate_positions  # noqa: E402

SELFPLAY = Path(os.environ.get("BLOKUS_SHARED", ROOT.parent / "shared")) / "data" / "pentobi" / "selfplay"
DUO = ROOT / "tests" / "data" / "pentobi" / "games" / "duo"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def review_games(count: int) -> list[bn.Game]:
    folder = SELFPLAY / "duo_L7" if (SELFPLAY / "duo_L7").is_dir() else DUO
    return [bn.load(p) for p in sorted(folder.glob("*.blksgf"))[:count]]


def per_position(games: list[bn.Game]) -> None:
    seconds: list[float] = []
    for game in games:
        last = time.perf_counter()

        def tick(_estimate) -> None:
            nonlocal last
            now = time.perf_counter()
            seconds.append(now - last)
            last = now

        estimate_positions(game, limit=REVIEW_LIMIT, on_estimate=tick)
    ordered = sorted(seconds)
    print(f"review level {REVIEW_LIMIT.simulations} simulations: {len(seconds)} positions of {len(games)} "
          f"Duo games, mean {statistics.mean(seconds):.3f} s a position, median {statistics.median(seconds):.3f} s, "
          f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))]:.3f} s (1 process)")


def whole_game(game: bn.Game) -> None:
    positions = len(game.moves)
    start = time.perf_counter()
    analysis.review(game, n_jobs=1, progress=False)
    one = time.perf_counter() - start
    start = time.perf_counter()
    analysis.review(game, n_jobs=2, progress=False)
    first = time.perf_counter() - start
    start = time.perf_counter()
    analysis.review(game, n_jobs=2, progress=False)
    kept = time.perf_counter() - start
    print(f"a whole Duo game ({positions} positions): {one:.2f} s on 1 process; on 2 processes "
          f"{first:.2f} s (starting the pool), {kept:.2f} s (pool kept), x{one / kept:.2f}")


def openings(corpus: Path, depth: int, repeat: int) -> None:
    best = {1: float("inf"), 2: float("inf")}
    index = None
    for _ in range(repeat):
        for jobs in (1, 2):
            start = time.perf_counter()
            index = analysis.opening_index(corpus, depth=depth, n_jobs=jobs, progress=False)
            best[jobs] = min(best[jobs], time.perf_counter() - start)
    assert index is not None
    positions = index.positions
    for jobs in (1, 2):
        print(f"openings of {index.games} games to depth {depth} ({positions} positions, "
              f"{index.distinct_positions} distinct): {best[jobs]:.2f} s on {jobs} process{'es' if jobs > 1 else ''}, "
              f"{positions / best[jobs]:,.0f} positions a second")
    print(f"  speed-up on 2 processes: x{best[1] / best[2]:.2f} (best of {repeat})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="Duo games whose positions are timed")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each opening index")
    parser.add_argument("--depth", type=int, default=8, help="placements followed per game")
    parser.add_argument("--corpus", type=Path, default=None, help="games for the opening index")
    args = parser.parse_args()
    corpus = args.corpus or (SELFPLAY / "duo_L6" if (SELFPLAY / "duo_L6").is_dir() else DUO)
    print(f"blokus-nb {bn.__version__}, {os.cpu_count()} cores, {load()}")
    games = review_games(args.games)
    per_position(games)
    whole_game(games[0])
    openings(corpus, args.depth, args.repeat)
    print(load())


if __name__ == "__main__":
    main()
