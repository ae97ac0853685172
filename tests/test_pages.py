"""The published site's addresses: written once in pyproject.toml, given on the README's first screen,
and the manual's front page linking to the lite site relatively (``make pages`` puts the manual under
``docs/``), into a notebook the site carries."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build_lite)


def urls() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # tomllib is 3.11's
    section = text.split("\n[project.urls]\n", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^(\w+) = "([^"]+)"$', section, re.M))


def test_the_pages_address_is_written_once_and_the_readme_gives_it_first():
    found = urls()
    home = found["Homepage"]
    assert home == "https://blokus-nb.github.io/blokus-nb/" and found["Documentation"] == home + "docs/"
    assert found["Source"] == "https://github.com/blokus-nb/blokus-nb"
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:12])
    assert f"<{home}>" in first_screen


def test_the_manuals_front_page_links_to_the_play_notebook_of_the_lite_site():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    links = re.findall(r'href="(\.\./[^"]*)"', index)
    assert "../" in links
    play = next(link for link in links if "?path=" in link)
    assert play == "../lab/index.html?path=examples/01_play.ipynb"
    assert play.rsplit("/", 1)[1] in build_lite.NOTEBOOKS


def test_make_pages_puts_the_lite_site_at_the_root_and_the_manual_under_docs():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert ("\npages: lite docs\n\t$(PY) tools/build_pages.py --lite build/lite --docs build/docs/html "
            "--out build/pages\n") in makefile
    built = ROOT / "build" / "pages"
    if (built / "index.html").exists():  # after make pages: check what it wrote
        assert (built / "docs" / "index.html").exists() and (built / "lab" / "index.html").exists()
        assert (built / "files" / "examples" / "01_play.ipynb").exists()
        assert 'href="../lab/index.html?path=examples/01_play.ipynb"' in (built / "docs" / "index.html").read_text()
