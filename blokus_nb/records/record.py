"""A game as a record holds it: :class:`Record`, a :class:`~blokus_nb.Game` with what only a record has.

A :class:`~blokus_nb.Game` is the position, its moves and the rules, and
imports nothing of the records (as ``chess.Board`` never imports
``chess.pgn``). A record adds its metadata (event, date, ``sgf:XX``
properties...), notes on its moves (comment, marks, kept properties) and,
when it was read from a record with variations, that record's
:class:`~blokus_nb.Tree`. The readers (:func:`blokus_nb.load`,
:func:`blokus_nb.read_sgf`, :meth:`Tree.mainline_game
<blokus_nb.Tree.mainline_game>`) return records, and the writers
(:func:`blokus_nb.save`) take a record or a plain game (no metadata, no notes).

>>> import blokus_nb as bn
>>> record = bn.Record("duo")
>>> record.metadata["event"] = "club night"
>>> _ = record.play("e10"); record.annotations[0] = {"comment": "the monomino first?"}
>>> _ = record.undo(); record.annotations
{}
>>> _ = record.redo(); record.annotations
{0: {'comment': 'the monomino first?'}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..game import Game
from ..move import Move
from ..validation import instance
from .notes import check_text

if TYPE_CHECKING:  # pragma: no cover
    from ..variants import Variant
    from .tree import Tree

__all__ = ["Record", "metadata_of", "annotations_of", "remembered_tree", "setup_of", "first_color"]


class Record(Game):
    """A game with its record's metadata, the notes on its moves, and the tree it was read from.

    The arguments are those of :class:`~blokus_nb.Game`, and ``metadata``
    (text values). Undo takes a move's notes back with it, and redo brings
    them again; a new move forgets the moves taken back and their notes.

    >>> record = Record("duo", metadata={"event": "club night"})
    >>> record.metadata, record.annotations, record.tree is None
    ({'event': 'club night'}, {}, True)
    """

    def __init__(self, variant: str | Variant = "classic", *, players: Sequence[str] | None = None,
                 setup: Mapping[str, Iterable[str]] | None = None, to_play: str | None = None,
                 metadata: Mapping[str, str] | None = None) -> None:
        super().__init__(variant, players=players, setup=setup, to_play=to_play)
        #: Record metadata: ``event``, ``date``, ``round``, ``place``, ``comment``... (str values).
        self.metadata: dict[str, str] = _metadata(metadata)
        #: Per-move notes keyed by index into :attr:`history`: ``{"comment": ..., "TE": "1"}``
        #: (marks by their SGF identifier: ``TE``, ``BM``, ``IT``, ``DO``).
        self.annotations: dict[int, dict[str, str]] = {}
        #: The tree of the record this game was read from, when it holds more than the
        #: game (variations, nodes of notes only): saving writes it back around the game's
        #: moves (see :meth:`Tree.from_game <blokus_nb.Tree.from_game>`). ``None`` otherwise.
        #: Never changed in place, so copies share it.
        self.tree: Tree | None = None
        # The notes of the moves taken back, beside the game's redo line (the next one last),
        # keyed by offset from the move's index.
        self._redo_notes: list[dict[int, dict[str, str]]] = []

    @classmethod
    def from_game(cls, game: Game, *, metadata: Mapping[str, str] | None = None) -> Record:
        """A record of ``game``: the same start, moves and moves taken back, with ``metadata``.

        A record given is copied with its notes and tree (``metadata`` updates its own).

        >>> game = Game("duo"); _ = game.play("e10")
        >>> Record.from_game(game, metadata={"round": "1"}).history
        [Move('purple', 'e10')]
        """
        instance(game, "game", Game, "a blokus_nb.Game")
        with game.lock:
            if isinstance(game, Record):
                record = game.copy()
            else:
                record = cls(game.variant, players=game.player_names, setup=setup_of(game),
                             to_play=first_color(game))
                for move in game.history:
                    if not move.is_pass:
                        record.play(move)
                line = game.redo_line
                for move in line:
                    record.play(move)
                for _ in line:
                    record.undo()
                record.metadata.update(_metadata(metadata_of(game)))  # a plain game's deprecated dicts
                record.annotations.update({i: dict(n) for i, n in annotations_of(game).items()})
        record.metadata.update(_metadata(metadata))
        return record

    # -- notes follow their moves ------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        with self.lock:
            played = super().play(move)
            self._redo_notes.clear()
            return played

    def undo(self) -> Move:
        with self.lock:
            before = len(self.history)
            move = super().undo()
            after = len(self.history)
            self._redo_notes.append({index - after: self.annotations.pop(index)
                                     for index in range(after, before) if index in self.annotations})
            return move

    def redo(self) -> Move:
        with self.lock:
            if not self.can_redo or not self._redo_notes:
                return super().redo()
            index = len(self.history)
            notes = self._redo_notes[-1]
            # In place before the game tells its subscribers, so they see the move's notes.
            for offset, note in notes.items():
                self.annotations[index + offset] = note
            try:
                move = super().redo()
            except BaseException:
                for offset in notes:
                    self.annotations.pop(index + offset, None)
                raise
            self._redo_notes.pop()
            end = len(self.history)
            for offset in notes:
                if index + offset >= end:
                    self.annotations.pop(index + offset, None)
            return move

    def clear_redo(self) -> None:
        with self.lock:
            super().clear_redo()
            self._redo_notes.clear()

    def copy(self) -> Record:
        """An independent copy, with its own metadata and notes (listeners are not copied)."""
        with self.lock:
            other = super().copy()
            assert isinstance(other, Record)
            other.metadata = dict(self.metadata)
            other.annotations = {k: dict(v) for k, v in self.annotations.items()}
            other._redo_notes = [{k: dict(v) for k, v in notes.items()} for notes in self._redo_notes]
            return other

    def __repr__(self) -> str:
        return "<Record" + super().__repr__()[len("<Game"):]


def _metadata(metadata: object) -> dict[str, str]:
    """``metadata`` given to a record, checked: names to text."""
    if metadata is None:
        return {}
    instance(metadata, "metadata", Mapping, "a dict of names to text, like {'event': 'club night'}")
    assert isinstance(metadata, Mapping)
    for key, value in metadata.items():
        check_text(key, f"metadata key {key!r}")
        check_text(value, f"metadata[{key!r}]")
    return dict(metadata)


def metadata_of(game: Game) -> dict[str, str]:
    """``game``'s record metadata: a :class:`Record`'s own dict; for a plain game the one its
    deprecated ``Game.metadata`` made, or a new empty one.

    >>> metadata_of(Game("duo"))
    {}
    """
    instance(game, "game", Game, "a blokus_nb.Game")
    return game.metadata if isinstance(game, Record) else vars(game).get("metadata", {})


def annotations_of(game: Game) -> dict[int, dict[str, str]]:
    """``game``'s notes keyed by index into its history: a :class:`Record`'s own dict; for a plain
    game the one its deprecated ``Game.annotations`` made, or a new empty one.

    >>> annotations_of(Game("duo"))
    {}
    """
    instance(game, "game", Game, "a blokus_nb.Game")
    return game.annotations if isinstance(game, Record) else vars(game).get("annotations", {})


def remembered_tree(game: Game) -> Tree | None:
    """The tree a :class:`Record` was read from (``None`` for a plain game or a record of one line).

    >>> remembered_tree(Game("duo")) is None
    True
    """
    return game.tree if isinstance(game, Record) else None


def setup_of(game: Game) -> dict[str, list[str]] | None:
    """``game``'s setup as ``Game(setup=...)`` takes it (``None`` when it has none).

    >>> setup_of(Game("duo", setup={"purple": ["e10"]}))
    {'purple': ['e10']}
    """
    setup: dict[str, list[str]] = {}
    for color, cells in game.setup:
        setup.setdefault(color, []).append(cells)
    return setup or None


def first_color(game: Game) -> str | None:
    """The color that moved first in ``game`` (the color to move when it has no move yet).

    >>> first_color(Game("duo"))
    'purple'
    """
    history = game.history
    return history[0].color if history else game.to_play
