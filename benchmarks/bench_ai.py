"""How strong are the AI players? Short matches, win rates with 95% intervals.

Targets (issue 4): Greedy beats Random in at least 95% of Duo games; MCTS at
1 s a move beats Greedy in at least 80% of Duo games; one MCTS seat wins at
least 50% of classic games against three Greedy seats (a fair share is 25%).

    python benchmarks/bench_ai.py                      # the defaults below
    python benchmarks/bench_ai.py --duo-mcts 40 --classic 40 --time 1.0 --jobs 2

This is a benchmark, not a test: it takes minutes, and time-limited players
depend on the machine and on what else it is doing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import blokus_nb as bn  # noqa: E402
from blokus_nb.arena import play_match  # noqa: E402
from blokus_nb.players import Limit, MCTSPlayer  # noqa: E402


def playouts_per_second(variant: str, seconds: float = 1.0) -> float:
    """Random playouts from the start position per second (one core)."""
    board = bn.Game(variant).board
    rng = random.Random(0)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        board.copy().playout(0, rng)
        count += 1
    return count / (time.perf_counter() - start)


def report(title: str, match, player: str, target: float) -> bool:
    row = match.summary().loc[player]
    met = row["win_rate"] >= target
    print(f"\n== {title}")
    print(match.summary()[["games", "wins", "win_rate", "win_low", "win_high", "mean_points",
                           "seconds_per_move"]].round(3).to_string())
    print(f"-> {player}: {row['win_rate']:.0%} of {int(row['games'])} games "
          f"(95% CI {row['win_low']:.0%}-{row['win_high']:.0%}); target {target:.0%}: "
          f"{'met' if met else 'MISSED'}")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duo-random", type=int, default=40, help="Greedy vs Random Duo games (40)")
    parser.add_argument("--duo-mcts", type=int, default=20, help="MCTS vs Greedy Duo games (20)")
    parser.add_argument("--classic", type=int, default=20,
                        help="classic games of one MCTS seat vs three Greedy (20)")
    parser.add_argument("--time", type=float, default=1.0, help="MCTS seconds per move (1.0)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--seed", type=int, default=2024, help="match seed (2024)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)
    progress = not args.no_progress

    print(f"playouts/s on one core from the start: duo {playouts_per_second('duo'):.0f}, "
          f"classic {playouts_per_second('classic'):.0f}")
    mcts = MCTSPlayer(limit=Limit(time=args.time))
    mcts.name = f"mcts {args.time:g}s"
    outcomes = []
    start = time.perf_counter()
    if args.duo_random:
        match = play_match(["greedy", "random"], "duo", args.duo_random, seed=args.seed,
                           n_jobs=args.jobs, progress=progress)
        outcomes.append(report("Duo: Greedy vs Random", match, "greedy", 0.95))
    if args.duo_mcts:
        match = play_match([mcts, "greedy"], "duo", args.duo_mcts, seed=args.seed,
                           n_jobs=args.jobs, progress=progress)
        outcomes.append(report(f"Duo: MCTS {args.time:g} s/move vs Greedy", match, mcts.name, 0.80))
    if args.classic:
        match = play_match([mcts, "greedy", "greedy", "greedy"], "classic", args.classic,
                           seed=args.seed, n_jobs=args.jobs, progress=progress)
        outcomes.append(report(f"classic: one MCTS {args.time:g} s/move seat vs three Greedy",
                               match, mcts.name, 0.50))
    print(f"\n{sum(outcomes)} of {len(outcomes)} targets met in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
