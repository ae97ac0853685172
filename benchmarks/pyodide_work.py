"""What benchmarks/bench_pyodide.py times, in Pyodide (``pyodide_run.mjs`` calls ``await main(ARGS)``)
and in CPython (``python pyodide_work.py ARGS``): ARGS is a JSON object, the answer one line ``<<JSON>>``.

Every section plays Duo's third move (after e10 and j5, as the browser test does) with the levels'
players at the simulations given, the network and tables loaded first (a one-simulation move):

* ``levels``: wall and CPU seconds of each level's move;
* ``loop``: each level's move blocking and in steps on the asyncio loop (the widgets' way where no
  thread starts, :mod:`blokus_nb.widgets._jobs`), alternated;
* ``profile``: where "hard" spends its time: the network's forward pass, the random playouts, the
  legal placements, the selection, the placements, and the rest (the tree in Python).
"""

from __future__ import annotations

import asyncio
import collections
import importlib.util
import json
import sys
import time
import types
from collections.abc import Callable
from typing import Any

import blokus_nb as bn
from blokus_nb.players import Limit, make_player

try:
    from nodecpu import seconds as cpu_seconds  # type: ignore[import-not-found]  # Node's CPU time, in Pyodide
except ImportError:
    cpu_seconds = time.process_time


def third_move() -> bn.Game:
    game = bn.Game("duo")
    game.play("e10")
    game.play("j5")
    return game


def warm(level: str, seed: int) -> None:
    """Load what a level's first move loads (its model or network, the tables) before any clock starts."""
    make_player(level, seed=seed).choose_move(third_move(), Limit(simulations=1))


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    answer = work()
    return time.perf_counter() - wall, cpu_seconds() - cpu, answer


def levels(simulations: dict[str, int], seed: int) -> dict[str, Any]:
    out = {}
    for level, sims in simulations.items():
        warm(level, seed)
        player = make_player(level, seed=seed)
        wall, cpu, move = timed(lambda: player.choose_move(third_move(), Limit(simulations=sims)))
        out[level] = {"simulations": sims, "wall": wall, "cpu": cpu, "move": str(move)}
    return out


def jobs_module() -> types.ModuleType:
    """blokus_nb.widgets._jobs without the widgets' package (anywidget is not in a bare Pyodide)."""
    if "blokus_nb.widgets" not in sys.modules:
        package = types.ModuleType("blokus_nb.widgets")
        package.__path__ = []
        sys.modules["blokus_nb.widgets"] = package
    spec = importlib.util.spec_from_file_location("blokus_nb.widgets._jobs", f"{bn.__path__[0]}/widgets/_jobs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def on_loop(jobs_of: Any, level: str, sims: int, seed: int) -> tuple[float, float, str, int]:
    """A level's move as a widget's job, in steps on the running loop; also the loop's turns meanwhile."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()
    turns = 0

    async def count() -> None:
        nonlocal turns
        while not done.done():
            turns += 1
            await asyncio.sleep(0)

    player = make_player(level, seed=seed)
    jobs = jobs_of.Jobs(lambda job, result, error: done.set_result(result if error is None else error))
    wall, cpu = time.perf_counter(), cpu_seconds()
    counter = loop.create_task(count())
    steps = getattr(player, "choose_move_steps", player.choose_move)  # a checkout before the steps: one step
    jobs.start(jobs_of.Job("move", lambda: steps(third_move(), Limit(simulations=sims)), asked=0))
    move = await done
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    await counter
    if isinstance(move, BaseException):
        raise move
    return wall, cpu, str(move), turns


async def loop_section(simulations: dict[str, int], seed: int) -> dict[str, Any]:
    jobs_of = jobs_module()
    jobs_of.runtime.threads_can_start = lambda: False  # in CPython too: the jobs' way in a browser
    out: dict[str, Any] = {"how": jobs_of.how_jobs_run()}
    for level, sims in simulations.items():
        warm(level, seed)
        runs = []
        for _ in range(2):
            wall, cpu, move = timed(lambda: make_player(level, seed=seed).choose_move(third_move(),
                                                                                      Limit(simulations=sims)))
            runs.append({"way": "blocking", "wall": wall, "cpu": cpu, "move": str(move)})
            wall, cpu, loop_move, turns = await on_loop(jobs_of, level, sims, seed)
            runs.append({"way": "steps on the loop", "wall": wall, "cpu": cpu, "move": loop_move, "turns": turns})
        out[level] = runs
    return out


def profile(sims: int, seed: int) -> dict[str, Any]:
    """"hard"'s move with its parts timed by wrappers (each adds a little time of its own)."""
    from blokus_nb.engine import Board
    from blokus_nb.players import net, puct

    spent: dict[str, float] = collections.defaultdict(float)
    calls: collections.Counter[str] = collections.Counter()
    originals = []

    def wrap(owner: Any, name: str, label: str) -> None:
        function = getattr(owner, name)
        originals.append((owner, name, function))

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter() - start
                calls[label] += 1
        setattr(owner, name, wrapper)

    warm("hard", seed)
    wrap(net.Net, "forward", "network forward pass (numpy)")
    wrap(Board, "playout", "random playouts (Python)")
    wrap(puct, "legal_array", "legal placements of new nodes")
    wrap(puct.PUCTPlayer, "_net_select", "selection (numpy on the node's arrays)")
    wrap(Board, "place", "placements down the tree")
    try:
        player = make_player("hard", seed=seed)
        wall, cpu, move = timed(lambda: player.choose_move(third_move(), Limit(simulations=sims)))
    finally:
        for owner, name, function in reversed(originals):
            setattr(owner, name, function)
    parts = {label: {"seconds": seconds, "calls": calls[label], "ms_a_call": 1e3 * seconds / calls[label]}
             for label, seconds in sorted(spent.items(), key=lambda item: -item[1])}
    parts["the rest (the tree in Python, encoding, priors)"] = {"seconds": wall - sum(spent.values())}
    return {"simulations": sims, "wall": wall, "cpu": cpu, "move": str(move), "parts": parts}


async def main(argv: str) -> None:
    args = json.loads(argv)
    simulations, seed, section = args["simulations"], args["seed"], args["section"]
    if section == "levels":
        answer = levels(simulations, seed)
    elif section == "loop":
        answer = await loop_section(simulations, seed)
    elif section == "profile":
        answer = profile(simulations["hard"], seed)
    else:
        raise ValueError(f"unknown section {section!r}")
    answer["implementation"] = "pyodide" if sys.platform == "emscripten" else sys.implementation.name
    print("<<" + json.dumps(answer) + ">>", flush=True)


if __name__ == "__main__" and sys.platform != "emscripten":
    asyncio.run(main(sys.argv[1]))
