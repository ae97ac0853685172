"""How hard the property-based tests try: a quick profile by default, a thorough one in ``make test``.

``HYPOTHESIS_PROFILE=thorough`` (set by ``make test`` and so by CI) runs every ``@given`` test with the
number of examples its decorator names; the default ``quick`` profile (``make check``) runs a fifth of
them, at least five. The profiles are registered with Hypothesis in ``tests/conftest.py``.

>>> examples(300) in (60, 300)
True
"""
from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in ("quick", "thorough"):
    raise SystemExit(f"HYPOTHESIS_PROFILE must be 'quick' or 'thorough', not {PROFILE!r}")


def examples(thorough: int) -> int:
    """The examples a ``@given`` test runs: ``thorough`` in the thorough profile, a fifth (at least 5) else."""
    return thorough if PROFILE == "thorough" else min(thorough, max(5, thorough // 5))
