"""The notebook widgets: a Blokus board to play or replay on, and a tiling puzzle to solve.

Both are anywidgets over a live Python object (a :class:`~blokus_nb.Game`, a
:class:`~blokus_nb.puzzles.Puzzle`) that is the only authority; their views
draw the state and ask for changes. What they share is in :mod:`._base`; each
kind's Python-JS contract is its ``*_protocol`` module. An option given a
value it cannot take raises :class:`WidgetOptionError` (a
:class:`~blokus_nb.errors.BlokusError`).

>>> from blokus_nb.widgets import BlokusWidget, PuzzleWidget
>>> BlokusWidget("duo").to_play
'purple'
"""

from ._base import WidgetOptionError
from .board import BlokusWidget
from .puzzle import PuzzleWidget

__all__ = ["BlokusWidget", "PuzzleWidget", "WidgetOptionError"]
