"""The JupyterLite site (``make lite``) in headless Chromium, served as static files as a teacher would.

What this checks: the site's JupyterLab page loads, opens a notebook of the site with its install
cell, lists the notebooks, and loads the front-end extensions the widgets need (the Pyodide
kernel's, ipywidgets' manager, anywidget's) from the site. What it cannot: Pyodide and numpy come
from Pyodide's CDN at run time, which these machines cannot reach (every request off the site is
refused here, so the test is the same online or off), so no Python runs in the page.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from widget_page import ARTIFACTS, REPO

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    python = REPO / "build" / "lite-env" / "bin" / "python"  # jupyterlite lives there only (make lite-env)
    if not python.exists():
        pytest.skip("the venv the site is built in is missing: make lite-env")
    out = tmp_path_factory.mktemp("lite") / "lite"
    subprocess.run([str(python), str(REPO / "tools" / "build_lite.py"), "--out", str(out),
                    "--wheels", str(REPO / "build" / "lite-wheels")], check=True, cwd=out.parent,
                   stdout=subprocess.DEVNULL)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                               "--directory", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/index.html", timeout=2):
                    break
            except OSError:
                assert time.time() < deadline, "the static server did not start"
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_sites_jupyterlab_opens_a_notebook_and_loads_the_widget_extensions(site, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    origin = site
    refused: list[str] = []
    loaded: list[str] = []

    def only_the_site(route):
        if route.request.url.startswith(origin):
            route.continue_()
        else:  # Pyodide's CDN, PyPI: out of reach in CI, so out of reach here always
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_site)
    page.on("response", lambda r: loaded.append(r.url) if r.ok else None)
    try:
        page.goto(f"{site}/lab/index.html?path=examples/01_play.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        cells = page.locator(".jp-Notebook .jp-Cell")
        cells.nth(1).get_by_text("piplite").first.wait_for(timeout=30_000)
        assert "BlokusWidget" in page.locator(".jp-Notebook").inner_text()
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
