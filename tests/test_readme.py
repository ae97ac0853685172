"""The README's examples (the ``>>>`` lines in its python blocks) run and print what they say."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
EXAMPLES = [block for block in BLOCKS if ">>>" in block]


@pytest.mark.slow
def test_the_readme_examples_run_as_written_one_session_in_order(monkeypatch):
    assert len(EXAMPLES) >= 2
    monkeypatch.chdir(ROOT)  # the examples name files as seen from the repository
    session: dict = {}  # later blocks use what earlier ones made, as a reader's session would
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failed = []
    for number, block in enumerate(EXAMPLES, start=1):
        test = doctest.DocTestParser().get_doctest(block, session, f"README block {number}", "README.md", 0)
        before = runner.failures
        runner.run(test, clear_globs=False)
        session.update(test.globs)  # a DocTest works on a copy of the names it is given
        if runner.failures > before:
            failed.append(number)
    assert failed == [], f"README blocks {failed} print otherwise than they say (see the output above)"
