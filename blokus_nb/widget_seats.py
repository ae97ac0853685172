"""Deprecated: moved to :mod:`blokus_nb.widgets.seats` (this path keeps working for one release)."""

import warnings

from .widgets.seats import HUMAN, make_seat, stoppable, suggest

__all__ = ["HUMAN", "make_seat", "stoppable", "suggest"]

warnings.warn("blokus_nb.widget_seats is deprecated; import from blokus_nb.widgets.seats instead",
              DeprecationWarning, stacklevel=2)
