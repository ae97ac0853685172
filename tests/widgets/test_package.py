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


def _loaded_after(code: str) -> str:
    import subprocess

    probe = code + "\nimport sys\nprint(sorted(m for m in ('pandas', 'blokus_nb.analysis', 'blokus_nb.widgets.review')"
    probe += " if m in sys.modules))"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()


def test_a_board_that_plays_or_replays_loads_no_pandas_and_no_review():
    # The review part (pandas, the analysis) loads with the first review, not with the board.
    assert _loaded_after("import blokus_nb as bn\nw = bn.BlokusWidget('duo')\n"
                         "w.game.play(w.game.legal_moves()[0])\nw.mode = 'replay'") == "[]"


def test_the_review_part_loads_with_the_first_review():
    assert _loaded_after("import blokus_nb as bn\nw = bn.BlokusWidget('duo')\n"
                         "w.game.play(w.game.legal_moves()[0])\nw.mode = 'review'\nw.stop_review()") == \
        "['blokus_nb.analysis', 'blokus_nb.widgets.review', 'pandas']"
