"""Generated puzzles: uniqueness checked by an independent count, reproducibility, difficulty, bad input."""

from __future__ import annotations

import signal

import pytest

from blokus_nb import pieces
from blokus_nb.exact_cover import AlgorithmX
from blokus_nb.puzzles import GenerationError, Puzzle, PuzzleError, RegionError, generate, generate_set, regions
from blokus_nb.puzzles.difficulty import THRESHOLDS, level_of
from blokus_nb.puzzles.generation import LEVEL_PIECES, MAX_GENERATED_CELLS


def independent_unique_count(puzzle: Puzzle) -> int:
    """Tilings up to the region's symmetries, counted with Algorithm X (not the bitboard search) and
    the symmetries applied by hand to each tiling found."""
    options = {}
    for name, count in puzzle.counts.items():
        for copy in range(count):
            for shape in _orientations(puzzle.shapes[name]):
                for dx in range(-10, puzzle.width + 1):
                    for dy in range(-10, puzzle.height + 1):
                        cells = frozenset((x + dx, y + dy) for x, y in shape)
                        if cells <= puzzle.cells:
                            options[(name, copy, cells)] = [*cells, (name, copy)]
    tilings = set()
    for solution in AlgorithmX(options).solutions():
        tilings.add(frozenset((name, cells) for name, _, cells in solution))

    def moved(tiling, t):
        region = [pieces.move_cell(c, t) for c in puzzle.cells]
        dx = min(x for x, _ in puzzle.cells) - min(x for x, _ in region)
        dy = min(y for _, y in puzzle.cells) - min(y for _, y in region)
        if {(x + dx, y + dy) for x, y in region} != set(puzzle.cells):
            return None
        return frozenset((name, frozenset((x + dx, y + dy) for x, y in (pieces.move_cell(c, t) for c in cells)))
                         for name, cells in tiling)

    orbits = set()
    for tiling in tilings:
        images = [m for m in (moved(tiling, t) for t in range(8)) if m is not None]
        orbits.add(min(images, key=lambda s: sorted((n, sorted(c)) for n, c in s)))
    return len(orbits)


def _orientations(shape):
    return sorted({pieces.transform(shape, t) for t in range(8)})


@pytest.mark.parametrize("pool, family, level, seed", [
    ("pentominoes", "random", 1, 0),
    ("pentominoes", "random", 2, 1),
    ("tetrominoes", "random", 1, 2),
    ("pentominoes", "rectangle", 1, 2),
    ("blokus", "holes", 1, 3),
    ("pentominoes", "rectangle", 2, 4),
    ("blokus", "letter", None, 5),
])
def test_a_generated_puzzle_has_one_solution_by_an_independent_count(pool, family, level, seed):
    puzzle = generate(pool, family, difficulty=level, seed=seed)
    assert independent_unique_count(puzzle) == 1
    assert puzzle.count(unique=True) == 1
    if level is not None:
        assert puzzle.difficulty().level == level
        lo, hi = LEVEL_PIECES[level]
        assert lo <= sum(puzzle.counts.values()) <= hi
    assert puzzle.origin["seed"] == seed


def test_exactly_k_solutions():
    puzzle = generate("pentominoes", "random", difficulty=2, solutions=2, seed=11)
    assert independent_unique_count(puzzle) == 2


def test_the_same_seed_gives_the_same_puzzle_and_others_differ():
    one = generate("blokus", "random", difficulty=2, seed=42)
    again = generate("blokus", "random", difficulty=2, seed=42)
    assert (one.cells, one.counts) == (again.cells, again.counts)
    other = generate("blokus", "random", difficulty=2, seed=43)
    assert (one.cells, one.counts) != (other.cells, other.counts)
    drawn = generate("blokus", "random", difficulty=1)
    replay = generate("blokus", "random", difficulty=1, seed=drawn.origin["seed"])
    assert (drawn.cells, drawn.counts) == (replay.cells, replay.counts)


def test_a_set_has_no_puzzle_twice():
    puzzles = generate_set(4, "pentominoes", "random", difficulty=1, seed=0)
    assert len({(p.cells, tuple(p.counts.items())) for p in puzzles}) == 4


def test_a_fixed_region_is_filled_from_the_pool():
    region = regions.letter("T")
    puzzle = generate("blokus", region, difficulty=None, seed=1)
    assert puzzle.cells == region and independent_unique_count(puzzle) == 1


def test_out_of_time_says_so():
    with pytest.raises(GenerationError, match=r"no puzzle .* found in 0.2 s \(\d+ candidates tried") as caught:
        generate("blokus", "heart", difficulty=1, seed=0, time_budget=0.2)
    assert caught.value.tried >= 1


@pytest.mark.parametrize("kwargs, error, words", [
    ({"region": set()}, RegionError, "no cells"),
    ({"region": (4, 4)}, PuzzleError, "cover exactly the region's 16 squares"),
    ({"region": (20, 20)}, PuzzleError, "generate fills at most"),
    ({"difficulty": 0}, PuzzleError, "from 1 .warm-up. to 5"),
    ({"difficulty": 6}, PuzzleError, "from 1 .warm-up. to 5"),
    ({"difficulty": "3"}, PuzzleError, "from 1 .warm-up. to 5"),
    ({"difficulty": True}, PuzzleError, "from 1 .warm-up. to 5"),
    ({"solutions": 0}, PuzzleError, "solutions is how many"),
    ({"time_budget": float("nan")}, PuzzleError, "time_budget"),
    ({"time_budget": -1}, PuzzleError, "time_budget"),
    ({"seed": 1.5}, PuzzleError, "seed"),
    ({"region": "circle"}, PuzzleError, "region is one of"),
    ({"pieces": "tetrominoes", "difficulty": 5}, PuzzleError, "the pool has 5"),
    ({"pieces": "F Q"}, PuzzleError, "no piece named"),
])
def test_bad_input_is_refused_at_once(kwargs, error, words):
    import time

    started = time.perf_counter()
    with pytest.raises(error, match=words):
        generate(**{"pieces": "pentominoes", "region": "random", **kwargs})
    assert time.perf_counter() - started < 1.0
    assert MAX_GENERATED_CELLS < 400


def test_ctrl_c_stops_generation_and_leaves_nothing_broken():
    def interrupt(*_):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            generate("pentominoes", "random", difficulty=5, seed=0, time_budget=60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    # The next run is as if the interrupted one never happened.
    first = generate("pentominoes", "random", difficulty=2, seed=9)
    second = generate("pentominoes", "random", difficulty=2, seed=9)
    assert (first.cells, first.counts) == (second.cells, second.counts)


def test_levels_cut_the_score_at_the_documented_thresholds():
    assert [level_of(t - 0.01) for t in THRESHOLDS] == [1, 2, 3, 4]
    assert [level_of(t) for t in THRESHOLDS] == [2, 3, 4, 5]


@pytest.mark.slow
def test_difficulty_orders_the_classic_pentomino_rectangles_as_the_books_do():
    ratings = {size: Puzzle(size, "pentominoes").difficulty() for size in [(20, 3), (15, 4), (12, 5), (10, 6)]}
    assert [r.solutions for r in ratings.values()] == [2, 368, 1010, 2339]
    per_solution = [r.per_solution for r in ratings.values()]
    assert per_solution == sorted(per_solution, reverse=True)  # 3x20 hardest ... 6x10 easiest
    # The figures the difficulty module's table quotes.
    assert [r.tried for r in ratings.values()] == [11724, 288145, 753805, 1319859]
    assert [r.level for r in ratings.values()] == [5, 4, 4, 4]


def test_difficulty_counts_forced_pieces_and_refuses_impossible_puzzles():
    corridor = Puzzle("#####\n#...#\n#####", ["I5", "I5", "1", "1"])
    rating = corridor.difficulty()
    assert rating.pieces == 4 and rating.solutions >= 1
    assert Puzzle("###\n#..", "L4").difficulty().forced == 1
    with pytest.raises(PuzzleError, match="no solution"):
        Puzzle((5, 4), "tetrominoes").difficulty()
