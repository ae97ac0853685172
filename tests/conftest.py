from __future__ import annotations

import os
from pathlib import Path

# One BLAS thread per process, set before numpy loads: pytest-xdist runs a worker per core, and a
# network search whose matrix products also take every core runs several times slower.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import pytest
from budget import PROFILE, examples
from data_paths import SHARED_PENTOBI
from hypothesis import settings

# A @given test without max_examples of its own runs Hypothesis's default 100 in the thorough profile
# (make test, CI) and a fifth of it in the quick one (make check): see tests/budget.py.
settings.register_profile("quick", max_examples=examples(100))
settings.register_profile("thorough", max_examples=100)
settings.load_profile(PROFILE)


@pytest.fixture
def shared_pentobi() -> Path:
    """../shared/data/pentobi, or a skip where it is absent."""
    if not SHARED_PENTOBI.is_dir():
        pytest.skip("../shared/data/pentobi is not here")
    return SHARED_PENTOBI


@pytest.fixture
def no_threads(monkeypatch) -> list[str]:
    """No thread can start, as in Pyodide: ``Thread.start`` raises ``RuntimeError("can't start new thread")``.

    Gives the names of the threads that tried; :mod:`blokus_nb.runtime` finds it out afresh.
    """
    import threading

    from blokus_nb import runtime

    tried: list[str] = []

    def start(self: threading.Thread) -> None:
        tried.append(self.name)
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", start)
    monkeypatch.setattr(runtime, "_threads", None)
    from tqdm import std  # a progress bar that cannot start its monitor turns it off for good: put it back after

    monkeypatch.setattr(std.tqdm, "monitor_interval", std.tqdm.monitor_interval)
    return tried


@pytest.fixture(params=["numpy", "compiled"])
def engine_path(request, monkeypatch) -> str:
    """The batched engine's two paths, one test run each: numpy alone (as in a browser), and the compiled
    accelerator's moves (skipped where it is not built)."""
    from blokus_nb import accel, vector_engine

    if request.param == "numpy":
        monkeypatch.setattr(vector_engine, "compiled_moves", lambda board: None)
    elif not accel.available():
        pytest.skip("the compiled accelerator is not built (make accel)")
    return request.param


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that start pools share one pytest-xdist worker (``--dist loadgroup``). Browser tests run last. Playwright's sync API (one instance for the session) keeps an asyncio
    loop marked as running in this thread while it lives, so a test after it that runs or looks for
    an event loop (the jobs without threads, the lite install cell) would see a loop that is not its own."""
    for item in items:
        if item.get_closest_marker("pools") is not None:
            item.add_marker(pytest.mark.xdist_group("pools"))
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


#: A test that takes longer than this (its call alone, on a quiet 2-core machine) is marked slow.
SLOW_SECONDS = 5.0
_unmarked_slow: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and report.duration > SLOW_SECONDS and not {"slow", "browser"} & set(report.keywords):
        _unmarked_slow.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter) -> None:
    """Names the tests that took over :data:`SLOW_SECONDS` without a ``slow`` mark (on a loaded machine, a
    test near the line may show up here once: mark it when it shows up again)."""
    if _unmarked_slow:
        terminalreporter.write_sep("-", f"over {SLOW_SECONDS:.0f} s and not marked slow")
        for seconds, nodeid in sorted(_unmarked_slow, reverse=True):
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
