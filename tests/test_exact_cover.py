"""The exact-cover solvers against brute force and known counts."""

from __future__ import annotations

import itertools

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from blokus_nb import pieces
from blokus_nb.errors import BlokusError
from blokus_nb.exact_cover import AlgorithmX, TilingSearch

# -- slow, obvious references -------------------------------------------------------------

def brute_force_exact_covers(options: dict, primary: set, secondary: set) -> set[frozenset]:
    """Every subset of the options, kept if it covers primary items once and secondary at most once.

    As in Knuth's Algorithm X, an option with no primary item is never chosen.
    """
    names = [name for name in options if set(options[name]) & primary]
    found = set()
    for r in range(len(names) + 1):
        for chosen in itertools.combinations(names, r):
            covered = [item for name in chosen for item in options[name]]
            if len(covered) != len(set(covered)):
                continue
            if primary <= set(covered) and set(covered) <= primary | secondary:
                found.add(frozenset(chosen))
    return found


def brute_force_tilings(full: int, kinds: list[tuple[int, list[int]]], filled: int = 0) -> set[frozenset]:
    """Choose up to `quota` disjoint placements of each kind in turn; keep the choices that fill every cell."""
    found = set()

    def choose(k: int, covered: int, chosen: list) -> None:
        if k == len(kinds):
            if covered == full:
                found.add(frozenset(chosen))
            return
        quota, masks = kinds[k]
        for combo in (c for r in range(quota + 1) for c in itertools.combinations(sorted(set(masks)), r)):
            union = 0
            for mask in combo:
                if union & mask:
                    break
                union |= mask
            else:
                if not union & covered:
                    choose(k + 1, covered | union, chosen + [(k, m) for m in combo])

    choose(0, filled, [])
    return found


def grid_problem(width: int, height: int, shapes: list[tuple[tuple[int, int], ...]],
                 quotas: list[int], holes: set = frozenset(), column_major: bool = False):
    """Cells of a width x height box minus holes, numbered row by row (or column by column)."""
    cells = [(x, y) for y in range(height) for x in range(width) if (x, y) not in holes]
    if column_major:
        cells.sort()
    index = {c: i for i, c in enumerate(cells)}
    neighbours = [[index[n] for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in index]
                  for x, y in cells]
    kinds = []
    for shape, quota in zip(shapes, quotas):
        masks = set()
        for t in range(8):
            oriented = pieces.transform(shape, t)
            for dx in range(width):
                for dy in range(height):
                    moved = [(x + dx, y + dy) for x, y in oriented]
                    if all(c in index for c in moved):
                        masks.add(sum(1 << index[c] for c in moved))
        kinds.append((quota, sorted(masks)))
    return len(cells), neighbours, kinds


# -- AlgorithmX -------------------------------------------------------------------------------

def test_knuths_example_has_its_one_solution():
    # The example matrix of Knuth's "Dancing Links" paper: items A-G, six options.
    options = {1: "CEF", 2: "ADG", 3: "BCF", 4: "AD", 5: "BG", 6: "DEG"}
    problem = AlgorithmX({k: list(v) for k, v in options.items()})
    assert [sorted(s) for s in problem.solutions()] == [[1, 4, 5]]
    assert problem.count() == 1
    assert sorted(problem.solve()) == [1, 4, 5]


def test_algorithm_x_no_solution_and_secondary_items():
    assert AlgorithmX({"a": [1, 2], "b": [2, 3]}).solve() is None
    # "z" is secondary: covering it is optional but at most once.
    problem = AlgorithmX({"a": [1, "z"], "b": [1], "c": [2, "z"], "d": [2]}, secondary=["z"])
    assert {frozenset(s) for s in problem.solutions()} == {
        frozenset("ad"), frozenset("bc"), frozenset("bd")}
    # A listed primary item that no option covers makes the problem impossible.
    assert AlgorithmX({"a": [1]}, primary=[1, 2]).count() == 0


def test_algorithm_x_rejects_an_option_listing_an_item_twice():
    with pytest.raises(ValueError, match="twice"):
        AlgorithmX({"a": [1, 1]})


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.frozensets(st.integers(0, 6), min_size=1, max_size=4), min_size=1, max_size=9),
       st.frozensets(st.integers(0, 6), max_size=2))
def test_algorithm_x_matches_brute_force(rows, secondary):
    options = {i: sorted(row) for i, row in enumerate(rows)}
    items = set().union(*rows)
    primary = items - secondary
    expected = brute_force_exact_covers(options, primary, set(secondary))
    got = [frozenset(s) for s in AlgorithmX(options, secondary=secondary).solutions()]
    assert len(got) == len(set(got))  # each solution once
    assert set(got) == expected


# -- TilingSearch -----------------------------------------------------------------------------

SMALL_SHAPES = [p.cells for p in pieces.PIECES if p.size <= 4]


def test_dominoes_on_small_boards():
    # Domino tilings of 2xn are Fibonacci numbers; of a 4x4 square, 36.
    for n, expected in [(1, 1), (2, 2), (3, 3), (4, 5), (5, 8), (6, 13)]:
        size, neighbours, kinds = grid_problem(n, 2, [pieces.get("2").cells], [n])
        assert TilingSearch(size, neighbours, kinds).count() == expected
    size, neighbours, kinds = grid_problem(4, 4, [pieces.get("2").cells], [8])
    search = TilingSearch(size, neighbours, kinds)
    assert search.count() == search.count(memo=False) == 36
    assert len(set(search.solutions())) == 36


def test_quota_zero_and_impossible_problems():
    size, neighbours, kinds = grid_problem(3, 1, [pieces.get("I3").cells, pieces.get("1").cells], [1, 0])
    assert TilingSearch(size, neighbours, kinds).count() == 1
    size, neighbours, kinds = grid_problem(3, 1, [pieces.get("I3").cells, pieces.get("1").cells], [0, 2])
    search = TilingSearch(size, neighbours, kinds)
    assert search.count() == 0 and search.solve() is None


def test_filled_cells_are_left_alone():
    size, neighbours, kinds = grid_problem(4, 1, [pieces.get("2").cells], [1])
    # Cells 0 and 3 already covered: only the middle domino remains.
    assert list(TilingSearch(size, neighbours, kinds, filled=0b1001).solutions()) == [((0, 0b0110),)]


def test_bad_placements_are_rejected():
    with pytest.raises(ValueError):
        TilingSearch(2, [[1], [0]], [(1, [0b100])])
    with pytest.raises(ValueError):
        TilingSearch(2, [[1]], [(1, [0b11])])


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(2, 4), st.integers(2, 4),
       st.lists(st.tuples(st.integers(0, len(SMALL_SHAPES) - 1), st.integers(1, 3)), min_size=1, max_size=3,
                unique_by=lambda t: t[0]),
       st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=3),
       st.booleans())
@pytest.mark.slow
def test_tiling_search_matches_brute_force(width, height, chosen, holes, column_major):
    shapes = [SMALL_SHAPES[i] for i, _ in chosen]
    quotas = [q for _, q in chosen]
    holes = {h for h in holes if h[0] < width and h[1] < height}
    size, neighbours, kinds = grid_problem(width, height, shapes, quotas, holes, column_major)
    full = (1 << size) - 1
    expected = brute_force_tilings(full, kinds)
    search = TilingSearch(size, neighbours, kinds)
    got = [frozenset(s) for s in search.solutions()]
    assert len(got) == len(set(got))  # each tiling exactly once, copies of a piece being alike
    assert set(got) == expected
    assert search.count() == search.count(memo=False) == len(expected)


def test_pentominoes_tile_3x20_in_8_ways():
    pentominoes = [p.cells for p in pieces.PIECES if p.size == 5]
    size, neighbours, kinds = grid_problem(20, 3, pentominoes, [1] * 12, column_major=True)
    search = TilingSearch(size, neighbours, kinds)
    assert search.count() == 8
    solutions = list(search.solutions())
    assert len(solutions) == 8
    for solution in solutions:
        assert sorted(k for k, _ in solution) == list(range(12))
        union = 0
        for _, mask in solution:
            assert not union & mask
            union |= mask
        assert union == (1 << 60) - 1


def test_remembered_counts_make_domino_tilings_of_a_chessboard_quick():
    # 12,988,816 domino tilings of 8x8 (Fisher-Temperley, Kasteleyn 1961): far too many to list,
    # counted from the positions that repeat.
    size, neighbours, kinds = grid_problem(8, 8, [pieces.get("2").cells], [32])
    assert TilingSearch(size, neighbours, kinds).count() == 12_988_816
    # A tiny memory limit (the table is emptied when full) changes the speed, not the count.
    size, neighbours, kinds = grid_problem(6, 6, [pieces.get("2").cells], [18])
    assert TilingSearch(size, neighbours, kinds).count(memo_limit=50) == 6728


@pytest.mark.slow
def test_algorithm_x_has_no_recursion_limit():
    # 3,000 items, each covered by exactly two options of its own: one solution per choice pattern
    # would be 2**3000; the first one needs 3,000 levels (was RecursionError)
    options = {(k, side): [k] for k in range(3000) for side in "ab"}
    solution = AlgorithmX(options).solve()
    assert solution is not None and len(solution) == 3000 and {k for k, _ in solution} == set(range(3000))
    assert AlgorithmX({"x": ["a"], None: ["a"]}).count() == 2  # None is a name like any other


def test_tiling_search_refuses_more_pieces_than_it_can_recurse():
    from blokus_nb.exact_cover import MAX_PIECES

    n = MAX_PIECES + 1
    with pytest.raises(BlokusError, match="too many to search"):
        TilingSearch(n, [[] for _ in range(n)], [(n, [1 << k for k in range(n)])])


# -- the most-constrained-first search ------------------------------------------------------

from hypothesis import given as _given  # noqa: E402 - this part's own imports
from hypothesis import settings as _settings  # noqa: E402
from hypothesis import strategies as _st  # noqa: E402


@_settings(max_examples=examples(40), deadline=None)
@_given(_st.integers(0, 10**6), _st.integers(2, 5), _st.integers(2, 4))
def test_most_constrained_search_finds_every_tiling_the_bitboard_search_counts(seed, width, height):
    import random

    from blokus_nb.exact_cover import MostConstrainedSearch
    from blokus_nb.puzzles import Puzzle

    rng = random.Random(seed)
    small = ["1", "2", "I3", "V3", "I4", "L4", "O", "T4", "Z4"]
    area = width * height
    chosen: list[str] = []
    from blokus_nb import pieces as _p
    while sum(_p.get(n).size for n in chosen) < area:
        left = area - sum(_p.get(n).size for n in chosen)
        chosen.append(rng.choice([n for n in small if _p.get(n).size <= left]))
    puzzle = Puzzle((width, height), chosen)
    kinds = [(puzzle.counts[n], puzzle._placements_of[n]) for n in puzzle._names]
    found = MostConstrainedSearch(len(puzzle._order), kinds).explore()
    assert found.complete and found.solutions == puzzle.count()
    assert found.tried >= found.solutions * 0  # every placement is counted once it is tried
    if found.first is not None:
        search = MostConstrainedSearch(len(puzzle._order), kinds)
        masks = [search.options[j][1] for j in found.first]
        union = 0
        for mask in masks:
            assert not union & mask
            union |= mask
        assert union == (1 << len(puzzle._order)) - 1


def test_most_constrained_search_stops_at_its_limit_and_when_told():
    import threading

    from blokus_nb.exact_cover import MostConstrainedSearch, SearchStopped
    from blokus_nb.puzzles import Puzzle

    puzzle = Puzzle((10, 6), "pentominoes")
    kinds = [(1, puzzle._placements_of[n]) for n in puzzle._names]
    limited = MostConstrainedSearch(60, kinds).explore(limit=3)
    assert limited.solutions == 4 and not limited.complete
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        MostConstrainedSearch(60, kinds).explore(stop=stop)
