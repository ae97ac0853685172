"""Worker processes for matches, self-play, corpora and evaluation: how many to start, where they
come from, and the one job runner that runs units of work on them (or on a Dask cluster).

How workers start. In a process with no other thread (a plain ``python script.py``)
on Linux, workers are forked: nothing is imported again, so a script without an
``if __name__ == "__main__":`` guard works, and so do classes defined in it.
Elsewhere (a notebook kernel has threads, and fork is unsafe there) workers fork
from a warmed-up *forkserver*; on macOS and Windows they are spawned. Workers
started either way import the script that started them, so there a script needs
the guard, and a class defined in a notebook or ``python -c`` cannot reach them:
:class:`~blokus_nb.errors.WorkerError` says so before any work is sent.

How they stop. Ctrl-C (or any error) in the caller stops the workers of that
run at once; they ignore Ctrl-C themselves, so that only the caller reports it.
A worker whose parent dies (a killed kernel) exits within a second.

Where none can start (a browser kernel, Pyodide: :mod:`blokus_nb.runtime`),
``n_jobs=None`` (every core) is this process alone, and asking for more
workers, or for Dask, raises :class:`~blokus_nb.errors.UnavailableError`.

>>> worker_count(1, tasks=10), worker_count(8, tasks=3)
(1, 3)
"""

from __future__ import annotations

import io
import multiprocessing
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import runtime, validation
from .errors import WorkerError
from .validation import choice, job_count, positive_count

__all__ = ["worker_count", "pool_context", "run_jobs", "shutdown_pools", "ENGINES", "start_method"]


def worker_count(n_jobs: int | None, tasks: int) -> int:
    """Processes to use: ``None`` or -1 is every core (-2 all but one...), never more than ``tasks``."""
    n_jobs = job_count(n_jobs)
    cores = (os.cpu_count() or 1) if runtime.threads_can_start() else 1  # a browser runs this process alone
    if n_jobs is None:
        n_jobs = cores
    elif n_jobs < 0:
        n_jobs = max(1, cores + 1 + n_jobs)
    return max(1, min(n_jobs, tasks))


def start_method() -> str:
    """How the next pool's workers start: ``"fork"``, ``"forkserver"`` or ``"spawn"`` (see the module docstring).

    >>> start_method() in ("fork", "forkserver", "spawn")
    True
    """
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods and _no_other_threads():
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _no_other_threads() -> bool:
    """Whether forking is safe: no thread but this one, tqdm's idle monitor and the threads of
    the pools kept here (which :func:`_pool` ends before it forks a new one)."""
    main = threading.main_thread()
    return threading.current_thread() is main and all(
        t is main or type(t).__name__ in ("TMonitor", "_ExecutorManagerThread")
        or t.name == "QueueFeederThread" for t in threading.enumerate())


def pool_context(preload: Sequence[str], method: str | None = None) -> Any:
    """A multiprocessing context for workers that start by ``method`` (default :func:`start_method`).

    A forkserver imports ``preload`` (and what every kind of work needs) once;
    the workers forked from it start warm, and the server lives as long as this
    process, so only the first pool pays for starting it.
    """
    method = method or start_method()
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # There is one forkserver per process, and its preload is fixed when it starts: it imports
        # what every kind of work needs, so workers are warm whichever kind of work came first.
        context.set_forkserver_preload(sorted(set(preload) | set(FORKSERVER_PRELOAD)))
    return context


#: What the forkserver imports for every kind of work: matches and corpus analysis.
FORKSERVER_PRELOAD = ("blokus_nb.players.arena", "blokus_nb.analysis.loading", "blokus_nb.analysis._warm")

#: Where :func:`run_jobs` can run the work.
ENGINES = ("processes", "dask")


def run_jobs(task: Callable[[Any], Any], units: Iterable[Any], jobs: int, *,
             done: Callable[[int, Any], None], engine: str = "processes", client: Any = None,
             preload: Sequence[str] = (), window: int | None = None) -> None:
    """Run ``task(unit)`` for every unit and call ``done(index, result)`` as each finishes.

    ``jobs <= 1`` runs in this process, in order. Otherwise the units go to a
    pool of ``jobs`` worker processes (see the module docstring), or, with
    ``engine="dask"`` (or a ``client`` given), to a Dask cluster: ``client``,
    the current Dask client, or a new local cluster of ``jobs`` workers.
    Results arrive in the order they finish; ``index`` is the unit's place in
    ``units``. Units are drawn from ``units`` as workers free up, at most
    ``window`` (default ``2 * jobs``) in flight, so a long run never plans all
    its work up front. The pool is kept for the next call with the same
    ``jobs`` (see :func:`shutdown_pools`), except after an error or Ctrl-C,
    which stop its workers at once. A unit is pickled once to reach its worker
    and its result once to come back, so units should be coarse (a file, a
    batch of games), not one position.

    >>> out = {}
    >>> run_jobs(len, ["ab", "c"], 1, done=out.__setitem__)
    >>> out
    {0: 2, 1: 1}
    """
    validation.dask_client(client)
    if client is not None and engine == "processes":
        engine = "dask"
    choice(engine, "engine", ENGINES)
    jobs = positive_count(jobs, "jobs")
    if engine == "dask":
        runtime.require_threads("a Dask cluster", "leave out engine='dask' and client=, and use n_jobs=1")
    elif jobs > 1:
        runtime.require_threads("worker processes", "use n_jobs=1")
    pending = enumerate(units)
    window = max(1, window or 2 * max(1, jobs))
    if engine == "dask":
        _run_dask(task, pending, jobs, done, client, window)
    elif jobs <= 1:
        for index, unit in pending:
            done(index, task(unit))
    else:
        _run_pool(task, pending, jobs, done, tuple(preload), window)


# ------------------------------------------------------------------------------ local processes
#: Worker pools kept between calls of :func:`run_jobs`, by (processes, start method, preload).
_POOLS: dict[tuple[int, str, tuple[str, ...]], Any] = {}


def _run_pool(task: Callable, pending: Iterable[tuple[int, Any]], jobs: int,
              done: Callable[[int, Any], None], preload: tuple[str, ...], window: int) -> None:
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    method = start_method()
    pool = None
    running: dict[Any, int] = {}
    workers: dict[int, Any] = {}  # every worker seen, to read how they ended if the pool breaks
    try:
        for index, unit in pending:
            if pool is None:
                if method != "fork":
                    _check_importable(task, unit)
                pool = _pool(jobs, method, preload)
            running[pool.submit(task, unit)] = index
            workers.update(getattr(pool, "_processes", None) or {})
            while len(running) >= window:
                _collect(running, done, wait(running, return_when=FIRST_COMPLETED)[0])
        while running:
            _collect(running, done, wait(running, return_when=FIRST_COMPLETED)[0])
    except BrokenProcessPool as error:
        # The pool's own thread is still reaping its workers: read their exit codes after it,
        # since two readers at once can make the forkserver's report of a code an exit code 255.
        manager = getattr(pool, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(timeout=10)
        cause = _why_broken(list(workers.values()), method)
        _stop(pool)
        raise WorkerError(cause) from error
    except BaseException:
        # Ctrl-C, an error in a unit, or the caller's own error: stop the workers now rather
        # than let them finish games nobody will read (an "expert" game takes minutes).
        _stop(pool)
        raise


def _collect(running: dict, done: Callable[[int, Any], None], finished: set) -> None:
    for future in finished:
        index = running.pop(future)
        done(index, future.result())


def _pool(jobs: int, method: str, preload: tuple[str, ...]) -> Any:
    """A pool of ``jobs`` warm workers, started on first use and kept: starting one costs
    a few tenths of a second, which on a small corpus is the whole gain of a second core."""
    from concurrent.futures import ProcessPoolExecutor

    key = (jobs, method, preload if method != "fork" else ())  # a fork inherits every import
    pool = _POOLS.get(key)
    if pool is not None and getattr(pool, "_broken", False):  # a worker died while the pool was idle
        _stop(pool)
        pool = None
    if pool is None and method == "fork":
        shutdown_pools()  # their threads must be gone before this process forks
    if pool is None:
        if not _POOLS:
            import atexit

            atexit.unregister(shutdown_pools)
            atexit.register(shutdown_pools)  # idle workers end before the interpreter tears down
        pool = _POOLS[key] = ProcessPoolExecutor(max_workers=jobs, mp_context=pool_context(preload, method),
                                                 initializer=_worker_start, initargs=(os.getpid(),))
    return pool


def _stop(pool: Any) -> None:
    """End ``pool`` now: its workers are killed, its queued work dropped, and it is not kept."""
    if pool is None:
        return
    for key, kept in list(_POOLS.items()):
        if kept is pool:
            del _POOLS[key]
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):  # already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.join(timeout=2)
        except (OSError, ValueError, AssertionError, AttributeError):
            pass


def shutdown_pools() -> None:
    """Stop the worker processes :func:`run_jobs` keeps between calls (they stop at exit anyway).

    >>> shutdown_pools()
    """
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_start(parent: int) -> None:
    """In each worker: leave Ctrl-C to the parent, and exit when the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent, os.getppid()), daemon=True,
                     name="blokus-nb parent watch").start()


def _watch_parent(parent: int, direct: int) -> None:
    """Exit (at once, without clean-up: there is nobody to report to) once the parent has died."""
    import time

    while True:
        time.sleep(0.5)
        if os.getppid() != direct or not _alive(parent):
            os._exit(3)


def _alive(pid: int) -> bool:
    if os.name != "posix":  # on Windows os.kill(pid, 0) would end the process: rely on getppid
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is not ours to signal
        return True
    return True


def _why_broken(workers: list, method: str) -> str:
    """What to tell a person whose pool broke: how its workers ended, and what to do."""
    codes = []
    for process in workers:
        try:
            process.join(timeout=0.5)
        except (AssertionError, ValueError, OSError):
            continue
        if process.exitcode not in (None, 0):
            codes.append(process.exitcode)
    # The pool ends the others with SIGTERM once one has died: the telling code is another one.
    kill, term = getattr(signal, "SIGKILL", 9), getattr(signal, "SIGTERM", 15)
    codes.sort(key=lambda code: (code != -kill, code == -term))
    how = "a worker process stopped abruptly"
    if codes:
        code = codes[0]
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            how += f" (killed by {name}"
            how += ": the machine may be out of memory; try fewer n_jobs)" if -code == kill else ")"
        else:
            how += f" (exit code {code})"
    advice = "Run with n_jobs=1 to see the error in this process."
    if method != "fork" and _main_is_script():
        advice = (f"Workers started by {method} import the script that started them: put the script's "
                  "work under `if __name__ == \"__main__\":`, or run with n_jobs=1.")
    return f"{how}. {advice}"


def _main_is_script() -> bool:
    main = sys.modules.get("__main__")
    return bool(getattr(main, "__file__", None)) and not hasattr(main, "get_ipython")


class _MainFinder(pickle.Pickler):
    """Pickles into nothing, noting the first class or function that lives in ``__main__``."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), protocol=pickle.HIGHEST_PROTOCOL)
        self.found: str | None = None

    def reducer_override(self, obj: Any) -> Any:
        if self.found is None:
            owner = obj if isinstance(obj, type) or callable(obj) else type(obj)
            if getattr(owner, "__module__", None) == "__main__":
                self.found = getattr(owner, "__qualname__", repr(owner))
        return NotImplemented


def _check_importable(task: Callable, unit: Any) -> None:
    """Refuse, before starting workers, work that names a class or function they cannot import."""
    finder = _MainFinder()
    try:
        finder.dump((task, unit))
    except Exception as error:  # noqa: BLE001 - any pickling failure: the work cannot be sent
        raise WorkerError(f"the work cannot be sent to worker processes: {type(error).__name__}: "
                          f"{error}. Run with n_jobs=1 to keep it in this process.") from error
    if finder.found is None or _main_is_script():
        return  # a script's workers import it again (a missing guard is reported if the pool breaks)
    raise WorkerError(f"{finder.found} is defined in a notebook, `python -c` or an interactive session, "
                      "which worker processes cannot import: move it into a module file (for example "
                      "my_players.py beside the notebook) and import it from there, or run with n_jobs=1")


# ------------------------------------------------------------------------------ Dask
def _run_dask(task: Callable[[Any], Any], pending: Iterable[tuple[int, Any]], jobs: int,
              done: Callable[[int, Any], None], client: Any, window: int) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed, get_client
    except ImportError:  # pragma: no cover - depends on the optional extra
        raise ImportError('engine="dask" needs the dask extra: pip install "blokus-nb[dask]"') from None
    own = None
    if client is None:
        try:
            client = get_client()
        except ValueError:
            own = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                               dashboard_address=None)
            client = Client(own)
    where: dict[str, int] = {}
    futures = as_completed()
    submitted: list = []
    try:
        def submit(count: int) -> None:
            for index, unit in pending:
                future = client.submit(task, unit, pure=False)
                where[future.key] = index
                futures.add(future)
                submitted.append(future)
                count -= 1
                if count <= 0:
                    return

        submit(window)
        for future in futures:
            index = where.pop(future.key)
            done(index, future.result())
            submit(1)
    except BaseException:
        client.cancel([f for f in submitted if not f.done()])
        raise
    finally:
        if own is not None:
            client.close()
            own.close()
