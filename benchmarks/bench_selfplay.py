"""Benchmark: self-play games per second on one process, on local worker processes, and on a Dask cluster.

The same run (player, budget, seed) is made three ways: ``n_jobs=1``,
``n_jobs=<cores>`` local processes, and a local Dask cluster of ``<cores>``
worker processes (``distributed.LocalCluster``, started before the clock
runs). The games are checked to be the same files in all three folders.
The cluster's figure is what a real cluster of one machine adds or costs:
scheduling and sending every game's record back.

    python benchmarks/bench_selfplay.py [--games 16] [--simulations 100] [--player mcts]

Not a timed test: the figures depend on the machine and on what else runs.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb.players import Limit  # noqa: E402
from blokus_nb.players.selfplay import self_play  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--player", default="mcts")
    parser.add_argument("--variant", default="duo")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    limit = Limit(simulations=args.simulations)
    print(f"blokus-nb {bn.__version__}, {cores} cores, {args.games} {args.variant} games of "
          f"{args.player!r} at {args.simulations} simulations a move, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory() as tmp:
        folders = {}

        def timed(label: str, **options) -> None:
            out = folders[label] = Path(tmp) / label.replace(" ", "_")
            start = time.perf_counter()
            self_play(args.player, args.variant, games=args.games, out=out, seed=1, limit=limit,
                      progress=False, **options)
            seconds = time.perf_counter() - start
            print(f"  {label:28s} {args.games / seconds:6.2f} games/s ({seconds:.1f} s)")

        timed("1 process", n_jobs=1)
        timed(f"{cores} local processes", n_jobs=cores)
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("  (no Dask: pip install 'blokus-nb[dask]')")
        else:
            with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                client.submit(sum, [1]).result()  # workers up
                timed(f"Dask LocalCluster, {cores} workers", client=client)
        first = folders["1 process"]
        names = sorted(p.name for p in first.glob("*.blksgf")) + ["policy.jsonl.gz"]
        same = all(filecmp.cmp(first / name, other / name, shallow=False)
                   for other in folders.values() for name in names)
        print(f"  same games and root statistics in every folder: {same}")
        print("  load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
