"""The difficulty measure: how much trial and error a puzzle takes, solved the way a careful person solves it.

A careful person fills the most constrained spot first: the corner that only
one piece fits, the piece that has only two places left. The measure runs
exactly that search (:meth:`Puzzle.explore`: Algorithm X always branching on
the cell or piece with the fewest placements left, the region's symmetry
broken) through *every* possibility and counts the placements it tries.

* ``tried``: placements tried in the whole search;
* ``solutions``: tilings it found (about one per tiling up to symmetry);
* ``score = log2(1 + tried / solutions)``: the trial and error needed per
  solution, in bits. A forced move costs one placement, so a puzzle of many
  forced pieces scores low; each real choice between placements doubles the
  work and adds about one to the score. More pieces mean a deeper search and
  more placements, so the score grows with the number of pieces too;
* ``pieces`` and ``forced`` (pieces with only one place in the empty region,
  up to its symmetry) are reported beside the score, as a teacher reads them.

The level is the score cut at :data:`THRESHOLDS`: 1 warm-up (score below 4),
2 easy (4 to 6), 3 medium (6 to 8), 4 hard (8 to 10), 5 expert (10 and up).

On the classic rectangles of the 12 pentominoes the measure orders them as
puzzle books do (``python benchmarks/bench_tiling.py --classics``):

=========  =========  ===========  ============  =====  =====
rectangle  solutions  tried        per solution  score  level
=========  =========  ===========  ============  =====  =====
3x20       2          11,724       5,862         12.5   5
4x15       368        288,145      783           9.6    4
5x12       1,010      753,805      746           9.6    4
6x10       2,339      1,319,859    564           9.1    4
=========  =========  ===========  ============  =====  =====

3x20 (2 solutions) is by far the hardest and 6x10 (2,339) the easiest, as
the books have it; but 4x15 and 5x12 come out almost equal (783 and 746
placements per solution), where books put 4x15 clearly above 5x12. The
measure sees the search, not how a person sees shapes.

>>> from blokus_nb.puzzles import Puzzle
>>> rating = Puzzle((5, 3), "L P V").difficulty()
>>> rating.level, rating.pieces, rating.solutions
(1, 3, 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import PuzzleError

if TYPE_CHECKING:  # pragma: no cover
    from ..validation import StopEvent
    from .puzzle import Puzzle

__all__ = ["Difficulty", "LEVELS", "THRESHOLDS", "rate", "level_of"]

#: The levels by number, with the word for each.
LEVELS: dict[int, str] = {1: "warm-up", 2: "easy", 3: "medium", 4: "hard", 5: "expert"}
#: The score at which levels 2, 3, 4 and 5 begin.
THRESHOLDS: tuple[float, ...] = (4.0, 6.0, 8.0, 10.0)


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's measured difficulty (see the module's documentation for each field)."""

    level: int
    score: float
    tried: int
    solutions: int
    pieces: int
    forced: int

    @property
    def name(self) -> str:
        """The level's word: ``"warm-up"``, ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``."""
        return LEVELS[self.level]

    @property
    def per_solution(self) -> float:
        """Placements tried per solution found."""
        return self.tried / self.solutions

    def __str__(self) -> str:
        return (f"level {self.level} of 5 ({self.name}): score {self.score:.1f}, "
                f"{self.per_solution:,.0f} placements tried per solution; {self.pieces} pieces, "
                f"{self.forced} with one place at the start")


def level_of(score: float) -> int:
    """The level (1 to 5) of a score.

    >>> [level_of(s) for s in (2.5, 4.0, 7.9, 12.5)]
    [1, 2, 3, 5]
    """
    return 1 + sum(score >= bound for bound in THRESHOLDS)


def forced_pieces(puzzle: Puzzle) -> int:
    """How many kinds of piece have only one place in the empty region, up to the region's symmetries."""
    forced = 0
    for name in puzzle._names:
        orbits: set[int] = set()
        for mask in puzzle._placements_of[name]:
            orbits.add(min(puzzle._permute(mask, perm) for _, perm in puzzle._symmetries))
            if len(orbits) > 1:
                break
        forced += len(orbits) == 1
    return forced


def rate(puzzle: Puzzle, *, stop: StopEvent | None = None) -> Difficulty:
    """Measure ``puzzle`` (an exhaustive search: quick for classroom puzzles, seconds for a 6x10).

    Raises :class:`~blokus_nb.puzzles.PuzzleError` for a puzzle with no
    solution: it has no difficulty, but :meth:`Puzzle.explain` says why.

    >>> from blokus_nb.puzzles import Puzzle
    >>> rate(Puzzle((2, 2), "2 2")).tried  # 2 tilings, 2 placements each
    4
    """
    found = puzzle.explore(stop=stop)
    if not found.solutions:
        raise PuzzleError("the puzzle has no solution, so no difficulty; puzzle.explain() says why")
    score = math.log2(1 + found.tried / found.solutions)
    return Difficulty(level=level_of(score), score=round(score, 2), tried=found.tried, solutions=found.solutions,
                      pieces=sum(puzzle.counts.values()), forced=forced_pieces(puzzle))
