"""blokus-nb's JSON record to :class:`~blokus_nb.Game` (and :class:`~blokus_nb.Tree`) and back, every field checked.

Version 1 holds one line of play; version 2 adds ``"variations"`` (see the
README). A game without variations is still written as version 1, so older
readers read it; both versions are read.

>>> game = game_from_json(game_to_json(Game("duo")))
>>> game.variant.name, game_to_dict(game)["format"]
('duo', 'blokus-nb')
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable
from typing import Any

from .. import validation
from ..errors import BlokusError, RecordError, short_repr
from ..game import Game
from ..variants import get_variant
from .checks import check_move_text, check_recorded_result, check_text_fields, sgf_result, written_metadata
from .notes import check_note, merge_notes
from .properties import sgf_key_problem
from .record import Record, annotations_of, first_color, metadata_of, remembered_tree, setup_of
from .tree import GameNode, Tree, folded, follow, group_ends, notes_group_after, tree_of_game

__all__ = ["game_to_dict", "game_to_json", "game_from_dict", "game_from_json", "tree_to_dict",
           "JSON_FORMAT", "JSON_VERSION", "JSON_VERSIONS"]

JSON_FORMAT = "blokus-nb"
#: The version written for a game with variations; one without is written as version 1.
JSON_VERSION = 2
#: The versions this blokus-nb reads.
JSON_VERSIONS = (1, 2)
#: Every field a record may have (anything else is refused, not silently dropped).
RECORD_FIELDS = frozenset({"format", "version", "variant", "players", "metadata", "setup", "to_play",
                           "moves", "annotations", "result", "variations"})
#: Every field of a variation (version 2).
VARIATION_FIELDS = frozenset({"at", "moves", "annotations", "variations"})
_INDEX = re.compile(r"0|[1-9][0-9]*")  # an annotation's key: a move's index, written plainly

Fail = Callable[[str], RecordError]


# --------------------------------------------------------------------------
# Writing


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict in blokus-nb's record format.

    Version 1, or version 2 when the game remembers a tree with variations
    (it was read from such a record). Raises :class:`BlokusError` for what
    the reader would refuse (a metadata value that is not text, a note key
    naming a move property, a lone surrogate in a name).

    >>> game_to_dict(Game("duo"))["result"]
    {'over': False, 'points': {'purple': 0, 'orange': 0}, 'player_points': {'1': 0, '2': 0}, 'winners': [1, 2]}
    """
    validation.instance(game, "game", Game, "a blokus_nb.Game")
    with game.lock:  # one consistent snapshot, even while another thread (an AI seat) plays
        check_text_fields(game)
        tree = None if remembered_tree(game) is None else folded(tree_of_game(game, keep_rest=False))
        if tree is not None and not _has_variations(tree):
            tree = None
        return _record(game, tree)


def tree_to_dict(tree: Tree) -> dict[str, Any]:
    """The tree as a JSON-ready record (version 2 when it has variations).

    JSON keeps the moves, their notes and the variations; nodes that hold
    only notes become notes of the move before them (SGF keeps every node).

    >>> tree = Tree("duo"); _ = tree.add_variation("e10"); _ = tree.add_variation("e10,e11")
    >>> record = tree_to_dict(tree); record["version"], record["moves"], record["variations"]
    (2, [['purple', 'e10']], [{'at': 0, 'moves': [['purple', 'e10,e11']]}])
    """
    validation.instance(tree, "tree", Tree, "a blokus_nb.Tree")
    _check_tree_notes(tree)
    tree = folded(tree)
    game = tree.end().game()
    check_text_fields(game)
    return _record(game, tree if _has_variations(tree) else None)


def _check_tree_notes(tree: Tree) -> None:
    for node in tree.walk():
        if node is not tree:
            check_note(node.notes, f"the notes of {node!r}")


def _has_variations(tree: Tree) -> bool:
    return any(len(node.variations) > 1 for node in tree.walk())


def _record(game: Game, tree: Tree | None) -> dict[str, Any]:
    if tree is not None:
        _check_tree_notes(tree)  # the main line's are the game's, checked already; the others here
    record: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": 1 if tree is None else 2,
        "variant": game.variant.name,
        "players": list(game.player_names),
        "metadata": written_metadata(metadata_of(game), sgf_result(game)),
    }
    if game.setup:
        record["setup"] = [[color, cells] for color, cells in game.setup]
    first = _first_to_play(game)
    if first is not None:
        record["to_play"] = first
    record["moves"] = [[m.color, str(m)] for m in game.history]
    annotations = annotations_of(game) if tree is None else _main_notes(game, tree)
    notes = {str(k): dict(v) for k, v in sorted(annotations.items()) if v}  # {} is no note (as in SGF)
    if notes:
        record["annotations"] = notes
    if tree is not None:
        record["variations"] = _variations_after(tree, tree.game(), 0)
    record["result"] = _json_result(game)
    return record


def _main_notes(game: Game, tree: Tree) -> dict[int, dict[str, str]]:
    """The main line's notes: ``game``'s, one per history entry, except where the (folded) tree
    holds more at a position (nodes of notes only off the main line): then the tree's, on the
    position's last entry, where a reader puts them."""
    line = tree.end().game().annotations
    annotations = annotations_of(game)
    notes: dict[int, dict[str, str]] = {}
    for first, last in group_ends(game):
        own = {i: annotations[i] for i in range(first, last + 1) if annotations.get(i)}
        if merge_notes(own.values()) == line.get(last, {}):
            notes.update(own)
        elif line.get(last):
            notes[last] = line[last]
    return notes


def _variations_after(start: GameNode, game: Game, base: int) -> list[dict[str, Any]]:
    """The variations off the line that runs from ``start`` along main variations.

    ``game`` is at ``start`` (it is played on); each variation's ``at`` counts
    history entries from ``base``, the line's first entry.
    """
    found: list[dict[str, Any]] = []
    node = start
    while True:
        group = notes_group_after(node)  # the node and the nodes of notes only after it
        main = group[-1].variations[0] if group[-1].variations else None
        for owner in group:
            for child in owner.variations:
                if child is not main and not any(child is other for other in group):
                    found.append(_variation(child, game, len(game.history) - base))
        if main is None:
            return found
        assert main.move is not None  # the group ends before the node that places the next piece
        game.play(main.move)
        node = main


def _variation(first: GameNode, game: Game, at: int) -> dict[str, Any]:
    """One variation, from its first node, ``game`` being at the position before it (not changed)."""
    if first.move is None or first.move.is_pass:
        raise BlokusError(f"a variation that starts with a node of notes only ({first!r}) has no "
                          "place in a JSON record; save the tree as .blksgf, which keeps every node")
    line = [first, *first.mainline()]
    played = game.copy()
    base = len(played.history)
    for node in line:
        if node.move is not None and not node.move.is_pass:
            played.play(node.move)
    entry: dict[str, Any] = {"at": at, "moves": [[m.color, str(m)] for m in played.history[base:]]}
    notes = _line_notes(played, base, line)
    if notes:
        entry["annotations"] = notes
    position = game.copy()
    position.play(first.move)
    inner = _variations_after(first, position, base)
    if inner:
        entry["variations"] = inner
    return entry


def _line_notes(game: Game, base: int, line: list[GameNode]) -> dict[str, dict[str, str]]:
    """The notes of a line's nodes, keyed by index into its own moves (from history entry ``base``)."""
    ends = [last for first, last in group_ends(game) if first >= base]
    notes: dict[int, list[dict[str, str]]] = {}
    placed = 0
    for node in line:
        if node.move is not None and not node.move.is_pass:
            placed += 1
        if node.notes:
            notes.setdefault(ends[placed - 1] - base, []).append(node.notes)
    return {str(index): merge_notes(items) for index, items in sorted(notes.items())}


def _json_result(game: Game) -> dict[str, Any]:
    return {
        "over": game.is_over,
        "points": game.scores("points"),
        "player_points": {str(k): v for k, v in game.player_scores("points").items()},
        "winners": game.winners("points"),
    }


def _first_to_play(game: Game) -> str | None:
    """The color that moved first, when a record must say so (after setup, or not the usual one)."""
    first = first_color(game)
    if first is None or (not game.setup and first == game.variant.colors[0]):
        return None
    return first


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game as blokus-nb JSON text (see the README for the format)."""
    validation.instance(game, "game", Game, "a blokus_nb.Game")
    validation.count(indent, "indent", high=16, none="one line")
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


# --------------------------------------------------------------------------
# Reading


def _is_pair(item: Any) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)


def _object(record: dict, key: str, what: str, fail: Fail) -> dict:
    """A field that is a JSON object when present (one rule for metadata and annotations)."""
    value = record.get(key, {})
    if not isinstance(value, dict):
        raise fail(f"'{key}' must map {what} (a JSON object), not {short_repr(value)}")
    return value


def game_from_dict(record: Any, *, source: str = "<text>", line: int | None = None) -> Record:
    """Build a game from a decoded blokus-nb JSON record, checking every field.

    A record that disagrees with itself (a result its moves do not give) is
    refused. A version-2 record with variations gives its main line, which
    remembers the tree (saving the game keeps the variations).

    >>> game_from_dict({"format": "blokus-nb", "version": 1, "variant": "duo", "moves": []}).variant.name
    'duo'
    """
    def fail(message: str) -> RecordError:
        return RecordError(message, source=source, line=line)

    if not isinstance(record, dict):
        raise fail(f"a game record is a JSON object, not {type(record).__name__}")
    if record.get("format") != JSON_FORMAT:
        raise fail(f"'format' is {short_repr(record.get('format'))}, expected {JSON_FORMAT!r}")
    version = record.get("version")
    if type(version) is not int or version not in JSON_VERSIONS:  # not True, not 1.0
        raise fail(f"record version {short_repr(version)} is not one this blokus-nb reads "
                   f"({', '.join(map(str, JSON_VERSIONS))})")
    variant_name = record.get("variant", "")
    if not isinstance(variant_name, str):
        raise fail(f"'variant' must be a variant name, not {short_repr(variant_name)}")
    try:
        variant = get_variant(variant_name)
    except ValueError as error:
        raise fail(str(error)) from None
    unknown = sorted(set(record) - RECORD_FIELDS)
    if unknown:
        raise fail(f"unknown field {unknown[0]!r}; a record has {', '.join(sorted(RECORD_FIELDS))}")
    if version == 1 and "variations" in record:
        raise fail("'variations' is a field of version 2; a version-1 record holds one line")
    players = record.get("players")
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise fail(f"'players' must be a list of names, not {short_repr(players)}")
    players = players or None
    raw_setup = record.get("setup", [])
    if not isinstance(raw_setup, list):
        raise fail(f"'setup' must be a list of [color, cells] pairs, not {short_repr(raw_setup)}")
    setup: dict[str, list[str]] = {}
    for item in raw_setup:
        if not _is_pair(item):
            raise fail(f"a setup entry must be [color, cells], not {short_repr(item)}")
        check_move_text(item[1], fail)
        setup.setdefault(item[0], []).append(item[1])
    to_play = record.get("to_play")
    if to_play is not None and not isinstance(to_play, str):
        raise fail(f"'to_play' must be a color, not {short_repr(to_play)}")
    try:
        game = Record(variant, players=players, setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise fail(f"bad setup: {error}") from None
    metadata = _object(record, "metadata", "names to text", fail)
    for key, value in metadata.items():
        if not isinstance(value, str):
            raise fail(f"metadata[{short_repr(key)}] is {short_repr(value)}; metadata values are text")
        problem = sgf_key_problem(key)
        if problem:
            raise fail(problem)
    game.metadata.update(metadata)
    _play_line(game, record.get("moves"), "", fail)
    game.annotations.update(_annotations(record, 0, game, "", fail))
    _check_text(game, fail)
    _check_result(record.get("result"), game, fail)
    check_recorded_result(game, fail)
    variations = record.get("variations")
    if variations is not None:
        tree = _tree_with_variations(game, variations, fail)
        if _has_variations(tree):
            game.tree = tree
    return game


def _check_text(game: Game, fail: Fail) -> None:
    """The checks a writer makes, made on the way in: what is read can be saved as it is."""
    try:
        check_text_fields(game)
    except RecordError:
        raise
    except BlokusError as error:
        raise fail(str(error)) from None


def _play_line(game: Game, moves: Any, where: str, fail: Fail) -> None:
    """Play a record's list of ``[color, cells]`` moves (passes included) on ``game``."""
    if not isinstance(moves, list):
        raise fail(f"{where}'moves' must be a list of [color, cells] pairs")
    base = len(game.history)
    for number, item in enumerate(moves, start=1):
        if not _is_pair(item):
            raise fail(f"{where}move {number} must be [color, cells], not {short_repr(item)}")
        color, text = item
        check_move_text(text, lambda message: fail(f"{where}move {number}: {message}"))
        index = base + number - 1
        if text == "pass":
            if len(game.history) > index and game.history[index].is_pass \
                    and game.history[index].color == color:
                continue  # passes are recorded by the game itself
            if color != game.to_play:
                raise fail(f"{where}move {number}: a pass by {color!r}, but {game.to_play} is to play")
            raise fail(f"{where}move {number}: {color} passes, but it has legal moves")
        if len(game.history) > index:
            expected = game.history[index]
            raise fail(f"{where}move {number}: {color} {text} is recorded where {expected.color} passed")
        if color != game.to_play:
            raise fail(f"{where}move {number}: a move by {color!r}, but {game.to_play} is to play")
        try:
            game.play(game.parse_move(text, color))
        except BlokusError as error:
            raise fail(f"{where}move {number} ({color} {text}): {error}") from None


def _annotations(record: dict, base: int, game: Game, where: str, fail: Fail) -> dict[int, dict[str, str]]:
    """A record's annotations, keyed by index into its moves, as indices into ``game``'s history."""
    annotations = _object(record, "annotations", "move indices to notes", fail)
    count = len(game.history) - base
    out: dict[int, dict[str, str]] = {}
    for key, note in annotations.items():
        if not (_INDEX.fullmatch(key) and int(key) < count):
            raise fail(f"{where}annotation {key!r} does not name a move of the game")
        if not isinstance(note, dict):
            raise fail(f"{where}annotation {key!r} must map names to text, not {short_repr(note)}")
        try:
            check_note(note, f"{where}annotations[{key}]")
        except BlokusError as error:
            raise fail(str(error)) from None
        out[base + int(key)] = dict(note)
    return out


def _tree_with_variations(game: Record, variations: Any, fail: Fail) -> Tree:
    """The tree of a version-2 record: its main line (``game``) and the variations off it."""
    tree = Tree(game.variant, players=game.player_names, setup=setup_of(game), to_play=first_color(game))
    tree.metadata = dict(game.metadata)
    line = _line_nodes(tree, game, 0)
    _add_variations(tree, line, game, 0, variations, "", fail)
    return tree


def _line_nodes(owner: GameNode, game: Record, base: int) -> dict[int, GameNode]:
    """Add the placements ``game`` made from history entry ``base`` on below ``owner``, one node
    each with its notes; return history index -> the node whose position that entry ends in."""
    at: dict[int, GameNode] = {}
    node = owner
    for first, last in group_ends(game):
        if first < base:
            continue
        notes = merge_notes(game.annotations[i] for i in range(first, last + 1) if i in game.annotations)
        child = follow(node, game.history[first], notes)  # a move the tree has here is followed
        for index in range(first, last + 1):
            at[index] = child
        node = child
    return at


def _add_variations(tree: Tree, line: dict[int, GameNode], game: Record, base: int, variations: Any,
                    where: str, fail: Fail) -> None:
    """Hang a record's variations on the tree: those of the line ``game`` played from history entry
    ``base`` on, whose nodes ``line`` maps (history index -> node)."""
    if not isinstance(variations, list):
        raise fail(f"{where}'variations' must be a list of variations, not {short_repr(variations)}")
    for number, variation in enumerate(variations, start=1):
        here = f"{where}variation {number}: "
        if not isinstance(variation, dict):
            raise fail(f"{here}a variation is an object with 'at' and 'moves', not {short_repr(variation)}")
        unknown = sorted(set(variation) - VARIATION_FIELDS)
        if unknown:
            raise fail(f"{here}unknown field {unknown[0]!r}; a variation has "
                       f"{', '.join(sorted(VARIATION_FIELDS))}")
        at = variation.get("at")
        count = len(game.history) - base
        if type(at) is not int or not 0 <= at < count:
            raise fail(f"{here}'at' must be the index of a move of its line (0 to {count - 1}), "
                       f"not {short_repr(at)}")
        start = base + at
        if game.history[start].is_pass:
            raise fail(f"{here}'at' is {at}, a pass of its line; a variation replaces a move")
        if not variation.get("moves"):
            raise fail(f"{here}'moves' must list at least one move")
        played = game.copy()
        while len(played.history) > start:
            played.undo()
        played.clear_redo()
        played.annotations = {}
        _play_line(played, variation.get("moves"), here, fail)
        played.annotations = _annotations(variation, start, played, here, fail)
        owner = line[start - 1] if start - 1 in line else tree
        nodes = {index: node for index, node in line.items() if index < start}
        nodes.update(_line_nodes(owner, played, start))
        if "variations" in variation:
            _add_variations(tree, nodes, played, start, variation["variations"], here, fail)


def _check_result(result: Any, game: Game, fail: Any) -> None:
    """Refuse a recorded result that the moves do not give."""
    if result is None:
        return
    if not isinstance(result, dict):
        raise fail(f"'result' must be an object (over, points, player_points, winners), "
                   f"not {short_repr(result)}")
    actual = _json_result(game)
    unknown = sorted(set(result) - set(actual))
    if unknown:
        raise fail(f"unknown field {unknown[0]!r} in 'result'; it has {', '.join(sorted(actual))}")
    for key, value in result.items():
        if key in actual and (value != actual[key] or type(value) is not type(actual[key])):
            raise fail(f"the recorded result's {key!r}, {short_repr(value)}, does not match the "
                       f"moves, which give {actual[key]!r}")


class DuplicateKeyError(RecordError):
    """A JSON object that gives one key twice (``json`` would keep the last one silently)."""


class _Duplicate(Exception):
    def __init__(self, key: str, position: int) -> None:
        super().__init__(key)
        self.key = key
        self.position = position


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: a JSON object as a dict, refusing a key given twice (last-wins hides it)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key, -1)
            seen.add(key)
    return result


# The pure-Python JSON scanner's parts: the standard library's own, but undocumented, so typeshed
# leaves them out; typed here as json/decoder.py and json/scanner.py define them.
_ScanOnce = Callable[[str, int], tuple[Any, int]]
_JSON_WHITESPACE = re.compile(r"[ \t\n\r]*")  # json.decoder.WHITESPACE: what JSON allows between tokens
_scanstring: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_json_object: Callable[..., tuple[Any, int]] = json.decoder.JSONObject  # type: ignore[attr-defined]
_py_make_scanner: Callable[[json.JSONDecoder], _ScanOnce] = json.scanner.py_make_scanner  # type: ignore[attr-defined]


class _PurePythonDecoder(json.JSONDecoder):
    """A decoder whose objects a function of ours reads, and whose scanner is the pure-Python one."""

    parse_object: Callable[..., tuple[Any, int]]
    scan_once: _ScanOnce


def _duplicate_position(text: str) -> tuple[str, int] | None:
    """Where the first key given twice in an object is, read again with the pure-Python scanner
    (only when a duplicate was found, so the fast C scanner reads every good record)."""
    decoder = _PurePythonDecoder()

    def skip(s: str, p: int) -> int:
        """The index after the whitespace at ``p``."""
        found = _JSON_WHITESPACE.match(s, p)  # it matches no whitespace too, so it is never None
        return p if found is None else found.end()

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: _ScanOnce,
                     object_hook: Callable[[dict[str, Any]], Any] | None,
                     object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None,
                     memo: dict[str, str] | None = None) -> tuple[Any, int]:
        s, end = s_and_end
        seen: set[str] = set()
        p = skip(s, end)
        while p < len(s) and s[p] == '"':
            key, after = _scanstring(s, p + 1, strict)
            if key in seen:
                raise _Duplicate(key, p)
            seen.add(key)
            p = skip(s, after) + 1  # the ':'
            p = skip(s, p)
            _, p = scan_once(s, p)
            p = skip(s, p)
            if p >= len(s) or s[p] != ",":
                break
            p = skip(s, p + 1)
        return _json_object(s_and_end, strict, scan_once, object_hook, object_pairs_hook, memo)

    decoder.parse_object = parse_object
    decoder.scan_once = _py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except _Duplicate as duplicate:
        return duplicate.key, duplicate.position
    except (ValueError, RecursionError):
        return None
    return None


def loads_record(text: str, fail: Any) -> Any:
    """Decode JSON, turning every way it can fail into a :class:`RecordError` with a place."""
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs)
    except _Duplicate as duplicate:
        key, position = _duplicate_position(text) or (duplicate.key, None)
        line = column = None
        if position is not None:
            line = text.count("\n", 0, position) + 1
            column = position - (text.rfind("\n", 0, position) + 1) + 1
        error = fail(f"key {short_repr(key)} is given twice in one object; a record gives each "
                     "field once", line, column)
        raise DuplicateKeyError(error.reason, source=error.source, line=error.line,
                                column=error.column) from None
    except json.JSONDecodeError as error:
        raise fail(f"not valid JSON: {error.msg}", error.lineno, error.colno) from None
    except RecursionError:
        raise fail("not valid JSON here: nested too deeply", None, None) from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise fail(f"not valid JSON here: {error}", None, None) from None


def game_from_json(text: str | bytes, *, source: str = "<text>") -> Record:
    """Read one game from blokus-nb JSON text (``bytes`` are read as UTF-8).

    >>> game_from_json(game_to_json(Game("duo"))).variant.name
    'duo'
    """
    validation.instance(text, "text", (str, bytes, bytearray), "JSON text")
    validation.instance(source, "source", str, "the name of the record's source, like '<text>'")

    def fail(message: str, line: int | None, column: int | None) -> RecordError:
        return RecordError(message, source=source, line=line, column=column)

    if not isinstance(text, str):
        data = bytes(text)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise fail(f"not UTF-8 text: byte {error.start} is {data[error.start]:#04x}", None,
                       None) from None

    return game_from_dict(loads_record(text.lstrip("\ufeff"), fail), source=source)
