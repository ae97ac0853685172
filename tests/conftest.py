from __future__ import annotations

from pathlib import Path

import pytest

from data_paths import SHARED_PENTOBI


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last. Playwright's sync API (one instance for the session) keeps an asyncio
    loop marked as running in this thread while it lives, so a test after it that runs or looks for
    an event loop (the jobs without threads, the lite install cell) would see a loop that is not its own."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
