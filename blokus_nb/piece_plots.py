"""Teaching pictures: pieces, polyominoes and tilings, in matplotlib and SVG.

Everything is drawn on the same grid as the pieces: ``x`` to the right, ``y``
down, one unit per square. The SVG functions return strings and need nothing
beyond the standard library (notebooks show them without matplotlib); the
``plot_*`` functions import matplotlib only when called, draw on ``ax`` when
given, and return the Axes. Thin lines between the squares of a piece let
students count them; a thick outline keeps each piece one shape.

Every argument is checked by :mod:`blokus_nb.validation` before anything is
drawn: cells are pairs of whole numbers, ``ax`` a matplotlib Axes, colours
names or hex codes, sizes and column counts bounded; anything else is an
:class:`~blokus_nb.errors.ArgumentTypeError` or another ``BlokusError``.

>>> svg_shapes([((0, 0), (1, 0))]).startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from . import validation
from .errors import ArgumentTypeError, BlokusError, short_repr
from .pieces import NAMES, PIECES, TRANSFORM_NAMES, Cell, Shape, get, identify, normalize, transform

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "PIECE_COLORS", "color_of", "outline", "seams", "svg_shapes", "svg_tiling",
    "plot_shapes", "plot_pieces", "plot_orientations", "plot_tiling", "plot_tilings",
    "svg_coloured_region", "plot_coloured_region",
]

#: One colour per Blokus piece, by name; the 12 pentominoes get 12 clearly different ones.
PIECE_COLORS: dict[str, str] = {
    "1": "#a9a9a9", "2": "#9a6324", "I3": "#ffd8b1", "V3": "#fffac8", "I4": "#aaffc3",
    "L4": "#c8c66e", "O": "#e8c1a0", "T4": "#c9a0dc", "Z4": "#8fd19e",
    "F": "#e6194b", "I5": "#42d4f4", "L5": "#f58231", "N": "#bfef45", "P": "#fabed4",
    "T5": "#4363d8", "U": "#ffe119", "V5": "#911eb4", "W": "#469990", "X": "#f032e6",
    "Y": "#3cb44b", "Z5": "#dcbeff",
}
_CYCLE = tuple(PIECE_COLORS[name] for name in NAMES[9:]) + tuple(PIECE_COLORS[name] for name in NAMES[:9])
EMPTY_COLOR = "#f4f4f4"
LINE_COLOR = "#333333"
GRID_COLOR = "#cfcfcf"
#: The thin lines between the squares of one piece: dark and half transparent, so they show on
#: the pale piece colours and the dark ones alike without competing with the outline.
SEAM_COLOR = "#00000080"
#: Widest figure the matplotlib pictures make on their own: a notebook cell at 100 dpi.
MAX_WIDTH_INCHES = 7.5


def color_of(piece: str | Iterable[Cell] | None, index: int = 0) -> str:
    """The colour for a piece name or a shape (its piece's colour), else the ``index``-th of a cycle.

    >>> color_of("X")
    '#f032e6'
    """
    index = validation.whole_number(index, "index")
    if isinstance(piece, str) and piece in PIECE_COLORS:
        return PIECE_COLORS[piece]
    if piece is not None and not isinstance(piece, str):
        found = identify(validation.cells(piece, "piece"))
        if found is not None:
            return PIECE_COLORS[found[0].name]
    return _CYCLE[index % len(_CYCLE)]


def outline(owner: Mapping[Cell, Hashable]) -> list[tuple[Cell, Cell]]:
    """The unit edges between cells of different owners, and around the outside.

    ``owner`` maps each drawn cell to whatever it belongs to (a piece, a
    placement); the edges come back as pairs of grid points.

    >>> len(outline({(0, 0): "a", (1, 0): "a"}))  # a domino: 6 unit edges round it
    6
    """
    owner = _owners(owner)
    edges = []
    for (x, y), who in owner.items():
        sides = (
            ((x, y - 1), ((x, y), (x + 1, y))),
            ((x, y + 1), ((x, y + 1), (x + 1, y + 1))),
            ((x - 1, y), ((x, y), (x, y + 1))),
            ((x + 1, y), ((x + 1, y), (x + 1, y + 1))),
        )
        for neighbour, edge in sides:
            other = owner.get(neighbour, _NOBODY)
            # Each inner edge is seen from both sides; keep it once.
            if other is _NOBODY or (other != who and neighbour > (x, y)):
                edges.append(edge)
    return edges


_NOBODY = object()


def _owners(owner: object) -> dict[Cell, Hashable]:
    """``owner`` as a dict from cells (pairs of whole numbers) to what each belongs to."""
    checked = validation.mapping(owner, "owner", what="a dict from cells (x, y) to what each belongs to")
    owners = {}
    for key, who in checked.items():
        if not isinstance(who, Hashable):
            raise ArgumentTypeError(f"owner[{short_repr(key)}] is what the cell belongs to (a name, a "
                                    f"number), not {type(who).__name__}")
        owners[validation.cell(key, f"a key of owner ({short_repr(key)})")] = who
    return owners


def seams(owner: Mapping[Cell, Hashable]) -> list[tuple[Cell, Cell]]:
    """The unit edges between two squares of the same owner: the lines to count squares by.

    Uncovered cells (owner ``None``) have no seams; :func:`outline` draws the rest.

    >>> seams({(0, 0): "a", (1, 0): "a", (2, 0): "b"})  # the domino's middle line only
    [((1, 0), (1, 1))]
    """
    owner = _owners(owner)
    edges = []
    for (x, y), who in owner.items():
        if who is None:
            continue
        # Look right and down only, so each inner edge is found once.
        if owner.get((x + 1, y), _NOBODY) == who:
            edges.append(((x + 1, y), (x + 1, y + 1)))
        if owner.get((x, y + 1), _NOBODY) == who:
            edges.append(((x, y + 1), (x + 1, y + 1)))
    return edges


# -- layout --------------------------------------------------------------------------------

_GAP = 1.0  # an empty square between neighbouring shapes
_LABEL_ROOM = 0.9  # squares of room under a labelled shape
_CHAR_WIDTH = 0.6  # a sans-serif character is about 0.6 of the font size wide


def _layout(sizes: Sequence[tuple[int, int]], columns: int | None, label_widths: Sequence[float]
            ) -> tuple[list[tuple[float, float]], float, float, int]:
    """Where each shape goes in a table of ``columns``: offsets, total width and height, columns.

    ``sizes`` are the shapes' widths and heights and ``label_widths`` their
    labels' (0: no label), in squares. Each column is as wide as its widest
    shape or label and each row as tall as its tallest shape, so small pieces
    do not sit in big empty slots.
    """
    count = len(sizes)
    if columns is None:
        slot_w = _GAP + max((w for w, _ in sizes), default=1)
        slot_h = _GAP + max((h for _, h in sizes), default=1)
        columns = max(1, min(count, round(math.sqrt(count * slot_h / slot_w) * 1.6)))
    rows = max(1, -(-count // columns))
    label_room = _LABEL_ROOM if any(label_widths) else 0.0
    column_widths = [_GAP + max((max(sizes[i][0], label_widths[i]) for i in range(c, count, columns)),
                                default=1) for c in range(columns)]
    row_heights = [_GAP + label_room + max((sizes[i][1] for i in range(r * columns, min(count, (r + 1) * columns))),
                                           default=1) for r in range(rows)]
    lefts = [_GAP / 2 + sum(column_widths[:c]) for c in range(columns)]
    tops = [_GAP / 2 + sum(row_heights[:r]) for r in range(rows)]
    offsets = [(lefts[i % columns], tops[i // columns]) for i in range(count)]
    return offsets, sum(column_widths), sum(row_heights), columns


def _cells(cells: Iterable[Cell], name: str = "cells") -> list[Cell]:
    """``cells`` as whole-number pairs; :class:`BlokusError` for anything else (``inf`` would draw nothing
    at an infinite size, ``1.7`` half a square off the grid)."""
    return validation.cells(cells, name)


def _shapes(shapes: object) -> list[Shape]:
    """``shapes`` as a list of normalised shapes, each a non-empty list of cells."""
    listed = validation.sequence(shapes, "shapes", what="a list of shapes, each a list of cells (x, y)")
    out = []
    for i, shape in enumerate(listed):
        cells = _cells(shape, f"shapes[{i}]")
        if not cells:
            raise BlokusError(f"shapes[{i}] has no cells; a shape is a list of cells (x, y)")
        out.append(normalize(cells))
    return out


def _columns(columns: object, count: int) -> int | None:
    """``columns`` checked (a whole number >= 1, or None to choose), at most one per shape."""
    checked = validation.positive_count(columns, "columns", none="as many as make the picture about square")
    return None if checked is None else min(checked, max(1, count))


#: The largest square, in pixels, an SVG picture is drawn with.
MAX_CELL_SIZE = 1000


def _cell_size(cell_size: object) -> float:
    return validation.number(cell_size, "cell_size", above=0, high=MAX_CELL_SIZE,
                             what=f"a square's size in pixels, > 0 and at most {MAX_CELL_SIZE}")


def _size(shape: Sequence[Cell]) -> tuple[int, int]:
    return 1 + max(x for x, _ in shape), 1 + max(y for _, y in shape)


def _labels_for(shapes: Sequence[Sequence[Cell]], labels: Sequence[str] | None) -> list[str]:
    if labels is not None:
        labels = validation.sequence(labels, "labels", what="a list of texts, one per shape (or None for "
                                                             "the piece names)")
        if len(labels) != len(shapes):
            raise BlokusError(f"{len(labels)} labels for {len(shapes)} shapes")
        return [str(label) for label in labels]
    out = []
    for shape in shapes:
        found = identify(shape)
        out.append(found[0].name if found else "")
    return out


# -- SVG -----------------------------------------------------------------------------------

def _svg_document(width: float, height: float, cell_size: float, body: list[str]) -> str:
    pad = 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell_size + 2 * pad:g}" '
        f'height="{height * cell_size + 2 * pad:g}" viewBox="{-pad / cell_size:g} {-pad / cell_size:g} '
        f'{width + 2 * pad / cell_size:g} {height + 2 * pad / cell_size:g}">'
        + "".join(body) + "</svg>"
    )


def _svg_path(edges: list[tuple[Cell, Cell]], dx: float, dy: float) -> str:
    return "".join(f"M{a[0] + dx:g} {a[1] + dy:g}L{b[0] + dx:g} {b[1] + dy:g}" for a, b in edges)


def _svg_cells(owner: Mapping[Cell, Hashable], colors: Mapping[Hashable, str], dx: float = 0, dy: float = 0,
               grid: bool = False, inner_lines: bool = True) -> list[str]:
    body = []
    for (x, y), who in sorted(owner.items()):
        body.append(f'<rect x="{x + dx:g}" y="{y + dy:g}" width="1" height="1" fill="{colors[who]}" '
                    'shape-rendering="crispEdges"/>')
    if grid:
        for (x, y), who in owner.items():
            if who is None:
                body.append(f'<rect x="{x + dx:g}" y="{y + dy:g}" width="1" height="1" fill="none" '
                            f'stroke="{GRID_COLOR}" stroke-width="0.04"/>')
    inner = seams(owner) if inner_lines else []
    if inner:
        body.append(f'<path class="seams" d="{_svg_path(inner, dx, dy)}" stroke="#000" stroke-opacity="0.5" '
                    'stroke-width="0.05" fill="none"/>')
    body.append(f'<path class="outline" d="{_svg_path(outline(owner), dx, dy)}" stroke="{LINE_COLOR}" '
                'stroke-width="0.1" stroke-linecap="square" fill="none"/>')
    return body


def svg_shapes(shapes: Sequence[Iterable[Cell]], *, columns: int | None = None,
               labels: Sequence[str] | None = None, cell_size: float = 14, inner_lines: bool = True) -> str:
    """Shapes side by side in a grid, labelled with their piece names (or ``labels``), as SVG.

    Thin lines between the squares of each shape (``inner_lines``) let a
    reader count them.

    >>> svg = svg_shapes([get("F").cells])
    >>> "<text" in svg, svg.count('class="seams"')
    (True, 1)
    """
    shapes = _shapes(shapes)
    columns = _columns(columns, len(shapes))
    cell_size = _cell_size(cell_size)
    texts = _labels_for(shapes, labels)
    font_size = 0.7  # in squares
    offsets, width, height, columns = _layout(
        [_size(s) for s in shapes], columns, [len(t) * _CHAR_WIDTH * font_size for t in texts])
    body = []
    for i, (shape, (ox, oy), text) in enumerate(zip(shapes, offsets, texts)):
        owner = {cell: i for cell in shape}
        body += _svg_cells(owner, {i: color_of(shape, i)}, ox, oy, inner_lines=inner_lines)
        if text:
            bottom = _size(shape)[1]
            body.append(f'<text x="{ox:g}" y="{oy + bottom + 0.75:g}" font-size="{font_size:g}" '
                        f'font-family="sans-serif" fill="{LINE_COLOR}">{_escape(text)}</text>')
    return _svg_document(width, height, cell_size, body)


def _tiling_owners(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]]
                   ) -> tuple[dict[Cell, Hashable], dict[Hashable, str]]:
    """Each cell's owner (the index of the placement on it, None if uncovered) and each owner's color."""
    owner: dict[Cell, Hashable] = {cell: None for cell in _cells(region, "region")}
    colors: dict[Hashable, str] = {None: EMPTY_COLOR}
    for i, (name, cells) in enumerate(validation.pairs(placements, "placements", what="a (piece name, cells) pair")):
        for cell in _cells(cells, f"placements[{i}] cells"):
            owner[cell] = i
        colors[i] = color_of(name if isinstance(name, str) else None, i)
    return owner, colors


def svg_tiling(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]], *,
               cell_size: float = 24, inner_lines: bool = True) -> str:
    """A region with pieces placed on it, as SVG; uncovered cells are light grey.

    ``placements`` are ``(piece name, cells)`` pairs; thin lines between the
    squares of each piece (``inner_lines``) let a reader count them.

    >>> svg_tiling([(0, 0), (1, 0)], [("2", [(0, 0), (1, 0)])]).count("<rect")
    2
    """
    cell_size = _cell_size(cell_size)
    owner, colors = _tiling_owners(region, placements)
    if not owner:
        return _svg_document(1, 1, cell_size, [])
    min_x = min(x for x, _ in owner)
    min_y = min(y for _, y in owner)
    width = 1 + max(x for x, _ in owner) - min_x
    height = 1 + max(y for _, y in owner) - min_y
    body = _svg_cells(owner, colors, -min_x, -min_y, grid=True, inner_lines=inner_lines)
    return _svg_document(width, height, cell_size, body)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- matplotlib ----------------------------------------------------------------------------

_INCHES_PER_SQUARE = 0.45  # a square of a picture that makes its own figure, when it fits
_LABEL_POINTS = 9  # readable at 100 dpi
_OUTLINE_WIDTH = 1.6  # points
_SEAM_WIDTH = 0.7  # points: thinner than the outline, so a piece still reads as one shape


def _inches_per_square(ax: Axes | None, width: float, height: float, nominal: float) -> float:
    """How big a square comes out: ``nominal`` for a new figure up to a notebook cell's width, else
    what the given Axes hold (an equal-aspect picture fills its narrower side)."""
    if ax is None:
        return min(nominal, MAX_WIDTH_INCHES / width)
    from matplotlib.figure import SubFigure

    box = ax.get_position()  # fractions of the (sub)figure the Axes are in
    figure = ax.figure
    if isinstance(figure, SubFigure):  # which has a size in pixels, but none in inches
        figure_width, figure_height = figure.bbox.width / figure.dpi, figure.bbox.height / figure.dpi
    else:
        figure_width, figure_height = figure.get_size_inches()
    return min(box.width * figure_width / width, box.height * figure_height / height)


def _new_axes(width: float, height: float, scale: float, title: str | None) -> Axes:
    import matplotlib.pyplot as plt

    title_room = 0.4 if title else 0.0
    _, ax = plt.subplots(figsize=(max(1.5, width * scale), max(1.0, height * scale + title_room)),
                         layout="constrained")
    return ax


def _finish(ax: Axes, width: float, height: float, title: str | None) -> Axes:
    ax.set_xlim(-0.2, width + 0.2)
    ax.set_ylim(height + 0.2, -0.2)  # y grows downwards, as on the board
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


def _draw_cells(ax: Axes, owner: dict[Cell, Hashable], colors: dict[Hashable, str],
                dx: float = 0, dy: float = 0, inner_lines: bool = True) -> None:
    from matplotlib.collections import LineCollection, PolyCollection

    squares = [[(x + dx, y + dy), (x + dx + 1, y + dy), (x + dx + 1, y + dy + 1), (x + dx, y + dy + 1)]
               for x, y in owner]
    faces = [colors[who] for who in owner.values()]
    edges = ["none" if who is not None else GRID_COLOR for who in owner.values()]
    # No antialiasing on the squares: it would show faint stray lines between squares of one piece.
    ax.add_collection(PolyCollection(squares, facecolors=faces, edgecolors=edges, linewidths=0.5,
                                     antialiaseds=False))
    # One collection for the seams and the outline, the outline last so it stays on top.
    inner = seams(owner) if inner_lines else []
    border = outline(owner)
    lines = [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in inner + border]
    ax.add_collection(LineCollection(
        lines, colors=[SEAM_COLOR] * len(inner) + [LINE_COLOR] * len(border),
        linewidths=[_SEAM_WIDTH] * len(inner) + [_OUTLINE_WIDTH] * len(border), capstyle="projecting"))


def plot_shapes(shapes: Sequence[Iterable[Cell]], ax: Axes | None = None, *, columns: int | None = None,
                labels: Sequence[str] | None = None, title: str | None = None,
                inner_lines: bool = True) -> Axes:
    """Draw shapes side by side in a grid, labelled with their piece names (or ``labels``).

    Thin lines between the squares (``inner_lines``) let a reader count them;
    a new figure is at most a notebook cell wide (:data:`MAX_WIDTH_INCHES`).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_shapes([get("F").cells, get("X").cells])
    >>> [t.get_text() for t in ax.texts]
    ['F', 'X']
    """
    shapes = _shapes(shapes)
    ax = validation.axes(ax)
    columns = _columns(columns, len(shapes))
    texts = _labels_for(shapes, labels)
    sizes = [_size(s) for s in shapes]
    nominal = 0.3 if len(shapes) > 30 else _INCHES_PER_SQUARE
    scale = nominal
    # A label's width in squares depends on how big a square comes out, and that on the layout:
    # two rounds settle it.
    for _ in range(2):
        label_widths = [len(t) * _CHAR_WIDTH * _LABEL_POINTS / 72 / scale for t in texts]
        offsets, width, height, columns = _layout(sizes, columns, label_widths)
        scale = _inches_per_square(ax, width, height, nominal)
    if ax is None:
        ax = _new_axes(width, height, scale, title)
    for i, (shape, (ox, oy), text) in enumerate(zip(shapes, offsets, texts)):
        _draw_cells(ax, {cell: i for cell in shape}, {i: color_of(shape, i)}, ox, oy, inner_lines)
        if text:
            ax.text(ox, oy + sizes[i][1] + 0.15, text, va="top", ha="left", fontsize=_LABEL_POINTS)
    return _finish(ax, width, height, title)


def plot_pieces(ax: Axes | None = None, *, inner_lines: bool = True) -> Axes:
    """All 21 Blokus pieces with their names, the squares of each outlined so they can be counted.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(plot_pieces().texts)
    21
    """
    ax = validation.axes(ax)
    return plot_shapes([p.cells for p in PIECES], ax=ax, columns=7, inner_lines=inner_lines)


def plot_orientations(name: str, ax: Axes | None = None, *, inner_lines: bool = True) -> Axes:
    """One piece's fixed orientations, each labelled with the transform that first gives it.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> plot_orientations("F").get_title()
    'F: 8 orientations, 1 symmetry'
    """
    piece = get(name)
    labels = []
    for shape in piece.orientations:
        first = next(t for t in range(8) if transform(piece.cells, t) == shape)
        labels.append(TRANSFORM_NAMES[first])
    count = len(piece.orientations)
    title = (f"{piece.name}: {count} orientation{'s' if count > 1 else ''}, "
             f"{len(piece.symmetries)} symmetr{'ies' if len(piece.symmetries) > 1 else 'y'}")
    return plot_shapes(piece.orientations, ax=ax, columns=min(count, 4), labels=labels, title=title,
                       inner_lines=inner_lines)


def plot_tiling(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]],
                ax: Axes | None = None, *, title: str | None = None, inner_lines: bool = True) -> Axes:
    """A region with pieces placed on it; uncovered cells are light grey.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_tiling([(0, 0), (1, 0)], [("2", [(0, 0), (1, 0)])], title="a domino")
    >>> ax.get_title()
    'a domino'
    """
    ax = validation.axes(ax)
    owner, colors = _tiling_owners(region, placements)
    width = 1 + max((x for x, _ in owner), default=0)
    height = 1 + max((y for _, y in owner), default=0)
    if ax is None:
        ax = _new_axes(width, height, _inches_per_square(None, width, height, _INCHES_PER_SQUARE), title)
    _draw_cells(ax, owner, colors, inner_lines=inner_lines)
    return _finish(ax, width, height, title)


def plot_tilings(tilings: Sequence[tuple[Iterable[Cell], Sequence[tuple[str, Iterable[Cell]]]]], *,
                 columns: int = 4, titles: Sequence[str] | None = None, scale: float = 0.25,
                 inner_lines: bool = True) -> Figure:
    """Several ``(region, placements)`` pictures in one figure, at most a notebook cell wide.

    ``scale`` is the inches per square when that fits. Returns the figure.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(plot_tilings([([(0, 0)], [("1", [(0, 0)])])] * 3).axes)
    3
    """
    import matplotlib.pyplot as plt

    tilings = _tilings(tilings)
    columns = max(1, min(validation.positive_count(columns, "columns"), len(tilings)))
    scale = validation.number(scale, "scale", above=0, high=MAX_WIDTH_INCHES,
                              what=f"inches per square, > 0 and at most {MAX_WIDTH_INCHES:g}")
    if titles is not None:
        titles = [str(title) for title in validation.sequence(titles, "titles", what="a list of texts")]
        if len(titles) != len(tilings):
            raise BlokusError(f"{len(titles)} titles for {len(tilings)} tilings")
    rows = max(1, -(-len(tilings) // columns))
    width = max((1 + max((x for x, _ in region), default=0) for region, _ in tilings), default=1)
    height = max((1 + max((y for _, y in region), default=0) for region, _ in tilings), default=1)
    scale = min(scale, MAX_WIDTH_INCHES / (columns * (width + 1)))
    title_room = 0.3 if titles else 0.0
    fig, axes = plt.subplots(rows, columns, squeeze=False, layout="constrained",
                             figsize=(columns * (width + 1) * scale, rows * ((height + 1) * scale + title_room)))
    for i, ax in enumerate(axes.flat):
        if i < len(tilings):
            region, placements = tilings[i]
            plot_tiling(region, placements, ax=ax, title=titles[i] if titles else None,
                        inner_lines=inner_lines)
        else:
            ax.axis("off")
    return fig


def _tilings(tilings: object) -> list[tuple[list[Cell], list]]:
    """``tilings`` as a list of ``(region, placements)`` pairs, the region's cells checked (the
    placements are checked as each is drawn)."""
    out = []
    for i, (region, placements) in enumerate(validation.pairs(tilings, "tilings", what="a (region, placements) pair")):
        _tiling_owners(region, placements)  # every cell checked before a figure is made
        out.append((_cells(region, f"tilings[{i}] region"), placements))
    return out


def _fills(fills: object) -> dict[Cell, str]:
    """``fills`` as a dict from cells to colours."""
    checked = validation.mapping(fills, "fills", what="a dict from cells (x, y) to colours like '#555555'")
    return {validation.cell(key, f"a key of fills ({short_repr(key)})"): validation.colour(fill, f"fills[{key!r}]")
            for key, fill in checked.items()}


# -- a region coloured square by square (the pictures of impossibility arguments) ----------------

def svg_coloured_region(fills: dict[Cell, str], *, cell_size: float = 24) -> str:
    """A region whose squares are filled with the colours given, with a thin grid and its outline, as SVG.

    >>> svg_coloured_region({(0, 0): "#555555", (1, 0): "#eeeeee"}).count("<rect")
    2
    """
    fills = _fills(fills)
    cell_size = _cell_size(cell_size)
    if not fills:
        return _svg_document(1, 1, cell_size, [])
    min_x = min(x for x, _ in fills)
    min_y = min(y for _, y in fills)
    width = 1 + max(x for x, _ in fills) - min_x
    height = 1 + max(y for _, y in fills) - min_y
    body = [f'<rect x="{x - min_x:g}" y="{y - min_y:g}" width="1" height="1" fill="{_escape(fill)}" '
            f'stroke="{GRID_COLOR}" stroke-width="0.04"/>' for (x, y), fill in sorted(fills.items())]
    body.append(f'<path class="outline" d="{_svg_path(outline(dict.fromkeys(fills, 0)), -min_x, -min_y)}" '
                f'stroke="{LINE_COLOR}" stroke-width="0.1" stroke-linecap="square" fill="none"/>')
    return _svg_document(width, height, cell_size, body)


def plot_coloured_region(fills: dict[Cell, str], ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """Draw a region whose squares are filled with the colours given (matplotlib); returns the Axes.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(plot_coloured_region({(0, 0): "#555555", (1, 0): "#eeeeee"}).collections)
    2
    """
    from matplotlib.collections import LineCollection, PolyCollection

    fills = _fills(fills)
    ax = validation.axes(ax)
    width = 1 + max((x for x, _ in fills), default=0)
    height = 1 + max((y for _, y in fills), default=0)
    if ax is None:
        ax = _new_axes(width, height, _inches_per_square(None, width, height, _INCHES_PER_SQUARE), title)
    squares = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x, y in fills]
    ax.add_collection(PolyCollection(squares, facecolors=list(fills.values()), edgecolors=GRID_COLOR,
                                     linewidths=0.5))
    border = outline(dict.fromkeys(fills, 0))
    ax.add_collection(LineCollection(border, colors=LINE_COLOR, linewidths=_OUTLINE_WIDTH, capstyle="projecting"))
    return _finish(ax, width, height, title)
