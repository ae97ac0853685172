"""Benchmark: games per second for the full metric set, classic and Duo, one job and every core.

The corpora are Pentobi's games (tests/data/pentobi/games) repeated to the
size asked for, written as SGF collections of 20 games a file. "Full metric
set" means the per-move table: squares, advanced score, mobility, territory
and exclusive territory of every color after every move. Each line reports
the whole pipeline (read the files, replay, measure, build the table) and,
for one job, the two halves: reading the records into games, and measuring
games already in memory.

The one-job and all-cores pipelines run in turns (1, 2, 1, 2, ...), so both
see the same load, and the best of each gives the speed-up on one line.
The first call that uses workers starts them (printed once); later calls
reuse the pool. "CPU in workers" is the processor time the workers spent on the units
(summed over workers): when it is close to the one-job time, the pool adds
no work of its own, and what is left of a speed-up below the core count is
other load on the machine (the load average is printed before and after).

Then ``load_games`` at two corpus sizes (one Duo game a file, as Pentobi's
self-play folders are), each in a fresh process on one job: milliseconds of
CPU per game (linear growth keeps it flat), and the peak memory above the
process at rest after importing, also per million rows of the table.

    python benchmarks/bench_analysis.py [--games 200] [--repeat 3] [--sizes 1000 4000]

Not a timed test: the figures depend on the machine and on what else runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.analysis.loading import WORKER_PRELOAD, analyze_unit, plan  # noqa: E402
from blokus_nb.analysis.metrics import GameRecord, TableBuilder  # noqa: E402
from blokus_nb.processes import run_jobs  # noqa: E402

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


def timed_unit(unit):
    """A unit's analysis and the processor time it took (in the worker that ran it)."""
    start = time.process_time()
    analyze_unit(unit)
    return time.process_time() - start


def worker_cpu(folder: Path, jobs: int) -> float:
    """Processor seconds the workers spend on the units of ``folder``, summed."""
    seconds = []
    run_jobs(timed_unit, plan(folder), jobs, done=lambda _, s: seconds.append(s), preload=WORKER_PRELOAD)
    return sum(seconds)


def resident_kb() -> int:
    """This process's resident memory now, in kB (the peak so far may be higher: imports)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:  # not Linux: the peak so far stands in
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def scaling_run(folder: Path) -> None:
    """In a fresh process: load ``folder`` on one job, print CPU seconds, rows and peak memory (kB)."""
    rest = resident_kb()
    start, wall = time.process_time(), time.perf_counter()
    table = analysis.load_games(folder, n_jobs=1, progress=False)
    print(time.process_time() - start, time.perf_counter() - wall, len(table),
          resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rest)


def scaling(sizes: list[int], tmp: str) -> None:
    """``load_games`` time per game and peak memory at each corpus size (one game a file)."""
    source = [bn.read_sgf(p) for p in sorted((GAMES / "duo").glob("*.blksgf"))]
    print("load_games scaling: one Duo game a file, 1 job, each size in a fresh process")
    for size in sizes:
        folder = Path(tmp) / f"scaling-{size}"
        folder.mkdir()
        for k in range(size):
            bn.write_games([source[k % len(source)]], folder / f"game_{k:06d}.blksgf")
        out = subprocess.run([sys.executable, __file__, "--scaling-run", str(folder)], check=True,
                             capture_output=True, text=True).stdout.split()
        cpu, wall, rows, peak = float(out[0]), float(out[1]), int(out[2]), int(out[3])
        print(f"  {size:6d} games {rows:8d} rows  {1e3 * cpu / size:6.2f} ms CPU a game "
              f"({1e3 * wall / size:.2f} wall)  peak +{peak / 1024:6.1f} MB "
              f"({peak / 1024 / rows * 1e6:.0f} MB per million rows)")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000],
                        help="corpus sizes of the load_games scaling run (default 1000 4000)")
    parser.add_argument("--scaling-run", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scaling_run:
        scaling_run(Path(args.scaling_run))
        return
    cores = os.cpu_count() or 1
    print(f"blokus-nb {bn.__version__}, Python {sys.version.split()[0]}, {cores} cores, "
          f"{args.games} games per variant, best of {args.repeat}, {load()}")
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
            jobs_list = sorted({1, cores})
            if cores > 1 and variant == "classic":
                start = time.perf_counter()  # the forkserver and the pool, kept for later calls
                run_jobs(len, ["warm"] * cores, cores, done=lambda *_: None, preload=WORKER_PRELOAD)
                print(f"  start-up of {cores} workers  {time.perf_counter() - start:8.2f} s "
                      "(first call only; the pool is kept)")
            times: dict[int, list[float]] = {jobs: [] for jobs in jobs_list}
            for _ in range(args.repeat):  # in turns, so that every setting sees the same load
                for jobs in jobs_list:
                    out = Path(tmp) / f"{variant}-{jobs}.parquet"
                    start = time.perf_counter()
                    analysis.analyze_corpus(folder, out=out, n_jobs=jobs, progress=False)
                    times[jobs].append(time.perf_counter() - start)
            for jobs in jobs_list:
                print(f"  full pipeline, {jobs} job{'s' if jobs > 1 else ' '}   "
                      f"{args.games / min(times[jobs]):8.1f} games/s  -> Parquet "
                      f"(runs: {', '.join(f'{t:.2f}' for t in times[jobs])} s)")
            if cores > 1:
                paired = sorted(one / many for one, many in zip(times[1], times[cores]))
                print(f"  speed-up on {cores} jobs     {min(times[1]) / min(times[cores]):8.2f}x "
                      f"best against best, {statistics.median(paired):.2f}x median of runs in turn "
                      f"({', '.join(f'{r:.2f}' for r in paired)})")
                print(f"  CPU in workers           {worker_cpu(folder, cores):8.2f} s on {cores} jobs, "
                      f"{worker_cpu(folder, 1):.2f} s on 1")
        scaling(args.sizes, tmp)
        print(load())


if __name__ == "__main__":
    main()
