"""The JupyterLite site (``make lite``) in headless Chromium, served as static files as a teacher would.

What this checks: the site's JupyterLab page loads, opens a notebook of the site with its install
cell, lists the notebooks, and loads the front-end extensions the widgets need (the Pyodide
kernel's, ipywidgets' manager, anywidget's) from the site. What it cannot: Pyodide and numpy come
from Pyodide's CDN at run time, which these machines cannot reach (every request off the site is
refused here, so the test is the same online or off), so no Python runs in the page here:
``test_lite_python.py`` runs the same site's notebooks, given a Pyodide of its own.
"""

from __future__ import annotations

import subprocess

import pytest
from widget_page import ARTIFACTS, REPO, only_the_site, static_site

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    python = REPO / "build" / "lite-env" / "bin" / "python"  # jupyterlite lives there only (make lite-env)
    if not python.exists():
        pytest.skip("the venv the site is built in is missing: make lite-env")
    out = tmp_path_factory.mktemp("lite") / "lite"
    subprocess.run([str(python), str(REPO / "tools" / "build_lite.py"), "--out", str(out),
                    "--wheels", str(REPO / "build" / "lite-wheels")], check=True, cwd=out.parent,
                   stdout=subprocess.DEVNULL)
    with static_site(out) as base:
        yield base


def test_the_sites_jupyterlab_opens_a_notebook_and_loads_the_widget_extensions(site, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    only_the_site(page, site)
    loaded: list[str] = []
    page.on("response", lambda r: loaded.append(r.url) if r.ok else None)
    try:
        page.goto(f"{site}/lab/index.html?path=examples/01_play.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        cells = page.locator(".jp-Notebook .jp-Cell")
        cells.nth(1).get_by_text("piplite").first.wait_for(timeout=30_000)
        # The notebook is the site's copy of 01_play.ipynb. JupyterLab attaches only the cells in view
        # (inner_text missed the board's cell in CI), so the notebook is scrolled and the text of the
        # cells attached on the way is read.
        seen = ""
        page.locator(".jp-Notebook").hover()
        for _step in range(20):
            seen += "".join(text or "" for text in cells.all_text_contents())
            if "BlokusWidget" in seen:
                break
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(200)
        assert "BlokusWidget" in seen
        # The file browser lists the site's notebooks.
        page.locator(".jp-DirListing-item").first.wait_for(timeout=30_000)
        listed = page.locator(".jp-DirListing-content").inner_text()
        assert "examples" in listed or "01_play.ipynb" in listed
        for extension in ("extensions/anywidget/", "extensions/@jupyter-widgets/jupyterlab-manager/",
                          "extensions/@jupyterlite/pyodide-kernel-extension/"):
            assert any(extension in url and "remoteEntry" in url for url in loaded), extension
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lite-site.png"))
    finally:
        page.close()
