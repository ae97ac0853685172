"""blokus-nb: a Jupyter-native Blokus toolkit.

>>> import blokus_nb as bn
>>> game = bn.Game("duo")
>>> game.play("d9,c10,d10,e10,d11")
Move('purple', 'd9,c10,d10,e10,d11')
>>> game.to_play
'orange'
"""

__version__ = "0.1.0"

from . import pieces, render, sgf
from .errors import BlokusError, IllegalMoveError, InvalidMoveError, RecordError
from .game import SCORINGS, Game
from .move import Move
from .records import iter_games, load, read_sgf, save, write_games
from .variants import VARIANTS, Variant, get_variant

__all__ = [
    "BlokusError", "Game", "IllegalMoveError", "InvalidMoveError", "Move", "RecordError",
    "SCORINGS", "VARIANTS", "Variant", "get_variant", "iter_games", "load", "pieces",
    "read_sgf", "render", "save", "sgf", "write_games",
]
