"""Games into pandas: sources to the per-move table, per-game summaries, long and wide layouts.

A *source* is anything that holds games: a path to a record (``.blksgf``,
``.sgf``, ``.json``, ``.jsonl``), a folder (searched recursively), a glob,
an open file, record text, a :class:`~blokus_nb.Game`, or a list of any of
these. A file of many games is streamed one game at a time.

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

import glob
import json
import os
import warnings
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Union

import numpy as np
import pandas as pd

from .. import records, sgf
from ..errors import BlokusError, RecordError
from ..game import Game
from ..pieces import TOTAL_SQUARES
from ..processes import pool_context, worker_count
from ..variants import get_variant
from .metrics import ALL_COLORS, METRICS, MOVE_COLUMNS, GameRecord, TableBuilder, table_colors

__all__ = ["load_games", "summarize", "to_long", "to_wide", "read_games", "RECORD_SUFFIXES"]

#: File suffixes read as game records (a folder is searched for these).
RECORD_SUFFIXES = (".blksgf", ".sgf", ".json", ".jsonl")
Source = Union[str, "os.PathLike[str]", Game, IO[str], Iterable[Any]]
#: Game objects are handed to worker processes in batches of this many.
BATCH = 64


class AnalysisWarning(UserWarning):
    """Some records of a source could not be read; the rest were analysed."""


# ------------------------------------------------------------------- reading records
def _error(error: Exception, source: str, game: int | None) -> dict[str, Any]:
    if isinstance(error, RecordError):
        return {"source": error.source, "line": error.line, "column": error.column, "game": game,
                "message": error.reason}
    return {"source": source, "line": None, "column": None, "game": game, "message": str(error)}


def _kind(name: str, text: str | None = None) -> str:
    if text is not None:
        first = text.lstrip()[:1]
        return {"(": "sgf", "[": "json", "{": "json"}.get(first, "sgf")
    suffix = Path(name).suffix.lower()
    if suffix in (".blksgf", ".sgf"):
        return "sgf"
    if suffix == ".jsonl":
        return "jsonl"
    if suffix == ".json":
        return "json"
    raise BlokusError(f"unknown record type {suffix!r}; use {', '.join(RECORD_SUFFIXES)}")


def _json_games(text: str, name: str) -> Iterator[Game | dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}"):
            yield from _json_lines(text.splitlines(), name)  # JSON Lines given as text
            return
        yield _error(RecordError(f"not valid JSON: {error.msg}", source=name, line=error.lineno,
                                 column=error.colno), name, 1)
        return
    for number, record in enumerate(data if isinstance(data, list) else [data], start=1):
        try:
            yield records.game_from_dict(record, source=name)
        except BlokusError as error:
            yield _error(error, name, number)


def _json_lines(lines: Iterable[str], name: str) -> Iterator[Game | dict]:
    number = 0
    for line_number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        number += 1
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            yield _error(RecordError(f"not valid JSON: {error.msg}", source=name, line=line_number,
                                     column=error.colno), name, number)
            continue
        try:
            yield records.game_from_dict(record, source=name, line=line_number)
        except BlokusError as error:
            yield _error(error, name, number)


def _sgf_games(source: Any, name: str) -> Iterator[Game | dict]:
    trees = sgf.iter_trees(source, name=name)
    number = 0
    while True:
        number += 1
        try:
            tree = next(trees)
        except StopIteration:
            return
        except BlokusError as error:  # the grammar is broken: nothing after it can be trusted
            yield _error(error, name, number)
            return
        try:
            yield records.game_from_tree(tree)
        except BlokusError as error:
            yield _error(error, name, number)


def read_games(source: "str | os.PathLike[str] | IO[str]", *, name: str | None = None,
               text: bool = False) -> Iterator[Game | dict]:
    """Yield the games of one file (or record text, with ``text=True``), and error dicts for bad ones.

    An error dict has ``source``, ``line``, ``column`` (1-based, or None),
    ``game`` (its 1-based number within the file) and ``message``.

    >>> [type(g).__name__ for g in read_games("(;GM[Blokus])(;GM[Chess])", text=True)]
    ['Game', 'dict']
    """
    if text:
        body = str(source)
        name = name or "<text>"
        kind = _kind(name, body)
        if kind == "sgf":
            yield from _sgf_games(body, name)
        else:
            yield from _json_games(body, name)
        return
    if hasattr(source, "read"):
        name = name or str(getattr(source, "name", "<file>"))
        try:
            kind = _kind(name)
        except BlokusError:
            kind = "sgf"
        if kind == "sgf":
            yield from _sgf_games(source, name)
        elif kind == "jsonl":
            yield from _json_lines(source, name)  # type: ignore[arg-type]
        else:
            yield from _json_games(source.read(), name)  # type: ignore[union-attr]
        return
    path = Path(source)  # type: ignore[arg-type]
    name = name or os.fspath(source)  # type: ignore[arg-type]
    try:
        kind = _kind(name)
        if kind == "sgf":
            yield from _sgf_games(path, name)
        elif kind == "jsonl":
            with open(path, encoding="utf-8") as handle:
                yield from _json_lines(handle, name)
        else:
            yield from _json_games(path.read_text(encoding="utf-8"), name)
    except (OSError, UnicodeDecodeError, BlokusError) as error:
        yield _error(error, name, None)


# ------------------------------------------------------------------- units of work
# A unit is analysed in one process and gives (table, errors, games read).
#   ("file", path, base_id)         read by the worker
#   ("text", text, base_id)         record text
#   ("handle", file, base_id)       an open file (read in this process only)
#   ("games", [(GameRecord, id)])   games already in memory


def _analyze_unit(unit: tuple) -> tuple[pd.DataFrame, list[dict], int]:
    kind = unit[0]
    builder = TableBuilder()
    errors: list[dict] = []
    if kind == "games":
        for record, game_id in unit[1]:
            builder.add(record, game_id, "<games>")
        return builder.frame(), errors, builder.games
    base = unit[2]
    if kind == "file":
        items = read_games(unit[1])
        source = os.fspath(unit[1])
    elif kind == "text":
        items = read_games(unit[1], text=True, name="<text>")
        source = "<text>"
    else:
        items = read_games(unit[1])
        source = str(getattr(unit[1], "name", "<file>"))
    number = 0
    for item in items:
        if isinstance(item, dict):
            errors.append(item)
            number = max(number, item["game"] or 0)
            continue
        number += 1
        builder.add(GameRecord.of(item), f"{base}#{number}", source)
    frame = builder.frame()
    if number == 1 and builder.games == 1:
        frame["game_id"] = frame["game_id"].cat.rename_categories([base])
    return frame, errors, builder.games


def _expand(source: Any, units: list[tuple], games: list[tuple[GameRecord, str]],
            counter: list[int]) -> None:
    if isinstance(source, Game):
        counter[0] += 1
        games.append((GameRecord.of(source), source.metadata.get("name") or f"game_{counter[0]}"))
        return
    if isinstance(source, bytes):
        source = source.decode("utf-8-sig")
    if isinstance(source, str) and source.lstrip()[:1] in ("(", "{", "["):
        units.append(("text", source, None))
        return
    if isinstance(source, (str, os.PathLike)):
        text = os.fspath(source)
        if not text.strip():  # Path("") is ".": it would read every record under this folder
            raise FileNotFoundError(f"{text!r} is an empty path: name a file, a folder or a glob "
                                    "(\".\" for the current folder)")
        path = Path(text).expanduser()
        if path.is_dir():
            found = sorted(p for p in path.rglob("*")
                           if p.suffix.lower() in RECORD_SUFFIXES and p.is_file())
            if not found:
                raise FileNotFoundError(f"{text}: no {', '.join(RECORD_SUFFIXES)} files in this folder")
            units.extend(("file", str(p), None) for p in found)
        elif path.is_file():
            units.append(("file", str(path), None))
        elif any(ch in text for ch in "*?["):
            found = sorted(Path(p) for p in glob.glob(os.path.expanduser(text), recursive=True)
                           if Path(p).is_file())
            if not found:
                raise FileNotFoundError(f"no files match {text!r}")
            units.extend(("file", str(p), None) for p in found)
        else:
            raise FileNotFoundError(f"{text}: no such file or folder")
        return
    if hasattr(source, "read"):
        units.append(("handle", source, None))
        return
    if isinstance(source, Iterable):
        for item in source:
            _expand(item, units, games, counter)
        return
    raise TypeError(f"cannot read games from {type(source).__name__}: pass a path, a folder, a glob, "
                    "record text, an open file, a Game, or a list of these")


def _name_units(units: list[tuple]) -> list[tuple]:
    """Give each file or text unit a short base game id: its file stem, unique across the units."""
    paths = [Path(u[1]) for u in units if u[0] == "file"]
    stems = [p.stem for p in paths]
    if len(set(stems)) < len(stems):
        root = os.path.commonpath([str(p.resolve().parent) for p in paths]) if paths else ""
        stems = [Path(os.path.relpath(p.resolve(), root)).with_suffix("").as_posix() for p in paths]
    used: set[str] = set()
    named = []
    stem_iter = iter(stems)
    texts = sum(1 for u in units if u[0] in ("text", "handle"))
    text_number = 0
    for unit in units:
        if unit[0] == "file":
            base = next(stem_iter)
        elif unit[0] in ("text", "handle"):
            text_number += 1
            name = getattr(unit[1], "name", None) if unit[0] == "handle" else None
            base = Path(str(name)).stem if name else ("text" if texts == 1 else f"text_{text_number}")
        else:
            named.append(unit)
            continue
        candidate, k = base, 1
        while candidate in used:
            k += 1
            candidate = f"{base}~{k}"
        used.add(candidate)
        named.append((unit[0], unit[1], candidate))
    return named


def plan(source: Source) -> list[tuple]:
    """The units of work for ``source`` (files, texts, batches of games), in order."""
    units: list[tuple] = []
    games: list[tuple[GameRecord, str]] = []
    _expand(source, units, games, [0])
    units = _name_units(units)
    ids = [game_id for _, game_id in games]
    if len(set(ids)) < len(ids):
        seen: dict[str, int] = {}
        for i, game_id in enumerate(ids):
            seen[game_id] = seen.get(game_id, 0) + 1
            if seen[game_id] > 1:
                ids[i] = f"{game_id}~{seen[game_id]}"
        games = [(record, game_id) for (record, _), game_id in zip(games, ids)]
    for start in range(0, len(games), BATCH):
        units.append(("games", games[start:start + BATCH]))
    return units


# ------------------------------------------------------------------- running
#: With ``n_jobs=None``, sources smaller than this (bytes of records, or ~1 KB a game in
#: memory) are analysed in this process: starting workers would cost more than it saves.
SMALL_CORPUS = 256 * 1024
#: What the worker processes import once, before any of them is forked (see :func:`blokus_nb.processes.pool_context`).
WORKER_PRELOAD = ("blokus_nb.analysis.loading", "blokus_nb.analysis._warm")


def resolve_jobs(n_jobs: int | None, units: int | list[tuple]) -> int:
    """Worker processes to use: ``None`` or ``-1`` is every core; never more than the units.

    Given the units themselves, ``None`` is 1 for a small corpus (see :data:`SMALL_CORPUS`).
    """
    count = units if isinstance(units, int) else len(units)
    if n_jobs is None and not isinstance(units, int) and _size(units) < SMALL_CORPUS:
        return 1
    return worker_count(n_jobs, count)


def _size(units: list[tuple]) -> int:
    total = 0
    for unit in units:
        if unit[0] == "file":
            try:
                total += os.path.getsize(unit[1])
            except OSError:
                pass
        elif unit[0] == "games":
            total += 1024 * len(unit[1])
    return total


def _progress(total: int, progress: bool, desc: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="file", disable=not progress, leave=True)


def run_units(units: list[tuple], n_jobs: int | None = None, progress: bool = True, *,
              engine: str = "processes", client: Any = None, task: Any = None,
              desc: str = "analysing games") -> tuple[list[Any], list[dict], int]:
    """Analyse units on ``engine`` and return (results in unit order, errors, games).

    ``task(unit)`` returns ``(result, errors, games)``; by default the unit's table.
    """
    task = task or _analyze_unit
    results: list[Any] = [None] * len(units)
    errors: list[list[dict]] = [[] for _ in units]
    total_games = 0
    local = [i for i, u in enumerate(units) if u[0] in ("text", "handle")]
    remote = [i for i, u in enumerate(units) if u[0] not in ("text", "handle")]
    jobs = resolve_jobs(n_jobs, [units[i] for i in remote])
    if engine not in ("processes", "dask"):
        raise BlokusError(f"unknown engine {engine!r}; use 'processes' or 'dask'")
    with _progress(len(units), progress, desc) as bar:
        def done(i: int, outcome: tuple) -> None:
            nonlocal total_games
            results[i], errors[i], games = outcome
            total_games += games
            bar.update(1)
            bar.set_postfix(games=total_games, errors=sum(map(len, errors)), refresh=False)

        for i in local:
            done(i, task(units[i]))
        if engine == "dask" and remote:
            _run_dask([(i, units[i]) for i in remote], task, done, client, jobs)
        elif jobs <= 1:
            for i in remote:
                done(i, task(units[i]))
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            context = pool_context(WORKER_PRELOAD)
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                futures = {pool.submit(task, units[i]): i for i in remote}
                for future in as_completed(futures):
                    done(futures[future], future.result())
    return results, [e for unit_errors in errors for e in unit_errors], total_games


def _run_dask(indexed: list[tuple[int, tuple]], task: Any, done: Any, client: Any, jobs: int) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed, get_client
    except ImportError:  # pragma: no cover - depends on the optional extra
        raise ImportError('engine="dask" needs the dask extra: pip install "blokus-nb[dask]"') from None
    own = None
    if client is None:
        try:
            client = get_client()
        except ValueError:
            own = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=None)
            client = Client(own)
    try:
        futures = client.map(task, [unit for _, unit in indexed], pure=False)
        where = {future.key: i for future, (i, _) in zip(futures, indexed)}
        for future in as_completed(futures):
            done(where[future.key], future.result())
    finally:
        if own is not None:
            client.close()
            own.close()


def concat_tables(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Stack per-move tables, keeping categories and the column order."""
    frames = [f for f in frames if f is not None and len(f)]
    if not frames:
        return TableBuilder().frame()
    if len(frames) == 1:
        return frames[0]
    for column in ("game_id", "source", "player_name"):
        categories = list(dict.fromkeys(c for f in frames for c in f[column].cat.categories))
        for f in frames:
            f[column] = f[column].cat.set_categories(categories)
    table = pd.concat(frames, ignore_index=True)
    colors = [c for c in ALL_COLORS if f"squares_{c}" in table.columns]
    return table[list(MOVE_COLUMNS) + [f"{m}_{c}" for c in colors for m in METRICS]]


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
    """``file, line L, column C: message`` for an error dict."""
    where = str(error["source"])
    if error.get("line") is not None:
        where += f", line {error['line']}"
        if error.get("column") is not None:
            where += f", column {error['column']}"
    return f"{where}: {error['message']}"


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
    units = plan(source)
    frames, errors, _ = run_units(units, n_jobs, progress, engine=engine, client=client)
    table = concat_tables(frames)
    table.attrs["errors"] = errors
    report_errors(errors)
    return table


# ------------------------------------------------------------------- summaries and layouts
def summarize(table: pd.DataFrame) -> pd.DataFrame:
    """One row per game: length, final squares, scores and points, first pieces, seats and winners.

    Seats are players in playing order (player 1 moves first). Columns:
    ``game_id``, ``source``, ``variant``, ``moves`` (placements), ``passes``,
    ``finished`` (no color can move), per color ``squares_<c>``, ``score_<c>``
    (advanced), ``points_<c>`` (Pentobi's: 89 + score) and ``first_piece_<c>``,
    per player ``player_<p>`` (name), ``player_points_<p>`` (points of the
    colors the player scores) and ``won_<p>`` (1 for a win, 1/k for a k-way
    tie, else 0), then ``winners`` (e.g. ``"1"`` or ``"1,3"``), ``winner``
    (NA on a tie) and ``margin`` (points ahead of the runner-up).

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> bn.analysis.summarize(bn.analysis.metrics(game))[["moves", "winner", "margin"]].values.tolist()
    [[2, 1, 4]]
    """
    if table.empty:
        return pd.DataFrame(columns=["game_id", "source", "variant", "moves", "passes", "finished"])
    by_game = table.groupby("game_id", observed=True, sort=False)
    last = by_game.tail(1).set_index("game_id")
    placed = ~table["is_pass"]
    passes = by_game["is_pass"].sum().reindex(last.index).to_numpy()
    out = pd.DataFrame({
        "game_id": last.index.astype(str),
        "source": last["source"].astype(str).to_numpy(),
        "variant": last["variant"].to_numpy(),
        "moves": by_game.size().reindex(last.index).to_numpy() - passes,
        "passes": passes,
    })
    out["variant"] = out["variant"].astype(table["variant"].dtype)
    colors = table_colors(table)
    mobility = last[[f"mobility_{c}" for c in colors]].fillna(0)
    out["finished"] = (mobility.to_numpy() == 0).all(axis=1)
    firsts = (table[placed].groupby(["game_id", "color"], observed=True, sort=False)["piece"].first()
              .unstack("color"))
    for color in colors:
        out[f"squares_{color}"] = last[f"squares_{color}"].to_numpy()
        out[f"score_{color}"] = last[f"score_{color}"].to_numpy()
        out[f"points_{color}"] = last[f"score_{color}"].to_numpy() + TOTAL_SQUARES
        first = firsts[color].reindex(last.index) if color in firsts.columns else \
            pd.Series(pd.NA, index=last.index)
        out[f"first_piece_{color}"] = pd.Categorical(first.to_numpy(), dtype=table["piece"].dtype)
    names = (table.groupby(["game_id", "player"], observed=True, sort=False)["player_name"].first()
             .unstack("player"))
    max_players = max(get_variant(v).n_players for v in out["variant"].astype(str).unique())
    points = np.full((len(out), max_players), np.nan)
    for row, (variant_name, values) in enumerate(zip(out["variant"].astype(str), last.itertuples())):
        variant = get_variant(variant_name)
        for p in range(1, variant.n_players + 1):
            points[row, p - 1] = sum(getattr(values, f"score_{c}") + TOTAL_SQUARES
                                     for c in variant.colors_of(p))
    best = np.nanmax(points, axis=1)
    is_best = points == best[:, None]
    n_best = is_best.sum(axis=1)
    for p in range(1, max_players + 1):
        name = names[p].reindex(last.index) if p in names.columns else pd.Series(pd.NA, index=last.index)
        out[f"player_{p}"] = name.astype(object).to_numpy()
        out[f"player_points_{p}"] = points[:, p - 1]
        out[f"won_{p}"] = np.where(np.isnan(points[:, p - 1]), np.nan, is_best[:, p - 1] / n_best)
    out["winners"] = [",".join(str(p + 1) for p in np.flatnonzero(row)) for row in is_best]
    out["winner"] = pd.array([int(np.flatnonzero(row)[0]) + 1 if row.sum() == 1 else pd.NA
                              for row in is_best], dtype="Int8")
    ordered = -np.sort(-np.nan_to_num(points, nan=-np.inf), axis=1)
    out["margin"] = (ordered[:, 0] - ordered[:, 1]).astype(int) if max_players > 1 else 0
    for p in range(1, max_players + 1):
        column = out[f"player_points_{p}"]
        if not column.isna().any():
            out[f"player_points_{p}"] = column.astype(int)
    return out


def to_long(table: pd.DataFrame) -> pd.DataFrame:
    """The metric columns melted: one row per move, color and metric.

    Columns: ``game_id``, ``variant``, ``move_number``, ``mover`` (the color
    that moved), ``color`` (the color measured), ``metric`` and ``value``.
    :func:`to_wide` turns it back.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo"); _ = game.play("d9,c10,d10,e10,d11")
    >>> bn.analysis.to_long(bn.analysis.metrics(game)).shape
    (10, 7)
    """
    colors = table_colors(table)
    columns = [f"{m}_{c}" for c in colors for m in METRICS]
    ids = table[["game_id", "variant", "move_number", "color"]].rename(columns={"color": "mover"})
    long = ids.join(table[columns]).melt(id_vars=["game_id", "variant", "move_number", "mover"],
                                         value_vars=columns, var_name="column", value_name="value")
    long = long.dropna(subset=["value"])
    split = {name: name.split("_", 1) for name in columns}
    long["metric"] = pd.Categorical(long["column"].map(lambda n: split[n][0]), categories=list(METRICS))
    long["color"] = pd.Categorical(long["column"].map(lambda n: split[n][1]), categories=list(ALL_COLORS))
    long["value"] = long["value"].astype(int) if not long.empty else long["value"]
    long = long.sort_values(["game_id", "move_number", "color", "metric"], kind="stable")
    return long[["game_id", "variant", "move_number", "mover", "color", "metric", "value"]] \
        .reset_index(drop=True)


def to_wide(long: pd.DataFrame) -> pd.DataFrame:
    """A long metric table (:func:`to_long`) back to one row per move with ``<metric>_<color>`` columns.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo"); _ = game.play("d9,c10,d10,e10,d11")
    >>> wide = bn.analysis.to_wide(bn.analysis.to_long(bn.analysis.metrics(game)))
    >>> wide.loc[0, "mobility_orange"]
    np.int16(414)
    """
    wide = long.pivot_table(index=["game_id", "variant", "move_number", "mover"],
                            columns=["metric", "color"], values="value", observed=True, aggfunc="first")
    colors = [c for c in ALL_COLORS if c in set(long["color"].astype(str))]
    names = [(m, c) for c in colors for m in METRICS if (m, c) in wide.columns]
    wide = wide[names]
    wide.columns = [f"{m}_{c}" for m, c in names]
    wide = wide.reset_index().rename(columns={"mover": "color"})
    for column in wide.columns[4:]:
        if not wide[column].isna().any():
            wide[column] = wide[column].astype(np.int16)
    return wide
