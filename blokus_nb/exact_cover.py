"""Exact cover: choose rows so that every column is covered exactly once.

An exact cover problem has *items* (the columns of a 0/1 matrix) and *options*
(its rows, each a set of items). A solution is a set of options that covers
every primary item exactly once and every secondary item at most once. Tiling a
region with pieces is one: the items are the region's cells plus one item per
piece, and each option is one piece put down in one place.

This module has two solvers of our own:

* :class:`AlgorithmX` is Knuth's Algorithm X for any problem, items being any
  hashable values. The sparse matrix is kept as a dict of sets (item -> options
  that still fit), which does the "cover" and "uncover" steps of dancing links
  with set operations; the branching item is the one with the fewest options.
* :class:`TilingSearch` is a faster search for tilings. It is Algorithm X with
  a fixed choice of item -- always the first uncovered cell -- on bitboards; see
  its docstring for the representation and the pruning.
* :class:`MostConstrainedSearch` is Algorithm X for tilings that always
  branches on the most constrained item (the cell, or the piece, with the fewest
  placements left), as a person solving by hand does. It counts the placements
  it tries: the puzzles' difficulty measure is built on that effort.

Every search takes an optional ``stop`` (a :class:`threading.Event`, or anything
with ``is_set()``: :class:`~blokus_nb.validation.StopEvent`): when it
is set, the search raises :class:`SearchStopped` at its next step, so a search
whose answer is no longer wanted does not go on burning a core.

>>> problem = AlgorithmX({"a": [1, 2], "b": [2, 3], "c": [3], "d": [1]})
>>> sorted(sorted(s) for s in problem.solutions())
[['a', 'c'], ['b', 'd']]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import gcd
from typing import TYPE_CHECKING

from . import validation
from .errors import ArgumentTypeError, BlokusError, short_repr

if TYPE_CHECKING:  # pragma: no cover
    from .validation import StopEvent

__all__ = ["AlgorithmX", "TilingSearch", "MostConstrainedSearch", "Exploration", "SearchStopped", "MAX_PIECES"]


class SearchStopped(BlokusError):
    """A search was stopped from outside (its ``stop`` event was set) before it finished."""

#: The most pieces a :class:`TilingSearch` places: it goes one level of Python
#: recursion deeper per piece, and must stay well inside the interpreter's limit.
MAX_PIECES = 500


_OPTIONS = "a dict from option names to the items each covers, like {'12': [1, 2]}"


def _items(items: object, name: str) -> tuple[Hashable, ...]:
    """``items`` as a tuple of hashable items (a list, a tuple, a set...)."""
    listed = tuple(validation.sequence(items, name, what="a list of items (numbers, names)"))
    for item in listed:
        if not isinstance(item, Hashable):
            raise ArgumentTypeError(f"{name} holds {short_repr(item)}, which cannot be an item (it is "
                                    "not hashable: use a number, a name or a tuple)")
    return listed


#: The most cells a search may be asked to cover (a puzzle region has at most 10,000).
MAX_CELLS = 100_000


def _cell_count(n_cells: object) -> int:
    return validation.count(n_cells, "n_cells", high=MAX_CELLS)


def _filled(filled: object, n_cells: int) -> int:
    return validation.whole_number(filled, "filled", low=0, high=(1 << n_cells) - 1,
                                   what=f"a set of the {n_cells} cells as an int (bit i for cell i)")


def _kinds(kinds: object, n_cells: int) -> list[tuple[int, list[int]]]:
    """``kinds`` as ``(quota, masks)`` pairs: a count of copies, and placements as sets of cells."""
    checked = []
    for k, (quota, placements) in enumerate(validation.pairs(kinds, "kinds", what="a (quota, placement masks) pair")):
        quota = validation.count(quota, f"kinds[{k}] quota")  # their sum is bounded by the searches
        masks = [validation.whole_number(mask, f"kinds[{k}] placement", low=1, high=(1 << n_cells) - 1,
                                         what=f"a set of the {n_cells} cells as an int (bit i for cell i)")
                 for mask in validation.sequence(placements, f"kinds[{k}] placements", what="a list of masks")]
        checked.append((quota, masks))
    return checked


def _neighbours(neighbours: object, n_cells: int) -> list[tuple[int, ...]]:
    what = "a list of each cell's neighbouring cells"
    listed = validation.sequence(neighbours, "neighbours", what=what)
    if len(listed) != n_cells:
        raise BlokusError("need the neighbours of every cell")
    return [tuple(validation.whole_number(n, f"neighbours[{i}]", low=0, high=n_cells - 1)
                  for n in validation.sequence(cell, f"neighbours[{i}]", what="a list of cell numbers"))
            for i, cell in enumerate(listed)]


class AlgorithmX:
    """Knuth's Algorithm X on a dict-of-sets matrix.

    ``options`` maps an option's name to the items it covers. Items listed in
    ``secondary`` must be covered at most once; every other item that some
    option covers (plus any listed in ``primary``) must be covered exactly once.
    As in Knuth's algorithm, an option with no primary item is never chosen.

    >>> problem = AlgorithmX({"12": [1, 2], "3": [3], "23": [2, 3], "1": [1]})
    >>> sorted(sorted(s) for s in problem.solutions())
    [['1', '23'], ['12', '3']]
    >>> problem.count()
    2
    """

    def __init__(self, options: Mapping[Hashable, Iterable[Hashable]], *,
                 primary: Iterable[Hashable] = (), secondary: Iterable[Hashable] = ()) -> None:
        self.options: dict[Hashable, tuple[Hashable, ...]] = {
            name: _items(items, f"options[{name!r}]")
            for name, items in validation.mapping(options, "options", what=_OPTIONS).items()
        }
        self.secondary = frozenset(_items(secondary, "secondary"))
        items = set(_items(primary, "primary")) | {item for covered in self.options.values() for item in covered}
        self.primary = frozenset(items - self.secondary)
        for name, covered in self.options.items():
            if len(set(covered)) != len(covered):
                raise BlokusError(f"option {name!r} lists an item twice: {covered!r}")

    def _matrix(self) -> dict[Hashable, set[Hashable]]:
        columns: dict[Hashable, set[Hashable]] = {item: set() for item in self.primary | self.secondary}
        for name, covered in self.options.items():
            for item in covered:
                columns[item].add(name)
        return columns

    def solutions(self) -> Iterator[list[Hashable]]:
        """Every solution, each a list of option names (in the order chosen).

        >>> next(AlgorithmX({"x": ["a"], "y": ["a"]}).solutions())
        ['x']
        """
        columns = self._matrix()
        options = self.options
        primary = self.primary
        rank = {name: i for i, name in enumerate(options)}  # try options in the order given
        chosen: list[Hashable] = []
        done = object()  # marks a level with no option left to try (names may be None)

        def cover(name: Hashable) -> list[set[Hashable]]:
            # Remove every item of `name` and every option that clashes with it.
            removed = []
            for item in options[name]:
                for other in columns[item]:
                    for other_item in options[other]:
                        if other_item != item:
                            columns[other_item].discard(other)
                removed.append(columns.pop(item))
            return removed

        def uncover(name: Hashable, removed: list[set[Hashable]]) -> None:
            for item in reversed(options[name]):
                columns[item] = removed.pop()
                for other in columns[item]:
                    for other_item in options[other]:
                        if other_item != item:
                            columns[other_item].add(other)

        def choices() -> Iterator[Hashable] | None:
            # The options covering the open item with fewest of them; None when none is open.
            open_items = [item for item in columns if item in primary]
            if not open_items:
                return None
            item = min(open_items, key=lambda i: len(columns[i]))
            return iter(sorted(columns[item], key=rank.__getitem__))

        # Depth-first with an explicit stack of levels [options left, removed by the
        # current choice]: no recursion limit however many options a solution takes.
        first = choices()
        if first is None:
            yield []
            return
        levels: list[list] = [[first, None]]
        while levels:
            level = levels[-1]
            if level[1] is not None:  # take back this level's last choice
                uncover(chosen.pop(), level[1])
                level[1] = None
            name = next(level[0], done)
            if name is done:
                levels.pop()
                continue
            chosen.append(name)
            level[1] = cover(name)
            deeper = choices()
            if deeper is None:
                yield list(chosen)
            else:
                levels.append([deeper, None])

    def solve(self) -> list[Hashable] | None:
        """One solution, or ``None`` if there is none.

        >>> AlgorithmX({"x": ["a", "b"], "y": ["b"]}).solve()
        ['x']
        """
        return next(self.solutions(), None)

    def count(self) -> int:
        """The number of solutions.

        >>> AlgorithmX({"x": ["a"], "y": ["a"], "z": ["b"]}).count()
        2
        """
        return sum(1 for _ in self.solutions())


class TilingSearch:
    """Exact cover of cells by pieces, searched on bitboards.

    Representation: the cells are numbered ``0 .. n_cells - 1`` in the order
    they are to be filled (the caller picks it; scanning along the short side of
    a rectangle is fastest), and a set of cells is a Python int with bit ``i``
    for cell ``i``. Each piece *kind* has a quota (how many copies there are)
    and a list of placements, each the bitmask of the cells it covers. A tiling
    covers every cell once and uses at most ``quota`` copies of each kind
    (a puzzle whose pieces' area is the region's uses them all).

    The search always fills the lowest empty cell, so a placement can go there
    only if its own lowest cell is that cell: placements are filed by lowest
    cell. Which of them fit depends only on the filled cells in a short window
    above it (as wide as the widest placement), so the fitting ones are
    computed once per (cell, window) and cached. When the cache entry is built,
    placements that would leave a closed pocket of empty cells that no pieces
    can fill (smaller than the smallest piece, or not a multiple of the sizes'
    common divisor) are dropped, as are those after which the next empty cell
    has no fitting placement at all. When the pieces' area is the empty area
    (every copy must be used), a branch ends as soon as the first empty cell is
    past the last cell where some unused piece could still start.

    Copies used are counted in one int, ``used``: kind ``k`` owns a bit field
    that starts at ``2**w - quota`` and overflows into its *guard* bit after
    ``quota`` additions, so "is a copy left?" is one AND and "take one" one
    addition. Two copies of a kind are interchangeable, so each tiling is found
    exactly once.

    >>> # Dominoes on a 2x2 square: cells 0 1 / 2 3; two tilings.
    >>> search = TilingSearch(4, [[1, 2], [0, 3], [0, 3], [1, 2]],
    ...                       [(2, [0b0011, 0b1100, 0b0101, 0b1010])])
    >>> search.count()
    2
    """

    def __init__(self, n_cells: int, neighbours: Sequence[Sequence[int]],
                 kinds: Sequence[tuple[int, Sequence[int]]], *, filled: int = 0) -> None:
        n_cells = _cell_count(n_cells)
        self.n_cells = n_cells
        self.neighbours = _neighbours(neighbours, n_cells)
        self.full = (1 << n_cells) - 1
        self.start_filled = _filled(filled, n_cells)
        kinds = _kinds(kinds, n_cells)
        pieces = sum(quota for quota, _ in kinds)
        if pieces > MAX_PIECES:
            raise BlokusError(f"{pieces:,} pieces are too many to search: at most {MAX_PIECES}")
        guards = []
        start_used = 0
        shift = 0
        sizes = set()
        self._by_cell: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n_cells)]
        span = 1
        last_anchor: list[int] = []
        area = 0
        for k, (quota, masks) in enumerate(kinds):
            width = max(quota - 1, 0).bit_length()
            guard = 1 << (shift + width)
            start_used |= ((1 << width) - quota) << shift if quota > 0 else guard
            unit = 1 << shift
            shift += width + 1
            guards.append(guard)
            last_anchor.append(max(((m & -m).bit_length() - 1 for m in masks), default=-1))
            area += quota * (masks[0].bit_count() if masks else 0)
            for mask in masks:
                if mask <= 0 or mask > self.full:
                    raise BlokusError(f"placement {mask:#b} of kind {k} is not a set of the {n_cells} cells")
                sizes.add(mask.bit_count())
                low = (mask & -mask).bit_length() - 1
                span = max(span, mask.bit_length() - low)
                self._by_cell[low].append((k, guard, unit, mask))
        self.kind_guards = tuple(guards)
        self.start_used = start_used
        self.span = span
        self.window = (1 << span) - 1
        self.min_size = min(sizes) if sizes else 1
        self.size_gcd = 0
        for size in sizes:
            self.size_gcd = gcd(self.size_gcd, size)
        # When the pieces' area is exactly the empty area, every copy must be used, so
        # a kind whose placements all start before the first empty cell has been missed.
        self.uses_every_piece = area == (self.full & ~self.start_filled).bit_count()
        self._passed = [0] * (n_cells + 1)
        if self.uses_every_piece:
            for cell in range(n_cells + 1):
                self._passed[cell] = sum(guards[k] for k in range(len(guards))
                                         if 0 <= last_anchor[k] < cell and kinds[k][0] > 0)
        self._fits: dict[int, tuple] = {}
        self._pockets: dict[int, bool] = {}

    # -- the cache of fitting placements -------------------------------------------------

    def _dead(self, cell: int, after: int) -> bool:
        """Does the window above `cell`, filled as `after`, hold a pocket no pieces can fill?"""
        key = (after << 16) | cell
        known = self._pockets.get(key)
        if known is not None:
            return known
        limit = min(self.n_cells, cell + self.span)
        neighbours = self.neighbours
        seen = set()
        dead = False
        for start in range(cell, limit):
            if (after >> (start - cell)) & 1 or start in seen:
                continue
            pocket = [start]
            seen.add(start)
            is_open = False
            i = 0
            while i < len(pocket):
                for n in neighbours[pocket[i]]:
                    if n >= limit:
                        is_open = True  # reaches cells the window does not see
                    elif n >= cell and not (after >> (n - cell)) & 1 and n not in seen:
                        seen.add(n)
                        pocket.append(n)
                i += 1
            size = len(pocket)
            if not is_open and (size < self.min_size or size % self.size_gcd):
                dead = True
                break
        self._pockets[key] = dead
        return dead

    def _build(self, filled: int) -> tuple:
        cell = ((filled + 1) & ~filled).bit_length() - 1
        window = (filled >> cell) & self.window
        known = (1 << (cell + self.span)) - 1
        groups: dict[int, list[tuple[int, int]]] = {}
        units: dict[int, int] = {}
        for _k, guard, unit, mask in self._by_cell[cell]:
            if mask & filled or self._dead(cell, window | (mask >> cell)):
                continue
            after = filled | mask
            if after == self.full:
                next_guards = -1
            else:
                next_cell = ((after + 1) & ~after).bit_length() - 1
                if next_cell >= cell + self.span:
                    next_guards = -1  # beyond what the window knows: assume anything fits
                else:
                    next_guards = 0
                    for _, guard2, _, mask2 in self._by_cell[next_cell]:
                        if not mask2 & after & known:
                            next_guards |= guard2
                    if not next_guards:
                        continue
            groups.setdefault(guard, []).append((mask, next_guards))
            units[guard] = unit
        return self._passed[cell], tuple((guard, units[guard], tuple(masks)) for guard, masks in groups.items())

    # -- the searches ----------------------------------------------------------------------

    def count(self, *, memo: bool = True, memo_limit: int = 2_000_000) -> int:
        """The number of tilings.

        With ``memo`` the counts of positions reached twice (same cells filled
        by the same pieces in another arrangement) are remembered, up to
        ``memo_limit`` of them at once.

        >>> TilingSearch(2, [[1], [0]], [(2, [0b01, 0b10])]).count()
        1
        """
        memo_limit = validation.count(memo_limit, "memo_limit", what="how many counts to remember, 0 or more")
        full = self.full
        window = self.window
        fits_cache = self._fits
        build = self._build
        remembered: dict[int, int] = {}
        used_bits = max(self.start_used.bit_length(), max(self.kind_guards, default=1).bit_length())

        def count(filled: int, used: int) -> int:
            if filled == full:
                return 1
            if memo:
                key = (filled << used_bits) | used
                known = remembered.get(key)
                if known is not None:
                    return known
            f1 = filled + 1
            entry = fits_cache.get(f1 & ((f1 & ~filled) * window))
            if entry is None:
                entry = fits_cache[f1 & ((f1 & ~filled) * window)] = build(filled)
            passed, fits = entry
            if passed & ~used:
                return 0
            total = 0
            for guard, unit, masks in fits:
                if not used & guard:
                    after_used = used + unit
                    free_guards = ~after_used
                    for mask, next_guards in masks:
                        if next_guards & free_guards:
                            total += count(filled | mask, after_used)
            if memo:
                if len(remembered) >= memo_limit:
                    remembered.clear()
                remembered[key] = total
            return total

        return count(self.start_filled, self.start_used)

    def solutions(self, *, stop: StopEvent | None = None) -> Iterator[tuple[tuple[int, int], ...]]:
        """Every tiling, each a tuple of ``(kind, mask)`` in the order placed.

        Raises :class:`SearchStopped` at the next placement tried once ``stop`` is set.

        >>> list(TilingSearch(2, [[1], [0]], [(1, [0b11])]).solutions())
        [((0, 3),)]
        """
        return self._solutions(validation.stop_event(stop))  # checked now, not at the first tiling

    def _solutions(self, stop: StopEvent | None) -> Iterator[tuple[tuple[int, int], ...]]:
        full = self.full
        window = self.window
        fits_cache = self._fits
        build = self._build
        kind_of = {guard: k for k, guard in enumerate(self.kind_guards)}
        placed: list[tuple[int, int]] = []

        def search(filled: int, used: int) -> Iterator[tuple[tuple[int, int], ...]]:
            if filled == full:
                yield tuple(placed)
                return
            if stop is not None and stop.is_set():
                raise SearchStopped("the search was stopped")
            f1 = filled + 1
            entry = fits_cache.get(f1 & ((f1 & ~filled) * window))
            if entry is None:
                entry = fits_cache[f1 & ((f1 & ~filled) * window)] = build(filled)
            passed, fits = entry
            if passed & ~used:
                return
            for guard, unit, masks in fits:
                if not used & guard:
                    after_used = used + unit
                    free_guards = ~after_used
                    kind = kind_of[guard]
                    for mask, next_guards in masks:
                        if next_guards & free_guards:
                            placed.append((kind, mask))
                            yield from search(filled | mask, after_used)
                            placed.pop()

        yield from search(self.start_filled, self.start_used)

    def solve(self, *, stop: StopEvent | None = None) -> tuple[tuple[int, int], ...] | None:
        """One tiling, or ``None`` (:class:`SearchStopped` once ``stop`` is set).

        >>> TilingSearch(2, [[1], [0]], [(1, [0b01])]).solve() is None
        True
        """
        return next(self.solutions(stop=stop), None)


@dataclass(frozen=True)
class Exploration:
    """What a :class:`MostConstrainedSearch` found: ``solutions`` counted (up to its limit), the
    placements it ``tried`` on the way, whether it went through the whole tree (``complete``), and
    the ``first`` solution (option indices, in the order placed; ``None`` if there was none)."""

    solutions: int
    tried: int
    complete: bool
    first: tuple[int, ...] | None


class MostConstrainedSearch:
    """Exact cover of cells by pieces, always branching on the most constrained item.

    The items are the cells and the pieces: every cell is covered once and
    every copy of every piece is used (the pieces' area is the empty area). At
    each step the search counts, for every empty cell, the placements still
    possible that cover it, and for every piece with one copy left, its
    placements still possible; it branches on the item with the fewest (a cell
    or piece with one is forced, with none a dead end). This is the order a
    careful person solves in ("this corner can only take the L"), so the number
    of placements it tries measures how much trial and error a puzzle needs.

    Representation: option ``j`` is ``options[j] = (kind, mask)``, the mask a
    set of cells as an int (bit ``i`` for cell ``i``). A *set of options* is
    an int too, bit ``j`` for option ``j``: ``live`` holds the options still
    possible, ``cover[i]`` those covering cell ``i``, ``of_kind[k]`` those of
    piece ``k``, and ``clash[j]`` those sharing a cell with ``j``. Counting the
    options left for an item is then one AND and one ``bit_count``, and placing
    an option one AND NOT.

    >>> # Dominoes on a 2x2 square: cells 0 1 / 2 3; two tilings, four placements tried.
    >>> search = MostConstrainedSearch(4, [(2, [0b0011, 0b1100, 0b0101, 0b1010])])
    >>> search.explore()
    Exploration(solutions=2, tried=4, complete=True, first=(0, 1))
    """

    def __init__(self, n_cells: int, kinds: Sequence[tuple[int, Sequence[int]]], *, filled: int = 0) -> None:
        n_cells = _cell_count(n_cells)
        kinds = _kinds(kinds, n_cells)
        self.n_cells = n_cells
        self.full = (1 << n_cells) - 1
        self.start_filled = _filled(filled, n_cells)
        self.options: list[tuple[int, int]] = []
        self.quota = [quota for quota, _ in kinds]
        if sum(self.quota) > MAX_PIECES:
            raise BlokusError(f"{sum(self.quota):,} pieces are too many to search: at most {MAX_PIECES}")
        area = 0
        self.of_kind = [0] * len(kinds)
        self.cover = [0] * n_cells
        for k, (quota, masks) in enumerate(kinds):
            area += quota * (masks[0].bit_count() if masks else 0)
            for mask in masks:
                if mask <= 0 or mask > self.full:
                    raise BlokusError(f"placement {mask:#b} of kind {k} is not a set of the {n_cells} cells")
                if mask & self.start_filled:
                    continue
                j = len(self.options)
                self.options.append((k, mask))
                self.of_kind[k] |= 1 << j
                rest = mask
                while rest:
                    low = rest & -rest
                    self.cover[low.bit_length() - 1] |= 1 << j
                    rest ^= low
        empty = (self.full & ~self.start_filled).bit_count()
        # A piece with no placement at all leaves nothing to search (and its size unknown here).
        self.impossible = any(quota and not masks for quota, masks in kinds)
        if area != empty and not self.impossible:
            raise BlokusError(f"the pieces cover {area} squares but {empty} are empty: every piece must be used")
        self.clash = []
        for _, mask in self.options:
            clash = 0
            rest = mask
            while rest:
                low = rest & -rest
                clash |= self.cover[low.bit_length() - 1]
                rest ^= low
            self.clash.append(clash)

    def explore(self, *, limit: int | None = None, stop: StopEvent | None = None) -> Exploration:
        """Search the whole tree, or until more than ``limit`` solutions are found.

        Raises :class:`SearchStopped` at the next placement tried once ``stop`` is set.

        >>> MostConstrainedSearch(2, [(1, [0b01])]).explore()  # an I1 cannot cover two cells
        Traceback (most recent call last):
        ...
        blokus_nb.errors.BlokusError: the pieces cover 1 squares but 2 are empty: every piece must be used
        """
        limit = validation.count(limit, "limit", none="every solution")
        stop = validation.stop_event(stop)
        full, cover, of_kind, options, clash = self.full, self.cover, self.of_kind, self.options, self.clash
        quota = list(self.quota)
        kinds = range(len(quota))
        chosen: list[int] = []
        found = tried = 0
        first: tuple[int, ...] | None = None

        def visit(filled: int, live: int) -> bool:
            """Search below this node; True when the limit is passed and the search should end."""
            nonlocal found, tried, first
            if filled == full:
                found += 1
                if first is None:
                    first = tuple(chosen)
                return limit is not None and found > limit
            best, fewest = 0, -1
            empty = full & ~filled
            while empty:
                low = empty & -empty
                options_left = cover[low.bit_length() - 1] & live
                count = options_left.bit_count()
                if fewest < 0 or count < fewest:
                    best, fewest = options_left, count
                    if count <= 1:
                        break
                empty ^= low
            if fewest > 1:
                for k in kinds:
                    left = quota[k]
                    if left:
                        options_left = of_kind[k] & live
                        count = options_left.bit_count()
                        if count < left:
                            return False  # not room for every copy still to place
                        if left == 1 and count < fewest:
                            best, fewest = options_left, count
            while best:
                low = best & -best
                j = low.bit_length() - 1
                best ^= low
                tried += 1
                if stop is not None and stop.is_set():
                    raise SearchStopped("the search was stopped")
                kind, mask = options[j]
                quota[kind] -= 1
                after = live & ~clash[j]
                if not quota[kind]:
                    after &= ~of_kind[kind]
                chosen.append(j)
                passed = visit(filled | mask, after)
                chosen.pop()
                quota[kind] += 1
                if passed:
                    return True
            return False

        if self.impossible:
            return Exploration(0, 0, True, None)
        live = 0
        for k in kinds:
            if quota[k]:
                live |= of_kind[k]
        passed = visit(self.start_filled, live)
        return Exploration(found, tried, not passed, first)
