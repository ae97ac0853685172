"""The one way both widgets think in the background: AI seats' moves, hints, the review, puzzle solutions.

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

Where no thread can start (a browser kernel: Pyodide's ``Thread.start``
raises ``RuntimeError("can't start new thread")``; see
:mod:`blokus_nb.runtime`), the same jobs run another way, chosen when each
starts (:func:`how_jobs_run`): on the kernel's asyncio loop when one runs,
after one turn of it, so the views hear "thinking" before the search holds the
loop; else in turn, here and now, a job started while another's answer is
delivered waiting until that delivery ends (so computer seats playing each
other make a loop, not a recursion). Stale answers are dropped, owners told of
cancelled jobs and errors delivered the same way in all three; only the pause
is skipped in turn, where nothing could be drawn meanwhile.

A long job is written in *steps* (:mod:`blokus_nb.players.search`): its
``compute()`` returns a generator that yields between two positions of a
review and between two slices of a search, and returns the answer. On the
loop, the job gives the loop back at every step, so a Stop, a seek or any
other request is handled after the current slice, and a job cancelled
meanwhile is closed there (its search ends, its player's lock is let go); in
a thread or in turn the steps are run to their end at once. Every job of the
widgets is written so (AI seats, hints, the review, the engine's line; a
puzzle's solution is one step), and its answer is the blocking one.

>>> answers = []
>>> jobs = Jobs(deliver=lambda job, result, error: answers.append(result) or result)
>>> jobs.run(Job("hint", compute=lambda: 6 * 7, asked=0))
42
>>> jobs.busy, answers
(False, [42])
"""

from __future__ import annotations

import asyncio
import collections
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from .. import runtime

#: Where a job started now runs: a thread, the asyncio loop running here, or in turn (no thread, no loop).
HOW = ("threads", "loop", "in turn")

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
    #: The answer, or a generator of its steps that returns it (see the module docstring).
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
        # Without threads: the jobs waiting their turn, whether one is being run, and the loop's tasks
        # (the loop keeps only weak references to them).
        self._queue: collections.deque[Job] = collections.deque()
        self._running_in_turn = False
        self._tasks: set[asyncio.Future[None]] = set()
        # On the loop: the steps of the jobs suspended between two of them, closed when cancelled.
        self._suspended: dict[Job, Generator[Any, None, Any]] = {}

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
        """Run ``job`` in the background (a daemon thread, else see :func:`how_jobs_run`);
        errors in it reach ``deliver`` as ``error``."""
        self._take(job)
        if runtime.threads_can_start():
            thread = threading.Thread(target=self._in_thread, args=(job,),
                                      name=f"blokus-{job.kind}-{job.color}".rstrip("-"), daemon=True)
            try:
                thread.start()
                return job
            except RuntimeError:  # no thread starts here after all: from now on, none is tried
                runtime.threads_failed()
        loop = _loop()
        if loop is not None:
            task = loop.create_task(self._on_loop(job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            self._in_turn(job)
        return job

    def run(self, job: Job) -> Any:
        """Run ``job`` here and now; return what ``deliver`` returns (``None`` if it was cancelled meanwhile).

        An error in ``compute`` is raised to the caller.
        """
        self._take(job)
        try:
            result = _answer_of(job.compute())
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
            suspended = [self._suspended.pop(j) for j in dropped if j in self._suspended]
        for steps in suspended:  # its search ends now, and lets go of what it holds (a player's lock)
            _close(steps)
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
        result, error = _computed(job)
        job.cancelled.wait(max(0.0, job.pause - (time.perf_counter() - started)))
        self._finish(job, result, error)

    async def _on_loop(self, job: Job) -> None:
        await asyncio.sleep(0)  # one turn of the loop: the views hear "thinking" before the search holds it
        if job.cancelled.is_set():  # a newer job came first
            return
        started = time.perf_counter()
        result, error = None, None
        try:
            steps = job.compute()
            if isinstance(steps, Generator):
                result = await self._stepped(job, steps)
            else:
                result = steps
        except _Cancelled:
            return
        except Exception as exc:
            error = exc
        while not job.cancelled.is_set():
            left = job.pause - (time.perf_counter() - started)
            if left <= 0:
                break
            await asyncio.sleep(min(left, 0.05))  # a cancel ends the pause (almost) at once
        _reporting(self._finish, job, result, error)

    async def _stepped(self, job: Job, steps: Generator[Any, None, Any]) -> Any:
        """Run ``steps`` one at a time, giving the loop back after each; their answer.

        Raises :class:`_Cancelled` if the job is cancelled meanwhile (its steps are closed).
        """
        with self._guard:
            if job.cancelled.is_set():
                _close(steps)
                raise _Cancelled
            self._suspended[job] = steps
        try:
            while True:
                try:
                    next(steps)
                except StopIteration as end:
                    return end.value
                await asyncio.sleep(0)  # the loop's turn: a Stop or a seek is handled here
                if job.cancelled.is_set():  # closed by the cancel (or here, if it came another way)
                    _close(steps)
                    raise _Cancelled
        finally:
            with self._guard:
                self._suspended.pop(job, None)

    def _in_turn(self, job: Job) -> None:
        self._queue.append(job)
        if self._running_in_turn:  # started from a delivery (an AI's move, the line before the review)
            return
        self._running_in_turn = True
        try:
            while self._queue:
                job = self._queue.popleft()
                if not job.cancelled.is_set():
                    _reporting(self._finish, job, *_computed(job))
        finally:
            self._running_in_turn = False

    def _finish(self, job: Job, result: Any, error: BaseException | None) -> None:
        """``job`` is computed: deliver its answer unless it was cancelled meanwhile."""
        self._release(job)
        try:
            if not job.cancelled.is_set():
                self._deliver(job, result, error)
        finally:
            self._delivered(job)


def how_jobs_run() -> str:
    """Where a job started now would run: ``"threads"``, ``"loop"`` (the asyncio loop running here)
    or ``"in turn"`` (see the module docstring).

    >>> how_jobs_run() in HOW
    True
    """
    if runtime.threads_can_start():
        return "threads"
    return "loop" if _loop() is not None else "in turn"


def _loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop that takes work here: the one running, or Pyodide's, which always does."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if runtime.IN_BROWSER:  # Pyodide's loop runs on the browser's own: work given to it runs
        try:
            return asyncio.get_event_loop()
        except RuntimeError:
            return None
    return None


class _Cancelled(Exception):
    """A job on the loop was cancelled between two of its steps: nothing is delivered."""


def _answer_of(result: Any) -> Any:
    """``result``, or if it is a job's steps (a generator), their answer, run to their end here."""
    if not isinstance(result, Generator):
        return result
    while True:
        try:
            next(result)
        except StopIteration as end:
            return end.value


def _close(steps: Generator[Any, None, Any]) -> None:
    """End a job's suspended steps (a ``finally`` in them runs; a player's lock is let go)."""
    try:
        steps.close()
    except ValueError:  # running: it is the caller itself, and its task closes it after this step
        pass
    except Exception:  # what a search does on the way out must not break the cancel
        traceback.print_exc(file=sys.stderr)


def _computed(job: Job) -> tuple[Any, BaseException | None]:
    """``job``'s answer, or the error it raised (a failed search is reported in the widget, not raised)."""
    try:
        return _answer_of(job.compute()), None
    except Exception as exc:
        return None, exc


def _reporting(finish: Callable[..., None], *args: Any) -> None:
    """``finish(*args)``, a failure printed as a thread's would be, so the jobs after it still run."""
    try:
        finish(*args)
    except Exception:
        traceback.print_exc(file=sys.stderr)
