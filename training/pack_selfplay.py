"""Pack a finished (or stopped) self-play run into the repository, compressed, and read it back.

    python training/pack_selfplay.py ../runs/gen/classic_s10001 training/data/classic_L6_s10001 \\
        --command "taskset -c 0 python ../shared/tools/pentobi_driver.py selfplay --variant classic ..."

A run of ``../shared/tools/pentobi_driver.py selfplay --values --policy K`` (or
of ``training/label_games.py``) writes one ``.blksgf`` record a game, an
``index.csv`` row a game and a ``policy.jsonl`` line a game, in that order; a
stopped run may leave the last game in some of them and not the others. Only the
games found in all three are packed, in the index's order:

* ``index.csv.xz`` and ``policy.jsonl.xz``: those games' rows and lines;
* ``records.tar.xz``: the records, with no owner and no dates, so that the same
  games always pack to the same bytes;
* ``made.json``: the command that made the run, a note (when, how it ended),
  the games, positions and seeds.

``training/net_data.py --also DIR`` reads such a folder as it reads the run
itself. Data that a shipped network rests on lives here, in the repository:
outside it, it is lost with the machine. A folder is packed once, whole: a new
run goes into a new folder, so that git keeps each set once.

Every game packed is read before anything is written: its record by
:func:`blokus_nb.read_sgf` (every move checked by the rules), its placements
compared with its policy line's moves played and its index row's count.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import lzma
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import blokus_nb as bn  # noqa: E402
from blokus_nb.players.selfplay_files import INDEX_COLUMNS, POLICY, read_folder  # noqa: E402

#: What a packed folder holds (``made.json`` besides).
INDEX, PACKED_POLICY, RECORDS, MADE = "index.csv.xz", "policy.jsonl.xz", "records.tar.xz", "made.json"


def open_text(folder: Path, name: str):
    """``folder / name`` for reading text, as written by the tools (``name``), gzipped
    (``name.gz``, Pentobi's shared sets) or packed here (``name.xz``)."""
    for suffix, opener in ((".xz", lzma.open), (".gz", gzip.open), ("", open)):
        path = folder / (name + suffix)
        if path.is_file():
            return opener(path, "rt", encoding="utf-8", newline="" if name.endswith(".csv") else None)
    raise SystemExit(f"{folder} holds no {name} (nor {name}.gz, {name}.xz)")


def finished_games(run: Path) -> tuple[list[dict], list[str], dict[str, bytes]]:
    """The run's finished games, as :func:`~blokus_nb.players.selfplay_files.read_folder` tells them
    (listed by the index, with a policy line and a record): ``(index rows, policy lines, records)``.

    The run is read, never changed: ``read_folder`` trims a copy of its index and policy lines
    (whole lines only: the driver writes them plain, where ours are gzipped a game a member).
    """
    with tempfile.TemporaryDirectory() as temp:
        copy = Path(temp)
        with open_text(run, "index.csv") as handle:
            (copy / "index.csv").write_text(handle.read(), encoding="utf-8", newline="")
        with open_text(run, "policy.jsonl") as handle:
            lines = [line for line in handle if line.endswith("\n")]
        (copy / POLICY).write_bytes(gzip.compress("".join(lines).encode("utf-8"), mtime=0))
        with open_text(run, "index.csv") as handle:
            for row in csv.DictReader(handle):
                if (run / row["file"]).is_file():
                    (copy / row["file"]).symlink_to((run / row["file"]).resolve())
        folder = read_folder(copy, seed=None)
    return folder.rows, folder.lines, {name: (run / name).read_bytes() for name in folder.finished}


def check_game(row: dict, line: str, record: bytes) -> int:
    """Read one game's record (every move checked by the rules) and compare its placements with its
    policy line's moves played and its index row's count; returns its positions."""
    game = bn.read_sgf(record.decode("utf-8"))
    placed = [sorted(str(move).split(",")) for move in game.history if not move.is_pass]
    played = [sorted(position["played"].split(",")) for position in json.loads(line)["positions"]]
    if len(placed) != int(row["moves"]) or placed != played:
        raise SystemExit(f"{row['file']}: its record, its policy line and its index row do not tell the same "
                         f"game ({len(placed)} placements, {len(played)} positions, {row['moves']} moves)")
    return len(played)


def tar_bytes(records: dict[str, bytes]) -> bytes:
    """The records as an xz-compressed tar with no owner, no dates and a fixed mode."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in records.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return lzma.compress(raw.getvalue(), preset=9 | lzma.PRESET_EXTREME)


def pack(run: Path, out: Path, command: str, note: str = "", log=print) -> dict:
    """Pack ``run`` into ``out`` (which must not hold a set already); returns what ``made.json`` says."""
    if (out / MADE).exists():
        raise SystemExit(f"{out} holds a packed set already: a new run goes into a new folder")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise SystemExit(f"{out} is there and not an empty folder: pack into a new folder (nothing was written)")
    rows, lines, records = finished_games(run)
    if not rows:
        raise SystemExit(f"{run}: no game is in its index, its policy lines and its records alike")
    positions = sum(check_game(row, line, records[row["file"]]) for row, line in zip(rows, lines))
    index = io.StringIO(newline="")
    writer = csv.DictWriter(index, fieldnames=INDEX_COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    made = {"command": command, "note": note, "games": len(rows), "positions": positions,
            "variants": sorted({row["variant"] for row in rows}),
            "seeds": sorted({int(row["seed"]) for row in rows}),
            "packed_by": "python training/pack_selfplay.py"}
    out.mkdir(parents=True, exist_ok=True)
    xz = {"preset": 9 | lzma.PRESET_EXTREME}
    (out / INDEX).write_bytes(lzma.compress(index.getvalue().encode("utf-8"), **xz))
    (out / PACKED_POLICY).write_bytes(lzma.compress("".join(lines).encode("utf-8"), **xz))
    (out / RECORDS).write_bytes(tar_bytes(records))
    (out / MADE).write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
    log(f"{out}: {len(rows)} games, {positions} positions; "
        + ", ".join(f"{name} {(out / name).stat().st_size / 1e6:.1f} MB" for name in (INDEX, PACKED_POLICY, RECORDS)))
    return made


def read_records(folder: Path) -> dict[str, bytes]:
    """The records of a packed folder, by file name."""
    with tarfile.open(folder / RECORDS, mode="r:xz") as tar:
        return {member.name: tar.extractfile(member).read()  # type: ignore[union-attr]
                for member in tar.getmembers() if member.isfile()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="the folder the self-play run wrote")
    parser.add_argument("out", type=Path, help="the folder to pack it into (new)")
    parser.add_argument("--command", required=True, help="the exact command that made the run")
    parser.add_argument("--note", default="", help="when and how it ran, how it ended")
    args = parser.parse_args(argv)
    pack(args.run, args.out, args.command, args.note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
