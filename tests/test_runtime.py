"""What this Python can start (blokus_nb.runtime): where no thread can start, as in Pyodide
(``Thread.start`` raising, the ``no_threads`` fixture), pools, Dask and outside engines refuse and say why."""

from __future__ import annotations

import sys

import fake_gtp
import pytest

import blokus_nb as bn
from blokus_nb import runtime
from blokus_nb.engines import GTPEngine, pentobi
from blokus_nb.errors import UnavailableError
from blokus_nb.players.arena import play_match
from blokus_nb.processes import run_jobs, worker_count

IN_PYODIDE = "worker processes cannot start in this browser kernel (Pyodide); use n_jobs=1"


def test_threads_start_here_and_it_is_found_out_once(monkeypatch):
    monkeypatch.setattr(runtime, "_threads", None)
    assert runtime.threads_can_start() and runtime._threads is True
    runtime.require_threads("worker processes", "use n_jobs=1")  # no refusal


def test_without_threads_it_is_found_out_by_trying_once(no_threads):
    assert not runtime.threads_can_start() and not runtime.threads_can_start()
    assert no_threads == ["blokus-nb thread check"]


def test_in_a_browser_nothing_is_tried(monkeypatch):
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    monkeypatch.setattr(runtime, "_threads", None)
    assert not runtime.threads_can_start()
    with pytest.raises(UnavailableError, match=r"^worker processes cannot start in this browser kernel \(Pyodide\); "
                                               r"use n_jobs=1$"):
        run_jobs(len, ["ab", "c"], 2, done=lambda i, r: None)


def test_worker_pools_refuse_and_one_process_works(no_threads):
    with pytest.raises(UnavailableError) as refused:
        run_jobs(len, ["ab", "c"], 2, done=lambda i, r: None)
    assert str(refused.value) == ("worker processes cannot start in this Python (no thread can start here); "
                                  "use n_jobs=1")
    assert isinstance(refused.value, bn.BlokusError)
    out: dict[int, int] = {}
    run_jobs(len, ["ab", "c"], 1, done=out.__setitem__)
    assert out == {0: 2, 1: 1}
    assert worker_count(None, 10) == 1 and worker_count(-1, 10) == 1  # every core: this one
    assert worker_count(4, 10) == 4  # asked for: refused when run, with the reason


@pytest.mark.pools
def test_a_match_on_workers_refuses_and_in_this_process_plays(no_threads):
    with pytest.raises(UnavailableError, match="use n_jobs=1"):
        play_match(["random", "random"], "duo", games=2, n_jobs=2, progress=False, seed=1)
    result = play_match(["random", "random"], "duo", games=2, n_jobs=1, progress=False, seed=1)
    assert len(result.games) == 2


def test_dask_refuses(no_threads):
    with pytest.raises(UnavailableError, match=r"^a Dask cluster cannot start in .*engine='dask'"):
        run_jobs(len, ["ab"], 1, done=lambda i, r: None, engine="dask")


def test_outside_engines_refuse_before_starting_a_program(no_threads):
    with pytest.raises(UnavailableError, match=r"^an outside engine cannot start in .*built-in levels"):
        GTPEngine([sys.executable, str(fake_gtp.SCRIPT), "legal"])
    with pytest.raises(UnavailableError, match=r"^Pentobi cannot start in .*built-in levels"):
        pentobi(3, path="/nowhere/pentobi-gtp")


def test_progress_bars_made_quiet_start_no_monitor_and_do_not_warn(no_threads, recwarn):
    from tqdm import std

    runtime.quiet_progress_bars()  # what importing blokus_nb does in a browser
    with std.tqdm(total=2, disable=True) as bar:
        bar.update(2)
    assert no_threads == [] and not [w for w in recwarn if "monitor" in str(w.message)]
