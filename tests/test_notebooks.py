"""Every notebook in examples/ runs top to bottom and shows something."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def test_there_are_example_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"01_play.ipynb", "02_ai_match.ipynb", "03_analysis.ipynb", "04_tiling_class.ipynb"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    notebook = nbformat.read(path, as_version=4)
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    rich = [o for o in outputs if o.get("output_type") in ("display_data", "execute_result")]
    assert rich, f"{path.name} shows nothing"
    kinds = {kind for o in rich for kind in o.get("data", {})}
    assert kinds & {"image/png", "image/svg+xml", "text/html",
                    "application/vnd.jupyter.widget-view+json"}, kinds


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_figures_fit_a_notebook_cell_so_their_text_is_not_shrunk(path):
    import re

    from figure_checks import CELL_INCHES

    notebook = nbformat.read(path, as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    widths = [float(w) for w in re.findall(r"figsize=\((\d+(?:\.\d+)?),", code)]
    too_wide = [w for w in widths if w > CELL_INCHES]
    assert too_wide == [], (f"{path.name}: figures {too_wide} inches wide are shown scaled down to "
                            f"{CELL_INCHES:g}, and their labels with them")
