"""Polyomino enumeration against OEIS and an independent count; the teaching pictures."""

from __future__ import annotations

from xml.etree import ElementTree

import matplotlib
import matplotlib.pyplot as plt
import pytest

from blokus_nb import piece_plots, pieces, polyominoes
from blokus_nb.errors import BlokusError

matplotlib.use("Agg")

# OEIS A000105, A000988, A001168 for n = 1..10.
FREE = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655]
ONE_SIDED = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189]
FIXED = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446]


@pytest.mark.slow
@pytest.mark.parametrize("kind, expected", [("free", FREE), ("one-sided", ONE_SIDED), ("fixed", FIXED)])
def test_counts_match_oeis(kind, expected):
    assert [len(polyominoes.enumerate(n, kind)) for n in range(1, 11)] == expected
    assert [polyominoes.count(n, kind) for n in range(1, 11)] == expected


def fixed_by_growth(n: int) -> set:
    """Fixed polyominoes grown square by square, kept as normalised cell sets: no symmetry involved."""
    shapes = {pieces.normalize([(0, 0)])}
    for _ in range(n - 1):
        shapes = {pieces.normalize(set(s) | {(x + dx, y + dy)})
                  for s in shapes for x, y in s for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if (x + dx, y + dy) not in s}
    return shapes


@pytest.mark.parametrize("n", range(1, 8))
def test_enumeration_agrees_with_an_independent_count(n):
    fixed = fixed_by_growth(n)
    assert set(polyominoes.enumerate(n, "fixed")) == fixed
    # Burnside: classes = average number of shapes each symmetry leaves alone.
    fixed_points = [sum(1 for s in fixed if pieces.transform(s, t) == s) for t in range(8)]
    assert sum(fixed_points) // 8 == len(polyominoes.enumerate(n, "free"))
    assert sum(fixed_points[:4]) // 4 == len(polyominoes.enumerate(n, "one-sided"))


def test_each_class_once_and_canonical():
    for kind in ("free", "one-sided", "fixed"):
        shapes = polyominoes.enumerate(6, kind)
        assert len(set(shapes)) == len(shapes)
        assert all(polyominoes.canonical(s, kind) == s for s in shapes)
        assert all(polyominoes.is_connected(s) and len(s) == 6 for s in shapes)
    for shape in polyominoes.enumerate(5):
        for t in range(8):
            assert polyominoes.canonical(pieces.transform(shape, t)) == shape


def test_the_21_pieces_are_the_free_polyominoes_up_to_5():
    names = [polyominoes.name(s) for n in range(1, 6) for s in polyominoes.enumerate(n)]
    assert sorted(names) == sorted(pieces.NAMES)
    assert polyominoes.name([(0, 0), (1, 1)]) is None


def test_symmetries_and_orientations_agree_with_the_pieces():
    for piece in pieces.PIECES:
        assert polyominoes.symmetries(piece.cells) == piece.symmetries
        assert set(polyominoes.orientations(piece.cells)) == set(piece.orientations)
        # Orbit-stabiliser: orientations times symmetries is the 8 moves of the square.
        assert len(piece.orientations) * len(piece.symmetries) == 8
        one_sided = polyominoes.orientations(piece.cells, "one-sided")
        assert len(one_sided) == (1 if any(t >= 4 for t in piece.symmetries) else 2)
        assert polyominoes.orientations(piece.cells, "free") == (polyominoes.canonical(piece.cells),)
    assert sum(len(p.orientations) for p in pieces.PIECES) == 91


def test_bad_arguments():
    with pytest.raises(ValueError, match="kind must be one of"):
        polyominoes.enumerate(3, kind="mirror")
    for n in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="positive int"):
            polyominoes.enumerate(n)
    assert not polyominoes.is_connected([])


def test_text_drawing():
    assert polyominoes.drawing(pieces.get("F").cells) == ".##\n##.\n.#."
    assert polyominoes.drawing([(5, 5), (5, 6)]) == "#\n#"


def test_pictures():
    svg = polyominoes.svg(polyominoes.enumerate(4))
    assert svg.startswith("<svg") and svg.count("<rect") == 5 * 4 and svg.count("<text") == 5
    assert [t.text for t in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")] == [
        polyominoes.name(s) for s in polyominoes.enumerate(4)]
    ax = polyominoes.show(polyominoes.enumerate(5), columns=6)
    assert [t.get_text() for t in ax.texts] == [polyominoes.name(s) for s in polyominoes.enumerate(5)]
    ax = polyominoes.show(polyominoes.enumerate(6))  # not pieces: no labels
    assert len(ax.texts) == 0 and len(ax.collections) == 2 * 35
    with pytest.raises(ValueError, match="2 labels for 5 shapes"):
        piece_plots.svg_shapes(polyominoes.enumerate(4), labels=["a", "b"])
    plt.close("all")


def test_piece_pictures():
    ax = piece_plots.plot_pieces()
    assert sorted(t.get_text() for t in ax.texts) == sorted(pieces.NAMES)
    ax = piece_plots.plot_orientations("F")
    assert len(ax.texts) == 8 and ax.get_title() == "F: 8 orientations, 1 symmetry"
    ax = piece_plots.plot_orientations("X")
    assert len(ax.texts) == 1 and ax.get_title() == "X: 1 orientation, 8 symmetries"
    assert piece_plots.color_of("X") != piece_plots.color_of("F")
    assert piece_plots.color_of(pieces.get("F").orientations[3]) == piece_plots.color_of("F")
    plt.close("all")


@pytest.mark.timing
def test_too_many_squares_are_refused_at_once():
    import time

    for n in (10**6, polyominoes.MAX_SQUARES + 1):
        start = time.perf_counter()
        with pytest.raises(BlokusError, match="too many squares"):
            polyominoes.enumerate(n)  # was RecursionError for 10**6
        assert time.perf_counter() - start < 0.1


def test_a_slow_listing_warns_first_and_once(monkeypatch):
    from blokus_nb.errors import SlowComputationWarning

    monkeypatch.setattr(polyominoes, "SLOW_SQUARES", 6)
    monkeypatch.setattr(polyominoes, "_FREE", polyominoes._FREE[:7])  # as if 7 squares were never grown
    polyominoes._enumerate.cache_clear()
    with pytest.warns(SlowComputationWarning, match="polyominoes of 7 squares"):
        assert len(polyominoes.enumerate(7, "one-sided")) == 196
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        polyominoes.enumerate(7, "one-sided")  # computed: no second warning
        polyominoes.enumerate(5)  # small: none


def test_growing_needs_no_recursion():
    import sys

    limit = sys.getrecursionlimit()
    del polyominoes._FREE[2:]  # forget all but the monomino
    polyominoes._enumerate.cache_clear()
    sys.setrecursionlimit(80)  # deep enough for pytest's frames, not for a recursion by size
    try:
        assert polyominoes.count(9) == 1285
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("call", [
    lambda: polyominoes.canonical(None),
    lambda: polyominoes.canonical([]),
    lambda: polyominoes.canonical(["ab"]),
    lambda: polyominoes.canonical([(0, 0)], kind=[]),
    lambda: polyominoes.enumerate(3, kind={}),
])
def test_bad_shapes_and_kinds_raise_blokus_errors(call):
    with pytest.raises(BlokusError):
        call()
