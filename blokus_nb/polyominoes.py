"""Polyominoes: shapes made of squares joined edge to edge.

A shape is a tuple of ``(x, y)`` cells, ``y`` growing downwards, in the normal
form of :func:`blokus_nb.pieces.normalize` (shifted to 0 and sorted by
``(y, x)``), exactly as the pieces are written.

Three ways to count them, which differ in which copies are "the same":

* ``"fixed"``: only shifts; a shape and its turned copy are different.
* ``"one-sided"``: shifts and rotations (pieces may be turned, not flipped).
* ``"free"``: shifts, rotations and reflections (turned and flipped). Blokus
  pieces are the free polyominoes of 1 to 5 squares: 1 + 1 + 2 + 5 + 12 = 21.

>>> from blokus_nb import polyominoes
>>> [len(polyominoes.enumerate(n)) for n in range(1, 7)]
[1, 1, 2, 5, 12, 35]
>>> len(polyominoes.enumerate(5, kind="fixed"))
63
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Literal

from . import validation
from .errors import BlokusError, SlowComputationWarning
from .pieces import SYMMETRIES, Cell, Shape, _not_cells, identify, normalize, transform

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = [
    "KINDS", "enumerate", "count", "canonical", "symmetries", "orientations",
    "is_connected", "connected_parts", "drawing", "name", "show", "svg", "MAX_SQUARES",
]

#: The largest ``n`` :func:`enumerate` accepts: 14 squares give 901,971 free shapes
#: (minutes and about a gigabyte); each square more multiplies both by about four.
MAX_SQUARES = 14
#: From this ``n`` on, :func:`enumerate` warns (:class:`~blokus_nb.errors.SlowComputationWarning`)
#: before it starts: 12 squares take about half a minute the first time.
SLOW_SQUARES = 12

Kind = Literal["free", "one-sided", "fixed"]
#: The three kinds of counting, with the symmetries each treats as "the same".
KINDS: dict[str, tuple[int, ...]] = {
    "free": tuple(range(8)),
    "one-sided": (0, 1, 2, 3),
    "fixed": (0,),
}


def _transforms(kind: str) -> tuple[int, ...]:
    try:
        return KINDS[kind]
    except (KeyError, TypeError):
        raise BlokusError(f"kind must be one of {', '.join(map(repr, KINDS))}, not {kind!r}") from None


YXShape = tuple[tuple[int, int], ...]


def _variants_yx(cells: Iterable[Cell]) -> list[YXShape]:
    """transform(cells, t) for t = 0..7 with each cell as (y, x): the hot path of enumerate.

    Comparing these compares shapes in reading order, so the smallest copy of a
    shape is one with as many squares as possible in its top row.
    """
    cells = tuple(cells)
    out = []
    for a, b, c, d in SYMMETRIES:
        moved = [(c * x + d * y, a * x + b * y) for x, y in cells]  # (y, x): sorts in reading order
        min_y = min(y for y, _ in moved)
        min_x = min(x for _, x in moved)
        out.append(tuple(sorted((y - min_y, x - min_x) for y, x in moved)))
    return out


def _xy(shape: YXShape) -> Shape:
    return tuple((x, y) for y, x in shape)


def canonical(cells: Iterable[Cell], kind: Kind = "free") -> Shape:
    """The representative of the shape's class: its first copy in reading order.

    Copies are compared row by row from the top, so the representative has as
    many squares as it can in its top row.

    >>> canonical([(0, 0), (0, 1)])  # a vertical domino is the horizontal one
    ((0, 0), (1, 0))
    >>> canonical([(0, 0), (0, 1)], kind="fixed")
    ((0, 0), (0, 1))
    """
    transforms = _transforms(kind)
    if len(transforms) == 1:
        return normalize(cells)
    try:
        variants = _variants_yx(cells)
    except (TypeError, ValueError) as error:  # checked only on failure: this is the hot path
        raise _not_cells(cells) from error
    return _xy(min(variants[t] for t in transforms))


def symmetries(cells: Iterable[Cell]) -> tuple[int, ...]:
    """The transforms (see :data:`blokus_nb.pieces.TRANSFORM_NAMES`) that map the shape onto itself.

    >>> symmetries([(0, 0), (1, 0)])  # a domino: itself after a half turn or a flip
    (0, 2, 4, 6)
    """
    shape = normalize(cells)
    return tuple(t for t in range(8) if transform(shape, t) == shape)


def orientations(cells: Iterable[Cell], kind: Kind = "fixed") -> tuple[Shape, ...]:
    """The distinct copies of a shape that count as different under ``kind``'s rules.

    ``"fixed"`` gives all its turned and flipped copies (8 divided by the number
    of symmetries), ``"one-sided"`` the copies that a flip gives and turning does
    not (1 or 2), ``"free"`` just the shape.

    >>> len(orientations([(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]))  # the F pentomino
    8
    """
    shape = normalize(cells)
    out: list[Shape] = []
    for t in range(8):
        copy = canonical(transform(shape, t), kind)
        if copy not in out:
            out.append(copy)
    return tuple(out)


def connected_parts(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The cells split into groups joined edge to edge, in reading order of their first square.

    >>> [sorted(part) for part in connected_parts([(0, 0), (1, 0), (3, 0)])]
    [[(0, 0), (1, 0)], [(3, 0)]]
    """
    left = set(validation.cells(cells))
    parts = []
    while left:
        start = min(left, key=lambda c: (c[1], c[0]))
        part = {start}
        todo = [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if neighbour in left:
                    left.discard(neighbour)
                    part.add(neighbour)
                    todo.append(neighbour)
        parts.append(frozenset(part))
    return parts


def is_connected(cells: Iterable[Cell]) -> bool:
    """Are the cells joined edge to edge (a polyomino)?

    >>> is_connected([(0, 0), (1, 1)])
    False
    """
    return len(connected_parts(cells)) == 1


_FREE: list[tuple[YXShape, ...]] = [(), (((0, 0),),)]  # _FREE[n]: the free n-ominoes, as (y, x)


def _free(n: int) -> tuple[YXShape, ...]:
    # Grow every free (n-1)-omino by one square in every possible place, size by size
    # (a loop, not recursion: no depth limit, and Ctrl-C stops it between shapes).
    while len(_FREE) <= n:
        grown: set[YXShape] = set()
        for shape_yx in _FREE[-1]:
            shape = _xy(shape_yx)
            cells = set(shape)
            frontier = {(x + dx, y + dy) for x, y in shape for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            for cell in frontier - cells:
                grown.add(min(_variants_yx(cells | {cell})))
        _FREE.append(tuple(sorted(grown)))
    return _FREE[n]


@cache
def _enumerate(n: int, kind: str) -> tuple[Shape, ...]:
    free = _free(n)
    if kind == "free":
        return tuple(_xy(shape) for shape in free)
    found: set[YXShape] = set()
    for base in free:
        variants = _variants_yx(_xy(base))
        if kind == "fixed":
            found.update(variants)
        else:  # transforms 0-3 are the turns of the shape, 4-7 the turns of its mirror image
            found.add(min(variants[:4]))
            found.add(min(variants[4:]))
    return tuple(_xy(shape) for shape in sorted(found))


def enumerate(n: int, kind: Kind = "free") -> list[Shape]:  # noqa: A001 - the name the lesson uses
    """All polyominoes of ``n`` squares, each once under ``kind``'s rules, sorted.

    Counts follow OEIS A000105 (free), A000988 (one-sided), A001168 (fixed).
    Each class is given by its smallest copy (see :func:`canonical`). Results are
    cached; n = 10 takes a few seconds the first time, and each square more about
    four times as long. ``n`` above :data:`MAX_SQUARES` is refused; from
    :data:`SLOW_SQUARES` on a :class:`~blokus_nb.errors.SlowComputationWarning`
    comes first.

    >>> enumerate(3)
    [((0, 0), (1, 0), (2, 0)), ((0, 0), (1, 0), (0, 1))]
    >>> len(enumerate(4, kind="one-sided"))
    7
    """
    _transforms(kind)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise BlokusError(f"n must be a positive int, not {n!r}")
    if n > MAX_SQUARES:
        raise BlokusError(f"n = {n} is too many squares to list: up to {MAX_SQUARES} is possible "
                          f"(901,971 free shapes, minutes and about a gigabyte); each square more "
                          "takes about four times the time and memory")
    if n >= SLOW_SQUARES and len(_FREE) <= n:  # the free shapes of n squares are not grown yet
        minutes = 0.5 * 4 ** (n - SLOW_SQUARES)
        warnings.warn(f"listing the {kind} polyominoes of {n} squares takes roughly {minutes:g} minutes "
                      "and much memory the first time (Ctrl-C stops it)", SlowComputationWarning,
                      stacklevel=2)
    return list(_enumerate(n, kind))


def count(n: int, kind: Kind = "free") -> int:
    """How many polyominoes of ``n`` squares there are under ``kind``'s rules.

    >>> count(6), count(6, "one-sided"), count(6, "fixed")
    (35, 60, 216)
    """
    return len(enumerate(n, kind))


def drawing(cells: Iterable[Cell]) -> str:
    """The shape as text, ``#`` for a square and ``.`` for a gap.

    >>> print(drawing([(0, 0), (0, 1), (1, 1)]))
    #.
    ##
    """
    shape = normalize(cells)
    width = 1 + max(x for x, _ in shape)
    height = 1 + max(y for _, y in shape)
    present = set(shape)
    return "\n".join("".join("#" if (x, y) in present else "." for x in range(width)) for y in range(height))


def name(cells: Iterable[Cell]) -> str | None:
    """The Blokus piece name of the shape (any orientation), or ``None`` if it is not a piece.

    >>> name([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]) is None
    True
    >>> name([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)])
    'I5'
    """
    found = identify(cells)
    return None if found is None else found[0].name


def show(shapes: Sequence[Iterable[Cell]], ax: Axes | None = None, *, columns: int | None = None,
         labels: Sequence[str] | None = None, title: str | None = None) -> Axes:
    """Draw a set of polyominoes side by side in a grid (matplotlib).

    Blokus pieces are coloured as in the game and labelled with their names
    unless ``labels`` is given.

    >>> ax = show(enumerate(4))  # doctest: +SKIP
    """
    from . import piece_plots

    return piece_plots.plot_shapes(shapes, ax=ax, columns=columns, labels=labels, title=title)


def svg(shapes: Sequence[Iterable[Cell]], *, columns: int | None = None,
        labels: Sequence[str] | None = None, cell_size: int = 14) -> str:
    """A set of polyominoes side by side as an SVG string (no matplotlib needed).

    >>> svg(enumerate(3)).startswith("<svg")
    True
    """
    from . import piece_plots

    return piece_plots.svg_shapes(shapes, columns=columns, labels=labels, cell_size=cell_size)

