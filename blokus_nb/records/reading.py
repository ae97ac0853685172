"""Reading record files: one reader for SGF, JSON and JSON Lines, with an error policy.

>>> [g.variant.name for g in iter_games("(;GM[Blokus Duo])(;GM[Blokus])")]
['duo', 'classic']
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import Any, AnyStr, NamedTuple, cast

from .. import sgf, validation
from ..errors import ArgumentTypeError, BlokusError, RecordError, RecordNotFoundError, place_in_file
from ..game import Game
from ..validation import choice, path_error
from .json_format import DuplicateKeyError, game_from_dict, loads_record
from .record import Record, remembered_tree
from .sgf_format import Source, game_from_tree, is_record_text, read_sgf, tree_from_sgf
from .tree import Tree

__all__ = ["iter_games", "load", "read_tree", "SkippedRecord", "ERROR_POLICIES", "LINE_CHOICES",
           "SGF_SUFFIXES", "JSON_SUFFIXES", "RECORD_SUFFIXES"]

SGF_SUFFIXES = (".blksgf", ".sgf")
JSON_SUFFIXES = (".json", ".jsonl")
#: Every file suffix read as a game record.
RECORD_SUFFIXES = SGF_SUFFIXES + JSON_SUFFIXES
#: What :func:`iter_games` may do with a record it cannot read.
ERROR_POLICIES = ("raise", "collect")
#: Which lines of a record with variations :func:`iter_games` gives: the main line, or every line.
LINE_CHOICES = ("main", "all")


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
    def of(cls, error: BaseException, source: str, game: int | None) -> SkippedRecord:
        if isinstance(error, RecordError):
            return cls(error.source, error.line, error.column, game, error.reason)
        return cls(source, None, None, game, str(error))

    def __str__(self) -> str:
        return f"{place_in_file(self.source, self.line, self.column)}: {self.message}"


class _Fatal(Exception):
    """Wraps the error that ends a source: nothing after it can be trusted."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def record_path(path: Any) -> Path:
    """``path`` as a :class:`~pathlib.Path`, refusing what is no path at all.

    >>> record_path("match.blksgf")
    PosixPath('match.blksgf')
    """
    return validation.path(path, "a record file's path")


def record_kind(path: Path) -> str:
    """``"sgf"``, ``"json"`` or ``"jsonl"``: the kind of record a file's suffix names.

    >>> record_kind(Path("match.blksgf"))
    'sgf'
    """
    suffix = path.suffix.lower()
    if suffix in SGF_SUFFIXES:
        return "sgf"
    if suffix in JSON_SUFFIXES:
        return suffix[1:]
    raise BlokusError(f"{path}: unknown record type {suffix!r}; use .blksgf, .sgf, .json or .jsonl")


def _built(build: Callable[[], Game]) -> Game | RecordError:
    """The game ``build()`` makes, or the :class:`RecordError` that says why it cannot."""
    try:
        return build()
    except RecordError as error:
        return error


def _decode(data: bytes, name: str) -> str:
    """UTF-8 text (a byte-order mark dropped); a bad byte ends the source, named by its line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise _Fatal(RecordError(f"not valid UTF-8 ({error.reason})", source=name, line=line)) from None


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
            yield _built(lambda: game_from_tree(tree))
    finally:
        trees.close()


#: A line end in JSON Lines: ``\r\n``, ``\r`` or ``\n`` (as in SGF), and nothing else, so a
#: line reads the same from a file and from a string (``str.splitlines`` also splits at
#: U+2028, which a JSON string may hold).
_LINE_END = re.compile(r"\r\n|\r|\n")
_LINE_END_BYTES = re.compile(rb"\r\n|\r|\n")
_CHUNK = 1 << 20


def _text_lines(text: str) -> list[str]:
    return _LINE_END.split(text)


def _file_lines(read: Callable[[int], bytes | str]) -> Iterator[bytes | str]:
    """The lines of a file read a chunk at a time, split at any of the three line ends."""
    first = read(_CHUNK)
    # A file gives bytes (binary) or text, the same on every read.
    if isinstance(first, bytes):
        return _chunk_lines(first, cast("Callable[[int], bytes]", read), _LINE_END_BYTES)
    return _chunk_lines(first, cast("Callable[[int], str]", read), _LINE_END)


def _chunk_lines(chunk: AnyStr, read: Callable[[int], AnyStr], line_end: re.Pattern[AnyStr]) -> Iterator[AnyStr]:
    """The lines of ``chunk`` and the chunks ``read`` gives after it, split at ``line_end``."""
    rest = chunk[:0]
    while True:
        if not chunk:
            if rest:
                yield from line_end.split(rest)
            return
        data = rest + chunk
        held = data[-1:] in (b"\r", "\r")  # the "\r" of a "\r\n" cut by the chunk
        parts = line_end.split(data[:-1] if held else data)
        rest = parts.pop() + (data[-1:] if held else data[:0])
        yield from parts
        chunk = read(_CHUNK)


def _json_line_items(lines: Iterable[bytes | str], name: str) -> Iterator[Game | RecordError | None]:
    """One item per line: a game, an error, or None for a blank line."""
    for number, raw in enumerate(lines, start=1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8-sig")  # any line may start with a mark: files joined with cat
            except UnicodeDecodeError as error:
                yield RecordError(f"not valid UTF-8 ({error.reason} at byte {error.start + 1} "
                                  "of the line)", source=name, line=number)
                continue
        else:
            line = raw[1:] if raw.startswith("\ufeff") else raw
        if not line.strip():
            yield None
            continue

        def fail(message: str, _line: int | None, column: int | None) -> RecordError:
            return RecordError(message, source=name, line=number, column=column)

        yield _built(lambda: game_from_dict(loads_record(line, fail), source=name, line=number))


def _jsonl_items(read: Callable[[int], bytes | str], name: str) -> Iterator[Game | RecordError | None]:
    """A ``.jsonl`` file, streamed line by line when its first record is a whole line (the
    usual case); otherwise read whole and judged as text is (:func:`_is_json_lines`)."""
    lines = _file_lines(read)
    head: list[bytes | str] = []
    for raw in lines:
        head.append(raw)
        text = raw.decode("utf-8-sig", "replace") if isinstance(raw, bytes) else raw.lstrip("\ufeff")
        if text.strip():
            break
    first = head[-1] if head else ""
    first_text = first.decode("utf-8-sig", "replace") if isinstance(first, bytes) else first
    if not head or _complete_value(first_text.lstrip("\ufeff")):
        yield from _json_line_items(itertools.chain(head, lines), name)
        return
    parts = head + list(lines)
    whole = (b"\n".join(parts) if parts and isinstance(parts[0], bytes)  # type: ignore[arg-type]
             else "\n".join(parts))  # type: ignore[arg-type]
    yield from _json_items(_decode(whole, name) if isinstance(whole, bytes) else whole, name)


def _json_items(text: str, name: str) -> Iterator[Game | RecordError | None]:
    """The games of one JSON document (an object or a list of them), or JSON Lines."""
    text = text.lstrip("\ufeff")

    def fail(message: str, line: int | None, column: int | None) -> RecordError:
        return RecordError(message, source=name, line=line, column=column)

    if _is_json_lines(text):
        yield from _json_line_items(_text_lines(text), name)  # JSON Lines given as text
        return
    try:
        data = loads_record(text, fail)
    except RecordError as error:
        if isinstance(error, DuplicateKeyError) and text.lstrip().startswith("["):
            yield from _list_items(text, name)  # only the record with the key given twice is bad
            return
        raise _Fatal(error) from None
    if not isinstance(data, list):
        yield _built(lambda: game_from_dict(data, source=name, line=_first_line(text)))
        return
    for record, line in zip(data, _element_lines(text)):
        yield _built(lambda: game_from_dict(record, source=name, line=line))


def _complete_value(line: str) -> bool:
    """Whether one line holds one whole JSON value and nothing else."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def _is_json_lines(text: str) -> bool:
    r"""Whether ``text`` is JSON Lines rather than one JSON document: the one decision for text,
    for ``.json`` and ``.jsonl`` files and for ``load_games([text])``.

    A first line that is a whole value makes JSON Lines when anything follows it. Otherwise
    the text is one document if it parses as one, and JSON Lines if a later line is a whole
    object on its own (a bad first record must not hide every later one).

    >>> _is_json_lines('{"a": 1}\n{"a": 2}'), _is_json_lines('{\n"a": 1}'), _is_json_lines('{"a": \n{"a": 2}')
    (True, False, True)
    """
    lines = [line for line in _text_lines(text.lstrip("\ufeff")) if line.strip()]
    if not lines:
        return False
    if _complete_value(lines[0]):
        return len(lines) > 1
    if _complete_value(text.lstrip("\ufeff")):
        return False
    return any(line.lstrip().startswith("{") and _complete_value(line) for line in lines[1:])


def _list_items(text: str, name: str) -> Iterator[Game | RecordError]:
    """The games of a JSON list read one element at a time, each element checked on its own."""
    decoder = json.JSONDecoder()
    for line, start in _element_starts(text):
        _, end = decoder.raw_decode(text, start)
        column = start - (text.rfind("\n", 0, start) + 1)

        def fail(message: str, at: int | None, at_column: int | None, line=line, column=column) -> RecordError:
            if at is None:
                return RecordError(message, source=name, line=line)
            return RecordError(message, source=name, line=line + at - 1,
                               column=None if at_column is None else at_column + (column if at == 1 else 0))

        element = text[start:end]
        try:
            record = loads_record(element, fail)
        except RecordError as error:
            yield error
            continue
        yield _built(lambda: game_from_dict(record, source=name, line=line))


def _first_line(text: str) -> int:
    """The line where a JSON document's first value starts (after blank lines)."""
    return text.count("\n", 0, len(text) - len(text.lstrip())) + 1


def _element_lines(text: str) -> Iterator[int]:
    """The line each element of a JSON list (already known to be valid) starts on."""
    return (line for line, _ in _element_starts(text))


def _element_starts(text: str) -> Iterator[tuple[int, int]]:
    """``(line, offset)`` where each element of a JSON list (known to be valid JSON) starts."""
    decoder = json.JSONDecoder()
    position = text.index("[") + 1
    line = text.count("\n", 0, position) + 1
    while True:
        start = len(text) - len(text[position:].lstrip(" \t\r\n,"))
        line += text.count("\n", position, start)
        if text[start] == "]":
            return
        yield line, start
        _, position = decoder.raw_decode(text, start)
        line += text.count("\n", start, position)


def _items(source: Source, name: str | None) -> Generator[Game | RecordError | None, None, None]:
    """The records of ``source`` in order: a game, a RecordError for a bad one, None for a
    blank JSON line. An error that ends the whole source is raised as :class:`_Fatal`."""
    if isinstance(source, (bytes, bytearray)):
        if bytes(source).lstrip(b"\xef\xbb\xbf \t\r\n")[:1] not in (b"{", b"["):
            yield from _sgf_items(bytes(source), name or "<bytes>")  # decoded with line numbers
            return
        source = _decode(bytes(source), name or "<bytes>")
    if isinstance(source, str) and is_record_text(source):
        name = name or "<text>"
        if source.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            yield from _json_items(source, name)
        else:
            yield from _sgf_items(source, name)
        return
    if isinstance(source, (str, os.PathLike)):
        path = record_path(source)
        name = name or str(path)
        try:
            kind = record_kind(path)
            if kind == "sgf":
                yield from _sgf_items(path, name)
            elif kind == "jsonl":
                with open(path, "rb") as handle:
                    yield from _jsonl_items(handle.read, name)
            else:
                yield from _json_items(_decode(path.read_bytes(), name), name)
        except (OSError, BlokusError) as error:  # unreadable, or no record type at all
            if isinstance(error, RecordError):
                raise
            if isinstance(error, FileNotFoundError):
                error = _not_found(error, name)
            elif not isinstance(error, BlokusError):  # a folder, no permission: named as the user gave it
                error = path_error(name, error, "read")
            raise _Fatal(error) from None
        return
    if not hasattr(source, "read"):
        raise ArgumentTypeError(f"cannot read games from {type(source).__name__}: pass a path, "
                                "record text, or an open file")
    name = name or str(getattr(source, "name", "<file>"))
    suffix = Path(name).suffix.lower()
    try:
        if suffix == ".jsonl":
            yield from _jsonl_items(source.read, name)
        elif suffix == ".json":
            data = source.read()
            yield from _json_items(_decode(data, name) if isinstance(data, bytes) else data, name)
        else:
            yield from _sgf_items(source, name)
    except UnicodeDecodeError as error:  # a file opened in text mode decodes as it is read
        raise _Fatal(RecordError(f"not valid text in the file's encoding ({error.reason}); open it "
                                 "in binary mode to get the line", source=name)) from None


def iter_games(source: Source, errors: str = "raise", *, name: str | None = None,
               lines: str = "main") -> Generator[Game | SkippedRecord, None, None]:
    """Yield the games of a record one at a time: SGF collections, JSON, or JSON Lines.

    ``source`` is a path, an open file or record text (a ``str`` starting
    with ``(``, ``{`` or ``[``). SGF collections and JSON Lines are
    streamed, so a file of many thousands of games never sits in memory
    whole; a ``.json`` list is read whole (use ``.jsonl`` for large corpora).
    ``name`` overrides the source name used in errors.

    ``lines`` says what a record with variations gives: ``"main"`` (the
    default) its main line, one game per record, which remembers the tree
    (saving it keeps the variations); ``"all"`` every line from the root to
    the end of a variation, main line first, each a game of its own.

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
    >>> [len(g.history) for g in iter_games("(;GM[Blokus Duo];B[e10](;W[j5])(;W[j5,j6]))", lines="all")]
    [2, 2]
    """
    choice(errors, "errors", ERROR_POLICIES)  # refused at the call, not at the first next()
    choice(lines, "lines", LINE_CHOICES)
    games = _iter_games(source, errors, name)
    return games if lines == "main" else _every_line(games)


def _every_line(items: Generator[Game | SkippedRecord, None, None]
                ) -> Generator[Game | SkippedRecord, None, None]:
    """Each game of ``items`` read from a tree with variations becomes a game per line."""
    try:
        for item in items:
            tree = None if isinstance(item, SkippedRecord) else remembered_tree(item)
            if tree is None:
                yield item
                continue
            yield from (node.game() for node in tree.walk() if not node.variations)
    finally:
        items.close()


def _iter_games(source: Source, errors: str, name: str | None) -> Generator[Game | SkippedRecord, None, None]:
    number = 0
    if isinstance(source, os.PathLike):
        source = record_path(source)
    where = name or (os.fspath(source) if isinstance(source, (str, os.PathLike))
                     and not (isinstance(source, str) and is_record_text(source)) else "<text>")
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
                game = number + 1 if isinstance(fatal.error, RecordError) and not isinstance(
                    fatal.error, RecordNotFoundError) else None
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


def load(path: str | os.PathLike[str]) -> Record:
    """Read the game saved in ``path`` (by extension: ``.blksgf``/``.sgf`` or ``.json``).

    A file holding several games gives the first; use :func:`iter_games` for all.
    An SGF file is read to its end, so junk after the game is an error.
    """
    path = record_path(path)
    if record_kind(path) == "sgf":
        return read_sgf(path)
    games = iter_games(path)
    try:
        game = next(games, None)
    finally:
        games.close()
    if game is None:
        raise RecordError("the file holds no game", source=os.fspath(path))
    return game  # type: ignore[return-value]


def read_tree(source: Source) -> Tree:
    """The first game of a record as a :class:`~blokus_nb.Tree`, with every variation.

    ``source`` is what :func:`iter_games` takes (a path, an open file, record
    text). A record without variations gives a tree of one line. The rest of
    the record is read too, so junk after the game is an error.

    >>> tree = read_tree("(;GM[Blokus Duo];B[e10](;W[j5])(;W[j5,j6]))")
    >>> [str(node.move) for node in tree.variations[0].variations]
    ['j5', 'j5,j6']
    """
    if isinstance(source, os.PathLike) or isinstance(source, str) and not is_record_text(source):
        source = record_path(source)
    if isinstance(source, os.PathLike) and record_kind(Path(source)) != "sgf" or _is_json(source):
        games = iter_games(source)
        try:
            game = next(games, None)
            for _ in games:  # a bad record after the first is an error, as for SGF
                pass
        finally:
            games.close()
        if game is None:
            raise RecordError("the record holds no game", source=str(source)[:60])
        return Tree.from_game(game)  # type: ignore[arg-type]
    trees = sgf.iter_trees(source)
    try:
        try:
            first = next(trees, None)  # the file is opened here
        except FileNotFoundError as missing:
            raise _not_found(missing, str(source)) from None
        if first is None:
            raise RecordError("the record holds no game tree: expected '('",
                              source=os.fspath(source) if isinstance(source, os.PathLike) else "<text>")
        tree = tree_from_sgf(first)
        for _ in trees:  # the grammar of what follows, so trailing junk is refused
            pass
    finally:
        trees.close()
    return tree


def _not_found(error: FileNotFoundError, name: str) -> RecordNotFoundError:
    return RecordNotFoundError("there is no such file; give the path of a record, or its text",
                               source=str(error.filename or name))


def _is_json(source: Source) -> bool:
    if isinstance(source, (bytes, bytearray)):
        return bytes(source).lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[")
    if isinstance(source, str):
        return source.lstrip("\ufeff \t\r\n")[:1] in ("{", "[")
    return Path(str(getattr(source, "name", ""))).suffix.lower() in JSON_SUFFIXES
