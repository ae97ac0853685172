"""Reading what a person writes: regions (sizes, ASCII art, masks, cells) and piece lists.

>>> sorted(parse_region("#.\\n##"))
[(0, 0), (0, 1), (1, 1)]
>>> {name: count for name, (_, count) in parse_pieces("F X X").items()}
{'F': 1, 'X': 2}

A coordinate is a whole number: an ``int`` (or a numpy integer) or a float
such as ``2.0``. Anything else (``1.7``, ``"1"``, ``True``, ``inf``, ``nan``)
is refused with a :class:`~blokus_nb.puzzles.PuzzleError`, never rounded.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import pieces as _pieces
from .. import validation
from ..coords import whole_cell
from ..errors import BlokusError, short_repr
from ..exact_cover import MAX_PIECES
from ..pieces import Cell, Shape, normalize, transform
from ..polyominoes import is_connected
from .errors import PuzzleError, RegionError

__all__ = ["parse_region", "parse_pieces", "Region", "MAX_CELLS", "PENTOMINOES", "TETROMINOES"]

#: The most cells a region (and so the most pieces a puzzle) may have, and the
#: most squares its extent from ``(0, 0)`` (the art :func:`str` draws) may
#: span. Checked before anything is built, so a mistyped size fails at once
#: instead of filling memory; real puzzles are far smaller (a 20x20 board is 400).
MAX_CELLS = 10_000

#: The 12 pentominoes by their Blokus names (the usual letters F I L N P T U V W X Y Z).
PENTOMINOES: tuple[str, ...] = tuple(p.name for p in _pieces.PIECES if p.size == 5)
#: The 5 tetrominoes by their Blokus names.
TETROMINOES: tuple[str, ...] = tuple(p.name for p in _pieces.PIECES if p.size == 4)
# The usual one-letter pentomino names that Blokus spells with a 5.
_ALIASES = {"I": "I5", "L": "L5", "T": "T5", "V": "V5", "Z": "Z5"}

Region = tuple[int, int] | str | Sequence[Sequence[Any]] | Iterable[Cell]


def parse_region(region: Region) -> frozenset[Cell]:
    """The cells of a region given as ``(width, height)``, ASCII art, a boolean mask or cells.

    A mask is a numpy array or a list of lists (``mask[y][x]``, booleans or 0/1);
    cells are a set, a list of ``(x, y)`` tuples, or any other iterable of
    ``(x, y)`` pairs (a generator, ``dict.keys()``). The region's extent from
    ``(0, 0)`` spans at most :data:`MAX_CELLS` squares, as its cells do.

    >>> sorted(parse_region("#.\\n##"))
    [(0, 0), (0, 1), (1, 1)]
    >>> len(parse_region((10, 6)))
    60
    """
    if isinstance(region, str):
        cells = _parse_art(region)
    elif (isinstance(region, tuple) and len(region) == 2
          and all(_is_whole(v) for v in region)):
        width, height = (validation.whole_number(v, "a side") for v in region)  # numpy integers too
        if width < 1 or height < 1:
            raise RegionError(f"a rectangle needs a positive width and height, not {width}x{height}")
        _check_cell_count(width * height, f"a {width}x{height} rectangle")
        cells = frozenset((x, y) for y in range(height) for x in range(width))
    elif isinstance(region, (set, frozenset)) or (
            isinstance(region, (list, tuple)) and region and all(isinstance(c, tuple) for c in region)):
        _check_cell_count(len(region), "the list of cells")
        cells = frozenset(_cell(c) for c in region)
    elif isinstance(region, Sequence) or hasattr(region, "__array__"):
        cells = _parse_mask(region)
    elif isinstance(region, Iterable):
        cells = _read_cells(region)
    else:
        raise RegionError(f"cannot read a region from {type(region).__name__}: give (width, height), "
                          "ASCII art, a boolean mask or a set of cells")
    if not cells:
        raise RegionError("the region has no cells")
    _check_extent(cells)
    return cells


def _read_cells(values: Iterable[Any]) -> frozenset[Cell]:
    """Cells from an iterable that may be a generator, and so endless: read no more than the most allowed."""
    cells = [_cell(value) for value in itertools.islice(values, MAX_CELLS + 1)]
    if len(cells) > MAX_CELLS:
        raise RegionError(f"the iterable gives more than {MAX_CELLS:,} cells; "
                          f"a puzzle region has at most {MAX_CELLS:,}")
    return frozenset(cells)


def _check_extent(cells: frozenset[Cell]) -> None:
    # A region is drawn (and searched) from (0, 0): two far-apart cells would make a huge picture.
    width = 1 + max(x for x, _ in cells)
    height = 1 + max(y for _, y in cells)
    if width * height > MAX_CELLS:
        raise RegionError(f"the region spans {width:,} x {height:,} squares from (0, 0); a puzzle region "
                          f"spans at most {MAX_CELLS:,} (move its cells nearer (0, 0))")


def _check_cell_count(count: int, what: str) -> None:
    if count > MAX_CELLS:
        raise RegionError(f"{what} has {count:,} cells; a puzzle region has at most {MAX_CELLS:,}")


def _cell(value: Any) -> Cell:
    try:
        x, y = whole_cell(value)
    except (TypeError, ValueError):
        x = y = -1
    if x < 0 or y < 0:
        raise RegionError(f"{short_repr(value)} is not a cell (x, y) of whole numbers >= 0")
    return x, y


def _parse_art(text: str) -> frozenset[Cell]:
    _check_cell_count(text.count("#"), "the drawing")
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    first_line = text.split("\n").index(lines[0]) + 1 if lines else 1
    while lines and not lines[-1].strip():
        lines.pop()
    # Drop the indentation common to all lines so art can sit inside indented code.
    indent = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)
    cells = set()
    for y, line in enumerate(lines):
        for x, ch in enumerate(line[indent:].rstrip()):
            if ch == "#":
                cells.add((x, y))
            elif ch not in ". ":
                raise RegionError(f"{ch!r} is not '#' (a cell) or '.' (no cell)",
                                  line=first_line + y, column=indent + x + 1)
    return frozenset(cells)


def _parse_mask(mask: Any) -> frozenset[Cell]:
    try:
        outer = list(mask)
        _check_cell_count(len(outer), "the mask's first column")
        lengths = [len(row) for row in outer]
        _check_cell_count(sum(lengths), "the mask")  # before each row becomes a list of values
        rows = [list(row) for row in outer]
    except TypeError:
        raise RegionError(f"cannot read a region from {type(mask).__name__}: give (width, height), "
                          "ASCII art, a boolean mask or a set of cells") from None
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise RegionError(f"the mask's rows have different lengths {sorted(widths)}")
    cells = set()
    for y, row in enumerate(rows):
        for x, value in enumerate(row):
            if value in (True, False) or value in (0, 1):
                if value:
                    cells.add((x, y))
            else:
                raise RegionError(f"mask[{y}][{x}] is {value!r}, not a boolean")
    return frozenset(cells)


def _resolve_name(name: str) -> str:
    name = _ALIASES.get(name.upper(), name) if len(name) == 1 else name
    try:
        return _pieces.get(name).name
    except KeyError:
        raise PuzzleError(f"no piece named {name!r}; pieces are {' '.join(_pieces.NAMES)} "
                          "(or I L T V Z for the pentominoes I5 L5 T5 V5 Z5)") from None


def parse_pieces(spec: Any) -> dict[str, tuple[Shape, int]]:
    """A multiset of pieces as ``{name: (shape, count)}``, in the order first given.

    >>> {name: count for name, (_, count) in parse_pieces("F X X").items()}
    {'F': 1, 'X': 2}
    """
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key == "pentominoes":
            items: list[Any] = list(PENTOMINOES)
        elif key == "tetrominoes":
            items = list(TETROMINOES)
        elif key in ("blokus", "all"):
            items = list(_pieces.NAMES)
        else:
            items = spec.replace(",", " ").split()
    elif isinstance(spec, Mapping):
        counts = [(name, _count(name, count)) for name, count in spec.items()]
        _check_piece_count(sum(count for _, count in counts))  # before the copies are listed
        items = [name for name, count in counts for _ in range(count)]
    else:
        try:
            items = list(spec)
        except TypeError:
            raise PuzzleError(f"pieces are names like 'F X' or 'pentominoes', a list of names or cells, "
                              f"or a {{name: count}} mapping, not {type(spec).__name__}") from None
        if isinstance(spec, (set, frozenset)):
            # A set's order follows the hash seed of the process; the search order (and so the
            # solution found first, and what a seed generates) must not.
            items.sort(key=_order_key)
    _check_piece_count(len(items))
    out: dict[str, tuple[Shape, int]] = {}
    others: dict[Shape, str] = {}
    for item in items:
        if isinstance(item, _pieces.Piece):
            name, shape = item.name, item.cells
        elif isinstance(item, str):
            name = _resolve_name(item)
            shape = _pieces.get(name).cells
        else:
            try:
                cells = [whole_cell(cell) for cell in item]
            except (TypeError, ValueError):
                raise PuzzleError(f"{short_repr(item)} is neither a piece name nor a list of (x, y) cells "
                                  "of whole numbers") from None
            if not cells or len(set(cells)) != len(cells) or not is_connected(cells):
                raise PuzzleError(f"{short_repr(item)} is not a polyomino: its cells must be distinct and joined by sides")
            found = _pieces.identify(cells)
            if found is not None:
                name, shape = found[0].name, found[0].cells
            else:
                # Name other polyominoes by their first appearance, one name for all copies.
                canonical = min(transform(cells, t) for t in range(8))
                if canonical not in others:
                    others[canonical] = f"poly{len(others) + 1}"
                name, shape = others[canonical], normalize(cells)
        if name in out:
            out[name] = (out[name][0], out[name][1] + 1)
        else:
            out[name] = (shape, 1)
    if not out:
        raise PuzzleError("the puzzle has no pieces")
    return out


def _order_key(item: Any) -> tuple[int, int, str]:
    """Where an item of an unordered pool goes: the named pieces in their order, then polyominoes by shape."""
    if isinstance(item, _pieces.Piece):
        return (0, item.index, item.name)
    if isinstance(item, str):
        try:
            return (0, _pieces.get(_resolve_name(item)).index, item)
        except PuzzleError:
            return (2, 0, item)
    try:
        cells = [whole_cell(cell) for cell in item]
        return (1, 0, repr(normalize(cells)))
    except (TypeError, ValueError):  # BlokusError is a ValueError; the item is refused when read
        return (2, 0, type(item).__name__)


def _check_piece_count(count: int) -> None:
    if count > MAX_PIECES:
        raise PuzzleError(f"{count:,} pieces are too many: a puzzle has at most {MAX_PIECES}")


def _is_whole(value: Any) -> bool:
    try:
        validation.whole_number(value, "a side")
    except BlokusError:
        return False
    return True


def _count(name: Any, count: Any) -> int:
    return validation.count(count, f"the count of {short_repr(name)}", error=PuzzleError)
