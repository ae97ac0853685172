"""What this Python can start: threads, worker processes, outside programs.

A browser kernel (Pyodide, as JupyterLite runs it) starts none of them:
``threading.Thread.start`` raises ``RuntimeError("can't start new thread")``,
and there is no fork and no subprocess. It is found out once, here: from the
platform, else by starting a thread (a CPython that cannot is treated the same).
The widgets' background jobs then run on the kernel's asyncio loop or in turn
(:mod:`blokus_nb.widgets._jobs`); what needs worker processes, Dask or an
outside engine refuses with :class:`~blokus_nb.errors.UnavailableError`, which
says why and what to do instead.

>>> threads_can_start() in (True, False)
True
"""

from __future__ import annotations

import sys
import threading

from .errors import UnavailableError

__all__ = ["IN_BROWSER", "threads_can_start", "threads_failed", "require_threads"]

#: Whether this is Python compiled to WebAssembly in a browser (Pyodide, JupyterLite).
IN_BROWSER = sys.platform == "emscripten"

#: None until found out; then whether a thread can start here.
_threads: bool | None = None


def threads_can_start() -> bool:
    """Whether a thread can start in this Python (never in a browser); found out once.

    >>> isinstance(threads_can_start(), bool)
    True
    """
    global _threads
    if _threads is None:
        _threads = not IN_BROWSER and _try_a_thread()
    return _threads


def threads_failed() -> None:
    """Remember that ``Thread.start`` raised here: from now on nothing tries again."""
    global _threads
    _threads = False


def _try_a_thread() -> bool:
    thread = threading.Thread(target=lambda: None, name="blokus-nb thread check", daemon=True)
    try:
        thread.start()
    except RuntimeError:  # "can't start new thread": Pyodide, or a process out of threads
        return False
    thread.join()
    return True


def quiet_progress_bars() -> None:
    """Keep tqdm from trying its monitor thread (done on import in a browser): where no thread
    starts, every session's first progress bar would warn that it could not start one."""
    try:
        from tqdm import std
    except ImportError:  # installed without its dependencies: no progress bars to quieten
        return
    std.tqdm.monitor_interval = 0


def where() -> str:
    """This Python, in an error message: ``"this browser kernel (Pyodide)"``, or a CPython that is like one."""
    return "this browser kernel (Pyodide)" if IN_BROWSER else "this Python (no thread can start here)"


def require_threads(what: str, instead: str) -> None:
    """Refuse ``what`` (threads, worker processes or a program) where threads cannot start.

    >>> require_threads("worker processes", "use n_jobs=1")  # here they can
    """
    if not threads_can_start():
        raise UnavailableError(f"{what} cannot start in {where()}; {instead}")


if IN_BROWSER:
    quiet_progress_bars()
