"""The SGF grammar: game trees, nodes, property values, positions in the file.

This module knows the FF[4] *grammar* only -- parentheses, nodes, property
identifiers, bracketed values and their escapes. What a value means (a move,
a player name) is the job of :mod:`blokus_nb.records`, which builds on this.

>>> from blokus_nb import sgf
>>> tree = sgf.parse_tree("(;GM[Blokus Duo];B[e10,d11];W[j5])")
>>> [node.properties for node in tree.main_line()]
[{'GM': ['Blokus Duo']}, {'B': ['e10,d11']}, {'W': ['j5']}]

What it reads, strictly:

* A collection is one or more game trees, ``(`` sequence-of-nodes
  variations* ``)``; only whitespace may come before, between and after them,
  and a byte-order mark before any tree (files joined with ``cat`` each bring one).
* A property identifier is one or more uppercase letters **or digits**: Pentobi
  writes moves as ``1[...]`` .. ``4[...]``. Old FF[3] identifiers with
  lowercase letters (``AddBlack[...]``) are *rejected* with an error that says
  so, rather than silently shortened: Pentobi never writes them, and a reader
  that guesses hides broken files.
* A property appears at most once per node, with one or more values.
* Inside a value, ``\\`` escapes the next character and a ``\\`` before a line
  break (a soft line break) is removed; everything else is kept exactly.
* Line breaks (``\\r\\n``, ``\\r``, ``\\n``) are all read as ``\\n``. Lines and
  columns are 1-based and count characters. Files are decoded as UTF-8
  (Pentobi writes ``CA[UTF-8]``) unless another ``encoding`` is given.

Bad input raises :class:`~blokus_nb.errors.RecordError` naming the source,
line and column, and what was expected there.

What it writes, exactly: one node per line, variations in parentheses on
lines of their own and indented one space per level, ``]`` and ``\\`` escaped
-- the layout of Pentobi's own files, so ``dumps(parse(pentobi_file))``
gives back the file.

A tree is plain :class:`Node` objects: ``properties`` (an ordered ``dict`` of
identifier -> list of values) and ``children`` (the first child continues
the main line; the others are variations). A :class:`GameTree` holds the root
and where the tree starts in its source.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import IO, NoReturn, Union, cast, overload

from . import validation
from .atomic import replace_file, writable_file
from .errors import ArgumentTypeError, BlokusError, RecordError, short_repr
from .validation import path_errors

__all__ = ["Node", "GameTree", "iter_trees", "parse", "parse_tree", "dumps", "dump"]

#: What :func:`iter_trees` and friends accept: a path, an open file (text, or
#: binary to be decoded), or the SGF text itself as a ``str``.
Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

#: Characters read per call to the file's ``read`` when streaming.
CHUNK_SIZE = 1 << 16

# SGF whitespace is ASCII only: a no-break space between nodes is junk.
_WS = r"[ \t\n\r\f\v]*"
# Unrolled and possessive: without "*+", the regex engine keeps a backtracking
# entry per escape, so a 50 MB value of "\\]" escapes took 4 GB.
_VALUE_BODY = r"([^\\\]]*+(?:\\.[^\\\]]*+)*+)"
_SKIP_WS = re.compile(_WS)
# Its match never fails (the pattern matches no whitespace too), so it is typed as one that does not.
_skip_ws = cast("Callable[[str, int], re.Match[str]]", _SKIP_WS.match)
# The hot path matches a whole property (identifier, first value) in one go,
# trailing whitespace included, so a Pentobi node costs two regex calls.
_PROPERTY = re.compile(r"([A-Z0-9]+)" + _WS + r"\[" + _VALUE_BODY + r"\]" + _WS, re.S)
# A node's ";" with its first property and value, again in one match.
_NODE = re.compile(";" + _WS + r"([A-Z0-9]+)" + _WS + r"\[" + _VALUE_BODY + r"\]" + _WS, re.S)
_VALUE = re.compile(r"\[" + _VALUE_BODY + r"\]" + _WS, re.S)
_WORD = re.compile(r"[A-Za-z0-9]+")
_IDENTIFIER = re.compile(r"[A-Z0-9]+")
_ESCAPE = re.compile(r"\\(.)", re.S)


def _unescape(value: str) -> str:
    """A value's text with its escapes removed: ``\\x`` is ``x``, and a soft line break
    (``\\`` before a line break) is nothing.

    Split rather than ``re.sub`` with a template (six times faster on a value of
    millions of escapes), and a slice at a time, so the pieces of a huge value
    never all sit in memory at once.
    """
    if len(value) <= _UNESCAPE_SLICE:
        return _unescape_slice(value)
    out = []
    start = 0
    while start < len(value):
        end = min(start + _UNESCAPE_SLICE, len(value))
        # A slice starts where an escape pair may start; an odd run of
        # backslashes at its end leaves one waiting for its character.
        run = end - start - len(value[start:end].rstrip("\\"))
        if run % 2:
            end += 1
        out.append(_unescape_slice(value[start:end]))
        start = end
    return "".join(out)


_UNESCAPE_SLICE = 1 << 16


def _unescape_slice(value: str) -> str:
    parts = _ESCAPE.split(value)
    parts[1::2] = ["" if char == "\n" else char for char in parts[1::2]]
    return "".join(parts)
_JUNK = re.compile(r"[^ \t\n\r\f\v;()\[\]]{1,40}")  # what "found ..." quotes


# --------------------------------------------------------------------------
# The tree


class _Locator:
    """Turns character offsets in one tree's text into (line, column), lazily.

    Parsing records only offsets; line numbers are worked out when someone
    asks (usually to report an error), so a corpus parse pays nothing for them.
    """

    __slots__ = ("source", "text", "base", "line", "column", "_line_starts")

    def __init__(self, source: str, base: int, line: int, column: int) -> None:
        self.source = source
        self.text = ""  # set once the tree has been read completely
        self.base = base  # offset of the tree's "(" in the buffer it was parsed from
        self.line = line
        self.column = column
        self._line_starts: list[int] | None = None

    def position(self, offset: int) -> tuple[int, int]:
        starts = self._line_starts
        if starts is None:
            text = self.text
            starts = [0]
            i = text.find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = text.find("\n", i + 1)
            self._line_starts = starts
        relative = offset - self.base
        index = bisect_right(starts, relative) - 1
        column = relative - starts[index] + (self.column if index == 0 else 1)
        return self.line + index, column


class Node:
    """One SGF node: its properties, in order, and its children.

    ``properties`` maps each identifier to its list of values, as decoded
    strings (escapes removed); ``children[0]`` continues the main line and
    the other children are variations. A value given as a single ``str`` is
    taken as a one-value list.

    >>> node = Node({"1": "c18,a19,b19,c19,a20", "TE": ["1"]})
    >>> node.properties
    {'1': ['c18,a19,b19,c19,a20'], 'TE': ['1']}
    >>> node.get("TE"), "C" in node
    ('1', False)

    Two nodes are equal when their properties and children are equal; where
    they came from does not matter.
    """

    __slots__ = ("properties", "children", "_locator", "_offset")

    properties: dict[str, list[str]]
    children: list[Node]

    def __init__(self, properties: Mapping[str, str | Sequence[str]] | None = None,
                 children: Iterable[Node] = ()) -> None:
        self.properties = {}
        if properties is not None and not isinstance(properties, Mapping):
            raise ArgumentTypeError("properties map SGF identifiers to their values, like "
                                    f"{{'C': 'a comment', 'AB': ['a1', 'b2']}}, not {short_repr(properties)}")
        for identifier, values in (properties or {}).items():
            if isinstance(values, str):
                values = [values]
            elif isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
                raise ArgumentTypeError(f"property {short_repr(identifier)} has text or a list of text "
                                        f"as its values, not {short_repr(values)}")
            else:
                values = list(values)
            _check_property(identifier, values)
            self.properties[identifier] = values
        children = validation.sequence(children, "children", what="a list of sgf.Node")
        for child in children:
            if not isinstance(child, Node):
                raise ArgumentTypeError(f"children are sgf.Node objects, not {short_repr(child)}")
        self.children = children
        self._locator: _Locator | None = None
        self._offset = -1

    @overload
    def get(self, identifier: str) -> str | None: ...
    @overload
    def get(self, identifier: str, default: str) -> str: ...
    @overload
    def get(self, identifier: str, default: str | None) -> str | None: ...

    def get(self, identifier: str, default: str | None = None) -> str | None:
        """The first value of a property, or ``default`` when it is absent.

        >>> Node({"AB": ["a1", "b2"]}).get("AB")
        'a1'
        """
        values = self.properties.get(identifier)
        return values[0] if values else default

    def __contains__(self, identifier: object) -> bool:
        return identifier in self.properties

    def main_line(self) -> list[Node]:
        """This node and the nodes after it along first children.

        >>> root = parse_tree("(;GM[Blokus];1[a20](;2[t20])(;2[s20]))").root
        >>> [n.get("1") or n.get("2") or n.get("GM") for n in root.main_line()]
        ['Blokus', 'a20', 't20']
        """
        nodes = [self]
        node = self
        while node.children:
            node = node.children[0]
            nodes.append(node)
        return nodes

    def walk(self) -> Iterator[Node]:
        """Every node of the subtree, depth first, main line before variations.

        >>> root = parse_tree("(;C[r](;C[a];C[b])(;C[c]))").root
        >>> [n.get("C") for n in root.walk()]
        ['r', 'a', 'b', 'c']
        """
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    @property
    def source(self) -> str | None:
        """The name of the file (or ``"<text>"``) the node was read from, if any."""
        return self._locator.source if self._locator is not None else None

    def position(self, identifier: str | None = None) -> tuple[int, int] | None:
        """``(line, column)`` where the node's ``;`` -- or one property -- was read.

        ``None`` for nodes built in code, and for properties the file did not
        have.

        >>> node = parse_tree("(;GM[Blokus]\\n;1[a20] TE[1])").root.children[0]
        >>> node.position(), node.position("TE")
        ((2, 1), (2, 9))
        """
        locator = self._locator
        if locator is None:
            return None
        if identifier is None:
            return locator.position(self._offset)
        offset = _find_property(locator, self._offset, identifier)
        return None if offset is None else locator.position(offset)

    def error(self, message: str, identifier: str | None = None) -> RecordError:
        """A :class:`RecordError` that points at this node (or one of its properties).

        For the layers above the grammar: ``raise node.error("no such cell", "1")``.

        >>> node = parse_tree("(;GM[Blokus]\\n;1[z99])").root.children[0]
        >>> str(node.error("'z99' is not a cell", "1"))
        "<text>, line 2, column 2: 'z99' is not a cell"
        """
        where = self.position(identifier) if identifier is not None else None
        if where is None:
            where = self.position()
        line, column = where if where is not None else (None, None)
        return RecordError(message, source=self.source or "<text>", line=line, column=column)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        # Iterative: a long game is a deep chain of single children.
        pairs = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a.properties != b.properties or len(a.children) != len(b.children):
                return False
            pairs.extend(zip(a.children, b.children))
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        try:
            text = _node_text(self)[1:]
        except BlokusError:
            text = repr(self.properties)
        if len(text) > 72:
            text = text[:69] + "..."
        count = len(self.children)
        tail = "" if not count else f" +{count} {'child' if count == 1 else 'children'}"
        return f"<Node ;{text}{tail}>"


class GameTree:
    """One game tree of a collection: its root node and where it starts.

    ``line`` and ``column`` are those of the tree's ``(`` in ``source``
    (``None`` for trees built in code). Equality compares the nodes only.

    >>> tree = parse_tree("(;GM[Blokus];1[a20])")
    >>> tree.root.get("GM"), len(tree.main_line()), (tree.line, tree.column)
    ('Blokus', 2, (1, 1))
    """

    __slots__ = ("root", "source", "line", "column")

    def __init__(self, root: Node, *, source: str = "<text>", line: int | None = None,
                 column: int | None = None) -> None:
        self.root = root
        self.source = source
        self.line = line
        self.column = column

    def main_line(self) -> list[Node]:
        """The root and the nodes after it along first children (see :meth:`Node.main_line`)."""
        return self.root.main_line()

    def walk(self) -> Iterator[Node]:
        """Every node, depth first, main line before variations (see :meth:`Node.walk`)."""
        return self.root.walk()

    def error(self, message: str) -> RecordError:
        """A :class:`RecordError` that points at the start of this tree.

        >>> str(parse_tree("(;GM[Chess])").error("not a Blokus game"))
        '<text>, line 1, column 1: not a Blokus game'
        """
        return RecordError(message, source=self.source, line=self.line, column=self.column)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameTree):
            return NotImplemented
        return self.root == other.root

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = self.source if self.line is None else f"{self.source}, line {self.line}"
        nodes = sum(1 for _ in self.walk())
        return f"<GameTree {where}: {nodes} nodes, main line {len(self.main_line())}>"


# --------------------------------------------------------------------------
# Reading


class _NeedMore(Exception):
    """The buffer ended inside a tree; read more text and parse the tree again."""


class _Reader:
    """A buffer over the source that parses one game tree at a time.

    ``buf[pos:]`` is unread text; ``line``/``column`` are those of ``pos``.
    A tree is parsed from its ``(``; when the buffer ends inside it, more text
    is read (at least doubling the buffered part, so a huge tree costs linear
    time overall) and the tree is parsed again from its start.
    """

    def __init__(self, read: Callable[[int], str | bytes] | None, source: str, encoding: str,
                 chunk_size: int, text: str | None = None) -> None:
        self.read = read
        self.source = source
        self.encoding = encoding
        self.chunk_size = max(1, chunk_size)
        self.decoder: codecs.IncrementalDecoder | None = None  # set when the file turns out to give bytes
        self.pending_cr = False
        self.started = False
        self.buf = ""
        self.pos = 0
        self.eof = read is None
        self.line = 1
        self.column = 1
        self.text_hint = False
        if text is not None:
            self._append(text, final=True)

    # -- input -------------------------------------------------------------

    def _append(self, data: str, final: bool) -> None:
        if not self.started:
            self.started = True
            if data.startswith("\ufeff"):
                data = data[1:]
        if self.pending_cr:
            data = "\r" + data
            self.pending_cr = False
        if data.endswith("\r") and not final:
            # "\r\n" may be split across reads: decide on the next one.
            data = data[:-1]
            self.pending_cr = True
        if "\r" in data:
            data = data.replace("\r\n", "\n").replace("\r", "\n")
        self.buf = self.buf[self.pos:] + data if self.pos else self.buf + data
        self.pos = 0

    def _fill(self, size: int) -> None:
        """Read about ``size`` more characters; sets ``eof`` at the end."""
        while True:
            raw = "" if self.read is None else self.read(size)  # text given whole has no more to read
            if not raw:
                self._append(self._decode(b"", final=True) if self.decoder else "", final=True)
                self.eof = True
                return
            data = self._decode(raw) if isinstance(raw, bytes) else raw
            if data:  # a read may end inside a multi-byte character
                self._append(data, final=False)
                return

    def _decode(self, data: bytes, final: bool = False) -> str:
        if self.decoder is None:
            self.decoder = codecs.getincrementaldecoder(self.encoding)()
        try:
            return self.decoder.decode(data, final)
        except UnicodeDecodeError as error:
            good = data[:max(error.start, 0)].decode(self.encoding, errors="ignore")
            line, column = self._advance(self.buf + good, self.pos, len(self.buf) + len(good),
                                         self.line, self.column)
            raise RecordError(
                f"the file is not valid {self.encoding} here ({error.reason}); "
                f"pass encoding=... to read it in another encoding",
                source=self.source, line=line, column=column) from None

    # -- positions ---------------------------------------------------------

    @staticmethod
    def _advance(buf: str, start: int, end: int, line: int, column: int) -> tuple[int, int]:
        """(line, column) at ``end``, given those at ``start``."""
        breaks = buf.count("\n", start, end)
        if breaks:
            return line + breaks, end - buf.rfind("\n", start, end)
        return line, column + end - start

    def _where(self, offset: int) -> tuple[int, int]:
        return self._advance(self.buf, self.pos, offset, self.line, self.column)

    def _error(self, message: str, offset: int) -> RecordError:
        line, column = self._where(offset)
        return RecordError(message, source=self.source, line=line, column=column)

    def _found(self, offset: int) -> str:
        """Words for what is at ``offset``, for 'expected X, found Y'."""
        if offset >= len(self.buf):
            return "the end of the file"
        junk = _JUNK.match(self.buf, offset)
        if junk and junk.end() == len(self.buf) and not self.eof:
            raise _NeedMore  # quote the same words however the file was read
        if junk:
            text = junk.group()
            return f"{text!r}" if text.isprintable() else f"the character {text[0]!r}"
        char = self.buf[offset]
        return "a line break" if char == "\n" else f"{char!r}"

    # -- trees -------------------------------------------------------------

    def trees(self) -> Iterator[GameTree]:
        count = 0
        while True:
            while True:
                self.pos_after_ws()
                if self.pos < len(self.buf) or self.eof:
                    break
                self._fill(self.chunk_size)
            if self.pos >= len(self.buf):
                if count == 0:
                    raise self._error("no game tree found: expected '(' to start one, "
                                      "found the end of the file", self.pos)
                return
            if self.buf[self.pos] == "\ufeff":  # the byte-order mark of a file joined on with cat
                self.pos += 1
                self.column += 1
                continue
            if self.buf[self.pos] != "(":
                if count:
                    expected = "expected '(' to start another game tree, or the end of the file"
                else:
                    expected = "expected '(' to start a game tree"
                while True:
                    try:
                        message = f"{expected}, found {self._found(self.pos)}"
                        break
                    except _NeedMore:
                        self._fill(self.chunk_size)
                if self.text_hint and count == 0:
                    message += " (to read a file, pass a pathlib.Path, not a str)"
                raise self._error(message, self.pos)
            while True:
                try:
                    tree, end = self._parse_tree()
                    break
                except _NeedMore:
                    if self.eof:  # pragma: no cover - _parse_tree reports EOF itself
                        raise
                    self._fill(max(self.chunk_size, len(self.buf) - self.pos))
            line, column = self._advance(self.buf, self.pos, end, self.line, self.column)
            self.pos, self.line, self.column = end, line, column
            count += 1
            yield tree

    def pos_after_ws(self) -> None:
        end = _skip_ws(self.buf, self.pos).end()
        self.line, self.column = self._advance(self.buf, self.pos, end, self.line, self.column)
        self.pos = end

    def _parse_tree(self) -> tuple[GameTree, int]:
        """Parse the tree whose ``(`` is at ``self.pos``; return it and the offset after it."""
        buf = self.buf
        n = len(buf)
        eof = self.eof
        start = self.pos
        locator = _Locator(self.source, start, self.line, self.column)
        skip_ws = _skip_ws
        match_property = _PROPERTY.match
        match_node = _NODE.match
        match_value = _VALUE.match
        escape = _unescape
        new_node = object.__new__

        root: Node | None = None
        anchor: Node | None = None  # the node this level's first node hangs from
        last: Node | None = None  # the last node of this level's sequence
        after_variation = False  # a variation closed at this level: no more nodes here
        opened = start  # offset of this level's "("
        stack: list[tuple[Node | None, Node | None, int]] = []
        node: Node | None = None
        values: list[str] | None = None  # the property now taking values
        identifier = ""
        p = skip_ws(buf, start + 1).end()

        while True:
            if p >= n:
                if not eof:
                    raise _NeedMore
                what = "variation" if stack else "game tree"
                at = self._where(opened)
                raise self._error(
                    f"unexpected end of file: expected ')' to close the {what} "
                    f"opened at line {at[0]}, column {at[1]}", p)
            char = buf[p]
            if char == ";":
                if after_variation:
                    what = "variation" if stack else "game tree"
                    at = self._where(opened)
                    raise self._error(
                        "a node cannot follow a variation: expected '(' to start another "
                        f"variation or ')' to close the {what} opened at line {at[0]}, "
                        f"column {at[1]}", p)
                node = new_node(Node)
                node.children = []
                node._locator = locator
                node._offset = p
                if last is not None:
                    last.children.append(node)
                elif anchor is not None:
                    anchor.children.append(node)
                else:
                    root = node
                last = node
                m = match_node(buf, p)
                if m is None:  # no property, or one the general branch must look at
                    node.properties = {}
                    values = None
                    p = skip_ws(buf, p + 1).end()
                else:
                    identifier, value = m.groups()
                    if "\\" in value:
                        value = escape(value)
                    values = [value]
                    node.properties = {identifier: values}
                    p = m.end()
            elif char == "[":
                if values is None:
                    if node is None or after_variation:
                        expected = _expected(node, after_variation, bool(stack))
                        message = f"expected {expected}, found '['"
                    else:
                        message = ("a value without a property identifier: expected an "
                                   "identifier such as 'C' before '['")
                    raise self._error(message, p)
                m = match_value(buf, p)
                if m is None:
                    if not eof:
                        raise _NeedMore
                    raise self._error(
                        f"the value of property {identifier!r} is not closed: expected ']' "
                        "before the end of the file (a ']' inside a value is written '\\]')",
                        p)
                value = m.group(1)
                if "\\" in value:
                    value = escape(value)
                values.append(value)
                p = m.end()
            elif char == "(":
                if last is None:
                    raise self._error("expected ';' to start the first node, found '('", p)
                stack.append((anchor, last, opened))
                anchor, last, after_variation, opened = last, None, False, p
                node = values = None
                p = skip_ws(buf, p + 1).end()
            elif char == ")":
                if last is None:
                    what = "variation" if stack else "game tree"
                    raise self._error(
                        f"empty {what}: expected ';' and a node before ')'", p)
                if not stack:
                    p += 1
                    break
                anchor, last, opened = stack.pop()
                after_variation = True
                node = values = None
                p = skip_ws(buf, p + 1).end()
            else:
                if node is None or after_variation:
                    raise self._error(
                        f"expected {_expected(node, after_variation, bool(stack))}, "
                        f"found {self._found(p)}", p)
                m = match_property(buf, p)
                if m is None:
                    self._diagnose_property(p, eof)
                identifier, value = m.groups()
                if "\\" in value:
                    value = escape(value)
                properties = node.properties
                if identifier in properties:
                    found = _find_property_in(buf, node._offset, identifier)
                    assert found is not None  # the node was just parsed from this text
                    first = self._where(found)
                    raise self._error(
                        f"property {identifier!r} appears twice in one node (first at line "
                        f"{first[0]}, column {first[1]}); give one property several values "
                        f"instead: {identifier}[...][...]", p)
                values = properties[identifier] = [value]
                p = m.end()

        assert root is not None  # ")" closes a tree only after its first node
        locator.text = buf[start:p]
        return GameTree(root, source=self.source, line=self.line, column=self.column), p

    def _diagnose_property(self, p: int, eof: bool) -> NoReturn:
        """Explain why no property starts at ``p`` (or ask for more text)."""
        buf = self.buf
        n = len(buf)
        word = _WORD.match(buf, p)
        if word is None:
            raise self._error(f"expected {_IN_NODE}, found {self._found(p)}", p)
        if word.end() >= n and not eof:
            raise _NeedMore
        text = word.group()
        after = _skip_ws(buf, word.end()).end()
        if after >= n and not eof:
            raise _NeedMore
        if not _IDENTIFIER.fullmatch(text):
            if after < n and buf[after] == "[":
                raise self._error(
                    f"property identifier {text!r} has lowercase letters: only FF[4] "
                    "identifiers (uppercase letters and digits, e.g. 'AB') are read", p)
            raise self._error(f"expected {_IN_NODE}, found {self._found(p)}", p)
        if after >= n:
            raise self._error(
                f"unexpected end of file: property {text!r} has no value, expected '['", after)
        if buf[after] != "[":
            raise self._error(
                f"property {text!r} has no value: expected '[' after it, "
                f"found {self._found(after)}", after)
        if not eof:
            raise _NeedMore
        raise self._error(
            f"the value of property {text!r} is not closed: expected ']' before the end "
            "of the file (a ']' inside a value is written '\\]')", after)


_IN_NODE = "a property identifier (uppercase letters or digits), ';', '(' or ')'"


def _expected(node: Node | None, after_variation: bool, nested: bool) -> str:
    """What may come next, in words, where ``[`` or junk was found instead."""
    if after_variation:
        what = "variation" if nested else "game tree"
        return f"'(' to start another variation or ')' to close the {what}"
    if node is None:
        return "';' to start a node"
    return _IN_NODE


def _find_property_in(text: str, node_offset: int, identifier: str) -> int | None:
    """Offset of ``identifier`` in the node whose ``;`` is at ``node_offset``."""
    p = _skip_ws(text, node_offset + 1).end()
    while True:
        m = _PROPERTY.match(text, p)
        if m is None:
            return None
        if m.group(1) == identifier:
            return p
        p = m.end()
        while p < len(text) and text[p] == "[":
            value = _VALUE.match(text, p)
            assert value is not None  # the node was parsed from this text, so its values are closed
            p = value.end()


def _find_property(locator: _Locator, node_offset: int, identifier: str) -> int | None:
    found = _find_property_in(locator.text, node_offset - locator.base, identifier)
    return None if found is None else found + locator.base


def _open(source: Source, name: str | None, encoding: str, chunk_size: int):
    """A reader for ``source`` and, for a path, the file to close afterwards."""
    chunk_size = validation.positive_count(chunk_size, "chunk_size", high=1 << 30)
    validation.instance(name, "name", str, "text", none="the source's own")
    if isinstance(source, str):
        reader = _Reader(None, name or "<text>", encoding, chunk_size, text=source)
        # A short one-line str without any SGF in it is most likely a file name.
        reader.text_hint = not any(c in source for c in "()[];\n") and len(source) < 4096
        return reader, None
    if isinstance(source, (bytes, bytearray)):
        # Decoded as a binary file is, so a bad byte is reported with its line.
        return _Reader(io.BytesIO(source).read, name or "<bytes>", encoding, chunk_size), None
    if isinstance(source, os.PathLike):
        source = validation.path(source, "source", "read")
        with path_errors(source, "read"):  # a missing file is a RecordNotFoundError, a folder a PathError
            handle = open(source, "rb")
        return _Reader(handle.read, name or os.fspath(source), encoding, chunk_size), handle
    read = getattr(source, "read", None)
    if read is None:
        raise ArgumentTypeError(f"cannot read SGF from {type(source).__name__}: pass the text as a "
                                "str, a pathlib.Path, or an open file")
    return _Reader(read, name or str(getattr(source, "name", "<file>")), encoding,
                   chunk_size), None


def iter_trees(source: Source, *, name: str | None = None, encoding: str = "utf-8-sig",
               chunk_size: int = CHUNK_SIZE) -> Generator[GameTree, None, None]:
    """Yield the game trees of a collection one at a time, reading as it goes.

    ``source`` is a path (``pathlib.Path``), an open file (text, or binary
    decoded with ``encoding``), or the SGF text itself as a ``str`` -- a
    ``str`` is never taken as a file name. ``name`` overrides the source name
    used in errors. Only the tree being parsed is held in memory, so a
    multi-gigabyte collection is fine. A path is closed when the iterator
    finishes or is closed.

    >>> [t.root.get("GM") for t in iter_trees("(;GM[Blokus]) (;GM[Blokus Duo])")]
    ['Blokus', 'Blokus Duo']
    """
    reader, handle = _open(source, name, encoding, chunk_size)
    try:
        yield from reader.trees()
    finally:
        if handle is not None:
            handle.close()


def parse(source: Source, *, name: str | None = None,
          encoding: str = "utf-8-sig") -> list[GameTree]:
    """Every game tree of a collection, as a list (see :func:`iter_trees`).

    >>> len(parse("(;GM[Blokus])(;GM[Blokus])"))
    2
    """
    return list(iter_trees(source, name=name, encoding=encoding))


def parse_tree(source: Source, *, name: str | None = None,
               encoding: str = "utf-8-sig") -> GameTree:
    """The one game tree of a record; an error if there are more (or none).

    >>> parse_tree("(;GM[Blokus Duo];B[e10])").main_line()[1].get("B")
    'e10'
    """
    trees = iter_trees(source, name=name, encoding=encoding)
    try:
        tree = next(trees)
        extra = next(trees, None)
    finally:
        trees.close()
    if extra is not None:
        raise extra.error("a second game tree: expected one game per record "
                          "(use iter_trees or parse to read a collection)")
    return tree


# --------------------------------------------------------------------------
# Writing


def _check_property(identifier: object, values: Sequence[object]) -> None:
    if not isinstance(identifier, str) or not _IDENTIFIER.fullmatch(identifier):
        raise BlokusError(f"cannot write property identifier {identifier!r}: it must be "
                          "uppercase letters and digits (e.g. 'C', 'AB', '1')")
    if not values or isinstance(values, str):
        raise BlokusError(f"cannot write property {identifier!r} with values {values!r}: "
                          "SGF needs a list of at least one value (write [''] for an empty one)")
    for value in values:
        if not isinstance(value, str):
            raise BlokusError(f"property {identifier!r} has a value of type "
                              f"{type(value).__name__}; SGF values are text (str)")


# Identifiers already found writable: a corpus repeats a handful of them.
_WRITABLE: set[str] = set()


def _node_text(node: Node) -> str:
    """The node as one line of SGF, without indent or line break."""
    text = ";"
    for identifier, values in node.properties.items():
        if identifier not in _WRITABLE or values.__class__ is not list or not values:
            _check_property(identifier, values)
            if len(_WRITABLE) < 256:
                _WRITABLE.add(identifier)
        text += identifier
        for value in values:
            if value.__class__ is not str:
                _check_property(identifier, values)  # raises
            if "\\" in value or "]" in value:
                value = value.replace("\\", "\\\\").replace("]", "\\]")
            text += "[" + value + "]"
    return text


def dumps(trees: GameTree | Node | Iterable[GameTree | Node]) -> str:
    """SGF text for one tree (a :class:`GameTree` or root :class:`Node`) or several.

    The layout is Pentobi's: one node per line, variations on lines of their
    own, one space of indent per level; ``]`` and ``\\`` in values escaped.

    >>> print(dumps(Node({"GM": "Blokus Duo"}, [Node({"B": "e10"}), Node({"B": "j5"})])), end="")
    (
    ;GM[Blokus Duo]
    (
     ;B[e10]
    )
    (
     ;B[j5]
    )
    )
    """
    out: list[str] = []
    for tree in _as_trees(trees):
        _write_tree_parts(tree, out)
    return "".join(out)


def dump(trees: GameTree | Node | Iterable[GameTree | Node],
         target: str | os.PathLike[str] | IO[str]) -> None:
    """Write trees as SGF to a path (UTF-8) or an open text file, one tree at a time.

    Unlike :func:`iter_trees`, a ``str`` here *is* a file name.

    >>> import io; out = io.StringIO(); dump(Node({"GM": "Blokus"}), out); out.getvalue()
    '(\\n;GM[Blokus]\\n)\\n'
    """
    if isinstance(target, (str, os.PathLike)):
        # Every tree is checked and written out before the file is touched; the file is then
        # replaced whole, so a bad tree or a full disk leaves it as it was.
        path = writable_file(target, "target")
        text = dumps(trees)
        replace_file(path, lambda handle: handle.write(text))
        return
    if not callable(getattr(target, "write", None)):
        raise ArgumentTypeError(f"dump() writes to a path or an open text file, not {short_repr(target)}")
    for tree in _as_trees(trees):
        out: list[str] = []
        _write_tree_parts(tree, out)
        target.write("".join(out))


def _as_trees(trees: GameTree | Node | Iterable[GameTree | Node]) -> Iterator[GameTree | Node]:
    if isinstance(trees, (GameTree, Node)):
        yield trees
        return
    if isinstance(trees, (str, bytes)):
        raise ArgumentTypeError("dumps() writes trees, not text: pass a GameTree, a Node or a list of them")
    if not isinstance(trees, Iterable):
        raise ArgumentTypeError(f"dumps() writes a GameTree, a Node or a list of them, not {short_repr(trees)}")
    for tree in trees:
        if not isinstance(tree, (GameTree, Node)):
            raise ArgumentTypeError(f"cannot write {type(tree).__name__} as SGF: "
                                    "expected a GameTree or Node")
        yield tree


def _write_tree_parts(tree: GameTree | Node, out: list[str]) -> None:
    root = tree.root if isinstance(tree, GameTree) else tree
    out.append("(\n")
    # Stack items: a node to write at a depth, or a string to emit as is.
    stack: list[tuple[Node, int] | str] = [(root, 0)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        node, depth = item
        indent = " " * depth
        while True:
            out.append(indent + _node_text(node) + "\n")
            if len(node.children) != 1:
                break
            node = node.children[0]
        for child in reversed(node.children):
            stack.append(indent + ")\n")
            stack.append((child, depth + 1))
            stack.append(indent + "(\n")
    out.append(")\n")
