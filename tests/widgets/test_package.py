"""The widgets package's public names, and the old module paths that keep working for one release."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

import blokus_nb as bn
from blokus_nb.widgets import BlokusWidget, PuzzleWidget

OLD_PATHS = {
    "blokus_nb.widget": ["BlokusWidget"],
    "blokus_nb.widget_state": ["HUMAN", "view_state", "status_text", "scores", "pieces_table"],
    "blokus_nb.widget_messages": ["Refusal", "Request", "read_request", "request_kind", "whole_number"],
    "blokus_nb.widget_seats": ["HUMAN", "make_seat", "stoppable", "suggest"],
    "blokus_nb.puzzle_widget": ["PuzzleWidget"],
    "blokus_nb.puzzle_widget_state": ["view_state", "status_text"],
    "blokus_nb.puzzle_widget_messages": ["PuzzleRequest", "read_request"],
}


def test_the_top_level_names_are_the_widgets():
    assert bn.BlokusWidget is BlokusWidget and bn.PuzzleWidget is PuzzleWidget
    assert bn.widgets.BlokusWidget is BlokusWidget


@pytest.mark.parametrize("path", sorted(OLD_PATHS))
def test_an_old_module_path_works_and_warns(path):
    sys.modules.pop(path, None)
    with pytest.warns(DeprecationWarning, match=f"{path} is deprecated; import from blokus_nb.widgets"):
        module = importlib.import_module(path)
    for name in OLD_PATHS[path]:
        assert getattr(module, name) is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert module.__dict__.get("BlokusWidget", BlokusWidget) is BlokusWidget


def test_both_widgets_share_one_base_and_one_refusal():
    from blokus_nb.widgets._base import WidgetBase
    from blokus_nb.widgets._protocol import Refusal

    assert issubclass(BlokusWidget, WidgetBase) and issubclass(PuzzleWidget, WidgetBase)
    sys.modules.pop("blokus_nb.widget_messages", None)
    with pytest.warns(DeprecationWarning):
        old = importlib.import_module("blokus_nb.widget_messages")
    assert old.Refusal is Refusal  # a refusal caught by its old name is the same class
