"""Real-browser fixtures: one JupyterLab server and one headless Chromium per test session.

JupyterLab runs on 127.0.0.1 with a fixed token and its own config, runtime,
settings and workspace folders (nothing from the user's ~/.jupyter), and
Playwright drives Debian's Chromium (``/usr/bin/chromium``, or
``$E2E_CHROMIUM``); ``playwright install`` is never needed. Each test module
gets its own notebook (and so its own kernel) with three cells: two that
display widgets and one scratch cell for reading the kernel's state.
Screenshots and timings go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from widget_page import ARTIFACTS, TIMINGS, Notebook, free_port, wait_until_serving

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
TOKEN = "blokus-e2e"
CHROME_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter):
    if not TIMINGS:
        return
    summary = {name: {"median_ms": round(statistics.median(v), 2), "max_ms": round(max(v), 2), "samples": len(v)}
               for name, v in TIMINGS.items()}
    terminalreporter.write_sep("-", "widget latency in the browser (median over samples)")
    for name, s in summary.items():
        terminalreporter.write_line(f"{name}: median {s['median_ms']} ms, max {s['max_ms']} ms, n={s['samples']}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "latency.json").write_text(json.dumps(summary, indent=2))



class Lab:
    def __init__(self, root: Path, port: int, proc: subprocess.Popen) -> None:
        self.root, self.port, self.proc = root, port, proc
        self.base = f"http://127.0.0.1:{port}"
        self.notebooks = root / "nb"


@pytest.fixture(scope="session")
def lab():
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: install Debian's chromium (make chromium)"
    root = Path(tempfile.mkdtemp(prefix="blokus_e2e_"))
    (root / "nb").mkdir()
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "cfg"), ("JUPYTER_RUNTIME_DIR", "rt"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "ws"), ("JUPYTERLAB_SETTINGS_DIR", "settings")):
        env[var] = str(root / sub)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    settings = root / "settings" / "@jupyterlab"
    (settings / "apputils-extension").mkdir(parents=True)
    # No news toast or update check: they can cover what a test clicks.
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Save widget state with the notebook, as a user would to share a notebook with live boards.
    manager = root / "settings" / "@jupyter-widgets" / "jupyterlab-manager"
    manager.mkdir(parents=True)
    (manager / "plugin.jupyterlab-settings").write_text(json.dumps({"saveState": True}))
    port = free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={TOKEN}",
           f"--ServerApp.root_dir={root / 'nb'}", "--LabApp.news_url=None"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # the server refuses root otherwise (containers, CI)
    log = open(root / "lab.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    server = Lab(root, port, proc)
    try:
        wait_until_serving(f"{server.base}/api/status?token={TOKEN}", proc, 90, "jupyter lab", root / "lab.log")
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def notebook(lab, browser, request):
    name = request.module.__name__.rsplit(".", 1)[-1]
    path = lab.notebooks / f"{name}.ipynb"
    setup = "import blokus_nb as bn\nfrom blokus_nb.widgets import BlokusWidget"
    cells = ["None", "None", "None"]
    path.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
                  for s in cells],
    }))
    # A module may set PAGE = {...} for its own page: a tablet's size, touch emulation.
    page = browser.new_page(**getattr(request.module, "PAGE", {"viewport": {"width": 1400, "height": 1000}}))
    nb = Notebook(page, name)
    page.on("console", lambda m: nb.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: nb.console.append(f"pageerror: {e}"))
    # A module may set APP = "notebook" to run in Notebook 7 instead of JupyterLab.
    if getattr(request.module, "APP", "lab") == "notebook":
        page.goto(f"{lab.base}/notebooks/{path.name}?token={TOKEN}")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        page.locator(".jp-NotebookKernelStatus, [data-status='idle']").first.wait_for(timeout=60_000)
    else:
        page.goto(f"{lab.base}/lab/tree/{path.name}?token={TOKEN}&reset")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        page.locator("#jp-main-statusbar").get_by_text("Idle").wait_for(timeout=60_000)
    nb.py(setup)
    try:
        yield nb
    finally:
        bad = [c for c in nb.console if c.startswith(("error", "pageerror")) and "favicon" not in c]
        if bad:
            print("\n".join(bad[-20:]), file=sys.stderr)
        page.close()


@pytest.fixture(autouse=True)
def _screenshot_on_failure(request):
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and "notebook" in request.fixturenames:
        nb = request.getfixturevalue("notebook")
        nb.screenshot(f"FAILED-{request.node.name}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


