"""Generated puzzles: uniqueness checked by an independent count, reproducibility, difficulty, bad input."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

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
        generate("blokus", "heart", difficulty=3, seed=0, time_budget=0.2)
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
@pytest.mark.timing
def test_bad_input_is_refused_at_once(kwargs, error, words):
    import time

    started = time.perf_counter()
    with pytest.raises(error, match=words):
        generate(**{"pieces": "pentominoes", "region": "random", **kwargs})
    assert time.perf_counter() - started < 1.0
    assert MAX_GENERATED_CELLS < 400


def test_ctrl_c_stops_generation_and_leaves_nothing_broken(monkeypatch):
    # Ctrl+C arrives in the middle of the search, after some candidates were built and
    # tried (a timer would miss it on a machine fast enough to finish first).
    from blokus_nb.puzzles import generation

    real, calls = generation._candidate, []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(generation, "_candidate", interrupted)
    with pytest.raises(KeyboardInterrupt):
        generate("pentominoes", "random", difficulty=5, seed=0, time_budget=60)
    monkeypatch.setattr(generation, "_candidate", real)
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


@pytest.mark.timing
def test_difficulty_counts_forced_pieces_and_refuses_impossible_puzzles():
    corridor = Puzzle("#####\n#...#\n#####", ["I5", "I5", "1", "1"])
    rating = corridor.difficulty()
    assert rating.pieces == 4 and rating.solutions >= 1
    assert Puzzle("###\n#..", "L4").difficulty().forced == 1
    with pytest.raises(PuzzleError, match="no solution"):
        Puzzle((5, 4), "tetrominoes").difficulty()


# -- requests that cannot be met, refused at once; sets bounded by their budget ---------------

class _TooSlow(Exception):
    pass


@contextlib.contextmanager
def within(seconds: float):
    """Fail (rather than hang the suite) if the block takes longer than ``seconds``."""
    def too_slow(*_):
        raise _TooSlow(f"took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, too_slow)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.perf_counter() - started < seconds


def canonical(puzzle: Puzzle) -> tuple:
    """The puzzle up to the square's symmetries (and where its region sits): region and pieces."""
    region = min(pieces.transform(puzzle.cells, t) for t in range(8))
    shapes = sorted((min(pieces.transform(puzzle.shapes[n], t) for t in range(8)), c) for n, c in puzzle.counts.items())
    return region, tuple(shapes)


def test_a_fixed_region_and_a_pool_that_cannot_reach_the_level_are_refused_at_once():
    with within(3):
        with pytest.raises(PuzzleError, match=r"only with I4 and O, and they cannot tile it") as caught:
            generate(["I4", "O"], "####\n####", difficulty=3, time_budget=30)
    assert not isinstance(caught.value, GenerationError)
    with within(3):
        with pytest.raises(GenerationError, match=r"only as I4 and I4, a puzzle with 1 solution at level 1") as caught:
            generate(["I4", "I4"], "####\n####", difficulty=3, time_budget=30)
    assert caught.value.exhausted and caught.value.closest == 1
    # The same pool at the level it has is made.
    assert generate(["I4", "I4"], "####\n####", difficulty=1).count(unique=True) == 1
    with within(3):
        with pytest.raises(PuzzleError, match="at least 2 pieces; the pool has 1"):
            generate("F", "random", difficulty=None)


@pytest.mark.parametrize("pool, region, words", [
    ("pentominoes", "heart", r"no heart has .* hearts have 32, 44, 56"),
    ("tetrominoes", "heart", r"no heart has .* hearts have 32"),
    ("blokus", "heart", r"no heart has"),  # level 1: 3 or 4 pieces, 20 squares at most
])
def test_a_family_no_region_of_which_the_pool_can_cover_is_refused_at_once(pool, region, words):
    with within(3):
        with pytest.raises(PuzzleError, match=words):
            generate(pool, region, difficulty=1 if pool == "blokus" else None, time_budget=30)


def test_a_fixed_request_that_explain_rules_out_is_refused_at_once_with_the_reason():
    with within(3):
        with pytest.raises(PuzzleError, match="Colour the region like a chessboard") as caught:
            generate("tetrominoes", (5, 4), difficulty=None, time_budget=30)
    assert "only with I4, L4, O, T4 and Z4" in str(caught.value)
    with within(3):
        with pytest.raises(PuzzleError, match=r"no piece of the pool can cover the square at \(0, 0\)"):
            generate("pentominoes", "#....\n.####\n#####", difficulty=None, time_budget=30)


def test_a_set_asked_for_more_puzzles_than_exist_ends_within_its_budget():
    with within(5):
        with pytest.raises(GenerationError, match="found 1 different puzzle of the 2 asked for: no other exists"):
            generate_set(2, "pentominoes", "#\n#\n#\n##", difficulty=None, time_budget=1)
    with within(5):
        with pytest.raises(GenerationError, match="found 0 different puzzles of the 2 asked for"):
            generate_set(2, "pentominoes", "#\n#\n#\n##", time_budget=1)  # level 2: none at all


def test_a_set_never_holds_one_puzzle_turned():
    # Two O's in a 2x4 and in a 4x2 are one puzzle turned: a set of two does not exist.
    with within(5):
        with pytest.raises(GenerationError, match=r"found 1 different puzzle of the 2 asked for: no other in 1 s"):
            generate_set(2, "O O", "rectangle", difficulty=None, time_budget=1)


def test_the_budget_bounds_the_whole_set():
    with within(5):
        try:
            puzzles = generate_set(6, "pentominoes", "random", difficulty=4, seed=0, time_budget=1.5)
        except GenerationError as error:
            assert "asked for" in str(error)
        else:
            assert len({canonical(p) for p in puzzles}) == 6


def test_a_set_has_no_puzzle_twice_up_to_the_regions_symmetry():
    puzzles = generate_set(5, "O O I4 I4 L4 L4 T4 T4 Z4 Z4", "rectangle", difficulty=None, seed=0, time_budget=20)
    assert len({canonical(p) for p in puzzles}) == 5


HEXOMINOES = [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
              [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)],
              [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]]


@pytest.mark.parametrize("family", ["random", "rectangle", "holes", "letter", "fixed"])
def test_a_pool_of_polyominoes_given_as_cells_makes_puzzles(family):
    pool = [*HEXOMINOES, *HEXOMINOES, "I4", "L4", "O", "T4", "Z4", "I3", "V3", "2"]
    region = "######\n######\n######\n######" if family == "fixed" else family
    puzzle = generate(pool, region, difficulty=None, seed=1, time_budget=30)
    assert independent_unique_count(puzzle) == 1
    given = {min(pieces.transform(shape, t) for t in range(8)) for shape in HEXOMINOES}
    for name in puzzle.counts:
        if name.startswith("poly"):
            assert min(pieces.transform(puzzle.shapes[name], t) for t in range(8)) in given


@pytest.mark.slow
def test_a_set_of_names_gives_the_same_puzzle_in_every_process():
    code = ("from blokus_nb.puzzles import generate, generate_set\n"
            "names = {'F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'}\n"
            "p = generate(names, 'random', difficulty=1, seed=3)\n"
            "print(p.counts); print(p)\n"
            "print(generate(names, 'rectangle', difficulty=None, seed=3))")
    outputs = set()
    for hash_seed in ("0", "1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outputs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                   check=True).stdout)
    assert len(outputs) == 1


@st.composite
def requests(draw):
    """A small region (a family or drawn cells) and a small pool (names, some as cells), any level."""
    small = [p for p in pieces.PIECES if p.size <= 5]
    names = draw(st.lists(st.sampled_from([p.name for p in small]), min_size=1, max_size=8))
    pool = [pieces.get(n).cells if draw(st.booleans()) else n for n in names]
    if draw(st.booleans()):
        region = draw(st.sampled_from(regions.FAMILIES))
    else:
        width, height = draw(st.integers(1, 6)), draw(st.integers(1, 4))
        cells = {(x, y) for x in range(width) for y in range(height)}
        gone = draw(st.sets(st.sampled_from(sorted(cells)), max_size=max(0, len(cells) - 1)))
        region = sorted(cells - gone)
    return pool, region, draw(st.sampled_from([None, 1, 2, 3])), draw(st.integers(1, 2))


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(requests(), st.integers(0, 2**32 - 1))
def test_random_requests_give_a_puzzle_or_a_puzzle_error_within_the_budget(request, seed):
    pool, region, level, solutions = request
    budget = 0.4
    started = time.perf_counter()
    with within(budget + 4):  # the budget, and slack for a loaded machine
        try:
            puzzle = generate(pool, region, difficulty=level, solutions=solutions, seed=seed, time_budget=budget)
        except PuzzleError:
            return
    assert time.perf_counter() - started < budget + 4
    assert puzzle.count(unique=True) == solutions
    if level is not None:
        assert puzzle.difficulty().level == level
    if not isinstance(region, str):
        assert puzzle.cells == frozenset(region)
