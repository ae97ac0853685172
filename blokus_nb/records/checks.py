"""Checks shared by both record formats: move text length and text fields (text itself:
:func:`~blokus_nb.records.notes.check_text`).

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
from .notes import check_note, check_text
from .properties import sgf_key_problem
from .record import Record, annotations_of, metadata_of

__all__ = ["MAX_MOVE_TEXT", "check_move_text", "check_text", "check_text_fields", "sgf_result",
           "check_recorded_result", "written_metadata"]



def check_move_text(text: str, fail: Any) -> None:
    """Refuse move text longer than any move (:data:`~blokus_nb.move.MAX_MOVE_TEXT`) with the
    record's own error, which says where in the file it is."""
    if len(text) > MAX_MOVE_TEXT:
        raise fail(f"a move of {len(text)} characters; a move names at most 5 cells "
                   f"(at most {MAX_MOVE_TEXT} characters)")


def check_text_fields(game: Game) -> None:
    """Refuse, before anything is written, what a record could not hold or read back."""
    for number, name in enumerate(game.player_names, start=1):
        check_text(name, f"the name of player {number}")
    for key, value in metadata_of(game).items():
        check_text(key, f"metadata key {key!r}")
        check_text(value, f"metadata[{key!r}]")
        problem = sgf_key_problem(key)
        if problem:
            raise BlokusError(problem)
    for index, note in annotations_of(game).items():
        if type(index) is not int or not 0 <= index < len(game.history):
            raise BlokusError(f"annotation key {index!r} is not the index of a move in the history")
        check_note(note, f"annotations[{index}]")


def sgf_result(game: Game) -> str | None:
    """RE of a finished two-color game, as Pentobi writes it (``B+3``, ``W+1``, ``0``).

    ``None`` where the moves give no such result (an unfinished game, or four colors).
    """
    if not game.is_over or len(game.variant.colors) != 2:
        return None
    points = game.player_scores("points")
    diff = points[1] - points[2]
    return "0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"


def written_metadata(metadata: dict[str, str], result: str | None) -> dict[str, str]:
    """The metadata a record gets: where the moves give a result (``result``), it is the ``"result"`` kept.

    A result kept from before an undo is replaced by the game's own; where
    the moves give none (four colors, an unfinished game) the recorded text
    is kept and written back. Both formats write this, so a saved game reads
    back with the same metadata.
    """
    written = dict(metadata)
    if result is not None and "result" in written:
        written["result"] = result
    return written


def check_recorded_result(game: Record, fail: Any) -> None:
    """Refuse, on reading, a result in the metadata (SGF ``RE``) that the moves contradict (one they
    give is kept as the writers write it).

    Where the moves give a result (a finished two-color game) the record must
    agree with it; elsewhere (four colors, an unfinished game) the recorded
    text is kept as it is and written back.
    """
    recorded, computed = game.metadata.get("result"), sgf_result(game)
    if isinstance(recorded, str) and computed is not None:
        if recorded.strip() != computed:
            raise fail(f"the recorded result RE[{recorded}] does not match the moves, which give "
                       f"{computed}")
        game.metadata["result"] = computed  # as the writers write it, so a saved game reads back the same
