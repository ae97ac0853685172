"""The widgets in marimo, in a real browser: `marimo run examples/05_marimo.py` driven by headless Chromium.

marimo re-runs the cells that use a widget when its view writes a trait; the
board's view writes back each new ``progress`` (the game moved on), so a cell
reading the game follows clicks, moves made from Python and an AI seat's
answers from its background thread. The example notebook's third cell shows
"Moves played: N" and the moves: the test reads Python's game there.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from widget_page import ARTIFACTS, center, free_port, wait_until_serving

pytest.importorskip("marimo")

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "05_marimo.py"
X_AT_E10 = "e9,d10,e10,f10,e11"


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory):
    """``marimo run`` of the example on a free port, with its own config (theme: follow the browser)."""
    home = tmp_path_factory.mktemp("marimo-home")
    (home / ".config" / "marimo").mkdir(parents=True)
    (home / ".config" / "marimo" / "marimo.toml").write_text('[display]\ntheme = "system"\n')
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    port = free_port()
    log = open(home / "marimo.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "marimo", "run", str(EXAMPLE), "--headless", "--no-token",
                               "--host", "127.0.0.1", "--port", str(port)],
                              cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, server, 60, "marimo", home / "marimo.log")
        yield url
    finally:
        server.terminate()
        server.wait(10)
        log.close()


def brightness(css_color: str) -> float:
    """The mean of a computed color's red, green and blue, from 0 to 255 (``rgb(...)`` or ``color(srgb ...)``)."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css_color)[:3]]
    if css_color.startswith("color(srgb"):
        numbers = [255 * n for n in numbers]
    return sum(numbers) / 3


def open_app(browser, url: str, scheme: str):
    page = browser.new_page(viewport={"width": 1200, "height": 1400}, color_scheme=scheme)
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.goto(url)
    page.locator(".bk-root").first.wait_for(timeout=60_000)
    return page


def game_cell(page):
    """The cell that reads the game from Python (it re-runs when the game moves on)."""
    return page.locator("text=Moves played:").first.locator("xpath=ancestor::*[contains(., 'The moves:')][1]")


@pytest.fixture(scope="module")
def light(browser, marimo_app):
    page = open_app(browser, marimo_app, "light")
    yield page
    page.close()


def test_a_click_reaches_python_and_the_ai_answer_reaches_a_dependent_cell(light):
    page = light
    root = page.locator(".bk-root").first
    expect(game_cell(page)).to_contain_text("Moves played: 0")
    root.locator('[data-piece="X"][data-color="purple"]').click()
    page.mouse.move(*center(root.locator('svg.bk-board [data-cell="e10"]')))
    expect(root.locator(".bk-preview")).to_have_attribute("data-state", "legal")
    page.mouse.click(*center(root.locator('svg.bk-board [data-cell="e10"]')))
    # Python's game has purple's X (the click) and then orange's answer, played from the AI thread:
    # the cell that reads the game ran again by itself after each.
    expect(game_cell(page)).to_contain_text("Moves played: 2", timeout=20_000)
    expect(game_cell(page)).to_contain_text(f"purple {X_AT_E10}")
    expect(game_cell(page)).to_contain_text("Purple to play")
    # The random seat's answer is any piece: the board shows exactly the cells Python's game lists.
    orange_cells = re.search(r"orange ([a-n0-9,]+)", game_cell(page).inner_text()).group(1).split(",")
    expect(root.locator('svg.bk-board [data-owner="orange"]')).to_have_count(len(orange_cells))


def test_a_move_made_in_python_reaches_the_view(light):
    page = light
    root = page.locator(".bk-root").first
    page.get_by_role("button", name="Play purple's move from Python").click()
    expect(root.locator('svg.bk-board [data-owner="purple"]')).to_have_count(10, timeout=20_000)
    expect(game_cell(page)).to_contain_text("Moves played: 4", timeout=20_000)
    # Orange's second piece, played from its thread: the board shows every cell Python's game lists.
    orange_cells = sum(len(cells.split(",")) for cells in
                       re.findall(r"orange ([a-n0-9,]+)", game_cell(page).inner_text()))
    expect(root.locator('svg.bk-board [data-owner="orange"]')).to_have_count(orange_cells)
    page.screenshot(path=str(ARTIFACTS / "marimo-light.png"), full_page=True)


def test_a_puzzle_changed_in_python_shows_at_once(light):
    page = light
    root = page.locator(".pz-root").first
    expect(root.locator('[data-role="status"]')).to_have_text("Cover the 15 squares with the 3 pieces.")
    page.get_by_role("button", name="Place the V from Python").click()
    expect(root.locator('[data-role="status"]')).to_have_text("1 of 3 pieces placed; 10 squares still to cover.")
    for cell in ("0,0", "0,1", "0,2", "1,2", "2,2"):
        expect(root.locator(f'.pz-cells [data-cell="{cell}"]')).to_have_attribute("data-owner", "V5")


def test_no_console_errors(light):
    assert light.console_errors == []


def test_dark_theme_makes_the_widgets_dark(browser, marimo_app):
    page = open_app(browser, marimo_app, "dark")
    try:
        page.wait_for_timeout(500)
        board = page.locator(".bk-root").first
        puzzle = page.locator(".pz-root").first
        page.screenshot(path=str(ARTIFACTS / "marimo-dark.png"), full_page=True)
        page_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert brightness(page_background) < 80, page_background  # marimo itself is dark
        for root in (board, puzzle):
            background = root.evaluate("el => getComputedStyle(el).backgroundColor")
            text = root.evaluate("el => getComputedStyle(el).color")
            assert brightness(background) < 80 and brightness(text) > 150, (background, text)
    finally:
        page.close()


def test_the_example_runs_as_a_script():
    # marimo notebooks are Python files: tests/test_notebooks.py runs only the .ipynb examples, this runs this one.
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
