"""The one set of argument checks every public entry point uses, so a bad value gets the same error everywhere.

Each check returns the value as the function should use it (a numpy integer
as an ``int``, a path as a :class:`~pathlib.Path`) or raises: a value of the
wrong type an :class:`~blokus_nb.errors.ArgumentTypeError` (also a
``TypeError``), a value out of range a :class:`~blokus_nb.errors.BlokusError`,
each naming the argument, the value given and what is expected. A module with
its own documented error (``PuzzleError``, ``WorksheetError``...) passes it as
``error=``, and then raises it for both. Paths the user names that cannot be
read or written are a :class:`~blokus_nb.errors.PathError`.

>>> import numpy as np
>>> positive_count(np.int64(4), "n_jobs")
4
>>> positive_count("2", "n_jobs")
Traceback (most recent call last):
...
blokus_nb.errors.ArgumentTypeError: n_jobs is a whole number >= 1, not '2'
"""

from __future__ import annotations

import contextlib
import errno as _errno
import itertools
import math
import numbers
import operator
import os
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol, SupportsIndex, cast

from .errors import ArgumentTypeError, BlokusError, PathError, RecordNotFoundError, short_repr

__all__ = ["whole_number", "positive_count", "count", "seed", "job_count", "number", "seconds", "MAX_SECONDS",
           "fraction", "choice", "sequence", "pairs", "mapping", "cell", "cells", "instance", "axes", "colour",
           "dask_client", "StopEvent", "stop_event", "path",
           "path_to_read", "path_to_write", "path_error", "path_errors"]


def _fail(name: str, expected: str, value: object, none: str, error: type[BlokusError] | None,
          *, wrong_type: bool) -> BlokusError:
    """The error for ``value`` given as ``name``: ``"<name> is <expected>, not <value>"``."""
    if none:
        expected += f" (or None for {none})"
    message = f"{name} is {expected}, not {short_repr(value)}"
    if error is not None:
        return error(message)
    return ArgumentTypeError(message) if wrong_type else BlokusError(message)


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" >= {low}"
    return "" if high is None else f" <= {high}"


def _integer(value: object) -> int | None:
    """``value`` as an ``int`` if it is an integer (an int or a numpy integer, not a bool), else ``None``."""
    if isinstance(value, bool):  # a numpy bool has no __index__; Python's bool does
        return None
    try:
        return operator.index(cast(SupportsIndex, value))  # tried: what has no __index__ raises TypeError
    except TypeError:
        return None


def whole_number(value: object, name: str, *, low: int | None = None, high: int | None = None,
                 none: str = "", what: str = "", error: type[BlokusError] | None = None) -> Any:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high`` (either may be open).

    An int or a numpy integer; a bool, a float (even ``2.0``: a count is not a
    measure), NaN or text is refused. With ``none`` (what None means), None is
    accepted and returned. ``what`` replaces the description of what is expected.

    >>> whole_number(3, "depth", low=1)
    3
    >>> whole_number(1.5, "depth", low=1)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: depth is a whole number >= 1, not 1.5
    """
    if none and value is None:
        return None
    expected = what or f"a whole number{_range(low, high)}"
    integer = _integer(value)
    if integer is None:
        raise _fail(name, expected, value, none, error, wrong_type=True)
    if (low is not None and integer < low) or (high is not None and integer > high):
        raise _fail(name, expected, value, none, error, wrong_type=False)
    return integer


def positive_count(value: object, name: str, *, high: int | None = None, none: str = "", what: str = "",
                   error: type[BlokusError] | None = None) -> Any:
    """A whole number >= 1 (up to ``high``): how many games, jobs, students.

    >>> positive_count(2, "games")
    2
    """
    return whole_number(value, name, low=1, high=high, none=none, what=what, error=error)


def count(value: object, name: str, *, high: int | None = None, none: str = "", what: str = "",
          error: type[BlokusError] | None = None) -> Any:
    """A whole number >= 0 (up to ``high``): how many of something, where none is allowed.

    >>> count(0, "min_games")
    0
    """
    return whole_number(value, name, low=0, high=high, none=none, what=what, error=error)


def seed(value: object, name: str = "seed", *, none: str = "a new one each time",
         error: type[BlokusError] | None = None) -> Any:
    """A random seed: a whole number >= 0 (numpy's generators refuse negative ones), or None.

    Pass ``none=""`` where a seed must be given.

    >>> seed(7), seed(None)
    (7, None)
    """
    return whole_number(value, name, low=0, none=none, error=error)


def job_count(value: object, name: str = "n_jobs", *, none: str = "every core",
               error: type[BlokusError] | None = None) -> Any:
    """How many worker processes: 1, 2, ...; -1 for every core, -2 for all but one...; or None.

    >>> job_count(2), job_count(-1), job_count(None)
    (2, -1, None)
    """
    what = "a whole number of worker processes other than 0 (1, 2, ...; -1 for every core, -2 all but one)"
    processes = whole_number(value, name, none=none, what=what, error=error)
    if processes == 0:
        raise _fail(name, what, value, none, error, wrong_type=False)
    return processes


def number(value: object, name: str, *, low: float | None = None, high: float | None = None,
           above: float | None = None, none: str = "", what: str = "",
           error: type[BlokusError] | None = None) -> Any:
    """A finite real number from ``low`` to ``high``, or greater than ``above``: seconds, a size, a reward.

    An int, a float or a numpy number; a bool, text, NaN or infinity is refused.
    Whole numbers come back as ``int``, others as ``float``.

    >>> number(0.5, "time", above=0)
    0.5
    >>> number(float("nan"), "time", above=0)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: time is a number > 0, not nan
    """
    if none and value is None:
        return None
    if not what:
        what = "a number" + (f" > {above}" if above is not None else "") + _range(low, high)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise _fail(name, what, value, none, error, wrong_type=True)
    integer = _integer(value)
    try:
        real = integer if integer is not None else float(value)
        finite = math.isfinite(real)  # an int past a float's range (10**400) is no usable number either
    except OverflowError:
        finite = False
    if (not finite or (low is not None and real < low) or (high is not None and real > high)
            or (above is not None and real <= above)):
        raise _fail(name, what, value, none, error, wrong_type=False)
    return real


#: The longest wait or budget in seconds any argument may ask for: a year. Longer waits cannot
#: be made (the system's timers end near 292 years, and a deadline past them is refused).
MAX_SECONDS = 365 * 24 * 3600


def seconds(value: object, name: str, *, low: float | None = None, above: float | None = 0, none: str = "",
            error: type[BlokusError] | None = None) -> Any:
    """A number of seconds (a timeout, a budget, a pause): finite, greater than ``above`` (0 by
    default) or at least ``low``, and at most :data:`MAX_SECONDS`.

    >>> seconds(2.5, "timeout")
    2.5
    >>> seconds(1e10, "timeout")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: timeout is a number of seconds > 0 and at most 31536000 (a year), not 10000000000.0
    """
    bound = f"> {above:g}" if low is None and above is not None else f">= {low:g}" if low is not None else ""
    what = f"a number of seconds {bound} and at most {MAX_SECONDS} (a year)".replace("  ", " ")
    return number(value, name, low=low, high=MAX_SECONDS, above=above if low is None else None, none=none,
                  what=what, error=error)


def fraction(value: object, name: str, *, low: float = 0.0, high: float = 1.0, none: str = "",
             what: str = "", error: type[BlokusError] | None = None) -> Any:
    """A probability or a share: a number from ``low`` to ``high`` (0 to 1 by default).

    >>> fraction(0.25, "playouts")
    0.25
    """
    return number(value, name, low=low, high=high, none=none, what=what or f"a fraction from {low:g} to {high:g}",
                  error=error)


def choice(value: object, name: str, allowed: Collection[str], *, none: str = "",
           error: type[BlokusError] | None = None) -> Any:
    """``value`` if it is one of the names ``allowed``.

    >>> choice("a4", "paper", ("a4", "letter"))
    'a4'
    >>> choice(["a4"], "paper", ("a4", "letter"))
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: paper is 'a4' or 'letter', not ['a4']
    """
    if none and value is None:
        return None
    names = [repr(option) for option in allowed]
    expected = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    if not isinstance(value, str):
        raise _fail(name, expected, value, none, error, wrong_type=True)
    if value not in allowed:
        raise _fail(name, expected, value, none, error, wrong_type=False)
    return value


def sequence(value: object, name: str, *, what: str = "a list") -> list:
    """``value`` as a list if it is a list, a tuple or another iterable that is not text or a dict.

    >>> sequence(("greedy", "random"), "players")
    ['greedy', 'random']
    >>> sequence("greedy", "players", what="a list of players")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: players is a list of players, not 'greedy'
    """
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    return list(value)


def pairs(value: object, name: str, *, what: str) -> list[tuple[Any, Any]]:
    """``value`` as a list of pairs, each a list or tuple of two items (``what`` says what one is,
    like ``"a (piece name, cells) pair"``).

    >>> pairs([("I2", [(0, 0), (1, 0)])], "placements", what="a (piece name, cells) pair")
    [('I2', [(0, 0), (1, 0)])]
    >>> pairs([("I2",)], "placements", what="a (piece name, cells) pair")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: placements[0] is a (piece name, cells) pair, not 1 items
    """
    kind = what.removeprefix("a ").removeprefix("an ")
    checked = []
    for i, item in enumerate(sequence(value, name, what=f"a list of {kind}s")):
        pair = sequence(item, f"{name}[{i}]", what=what)
        if len(pair) != 2:
            raise BlokusError(f"{name}[{i}] is {what}, not {len(pair)} items")
        checked.append((pair[0], pair[1]))
    return checked


def mapping(value: object, name: str, *, what: str = "a dict") -> dict:
    """``value`` as a dict if it is a mapping (a dict, or anything with ``keys`` and ``[]``).

    >>> mapping({"blue": "navy"}, "palette")
    {'blue': 'navy'}
    >>> mapping([1], "palette", what="a dict from color names to colors")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: palette is a dict from color names to colors, not [1]
    """
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    return dict(value)


#: The largest coordinate a cell may have: far past any board, region or picture, and small enough
#: that arithmetic on it stays exact in a float (a picture's size).
MAX_COORDINATE = 2 ** 31 - 1


def cell(value: object, name: str = "cell") -> tuple[int, int]:
    """``value`` as a cell ``(x, y)``: a pair of whole numbers (an int, a numpy integer or a float
    equal to one), each within :data:`MAX_COORDINATE`.

    >>> cell([2, 3.0])
    (2, 3)
    >>> cell((1.5, 0), "cells[0]")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: cells[0] is a cell (x, y) of whole numbers, not (1.5, 0)
    """
    what = "a cell (x, y) of whole numbers"
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    integers = [_coordinate(part) for part in itertools.islice(value, 3)]
    if len(integers) != 2:
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    first, second = integers
    if first is None or second is None:
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    if abs(first) > MAX_COORDINATE or abs(second) > MAX_COORDINATE:
        raise BlokusError(f"{name} is {what} up to {MAX_COORDINATE} in size, not {short_repr(value)}")
    return first, second


def _coordinate(value: object) -> int | None:
    """``value`` as an ``int`` if it is an integer or a finite float equal to one (``2.0``: cells are
    often computed), else ``None``."""
    integer = _integer(value)
    if integer is None and isinstance(value, numbers.Real) and not isinstance(value, bool):
        number = float(value)  # what math.isfinite reads; exact below MAX_COORDINATE, where it matters
        if math.isfinite(number) and number.is_integer():
            return int(number)
    return integer


def cells(value: object, name: str = "cells") -> list[tuple[int, int]]:
    """``value`` as a list of cells (see :func:`cell`): a list, tuple, set or other iterable of pairs.

    >>> cells({(0, 0), (1, 0)}) == [(0, 0), (1, 0)] or cells({(0, 0), (1, 0)}) == [(1, 0), (0, 0)]
    True
    >>> cells(5)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: cells is a list of cells (x, y) of whole numbers, not 5
    """
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name} is a list of cells (x, y) of whole numbers, not {short_repr(value)}")
    return [cell(item, f"{name}[{i}]") for i, item in enumerate(value)]


def instance(value: object, name: str, kind: type | tuple[type, ...], what: str, *, none: str = "",
             error: type[BlokusError] | None = None) -> Any:
    """``value`` if it is a ``kind`` (``what`` says so to a person), or None where ``none`` says what
    None means. For the project's own types that live above this module (a ``Limit``, a ``Game``).

    >>> from fractions import Fraction
    >>> instance(Fraction(1, 2), "share", Fraction, "a Fraction")
    Fraction(1, 2)
    >>> instance(0.5, "limit", Fraction, "a blokus_nb.players.Limit", none="the player's own")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: limit is a blokus_nb.players.Limit (or None for the player's own), not 0.5
    """
    if none and value is None:
        return None
    if isinstance(value, bool) and not (isinstance(kind, type) and issubclass(kind, bool)) \
            or not isinstance(value, kind):
        raise _fail(name, what, value, none, error, wrong_type=True)
    return value


def axes(value: object, name: str = "ax") -> Any:
    """``value`` if it is a matplotlib ``Axes`` to draw on, or None (a new figure).

    >>> axes(None) is None
    True
    >>> axes("x")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: ax is a matplotlib Axes (or None for a new figure), not 'x'
    """
    if value is None:
        return None
    from matplotlib.axes import Axes  # only when one is given: the rest of the package runs without

    return instance(value, name, Axes, "a matplotlib Axes", none="a new figure")


def colour(value: object, name: str) -> str:
    """``value`` if it is a colour matplotlib and SVG can both draw: a name like ``"navy"`` or a
    hex like ``"#1f4e9c"``.

    >>> colour("#555555", "fills[(0, 0)]")
    '#555555'
    >>> colour("no such colour", "palette['blue']")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: palette['blue'] is a colour, a name like 'navy' or a hex like '#1f4e9c', not 'no such colour'
    """
    what = "a colour, a name like 'navy' or a hex like '#1f4e9c'"
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} is {what}, not {short_repr(value)}")
    if not _COLOUR.fullmatch(value):
        raise BlokusError(f"{name} is {what}, not {short_repr(value)}")
    return value


_COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]{3,30}")


def dask_client(value: object, name: str = "client") -> Any:
    """``value`` if it is a Dask ``distributed.Client`` (or anything with ``submit`` and
    ``gather``, as one), or None (the current client, or a new local cluster).

    >>> dask_client(None) is None
    True
    >>> dask_client("tcp://scheduler:8786")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: client is a dask.distributed.Client (or None for the current one, or a new local cluster), not 'tcp://scheduler:8786'
    """
    if value is not None and not all(callable(getattr(value, method, None)) for method in ("submit", "gather")):
        raise _fail(name, "a dask.distributed.Client", value, "the current one, or a new local cluster", None,
                    wrong_type=True)
    return value


class StopEvent(Protocol):
    """What a long search is stopped by: anything with ``is_set()``, as :class:`threading.Event`."""

    def is_set(self) -> bool: ...


def stop_event(value: object, name: str = "stop", *, error: type[BlokusError] | None = None) -> StopEvent | None:
    """A way to stop a long search from another thread: an object with ``is_set()``, as
    :class:`threading.Event`, or None (it runs to the end).

    >>> import threading
    >>> stop_event(threading.Event()).is_set()
    False
    >>> stop_event("x")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: stop is a threading.Event (or anything with is_set()) (or None for no way to stop it), not 'x'
    """
    if value is not None and not callable(getattr(value, "is_set", None)):
        raise _fail(name, "a threading.Event (or anything with is_set())", value, "no way to stop it", error,
                    wrong_type=True)
    return cast("StopEvent | None", value)  # checked above: None, or with an is_set to call


def _path(value: object, name: str, doing: str) -> Path:
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise ArgumentTypeError(f"{name} is a path (a str or pathlib.Path), not {short_repr(value)}")
    try:
        text = os.fspath(value)
    except Exception as error:  # a PathLike whose __fspath__ fails: what it is, not how it broke
        raise ArgumentTypeError(f"{name} is a path (a str or pathlib.Path), not {short_repr(value)} "
                                f"({type(error).__name__} from its __fspath__)") from None
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{name} is a path (a str or pathlib.Path), not {short_repr(value)}, whose "
                                f"__fspath__ gives {type(text).__name__}")
    if not text.strip() or "\0" in text:
        raise BlokusError(f"{name} is a path (a str or pathlib.Path), not {short_repr(value)}")
    path = Path(text)
    _check_name_lengths(path, doing)
    return path


def _name_limit(path: Path) -> int:
    """The longest file name, in bytes, the file system holding ``path`` (or its nearest folder that
    exists) allows: NAME_MAX, 255 where the system cannot say."""
    for folder in (path, *path.parents):
        try:
            return int(os.pathconf(folder, "PC_NAME_MAX"))
        except (OSError, ValueError, AttributeError):
            continue
    return 255


def _check_name_lengths(path: Path, doing: str) -> None:
    """Refuse a path with a name longer than the file system allows, as the system would (ENAMETOOLONG),
    but as a :class:`PathError` naming the path, before anything is read or written."""
    long = [part for part in path.parts if len(os.fsencode(part)) > 255]
    if not long:
        return
    limit = _name_limit(path.parent)
    if any(len(os.fsencode(part)) > limit for part in long):
        raise PathError(f"cannot {doing} {short_repr(str(path), 120)}: a name in it is longer than the file "
                        f"system allows ({limit} bytes)", path=str(path), errno=_errno.ENAMETOOLONG)


def path(value: object, name: str = "path", doing: str = "use") -> Path:
    """``value`` as a :class:`~pathlib.Path` if it is a path at all (a str or a ``PathLike`` giving
    a str) whose names the file system can hold; whether it exists is not asked.

    >>> path("games/g1.blksgf")
    PosixPath('games/g1.blksgf')
    >>> path(5, "out")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: out is a path (a str or pathlib.Path), not 5
    """
    return _path(value, name, doing)


def path_to_read(value: object, name: str = "path") -> Path:
    """``value`` as a :class:`~pathlib.Path` if it names a file or folder that exists (else a
    :class:`~blokus_nb.errors.RecordNotFoundError`, a ``PathError`` and a ``FileNotFoundError``).

    >>> path_to_read("no/such/file.blksgf")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.RecordNotFoundError: no/such/file.blksgf: there is no such file or folder
    """
    path = _path(value, name, "read")
    if not os.path.exists(path):
        raise RecordNotFoundError("there is no such file or folder", source=str(path))
    return path


def path_to_write(value: object, name: str = "path", *, folder: bool = False) -> Path:
    """``value`` as a :class:`~pathlib.Path` if a file can be written there: its folder exists and it
    is not itself a folder. With ``folder``: a folder that exists, or can be made with its parents
    (no file in the way).

    >>> path_to_write("no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.PathError: cannot write no/such/folder/game.json: there is no folder no/such/folder
    """
    path = _path(value, name, "write")
    if folder:
        for part in (path, *path.parents):
            if os.path.isdir(part):
                return path
            if os.path.lexists(part):
                where = "it is a file" if part == path else f"{part} is a file"
                raise PathError(f"cannot make the folder {path}: {where}", path=str(path), errno=_errno.ENOTDIR)
        return path
    if os.path.isdir(path):
        raise PathError(f"cannot write {path}: it is a folder; name a file in it", path=str(path),
                        errno=_errno.EISDIR)
    parent = path.parent
    if not os.path.isdir(parent):
        if os.path.lexists(parent):
            raise PathError(f"cannot write {path}: {parent} is a file, not a folder", path=str(path),
                            errno=_errno.ENOTDIR)
        raise PathError(f"cannot write {path}: there is no folder {parent}", path=str(path),
                        errno=_errno.ENOENT)
    return path


_REASONS = {_errno.EISDIR: "it is a folder", _errno.ENOTDIR: "a folder on the way is a file",
            _errno.ENAMETOOLONG: "a name in it is longer than the file system allows",
            _errno.ELOOP: "it goes round a loop of symbolic links",
            _errno.EACCES: "permission denied", _errno.ENOENT: "there is no such file or folder"}


def path_error(path: object, error: OSError, doing: str = "write") -> PathError:
    """The :class:`PathError` for ``error``, met while reading or writing ``path``, naming ``path``.

    A file to read that does not exist is a :class:`~blokus_nb.errors.RecordNotFoundError`
    (a ``PathError`` and a ``FileNotFoundError``).

    >>> path_error("games.jsonl", PermissionError(13, "Permission denied", ".games.jsonl.tmp"))
    PathError('cannot write games.jsonl: permission denied')
    """
    if isinstance(error, PathError):
        return error
    if doing == "read" and isinstance(error, FileNotFoundError):
        return RecordNotFoundError("there is no such file or folder", source=str(path))
    known = None if error.errno is None else _REASONS.get(error.errno)
    reason = known or error.strerror or str(error) or type(error).__name__
    reason = reason[:1].lower() + reason[1:]
    return PathError(f"cannot {doing} {path}: {reason}", path=str(path), errno=error.errno)


@contextlib.contextmanager
def path_errors(path: object, doing: str = "write") -> Iterator[None]:
    """Turn an :class:`OSError` met while reading or writing ``path`` into its :func:`path_error`.

    A temporary file or a file inside a folder may be what failed; the message
    names the path the user gave, and the system's reason.

    >>> with path_errors("games.jsonl", "read"):
    ...     raise IsADirectoryError(21, "Is a directory", "games.jsonl")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.PathError: cannot read games.jsonl: it is a folder
    """
    try:
        yield
    except BlokusError:  # ours already (RecordNotFoundError is an OSError too)
        raise
    except OSError as error:
        raise path_error(path, error, doing) from error
