"""benchmarks/bench_pyodide.py times the levels' real moves: its work script (run here in CPython, as the
benchmark runs it beside Pyodide) plays what the players play, and the widgets' way on the loop the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import blokus_nb as bn
from blokus_nb.players import Limit, make_player

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_pyodide  # noqa: E402

SIMULATIONS = {"medium": 40, "hard": 12}


def work(section: str) -> dict:
    args = json.dumps({"simulations": SIMULATIONS, "seed": 3, "section": section})
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "pyodide_work.py"), args], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1][2:-2])


def expected_move(level: str) -> str:
    game = bn.Game("duo")
    game.play("e10")
    game.play("j5")
    return str(make_player(level, seed=3).choose_move(game, Limit(simulations=SIMULATIONS[level])))


def test_the_levels_section_times_the_levels_moves():
    answer = work("levels")
    assert answer["implementation"] == "cpython"
    for level, sims in SIMULATIONS.items():
        assert answer[level]["simulations"] == sims
        assert answer[level]["move"] == expected_move(level)
        assert 0 < answer[level]["cpu"] and 0 < answer[level]["wall"]


def test_the_loop_section_plays_the_same_moves_in_steps_on_the_loop():
    answer = work("loop")
    assert answer["how"] == "loop"  # threads refused, as in a browser
    for level in SIMULATIONS:
        ways = [run["way"] for run in answer[level]]
        assert ways == ["blocking", "steps on the loop"] * 2
        assert {run["move"] for run in answer[level]} == {expected_move(level)}
        assert all(run["turns"] >= 1 for run in answer[level] if "turns" in run)


def test_the_profile_parts_add_up_to_the_move():
    answer = work("profile")
    parts = answer["parts"]
    assert parts["network forward pass (numpy)"]["calls"] == SIMULATIONS["hard"] + 1  # the root and each new node
    assert parts["random playouts (Python)"]["calls"] == SIMULATIONS["hard"]
    assert sum(p["seconds"] for p in parts.values()) == pytest.approx(answer["wall"])
    assert answer["move"] == expected_move("hard")


def test_without_a_pyodide_it_says_so_and_times_nothing(tmp_path, capsys):
    bench_pyodide.main(["--pyodide", str(tmp_path)])
    assert capsys.readouterr().out.startswith(f"skipped: Node.js and a Pyodide in {tmp_path} are needed")


def test_an_unknown_section_is_refused(capsys):
    with pytest.raises(SystemExit):
        bench_pyodide.main(["--only", "levels,speed"])
    assert "unknown section 'speed'" in capsys.readouterr().err
