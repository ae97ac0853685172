"""The levels' time in Pyodide without a browser, beside CPython at the same moment: whose is a slowdown?

    make lite-e2e                                  # once: the test site's Pyodide 0.27.7, with numpy
    python benchmarks/bench_pyodide.py             # medium and hard, 3 rounds, this checkout
    python benchmarks/bench_pyodide.py --source . --source /tmp/old   # a checkout of another commit beside
    python benchmarks/bench_pyodide.py --only loop,profile

Node.js runs the Pyodide that ``make lite-e2e`` unpacks into ``build/lite-e2e-cache`` (the browser
test's, numpy 2.0.2 without BLAS or threads) on each checkout's own ``blokus_nb`` (``pyodide_run.mjs``);
CPython runs the same code (``pyodide_work.py``) right after, as the browser would: no compiled
playouts (``BLOKUS_NB_ACCEL=0``) and numpy on one thread. Every move is Duo's third (the browser
test's), "medium" at its Duo budget and "hard" at a share of its own (``--hard-fraction``; a quarter,
800 of 3,200: the whole takes half a minute), the budgets of this checkout for every checkout, so that
old commits are timed on the same work.

Wall-clock seconds on a shared machine say more about the other work than about the code: on
2026-12-06 the same move took 3.4 s or 5.6 s of wall-clock time for the same 3.4 s of CPU.
So each run reports CPU seconds too (the Node process's, the CPython process's): compare
those, and the ratio Pyodide / CPython of one round.

Sections (``--only``):

* ``levels``: each level's move, wall and CPU seconds, ``--rounds`` times, checkouts and the two
  Pythons alternating; then the median CPU seconds, scaled to the whole budget;
* ``loop``: the move blocking and in steps on the asyncio loop (the widgets' jobs where no thread
  starts: :mod:`blokus_nb.widgets._jobs`), in Pyodide; the same moves, and no more CPU seconds;
* ``profile``: where "hard" spends its time in Pyodide and in CPython.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
PYODIDE = ROOT / "build" / "lite-e2e-cache" / "pyodide-0.27.7"
SECTIONS = ("levels", "loop", "profile")
sys.path.insert(0, str(ROOT))

from blokus_nb.players.levels import LEVEL_SIMULATIONS  # noqa: E402


def node() -> str | None:
    return shutil.which("node") or shutil.which("node", path=str(ROOT / ".venv" / "bin"))


def run(implementation: str, source: Path, args: dict[str, Any], pyodide: Path) -> dict[str, Any]:
    """One run of ``pyodide_work.py`` on ``source``'s blokus_nb, in ``"pyodide"`` or ``"cpython"``."""
    argv = json.dumps(args)
    if implementation == "pyodide":
        command = [node() or "node", str(HERE / "pyodide_run.mjs"), str(pyodide), str(source),
                   str(HERE / "pyodide_work.py"), argv]
        env = dict(os.environ)
    else:
        command = [sys.executable, str(HERE / "pyodide_work.py"), argv]
        env = dict(os.environ, PYTHONPATH=str(source), BLOKUS_NB_ACCEL="0", OPENBLAS_NUM_THREADS="1",
                   OMP_NUM_THREADS="1")
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1800)
    lines = [line for line in done.stdout.splitlines() if line.startswith("<<")]
    if done.returncode != 0 or not lines:
        sys.exit(f"{implementation} on {source} failed:\n{(done.stdout + done.stderr)[-3000:]}")
    return json.loads(lines[-1][2:-2])


def levels(sources: list[Path], simulations: dict[str, int], args: argparse.Namespace) -> None:
    cpu: dict[tuple[str, str, str], list[float]] = {}
    work = {"simulations": simulations, "seed": args.seed, "section": "levels"}
    for r in range(args.rounds):
        for source in sources:
            for implementation in ("pyodide", "cpython"):
                answer = run(implementation, source, work, args.pyodide)
                shown = []
                for level in simulations:
                    a = answer[level]
                    cpu.setdefault((str(source), implementation, level), []).append(a["cpu"])
                    shown.append(f"{level} {a['wall']:6.2f} s wall {a['cpu']:6.2f} s CPU ({a['move']})")
                print(f"round {r + 1}  {source}  {implementation:8}  " + "   ".join(shown), flush=True)
    print(f"\nmedian CPU seconds a move over {args.rounds} rounds, and at the whole Duo budget (hard's scaled by "
          f"{1 / args.hard_fraction:g}):")
    for source in sources:
        for level, sims in simulations.items():
            p = statistics.median(cpu[(str(source), "pyodide", level)])
            c = statistics.median(cpu[(str(source), "cpython", level)])
            scale = LEVEL_SIMULATIONS[level]["duo"] / sims
            print(f"  {source}  {level:6} at {sims:5} simulations: Pyodide {p:6.2f} s, CPython {c:5.2f} s, "
                  f"ratio {p / c:4.1f}; the whole budget: Pyodide {p * scale:6.1f} s")


def loop(sources: list[Path], simulations: dict[str, int], args: argparse.Namespace) -> None:
    for source in sources:
        answer = run("pyodide", source, {"simulations": simulations, "seed": args.seed, "section": "loop"},
                     args.pyodide)
        print(f"{source}  Pyodide, jobs run on the {answer['how']}:")
        for level in simulations:
            for r in answer[level]:
                turns = f", the loop's turns {r['turns']}" if "turns" in r else ""
                print(f"  {level:6} {r['way']:18} {r['wall']:6.2f} s wall {r['cpu']:6.2f} s CPU ({r['move']}{turns})")


def profile(sources: list[Path], simulations: dict[str, int], args: argparse.Namespace) -> None:
    for source in sources:
        for implementation in ("pyodide", "cpython"):
            a = run(implementation, source, {"simulations": simulations, "seed": args.seed, "section": "profile"},
                    args.pyodide)
            print(f"{source}  {implementation}: hard at {a['simulations']} simulations, {a['wall']:.2f} s wall, "
                  f"{a['cpu']:.2f} s CPU ({a['move']})")
            for label, part in a["parts"].items():
                each = f", {part['ms_a_call']:.3f} ms a call x {part['calls']}" if "calls" in part else ""
                print(f"  {part['seconds'] / a['wall']:6.1%}  {part['seconds']:6.2f} s  {label}{each}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="levels", help=f"sections, comma-separated: {', '.join(SECTIONS)}")
    parser.add_argument("--source", type=Path, action="append", help="a checkout to time (repeatable; default this one)")
    parser.add_argument("--pyodide", type=Path, default=PYODIDE, help="a Pyodide distribution with numpy")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hard-fraction", type=float, default=0.25, help="the share of hard's Duo budget played")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sections = args.only.split(",")
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; sections are {', '.join(SECTIONS)}")
    if node() is None or not (args.pyodide / "pyodide.mjs").exists():
        print(f"skipped: Node.js and a Pyodide in {args.pyodide} are needed (make lite-e2e unpacks it)")
        return
    sources = [s.resolve() for s in args.source or [ROOT]]
    simulations = {"medium": LEVEL_SIMULATIONS["medium"]["duo"],
                   "hard": max(1, round(LEVEL_SIMULATIONS["hard"]["duo"] * args.hard_fraction))}
    for section in sections:
        print(f"== {section}")
        {"levels": levels, "loop": loop, "profile": profile}[section](sources, simulations, args)


if __name__ == "__main__":
    main()
