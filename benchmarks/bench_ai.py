"""How strong are the AI players? Matches with 95% intervals, agreement with Pentobi, speed, calibration.

    python benchmarks/bench_ai.py                        # everything, at the defaults below
    python benchmarks/bench_ai.py --only matches --games 40 --time-scale 0.2
    python benchmarks/bench_ai.py --only agreement,speed,calibration

Sections (``--only`` picks some):

* ``matches``: Duo, seats alternating. "hard" against a frozen copy of
  the 0.1.0 search (``benchmarks/baseline_010.py``) at the same time per move,
  and "expert" against "hard". ``--time-scale`` multiplies every budget (1.5 s
  and 5 s), so a quick run keeps the ratio between the levels.
* ``agreement``: on held-out positions of Pentobi level 6 playing itself (every
  tenth game, the split of ``training/train.py``), how often our move equals
  Pentobi's (top-1) and how often Pentobi's move is among our three best (top-3).
* ``speed``: simulations per second at the start, middle and end of a held-out
  Duo and classic game, in every variant (the classic game's moves replayed as
  ``classic_2`` and ``classic_3``): the 0.1.0 search and the levels' own,
  "medium" and "hard" (whose search "expert" shares), each labelled with
  whether it searches with a network there.
* ``batching``: whether evaluating several new positions in one forward pass (with
  virtual loss) would pay: the network's time per position at batch sizes 1 to 16,
  on real positions, beside the time of one whole simulation of "hard".
* ``accel``: "hard" at ``Limit(simulations=1000)`` from the start, middle and end of
  a held-out Duo and classic game: the 0.4 search itself (``--old``, commit 8859369,
  taken out of git history into a temporary folder and run in its own process by
  ``old_search_work.py``), this search with its playouts in Python, and with them in
  C (:mod:`blokus_nb.accel`, ``make accel``), alternating: simulations a second, the
  ratios to the 0.4 search, and whether all chose the same move.
* ``levels``: seconds a move of each searching level as shipped (its simulations,
  :data:`~blokus_nb.players.levels.LEVEL_SIMULATIONS`), through one self-play game
  in each variant: mean, median and slowest move, and how often the time cap bound.
  ``--levels`` picks the levels.
* ``budgets``: where the levels' simulation budgets come from: the simulations a
  level makes per move in its old wall-clock time (``--budget-times``, medium 0.3 s,
  hard 1.5 s, expert 5 s), through one self-play game in each variant: the
  harmonic mean (a budget that keeps a game as long) and the median, forced
  moves left out. Run it on a quiet core.
* ``calibration``: the search's win chance before a move against the final
  result, on the level-7 Duo games the calibration was not fitted on (games
  71-140, see ``training/calibrate_net.py``): Brier score and a reliability
  table in 20-point bins (``--plot FILE`` also draws the diagram).
* ``seats``: the classic network's chance of first place for each seat (blue, yellow,
  red, green), averaged over every position of the held-out classic level-6 games
  at three stages, beside how often each seat finished first there, and the Brier
  score by seat against the seat's base rate (``--net FILE`` for another network).
* ``pentobi``: matches against Pentobi's own engine with its match harness
  (``../shared/tools/pentobi_match.py``): in Duo "hard" against level 5 and
  "expert" against level 6; in classic (our seat one color against three
  Pentobi seats) "hard" against level 5 and "expert" against level 6; "hard"
  against a level-5 player in ``classic_2`` and against two in ``classic_3``;
  at the levels' own time (``--pentobi-sims N`` for a fixed budget), our seat
  rotating (``--pentobi-games`` rounded up to whole rounds). Pentobi is a
  measuring instrument, never a dependency: without its engine
  (``$PENTOBI_GTP``, or beside the harness) the section says so and skips.

This is a benchmark, not a test: it takes minutes (the defaults about 1.5
hours), and time-limited players depend on the machine and on what else it is
doing.

One run on the shared 2-core machine (load 4-8), 2026-11-30:

* hard vs 0.1.0 (1.5 s each): 22.5 of 30, 75% (57-87%), Elo +191 (+51 to +331);
* expert vs hard (5 s vs 1.5 s): 15.5 of 24, 65% (45-80%), Elo +104 (-37 to +246);
  at half the time (2.5 s vs 0.75 s, ``--time-scale 0.5 --seed 77``): 13 of 24, 54%;
  again on a quiet machine (``--games 0 --expert-games 40 --jobs 2 --seed 99``):
  30 of 40, 75% (60-86%), Elo +191 (+69 to +313);
* calibration, 150 held-out Duo positions at 0.5 s: Brier 0.096 (0.1.0: 0.148); again on
  merged main with a fresh tree per position: 0.093 (0.1.0: 0.132); on 600 positions
  (``--calibration-positions 600``): 0.085 (0.1.0: 0.129), called 60-80% (mean 73%) won 55%;
* agreement with Pentobi level 6 (fresh tree per position): Duo top-1/top-3 23%/47%
  (0.1.0: 17%/33%), classic 23%/49% (0.1.0: 18%/31%).

Since then "hard" and "expert" search Duo with the network (players/puct.py); on
2026-12-01 (load 10-16 on the 2 cores):

* calibration (600 positions of level-7 games 71-140, 300 simulations): network search
  Brier 0.048, bins called 0-20 / 20-40 / 60-80 / 80-100% won 5 / 39 / 74 / 95%, the six
  positions called 40-60% won 33%; the 0.2.0 search Brier 0.062;
* pentobi, Duo against level 5 at a fixed 3,000 simulations a move
  (``--pentobi-sims 3000``, seed 7): 8 of 20, 40% (22-61%); at 800: 8 of 20; "hard" at its
  own 1.5 s (0.51 CPU s a move at that load, seed 101): 16 wins, 1 draw, 23 losses of 40,
  41% (27-57%).

Then the network search mixed a random playout into each new position's value
(weight 0.8). Again on 2026-12-01, one match a core and nothing else running, seed 202:

* pentobi, Duo: "hard" against level 5, 27.5 of 40, 69% (53-81%; the network alone in
  the same conditions: 13 of 40, 32%); "expert" against level 6, 43 of 72, 60% (48-70%);
* pentobi, classic (one seat against three level-5 seats; the 0.2.0 search): "hard" first
  alone in 4 of 40 games (10%, 4-23%), "expert" in 0 of 20;
* calibration: Brier 0.040; called 0-20 / 20-40 / 40-60 / 60-80 / 80-100% won
  4 / 22 / 56 / 84 / 96% (the 60-80% bin is outside);
* speed, network search with playouts, Duo start / middle / end: 1,105 / 1,605 / 3,580
  simulations a second.

Then "hard" in classic searched with the classic network (2026-12-01, core 1 shared):

* speed, classic start / middle / end: network search 199 / 336 / 506 simulations a
  second, the 0.2.0 search 780 / 594 / 1,693 in the same run;
* pentobi, classic ("hard" as ``classic_players:hard_w08``, the same player): first alone
  in 7 of 40 games (17.5%, 9-32%), shared in 2, ahead of 42.5 of 120 opponents.

Speed in every variant, the levels' searches (2026-12-02, core 0 shared with other work,
load 2.3; ``taskset -c 0 nice -n 10 python benchmarks/bench_ai.py --only speed
--speed-time 0.5``), simulations a second at start / middle / end:

* duo: medium 489 / 1,118 / 9,644, hard (network) 327 / 512 / 815;
* classic: medium 756 / 564 / 1,331, hard (network) 189 / 323 / 458;
* classic_2: medium 752 / 582 / 1,626, hard (the 0.2.0 search) 815 / 562 / 1,501;
* classic_3: medium 633 / 535 / 1,566, hard (the 0.2.0 search) 691 / 526 / 1,596.

Then Duo's "hard" explored with 2.5 and its playouts answered the last move half the
time (2026-12-02, core 0, a Pentobi match on core 1; ``--only speed,batching``):

* batching, ms a position at batches of 1 / 2 / 4 / 8 / 16: Duo 0.303 / 0.273 / 0.233 /
  0.255 / 0.270, classic 0.364 / 0.351 / 0.343 / 0.357 / 0.442; a simulation of "hard" in
  the middle of the game takes 0.657 ms in Duo and 1.185 ms in classic, so the best batch
  saves 11% and 2% of one, before the cost of virtual loss: not worth it;
* speed, Duo "hard" against the same search exploring with 1.5 and uniform playouts,
  alternating in one process at 1 s a position: start 1,056 / 1,105, middle 1,441 /
  1,572, end 3,191 / 3,514 simulations a second (the local playouts cost 4-9%);
* calibration: Brier 0.039; called 0-20 / 20-40 / 40-60 / 60-80 / 80-100% won
  4 / 21 / 67 / 79 / 97% (the nine positions called 40-60% outside their bin).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "training"))

import numpy as np  # noqa: E402
from baseline_010 import BaselineMCTSPlayer  # noqa: E402
from calibrate_net import HELD_OUT_GAMES  # noqa: E402
from calibrate_net import positions as calibration_positions  # noqa: E402
from old_search_work import timed_search  # noqa: E402
from train import DEFAULT_DATA, game_files  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb.players import Limit, MCTSPlayer, make_player  # noqa: E402
from blokus_nb.players.arena import play_match  # noqa: E402
from blokus_nb.players.base import teams  # noqa: E402
from blokus_nb.players.features import heuristic_scores, last_opponent_piece  # noqa: E402
from blokus_nb.players.model import load_weights  # noqa: E402
from blokus_nb.players.puct import PUCTPlayer  # noqa: E402

HARD, EXPERT = 1.5, 5.0


# ------------------------------------------------------------------------------ matches
def elo(p: float) -> float:
    """Elo difference for a score share ``p``."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def match(first, second, games: int, seed: int, jobs: int, progress: bool) -> str:
    result = play_match([first, second], "duo", games, seed=seed, n_jobs=jobs, progress=progress)
    table = result.summary()
    row = table.loc[first.name]
    low, high = row["win_low"], row["win_high"]  # Wilson 95%, draws count half
    return (f"{first.name} vs {second.name}: {row['wins']:g} of {int(row['games'])} "
            f"= {row['win_rate']:.0%} (Wilson 95% {low:.0%}-{high:.0%}); "
            f"Elo {elo(row['win_rate']):+.0f} ({elo(low):+.0f} to {elo(high):+.0f}); "
            f"mean points {row['mean_points']:.1f} vs {table.loc[second.name, 'mean_points']:.1f}; "
            f"s/move {row['seconds_per_move']:.2f} vs {table.loc[second.name, 'seconds_per_move']:.2f}")


def run_matches(args) -> None:
    scale = args.time_scale
    hard = PUCTPlayer(limit=Limit(time=HARD * scale))
    hard.name = f"hard {HARD * scale:g}s"
    base = BaselineMCTSPlayer(limit=Limit(time=HARD * scale))
    base.name = f"0.1.0 {HARD * scale:g}s"
    expert = PUCTPlayer(limit=Limit(time=EXPERT * scale))
    expert.name = f"expert {EXPERT * scale:g}s"
    print(f"\n== matches (Duo, seats alternating, time scale {scale:g})")
    if args.games:
        print(match(hard, base, args.games, args.seed, args.jobs, args.progress), flush=True)
    if args.expert_games:
        print(match(expert, hard, args.expert_games, args.seed + 1, args.jobs, args.progress), flush=True)


# ------------------------------------------------------------------------------ agreement
def positions_as_games(folder: str, count: int, seed: int) -> list[tuple[bn.Game, int, list[float]]]:
    """Held-out positions as games (to hand to players), the placement Pentobi chose there, and
    the game's final result per player (1 win, 0.5 draw, 0 loss)."""
    rng = random.Random(seed)
    candidates = []
    for path in game_files(args_data, folder, held_out=True):
        game = bn.read_sgf(path)
        position = bn.Game(game.variant)
        for k, move in enumerate(game.history):
            if move.is_pass:
                continue  # the game passes for a color that cannot move by itself
            if position.board.count_legal(position.colors.index(move.color)) > 1:
                candidates.append((path, k))
            position.play(move)
    chosen = sorted(rng.sample(candidates, min(count, len(candidates))))
    out = []
    for path, k in chosen:
        game = bn.read_sgf(path)
        position = bn.Game(game.variant)
        for move in game.history[:k]:
            if not move.is_pass:
                position.play(move)
        assert position.to_play == game.history[k].color
        placement = game.history[k].placement
        winners = game.winners("points")
        final = [1 / len(winners) if p in winners else 0.0 for p in range(1, game.variant.n_players + 1)]
        out.append((position, placement, final))
    return out


def ranked_moves(player, game: bn.Game, limit: Limit) -> list[int]:
    """Placements in the player's order of preference (best first), at least the top three."""
    if player == "heuristic" or player == "model":
        board, color = game.board, game.colors.index(game.to_play)
        pids = board.legal_placements(color)
        if player == "heuristic":
            scores = heuristic_scores(board, color, pids, teams(game))
        else:
            last = last_opponent_piece(game, color, teams(game))
            scores = load_weights().move_scores(board, color, pids, teams(game), last)
        return [pids[i] for i in np.argsort(scores, kind="stable")[::-1][:3]]
    result = player.search(game, limit)
    return [s.move.placement for s in result.alternatives[:3]]


def run_agreement(args) -> None:
    print(f"\n== agreement with Pentobi level 6 on held-out positions "
          f"({args.positions} a variant, searches {args.agreement_time:g} s a move)")
    limit = Limit(time=args.agreement_time)
    for folder in ("duo_L6", "classic_L6"):
        positions = positions_as_games(folder, args.positions, args.seed)
        # reuse=False: neighbouring positions often come from one game, and a kept tree would give
        # the new search more simulations than the baseline, which keeps none.
        for label, player in (("0.1.0 MCTS", BaselineMCTSPlayer(seed=1)),
                              ("0.2.0 MCTS", MCTSPlayer(seed=1, reuse=False)),
                              ("network search", PUCTPlayer(seed=1, reuse=False)),
                              ("greedy heuristic", "heuristic"), ("move model alone", "model")):
            top1 = top3 = 0
            for game, placement, _ in positions:
                ranked = ranked_moves(player, game, limit)
                top1 += ranked[0] == placement
                top3 += placement in ranked[:3]
            n = len(positions)
            print(f"{folder:11s} {label:17s} top-1 {top1 / n:.1%}  top-3 {top3 / n:.1%}  ({n} positions)",
                  flush=True)


# ------------------------------------------------------------------------------ speed
def speed_players(variant: str) -> list[tuple[str, object]]:
    """The searches the speed section times in ``variant``: the 0.1.0 baseline and the levels'
    own ("medium"; "hard", whose search "expert" shares with more time), labelled by what they are."""
    hard = make_player("hard", seed=1)
    kind = "network" if variant in getattr(hard, "networks", ()) else "mcts"
    return [("0.1.0", BaselineMCTSPlayer(seed=1)), ("medium", make_player("medium", seed=1)),
            (f"hard/expert ({kind})", hard)]


def run_speed(args) -> None:
    print(f"\n== simulations per second (one core, {args.speed_time:g} s per position)")
    for variant, folder in (("duo", "duo_L6"), ("classic", "classic_L6"), ("classic_2", "classic_L6"),
                            ("classic_3", "classic_L6")):
        path = game_files(args_data, folder, held_out=True)[0]
        record = bn.read_sgf(path)
        moves = [m for m in record.history if not m.is_pass]
        for stage, share in (("start", 0.0), ("middle", 0.4), ("end", 0.75)):
            game = bn.Game(variant)
            for move in moves[:int(len(moves) * share)]:
                game.play(str(move))
            players = speed_players(variant)
            figures = []
            for label, player in players:
                player.search(game, Limit(simulations=1))  # tables and weights read before the clock
                result = player.search(game, Limit(time=args.speed_time))
                figures.append(f"{label} {result.simulations / result.seconds:6.0f}/s")
            print(f"{variant:9s} {stage:6s} (move {len(game.history) + 1:2d}): {'  '.join(figures)}",
                  flush=True)


#: The 0.4 search, the peer of ``--only accel`` (issue 43's "4x the simulations a second of the 0.4 search").
OLD_SEARCH = "8859369"


def old_source(commit: str, folder: Path) -> Path | None:
    """``blokus_nb`` of ``commit`` from git history, written into ``folder``; None without git history."""
    root = HERE.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", commit, "blokus_nb"], capture_output=True)
    if archive.returncode != 0:
        print(f"(no git history with {commit} here: {archive.stderr.decode().strip()[:200]})")
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def old_search(source: Path, variant: str, moves: list[str], simulations: int) -> tuple[float, str]:
    """Seconds and move of one search of "hard" by the blokus_nb in ``source``, in its own process."""
    work = json.dumps({"variant": variant, "moves": moves, "simulations": simulations, "rounds": 1})
    env = dict(os.environ, PYTHONPATH=str(source), OPENBLAS_NUM_THREADS="1", BLOKUS_NB_ACCEL="0")
    done = subprocess.run([sys.executable, str(HERE / "old_search_work.py"), work], env=env, capture_output=True,
                          text=True, timeout=900)
    lines = [line for line in done.stdout.splitlines() if line.startswith("<<")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"the old search failed:\n{(done.stdout + done.stderr)[-2000:]}")
    answer = json.loads(lines[-1][2:-2])
    assert Path(answer["source"]).resolve().is_relative_to(source.resolve()), answer["source"]
    return answer["seconds"][0], answer["moves"][0]


def run_accel(args) -> None:
    from blokus_nb import accel

    if not accel.available():
        print("\n== accel: the accelerator is not built (make accel): nothing to compare")
        return
    compiled = accel._library
    with tempfile.TemporaryDirectory() as folder:
        source = old_source(args.old, Path(folder))
        print(f"\n== hard at 1,000 simulations: the 0.4 search ({args.old}), this one with Python playouts "
              "and with compiled ones, alternating, one core")
        for variant, folder_name in (("duo", "duo_L6"), ("classic", "classic_L6")):
            moves = [m for m in bn.read_sgf(game_files(args_data, folder_name, held_out=True)[0]).history
                     if not m.is_pass]
            for stage, share in (("start", 0.0), ("middle", 0.4), ("end", 0.75)):
                game = bn.Game(variant)
                played = [str(move) for move in moves[:int(len(moves) * share)]]
                for move in played:
                    game.play(move)
                names = (["0.4"] if source is not None else []) + ["python", "compiled"]
                seconds = dict.fromkeys(names, 0.0)
                chosen = {}
                for _ in range(2):  # alternating, so that load from elsewhere slows all alike
                    for name in names:
                        if name == "0.4":
                            assert source is not None
                            spent, chosen[name] = old_search(source, variant, played, 1000)
                            seconds[name] += spent
                            continue
                        accel._library = compiled if name == "compiled" else (lambda: None)
                        spent, chosen[name] = timed_search(game, 1000)
                        seconds[name] += spent
                accel._library = compiled
                rate = {name: 2000 / s for name, s in seconds.items()}
                peer = rate.get("0.4")
                shown = "  ".join(f"{name} {rate[name]:6.0f}/s" + (f" ({rate[name] / peer:.2f}x)" if peer else "")
                                  for name in names)
                print(f"{variant:8s} {stage:6s}: {shown}  same move: {len(set(chosen.values())) == 1}", flush=True)


# ------------------------------------------------------------------------------ levels
VARIANTS = ("duo", "classic", "classic_2", "classic_3")


def self_play_searches(level: str, variant: str, limit: Limit | None, seed: int) -> list:
    """Every search of one self-play game of ``level`` in ``variant`` (one player a seat), at
    ``limit`` or the level's own."""
    game = bn.Game(variant)
    make_player(level).search(game, Limit(simulations=1))  # tables and weights read before any clock
    players = [make_player(level, seed=seed + i) for i in range(len(game.colors))]
    results = []
    while not game.is_over:
        result = players[game.colors.index(game.to_play)].search(game, limit)
        results.append(result)
        game.play(result.move)
    return results


def run_levels(args) -> None:
    from blokus_nb.players.levels import LEVEL_SIMULATIONS, LEVEL_TIME_CAP

    print("\n== seconds a move of the levels as shipped (one self-play game a variant, one core)")
    for level in args.levels.split(","):
        for variant in VARIANTS:
            results = self_play_searches(level, variant, None, args.seed)
            seconds = sorted(r.seconds for r in results if r.stopped_by != "forced")
            capped = sum(r.stopped_by == "time" for r in results)
            print(f"{level:7s} {variant:9s} {LEVEL_SIMULATIONS[level][variant]:5d} simulations: "
                  f"{np.mean(seconds):5.2f} s a move (median {np.median(seconds):5.2f}, slowest "
                  f"{seconds[-1]:5.2f}); time cap {LEVEL_TIME_CAP[level]:g} s bound {capped} of "
                  f"{len(results)} moves", flush=True)


def run_budgets(args) -> None:
    import statistics

    print("\n== simulations a move in the levels' old wall-clock time (one self-play game a variant; "
          "forced moves left out)")
    for item in args.budget_times.split(","):
        level, seconds = item.split("=")
        for variant in VARIANTS:
            results = self_play_searches(level, variant, Limit(time=float(seconds)), args.seed)
            counts = [r.simulations for r in results if r.stopped_by == "time"]
            print(f"{level:7s} {variant:9s} at {float(seconds):g} s: harmonic mean "
                  f"{statistics.harmonic_mean(counts):6.0f}, median {statistics.median(counts):6.0f} "
                  f"simulations ({len(counts)} moves)", flush=True)


# ------------------------------------------------------------------------------ batching
BATCHES = (1, 2, 4, 8, 16)


def run_batching(args) -> None:
    """Would evaluating several leaves per forward pass (virtual loss) pay? The forward pass's
    time per position by batch size, on real positions of a held-out game, against the time of
    a whole simulation of "hard" there."""
    from blokus_nb.players.net import encode, load_net

    print("\n== the network's forward pass by batch size (one core; ms a position)")
    for variant, folder in (("duo", "duo_L6"), ("classic", "classic_L6")):
        record = bn.read_sgf(game_files(args_data, folder, held_out=True)[0])
        moves = [m for m in record.history if not m.is_pass]
        game = bn.Game(variant)
        positions = []
        for move in moves[:int(len(moves) * 0.6)]:
            game.play(str(move))
            positions.append(encode(game.board, game.colors.index(game.to_play)))
        net = load_net(variant=variant)
        planes = np.stack([p for p, _ in positions])
        hands = np.stack([h for _, h in positions])
        figures = []
        for batch in BATCHES:
            calls = max(1, 600 // batch)
            rows = [(k * batch) % (len(planes) - batch) for k in range(calls)]
            begin = time.perf_counter()
            for row in rows:
                net.forward(planes[row:row + batch], hands[row:row + batch])
            figures.append((batch, (time.perf_counter() - begin) / (calls * batch) * 1e3))
        middle = bn.Game(variant)
        for move in moves[:int(len(moves) * 0.4)]:
            middle.play(str(move))
        hard = make_player("hard", seed=1)
        hard.search(middle, Limit(simulations=1))
        result = hard.search(middle, Limit(time=args.speed_time))
        simulation = result.seconds / result.simulations * 1e3
        single, best = figures[0][1], min(f for _, f in figures)
        print(f"{variant:8s} " + "  ".join(f"batch {b:2d}: {f:.3f}" for b, f in figures)
              + f"  | a simulation of hard (middle): {simulation:.3f} ms; the best batch saves "
                f"{(single - best) / simulation:.0%} of it", flush=True)


# ------------------------------------------------------------------------------ calibration
def reliability(predicted, outcome, bins: int = 5) -> list[tuple[float, float, int, float, float]]:
    """Per bin of the predicted chance (``bins`` equal bins): its edges, the positions in it, the
    mean call and the share won."""
    p, y = np.asarray(predicted, dtype=float), np.asarray(outcome, dtype=float)
    edges = np.linspace(0, 1, bins + 1)
    rows = []
    for low, high in zip(edges[:-1], edges[1:]):
        inside = (p >= low) & ((p < high) | (high == 1))
        if inside.any():
            rows.append((low, high, int(inside.sum()), float(p[inside].mean()), float(y[inside].mean())))
    return rows


def run_calibration(args) -> None:
    print(f"\n== calibration on Pentobi level-7 Duo games ({args.calibration_positions} positions, "
          f"{args.calibration_sims} simulations a search, fresh tree each): the mover's win chance "
          "before a move against the final result")
    positions = calibration_positions(args_data, HELD_OUT_GAMES, args.calibration_positions, args.seed + 7)
    players = {"hard (network search)": PUCTPlayer(seed=1, reuse=False),
               "0.2.0 search (linear models)": MCTSPlayer(seed=1, reuse=False)}
    table = {label: ([], []) for label in players}
    limit = Limit(simulations=args.calibration_sims)
    for game, outcome in positions:
        for label, player in players.items():
            table[label][0].append(player.search(game, limit).win_rate)
            table[label][1].append(outcome)
    for label, (predicted, outcome) in table.items():
        p, y = np.array(predicted), np.array(outcome)
        print(f"{label}: Brier {np.mean((p - y) ** 2):.3f} (always 50%: {np.mean((0.5 - y) ** 2):.3f}; "
              f"mean chance {p.mean():.2f}, mean result {y.mean():.2f})")
        for low, high, n, call, won in reliability(p, y):
            verdict = "inside" if low <= won <= high else "OUTSIDE"
            print(f"   called {low:.0%}-{high:.0%}: {n:3d} positions, mean call {call:.0%}, "
                  f"won {won:.0%} ({verdict} the bin)")
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(4.5, 4.5), layout="constrained")
        for label, (predicted, outcome) in table.items():
            rows = reliability(predicted, outcome)
            ax.plot([r[3] for r in rows], [r[4] for r in rows], "o-", label=label)
        ax.plot([0, 1], [0, 1], ":", color="grey")
        ax.set_xlabel("predicted win chance")
        ax.set_ylabel("share won")
        ax.legend()
        fig.savefig(args.plot)
        print(f"reliability diagram: {args.plot}")


# ------------------------------------------------------------------------------ seats
STAGES = ((0, 20), (20, 44), (44, 999))


def run_seats(args) -> None:
    """The classic network's chance of first place by seat, against how often each seat finished
    first, on the held-out four-color games of Pentobi level 6 playing itself."""
    import csv

    from net_data import FOLDERS, first_shares, game_number

    from blokus_nb.players.net import legal_array, load_net

    net = load_net(args.net, variant="classic")
    folder = args_data / "selfplay" / FOLDERS["classic"]
    with open(folder / "index.csv", newline="") as handle:  # held out as training/net_data.py holds them
        rows = [row for row in csv.DictReader(handle) if game_number(row["file"]) % 10 == 0][:args.seat_games]
    print(f"\n== the classic network by seat ({args.net or 'shipped'}): {len(rows)} held-out level-6 games, "
          "every position; each seat's mean chance of first against its share of first places")
    chances = {stage: [] for stage in STAGES}  # per position: (four chances by color, four shares)
    for row in rows:
        shares = np.array(first_shares(row["final_score"], 0))  # by color index
        game = bn.read_sgf(folder / row["file"])
        replay = bn.Game("classic")
        placements = [move for move in game.history if not move.is_pass]  # a color without a move is skipped
        for ply, move in enumerate(placements):
            color = replay.colors.index(replay.to_play)
            pids = legal_array(replay.board, color)
            if len(pids) > 1:
                _, value = net.evaluate_array(replay.board, color, pids)
                stage = next(st for st in STAGES if st[0] <= ply < st[1])
                chances[stage].append((np.asarray(value), shares))
            replay.play(move)
    colors = bn.Game("classic").colors
    total = [c for stage in STAGES for c in chances[stage]]
    finished = np.mean([s for _, s in total], axis=0)
    print(f"{'':22s}" + "".join(f"{c:>9s}" for c in colors))
    print(f"{'first places (share)':22s}" + "".join(f"{v:9.1%}" for v in finished))
    for low, high in STAGES:
        entries = chances[(low, high)]
        mean = np.mean([v for v, _ in entries], axis=0)
        label = f"chance, plies {low}-{min(high, 99) - 1}" if high < 999 else f"chance, plies {low}-"
        print(f"{label:22s}" + "".join(f"{v:9.1%}" for v in mean) + f"   ({len(entries)} positions)")
    brier = np.mean([(v - s) ** 2 for v, s in total], axis=0)
    base = np.mean([(finished - s) ** 2 for _, s in total], axis=0)
    print(f"{'Brier':22s}" + "".join(f"{b:9.3f}" for b in brier))
    print(f"{'Brier of the base rate':22s}" + "".join(f"{b:9.3f}" for b in base))


# ------------------------------------------------------------------------------ pentobi
#: Pentobi's match harness (a measuring instrument, never a dependency).
PENTOBI_MATCH = HERE.parent.parent / "shared" / "tools" / "pentobi_match.py"


def pentobi_engine(harness: Path) -> Path | None:
    """Pentobi's GTP engine ($PENTOBI_GTP, or beside the match harness) if it and the harness are
    here, else None."""
    import os

    path = Path(os.environ.get("PENTOBI_GTP", harness.parent / "pentobi" / "pentobi-gtp"))
    return path if path.is_file() and os.access(path, os.X_OK) and harness.is_file() else None


#: The ``pentobi`` section's matches: (variant, our level, Pentobi's level). In classic our seat
#: is one color against three Pentobi seats; in classic_2 and classic_3 one player against one
#: or two Pentobi players (the harness rotates our seat).
PENTOBI_RUNS = (("duo", "hard", 5), ("duo", "expert", 6), ("classic", "hard", 5),
                ("classic", "expert", 6), ("classic_2", "hard", 5), ("classic_3", "hard", 5))
#: Seats our player rotates through, per variant: a match's games are a whole number of rounds.
SEATS = {"duo": 2, "classic": 4, "classic_2": 2, "classic_3": 3}


def pentobi_commands(args) -> list[list[str]]:
    """The harness runs of the ``pentobi`` section (:data:`PENTOBI_RUNS`), at the levels' own time
    unless ``--pentobi-sims`` is given; ``--pentobi-games`` rounded up to whole rounds of seats."""
    budget = ["--sims", str(args.pentobi_sims)] if args.pentobi_sims else []
    out = Path(args.pentobi_out)
    commands = []
    for variant, player, level in PENTOBI_RUNS:
        games = -(-args.pentobi_games // SEATS[variant]) * SEATS[variant]
        commands.append([sys.executable, str(args.pentobi_harness), "--variant", variant, "--player", player,
                         "--level", str(level), "--games", str(games), "--seed", str(args.seed),
                         "--out", str(out / f"{variant}_{player}_L{level}"), *budget])
    return commands


def run_pentobi(args) -> None:
    print(f"\n== against Pentobi (about {args.pentobi_games} games a match, our seat rotating)")
    engine = pentobi_engine(args.pentobi_harness)
    if engine is None:
        print(f"skipped: Pentobi's engine or match harness is not here (looked for {args.pentobi_harness} "
              f"and $PENTOBI_GTP or {args.pentobi_harness.parent / 'pentobi' / 'pentobi-gtp'})")
        return
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(HERE.parent), PENTOBI_GTP=str(engine))
    for command in pentobi_commands(args):
        print("$ " + " ".join(command[1:]), flush=True)
        subprocess.run(command, check=True, env=env)


# ------------------------------------------------------------------------------ main
args_data = DEFAULT_DATA


def main(argv: list[str] | None = None) -> int:
    global args_data
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="pentobi,matches,agreement,speed,batching,calibration",
                        help="comma-separated sections (all)")
    parser.add_argument("--games", type=int, default=40, help="new hard vs 0.1.0 games (40)")
    parser.add_argument("--expert-games", type=int, default=20, help="expert vs hard games (20)")
    parser.add_argument("--time-scale", type=float, default=1.0, help="multiplies 1.5 s and 5 s (1.0)")
    parser.add_argument("--positions", type=int, default=150, help="agreement positions per variant (150)")
    parser.add_argument("--agreement-time", type=float, default=0.5, help="search seconds per position (0.5)")
    parser.add_argument("--speed-time", type=float, default=2.0, help="seconds per speed figure (2.0)")
    parser.add_argument("--levels", default="medium,hard,expert", help="levels the levels section times")
    parser.add_argument("--budget-times", default="medium=0.3,hard=1.5,expert=5",
                        help="level=seconds pairs for the budgets section (medium=0.3,hard=1.5,expert=5)")
    parser.add_argument("--calibration-positions", type=int, default=600, help="positions (600)")
    parser.add_argument("--calibration-sims", type=int, default=300, help="simulations a search (300)")
    parser.add_argument("--plot", type=Path, default=None, help="write a reliability diagram (PNG)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="Pentobi data folder")
    parser.add_argument("--net", default=None, help="the seats section's classic network (the shipped one)")
    parser.add_argument("--seat-games", type=int, default=149, help="held-out games the seats section reads (149)")
    parser.add_argument("--pentobi-games", type=int, default=40, help="games a Pentobi match (40)")
    parser.add_argument("--pentobi-sims", type=int, default=None,
                        help="fixed simulations a move in the Pentobi matches (default: the levels' time)")
    parser.add_argument("--pentobi-harness", type=Path, default=PENTOBI_MATCH,
                        help="Pentobi's match harness (../shared/tools/pentobi_match.py)")
    parser.add_argument("--pentobi-out", type=Path, default=Path("runs"), help="folder for the Pentobi runs")
    parser.add_argument("--jobs", type=int, default=1, help="processes for matches (1)")
    parser.add_argument("--old", default=OLD_SEARCH, help=f"the accel section's peer: a commit ({OLD_SEARCH}, 0.4)")
    parser.add_argument("--seed", type=int, default=2024, help="seed (2024)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bars")
    args = parser.parse_args(argv)
    args_data = args.data
    started = time.perf_counter()
    sections = {"matches": run_matches, "agreement": run_agreement, "speed": run_speed,
                "calibration": run_calibration, "pentobi": run_pentobi, "batching": run_batching,
                "levels": run_levels, "budgets": run_budgets, "accel": run_accel, "seats": run_seats}
    for name in args.only.split(","):
        sections[name.strip()](args)
    print(f"\n(done in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
