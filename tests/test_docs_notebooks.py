"""The documentation's notebook runs (tools/docs_notebooks.py): a kept run is reused only while what the
notebook shows cannot have changed (issue 45, item 6), and pages it did not write are left alone (item 5).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("docs_notebooks", ROOT / "tools" / "docs_notebooks.py")
docs_notebooks = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(docs_notebooks)

READER = """\
import os
from pathlib import Path
print(Path("../tests/data/value.txt").read_text().strip(), os.environ.get("BLOKUS_DEMO_SETTING", "unset"))"""


def a_clone(tmp_path: Path) -> Path:
    """A folder laid out as the clone is: examples/ with a notebook reading ../tests/data/value.txt."""
    (tmp_path / "examples").mkdir()
    (tmp_path / "tests" / "data").mkdir(parents=True)
    (tmp_path / "tests" / "data" / "value.txt").write_text("first\n")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(READER)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, tmp_path / "examples" / "reader.ipynb")
    return tmp_path


def build(clone: Path, **env: str) -> tuple[str, str]:
    """Run the tool on ``clone``; its report and the page's printed text."""
    import os

    result = subprocess.run([sys.executable, str(ROOT / "tools" / "docs_notebooks.py"), "--jobs", "1",
                             "--examples", str(clone / "examples"), "--kept", str(clone / "kept"),
                             "--out", str(clone / "out")], capture_output=True, text=True,
                            env={**os.environ, **env}, check=True)
    page = json.loads((clone / "out" / "reader.ipynb").read_text(encoding="utf-8"))
    return result.stdout, "".join(page["cells"][0]["outputs"][0]["text"]).strip()


def test_the_notebooks_reads_are_found_the_records_and_the_shared_folder():
    assert docs_notebooks.reads(ROOT / "examples" / "03_analysis.ipynb") == (["../tests/data/pentobi/games"], [])
    assert docs_notebooks.reads(ROOT / "examples" / "08_review.ipynb") == (
        ["../tests/data/pentobi/games/duo"], ["BLOKUS_SHARED"])
    # 07's quick mode is on in every kept run (BLOKUS_NB_QUICK here, PYTEST_CURRENT_TEST in the tests').
    assert docs_notebooks.reads(ROOT / "examples" / "07_learning_agent.ipynb") == ([], [])


def test_the_key_changes_with_a_file_the_notebook_reads_and_a_setting_it_reads(tmp_path, monkeypatch):
    clone = a_clone(tmp_path)
    notebook = clone / "examples" / "reader.ipynb"
    first = docs_notebooks.key(notebook, "package")
    assert docs_notebooks.key(notebook, "package") == first
    (clone / "tests" / "data" / "value.txt").write_text("second\n")
    second = docs_notebooks.key(notebook, "package")
    assert second != first
    monkeypatch.setenv("BLOKUS_DEMO_SETTING", "on")
    assert docs_notebooks.key(notebook, "package") != second
    # A setting naming a folder: a file added to it changes the key too (BLOKUS_SHARED's self-play games).
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("BLOKUS_DEMO_SETTING", str(shared))
    before = docs_notebooks.key(notebook, "package")
    (shared / "game.blksgf").write_text("(;)")
    assert docs_notebooks.key(notebook, "package") != before


@pytest.mark.slow
def test_a_change_to_the_data_or_a_setting_runs_the_notebook_again(tmp_path):
    """The issue's reproduction: the page showed "first" after value.txt said "second"."""
    clone = a_clone(tmp_path)
    report, shown = build(clone)
    assert "reader.ipynb: ran in" in report and shown == "first unset"
    report, shown = build(clone)
    assert "reader.ipynb: kept run" in report and shown == "first unset"
    (clone / "tests" / "data" / "value.txt").write_text("second\n")
    report, shown = build(clone)
    assert "reader.ipynb: ran in" in report and shown == "second unset"
    report, shown = build(clone, BLOKUS_DEMO_SETTING="on")
    assert "reader.ipynb: ran in" in report and shown == "second on"


def test_a_page_it_did_not_write_is_neither_replaced_nor_removed(tmp_path):
    clone = a_clone(tmp_path)
    (clone / "out").mkdir()
    for name in ("reader.ipynb", "my_own.ipynb"):  # one it would replace, one it would remove as a stray
        nbformat.write(nbformat.v4.new_notebook(), clone / "out" / name)
    before = {p.name: p.read_bytes() for p in (clone / "out").iterdir()}
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "docs_notebooks.py"), "--jobs", "1",
                             "--examples", str(clone / "examples"), "--kept", str(clone / "kept"),
                             "--out", str(clone / "out")], capture_output=True, text=True)
    assert result.returncode == 1 and "not written by tools/docs_notebooks.py" in result.stderr
    assert "my_own.ipynb" in result.stderr and "reader.ipynb" in result.stderr
    assert {p.name: p.read_bytes() for p in (clone / "out").iterdir()} == before
    assert not (clone / "kept").exists()  # refused before anything ran
