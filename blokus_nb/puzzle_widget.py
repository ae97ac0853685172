"""Deprecated: moved to :mod:`blokus_nb.widgets.puzzle` (this path keeps working for one release)."""

import warnings

from .widgets.puzzle import PuzzleWidget

__all__ = ["PuzzleWidget"]

warnings.warn("blokus_nb.puzzle_widget is deprecated; import from blokus_nb.widgets.puzzle instead",
              DeprecationWarning, stacklevel=2)
