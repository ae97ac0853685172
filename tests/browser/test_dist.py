"""The release files (``make dist``) install with plain pip, in a fresh venv with no Node.js on the PATH,
and the board's bundle inside them renders in a real browser; ``twine check`` passes them.

``make test`` builds ``dist/`` (``make dist``) before the browser tests. The venvs get blokus-nb's
dependencies from PyPI (pip's cache makes a second run quick); the sdist builds with hatchling fetched
by pip's build isolation, and with no npm on the PATH, as a user's ``pip install blokus-nb`` would.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_widget_plain_page import PAGE
from widget_page import REPO

pytestmark = pytest.mark.slow

DIST = REPO / "dist"
ORIGIN = "http://blokus.test"
#: Run in the fresh venv: where the installed package's bundles are, and the state a fresh board sends.
REPORT = """\
import json, pathlib
import blokus_nb
from blokus_nb.widgets import BlokusWidget
widget = BlokusWidget("duo")
state = {k: v for k, v in widget.get_state().items() if not k.startswith("_")}
print(json.dumps({"static": str(pathlib.Path(blokus_nb.__file__).parent / "static"),
                  "state": json.loads(json.dumps(state, default=str))}))
"""


def release_file(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    if not found:
        pytest.skip(f"no {pattern} in {DIST}: make dist builds it (make test does)")
    assert len(found) == 1, found
    return found[0]


def install_in_a_fresh_venv(target: Path, where: Path) -> dict:
    """``pip install target`` in a new venv at ``where`` with only that venv on the PATH; its report."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    path = str(where / "bin")
    assert shutil.which("node", path=path) is None and shutil.which("npm", path=path) is None
    env = {"PATH": path, "HOME": os.environ.get("HOME", str(where)), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run([str(where / "bin" / "python"), "-m", "pip", "install", "--quiet", str(target)],
                   check=True, env=env, cwd=where)
    out = subprocess.run([str(where / "bin" / "python"), "-c", REPORT], check=True, env=env, cwd=where,
                         capture_output=True, text=True).stdout
    report = json.loads(out.strip().splitlines()[-1])
    assert Path(report["static"]).is_relative_to(where), report["static"]  # the installed copy, not the clone's
    return report


def renders(browser, report: dict) -> None:
    """The installed bundle, given the state the installed package sends, draws the Duo board."""
    static = Path(report["static"])
    html = PAGE.format(scheme="light", bundle="widget", background="#ffffff", state=json.dumps(report["state"]))
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            file = static / path.removeprefix("/static/")
            route.fulfill(body=file.read_bytes(), content_type="text/css" if file.suffix == ".css" else "text/javascript")
        else:
            route.fulfill(body=html, content_type="text/html")

    try:
        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/")
        page.wait_for_function("window.rendered === true")
        expect(page.locator("svg.bk-board .bk-cell")).to_have_count(14 * 14)
        expect(page.locator('[data-role="status"]')).to_contain_text("Purple to play")
        assert errors == []
    finally:
        page.close()


def test_the_wheel_installs_without_node_and_its_board_renders(browser, tmp_path):
    renders(browser, install_in_a_fresh_venv(release_file("blokus_nb-*.whl"), tmp_path / "venv"))


def test_the_sdist_installs_without_node_and_its_board_renders(browser, tmp_path):
    renders(browser, install_in_a_fresh_venv(release_file("blokus_nb-*.tar.gz"), tmp_path / "venv"))


def test_twine_check_passes_the_release_files():
    files = [release_file("blokus_nb-*.whl"), release_file("blokus_nb-*.tar.gz")]
    result = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2
