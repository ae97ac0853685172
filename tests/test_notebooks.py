"""Every notebook in examples/ runs top to bottom and shows something."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from data_paths import DATA
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def test_there_are_example_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"01_play.ipynb", "02_ai_match.ipynb", "03_analysis.ipynb", "04_tiling_class.ipynb"} <= names


# Run first in the kernel: records, for each cell, whether it made a pyplot figure (one that the
# notebook's backend is to show: pyplot registers its manager). It imports no pyplot, so the session's first figure is still
# made where the notebook makes it (the case where ours once switched interactive mode off).
_WATCH_FIGURES = """
from matplotlib._pylab_helpers import Gcf as _Gcf
_drawn_in, _made = [], []
_register = _Gcf._set_new_active_manager.__func__
def _watched_register(cls, manager):
    _made.append(manager)
    return _register(cls, manager)
_Gcf._set_new_active_manager = classmethod(_watched_register)
def _pre_run_cell(info):
    _made.clear()
def _post_run_cell(result):
    if _made:
        _drawn_in.append(result.execution_count)
    _made.clear()
get_ipython().events.register("pre_run_cell", _pre_run_cell)
get_ipython().events.register("post_run_cell", _post_run_cell)
"""


def _execute(notebook: nbformat.NotebookNode, monkeypatch: pytest.MonkeyPatch,
             tmp_path: Path) -> list[nbformat.NotebookNode]:
    """Run ``notebook`` in a fresh kernel with the notebook backend; the code cells that made a figure.

    It runs in ``tmp_path/examples``, beside a link to the tests' data, so what it writes (worksheets,
    records) stays out of the clone; the shared data is found where it is.
    """
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    monkeypatch.setenv("BLOKUS_SHARED", os.environ.get("BLOKUS_SHARED", str(EXAMPLES.parent.parent / "shared")))
    (tmp_path / "tests").symlink_to(EXAMPLES.parent / "tests", target_is_directory=True)
    (tmp_path / "examples").mkdir()
    notebook.cells.insert(0, nbformat.v4.new_code_cell(_WATCH_FIGURES))
    notebook.cells.append(nbformat.v4.new_code_cell("print(_drawn_in)"))
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path / "examples")}})
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    report = notebook.cells.pop()
    notebook.cells.pop(0)
    drawn = set(json.loads(report.outputs[0]["text"]))
    return [cell for cell in notebook.cells if cell.cell_type == "code" and cell.execution_count in drawn]


def _shows_a_picture(cell: nbformat.NotebookNode) -> bool:
    return any("image/png" in o.get("data", {}) for o in cell.get("outputs", []))


@pytest.mark.slow
def test_a_users_figure_after_ours_still_shows(monkeypatch, tmp_path):
    """Our plot as the session's first figure must not stop the user's next figure from showing."""
    record = DATA / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell(f"import blokus_nb as bn\nbn.analysis.plot_score_curves(bn.load({str(record)!r}));"),
        nbformat.v4.new_code_cell("import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot([1, 2]);"),
    ]
    drawn = _execute(notebook, monkeypatch, tmp_path)
    assert len(drawn) == 2
    assert [_shows_a_picture(cell) for cell in drawn] == [True, True]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    notebook = nbformat.read(path, as_version=4)
    drawn = _execute(notebook, monkeypatch, tmp_path)
    blank = [cell.execution_count for cell in drawn if not _shows_a_picture(cell)]
    assert blank == [], f"{path.name}: cells {blank} made a figure that the notebook does not show"
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    rich = [o for o in outputs if o.get("output_type") in ("display_data", "execute_result")]
    assert rich, f"{path.name} shows nothing"
    kinds = {kind for o in rich for kind in o.get("data", {})}
    assert kinds & {"image/png", "image/svg+xml", "text/html",
                    "application/vnd.jupyter.widget-view+json"}, kinds
    _keep_for_the_site(path, notebook)


def _keep_for_the_site(path: Path, notebook: nbformat.NotebookNode) -> None:
    """The run, for ``make docs`` (after pytest in ``make test``) to show instead of running it again."""
    import importlib.util

    tool = EXAMPLES.parent / "tools" / "docs_notebooks.py"
    spec = importlib.util.spec_from_file_location("docs_notebooks", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.keep(path, notebook)


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
