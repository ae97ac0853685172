"""Game records: Pentobi's SGF (``.blksgf``) and blokus-nb's JSON, to and from :class:`Game`.

The SGF grammar lives in :mod:`blokus_nb.sgf`; this module gives the
properties their Blokus meaning. Only the main line of a tree is the game;
variations are read past without complaint.

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
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Union

from . import __version__ as _version  # defined before the submodules are imported
from . import sgf
from .errors import BlokusError, RecordError
from .game import Game
from .variants import VARIANTS, get_variant

__all__ = ["read_sgf", "iter_games", "load", "save", "write_games", "game_to_sgf", "game_to_tree",
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


def game_from_tree(tree: sgf.GameTree) -> Game:
    """Build a :class:`Game` from the main line of a parsed SGF tree.

    Raises :class:`RecordError` pointing at the node and property at fault.
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
        setup.setdefault(color, []).extend(root.properties[identifier])
    to_play = None
    if "PL" in root:
        to_play = _color_keys(colors, _MOVE_KEYS).get(root.get("PL", "").strip())
        if to_play is None:
            raise root.error(f"PL[{root.get('PL')}] is not a color of {variant.name}", "PL")
    try:
        game = Game(variant, players=[n or f"Player {i + 1}" for i, n in enumerate(names)],
                    setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise root.error(f"bad setup: {error}", next(iter(k for k in _SETUP if k in root))) from None

    for identifier, key in _METADATA.items():
        if identifier in root:
            game.metadata[key] = root.get(identifier)
    for identifier, values in root.properties.items():
        if identifier not in _METADATA and identifier not in _IGNORED and identifier not in _SETUP \
                and not (identifier.startswith("P") and identifier[1:] in ("1", "2", "3", "4", "B", "W")):
            game.metadata[f"sgf:{identifier}"] = "\n".join(values)

    move_properties = _color_keys(colors, _MOVE_KEYS)
    for node in tree.main_line()[1:]:
        found = [key for key in node.properties if key in move_properties]
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
            value = node.get(key, "").strip()
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
    return game


def _looks_like_text(source: Any) -> bool:
    return isinstance(source, str) and source.lstrip().startswith(("(", "{", "["))


def read_sgf(source: Source) -> Game:
    """The first game of an SGF record: a path, an open file, or the SGF text itself.

    >>> read_sgf("(;GM[Blokus];1[a20])").to_play
    'yellow'
    """
    if isinstance(source, str) and not _looks_like_text(source):
        source = Path(source)
    trees = sgf.iter_trees(source)  # raises RecordError on a record without a game
    try:
        tree = next(trees)
    finally:
        trees.close()
    return game_from_tree(tree)


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
    for key, value in game.metadata.items():
        if key.startswith("sgf:"):  # a root property we do not interpret, written back as read
            root[key[4:]] = value.split("\n")
            continue
        identifier = by_key.get(key)
        if identifier is not None and identifier != "AP":
            root[identifier] = [value]
    if game.is_over and "RE" not in root and len(variant.colors) == 2:
        points = game.player_scores("points")
        diff = points[1] - points[2]
        root["RE"] = ["0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"]
    move_key = _written_keys(variant.colors, _MOVE_KEYS)
    if game.setup:
        setup_key = _written_keys(variant.colors, _SETUP_KEYS)
        for color, cells in game.setup:
            root.setdefault(setup_key[color], []).append(cells)
        first = game.history[0].color if game.history else game.to_play
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


def game_to_sgf(game: Game) -> str:
    """The game as Pentobi SGF text (see :meth:`Game.to_sgf`)."""
    return sgf.dumps(game_to_tree(game))


# ---------------------------------------------------------------------------- JSON
def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict in blokus-nb's record format (version 1)."""
    record: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "variant": game.variant.name,
        "players": list(game.player_names),
        "metadata": dict(game.metadata),
    }
    if game.setup:
        record["setup"] = [[color, cells] for color, cells in game.setup]
        record["to_play"] = game.history[0].color if game.history else game.to_play
    record["moves"] = [[m.color, str(m)] for m in game.history]
    if game.annotations:
        record["annotations"] = {str(k): v for k, v in sorted(game.annotations.items())}
    record["result"] = {
        "over": game.is_over,
        "points": game.scores("points"),
        "player_points": {str(k): v for k, v in game.player_scores("points").items()},
        "winners": game.winners("points"),
    }
    return record


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game as blokus-nb JSON text (see the README for the format)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def game_from_dict(record: Any, *, source: str = "<text>", line: int | None = None) -> Game:
    """Build a game from a decoded blokus-nb JSON record, checking every field."""
    def fail(message: str) -> RecordError:
        return RecordError(message, source=source, line=line)

    if not isinstance(record, dict):
        raise fail(f"a game record is a JSON object, not {type(record).__name__}")
    if record.get("format") != JSON_FORMAT:
        raise fail(f"'format' is {record.get('format')!r}, expected {JSON_FORMAT!r}")
    version = record.get("version")
    if version != JSON_VERSION:
        raise fail(f"record version {version!r} is not one this blokus-nb reads ({JSON_VERSION})")
    try:
        variant = get_variant(record.get("variant", ""))
    except ValueError as error:
        raise fail(str(error)) from None
    players = record.get("players") or None
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise fail("'players' must be a list of names")
    setup: dict[str, list[str]] = {}
    for item in record.get("setup", []):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise fail(f"a setup entry must be [color, cells], not {item!r}")
        setup.setdefault(item[0], []).append(item[1])
    try:
        game = Game(variant, players=players, setup=setup or None, to_play=record.get("to_play"))
    except BlokusError as error:
        raise fail(f"bad setup: {error}") from None
    metadata = record.get("metadata", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise fail("'metadata' must map names to text")
    game.metadata.update(metadata)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise fail("'moves' must be a list of [color, cells] pairs")
    for number, item in enumerate(moves, start=1):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise fail(f"move {number} must be [color, cells], not {item!r}")
        color, text = item
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
    for key, note in (record.get("annotations") or {}).items():
        if not (key.isdigit() and int(key) < len(game.history) and isinstance(note, dict)):
            raise fail(f"annotation {key!r} does not name a move of the game")
        game.annotations[int(key)] = {str(k): str(v) for k, v in note.items()}
    result = record.get("result")
    if isinstance(result, dict) and "points" in result and result["points"] != game.scores("points"):
        raise fail(f"the recorded points {result['points']} do not match the moves, "
                   f"which give {game.scores('points')}")
    return game


def game_from_json(text: str, *, source: str = "<text>") -> Game:
    """Read one game from blokus-nb JSON text."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error.msg}", source=source, line=error.lineno,
                          column=error.colno) from None
    return game_from_dict(record, source=source)


# ---------------------------------------------------------------------------- files
def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in SGF_SUFFIXES:
        return "sgf"
    if suffix in JSON_SUFFIXES:
        return suffix[1:]
    raise BlokusError(f"{path}: unknown record type {suffix!r}; use .blksgf, .sgf, .json or .jsonl")


def _iter_json_lines(handle: Iterable[str], name: str) -> Iterator[Game]:
    for number, line in enumerate(handle, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error.msg}", source=name, line=number,
                              column=error.colno) from None
        yield game_from_dict(record, source=name, line=number)


def iter_games(source: Source) -> Iterator[Game]:
    """Yield the games of a record one at a time: SGF collections, JSON, or JSON Lines.

    ``source`` is a path, an open file or record text. Files are streamed, so
    a file of many thousands of games never sits in memory whole.

    >>> [g.variant.name for g in iter_games("(;GM[Blokus Duo])(;GM[Blokus])")]
    ['duo', 'classic']
    """
    if _looks_like_text(source):
        text = source.lstrip()  # type: ignore[union-attr]
        if text.startswith("("):
            for tree in sgf.iter_trees(text):
                yield game_from_tree(tree)
        elif text.startswith("["):
            try:
                records = json.loads(text)
            except json.JSONDecodeError as error:
                raise RecordError(f"not valid JSON: {error.msg}", line=error.lineno,
                                  column=error.colno) from None
            for record in records:
                yield game_from_dict(record)
        else:
            try:
                record = json.loads(text)
            except json.JSONDecodeError as error:
                if error.msg != "Extra data":
                    raise RecordError(f"not valid JSON: {error.msg}", line=error.lineno,
                                      column=error.colno) from None
                yield from _iter_json_lines(text.splitlines(), "<text>")  # JSON Lines
            else:
                yield game_from_dict(record)
        return
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        kind = _kind(path)
        if kind == "sgf":
            for tree in sgf.iter_trees(path):
                yield game_from_tree(tree)
        elif kind == "jsonl":
            with open(path, encoding="utf-8") as handle:
                yield from _iter_json_lines(handle, str(path))
        else:
            text = path.read_text(encoding="utf-8")
            if text.lstrip().startswith("["):
                try:
                    records = json.loads(text)
                except json.JSONDecodeError as error:
                    raise RecordError(f"not valid JSON: {error.msg}", source=str(path),
                                      line=error.lineno, column=error.colno) from None
                for record in records:
                    yield game_from_dict(record, source=str(path))
            else:
                yield game_from_json(text, source=str(path))
        return
    for tree in sgf.iter_trees(source):  # an open SGF file
        yield game_from_tree(tree)


def load(path: str | os.PathLike[str]) -> Game:
    """Read the game saved in ``path`` (by extension: ``.blksgf``/``.sgf`` or ``.json``).

    A file holding several games gives the first; use :func:`iter_games` for all.
    """
    games = iter_games(Path(path))
    try:
        game = next(games, None)
    finally:
        games.close()
    if game is None:
        raise RecordError("the file holds no game", source=os.fspath(path))
    return game


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write ``game`` to ``path``: SGF for ``.blksgf``/``.sgf``, JSON for ``.json``."""
    write_games([game], path)


def write_games(games: Iterable[Game], path: str | os.PathLike[str]) -> int:
    """Write many games to one file and return how many: an SGF collection
    (``.blksgf``), JSON Lines (``.jsonl``, one game a line) or a JSON list (``.json``).

    A single game written to ``.json`` is one JSON object, as :func:`save` writes it.
    """
    path = Path(path)
    kind = _kind(path)
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        if kind == "sgf":
            for game in games:
                handle.write(game_to_sgf(game))
                count += 1
        elif kind == "jsonl":
            for game in games:
                handle.write(game_to_json(game, indent=None) + "\n")
                count += 1
        else:
            records = [game_to_dict(g) for g in games]
            count = len(records)
            handle.write(json.dumps(records[0] if count == 1 else records, indent=2,
                                    ensure_ascii=False) + "\n")
    return count
