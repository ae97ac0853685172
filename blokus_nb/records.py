"""Game records: Pentobi's SGF (``.blksgf``) and blokus-nb's JSON, to and from :class:`Game`.

The SGF grammar lives in :mod:`blokus_nb.sgf`; this module gives the
properties their Blokus meaning. Only the main line of a tree is the game;
variations are read past without complaint.

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
>>> bn.read_sgf(game.to_sgf()).history == game.history
True
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, NamedTuple, Union

from . import __version__ as _version  # defined before the submodules are imported
from . import sgf
from .errors import BlokusError, RecordError
from .game import Game
from .variants import VARIANTS, get_variant

__all__ = ["read_sgf", "iter_games", "SkippedRecord", "ERROR_POLICIES", "MAX_MOVE_TEXT", "load", "save", "write_games", "game_to_sgf", "game_to_tree",
           "game_from_tree", "game_to_json", "game_from_json", "game_to_dict", "game_from_dict",
           "JSON_FORMAT", "JSON_VERSION"]

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

JSON_FORMAT = "blokus-nb"
JSON_VERSION = 1
SGF_SUFFIXES = (".blksgf", ".sgf")
JSON_SUFFIXES = (".json", ".jsonl")

_VARIANT_BY_GM = {v.sgf_name.lower(): v for v in VARIANTS.values()}
#: By number of colors: the move properties Pentobi writes, then other spellings it reads.
_MOVE_KEYS = {2: (("B", "W"), ("1", "2")), 4: (("1", "2", "3", "4"), ("B", "W"))}
#: The same for setup: Pentobi writes AB/AW in two-color games and A1..A4 in four-color ones.
_SETUP_KEYS = {2: (("AB", "AW"), ("A1", "A2")), 4: (("A1", "A2", "A3", "A4"), ("AB", "AW"))}
#: Root properties kept in ``game.metadata``, by SGF identifier.
_METADATA = {"DT": "date", "EV": "event", "RO": "round", "PC": "place", "GN": "name",
             "RE": "result", "C": "comment", "AN": "annotator", "SO": "source", "US": "user",
             "CP": "copyright", "GC": "game_comment", "AP": "application", "TM": "time",
             "OT": "overtime"}
_MARKS = ("TE", "BM", "IT", "DO")
_SETUP = ("AB", "AW", "A1", "A2", "A3", "A4", "AE", "PL")
#: Properties that mean nothing here and are read past.
_IGNORED = {"CA", "FF", "SZ", "ST", "GM", "N", "V", "MN"}
#: Every move property of any variant: one of another variant (``3[...]`` in Duo) is an error.
_ALL_MOVE_KEYS = frozenset(key for table in _MOVE_KEYS.values() for keys in table for key in keys)
_PLAYER_KEYS = ("PB", "PW", "P1", "P2", "P3", "P4")
#: Root properties this module interprets: never kept as ``sgf:`` metadata, and never
#: written from it (``metadata["sgf:GM"]`` would make a record that lies).
_NOT_METADATA = frozenset({*_METADATA, *_IGNORED, *_SETUP, *_PLAYER_KEYS, *_ALL_MOVE_KEYS, *_MARKS})
#: The longest move text read: five cells of three characters, separators and some
#: blanks. Longer text is refused before it reaches the move parser.
MAX_MOVE_TEXT = 64
_SGF_IDENTIFIER = re.compile(r"[A-Z0-9]+")


# ---------------------------------------------------------------------------- SGF in
def _color_keys(colors: tuple[str, ...], table: dict[int, tuple[tuple[str, ...], ...]]) -> dict[str, str]:
    """SGF property -> color, for every spelling the reader accepts (the written one first)."""
    out: dict[str, str] = {}
    for keys in table[len(colors)]:
        out.update((key, color) for key, color in zip(keys, colors) if key not in out)
    return out


def _written_keys(colors: tuple[str, ...], table: dict[int, tuple[tuple[str, ...], ...]]) -> dict[str, str]:
    """Color -> the SGF property Pentobi writes for it."""
    return dict(zip(colors, table[len(colors)][0]))


def _check_move_text(text: str, fail: Any) -> None:
    """Refuse move text far longer than any move before the move parser sees it
    (a megabyte of cells would take it minutes)."""
    if len(text) > MAX_MOVE_TEXT:
        raise fail(f"a move of {len(text)} characters; a move names at most 5 cells "
                   f"(at most {MAX_MOVE_TEXT} characters)")


def _check_setup_pieces(game: Game, fail: Any) -> None:
    """A color owns one of each piece, so a setup may not place the same piece twice."""
    seen: dict[tuple[str, str], str] = {}
    for color, cells in game.setup:
        piece = game.parse_move(cells, color).piece
        key = (color, piece.name if piece is not None else "")
        if key in seen:
            raise fail(f"the setup places {color}'s piece {key[1]} twice ({seen[key]} and {cells})")
        seen[key] = cells


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
    names = [""] * variant.n_players
    if variant.n_players == 2:
        for i, key in enumerate(("PB", "PW")):
            names[i] = root.get(key) or names[i]
    for i in range(variant.n_players):
        names[i] = root.get(f"P{i + 1}") or names[i]

    setup: dict[str, list[str]] = {}
    setup_colors = _color_keys(colors, _SETUP_KEYS)
    for identifier in _SETUP:
        if identifier not in root or identifier in ("AE", "PL"):
            continue
        color = setup_colors.get(identifier)
        if color is None:
            raise root.error(f"{identifier} is not a setup property of {variant.name}", identifier)
        for value in root.properties[identifier]:
            _check_move_text(value, lambda message: root.error(message, identifier))
        setup.setdefault(color, []).extend(root.properties[identifier])
    to_play = None
    if "PL" in root:
        to_play = move_properties.get(root.get("PL", "").strip())
        if to_play is None:
            raise root.error(f"PL[{root.get('PL')}] is not a color of {variant.name}", "PL")
    first_setup = next(iter(k for k in _SETUP if k in root), None)
    try:
        game = Game(variant, players=[n or f"Player {i + 1}" for i, n in enumerate(names)],
                    setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise root.error(f"bad setup: {error}", first_setup) from None
    _check_setup_pieces(game, lambda message: root.error(message, first_setup))

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
            _check_move_text(value, lambda message: node.error(message, key))
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
        game = game_from_tree(next(trees))
        for _ in trees:  # the grammar of what follows, so trailing junk is refused
            pass
    finally:
        trees.close()
    return game


# ---------------------------------------------------------------------------- SGF out
def game_to_tree(game: Game) -> sgf.GameTree:
    """The game as an SGF tree in Pentobi's dialect."""
    variant = game.variant
    root: dict[str, list[str]] = {"GM": [variant.sgf_name], "CA": ["UTF-8"],
                                  "AP": [f"blokus-nb:{_version}"]}
    keys = ("PB", "PW") if variant.n_players == 2 else tuple(f"P{i}" for i in range(1, 5))
    for number, (key, name) in enumerate(zip(keys, game.player_names), start=1):
        if name != f"Player {number}":  # a default name is no name
            root[key] = [name]
    by_key = {v: k for k, v in _METADATA.items()}
    _check_text_fields(game)
    for key, value in game.metadata.items():
        if key.startswith("sgf:"):  # a root property we do not interpret, written back as read
            root[key[4:]] = value.split("\n")  # a key that lies was refused above
            continue
        identifier = by_key.get(key)
        if identifier is not None and identifier != "AP":
            root[identifier] = [value]
    result = _sgf_result(game)
    if result is not None:  # the game's own result, never a stale one from metadata
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


# ---------------------------------------------------------------------------- checks
def _check_text(value: Any, what: str) -> None:
    if not isinstance(value, str):
        raise BlokusError(f"{what} is {value!r} ({type(value).__name__}); records hold text only, "
                          f"so write it as a str (e.g. {str(value)!r})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BlokusError(f"{what} holds {value[error.start:error.end]!r} at position {error.start}, "
                          "which UTF-8 cannot encode (a lone surrogate); fix the text") from None


def _check_text_fields(game: Game) -> None:
    """Refuse, before anything is written, what a record could not hold or read back."""
    for number, name in enumerate(game.player_names, start=1):
        _check_text(name, f"the name of player {number}")
    for key, value in game.metadata.items():
        _check_text(key, f"metadata key {key!r}")
        _check_text(value, f"metadata[{key!r}]")
        problem = _sgf_key_problem(key)
        if problem:
            raise BlokusError(problem)
    for index, note in game.annotations.items():
        if not isinstance(index, int) or not 0 <= index < len(game.history):
            raise BlokusError(f"annotation key {index!r} is not the index of a move in the history")
        for key, value in note.items():
            _check_text(key, f"annotation key {key!r} of move {index}")
            _check_text(value, f"annotations[{index}][{key!r}]")


def _sgf_key_problem(key: str) -> str | None:
    """Why a metadata key ``sgf:XX`` cannot be written as root property XX (None: it can)."""
    if not key.startswith("sgf:"):
        return None
    identifier = key[4:]
    if not _SGF_IDENTIFIER.fullmatch(identifier):
        return (f"metadata key {key!r}: {identifier!r} is not an SGF property identifier "
                "(uppercase letters and digits)")
    if identifier in _NOT_METADATA:
        return (f"metadata key {key!r} names {identifier}, a property the game itself gives "
                "(variant, players, setup, moves, result or notes); remove it from the metadata")
    return None


# ---------------------------------------------------------------------------- JSON
def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict in blokus-nb's record format (version 1).

    Raises :class:`BlokusError` for what the reader would refuse (a metadata
    value that is not text, a lone surrogate in a name).

    >>> game_to_dict(Game("duo"))["result"]
    {'over': False, 'points': {'purple': 0, 'orange': 0}, 'player_points': {'1': 0, '2': 0}, 'winners': [1, 2]}
    """
    _check_text_fields(game)
    record: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "variant": game.variant.name,
        "players": list(game.player_names),
        "metadata": dict(game.metadata),
    }
    if game.setup:
        record["setup"] = [[color, cells] for color, cells in game.setup]
    first = _first_to_play(game)
    if first is not None:
        record["to_play"] = first
    record["moves"] = [[m.color, str(m)] for m in game.history]
    if game.annotations:
        record["annotations"] = {str(k): v for k, v in sorted(game.annotations.items())}
    record["result"] = _json_result(game)
    return record


def _json_result(game: Game) -> dict[str, Any]:
    return {
        "over": game.is_over,
        "points": game.scores("points"),
        "player_points": {str(k): v for k, v in game.player_scores("points").items()},
        "winners": game.winners("points"),
    }


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game as blokus-nb JSON text (see the README for the format)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def _is_pair(item: Any) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)


def game_from_dict(record: Any, *, source: str = "<text>", line: int | None = None) -> Game:
    """Build a game from a decoded blokus-nb JSON record, checking every field.

    A record that disagrees with itself (a result its moves do not give) is refused.

    >>> game_from_dict({"format": "blokus-nb", "version": 1, "variant": "duo", "moves": []}).variant.name
    'duo'
    """
    def fail(message: str) -> RecordError:
        return RecordError(message, source=source, line=line)

    if not isinstance(record, dict):
        raise fail(f"a game record is a JSON object, not {type(record).__name__}")
    if record.get("format") != JSON_FORMAT:
        raise fail(f"'format' is {_short(record.get('format'))}, expected {JSON_FORMAT!r}")
    version = record.get("version")
    if type(version) is not int or version != JSON_VERSION:  # not True, not 1.0
        raise fail(f"record version {_short(version)} is not one this blokus-nb reads ({JSON_VERSION})")
    variant_name = record.get("variant", "")
    if not isinstance(variant_name, str):
        raise fail(f"'variant' must be a variant name, not {_short(variant_name)}")
    try:
        variant = get_variant(variant_name)
    except ValueError as error:
        raise fail(str(error)) from None
    players = record.get("players") or None
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise fail("'players' must be a list of names")
    raw_setup = record.get("setup", [])
    if not isinstance(raw_setup, list):
        raise fail(f"'setup' must be a list of [color, cells] pairs, not {_short(raw_setup)}")
    setup: dict[str, list[str]] = {}
    for item in raw_setup:
        if not _is_pair(item):
            raise fail(f"a setup entry must be [color, cells], not {_short(item)}")
        _check_move_text(item[1], fail)
        setup.setdefault(item[0], []).append(item[1])
    to_play = record.get("to_play")
    if to_play is not None and not isinstance(to_play, str):
        raise fail(f"'to_play' must be a color, not {_short(to_play)}")
    try:
        game = Game(variant, players=players, setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise fail(f"bad setup: {error}") from None
    _check_setup_pieces(game, fail)
    metadata = record.get("metadata", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise fail("'metadata' must map names to text")
    for key in metadata:
        problem = _sgf_key_problem(key)
        if problem:
            raise fail(problem)
    game.metadata.update(metadata)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise fail("'moves' must be a list of [color, cells] pairs")
    for number, item in enumerate(moves, start=1):
        if not _is_pair(item):
            raise fail(f"move {number} must be [color, cells], not {_short(item)}")
        color, text = item
        _check_move_text(text, lambda message: fail(f"move {number}: {message}"))
        if text == "pass":
            if len(game.history) >= number and game.history[number - 1] .is_pass \
                    and game.history[number - 1].color == color:
                continue  # passes are recorded by the game itself
            if color != game.to_play:
                raise fail(f"move {number}: a pass by {color!r}, but {game.to_play} is to play")
            raise fail(f"move {number}: {color} passes, but it has legal moves")
        if len(game.history) >= number:
            expected = game.history[number - 1]
            raise fail(f"move {number}: {color} {text} is recorded where {expected.color} passed")
        if color != game.to_play:
            raise fail(f"move {number}: a move by {color!r}, but {game.to_play} is to play")
        try:
            game.play(game.parse_move(text, color))
        except BlokusError as error:
            raise fail(f"move {number} ({color} {text}): {error}") from None
    annotations = record.get("annotations") or {}
    if not isinstance(annotations, dict):
        raise fail(f"'annotations' must map move indices to notes, not {_short(annotations)}")
    for key, note in annotations.items():
        if not (key.isdigit() and int(key) < len(game.history) and isinstance(note, dict)):
            raise fail(f"annotation {key!r} does not name a move of the game")
        if not all(isinstance(v, str) for v in note.values()):
            raise fail(f"annotation {key!r} must map names to text")
        game.annotations[int(key)] = dict(note)
    _check_result(record.get("result"), game, fail)
    return game


def _check_result(result: Any, game: Game, fail: Any) -> None:
    """Refuse a recorded result that the moves do not give."""
    if result is None:
        return
    if not isinstance(result, dict):
        raise fail(f"'result' must be an object (over, points, player_points, winners), "
                   f"not {_short(result)}")
    actual = _json_result(game)
    for key, value in result.items():
        if key in actual and (value != actual[key] or type(value) is not type(actual[key])):
            raise fail(f"the recorded result's {key!r}, {_short(value)}, does not match the "
                       f"moves, which give {actual[key]!r}")


def _short(value: Any) -> str:
    """A value for a message, cut short: a hostile record may hold megabytes."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _loads(text: str, fail: Any) -> Any:
    """Decode JSON, turning every way it can fail into a :class:`RecordError` with a place."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise fail(f"not valid JSON: {error.msg}", error.lineno, error.colno) from None
    except RecursionError:
        raise fail("not valid JSON here: nested too deeply", None, None) from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise fail(f"not valid JSON here: {error}", None, None) from None


def game_from_json(text: str, *, source: str = "<text>") -> Game:
    """Read one game from blokus-nb JSON text.

    >>> game_from_json(Game("duo").to_json()).variant.name
    'duo'
    """
    def fail(message: str, line: int | None, column: int | None) -> RecordError:
        return RecordError(message, source=source, line=line, column=column)

    return game_from_dict(_loads(text.lstrip("\ufeff"), fail), source=source)


# ---------------------------------------------------------------------------- reading files
class SkippedRecord(NamedTuple):
    """A record :func:`iter_games` could not read with ``errors="collect"``: where and why.

    ``source`` names the file (or ``"<text>"``), ``line`` and ``column`` are
    1-based (``None`` when unknown), ``game`` is the record's 1-based number
    within its source (``None`` when the whole source failed), ``message``
    says what is wrong.
    """

    source: str
    line: int | None
    column: int | None
    game: int | None
    message: str

    @classmethod
    def of(cls, error: BaseException, source: str, game: int | None) -> "SkippedRecord":
        if isinstance(error, RecordError):
            return cls(error.source, error.line, error.column, game, error.reason)
        return cls(source, None, None, game, str(error))

    def __str__(self) -> str:
        where = str(self.source)
        if self.line is not None:
            where += f", line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
        return f"{where}: {self.message}"


#: What :func:`iter_games` may do with a record it cannot read.
ERROR_POLICIES = ("raise", "collect")


class _Fatal(Exception):
    """Wraps the error that ends a source: nothing after it can be trusted."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in SGF_SUFFIXES:
        return "sgf"
    if suffix in JSON_SUFFIXES:
        return suffix[1:]
    raise BlokusError(f"{path}: unknown record type {suffix!r}; use .blksgf, .sgf, .json or .jsonl")


def _sgf_items(source: Any, name: str) -> Iterator[Game | RecordError]:
    trees = sgf.iter_trees(source, name=name)
    try:
        while True:
            try:
                tree = next(trees)
            except StopIteration:
                return
            except RecordError as error:  # broken grammar: what follows cannot be trusted
                raise _Fatal(error) from None
            try:
                yield game_from_tree(tree)
            except RecordError as error:
                yield error
    finally:
        trees.close()


def _json_line_items(lines: Iterable[bytes | str], name: str) -> Iterator[Game | RecordError | None]:
    """One item per line: a game, an error, or None for a blank line."""
    for number, raw in enumerate(lines, start=1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                yield RecordError(f"not valid UTF-8 ({error.reason} at byte {error.start + 1} "
                                  "of the line)", source=name, line=number)
                continue
        else:
            line = raw.lstrip("\ufeff") if number == 1 else raw
        if not line.strip():
            yield None
            continue

        def fail(message: str, _line: int | None, column: int | None) -> RecordError:
            return RecordError(message, source=name, line=number, column=column)

        try:
            yield game_from_dict(_loads(line, fail), source=name, line=number)
        except RecordError as error:
            yield error


def _json_items(text: str, name: str) -> Iterator[Game | RecordError | None]:
    """The games of one JSON document (an object or a list of them), or JSON Lines."""
    text = text.lstrip("\ufeff")

    def fail(message: str, line: int | None, column: int | None) -> RecordError:
        return RecordError(message, source=name, line=line, column=column)

    try:
        data = _loads(text, fail)
    except RecordError as error:
        if "Extra data" in error.reason and text.lstrip().startswith("{"):
            yield from _json_line_items(text.splitlines(), name)  # JSON Lines given as text
            return
        raise _Fatal(error) from None
    for record in data if isinstance(data, list) else [data]:
        try:
            yield game_from_dict(record, source=name)
        except RecordError as error:
            yield error


def _items(source: Source, name: str | None) -> Iterator[Game | RecordError | None]:
    """The records of ``source`` in order: a game, a RecordError for a bad one, None for a
    blank JSON line. An error that ends the whole source is raised as :class:`_Fatal`."""
    if isinstance(source, (bytes, bytearray)):
        if bytes(source).lstrip(b"\xef\xbb\xbf \t\r\n")[:1] not in (b"{", b"["):
            yield from _sgf_items(bytes(source), name or "<bytes>")  # decoded with line numbers
            return
        try:
            source = bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = source.count(b"\n", 0, error.start) + 1
            raise _Fatal(RecordError(f"not valid UTF-8 ({error.reason})", source=name or "<bytes>",
                                     line=line)) from None
    if isinstance(source, str) and _is_text(source):
        name = name or "<text>"
        if source.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            yield from _json_items(source, name)
        else:
            yield from _sgf_items(source, name)
        return
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = name or os.fspath(source)
        kind = _kind(path)
        try:
            if kind == "sgf":
                yield from _sgf_items(path, name)
            elif kind == "jsonl":
                with open(path, "rb") as handle:
                    yield from _json_line_items(handle, name)
            else:
                yield from _json_items(_read_text(path, name), name)
        except OSError as error:
            raise _Fatal(error) from None
        return
    if not hasattr(source, "read"):
        raise TypeError(f"cannot read games from {type(source).__name__}: pass a path, "
                        "record text, or an open file")
    name = name or str(getattr(source, "name", "<file>"))
    suffix = Path(name).suffix.lower()
    if suffix == ".jsonl":
        yield from _json_line_items(source, name)  # type: ignore[arg-type]
    elif suffix == ".json":
        data = source.read()  # type: ignore[union-attr]
        yield from _json_items(data.decode("utf-8-sig") if isinstance(data, bytes) else data, name)
    else:
        yield from _sgf_items(source, name)


def _read_text(path: Path, name: str) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise _Fatal(RecordError(f"not valid UTF-8 ({error.reason})", source=name, line=line)) from None


def iter_games(source: Source, errors: str = "raise", *, name: str | None = None
               ) -> Iterator[Game | SkippedRecord]:
    """Yield the games of a record one at a time: SGF collections, JSON, or JSON Lines.

    ``source`` is a path, an open file or record text (a ``str`` starting
    with ``(``, ``{`` or ``[``). Files are streamed, so a file of many
    thousands of games never sits in memory whole. ``name`` overrides the
    source name used in errors.

    ``errors`` says what a bad record does: ``"raise"`` (the default) raises
    its :class:`RecordError`; ``"collect"`` yields a :class:`SkippedRecord`
    in its place and reads on. A grammar error in SGF, or JSON that is not
    JSON at all, ends its source (what follows cannot be trusted); a bad game
    in a good file, or a bad line of JSON Lines, skips only that game.

    >>> [g.variant.name for g in iter_games("(;GM[Blokus Duo])(;GM[Blokus])")]
    ['duo', 'classic']
    >>> games = list(iter_games("(;GM[Blokus])(;GM[Chess])", errors="collect"))
    >>> games[0].variant.name, games[1].game, games[1].column, games[1].message[:33]
    ('classic', 2, 16, 'GM[Chess] is not a Blokus variant')
    """
    if errors not in ERROR_POLICIES:
        raise BlokusError(f"errors={errors!r}; use one of {', '.join(map(repr, ERROR_POLICIES))}")
    number = 0
    where = name or (os.fspath(source) if isinstance(source, (str, os.PathLike))
                     and not (isinstance(source, str) and _is_text(source)) else "<text>")
    items = _items(source, name)
    try:
        while True:
            try:
                item = next(items)
            except StopIteration:
                return
            except _Fatal as fatal:
                if errors == "raise":
                    raise fatal.error from None
                # A grammar error belongs to the next record; an unreadable file to none.
                game = number + 1 if isinstance(fatal.error, RecordError) else None
                yield SkippedRecord.of(fatal.error, where, game)
                return
            if item is None:
                continue
            number += 1
            if isinstance(item, RecordError):
                if errors == "raise":
                    raise item
                yield SkippedRecord.of(item, where, number)
            else:
                yield item
    finally:
        items.close()


def load(path: str | os.PathLike[str]) -> Game:
    """Read the game saved in ``path`` (by extension: ``.blksgf``/``.sgf`` or ``.json``).

    A file holding several games gives the first; use :func:`iter_games` for all.
    An SGF file is read to its end, so junk after the game is an error.
    """
    if _kind(Path(path)) == "sgf":
        return read_sgf(Path(path))
    games = iter_games(Path(path))
    try:
        game = next(games, None)
    finally:
        games.close()
    if game is None:
        raise RecordError("the file holds no game", source=os.fspath(path))
    return game  # type: ignore[return-value]


# ---------------------------------------------------------------------------- writing files
def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write ``game`` to ``path``: SGF for ``.blksgf``/``.sgf``, JSON for ``.json``.

    The file is replaced whole or not at all (see :func:`write_games`).
    """
    write_games([game], path)


def write_games(games: Iterable[Game], path: str | os.PathLike[str]) -> int:
    """Write many games to one file and return how many: an SGF collection
    (``.blksgf``), JSON Lines (``.jsonl``, one game a line) or a JSON list (``.json``).

    A single game written to ``.json`` is one JSON object, as :func:`save` writes it.
    The games go to a temporary file in the same folder, which then replaces
    ``path`` in one step: if anything fails (a game that cannot be recorded,
    ``games`` raising halfway), an existing file is left untouched.
    """
    path = Path(path)
    kind = _kind(path)
    count = 0

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

    _replace(path, write)
    return count


def _encodable(text: str, number: int) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BlokusError(f"game {number} holds {text[error.start:error.end]!r}, which UTF-8 "
                          "cannot encode (a lone surrogate in a name or comment?)") from None
    return text


def _replace(path: Path, write: Any) -> None:
    """Run ``write(handle)`` on a new file beside ``path``, then put it in ``path``'s place.

    ``os.replace`` is atomic on one file system, so a reader sees the old file
    or the new one, never a half-written one.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8", newline="\n") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))  # keep the old file's mode
        except FileNotFoundError:
            pass
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
