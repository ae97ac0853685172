"""The package's annotations hold: mypy, configured by ``[tool.mypy]`` in pyproject.toml, finds no error.

Every module is checked: none is left out with ``ignore_errors`` (issue 36 part 2), and none may be.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]' installs it)")
def test_mypy_finds_no_error_in_the_package():
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, f"mypy found errors:\n{result.stdout}{result.stderr}"


def test_no_module_is_left_out_of_the_check():
    assert "ignore_errors" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
