"""Worker processes for matches and corpora: how many to start, and where they come from.

>>> worker_count(1, tasks=10), worker_count(8, tasks=3)
(1, 3)
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Sequence

__all__ = ["worker_count", "pool_context"]


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
    context.set_forkserver_preload(list(preload))
    return context
