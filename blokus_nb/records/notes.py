"""Notes on moves -- comments, marks and the properties blokus-nb does not interpret -- checked in one place.

A note is a dict of text, the same in :attr:`Record.annotations <blokus_nb.Record.annotations>`,
in a tree node's :attr:`~blokus_nb.GameNode.notes` and in both record formats:

* ``"comment"``: the SGF comment ``C``;
* the marks ``TE`` (good move), ``BM`` (bad move), ``IT`` (interesting), ``DO`` (doubtful);
* any other SGF property of a move node that blokus-nb does not interpret
  (``N``, ``LB``, ``V``...), under its identifier, kept and written back.
  A property with several values is their text joined by line breaks, as for
  ``sgf:XX`` metadata.

A key naming a property blokus-nb interprets (a move ``B``, ``W``, ``1``..``4``;
setup ``AB``, ``AW``, ``A1``..``A4``, ``AE``, ``PL``; a root property such as
``GM``, ``PB`` or ``DT``; ``C``, which is ``"comment"``) would change the game
when written, so it is refused: by the readers, by the tree, and on save.
The reader and the writer both go through :func:`check_note`,
:func:`note_from_properties` and :func:`note_properties`.

>>> note_properties({"comment": "a strong start", "TE": "1", "LB": "e10:A\\nj5:B"})
{'C': ['a strong start'], 'TE': ['1'], 'LB': ['e10:A', 'j5:B']}
>>> check_note({"B": "d9,c10,d10,e10,d11"}, "annotations[0]")
Traceback (most recent call last):
...
blokus_nb.errors.BlokusError: annotations[0] has key 'B', a move property: written to a record it would be another move (keys are 'comment', the marks TE, BM, IT, DO, or a property blokus-nb does not interpret, such as 'N')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import BlokusError, short_repr
from .properties import ALL_MOVE_KEYS, METADATA, PLAYER_KEYS, SETUP

__all__ = ["COMMENT", "MARKS", "check_text", "check_note", "note_key_problem", "note_from_properties",
           "note_properties", "property_values", "merge_notes", "with_line_breaks"]

#: The note key of the SGF comment ``C``.
COMMENT = "comment"
#: The move marks Pentobi reads and writes.
MARKS = ("TE", "BM", "IT", "DO")
_IDENTIFIER = re.compile(r"[A-Z0-9]+")
#: Root properties: they describe the game, so a move node may not hold them.
_ROOT_ONLY = frozenset({*METADATA, *PLAYER_KEYS, "GM", "CA", "SZ", "FF", "ST"})
_HINT = ("keys are 'comment', the marks TE, BM, IT, DO, or a property blokus-nb does not "
         "interpret, such as 'N'")


def check_text(value: Any, what: str) -> None:
    """Refuse what a record cannot hold as text: anything not a ``str``, and a lone surrogate.

    >>> check_text("Ann", "the name of player 1")
    """
    if not isinstance(value, str):
        raise BlokusError(f"{what} is {value!r} ({type(value).__name__}); records hold text only, "
                          f"so write it as a str (e.g. {str(value)!r})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BlokusError(f"{what} holds {value[error.start:error.end]!r} at position {error.start}, "
                          "which UTF-8 cannot encode (a lone surrogate); fix the text") from None


def note_key_problem(key: object) -> str | None:
    """Why ``key`` cannot be a note key (``None``: it can).

    >>> note_key_problem("TE") is None, note_key_problem("N") is None
    (True, True)
    >>> note_key_problem("AB")
    "'AB', a setup property: written to a record it would place pieces"
    """
    if key == COMMENT:
        return None
    if not isinstance(key, str):
        return f"{short_repr(key)} ({type(key).__name__}), which is not text"
    if key == "C":
        return "'C', the comment: write it under 'comment'"
    if key in ALL_MOVE_KEYS:
        return f"{key!r}, a move property: written to a record it would be another move"
    if key in SETUP:
        return f"{key!r}, a setup property: written to a record it would place pieces"
    if key in _ROOT_ONLY:
        return (f"{key!r}, a property of the whole game (its root node): keep it in the "
                "game's metadata instead")
    if not _IDENTIFIER.fullmatch(key):
        return (f"{short_repr(key)}, which is not an SGF property identifier (uppercase letters "
                "and digits) and so could not be written")
    return None


def check_note(note: Any, what: str) -> None:
    """Refuse a note a record could not hold or read back as it is (``what`` names it).

    >>> check_note({"comment": "fine", "N": "move name"}, "annotations[3]")
    >>> check_note({"TE": 1}, "annotations[3]")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: annotations[3]['TE'] is 1 (int); records hold text only, so write it as a str (e.g. '1')
    """
    if not isinstance(note, Mapping):
        raise BlokusError(f"{what} is a note: a dict of text like {{'comment': 'a strong move', "
                          f"'TE': '1'}}, not {short_repr(note)}")
    for key, value in note.items():
        problem = note_key_problem(key)
        if problem:
            raise BlokusError(f"{what} has key {problem} ({_HINT})")
        check_text(value, f"{what}[{key!r}]")


def with_line_breaks(note: Mapping[str, str]) -> dict[str, str]:
    """``note`` with every line break written ``\\n``, as SGF reads them all (a tree keeps notes so,
    so that it reads back from SGF exactly as it was).

    >>> with_line_breaks({"comment": "a\\r\\nb\\rc"})
    {'comment': 'a\\nb\\nc'}
    """
    return {key: value.replace("\r\n", "\n").replace("\r", "\n") for key, value in note.items()}


def note_from_properties(properties: Mapping[str, list[str]],
                         fail: Callable[[str, str], BlokusError]) -> dict[str, str]:
    """The note of an SGF move node's properties (its move property already taken out).

    ``fail(message, identifier)`` makes the error for a property a note may not hold.

    >>> note_from_properties({"C": ["nice"], "LB": ["e10:A", "j5:B"]}, None)
    {'comment': 'nice', 'LB': 'e10:A\\nj5:B'}
    """
    note: dict[str, str] = {}
    for identifier, values in properties.items():
        key = COMMENT if identifier == "C" else identifier
        problem = note_key_problem(key)
        if problem:
            raise fail(f"{identifier}[...] in a move node: {problem}", identifier)
        note[key] = values[0] if key == COMMENT else "\n".join(values)
    return note


def note_properties(note: Mapping[str, str]) -> dict[str, list[str]]:
    """The SGF properties that hold ``note`` (checked first with :func:`check_note`)."""
    return {("C" if key == COMMENT else key): ([value] if key == COMMENT else property_values(value))
            for key, value in note.items()}


def property_values(text: str) -> list[str]:
    """The values of a property kept as text: one per line (SGF reads every line break as ``\\n``).

    >>> property_values("e10:A\\r\\nj5:B")
    ['e10:A', 'j5:B']
    """
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def merge_notes(notes: Iterable[Mapping[str, str]]) -> dict[str, str]:
    """The notes of several nodes (or history entries) that are one entry of the other side, in order.

    The one rule for every merge of notes (the readers, JSON, a move and its
    automatic passes saved as one node): nothing is dropped. A key given
    again with another value keeps both, joined as several values of one
    property are (a line break; comments, a blank line); the same value
    given again is kept once.

    >>> merge_notes([{"comment": "a", "N": "first idea"}, {"comment": "b", "N": "second idea"}])
    {'comment': 'a\\n\\nb', 'N': 'first idea\\nsecond idea'}
    """
    values: dict[str, list[str]] = {}
    for note in notes:
        for key, value in note.items():
            kept = values.setdefault(key, [])
            if value not in kept:
                kept.append(value)
    return {key: ("\n\n" if key == COMMENT else "\n").join(kept) for key, kept in values.items()}
