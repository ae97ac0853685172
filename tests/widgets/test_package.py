"""The widgets package's public names; the alias modules of 0.2.0 are gone."""

from __future__ import annotations

import importlib
import sys

import pytest

import blokus_nb as bn
from blokus_nb.widgets import BlokusWidget, PuzzleWidget

#: The alias modules of 0.2.0, removed in 0.3.0 (CHANGELOG.md says where each went).
REMOVED = ["blokus_nb.widget", "blokus_nb.widget_state", "blokus_nb.widget_messages", "blokus_nb.widget_seats",
           "blokus_nb.puzzle_widget", "blokus_nb.puzzle_widget_state", "blokus_nb.puzzle_widget_messages",
           "blokus_nb.arena"]


def test_the_top_level_names_are_the_widgets():
    assert bn.BlokusWidget is BlokusWidget and bn.PuzzleWidget is PuzzleWidget
    assert bn.widgets.BlokusWidget is BlokusWidget


@pytest.mark.parametrize("path", REMOVED)
def test_an_alias_module_of_0_2_0_is_gone(path):
    sys.modules.pop(path, None)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(path)


def test_bn_arena_still_names_the_match_module():
    from blokus_nb.players import arena

    assert bn.arena is arena


def test_both_widgets_share_one_base_and_one_refusal():
    from blokus_nb.widgets._base import WidgetBase
    from blokus_nb.widgets._protocol import Refusal

    assert issubclass(BlokusWidget, WidgetBase) and issubclass(PuzzleWidget, WidgetBase)
    from blokus_nb.widgets import board_protocol, puzzle_protocol

    assert board_protocol.Refusal is Refusal and puzzle_protocol.Refusal is Refusal
