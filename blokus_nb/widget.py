"""Deprecated: moved to :mod:`blokus_nb.widgets.board` (this path keeps working for one release)."""

import warnings

from .widgets.board import BlokusWidget

__all__ = ["BlokusWidget"]

warnings.warn("blokus_nb.widget is deprecated; import from blokus_nb.widgets.board instead",
              DeprecationWarning, stacklevel=2)
