"""Writing record files: a file is replaced whole or not at all (:func:`blokus_nb.atomic.replace_file`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
>>> write_games([Game("duo"), Game("classic")], path)
2
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from typing import IO

from .. import validation
from ..atomic import replace_file
from ..errors import ArgumentTypeError, BlokusError, short_repr
from ..game import Game
from .json_format import game_to_dict, game_to_json, tree_to_dict
from .reading import read_tree, record_kind, record_path  # noqa: F401 (read_tree: the examples read back)
from .sgf_format import game_to_sgf, tree_to_sgf
from .tree import Tree

__all__ = ["save", "save_tree", "write_games", "replace_file", "to_sgf", "to_json"]


def save(game: Game | Tree, path: str | os.PathLike[str]) -> None:
    """Write a game (a :class:`~blokus_nb.Record` with its metadata and notes, or a plain
    :class:`~blokus_nb.Game`) or a :class:`~blokus_nb.Tree` to ``path``: SGF for
    ``.blksgf``/``.sgf``, JSON for ``.json``.

    A record read from a record with variations writes them back, its own
    moves as the main line (see :meth:`blokus_nb.Tree.from_game`). The file is
    replaced whole or not at all (see :func:`write_games`).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.blksgf"
    >>> save(Game("duo"), path); read_tree(path).variant.name
    'duo'
    """
    if isinstance(game, Tree):
        save_tree(game, path)
        return
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"save(game, path) writes a Game or a Tree, not {type(game).__name__}")
    write_games([game], path)


def to_sgf(game: Game | Tree) -> str:
    """A game (with its record's notes and variations, if any) or a tree as Pentobi SGF (``.blksgf``) text.

    >>> to_sgf(Game("duo")).splitlines()[1].startswith(";GM[Blokus Duo]")
    True
    """
    if isinstance(game, Tree):
        return tree_to_sgf(game)
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"to_sgf writes a Game or a Tree, not {type(game).__name__}")
    return game_to_sgf(game)


def to_json(game: Game | Tree, indent: int | None = 2) -> str:
    """A game or a tree as blokus-nb JSON text (see the README); ``indent`` as for :func:`json.dumps`
    (``None``: one line, as in ``.jsonl``). A tree with variations is written as version 2.

    >>> import json; json.loads(to_json(Game("duo"), indent=None))["variant"]
    'duo'
    """
    indent = validation.count(indent, "indent", high=16, none="one line")
    if isinstance(game, Tree):
        return json.dumps(tree_to_dict(game), indent=indent, ensure_ascii=False)
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"to_json writes a Game or a Tree, not {type(game).__name__}")
    return game_to_json(game, indent=indent)


def save_tree(tree: Tree, path: str | os.PathLike[str]) -> None:
    """Write ``tree`` with every variation to ``path`` (``.blksgf``/``.sgf``, or ``.json``), whole or not at all.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tree.blksgf"
    >>> tree = Tree("duo"); _ = tree.add_variation("e10"); _ = tree.add_variation("e10,e11")
    >>> save_tree(tree, path); len(read_tree(path).variations)
    2
    """
    if not isinstance(tree, Tree):
        raise ArgumentTypeError(f"save_tree(tree, path) writes a Tree, not {type(tree).__name__}")
    path = record_path(path)
    kind = record_kind(path)
    if kind == "jsonl":
        raise BlokusError(f"{path}: a tree is one record; write it as .blksgf, .sgf or .json")
    text = _encodable(tree_to_sgf(tree) if kind == "sgf" else to_json(tree) + "\n", 1)
    replace_file(path, lambda handle: handle.write(text))


def write_games(games: Iterable[Game], path: str | os.PathLike[str]) -> int:
    """Write many games to one file and return how many: an SGF collection
    (``.blksgf``), JSON Lines (``.jsonl``, one game a line) or a JSON list (``.json``).

    A single game written to ``.json`` is one JSON object, as :func:`save` writes it.
    The games go to a temporary file in the same folder, which then replaces
    ``path`` in one step: if anything fails (a game that cannot be recorded,
    ``games`` raising halfway), an existing file is left untouched.
    """
    path = record_path(path)
    kind = record_kind(path)
    if isinstance(games, Game):
        raise ArgumentTypeError("write_games takes a list of games; write one with save(game, path)")
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise ArgumentTypeError(f"write_games takes a list of games, not {short_repr(games)}")
    count = 0

    def each(games: Iterable[Game]) -> Iterator[Game]:
        for number, game in enumerate(games, start=1):
            if not isinstance(game, Game):
                raise ArgumentTypeError(f"write_games writes Games; game {number} is {type(game).__name__}")
            yield game

    games = each(games)

    def write(handle: IO[str]) -> None:
        nonlocal count
        if kind == "sgf":
            for game in games:
                count += 1
                handle.write(_encodable(game_to_sgf(game), count))
        elif kind == "jsonl":
            for game in games:
                count += 1
                handle.write(_encodable(game_to_json(game, indent=None), count) + "\n")
        else:
            records = [game_to_dict(g) for g in games]
            count = len(records)
            handle.write(_encodable(json.dumps(records[0] if count == 1 else records, indent=2,
                                               ensure_ascii=False), count) + "\n")

    replace_file(path, write)
    return count


def _encodable(text: str, number: int) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BlokusError(f"game {number} holds {text[error.start:error.end]!r}, which UTF-8 "
                          "cannot encode (a lone surrogate in a name or comment?)") from None
    return text
