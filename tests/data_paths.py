"""Where the test data lives."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
#: Pentobi's own files (GPL, the opening books) are read from ../shared, never copied here.
SHARED_PENTOBI = TESTS.parent.parent / "shared" / "data" / "pentobi"
