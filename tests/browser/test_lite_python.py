"""Python running in the JupyterLite site, in headless Chromium, with nothing installed and no network.

The site is the one ``make lite`` builds (the same notebooks, wheels and install cell), given a
Pyodide of its own by ``tests/browser/lite_e2e_site.py`` (``make lite-e2e``; see there why and
what that leaves untested), so that every request stays on the site as in CI. The test runs the
play notebook's own cells in the browser's kernel, plays a move against its AI seat, opens a puzzle
and places a piece in it, and times the AI levels in Pyodide (``test-artifacts/lite-ai-speed.json``).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from widget_page import ARTIFACTS, REPO, Notebook, only_the_site, place_by_mouse, static_site

pytestmark = pytest.mark.slow

SITE = REPO / "build" / "lite-e2e"
#: The site's 01_play.ipynb: its title, the install cell, ``import blokus_nb as bn``, a text cell, the
#: board against "medium", a text cell, then a cell this test reuses to read the kernel.
INSTALL, IMPORT, BOARD, SCRATCH = 1, 2, 4, 6
#: Pyodide's first start, its packages and ours (from the site), on a loaded 2-core machine.
START = 300_000


@pytest.fixture(scope="module")
def lite(browser):
    if not (SITE / "pyodide" / "pyodide.js").exists():
        pytest.skip(f"{SITE} is missing: make lite-e2e builds it (make test does)")
    with static_site(SITE) as base:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        refused = only_the_site(page, base)
        notebook = Notebook(page, "lite")
        notebook.SCRATCH = SCRATCH
        page.on("console", lambda m: notebook.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: notebook.console.append(f"pageerror: {e}"))
        try:
            page.goto(f"{base}/lab/index.html?path=examples/01_play.ipynb")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
            page.locator("#jp-main-statusbar").get_by_text("Idle").wait_for(timeout=START)
            yield notebook
        finally:
            print("\n".join(notebook.console[-30:]))
            assert not refused or all("favicon" in url for url in refused), refused
            page.close()


def run_as_it_is(notebook: Notebook, index: int, timeout: float = START) -> str:
    """Run cell ``index`` of the notebook as the site has it; return its output text."""
    notebook.run(index, timeout=timeout)
    text = notebook.output(index)
    assert "Traceback" not in text and "Error" not in text, text
    return text


def test_the_play_notebook_runs_in_the_browser_and_its_ai_seat_answers(lite):
    page = lite.page
    assert "piplite" in lite.cell(INSTALL).inner_text()
    run_as_it_is(lite, INSTALL)
    run_as_it_is(lite, IMPORT)
    assert lite.value("[__import__('sys').platform, bn.__version__ is not None]") == ["emscripten", True]
    run_as_it_is(lite, BOARD, timeout=120_000)
    root = lite.cell(BOARD).locator(".bk-root")
    root.wait_for(timeout=60_000)
    root.scroll_into_view_if_needed()
    expect(root.locator('[data-role="status"]')).to_contain_text("Purple to play")

    e10 = root.locator('svg.bk-board [data-cell="e10"]')
    place_by_mouse(page, root.locator('[data-piece="L5"][data-color="purple"]'), e10, root.locator(".bk-preview"))
    expect(e10).to_have_attribute("data-owner", "purple")
    # The AI seat ("medium") answers on the kernel's event loop: Pyodide starts no thread.
    expect(root.locator('svg.bk-board [data-owner="orange"]').first).to_be_attached(timeout=120_000)
    expect(root.locator('[data-role="status"]')).to_contain_text("Purple to play", timeout=30_000)
    assert lite.value("[m.color for m in w.game.history]") == ["purple", "orange"]
    ARTIFACTS.mkdir(exist_ok=True)
    root.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "lite-python-play.png"))


def test_a_puzzle_opens_in_the_browser_and_a_piece_is_placed(lite):
    page = lite.page
    root = lite.show('p = bn.PuzzleWidget(bn.Puzzle((5, 3), ["L", "P", "V"])); p', index=SCRATCH)
    root.scroll_into_view_if_needed()
    expect(root.locator(".pz-cells [data-cell]")).to_have_count(15)
    expect(root.locator('[data-role="status"]')).to_have_text("Cover the 15 squares with the 3 pieces.")
    place_by_mouse(page, root.locator('[data-piece="V5"]'), root.locator('.pz-cells [data-cell="0,1"]'),
                   root.locator(".pz-preview"))
    expect(root.locator('.pz-cells [data-cell="0,0"]')).to_have_attribute("data-owner", "V5", timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "lite-python-puzzle.png"))
    assert lite.value("[[q.piece, q.cells] for q in p.puzzle.placements]") == [
        ["V5", [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]]]


TIMING = """\
import time, json
from blokus_nb.players import make_player
g = bn.Game("duo"); g.play("e10"); g.play("j5")
seconds = {}
for level in ("easy", "medium", "hard"):
    player = make_player(level, seed=1)
    started = time.perf_counter(); player.choose_move(g); seconds[level] = time.perf_counter() - started
print("<<" + json.dumps(seconds) + ">>")"""


def test_the_ai_levels_time_in_pyodide(lite):
    """How long a Duo move of each level takes in the browser (its third move), for the docs."""
    text = lite.py(TIMING, timeout=START)
    seconds = json.loads(re.search(r"<<(.*)>>", text, re.S).group(1))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "lite-ai-speed.json").write_text(json.dumps(seconds, indent=2) + "\n")
    print("a Duo move in Pyodide:", {level: f"{s:.2f} s" for level, s in seconds.items()})
    # Levels are simulation budgets: each level is the same player here, only slower; the order holds.
    assert 0 < seconds["easy"] < seconds["medium"] < seconds["hard"]
