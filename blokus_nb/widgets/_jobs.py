"""The one way both widgets think in the background: AI seats' moves, hints, puzzle solutions.

The notebook stays responsive while a search runs in a daemon thread. A
search is not interrupted from outside (a player may watch ``cancelled``
through its limit and stop early); instead every :class:`Job` carries the
stamp of what it was asked about (the widget's position), and the widget
throws away an answer whose stamp no longer matches. So Undo, New game or a
placement made meanwhile cancel a search: its result is never shown or played.

>>> answers = []
>>> jobs = Jobs(deliver=lambda job, result, error: answers.append(result) or result)
>>> jobs.run(Job("hint", compute=lambda: 6 * 7, asked=0))
42
>>> jobs.busy, answers
(False, [42])
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

#: ``deliver(job, result, error)``: called with the answer of a job that was not cancelled.
Deliver = Callable[["Job", Any, "BaseException | None"], Any]


@dataclass
class Job:
    """One question: ``compute()`` answers it; ``asked`` stamps the position it was asked about.

    ``kind`` names it for people and threads (``"move"``, ``"hint"``,
    ``"solution"``); ``color`` is the color it thinks for, if any. The answer
    takes at least ``pause`` seconds, so a person sees the "thinking" state
    before a computer's piece appears.
    """

    kind: str
    compute: Callable[[], Any]
    asked: Any
    color: str = ""
    pause: float = 0.0
    cancelled: threading.Event = field(default_factory=threading.Event)


class Jobs:
    """Runs one job at a time and hands its answer to ``deliver``; a new job cancels the one before."""

    def __init__(self, deliver: Deliver) -> None:
        self._deliver = deliver
        self._job: Job | None = None
        self._guard = threading.Lock()

    @property
    def busy(self) -> bool:
        """Is a job running whose answer is still wanted?"""
        job = self._job
        return job is not None and not job.cancelled.is_set()

    @property
    def job(self) -> Job | None:
        """The job running, if its answer is still wanted."""
        job = self._job
        return job if job is not None and not job.cancelled.is_set() else None

    def start(self, job: Job) -> Job:
        """Run ``job`` in a daemon thread; errors in it reach ``deliver`` as ``error``."""
        self._take(job)
        threading.Thread(target=self._in_thread, args=(job,), name=f"blokus-{job.kind}-{job.color}".rstrip("-"),
                         daemon=True).start()
        return job

    def run(self, job: Job) -> Any:
        """Run ``job`` here and now; return what ``deliver`` returns (``None`` if it was cancelled meanwhile).

        An error in ``compute`` is raised to the caller.
        """
        self._take(job)
        try:
            result = job.compute()
        finally:
            self._release(job)
        return None if job.cancelled.is_set() else self._deliver(job, result, None)

    def cancel(self) -> None:
        """Drop the job running: its answer will not be delivered."""
        with self._guard:
            if self._job is not None:
                self._job.cancelled.set()
                self._job = None

    def _take(self, job: Job) -> None:
        with self._guard:
            if self._job is not None:
                self._job.cancelled.set()
            self._job = job

    def _release(self, job: Job) -> None:
        with self._guard:
            if self._job is job:
                self._job = None

    def _in_thread(self, job: Job) -> None:
        started = time.perf_counter()
        result: Any = None
        error: BaseException | None = None
        try:
            result = job.compute()
        except Exception as exc:  # a failed search is reported in the widget, not raised in a thread
            error = exc
        job.cancelled.wait(max(0.0, job.pause - (time.perf_counter() - started)))
        self._release(job)
        if not job.cancelled.is_set():
            self._deliver(job, result, error)
