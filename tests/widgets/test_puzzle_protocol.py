"""What the puzzle widget tells its views and reads from them (blokus_nb.widgets.puzzle_protocol)."""

from __future__ import annotations

import json

import pytest

from blokus_nb.puzzles import Puzzle
from blokus_nb.widgets._protocol import Refusal
from blokus_nb.widgets.puzzle_protocol import MAX_CELLS, PuzzleRequest, read_request, status_text, view_state


def test_the_state_is_json_and_follows_the_tiling():
    puzzle = Puzzle((5, 3), ["L", "P", "V"])
    state = view_state(puzzle)
    json.dumps(state)
    assert state["width"] == 5 and state["height"] == 3 and len(state["region"]) == 15
    assert state["placements"] == [] and state["remaining"] == {"L5": 1, "P": 1, "V5": 1}
    puzzle.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])
    state = view_state(puzzle)
    assert state["placements"] == [{"piece": "V5", "cells": [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]}]
    assert state["status"] == status_text(puzzle) == "1 of 3 pieces placed; 10 squares still to cover."


def test_each_request_kind_reads_into_a_request():
    assert read_request({"type": "remove", "cell": [2, 1], "version": 4}) == PuzzleRequest("remove", 4, cells=((2, 1),))
    assert read_request({"type": "solution", "version": 0}) == PuzzleRequest("solution", 0)
    assert read_request({"type": "place", "piece": "I3", "cells": [[0, 0], [1, 0], [2, 0]], "version": 1}).cells == (
        (0, 0), (1, 0), (2, 0))


@pytest.mark.parametrize("content", [
    {"type": "place", "piece": "I3", "cells": [[0, 0]] * (MAX_CELLS + 1), "version": 1},
    {"type": "place", "piece": "I3", "cells": [[0, "0"]], "version": 1},
    {"type": "hint"},
])
def test_malformed_requests_are_refused(content):
    with pytest.raises(Refusal):
        read_request(content)
