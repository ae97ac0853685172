"""SGF game trees to :class:`~blokus_nb.Game` and :class:`~blokus_nb.Tree` and back: the meaning of Pentobi's properties.

The grammar is :mod:`blokus_nb.sgf`'s; this module gives the properties
their Blokus meaning. A record is read as a :class:`~blokus_nb.Tree`, every
variation checked move by move; the game is its main line. A game read from a
record with variations (or nodes holding only notes) remembers its tree, so
saving it writes them back (see :meth:`Tree.from_game <blokus_nb.Tree.from_game>`).

>>> game = read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> game.history
[Move('purple', 'd9,c10,d10,e10,d11'), Move('orange', 'j5')]
>>> read_sgf(game_to_sgf(game)).history == game.history
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Literal, Union

from .. import __version__ as _version  # defined before the submodules are imported
from .. import sgf, validation
from ..errors import BlokusError, RecordNotFoundError
from ..game import Game
from ..move import Move
from ..variants import VARIANTS
from .checks import check_move_text, check_recorded_result, check_text_fields, sgf_result, written_metadata
from .notes import check_note, note_from_properties, note_properties, property_values
from .properties import (
    ALL_MOVE_KEYS,
    METADATA,
    MOVE_KEYS,
    NOT_METADATA,
    PLAYER_KEYS,
    SETUP,
    SETUP_KEYS,
    color_keys,
    written_keys,
)
from .record import Record, first_color
from .tree import GameNode, Tree, follow, path_notes, tree_of_game

__all__ = ["read_sgf", "game_from_tree", "game_to_tree", "game_to_sgf", "tree_from_sgf",
           "tree_to_sgf", "tree_to_sgf_tree"]

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]
_VARIANT_BY_GM = {v.sgf_name.lower(): v for v in VARIANTS.values()}


def _root(tree: sgf.GameTree) -> Tree:
    """The root of the record: variant, players, setup, first color and metadata, checked."""
    root = tree.root
    gm = root.get("GM")
    if gm is None:
        raise tree.error("the record has no GM property, so its variant is unknown "
                         f"(expected one of {', '.join(v.sgf_name for v in VARIANTS.values())})")
    variant = _VARIANT_BY_GM.get(gm.strip().lower())
    if variant is None:
        raise root.error(f"GM[{gm}] is not a Blokus variant blokus-nb plays; expected one of "
                         f"{', '.join(v.sgf_name for v in VARIANTS.values())}", "GM")
    colors = variant.colors
    move_properties = color_keys(colors, MOVE_KEYS)
    for identifier in root.properties:
        if identifier in ALL_MOVE_KEYS:
            raise root.error(f"a move ({identifier}[...]) in the root node; moves go in the "
                             "nodes after it", identifier)
    name_keys: tuple[str, ...] = ("PB", "PW") if variant.n_players == 2 else ()
    name_keys += tuple(f"P{i + 1}" for i in range(variant.n_players))
    for identifier in PLAYER_KEYS:
        if identifier in root and identifier not in name_keys:
            raise root.error(f"{identifier} names a player, but {variant.name} has "
                             f"{variant.n_players} players ({', '.join(name_keys)})", identifier)
    # A name the record gives is kept as given, even an empty one; P1.. win over PB/PW.
    names: list[str | None] = [None] * variant.n_players
    if variant.n_players == 2:
        for i, key in enumerate(("PB", "PW")):
            names[i] = _text(root, key, names[i])
    for i in range(variant.n_players):
        names[i] = _text(root, f"P{i + 1}", names[i])

    size = root.get("SZ")
    if size is not None and size.strip() != str(variant.size):
        raise root.error(f"SZ[{size}] is not the board of {variant.name}, which is {variant.size}x"
                         f"{variant.size}; remove SZ (the variant gives the size)", "SZ")
    if "AE" in root:
        raise root.error("AE[...] takes pieces off the board, which Blokus never does and "
                         "blokus-nb does not read; place the setup with AB/AW or A1..A4", "AE")
    setup: dict[str, list[str]] = {}
    setup_colors = color_keys(colors, SETUP_KEYS)
    for identifier in SETUP:
        if identifier not in root or identifier in ("AE", "PL"):
            continue
        color = setup_colors.get(identifier)
        if color is None:
            raise root.error(f"{identifier} is not a setup property of {variant.name}", identifier)
        for value in root.properties[identifier]:
            check_move_text(value, lambda message: root.error(message, identifier))
        setup.setdefault(color, []).extend(root.properties[identifier])
    to_play = None
    if "PL" in root:
        to_play = move_properties.get(root.get("PL", "").strip())
        if to_play is None:
            raise root.error(f"PL[{root.get('PL')}] is not a color of {variant.name}", "PL")
    first_setup = next(iter(k for k in SETUP if k in root), None)
    try:
        result = Tree(variant, players=[f"Player {i + 1}" if n is None else n for i, n in enumerate(names)],
                      setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise root.error(f"bad setup: {error}", first_setup) from None
    for identifier, key in METADATA.items():
        text = _text(root, identifier)
        if text is not None:
            result.metadata[key] = text
    for identifier, values in root.properties.items():
        if identifier not in NOT_METADATA:
            result.metadata[f"sgf:{identifier}"] = "\n".join(values)
    return result


def _text(node: sgf.Node, identifier: str, default: str | None = None) -> str | None:
    """A text property: its values joined by line breaks (a second value is kept, not dropped)."""
    values = node.properties.get(identifier)
    return default if values is None else "\n".join(values)


def _read(record: sgf.GameTree, main_line: bool) -> tuple[Tree, Record | None]:
    """The tree of ``record``, every node checked, and (with ``main_line``) the game of its main line.

    One game is played along the tree depth first, main variations first, and
    taken back on the way up, so each node is checked once and the position
    is never copied per node. Raises :class:`RecordError` pointing at the
    node and property at fault: nothing in the record is silently dropped.
    """
    tree = _root(record)
    variant = tree.variant
    move_properties = color_keys(variant.colors, MOVE_KEYS)
    game = tree.game()  # the root's position, a record to hand out at the end of the main line
    mainline: Record | None = None
    end: GameNode = tree
    ended = False
    # Items: (sgf node, its tree parent, the node whose position that is) to read, or None to
    # take back the move read before.
    stack: list[tuple[sgf.Node, GameNode, GameNode] | None] = [
        (child, tree, tree) for child in reversed(record.root.children)]
    path_placed: list[bool] = []
    while stack:
        item = stack.pop()
        if item is None:
            if path_placed.pop():
                game.undo()
            continue
        source, parent, owner = item
        move, placed = _read_move(source, game, move_properties)
        properties = {k: v for k, v in source.properties.items() if k not in move_properties}
        notes = note_from_properties(properties, source.error)
        if notes and not any(path_placed) and not placed:
            raise source.error("a comment or mark before the first move belongs in the root node")
        if placed:  # a move this position has already is followed, not added twice (tree's rule)
            assert move is not None  # a piece is placed by a move
            node = follow(parent, move, notes, owner)
        else:
            node = GameNode(parent, move, notes)
            parent.variations.append(node)
        path_placed.append(placed)
        stack.append(None)
        if source.children:
            after = node if placed else owner
            stack.extend((child, node, after) for child in reversed(source.children))
        elif not ended:  # the end of the main line, read first: the record's result is its
            ended = True
            end = node
            _check_result(tree, game, record)
            if main_line:
                only_line = len(stack) == len(path_placed)  # only take-backs left: one line
                mainline = game if only_line else game.copy()
                if only_line:
                    break
    if not ended:  # a record of the root alone
        _check_result(tree, game, record)
        mainline = game if main_line else None
    if mainline is not None:
        # The notes after the whole record is read: a move given again later merges into its node.
        mainline.annotations = path_notes(mainline, end.path())
        mainline.metadata = dict(tree.metadata)
        mainline.clear_redo()  # the walk took moves back; the record has none to redo
        if not tree.is_line():
            mainline.tree = tree
    return tree, mainline


def _check_result(tree: Tree, game: Record, record: sgf.GameTree) -> None:
    """Refuse a recorded result (RE) the main line, played on ``game``, contradicts."""
    game.metadata = dict(tree.metadata)
    check_recorded_result(game, lambda message: record.root.error(message, "RE"))
    tree.metadata = dict(game.metadata)


def _read_move(node: sgf.Node, game: Game, move_properties: dict[str, str]) -> tuple[Move | None, bool]:
    """The move of an SGF node played on ``game``: ``(move or None, whether a piece was placed)``."""
    found = []
    for key in node.properties:
        if key in move_properties:
            found.append(key)
        elif key in ALL_MOVE_KEYS:
            raise node.error(f"{key}[...] is not a move property of {game.variant.name}, which "
                             f"has {', '.join(move_properties)}", key)
    if len(found) > 1:
        raise node.error(f"a node holds {len(found)} moves ({', '.join(found)}); expected one",
                         found[1])
    for identifier in SETUP:
        if identifier in node:
            raise node.error("setup properties after the start of the game are not supported; "
                             "put setup in the root node", identifier)
    if not found:
        return None, False
    key = found[0]
    color = move_properties[key]
    if len(node.properties[key]) > 1:
        raise node.error(f"{key} holds {len(node.properties[key])} values; a move "
                         "property holds one move", key)
    value = node.get(key, "").strip()
    check_move_text(value, lambda message: node.error(message, key))
    if value.lower() in ("", "pass"):
        if game.to_play == color:
            raise node.error(f"{color} passes, but it has legal moves", key)
        return Move.pass_move(color, game.size), False  # the game records passes itself
    if game.to_play != color:
        if game.is_over:
            raise node.error(f"a move by {color} after the game is over", key)
        raise node.error(f"a move by {color}, but {game.to_play} is to play "
                         "(and has legal moves)", key)
    try:
        return game.play(game.parse_move(value, color)), True
    except BlokusError as error:
        raise node.error(f"move {len(game.moves) + 1} ({color} {value}): {error}", key) from None


def tree_from_sgf(record: sgf.GameTree) -> Tree:
    """The :class:`~blokus_nb.Tree` of a parsed SGF record, every variation checked.

    >>> tree = tree_from_sgf(sgf.parse_tree("(;GM[Blokus Duo](;B[e10])(;B[d9,c10,d10,e10,d11]))"))
    >>> [str(node.move) for node in tree.variations]
    ['e10', 'd9,c10,d10,e10,d11']
    """
    validation.instance(record, "record", sgf.GameTree, "a blokus_nb.sgf.GameTree (from bn.sgf.parse_tree)")
    return _read(record, main_line=False)[0]


def game_from_tree(tree: sgf.GameTree) -> Record:
    """Build a :class:`Game` from the main line of a parsed SGF tree.

    Every variation is checked too. Raises :class:`RecordError` pointing at
    the node and property at fault: nothing in the record is silently dropped.

    >>> game_from_tree(sgf.parse_tree("(;GM[Blokus Duo];B[e10])")).history
    [Move('purple', 'e10')]
    """
    validation.instance(tree, "tree", sgf.GameTree, "a blokus_nb.sgf.GameTree (from bn.sgf.parse_tree)")
    game = _read(tree, main_line=True)[1]
    assert game is not None
    return game


def is_record_text(source: str) -> bool:
    """Whether a ``str`` given as a source is record text rather than a file name.

    Text starts with ``(``, ``{`` or ``[`` (after a byte-order mark and
    blanks); a name is one short line. What is neither -- empty, several
    lines, or SGF punctuation that names no file -- is text, so the parser
    says what is wrong with it instead of the file system failing on it.
    """
    body = source.lstrip("\ufeff \t\r\n")
    if body[:1] in ("(", "{", "[") or not body or "\n" in source or len(source) > 4096:
        return True
    return any(char in source for char in "()[];{}") and not os.path.exists(source)


def read_sgf(source: Source) -> Record:
    """The first game of an SGF record: a path, an open file, or the SGF text itself.

    The rest of the record is read too, so junk after the game is an error,
    not silently ignored.

    >>> read_sgf("(;GM[Blokus];1[a20])").to_play
    'yellow'
    """
    if isinstance(source, str) and not is_record_text(source):
        source = Path(source)
    trees = sgf.iter_trees(source)  # raises RecordError on a record without a game
    try:
        try:
            first = next(trees)  # the file is opened here
        except FileNotFoundError as missing:
            raise RecordNotFoundError("there is no such file; give the path of a record, or its SGF text",
                                      source=str(missing.filename or source)) from None
        game = game_from_tree(first)
        for _ in trees:  # the grammar of what follows, so trailing junk is refused
            pass
    finally:
        trees.close()
    return game


def game_to_tree(game: Game) -> sgf.GameTree:
    """The game as an SGF tree in Pentobi's dialect (with the variations of the record it was read from)."""
    validation.instance(game, "game", Game, "a blokus_nb.Game")
    with game.lock:  # one consistent snapshot, even while another thread (an AI seat) plays
        check_text_fields(game)
        return tree_to_sgf_tree(tree_of_game(game, keep_rest=False), result=sgf_result(game))


def tree_to_sgf_tree(tree: Tree, *, result: str | None | Literal[True] = True) -> sgf.GameTree:
    """The tree as an SGF tree in Pentobi's dialect: variations are nested game trees.

    ``result`` is the main line's ``RE`` when the caller knows it (``True``:
    work it out from the main line). Raises :class:`~blokus_nb.BlokusError`
    for what the reader would refuse (notes naming a property blokus-nb
    interprets, metadata that is not text).
    """
    variant = tree.variant
    if result is True:
        end = tree.end().game()
        check_text_fields(end)  # names and metadata; the notes of every node are checked below
        result = sgf_result(end)
    root: dict[str, list[str]] = {"GM": [variant.sgf_name], "CA": ["UTF-8"],
                                  "AP": [f"blokus-nb:{_version}"]}
    keys = ("PB", "PW") if variant.n_players == 2 else tuple(f"P{i}" for i in range(1, 5))
    for number, (key, name) in enumerate(zip(keys, tree.player_names), start=1):
        if name != f"Player {number}":  # a default name is no name
            root[key] = [name]
    by_key = {v: k for k, v in METADATA.items()}
    for key, value in written_metadata(tree.metadata, result).items():
        if key.startswith("sgf:"):  # a root property we do not interpret, written back as read
            root[key[4:]] = property_values(value)  # a key that lies was refused by the checks
            continue
        identifier = by_key.get(key)
        # A key without an SGF property is kept by JSON only (as the README says).
        # AP names who writes the file.
        if identifier is not None and identifier != "AP":
            root[identifier] = [value]
    if result:  # the game's own result, even where the metadata has none
        root["RE"] = [result]
    move_key = written_keys(variant.colors, MOVE_KEYS)
    setup = tree.setup
    if setup:
        setup_key = written_keys(variant.colors, SETUP_KEYS)
        for color, cells in setup:
            root.setdefault(setup_key[color], []).append(cells)
    first = _first_to_play_of(tree)
    if first is not None:
        root["PL"] = [move_key[first]]
    top = sgf.Node(root)
    stack: list[tuple[GameNode, sgf.Node]] = [(tree, top)]
    while stack:
        node, written = stack.pop()
        for child in node.variations:
            check_note(child.notes, f"the notes of {child!r}")
            properties: dict[str, list[str]] = {}
            if child.move is not None:
                properties[move_key[child.move.color]] = [str(child.move)]
            properties.update(note_properties(child.notes))
            out = sgf.Node(properties)
            written.children.append(out)
            stack.append((child, out))
    return sgf.GameTree(top)


def _first_to_play_of(tree: Tree) -> str | None:
    """The color that moves first, when a record must say so (after setup, or not the usual one)."""
    first = tree.first_to_play
    if first is None or (not tree.setup and first == tree.variant.colors[0]):
        return None
    return first


def _first_to_play(game: Game) -> str | None:
    """The color that moved first, when a record must say so (after setup, or not the usual one)."""
    first = first_color(game)
    if first is None or (not game.setup and first == game.variant.colors[0]):
        return None
    return first


def tree_to_sgf(tree: Tree) -> str:
    """The tree as Pentobi SGF text (see :func:`blokus_nb.records.to_sgf`).

    >>> tree_to_sgf(Tree("duo")).splitlines()[1].startswith(";GM[Blokus Duo]")
    True
    """
    validation.instance(tree, "tree", Tree, "a blokus_nb.Tree")
    return sgf.dumps(tree_to_sgf_tree(tree))


def game_to_sgf(game: Game) -> str:
    """The game as Pentobi SGF text (see :func:`blokus_nb.records.to_sgf`).

    >>> game_to_sgf(Game("duo")).splitlines()[1].startswith(";GM[Blokus Duo]")
    True
    """
    validation.instance(game, "game", Game, "a blokus_nb.Game")
    return sgf.dumps(game_to_tree(game))
