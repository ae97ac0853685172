"""Where the test data lives."""

from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
#: Pentobi's own files (GPL, the opening books) are read from ../shared, never copied here;
#: ``BLOKUS_PENTOBI_DATA`` names the folder elsewhere (a git worktree's ../shared is not it).
SHARED_PENTOBI = Path(os.environ.get("BLOKUS_PENTOBI_DATA") or TESTS.parent.parent / "shared" / "data" / "pentobi")
