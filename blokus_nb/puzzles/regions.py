"""Region families to make puzzles in: rectangles, rectangles with holes, letters, a heart, random shapes.

Each function returns a region as a frozenset of ``(x, y)`` cells (``x`` to
the right, ``y`` down, the top left square at ``(0, 0)``), which
:class:`~blokus_nb.puzzles.Puzzle` and :func:`~blokus_nb.puzzles.generate`
take as they take ASCII art.

>>> len(rectangle(5, 3))
15
>>> print(art(letter("L")))
#...
#...
#...
#...
####
>>> len(heart(8))
32
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .. import validation
from ..errors import BlokusError, short_repr
from ..pieces import Cell, Shape
from ..polyominoes import is_connected
from .errors import RegionError
from .reading import MAX_CELLS, _check_extent, _read_cells

__all__ = ["FAMILIES", "LETTERS", "rectangle", "with_holes", "letter", "heart", "glued", "art"]

#: The region families :func:`~blokus_nb.puzzles.generate` knows by name.
FAMILIES = ("rectangle", "holes", "random", "letter", "heart")

# A blocky capital alphabet, one stroke wide, 5 rows high, square corners so every letter
# is one piece of squares joined by sides: '#' a square.
_FONT = {
    "A": ("####", "#..#", "####", "#..#", "#..#"),
    "B": ("###.", "#.#.", "####", "#..#", "####"),
    "C": ("####", "#...", "#...", "#...", "####"),
    "D": ("####", "#..#", "#..#", "#..#", "###."),
    "E": ("####", "#...", "###.", "#...", "####"),
    "F": ("####", "#...", "###.", "#...", "#..."),
    "G": ("####", "#...", "#.##", "#..#", "####"),
    "H": ("#..#", "#..#", "####", "#..#", "#..#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("####", "...#", "...#", "#..#", "####"),
    "K": ("#..#", "#.##", "###.", "#.##", "#..#"),
    "L": ("#...", "#...", "#...", "#...", "####"),
    "M": ("#####", "#.#.#", "#.#.#", "#...#", "#...#"),
    "N": ("###.#", "#.#.#", "#.#.#", "#.#.#", "#.###"),
    "O": ("####", "#..#", "#..#", "#..#", "####"),
    "P": ("####", "#..#", "####", "#...", "#..."),
    "Q": ("####", "#..#", "#.##", "####", "...#"),
    "R": ("####", "#..#", "####", "#.#.", "#.##"),
    "S": ("####", "#...", "####", "...#", "####"),
    "T": ("#####", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#..#", "#..#", "#..#", "#..#", "####"),
    "V": ("#...#", "#...#", "##.##", ".#.#.", ".###."),
    "W": ("#...#", "#...#", "#.#.#", "#.#.#", "#####"),
    "X": ("##.##", ".###.", "..#..", ".###.", "##.##"),
    "Y": ("#...#", "#...#", "#####", "..#..", "..#.."),
    "Z": ("####", "...#", "####", "#...", "####"),
}
#: The letters :func:`letter` draws, A to Z.
LETTERS = "".join(_FONT)


def _check_side(name: str, value: object, least: int = 1) -> int:
    return validation.whole_number(value, name, low=least, error=RegionError)


def rectangle(width: int, height: int) -> frozenset[Cell]:
    """A ``width`` x ``height`` rectangle.

    >>> sorted(rectangle(2, 1))
    [(0, 0), (1, 0)]
    """
    width, height = _check_side("width", width), _check_side("height", height)
    if width * height > MAX_CELLS:
        raise RegionError(f"a {width}x{height} rectangle has {width * height:,} cells; "
                          f"a puzzle region has at most {MAX_CELLS:,}")
    return frozenset((x, y) for y in range(height) for x in range(width))


def with_holes(width: int, height: int, holes: int = 1, *, seed: int | random.Random | None = None
               ) -> frozenset[Cell]:
    """A rectangle with ``holes`` squares taken out, none on its border, the rest still joined.

    >>> len(with_holes(5, 4, 2, seed=1))
    18
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(validation.seed(seed, error=RegionError))
    width, height = _check_side("width", width), _check_side("height", height)
    cells = set(rectangle(width, height))
    inner = sorted((x, y) for x, y in cells if 0 < x < width - 1 and 0 < y < height - 1)
    holes = _check_side("holes", holes, 0)
    if holes > len(inner):
        raise RegionError(f"a {width}x{height} rectangle has {len(inner)} squares off its border, "
                          f"not room for {holes} holes")
    for _ in range(100):
        chosen = rng.sample(inner, holes)
        rest = cells - set(chosen)
        if is_connected(rest):
            return frozenset(rest)
    raise RegionError(f"could not take {holes} holes out of a {width}x{height} rectangle and keep it joined")


def letter(character: str, scale: int = 1) -> frozenset[Cell]:
    """A capital letter, 5 squares high and one square wide per stroke, each square ``scale`` x ``scale``.

    >>> len(letter("T")), len(letter("T", scale=2))
    (9, 36)
    """
    key = character.upper() if isinstance(character, str) else character
    if not isinstance(key, str) or key not in _FONT:
        raise RegionError(f"letter draws one of the capitals A-Z, not {character!r}")
    scale = _check_side("scale", scale)
    if scale > 20:
        raise RegionError(f"a letter at scale {scale} is too large for a puzzle (at most 20)")
    return frozenset((x * scale + dx, y * scale + dy)
                     for y, row in enumerate(_FONT[key]) for x, c in enumerate(row) if c == "#"
                     for dy in range(scale) for dx in range(scale))


def heart(size: int) -> frozenset[Cell]:
    """A heart ``size`` squares wide: two round lobes above a point, the squares whose centres lie inside.

    >>> print(art(heart(8)))
    .##..##.
    ########
    ########
    .######.
    ..####..
    ...##...
    """
    size = _check_side("size", size, 8)
    if size > 100:
        raise RegionError(f"a heart {size} squares wide is too large for a puzzle (at most 100)")
    radius = size / 4
    tip = radius + size * 0.62  # how far down the point reaches
    cells = set()
    for row in range(int(tip) + 1):
        for column in range(size):
            x, y = column + 0.5, row + 0.5
            in_lobe = min((x - radius) ** 2, (x - 3 * radius) ** 2) + (y - radius) ** 2 <= radius ** 2 + 0.3
            # Below the lobes' centres, the triangle from their outer edges down to the point.
            in_point = radius <= y <= tip and abs(x - size / 2) <= size / 2 * (tip - y) / (tip - radius)
            if in_lobe or in_point:
                cells.add((column, row))
    top = min(y for _, y in cells)
    return frozenset((x, y - top) for x, y in cells)


def glued(shapes: Sequence[Shape], rng: random.Random) -> tuple[frozenset[Cell], list[frozenset[Cell]]]:
    """A random region made by laying the ``shapes`` down one by one, each touching those before along a side.

    Each shape goes, turned and flipped at random, in one of the places that
    touch the region most (so the region stays compact rather than a snake).
    Returns the region and the cells of each shape as laid (the region's
    known tiling).

    >>> region, parts = glued([((0, 0), (1, 0)), ((0, 0),)], random.Random(1))
    >>> len(region), [len(p) for p in parts]
    (3, [2, 1])
    """
    from ..pieces import transform

    rng = validation.instance(rng, "rng", random.Random, "a random.Random, like random.Random(1)",
                              error=RegionError)
    shapes = _shapes(shapes)
    region: set[Cell] = set()
    parts: list[frozenset[Cell]] = []
    for shape in shapes:
        turns = sorted({transform(shape, t) for t in range(8)})
        if not region:
            cells = frozenset(rng.choice(turns))
        else:
            border = {(x + dx, y + dy) for x, y in region for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - region
            choices: list[tuple[int, frozenset[Cell]]] = []
            for turned in turns:
                for bx, by in border:
                    for sx, sy in turned:
                        cells = frozenset((x - sx + bx, y - sy + by) for x, y in turned)
                        if cells & region:
                            continue
                        contacts = sum((x + dx, y + dy) in region for x, y in cells
                                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                        choices.append((contacts, cells))
            choices = sorted(set(choices), key=lambda c: (-c[0], sorted(c[1])))
            most = choices[0][0]
            best = [cells for contacts, cells in choices if contacts >= most - 1]
            cells = rng.choice(best)
        region |= cells
        parts.append(cells)
    min_x = min(x for x, _ in region)
    min_y = min(y for _, y in region)
    shift = lambda cells: frozenset((x - min_x, y - min_y) for x, y in cells)  # noqa: E731
    return shift(region), [shift(p) for p in parts]


def _shapes(shapes: object) -> list[Shape]:
    """``shapes`` as normalised shapes, each of at least one cell, at most :data:`MAX_CELLS` in all."""
    from ..pieces import normalize

    listed = validation.sequence(shapes, "shapes", what="a list of shapes, each a list of cells (x, y)")
    out = []
    for i, shape in enumerate(listed):
        try:
            cells = validation.cells(shape, f"shapes[{i}]")
        except BlokusError as error:  # as a RegionError, what this module raises
            raise RegionError(str(error)) from None
        if not cells:
            raise RegionError(f"shapes[{i}] has no cells")
        out.append(normalize(cells))
    if sum(map(len, out)) > MAX_CELLS:
        raise RegionError(f"the shapes have more than {MAX_CELLS:,} cells; a puzzle region has at most {MAX_CELLS:,}")
    return out


def art(cells: Iterable[Cell]) -> str:
    """A region as ASCII art (``#`` a square, ``.`` none), as :class:`~blokus_nb.puzzles.Puzzle` reads it.

    >>> art({(0, 0), (1, 1)})
    '#.\\n.#'
    """
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise RegionError(f"cells are the cells (x, y) of a region, not {short_repr(cells)}")
    cells = _read_cells(cells)
    if not cells:
        return ""
    _check_extent(cells)
    width = 1 + max(x for x, _ in cells)
    height = 1 + max(y for _, y in cells)
    return "\n".join("".join("#" if (x, y) in cells else "." for x in range(width)) for y in range(height))
