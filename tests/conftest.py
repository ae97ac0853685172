from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
#: Pentobi's own files (GPL) are read from ../shared, never copied into the project.
SHARED_PENTOBI = TESTS.parent.parent / "shared" / "data" / "pentobi"


@pytest.fixture
def shared_pentobi() -> Path:
    if not SHARED_PENTOBI.is_dir():
        pytest.skip("../shared/data/pentobi is not here")
    return SHARED_PENTOBI
