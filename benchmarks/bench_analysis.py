"""Benchmark: games per second for the full metric set, classic and Duo, one job and every core.

The corpora are Pentobi's games (tests/data/pentobi/games) repeated to the
size asked for, written as SGF collections of 20 games a file. "Full metric
set" means the per-move table: squares, advanced score, mobility, territory
and exclusive territory of every color after every move. Each line reports
the whole pipeline (read the files, replay, measure, build the table) and,
for one job, the two halves: reading the records into games, and measuring
games already in memory.

    python benchmarks/bench_analysis.py [--games 200] [--repeat 3]

Not a timed test: the figures depend on the machine and on what else runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.analysis.metrics import GameRecord, TableBuilder  # noqa: E402

GAMES = ROOT / "tests" / "data" / "pentobi" / "games"
PER_FILE = 20


def corpus(variant: str, games: int, folder: Path) -> list[bn.Game]:
    """Write ``games`` games of ``variant`` into ``folder`` and return them."""
    source = [bn.read_sgf(p) for p in sorted((GAMES / variant).glob("*.blksgf"))]
    chosen = [source[i % len(source)] for i in range(games)]
    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, games, PER_FILE):
        bn.write_games(chosen[start:start + PER_FILE], folder / f"{variant}_{start // PER_FILE:04d}.blksgf")
    return chosen


def best_of(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"blokus-nb {bn.__version__}, Python {sys.version.split()[0]}, {cores} cores, "
          f"{args.games} games per variant, best of {args.repeat}")
    with tempfile.TemporaryDirectory() as tmp:
        for variant in ("classic", "duo"):
            folder = Path(tmp) / variant
            games = corpus(variant, args.games, folder)
            moves = sum(len(g.history) for g in games)
            analysis.load_games(folder, n_jobs=1, progress=False)  # warm: placement tables, code

            def read() -> None:
                for path in sorted(folder.glob("*.blksgf")):
                    for _ in bn.iter_games(path):
                        pass

            def measure() -> None:
                builder = TableBuilder()
                for k, game in enumerate(games):
                    builder.add(GameRecord.of(game), str(k), "<games>")
                builder.frame()

            t_read = best_of(args.repeat, read)
            t_measure = best_of(args.repeat, measure)
            print(f"{variant:8s} {args.games} games, {moves} moves "
                  f"({moves / args.games:.0f} a game, passes included)")
            print(f"  read records only        {args.games / t_read:8.1f} games/s")
            print(f"  metrics only (in memory) {args.games / t_measure:8.1f} games/s "
                  f"({1e3 * t_measure / moves:.2f} ms a move)")
            for jobs in sorted({1, cores}):
                out = Path(tmp) / f"{variant}-{jobs}.parquet"
                seconds = best_of(args.repeat, lambda: analysis.analyze_corpus(
                    folder, out=out, n_jobs=jobs, progress=False))
                print(f"  full pipeline, {jobs} job{'s' if jobs > 1 else ' '}   "
                      f"{args.games / seconds:8.1f} games/s  -> Parquet")


if __name__ == "__main__":
    main()
