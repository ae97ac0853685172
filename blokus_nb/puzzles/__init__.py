"""Tiling puzzles: cover a region exactly with a given set of pieces, made to order and explained.

>>> from blokus_nb.puzzles import Puzzle
>>> puzzle = Puzzle((20, 3), "pentominoes")
>>> puzzle.count(), puzzle.count(unique=True)
(8, 2)

One module per job:

* :mod:`~blokus_nb.puzzles.reading`: regions and piece lists as people write them;
* :mod:`~blokus_nb.puzzles.puzzle`: :class:`Puzzle` (solutions, counts, a tiling
  in progress, hints), :class:`Tiling`, :class:`Placement`;
* :mod:`~blokus_nb.puzzles.regions`: region families to make puzzles in
  (rectangles, rectangles with holes, letters, a heart, random shapes);
* :mod:`~blokus_nb.puzzles.difficulty`: the documented difficulty measure;
* :mod:`~blokus_nb.puzzles.generation`: :func:`generate`, puzzles with exactly
  one solution (or *k*) at a target difficulty;
* :mod:`~blokus_nb.puzzles.explanations`: the arguments of :func:`explain`, why a puzzle cannot be
  done (it sits below :mod:`~blokus_nb.puzzles.puzzle`, which imports it, never the reverse).
"""

from ..exact_cover import SearchStopped
from . import regions
from .difficulty import Difficulty
from .errors import GenerationError, PlacementError, PuzzleError, RegionError
from .explanations import Explanation
from .generation import generate, generate_set
from .puzzle import Placement, Puzzle, Tiling, explain
from .reading import MAX_CELLS, PENTOMINOES, Region, parse_pieces, parse_region

__all__ = [
    "Puzzle", "Placement", "Tiling", "PuzzleError", "RegionError", "PlacementError", "GenerationError",
    "SearchStopped", "Difficulty", "generate", "generate_set", "explain", "Explanation", "regions", "PENTOMINOES", "MAX_CELLS", "Region", "parse_pieces", "parse_region",
]
