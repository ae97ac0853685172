"""The examples in the package's docstrings run and print what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import blokus_nb

MODULES = sorted(info.name for info in pkgutil.walk_packages(blokus_nb.__path__, "blokus_nb."))


def test_every_module_is_found():
    assert {"blokus_nb.game", "blokus_nb.records", "blokus_nb.analysis.metrics",
            "blokus_nb.players.mcts", "blokus_nb.widgets.board"} <= set(MODULES)
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in MODULES
                   for test in finder.find(importlib.import_module(name)))
    assert examples > 100  # the public functions carry examples


#: Modules whose examples search hundreds of simulations or render a class set of worksheets.
SLOW_EXAMPLES = {"blokus_nb.analysis.evaluation", "blokus_nb.analysis.review", "blokus_nb.players.puct",
                 "blokus_nb.worksheets"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW_EXAMPLES else name
                                  for name in ["blokus_nb", *MODULES]])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
