"""Deprecated: moved to :mod:`blokus_nb.widgets.puzzle_protocol` (this path keeps working for one release)."""

import warnings

from .widgets.puzzle_protocol import KINDS, MAX_CELLS, MAX_NAME, PuzzleRequest, read_request

__all__ = ["KINDS", "MAX_CELLS", "MAX_NAME", "PuzzleRequest", "read_request"]

warnings.warn("blokus_nb.puzzle_widget_messages is deprecated; import from blokus_nb.widgets.puzzle_protocol instead",
              DeprecationWarning, stacklevel=2)
