"""Puzzles made to order: exactly one solution (or exactly *k*) up to the region's symmetry, at a difficulty.

>>> from blokus_nb.puzzles import generate
>>> puzzle = generate("pentominoes", "random", difficulty=1, seed=7)
>>> puzzle.count(unique=True), puzzle.difficulty().level
(1, 1)

How a puzzle is made, with every random choice drawn from one
``random.Random(seed)`` (so a seed gives the same puzzle on every machine):

1. Pick how many pieces the level needs (:data:`LEVEL_PIECES`), and a region:
   for ``"random"``, lay that many pieces from the pool down one by one, each
   touching the others (:func:`~blokus_nb.puzzles.regions.glued`); for a
   rectangle (with holes), a letter or a heart, a region of about the right
   area (one that pieces of the pool can cover), filled with pieces from the
   pool by a randomly ordered exact-cover search, kept only if it used as many
   pieces as the level has; a region given as ASCII art, a mask or cells is
   filled the same way, or, when few choices of pool pieces cover its area
   (at most 256), each choice is tried once, in an order drawn from the seed.
2. Count the tilings of that region with those pieces, up to the region's
   symmetry, with the exact-cover search (never by sampling), stopping at
   ``solutions + 1``. Keep the candidate only if it has exactly ``solutions``.
3. Measure its difficulty (:mod:`~blokus_nb.puzzles.difficulty`); keep it if
   it is the level asked for.

A request that cannot be met is refused at once with a
:class:`~blokus_nb.puzzles.PuzzleError`: a fixed region whose area no pieces
of the pool make, or with a square no piece of the pool covers; a family none
of whose regions has an area the level's number of pieces covers (no heart
is a multiple of 5 squares); a fixed region all of whose few choices of
pieces were tried (:meth:`~blokus_nb.puzzles.Puzzle.explain` saying why,
when there was one choice and it cannot be tiled). Otherwise candidates are
tried until one passes or ``time_budget`` seconds are spent; then
:class:`~blokus_nb.puzzles.GenerationError` says how many were tried and the
nearest level found. Ctrl-C stops it at once and leaves nothing behind (each
candidate is a fresh object; nothing global is changed).

Polyominoes given as cells in the pool keep their shapes; a puzzle names its
own ``poly1``, ``poly2``, ... as :class:`~blokus_nb.puzzles.Puzzle` does.
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .. import validation
from ..exact_cover import SearchStopped, TilingSearch
from ..pieces import NAMES, Cell, Shape, transform
from . import regions
from .difficulty import LEVELS
from .errors import GenerationError, PuzzleError
from .puzzle import Puzzle
from .reading import parse_pieces, parse_region

__all__ = ["generate", "generate_set", "identity", "LEVEL_PIECES", "MAX_GENERATED_CELLS"]

#: How many pieces a candidate puzzle of each level has (fewest, most).
LEVEL_PIECES: dict[int, tuple[int, int]] = {1: (3, 4), 2: (4, 6), 3: (5, 8), 4: (7, 10), 5: (9, 13)}
#: The largest region :func:`generate` fills: counting every tiling of a bigger one can take minutes.
MAX_GENERATED_CELLS = 100
#: The most solutions a puzzle may be asked to have.
MAX_SOLUTIONS = 50
# Pieces per candidate when any level will do.
_ANY_LEVEL_PIECES = (2, 10)
# A fixed region with at most this many ways to choose pool pieces that cover it has each tried
# once, so a request none of them meets is refused when they are done, not when the time is.
_FEW_FILLS = 256
_NAMES = frozenset(NAMES)


@functools.cache
def _heart_areas() -> dict[int, int]:
    return {size: len(regions.heart(size)) for size in range(8, 21)}


@functools.cache
def _letter_areas() -> frozenset[int]:
    return frozenset(len(regions.letter(c, scale)) for c in regions.LETTERS for scale in (1, 2))


class _Deadline:
    """Set once the time is up: a search's ``stop``, read like a :class:`threading.Event`."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() > self.end


def _check_arguments(difficulty: Any, solutions: Any, time_budget: Any, seed: Any) -> tuple:
    """The arguments as ints and a float (numpy integers are whole numbers), or a :class:`PuzzleError`."""
    return (validation.whole_number(difficulty, "difficulty", low=min(LEVELS), high=max(LEVELS), none="any",
                                    what="a level from 1 (warm-up) to 5 (expert)", error=PuzzleError),
            validation.positive_count(solutions, "solutions", high=MAX_SOLUTIONS, error=PuzzleError,
                                      what=f"how many tilings the puzzle has up to symmetry, a whole number "
                                           f"from 1 to {MAX_SOLUTIONS}"),
            validation.seconds(time_budget, "time_budget", error=PuzzleError),
            validation.seed(seed, error=PuzzleError))


def _pool(kinds: dict[str, tuple[Shape, int]]) -> list[tuple[str, Shape]]:
    """The pool as a list with one entry per copy, in the order given."""
    return [(name, shape) for name, (shape, count) in kinds.items() for _ in range(count)]


def _puzzle(region: frozenset, chosen: list[tuple[str, Shape]]) -> Puzzle:
    """A puzzle of pieces from the pool: each by its name, or by its cells where it has none (a polyomino
    given as cells, which the puzzle names ``poly1``, ``poly2``, ... again)."""
    return Puzzle(region, [name if name in _NAMES else shape for name, shape in chosen])


def identity(puzzle: Puzzle) -> tuple:
    """The puzzle up to the square's eight symmetries and where its region sits: the same for a puzzle
    turned, flipped or moved, different for any other region or pieces.

    >>> identity(Puzzle((4, 2), "O O")) == identity(Puzzle((2, 4), "O O"))
    True
    """
    region = min(transform(puzzle.cells, t) for t in range(8))
    shapes = sorted((min(transform(puzzle.shapes[name], t) for t in range(8)), count)
                    for name, count in puzzle.counts.items())
    return region, tuple(shapes)


def _covers_by_count(pool: list[tuple[str, Shape]], most_pieces: int) -> dict[int, set[int]]:
    """For each number of pieces up to ``most_pieces``, the areas that many pieces of the pool cover."""
    # covers[k] has bit a set when k pieces cover a squares: one shift per piece and count.
    covers = [1] + [0] * most_pieces
    for _, shape in pool:
        for k in range(most_pieces, 0, -1):
            covers[k] |= covers[k - 1] << len(shape)
    return {k: {a for a in range(bits.bit_length()) if bits >> a & 1} for k, bits in enumerate(covers)}


def _fills(kinds: list[tuple[str, Shape, int]], area: int, limit: int) -> list[tuple[int, ...]] | None:
    """Every choice of how many copies of each kind cover exactly ``area`` squares; ``None`` if more than ``limit``."""
    reach: list[set[int]] = [set() for _ in range(len(kinds) + 1)]
    reach[-1] = {0}
    for i in range(len(kinds) - 1, -1, -1):
        size, count = len(kinds[i][1]), kinds[i][2]
        reach[i] = {r + size * n for r in reach[i + 1] for n in range(count + 1) if r + size * n <= area}
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(i: int, left: int) -> bool:
        if i == len(kinds):
            found.append(tuple(chosen))
            return len(found) <= limit
        size, count = len(kinds[i][1]), kinds[i][2]
        for n in range(min(count, left // size), -1, -1):
            if left - n * size in reach[i + 1]:
                chosen.append(n)
                going = walk(i + 1, left - n * size)
                chosen.pop()
                if not going:
                    return False
        return True

    if area not in reach[0]:
        return []
    return found if walk(0, area) else None


def _numbers(values: Iterable[int]) -> str:
    values = sorted(values)
    if len(values) > 2 and values[-1] - values[0] + 1 == len(values):
        return f"{values[0]} to {values[-1]}"
    if len(values) > 8:
        return ", ".join(map(str, values[:6])) + f", ... {values[-1]}"
    return values[0].__str__() if len(values) == 1 else ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def _fill(region: frozenset, pool: list[tuple[str, Shape]], rng: random.Random, stop: _Deadline
          ) -> list[str] | None:
    """The pieces of one tiling of ``region`` by pieces of the pool, found in a random order (None if none)."""
    from ..polyominoes import orientations

    # Fill along the short side, as Puzzle does.
    order = sorted(region) if _wide(region) else sorted(region, key=lambda c: (c[1], c[0]))
    index = {cell: i for i, cell in enumerate(order)}
    neighbours = [[index[n] for n in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)) if n in index]
                  for x, y in order]
    counts = Counter(name for name, _ in pool)
    shapes = dict(pool)
    # Big pieces first (in a random order among those of one size): a tiling of few, big
    # pieces is the likeliest to be the only one.
    names = list(counts)
    rng.shuffle(names)
    names.sort(key=lambda name: -len(shapes[name]))
    used_names = []
    kinds = []
    for name in names:
        masks = []
        for shape in orientations(shapes[name], "fixed"):
            fx, fy = shape[0]
            for rx, ry in region:
                mask = 0
                for x, y in shape:
                    i = index.get((x - fx + rx, y - fy + ry))
                    if i is None:
                        break
                    mask |= 1 << i
                else:
                    masks.append(mask)
        if masks:
            rng.shuffle(masks)
            used_names.append(name)
            kinds.append((counts[name], masks))
    found = TilingSearch(len(order), neighbours, kinds).solve(stop=stop)
    if found is None:
        return None
    return [used_names[k] for k, _ in found]


def _lonely_square(region: frozenset, pool: list[tuple[str, Shape]]) -> Cell | None:
    """A square of the region that no piece of the pool covers wherever it is put (the first by row)."""
    from ..polyominoes import orientations

    reached: set[Cell] = set()
    for shape in {shape for _, shape in pool}:
        for turned in orientations(shape, "fixed"):
            fx, fy = turned[0]
            for rx, ry in region:
                cells = [(x - fx + rx, y - fy + ry) for x, y in turned]
                if all(cell in region for cell in cells):
                    reached.update(cells)
    lonely = sorted(region - reached, key=lambda c: (c[1], c[0]))
    return lonely[0] if lonely else None


def _wide(region: frozenset) -> bool:
    return 1 + max(x for x, _ in region) > 1 + max(y for _, y in region)


def _rectangle_shapes(area: int, holes: int) -> list[tuple[int, int]]:
    """The widths and heights of the rectangles :func:`generate` makes with ``area`` squares left after ``holes``."""
    total = area + holes
    shapes = [(w, total // w) for w in range(2, total + 1)
              if total % w == 0 and 2 <= total // w <= w <= 4 * (total // w)]
    if holes:
        shapes = [(w, h) for w, h in shapes if h >= 3 and (w - 2) * (h - 2) >= holes]
    return shapes


def _family_fits(family: str, area: int) -> bool:
    """Can the family have a region of ``area`` squares?"""
    if family == "rectangle":
        return bool(_rectangle_shapes(area, 0))
    if family == "holes":
        return bool(_rectangle_shapes(area, 1) or _rectangle_shapes(area, 2))
    if family == "letter":
        return area in _letter_areas()
    if family == "heart":
        return area in _heart_areas().values()
    return True


def _family_region(family: str, target: int, areas: set[int], rng: random.Random) -> frozenset | None:
    """A region of the family with about ``target`` squares, one of the ``areas`` the pool can cover
    (None: none of those near it)."""
    if family in ("rectangle", "holes"):
        holes = 0 if family == "rectangle" else rng.randint(1, 2)
        for area in sorted(areas, key=lambda a: (abs(a - target), a)):
            shapes = _rectangle_shapes(area, holes)
            if shapes:
                break
        else:
            return None
        width, height = rng.choice(shapes)
        if rng.random() < 0.5:
            width, height = height, width
        return regions.with_holes(width, height, holes, seed=rng) if holes else regions.rectangle(width, height)
    if family == "letter":
        options = [(c, scale) for scale in (1, 2) for c in regions.LETTERS
                   if len(regions.letter(c, scale)) in areas
                   and abs(len(regions.letter(c, scale)) - target) <= max(3, target // 4)]
        return regions.letter(*rng.choice(options)) if options else None
    # A heart the pool can cover, as close to the area as there is.
    sizes = [size for size, area in _heart_areas().items() if area in areas]
    size = min(sizes, key=lambda s: abs(_heart_areas()[s] - target))
    return regions.heart(size)


@dataclass
class _Plan:
    """A request checked once: the pool, the region (a family or fixed), and what candidates can be."""

    pieces: Any
    region: Any
    pool: list[tuple[str, Shape]]
    family: str | None = None
    fixed: frozenset | None = None
    #: Family: how many pieces a candidate has (fewest, most), and the areas so many pool pieces cover.
    counts: tuple[int, int] = (0, 0)
    areas: set[int] = field(default_factory=set)
    #: Fixed: every choice of pool pieces that covers the region (when there are few), as lists of pieces.
    fills: list[list[tuple[str, Shape]]] | None = None


def _plan(pieces: Any, region: Any, difficulty: int | None) -> _Plan:
    """The request read, and refused at once where the area (or a square no piece reaches) rules it out."""
    kinds = parse_pieces(pieces)  # once: the pieces may come from a generator
    pool = _pool(kinds)
    if isinstance(region, str) and region.strip() in regions.FAMILIES:
        return _family_plan(pieces, region.strip(), pool, difficulty)
    if isinstance(region, str) and "#" not in region:
        raise PuzzleError(f"region is one of {', '.join(map(repr, regions.FAMILIES))}, or a region "
                          f"(ASCII art with '#', (width, height), a mask or cells), not {region!r}")
    fixed = parse_region(region)
    if len(fixed) > MAX_GENERATED_CELLS:
        raise PuzzleError(f"the region has {len(fixed)} squares; generate fills at most "
                          f"{MAX_GENERATED_CELLS} (counting every tiling of a bigger one can take minutes)")
    counted = [(name, shape, count) for name, (shape, count) in kinds.items() if count]
    chosen = _fills(counted, len(fixed), _FEW_FILLS)
    if chosen == []:
        raise PuzzleError(f"no pieces of the pool ({_described(pool)}) cover exactly the region's "
                          f"{len(fixed)} squares")
    lonely = _lonely_square(fixed, pool)
    if lonely is not None:
        raise PuzzleError(f"no piece of the pool can cover the square at {lonely} (x from the left, y from the "
                          "top, from 0): every piece placed there would stick out of the region")
    fills = None if chosen is None else [
        [(name, shape) for (name, shape, _), n in zip(counted, counts) for _ in range(n)] for counts in chosen]
    return _Plan(pieces, region, pool, fixed=fixed, fills=fills)


def _family_plan(pieces: Any, family: str, pool: list[tuple[str, Shape]], difficulty: int | None) -> _Plan:
    lo, hi = LEVEL_PIECES[difficulty] if difficulty is not None else _ANY_LEVEL_PIECES
    if len(pool) < lo:
        which = f"level {difficulty} puzzles have" if difficulty is not None else "a puzzle has"
        raise PuzzleError(f"{which} at least {lo} pieces; the pool has {len(pool)}")
    top = min(hi, len(pool))
    covers = _covers_by_count(pool, top)
    areas = {a for k in range(lo, top + 1) for a in covers[k]}
    fitting = {a for a in areas if _family_fits(family, a)}
    if not fitting:
        how_many = f"{lo} to {top}" if lo < top else f"{lo}"
        level = f" (level {difficulty})" if difficulty is not None else ""
        what = {"heart": f"hearts have {_numbers(_heart_areas().values())} squares",
                "letter": f"letters have {_numbers(_letter_areas())} squares",
                "rectangle": "no rectangle of 2 to 4 times as wide as high has that many",
                "holes": "no rectangle with 1 or 2 holes has that many"}[family]
        word = {"heart": "heart", "letter": "letter", "rectangle": "rectangle", "holes": "rectangle with holes"}[family]
        raise PuzzleError(f"no {word} has an area that the pool's pieces cover: {how_many} pieces{level} of "
                          f"the pool ({_described(pool)}) cover {_numbers(areas)} squares, and {what}")
    return _Plan(pieces, family, pool, family=family, counts=(lo, top), areas=fitting)


def _described(pool: list[tuple[str, Shape]]) -> str:
    sizes = Counter(len(shape) for _, shape in pool)
    return ", ".join(f"{n} piece{'s' if n > 1 else ''} of {s} square{'s' if s > 1 else ''}"
                     for s, n in sorted(sizes.items()))


def _candidate(plan: _Plan, level: int | None, rng: random.Random, stop: _Deadline) -> Puzzle | None:
    """A random candidate from a family, or from a fixed region with many ways to fill it (None: none this time)."""
    if plan.fixed is not None:
        names = _fill(plan.fixed, plan.pool, rng, stop)
        return None if names is None else _puzzle(plan.fixed, _with_shapes(plan.pool, names))
    lo, top = plan.counts
    count = rng.randint(lo, top)
    if plan.family == "random":
        chosen = rng.sample(plan.pool, count)
        region, _ = regions.glued([shape for _, shape in chosen], rng)
        return _puzzle(region, chosen)
    assert plan.family is not None  # a plan has a fixed region or a family
    mean = sum(len(shape) for _, shape in plan.pool) / len(plan.pool)
    shaped = _family_region(plan.family, round(count * mean), plan.areas, rng)
    if shaped is None:
        return None
    names = _fill(shaped, plan.pool, rng, stop)
    # The level's number of pieces is a promise (LEVEL_PIECES), not only where the area comes from.
    if names is None or not lo <= len(names) <= (LEVEL_PIECES[level][1] if level else _ANY_LEVEL_PIECES[1]):
        return None
    return _puzzle(shaped, _with_shapes(plan.pool, names))


def _with_shapes(pool: list[tuple[str, Shape]], names: list[str]) -> list[tuple[str, Shape]]:
    """The pieces named, each with its shape, in the order named."""
    shapes = dict(pool)
    return [(name, shapes[name]) for name in names]


def _solutions_found(puzzle: Puzzle, solutions: int, stop: _Deadline) -> int:
    """How many tilings up to symmetry, counted to one more than wanted."""
    tilings = puzzle.solutions(unique=True, stop=stop)
    return len(list(islice(tilings, solutions + 1)))


def _make(plan: _Plan, *, difficulty: int | None, solutions: int, seed: int, deadline: _Deadline,
          exclude: AbstractSet[tuple] = frozenset()) -> Puzzle:
    """A puzzle for the plan from ``seed``, none of whose identities is in ``exclude``."""
    rng = random.Random(seed)
    tried = 0
    closest: int | None = None
    measured: set[tuple] = set()  # candidates already checked: the same again would fail again
    outcomes: list[tuple[list[tuple[str, Shape]], int, int | None]] = []

    def accept(puzzle: Puzzle, chosen: list[tuple[str, Shape]] | None = None) -> bool:
        nonlocal closest
        key = identity(puzzle)
        if key in exclude or key in measured:
            return False
        measured.add(key)
        found = _solutions_found(puzzle, solutions, deadline)
        level = puzzle.difficulty(stop=deadline).level if found == solutions else None
        if chosen is not None:
            outcomes.append((chosen, found, level))
        if level is None:  # not the number of solutions asked for
            return False
        if difficulty is None or level == difficulty:
            return True
        if closest is None or abs(level - difficulty) < abs(closest - difficulty):
            closest = level
        return False

    try:
        if plan.fills is not None:
            assert plan.fixed is not None  # fills are listed for a fixed region only
            # Few ways to choose the pieces: try each once, in an order drawn from the seed.
            fills = list(plan.fills)
            rng.shuffle(fills)
            for chosen in fills:
                if deadline.is_set():
                    break
                tried += 1
                puzzle = _puzzle(plan.fixed, chosen)
                if accept(puzzle, chosen):
                    return _finished(puzzle, plan, difficulty, solutions, seed, tried)
            else:
                _none_exists(plan, outcomes, difficulty, solutions, tried, closest, deadline)
        while not deadline.is_set():
            tried += 1
            candidate = _candidate(plan, difficulty, rng, deadline)
            if candidate is not None and accept(candidate):
                return _finished(candidate, plan, difficulty, solutions, seed, tried)
    except SearchStopped:
        pass
    near = "" if closest is None else f"; the nearest had level {closest}"
    raise GenerationError(f"no puzzle with {_solutions_text(solutions)} {_level_text(difficulty)} found in "
                          f"{deadline.seconds:g} s ({tried} candidates tried{near}); give more time, another "
                          "region or another level", tried=tried, closest=closest)


def _finished(puzzle: Puzzle, plan: _Plan, difficulty: int | None, solutions: int, seed: int, tried: int) -> Puzzle:
    puzzle.origin = {"pieces": plan.pieces, "region": plan.region if plan.family else "fixed",
                     "difficulty": difficulty, "solutions": solutions, "seed": seed, "candidates": tried}
    return puzzle


def _solutions_text(solutions: int) -> str:
    return f"{solutions} solution{'s' if solutions > 1 else ''}"


def _level_text(difficulty: int | None) -> str:
    return "at any level" if difficulty is None else f"at level {difficulty}"


def _none_exists(plan: _Plan, outcomes: list, difficulty: int | None, solutions: int, tried: int,
                 closest: int | None, deadline: _Deadline) -> None:
    """Every choice of pieces that covers the fixed region was tried and none will do: say why."""
    fixed, fills = plan.fixed, plan.fills
    assert fixed is not None and fills is not None  # a fixed region whose fills were listed
    squares = len(fixed)
    if len(fills) == 1:
        chosen = fills[0]
        names = _names_list([name for name, _ in chosen])
        if outcomes and outcomes[0][1] == 0:
            why = _puzzle(fixed, chosen).explain(stop=deadline)
            raise PuzzleError(f"the pool covers the region's {squares} squares only with {names}, and they "
                              f"cannot tile it: {why}")
        if outcomes:
            _, found, level = outcomes[0]
            has = (f"{_solutions_text(found)} at level {level}" if level is not None
                   else f"more than {_solutions_text(solutions)}" if found > solutions else _solutions_text(found))
            reason = f"its pieces cover the region's {squares} squares only as {names}, a puzzle with {has}"
        else:
            reason = f"its pieces cover the region's {squares} squares only as {names}, a puzzle already made"
    else:
        if outcomes and all(found == 0 for _, found, _ in outcomes) and len(outcomes) == len(fills):
            raise PuzzleError(f"none of the {len(fills)} ways to choose pieces of the pool that cover the "
                              f"region's {squares} squares tiles it (each was searched through)")
        near = "" if closest is None else f" (the nearest had level {closest})"
        reason = (f"every one of the {len(fills)} ways to choose pieces of the pool that cover the region's "
                  f"{squares} squares was tried{near}")
    raise GenerationError(f"no puzzle with {_solutions_text(solutions)} {_level_text(difficulty)} can be made "
                          f"in this region from this pool: {reason}", tried=tried, closest=closest, exhausted=True)


def _names_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def generate(pieces: Any = "pentominoes", region: Any = "random", *, difficulty: int | None = 2,
             solutions: int = 1, seed: int | None = None, time_budget: float = 10.0) -> Puzzle:
    """A puzzle with exactly ``solutions`` tilings up to the region's symmetry, at level ``difficulty``.

    ``pieces`` is the pool to take pieces from (``"pentominoes"``,
    ``"tetrominoes"``, ``"blokus"`` for all 21, or any multiset
    :class:`Puzzle` takes); the puzzle uses some of them, each copy at most
    once. ``region`` is a family (``"random"``, ``"rectangle"``,
    ``"holes"``, ``"letter"``, ``"heart"``) or one fixed region (ASCII art,
    ``(width, height)``, a mask, cells: say
    :func:`~blokus_nb.puzzles.regions.letter`). ``difficulty`` is a level 1-5
    (:mod:`~blokus_nb.puzzles.difficulty`) or ``None`` for any. The same
    ``seed`` gives the same puzzle; ``None`` draws one, kept in
    ``puzzle.origin["seed"]``. Bad arguments raise
    :class:`~blokus_nb.puzzles.PuzzleError` at once; no puzzle within
    ``time_budget`` seconds raises :class:`~blokus_nb.puzzles.GenerationError`.

    >>> puzzle = generate("tetrominoes", "random", difficulty=1, seed=3)
    >>> puzzle.count(unique=True)
    1
    >>> generate("pentominoes", (4, 4))
    Traceback (most recent call last):
    ...
    blokus_nb.puzzles.PuzzleError: no pieces of the pool (12 pieces of 5 squares) cover exactly the region's 16 squares
    """
    difficulty, solutions, time_budget, seed = _check_arguments(difficulty, solutions, time_budget, seed)
    plan = _plan(pieces, region, difficulty)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return _make(plan, difficulty=difficulty, solutions=solutions, seed=seed, deadline=_Deadline(time_budget))


def generate_set(count: int, pieces: Any = "pentominoes", region: Any = "random", *,
                 difficulty: int | None = 2, solutions: int = 1, seed: int = 0,
                 time_budget: float = 10.0) -> list[Puzzle]:
    """``count`` puzzles made as :func:`generate` makes them, from seeds ``seed``, ``seed + 1``, ..., none the
    same twice, even turned or flipped (:func:`identity`).

    ``time_budget`` bounds the whole call: when fewer different puzzles are
    found in it (or, for a fixed region with few ways to fill it, exist),
    :class:`~blokus_nb.puzzles.GenerationError` says how many.

    >>> [p.count(unique=True) for p in generate_set(2, "tetrominoes", "random", difficulty=1, seed=1)]
    [1, 1]
    """
    count = validation.positive_count(count, "count", high=1000, error=PuzzleError,
                                      what="how many puzzles, a whole number from 1 to 1000")
    seed = validation.seed(seed, none="", error=PuzzleError)
    difficulty, solutions, time_budget, seed = _check_arguments(difficulty, solutions, time_budget, seed)
    plan = _plan(pieces, region, difficulty)
    deadline = _Deadline(time_budget)  # one budget for the whole set
    out: list[Puzzle] = []
    seen: set[tuple] = set()
    for number in range(count):
        try:
            puzzle = _make(plan, difficulty=difficulty, solutions=solutions, seed=seed + number,
                           deadline=deadline, exclude=seen)
        except GenerationError as error:
            found = f"found {len(out)} different puzzle{'' if len(out) == 1 else 's'} of the {count} asked for"
            if error.exhausted:
                why = "no other exists" if out else "none exists"
                raise GenerationError(f"generate_set {found}: {why} ({error})", tried=error.tried,
                                      closest=error.closest, exhausted=True) from None
            raise GenerationError(f"generate_set {found}: no other in {time_budget:g} s ({error.tried} candidates "
                                  "tried); give more time, another region or another level", tried=error.tried,
                                  closest=error.closest) from None
        seen.add(identity(puzzle))
        out.append(puzzle)
    return out
