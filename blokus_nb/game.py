"""The game object: rules, turns, passes, history, undo/redo, scores and winners.

>>> import blokus_nb as bn
>>> game = bn.Game()
>>> game.play("c18,a19,b19,c19,a20")
Move('blue', 'c18,a19,b19,c19,a20')
>>> game.to_play, len(game.legal_moves())
('yellow', 58)
>>> game.undo()
Move('blue', 'c18,a19,b19,c19,a20')
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import traceback
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

import numpy as np

from .coords import COLUMNS, cell_index
from .engine import Board
from .errors import ArgumentTypeError, BlokusError, IllegalMoveError, InvalidMoveError
from .geometry import mask_cells, mask_names
from .move import MAX_MOVE_TEXT, LegalMoves, Move, interned_move, parse_placement, shown
from .pieces import PIECES, TOTAL_SQUARES, Piece
from .validation import choice
from .variants import Variant, get_variant

__all__ = ["Game", "SCORINGS"]

#: The scorings :meth:`Game.scores` knows: ``basic`` (squares left in hand, lowest
#: wins), ``advanced`` (-1 per square left, +15 for placing all 21 pieces, +20
#: instead when the monomino was placed last; highest wins) and ``points``
#: (Pentobi's: squares on the board plus that bonus, i.e. 89 + advanced).
SCORINGS = ("basic", "advanced", "points")


_Method = TypeVar("_Method", bound=Callable)

#: What a Game held before records moved out (blokus_nb.Record holds them now).
_RECORD_FIELDS = ("_tree",)  # what a 0.4 pickle held that a Game no longer keeps


def _locked(method: _Method) -> _Method:
    """Run ``method`` while holding the game's :attr:`Game.lock`, so the call is atomic."""
    @functools.wraps(method)
    def locked(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)
    return locked  # type: ignore[return-value]


def _player_names(players: object) -> list[str]:
    """The names given to ``Game(players=...)``, checked: a list of texts."""
    if players is None:
        return []
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise ArgumentTypeError(f"players is a list of names, like ['Ann', 'Bob'], not {players!r}")
    names = list(players)
    for name in names:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"player names are text, not {type(name).__name__} {name!r}")
    return names


class Game:
    """A game of Blokus: the position, whose turn it is, and every move so far.

    ``variant`` is ``"classic"`` (default), ``"classic_2"``, ``"classic_3"`` or
    ``"duo"``. A color that cannot move passes automatically; the pass is
    recorded in :attr:`history`. ``players`` names the players (``P1``...).
    ``setup`` places pieces before play without checking the placement rules
    (as SGF setup properties do); ``to_play`` then says which color moves first.

    A game may be shared between threads: every public method holds
    :attr:`lock` while it reads or changes the position, so each call is
    atomic. Hold the lock yourself to make several calls one step::

        with game.lock:
            if game.history == expected:
                game.play(move)
    """

    def __init__(self, variant: str | Variant = "classic", *, players: Sequence[str] | None = None,
                 setup: Mapping[str, Iterable[str]] | None = None, to_play: str | None = None) -> None:
        #: A re-entrant lock held by every public method that reads or changes the
        #: position; hold it to make several calls atomic. Subscribers run under it.
        self.lock = threading.RLock()
        self.variant: Variant = get_variant(variant)
        v = self.variant
        self._board = Board(v.size, [cell_index(v.start_cells[c], v.size) for c in v.colors])
        names = _player_names(players)
        if len(names) > v.n_players:
            raise BlokusError(f"{v.name} has {v.n_players} players, got {len(names)} names")
        #: Player names, one per player (``P1``..``P4`` / ``PB``, ``PW`` in SGF).
        self.player_names: list[str] = names + [f"Player {i}" for i in range(len(names) + 1, v.n_players + 1)]
        #: Setup placements as ``(color, move text)`` (see SGF ``AB``/``A1``...): the start
        #: position, which the rules play from (a record's metadata and notes live in
        #: :class:`blokus_nb.Record`, which imports this module, never the reverse).
        self.setup: list[tuple[str, str]] = []
        self._history: list[Move] = []
        self._states: list[tuple] = []  # (board snapshot, to_play, stuck) before each history entry
        self._stuck = 0  # bit c: colors[c] is known to have no legal move left
        # Moves taken back, the next one to redo last.
        self._redo: list[Move] = []
        self._listeners: list[Callable[[Game], None]] = []
        # The last list legal_moves() made, and the position it was made in:
        # play() trusts a move from it without checking the rules again.
        self._position = 0  # changes with every change of the board
        self._offered: tuple[int, LegalMoves] | None = None
        #: Increases by one with every change of the position.
        self.version = 0
        self._to_play: int | None = 0
        if setup:
            if not isinstance(setup, Mapping):
                raise ArgumentTypeError("setup maps colors to their pieces' cells, like "
                                  f"{{'blue': ['a20', 'c18,c19,c20']}}, not {type(setup).__name__}")
            for color, moves in setup.items():
                ci = self._color_index(color)
                if not isinstance(moves, (str, list, tuple)):
                    raise ArgumentTypeError(f"setup for {color} is a move text or a list of them, "
                                      f"not {type(moves).__name__} {moves!r}")
                for text in ([moves] if isinstance(moves, str) else moves):
                    pid = parse_placement(text, v.size)
                    if pid is None or self._board.occupied & self._board.geo.masks[pid]:
                        raise BlokusError(f"setup piece {text!r} of {color} overlaps or is a pass")
                    piece = self._board.geo.pieces[pid]
                    if not self._board.hand[ci] >> piece & 1:
                        raise BlokusError(f"setup places {color}'s {PIECES[piece].name} piece twice "
                                          f"(again at {text!r}); each color has one of each piece")
                    self._board.place(ci, pid)
                    self.setup.append((color, ",".join(self._board.geo.cell_names(pid))))
        if to_play is not None:
            self._to_play = self._color_index(to_play)
        self._settle()

    # -- facts -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """Board width and height (20, or 14 for Duo)."""
        return self.variant.size

    @property
    def colors(self) -> tuple[str, ...]:
        """The colors in playing order."""
        return self.variant.colors

    @property
    def board(self) -> Board:
        """The engine position (for AI players and analysis; do not change it)."""
        return self._board

    @property
    @_locked
    def to_play(self) -> str | None:
        """The color to move, or ``None`` when the game is over."""
        return None if self._to_play is None else self.colors[self._to_play]

    @property
    @_locked
    def player_to_play(self) -> int | None:
        """The player (1-based) to move, or ``None`` when the game is over."""
        color = self.to_play
        return None if color is None else self.variant.player_of(color, self.moves_played(color))

    @property
    @_locked
    def is_over(self) -> bool:
        """Whether no color can move any more."""
        return self._to_play is None

    @property
    @_locked
    def history(self) -> list[Move]:
        """Every move and pass so far, in order (a copy)."""
        return list(self._history)

    @property
    @_locked
    def moves(self) -> list[Move]:
        """The placements so far, without passes."""
        return [m for m in self._history if not m.is_pass]

    @property
    @_locked
    def last_move(self) -> Move | None:
        """The last placement (passes skipped), or ``None``."""
        for move in reversed(self._history):
            if not move.is_pass:
                return move
        return None

    @property
    @_locked
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back."""
        return any(not m.is_pass for m in self._history)

    @property
    @_locked
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a move to replay."""
        return bool(self._redo)

    @property
    @_locked
    def redo_line(self) -> list[Move]:
        """The moves :meth:`undo` took back, in the order :meth:`redo` plays them again (a copy).

        >>> game = Game("duo"); _ = game.play("e10"); _ = game.undo()
        >>> game.redo_line
        [Move('purple', 'e10')]
        """
        return list(reversed(self._redo))

    @_locked
    def moves_played(self, color: str) -> int:
        """How many pieces ``color`` has placed."""
        ci = self._color_index(color)
        return 21 - self._board.hand[ci].bit_count()

    @_locked
    def remaining_pieces(self, color: str) -> list[Piece]:
        """The pieces ``color`` still holds, in catalogue order."""
        hand = self._board.hand[self._color_index(color)]
        return [p for p in PIECES if hand >> p.index & 1]

    @_locked
    def squares_placed(self, color: str) -> int:
        """Squares ``color`` covers on the board."""
        return self._board.own[self._color_index(color)].bit_count()

    @_locked
    def owner(self, cell: str) -> str | None:
        """The color covering ``cell`` (a name like ``"e10"``), or ``None``."""
        index = cell_index(cell, self.size)
        for color, own in zip(self.colors, self._board.own):
            if own >> index & 1:
                return color
        return None

    @_locked
    def board_array(self) -> np.ndarray:
        """The board as a ``(size, size)`` int8 array, row 0 at the top: 0 empty, k = ``colors[k-1]``."""
        n = self.size
        flat = np.zeros(n * n, dtype=np.int8)
        for k, own in enumerate(self._board.own, start=1):
            flat[mask_cells(own)] = k
        return flat.reshape(n, n)

    @_locked
    def corner_points(self, color: str) -> list[str]:
        """Cells where a new piece of ``color`` may attach (its start square before its first move)."""
        return mask_names(self._board.attach(self._color_index(color)), self.size)

    @_locked
    def forbidden_cells(self, color: str) -> list[str]:
        """Empty cells ``color`` may never cover: those beside its own pieces."""
        board = self._board
        return mask_names(board.blocked[self._color_index(color)] & ~board.occupied, self.size)

    # -- legal moves -------------------------------------------------------------
    @_locked
    def legal_moves(self, color: str | None = None) -> LegalMoves:
        """Every legal move of ``color`` (default: the color to move) in this position.

        Moves of a color that is not to play are the moves it would have if it
        were. When the game is over, the color to move has none. The result is
        a list-like :class:`~blokus_nb.move.LegalMoves` that builds move objects
        only as they are read, and :meth:`play` accepts its moves without
        checking the rules a second time.
        """
        if color is None:
            if self._to_play is None:
                return LegalMoves(self.colors[0], self.size, [])
            ci = self._to_play
        else:
            ci = self._color_index(color)
        moves = LegalMoves(self.colors[ci], self.size, self._board.legal_bitsets(ci))
        self._offered = (self._position, moves)
        return moves

    @_locked
    def count_legal_moves(self, color: str | None = None) -> int:
        """``len(legal_moves(color))``, computed without building the moves."""
        if color is None:
            return 0 if self._to_play is None else self._board.count_legal(self._to_play)
        return self._board.count_legal(self._color_index(color))

    @_locked
    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a Move, or text for the color to move) may be played now."""
        try:
            color, pid = self._read(move)
        except BlokusError:
            return False
        return self._why_illegal(color, pid, move) is None

    @_locked
    def parse_move(self, text: str, color: str | None = None) -> Move:
        """Read move text for ``color`` (default: the color to move) without checking legality."""
        color = color or self.to_play or self.colors[0]
        return Move(color, parse_placement(text, self.size), self.size)

    # -- changes -------------------------------------------------------------------
    @_locked
    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its text) for the color to move, and return it.

        Colors that then cannot move pass automatically. Raises
        :class:`IllegalMoveError` or :class:`InvalidMoveError` and changes
        nothing when the move may not be played.
        """
        offered = self._offered
        if (offered is not None and offered[0] == self._position and isinstance(move, Move)
                and self._to_play is not None and move.color == self.colors[self._to_play]
                and offered[1].offers(move)):
            played = self._push(move.color, move.placement, move)  # the engine just listed it here
        else:
            color, pid = self._read(move)
            error = self._why_illegal(color, pid, move)
            if error is not None:
                raise error
            played = self._push(color, pid)
        self._redo.clear()
        self._changed()
        return played

    @_locked
    def undo(self) -> Move:
        """Take back the last placement (and the automatic passes after it); return it."""
        if not self.can_undo:
            raise BlokusError("there is no move to undo")
        while True:
            move = self._pop()
            if not move.is_pass:
                break
        self._redo.append(move)
        self._changed()
        return move

    @_locked
    def redo(self) -> Move:
        """Play again the last move taken back with :meth:`undo`; return it."""
        if not self._redo:
            raise BlokusError("there is no move to redo")
        move = self._redo[-1]
        if self._why_illegal(move.color, move.placement, move) is not None:
            raise BlokusError(f"cannot redo {move}: it is no longer legal")
        self._redo.pop()
        played = self._push(move.color, move.placement)
        self._changed()
        return played

    @_locked
    def clear_redo(self) -> None:
        """Forget the moves taken back, so that :meth:`redo` has none (as after :meth:`play`).

        A reader that walks a record's variations with :meth:`play` and
        :meth:`undo` calls this on the game it hands out.

        >>> game = Game("duo"); _ = game.play("e10"); _ = game.undo(); game.clear_redo()
        >>> game.can_redo
        False
        """
        self._redo.clear()

    @_locked
    def copy(self) -> Game:
        """An independent copy (listeners are not copied), of the same class."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._board = self._board.copy()
        other.player_names = list(self.player_names)
        other.setup = list(self.setup)
        other._history = list(self._history)
        other._states = list(self._states)
        other._redo = list(self._redo)
        other._listeners = []
        other.lock = threading.RLock()
        return other

    def __getstate__(self) -> dict:
        # A lock cannot be pickled, and subscribers belong to this live object
        # (as with copy(), they are not carried over).
        with self.lock:
            state = dict(self.__dict__)
        del state["lock"]
        state["_listeners"] = []
        state["_offered"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(state)
        # Pickled by 0.4 or earlier, when a redo entry carried the move's notes and a Game held
        # a record's metadata, notes and tree (now blokus_nb.Record's): the moves are kept, and
        # the metadata and notes as the deprecated Game.metadata and Game.annotations.
        state["_redo"] = [entry[0] if isinstance(entry, tuple) else entry for entry in state.get("_redo", [])]
        if type(self) is Game:
            for key in _RECORD_FIELDS:
                state.pop(key, None)
        self.__dict__.update(state)
        self.lock = threading.RLock()

    def __getattr__(self, name: str):
        # Only reached when normal lookup fails. A Game held a record's metadata and notes up to
        # 0.4; they are blokus_nb.Record's now. For one release a plain game still gets the two
        # dicts on first use, with a warning, and bn.save and the record writers write them.
        if name in ("metadata", "annotations") and type(self) is Game:
            warnings.warn(f"Game.{name} is deprecated and goes in 0.5: {name} belong to a record, "
                          f"bn.Record (what bn.load and bn.read_sgf return; bn.Record.from_game(game, "
                          f"metadata=...) makes one of a game)", DeprecationWarning, stacklevel=2)
            value: dict = {}
            self.__dict__[name] = value
            return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @_locked
    def subscribe(self, callback: Callable[[Game], None]) -> None:
        """Call ``callback(game)`` after every change of the position.

        The callback runs in the thread that made the change, while that thread
        still holds :attr:`lock`: it sees exactly the position the change made,
        and may call the game's methods, but must not wait for another thread
        that uses this game. An exception in a callback is printed to stderr;
        it neither undoes the change nor keeps the other callbacks from running.
        """
        if callback not in self._listeners:
            self._listeners.append(callback)

    @_locked
    def unsubscribe(self, callback: Callable[[Game], None]) -> None:
        """Stop calling ``callback``."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    # -- scores ------------------------------------------------------------------------
    @_locked
    def scores(self, scoring: str = "advanced") -> dict[str, int]:
        """Each color's score under ``scoring`` (see :data:`SCORINGS`).

        >>> Game("duo").scores("basic")
        {'purple': 89, 'orange': 89}
        """
        choice(scoring, "scoring", SCORINGS)
        board = self._board
        if scoring == "basic":
            return {color: TOTAL_SQUARES - board.own[ci].bit_count() for ci, color in enumerate(self.colors)}
        offset = 0 if scoring == "points" else TOTAL_SQUARES  # advanced = points - 89
        return {color: board.points(ci) - offset for ci, color in enumerate(self.colors)}

    @_locked
    def player_scores(self, scoring: str = "advanced") -> dict[int, int]:
        """Each player's score (1-based player numbers): the sum of the colors they score.

        In ``classic_2`` a player scores two colors; in ``classic_3`` the shared
        green is not scored.
        """
        colors = self.scores(scoring)
        return {p: sum(colors[c] for c in self.variant.colors_of(p))
                for p in range(1, self.variant.n_players + 1)}

    @_locked
    def winners(self, scoring: str = "advanced") -> list[int]:
        """The players (1-based) with the best score: all of them on a tie.

        Final once :attr:`is_over`; before that, who leads now.
        """
        scores = self.player_scores(scoring)
        best = (min if scoring == "basic" else max)(scores.values())
        return [p for p, s in scores.items() if s == best]

    def player_label(self, player: int) -> str:
        """``"Player 1 (purple, Ann)"``: number, colors scored and name (when it has one)."""
        parts = list(self.variant.colors_of(player))
        name = self.player_names[player - 1]
        if name != f"Player {player}":
            parts.append(name)
        return f"Player {player} ({', '.join(parts)})"

    @_locked
    def result(self) -> str:
        """The result by Pentobi's points, in words.

        >>> Game("duo").result()
        'Players 1, 2 tie on 0 points'
        """
        scores = self.player_scores("points")
        winners = self.winners("points")
        if len(winners) > 1:
            return f"Players {', '.join(map(str, winners))} tie on {scores[winners[0]]} points"
        ordered = sorted(scores.values(), reverse=True)
        margin = ordered[0] - ordered[1]
        return f"{self.player_label(winners[0])} wins by {margin} point{'s' if margin != 1 else ''}"

    # -- text and pictures ---------------------------------------------------------------
    @_locked
    def text_board(self) -> str:
        """The board as text: one letter per color (``B Y R G``, ``P O`` in Duo), ``.`` empty."""
        n = self.size
        letters = "." + "".join(c[0].upper() for c in self.colors)
        grid = self.board_array()
        header = "    " + " ".join(COLUMNS[:n])
        rows = [f"{n - y:>3} " + " ".join(letters[v] if v else "." for v in grid[y]) for y in range(n)]
        return "\n".join([header] + rows)

    @_locked
    def to_svg(self, size: int = 400, *, last_move: bool = True, coordinates: bool = True) -> str:
        """The position as an SVG picture ``size`` pixels wide (see :func:`blokus_nb.render.board_svg`)."""
        from .render import board_svg

        return board_svg(self, size=size, last_move=last_move, coordinates=coordinates)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    @_locked
    def __str__(self) -> str:
        state = "game over: " + self.result() if self.is_over else f"{self.to_play} to play"
        return f"{self.text_board()}\n{self.variant.name}, {len(self.moves)} moves, {state}"

    @_locked
    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.to_play} to play"
        return f"<Game {self.variant.name}: {len(self.moves)} moves, {state}>"

    # -- records: deprecated ---------------------------------------------------------------------
    # Records import the game, never the reverse (as chess.Board never imports chess.pgn):
    # these four stay for one release as shims, and their imports are not part of the
    # import graph (tests/test_imports.py).
    def to_sgf(self) -> str:
        """Deprecated: use :func:`blokus_nb.records.to_sgf`.

        >>> import blokus_nb as bn
        >>> bn.records.to_sgf(bn.Game("duo")).startswith("(")
        True
        """
        warnings.warn("Game.to_sgf() is deprecated; use blokus_nb.records.to_sgf(game)",
                      DeprecationWarning, stacklevel=2)
        from .records import to_sgf

        return to_sgf(self)

    def to_json(self, indent: int | None = 2) -> str:
        """Deprecated: use :func:`blokus_nb.records.to_json`.

        >>> import blokus_nb as bn
        >>> bn.records.to_json(bn.Game("duo"), indent=None).startswith('{"format": "blokus-nb"')
        True
        """
        warnings.warn("Game.to_json() is deprecated; use blokus_nb.records.to_json(game, indent=...)",
                      DeprecationWarning, stacklevel=2)
        from .records import to_json

        return to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Deprecated: use :func:`blokus_nb.records.game_from_json` (or :func:`blokus_nb.load`).

        >>> import blokus_nb as bn
        >>> bn.records.game_from_json('{"format": "blokus-nb", "version": 1, "variant": "duo", "moves": []}').variant.name
        'duo'
        """
        warnings.warn("Game.from_json() is deprecated; use blokus_nb.records.game_from_json(text)",
                      DeprecationWarning, stacklevel=2)
        from .records import game_from_json

        return game_from_json(text)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Deprecated: use :func:`blokus_nb.save` (``bn.save(game, path)``).

        >>> import blokus_nb as bn
        >>> bn.save  # doctest: +ELLIPSIS
        <function save at ...>
        """
        warnings.warn("Game.save(path) is deprecated; use blokus_nb.save(game, path)",
                      DeprecationWarning, stacklevel=2)
        from .records import save

        save(self, path)

    # -- internals ---------------------------------------------------------------------------
    def _color_index(self, color: str) -> int:
        try:
            return self.colors.index(color)
        except ValueError:
            raise BlokusError(f"{color!r} is not a color of {self.variant.name}; "
                              f"colors are {', '.join(self.colors)}") from None

    def _read(self, move: Move | str) -> tuple[str, int | None]:
        if isinstance(move, Move):
            if move.size != self.size:
                raise InvalidMoveError(f"{move!r} is a move for a {move.size}x{move.size} board, "
                                       f"this is {self.size}x{self.size}")
            if move.color not in self.colors:
                raise InvalidMoveError(f"{move.color!r} is not a color of {self.variant.name}")
            return move.color, move.placement
        color = self.to_play
        if color is None:
            if not isinstance(move, str):
                parse_placement(move, self.size)  # says what a move is
            raise IllegalMoveError(f"cannot play {shown(move)}: the game is over", rule="game-over",
                                   move=move if len(move) <= MAX_MOVE_TEXT else shown(move))
        return color, parse_placement(move, self.size)

    def _why_illegal(self, color: str, pid: int | None, move: Move | str) -> IllegalMoveError | None:
        # ``move`` is written out only for an error: a legal move's text (its cells' names) is not needed
        board, geo = self._board, self._board.geo
        if self._to_play is None:
            return IllegalMoveError(f"cannot play {color} {move}: the game is over",
                                    rule="game-over", move=str(move))
        if color != self.colors[self._to_play]:  # the color to move (to_play, without its lock again)
            return IllegalMoveError(f"cannot play {color} {move}: it is {self.to_play}'s turn, "
                                    f"not {color}'s", rule="wrong-color", move=str(move))
        ci = self._to_play
        if pid is None:
            if board.has_legal(ci):
                return IllegalMoveError(f"{color} has legal moves, so it may not pass",
                                        rule="pass", move=str(move))
            return None
        piece = PIECES[geo.pieces[pid]]
        mask = geo.masks[pid]
        if not board.hand[ci] >> piece.index & 1:
            return IllegalMoveError(f"{color} has already placed the {piece.name} piece, so it cannot "
                                    f"cover {', '.join(geo.cell_names(pid))}",
                                    rule="piece-used", move=str(move), cells=geo.cell_names(pid))
        taken = mask & board.occupied
        if taken:
            cells = mask_names(taken, self.size)
            return IllegalMoveError(f"{', '.join(cells)} {'is' if len(cells) == 1 else 'are'} "
                                    "already covered", rule="overlap", move=str(move), cells=cells)
        beside = mask & board.blocked[ci]  # not overlapping, so blocked here means beside its own
        if beside:
            cells = mask_names(beside, self.size)
            return IllegalMoveError(f"{', '.join(cells)} would touch {color}'s own pieces along a side",
                                    rule="side-contact", move=str(move), cells=cells)
        if not board.own[ci]:
            start = self.variant.start_cells[color]
            if not mask >> cell_index(start, self.size) & 1:
                return IllegalMoveError(f"{color}'s first piece must cover its start square {start}, "
                                        f"and {', '.join(geo.cell_names(pid))} does not",
                                        rule="start-square", move=str(move), cells=[start])
        elif not mask & board.corners[ci]:
            return IllegalMoveError(f"{', '.join(geo.cell_names(pid))} does not touch any {color} piece "
                                    "at a corner", rule="no-corner-contact", move=str(move),
                                    cells=geo.cell_names(pid))
        return None

    def _push(self, color: str, pid: int | None, move: Move | None = None) -> Move:
        board, mover = self._board, self._to_play
        assert mover is not None  # a move is pushed only after it is found legal, so the game goes on
        if move is None:
            move = Move.pass_move(color, self.size) if pid is None else interned_move(color, pid, self.size)
        self._position += 1
        self._states.append((board.snapshot(), mover, self._stuck))
        self._history.append(move)
        if pid is not None:
            board.place(mover, pid)
        self._to_play = (mover + 1) % len(self.colors)
        self._settle()
        return move

    def _settle(self) -> None:
        """Record passes for colors that cannot move; end the game when none can."""
        board = self._board
        if self._to_play is None:
            return
        n = len(self.colors)
        for step in range(n):
            ci = (self._to_play + step) % n
            # pieces are only ever added, so a color that cannot move never can again
            if not self._stuck >> ci & 1:
                if board.has_legal(ci):
                    break
                self._stuck |= 1 << ci
        else:
            self._to_play = None
            return
        if step:
            snapshot = board.snapshot()
            for _ in range(step):
                self._states.append((snapshot, self._to_play, self._stuck))
                self._history.append(Move.pass_move(self.colors[self._to_play], self.size))
                self._to_play = (self._to_play + 1) % n

    def _pop(self) -> Move:
        self._position += 1
        state, to_play, self._stuck = self._states.pop()
        self._board.restore(state)
        self._to_play = to_play
        return self._history.pop()

    def _changed(self) -> None:
        self.version += 1
        if self._listeners:
            _notify(self._listeners, self)


def _notify(listeners: list, subject: object) -> None:
    """Call every listener with ``subject``; one that fails is reported and the rest still run.

    The change they hear about is already made, so raising here would tell the
    caller it failed when it did not.
    """
    for callback in list(listeners):  # a callback may unsubscribe itself
        try:
            callback(subject)
        except Exception:
            traceback.print_exc(file=sys.stderr)
