"""Sources of games into the per-move table: plan the units of work, analyse them, report bad records.

A *source* is anything that holds games: a path to a record (``.blksgf``,
``.sgf``, ``.json``, ``.jsonl``), a folder (searched recursively), a glob,
an open file, record text, a :class:`~blokus_nb.Game`, or a list of any of
these. Records are read by :func:`blokus_nb.records.iter_games`, one game at
a time, with ``errors="collect"``.

A record that cannot be read does not stop the others: it is reported (file,
line, column, game number within the file, message) in
``table.attrs["errors"]`` and in one warning. A grammar error in an SGF file
ends that file (what follows cannot be trusted); a bad *game* in a good file
skips only that game.

>>> import blokus_nb as bn
>>> table = bn.analysis.load_games("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])", progress=False)
>>> table[["move_number", "color", "piece", "mobility_orange"]].values.tolist()
[[1, 'purple', 'X', 414], [2, 'orange', '1', 496]]
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple, Union

import pandas as pd

from .. import records, validation
from ..errors import ArgumentTypeError, RecordNotFoundError
from ..game import Game
from ..processes import ENGINES, run_jobs, worker_count
from ..validation import choice, job_count
from . import files, tables
from .metrics import GameRecord, TableBuilder

__all__ = ["load_games", "analyze_unit", "unit_records", "plan", "Unit", "AnalysisWarning",
           "RECORD_SUFFIXES"]

#: File suffixes read as game records (a folder is searched for these).
RECORD_SUFFIXES = records.RECORD_SUFFIXES
Source = Union[str, "os.PathLike[str]", Game, IO[str], Iterable[Any]]
#: Games already in memory go to worker processes in batches of this many.
BATCH = 64
#: Files smaller than this are read in groups of about this many bytes, one table for the
#: group: a table costs tens of kB and milliseconds of its own, as much as a game in it.
GROUP_BYTES = 64 * 1024
#: ... but into at least this many groups, so that every worker has its share.
MIN_GROUPS = 16
#: With ``n_jobs=None``, sources smaller than this (bytes of records, or ~1 KB a game in
#: memory) are analysed in this process: starting workers would cost more than it saves.
SMALL_CORPUS = 256 * 1024
#: What the worker processes import once, before any of them is forked (see
#: :func:`blokus_nb.processes.pool_context`).
WORKER_PRELOAD = ("blokus_nb.analysis.loading", "blokus_nb.analysis._warm")


class AnalysisWarning(UserWarning):
    """Some records of a source could not be read; the rest were analysed."""


# ------------------------------------------------------------------- units of work
class Unit(NamedTuple):
    """One piece of work, analysed in one process by :func:`analyze_unit`.

    ``kind`` is ``"file"`` (``source`` is a path, read by the worker),
    ``"files"`` (small files read together: ``source`` and ``name`` are tuples),
    ``"text"`` (record text), ``"handle"`` (an open file, read in this
    process only, as it cannot be pickled), ``"games"`` (``source`` is a
    list of ``(GameRecord, game_id)``) or ``"skipped"`` (a folder left out
    while searching, such as a symlink loop; ``source`` is its error dict). ``name`` is the base of the game ids
    of a file or text. ``part``, when set, is a Parquet file the worker
    writes its table to (see :func:`blokus_nb.analysis.analyze_corpus`).
    """

    kind: str
    source: Any
    name: Any = None  # like source, it depends on kind: text or None, or for "files" a tuple of them
    part: str | None = None

    @property
    def files(self) -> int:
        """How many sources the unit holds (the files of a group; else 1)."""
        return len(self.source) if self.kind == "files" else 1

    @property
    def local(self) -> bool:
        """Whether the unit must be analysed in this process (it holds an open file or text)."""
        return self.kind in ("text", "handle", "skipped")


def _readers(unit: Unit) -> list[tuple[str, str | None, Iterator[Any]]]:
    """For each source a unit holds: its name in the table, its base game id, and its games and
    :class:`~blokus_nb.records.SkippedRecord` entries, read as they are iterated."""
    def read(source: Any, name: str) -> Iterator[Any]:
        return records.iter_games(source, errors="collect", name=name)

    if unit.kind == "files":
        return [(os.fspath(path), name, read(Path(path), os.fspath(path)))
                for path, name in zip(unit.source, unit.name)]
    if unit.kind == "file":
        return [(os.fspath(unit.source), unit.name, read(Path(unit.source), os.fspath(unit.source)))]
    if unit.kind == "text":
        return [("<text>", unit.name, read(unit.source, "<text>"))]
    if unit.kind == "handle":
        source = str(getattr(unit.source, "name", "<file>"))
        return [(source, unit.name, read(unit.source, source))]
    if unit.kind == "skipped":
        note = unit.source
        return [(note["source"], None, iter([records.SkippedRecord(
            note["source"], note.get("line"), note.get("column"), note.get("game"), note["message"])]))]
    raise ValueError(f"a unit of {unit.kind!r} holds no records")


def unit_records(unit: Unit) -> Iterator[Any]:
    """The games of a unit that holds records (any kind but ``"games"``), and a
    :class:`~blokus_nb.records.SkippedRecord` for each that could not be read or searched.

    >>> [type(item).__name__ for item in unit_records(Unit("text", "(;GM[Blokus Duo])(;GM[Go])", "t"))]
    ['Record', 'SkippedRecord']
    """
    for _, _, items in _readers(unit):
        yield from items


def analyze_unit(unit: Unit) -> tuple[pd.DataFrame, list[dict], int]:
    """Analyse one unit: its per-move table, the records it could not read, and its game count.

    Each error is a dict with ``source``, ``line``, ``column``, ``game`` and
    ``message`` (see :class:`blokus_nb.records.SkippedRecord`).

    >>> table, errors, games = analyze_unit(Unit("text", "(;GM[Blokus Duo];B[e10])(;GM[Go])", "t"))
    >>> len(table), games, errors[0]["game"]
    (1, 1, 2)
    """
    builder = TableBuilder()
    errors: list[dict] = []
    if unit.kind == "games":
        for record, game_id in unit.source:
            builder.add(record, game_id, "<games>")
        return builder.frame(), errors, builder.games
    alone: dict[str, str | None] = {}  # the id of the only game of a file: the file's own name
    for source, name, items in _readers(unit):
        number = 0
        before = builder.games
        for item in items:
            if isinstance(item, records.SkippedRecord):
                errors.append(item._asdict())
                number = max(number, item.game or 0)
                continue
            number += 1
            builder.add(GameRecord.of(item), f"{name}#{number}", source)
        if number == 1 and builder.games == before + 1:
            alone[f"{name}#1"] = name
    frame = builder.frame()
    if alone:
        frame["game_id"] = frame["game_id"].cat.rename_categories(
            lambda game_id: alone.get(game_id, game_id))
        for game in frame.attrs.get(tables.WITHOUT_MOVES, []):
            game["game_id"] = alone.get(game["game_id"], game["game_id"])
    return frame, errors, builder.games


# ------------------------------------------------------------------- planning
def _expand(source: Any, units: list[Unit], games: list[tuple[GameRecord, str]],
            counter: list[int]) -> None:
    if isinstance(source, Game):
        counter[0] += 1
        record = GameRecord.of(source)
        games.append((record, record.name or f"game_{counter[0]}"))
        return
    if isinstance(source, bytes):  # record text as bytes: the reader decodes it, naming a bad line
        units.append(Unit("text", source))
        return
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n")[:1] in ("(", "{", "["):
        units.append(Unit("text", source))
        return
    if isinstance(source, (str, os.PathLike)):
        if isinstance(source, str) and not source.strip():  # Path("") is ".": every record under this folder
            raise RecordNotFoundError("an empty path names no file: name a file, a folder or a glob "
                                      "(\".\" for the current folder)", source=repr(source))
        text = str(validation.path(source, "a source of games", "read"))
        path = Path(text).expanduser()
        with validation.path_errors(text, "read"):
            is_dir, is_file = path.is_dir(), path.is_file()
        if is_dir:
            found, skipped = files.find_files(path)
            if not found and not skipped:
                raise RecordNotFoundError(f"no {', '.join(RECORD_SUFFIXES)} files in this folder", source=text)
        elif is_file:
            found, skipped = [path], []
        elif files.has_magic(text):
            found, skipped = files.glob_files(os.path.expanduser(text))
            if not found and not skipped:
                raise RecordNotFoundError(f"no {', '.join(RECORD_SUFFIXES)} files match this glob", source=text)
        else:
            raise RecordNotFoundError("no such file or folder", source=text)
        units.extend(Unit("file", str(p)) for p in found)
        units.extend(Unit("skipped", note) for note in skipped)
        return
    if hasattr(source, "read"):
        units.append(Unit("handle", source))
        return
    if isinstance(source, Iterable):
        for item in source:
            _expand(item, units, games, counter)
        return
    raise ArgumentTypeError(f"cannot read games from {type(source).__name__}: pass a path, a folder, a glob, "
                            "record text, an open file, a Game, or a list of these")


def _once(units: list[Unit]) -> list[Unit]:
    """The units without a second reading of a file (the same file named twice, or through a link)."""
    seen: set[tuple[int, int]] = set()
    kept = []
    for unit in units:
        if unit.kind == "file":
            try:
                info = os.stat(unit.source)
            except OSError:  # reported when it is read
                info = None
            if info is not None:
                if (info.st_dev, info.st_ino) in seen:
                    continue
                seen.add((info.st_dev, info.st_ino))
        kept.append(unit)
    return kept


def _grouped(units: list[Unit]) -> list[Unit]:
    """Runs of small files joined into ``"files"`` units of about :data:`GROUP_BYTES` each."""
    sizes = {}
    for unit in units:
        if unit.kind == "file":
            try:
                sizes[unit.source] = os.path.getsize(unit.source)
            except OSError:
                sizes[unit.source] = GROUP_BYTES
    small = sum(size for size in sizes.values() if size < GROUP_BYTES)
    target = min(GROUP_BYTES, small // MIN_GROUPS)
    out: list[Unit] = []
    group: list[Unit] = []
    size = 0

    def close() -> None:
        nonlocal size
        if len(group) == 1:
            out.append(group[0])
        elif group:
            out.append(Unit("files", tuple(u.source for u in group), tuple(u.name for u in group)))
        group.clear()
        size = 0

    for unit in units:
        if unit.kind != "file":
            close()
            out.append(unit)
            continue
        bytes_ = sizes[unit.source]
        if bytes_ >= GROUP_BYTES:
            close()
            out.append(unit)
            continue
        group.append(unit)
        size += bytes_
        if size >= target:
            close()
    close()
    return out


def _name_units(units: list[Unit]) -> list[Unit]:
    """Give each file or text unit a short base game id: its file stem, unique across the units."""
    paths = [Path(u.source) for u in units if u.kind == "file"]
    stems = [p.stem for p in paths]
    if len(set(stems)) < len(stems):
        root = os.path.commonpath([str(p.resolve().parent) for p in paths]) if paths else ""
        stems = [Path(os.path.relpath(p.resolve(), root)).with_suffix("").as_posix() for p in paths]
    used: set[str] = set()
    named = []
    stem_iter = iter(stems)
    texts = sum(1 for u in units if u.kind in ("text", "handle"))
    text_number = 0
    for unit in units:
        if unit.kind == "skipped":
            named.append(unit)
            continue
        if unit.kind == "file":
            base = next(stem_iter)
        else:
            text_number += 1
            name = getattr(unit.source, "name", None) if unit.kind == "handle" else None
            base = Path(str(name)).stem if name else ("text" if texts == 1 else f"text_{text_number}")
        candidate, k = base, 1
        while candidate in used:
            k += 1
            candidate = f"{base}~{k}"
        used.add(candidate)
        named.append(unit._replace(name=candidate))
    return named


def plan(source: Source) -> list[Unit]:
    """The units of work for ``source`` (files, texts, batches of games), in order.

    >>> [(u.kind, u.name) for u in plan(["(;GM[Blokus])", "(;GM[Blokus Duo])"])]
    [('text', 'text_1'), ('text', 'text_2')]
    """
    units: list[Unit] = []
    games: list[tuple[GameRecord, str]] = []
    _expand(source, units, games, [0])
    units = _grouped(_name_units(_once(units)))
    ids = [game_id for _, game_id in games]
    if len(set(ids)) < len(ids):
        seen: dict[str, int] = {}
        for i, game_id in enumerate(ids):
            seen[game_id] = seen.get(game_id, 0) + 1
            if seen[game_id] > 1:
                ids[i] = f"{game_id}~{seen[game_id]}"
        games = [(record, game_id) for (record, _), game_id in zip(games, ids)]
    for start in range(0, len(games), BATCH):
        units.append(Unit("games", games[start:start + BATCH]))
    return units


def resolve_jobs(n_jobs: int | None, units: int | list[Unit]) -> int:
    """Worker processes to use: ``None`` or ``-1`` is every core; never more than the units.

    Given the units themselves, ``None`` is 1 for a small corpus (see :data:`SMALL_CORPUS`).
    """
    count = units if isinstance(units, int) else len(units)
    if n_jobs is None and not isinstance(units, int) and _size(units) < SMALL_CORPUS:
        return 1
    return worker_count(n_jobs, count)


def _size(units: list[Unit]) -> int:
    total = 0
    for unit in units:
        if unit.kind in ("file", "files"):
            for path in (unit.source,) if unit.kind == "file" else unit.source:
                try:
                    total += os.path.getsize(path)
                except OSError:
                    pass
        elif unit.kind == "games":
            total += 1024 * len(unit.source)
    return total


# ------------------------------------------------------------------- running
def run_units(units: list[Unit], n_jobs: int | None = None, progress: bool = True, *,
              engine: str = "processes", client: Any = None, task: Any = None,
              desc: str = "analysing games") -> tuple[list[Any], list[dict], int]:
    """Analyse units on ``engine`` and return (results in unit order, errors, games).

    ``task(unit)`` returns ``(result, errors, games)``; by default the unit's
    table (:func:`analyze_unit`). Units holding an open file or text run in
    this process; the others on ``n_jobs`` workers (:func:`blokus_nb.processes.run_jobs`).
    """
    from tqdm.auto import tqdm

    task = task or analyze_unit
    results: list[Any] = [None] * len(units)
    errors: list[list[dict]] = [[] for _ in units]
    total_games = 0
    local = [i for i, u in enumerate(units) if u.local]
    remote = [i for i, u in enumerate(units) if not u.local]
    with tqdm(total=sum(u.files for u in units), desc=desc, unit="file", disable=not progress,
              leave=True) as bar:
        def done(i: int, outcome: tuple) -> None:
            nonlocal total_games
            results[i], errors[i], games = outcome
            total_games += games
            bar.update(units[i].files)
            bar.set_postfix(games=total_games, errors=sum(map(len, errors)), refresh=False)

        for i in local:
            done(i, task(units[i]))
        run_jobs(task, [units[i] for i in remote], resolve_jobs(n_jobs, [units[i] for i in remote]),
                 done=lambda k, outcome: done(remote[k], outcome), engine=engine, client=client,
                 preload=WORKER_PRELOAD)
    return results, [e for unit_errors in errors for e in unit_errors], total_games


def report_errors(errors: list[dict], stacklevel: int = 3) -> None:
    """Warn once about the records that could not be read."""
    if not errors:
        return
    shown = "; ".join(format_error(e) for e in errors[:5])
    more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
    warnings.warn(f"{len(errors)} record{'s' if len(errors) != 1 else ''} could not be read "
                  f"and {'were' if len(errors) != 1 else 'was'} skipped: {shown}{more}",
                  AnalysisWarning, stacklevel=stacklevel)


def format_error(error: dict) -> str:
    """``file, line L, column C: message`` for an error dict.

    >>> format_error({"source": "a.jsonl", "line": 3, "column": None, "message": "not valid UTF-8"})
    'a.jsonl, line 3: not valid UTF-8'
    """
    return str(records.SkippedRecord(error["source"], error.get("line"), error.get("column"),
                                     error.get("game"), error["message"]))


def load_games(source: Source, n_jobs: int | None = None, progress: bool = True, *,
               engine: str = "processes", client: Any = None) -> pd.DataFrame:
    """The per-move table of every game in ``source`` (see :mod:`blokus_nb.analysis.metrics`).

    ``source`` is a path, a folder, a glob, record text, an open file, a
    :class:`~blokus_nb.Game`, or a list of these. Files are analysed in
    ``n_jobs`` worker processes (``None``: every core, or this process alone
    for a corpus under 256 KB, where workers cost more than they save;
    ``1``: this process);
    ``engine="dask"`` sends them to a Dask cluster (``client``, or the
    current one, or a local one). Records that cannot be read are listed in
    ``table.attrs["errors"]`` and in one :class:`AnalysisWarning`.

    >>> import blokus_nb as bn
    >>> table = bn.analysis.load_games([bn.Game("duo")], progress=False)
    >>> len(table)
    0
    """
    n_jobs = job_count(n_jobs, none="every core, or one for a small corpus")
    engine = choice(engine, "engine", ENGINES)
    validation.dask_client(client)
    units = plan(source)
    frames, errors, _ = run_units(units, n_jobs, progress, engine=engine, client=client)
    table = tables.concat_tables(frames)
    table.attrs["errors"] = errors
    report_errors(errors)
    return table


# ------------------------------------------------------------------- old names
_MOVED = {"summarize": tables, "to_long": tables, "to_wide": tables, "concat_tables": tables}


def __getattr__(name: str) -> Any:
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"blokus_nb.analysis.loading.{name} moved to {module.__name__}.{name}",
                  DeprecationWarning, stacklevel=2)
    return getattr(module, name)
