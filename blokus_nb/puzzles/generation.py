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
   area, filled with pieces from the pool by a randomly ordered exact-cover
   search; a region given as ASCII art, a mask or cells is filled the same way.
2. Count the tilings of that region with those pieces, up to the region's
   symmetry, with the exact-cover search (never by sampling), stopping at
   ``solutions + 1``. Keep the candidate only if it has exactly ``solutions``.
3. Measure its difficulty (:mod:`~blokus_nb.puzzles.difficulty`); keep it if
   it is the level asked for.

Candidates are tried until one passes or ``time_budget`` seconds are spent;
then :class:`~blokus_nb.puzzles.GenerationError` says how many were tried and
the nearest level found. Ctrl-C stops it at once and leaves nothing behind
(each candidate is a fresh object; nothing global is changed).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from .. import validation
from ..exact_cover import SearchStopped, TilingSearch
from ..pieces import Shape
from . import regions
from .difficulty import LEVELS
from .errors import GenerationError, PuzzleError
from .puzzle import Puzzle
from .reading import parse_pieces, parse_region

__all__ = ["generate", "generate_set", "LEVEL_PIECES", "MAX_GENERATED_CELLS"]

#: How many pieces a candidate puzzle of each level has (fewest, most).
LEVEL_PIECES: dict[int, tuple[int, int]] = {1: (3, 4), 2: (4, 6), 3: (5, 8), 4: (7, 10), 5: (9, 13)}
#: The largest region :func:`generate` fills: counting every tiling of a bigger one can take minutes.
MAX_GENERATED_CELLS = 100
#: The most solutions a puzzle may be asked to have.
MAX_SOLUTIONS = 50


class _Deadline:
    """Set once the time is up: a search's ``stop``, read like a :class:`threading.Event`."""

    def __init__(self, seconds: float) -> None:
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
            validation.number(time_budget, "time_budget", above=0, what="a number of seconds > 0",
                              error=PuzzleError),
            validation.seed(seed, error=PuzzleError))


def _pool(pieces: Any) -> list[tuple[str, Shape]]:
    """The pool as a list with one entry per copy, in the order given."""
    return [(name, shape) for name, (shape, count) in parse_pieces(pieces).items() for _ in range(count)]


def _reachable_areas(sizes: list[int], limit: int) -> set[int]:
    reachable = {0}
    for size in sizes:
        reachable |= {total + size for total in reachable if total + size <= limit}
    return reachable


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


def _wide(region: frozenset) -> bool:
    return 1 + max(x for x, _ in region) > 1 + max(y for _, y in region)


def _family_region(family: str, area: int, rng: random.Random) -> frozenset | None:
    """A region of the family with about ``area`` squares (None: none that size)."""
    if family in ("rectangle", "holes"):
        holes = 0 if family == "rectangle" else rng.randint(1, 2)
        shapes = [(w, (area + holes) // w) for w in range(2, area + 1)
                  if (area + holes) % w == 0 and 2 <= (area + holes) // w <= w <= 4 * ((area + holes) // w)]
        if family == "holes":
            shapes = [(w, h) for w, h in shapes if h >= 3 and (w - 2) * (h - 2) >= holes]
        if not shapes:
            return None
        width, height = rng.choice(shapes)
        if rng.random() < 0.5:
            width, height = height, width
        return regions.with_holes(width, height, holes, seed=rng) if holes else regions.rectangle(width, height)
    if family == "letter":
        scale = 1 if area < 30 else 2
        options = [c for c in regions.LETTERS if abs(len(regions.letter(c, scale)) - area) <= max(3, area // 4)]
        return regions.letter(rng.choice(options), scale) if options else None
    # A heart as close to the area as there is.
    size = min(range(8, 21), key=lambda s: abs(len(regions.heart(s)) - area))
    return regions.heart(size)


def _candidate(family: str | None, fixed: frozenset | None, pool: list[tuple[str, Shape]], level: int | None,
               rng: random.Random, stop: _Deadline) -> Puzzle | None:
    lo, hi = LEVEL_PIECES[level] if level is not None else (2, 10)
    count = rng.randint(lo, min(hi, len(pool)))
    if family == "random":
        chosen = rng.sample(pool, count)
        region, _ = regions.glued([shape for _, shape in chosen], rng)
        return Puzzle(region, [name for name, _ in chosen])
    if fixed is None:
        mean = sum(len(shape) for _, shape in pool) / len(pool)
        region = _family_region(family, round(count * mean), rng)
        if region is None:
            return None
    else:
        region = fixed
    names = _fill(region, pool, rng, stop)
    return None if names is None else Puzzle(region, names)


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
    pool = _pool(pieces)
    family: str | None = None
    fixed: frozenset | None = None
    if isinstance(region, str) and region.strip() in regions.FAMILIES:
        family = region.strip()
    elif isinstance(region, str) and "#" not in region:
        raise PuzzleError(f"region is one of {', '.join(map(repr, regions.FAMILIES))}, or a region "
                          f"(ASCII art with '#', (width, height), a mask or cells), not {region!r}")
    else:
        fixed = parse_region(region)
        if len(fixed) > MAX_GENERATED_CELLS:
            raise PuzzleError(f"the region has {len(fixed)} squares; generate fills at most "
                              f"{MAX_GENERATED_CELLS} (counting every tiling of a bigger one can take minutes)")
        if len(fixed) not in _reachable_areas([len(shape) for _, shape in pool], len(fixed)):
            sizes = Counter(len(shape) for _, shape in pool)
            described = ", ".join(f"{n} piece{'s' if n > 1 else ''} of {s} square{'s' if s > 1 else ''}"
                                  for s, n in sorted(sizes.items()))
            raise PuzzleError(f"no pieces of the pool ({described}) cover exactly the region's "
                              f"{len(fixed)} squares")
    if difficulty is not None and family is not None and len(pool) < LEVEL_PIECES[difficulty][0]:
        raise PuzzleError(f"level {difficulty} puzzles have at least {LEVEL_PIECES[difficulty][0]} pieces; "
                          f"the pool has {len(pool)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = _Deadline(time_budget)
    tried = 0
    closest: int | None = None
    try:
        while not deadline.is_set():
            tried += 1
            puzzle = _candidate(family, fixed, pool, difficulty, rng, deadline)
            if puzzle is None:
                continue
            found = sum(1 for _ in zip(range(solutions + 1), puzzle.solutions(unique=True, stop=deadline)))
            if found != solutions:
                continue
            level = puzzle.difficulty(stop=deadline).level
            if difficulty is None or level == difficulty:
                puzzle.origin = {"pieces": pieces, "region": region if family else "fixed", "difficulty": difficulty,
                                 "solutions": solutions, "seed": seed, "candidates": tried}
                return puzzle
            if closest is None or abs(level - difficulty) < abs(closest - difficulty):
                closest = level
    except SearchStopped:
        pass
    near = "" if closest is None else f"; the nearest had level {closest}"
    level_text = "at any level" if difficulty is None else f"at level {difficulty}"
    raise GenerationError(f"no puzzle with {solutions} solution{'s' if solutions > 1 else ''} {level_text} "
                          f"found in {time_budget:g} s ({tried} candidates tried{near}); "
                          "give more time, another region or another level", tried=tried, closest=closest)


def generate_set(count: int, pieces: Any = "pentominoes", region: Any = "random", *,
                 difficulty: int | None = 2, solutions: int = 1, seed: int = 0,
                 time_budget: float = 10.0) -> list[Puzzle]:
    """``count`` puzzles made by :func:`generate` from seeds ``seed``, ``seed + 1``, ..., none the same twice.

    >>> [p.count(unique=True) for p in generate_set(2, "tetrominoes", "random", difficulty=1, seed=1)]
    [1, 1]
    """
    count = validation.positive_count(count, "count", high=1000, error=PuzzleError,
                                      what="how many puzzles, a whole number from 1 to 1000")
    seed = validation.seed(seed, none="", error=PuzzleError)
    out: list[Puzzle] = []
    seen: set[tuple] = set()
    next_seed = seed
    while len(out) < count:
        puzzle = generate(pieces, region, difficulty=difficulty, solutions=solutions, seed=next_seed,
                          time_budget=time_budget)
        next_seed += 1
        key = (puzzle.cells, tuple(sorted(puzzle.counts.items())))
        if key in seen:
            continue
        seen.add(key)
        out.append(puzzle)
    return out
