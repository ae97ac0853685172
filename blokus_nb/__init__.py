"""blokus-nb: a Jupyter-native Blokus toolkit.

>>> import blokus_nb as bn
>>> game = bn.Game("duo")
>>> game.play("d9,c10,d10,e10,d11")
Move('purple', 'd9,c10,d10,e10,d11')
>>> game.to_play
'orange'
"""

__version__ = "0.4.0.dev0"  # the one place the version is written (pyproject reads it)

# runtime: in a browser, progress bars without a monitor thread
from . import pieces, render, runtime, sgf  # noqa: F401 - bn.pieces, bn.render, bn.sgf
from .errors import ArgumentTypeError, BlokusError, IllegalMoveError, InvalidMoveError, PathError, RecordError
from .game import SCORINGS, Game
from .move import Move
from .variants import VARIANTS, Variant, get_variant

# Heavier parts (pandas, matplotlib, anywidget) load on first use, so that
# ``import blokus_nb`` stays quick for scripts that only need the rules.
_LAZY = {
    # The records import the game, never the reverse, and load on first use.
    "records": ("blokus_nb.records", None),
    "Record": ("blokus_nb.records", "Record"),
    "GameNode": ("blokus_nb.records", "GameNode"),
    "SkippedRecord": ("blokus_nb.records", "SkippedRecord"),
    "Tree": ("blokus_nb.records", "Tree"),
    "iter_games": ("blokus_nb.records", "iter_games"),
    "load": ("blokus_nb.records", "load"),
    "read_sgf": ("blokus_nb.records", "read_sgf"),
    "read_tree": ("blokus_nb.records", "read_tree"),
    "save": ("blokus_nb.records", "save"),
    "write_games": ("blokus_nb.records", "write_games"),
    "analysis": ("blokus_nb.analysis", None),
    "envs": ("blokus_nb.envs", None),
    "engines": ("blokus_nb.engines", None),
    "arena": ("blokus_nb.players.arena", None),
    "players": ("blokus_nb.players", None),
    "polyominoes": ("blokus_nb.polyominoes", None),
    "puzzles": ("blokus_nb.puzzles", None),
    "exact_cover": ("blokus_nb.exact_cover", None),
    "Limit": ("blokus_nb.players", "Limit"),
    "make_player": ("blokus_nb.players", "make_player"),
    "hint": ("blokus_nb.hints", "hint"),
    "piece_plots": ("blokus_nb.piece_plots", None),
    "Puzzle": ("blokus_nb.puzzles", "Puzzle"),
    "Tiling": ("blokus_nb.puzzles", "Tiling"),
    "Placement": ("blokus_nb.puzzles", "Placement"),
    "PuzzleError": ("blokus_nb.puzzles", "PuzzleError"),
    "RegionError": ("blokus_nb.puzzles", "RegionError"),
    "PlacementError": ("blokus_nb.puzzles", "PlacementError"),
    "BlokusWidget": ("blokus_nb.widgets.board", "BlokusWidget"),
    "PuzzleWidget": ("blokus_nb.widgets.puzzle", "PuzzleWidget"),
    "widgets": ("blokus_nb.widgets", None),
    "worksheet": ("blokus_nb.worksheets", "worksheet"),
    "worksheets": ("blokus_nb.worksheets", None),
}


def __getattr__(name: str):
    try:
        module_name, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'blokus_nb' has no attribute {name!r}") from None
    import importlib

    module = importlib.import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


#: What ``from blokus_nb import *`` gives: the names a newcomer needs to play, read and save games,
#: ask the AI and solve puzzles. It loads neither pandas nor matplotlib nor the widgets; the subpackages
#: (``bn.analysis``, ``bn.players``, ``bn.puzzles``, ``bn.envs``, ``bn.engines``, ``bn.widgets``, ...) and
#: the widgets (``bn.BlokusWidget``, ``bn.PuzzleWidget``) are reached as attributes.
__all__ = [
    "Game", "Move", "Variant", "VARIANTS", "SCORINGS", "get_variant",
    "BlokusError", "ArgumentTypeError", "IllegalMoveError", "InvalidMoveError", "PathError", "RecordError",
    "Record", "Tree", "GameNode", "SkippedRecord", "load", "save", "read_sgf", "read_tree", "iter_games",
    "write_games",
    "Limit", "make_player", "hint",
    "Puzzle", "Tiling", "Placement", "PuzzleError", "RegionError", "PlacementError", "worksheet",
]
