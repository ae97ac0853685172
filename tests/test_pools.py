"""Worker pools as people run them: plain scripts without a __main__ guard, classes from
``python -c``, Ctrl-C, a dead parent, and a worker killed mid-run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from data_paths import DATA

import blokus_nb as bn
from blokus_nb.processes import run_jobs, shutdown_pools

pytestmark = pytest.mark.pools  # every test here starts worker processes

ROOT = Path(bn.__file__).resolve().parent.parent  # the blokus_nb under test, for the subprocesses
GAMES = DATA / "pentobi" / "games" / "duo"


def python(code: str, cwd: Path, **options) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = cwd / "script.py"
    script.write_text(textwrap.dedent(code))
    return subprocess.Popen([sys.executable, str(script)], cwd=cwd, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_in_a_terminal, **options)


def _ctrl_c_as_in_a_terminal() -> None:
    # A test run started in the background by a shell without job control (``make test &``)
    # inherits SIGINT ignored, and Python then never turns Ctrl-C into KeyboardInterrupt: the
    # script's Ctrl-C would be lost and the test would wait for it forever.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children_of(pid: int) -> list[int]:
    """Every descendant of ``pid`` still alive (from /proc)."""
    psutil = pytest.importorskip("psutil")
    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


@pytest.mark.slow
def test_a_plain_script_without_a_main_guard_loads_games_and_plays_a_match_on_two_processes(tmp_path):
    run = python(f"""
        import blokus_nb as bn
        from blokus_nb.players import arena
        df = bn.analysis.load_games({str(GAMES)!r}, n_jobs=2, progress=False)
        default = bn.analysis.load_games({str(GAMES)!r}, progress=False)
        match = arena.play_match(["greedy", "random"], "duo", games=4, seed=3, n_jobs=2, progress=False)
        print("rows", len(df), len(default), "games", len(match.games), match.results["win"].sum())
    """, tmp_path)
    out, err = run.communicate(timeout=240)
    assert run.returncode == 0, err
    assert "BrokenProcessPool" not in err and "leaked semaphore" not in err, err
    rows = len(bn.analysis.load_games(GAMES, n_jobs=1, progress=False))
    assert out.split() == ["rows", str(rows), str(rows), "games", "4", "4.0"]


def test_a_class_from_python_c_given_to_two_processes_gets_a_clear_error_not_a_broken_pool():
    code = textwrap.dedent("""
        import threading, blokus_nb as bn
        from blokus_nb.players import RandomPlayer, arena
        threading.Thread(target=threading.Event().wait, daemon=True).start()  # as a notebook kernel has
        class Mine(RandomPlayer):
            name = "mine"
        try:
            arena.play_match([Mine(), "random"], "duo", games=2, seed=1, n_jobs=2, progress=False)
        except bn.errors.WorkerError as error:
            print("WorkerError:", error)
    """)
    run = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr
    assert "WorkerError: Mine is defined in a notebook, `python -c`" in run.stdout
    assert "n_jobs=1" in run.stdout and "BrokenProcessPool" not in run.stderr


def slow_unit(x: int) -> int:
    time.sleep(60)
    return x


def test_a_worker_killed_mid_run_is_our_error_with_the_cause():
    from blokus_nb.errors import WorkerError

    pids: list[int] = []

    def kill_one(index: int, pid: int) -> None:
        pids.append(pid)
        if len(pids) == 1:
            os.kill(pid, signal.SIGKILL)

    try:
        with pytest.raises(WorkerError, match="killed by SIGKILL: the machine may be out of memory"):
            run_jobs(os_getpid_then_sleep, [0, 1, 2, 3], 2, done=kill_one)
    finally:
        shutdown_pools()  # a failure here must not leave workers for the next test to count


def os_getpid_then_sleep(x: int) -> int:
    if x:
        time.sleep(30)
    return os.getpid()


INTERRUPTED = """
    import os, sys, blokus_nb as bn
    from blokus_nb.players import arena
    print(os.getpid(), flush=True)
    try:
        arena.play_match(["expert", "expert"], "duo", games=6, seed=1, n_jobs=2, progress=False)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.stdin.readline()  # stay alive, as a notebook kernel does after Ctrl-C
"""


def wait_for_workers(pid: int, count: int = 2, seconds: float = 90) -> list[int]:
    """The descendants of ``pid`` that are computing (a pool also starts helpers that idle)."""
    psutil = pytest.importorskip("psutil")
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        before = {}
        for child in children_of(pid):
            try:
                before[child] = sum(psutil.Process(child).cpu_times()[:2])
            except psutil.NoSuchProcess:
                pass
        time.sleep(2)
        busy = []
        for child, used in before.items():
            try:
                if sum(psutil.Process(child).cpu_times()[:2]) - used > 0.05:
                    busy.append(child)
            except psutil.NoSuchProcess:
                pass
        if len(busy) >= count:
            return busy
    pytest.fail(f"the match never had {count} workers computing")


def gone(pids: list[int], seconds: float = 5) -> bool:
    psutil = pytest.importorskip("psutil")
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        alive = [p for p in pids if psutil.pid_exists(p)
                 and psutil.Process(p).status() != psutil.STATUS_ZOMBIE]
        if not alive:
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
def test_ctrl_c_in_a_two_process_match_stops_its_workers(tmp_path):
    run = python(INTERRUPTED, tmp_path)
    pid = int(run.stdout.readline())
    workers = wait_for_workers(pid)
    time.sleep(1)  # the games are under way
    run.send_signal(signal.SIGINT)
    try:
        assert run.stdout.readline().strip() == "interrupted"
        assert gone(workers), "workers still computing after Ctrl-C"
    finally:
        run.communicate("\n", timeout=30)
    assert run.returncode == 0


@pytest.mark.slow
def test_workers_of_a_killed_parent_exit(tmp_path):
    run = python(INTERRUPTED, tmp_path)
    pid = int(run.stdout.readline())
    workers = wait_for_workers(pid)
    run.kill()
    run.wait(timeout=10)
    try:
        assert gone(workers, seconds=10), "orphaned workers go on computing"
    finally:
        for worker in workers:
            try:
                os.kill(worker, signal.SIGKILL)
            except ProcessLookupError:
                pass
