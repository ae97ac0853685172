"""Tiling puzzles: cover a region exactly with a given set of pieces.

>>> from blokus_nb.puzzles import Puzzle
>>> puzzle = Puzzle((20, 3), "pentominoes")
>>> puzzle.count(), puzzle.count(unique=True)
(8, 2)
>>> print(puzzle.solve())
UUXIIIIINNNFTWYYYYZV
UXXXPPLNNFFFTWWYZZZV
UUXPPPLLLLFTTTWWZVVV

A region is a rectangle ``(width, height)``, ASCII art (``#`` a cell, ``.`` or a
space not), a boolean mask (a numpy array or a list of lists, ``mask[y][x]``)
or ``(x, y)`` cells (a set, a list of tuples, a generator: any iterable of pairs). Coordinates are those of the pieces: ``x`` to the
right, ``y`` down, ``(0, 0)`` at the top left of the art or mask.

Pieces are a multiset: a list of names (``["F", "X", "X"]``), a string of
names (``"F X X"``), ``"pentominoes"`` (the 12 of five squares), ``"tetrominoes"`` (the 5 of four), ``"blokus"``
(all 21), a ``{name: count}`` dict, or any polyominoes given as lists of
cells. A puzzle also holds a partial tiling that a person (or a widget) builds
with :meth:`Puzzle.place` and :meth:`Puzzle.remove`; :meth:`Puzzle.hint` says
how to go on.

The search itself is :class:`blokus_nb.exact_cover.TilingSearch`; this module
turns a puzzle into its bitboards and its answers back into cells, and uses the
region's symmetries both to count tilings "up to symmetry" and to count all of
them faster (see :meth:`Puzzle.count`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import pieces as _pieces
from .. import validation
from ..coords import whole_cell
from ..errors import ArgumentTypeError, BlokusError, short_repr
from ..exact_cover import Exploration, MostConstrainedSearch, TilingSearch
from ..game import _notify
from ..pieces import Cell, Shape, move_cell, normalize
from ..polyominoes import orientations
from .difficulty import Difficulty, rate
from .errors import PlacementError, PuzzleError
from .explanations import Explanation, area_mismatch, chosen_colourings, explain_puzzle
from .reading import Region, _resolve_name, parse_pieces, parse_region

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..validation import StopEvent

__all__ = ["Puzzle", "Placement", "Tiling", "explain"]


def _placement_cells(cells: Iterable[Cell]) -> list[Cell]:
    """The cells of a placement as whole-number pairs, or :class:`PlacementError` (rule ``not-a-piece``)."""
    try:
        return validation.cells(cells)
    except BlokusError as error:
        raise PlacementError(f"{short_repr(cells)} is not a list of (x, y) cells: {error}",
                             rule="not-a-piece") from None


def _sorted_cells(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


@dataclass(frozen=True)
class Placement:
    """A piece put down on some cells of the region.

    >>> Placement("2", [(1, 0), (0, 0)])
    Placement(piece='2', cells=((0, 0), (1, 0)))
    """

    piece: str
    cells: tuple[Cell, ...]

    def __init__(self, piece: str, cells: Iterable[Cell]) -> None:
        if not isinstance(piece, str) or not piece:
            raise PlacementError(f"a placement's piece is a name such as 'F', not {short_repr(piece)}",
                                 rule="not-a-piece")
        cells = _sorted_cells(_placement_cells(cells))
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "cells", cells)


@dataclass(frozen=True)
class Tiling:
    """A (full or partial) covering of a region by placements. Shows as a picture in notebooks.

    ``str(tiling)`` is the region as text, one letter per piece (the piece's
    first letter when that tells the pieces apart), ``#`` for an uncovered cell
    and ``.`` for a square outside the region: with no pieces it is the
    region's ASCII art, which :class:`Puzzle` reads back.
    """

    region: frozenset[Cell]
    placements: tuple[Placement, ...]
    _letters: dict[Placement, str] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        what = "the cells (x, y) of the region"
        if isinstance(self.region, (str, bytes)) or not isinstance(self.region, Iterable):
            raise PuzzleError(f"region is {what}, not {short_repr(self.region)}")
        object.__setattr__(self, "region", frozenset(_placement_cells(self.region)))
        if isinstance(self.placements, (str, bytes, Placement)) or not isinstance(self.placements, Iterable):
            raise PlacementError(f"placements is a list of Placement, not {short_repr(self.placements)}",
                                 rule="not-a-piece")
        placements = tuple(self.placements)
        for placement in placements:
            if not isinstance(placement, Placement):
                raise PlacementError(f"placements is a list of Placement, not one holding "
                                     f"{short_repr(placement)}", rule="not-a-piece")
        object.__setattr__(self, "placements", placements)
        firsts = [p.piece[0] for p in self.placements]
        if len(set(firsts)) == len(firsts) and all(ch.isalpha() for ch in firsts):
            letters = firsts
        else:
            alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
            letters = [alphabet[i % len(alphabet)] for i in range(len(self.placements))]
        object.__setattr__(self, "_letters", dict(zip(self.placements, letters)))

    def __repr__(self) -> str:
        names = " ".join(p.piece for p in self.placements)
        return f"<Tiling of a {len(self.region)}-cell region: {names or 'no pieces'}>"

    @property
    def is_complete(self) -> bool:
        """Does it cover every cell of the region?"""
        return sum(len(p.cells) for p in self.placements) == len(self.region)

    def __str__(self) -> str:
        owner = {cell: self._letters[p] for p in self.placements for cell in p.cells}
        width = 1 + max(x for x, _ in self.region)
        height = 1 + max(y for _, y in self.region)
        return "\n".join(
            "".join(owner.get((x, y), "#" if (x, y) in self.region else ".") for x in range(width))
            for y in range(height)
        )

    def svg(self, cell_size: int = 24) -> str:
        """The tiling as an SVG string.

        >>> Tiling(frozenset({(0, 0)}), (Placement("1", [(0, 0)]),)).svg().startswith("<svg")
        True
        """
        from ..piece_plots import svg_tiling

        cell_size = validation.positive_count(cell_size, "cell_size", high=1000, error=PuzzleError)
        return svg_tiling(self.region, [(p.piece, p.cells) for p in self.placements], cell_size=cell_size)

    def _repr_svg_(self) -> str:
        return self.svg()

    def plot(self, ax: Axes | None = None, *, title: str | None = None) -> Axes:
        """Draw the tiling with matplotlib; returns the Axes.

        >>> Puzzle((5, 1), ["I5"]).solve().plot()  # doctest: +SKIP
        """
        from ..piece_plots import plot_tiling

        return plot_tiling(self.region, [(p.piece, p.cells) for p in self.placements], ax=ax, title=title)


# -- symmetries of a region -----------------------------------------------------------------

def _region_symmetries(cells: frozenset[Cell]) -> list[tuple[int, dict[Cell, Cell]]]:
    """The transforms mapping the region onto itself, each with its map of cells."""
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    out = []
    for t in range(8):
        moved = {cell: move_cell(cell, t) for cell in cells}
        dx = min_x - min(x for x, _ in moved.values())
        dy = min_y - min(y for _, y in moved.values())
        mapping = {cell: (x + dx, y + dy) for cell, (x, y) in moved.items()}
        if set(mapping.values()) == cells:
            out.append((t, mapping))
    return out


# -- the puzzle -----------------------------------------------------------------------------

class Puzzle:
    """Cover ``region`` exactly with ``pieces``.

    >>> puzzle = Puzzle('''
    ... ###
    ... #.#
    ... ###''', ["I3", "I3", "1", "1"])
    >>> puzzle.count(), puzzle.count(unique=True)  # rows or columns, the same turned
    (2, 1)
    >>> puzzle.place([(0, 0), (1, 0), (2, 0)])
    Placement(piece='I3', cells=((0, 0), (1, 0), (2, 0)))
    >>> puzzle.hint()
    Placement(piece='1', cells=((0, 1),))
    """

    def __init__(self, region: Region, pieces: Any = "pentominoes") -> None:
        self.cells: frozenset[Cell] = parse_region(region)
        self.width = 1 + max(x for x, _ in self.cells)
        self.height = 1 + max(y for _, y in self.cells)
        kinds = parse_pieces(pieces)
        self.shapes: dict[str, Shape] = {name: shape for name, (shape, _) in kinds.items()}
        self.counts: dict[str, int] = {name: count for name, (_, count) in kinds.items() if count}
        area = sum(len(self.shapes[name]) * count for name, count in self.counts.items())
        if area != len(self.cells):
            raise PuzzleError(f"the pieces cover {area} squares but the region has {len(self.cells)}")
        self._names = list(self.counts)
        self._placements: list[Placement] = []
        self._listeners: list[Callable[[Puzzle], None]] = []
        #: The puzzle's :class:`~blokus_nb.puzzles.difficulty.Difficulty` once measured (:meth:`difficulty`).
        self.rating: Difficulty | None = None
        #: How :func:`~blokus_nb.puzzles.generate` made it (its arguments, the seed), or ``None``.
        self.origin: dict[str, Any] | None = None
        self._setup_search()

    # -- the bitboards ------------------------------------------------------------------

    def _setup_search(self) -> None:
        # Fill along the short side: the frontier stays short and dead pockets show up early.
        if self.width > self.height:
            order = sorted(self.cells)
        else:
            order = sorted(self.cells, key=lambda c: (c[1], c[0]))
        self._order = order
        self._index = {cell: i for i, cell in enumerate(order)}
        self._neighbours = [
            [self._index[n] for n in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)) if n in self._index]
            for x, y in order
        ]
        self._placements_of: dict[str, list[int]] = {}
        for name in self._names:
            masks = []
            for shape in _pieces_orientations(self.shapes[name]):
                fx, fy = shape[0]
                for rx, ry in self.cells:
                    mask = 0
                    for x, y in shape:
                        i = self._index.get((x - fx + rx, y - fy + ry))
                        if i is None:
                            break
                        mask |= 1 << i
                    else:
                        masks.append(mask)
            self._placements_of[name] = masks
        self._symmetries = []
        for t, mapping in _region_symmetries(self.cells):
            self._symmetries.append((t, [self._index[mapping[cell]] for cell in order]))
        self._counts_cache: dict[tuple, int] = {}

    def _mask(self, cells: Iterable[Cell]) -> int:
        mask = 0
        for cell in cells:
            mask |= 1 << self._index[cell]
        return mask

    def _cells(self, mask: int) -> tuple[Cell, ...]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self._order[low.bit_length() - 1])
            mask ^= low
        return _sorted_cells(out)

    def _search(self, partial: Sequence[Placement] = (), restrict: Mapping[str, list[int]] | None = None
                ) -> TilingSearch:
        used = Counter(p.piece for p in partial)
        kinds = []
        for name in self._names:
            masks = restrict[name] if restrict and name in restrict else self._placements_of[name]
            kinds.append((self.counts[name] - used[name], masks))
        filled = 0
        for p in partial:
            filled |= self._mask(p.cells)
        return TilingSearch(len(self._order), self._neighbours, kinds, filled=filled)

    def _tiling(self, found: Iterable[tuple[int, int]], partial: Sequence[Placement] = ()) -> Tiling:
        placed = list(partial) + [Placement(self._names[k], self._cells(mask)) for k, mask in found]
        placed.sort(key=lambda p: (p.cells[0][1], p.cells[0][0]))
        return Tiling(self.cells, tuple(placed))

    # -- symmetry breaking --------------------------------------------------------------

    def _permute(self, mask: int, permutation: list[int]) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << permutation[low.bit_length() - 1]
            mask ^= low
        return out

    def _breaker(self) -> tuple[str, dict[tuple[int, ...], list[int]]] | None:
        """A piece used once, and one placement from each orbit of its placements, by stabiliser.

        Every tiling has that piece in exactly one place, so the tilings with it
        on an orbit's representative stand for all the tilings with it anywhere
        on the orbit. Returns ``{stabiliser (symmetry indices): representatives}``.
        """
        if hasattr(self, "_breaker_found"):
            return self._breaker_found
        self._breaker_found: tuple[str, dict[tuple[int, ...], list[int]]] | None = None
        if len(self._symmetries) == 1:
            return None
        best = None
        for name in self._names:
            if self.counts[name] != 1:
                continue
            groups: dict[tuple[int, ...], list[int]] = {}
            seen: set[int] = set()
            for mask in self._placements_of[name]:
                if mask in seen:
                    continue
                images = [self._permute(mask, perm) for _, perm in self._symmetries]
                seen.update(images)
                representative = min(images)
                stabiliser = tuple(i for i, (_, perm) in enumerate(self._symmetries)
                                   if self._permute(representative, perm) == representative)
                groups.setdefault(stabiliser, []).append(representative)
            # Fewest placements needing a duplicate check first. Then, as measured on the
            # pentomino puzzles, long pieces and pieces with many orientations break the
            # symmetry best: the search meets them early and they have few ways to fit late.
            unfixed = sum(len(v) for k, v in groups.items() if len(k) > 1)
            shape = self.shapes[name]
            extent = max(max(x for x, _ in shape), max(y for _, y in shape))
            orientation_count = len(_pieces_orientations(shape))
            score = (unfixed, -extent, -orientation_count, sum(len(v) for v in groups.values()))
            if best is None or score < best[0]:
                best = (score, name, groups)
        if best is not None:
            self._breaker_found = (best[1], best[2])
        return self._breaker_found

    def _canonical(self, found: tuple[tuple[int, int], ...], symmetry_ids: Iterable[int]) -> tuple:
        return min(
            tuple(sorted((k, self._permute(mask, self._symmetries[i][1])) for k, mask in found))
            for i in symmetry_ids
        )

    def _unique_solutions(self, stop: StopEvent | None = None) -> Iterator[tuple[tuple[int, int], ...]]:
        breaker = self._breaker()
        if breaker is None:
            if len(self._symmetries) == 1:
                yield from self._search().solutions(stop=stop)
                return
            # No piece used once: compare every tiling with its images.
            seen = set()
            for found in self._search().solutions(stop=stop):
                key = self._canonical(found, range(len(self._symmetries)))
                if key not in seen:
                    seen.add(key)
                    yield found
            return
        name, groups = breaker
        for stabiliser, representatives in groups.items():
            search = self._search(restrict={name: representatives})
            if len(stabiliser) == 1:
                yield from search.solutions(stop=stop)
            else:
                seen = set()
                for found in search.solutions(stop=stop):
                    key = self._canonical(found, stabiliser)
                    if key not in seen:
                        seen.add(key)
                        yield found

    # -- answers --------------------------------------------------------------------------

    @property
    def symmetries(self) -> tuple[int, ...]:
        """The transforms (see :data:`blokus_nb.pieces.TRANSFORM_NAMES`) that map the region onto itself.

        >>> Puzzle((10, 6)).symmetries
        (0, 2, 4, 6)
        """
        return tuple(t for t, _ in self._symmetries)

    def solve(self, *, stop: StopEvent | None = None) -> Tiling | None:
        """One tiling, or ``None`` if there is none (:class:`SearchStopped` once ``stop`` is set).

        >>> Puzzle((5, 1), ["I5"]).solve().placements
        (Placement(piece='I5', cells=((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))),)
        """
        found = self._search().solve(stop=validation.stop_event(stop, error=PuzzleError))
        return None if found is None else self._tiling(found)

    def solutions(self, *, unique: bool = False, stop: StopEvent | None = None) -> Iterator[Tiling]:
        """Every tiling; with ``unique`` only one of each set that the region's symmetries map onto each other.

        Lazy: taking the first few is quick. Raises :class:`SearchStopped` once ``stop`` is set.

        >>> len(list(Puzzle((2, 2), ["2", "2"]).solutions()))
        2
        >>> len(list(Puzzle((2, 2), ["2", "2"]).solutions(unique=True)))
        1
        """
        stop = validation.stop_event(stop, error=PuzzleError)  # now, not at the first tiling
        return self._tilings(self._unique_solutions(stop) if unique else self._search().solutions(stop=stop))

    def _tilings(self, found_all: Iterable[tuple[tuple[int, int], ...]]) -> Iterator[Tiling]:
        for found in found_all:
            yield self._tiling(found)

    def count(self, *, unique: bool = False) -> int:
        """How many tilings there are; with ``unique``, counting each once up to the region's symmetries.

        Uses the region's symmetries to count faster: with a piece used once,
        only one placement per symmetry class of that piece is searched, and
        the count of all tilings is rebuilt from the classes' sizes.

        >>> puzzle = Puzzle((12, 5), "pentominoes")
        >>> puzzle.count(unique=True), puzzle.count()  # doctest: +SKIP
        (1010, 4040)
        """
        breaker = self._breaker()
        if breaker is None:
            if unique and len(self._symmetries) > 1:
                return self._remember(("unique",), lambda: sum(1 for _ in self._unique_solutions()))
            return self._remember(("all",), lambda: self._search().count())
        name, groups = breaker
        result = 0
        for stabiliser, representatives in groups.items():
            def search(representatives: list[int] = representatives) -> TilingSearch:
                return self._search(restrict={name: representatives})

            if unique and len(stabiliser) > 1:
                result += self._remember(("unique", stabiliser), lambda s=stabiliser, search=search: len(
                    {self._canonical(found, s) for found in search().solutions()}))
            else:
                found = self._remember(("count", stabiliser), lambda search=search: search().count())
                # Each representative stands for a whole orbit of placements.
                result += found if unique else found * (len(self._symmetries) // len(stabiliser))
        return result

    def _remember(self, key: tuple, compute: Any) -> int:
        if key not in self._counts_cache:
            self._counts_cache[key] = compute()
        return self._counts_cache[key]

    def explore(self, *, limit: int | None = None, stop: StopEvent | None = None) -> Exploration:
        """Search every tiling with the most constrained item first, counting the placements tried.

        The search of :class:`~blokus_nb.exact_cover.MostConstrainedSearch`,
        from an empty region, with the region's symmetry broken as in
        :meth:`count` (one piece held to one placement per symmetry class), so
        it finds each tiling about once up to symmetry. It stops once more than
        ``limit`` tilings are found. :meth:`difficulty` is built on it.

        >>> Puzzle((20, 3), "pentominoes").explore()
        Exploration(solutions=2, tried=11724, complete=True, first=(...))
        """
        limit = validation.count(limit, "limit", none="every tiling", error=PuzzleError,
                                 what="how many tilings to find before stopping, a whole number >= 0")
        stop = validation.stop_event(stop, error=PuzzleError)
        breaker = self._breaker()
        restrict = {}
        if breaker is not None:
            name, groups = breaker
            restrict[name] = [mask for masks in groups.values() for mask in masks]
        kinds = [(self.counts[name], restrict.get(name, self._placements_of[name])) for name in self._names]
        return MostConstrainedSearch(len(self._order), kinds).explore(limit=limit, stop=stop)

    def difficulty(self, *, stop: StopEvent | None = None) -> Difficulty:
        """How hard the puzzle is: a :class:`~blokus_nb.puzzles.difficulty.Difficulty` (measured once, then kept).

        >>> print(Puzzle((5, 3), "L P V").difficulty())
        level 1 of 5 (warm-up): score 3.0, 7 placements tried per solution; 3 pieces, 0 with one place at the start
        """
        if self.rating is None:
            self.rating = rate(self, stop=validation.stop_event(stop, error=PuzzleError))
        return self.rating

    def explain(self, *, colourings: Iterable[str] | None = None,
                stop: StopEvent | None = None) -> Explanation | None:
        """Why the puzzle cannot be done, as an :class:`~blokus_nb.puzzles.explanations.Explanation`;
        ``None`` when it can (see :func:`~blokus_nb.puzzles.explain`).

        >>> print(Puzzle((5, 4), "I4 L4 O T4 Z4").explain())
        Colour the region like a chessboard: it has 10 dark squares and 10 light ones. ...
        """
        chosen = chosen_colourings(colourings)
        return explain_puzzle(self, chosen, validation.stop_event(stop, error=PuzzleError))

    # -- a tiling in progress (what a person or a widget builds) ----------------------------

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The pieces placed so far, in the order placed."""
        return tuple(self._placements)

    @property
    def remaining(self) -> dict[str, int]:
        """How many copies of each piece are still to be placed.

        >>> Puzzle((2, 1), ["2"]).remaining
        {'2': 1}
        """
        used = Counter(p.piece for p in self._placements)
        return {name: self.counts[name] - used[name] for name in self._names}

    @property
    def covered(self) -> frozenset[Cell]:
        """The cells covered so far."""
        return frozenset(cell for p in self._placements for cell in p.cells)

    @property
    def is_solved(self) -> bool:
        """Is every cell of the region covered?

        >>> puzzle = Puzzle((2, 1), ["2"])
        >>> _ = puzzle.place([(0, 0), (1, 0)])
        >>> puzzle.is_solved
        True
        """
        return len(self.covered) == len(self.cells)

    def check(self, cells: Iterable[Cell], piece: str | _pieces.Piece | None = None,
              partial: Sequence[Placement] | None = None) -> Placement:
        """The placement of ``piece`` (found from the shape when ``None``) on ``cells``, if it may go there.

        Raises :class:`PlacementError` saying why not (also for a ``partial`` that is not a list of
        placements of this puzzle). Changes nothing.

        >>> Puzzle((2, 1), ["2"]).check([(1, 0), (2, 0)])
        Traceback (most recent call last):
        ...
        blokus_nb.puzzles.PlacementError: cell (2, 0) is not in the region
        """
        return self._check(cells, piece, self._validated(partial))

    def _check(self, cells: Iterable[Cell], piece: str | _pieces.Piece | None,
               partial: Sequence[Placement]) -> Placement:
        """:meth:`check` against ``partial``, placements already checked."""
        cells = _placement_cells(cells)
        outside = [c for c in cells if c not in self.cells]
        if outside:
            raise PlacementError(f"cell {outside[0]} is not in the region", rule="outside", cells=outside)
        covered = {cell: p for p in partial for cell in p.cells}
        clash = [c for c in cells if c in covered]
        if clash:
            raise PlacementError(f"cell {clash[0]} is already covered by {covered[clash[0]].piece}",
                                 rule="overlap", cells=clash)
        shape = normalize(cells) if cells and len(set(cells)) == len(cells) else None
        matches = [name for name in self._names
                   if shape is not None and any(shape == o for o in _pieces_orientations(self.shapes[name]))]
        if isinstance(piece, _pieces.Piece):
            piece = piece.name
        if piece is not None and not isinstance(piece, str):
            raise PlacementError(f"a piece is named by a str such as 'F' (or given as a Piece), not "
                                 f"{type(piece).__name__} {piece!r}", rule="not-a-piece", cells=cells)
        if piece is not None:
            if piece not in self.counts:
                try:
                    piece = _resolve_name(piece)
                except PuzzleError:
                    pass
            if piece not in self.counts:
                raise PlacementError(f"{piece} is not one of this puzzle's pieces", rule="not-a-piece", cells=cells)
            if piece not in matches:
                raise PlacementError(f"cells {cells} are not the piece {piece}", rule="wrong-piece", cells=cells)
        elif not matches:
            raise PlacementError(f"cells {cells} are not one of this puzzle's pieces", rule="not-a-piece",
                                 cells=cells)
        else:
            piece = matches[0]
        used = sum(1 for p in partial if p.piece == piece)
        if used >= self.counts[piece]:
            raise PlacementError(f"every {piece} is already placed ({self.counts[piece]} in all)",
                                 rule="none-left", cells=cells)
        return Placement(piece, cells)

    def place(self, cells: Iterable[Cell], piece: str | _pieces.Piece | None = None) -> Placement:
        """Put a piece on ``cells`` (any orientation); returns the placement.

        Raises :class:`PlacementError` (and changes nothing) if it may not go there.

        >>> Puzzle((2, 1), ["2"]).place([(0, 0), (1, 0)]).piece
        '2'
        """
        placement = self.check(cells, piece)
        self._placements.append(placement)
        self._changed()
        return placement

    def remove(self, where: Cell | Placement) -> Placement:
        """Take away the placement given, or the one covering cell ``where``; returns it.

        >>> puzzle = Puzzle((2, 1), ["2"])
        >>> _ = puzzle.place([(0, 0), (1, 0)])
        >>> puzzle.remove((1, 0)).piece
        '2'
        """
        if not isinstance(where, Placement):
            try:
                where = whole_cell(where)
            except BlokusError:
                raise PlacementError(f"remove takes a cell (x, y) or a Placement, "
                                     f"not {short_repr(where)}", rule="empty") from None
        for i, placement in enumerate(self._placements):
            if placement == where or (not isinstance(where, Placement) and where in placement.cells):
                removed = self._placements.pop(i)
                self._changed()
                return removed
        raise PlacementError(f"no piece covers {where}", rule="empty",
                             cells=() if isinstance(where, Placement) else (where,))

    def clear(self) -> None:
        """Take away every piece placed."""
        self._placements.clear()
        self._changed()

    def subscribe(self, callback: Callable[[Puzzle], None]) -> None:
        """Call ``callback(puzzle)`` after every change of the pieces placed (a widget showing it does).

        An exception in a callback is printed to stderr and does not undo the change.

        >>> puzzle, seen = Puzzle((2, 1), ["2"]), []
        >>> puzzle.subscribe(lambda p: seen.append(len(p.placements)))
        >>> _ = puzzle.place([(0, 0), (1, 0)]); puzzle.clear()
        >>> seen
        [1, 0]
        """
        if callback not in self._listeners:
            self._listeners.append(callback)

    def __getstate__(self) -> dict:
        # Listeners (a widget showing the puzzle) belong to this object, not to its copies.
        state = self.__dict__.copy()
        state["_listeners"] = []
        return state

    def unsubscribe(self, callback: Callable[[Puzzle], None]) -> None:
        """Stop calling ``callback``."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _changed(self) -> None:
        _notify(self._listeners, self)

    def _validated(self, partial: Iterable[Placement | tuple[str, Iterable[Cell]]] | None) -> list[Placement]:
        if partial is None:
            return list(self._placements)
        if isinstance(partial, (str, bytes)) or not isinstance(partial, Iterable):
            raise PlacementError(f"partial is a list of placements, not {type(partial).__name__} {partial!r}",
                                 rule="not-a-piece")
        checked: list[Placement] = []
        for item in partial:
            piece: str | _pieces.Piece | None
            cells: Iterable[Cell]
            if isinstance(item, Placement):
                piece, cells = item.piece, item.cells
            elif isinstance(item, (tuple, list)) and len(item) == 2:
                piece, cells = item
            else:
                raise PlacementError(f"each placement is a Placement or a (piece, cells) pair, not {item!r}",
                                     rule="not-a-piece")
            checked.append(self._check(cells, piece, checked))
        return checked

    def complete(self, partial: Iterable[Placement] | None = None, *, stop: StopEvent | None = None
                 ) -> Tiling | None:
        """A full tiling that keeps the pieces placed so far (or ``partial``), or ``None`` if none does.

        Raises :class:`SearchStopped` once ``stop`` is set (a widget sets it when the answer is no longer wanted).

        >>> Puzzle((4, 1), ["2", "2"]).complete([Placement("2", [(1, 0), (2, 0)])]) is None
        True
        """
        placed = self._validated(partial)
        found = self._search(placed).solve(stop=validation.stop_event(stop, error=PuzzleError))
        return None if found is None else self._tiling(found, placed)

    def hint(self, partial: Iterable[Placement] | None = None, *, stop: StopEvent | None = None
             ) -> Placement | None:
        """One more piece that some full tiling puts there, or ``None`` when no tiling keeps the pieces placed.

        Uses the pieces placed so far unless ``partial`` is given. The hint
        covers the first uncovered cell in the order the search fills them.
        When the tiling is already complete the answer is ``None`` too; check
        :attr:`is_solved` first.

        >>> Puzzle((2, 1), ["2"]).hint()
        Placement(piece='2', cells=((0, 0), (1, 0)))
        """
        placed = self._validated(partial)
        found = self._search(placed).solve(stop=validation.stop_event(stop, error=PuzzleError))
        if not found:
            return None
        kind, mask = found[0]
        return Placement(self._names[kind], self._cells(mask))

    # -- showing it ---------------------------------------------------------------------

    def tiling(self) -> Tiling:
        """The pieces placed so far as a :class:`Tiling` (uncovered cells show empty)."""
        return Tiling(self.cells, tuple(self._placements))

    def __str__(self) -> str:
        return str(self.tiling())

    def __repr__(self) -> str:
        names = " ".join(name if count == 1 else f"{name}x{count}" for name, count in self.counts.items())
        shape = (f"{self.width}x{self.height}" if len(self.cells) == self.width * self.height
                 else f"{len(self.cells)}-cell region")
        return f"<Puzzle {shape} with {names}; {len(self._placements)} placed>"

    def _repr_svg_(self) -> str:
        return self.tiling().svg()

    def plot(self, ax: Axes | None = None, *, title: str | None = None) -> Axes:
        """Draw the region and the pieces placed so far (matplotlib)."""
        return self.tiling().plot(ax=ax, title=title)


def _pieces_orientations(shape: Shape) -> tuple[Shape, ...]:
    return orientations(shape, "fixed")


def explain(puzzle: Puzzle | Any, pieces: Any = None, *, colourings: Iterable[str] | None = None,
            stop: StopEvent | None = None) -> Explanation | None:
    """Why ``puzzle`` has no tiling (an :class:`~blokus_nb.puzzles.explanations.Explanation`), or ``None`` when it has one.

    ``colourings`` names the colourings to try (see
    :data:`~blokus_nb.puzzles.explanations.COLOURINGS`; all, simplest first, by default):
    ``colourings=["diagonals-4"]`` asks for the classic diagonal argument where a simpler one exists.

    ``puzzle`` is a :class:`Puzzle`, or a region with ``pieces`` (then an
    area mismatch, which a :class:`Puzzle` refuses to be made with, is
    explained too). Raises :class:`~blokus_nb.exact_cover.SearchStopped`
    once ``stop`` is set.

    >>> explain((4, 4), "pentominoes").text
    'The pieces have 60 squares between them but the region has 16: ...'
    >>> explain("##", "2") is None
    True
    """
    stop = validation.stop_event(stop, error=PuzzleError)
    chosen = chosen_colourings(colourings)  # checked before any work
    if not isinstance(puzzle, Puzzle):
        cells = parse_region(puzzle)
        kinds = parse_pieces("pentominoes" if pieces is None else pieces)
        mismatch = area_mismatch(cells, sum(len(shape) * count for shape, count in kinds.values()))
        if mismatch is not None:
            return mismatch
        puzzle = Puzzle(cells, pieces if pieces is not None else "pentominoes")
    elif pieces is not None:
        raise ArgumentTypeError("give pieces with a region, not with a Puzzle (it has its pieces)")
    return explain_puzzle(puzzle, chosen, stop)
