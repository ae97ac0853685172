"""Label the positions of game records with Pentobi's search: its most visited moves and its values.

    taskset -c 0 python training/label_games.py '../data/runs/*/' --out ../data/labels/classic_ours_L6
    python training/label_games.py games/ --variant duo --level 5 --every 2 --out /tmp/duo_labels

Our own games (against Pentobi, or self-play) reach positions that Pentobi's
self-play does not; this asks Pentobi's GTP engine what it thinks of them.
For every position of every record before a placement (every ``--every``-th,
after the first ``--skip-first``), the engine searches at ``--level`` (its
opening book off, ``reg_genmove``: nothing is played) and reports
``get_value`` and ``move_values``; the position is sent as its moves
(``clear_board``, then ``play`` of each placement, a color without a move
skipped, as :class:`blokus_nb.engines.GTPEngine` does).

The folder ``--out`` is written in the layout of Pentobi's self-play sets
(``pentobi_driver.py selfplay --values --policy K``), so
``training/net_data.py`` reads it (``--also``):

* each record, saved again under its own file name (names must be unique);
* ``policy.jsonl.gz``: one line per game, ``file`` and ``positions``: for
  every placement its ``move_number``, the move ``played`` in the record, and
  ``root``, the ``--top`` first lines of ``move_values`` as
  ``[visits, value, move]`` (most visited first), or ``[]`` where no search
  was made;
* ``index.csv``: ``level`` is the labelling level, ``game`` numbers the
  games in the order they were labelled (every tenth is held out by
  ``net_data.py``), ``moves`` the placements, ``final_score`` the record's own
  result (Duo ``B+3``/``W+6``/``0``, else points per color),
  ``values`` as Pentobi's sets have them: entry ``j`` (0-based) is the value
  of the move chosen by the search at placement ``j`` (1-based), so entry 0
  is ``0.000`` and the last search's is not there; ``0.000`` where no search
  was made. (Pentobi's sets hold ``get_value`` after each search, which
  answers the value of the previous search's move, hence the shift; here it
  is taken from ``move_values``, which does not depend on what came before);
* ``config.json``: the settings and every run's exact command.

Running again with the same ``--out`` labels only the records it lacks (by
file name), after dropping what a stopped run left half-written; other
settings than the first run's are refused. Every record is read (by
:func:`blokus_nb.load`) and checked before anything is written: a record
that cannot be read, is not finished or has setup pieces is a
:class:`blokus_nb.BlokusError` naming the file. Records of another variant
than ``--variant`` are left out, and said so.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb import validation  # noqa: E402
from blokus_nb.analysis.files import find_files, glob_files, has_magic, skipping  # noqa: E402
from blokus_nb.engines import GTPEngine, find_pentobi  # noqa: E402
from blokus_nb.errors import BlokusError, RecordNotFoundError  # noqa: E402
from blokus_nb.players.selfplay_files import append_game, final_score, folder_lock, read_folder  # noqa: E402
from blokus_nb.validation import choice, count, positive_count  # noqa: E402

VARIANTS = ("classic", "classic_2", "classic_3", "duo")
DEFAULT_PENTOBI = ROOT.parent / "shared" / "tools" / "pentobi" / "pentobi-gtp"
CONFIG = "config.json"
#: The settings a resumed run must share with the first.
SETTINGS = ("variant", "level", "top", "every", "skip_first", "seed", "engine")


def record_files(sources: list[str]) -> list[Path]:
    """The record files that ``sources`` (files, folders, globs) name, each once, in order.

    >>> record_files([])
    []
    """
    found: dict[Path, None] = {}
    for source in sources:
        if has_magic(source):
            paths, _ = glob_files(source)
        elif os.path.isdir(source):
            paths, _ = find_files(source)
        elif os.path.isfile(source):
            paths = [Path(source)]
        else:
            raise RecordNotFoundError("there is no such file or folder, and it is no glob", source=source)
        found.update((Path(path), None) for path in paths)
    return list(found)


def read_records(paths: list[Path], variant: str) -> tuple[list[tuple[str, bn.Game]], list[str]]:
    """``(name, game)`` of every record of ``variant``, and a note for each left out.

    A record that cannot be read, is not finished, or has setup pieces (the
    policy lines are replayed from the empty board) is a :class:`BlokusError`
    naming its file, as are two records with one file name.
    """
    games, notes, seen = [], [], {}
    for path in paths:
        game = bn.load(path)  # a RecordError names the file and the place in it
        if game.variant.name != variant:
            notes.append(f"{path}: a {game.variant.name} game, not {variant}: left out")
            continue
        if game.setup:
            raise BlokusError(f"{path}: the game starts from setup pieces, which the policy lines "
                              "(replayed from the empty board) cannot say: leave it out")
        if not game.is_over:
            raise BlokusError(f"{path}: the game is not finished ({len(game.moves)} placements), so its "
                              "points are no result: leave it out")
        if path.name in seen:
            raise BlokusError(f"{path} and {seen[path.name]} have one file name, by which the labels "
                              "know their games: label them into separate folders")
        seen[path.name] = path
        games.append((path.name, game))
    return games, notes


def label_game(engine: GTPEngine, record: bn.Game, *, top: int, every: int,
               skip_first: int) -> tuple[list[dict], list[float], list[float]]:
    """The policy positions of ``record``, its ``values`` (see the module docstring) and the
    seconds of each search."""
    game = bn.Game(record.variant)
    positions, values, times = [], [0.0], []
    for number, move in enumerate((m for m in record.history if not m.is_pass), start=1):
        root: list = []
        value = 0.0
        if number > skip_first and (number - skip_first - 1) % every == 0:
            start = time.perf_counter()
            statistics = engine.root_statistics(game)
            times.append(time.perf_counter() - start)
            root = [[visits, round(estimate, 3), str(found)] for visits, estimate, found in statistics.moves[:top]]
            value = next((estimate for _, estimate, found in statistics.moves if found == statistics.move),
                         statistics.moves[0][1] if statistics.moves else 0.0)
        positions.append({"move_number": number, "played": str(move), "root": root})
        values.append(value)
        game.play(move)  # a color with no move left is passed by the rules, as in the record
    return positions, values[:len(positions)], times


def label(sources: list[str], out: Path, *, variant: str = "classic", level: int = 6, top: int = 16,
          every: int = 1, skip_first: int = 0, seed: int = 1, engine: str | None = None,
          pentobi: str | None = None, games: int | None = None, argv: list[str] | None = None,
          log=print) -> dict:
    """Label the records of ``sources`` into ``out`` (see the module docstring); what was done."""
    choice(variant, "variant", VARIANTS)
    level, top, every = (positive_count(level, "level", high=9), positive_count(top, "top"),
                         positive_count(every, "every"))
    skip_first, seed = count(skip_first, "skip_first"), validation.seed(seed, none="")
    games = positive_count(games, "games", none="every record")
    settings = {"variant": variant, "level": level, "top": top, "every": every, "skip_first": skip_first,
                "seed": seed, "engine": engine or "pentobi"}
    out.mkdir(parents=True, exist_ok=True)
    with folder_lock(out):
        config = _read_config(out, settings)
        folder = read_folder(out, seed, level=str(level))
        with skipping([out]):
            paths = record_files(sources)
        records, notes = read_records(paths, variant)
        for note in notes:
            log(note)
        done = set(folder.finished)
        todo = [(name, game) for name, game in records if name not in done]
        if games is not None:
            todo = todo[:games]
        config.setdefault("runs", []).append({"argv": argv, "started": _now(), "labelled": 0})
        _write_config(out, config)
        number = max((int(row["game"]) for row in folder.rows), default=0)
        positions_done, started = 0, time.perf_counter()
        if todo:
            with _engine(variant, level, seed, engine, pentobi) as gtp:
                version = " ".join(gtp.id.values())
                config.setdefault("engine_version", version)
                for name, record in todo:
                    begin = time.perf_counter()
                    positions, values, times = label_game(gtp, record, top=top, every=every,
                                                          skip_first=skip_first)
                    number += 1
                    bn.save(record, out / name)
                    row = {"file": name, "variant": variant, "gm": record.variant.sgf_name, "level": level,
                           "seed": seed, "game": number, "moves": len(positions),
                           "final_score": final_score(record), "seconds": round(time.perf_counter() - begin, 3),
                           "mean_genmove_s": round(sum(times) / len(times), 5) if times else 0.0,
                           "max_genmove_s": round(max(times), 5) if times else 0.0,
                           "values": " ".join(f"{v:.3f}" for v in values)}
                    append_game(out, row, positions)
                    positions_done += len(times)
                    config["runs"][-1]["labelled"] += 1
                    log(f"{name}: {len(times)} of {len(positions)} positions labelled in {row['seconds']:.1f} s")
        seconds = time.perf_counter() - started
        config["runs"][-1].update(positions=positions_done, seconds=round(seconds, 1))
        _write_config(out, config)
    report = {"labelled": len(todo), "already": sum(name in done for name, _ in records),
              "left_out": len(notes), "positions": positions_done, "seconds": seconds}
    rate = positions_done / seconds if seconds else 0.0
    log(f"{len(todo)} games labelled ({positions_done} positions, {rate:.1f} a second), "
        f"{report['already']} already there, {len(notes)} left out -> {out}")
    return report


def _engine(variant: str, level: int, seed: int, engine: str | None, pentobi: str | None) -> GTPEngine:
    if engine is not None:  # another GTP engine's command line (the tests' fake)
        return GTPEngine(shlex.split(engine), variant=variant, seed=seed, name="engine", env=dict(os.environ))
    path = pentobi or find_pentobi() or (str(DEFAULT_PENTOBI) if DEFAULT_PENTOBI.is_file() else None)
    if path is None:
        raise BlokusError("no pentobi-gtp: give --pentobi PATH, set $PENTOBI_GTP, or put it on the PATH")
    return bn.engines.pentobi(level=level, variant=variant, path=path, seed=seed)


def _read_config(out: Path, settings: dict) -> dict:
    path = out / CONFIG
    if not path.exists():
        return {"settings": settings, "created": _now()}
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
        known = config["settings"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise BlokusError(f"{path} cannot be read as a labelling run's settings ({error}): choose another "
                          "folder") from None
    changed = [f"{key} {known.get(key)!r} (now {settings[key]!r})" for key in SETTINGS
               if known.get(key) != settings[key]]
    if changed:
        raise BlokusError(f"{out} was labelled with other settings: {', '.join(changed)}; resume with "
                          "the same ones, or choose another folder")
    return config


def _write_config(out: Path, config: dict) -> None:
    temporary = out / f".{CONFIG}.tmp"
    temporary.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, out / CONFIG)


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", nargs="+", help="record files, folders or globs (.blksgf, .json)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write (keep it outside the repo)")
    parser.add_argument("--variant", choices=VARIANTS, default="classic")
    parser.add_argument("--level", type=int, default=6, help="Pentobi's level (default 6)")
    parser.add_argument("--top", type=int, default=16, help="root moves kept a position (default 16)")
    parser.add_argument("--every", type=int, default=1, help="label every K-th placement (default 1)")
    parser.add_argument("--skip-first", type=int, default=0, help="leave the first N placements unlabelled")
    parser.add_argument("--seed", type=int, default=1, help="the engine's seed (default 1)")
    parser.add_argument("--games", type=int, default=None, help="label at most N new games")
    parser.add_argument("--pentobi", default=None, help="pentobi-gtp's path ($PENTOBI_GTP, the PATH, "
                        "../shared/tools/pentobi/pentobi-gtp)")
    parser.add_argument("--engine", default=None, help="another GTP engine's command line instead of Pentobi")
    args = parser.parse_args(argv)
    command = [sys.executable, *sys.argv] if argv is None else ["label_games.py", *argv]
    try:
        label(args.sources, args.out, variant=args.variant, level=args.level, top=args.top,
              every=args.every, skip_first=args.skip_first, seed=args.seed, engine=args.engine,
              pentobi=args.pentobi, games=args.games, argv=command)
    except BlokusError as error:
        print(f"label_games.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
