"""Environment speed: PettingZoo steps/s with random legal actions, ours and blokus-rl's in one run.

Run: ``python benchmarks/bench_env.py [--seconds 5]``. Every contender plays
whole games through the AEC loop a learning agent runs::

    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else <a random 1 of observation["action_mask"]>
        env.step(action)

A *step* here is one ``step`` that places a piece (both environments make the
steps where a finished agent steps out with ``None`` in their own way). The
random action is drawn the same way for both (``np.flatnonzero`` of the mask
viewed as bool, then ``random.randrange``), and its cost is printed apart:
the figure to compare is the time spent inside the environment (``last`` and
``step``); the whole loop is printed too. Contenders run in alternating
slices so that load from other processes on a shared machine slows them
alike: compare the ratios of one run, not figures across runs. blokus-rl
(``pip install blokus-rl``, the ``bench`` extra) has the classic 4-color
game only; Duo is ours alone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from blokus_nb import accel
from blokus_nb.envs import BlokusEnv


class Tally:
    """Seconds spent in the environment and in drawing actions, and the steps and games played."""

    def __init__(self) -> None:
        self.environment = self.sampling = 0.0
        self.steps = self.games = 0

    def steps_per_second(self, include_sampling: bool = False) -> float:
        return self.steps / (self.environment + (self.sampling if include_sampling else 0.0))


def play_one_game(env: Any, rng: random.Random, tally: Tally) -> None:
    """One whole game of random legal actions through the AEC loop, timed into ``tally``."""
    clock = time.perf_counter
    start = clock()
    env.reset()
    inside = clock() - start
    drawing = 0.0
    for _ in env.agent_iter():
        t0 = clock()
        observation, _, terminated, truncated, _ = env.last()
        t1 = clock()
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
            action = int(legal[rng.randrange(len(legal))])
            tally.steps += 1
        t2 = clock()
        env.step(action)
        inside += (t1 - t0) + (clock() - t2)
        drawing += t2 - t1
    tally.environment += inside
    tally.sampling += drawing
    tally.games += 1


def interleaved(units: dict[str, Callable[[], None]], seconds: float) -> None:
    """Run each unit of work over and over for ``seconds`` in all, in alternating slices.

    The machine is shared: load that comes and goes then slows every
    contender alike, so the ratios of one run stay meaningful.
    """
    for unit in units.values():
        unit()  # warm up: tables, generated code
    spent = dict.fromkeys(units, 0.0)
    slice_ = min(0.5, seconds / 4)
    while min(spent.values()) < seconds:
        for name, unit in units.items():
            start = time.perf_counter()
            while time.perf_counter() - start < slice_:
                unit()
            spent[name] += time.perf_counter() - start


class Breakdown:
    """Microseconds our environment reading the board (``compiled=False``) spends on each part of a
    step, over the positions of random games.

    The parts, timed as the environment makes them: the action mask (the legal
    placements included; in C where the accelerator is built, ``make accel``) and
    the observation vector; what a step costs beyond them is ``Game.play`` and
    the AEC bookkeeping.
    """

    def __init__(self, variant: str, games: int = 20, seed: int = 2) -> None:
        env, rng = BlokusEnv(variant, compiled=False), random.Random(seed)
        self.positions = []
        for _ in range(games):
            env.reset()
            for _ in env.agent_iter():
                game = env.game
                if not game.is_over:
                    self.positions.append((game.board.copy(), game.colors.index(game.to_play)))
                env.step(random_action(env, rng))
        self.encoder = env.encoder
        self.order = tuple(range(len(env.variant.colors)))
        self.seconds = {"action mask": 0.0, "observation": 0.0}
        self.count = 0

    def __call__(self) -> None:
        """Time the parts on a few positions."""
        clock, encoder, seconds = time.perf_counter, self.encoder, self.seconds
        for _ in range(10):
            board, color = self.positions[self.count % len(self.positions)]
            t0 = clock()
            encoder._legal_mask(board, color)
            t1 = clock()
            encoder._observation(board, self.order)
            t2 = clock()
            seconds["action mask"] += t1 - t0
            seconds["observation"] += t2 - t1
            self.count += 1

    def microseconds(self) -> dict[str, float]:
        return {name: total / self.count * 1e6 for name, total in self.seconds.items()}


class VectorRun:
    """One ``BlokusVectorEnv`` step of every game per call, timed inside ``step()`` (which returns the
    observations and masks); the random legal actions are drawn outside the clock."""

    def __init__(self, variant: str, num_envs: int, seed: int = 1, *, copy: bool = False,
                 compiled: bool | None = None) -> None:
        from blokus_nb.envs import BlokusVectorEnv

        self.envs = BlokusVectorEnv(variant, num_envs=num_envs, copy=copy, compiled=compiled)
        self.observation, _ = self.envs.reset(seed=seed)
        self.rng = np.random.default_rng(seed)
        self.tally = Tally()
        for _ in range(120):  # let the games end at different times, as they do in training
            self()
        self.tally = Tally()

    def draw(self) -> np.ndarray:
        keys = self.rng.random(self.observation["action_mask"].shape, dtype=np.float32)
        keys[~self.observation["action_mask"]] = -1.0
        return keys.argmax(axis=1)  # a uniform legal placement of each game (any id where none is legal)

    def __call__(self) -> None:
        clock = time.perf_counter
        t0 = clock()
        actions = self.draw()
        placing = int((self.envs.board.to_move >= 0).sum())  # the games that place a piece in this step
        t1 = clock()
        self.observation, *_ = self.envs.step(actions)
        t2 = clock()
        self.tally.environment += t2 - t1
        self.tally.sampling += t1 - t0
        self.tally.steps += placing


def random_action(env: Any, rng: random.Random) -> int | None:
    observation, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        return None
    legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
    return int(legal[rng.randrange(len(legal))])


def blokus_rl_env() -> Callable[[], Any] | None:
    """blokus-rl's own PettingZoo environment (None when it is not installed)."""
    try:
        from blokus_rl import BlokusEnv as RustEnv
    except ImportError:
        return None
    return RustEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per contender and variant")
    parser.add_argument("--num-envs", type=int, default=256, help="games in the BlokusVectorEnv")
    args = parser.parse_args()
    rust = blokus_rl_env()
    for variant in ("classic", "duo"):
        makers: dict[str, Callable[[], Any]] = {"blokus-nb": lambda: BlokusEnv(variant)}
        if accel.available():  # the default follows the game in C; this one reads the board each step
            makers["board"] = lambda: BlokusEnv(variant, compiled=False)
        if variant == "classic" and rust is not None:
            makers["blokus-rl"] = rust
        envs = {name: make() for name, make in makers.items()}
        tallies = {name: Tally() for name in envs}
        rngs = {name: random.Random(1) for name in envs}
        parts = Breakdown(variant)
        units: dict[str, Callable[[], None]] = {
            name: (lambda name=name: play_one_game(envs[name], rngs[name], tallies[name])) for name in envs}
        units["breakdown"] = parts
        # The compiled moves where built (blokus_nb.accel): the environment's own read-only buffers
        # (copy=False) and new arrays (copy=True); and numpy alone, as in a browser.
        vectors = {"copy=False": VectorRun(variant, args.num_envs)}
        if accel.available():
            vectors["copy=True"] = VectorRun(variant, args.num_envs, copy=True)
            vectors["numpy alone"] = VectorRun(variant, args.num_envs, compiled=False)
        for label, vector in vectors.items():
            units[f"vector {label}"] = vector
        interleaved(units, args.seconds)
        for name, tally in tallies.items():
            per_game = tally.steps / tally.games
            print(f"{variant:8s} {name:10s} steps/s inside the env {tally.steps_per_second():8.0f}   "
                  f"with the action draw {tally.steps_per_second(True):8.0f}   "
                  f"({per_game:.1f} steps a game, {tally.games / (tally.environment + tally.sampling):.1f} games/s, "
                  f"draw {tally.sampling / tally.steps * 1e6:.1f} us a step)")
        ours = tallies["blokus-nb"]
        print(f"{variant:8s} blokus-nb a step: {ours.environment / ours.steps * 1e6:.1f} us inside the env")
        board = tallies.get("board", ours)
        whole = board.environment / board.steps * 1e6
        micro = parts.microseconds()
        print(f"{variant:8s} blokus-nb reading the board each step (compiled=False): {whole:.1f} us, of which "
              + ", ".join(f"{name} {us:.1f}" for name, us in micro.items())
              + f", the rest (Game.play, AEC bookkeeping) {whole - sum(micro.values()):.1f}")
        for label, vector in vectors.items():
            batched = vector.tally
            print(f"{variant:8s} BlokusVectorEnv ({args.num_envs} games, {label}) steps/s inside step() "
                  f"{batched.steps_per_second():8.0f}   ({batched.environment / batched.steps * 1e6:.1f} us a "
                  f"game's step; drawing the actions outside the clock {batched.sampling / batched.steps * 1e6:.1f} us)")
            if "blokus-rl" in tallies:
                theirs = tallies["blokus-rl"]
                print(f"{variant:8s} BlokusVectorEnv ({label}) / blokus-rl: "
                      f"{batched.steps_per_second() / theirs.steps_per_second():.2f}x inside the env")
        if "blokus-rl" in tallies:
            theirs = tallies["blokus-rl"]
            print(f"{variant:8s} blokus-rl a step: {theirs.environment / theirs.steps * 1e6:.1f} us inside the env")
            print(f"{variant:8s} blokus-nb / blokus-rl: {ours.steps_per_second() / theirs.steps_per_second():.2f}x "
                  f"inside the env, {ours.steps_per_second(True) / theirs.steps_per_second(True):.2f}x "
                  "with the action draw")
            if board is not ours:
                print(f"{variant:8s} blokus-nb compiled=False / blokus-rl: "
                      f"{board.steps_per_second() / theirs.steps_per_second():.2f}x inside the env")
    if rust is None:
        print("blokus-rl not installed (pip install blokus-rl): no comparison")


if __name__ == "__main__":
    main()
