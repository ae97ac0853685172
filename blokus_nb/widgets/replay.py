"""The replay part of the board widget: a game shown one position at a time (``mode="replay"``).

The part steps through a copy of the board's game, so the game itself never
moves; a copy keeps the moves it undoes on its redo stack, so stepping is undo
and redo on the copy. It asks nothing of the board: the board tells it which
position the view asked for and sends the views what it shows. The record's
comment on the entry shown (:func:`record_comment`) is the board's in every mode but
review, whose comments are those of the tree's node shown.

>>> import blokus_nb as bn
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> replay = Replayer()
>>> len(replay.show(game, index=1, shown_index=0, at_end=False).moves)
1
>>> len(replay.show(game, index=None, shown_index=1, at_end=True).moves)  # at the end, it follows the game
2
"""

from __future__ import annotations

from ..game import Game

__all__ = ["Replayer", "record_comment"]


class Replayer:
    """The position a replaying board shows: a copy of its game, after some placements."""

    def __init__(self) -> None:
        self._copy: Game | None = None
        self._of: tuple[int, int] | None = None  # the game (and its version) the copy was made of

    def reset(self) -> None:
        """Start again from the end of the game (a new game, another mode)."""
        self._copy = None

    def show(self, game: Game, index: int | None, shown_index: int, at_end: bool, reset: bool = False) -> Game:
        """The copy of ``game`` after ``index`` placements (clipped to the game) if given; else
        as many as before (``shown_index``), or the end when it was at the end (``at_end``) or ``reset``."""
        length = len(game.moves)
        if index is not None:
            index = max(0, min(index, length))
        else:
            index = length if reset or at_end or self._copy is None else min(shown_index, length)
        if self._of != (id(game), game.version):  # the game changed: copy it again
            self._copy, self._of = None, (id(game), game.version)
        self._copy = _seek(self._copy, game, index)
        return self._copy


def _seek(replay: Game | None, game: Game, index: int) -> Game:
    """A copy of ``game`` showing its first ``index`` placements (``replay``, moved, if it is one).

    ``replay`` must come from this same state of ``game``.
    """
    if replay is None:
        replay = game.copy()
    while len(replay.moves) > index:
        replay.undo()
    while len(replay.moves) < index and replay.can_redo:
        replay.redo()
    return replay


def record_comment(shown: Game, game: Game) -> str:
    """The record's comment on the last entry shown (from ``game``, whose notes the copy lost), as text."""
    from ..records import annotations_of, metadata_of

    if not shown.history:
        return metadata_of(game).get("comment", "")
    return annotations_of(game).get(len(shown.history) - 1, {}).get("comment", "")
