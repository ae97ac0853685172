"""The files of a self-play folder: its lock, what a stopped run left, and each finished game written.

A run writes each game as its record, then its line of ``policy.jsonl.gz``
(one gzip member a game), then its row of ``index.csv``; the index is the
list of finished games. A run can stop anywhere: between two of these, or in
the middle of a write (a row without its end, a gzip member cut short), and a
power cut can keep the index (it is synced) but not the policy's last lines.
:func:`read_folder` trusts only what parses whole: a last row or member cut
short is dropped, and a game is finished only when the index lists it, the
policy holds its line and its record is there. What cannot be read (a
damaged member, a file that is not gzip, a foreign header, a bad row inside
the index) is refused with a :class:`~blokus_nb.errors.BlokusError` naming
the file, and the folder is left as it was: a file that does not read as
ours is never replaced or emptied.

:func:`folder_lock` keeps two runs out of one folder: an exclusive
``flock`` on a file inside it, which the system releases when the process
ends, however it ends.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with folder_lock(folder):
...     read_folder(folder, seed=None).finished
[]
"""

from __future__ import annotations

import contextlib
import csv
import gzip
import io
import json
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import replace_file
from ..errors import BlokusError, PathError

if TYPE_CHECKING:
    from ..game import Game

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["INDEX_COLUMNS", "INDEX", "POLICY", "LOCK", "folder_lock", "read_folder", "Folder",
           "append_game", "final_score"]

#: The columns of ``index.csv``, as in Pentobi's self-play folders.
INDEX_COLUMNS = ["file", "variant", "gm", "level", "seed", "game", "moves", "final_score", "seconds",
                 "mean_genmove_s", "max_genmove_s", "values"]
INDEX = "index.csv"
POLICY = "policy.jsonl.gz"
#: The lock file a run holds while it writes into the folder (removed when the run ends).
LOCK = ".self_play.lock"
_HEADER = (",".join(INDEX_COLUMNS) + "\r\n").encode("ascii")  # as csv.writer writes it
_CHUNK = 1 << 16


# ------------------------------------------------------------------------------------ the lock
_HELD: set[int] = set()  # lock files this process holds open


def _close_in_child() -> None:
    # A forked worker gets a copy of every descriptor; were the lock's kept open there, a worker
    # outliving its run (pools are kept between calls) would hold the folder after the run ended.
    for descriptor in _HELD:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_in_child)


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for this run, or raise :class:`BlokusError` if another run holds it."""
    path = folder / LOCK
    if fcntl is None:  # pragma: no cover - Windows: no flock; the run goes unguarded
        yield
        return
    while True:
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:  # a read-only folder, a name too long: the folder cannot be written
            raise PathError(f"cannot lock the self-play folder {folder}: {error.strerror or error} "
                            f"({path})", path=str(folder), errno=error.errno) from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = os.read(descriptor, 32).decode("ascii", "replace").strip()
            os.close(descriptor)
            if isinstance(error, BlockingIOError):
                raise BlokusError(f"another run{f' (process {holder})' if holder else ''} holds the "
                                  f"self-play folder {folder}: wait for it to end, or choose another "
                                  "folder") from None
            raise PathError(f"cannot lock the self-play folder {folder}: {error.strerror or error} "
                            f"({path})", path=str(folder), errno=error.errno) from None
        # The run that held the lock removes its file before letting go: if the file we locked is
        # no longer the one at `path`, a third run may hold the new one; lock that instead.
        try:
            current = os.path.samestat(os.fstat(descriptor), os.stat(path))
        except FileNotFoundError:
            current = False
        if current:
            break
        os.close(descriptor)
    _HELD.add(descriptor)
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{os.getpid()}\n".encode("ascii"))
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
        _HELD.discard(descriptor)
        # Unlocked before closing: a forked worker may share this open file (and its lock).
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        os.close(descriptor)


# ------------------------------------------------------------------------------------ reading
@dataclass
class Folder:
    """What a self-play folder holds: its finished games (index rows, in order), their policy lines,
    and the seed they were played with (``None`` when none is finished)."""

    path: Path
    rows: list[dict] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    seed: int | None = None

    @property
    def finished(self) -> list[str]:
        """The record files of the finished games."""
        return [row["file"] for row in self.rows]


def read_folder(folder: Path, seed: int | None, *, level: str | None = None) -> Folder:
    """The finished games of ``folder``, after trimming what a stopped run left half-written.

    ``seed`` (or ``None``: the recorded one) and ``level`` must be the run's
    that made the games listed, or resuming would mix two runs.
    """
    index_path, policy_path = folder / INDEX, folder / POLICY
    rows, index_whole = _read_index(index_path)
    seeds = {row["seed"] for row in rows}
    if len(seeds) > 1 or (seed is not None and seeds - {str(seed)}):
        raise BlokusError(f"{index_path} was played with seed {', '.join(sorted(seeds))}, not {seed}: "
                          "resume with the same seed, or choose another folder")
    levels = {row["level"] for row in rows}
    if level is not None and levels - {level}:
        raise BlokusError(f"{index_path} was played by {', '.join(sorted(levels))}, not {level}: "
                          "resume with the same players, or choose another folder")
    lines, policy_whole = _read_policy(policy_path)
    by_file: dict[str, str] = {}
    for name, line in lines:
        by_file.setdefault(name, line)
    kept = [row for row in rows if row["file"] in by_file and (folder / row["file"]).is_file()]
    kept_lines = [by_file[row["file"]] for row in kept]
    # The index is rewritten first: it says which games are finished, and a stop between the two
    # rewrites leaves policy lines it does not list, which the next resume drops.
    if not index_whole or len(kept) < len(rows):
        _replace(index_path, _index_bytes(kept))
    if not policy_whole or len(kept_lines) < len(lines):
        _replace(policy_path, b"".join(_member(line) for line in kept_lines))
    recorded = int(kept[0]["seed"]) if kept else (int(rows[0]["seed"]) if rows else None)
    return Folder(folder, kept, kept_lines, recorded)


def _read_index(path: Path) -> tuple[list[dict], bool]:
    """The rows of ``index.csv`` that end in a newline, and whether nothing was cut off after them."""
    if not path.exists():
        return [], True
    data = _read_bytes(path)
    whole = data.rfind(b"\n") + 1
    if whole == 0:  # not one line: a header cut short, or not ours at all
        if not _HEADER.startswith(data):
            raise BlokusError(f"{path} is not a self-play index: it starts {data[:40]!r}, not with the "
                              f"header {_HEADER.decode().strip()!r}; choose another folder")
        return [], not data
    try:
        text = data[:whole].decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise BlokusError(f"{path}, line {line}: not UTF-8 text; it is not a self-play index, or it "
                          "is damaged: choose another folder") from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[dict[str, str]] = []
    seen: dict[str, int] = {}
    try:
        header = next(reader)
        if header != INDEX_COLUMNS:
            raise BlokusError(f"{path} is not a self-play index: its header is {','.join(header)!r}, "
                              f"not {','.join(INDEX_COLUMNS)!r}; choose another folder")
        for values in reader:
            where = f"{path}, line {reader.line_num}"
            if len(values) != len(INDEX_COLUMNS):
                raise BlokusError(f"{where}: a row of {len(values)} fields, not {len(INDEX_COLUMNS)}: the "
                                  "index is damaged; mend or remove that row, or choose another folder")
            row = dict(zip(INDEX_COLUMNS, values))
            name = row["file"]
            if not name or Path(name).name != name or not row["seed"].lstrip("-").isdigit():
                raise BlokusError(f"{where}: {name!r} (seed {row['seed']!r}) is not a game of this folder: "
                                  "the index is damaged; mend or remove that row, or choose another folder")
            if name in seen:
                raise BlokusError(f"{where}: {name} is listed twice (first on line {seen[name]}): the "
                                  "index is damaged; remove one of the rows, or choose another folder")
            seen[name] = reader.line_num
            rows.append(row)
    except csv.Error as error:
        raise BlokusError(f"{path}, line {reader.line_num}: {error}: the index is damaged; choose "
                          "another folder") from None
    return rows, whole == len(data)


def _read_policy(path: Path) -> tuple[list[tuple[str, str]], bool]:
    """The ``(file, line)`` of every line in the whole gzip members of ``policy.jsonl.gz``, and
    whether nothing was cut off after them."""
    if not path.exists():
        return [], True
    data = memoryview(_read_bytes(path))
    lines: list[tuple[str, str]] = []
    offset = 0
    while offset < len(data):
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)  # one gzip member, its CRC checked
        text, end = [], offset
        try:
            while not inflater.eof and end < len(data):  # in chunks: members are small, files not
                chunk = data[end:end + _CHUNK]
                end += len(chunk)
                text.append(inflater.decompress(chunk))
        except zlib.error as error:
            what = ("it is not a gzip file" if offset == 0 and bytes(data[:2]) != b"\x1f\x8b"
                    else f"its compressed data is damaged after byte {offset} ({error})")
            raise BlokusError(f"{path} cannot be read: {what}; it is left as it is: move it away "
                              "(its games are then played again), or choose another folder") from None
        if not inflater.eof:  # the last member, cut short by a stop
            return lines, False
        offset = end - len(inflater.unused_data)
        lines.extend(_policy_lines(path, b"".join(text)))
    return lines, True


def _policy_lines(path: Path, text: bytes) -> Iterator[tuple[str, str]]:
    """The lines of one whole member: each a JSON object with a ``file`` and its ``positions``."""
    for _number, line in enumerate(text.decode("utf-8", "replace").splitlines(keepends=True)):
        try:
            entry = json.loads(line)
            ok = isinstance(entry, dict) and isinstance(entry.get("file"), str) and \
                isinstance(entry.get("positions"), list) and line.endswith("\n")
        except ValueError:
            ok = False
        if not ok:
            raise BlokusError(f"{path} holds {line[:60]!r}, not a self-play policy line (a JSON object "
                              "with 'file' and 'positions'); it is left as it is: move it away, or "
                              "choose another folder")
        yield entry["file"], line


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise BlokusError(f"cannot read {path}: {error.strerror or error}") from None


# ------------------------------------------------------------------------------------ writing
def _index_bytes(rows: list[dict]) -> bytes:
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=INDEX_COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue().encode("utf-8")


def _member(line: str) -> bytes:
    return gzip.compress(line.encode("utf-8"), mtime=0)


def _replace(path: Path, data: bytes) -> None:
    """``path`` now holds ``data``, whole (a temporary file beside it, synced, renamed over it)."""
    replace_file(path, lambda handle: handle.write(data), binary=True)


def final_score(game: Game) -> str:
    """A finished game's ``final_score`` column: Duo ``B+3``, ``W+6`` or ``0``, else Pentobi's points per color.

    >>> import blokus_nb as bn
    >>> final_score(bn.Game("duo")), final_score(bn.Game("classic"))
    ('0', '0 0 0 0')
    """
    if game.variant.name == "duo":
        points = game.player_scores("points")
        margin = points[1] - points[2]
        return "0" if margin == 0 else (f"B+{margin}" if margin > 0 else f"W+{-margin}")
    return " ".join(str(v) for v in game.scores("points").values())


def append_game(folder: Path, row: dict, positions: list) -> None:
    """Add one finished game (its record already saved): its policy line, then its index row."""
    line = json.dumps({"file": row["file"], "positions": positions}, separators=(", ", ": ")) + "\n"
    with open(folder / POLICY, "ab") as handle:
        handle.write(_member(line))
    index = folder / INDEX
    with open(index, "ab") as handle:
        data = _index_bytes([row])
        handle.write(data if handle.tell() == 0 else data[len(_HEADER):])
        handle.flush()
        os.fsync(handle.fileno())
