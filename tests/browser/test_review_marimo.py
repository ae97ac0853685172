"""The review board in marimo, in a real browser: `marimo run examples/08_review_marimo.py` in headless
Chromium. The review fills in, a click and a drag on the graph jump, the arrow keys step, and the
explorer lists the corpus's moves; what the view draws comes from Python's traits (the replay
index, the review), so each jump is Python's answer to the view's request."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from widget_page import ARTIFACTS, free_port, wait_until_serving

pytest.importorskip("marimo")

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "08_review_marimo.py"


def graph_x(box: dict, index: int, positions: int) -> float:
    """Where position ``index`` of ``positions`` is along the graph (graph.ts: 6 units of margin in 600)."""
    return box["x"] + box["width"] * (6 + index * 588 / (positions - 1)) / 600


@pytest.fixture(scope="module")
def page(browser, tmp_path_factory):
    home = tmp_path_factory.mktemp("marimo-review")
    (home / ".config" / "marimo").mkdir(parents=True)
    (home / ".config" / "marimo" / "marimo.toml").write_text('[display]\ntheme = "light"\n')
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    port = free_port()
    log = open(home / "marimo.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "marimo", "run", str(EXAMPLE), "--headless", "--no-token",
                               "--host", "127.0.0.1", "--port", str(port)],
                              cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, server, 60, "marimo", home / "marimo.log")
        tab = browser.new_page(viewport={"width": 1300, "height": 1300})
        tab.console_errors = []
        tab.on("console", lambda m: m.type == "error" and tab.console_errors.append(m.text))
        tab.on("pageerror", lambda e: tab.console_errors.append(str(e)))
        tab.goto(url)
        tab.locator(".bk-root").first.wait_for(timeout=60_000)
        yield tab
        tab.close()
    finally:
        server.terminate()
        server.wait(10)
        log.close()


def test_the_review_fills_in_and_the_graph_jumps(page):
    root = page.locator(".bk-root").first
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "done", timeout=240_000)
    total = root.locator('[data-role="move-list"] li').count()
    assert total == 29
    graph = root.locator('[data-role="graph"]')
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    half = 14
    page.mouse.click(graph_x(box, half, total + 1), box["y"] + box["height"] / 2)
    expect(graph).to_have_attribute("data-index", str(half))
    expect(root.locator('[data-role="replay-position"]')).to_have_text(f"Move {half} of {total}")
    expect(root.locator('.bk-move[data-current]')).to_have_attribute("data-number", str(half))
    page.mouse.move(graph_x(box, half, total + 1), box["y"] + box["height"] / 2)
    page.mouse.down()
    tenth = 3
    page.mouse.move(graph_x(box, tenth, total + 1), box["y"] + box["height"] / 2, steps=6)
    page.mouse.up()
    expect(graph).to_have_attribute("data-index", str(tenth))
    expect(root.locator("svg.bk-board .bk-placed")).to_have_count(tenth)  # the board shows that position


def test_arrow_keys_step_through_the_game(page):
    root = page.locator(".bk-root").first
    root.locator('[data-role="move-list"] li[data-number="12"]').click()
    graph = root.locator('[data-role="graph"]')
    expect(graph).to_have_attribute("data-index", "12")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(graph).to_have_attribute("data-index", "14")
    page.keyboard.press("ArrowLeft")
    expect(graph).to_have_attribute("data-index", "13")
    expect(root.locator("svg.bk-board .bk-placed")).to_have_count(13)


def test_the_explorer_shows_the_corpus_moves_at_the_start(page):
    root = page.locator(".bk-root").first
    root.locator('[data-action="first"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "0")
    expect(root.locator('[data-role="explorer-caption"]')).to_contain_text("20 of 20 games reached this position")
    expect(root.locator('[data-role="explorer"] tbody tr')).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "review-marimo.png"), full_page=True)


def test_a_corpus_move_is_played_as_a_variation_and_saved(page):
    root = page.locator(".bk-root").first
    if root.locator('[data-action="first"]').is_enabled():  # the test before may have left it there
        root.locator('[data-action="first"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "0")
    rows = root.locator('[data-role="explorer"] tbody tr')
    played = root.locator('.bk-move[data-number="1"] .bk-move-text').inner_text()
    other = next(rows.nth(k).get_attribute("data-move") for k in range(rows.count())
                 if rows.nth(k).get_attribute("data-move") != played)
    rows.locator(f'xpath=self::*[@data-move="{other}"]').click()
    expect(root.locator('[data-role="variation-moves"]')).to_have_text(f"A variation from move 1: 1. {other}")
    # Python's tree has it: the cell that reads the board ran again.
    expect(page.get_by_text("29 moves in the main line, 2 lines in the tree.")).to_be_visible(timeout=20_000)
    page.get_by_role("button", name="Save the game with its variations").click()
    expect(page.get_by_text("Saved to reviewed.blksgf: 2 lines (after 1 saves).")).to_be_visible(timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "review-marimo-variation.png"), full_page=True)


def test_no_console_errors(page):
    assert page.console_errors == []


def test_the_example_runs_as_a_script():
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
