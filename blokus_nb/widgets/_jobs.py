"""The one way both widgets think in the background: AI seats' moves, hints, puzzle solutions.

The notebook stays responsive while a search runs in a daemon thread. A
search is not interrupted from outside (a player may watch ``cancelled``
through its limit and stop early); instead every :class:`Job` carries the
stamp of what it was asked about (the widget's position), and the widget
throws away an answer whose stamp no longer matches. So Undo, New game or a
placement made meanwhile cancel a search: its result is never shown or played.
A cancelled job tells its owner (``on_cancel``), once, so whatever the owner
shows about it ("searching", "queued") is reset: a job is either delivered
or its owner hears that it never will be. That holds from the moment it
starts until its answer reaches ``deliver`` (the widget's lock may keep it
waiting there).

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


@dataclass(eq=False)  # a job is itself: compared and hashed by identity
class Job:
    """One question: ``compute()`` answers it; ``asked`` stamps the position it was asked about.

    ``kind`` names it for people and threads (``"move"``, ``"hint"``,
    ``"solution"``); ``color`` is the color it thinks for, if any. The answer
    takes at least ``pause`` seconds, so a person sees the "thinking" state
    before a computer's piece appears. ``on_cancel()`` is called once if the
    job is cancelled (in the thread that cancels it, which usually holds the
    widget's lock): the owner resets what it shows about the job there.
    """

    kind: str
    compute: Callable[[], Any]
    asked: Any
    color: str = ""
    pause: float = 0.0
    cancelled: threading.Event = field(default_factory=threading.Event)
    on_cancel: Callable[[], Any] | None = None


class Jobs:
    """Runs one job at a time and hands its answer to ``deliver``; a new job cancels the one before."""

    def __init__(self, deliver: Deliver) -> None:
        self._deliver = deliver
        self._job: Job | None = None
        # Computed, not yet delivered (deliver may wait for the widget's lock): still cancellable,
        # by any thread but the one delivering it (what deliver starts does not cancel it).
        self._delivering: dict[Job, threading.Thread] = {}
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
        except BaseException:
            self._release(job, delivering=False)
            raise
        self._release(job)
        try:
            return None if job.cancelled.is_set() else self._deliver(job, result, None)
        finally:
            self._delivered(job)

    def cancel(self) -> None:
        """Drop the job running (and one waiting to be delivered): its answer will not be delivered."""
        self._take(None)

    def _take(self, job: Job | None) -> None:
        """Make ``job`` the one running; cancel the others, then tell their owners (outside the guard)."""
        here = threading.current_thread()
        with self._guard:
            dropped = [j for j, thread in self._delivering.items() if thread is not here]
            if self._job is not None:
                dropped.append(self._job)
            self._job = job
            dropped = [j for j in dropped if not j.cancelled.is_set()]
            for old in dropped:
                old.cancelled.set()
                self._delivering.pop(old, None)
        for old in dropped:
            if old.on_cancel is not None:
                old.on_cancel()

    def _release(self, job: Job, delivering: bool = True) -> None:
        """``job`` is computed: from now on it waits to be delivered (by this thread)."""
        with self._guard:
            if self._job is job:
                self._job = None
            if delivering and not job.cancelled.is_set():
                self._delivering[job] = threading.current_thread()

    def _delivered(self, job: Job) -> None:
        with self._guard:
            self._delivering.pop(job, None)

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
        try:
            if not job.cancelled.is_set():
                self._deliver(job, result, error)
        finally:
            self._delivered(job)
