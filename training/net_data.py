"""Turn Pentobi's self-play games with root visit counts into training arrays for the networks.

    python training/net_data.py --out ../blokus-data/duo_policy.npz     # all 3,000 games, a few minutes
    python training/net_data.py --games 5 --out /tmp/small.npz          # a quick run
    python training/net_data.py --variant classic --out ../data/classic_policy.npz   # 1,491 games

With ``--variant classic`` it reads ``selfplay/classic_L6_policy/`` instead
(four colors, :data:`blokus_nb.players.net.CLASSIC`): there ``result`` is
each color's share of first place (1 alone, 1/k in a k-way tie for the most
points, else 0) in the mover's frame (the mover first, then the others in
playing order), four numbers a position, and ``value`` is Pentobi's estimate
for the mover (which in four-color games is not a chance of first place:
it averages near one half).

Reads ``selfplay/duo_L6_policy/policy.jsonl.gz`` and its ``index.csv`` under
``--data`` (default ``../shared/data/pentobi``). Every tenth game (game
numbers 10, 20, ...) is marked held out (``held_out``), as in
``training/train.py``. For every searched position it stores, in the
network's canonical view (:func:`blokus_nb.players.net.encode`):

* ``planes`` (packed bits) and ``hands``: the input;
* ``legal`` / ``legal_start``: every legal placement (the softmax runs over them);
* ``target`` / ``target_p``: the placements Pentobi's search visited most and
  their share of the visits (the policy target);
* ``value``: Pentobi's win estimate for the mover (the most visited move's
  value, clipped to 0..1), and ``result``: whether the mover won the game
  (1, 0.5 for a draw, 0).

``--extra duo_L6`` (or, with ``--variant classic``, ``--extra classic_L6``)
adds sets without visit counts: there the move played is the policy target
and Pentobi's estimate of its search for it the value (in classic the result:
each color's share of first place). In classic they made the network weaker
against Pentobi (``training/README.md``).
``--also DIR ...`` adds folders in the same layout as the main set (made by
``training/label_games.py`` from our own games, or by Pentobi's self-play,
or packed into ``training/data/`` by ``training/pack_selfplay.py``),
of the same variant; their every tenth game (by the ``game`` column of their
``index.csv``) is held out too, and a game is known by the number in its file name
(``game``: a million times the set's place in ``--also`` plus that number). The output depends only on the data,
``--games`` (the first N games of each set), ``--extra`` and ``--also``.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pack_selfplay import open_text  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb.players.net import CLASSIC, DUO, N_CELLS, canonical_pids, encode, encoding_of, legal_array  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "pentobi"
FOLDER = "duo_L6_policy"
FOLDERS = {"duo": FOLDER, "classic": "classic_L6_policy"}


def game_number(name: str) -> int:
    """The number in a self-play file name (``duo_L6_0040.blksgf`` -> 40)."""
    return int(name.rsplit("_", 1)[1].split(".")[0])


def mover_result(final_score: str, color: int) -> float:
    """1, 0.5 or 0 for ``color`` (0 purple = B, 1 orange = W) from Pentobi's result string.

    >>> mover_result("B+3", 0), mover_result("B+3", 1), mover_result("0", 1)
    (1.0, 0.0, 0.5)
    """
    if final_score in ("0", "Draw"):
        return 0.5
    winner = 0 if final_score.startswith("B") else 1
    return 1.0 if winner == color else 0.0


def first_shares(final_score: str, color: int) -> list[float]:
    """Each color's share of first place from Pentobi's points per color, in ``color``'s frame
    (``color`` first, then the others in playing order).

    >>> first_shares("85 84 65 66", 0), first_shares("70 80 80 60", 1)
    ([1.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.0, 0.0])
    """
    points = [int(p) for p in final_score.split()]
    best = max(points)
    shares = [1.0 / points.count(best) if p == best else 0.0 for p in points]
    return [shares[(color + k) % len(points)] for k in range(len(points))]


def positions(game_line: dict, final_score: str, variant: str = "duo"):
    """Yield one dict per searched position of one game of ``variant`` (see the module docstring)."""
    game = bn.Game(variant)
    encoding = encoding_of(game.board)
    for position in game_line["positions"]:
        if game.is_over:
            break
        color = game.colors.index(game.to_play)
        board = game.board
        root = position["root"]
        if root:
            pids = legal_array(board, color)
            visits = np.array([float(r[0]) for r in root])
            target = [game.parse_move(r[2]).placement for r in root]
            if visits.sum() > 0 and len(pids) > 1:
                planes, hands = encode(board, color)
                yield {
                    "planes": np.packbits(planes.T.astype(np.uint8), axis=1, bitorder="little"),
                    "hands": hands.astype(np.uint8),
                    "legal": canonical_pids(pids, color, encoding),
                    "target": canonical_pids(target, color, encoding),
                    "target_p": visits / visits.sum(),
                    "value": min(1.0, max(0.0, float(root[0][1]))),
                    # Duo: the mover's result; classic: each color's share of first, the mover first
                    "result": (first_shares(final_score, color) if encoding is CLASSIC
                               else mover_result(final_score, color)),
                }
        game.play(position["played"])


def played_positions(record: bn.Game, final_score: str, values: list[float], variant: str = "duo"):
    """Yield one dict per position of a game without visit counts: the move played is the policy
    target, and Pentobi's estimate of its search for that move the value.

    ``values`` is the ``index.csv`` column; entry ``k`` (0-based) matches the root value of
    the search for move number ``k`` (1-based) in the sets that have both, and 0.000 means no
    search, so the position before the move with 0-based index ``k`` takes ``values[k + 1]``.
    In classic, ``result`` is each color's share of first place in the mover's frame.
    """
    game = bn.Game(variant)
    encoding = encoding_of(game.board)
    for k, move in enumerate(m for m in record.history if not m.is_pass):
        color = game.colors.index(move.color)
        board = game.board
        pids = board.legal_placements(color)
        if len(pids) > 1:
            estimate = values[k + 1] if k + 1 < len(values) else 0.0
            planes, hands = encode(board, color)
            if encoding is CLASSIC:
                result: float | list[float] = first_shares(final_score, color)
                value = min(1.0, max(0.0, estimate))
            else:
                result = mover_result(final_score, color)
                value = result if estimate == 0.0 else min(1.0, max(0.0, estimate))
            yield {
                "planes": np.packbits(planes.T.astype(np.uint8), axis=1, bitorder="little"),
                "hands": hands.astype(np.uint8),
                "legal": canonical_pids(pids, color, encoding),
                "target": canonical_pids([move.placement], color, encoding),
                "target_p": np.ones(1),
                "value": value,
                "result": result,
            }
        game.play(move)


def build(data: Path, games: int | None, extra: tuple[str, ...] = (), log=print,
          variant: str = "duo", also: tuple[Path, ...] = ()) -> dict[str, np.ndarray]:
    folder = data / "selfplay" / FOLDERS[variant]
    encoding = CLASSIC if variant == "classic" else DUO
    with open(folder / "index.csv", newline="") as handle:
        scores = {row["file"]: row["final_score"] for row in csv.DictReader(handle)}
    rows: dict[str, list] = {k: [] for k in ("planes", "hands", "legal", "target", "target_p",
                                             "value", "result")}
    game_of, held = [], []
    started = time.perf_counter()
    with gzip.open(folder / "policy.jsonl.gz", "rt") as handle:
        for k, line in enumerate(handle):
            if games is not None and k >= games:
                break
            record = json.loads(line)
            number = game_number(record["file"])
            for row in positions(record, scores[record["file"]], variant):
                for name, value in row.items():
                    rows[name].append(value)
                game_of.append(number)
                held.append(number % 10 == 0)
            if (k + 1) % 500 == 0:
                log(f"{k + 1} games, {len(game_of)} positions ({time.perf_counter() - started:.0f} s)")
    for n_set, name in enumerate(extra, start=1):
        with open(data / "selfplay" / name / "index.csv", newline="") as handle:
            index = list(csv.DictReader(handle))
        for k, row in enumerate(index):
            if games is not None and k >= games:
                break
            record = bn.read_sgf(data / "selfplay" / name / row["file"])
            number = game_number(row["file"])
            values = [float(v) for v in row["values"].split()]
            if row["variant"] != variant:
                raise SystemExit(f"{name} holds games of {row['variant']}, not {variant}")
            for position in played_positions(record, row["final_score"], values, variant):
                for key, value in position.items():
                    rows[key].append(value)
                game_of.append(n_set * 100_000 + number)
                held.append(number % 10 == 0)
        log(f"{name}: {len(game_of)} positions in all ({time.perf_counter() - started:.0f} s)")
    for n_set, other in enumerate(also, start=1):
        with open_text(Path(other), "index.csv") as handle:
            index = {row["file"]: row for row in csv.DictReader(handle)}
        if {row["variant"] for row in index.values()} - {variant}:
            raise SystemExit(f"{other} holds games of another variant than {variant}")
        with open_text(Path(other), "policy.jsonl") as handle:
            for k, line in enumerate(handle):
                if games is not None and k >= games:
                    break
                if not line.endswith("\n"):  # the last line of a run stopped while writing it
                    break
                record = json.loads(line)
                row = index.get(record["file"])
                if row is None:  # a line its index does not list: a stopped run's, not finished
                    continue
                number = int(row["game"])  # counted per engine run: two runs of a set repeat numbers
                for position in positions(record, row["final_score"], variant):
                    for key, value in position.items():
                        rows[key].append(value)
                    game_of.append(n_set * 1_000_000 + game_number(record["file"]))
                    held.append(number % 10 == 0)
        log(f"{other}: {len(game_of)} positions in all ({time.perf_counter() - started:.0f} s)")
    out = {
        "planes": np.stack(rows["planes"]),
        "hands": np.stack(rows["hands"]),
        "legal": np.concatenate(rows["legal"]).astype(np.int16 if encoding is DUO else np.int32),
        "legal_start": np.cumsum([0] + [len(x) for x in rows["legal"]])[:-1].astype(np.int64),
        "target": np.concatenate(rows["target"]).astype(np.int16 if encoding is DUO else np.int32),
        "target_start": np.cumsum([0] + [len(x) for x in rows["target"]])[:-1].astype(np.int64),
        "target_p": np.concatenate(rows["target_p"]).astype(np.float32),
        "value": np.array(rows["value"], dtype=np.float32),
        "result": np.array(rows["result"], dtype=np.float32),
        "game": np.array(game_of, dtype=np.int32),
        "held_out": np.array(held, dtype=bool),
        "plane_names": np.array(encoding.planes),
        "cells": np.array(encoding.cells),
    }
    log(f"{len(game_of)} positions from {len(set(game_of))} games "
        f"({int(out['held_out'].sum())} held out) in {time.perf_counter() - started:.0f} s")
    return out


def unpack_planes(packed: np.ndarray, cells: int = N_CELLS) -> np.ndarray:
    """``planes`` as stored (packed bits, ``(N, 7, 25)``) back to ``(N, 196, 7)`` float32
    (on the classic board ``(N, 13, 50)`` to ``(N, 400, 13)``, with ``cells`` 400)."""
    bits = np.unpackbits(packed, axis=2, bitorder="little")[:, :, :cells]
    return bits.transpose(0, 2, 1).astype(np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--variant", choices=sorted(FOLDERS), default="duo")
    parser.add_argument("--games", type=int, default=None, help="the first N games (all)")
    parser.add_argument("--out", type=Path, required=True, help=".npz to write (keep it outside the repo)")
    parser.add_argument("--extra", nargs="*", default=[],
                        help="more Duo sets without visit counts (e.g. duo_L6): the move played is the target")
    parser.add_argument("--also", nargs="+", type=Path, default=[], metavar="DIR",
                        help="more folders in the main set's layout (training/label_games.py), same variant")
    args = parser.parse_args(argv)
    arrays = build(args.data, args.games, tuple(args.extra), variant=args.variant, also=tuple(args.also))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
