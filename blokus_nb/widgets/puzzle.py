"""The puzzle widget: solve a tiling puzzle with the mouse or the keyboard, the puzzle live in Python.

>>> from blokus_nb.puzzles import Puzzle
>>> from blokus_nb.widgets import PuzzleWidget
>>> w = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
>>> w.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])  # every view shows it
Placement(piece='V5', cells=((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)))
>>> w.show_hint()
Placement(piece='L5', cells=((1, 0), (2, 0), (3, 0), (4, 0), (1, 1)))
>>> w.show_solution() is not None, w.solved
(True, True)

The :class:`~blokus_nb.puzzles.Puzzle` in :attr:`PuzzleWidget.puzzle` is the
only authority. A view draws the traits below and *asks* to place a piece, take
one away, get a hint or a solution, or start again (custom messages checked by
:mod:`blokus_nb.widgets.puzzle_protocol`, then by the puzzle); a refused request
changes nothing and sets :attr:`error`. Changes made from Python through the
widget's methods, or ``w.puzzle = other``, reach every displayed view at once;
changes made to ``w.puzzle`` directly (``w.puzzle.place(...)``) too, because
the widget subscribes to its puzzle (in Jupyter, marimo or a script alike).

A hint, a solution or "is this possible from here?" asked for in a view is
searched for in a background thread, so the notebook stays responsive (a dead
end on a 6x10 board can take seconds to prove). One search runs at a time: a
new request, or any change to the puzzle, stops the search before it (it
watches a stop event) and its answer is never shown.

"Is this possible from here?" answers with the same arguments as
:meth:`Puzzle.explain <blokus_nb.puzzles.Puzzle.explain>`, for the squares
still empty and the pieces still in the tray: a colouring, a square no piece
reaches, parts no pieces fill, or the search's effort.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

import traitlets

from ..errors import ArgumentTypeError
from ..exact_cover import SearchStopped
from ..pieces import Cell, Piece
from ..puzzles import Placement, PlacementError, Puzzle, PuzzleError, Tiling
from ._base import STATIC, WidgetBase
from ._jobs import Job
from ._protocol import Refusal
from .puzzle_protocol import PuzzleRequest, explanation_entry, read_request, view_state

__all__ = ["PuzzleWidget"]


def remaining_puzzle(puzzle: Puzzle, placed: tuple[Placement, ...]) -> Puzzle:
    """The puzzle still to do once ``placed`` are down: the empty squares and the pieces left."""
    covered = {cell for p in placed for cell in p.cells}
    used: dict[str, int] = {}
    for p in placed:
        used[p.piece] = used.get(p.piece, 0) + 1
    left = [puzzle.shapes[name] for name, count in puzzle.counts.items() for _ in range(count - used.get(name, 0))]
    return Puzzle(puzzle.cells - covered, left)


def _search(kind: str, puzzle: Puzzle, placed: tuple[Placement, ...], stop: threading.Event) -> Any:
    """A hint (a placement or None), a solution ``(tiling or None, kept)`` or an explanation (None: possible),
    from the pieces ``placed``; stops (:class:`SearchStopped`) once ``stop`` is set."""
    if kind == "hint":
        return puzzle.hint(placed, stop=stop)
    if kind == "check":
        return remaining_puzzle(puzzle, placed).explain(stop=stop)
    tiling = puzzle.complete(placed, stop=stop)
    if tiling is not None:
        return tiling, True
    # Nothing keeps the pieces placed: a solution from the start (None if there is none at all).
    return (puzzle.solve(stop=stop) if placed else None), False


class PuzzleWidget(WidgetBase):
    """A tiling puzzle to solve in a notebook: place, turn and flip pieces, get hints, see a solution.

    ``puzzle`` is a :class:`~blokus_nb.puzzles.Puzzle`, or a region to make
    one from with ``pieces`` (the pentominoes by default):
    ``PuzzleWidget((5, 3), "L P U")`` is ``PuzzleWidget(Puzzle((5, 3), "L P U"))``.
    """

    _esm = STATIC / "puzzle.js"
    _css = STATIC / "puzzle.css"

    # Drawn from the puzzle (Python -> views). Cells are [x, y], x to the right, y down.
    width = traitlets.Int(1, help="Columns of the region's bounding box.").tag(sync=True)
    height = traitlets.Int(1, help="Rows of the region's bounding box.").tag(sync=True)
    region: traitlets.List[list[int]] = traitlets.List(
        help="The region's cells [x, y], row by row from the top.").tag(sync=True)
    pieces: traitlets.List[dict[str, Any]] = traitlets.List(
        help="[{'name', 'cells', 'count', 'color'}], each kind of piece once.").tag(sync=True)
    placements: traitlets.List[dict[str, Any]] = traitlets.List(
        help="[{'piece', 'cells'}] of the pieces placed, in the order placed.").tag(sync=True)
    remaining = traitlets.Dict(help="Piece name -> copies still to place.").tag(sync=True)
    solved = traitlets.Bool(False, help="Is every square of the region covered?").tag(sync=True)
    solved_by = traitlets.Unicode(help="'you', 'solution' (Show a solution filled it) or '' while unsolved.").tag(sync=True)
    difficulty = traitlets.Unicode(help="The puzzle's difficulty in words, when known (a generated puzzle).").tag(sync=True)
    explanation = traitlets.Dict(help="{'version', 'possible', 'kind', 'text', 'svg'} of the last "
                                      "'is this possible?', or {}.").tag(sync=True)
    status = traitlets.Unicode(help="How far the tiling has got, as a sentence.").tag(sync=True)
    message = traitlets.Unicode(help="What the last hint or solution found ('' once the puzzle changes).").tag(sync=True)
    hint = traitlets.Dict(help="{'version', 'found', 'piece', 'cells'} of the last hint, or {}.").tag(sync=True)
    thinking = traitlets.Unicode(help="'hint', 'solution' or 'check' while one is being searched for, else ''.").tag(sync=True)

    #: The live puzzle (not sent to the views; its state is, through the traits above).
    puzzle = traitlets.Instance(Puzzle)

    def __init__(self, puzzle: Puzzle | Any, pieces: Any = None, **kwargs: Any) -> None:
        self._shown: tuple[Placement, ...] | None = None
        self._following: Puzzle | None = None  # the puzzle subscribed to
        if not isinstance(puzzle, Puzzle):
            puzzle = Puzzle(puzzle, "pentominoes" if pieces is None else pieces)
        elif pieces is not None:
            raise ArgumentTypeError("give pieces with a region, not with a Puzzle (it has its pieces)")
        super().__init__(**kwargs)
        self.puzzle = puzzle

    # ---------------------------------------------------------------- public API
    def place(self, cells: Iterable[Cell], piece: str | Piece | None = None) -> Placement:
        """Put a piece on ``cells`` (see :meth:`Puzzle.place`); every view shows it.

        Raises :class:`~blokus_nb.puzzles.PlacementError` (and changes nothing) if it may not go there.
        """
        with self._lock, self._batch():
            placement = self.puzzle.place(cells, piece)
            self._refresh()
        return placement

    def remove(self, where: Cell | Placement) -> Placement:
        """Take away the placement given, or the one covering cell ``where``; returns it."""
        with self._lock, self._batch():
            placement = self.puzzle.remove(where)
            self._refresh()
        return placement

    def reset(self) -> None:
        """Take every piece off the board."""
        with self._lock, self._batch():
            self.puzzle.clear()
            self._refresh()

    def show_hint(self) -> Placement | None:
        """One more piece that a full tiling puts there, shown in every view (see :meth:`Puzzle.hint`).

        Returns it, or ``None`` when no full tiling keeps the pieces placed
        (the views then say "no solution from here"). Raises
        :class:`~blokus_nb.puzzles.PuzzleError` when the puzzle is already solved.
        """
        return self._begin("hint", background=False)

    def show_solution(self) -> Tiling | None:
        """Fill the region with a solution and return it.

        The solution keeps the pieces placed if some full tiling does; if none
        does they are taken away for a solution from the start. ``None`` (and
        nothing changes) when the puzzle has no solution at all; a
        :class:`~blokus_nb.puzzles.PuzzleError` when it is already solved.
        """
        return self._begin("solution", background=False)

    def check_possible(self) -> Any:
        """Can the pieces left still cover the squares left? ``None`` if so, else why not
        (an :class:`~blokus_nb.puzzles.explanations.Explanation`); every view shows the answer.

        >>> from blokus_nb.puzzles import Puzzle
        >>> w = PuzzleWidget(Puzzle((5, 4), "tetrominoes"))
        >>> w.check_possible().kind
        'colouring'
        """
        return self._begin("check", background=False)

    def refresh(self) -> None:
        """Show the puzzle's pieces if the views have not seen them yet.

        Changes to :attr:`puzzle` show by themselves (the widget subscribes to
        it); this is for a puzzle changed behind its back (``puzzle._placements``).
        """
        with self._lock:
            if self.puzzle.placements != self._shown:
                self._refresh()

    def close(self) -> None:
        if self._following is not None:
            self._following.unsubscribe(self._on_puzzle_change)
            self._following = None
        super().close()

    def __repr__(self) -> str:
        return f"PuzzleWidget({self.puzzle!r})"

    def _svg(self) -> str:
        return self.puzzle.tiling().svg()

    # ---------------------------------------------------------------- puzzle -> views
    @traitlets.observe("puzzle")
    def _on_new_puzzle(self, change: dict) -> None:
        if self._following is not None:
            self._following.unsubscribe(self._on_puzzle_change)
        self._following = change["new"]
        self._following.subscribe(self._on_puzzle_change)
        self._refresh()

    def _on_puzzle_change(self, puzzle: Puzzle) -> None:
        with self._lock:
            if puzzle is self.puzzle and not self._batch_depth:
                self.refresh()

    def _refresh(self, solution_shown: bool = False) -> None:
        """Send the views everything about the puzzle; forget any hint, message, explanation or search."""
        with self._lock:
            self._shown = self.puzzle.placements
            self._jobs.cancel()
            self._publish({**view_state(self.puzzle, solution_shown), "message": "", "explanation": {}})

    # ---------------------------------------------------------------- hints and solutions
    def _begin(self, kind: str, background: bool = True) -> Any:
        """Look for a hint or a solution from the pieces placed now (see :meth:`_answer`)."""
        with self._lock:
            self.refresh()
            if self.puzzle.is_solved:
                raise PuzzleError("the puzzle is already solved")
            puzzle, placed = self.puzzle, self.puzzle.placements
        stop = threading.Event()
        try:
            return self._ask(kind, lambda: _search(kind, puzzle, placed, stop), cancelled=stop,
                             background=background)
        except SearchStopped:
            return None  # a newer request or a change stopped it: its answer is not wanted

    def _stamp(self) -> int:
        return self.version

    def _answer(self, job: Job, result: Any, error: BaseException | None) -> Any:
        """Show the answer of a search (the puzzle has not changed meanwhile)."""
        if error is not None:
            if not isinstance(error, SearchStopped):
                self.error = f"the {job.kind} search failed: {error}"
            return None
        if job.kind == "hint":
            return self._show_hint(result)
        if job.kind == "check":
            return self._show_explanation(result)
        tiling, kept = result
        return self._show_solution(tiling, kept)

    def _show_hint(self, placement: Placement | None) -> Placement | None:
        if placement is None:
            self.hint = {"version": self.version, "found": False}
            self.message = ("This puzzle has no solution." if not self.puzzle.placements else
                            "No solution from here: no full tiling keeps the pieces placed. "
                            "Take a piece back and try again.")
        else:
            self.hint = {"version": self.version, "found": True, "piece": placement.piece,
                         "cells": [list(cell) for cell in placement.cells]}
            self.message = f"Hint: the {placement.piece} goes on the marked squares."
        return placement

    def _show_explanation(self, explanation: Any) -> Any:
        self.explanation = explanation_entry(self.version, explanation)
        if explanation is None:
            self.message = ("Yes: this puzzle can be done." if not self.puzzle.placements else
                            "Yes: the pieces left can still cover the squares left.")
        elif not self.puzzle.placements:
            self.message = f"No, this puzzle cannot be done. {explanation.text}"
        else:
            self.message = (f"Not from here: the pieces left cannot cover the squares left. {explanation.text} "
                            "Take a piece back and try again.")
        return explanation

    def _show_solution(self, tiling: Tiling | None, kept: bool) -> Tiling | None:
        if tiling is None:
            self.message = "This puzzle has no solution."
            return None
        had = self.puzzle.placements
        with self._batch():
            if not kept:
                self.puzzle.clear()
            for placement in tiling.placements:
                if not (kept and placement in had):
                    self.puzzle.place(placement.cells, placement.piece)
            self._refresh(solution_shown=True)
        if kept and had:
            self.message = ("Here is a solution that keeps the piece you placed; the widget placed the rest."
                            if len(had) == 1 else
                            f"Here is a solution that keeps the {len(had)} pieces you placed; the widget "
                            "placed the rest.")
        elif kept:
            self.message = "Here is a solution, placed by the widget."
        else:
            self.message = ("No full tiling keeps the pieces you placed, so the widget took them away and "
                            "placed a solution from the start.")
        return tiling

    # ---------------------------------------------------------------- views -> puzzle
    def _read_request(self, content: Any) -> PuzzleRequest:
        return read_request(content)

    def _handle(self, request: PuzzleRequest) -> None:
        with self._lock:
            self.refresh()  # a view that has not seen a change made from Python is stale
            if request.version != self.version:
                raise Refusal("the puzzle changed before this request arrived; nothing was done", "stale")
            if request.kind in ("place", "remove"):
                try:
                    if request.kind == "place":
                        self.place(request.cells, request.piece)
                    else:
                        self.remove(request.cells[0])
                except PlacementError as exc:
                    raise Refusal(str(exc), exc.rule, tuple(f"{x},{y}" for x, y in exc.cells)) from None
            elif request.kind == "reset":
                self.reset()
            else:
                if self.puzzle.is_solved:
                    raise Refusal("the puzzle is already solved", "solved")
                self._begin(request.kind)  # stops any search before it: one at a time
