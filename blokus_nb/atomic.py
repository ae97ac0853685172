"""The one atomic writer: a file is replaced whole or not at all.

Every writer of the package (records, SGF, CSV, Parquet, networks, worksheets,
self-play indexes) goes through :func:`replace_file`: the path is checked
first (a folder, a named pipe or a device there is refused, as is a name
longer than the file system allows), the new content is written to a
temporary file beside it and synced, then renamed over it. ``os.replace`` is
atomic on one file system, so a reader sees the old file or the new one, never
a half-written one, and a write that fails (a bad argument, a full disk)
leaves the old file as it was.

A folder of files (a corpus's parts) is replaced the same way by
:func:`replaced_entries`: the new files are written into a hidden folder
beside the old ones, and only when all are written are the old ones moved
aside and the new ones moved in, by renames within the folder; a failure
at any point leaves the folder exactly as it was.

It sits below everything else (it imports only :mod:`blokus_nb.validation`),
so the SGF grammar can use it as the records can.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "notes.txt"
>>> replace_file(path, lambda handle: handle.write("hello\\n")); path.read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import errno as _errno
import os
import secrets
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from .errors import PathError
from .validation import path_errors, path_to_write

__all__ = ["replace_file", "writable_file", "replaced_entries"]


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


def replace_file(path: str | os.PathLike[str], write: Callable[[IO], Any], *, binary: bool = False) -> None:
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


#: How the hidden folders of :func:`replaced_entries` start: the new entries, and the old ones set aside.
STAGING_PREFIX, TRASH_PREFIX = ".partial-", ".old-"


@contextlib.contextmanager
def replaced_entries(folder: Path, owned: Callable[[str], bool], *, marker: str | None = None) -> Iterator[Path]:
    """A new hidden folder inside ``folder`` (made with its parents if need be) to write into; when
    the block ends without an error, the entries of ``folder`` whose names ``owned`` accepts are
    replaced by the entries written, all or nothing (other entries are left alone).

    Whatever fails (the block, or a rename), ``folder`` is left exactly as it was, and removed
    again if this call made it. The hidden folders start with :data:`STAGING_PREFIX` and
    :data:`TRASH_PREFIX`. ``marker`` names the entry that says the folder is whole (a manifest):
    the old one is moved aside first and the new one in last, so ``folder`` never claims a mix.
    An error of the renames is a :class:`~blokus_nb.errors.PathError`; one of the block is its own.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with replaced_entries(folder, lambda name: name.endswith(".txt")) as staging:
    ...     _ = (staging / "a.txt").write_text("new")
    >>> sorted(p.name for p in folder.iterdir())
    ['a.txt']
    """
    made = not folder.exists()
    with path_errors(folder):
        folder.mkdir(parents=True, exist_ok=True)
    try:
        with path_errors(folder):
            staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=folder))
        try:
            yield staging
            with path_errors(folder):
                _swap_entries(folder, staging, owned, marker)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        if made:
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _swap_entries(folder: Path, staging: Path, owned: Callable[[str], bool], marker: str | None) -> None:
    """Move the entries of ``folder`` that ``owned`` accepts aside (``marker`` first), then those of
    ``staging`` in (``marker`` last); when a rename fails, every rename done is undone (an old
    entry that cannot be put back is named in the error, with where it is)."""
    trash = Path(tempfile.mkdtemp(prefix=TRASH_PREFIX, dir=folder))
    old = sorted((entry.name for entry in folder.iterdir()
                  if entry.name not in (staging.name, trash.name) and owned(entry.name)),
                 key=lambda name: (name != marker, name))
    new = sorted((entry.name for entry in staging.iterdir()), key=lambda name: (name == marker, name))
    moved_out: list[str] = []
    moved_in: list[str] = []
    try:
        for name in old:
            os.replace(folder / name, trash / name)
            moved_out.append(name)
        for name in new:
            os.replace(staging / name, folder / name)
            moved_in.append(name)
    except BaseException as error:
        stranded = _put_back(folder, staging, trash, moved_out, moved_in)
        if stranded:
            raise OSError(getattr(error, "errno", None), f"{getattr(error, 'strerror', None) or error}; the "
                          f"last {', '.join(stranded)} could not be put back and are in {trash}",
                          getattr(error, "filename", None)) from error
        shutil.rmtree(trash, ignore_errors=True)
        raise
    shutil.rmtree(trash, ignore_errors=True)


def _put_back(folder: Path, staging: Path, trash: Path, moved_out: list[str], moved_in: list[str]) -> list[str]:
    """Undo :func:`_swap_entries`' renames; the names of the old entries that could not be put back."""
    for name in reversed(moved_in):
        with contextlib.suppress(OSError):
            os.replace(folder / name, staging / name)
    stranded = []
    for name in reversed(moved_out):
        try:
            os.replace(trash / name, folder / name)
        except OSError:
            stranded.append(name)
    return stranded
