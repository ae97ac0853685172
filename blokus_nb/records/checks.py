"""Checks shared by both record formats: move text length and text fields.

>>> check_text("Ann", "a name")
>>> check_text(3, "metadata['round']")
Traceback (most recent call last):
...
blokus_nb.errors.BlokusError: metadata['round'] is 3 (int); records hold text only, so write it as a str (e.g. '3')
"""

from __future__ import annotations

from typing import Any

from ..errors import BlokusError
from ..game import Game
from ..move import MAX_MOVE_TEXT
from .properties import _sgf_key_problem

__all__ = ["MAX_MOVE_TEXT", "check_move_text", "check_text", "check_text_fields"]



def check_move_text(text: str, fail: Any) -> None:
    """Refuse move text longer than any move (:data:`~blokus_nb.move.MAX_MOVE_TEXT`) with the
    record's own error, which says where in the file it is."""
    if len(text) > MAX_MOVE_TEXT:
        raise fail(f"a move of {len(text)} characters; a move names at most 5 cells "
                   f"(at most {MAX_MOVE_TEXT} characters)")


def check_text(value: Any, what: str) -> None:
    if not isinstance(value, str):
        raise BlokusError(f"{what} is {value!r} ({type(value).__name__}); records hold text only, "
                          f"so write it as a str (e.g. {str(value)!r})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BlokusError(f"{what} holds {value[error.start:error.end]!r} at position {error.start}, "
                          "which UTF-8 cannot encode (a lone surrogate); fix the text") from None


def check_text_fields(game: Game) -> None:
    """Refuse, before anything is written, what a record could not hold or read back."""
    for number, name in enumerate(game.player_names, start=1):
        check_text(name, f"the name of player {number}")
    for key, value in game.metadata.items():
        check_text(key, f"metadata key {key!r}")
        check_text(value, f"metadata[{key!r}]")
        problem = _sgf_key_problem(key)
        if problem:
            raise BlokusError(problem)
    for index, note in game.annotations.items():
        if not isinstance(index, int) or not 0 <= index < len(game.history):
            raise BlokusError(f"annotation key {index!r} is not the index of a move in the history")
        for key, value in note.items():
            check_text(key, f"annotation key {key!r} of move {index}")
            check_text(value, f"annotations[{index}][{key!r}]")
