"""The one background-job mechanism (blokus_nb.widgets._jobs) that AI seats, hints and puzzle searches share."""

from __future__ import annotations

import asyncio
import threading
import time
import traceback

import pytest

from blokus_nb.widgets._jobs import Job, Jobs, how_jobs_run
from widgets.helpers import wait_for


class Answers:
    def __init__(self) -> None:
        self.got: list[tuple[str, object, object]] = []

    def __call__(self, job, result, error):
        self.got.append((job.kind, result, error))
        return result


def test_a_job_in_the_background_delivers_its_answer_in_another_thread():
    answers, threads = Answers(), []
    jobs = Jobs(answers)
    jobs.start(Job("move", lambda: threads.append(threading.current_thread()) or 7, asked=1, color="orange"))
    wait_for(lambda: answers.got)
    assert answers.got == [("move", 7, None)] and not jobs.busy
    assert threads[0] is not threading.current_thread() and threads[0].name == "blokus-move-orange"


def test_an_error_in_the_background_is_delivered_not_raised():
    answers = Answers()
    Jobs(answers).start(Job("hint", lambda: 1 / 0, asked=1))
    wait_for(lambda: answers.got)
    kind, result, error = answers.got[0]
    assert kind == "hint" and result is None and isinstance(error, ZeroDivisionError)


def test_run_here_returns_what_deliver_returns_and_raises_errors():
    jobs = Jobs(lambda job, result, error: ("shown", result))
    assert jobs.run(Job("hint", lambda: 3, asked=0)) == ("shown", 3)
    with pytest.raises(ZeroDivisionError):
        jobs.run(Job("hint", lambda: 1 / 0, asked=0))
    assert not jobs.busy


def test_a_cancelled_job_is_never_delivered():
    answers, release = Answers(), threading.Event()
    jobs = Jobs(answers)
    job = jobs.start(Job("move", lambda: release.wait(5), asked=1))
    assert jobs.busy and jobs.job is job
    jobs.cancel()
    assert not jobs.busy and job.cancelled.is_set()
    release.set()
    time.sleep(0.1)
    assert answers.got == []


def test_a_new_job_cancels_the_one_before():
    answers, release = Answers(), threading.Event()
    jobs = Jobs(answers)
    first = jobs.start(Job("move", lambda: release.wait(5) and "first", asked=1))
    jobs.start(Job("hint", lambda: "second", asked=2))
    release.set()
    wait_for(lambda: answers.got)
    time.sleep(0.1)
    assert first.cancelled.is_set() and answers.got == [("hint", "second", None)]


def test_the_answer_waits_for_the_pause_unless_cancelled():
    answers = Answers()
    jobs = Jobs(answers)
    started = time.perf_counter()
    jobs.start(Job("move", lambda: 1, asked=1, pause=0.2))
    wait_for(lambda: answers.got)
    assert time.perf_counter() - started >= 0.2
    job = jobs.start(Job("move", lambda: 2, asked=2, pause=5))
    jobs.cancel()  # ends the pause at once
    time.sleep(0.1)
    assert job.cancelled.is_set() and answers.got == [("move", 1, None)]


def test_a_cancelled_job_tells_its_owner_once_and_a_delivered_one_never():
    answers, release, dropped = Answers(), threading.Event(), []
    jobs = Jobs(answers)
    first = jobs.start(Job("line", lambda: release.wait(5), asked=1, on_cancel=lambda: dropped.append("line")))
    jobs.cancel()
    jobs.cancel()  # nothing running: nobody is told twice
    assert dropped == ["line"] and not jobs.busy
    # Superseded by a new job: its owner is told too.
    jobs.start(Job("review", lambda: release.wait(5), asked=2, on_cancel=lambda: dropped.append("review")))
    jobs.start(Job("hint", lambda: "answer", asked=3, on_cancel=lambda: dropped.append("hint")))
    release.set()
    wait_for(lambda: answers.got)
    time.sleep(0.1)
    assert first.cancelled.is_set() and dropped == ["line", "review"]  # the hint was delivered: not dropped
    assert answers.got == [("hint", "answer", None)]


def test_a_job_cancelled_while_its_answer_waits_to_be_delivered_tells_its_owner():
    # The answer is computed but its delivery waits (for the widget's lock, here for `gate`):
    # a cancel then still drops it, and the owner hears of it.
    gate, dropped, got = threading.Event(), [], []

    def deliver(job, result, error):
        gate.wait(5)
        if not job.cancelled.is_set():
            got.append(result)

    jobs = Jobs(deliver)
    job = jobs.start(Job("line", lambda: "moves", asked=1, on_cancel=lambda: dropped.append(job.kind)))
    time.sleep(0.1)  # computed; waiting in deliver
    jobs.cancel()
    gate.set()
    time.sleep(0.1)
    assert dropped == ["line"] and got == [] and job.cancelled.is_set()


def test_a_job_that_starts_another_from_its_own_delivery_is_not_cancelled_by_it():
    dropped, second = [], []
    jobs: Jobs

    def deliver(job, result, error):
        if job.kind == "line":  # the review waited for the engine's line: it starts now
            second.append(jobs.start(Job("review", lambda: "done", asked=2)))

    jobs = Jobs(deliver)
    first = jobs.start(Job("line", lambda: "moves", asked=1, on_cancel=lambda: dropped.append("line")))
    wait_for(lambda: second and not jobs.busy)
    assert dropped == [] and not first.cancelled.is_set()


# ---------------------------------------------------------------- where no thread can start (Pyodide)
def test_without_threads_a_job_started_by_a_delivery_runs_after_it_not_inside_it(no_threads):
    depths: list[int] = []
    jobs: Jobs

    def deliver(job, result, error):
        depths.append(len(traceback.extract_stack()))
        if result < 300:  # an AI seat's move makes the next seat think: a loop, never a recursion
            jobs.start(Job("move", lambda: result + 1, asked=result + 1))

    jobs = Jobs(deliver)
    assert how_jobs_run() == "in turn"
    jobs.start(Job("move", lambda: 0, asked=0))
    assert len(depths) == 301 and len(set(depths)) == 1 and not jobs.busy
    assert no_threads == ["blokus-nb thread check"]


def test_without_threads_in_turn_the_latest_job_wins_and_errors_are_delivered(no_threads):
    answers, dropped = Answers(), []
    jobs: Jobs

    def deliver(job, result, error):
        answers(job, result, error)
        if job.kind == "line":
            jobs.start(Job("review", lambda: "old", asked=2, on_cancel=lambda: dropped.append("review")))
            jobs.start(Job("hint", lambda: 1 / 0, asked=3))

    jobs = Jobs(deliver)
    jobs.start(Job("line", lambda: "moves", asked=1, pause=5))  # no pause in turn: nothing could be drawn
    assert [got[:2] for got in answers.got] == [("line", "moves"), ("hint", None)]
    assert isinstance(answers.got[1][2], ZeroDivisionError) and dropped == ["review"]


def test_on_the_loop_a_job_runs_after_its_caller_and_a_newer_one_wins(no_threads):
    async def main() -> None:
        answers, dropped, ran = Answers(), [], []
        jobs = Jobs(answers)
        assert how_jobs_run() == "loop"
        jobs.start(Job("move", lambda: ran.append("move") or 1, asked=1, on_cancel=lambda: dropped.append("move")))
        assert jobs.busy and answers.got == [] and ran == []  # the caller (a message handler) returns first
        jobs.start(Job("hint", lambda: 2, asked=2))
        while jobs.busy:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert answers.got == [("hint", 2, None)] and ran == [] and dropped == ["move"]

    asyncio.run(main())


def test_on_the_loop_the_pause_is_kept_and_a_cancel_ends_it(no_threads):
    async def main() -> None:
        answers = Answers()
        jobs = Jobs(answers)
        started = time.perf_counter()
        jobs.start(Job("move", lambda: 1, asked=1, pause=0.2))
        while not answers.got:
            await asyncio.sleep(0.01)
        assert time.perf_counter() - started >= 0.2
        job = jobs.start(Job("move", lambda: 2, asked=2, pause=5))
        await asyncio.sleep(0.05)  # computed, pausing
        started = time.perf_counter()
        jobs.cancel()
        await asyncio.sleep(0.15)
        assert job.cancelled.is_set() and answers.got == [("move", 1, None)] and not jobs._tasks

    asyncio.run(main())
