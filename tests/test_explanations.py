"""puzzle.explain(): every classic case, every argument's numbers recomputed, never a reason for a puzzle that has a solution."""

from __future__ import annotations

import itertools
import random
import re

import matplotlib
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from blokus_nb import pieces
from blokus_nb.puzzles import Puzzle, PuzzleError, explain
from blokus_nb.puzzles.explanations import COLOURINGS, Explanation, colour_counts

matplotlib.use("Agg")

MUTILATED_CHESSBOARD = {(x, y) for x in range(8) for y in range(8)} - {(0, 0), (7, 7)}


def placements_of(puzzle: Puzzle, name: str) -> list[frozenset]:
    """Every placement of a piece inside the region, found without the puzzle's bitboards."""
    out = set()
    for t in range(8):
        shape = pieces.transform(puzzle.shapes[name], t)
        for dx in range(-5, puzzle.width + 1):
            for dy in range(-5, puzzle.height + 1):
                cells = frozenset((x + dx, y + dy) for x, y in shape)
                if cells <= puzzle.cells:
                    out.add(cells)
    return sorted(out, key=sorted)


def check_colouring(explanation: Explanation, puzzle: Puzzle) -> None:
    """Recompute every number the colouring argument states, and its conclusion, independently."""
    colouring = explanation.colouring
    colours = [sum(1 for x, y in puzzle.cells if colouring.colour(x, y) == c) for c in range(colouring.colours)]
    assert tuple(colours) == explanation.region_counts
    assert all(str(n) in explanation.text for n in colours)
    choices = []
    for name, count in puzzle.counts.items():
        counts = {tuple(sum(1 for x, y in cells if colouring.colour(x, y) == c) for c in range(colouring.colours))
                  for cells in placements_of(puzzle, name)}
        assert tuple(sorted(counts)) == explanation.piece_counts[name]
        choices += [sorted(counts)] * count
    # The conclusion: no choice of one count per piece adds up to the region's (brute force).
    totals = {tuple(map(sum, zip(*combo))) for combo in itertools.product(*choices)}
    assert tuple(colours) not in totals
    if colouring.colours == 2:
        assert set(explanation.sums) == {t[0] for t in totals}
        check_totals_sentence(explanation)


def check_totals_sentence(explanation: Explanation) -> None:
    """What the text says of the dark totals is so: a gap only where there is one, the nearest the nearest."""
    sums = sorted(explanation.sums)
    said = re.search(r"together cover (.*) dark squares, never", explanation.text).group(1)
    gaps = set(range(sums[0], sums[-1] + 1)) - set(sums)
    if "not every number between" in said:
        assert gaps, said
        nearest = sorted(sums, key=lambda d: (abs(d - explanation.region_counts[0]), d))[:2]
        assert re.search(r": (.*) are nearest", said).group(1) == " or ".join(map(str, sorted(nearest)))
    elif said.startswith("any number from"):
        assert not gaps and said == f"any number from {sums[0]} to {sums[-1]}"
    else:
        assert [int(n) for n in re.findall(r"\d+", said)] == sums


def test_totals_with_no_gap_are_not_said_to_have_one():
    # Seven dark totals, 0 to 6, every one reachable: the region's 7 is above them all.
    puzzle = Puzzle("###\n##.\n.##\n##.\n###", ["I3", "I3", "2", "I4"])
    found = puzzle.explain()
    assert found.kind == "colouring" and found.sums == tuple(range(7))
    assert "not every number" not in found.text
    assert "any number from 0 to 6 dark squares, never the region's 7" in found.text
    check_colouring(found, puzzle)


def test_totals_with_a_gap_say_so_and_name_the_nearest():
    # Stripes of columns: the I4s and the O cover even counts, the L4s odd ones, so the totals
    # 4 to 16 go up in twos: 11 is not among them, and 10 and 12 are nearest.
    puzzle = Puzzle("##..\n#.##\n#.##\n####\n####\n####", ["L4", "I4", "I4", "L4", "O"])
    found = puzzle.explain()
    assert found.kind == "colouring" and found.colouring.name == "columns"
    assert found.sums == tuple(range(4, 17, 2))
    assert "between 4 and 16 (but not every number between: 10 or 12 are nearest)" in found.text
    check_colouring(found, puzzle)


def test_mutilated_chessboard_with_dominoes():
    puzzle = Puzzle(MUTILATED_CHESSBOARD, {"2": 31})
    found = puzzle.explain()
    assert found.kind == "colouring" and found.colouring.name == "chessboard"
    assert found.region_counts == (30, 32) and found.piece_counts == {"2": ((1, 1),)}
    assert found.sums == (31,)
    assert "30 dark squares and 32 light" in found.text and "31 dark squares" in found.text
    assert colour_counts(puzzle.cells, found.colouring) == (30, 32)


def test_ten_by_ten_with_straight_tetrominoes_by_the_diagonal_four_colouring():
    puzzle = Puzzle((10, 10), {"I4": 25})
    found = puzzle.explain(colourings=["diagonals-4"])
    assert found.kind == "colouring" and found.region_counts == (25, 26, 25, 24)
    assert found.piece_counts == {"I4": ((1, 1, 1, 1),)}
    assert "25, 26, 25, 24" in found.text
    simplest = puzzle.explain()  # a simpler two-colouring also works: 2x2 blocks, 52 dark
    assert simplest.kind == "colouring" and simplest.colouring.name == "blocks"
    assert simplest.region_counts == (52, 48) and simplest.sums == (50,)
    with pytest.raises(PuzzleError, match="colourings is .* not .stars."):
        puzzle.explain(colourings=["stars"])


@pytest.mark.parametrize("size", [(5, 4), (4, 5), (10, 2), (2, 10)])
def test_rectangles_of_the_five_tetrominoes_by_the_chessboard_and_the_t(size):
    puzzle = Puzzle(size, "tetrominoes")
    found = puzzle.explain()
    assert found.kind == "colouring" and found.colouring.name == "chessboard"
    assert found.piece_counts["T4"] in (((1, 3), (3, 1)),)
    assert found.sums == (9, 11)
    check_colouring(found, puzzle)
    assert "T4 covers 1 or 3" in found.text


def test_the_pentominoes_in_3x20_are_possible_so_no_reason_is_given():
    assert Puzzle((20, 3), "pentominoes").explain() is None


def test_area_mismatch():
    found = explain((4, 4), "pentominoes")
    assert found.kind == "area" and "60 squares" in found.text and "has 16" in found.text
    # the region is a frozenset, as in every other explanation (it was the caller's set, mutable)
    assert type(found.region) is frozenset and len(found.region) == 16


def test_a_piece_with_no_room_and_a_square_no_piece_reaches():
    found = Puzzle("#####\n#####", ["I5", "I3", "2"]).explain()
    assert found is None  # possible: a sanity check of the case below
    found = Puzzle("###.###\n###.###", ["I4", "I4", "2", "2"]).explain()
    assert found.kind == "no-room" and "I4" in found.text
    corner = Puzzle("##.\n###\n.#.", ["I3", "I3"])
    found = corner.explain()
    assert found.kind == "unreachable" and found.cells == ((0, 0),) and "(0, 0)" in found.text
    for cell in found.cells:
        assert all(cell not in cells for cells in placements_of(corner, "I3"))


def test_parts_whose_areas_no_pieces_fill():
    puzzle = Puzzle("###.###\n###.###", ["P", "L4", "I3"])
    found = puzzle.explain()
    assert found.kind == "parts" and sorted(len(p) for p in found.parts) == [6, 6]
    assert "no pieces add up to a part of 6 squares" in found.text


def test_the_fallback_names_how_many_placements_the_search_tried():
    # No colouring, part or lonely square rules this one out: only the search does.
    puzzle = Puzzle((6, 3), ["W", "P", "Z5", "I3"])
    found = puzzle.explain()
    assert found.kind == "search" and puzzle.solve() is None
    assert found.tried == puzzle.explore().tried == 18
    assert "the exhaustive search tried 18 placements" in found.text


def test_pictures_draw_the_argument():
    found = Puzzle((5, 4), "tetrominoes").explain()
    svg = found.svg()
    assert svg.startswith("<svg") and svg.count("#555555") == 10 and svg.count("#eeeeee") == 10
    ax = found.plot(title="why not")
    assert ax.get_title() == "why not"
    assert found._repr_svg_() == svg


@st.composite
def small_puzzles(draw):
    """Random small regions and random piece multisets of the same area: many impossible, some not."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    width, height = draw(st.integers(2, 5)), draw(st.integers(1, 4))
    region = {(x, y) for x in range(width) for y in range(height)}
    for _ in range(draw(st.integers(0, 3))):
        if len(region) > 2:
            region.discard(rng.choice(sorted(region)))
    small = [p for p in pieces.PIECES if p.size <= 4]
    names, area = [], 0
    while area < len(region):
        piece = rng.choice([p for p in small if p.size <= len(region) - area])
        names.append(piece.name)
        area += piece.size
    return region, names


@settings(max_examples=examples(80), deadline=None)
@given(small_puzzles())
def test_an_explanation_is_never_given_for_a_puzzle_that_has_a_solution_and_its_numbers_are_right(case):
    region, names = case
    puzzle = Puzzle(region, names)
    found = puzzle.explain()
    solvable = puzzle.solve() is not None
    assert (found is None) == solvable
    if found is None:
        return
    if found.kind == "colouring":
        check_colouring(found, puzzle)
    elif found.kind == "unreachable":
        reached = {c for name in puzzle.counts for cells in placements_of(puzzle, name) for c in cells}
        assert set(found.cells) == puzzle.cells - reached
    elif found.kind == "no-room":
        assert any(not placements_of(puzzle, name) for name in puzzle.counts)
    elif found.kind == "parts":
        assert sum(len(p) for p in found.parts) == len(puzzle.cells) and len(found.parts) > 1
    else:
        assert found.kind == "search" and found.tried == puzzle.explore().tried


def test_every_colouring_has_distinct_names_and_words():
    assert len({c.name for c in COLOURINGS}) == len(COLOURINGS)
    assert all(len(c.words) == len(c.fills) == c.colours for c in COLOURINGS)
