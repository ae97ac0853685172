"""Deprecated: moved to :mod:`blokus_nb.widgets.puzzle_protocol` (this path keeps working for one release)."""

import warnings

from .widgets.puzzle_protocol import pieces_table, placement_entry, region_cells, status_text, view_state

__all__ = ["pieces_table", "placement_entry", "region_cells", "status_text", "view_state"]

warnings.warn("blokus_nb.puzzle_widget_state is deprecated; import from blokus_nb.widgets.puzzle_protocol instead",
              DeprecationWarning, stacklevel=2)
