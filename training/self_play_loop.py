"""One generation of the self-play loop: the network plays itself, learns from its own search, and is measured.

    OPENBLAS_NUM_THREADS=1 python training/self_play_loop.py --variant duo --generation 1 \\
        --games 600 --simulations 800 --seed 21001 --jobs 2        # about 15 s a Duo game a core
    python training/self_play_loop.py --generation 1 --games 2 --simulations 8 --epochs 0.01 \\
        --start-games 11 --match-games 2 --calibrate-positions 4 --work /tmp/loop   # a quick run

Generation ``k`` goes on from network ``k - 1`` (generation 0 is the shipped
network, or ``--start NET``) in six steps, each kept when its output is there,
so a stopped run goes on where it stopped. ``--until STEP`` (``play``, which
packs too, ``arrays``, ``train``, ``calibrate`` or ``measure``) stops after
it: ``--until play`` makes a generation's games, to learn from later.

1. **play**: ``--games`` games of network ``k - 1`` against itself
   (:func:`blokus_nb.players.selfplay.self_play`; "hard" as
   ``training/tuned_player.py`` builds it, with ``--simulations`` a move and
   no time limit, so game ``n`` depends only on ``--seed`` and ``n``; the first
   ``--explore`` placements drawn in proportion to their root visits), written
   as they finish into ``WORK/<variant>_g<k>_s<seed>/`` with every position's
   root visits;
2. **pack**: the finished games into the repository,
   ``training/data/<variant>_self_g<k>_s<seed>/``
   (``training/pack_selfplay.py``, this command in its ``made.json``): data a
   network rests on lives in the repository, or it is lost with the machine;
3. **arrays**: ``training/net_data.py`` on the start data (the Pentobi games
   with visit counts that the shipped network learned from, or ``--start-data``)
   and every self-play set of generations 1 to ``k``, every tenth game of each
   held out;
4. **train**: ``training/train_net.py --init`` network ``k - 1``, ``--epochs``
   at ``--lr``; policy targets are the searches' root visit shares, value
   targets the games' results mixed with the searches' estimates;
5. **calibrate** (Duo): ``training/calibrate_net.py``, which stores the win
   chance's calibration in the network (it changes what the search reports,
   not what it plays), written to ``training/candidates/<variant>_self_g<k>.npz``;
6. **measure**: network ``k`` against network ``k - 1`` (in classic two seats
   each), ``--match-games`` games at ``--simulations``, seats rotating
   (:func:`blokus_nb.arena.play_match`): its games and its summary (win rate
   with the Wilson interval) saved beside the games, the summary printed; then
   the command that measures network ``k`` against Pentobi
   (``../shared/tools/pentobi_match.py``), which this script never needs.

A network replaces the shipped one only when it is measured stronger against
Pentobi on fresh seeds (``training/README.md``, "The self-play loop").
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: one core a process, workers too

import pandas as pd  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "training"))

import calibrate_net  # noqa: E402
import net_data  # noqa: E402
import pack_selfplay  # noqa: E402
import train_net  # noqa: E402
from tuned_player import make  # noqa: E402

from blokus_nb.players import Limit  # noqa: E402
from blokus_nb.players.arena import play_match  # noqa: E402
from blokus_nb.players.net import CLASSIC_NET_PATH, NET_PATH  # noqa: E402
from blokus_nb.players.puct import PUCTPlayer  # noqa: E402
from blokus_nb.players.selfplay import self_play  # noqa: E402

#: The steps of a generation, in order (``--until`` stops after one).
STEPS = ("play", "arrays", "train", "calibrate", "measure")
#: Per variant: the shipped network, the tuned player's variable for another one, the sets (besides
#: net_data.py's main one) that the shipped network learned from (the loop's start data, so that
#: generation k differs from generation k - 1 by the loop's own games alone), and the shipped
#: network's training options that ``--init`` does not carry.
DATA = ROOT / "training" / "data"
BOARDS = {
    "duo": {"net": NET_PATH, "env": "CANDIDATE_DUO_NET", "start": [], "train": []},
    "classic": {"net": CLASSIC_NET_PATH, "env": "CANDIDATE_NET",
                "start": [net_data.DEFAULT_DATA / "selfplay" / "classic_L6_policy_2",
                          DATA / "classic_L6_s10001", DATA / "classic_L6_s11001"],
                "train": ["--batch", "64", "--value-weight", "0.5"]},
}


def player(variant: str, net: Path, generation: int) -> PUCTPlayer:
    """The level "hard" searching with ``net``, named ``gen<generation>`` (the name its games record)."""
    searcher = make(env={BOARDS[variant]["env"]: str(net)})
    searcher.name = f"gen{generation}"
    return searcher


def self_sets(data_dir: Path, variant: str, up_to: int) -> list[Path]:
    """The packed self-play sets of generations 1 to ``up_to`` in ``data_dir``, by generation."""
    found = []
    for folder in data_dir.glob(f"{variant}_self_g*_s*"):
        generation = int(folder.name.split("_self_g")[1].split("_")[0])
        if generation <= up_to and (folder / pack_selfplay.MADE).is_file():
            found.append((generation, folder.name, folder))
    return [folder for *_, folder in sorted(found)]


def run(args: argparse.Namespace, command: str, log=print) -> dict:
    """Run (or go on with) generation ``args.generation``; returns the paths it made and the match."""
    variant, k, seed = args.variant, args.generation, args.seed
    board = BOARDS[variant]
    previous = (args.start or board["net"]) if k == 1 else args.nets_dir / f"{variant}_self_g{k - 1}.npz"
    if not previous.is_file():
        raise SystemExit(f"generation {k} goes on from {previous}, which is not there: "
                         f"run generation {k - 1} first")
    limit = Limit(simulations=args.simulations)
    games_dir = args.work / f"{variant}_g{k}_s{seed}"
    packed = args.data_dir / f"{variant}_self_g{k}_s{seed}"
    arrays = args.work / f"{variant}_g{k}.npz"
    trained = args.work / f"{variant}_g{k}_raw.npz"
    net = args.nets_dir / f"{variant}_self_g{k}.npz"
    for folder in (args.work, args.nets_dir):
        folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()

    def step(name: str, output: Path) -> bool:
        if STEPS.index(name) > STEPS.index(args.until):
            return False
        there = output.exists()
        log(f"[{time.perf_counter() - started:6.0f} s] {name}: " + (f"kept {output}" if there else f"-> {output}"))
        return not there

    if step("play", packed):
        log(str(self_play(player(variant, previous, k - 1), variant, games=args.games, out=games_dir,
                          seed=seed, limit=limit, n_jobs=args.jobs, resume=True, top=16,
                          explore=args.explore, progress=False)))
        pack_selfplay.pack(games_dir, packed, command, note=args.note, log=log)
    if step("arrays", arrays):
        start = [str(p) for p in (args.start_data if args.start_data is not None else board["start"])]
        also = start + [str(p) for p in self_sets(args.data_dir, variant, k)]
        options = ["--variant", variant, "--out", str(arrays), "--also", *also]
        if args.pentobi_data is not None:
            options += ["--data", str(args.pentobi_data)]
        if args.start_games is not None:
            options += ["--games", str(args.start_games)]
        net_data.main(options)
    if step("train", trained):
        train_net.main(["--data", str(arrays), "--init", str(previous), "--epochs", str(args.epochs),
                        "--lr", str(args.lr), "--seed", str(seed), "--out", str(trained), *board["train"]])
    if step("calibrate", net):
        if variant == "duo":
            options = ["--net", str(trained), "--out", str(net), "--positions", str(args.calibrate_positions),
                       "--held-out", str(args.calibrate_positions)]
            if args.pentobi_data is not None:
                options += ["--data", str(args.pentobi_data)]
            calibrate_net.main(options)
        else:  # the classic calibration needs arrays of its own (training/calibrate_classic.py)
            net.write_bytes(trained.read_bytes())
    result_file = games_dir.with_name(games_dir.name + "_match.csv")
    if args.until != "measure":
        log(f"stopped after {args.until} (--until)")
        return {"games": packed, "arrays": arrays, "net": net}
    if step("measure", result_file):
        seats = [player(variant, net, k), player(variant, previous, k - 1)] * (2 if variant == "classic" else 1)
        result = play_match(seats, variant,
                            games=args.match_games, seed=seed + 1, n_jobs=args.jobs, limit=limit,
                            progress=False)
        result.save(result_file.with_suffix(".jsonl"))
        result.summary().to_csv(result_file)
    summary = pd.read_csv(result_file, index_col=0)
    log(summary.to_string())
    log("against Pentobi (when it is there), as hard on a fresh seed, e.g.\n    "
        f"OPENBLAS_NUM_THREADS=1 PYTHONPATH=training {board['env']}={net} taskset -c 0 python "
        f"../shared/tools/pentobi_match.py --variant {variant} --player tuned_player:make --level "
        f"{6 if variant == 'duo' else 5} --games 40 --seed S --jobs 1 --out ../runs/gen{k}_S")
    return {"games": packed, "arrays": arrays, "net": net, "match": result_file, "summary": summary}


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=sorted(BOARDS), default="duo")
    parser.add_argument("--generation", type=int, required=True, help="k: goes on from network k - 1")
    parser.add_argument("--games", type=int, default=600, help="self-play games (600)")
    parser.add_argument("--simulations", type=int, default=800, help="simulations a move, in play and match (800)")
    parser.add_argument("--explore", type=int, default=8, help="first placements drawn by visits (8)")
    parser.add_argument("--seed", type=int, required=True, help="the games' seed (the match's is seed + 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument("--epochs", type=float, default=2.0, help="epochs over the arrays (2)")
    parser.add_argument("--lr", type=float, default=5e-4, help="learning rate (5e-4)")
    parser.add_argument("--match-games", type=int, default=40, help="games of network k against k - 1 (40)")
    parser.add_argument("--calibrate-positions", type=int, default=800, help="Duo calibration: positions fitted on, and as many reported on (800)")
    parser.add_argument("--start", type=Path, default=None, help="generation 0's network (the shipped one)")
    parser.add_argument("--start-data", type=Path, nargs="*", default=None, metavar="DIR",
                        help="sets read besides Pentobi's main one (those the shipped network learned from)")
    parser.add_argument("--start-games", type=int, default=None, help="the first N games of every set (all)")
    parser.add_argument("--pentobi-data", type=Path, default=None, help="Pentobi's data (../shared/data/pentobi)")
    parser.add_argument("--work", type=Path, default=ROOT.parent / "runs" / "loop",
                        help="the raw games, arrays and matches (../runs/loop)")
    parser.add_argument("--data-dir", type=Path, default=DATA,
                        help="where the games are packed (training/data)")
    parser.add_argument("--nets-dir", type=Path, default=ROOT / "training" / "candidates",
                        help="where each generation's network goes (training/candidates)")
    parser.add_argument("--until", choices=STEPS, default="measure",
                        help="stop after this step (measure: all): e.g. play now, learn later")
    parser.add_argument("--note", default="", help="a note for made.json: when, how it ran")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = arguments().parse_args(argv)
    if args.generation < 1:
        raise SystemExit("--generation is 1 or more (0 is the network the loop starts from)")
    command = shlex.join(["python", "training/self_play_loop.py", *argv])
    run(args, command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
