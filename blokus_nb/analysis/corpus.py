"""Whole corpora: the per-move table of thousands of games, on every core or on a Dask cluster.

:func:`analyze_corpus` reads the sources (as :func:`~blokus_nb.analysis.load_games`
does), measures every game in worker processes, and writes the per-move
table to Parquet:

* ``out="corpus.parquet"`` (a file): the workers send their tables back and
  one file is written -- simplest, for tables that fit in memory (a million
  moves is a few hundred MB);
* ``out="corpus/"`` (a folder): every worker writes its own part
  (``part-00000.parquet``, one per source file or batch of games) and sends
  back only counts, so the table never passes through this process. With
  ``engine="dask"`` on a multi-machine cluster, the folder must be on storage
  every worker can reach.

Either way records that cannot be read are reported (``report.errors``, a
warning, and ``errors.json`` beside the parts), and :func:`read_corpus`
reads the result back.

>>> import blokus_nb as bn, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> report = bn.analysis.analyze_corpus(["(;GM[Blokus Duo];B[e10])"], out=os.path.join(folder, "c.parquet"),
...                                     progress=False)
>>> report.games, len(bn.analysis.read_corpus(report.out))
(1, 1)
"""

from __future__ import annotations

import errno
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from .. import validation
from ..atomic import replace_file, replaced_entries
from ..errors import PathError, RecordError, short_repr
from ..processes import ENGINES
from ..validation import choice, job_count, path_errors, path_to_read, path_to_write
from .loading import Source, Unit, analyze_unit, plan, report_errors, resolve_jobs, run_units
from .metrics import ALL_COLORS, METRICS, MOVE_COLUMNS
from .tables import concat_tables

__all__ = ["analyze_corpus", "read_corpus", "CorpusReport", "ENGINES"]

ERRORS_FILE = "errors.json"


@dataclass
class CorpusReport:
    """What :func:`analyze_corpus` did: where the table is, how much it holds, what failed."""

    out: Path
    files: int
    games: int
    moves: int
    seconds: float
    engine: str
    n_jobs: int
    #: Records that could not be read: ``source``, ``line``, ``column``, ``game``, ``message``.
    errors: list[dict] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        """Games analysed per second of wall-clock time."""
        return self.games / self.seconds if self.seconds else float("inf")

    def __str__(self) -> str:
        failed = f", {len(self.errors)} unreadable record{'s' if len(self.errors) != 1 else ''}" \
            if self.errors else ""
        return (f"{self.games} games ({self.moves} moves) from {self.files} sources in "
                f"{self.seconds:.1f} s ({self.games_per_second:.1f} games/s, {self.engine}, "
                f"{self.n_jobs} job{'s' if self.n_jobs != 1 else ''}){failed} -> {self.out}")


def _write_part(unit: Unit) -> tuple[int, list[dict], int]:
    """Analyse one unit in a worker and write its table to ``unit.part``; return the row count."""
    frame, errors, games = analyze_unit(unit)
    if len(frame) or frame.attrs:  # a part of games without moves holds them in its attrs
        frame.to_parquet(unit.part, index=False)
    return len(frame), errors, games


def analyze_corpus(paths: Source, out: str | os.PathLike[str] = "corpus.parquet",
                   n_jobs: int | None = None, *, engine: str = "processes", client: Any = None,
                   progress: bool = True) -> CorpusReport:
    """Measure every game in ``paths`` and write the per-move table to ``out`` (Parquet).

    ``paths`` is anything :func:`~blokus_nb.analysis.load_games` reads. ``out``
    ending in ``.parquet`` is one file; anything else is a folder of parts
    (see the module docstring). ``n_jobs`` worker processes (``None``: every
    core, or one for a corpus under 256 KB); ``engine="dask"`` runs on
    ``client``, the current Dask client, or a new local cluster of ``n_jobs``
    workers. Either is written whole or not at all: a run that fails midway
    leaves the old file, or the folder's old parts (and the user's other files
    in it), exactly as they were.

    >>> report = analyze_corpus("games/", out="corpus/")  # doctest: +SKIP
    >>> print(report)  # doctest: +SKIP
    20000 games (1398211 moves) from 200 sources in 512.0 s (39.1 games/s, processes, 2 jobs) -> corpus
    """
    engine = choice(engine, "engine", ENGINES)
    n_jobs = job_count(n_jobs, none="every core, or one for a small corpus")
    validation.dask_client(client)
    start = time.perf_counter()
    out = _output(out)
    units = plan(paths)
    jobs = resolve_jobs(n_jobs, units)
    if out.suffix.lower() == ".parquet":
        with path_errors(out):
            out.parent.mkdir(parents=True, exist_ok=True)
        frames, errors, games = run_units(units, jobs, progress, engine=engine, client=client)
        table = concat_tables(frames)
        table.attrs["errors"] = errors
        replace_file(out, lambda handle: table.to_parquet(handle, index=False), binary=True)
        moves = len(table)
    else:
        with replaced_entries(out, _is_corpus_file) as staging:
            named = [unit._replace(part=str((staging / f"part-{i:05d}.parquet").resolve()))
                     for i, unit in enumerate(units)]
            counts, errors, games = run_units(named, jobs, progress, engine=engine, client=client,
                                              task=_write_part)
            moves = sum(counts)
            replace_file(staging / ERRORS_FILE, lambda handle: handle.write(json.dumps(errors, indent=1) + "\n"))
    report = CorpusReport(out=out, files=sum(u.files for u in units), games=games, moves=moves,
                          seconds=time.perf_counter() - start, engine=engine, n_jobs=jobs,
                          errors=errors)
    report_errors(errors)
    return report


def _is_corpus_file(name: str) -> bool:
    """Whether ``name`` in a folder of parts is ours (a new run replaces it), not the user's."""
    return name == ERRORS_FILE or (name.startswith("part-") and name.endswith(".parquet"))


def _output(out: Any) -> Path:
    """``out`` if a Parquet file or a folder of parts can be written there (folders are made as needed)."""
    path = validation.path(out, "out", "write")
    if not path.name.lower().endswith(".parquet"):
        return path_to_write(path, "out", folder=True)  # no file in the way of the folders
    if path.is_dir():
        raise PathError(f"cannot write {path}: it is a folder; name a .parquet file, or a folder "
                        "without that suffix for a folder of parts", path=str(path), errno=errno.EISDIR)
    path_to_write(path.parent, "out", folder=True)
    return path


def _read_part(path: Path, given: Path) -> pd.DataFrame:
    """One Parquet file of a corpus; a file that is not one (cut short, or something else) is a
    :class:`~blokus_nb.errors.RecordError` naming it."""
    try:
        return pd.read_parquet(path)
    except OSError:
        raise
    except Exception as error:  # pyarrow's ArrowInvalid and its kin: a file that is not Parquet
        raise RecordError(f"not a Parquet table written by analyze_corpus ({type(error).__name__}: "
                          f"{short_repr(str(error), 200)})", source=str(given)) from None


def read_corpus(path: str | os.PathLike[str]) -> pd.DataFrame:
    """The per-move table written by :func:`analyze_corpus` (a Parquet file or a folder of parts).

    Unreadable records found when it was written are in ``table.attrs["errors"]``.

    >>> table = read_corpus("corpus/")  # doctest: +SKIP
    """
    path = path_to_read(path)
    with path_errors(path, "read"):
        if path.is_dir():
            parts = sorted(path.glob("part-*.parquet"))
            frames = [_read_part(part, part) for part in parts]
            for frame in frames:
                for column in ("game_id", "source", "player_name"):
                    if column in frame.columns and not isinstance(frame[column].dtype, pd.CategoricalDtype):
                        frame[column] = frame[column].astype("category")
            table = concat_tables(frames)
            errors_file = path / ERRORS_FILE
            try:
                errors = json.loads(errors_file.read_text(encoding="utf-8")) if errors_file.exists() else []
            except ValueError as error:  # not JSON, or not UTF-8
                raise RecordError(f"not a corpus's list of unreadable records ({error})",
                                  source=str(errors_file)) from None
        else:
            table = _read_part(path, path)
            errors = list(table.attrs.get("errors", []))
    order = [c for c in MOVE_COLUMNS if c in table.columns] + \
        [f"{m}_{c}" for c in ALL_COLORS for m in METRICS if f"{m}_{c}" in table.columns]
    table = table[order]
    table.attrs["errors"] = errors
    return table
