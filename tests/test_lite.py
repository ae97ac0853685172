"""The JupyterLite site (tools/build_lite.py, ``make lite``): it builds from this clone, carries our wheel,
the wheels the widgets need and the notebooks, and each notebook installs blokus-nb under Pyodide only.

What runs in a browser is tests/browser/test_lite_site.py; Pyodide itself (from its CDN) is out of reach here.
"""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

import blokus_nb as bn

ROOT = Path(__file__).resolve().parent.parent
#: The venv `make lite` builds in (`make lite-env`): jupyterlite and the Pyodide kernel live there only.
LITE_PYTHON = ROOT / "build" / "lite-env" / "bin" / "python"
SPEC = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build_lite)


def run_cell(source: str) -> dict:
    """Run a notebook cell as IPython does (top-level ``await`` allowed); give its names."""
    names: dict = {}
    result = eval(compile(source, "<cell>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT), names)
    if asyncio.iscoroutine(result):
        asyncio.run(result)
    return names


def install_cell(name: str) -> str:
    notebook = build_lite.notebook_for_the_site(ROOT / "examples" / name, build_lite.NOTEBOOKS[name])
    return "".join(notebook["cells"][1]["source"])


def test_the_install_cell_comes_after_the_title_and_does_nothing_outside_a_browser():
    notebook = build_lite.notebook_for_the_site(ROOT / "examples" / "01_play.ipynb", ())
    original = json.loads((ROOT / "examples" / "01_play.ipynb").read_text(encoding="utf-8"))
    assert notebook["cells"][0] == original["cells"][0] and notebook["cells"][2:] == original["cells"][1:]
    names = run_cell(install_cell("01_play.ipynb"))
    assert "piplite" not in names


def test_under_pyodide_the_install_cell_installs_from_the_site(monkeypatch):
    installed = []

    async def install(requirements, deps=True):
        installed.append((requirements, deps))

    monkeypatch.setitem(sys.modules, "piplite", types.SimpleNamespace(install=install))
    monkeypatch.setattr(sys, "platform", "emscripten")
    run_cell(install_cell("03_analysis.ipynb"))
    monkeypatch.undo()
    assert installed == [([*build_lite.RUNTIME, "pyarrow"], True), ("blokus-nb", False)]


def test_every_notebook_of_the_site_is_an_example_and_the_records_they_read_go_with_them():
    for name in build_lite.NOTEBOOKS:
        assert (ROOT / "examples" / name).exists()
    assert (ROOT / "examples" / "03_analysis.ipynb").read_text(encoding="utf-8").count("../tests/data/pentobi/games")
    assert build_lite.DATA == ("tests/data/pentobi/games",)


def test_make_lite_builds_the_site_with_this_script():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert ("\nlite: lite-env\n\t$(LITE_VENV)/bin/python tools/build_lite.py --out build/lite --wheels $(LITE_WHEELS)"
            " --offline \\\n\t    $(if $(PYODIDE),--pyodide $(PYODIDE))\n") in makefile
    # The wheels are fetched with the environment: the build itself makes no request.
    assert "\nlite-env: $(LITE_STAMP) $(LITE_WHEELS)/.fetched\n" in makefile
    assert "LITE_VENV := build/lite-env\n" in makefile and "test-python: env lite-env " in makefile


@pytest.mark.slow
def test_the_site_builds_and_carries_our_wheel_the_widgets_wheels_and_the_notebooks(tmp_path):
    if not LITE_PYTHON.exists():
        pytest.skip("the venv the site is built in is missing: make lite-env")
    site = tmp_path / "lite"
    subprocess.run([str(LITE_PYTHON), str(ROOT / "tools" / "build_lite.py"), "--out", str(site),
                    "--wheels", str(ROOT / "build" / "lite-wheels")], check=True, cwd=tmp_path)
    assert (site / "index.html").exists() and (site / "lab" / "index.html").exists()
    # Our wheel, with the front-end and the networks, in the index piplite reads.
    ours = site / "pypi" / f"blokus_nb-{bn.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(ours) as wheel:
        names = set(wheel.namelist())
    assert {"blokus_nb/static/widget.js", "blokus_nb/static/puzzle.js", "blokus_nb/players/data/net_duo.npz",
            "blokus_nb/runtime.py"} <= names
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert {"blokus-nb", "anywidget", "ipywidgets", "psygnal"} <= set(index)
    assert all(path.name.endswith("-none-any.whl") for path in (site / "pypi").glob("*.whl"))
    # The front-end extensions: the kernel, the widget manager, anywidget; and nothing else from here.
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert sorted(e["name"] for e in config["federated_extensions"]) == [
        "@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget"]
    urls = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pipliteUrls"]
    assert urls[0].startswith("./pypi/all.json")
    # The notebooks, each installing blokus-nb first, and the records the analysis reads.
    for name in build_lite.NOTEBOOKS:
        notebook = json.loads((site / "files" / "examples" / name).read_text(encoding="utf-8"))
        assert "piplite.install" in "".join(notebook["cells"][1]["source"])
    assert (site / "files" / "tests" / "data" / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf").exists()
    listing = json.loads((site / "api" / "contents" / "examples" / "all.json").read_text(encoding="utf-8"))
    assert {item["name"] for item in listing["content"]} == set(build_lite.NOTEBOOKS)


def test_the_classroom_site_carries_its_pyodide_and_loads_nothing_else():
    """make lite PYODIDE=... and make lite-e2e give a site its Pyodide by one mechanism (build_lite.give_pyodide)."""
    site = ROOT / "build" / "lite-e2e"
    if not (site / "pyodide" / "pyodide.js").exists():
        pytest.skip("make lite-e2e builds the site with a Pyodide of its own")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"][build_lite.KERNEL_SETTINGS]
    # Relative: JupyterLite resolves it against jupyter-lite.json's folder, so the site works under a path too.
    assert kernel["pyodideUrl"] == build_lite.SITE_PYODIDE == "./pyodide/pyodide.js"
    assert kernel["disablePyPIFallback"] is True and kernel["pipliteUrls"][0].startswith("./pypi/all.json")
    assert build_lite.pyodide_version(site / "pyodide") == "0.27.7"
