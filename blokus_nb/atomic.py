"""The one atomic writer: a file is replaced whole or not at all.

Every writer of the package (records, SGF, CSV, Parquet, networks, worksheets,
self-play indexes) goes through :func:`replace_file`: the path is checked
first (a folder, a named pipe or a device there is refused, as is a name
longer than the file system allows), the new content is written to a
temporary file beside it and synced, then renamed over it. ``os.replace`` is
atomic on one file system, so a reader sees the old file or the new one, never
a half-written one, and a write that fails (a bad argument, a full disk)
leaves the old file as it was.

It sits below everything else (it imports only :mod:`blokus_nb.validation`),
so the SGF grammar can use it as the records can.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "notes.txt"
>>> replace_file(path, lambda handle: handle.write("hello\\n")); path.read_text()
'hello\\n'
"""

from __future__ import annotations

import errno as _errno
import os
import secrets
import stat
from pathlib import Path
from typing import IO, Any, Callable

from .errors import PathError
from .validation import path_errors, path_to_write

__all__ = ["replace_file", "writable_file"]


def _written_path(path: Path) -> Path:
    """The file that writing ``path`` replaces: a symbolic link's target, so the link stays a link."""
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _temporary_path(path: Path) -> Path:
    """A new name beside ``path``, within the folder's limit on name length (NAME_MAX).

    The name is ``.<name>.<pid>.<random>.tmp``, ``<name>`` cut short where the
    whole would not fit (a long but valid file name must still be writable).
    """
    tail = f".{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        limit = os.pathconf(path.parent, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such query here (Windows) or no folder yet
        limit = 255
    room = max(limit, 32) - len(os.fsencode(tail)) - 1
    name = path.name
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return path.with_name(f".{name}{tail}")


def writable_file(value: object, name: str = "path") -> Path:
    """``value`` as the :class:`~pathlib.Path` of a file :func:`replace_file` can write, or a
    :class:`~blokus_nb.errors.PathError` saying why not: no such folder, a folder, a named pipe
    or a device (writing would replace it with a regular file), a name too long.

    >>> writable_file("/dev/null")
    Traceback (most recent call last):
    ...
    blokus_nb.errors.PathError: cannot write /dev/null: it is not a regular file (a named pipe or a device); name a file
    """
    given = path_to_write(value, name)
    path = _written_path(given)
    with path_errors(given):
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise PathError(f"cannot write {given}: it is not a regular file (a named pipe or a device); "
                            "name a file", path=str(given), errno=_errno.EINVAL)
        try:
            limit = os.pathconf(path.parent, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            limit = 255
        if len(os.fsencode(path.name)) > limit:
            raise OSError(_errno.ENAMETOOLONG, f"file name too long (over {limit} bytes)", str(given))
    return given


def replace_file(path: "str | os.PathLike[str]", write: Callable[[IO], Any], *, binary: bool = False) -> None:
    """Run ``write(handle)`` on a new file beside ``path``, then put it in ``path``'s place.

    The handle is UTF-8 text with ``\\n`` line ends, or bytes with ``binary``.
    A symbolic link is written through: its target is replaced and the link
    kept. A path that cannot be written (see :func:`writable_file`) is a
    :class:`~blokus_nb.errors.PathError` naming ``path``, raised before
    anything is written; whatever ``write`` raises leaves the old file whole.
    """
    given = writable_file(path)
    path = _written_path(given)
    temporary = _temporary_path(path)
    with path_errors(given):  # the error names the user's path, not the temporary file
        try:
            opened: IO = open(temporary, "xb") if binary else open(temporary, "x", encoding="utf-8", newline="\n")
            with opened as handle:
                write(handle)
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))  # keep the old file's mode
            except FileNotFoundError:
                pass
            os.replace(temporary, path)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:  # never made (no such folder, no permission)
                pass
            raise
