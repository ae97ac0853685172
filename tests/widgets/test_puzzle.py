"""The puzzle widget without a browser: messages as a view sends them, good and
forged, go through the same path as in a kernel (ipywidgets' _handle_msg), and
the tests look at the live puzzle, the traits and what was sent back."""

from __future__ import annotations

import threading
import time

import pytest

from blokus_nb.puzzles import Placement, Puzzle, PuzzleError
from blokus_nb.widgets import PuzzleWidget
from widgets.helpers import Recorder, custom, update, wait_for

# A 5x3 rectangle with the L, P and V pentominoes: 4 tilings, 1 up to symmetry.
#   VLLLL
#   VLPPP
#   VVVPP
V = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]
L = [[1, 0], [2, 0], [3, 0], [4, 0], [1, 1]]
P = [[2, 1], [3, 1], [4, 1], [3, 2], [4, 2]]
# The V in the middle of the top row leaves pockets no tiling fills.
V_DEAD = [[1, 0], [2, 0], [3, 0], [3, 1], [3, 2]]


def place(widget: PuzzleWidget, piece: str, cells, **fields) -> None:
    message = {"type": "place", "piece": piece, "cells": cells, "version": widget.version}
    message.update(fields)
    custom(widget, message)


def cells_of(widget: PuzzleWidget) -> list[tuple[str, list[list[int]]]]:
    return [(p["piece"], p["cells"]) for p in widget.placements]


@pytest.fixture
def small():
    widget = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
    yield widget
    widget.close()


# ---------------------------------------------------------------- what the views are told
def test_the_views_are_told_the_region_the_pieces_and_the_progress(small):
    assert (small.width, small.height) == (5, 3)
    assert small.region[:6] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [0, 1]] and len(small.region) == 15
    assert [(p["name"], p["count"]) for p in small.pieces] == [("L5", 1), ("P", 1), ("V5", 1)]
    assert all(p["color"].startswith("#") and len(p["cells"]) == 5 for p in small.pieces)
    assert small.placements == [] and small.remaining == {"L5": 1, "P": 1, "V5": 1}
    assert not small.solved and small.status == "Cover the 15 squares with the 3 pieces."
    assert small.hint == {} and small.error == "" and small.thinking == ""


def test_holes_and_repeated_pieces():
    w = PuzzleWidget("""
        ###
        #.#
        ###""", ["I3", "I3", "1", "1"])
    assert [1, 1] not in w.region and len(w.region) == 8
    assert [(p["name"], p["count"]) for p in w.pieces] == [("I3", 2), ("1", 2)]
    place(w, "I3", [[0, 0], [1, 0], [2, 0]])
    assert w.remaining == {"I3": 1, "1": 2}
    w.close()


def test_a_region_and_pieces_make_the_puzzle_but_not_with_a_puzzle():
    w = PuzzleWidget((10, 6))
    assert len(w.pieces) == 12 and len(w.region) == 60
    w.close()
    with pytest.raises(TypeError):
        PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]), "L P V")


def test_without_widgets_the_puzzle_shows_as_a_picture(small):
    data, _ = small._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg")


# ---------------------------------------------------------------- good requests
def test_a_placement_from_a_view_goes_into_the_puzzle(small):
    sent = Recorder(small)
    version = small.version
    place(small, "V5", V)
    assert small.puzzle.placements == (Placement("V5", [tuple(c) for c in V]),)
    assert cells_of(small) == [("V5", V)] and small.remaining["V5"] == 0
    assert small.version == version + 1 and small.error == "" and sent.refusals() == []
    assert small.status == "1 of 3 pieces placed; 10 squares still to cover."
    # The views heard of it in one update carrying the placements and the new version.
    assert any("placements" in state and "version" in state for state in sent.updates())


def test_the_cells_decide_the_orientation_and_their_order_does_not_matter(small):
    place(small, "V", list(reversed(V)))  # "V" is the usual name of V5
    assert small.puzzle.placements[0].piece == "V5"


def test_a_piece_is_taken_away_by_one_of_its_cells(small):
    place(small, "V5", V)
    custom(small, {"type": "remove", "cell": [1, 2], "version": small.version})
    assert small.puzzle.placements == () and small.placements == [] and small.remaining["V5"] == 1


def test_placing_every_piece_solves_the_puzzle(small):
    for piece, cells in (("V5", V), ("L5", L), ("P", P)):
        place(small, piece, cells)
    assert small.solved and small.puzzle.is_solved
    assert small.status == "Solved! The 3 pieces cover all 15 squares."


def test_reset_takes_every_piece_away(small):
    place(small, "V5", V)
    custom(small, {"type": "reset", "version": small.version})
    assert small.puzzle.placements == () and small.placements == []


def test_a_hint_is_searched_in_the_background_and_fits_a_full_tiling(small):
    place(small, "V5", V)
    custom(small, {"type": "hint", "version": small.version})
    wait_for(lambda: small.hint != {})
    hint = small.hint
    assert hint["found"] and hint["version"] == small.version and small.thinking == ""
    assert small.puzzle.placements == (Placement("V5", [tuple(c) for c in V]),)  # a hint only shows
    placed = small.puzzle.placements + (Placement(hint["piece"], [tuple(c) for c in hint["cells"]]),)
    assert small.puzzle.complete(placed) is not None
    assert "Hint: the L5" in small.message
    place(small, hint["piece"], hint["cells"])
    assert small.hint == {} and small.message == ""  # a hint is for one position only


def test_no_solution_from_here_is_said_clearly(small):
    place(small, "V5", V_DEAD)
    custom(small, {"type": "hint", "version": small.version})
    wait_for(lambda: small.hint != {})
    assert small.hint == {"version": small.version, "found": False}
    assert small.message.startswith("No solution from here")
    assert len(small.puzzle.placements) == 1


def test_the_solution_keeps_the_pieces_placed_when_it_can(small):
    place(small, "V5", V)
    custom(small, {"type": "solution", "version": small.version})
    wait_for(lambda: small.solved)
    assert small.puzzle.is_solved and small.puzzle.placements[0] == Placement("V5", [tuple(c) for c in V])
    assert sorted(cells_of(small)) == sorted([("V5", V), ("L5", L), ("P", P)])
    assert small.message == ("Here is a solution that keeps the piece you placed; the widget placed the rest."
                             ) and small.thinking == ""
    assert small.solved_by == "solution" and small.status.startswith("A solution is shown")


def test_from_a_dead_end_the_solution_starts_again(small):
    place(small, "V5", V_DEAD)
    custom(small, {"type": "solution", "version": small.version})
    wait_for(lambda: small.solved)
    assert small.puzzle.is_solved and ("V5", V_DEAD) not in cells_of(small)
    assert "from the start" in small.message


def test_a_puzzle_with_no_solution_says_so():
    puzzle = Puzzle((5, 3), ["F", "I", "X"])
    assert puzzle.count() == 0
    w = PuzzleWidget(puzzle)
    assert w.show_hint() is None and w.message == "This puzzle has no solution."
    assert w.show_solution() is None and w.message == "This puzzle has no solution." and w.placements == []
    w.close()


# ---------------------------------------------------------------- refused requests
@pytest.mark.parametrize("content, why", [
    ("place", "not a JSON object"),
    (None, "not a JSON object"),
    ([1, 2], "not a JSON object"),
    ({"type": "cheat", "version": 1}, "unknown request"),
    ({"type": "place", "piece": "V5", "cells": V}, "'version' must be a whole number"),
    ({"type": "place", "piece": "V5", "cells": V, "version": True}, "'version' must be a whole number"),
    ({"type": "place", "piece": "V5", "cells": V, "version": "1"}, "'version' must be a whole number"),
    ({"type": "place", "piece": 5, "cells": V, "version": 1}, "'piece' must be a piece name"),
    ({"type": "place", "piece": "", "cells": V, "version": 1}, "'piece' must be a piece name"),
    ({"type": "place", "piece": "V" * 1000, "cells": V, "version": 1}, "'piece' must be a piece name"),
    ({"type": "place", "piece": "V5", "cells": "0,0 0,1", "version": 1}, "'cells' must be a list"),
    ({"type": "place", "piece": "V5", "cells": [], "version": 1}, "'cells' must be a list"),
    ({"type": "place", "piece": "V5", "cells": [[0, 0]] * 401, "version": 1}, "'cells' must be a list"),
    ({"type": "place", "piece": "V5", "cells": [[0, 0.5]] + V[1:], "version": 1}, "a cell must be [x, y]"),
    ({"type": "place", "piece": "V5", "cells": [[0, True]] + V[1:], "version": 1}, "a cell must be [x, y]"),
    ({"type": "place", "piece": "V5", "cells": [[0, 0, 0]] + V[1:], "version": 1}, "a cell must be [x, y]"),
    ({"type": "place", "piece": "V5", "cells": [{"x": 0}] + V[1:], "version": 1}, "a cell must be [x, y]"),
    ({"type": "remove", "cell": "0,0", "version": 1}, "a cell must be [x, y]"),
    ({"type": "remove", "version": 1}, "a cell must be [x, y]"),
])
def test_malformed_messages_change_nothing(small, content, why):
    sent = Recorder(small)
    version = small.version
    custom(small, content)
    assert small.puzzle.placements == () and small.version == version
    assert why in small.error
    assert sent.refusals()[-1]["reason"] == small.error


@pytest.mark.parametrize("piece, cells, rule", [
    ("V5", [[x + 3, y] for x, y in V], "outside"),
    ("V5", [[x, y - 1] for x, y in V], "outside"),
    ("F", V, "not-a-piece"),  # no F in this puzzle
    ("<b>P</b>", V, "not-a-piece"),
    ("L5", V, "wrong-piece"),
    ("V5", V[:4], "wrong-piece"),
    ("V5", V[:4] + [V[0]], "wrong-piece"),  # a cell twice
])
def test_placements_the_puzzle_refuses_change_nothing_and_say_why(small, piece, cells, rule):
    sent = Recorder(small)
    version = small.version
    place(small, piece, cells)
    assert small.puzzle.placements == () and small.placements == [] and small.version == version
    refusal = sent.refusals()[-1]
    assert refusal["rule"] == rule and small.error == refusal["reason"] != ""


def test_overlap_names_the_cells_and_a_piece_is_placed_only_as_often_as_the_puzzle_has_it(small):
    place(small, "V5", V)
    sent = Recorder(small)
    place(small, "P", [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1]])
    refusal = sent.refusals()[-1]
    assert refusal["rule"] == "overlap" and refusal["cells"] == ["0,0", "0,1"]
    place(small, "V5", [[2, 0], [3, 0], [4, 0], [4, 1], [4, 2]])
    assert sent.refusals()[-1]["rule"] == "none-left"
    assert cells_of(small) == [("V5", V)]


def test_a_stale_or_replayed_request_changes_nothing(small):
    old = small.version
    place(small, "V5", V)
    custom(small, {"type": "remove", "cell": [0, 0], "version": old})  # sent before the V was placed
    assert small.error.startswith("the puzzle changed") and len(small.puzzle.placements) == 1
    custom(small, {"type": "place", "piece": "V5", "cells": V, "version": old})  # the same message again
    assert len(small.puzzle.placements) == 1
    custom(small, {"type": "reset", "version": old})
    assert len(small.puzzle.placements) == 1


@pytest.mark.parametrize("kind", ["hint", "check", "solution"])
def test_an_accepted_search_request_forgets_the_last_refusal(small, kind):
    custom(small, {"type": "remove", "cell": [2, 1], "version": small.version})  # refused: no piece there
    assert "no piece covers" in small.error
    custom(small, {"type": kind, "version": small.version})  # accepted: nothing redrawn until it is found
    assert small.error == ""
    wait_for(lambda: small.thinking == "")
    assert small.error == ""


def test_removing_where_there_is_no_piece_is_refused(small):
    sent = Recorder(small)
    custom(small, {"type": "remove", "cell": [2, 1], "version": small.version})
    assert sent.refusals()[-1]["rule"] == "empty" and "no piece covers (2, 1)" in small.error


def test_a_refusal_carries_the_tag_of_the_request_it_answers(small):
    sent = Recorder(small)
    custom(small, {"type": "remove", "cell": [2, 1], "version": small.version, "request": "view2:1"})
    custom(small, {"type": "remove", "cell": [2, 1], "version": small.version, "request": 7})
    assert [r.get("request") for r in sent.refusals()] == ["view2:1", None]
    assert "'request' must be a tag" in small.error


def test_no_hint_or_solution_once_solved(small):
    small.show_solution()
    sent = Recorder(small)
    for kind in ("hint", "solution"):
        custom(small, {"type": kind, "version": small.version})
        assert sent.refusals()[-1]["rule"] == "solved"
    assert small.thinking == ""
    with pytest.raises(PuzzleError, match="already solved"):
        small.show_hint()


def test_a_view_may_not_set_any_trait(small):
    sent = Recorder(small)
    update(small, {"placements": [{"piece": "V5", "cells": V}], "solved": True, "version": 99})
    assert small.puzzle.placements == () and small.placements == [] and not small.solved
    assert small.version != 99
    # The view is sent the true values back.
    assert any("placements" in state for state in sent.updates())


# ---------------------------------------------------------------- searches and changes meanwhile
class HeldSearch:
    """Makes the puzzle's hint wait until released (or stopped), to test what happens during a search."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.release = threading.Event()
        self.done = threading.Event()
        self.stopped = threading.Event()
        original = puzzle.hint

        def hint(partial=None, *, stop=None):
            try:
                while not self.release.wait(0.01):
                    if stop is not None and stop.is_set():
                        self.stopped.set()
                        from blokus_nb.puzzles import SearchStopped

                        raise SearchStopped("stopped")
                return original(partial, stop=stop)
            finally:
                self.done.set()

        puzzle.hint = hint


def test_a_new_request_stops_the_search_before_it_and_a_change_throws_its_answer_away(small):
    held = HeldSearch(small.puzzle)
    custom(small, {"type": "hint", "version": small.version})
    assert small.thinking == "hint"
    custom(small, {"type": "solution", "version": small.version})  # one search at a time: the hint stops
    assert held.stopped.wait(5) and held.done.wait(5)
    wait_for(lambda: small.solved)
    assert small.solved_by == "solution" and small.hint == {}
    small.reset()
    held = HeldSearch(small.puzzle)
    custom(small, {"type": "hint", "version": small.version})
    place(small, "V5", V)  # placing is still allowed, and stops the search
    assert small.thinking == "" and len(small.puzzle.placements) == 1
    assert held.stopped.wait(5)
    time.sleep(0.05)
    assert small.hint == {} and small.message == "" and small.error == ""


def test_thirty_forged_requests_leave_at_most_one_search_running():
    # A dead end on the 6x10 takes the search seconds to prove: each request starts one.
    widget = PuzzleWidget(Puzzle((10, 6), "pentominoes"))
    dead = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]  # an I5 one square off the edge
    try:
        for _i in range(10):
            place(widget, "I5", dead)
            custom(widget, {"type": "hint", "version": widget.version})
            custom(widget, {"type": "check", "version": widget.version})
            custom(widget, {"type": "remove", "cell": [1, 0], "version": widget.version})
            custom(widget, {"type": "solution", "version": widget.version})
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            searching = [t for t in threading.enumerate() if t.name.startswith("blokus-") and t.is_alive()]
            if len(searching) <= 1:
                break
            time.sleep(0.05)
        assert len(searching) <= 1, [t.name for t in searching]
    finally:
        widget.close()
    wait_for(lambda: not [t for t in threading.enumerate() if t.name.startswith("blokus-") and t.is_alive()])


def test_is_this_possible_from_here_answers_with_the_explanation():
    w = PuzzleWidget(Puzzle((5, 4), "tetrominoes"))
    custom(w, {"type": "check", "version": w.version})
    wait_for(lambda: w.explanation != {})
    assert w.explanation["possible"] is False and w.explanation["kind"] == "colouring"
    assert w.explanation["svg"].startswith("<svg") and w.explanation["version"] == w.version
    assert w.message.startswith("No, this puzzle cannot be done. Colour the region like a chessboard")
    assert "T4 covers 1 or 3" in w.explanation["text"]
    w.close()


def test_is_this_possible_from_here_judges_the_squares_and_pieces_left(small):
    place(small, "V5", V_DEAD)
    found = small.check_possible()
    assert found is not None and small.explanation["possible"] is False
    assert small.message.startswith("Not from here: the pieces left cannot cover the squares left.")
    assert found.region == small.puzzle.cells - {tuple(c) for c in V_DEAD}
    small.remove((1, 0))
    place(small, "V5", V)
    assert small.check_possible() is None and small.explanation["possible"] is True
    assert small.message == "Yes: the pieces left can still cover the squares left."
    small.place([tuple(c) for c in L], "L5")
    assert small.explanation == {}  # an answer is for one position only


def test_a_generated_puzzle_shows_its_difficulty():
    from blokus_nb.puzzles import generate

    puzzle = generate("pentominoes", "random", difficulty=1, seed=0)
    w = PuzzleWidget(puzzle)
    assert w.difficulty.startswith(f"Level 1 of 5 (warm-up): {sum(puzzle.counts.values())} pieces")
    assert PuzzleWidget(Puzzle((5, 3), "L P V")).difficulty == ""
    w.close()


def test_solved_by_the_student_or_shown_by_the_widget(small):
    for piece, cells in (("V5", V), ("L5", L), ("P", P)):
        place(small, piece, cells)
    assert small.solved_by == "you" and small.status.startswith("Solved!")
    small.reset()
    assert small.solved_by == ""
    small.show_solution()
    assert small.solved_by == "solution" and not small.status.startswith("Solved")
    assert "the widget placed the pieces" in small.status


# ---------------------------------------------------------------- changes made in Python
def test_python_methods_update_the_views_at_once(small):
    sent = Recorder(small)
    version = small.version
    small.place([tuple(c) for c in V])
    assert small.version == version + 1 and cells_of(small) == [("V5", V)]
    assert small.show_hint() == Placement("L5", [tuple(c) for c in L])
    assert small.hint["found"] and small.hint["piece"] == "L5"
    small.remove((0, 0))
    assert small.placements == [] and small.hint == {}
    small.place([tuple(c) for c in L], "L5")
    small.reset()
    assert small.placements == []
    assert small.show_solution().is_complete and small.solved
    assert len(sent.updates()) >= 5


def test_a_change_made_to_the_puzzle_directly_shows_at_once_and_makes_older_requests_stale(small):
    # No notebook cell has to finish (marimo has no post_run_cell): the widget subscribes to its puzzle.
    sent = Recorder(small)
    version = small.version
    small.puzzle.place([tuple(c) for c in V])
    assert cells_of(small) == [("V5", V)] and small.version == version + 1
    assert sent.updates()[-1]["placements"] == [{"piece": "V5", "cells": V}]
    small.refresh()
    assert small.version == version + 1  # nothing new: no new version

    small.puzzle.place([tuple(c) for c in L])
    assert len(small.placements) == 2
    custom(small, {"type": "remove", "cell": [0, 0], "version": version + 1})
    assert "changed before" in small.error  # the view had not seen the L
    small.puzzle.remove((0, 0))
    small.puzzle.clear()
    assert small.placements == [] and small.version == version + 4


def test_each_change_through_the_widget_is_one_new_version(small):
    version = small.version
    small.place([tuple(c) for c in V])
    place(small, "L5", L)
    custom(small, {"type": "reset", "version": small.version})
    small.show_solution()
    assert small.version == version + 4 and small.solved


def test_a_new_puzzle_replaces_the_old_in_every_view(small):
    small.place([tuple(c) for c in V])
    small.puzzle = Puzzle((10, 6))
    assert (small.width, small.height) == (10, 6) and len(small.pieces) == 12
    assert small.placements == [] and not small.solved


def test_the_widget_follows_only_its_current_puzzle():
    first = Puzzle((5, 3), ["L", "P", "V"])
    w = PuzzleWidget(first)
    w.puzzle = Puzzle((5, 3), ["L", "P", "V"])
    version = w.version
    first.place([tuple(c) for c in V])  # no longer shown
    assert w.placements == [] and w.version == version
    w.close()
    w.puzzle.place([tuple(c) for c in V])  # a closed widget listens no more
    assert w.placements == []


def test_an_interrupted_hint_does_not_leave_the_widget_thinking(small, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C in the notebook while the search runs

    monkeypatch.setattr(small.puzzle, "hint", interrupted)
    with pytest.raises(KeyboardInterrupt):
        small.show_hint()
    assert small.thinking == ""
