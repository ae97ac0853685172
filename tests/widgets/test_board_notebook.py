"""The widget in a saved notebook and in exported HTML (a real kernel through nbclient, no browser).

A notebook saved with its widget state shows the board again without a
kernel; nbconvert's HTML embeds that state; without it, the game's SVG
(which the widget puts beside its view) is what the HTML shows.
"""

from __future__ import annotations

import base64
import copy

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
nbconvert = pytest.importorskip("nbconvert")

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
pytestmark = pytest.mark.slow  # starts a kernel


@pytest.fixture(scope="module")
def executed():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from blokus_nb.widgets import BlokusWidget\n"
        "w = BlokusWidget('duo')\n"
        "w.game.play('e9,d10,e10,f10,e11')\n"
        "w")]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True).execute()
    return nb


def our_models(nb) -> list[dict]:
    state = nb.metadata["widgets"][STATE]["state"]
    return [m["state"] for m in state.values() if "board" in m["state"] and "legal" in m["state"]]


@pytest.mark.slow
def test_the_output_has_the_widget_and_an_svg_of_the_board(executed):
    data = executed.cells[0].outputs[0]["data"]
    assert VIEW in data and data["image/svg+xml"].lstrip().startswith("<svg")


def test_the_saved_widget_state_is_enough_to_draw_the_board(executed):
    [model] = our_models(executed)
    assert model["board"].count("1") == 5 and model["to_play"] == "orange"
    assert model["last_move"]["move"] == "e9,d10,e10,f10,e11"
    assert "bk-root" in model["_esm"] and ".bk-board" in model["_css"]  # the front-end travels with it
    view_id = executed.cells[0].outputs[0]["data"][VIEW]["model_id"]
    assert view_id in executed.metadata["widgets"][STATE]["state"]


@pytest.mark.slow
def test_exported_html_embeds_the_widget_state(executed):
    html, _ = nbconvert.HTMLExporter().from_notebook_node(copy.deepcopy(executed))
    assert 'type="application/vnd.jupyter.widget-view+json"' in html
    assert 'type="application/vnd.jupyter.widget-state+json"' in html
    assert "e9,d10,e10,f10,e11" in html


def test_exported_html_without_widget_state_shows_the_svg(executed):
    bare = copy.deepcopy(executed)
    del bare.metadata["widgets"]
    html, _ = nbconvert.HTMLExporter().from_notebook_node(bare)
    assert 'data-mime-type="image/svg+xml"' in html
    encoded = html.split('src="data:image/svg+xml;base64,', 1)[1].split('"', 1)[0]
    svg = base64.b64decode(encoded).decode()
    assert svg.startswith("<svg") and svg.count("<rect") > 14 * 14


@pytest.mark.slow
def test_the_play_example_leaves_the_first_move_to_the_person():
    # Run top to bottom, examples/01_play.ipynb must not play the person's move for them (a hint only shows).
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "01_play.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    [duo] = [m for m in our_models(nb) if m["variant"] == "duo" and m["mode"] == "play"]
    assert duo["to_play"] == "purple" and duo["move_number"] == 0 and duo["seats"]["purple"] == "human"
    assert duo["legal"]["color"] == "purple" and duo["legal"]["moves"]
