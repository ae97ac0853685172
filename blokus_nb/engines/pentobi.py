"""Pentobi's GTP engine, ``pentobi-gtp``: where it is, and the command line for a variant and a level.

Pentobi is never a dependency of blokus-nb: build ``pentobi-gtp`` from
Pentobi's source (see the README, "Outside engines") and give its path, or
put it on the ``PATH``, or name it in ``$PENTOBI_GTP``.

>>> pentobi_command("pentobi-gtp", variant="duo", level=3)
['pentobi-gtp', '--quiet', '--noresign', '--game', 'duo', '--level', '3', '--threads', '1', '--nobook']
"""

from __future__ import annotations

import numbers
import os
import shutil
from typing import Any

from .. import validation
from ..errors import BlokusError, short_repr
from ..runtime import require_threads
from ..variants import Variant, get_variant
from .player import DEFAULT_TIMEOUT, GTPEngine

__all__ = ["LEVELS", "TIMEOUTS", "find_pentobi", "pentobi", "pentobi_command"]

#: Pentobi's levels: a fixed number of simulations a move each, from 1 (weakest) to 9.
LEVELS = range(1, 10)
#: The longest wait for one answer at a level, in seconds: about 100 times a move's time on one core.
TIMEOUTS = {**{level: DEFAULT_TIMEOUT for level in range(1, 8)}, 8: 300.0, 9: 1200.0}


def find_pentobi() -> str | None:
    """The path of ``pentobi-gtp``: ``$PENTOBI_GTP`` if it names a file, else the one on the ``PATH``.

    >>> find_pentobi() is None or os.path.exists(find_pentobi())
    True
    """
    named = os.environ.get("PENTOBI_GTP")
    if named and os.path.isfile(named):
        return named
    return shutil.which("pentobi-gtp")


def pentobi_command(path: str | os.PathLike[str], *, variant: str | Variant = "duo", level: int = 1,
                    book: str | os.PathLike[str] | None = None, threads: int = 1) -> list[str]:
    """The command line that starts ``pentobi-gtp`` at ``path`` for ``variant`` at ``level``.

    Pentobi refuses to start without ``--book FILE`` (its opening book) or
    ``--nobook``; ``--noresign`` keeps it playing to the end, as Blokus is scored.

    >>> pentobi_command("pentobi-gtp", variant="classic", level=8, book="book_classic.blksgf")[-2:]
    ['--book', 'book_classic.blksgf']
    """
    variant = get_variant(variant)
    for name, value, most in (("level", level, 9), ("threads", threads, 256)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 1 <= value <= most:
            raise BlokusError(f"Pentobi's {name} is a whole number from 1 to {most}, not {short_repr(value)}")
    path = validation.path(path, "path")
    book = None if book is None else validation.path(book, "book")
    command = [os.fspath(path), "--quiet", "--noresign", "--game", variant.name, "--level", str(int(level)),
               "--threads", str(int(threads))]
    return command + (["--book", os.fspath(book)] if book is not None else ["--nobook"])


def pentobi(level: int = 1, variant: str | Variant = "duo", *, path: str | os.PathLike[str] | None = None,
            book: str | os.PathLike[str] | None = None, threads: int = 1, timeout: float | None = None,
            seed: int | None = None, **options: Any) -> GTPEngine:
    """Pentobi at ``level`` (1-9) for ``variant``, as a :class:`GTPEngine` named ``"pentobi level N"``.

    ``path`` defaults to :func:`find_pentobi`; ``book`` is its opening book
    (Pentobi uses one from level 4; none by default); other ``options`` go to
    :class:`GTPEngine`. A level is a number of simulations a move, not a time:
    a :class:`~blokus_nb.players.Limit` does not change it. ``timeout`` (the
    longest wait for one answer) defaults to :data:`TIMEOUTS` of the level:
    level 9 takes tens of seconds a move on the classic board.

    >>> pentobi(path="/nowhere/pentobi-gtp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    blokus_nb.errors.EngineTerminatedError: engine 'pentobi level 1' could not be started (/nowhere/pentobi-gtp ...
    """
    require_threads("Pentobi", "it is a program beside this one; play the built-in levels ('easy' to "
                    "'expert') instead")  # before looking for it: in a browser it is nowhere
    if path is not None:
        path = validation.path(path, "path")
    pentobi_command("pentobi-gtp", variant=variant, level=level, book=book, threads=threads)  # checked first
    if timeout is not None:
        timeout = validation.seconds(timeout, "timeout")
    if path is None:
        path = find_pentobi()
        if path is None:
            raise BlokusError("pentobi-gtp is not on the PATH and $PENTOBI_GTP names no file: build it from "
                              "Pentobi's source (README, 'Outside engines') and give its path=")
    command = pentobi_command(path, variant=variant, level=level, book=book, threads=threads)
    if timeout is None:
        timeout = TIMEOUTS.get(int(level), DEFAULT_TIMEOUT)
    options.setdefault("name", f"pentobi level {level}")
    return GTPEngine(command, variant=variant, timeout=timeout, seed=seed, **options)
