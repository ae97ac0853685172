"""Game records: Pentobi's SGF (``.blksgf``) and blokus-nb's JSON, to and from :class:`Game`.

Records depend on the game, never the reverse (python-chess's ``pgn.py``
shape): :class:`~blokus_nb.Game` is the position, its moves and the rules;
what only a record has lives here. A :class:`Record` is a game with its
metadata, the notes on its moves and the tree it was read from; a
:class:`Tree` holds the variations. The SGF grammar lives in
:mod:`blokus_nb.sgf`; this package gives the properties their Blokus meaning.
A record is a :class:`Tree` of variations (:func:`read_tree`); the game
(:func:`read_sgf`, :func:`load`) is its main line, a :class:`Record` that
remembers the tree so that saving it keeps the variations. Saving is
:func:`save` (``bn.save(game_or_tree, path)``); :func:`to_sgf` and
:func:`to_json` give the text.

* One reader, :func:`iter_games`, for every format and source (path, open
  file, text); the caller picks what a bad record does: ``errors="raise"``
  or ``errors="collect"`` (a :class:`SkippedRecord` with file, line and
  reason in its place, and reading goes on). Analysis reads through it.
* Strict: nothing in a record is silently dropped (a move in the root node,
  a second value of a move, a move property of another variant, a setup
  placing a piece twice, junk after the game), and a record that disagrees
  with itself (a result its moves do not give) is refused.
* Safe to write: a file is replaced whole or not at all, and what is
  written can be read back (metadata is text; ``sgf:XX`` keys never stand
  in for properties the game itself gives).

>>> import blokus_nb as bn
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> game.history
[Move('purple', 'd9,c10,d10,e10,d11'), Move('orange', 'j5')]
>>> bn.read_sgf(bn.records.to_sgf(game)).history == game.history
True
"""

from __future__ import annotations

from .checks import MAX_MOVE_TEXT
from .json_format import (
                          JSON_FORMAT,
                          JSON_VERSION,
                          JSON_VERSIONS,
                          game_from_dict,
                          game_from_json,
                          game_to_dict,
                          game_to_json,
                          tree_to_dict,
)
from .reading import (
                          ERROR_POLICIES,
                          JSON_SUFFIXES,
                          LINE_CHOICES,
                          RECORD_SUFFIXES,
                          SGF_SUFFIXES,
                          SkippedRecord,
                          iter_games,
                          load,
                          read_tree,
)
from .record import Record, annotations_of, metadata_of
from .sgf_format import Source, game_from_tree, game_to_sgf, game_to_tree, read_sgf, tree_from_sgf, tree_to_sgf
from .tree import GameNode, Tree
from .writing import save, save_tree, to_json, to_sgf, write_games

__all__ = ["read_sgf", "iter_games", "SkippedRecord", "ERROR_POLICIES", "MAX_MOVE_TEXT", "load", "save",
           "write_games", "game_to_sgf", "game_to_tree", "game_from_tree", "game_to_json",
           "game_from_json", "game_to_dict", "game_from_dict", "JSON_FORMAT", "JSON_VERSION",
           "SGF_SUFFIXES", "JSON_SUFFIXES", "RECORD_SUFFIXES", "Source", "Tree", "GameNode", "read_tree",
           "save_tree", "tree_from_sgf", "tree_to_sgf", "LINE_CHOICES", "JSON_VERSIONS", "tree_to_dict",
           "Record", "to_sgf", "to_json", "metadata_of", "annotations_of"]
