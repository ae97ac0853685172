"""blokus-nb: a Jupyter-native Blokus toolkit.

>>> import blokus_nb as bn
>>> game = bn.Game("duo")
>>> game.play("d9,c10,d10,e10,d11")
Move('purple', 'd9,c10,d10,e10,d11')
>>> game.to_play
'orange'
"""

from . import pieces, render
from .errors import BlokusError, IllegalMoveError, InvalidMoveError, RecordError
from .game import SCORINGS, Game
from .move import Move
from .variants import VARIANTS, Variant, get_variant

__version__ = "0.1.0"

__all__ = [
    "BlokusError", "Game", "IllegalMoveError", "InvalidMoveError", "Move", "RecordError",
    "SCORINGS", "VARIANTS", "Variant", "get_variant", "pieces", "render",
]
