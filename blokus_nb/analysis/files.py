"""Finding record files under a folder or a glob, each file once, without following symlink loops.

:func:`glob.glob` and :meth:`pathlib.Path.rglob` follow a symlink that points
back up the tree (``loop -> .``) until the path grows too long, so one file
is found dozens of times, and two such links take exponential time. Here
every real folder is searched once: a link back to a folder on its own path
is a *loop*, skipped and reported; a second way into a folder already searched
is skipped (its files are already found); a file reached under two names is
kept once. A glob whose fixed folder is not there matches nothing, as one
with no match does. Within :func:`skipping`, given files and folders are left
out of every search (the command line leaves out its own output).

>>> import os, tempfile
>>> root = tempfile.mkdtemp()
>>> open(os.path.join(root, "a.blksgf"), "w").close()
>>> os.symlink(".", os.path.join(root, "loop"))
>>> found, skipped = glob_files(os.path.join(root, "**", "*.blksgf"))
>>> [os.path.basename(p) for p in found], skipped[0]["message"][:36]
(['a.blksgf'], 'a symlink loop (it leads back to the')
"""

from __future__ import annotations

import contextlib
import contextvars
import fnmatch
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..records import RECORD_SUFFIXES

__all__ = ["find_files", "glob_files", "has_magic", "skipping"]

_MAGIC = re.compile(r"[*?[]")
_Rule = Callable[[Path], bool]
#: What searches leave out (see :func:`skipping`): the (device, inode) of files and folders, and
#: rules that a found file must not meet.
_SKIPPED: contextvars.ContextVar[tuple[frozenset[tuple[int, int]], tuple[_Rule, ...]]] = \
    contextvars.ContextVar("skipped", default=(frozenset(), ()))


@contextlib.contextmanager
def skipping(paths: Iterable[str | os.PathLike[str]] = (), rule: _Rule | None = None) -> Iterator[None]:
    """Leave ``paths`` (files, or folders with all they hold), and the record files for which
    ``rule(path)`` is true, out of every search in the block.

    A path is known by what it is, not by its name, so a link to it is left
    out too; the folder a search starts from is searched all the same.

    >>> import os, tempfile
    >>> root = tempfile.mkdtemp()
    >>> for name in ("a.blksgf", "b.blksgf"):
    ...     open(os.path.join(root, name), "w").close()
    >>> with skipping([os.path.join(root, "b.blksgf")]):
    ...     [p.name for p in find_files(root)[0]]
    ['a.blksgf']
    """
    known, rules = _SKIPPED.get()
    keys = set(known)
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:  # not there: nothing to leave out
            continue
        keys.add((info.st_dev, info.st_ino))
    token = _SKIPPED.set((frozenset(keys), rules + ((rule,) if rule else ())))
    try:
        yield
    finally:
        _SKIPPED.reset(token)


def has_magic(text: str) -> bool:
    """Whether ``text`` is a glob pattern (it has ``*``, ``?`` or ``[``).

    >>> has_magic("games/**/*.sgf"), has_magic("games/a.sgf")
    (True, False)
    """
    return _MAGIC.search(text) is not None


def find_files(folder: str | os.PathLike[str]) -> tuple[list[Path], list[dict]]:
    """Every record file under ``folder`` (hidden ones included), sorted, and the folders skipped.

    Each skipped folder is an error dict (``source``, ``line``, ``column``,
    ``game``, ``message``), as :func:`blokus_nb.analysis.load_games` reports
    unreadable records.
    """
    return _search(Path(folder), None, hidden=True)


def glob_files(pattern: str) -> tuple[list[Path], list[dict]]:
    """The record files matching ``pattern`` (``**`` is any number of folders), sorted, and the folders skipped.

    As with :func:`glob.glob`, ``*`` does not match a leading dot unless the
    pattern part starts with one.
    """
    parts = Path(pattern).parts
    fixed = 0
    while fixed < len(parts) - 1 and not has_magic(parts[fixed]):
        fixed += 1
    root = Path(*parts[:fixed]) if fixed else Path(".")
    rest = parts[fixed:]
    if not root.is_dir():  # a folder that is not there (or a file) holds no match
        return [], []
    return _search(root, rest, hidden=any(part.startswith(".") for part in rest),
                   depth=None if "**" in rest else len(rest) - 1)


def _matches(names: list[str], parts: tuple[str, ...]) -> bool:
    """Whether the path ``names`` (its folders and file name) matches the pattern ``parts``."""
    if not parts:
        return not names
    head, rest = parts[0], parts[1:]
    if head == "**":  # no folder, or one more (not hidden) and ** again
        return _matches(names, rest) or (len(names) > 1 and not names[0].startswith(".")
                                         and _matches(names[1:], parts))
    if not names or (names[0].startswith(".") and not head.startswith(".")):
        return False
    return fnmatch.fnmatchcase(names[0], head) and _matches(names[1:], rest)


def _search(root: Path, pattern: tuple[str, ...] | None, *, hidden: bool,
            depth: int | None = None) -> tuple[list[Path], list[dict]]:
    """Walk ``root`` once per real folder; keep record files matching ``pattern`` (``None``: all)."""
    found: dict[tuple[int, int], Path] = {}
    skipped: list[dict] = []
    searched: set[tuple[int, int]] = set()
    left_out, rules = _SKIPPED.get()

    def visit(folder: Path, names: list[str]) -> None:
        try:
            info = folder.stat()
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as error:
            skipped.append(_note(folder, f"cannot be searched ({error.strerror or error}): skipped"))
            return
        searched.add((info.st_dev, info.st_ino))
        for entry in entries:
            path = folder / entry.name
            try:
                is_dir = entry.is_dir()
                is_file = not is_dir and entry.is_file()
                target = path.stat() if is_dir or is_file else None
            except OSError:  # a broken link, or gone meanwhile
                continue
            if target is None:
                continue
            key = (target.st_dev, target.st_ino)
            if key in left_out:
                continue
            if is_dir:
                if (depth is not None and len(names) >= depth) or \
                        (entry.name.startswith(".") and not hidden):
                    continue
                if key in searched:
                    if _leads_back(path):
                        skipped.append(_note(path, "a symlink loop (it leads back to the folder "
                                                   f"{os.path.realpath(path)}): skipped"))
                    continue  # another way into a folder already searched: its files are found
                visit(path, names + [entry.name])
            elif Path(entry.name).suffix.lower() in RECORD_SUFFIXES and \
                    (pattern is None or _matches(names + [entry.name], pattern)) and \
                    not any(rule(path) for rule in rules):
                found.setdefault(key, path)

    visit(root, [])
    return sorted(found.values()), skipped


def _leads_back(path: Path) -> bool:
    """Whether the folder ``path`` is its own ancestor (a link back up its own path)."""
    real = os.path.realpath(path)
    parent = os.path.realpath(path.parent)
    return os.path.commonpath([real, parent]) == real


def _note(path: Path, message: str) -> dict:
    return {"source": str(path), "line": None, "column": None, "game": None, "message": message}
