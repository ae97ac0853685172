"""Folders the build makes, marked so, and the one rule every writer in tools/ follows: a folder is
replaced only when it is absent, empty, or carries the mark of the tool that made it.

A user who gives ``--out`` a folder of their own (a home directory, a school's web space) gets a
refusal naming it, never a deleted folder. Each writer checks its folders with :func:`check` before
it touches anything, then :func:`replace` empties and marks them.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

MARK = ".made-by-blokus-nb"


def made_by(folder: Path) -> str | None:
    """The tool that made ``folder`` (the first line of its mark), or ``None`` if unmarked."""
    mark = folder / MARK
    if folder.is_symlink() or not mark.is_file():
        return None
    return mark.read_text(encoding="utf-8").splitlines()[0] if mark.stat().st_size else ""


def problem(folder: Path, tool: str, earlier: Callable[[Path], bool] | None = None) -> str | None:
    """Why ``tool`` may not replace ``folder``, or ``None`` if it may. ``earlier`` recognises what the
    tool built before it marked its folders (a clone's build/lite of an older version), narrowly."""
    if folder.is_symlink():
        return f"{folder} is a symbolic link: name a folder of its own"
    if not folder.exists():
        return None
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not any(folder.iterdir()):
        return None
    maker = made_by(folder)
    if maker is None and earlier is not None and earlier(folder):
        return None
    if maker is None:
        return (f"{folder} exists and was not made by {tool} (it has no {MARK} file): "
                f"it is left as it is; name another folder, or remove this one yourself")
    if maker != tool:
        return f"{folder} was made by {maker}, not {tool}: it is left as it is"
    return None


def check(folders: list[Path], tool: str, earlier: Callable[[Path], bool] | None = None) -> None:
    """Stop (exit status 1, a message naming the folder) if ``tool`` may not replace one of ``folders``."""
    for folder in folders:
        reason = problem(folder, tool, earlier)
        if reason is not None:
            sys.exit(reason)


def replace(folder: Path, tool: str, earlier: Callable[[Path], bool] | None = None) -> None:
    """Empty ``folder`` (checked first) and mark it as made by ``tool``: it is ``tool``'s from now on."""
    check([folder], tool, earlier)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    mark(folder, tool)


def mark(folder: Path, tool: str) -> None:
    (folder / MARK).write_text(f"{tool}\nThis folder is rebuilt by {tool}: do not keep your own files here.\n",
                               encoding="utf-8")
