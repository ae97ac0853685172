"""Tiling puzzles: known counts, brute force on small regions, parsing, and the play state."""

from __future__ import annotations

import itertools
import random
from xml.etree import ElementTree

import matplotlib
import matplotlib.pyplot
import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from blokus_nb import pieces
from blokus_nb.errors import BlokusError
from blokus_nb.puzzles import (
    PENTOMINOES,
    Placement,
    PlacementError,
    Puzzle,
    PuzzleError,
    RegionError,
    Tiling,
    parse_pieces,
    parse_region,
)

matplotlib.use("Agg")

EIGHT_BY_EIGHT_WITH_HOLE = """
    ########
    ########
    ########
    ###..###
    ###..###
    ########
    ########
    ########
"""


# -- a slow, obvious reference ------------------------------------------------------------

def brute_force(region: set, shapes: list) -> set[frozenset]:
    """Every tiling, as a set of (piece name, cells): place the pieces in the order given, anywhere."""
    found = set()

    def placements(name, shape, free):
        seen = set()
        for t in range(8):
            oriented = pieces.transform(shape, t)
            for rx, ry in free:
                fx, fy = oriented[0]
                cells = frozenset((x - fx + rx, y - fy + ry) for x, y in oriented)
                if cells <= free and cells not in seen:
                    seen.add(cells)
                    yield cells

    def place(i, free, chosen):
        if i == len(shapes):
            if not free:
                found.add(frozenset(chosen))
            return
        name, shape = shapes[i]
        for cells in placements(name, shape, free):
            place(i + 1, free - cells, chosen + [(name, cells)])

    place(0, frozenset(region), [])
    return found


def images(tiling: frozenset, region: set) -> list[frozenset]:
    """The tiling under every symmetry of the square that maps the region onto itself."""
    out = []
    for t in range(8):
        def move(cell, t=t):
            x, y = cell
            for _ in range(t % 4):
                x, y = -y, x
            return (-x, y) if t >= 4 else (x, y)
        moved_region = {move(c) for c in region}
        dx = min(x for x, _ in region) - min(x for x, _ in moved_region)
        dy = min(y for _, y in region) - min(y for _, y in moved_region)
        if {(x + dx, y + dy) for x, y in moved_region} != set(region):
            continue
        out.append(frozenset((name, frozenset((move(c)[0] + dx, move(c)[1] + dy) for c in cells))
                             for name, cells in tiling))
    return out


def as_set(tiling: Tiling) -> frozenset:
    return frozenset((p.piece, frozenset(p.cells)) for p in tiling.placements)


def assert_valid(tiling: Tiling, puzzle: Puzzle) -> None:
    covered = [c for p in tiling.placements for c in p.cells]
    assert len(covered) == len(set(covered)) and set(covered) == puzzle.cells
    names = sorted(p.piece for p in tiling.placements)
    assert names == sorted(n for n, k in puzzle.counts.items() for _ in range(k))
    for p in tiling.placements:
        assert pieces.normalize(p.cells) in [pieces.transform(puzzle.shapes[p.piece], t) for t in range(8)]


# -- known counts -------------------------------------------------------------------------

@pytest.mark.parametrize("width, height, unique, total", [
    (20, 3, 2, 8),
    (15, 4, 368, 1472),
    (12, 5, 1010, 4040),
])
def test_pentomino_rectangles(width, height, unique, total):
    puzzle = Puzzle((width, height), "pentominoes")
    assert puzzle.count(unique=True) == unique
    assert puzzle.count() == total
    # A tall rectangle is the same puzzle turned.
    assert Puzzle((height, width), "pentominoes").count(unique=True) == unique


def test_3x20_solutions_listed_and_valid():
    puzzle = Puzzle((20, 3), "pentominoes")
    everything = [as_set(t) for t in puzzle.solutions()]
    unique = list(puzzle.solutions(unique=True))
    assert len(everything) == len(set(everything)) == 8
    assert len(unique) == 2
    for tiling in unique:
        assert_valid(tiling, puzzle)
    # The two unique ones are not images of each other, and their images are all 8.
    region = puzzle.cells
    orbit = {image for t in unique for image in images(as_set(t), region)}
    assert orbit == set(everything)


@pytest.mark.slow
def test_8x8_without_its_centre_has_65_tilings():
    puzzle = Puzzle(EIGHT_BY_EIGHT_WITH_HOLE, "pentominoes")
    assert len(puzzle.cells) == 60 and (3, 3) not in puzzle.cells
    assert puzzle.symmetries == tuple(range(8))
    assert puzzle.count(unique=True) == 65
    assert puzzle.count() == 520  # no tiling of it is symmetric, so each has 8 images


@pytest.mark.slow
def test_6x10_has_2339_tilings():
    puzzle = Puzzle((10, 6), "pentominoes")
    assert puzzle.count(unique=True) == 2339
    assert puzzle.count() == 9356


# -- small regions against brute force ----------------------------------------------------

SMALL = [p for p in pieces.PIECES if p.size <= 4]


@st.composite
def small_puzzles(draw):
    """A region made by dropping random pieces into a 5x4 box, and those pieces: at least one tiling."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    chosen = draw(st.lists(st.sampled_from(SMALL), min_size=1, max_size=4))
    region: set = set()
    names = []
    for piece in chosen:
        shape = pieces.transform(piece.cells, rng.randrange(8))
        spots = [(dx, dy) for dx in range(5) for dy in range(4)
                 if all((x + dx, y + dy) not in region and x + dx < 5 and y + dy < 4 for x, y in shape)]
        if spots:
            dx, dy = rng.choice(spots)
            region |= {(x + dx, y + dy) for x, y in shape}
            names.append(piece.name)
    if not names:
        region = {(0, 0)}
        names = ["1"]
    return region, names


@settings(max_examples=examples(60), deadline=None)
@given(small_puzzles())
def test_small_puzzles_match_brute_force(case):
    region, names = case
    puzzle = Puzzle(set(region), names)
    expected = brute_force(region, [(n, pieces.get(n).cells) for n in names])
    assert expected  # the region was built from these pieces
    got = [as_set(t) for t in puzzle.solutions()]
    assert len(got) == len(set(got))
    assert set(got) == expected
    assert puzzle.count() == len(expected)
    # Up to symmetry: orbits of the brute-force tilings under the region's symmetries.
    orbits = {min(images(t, region), key=lambda s: sorted((n, sorted(c)) for n, c in s)) for t in expected}
    assert puzzle.count(unique=True) == len(orbits)
    unique = [as_set(t) for t in puzzle.solutions(unique=True)]
    assert len(unique) == len(orbits)
    assert {min(images(t, region), key=lambda s: sorted((n, sorted(c)) for n, c in s)) for t in unique} == orbits


def test_symmetric_tilings_and_repeated_pieces_count_right():
    # A 4x4 square in 2x2 squares: one tiling, symmetric under all 8 moves.
    assert Puzzle((4, 4), {"O": 4}).count() == 1
    assert Puzzle((4, 4), {"O": 4}).count(unique=True) == 1
    # 2x4 in dominoes: 5 tilings; up to symmetry 4 (two mirror each other).
    puzzle = Puzzle((4, 2), ["2"] * 4)
    region = puzzle.cells
    expected = brute_force(region, [("2", pieces.get("2").cells)] * 4)
    assert puzzle.count() == len(expected) == 5
    assert puzzle.count(unique=True) == len({min(images(t, region), key=lambda s: sorted(
        (n, sorted(c)) for n, c in s)) for t in expected}) == 4


def test_polyominoes_that_are_not_pieces():
    hexomino = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    puzzle = Puzzle((6, 2), [hexomino, hexomino])
    assert list(puzzle.counts.items()) == [("poly1", 2)]
    assert puzzle.count() == 1
    tiling = puzzle.solve()
    assert [p.piece for p in tiling.placements] == ["poly1", "poly1"]
    assert str(tiling) == "AAAAAA\nBBBBBB"
    assert repr(tiling) == "<Tiling of a 12-cell region: poly1 poly1>"


# -- reading regions and pieces -----------------------------------------------------------

def test_region_forms_agree():
    art = "##.\n###"
    mask = [[True, True, False], [1, 1, 1]]
    cells = {(0, 0), (1, 0), (0, 1), (1, 1), (2, 1)}
    assert parse_region(art) == parse_region(mask) == parse_region(cells) == frozenset(cells)
    assert parse_region(sorted(cells)) == frozenset(cells)  # a list of (x, y) tuples is cells, not a mask
    assert parse_region((3, 2)) == frozenset(cells | {(2, 0)})
    # Indented art with blank lines around it, as in a notebook cell.
    assert parse_region("\n    ##\n     #\n") == frozenset({(0, 0), (1, 0), (1, 1)})


def test_numpy_masks_work():
    np = pytest.importorskip("numpy")
    mask = np.ones((6, 10), dtype=bool)
    assert Puzzle(mask, "pentominoes").symmetries == (0, 2, 4, 6)


@pytest.mark.parametrize("region, message", [
    ("##\n#x", "line 2, column 2"),
    ("\n\n##\n\t#", "line 4, column 1"),
    ("...\n...", "no cells"),
    ((0, 5), "positive"),
    ([[True, False], [True]], "different lengths"),
    ([[True, "yes"]], "not a boolean"),
    ({(0, 0), (-1, 2)}, "not a cell"),
    (3.5, "cannot read a region"),
])
def test_bad_regions_say_what_is_wrong(region, message):
    with pytest.raises(RegionError, match=message) as caught:
        parse_region(region)
    assert isinstance(caught.value, BlokusError) and isinstance(caught.value, ValueError)


def test_region_error_has_position():
    with pytest.raises(RegionError) as caught:
        parse_region("##\n#?")
    assert (caught.value.line, caught.value.column) == (2, 2)


def test_piece_lists():
    assert list(Puzzle((10, 6), "pentominoes").counts) == list(PENTOMINOES)
    assert list(parse_pieces("blokus")) == list(pieces.NAMES)
    # Usual letters are accepted for the pentominoes Blokus names with a 5.
    assert list(Puzzle((5, 2), "L L").counts.items()) == [("L5", 2)]
    assert list(Puzzle((5, 2), {"P": 2}).counts.items()) == [("P", 2)]
    assert list(Puzzle((5, 2), [pieces.get("P"), "p"]).counts.items()) == [("P", 2)]


@pytest.mark.parametrize("pieces_spec, message", [
    ("F Q", "no piece named 'Q'"),
    ([[(0, 0), (2, 0)]], "not a polyomino"),
    ([42], "neither a piece name"),
    ({"F": -1}, "whole number"),
    ("", "no pieces"),
    (["F"], "cover 5 squares but the region has 60"),
])
def test_bad_pieces_say_what_is_wrong(pieces_spec, message):
    with pytest.raises(PuzzleError, match=message):
        Puzzle((10, 6), pieces_spec)


# -- a tiling in progress -----------------------------------------------------------------

def test_place_and_remove_with_reasons():
    puzzle = Puzzle((5, 2), ["L5", "L5"])
    first = puzzle.place([(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)])
    assert first == Placement("L5", [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)])
    assert puzzle.remaining == {"L5": 1}
    before = puzzle.placements
    cases = [
        ([(4, 0), (5, 0)], None, "outside"),
        ([(0, 1), (1, 1)], None, "overlap"),
        ([(1, 1), (2, 1)], None, "not-a-piece"),
        ([(4, 0), (4, 1), (3, 1), (2, 1), (1, 1)], "P", "not-a-piece"),  # no P in this puzzle
        ([(4, 0), (4, 1), (3, 1), (2, 1), (1, 1)], "nonsense", "not-a-piece"),
    ]
    for cells, piece, rule in cases:
        with pytest.raises(PlacementError) as caught:
            puzzle.place(cells, piece)
        assert caught.value.rule == rule
        assert puzzle.placements == before  # nothing changed
    puzzle.place([(4, 0), (4, 1), (3, 1), (2, 1), (1, 1)], pieces.get("L5"))
    assert puzzle.is_solved and puzzle.remaining == {"L5": 0}
    with pytest.raises(PlacementError) as caught:
        Puzzle((5, 2), ["L5", "L5"]).check([(0, 0)], "1")
    assert caught.value.rule == "not-a-piece"
    with pytest.raises(PlacementError) as caught:
        Puzzle((5, 2), ["L5", "P"]).check([(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)], "P")
    assert caught.value.rule == "wrong-piece"
    removed = puzzle.remove((0, 1))
    assert removed == first and not puzzle.is_solved
    with pytest.raises(PlacementError) as caught:
        puzzle.remove((0, 1))
    assert caught.value.rule == "empty"
    puzzle.remove(puzzle.placements[0])
    assert puzzle.placements == ()


def test_cells_that_are_not_whole_numbers_are_refused_not_rounded():
    puzzle = Puzzle((2, 1), ["2"])
    for cells in ([(0.5, 0), (1.7, 0)], [("a", 0), (1, 0)], [(0, 0, 0)]):
        with pytest.raises(PlacementError, match="not a list of"):
            puzzle.place(cells)
    assert puzzle.placements == ()
    assert puzzle.place([(0.0, 0), (1, 0.0)]).cells == ((0, 0), (1, 0))


def test_none_left():
    puzzle = Puzzle((4, 1), ["2", "2"])
    puzzle.place([(0, 0), (1, 0)])
    puzzle.place([(2, 0), (3, 0)])
    puzzle.remove((0, 0))
    puzzle.place([(0, 0), (1, 0)])
    other = Puzzle((3, 2), ["V3", "1", "2"])
    other.place([(0, 0)])
    with pytest.raises(PlacementError) as caught:
        other.place([(2, 1)])
    assert caught.value.rule == "none-left"


def test_hints_lead_to_a_solution():
    puzzle = Puzzle((12, 5), "pentominoes")
    steps = 0
    while not puzzle.is_solved:
        hint = puzzle.hint()
        assert hint is not None
        puzzle.place(hint.cells, hint.piece)
        steps += 1
    assert steps == 12
    assert_valid(puzzle.tiling(), puzzle)
    assert puzzle.hint() is None  # nothing left to hint


def test_hint_from_a_dead_end():
    puzzle = Puzzle((20, 3), "pentominoes")
    # The X in a corner region of a 3-high strip leaves two cells that nothing can fill.
    puzzle.place([(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], "X")
    assert puzzle.hint() is None and puzzle.complete() is None
    puzzle.clear()
    # From an explicit partial tiling that belongs to a solution, the hint extends it.
    solution = puzzle.solve()
    partial = list(solution.placements[:5])
    hint = puzzle.hint(partial)
    assert hint is not None and hint not in partial
    completed = puzzle.complete(partial)
    assert set(partial) <= set(completed.placements)
    assert_valid(completed, puzzle)
    assert puzzle.placements == ()  # an explicit partial leaves the puzzle's own state alone
    with pytest.raises(PlacementError):
        puzzle.hint([partial[0], partial[0]])


# -- pictures -----------------------------------------------------------------------------

def test_tilings_draw():
    puzzle = Puzzle((20, 3), "pentominoes")
    tiling = puzzle.solve()
    svg = tiling._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 60
    assert ElementTree.fromstring(svg).tag.endswith("svg")  # well-formed XML
    text = str(tiling)
    assert len(text.splitlines()) == 3 and set(text.replace("\n", "")) == set("FILNPTUVWXYZ")
    ax = tiling.plot(title="3x20")
    assert ax.get_title() == "3x20" and len(ax.collections) == 2
    matplotlib.pyplot.close("all")
    puzzle.place(tiling.placements[0].cells)
    assert "#" in str(puzzle) and puzzle._repr_svg_().count("<rect") > 60  # empty cells get a grid
    # With nothing placed, the text is the region's ASCII art and reads back.
    ring = Puzzle(EIGHT_BY_EIGHT_WITH_HOLE, "pentominoes")
    assert str(ring).splitlines()[3] == "###..###"
    assert Puzzle(str(ring), "pentominoes").cells == ring.cells
    assert repr(puzzle) == "<Puzzle 20x3 with F I5 L5 N P T5 U V5 W X Y Z5; 1 placed>"


def test_every_unique_tiling_is_valid_on_4x15():
    puzzle = Puzzle((15, 4), "pentominoes")
    for tiling in itertools.islice(puzzle.solutions(unique=True), 50):
        assert_valid(tiling, puzzle)


# -- hostile sizes: refused before any work --------------------------------------------------

@pytest.mark.parametrize("region, pieces_spec, error, message", [
    ((10**4, 10**4), "pentominoes", RegionError, "100,000,000 cells"),
    ("#" * 20_000, "pentominoes", RegionError, "the drawing has 20,000 cells"),
    (np.ones((200, 200), dtype=bool), "pentominoes", RegionError, "the mask has 40,000 cells"),
    ([(x, 0) for x in range(20_000)], "pentominoes", RegionError, "20,000 cells"),
    ((6, 10), {"X": 10**9}, PuzzleError, "1,000,000,000 pieces are too many"),
    ((6, 10), "F " * 10**6, PuzzleError, "1,000,000 pieces are too many"),
    ((6, 10), 5, PuzzleError, "not int"),
])
@pytest.mark.timing
def test_hostile_sizes_are_refused_at_once(region, pieces_spec, error, message):
    import time

    start = time.perf_counter()
    with pytest.raises(error, match=message):
        Puzzle(region, pieces_spec)
    assert time.perf_counter() - start < 0.5


def test_the_largest_region_is_accepted():
    from blokus_nb.puzzles import MAX_CELLS

    assert len(parse_region((100, MAX_CELLS // 100))) == MAX_CELLS
    with pytest.raises(RegionError):
        parse_region((101, MAX_CELLS // 100))


def test_more_pieces_than_the_search_can_place_are_refused():
    with pytest.raises(PuzzleError, match="1,600 pieces are too many"):
        Puzzle((40, 40), {"1": 1600})  # was a RecursionError when counted
    assert Puzzle((20, 25), {"1": 500}).count() == 1


@pytest.mark.parametrize("cells", [5, None, ["ab"], [(1, 2, 3)], [("x", 0)]])
def test_a_placement_of_no_cells_is_a_placement_error(cells):
    with pytest.raises(PlacementError, match="not a list of"):
        Placement("F", cells)


@pytest.mark.parametrize("call, words", [
    (lambda p: p.check([(0, 0), (1, 0)], 5), "piece is named by a str"),
    (lambda p: p.place([(0, 0), (1, 0)], []), "piece is named by a str"),
    (lambda p: p.remove(5), r"a cell \(x, y\) or a Placement"),
    (lambda p: p.remove(None), r"a cell \(x, y\) or a Placement"),
    (lambda p: p.remove((0, 0, 0)), r"a cell \(x, y\) or a Placement"),
    (lambda p: p.remove((2.5, 0)), r"a cell \(x, y\) or a Placement"),
    (lambda p: p.hint(5), "a list of placements"),
    (lambda p: p.hint([5]), r"a Placement or a \(piece, cells\) pair"),
    (lambda p: p.complete(["x"]), r"a Placement or a \(piece, cells\) pair"),
])
def test_junk_arguments_get_a_placement_error_and_change_nothing(call, words):
    puzzle = Puzzle((4, 1), ["2", "2"])
    puzzle.place([(2, 0), (3, 0)])
    before = puzzle.placements
    with pytest.raises(PlacementError, match=words):
        call(puzzle)
    assert puzzle.placements == before


def test_a_failing_puzzle_subscriber_does_not_break_place(capsys):
    puzzle, seen = Puzzle((2, 1), ["2"]), []
    puzzle.subscribe(lambda p: 1 / 0)
    puzzle.subscribe(lambda p: seen.append(len(p.placements)))
    puzzle.place([(0, 0), (1, 0)])
    assert seen == [1] and "ZeroDivisionError" in capsys.readouterr().err


def test_a_puzzle_shown_in_a_widget_still_pickles_and_copies():
    import copy
    import pickle

    puzzle = Puzzle((2, 1), ["2"])
    puzzle.subscribe(lambda p: None)  # a widget's bound method in practice
    puzzle.place([(0, 0), (1, 0)])
    for twin in (pickle.loads(pickle.dumps(puzzle)), copy.deepcopy(puzzle)):
        assert twin.placements == puzzle.placements


# -- coordinates that are not whole numbers (hostile round 3, class 16) ------------------------

@pytest.mark.parametrize("cell", [(float("inf"), 0), (0, float("-inf")), (float("nan"), 1), (1.7, 0), ("1", 0),
                                  (True, 0)])
def test_a_region_cell_that_is_not_a_whole_number_is_a_region_error(cell):
    with pytest.raises(RegionError, match="not a cell"):
        parse_region({(0, 0), cell})


@pytest.mark.parametrize("shape", [[(0, 0), (float("inf"), 0)], [(0, 0), (1.7, 0)], [(0, 0), ("1", 0)],
                                   [(0, 0), (1, float("nan"))], [(0, 0), (1, None)]])
def test_a_shape_cell_that_is_not_a_whole_number_is_refused_not_truncated(shape):
    with pytest.raises(PuzzleError, match="neither a piece name nor a list of"):
        Puzzle((2, 1), [shape])


def test_whole_floats_and_numpy_integers_are_cells():
    assert Puzzle((2, 1), [[(0.0, 0), (np.int64(1), 0)]]).counts == {"2": 1}
    assert parse_region({(np.int32(0), 0.0)}) == frozenset({(0, 0)})


@pytest.mark.parametrize("where", [(float("inf"), 0), (1e400, 0), (0.5, 0)])
def test_placing_or_removing_at_an_infinite_cell_is_a_placement_error(where):
    puzzle = Puzzle((2, 1), ["2"])
    with pytest.raises(PlacementError):
        puzzle.place([where, (1, 0)])
    with pytest.raises(PlacementError):
        puzzle.remove(where)
    with pytest.raises(PlacementError):
        Placement("2", [where])
    assert puzzle.placements == ()


def test_a_stopped_search_raises_and_changes_nothing():
    import threading

    stop = threading.Event()
    stop.set()
    puzzle = Puzzle((10, 6), "pentominoes")
    from blokus_nb.puzzles import SearchStopped

    for call in (puzzle.solve, puzzle.hint, puzzle.complete, lambda **kw: next(puzzle.solutions(unique=True, **kw)),
                 puzzle.explore):
        with pytest.raises(SearchStopped):
            call(stop=stop)
    assert puzzle.placements == () and puzzle.solve() is not None


# -- regions bounded by their extent, read from any iterable of cells ------------------------

@pytest.mark.parametrize("region, message", [
    ({(0, 0), (100_000, 100_000)}, "spans 100,001 x 100,001 squares"),
    ({(0, 0), (20_000, 0)}, "spans 20,001 x 1 squares"),
    ([(500, 500), (501, 500)], "spans 502 x 501 squares"),
    ("#" + "." * 20_000 + "#", "spans 20,002 x 1 squares"),
    ((c for c in [(0, 0), (10**9, 3)]), "spans 1,000,000,001 x 4 squares"),
])
@pytest.mark.timing
def test_a_region_is_bounded_by_its_extent_not_only_its_cells(region, message):
    import time

    start = time.perf_counter()
    with pytest.raises(RegionError, match=message):
        Puzzle(region, ["1", "1"])
    assert time.perf_counter() - start < 0.5


def test_the_widest_and_the_largest_extents_are_accepted():
    from blokus_nb.puzzles import MAX_CELLS

    line = Puzzle({(0, 0), (MAX_CELLS - 1, 0)}, ["1", "1"])
    assert len(str(line)) == MAX_CELLS
    square = Puzzle({(0, 0), (99, 99)}, ["1", "1"])
    assert str(square).count("#") == 2 and len(str(square)) == MAX_CELLS + 99


def test_any_iterable_of_pairs_is_read_as_cells():
    cells = [(0, 0), (1, 0), (1, 1), (2, 1)]
    expected = frozenset(cells)
    assert parse_region(c for c in cells) == expected
    assert parse_region(iter(cells)) == expected
    assert parse_region(map(tuple, cells)) == expected
    assert parse_region([list(c) for c in cells][::-1].__iter__()) == expected  # pairs as lists
    assert parse_region(dict.fromkeys(cells).keys()) == expected
    assert Puzzle((c for c in cells), ["Z4"]).count() == 1
    # Lists of lists and numpy arrays stay masks.
    assert parse_region([[1, 1, 0], [0, 1, 1]]) == expected
    assert parse_region(np.array([[1, 1, 0], [0, 1, 1]], dtype=bool)) == expected


def test_an_endless_or_bad_iterable_of_cells_is_refused():
    import itertools

    from blokus_nb.puzzles import MAX_CELLS

    with pytest.raises(RegionError, match=f"more than {MAX_CELLS:,} cells"):
        parse_region(itertools.repeat((0, 0)))
    with pytest.raises(RegionError, match="not a cell"):
        parse_region(c for c in [(0, 0), "ab"])
    with pytest.raises(RegionError, match="not a cell"):
        parse_region(row for row in [[True, False, True]])
    with pytest.raises(RegionError, match="no cells"):
        parse_region(c for c in [])


# -- an unordered pool is read in one order ------------------------------------------------------

def test_a_set_of_pieces_is_read_in_the_pieces_order_not_the_sets():
    assert list(parse_pieces(set(PENTOMINOES))) == list(PENTOMINOES)
    assert list(parse_pieces(frozenset(["X", "f", "I4", "1"]))) == ["1", "I4", "F", "X"]
    hexomino = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    bent = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1))
    mixed = parse_pieces({bent, "X", hexomino})
    assert list(mixed) == ["X", "poly1", "poly2"]
    assert [mixed[name][0] for name in ("poly1", "poly2")] == sorted([bent, hexomino], key=repr)


@pytest.mark.slow
def test_a_set_of_pieces_gives_the_same_solution_whatever_the_hash_seed():
    import os
    import subprocess
    import sys

    code = ("from blokus_nb.puzzles import Puzzle, PENTOMINOES\n"
            "print(Puzzle((10, 6), set(PENTOMINOES)).solve())\n"
            "print(Puzzle((5, 2), {'L', 'P'}).solve())")
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outputs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                   check=True).stdout)
    assert len(outputs) == 1
