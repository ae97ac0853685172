"""Piece and tiling pictures: the lines between squares are drawn (so students can count them),
the pictures fit a notebook cell, and their labels read at 100 dpi."""

from __future__ import annotations

import re
from itertools import islice
from xml.etree import ElementTree

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from figure_checks import CELL_INCHES, text_problems  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb import piece_plots, pieces, polyominoes  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def adjacent_pairs(cells) -> int:
    """How many pairs of squares share a side: the lines a student counts inside a piece."""
    cells = set(cells)
    return sum((x + 1, y) in cells for x, y in cells) + sum((x, y + 1) in cells for x, y in cells)


def perimeter(cells) -> int:
    return 4 * len(set(cells)) - 2 * adjacent_pairs(cells)


def segments_by_width(ax) -> dict[float, int]:
    """How many line segments the Axes draws at each line width (in points)."""
    counts: dict[float, int] = {}
    for collection in ax.collections:
        if isinstance(collection, LineCollection):
            widths = np.broadcast_to(collection.get_linewidths(), (len(collection.get_segments()),))
            for width in widths:
                counts[float(width)] = counts.get(float(width), 0) + 1
    return counts


def test_seams_are_the_edges_between_squares_of_one_owner():
    owner = {(0, 0): "a", (1, 0): "a", (0, 1): "a", (1, 1): "b", (2, 1): None, (3, 1): None}
    assert sorted(piece_plots.seams(owner)) == [((0, 1), (1, 1)), ((1, 0), (1, 1))]
    for piece in pieces.PIECES:
        owner = {cell: piece.name for cell in piece.cells}
        assert len(piece_plots.seams(owner)) == adjacent_pairs(piece.cells)
        assert len(piece_plots.outline(owner)) == perimeter(piece.cells)


def test_piece_picture_draws_every_line_between_squares():
    ax = piece_plots.plot_pieces()
    widths = segments_by_width(ax)
    assert len(widths) == 2, "thin lines between squares, thick outlines"
    seam_width, outline_width = sorted(widths)
    assert outline_width >= 2 * seam_width
    # 89 squares in 21 pieces: 68 joints if every piece were a tree, plus one cycle each in O and P.
    assert widths[seam_width] == sum(adjacent_pairs(p.cells) for p in pieces.PIECES) == 70
    assert widths[outline_width] == sum(perimeter(p.cells) for p in pieces.PIECES)
    assert len(segments_by_width(piece_plots.plot_pieces(inner_lines=False))) == 1


def test_the_lines_between_squares_show_in_the_pixels():
    """Along I5 the pixels on a line between two squares are darker than the squares' middles."""
    fig, ax = plt.subplots(figsize=(4, 1.5), dpi=100)
    piece_plots.plot_shapes([pieces.get("I5").cells], ax=ax, labels=[""])
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(float) / 255
    height = pixels.shape[0]
    x0, y0 = ax.collections[0].get_paths()[0].vertices[0]  # the first square's top left corner

    def at(x: float, y: float) -> np.ndarray:
        px, py = ax.transData.transform((x, y))
        return pixels[int(round(height - py)), int(round(px))]

    fill = np.array(to_rgb(piece_plots.color_of("I5")))
    middle = y0 + 0.5
    for k in range(1, 5):
        assert np.allclose(at(x0 + k - 0.5, middle), fill, atol=0.02), "the square's middle is its colour"
        assert at(x0 + k, middle).sum() < fill.sum() - 0.3, f"a line between squares {k} and {k + 1}"


def test_svg_pictures_draw_the_lines_between_squares():
    svg = polyominoes.svg(polyominoes.enumerate(5))
    root = ElementTree.fromstring(svg)
    seams = [p for p in root.iter(f"{SVG}path") if p.get("class") == "seams"]
    drawn = sum(len(re.findall("M", p.get("d"))) for p in seams)
    assert drawn == sum(adjacent_pairs(s) for s in polyominoes.enumerate(5))
    assert all(float(p.get("stroke-width")) < 0.1 for p in seams)
    assert 'class="seams"' not in piece_plots.svg_shapes(polyominoes.enumerate(5), inner_lines=False)


def test_tilings_draw_lines_inside_pieces_only():
    puzzle = bn.Puzzle((5, 2), ["I5", "I5"])
    tiling = puzzle.solve()
    root = ElementTree.fromstring(tiling.svg())
    seams = next(p for p in root.iter(f"{SVG}path") if p.get("class") == "seams")
    assert len(re.findall("M", seams.get("d"))) == 8  # 4 inside each I5, none between the two
    ax = tiling.plot()
    seam_width = min(segments_by_width(ax))
    assert segments_by_width(ax)[seam_width] == 8


@pytest.mark.slow
def test_pictures_fit_a_notebook_cell_and_their_labels_read():
    for ax in (piece_plots.plot_pieces(), piece_plots.plot_orientations("F"), polyominoes.show(polyominoes.enumerate(5)),
               polyominoes.show(polyominoes.enumerate(6), columns=12)):
        assert ax.figure.get_figwidth() <= piece_plots.MAX_WIDTH_INCHES <= CELL_INCHES
        assert text_problems(ax.figure) == []
    tilings = islice(bn.Puzzle((10, 6)).solutions(), 8)
    fig = piece_plots.plot_tilings([(t.region, [(p.piece, p.cells) for p in t.placements]) for t in tilings],
                                   titles=[f"tiling {i}" for i in range(1, 9)])
    assert fig.get_figwidth() <= piece_plots.MAX_WIDTH_INCHES and len(fig.axes) == 8
    assert text_problems(fig) == []


def test_pictures_draw_on_the_given_axes():
    fig, (left, right) = plt.subplots(1, 2, figsize=(7, 3))
    assert piece_plots.plot_pieces(ax=left) is left
    assert piece_plots.plot_orientations("Z4", ax=right) is right
    assert fig.axes == [left, right] and len(plt.get_fignums()) == 1
    assert segments_by_width(left) and segments_by_width(right)


def test_pictures_draw_on_axes_in_a_subfigure_as_in_a_figure_of_its_size():
    # A subfigure has no size in inches (it was an AttributeError); its Axes' squares come out as big as
    # in a figure of the subfigure's size.
    whole = plt.figure(figsize=(10, 4))
    inside = whole.subfigures(1, 2)[0].subplots()
    alone = plt.figure(figsize=(5, 4)).subplots()
    assert piece_plots.plot_orientations("Z4", ax=inside) is inside
    piece_plots.plot_orientations("Z4", ax=alone)
    assert segments_by_width(inside)
    assert inside.get_position().bounds == pytest.approx(alone.get_position().bounds)
    assert piece_plots._inches_per_square(inside, 8, 3, 0.45) == pytest.approx(
        piece_plots._inches_per_square(alone, 8, 3, 0.45))


# ------------------------------------------------------------------ issue 20, class 16: cells of whole numbers
@pytest.mark.parametrize("cells", [[(float("inf"), 0)], [(0, float("nan"))], [(1.7, 0), (0, 0)], [("1", 0)], 5, "ab"],
                         ids=["inf", "nan", "fraction", "text", "number", "string"])
def test_pictures_of_cells_that_are_not_whole_numbers_are_refused(cells):
    import matplotlib

    matplotlib.use("Agg")
    from blokus_nb import piece_plots

    for call in (lambda: piece_plots.svg_shapes([cells]), lambda: piece_plots.plot_shapes([cells]),
                 lambda: piece_plots.svg_tiling(cells, []), lambda: piece_plots.svg_tiling([(0, 0)], [("1", cells)]),
                 lambda: piece_plots.plot_tiling(cells, []), lambda: piece_plots.plot_tilings([(cells, [])])):
        with pytest.raises(bn.BlokusError, match="whole numbers"):
            call()


def test_the_old_picture_functions_of_pieces_warn_and_still_draw():
    with pytest.warns(DeprecationWarning, match="piece_plots.plot_pieces"):
        ax = pieces.show()
    assert len(ax.texts) == 21
    with pytest.warns(DeprecationWarning, match="piece_plots.plot_orientations"):
        ax = pieces.show_orientations("F")
    assert len(ax.texts) == 8
    plt.close("all")
