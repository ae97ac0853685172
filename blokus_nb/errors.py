"""The exceptions blokus-nb raises. All are :class:`BlokusError`, a :class:`ValueError`.

After any of these is raised by a :class:`~blokus_nb.Game` method, the game is
exactly as it was before the call. Bad arguments are refused by the checks in
:mod:`blokus_nb.validation` (:class:`ArgumentTypeError` for a wrong type); a
path that cannot be read or written is a :class:`PathError`, also an
:class:`OSError`.
"""

from __future__ import annotations

import errno as _errno
import os
from collections.abc import Sequence


class BlokusError(ValueError):
    """Base class of every error blokus-nb raises on bad input.

    Errors pickle with their type, message and fields (``rule``, ``line``...),
    so they cross process boundaries intact (``play_match(n_jobs=2)``).
    """

    def __reduce__(self) -> tuple:
        # The default pickling calls cls(*args), which loses keyword-only
        # fields (and fails where they are required, as IllegalMoveError's rule).
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


def _rebuilt(cls: type[BlokusError], args: tuple, fields: dict) -> BlokusError:
    """An error of type ``cls`` with these ``args`` and attributes (for unpickling)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


def short_repr(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters: hostile input may be megabytes.

    >>> short_repr("x" * 100, 10)
    "'xxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


def place_in_file(source: str, line: int | None = None, column: int | None = None) -> str:
    """Where in a record something is: ``"games.blksgf, line 3, column 7"``.

    >>> place_in_file("games.blksgf", 3)
    'games.blksgf, line 3'
    """
    where = str(source)
    if line is not None:
        where += f", line {line}"
        if column is not None:
            where += f", column {column}"
    return where


class InvalidMoveError(BlokusError):
    """Move text that cannot be read as a move at all.

    >>> import blokus_nb as bn
    >>> bn.Game().play("hello")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.InvalidMoveError: 'hello' is not a move: 'hello' is not a cell name ...
    """


class IllegalMoveError(BlokusError):
    """A well-formed move that the rules do not allow in this position.

    ``rule`` is a short code for the rule broken (see :data:`RULES`), ``cells``
    the cells involved (Pentobi names), ``move`` the move as text.
    """

    def __init__(self, message: str, *, rule: str, move: str = "", cells: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.rule = rule
        self.move = move
        self.cells = tuple(cells)


class ArgumentTypeError(BlokusError, TypeError):
    """An argument of a type the function cannot use (also a :class:`TypeError`, as Python has it).

    >>> import blokus_nb as bn
    >>> bn.make_player(5)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: a player is a name like 'greedy' or a Player, not int
    """


class FrozenError(BlokusError, AttributeError):
    """A change to an object that cannot change, such as a :class:`~blokus_nb.Move` (also an :class:`AttributeError`).

    >>> import blokus_nb as bn
    >>> bn.Game().legal_moves()[0].placement = 5
    Traceback (most recent call last):
    ...
    blokus_nb.errors.FrozenError: a Move cannot be changed (moves are shared by every game); make another with Game.parse_move(text)
    """


class SlowComputationWarning(UserWarning):
    """Warned before a computation known to take long or much memory (it can be interrupted).

    >>> import warnings
    >>> warnings.simplefilter("ignore", SlowComputationWarning)  # to silence it
    """


class UnknownPieceError(BlokusError, KeyError):
    """A piece name that is none of the 21 (also a :class:`KeyError`, as a failed lookup)."""

    __str__ = Exception.__str__  # the message as written, not quoted as a KeyError's key


#: The rule codes an :class:`IllegalMoveError` may carry, with what they mean.
RULES: dict[str, str] = {
    "off-board": "a cell of the piece is not on the board",
    "not-a-piece": "the cells do not form one of the 21 pieces",
    "overlap": "a cell is already covered",
    "side-contact": "the piece touches a piece of its own color along a side",
    "no-corner-contact": "the piece does not touch a piece of its own color at a corner",
    "start-square": "a color's first piece must cover its start square",
    "piece-used": "the color has already placed this piece",
    "wrong-color": "it is another color's turn",
    "game-over": "the game is over",
    "pass": "a color may pass only when it has no legal move",
}


class RecordError(BlokusError):
    """A game record that cannot be read, with where in the file the problem is.

    ``source`` names the file (or ``"<text>"``), ``line`` and ``column`` are
    1-based (``None`` when unknown).
    """

    def __init__(self, message: str, *, source: str = "<text>", line: int | None = None,
                 column: int | None = None) -> None:
        # Not super(): in RecordNotFoundError the next class is PathError, whose fields are properties here.
        BlokusError.__init__(self, f"{place_in_file(source, line, column)}: {message}")
        self.reason = message
        self.source = source
        self.line = line
        self.column = column


class PathError(BlokusError, OSError):
    """A file or folder the user named that cannot be read or written: missing, a folder where a
    file is wanted, a file where a folder is wanted, not permitted. Also an :class:`OSError`, as
    Python has it (``errno``, ``filename``), so code that caught that still does.

    ``path`` is the path as the user gave it (never a temporary file made on the way), ``errno``
    the system's error number (``None`` when the check came before any system call).

    >>> import blokus_nb as bn
    >>> bn.save(bn.Game(), "no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.PathError: cannot write no/such/folder/game.json: there is no folder no/such/folder
    """

    __str__ = Exception.__str__  # the message as written, not OSError's "[Errno 2] ..."

    def __new__(cls, *args: object, **kwargs: object) -> PathError:
        return OSError.__new__(cls)  # an OSError underneath; __init__ gives it its message and fields

    def __init__(self, message: str, *, path: str = "", errno: int | None = None) -> None:
        BlokusError.__init__(self, message)
        self.path = path
        self._errno = errno

    # OSError's fields, from ours: so they survive pickling as the other fields do.
    errno = property(lambda self: self._errno)
    strerror = property(lambda self: None if self._errno is None else os.strerror(self._errno))
    filename = property(lambda self: self.path)


class RecordNotFoundError(RecordError, PathError, FileNotFoundError):
    """A record file (or folder, or glob) that does not exist: a :class:`RecordError`, a
    :class:`PathError`, and a :class:`FileNotFoundError` as Python has it (``errno``,
    ``filename``), so code that caught the latter still does.

    >>> import blokus_nb as bn
    >>> bn.read_sgf("missing.blksgf")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.RecordNotFoundError: missing.blksgf: there is no such file; give the path of a record, or its SGF text
    """

    __str__ = Exception.__str__  # the message as written, not OSError's "[Errno 2] ..."

    def __new__(cls, *args: object, **kwargs: object) -> RecordNotFoundError:
        return OSError.__new__(cls)  # an OSError underneath; RecordError.__init__ gives it its message

    # OSError's fields, from the record's: so they survive pickling as the other fields do.
    errno = property(lambda self: _errno.ENOENT)
    strerror = property(lambda self: os.strerror(_errno.ENOENT))
    filename = property(lambda self: self.source)
    path = property(lambda self: self.source)


class WorkerError(BlokusError):
    """Worker processes could not do their work: one died, could not start, or could not be sent it.

    The message says what happened (the signal that killed a worker, a class
    that workers cannot import...) and what to do. Raised instead of
    :class:`concurrent.futures.process.BrokenProcessPool` by every pool
    (matches, corpus analysis, evaluation).
    """


class UnavailableError(BlokusError):
    """Something this Python cannot start: worker processes, a Dask cluster or an outside engine.

    A browser kernel (Pyodide, in JupyterLite) starts no threads, processes or
    programs; the message says so and what to use instead (``n_jobs=1``, the
    built-in levels). See :mod:`blokus_nb.runtime`.
    """


class PlayerError(BlokusError):
    """A player failed inside a match: it raised, or returned a move that is not legal.

    ``player`` is the entrant's label, ``game`` the game's index in the match
    and ``seed`` its seed (so ``play_game`` can replay it alone); the message
    also names the original error.
    """

    def __init__(self, message: str, *, player: str = "", game: int | None = None,
                 seed: int | None = None) -> None:
        super().__init__(message)
        self.player = player
        self.game = game
        self.seed = seed


class EngineError(BlokusError):
    """An outside engine (:class:`blokus_nb.engines.GTPEngine`) failed: it refused a command, or
    answered something our rules refuse (an illegal move is never played).

    ``engine`` names the engine, ``command`` is the GTP command it was given
    and ``stderr`` its last lines on standard error (also at the end of the
    message, where a person sees them).
    """

    def __init__(self, message: str, *, engine: str = "", command: str = "",
                 stderr: Sequence[str] = ()) -> None:
        lines = tuple(stderr)
        if lines:
            message += "\nThe engine's last lines on stderr:\n" + "\n".join(f"  {line}" for line in lines)
        super().__init__(message)
        self.engine = engine
        self.command = command
        self.stderr = lines


class EngineTerminatedError(EngineError):
    """An outside engine's process is gone: it died, it was closed, or it did not answer in time
    (and was stopped, as nothing it says afterwards can be trusted). ``returncode`` is its exit
    status when known (negative: the signal that ended it). Start a new engine to go on.
    """

    def __init__(self, message: str, *, engine: str = "", command: str = "",
                 stderr: Sequence[str] = (), returncode: int | None = None) -> None:
        super().__init__(message, engine=engine, command=command, stderr=stderr)
        self.returncode = returncode
