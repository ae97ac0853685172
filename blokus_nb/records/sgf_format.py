"""SGF game trees to :class:`~blokus_nb.Game` and back: the meaning of Pentobi's properties.

The grammar is :mod:`blokus_nb.sgf`'s; this module gives the properties
their Blokus meaning. Only the main line of a tree is the game; variations
are read past without complaint.

>>> game = read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> game.history
[Move('purple', 'd9,c10,d10,e10,d11'), Move('orange', 'j5')]
>>> read_sgf(game_to_sgf(game)).history == game.history
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Union

from .. import __version__ as _version  # defined before the submodules are imported
from .. import sgf
from ..errors import BlokusError, RecordNotFoundError
from ..game import Game
from ..variants import VARIANTS
from .checks import check_move_text, check_text_fields
from .properties import (_ALL_MOVE_KEYS, _MARKS, _METADATA, _MOVE_KEYS, _NOT_METADATA,
                         _PLAYER_KEYS, _SETUP, _SETUP_KEYS, _color_keys, _written_keys)

__all__ = ["read_sgf", "game_from_tree", "game_to_tree", "game_to_sgf"]

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]
_VARIANT_BY_GM = {v.sgf_name.lower(): v for v in VARIANTS.values()}


def _sgf_result(game: Game) -> str | None:
    """RE of a finished two-color game, as Pentobi writes it (``B+3``, ``W+1``, ``0``)."""
    if not game.is_over or len(game.variant.colors) != 2:
        return None
    points = game.player_scores("points")
    diff = points[1] - points[2]
    return "0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"


def game_from_tree(tree: sgf.GameTree) -> Game:
    """Build a :class:`Game` from the main line of a parsed SGF tree.

    Raises :class:`RecordError` pointing at the node and property at fault:
    nothing in the record is silently dropped.

    >>> game_from_tree(sgf.parse_tree("(;GM[Blokus Duo];B[e10])")).history
    [Move('purple', 'e10')]
    """
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
    move_properties = _color_keys(colors, _MOVE_KEYS)
    for identifier in root.properties:
        if identifier in _ALL_MOVE_KEYS:
            raise root.error(f"a move ({identifier}[...]) in the root node; moves go in the "
                             "nodes after it", identifier)
    name_keys = ("PB", "PW") if variant.n_players == 2 else ()
    name_keys += tuple(f"P{i + 1}" for i in range(variant.n_players))
    for identifier in _PLAYER_KEYS:
        if identifier in root and identifier not in name_keys:
            raise root.error(f"{identifier} names a player, but {variant.name} has "
                             f"{variant.n_players} players ({', '.join(name_keys)})", identifier)
    # A name the record gives is kept as given, even an empty one; P1.. win over PB/PW.
    names: list[str | None] = [None] * variant.n_players
    if variant.n_players == 2:
        for i, key in enumerate(("PB", "PW")):
            names[i] = root.get(key, names[i])
    for i in range(variant.n_players):
        names[i] = root.get(f"P{i + 1}", names[i])

    setup: dict[str, list[str]] = {}
    setup_colors = _color_keys(colors, _SETUP_KEYS)
    for identifier in _SETUP:
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
    first_setup = next(iter(k for k in _SETUP if k in root), None)
    try:
        game = Game(variant, players=[f"Player {i + 1}" if n is None else n for i, n in enumerate(names)],
                    setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise root.error(f"bad setup: {error}", first_setup) from None

    for identifier, key in _METADATA.items():
        if identifier in root:
            game.metadata[key] = root.get(identifier)
    for identifier, values in root.properties.items():
        if identifier not in _NOT_METADATA:
            game.metadata[f"sgf:{identifier}"] = "\n".join(values)

    for node in tree.main_line()[1:]:
        found = []
        for key in node.properties:
            if key in move_properties:
                found.append(key)
            elif key in _ALL_MOVE_KEYS:
                raise node.error(f"{key}[...] is not a move property of {variant.name}, which "
                                 f"has {', '.join(move_properties)}", key)
        if len(found) > 1:
            raise node.error(f"a node holds {len(found)} moves ({', '.join(found)}); expected one",
                             found[1])
        for identifier in _SETUP:
            if identifier in node:
                raise node.error("setup properties after the start of the game are not supported; "
                                 "put setup in the root node", identifier)
        if found:
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
                continue  # an explicit pass is already recorded automatically
            if game.to_play != color:
                if game.is_over:
                    raise node.error(f"a move by {color} after the game is over", key)
                raise node.error(f"a move by {color}, but {game.to_play} is to play "
                                 "(and has legal moves)", key)
            try:
                game.play(game.parse_move(value, color))
            except BlokusError as error:
                raise node.error(f"move {len(game.moves) + 1} ({color} {value}): {error}",
                                 key) from None
        note = {key: node.get(key) for key in ("C", *_MARKS) if key in node}
        if note:
            if not game.history:
                raise node.error("a comment or mark before the first move belongs in the root node")
            note = {("comment" if k == "C" else k): v for k, v in note.items()}
            game.annotations.setdefault(len(game.history) - 1, {}).update(note)
    recorded, computed = root.get("RE"), _sgf_result(game)
    if recorded is not None and computed is not None and recorded.strip() != computed:
        raise root.error(f"RE[{recorded}] does not match the moves, which give {computed}", "RE")
    return game


def _is_text(source: str) -> bool:
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


def read_sgf(source: Source) -> Game:
    """The first game of an SGF record: a path, an open file, or the SGF text itself.

    The rest of the record is read too, so junk after the game is an error,
    not silently ignored.

    >>> read_sgf("(;GM[Blokus];1[a20])").to_play
    'yellow'
    """
    if isinstance(source, str) and not _is_text(source):
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
    """The game as an SGF tree in Pentobi's dialect."""
    with game.lock:  # one consistent snapshot, even while another thread (an AI seat) plays
        return _game_to_tree(game)


def _game_to_tree(game: Game) -> sgf.GameTree:
    variant = game.variant
    root: dict[str, list[str]] = {"GM": [variant.sgf_name], "CA": ["UTF-8"],
                                  "AP": [f"blokus-nb:{_version}"]}
    keys = ("PB", "PW") if variant.n_players == 2 else tuple(f"P{i}" for i in range(1, 5))
    for number, (key, name) in enumerate(zip(keys, game.player_names), start=1):
        if name != f"Player {number}":  # a default name is no name
            root[key] = [name]
    by_key = {v: k for k, v in _METADATA.items()}
    check_text_fields(game)
    for key, value in game.metadata.items():
        if key.startswith("sgf:"):  # a root property we do not interpret, written back as read
            root[key[4:]] = value.split("\n")  # a key that lies was refused above
            continue
        identifier = by_key.get(key)
        # A key without an SGF property is kept by JSON only (as the README says).
        # AP names who writes the file; RE is the game's own result, written below when it has one.
        if identifier is not None and identifier not in ("AP", "RE"):
            root[identifier] = [value]
    result = _sgf_result(game)
    if result is not None:  # the game's own result, never a stale one from metadata["result"]
        root["RE"] = [result]
    move_key = _written_keys(variant.colors, _MOVE_KEYS)
    if game.setup:
        setup_key = _written_keys(variant.colors, _SETUP_KEYS)
        for color, cells in game.setup:
            root.setdefault(setup_key[color], []).append(cells)
    first = _first_to_play(game)
    if first is not None:
        root["PL"] = [move_key[first]]
    nodes: list[dict[str, list[str]]] = []
    for index, move in enumerate(game.history):
        note = game.annotations.get(index, {})
        if not move.is_pass:
            nodes.append({move_key[move.color]: [str(move)]})
        elif not nodes:
            continue  # Pentobi never writes passes; a note before any placement has no node
        # A note on a pass goes on the node of the placement before it, which
        # is where the reader puts it back (on the last entry that node leads to).
        props = nodes[-1]
        for key, value in note.items():
            identifier = "C" if key == "comment" else key
            if identifier == "C" and "C" in props and props["C"][0] != value:
                value = f"{props['C'][0]}\n\n{value}"
            props[identifier] = [value]
    node = sgf.Node(root)
    top = node
    for props in nodes:
        child = sgf.Node(props)
        node.children.append(child)
        node = child
    return sgf.GameTree(top)


def _first_to_play(game: Game) -> str | None:
    """The color that moved first, when a record must say so (after setup, or not the usual one)."""
    first = game.history[0].color if game.history else game.to_play
    if first is None or (not game.setup and first == game.variant.colors[0]):
        return None
    return first


def game_to_sgf(game: Game) -> str:
    """The game as Pentobi SGF text (see :meth:`Game.to_sgf`)."""
    return sgf.dumps(game_to_tree(game))
