"""A wheel and an sdist built once carry the built front-end, so they install with plain pip and no Node.

Both are built in-process with hatchling, as ``python -m build`` would build
them, with no ``npm`` (nor anything else) on the PATH: hatch-jupyter-builder
must find the bundles and skip its npm step.
"""

from __future__ import annotations

import tarfile
import zipfile
from pathlib import Path

import pytest

import blokus_nb as bn

pytest.importorskip("hatch_jupyter_builder")
sdist = pytest.importorskip("hatchling.builders.sdist")
wheel = pytest.importorskip("hatchling.builders.wheel")

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["blokus_nb/static/widget.js", "blokus_nb/static/widget.css", "blokus_nb/static/puzzle.js",
           "blokus_nb/static/puzzle.css", "blokus_nb/players/data/net_duo.npz",
           "blokus_nb/py.typed"]  # PEP 561: type checkers read the package's own annotations

pytestmark = pytest.mark.skipif(not (ROOT / "blokus_nb" / "static" / "widget.js").exists(),
                                reason="the front-end is not built (make js)")


@pytest.fixture
def no_node(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no node, no npm


@pytest.mark.slow
def test_the_sdist_carries_the_built_front_end(tmp_path, no_node):
    path = Path(next(sdist.SdistBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])))
    assert path.name == f"blokus_nb-{bn.__version__}.tar.gz"
    with tarfile.open(path) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert set(SHIPPED) <= names
    assert "pyproject.toml" in names and not any(name.startswith("js/") for name in names)
    # the training's data sets and the networks not shipped stay in the repository
    assert not any(name.startswith(("training/data/", "training/candidates/")) for name in names)


def test_the_wheel_carries_the_built_front_end(tmp_path, no_node):
    path = Path(next(wheel.WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])))
    assert path.name == f"blokus_nb-{bn.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"blokus_nb-{bn.__version__}.dist-info/METADATA").decode()
    assert set(SHIPPED) <= names
    assert f"\nVersion: {bn.__version__}\n" in metadata
