"""processes: how many workers, and running units of work in this process or a pool."""

from __future__ import annotations

import os

import pytest

import blokus_nb as bn
from blokus_nb.processes import pool_context, run_jobs, worker_count

pytestmark = pytest.mark.pools  # the tests here start, keep and replace worker pools


def test_worker_count():
    cores = os.cpu_count() or 1
    assert worker_count(None, 100) == min(cores, 100)
    assert worker_count(-1, 100) == min(cores, 100)
    assert worker_count(4, 2) == 2 and worker_count(1, 0) == 1


def square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def test_run_jobs_in_this_process_keeps_order():
    seen = []
    run_jobs(square_and_pid, [3, 1, 2], 1, done=lambda i, r: seen.append((i, r[0], r[1])))
    assert seen == [(0, 9, os.getpid()), (1, 1, os.getpid()), (2, 4, os.getpid())]


def test_run_jobs_on_a_pool_gives_every_result_to_its_index():
    results = {}
    run_jobs(square_and_pid, list(range(8)), 2, done=results.__setitem__)
    assert {i: r[0] for i, r in results.items()} == {i: i * i for i in range(8)}
    assert os.getpid() not in {r[1] for r in results.values()}


def fail_on_three(x: int) -> int:
    if x == 3:
        raise bn.RecordError("bad record", source="a.jsonl", line=3)
    return x


def test_an_error_in_a_worker_reaches_the_caller_as_itself():
    with pytest.raises(bn.RecordError, match="a.jsonl, line 3: bad record"):
        run_jobs(fail_on_three, [1, 2, 3], 2, done=lambda i, r: None)


def test_run_jobs_refuses_an_unknown_engine_and_runs_nothing_for_no_units():
    with pytest.raises(bn.BlokusError, match="engine is 'processes' or 'dask', not 'threads'"):
        run_jobs(len, ["a"], 1, done=lambda i, r: None, engine="threads")
    run_jobs(len, [], 2, done=lambda i, r: pytest.fail("no units, no calls"))


def test_pool_context_forks_from_a_server_when_asked():
    import multiprocessing

    context = pool_context(["blokus_nb.game"], "forkserver")
    expected = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    assert context.get_start_method() in (expected, "forkserver")


def test_workers_fork_only_where_no_other_thread_runs():
    import subprocess
    import sys
    from pathlib import Path

    code = """
import sys, threading
from blokus_nb.processes import start_method
alone = start_method()
stop = threading.Event()
thread = threading.Thread(target=stop.wait)
thread.start()
print(alone, start_method())
stop.set()
"""
    root = Path(bn.__file__).resolve().parent.parent  # a fresh interpreter, as a plain script is
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(root))).stdout.split()
    if sys.platform.startswith("linux"):
        assert out[0] == "fork"
    assert out[1] in ("forkserver", "spawn")  # as in a notebook kernel, which has threads


def test_the_pool_is_kept_between_calls_until_shut_down():
    from blokus_nb import processes
    from blokus_nb.processes import shutdown_pools

    def workers() -> set[int]:
        out: dict = {}
        run_jobs(square_and_pid, list(range(6)), 2, done=out.__setitem__)
        assert {pid for _, pid in out.values()} <= {pid for pool in processes._POOLS.values()
                                                    for pid in pool._processes}
        return {pid for pool in processes._POOLS.values() for pid in pool._processes}

    shutdown_pools()  # from no pool: the tests before it in this worker may have left theirs
    first = workers()
    assert len(first) == 2 and workers() == first  # the same warm workers: no start-up cost
    shutdown_pools()
    assert not processes._POOLS
    assert not workers() & first
    shutdown_pools()


def test_a_pool_whose_worker_died_while_idle_is_replaced():
    import signal

    from blokus_nb.processes import shutdown_pools

    out: dict = {}
    run_jobs(square_and_pid, [1, 2], 2, done=out.__setitem__)
    os.kill(out[0][1], signal.SIGKILL)  # as the kernel's OOM killer would
    import time

    time.sleep(0.5)  # the pool notices the death and marks itself broken
    again: dict = {}
    run_jobs(square_and_pid, [3, 4], 2, done=again.__setitem__)
    assert sorted(v for v, _ in again.values()) == [9, 16]
    shutdown_pools()
