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
