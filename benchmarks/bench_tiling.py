"""Tiling: counting speed, puzzles generated per minute at each difficulty, and the classic rectangles rated.

1. How long counting the 2339 ways to tile a 6x10 rectangle with the 12
   pentominoes takes: our pure-Python search (blokus_nb.exact_cover.TilingSearch,
   driven by blokus_nb.puzzles.Puzzle) and, when the ``exact-cover`` package (a C
   dancing-links solver) is installed, that solver on the usual matrix in the
   same run, and the ratio. Both are given the same kind of symmetry breaking:
   one piece held to one placement per symmetry class, so both count 2339.
2. Puzzles generated per minute on one core at each difficulty level
   (``generate("pentominoes", "random", difficulty=level, seed=...)`` for
   seeds 0, 1, 2, ... until ``--seconds`` of CPU time are spent per level).
3. With ``--classics``: the difficulty measure of the 3x20, 4x15, 5x12 and 6x10
   pentomino rectangles (the table in blokus_nb/puzzles/difficulty.py).

    python benchmarks/bench_tiling.py [--repeat N] [--seconds S] [--classics]

Times are CPU seconds of this process (the machine may be shared), best of N.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from blokus_nb import pieces  # noqa: E402
from blokus_nb.puzzles import Puzzle  # noqa: E402

WIDTH, HEIGHT = 10, 6


def best_of(repeat: int, run) -> tuple[float, float, object]:
    """(best CPU seconds, best wall seconds, result) over `repeat` runs."""
    best_cpu = best_wall = float("inf")
    result = None
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        result = run()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall, result


def exact_cover_matrix(x_in_one_quarter: bool):
    """The 0/1 matrix: 60 cell columns and 12 piece columns, one row per placement.

    With ``x_in_one_quarter`` the X pentomino's centre is kept in the top-left
    quarter, the textbook way of counting each tiling once up to the
    rectangle's four symmetries (the X never sits on an axis of a 6x10).
    """
    import numpy as np

    pentominoes = [p for p in pieces.PIECES if p.size == 5]
    rows = []
    for k, piece in enumerate(pentominoes):
        for shape in piece.orientations:
            width = 1 + max(x for x, _ in shape)
            height = 1 + max(y for _, y in shape)
            for oy in range(HEIGHT - height + 1):
                for ox in range(WIDTH - width + 1):
                    if x_in_one_quarter and piece.name == "X" and not (ox + 1 < WIDTH // 2 and oy + 1 < HEIGHT // 2):
                        continue
                    row = np.zeros(WIDTH * HEIGHT + len(pentominoes), dtype=np.int32)
                    for x, y in shape:
                        row[(oy + y) * WIDTH + ox + x] = 1
                    row[WIDTH * HEIGHT + k] = 1
                    rows.append(row)
    return np.array(rows)


def matrix_of_puzzle(puzzle: Puzzle):
    """The same 0/1 matrix, but with exactly the placements our search is given (its symmetry breaking)."""
    import numpy as np

    name, groups = puzzle._breaker()
    representatives = [mask for stabiliser, masks in groups.items() for mask in masks]
    assert all(len(stabiliser) == 1 for stabiliser in groups), "the 6x10 needs no duplicate check"
    cells = len(puzzle.cells)
    rows = []
    for k, piece in enumerate(puzzle.counts):
        for mask in (representatives if piece == name else puzzle._placements_of[piece]):
            row = np.zeros(cells + len(puzzle.counts), dtype=np.int32)
            row[[i for i in range(cells) if mask >> i & 1]] = 1
            row[cells + k] = 1
            rows.append(row)
    return np.array(rows), name


def generation_rates(seconds: float) -> None:
    """Puzzles per minute of CPU time at each level, one core."""
    from blokus_nb.puzzles import GenerationError, generate

    print(f"Puzzles generated per minute, one core: 12 pentominoes, random regions, one solution "
          f"(seeds 0, 1, ... for {seconds:g} CPU s a level)")
    for level in range(1, 6):
        made = failed = 0
        pieces = 0
        started = time.process_time()
        seed = 0
        while time.process_time() - started < seconds:
            try:
                puzzle = generate("pentominoes", "random", difficulty=level, seed=seed, time_budget=60)
                made += 1
                pieces += sum(puzzle.counts.values())
            except GenerationError:
                failed += 1
            seed += 1
        spent = time.process_time() - started
        mean = f", {pieces / made:.1f} pieces on average" if made else ""
        print(f"  level {level}: {made} puzzles in {spent:.1f} s = {60 * made / spent:7.1f} per minute"
              f"{mean}{f' ({failed} seeds gave up after 60 s)' if failed else ''}")


def classics() -> None:
    print("The difficulty measure on the classic 12-pentomino rectangles")
    print("  rectangle  solutions   tried        per solution  score  level  CPU s")
    for width, height in [(20, 3), (15, 4), (12, 5), (10, 6)]:
        cpu = time.process_time()
        rating = Puzzle((width, height), "pentominoes").difficulty()
        print(f"  {height}x{width:<8} {rating.solutions:9,}   {rating.tried:11,}  {rating.per_solution:12,.0f}"
              f"  {rating.score:5.1f}  {rating.level:5}  {time.process_time() - cpu:5.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each timing; the best is kept")
    parser.add_argument("--all", action="store_true", help="also time counting all 9356 (no symmetry breaking in C)")
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU seconds of generation per level")
    parser.add_argument("--classics", action="store_true", help="rate the classic pentomino rectangles")
    args = parser.parse_args()
    if args.classics:
        classics()
    generation_rates(args.seconds)

    print(f"Pentominoes in a {HEIGHT}x{WIDTH} rectangle, CPU seconds (best of {args.repeat}); wall in brackets")
    ours_cpu, ours_wall, count = best_of(args.repeat, lambda: Puzzle((WIDTH, HEIGHT), "pentominoes").count(unique=True))
    assert count == 2339, count
    print(f"  blokus_nb count(unique=True)       {count:5d}   {ours_cpu:7.2f} s  ({ours_wall:.2f})")
    cpu, wall, total = best_of(args.repeat, lambda: Puzzle((WIDTH, HEIGHT), "pentominoes").count())
    assert total == 9356, total
    print(f"  blokus_nb count() of all tilings   {total:5d}   {cpu:7.2f} s  ({wall:.2f})")
    cpu, wall, listed = best_of(args.repeat, lambda: len(list(
        Puzzle((WIDTH, HEIGHT), "pentominoes").solutions(unique=True))))
    assert listed == 2339, listed
    print(f"  blokus_nb list(solutions(unique))  {listed:5d}   {cpu:7.2f} s  ({wall:.2f})")

    try:
        import exact_cover
    except ImportError:
        print("  exact-cover (C) not installed: pip install exact-cover  to compare")
        return
    matrix = exact_cover_matrix(x_in_one_quarter=True)
    c_cpu, c_wall, c_count = best_of(args.repeat, lambda: exact_cover.get_solution_count(matrix))
    assert c_count == 2339, c_count
    print(f"  exact-cover get_solution_count     {c_count:5d}   {c_cpu:7.2f} s  ({c_wall:.2f})"
          f"   [{matrix.shape[0]} rows x {matrix.shape[1]} columns, X in one quarter]")
    ours_matrix, held = matrix_of_puzzle(Puzzle((WIDTH, HEIGHT), "pentominoes"))
    cpu, wall, count = best_of(args.repeat, lambda: exact_cover.get_solution_count(ours_matrix))
    assert count == 2339, count
    print(f"  exact-cover, our symmetry breaking {count:5d}   {cpu:7.2f} s  ({wall:.2f})"
          f"   [{ours_matrix.shape[0]} rows, {held} held to one placement per class]")
    c_cpu = min(c_cpu, cpu)
    if args.all:
        full = exact_cover_matrix(x_in_one_quarter=False)
        cpu, wall, all_count = best_of(args.repeat, lambda: exact_cover.get_solution_count(full))
        print(f"  exact-cover, all tilings           {all_count:5d}   {cpu:7.2f} s  ({wall:.2f})")
    print(f"ratio blokus_nb / exact-cover (CPU time to count 2339, against its faster run): {ours_cpu / c_cpu:.2f}"
          f"  ({'faster' if ours_cpu < c_cpu else 'slower'} than the C solver)")


if __name__ == "__main__":
    main()
