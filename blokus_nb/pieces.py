"""The 21 Blokus pieces: names, shapes, symmetries and fixed orientations.

Pieces are named as Pentobi names them. A shape is a tuple of ``(x, y)`` cells
with ``x`` growing to the right and ``y`` growing *downwards* (screen order),
normalised so that the smallest ``x`` and ``y`` are 0 and sorted by ``(y, x)``.

>>> from blokus_nb import pieces
>>> pieces.get("F").size, len(pieces.get("F").orientations)
(5, 8)
>>> sum(len(p.orientations) for p in pieces.PIECES)
91
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import BlokusError, UnknownPieceError, short_repr

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

#: The eight symmetries of the square, as names. Transform ``t`` rotates the
#: shape ``t % 4`` quarter turns clockwise, then mirrors it left-right when
#: ``t >= 4``.
TRANSFORM_NAMES: tuple[str, ...] = (
    "identity", "rotate 90", "rotate 180", "rotate 270",
    "flip", "rotate 90 + flip", "rotate 180 + flip", "rotate 270 + flip",
)

#: The same eight symmetries as integer matrices ``(a, b, c, d)``: transform ``t``
#: moves cell ``(x, y)`` to ``(a * x + b * y, c * x + d * y)`` (before normalising).
#: With ``y`` pointing down, a quarter turn clockwise is ``(x, y) -> (-y, x)`` and
#: the flip is ``(x, y) -> (-x, y)``. This is the one table every module uses;
#: ``js/src/shared/shapes.ts`` repeats it, pinned by ``js/test/fixtures/symmetries.json``.
SYMMETRIES: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
    (-1, 0, 0, 1), (0, 1, 1, 0), (1, 0, 0, -1), (0, -1, -1, 0),
)

# Drawn in screen order, "#" is a square. Order and names follow Pentobi.
_DRAWINGS: tuple[tuple[str, str], ...] = (
    ("1", "#"),
    ("2", "##"),
    ("I3", "###"),
    ("V3", "#. ##"),
    ("I4", "####"),
    ("L4", "#. #. ##"),
    ("O", "## ##"),
    ("T4", "### .#."),
    ("Z4", "##. .##"),
    ("F", ".## ##. .#."),
    ("I5", "#####"),
    ("L5", "#. #. #. ##"),
    ("N", "##.. .###"),
    ("P", "## ## #."),
    ("T5", "### .#. .#."),
    ("U", "#.# ###"),
    ("V5", "#.. #.. ###"),
    ("W", "#.. ##. .##"),
    ("X", ".#. ### .#."),
    ("Y", ".#.. ####"),
    ("Z5", "##. .#. .##"),
)


def normalize(cells: Iterable[Cell]) -> Shape:
    """Shift cells so the smallest x and y are 0, and sort them by (y, x).

    >>> normalize([(3, 5), (2, 5)])
    ((0, 0), (1, 0))
    """
    try:
        cells = list(cells)
        min_x = min(x for x, _ in cells)
        min_y = min(y for _, y in cells)
        return tuple(sorted(((x - min_x, y - min_y) for x, y in cells), key=lambda c: (c[1], c[0])))
    except (TypeError, ValueError) as error:  # checked only on failure: this is on hot paths
        raise _not_cells(cells) from error


def _not_cells(cells: object) -> BlokusError:
    return BlokusError(f"cells are a non-empty list of (x, y) pairs of whole numbers, like "
                       f"[(0, 0), (1, 0)], not {short_repr(cells)}")


def move_cell(cell: Cell, t: int) -> Cell:
    """Where symmetry ``t`` (see :data:`SYMMETRIES`) moves ``cell``, about the origin.

    >>> move_cell((2, 1), 1)  # a quarter turn clockwise
    (-1, 2)
    """
    a, b, c, d = _symmetry(t)
    x, y = cell
    return (a * x + b * y, c * x + d * y)


def transform(cells: Iterable[Cell], t: int) -> Shape:
    """Apply symmetry ``t`` (see :data:`TRANSFORM_NAMES`) and normalise.

    >>> transform(((0, 0), (1, 0)), 1)
    ((0, 0), (0, 1))
    """
    a, b, c, d = _symmetry(t)
    try:
        moved = [(a * x + b * y, c * x + d * y) for x, y in cells]
    except (TypeError, ValueError) as error:
        raise _not_cells(cells) from error
    return normalize(moved)


def _symmetry(t: int) -> tuple[int, int, int, int]:
    if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 8:
        raise BlokusError(f"symmetry {t!r} is none of the square's eight, numbered 0 to 7 "
                          f"({', '.join(TRANSFORM_NAMES)})")
    return SYMMETRIES[t]


@dataclass(frozen=True)
class Piece:
    """One of the 21 pieces.

    ``orientations`` lists the distinct fixed orientations in the order the
    transforms 0..7 first produce them; ``symmetries`` lists the transforms that
    map the piece onto itself.
    """

    index: int
    name: str
    cells: Shape
    orientations: tuple[Shape, ...] = field(repr=False)
    symmetries: tuple[int, ...] = field(repr=False)

    @property
    def size(self) -> int:
        """Number of squares."""
        return len(self.cells)

    def orientation_of(self, t: int) -> int:
        """Index into :attr:`orientations` of the shape that transform ``t`` gives.

        >>> get("V3").orientation_of(1)
        1
        """
        return self.orientations.index(transform(self.cells, t))

    def __str__(self) -> str:
        return self.name

    def drawing(self, orientation: int = 0) -> str:
        """The shape as text, ``#`` for a square.

        >>> print(get("V3").drawing())
        #.
        ##
        """
        if isinstance(orientation, bool) or not isinstance(orientation, int) \
                or not 0 <= orientation < len(self.orientations):
            raise BlokusError(f"{self.name} has orientations 0 to {len(self.orientations) - 1}, "
                              f"not {orientation!r}")
        shape = self.orientations[orientation]
        width = 1 + max(x for x, _ in shape)
        height = 1 + max(y for _, y in shape)
        cells = set(shape)
        return "\n".join(
            "".join("#" if (x, y) in cells else "." for x in range(width)) for y in range(height)
        )


def _parse_drawing(text: str) -> Shape:
    return normalize(
        (x, y) for y, row in enumerate(text.split()) for x, ch in enumerate(row) if ch == "#"
    )


def _build() -> tuple[Piece, ...]:
    result = []
    for index, (name, drawing) in enumerate(_DRAWINGS):
        base = _parse_drawing(drawing)
        orientations: list[Shape] = []
        symmetries = []
        for t in range(8):
            shape = transform(base, t)
            if shape == base:
                symmetries.append(t)
            if shape not in orientations:
                orientations.append(shape)
        result.append(Piece(index, name, base, tuple(orientations), tuple(symmetries)))
    return tuple(result)


#: All 21 pieces, in Pentobi's order.
PIECES: tuple[Piece, ...] = _build()
#: The piece names in order: ``1 2 I3 V3 I4 L4 O T4 Z4 F I5 L5 N P T5 U V5 W X Y Z5``.
NAMES: tuple[str, ...] = tuple(p.name for p in PIECES)
_BY_NAME = {p.name: p for p in PIECES}
_BY_SHAPE = {shape: p for p in PIECES for shape in p.orientations}
#: Squares in a full set of pieces (89).
TOTAL_SQUARES: int = sum(p.size for p in PIECES)


def get(name: str) -> Piece:
    """The piece called ``name`` (case-insensitive), e.g. ``get("f")``.

    >>> get("x").size
    5
    """
    piece = None
    if isinstance(name, str):
        piece = _BY_NAME.get(name) or _BY_NAME.get(name.upper())
    if piece is None:
        raise UnknownPieceError(f"no piece named {name!r}; pieces are {' '.join(NAMES)}")
    return piece


def identify(cells: Iterable[Cell]) -> tuple[Piece, int] | None:
    """Which piece and orientation these cells form, or ``None``.

    >>> piece, orientation = identify([(5, 5), (6, 5)])
    >>> piece.name, orientation
    ('2', 0)
    """
    shape = normalize(cells)
    piece = _BY_SHAPE.get(shape)
    if piece is None:
        return None
    return piece, piece.orientations.index(shape)


# Pictures live in blokus_nb.piece_plots, which imports this module (never the reverse).
# These two names stay for one release, as deprecated shims.


def show(ax: Axes | None = None) -> Axes:
    """Deprecated: use :func:`blokus_nb.piece_plots.plot_pieces`.

    >>> import blokus_nb as bn
    >>> ax = bn.piece_plots.plot_pieces()  # doctest: +SKIP
    """
    warnings.warn("blokus_nb.pieces.show() is deprecated; use blokus_nb.piece_plots.plot_pieces()",
                  DeprecationWarning, stacklevel=2)
    from .piece_plots import plot_pieces

    return plot_pieces(ax=ax)


def show_orientations(name: str, ax: Axes | None = None) -> Axes:
    """Deprecated: use :func:`blokus_nb.piece_plots.plot_orientations`.

    >>> import blokus_nb as bn
    >>> ax = bn.piece_plots.plot_orientations("F")  # doctest: +SKIP
    """
    warnings.warn("blokus_nb.pieces.show_orientations() is deprecated; use "
                  "blokus_nb.piece_plots.plot_orientations()", DeprecationWarning, stacklevel=2)
    from .piece_plots import plot_orientations

    return plot_orientations(name, ax=ax)
