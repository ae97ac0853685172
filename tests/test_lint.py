"""The code keeps the rules ``[tool.ruff]`` in pyproject.toml chooses: ruff finds nothing.

pycodestyle, pyflakes, bugbear, pyupgrade and import order, over the package, the tests, the
tools, the benchmarks, training and the examples (``ruff check --fix .`` mends most of it).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    beside = Path(sys.executable).with_name("ruff")  # the venv's, from the test extra
    found = str(beside) if beside.exists() else shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    return [found]


def test_ruff_finds_nothing():
    result = subprocess.run([*_ruff(), "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"ruff check found:\n{result.stdout}{result.stderr}"
