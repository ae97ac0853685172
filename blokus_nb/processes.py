"""Worker processes for matches and corpora: how many to start, where they come from, and
running units of work on them (or on a Dask cluster).

>>> worker_count(1, tasks=10), worker_count(8, tasks=3)
(1, 3)
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence

from .errors import BlokusError

__all__ = ["worker_count", "pool_context", "run_jobs", "shutdown_pools", "ENGINES"]


def worker_count(n_jobs: int | None, tasks: int) -> int:
    """Processes to use: ``None`` or -1 is every core (-2 all but one...), never more than ``tasks``."""
    cores = os.cpu_count() or 1
    if n_jobs is None:
        n_jobs = cores
    elif n_jobs < 0:
        n_jobs = max(1, cores + 1 + n_jobs)
    return max(1, min(n_jobs, tasks))


def pool_context(preload: Sequence[str]) -> Any:
    """A multiprocessing context whose workers fork from a server that imported ``preload``.

    Plain ``fork`` is unsafe in a process with threads (a notebook kernel has
    several), and ``spawn`` re-imports pandas in every worker; forking from a
    warmed-up server is both safe and quick, and the server lives as long as
    this process, so only the first pool pays for starting it. Work is sent to
    the workers by pickling, so a class defined in a notebook needs ``n_jobs=1``.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # There is one forkserver per process, and its preload is fixed when it starts: it imports
    # what every kind of work needs, so workers are warm whichever kind of work came first.
    context.set_forkserver_preload(sorted(set(preload) | set(FORKSERVER_PRELOAD)))
    return context


#: What the forkserver imports for every kind of work: matches and corpus analysis.
FORKSERVER_PRELOAD = ("blokus_nb.players.arena", "blokus_nb.analysis.loading", "blokus_nb.analysis._warm")

#: Where :func:`run_jobs` can run the work.
ENGINES = ("processes", "dask")


def run_jobs(task: Callable[[Any], Any], units: Sequence[Any], jobs: int, *,
             done: Callable[[int, Any], None], engine: str = "processes", client: Any = None,
             preload: Sequence[str] = ()) -> None:
    """Run ``task(unit)`` for every unit and call ``done(index, result)`` as each finishes.

    ``jobs <= 1`` runs in this process, in order. Otherwise the units go to a
    pool of ``jobs`` processes forked from a server that imported ``preload``
    (see :func:`pool_context`), or, with ``engine="dask"``, to ``client``
    (the current Dask client, or a new local cluster of ``jobs`` workers).
    Results arrive in the order they finish; ``index`` says whose they are.
    The pool is kept for the next call with the same ``jobs`` and ``preload``
    (see :func:`shutdown_pools`).
    A unit is pickled once to reach its worker and its result once to come
    back, so units should be coarse (a file, a batch of games), not one game.

    >>> out = {}
    >>> run_jobs(len, ["ab", "c"], 1, done=out.__setitem__)
    >>> out
    {0: 2, 1: 1}
    """
    if engine not in ENGINES:
        raise BlokusError(f"unknown engine {engine!r}; use one of {', '.join(map(repr, ENGINES))}")
    if not units:
        return
    if engine == "dask":
        _run_dask(task, units, jobs, done, client)
    elif jobs <= 1:
        for index, unit in enumerate(units):
            done(index, task(unit))
    else:
        from concurrent.futures import as_completed

        pool = _pool(jobs, tuple(preload))
        futures: dict[Any, int] = {}
        try:
            for index, unit in enumerate(units):
                futures[pool.submit(task, unit)] = index
            for future in as_completed(futures):
                done(futures[future], future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            if isinstance(sys.exc_info()[1], BrokenProcessPool):
                shutdown_pools()
            raise


#: Worker pools kept between calls of :func:`run_jobs`, by (processes, preload).
_POOLS: dict[tuple[int, tuple[str, ...]], Any] = {}


def _pool(jobs: int, preload: tuple[str, ...]) -> Any:
    """A pool of ``jobs`` warm workers, started on first use and kept: starting one costs
    a few tenths of a second, which on a small corpus is the whole gain of a second core."""
    from concurrent.futures import ProcessPoolExecutor

    key = (jobs, preload)
    pool = _POOLS.get(key)
    if pool is not None and getattr(pool, "_broken", False):  # a worker died while the pool was idle
        _POOLS.pop(key).shutdown(wait=False, cancel_futures=True)
        pool = None
    if pool is None:
        pool = _POOLS[key] = ProcessPoolExecutor(max_workers=jobs, mp_context=pool_context(preload))
    return pool


def shutdown_pools() -> None:
    """Stop the worker processes :func:`run_jobs` keeps between calls (they stop at exit anyway).

    >>> shutdown_pools()
    """
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(task: Callable[[Any], Any], units: Sequence[Any], jobs: int,
              done: Callable[[int, Any], None], client: Any) -> None:
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
    try:
        futures = client.map(task, list(units), pure=False)
        where = {future.key: index for index, future in enumerate(futures)}
        for future in as_completed(futures):
            done(where[future.key], future.result())
    finally:
        if own is not None:
            client.close()
            own.close()
