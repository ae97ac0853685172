"""The one background-job mechanism (blokus_nb.widgets._jobs) that AI seats, hints and puzzle searches share."""

from __future__ import annotations

import threading
import time

import pytest

from blokus_nb.widgets._jobs import Job, Jobs

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
