"""The published site (``make pages``) in headless Chromium, served on localhost as GitHub Pages would
serve it: the manual's front page links to the JupyterLite site, and there a move is played against
the play notebook's AI seat, every request of the page recorded and each one to localhost.

The folder is made by ``tools/build_pages.py``, the script ``make pages`` runs, from the manual
(``build/docs/html``, which ``make test`` builds before the browser tests) and the lite site with the
test-only Pyodide (``build/lite-e2e``, ``make lite-e2e``), so that Python runs with no network, as in
a classroom given ``make lite PYODIDE=...``.
"""

from __future__ import annotations

import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from test_lite_python import BOARD, IMPORT, INSTALL, SCRATCH, START, run_as_it_is
from widget_page import ARTIFACTS, REPO, Notebook, place_by_mouse, static_site

pytestmark = pytest.mark.slow

LITE = REPO / "build" / "lite-e2e"
DOCS = REPO / "build" / "docs" / "html"


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    for folder, how in ((LITE / "pyodide", "make lite-e2e"), (DOCS / "index.html", "make docs")):
        if not folder.exists():
            pytest.skip(f"{folder} is missing: {how} builds it (make test does)")
    out = tmp_path_factory.mktemp("pages") / "pages"
    subprocess.run([sys.executable, str(REPO / "tools" / "build_pages.py"), "--lite", str(LITE),
                    "--docs", str(DOCS), "--out", str(out)], check=True, stdout=subprocess.DEVNULL)
    with static_site(out) as base:
        yield base


def test_from_the_manual_to_the_site_and_a_move_against_the_ai_with_every_request_on_localhost(pages, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("worker", lambda worker: requested.append(worker.url))  # the kernel's worker loads Pyodide
    notebook = Notebook(page, "pages")
    notebook.SCRATCH = SCRATCH
    page.on("console", lambda m: notebook.console.append(f"{m.type}: {m.text}"))
    try:
        page.goto(f"{pages}/docs/index.html")
        link = page.locator("a#lite-site")
        expect(link).to_have_attribute("href", "../lab/index.html?path=examples/01_play.ipynb")
        link.click()
        page.wait_for_url(f"{pages}/lab/index.html?path=examples/01_play.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        page.locator("#jp-main-statusbar").get_by_text("Idle").wait_for(timeout=START)
        run_as_it_is(notebook, INSTALL)
        run_as_it_is(notebook, IMPORT)
        run_as_it_is(notebook, BOARD, timeout=120_000)
        root = notebook.cell(BOARD).locator(".bk-root")
        root.wait_for(timeout=60_000)
        root.scroll_into_view_if_needed()
        e10 = root.locator('svg.bk-board [data-cell="e10"]')
        place_by_mouse(page, root.locator('[data-piece="L5"][data-color="purple"]'), e10, root.locator(".bk-preview"))
        expect(e10).to_have_attribute("data-owner", "purple")
        expect(root.locator('svg.bk-board [data-owner="orange"]').first).to_be_attached(timeout=120_000)
        assert notebook.value("[m.color for m in w.game.history]") == ["purple", "orange"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pages-play.png"))
    finally:
        print("\n".join(notebook.console[-30:]))
        page.close()
    # The kernel's worker's requests are among them: Pyodide and the wheels came from the site.
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requested), requested[-20:]
    assert any("/pypi/blokus_nb-" in url for url in requested)
    hosts = {urlsplit(url).hostname for url in requested if not url.startswith(("data:", "blob:"))}
    assert len(requested) > 50 and hosts == {"127.0.0.1"}, sorted(set(requested) - {u for u in requested
                                                                                    if "127.0.0.1" in u})[:20]
