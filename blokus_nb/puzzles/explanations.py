"""Why a puzzle cannot be done: arguments a student can follow, each checked by code, each with a picture.

>>> from blokus_nb.puzzles import Puzzle
>>> print(Puzzle((5, 4), "tetrominoes").explain().text)
Colour the region like a chessboard: it has 10 dark squares and 10 light ones. Wherever it goes in the region, the T4 covers 1 or 3 and each of the I4, L4, O and Z4 covers 2 dark squares. So the 5 pieces together cover 9 or 11 dark squares, never the region's 10.

:func:`explain` tries, in this order, and gives the first argument that holds:

1. **area**: the pieces' squares do not add up to the region's;
2. **no-room**: a piece fits nowhere in the region;
3. **unreachable**: a square of the region that no piece can cover;
4. **parts**: the region falls apart into parts whose areas no sharing of
   the pieces fills (say a part of 7 squares with pentominoes only);
5. **colouring**: a colouring of the squares (the chessboard; stripes of
   columns or rows; 2x2 blocks; diagonals) such that what the pieces can
   cover of each colour cannot add up to what the region has. For every piece
   the set of colour counts over *all* its placements in the region is worked
   out, and every way of choosing one count per piece is summed (a dynamic
   programme over the sums, exact, not sampled): the region's count is not
   among the sums.

Each argument is a proof, so none is ever given for a puzzle that has a
solution. When none holds, the exhaustive search decides: ``None`` if it
finds a tiling, else **search**: "no tiling exists; the exhaustive search
tried N placements".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..exact_cover import SearchStopped
from ..pieces import Cell
from ..polyominoes import connected_parts

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..validation import StopEvent
    from .puzzle import Puzzle

__all__ = ["Explanation", "Colouring", "COLOURINGS", "explain_puzzle", "chosen_colourings", "area_mismatch"]

#: Most distinct sums a colouring's dynamic programme keeps before it gives that colouring up.
MAX_SUMS = 50_000


@dataclass(frozen=True)
class Colouring:
    """A colouring of the plane's squares: ``colour(x, y)`` is one of ``colours`` (0, 1, ...)."""

    name: str
    description: str
    colours: int
    colour: Callable[[int, int], int]
    #: Each colour's word in the explanation, and its fill in the picture.
    words: tuple[str, ...]
    fills: tuple[str, ...]


_TWO = ("dark", "light")
_TWO_FILLS = ("#555555", "#eeeeee")
_FOUR_FILLS = ("#e6194b", "#ffe119", "#4363d8", "#3cb44b")
_THREE_FILLS = _FOUR_FILLS[:3]


def _numbered(count: int) -> tuple[str, ...]:
    return tuple(f"colour {i + 1}" for i in range(count))


#: The colourings tried, simplest first.
COLOURINGS: tuple[Colouring, ...] = (
    Colouring("chessboard", "like a chessboard", 2, lambda x, y: (x + y) % 2, _TWO, _TWO_FILLS),
    Colouring("columns", "in stripes, one column dark and the next light", 2, lambda x, y: x % 2, _TWO, _TWO_FILLS),
    Colouring("rows", "in stripes, one row dark and the next light", 2, lambda x, y: y % 2, _TWO, _TWO_FILLS),
    Colouring("blocks", "like a chessboard of 2x2 blocks", 2, lambda x, y: (x // 2 + y // 2) % 2, _TWO,
              _TWO_FILLS),
    Colouring("diagonals-4", "in 4 colours along its diagonals (colour (x + y) mod 4)", 4,
              lambda x, y: (x + y) % 4, _numbered(4), _FOUR_FILLS),
    Colouring("antidiagonals-4", "in 4 colours along its other diagonals (colour (x - y) mod 4)", 4,
              lambda x, y: (x - y) % 4, _numbered(4), _FOUR_FILLS),
    Colouring("diagonals-3", "in 3 colours along its diagonals (colour (x + y) mod 3)", 3,
              lambda x, y: (x + y) % 3, _numbered(3), _THREE_FILLS),
    Colouring("antidiagonals-3", "in 3 colours along its other diagonals (colour (x - y) mod 3)", 3,
              lambda x, y: (x - y) % 3, _numbered(3), _THREE_FILLS),
    Colouring("columns-3", "in 3 colours by columns (colour x mod 3)", 3, lambda x, y: x % 3, _numbered(3),
              _THREE_FILLS),
    Colouring("rows-3", "in 3 colours by rows (colour y mod 3)", 3, lambda x, y: y % 3, _numbered(3), _THREE_FILLS),
    Colouring("columns-4", "in 4 colours by columns (colour x mod 4)", 4, lambda x, y: x % 4, _numbered(4),
              _FOUR_FILLS),
    Colouring("rows-4", "in 4 colours by rows (colour y mod 4)", 4, lambda x, y: y % 4, _numbered(4), _FOUR_FILLS),
    Colouring("squares-4", "in 4 colours repeating in 2x2 squares", 4, lambda x, y: x % 2 + 2 * (y % 2),
              _numbered(4), _FOUR_FILLS),
)


@dataclass(frozen=True)
class Explanation:
    """Why a puzzle has no tiling: ``kind`` of argument, the ``text`` a student reads, and its numbers.

    ``kind`` is ``"area"``, ``"no-room"``, ``"unreachable"``, ``"parts"``,
    ``"colouring"`` or ``"search"``. Fields that a kind does not use are empty:

    * ``colouring``: the :class:`Colouring` used; ``region_counts`` the
      region's squares of each colour; ``piece_counts`` for each piece name
      the colour counts its placements can have; ``sums`` (for two colours)
      the dark squares all the pieces can cover together;
    * ``cells``: the squares no piece covers (``unreachable``), or the squares
      a piece would need (``no-room``: none);
    * ``parts``: the region's parts (``parts``);
    * ``tried``: placements the exhaustive search tried (``search``).

    ``svg()``, ``plot()`` and a notebook's display draw the region with the
    argument on it (the colouring, the squares, the parts).
    """

    kind: str
    text: str
    region: frozenset[Cell]
    colouring: Colouring | None = None
    region_counts: tuple[int, ...] = ()
    piece_counts: dict[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    sums: tuple[int, ...] = ()
    cells: tuple[Cell, ...] = ()
    parts: tuple[frozenset[Cell], ...] = ()
    tried: int = 0

    def __str__(self) -> str:
        return self.text

    def fills(self) -> dict[Cell, str]:
        """Each square's fill in the picture."""
        if self.colouring is not None:
            c = self.colouring
            return {cell: c.fills[c.colour(*cell)] for cell in self.region}
        if self.parts:
            palette = _FOUR_FILLS + ("#f58231", "#911eb4", "#42d4f4", "#f032e6")
            return {cell: palette[i % len(palette)] for i, part in enumerate(self.parts) for cell in part}
        marked = set(self.cells)
        return {cell: "#e6194b" if cell in marked else "#eeeeee" for cell in self.region}

    def svg(self, cell_size: int = 24) -> str:
        """The region with the argument drawn on it, as SVG.

        >>> from blokus_nb.puzzles import Puzzle
        >>> Puzzle((5, 4), "tetrominoes").explain().svg().startswith("<svg")
        True
        """
        from ..piece_plots import svg_coloured_region

        return svg_coloured_region(self.fills(), cell_size=cell_size)

    def _repr_svg_(self) -> str:
        return self.svg()

    def plot(self, ax: Axes | None = None, *, title: str | None = None) -> Axes:
        """Draw the region with the argument on it (matplotlib); returns the Axes."""
        from ..piece_plots import plot_coloured_region

        return plot_coloured_region(self.fills(), ax=ax, title=title)


# -- the arguments ----------------------------------------------------------------------------

_WORDS = {"1": "monomino", "2": "domino"}


def _word(name: str) -> str:
    """A piece's name in a sentence ("the domino", not "the 2")."""
    return _WORDS.get(name, name)


def _names_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _or_list(values: Iterable[int]) -> str:
    words = [str(v) for v in sorted(values)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _placements(puzzle: Puzzle) -> dict[str, list[tuple[Cell, ...]]]:
    return {name: [puzzle._cells(mask) for mask in puzzle._placements_of[name]] for name in puzzle._names}


def _no_room(puzzle: Puzzle, placements: dict[str, list[tuple[Cell, ...]]]) -> Explanation | None:
    homeless = [name for name, cells in placements.items() if not cells]
    if not homeless:
        return None
    verb = "does" if len(homeless) == 1 else "do"
    return Explanation("no-room", f"The {_names_list(homeless)} {verb} not fit anywhere in the region.",
                       puzzle.cells)


def _unreachable(puzzle: Puzzle, placements: dict[str, list[tuple[Cell, ...]]]) -> Explanation | None:
    reached = {cell for cells_list in placements.values() for cells in cells_list for cell in cells}
    lonely = tuple(sorted(puzzle.cells - reached, key=lambda c: (c[1], c[0])))
    if not lonely:
        return None
    where = ", ".join(f"({x}, {y})" for x, y in lonely[:4]) + (" ..." if len(lonely) > 4 else "")
    what = "the square" if len(lonely) == 1 else f"the {len(lonely)} squares"
    return Explanation("unreachable", f"No piece can cover {what} at {where} (x from the left, y from the top, "
                       "from 0): every piece placed there would stick out of the region.", puzzle.cells,
                       cells=lonely)


def _shareable(areas: list[int], sizes: Counter) -> bool:
    """Can the pieces (``sizes``: size -> how many) be shared among parts of these ``areas`` exactly?"""
    if not areas:
        return not +sizes
    first, rest = areas[0], areas[1:]
    kinds = sorted(sizes)

    def choose(i: int, left: int, taken: Counter) -> bool:
        if left == 0:
            return _shareable(rest, sizes - taken)
        if i == len(kinds):
            return False
        size = kinds[i]
        for n in range(min(sizes[size], left // size), -1, -1):
            taken[size] = n
            if choose(i + 1, left - n * size, taken):
                return True
        del taken[size]
        return False

    return choose(0, first, Counter())


def _parts(puzzle: Puzzle) -> Explanation | None:
    parts = connected_parts(puzzle.cells)
    if len(parts) < 2:
        return None
    sizes = Counter({len(puzzle.shapes[name]): 0 for name in puzzle._names})
    for name, count in puzzle.counts.items():
        sizes[len(puzzle.shapes[name])] += count
    areas = [len(p) for p in parts]
    if _shareable(sorted(areas, reverse=True), sizes):
        return None
    described = ", ".join(f"{n} of {s} square{'s' if s > 1 else ''}" for s, n in sorted(sizes.items()) if n)
    reachable = {0}
    for size, n in sizes.items():
        for _ in range(n):
            reachable |= {r + size for r in reachable}
    bad = [a for a in areas if a not in reachable]
    why = (f"no pieces add up to a part of {bad[0]} squares" if bad
           else "however the pieces are shared out, some part gets too many squares or too few")
    return Explanation("parts", f"The region falls apart into {len(parts)} parts of {_or_list(areas).replace(' or ', ' and ')} "
                       f"squares, and each part must be filled by whole pieces. The pieces are {described}: "
                       f"{why}.", puzzle.cells, parts=tuple(parts))


def _colour_sums(options: list[tuple[tuple[int, ...], ...]], target: tuple[int, ...]) -> set[int] | None:
    """Whether some choice of one colour count per piece (``options``) adds up to ``target``.

    Returns the set of what is still to cover after every piece, each as an
    int with one field per colour (never below zero; 0 everywhere is
    ``target`` reached), or ``None`` when there would be more than
    :data:`MAX_SUMS` of them. Each field has a guard bit above it, set at the
    start: a subtraction that would go below zero clears it, so the check of
    every colour at once is one AND.
    """
    bits = max(max(target), max((max(c) for choices in options for c in choices), default=0)).bit_length() + 1
    guard = sum(1 << (i * (bits + 1) + bits) for i in range(len(target)))
    start = guard + sum(n << (i * (bits + 1)) for i, n in enumerate(target))
    encoded = [{sum(n << (i * (bits + 1)) for i, n in enumerate(c)) for c in choices} for choices in options]
    states = {start}
    for choices in encoded:
        states = {after for left in states for c in choices if (after := left - c) & guard == guard}
        if len(states) > MAX_SUMS:
            return None
    return {state - guard for state in states}


def colour_counts(cells: Iterable[Cell], colouring: Colouring) -> tuple[int, ...]:
    """How many of ``cells`` have each colour of ``colouring``.

    >>> colour_counts([(0, 0), (1, 0), (2, 0)], COLOURINGS[0])
    (2, 1)
    """
    counts = [0] * colouring.colours
    for x, y in cells:
        counts[colouring.colour(x, y)] += 1
    return tuple(counts)


def _colouring(puzzle: Puzzle, placements: dict[str, list[tuple[Cell, ...]]], colouring: Colouring
               ) -> Explanation | None:
    target = colour_counts(puzzle.cells, colouring)
    piece_counts = {name: tuple(sorted({colour_counts(cells, colouring) for cells in placements[name]}))
                    for name in puzzle._names}
    options = [piece_counts[name] for name, count in puzzle.counts.items() for _ in range(count)]
    left = _colour_sums(options, target)
    if left is None or 0 in left:
        return None
    count = sum(puzzle.counts.values())
    if colouring.colours == 2:
        # What the pieces can cover of the dark colour alone, whatever the light count.
        dark_sums = {0}
        for choices in options:
            dark_sums = {total + c for total in dark_sums for c in {c[0] for c in choices}}
        dark = sorted(dark_sums)
        by_cover: dict[tuple[int, ...], list[str]] = {}
        for name, counts in piece_counts.items():
            by_cover.setdefault(tuple(sorted({c[0] for c in counts})), []).append(name)
        said = []
        for covers, names in sorted(by_cover.items(), key=lambda item: (len(item[0]) == 1, item[0])):
            if len(names) > 1:
                who = f"each of the {_names_list([_word(n) for n in names])}"
            elif puzzle.counts[names[0]] > 1:
                who = f"each {_word(names[0])} (there are {puzzle.counts[names[0]]})"
            else:
                who = f"the {_word(names[0])}"
            said.append(f"{who} covers {_or_list(covers)}")
        joined = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
        if len(dark) <= 6:
            totals = _or_list(dark)
        elif len(dark) == dark[-1] - dark[0] + 1:
            # Every number from the least to the most: the region's count lies outside them.
            totals = f"any number from {dark[0]} to {dark[-1]}"
        else:
            near = sorted(dark, key=lambda d: (abs(d - target[0]), d))[:2]
            totals = (f"between {dark[0]} and {dark[-1]} (but not every number between: "
                      f"{_or_list(near)} are nearest)")
        most = max(max(c) for c in by_cover)
        text = (f"Colour the region {colouring.description}: it has {target[0]} dark squares and {target[1]} "
                f"light ones. Wherever it goes in the region, {joined} dark square{'s' if most != 1 else ''}. "
                f"So the {count} pieces together cover {totals} dark squares, never the region's {target[0]}.")
        return Explanation("colouring", text, puzzle.cells, colouring=colouring, region_counts=target,
                           piece_counts=piece_counts, sums=tuple(dark))
    has = ", ".join(str(n) for n in target)
    said = []
    for name, counts in piece_counts.items():
        ways = " or ".join("(" + ", ".join(map(str, c)) + ")" for c in counts[:3])
        if len(counts) > 3:
            ways = f"one of {len(counts)} mixes, such as {ways}"
        copies = puzzle.counts[name]
        said.append(f"{'each ' if copies > 1 else 'the '}{_word(name)}{f' (there are {copies})' if copies > 1 else ''} "
                    f"covers {ways}")
    text = (f"Colour the region {colouring.description}: it has {has} squares of colours 1 to "
            f"{colouring.colours}. Wherever it goes in the region, {'; '.join(said)}. No choice of one of these "
            f"for every piece adds up to the region's ({has}), so the pieces cannot cover it.")
    return Explanation("colouring", text, puzzle.cells, colouring=colouring, region_counts=target,
                       piece_counts=piece_counts)


def chosen_colourings(colourings: Iterable[str] | str | None) -> list[Colouring]:
    """The colourings named (all of :data:`COLOURINGS`, simplest first, for ``None``), checked.

    >>> [c.name for c in chosen_colourings("diagonals-4")]
    ['diagonals-4']
    """
    from ..validation import choice, sequence
    from .errors import PuzzleError

    names = {c.name: c for c in COLOURINGS}
    if colourings is None:
        return list(COLOURINGS)
    given = [colourings] if isinstance(colourings, str) else sequence(
        colourings, "colourings", what="a colouring's name or a list of them")
    return [names[choice(name, "colourings", names, error=PuzzleError)] for name in given]


def area_mismatch(cells: Iterable[Cell], area: int) -> Explanation | None:
    """The explanation for pieces of ``area`` squares in all that cannot fill ``cells`` (``None``: they
    have the region's area). A :class:`~blokus_nb.puzzles.Puzzle` refuses to be made with such pieces,
    so :func:`~blokus_nb.puzzles.explain` asks this before making one.

    >>> area_mismatch({(0, 0), (1, 0)}, 3).kind
    'area'
    """
    cells = set(cells)
    if area == len(cells):
        return None
    more = "more" if area > len(cells) else "fewer"
    return Explanation("area", f"The pieces have {area} squares between them but the region has "
                       f"{len(cells)}: {more} squares than the region, so they cannot cover it exactly.",
                       frozenset(cells))


def explain_puzzle(puzzle: Puzzle, chosen: Iterable[Colouring] = COLOURINGS,
                   stop: StopEvent | None = None) -> Explanation | None:
    """Why ``puzzle`` has no tiling, trying the colourings ``chosen`` (see :func:`chosen_colourings`), or ``None``.

    :func:`blokus_nb.puzzles.explain` and :meth:`Puzzle.explain <blokus_nb.puzzles.Puzzle.explain>`
    check their arguments and call this. Raises
    :class:`~blokus_nb.exact_cover.SearchStopped` once ``stop`` is set.

    >>> from blokus_nb.puzzles import Puzzle
    >>> explain_puzzle(Puzzle("##", "2")) is None
    True
    """
    placements = _placements(puzzle)
    found = _no_room(puzzle, placements) or _unreachable(puzzle, placements) or _parts(puzzle)
    if found is not None:
        return found
    for colouring in chosen:
        if stop is not None and stop.is_set():
            raise SearchStopped("the search was stopped")
        found = _colouring(puzzle, placements, colouring)
        if found is not None:
            return found
    search = puzzle.explore(limit=0, stop=stop)
    if search.solutions:
        return None
    return Explanation("search", f"No tiling exists; the exhaustive search tried {search.tried:,} placements "
                       "(none of the simple arguments applies).", puzzle.cells, tried=search.tried)
