"""The widgets' background jobs in real Pyodide (314.0.6, the one jupyterlite-pyodide-kernel 0.8.6 loads), run
by Node.js from the npm package (tests/pyodide, installed by ``make test``). It has no numpy, so only the modules
the jobs need are loaded: runtime, errors and widgets/_jobs; Python is called from JavaScript as the kernel
calls a comm's handler. The widgets themselves are tested without threads in tests/widgets/test_no_threads.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "tests" / "pyodide"


@pytest.fixture(scope="module")
def facts() -> dict:
    node = shutil.which("node") or shutil.which("node", path=str(ROOT / ".venv" / "bin"))
    if node is None or not (CHECK / "node_modules" / "pyodide" / "pyodide.asm.wasm").exists():
        pytest.skip("Node.js and tests/pyodide's packages are needed (make test installs them)")
    done = subprocess.run([node, "jobs_check.mjs", str(ROOT)], cwd=CHECK, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_pyodide_starts_no_thread_and_it_is_found_out(facts):
    assert facts["platform"] == "emscripten"
    assert facts["thread_start"] == "RuntimeError: can't start new thread"
    assert facts["threads_can_start"] is False
    assert facts["refusal"] == "worker processes cannot start in this browser kernel (Pyodide); use n_jobs=1"


def test_jobs_run_on_pyodides_loop_after_the_handler_returns_and_the_latest_wins(facts):
    assert facts["how"] == "loop"
    assert facts["computed_before_the_handler_returned"] == []
    assert facts["computed"] == ["hint"] and facts["dropped"] == ["move"]
    assert facts["delivered"] == [["hint", None, "ZeroDivisionError('division by zero')"]]


def test_a_job_started_by_each_delivery_runs_in_turn(facts):
    assert facts["chain"] == list(range(51))


def test_a_job_in_steps_gives_pyodides_loop_back_and_a_cancel_closes_it(facts):
    # 400 steps of 5 ms would hold the loop for 2 s; the Stop timer at 0.3 s runs between two of them
    assert 0 < facts["steps_before_stop"] < 200
    assert facts["steps_closed"] == ["review", "short"]  # the cancelled job's steps closed, its finally run
    assert facts["stepped"] == [["short", "short done"]]  # only the job after the Stop is delivered
    assert facts["steps_run"] == facts["steps_before_stop"] + 3
