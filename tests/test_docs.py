"""The documentation site's pages: their examples run, and every notebook has a page.

The site itself is built by ``make docs`` (part of ``make test``), whose ``sphinx-build -W``
fails on any warning; the docstrings' examples run in tests/test_docstrings.py.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "generated" not in p.parts)
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text(encoding="utf-8"))


def test_there_are_pages_with_examples():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"index.md", "getting-started.md", "guides/play.md", "guides/teach.md",
            "guides/analyse.md", "review.md", "engines.md", "environments.md"} <= names
    assert sum(">>>" in block for page in PAGES for block in _blocks(page)) >= 8


SEARCHING = {"review.md"}  # a whole game reviewed: searches, so slow


@pytest.mark.parametrize("page", [pytest.param(p, marks=[pytest.mark.slow] if p.name in SEARCHING else [])
                                  for p in PAGES if any(">>>" in b for b in _blocks(p))],
                         ids=lambda p: p.relative_to(DOCS).as_posix())
def test_a_pages_examples_run_as_written_one_session_in_order(page, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name files as seen from the repository
    session: dict = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failed = []
    for number, block in enumerate(b for b in _blocks(page) if ">>>" in b):
        test = doctest.DocTestParser().get_doctest(block, session, f"{page.name} block {number + 1}",
                                                   str(page), 0)
        before = runner.failures
        runner.run(test, clear_globs=False)
        session.update(test.globs)
        if runner.failures > before:
            failed.append(number + 1)
    assert failed == [], f"{page.name}: blocks {failed} print otherwise than they say (see above)"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_other_python_block_is_python(page):
    """Blocks that need a file, an engine or minutes are not run, but they must compile."""
    for block in _blocks(page):
        if ">>>" not in block:
            compile(block, f"{page.name}", "exec")


def test_every_example_has_a_page():
    listed = (DOCS / "examples" / "index.md").read_text(encoding="utf-8")
    for example in sorted((ROOT / "examples").iterdir()):
        if example.suffix in (".ipynb", ".py"):
            assert re.search(rf"^{re.escape(example.stem)}$", listed, re.M), example.name
        if example.suffix == ".py":
            assert (DOCS / "examples" / f"{example.stem}.md").is_file(), example.name
