"""The puzzle widget: solve a tiling puzzle with the mouse or the keyboard, the puzzle live in Python.

>>> from blokus_nb.puzzles import Puzzle
>>> from blokus_nb.puzzle_widget import PuzzleWidget
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
:mod:`blokus_nb.puzzle_widget_messages`, then by the puzzle); a refused request
changes nothing and sets :attr:`error`. Changes made from Python through the
widget's methods, or ``w.puzzle = other``, reach every displayed view at once;
changes made to ``w.puzzle`` directly show after the notebook cell has run
(or on :meth:`PuzzleWidget.refresh`), because a puzzle does not announce them.

A hint or a solution asked for in a view is searched for in a background
thread, so the notebook stays responsive (a dead end on a 6x10 board can take
seconds to prove). The search is not interrupted when the puzzle changes
meanwhile; its answer is thrown away.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import anywidget
import traitlets

from .pieces import Cell, Piece
from .puzzle_widget_messages import PuzzleRequest, read_request
from .puzzle_widget_state import view_state
from .puzzles import Placement, PlacementError, Puzzle, PuzzleError, Tiling
from .widget_messages import Refusal

__all__ = ["PuzzleWidget"]

_STATIC = Path(__file__).parent / "static"


@dataclass
class _Search:
    """A hint or a solution looked for from the pieces ``placed`` at widget ``version``."""

    kind: str  # "hint" or "solution"
    puzzle: Puzzle
    placed: tuple[Placement, ...]
    version: int

    def run(self) -> Any:
        if self.kind == "hint":
            return self.puzzle.hint(self.placed)
        tiling = self.puzzle.complete(self.placed)
        if tiling is not None:
            return tiling, True
        # Nothing keeps the pieces placed: a solution from the start (None if there is none at all).
        return (self.puzzle.solve() if self.placed else None), False


class PuzzleWidget(anywidget.AnyWidget):
    """A tiling puzzle to solve in a notebook: place, turn and flip pieces, get hints, see a solution.

    ``puzzle`` is a :class:`~blokus_nb.puzzles.Puzzle`, or a region to make
    one from with ``pieces`` (the pentominoes by default):
    ``PuzzleWidget((5, 3), "L P U")`` is ``PuzzleWidget(Puzzle((5, 3), "L P U"))``.
    """

    _esm = _STATIC / "puzzle.js"
    _css = _STATIC / "puzzle.css"

    # Drawn from the puzzle (Python -> views). Cells are [x, y], x to the right, y down.
    width = traitlets.Int(1, help="Columns of the region's bounding box.").tag(sync=True)
    height = traitlets.Int(1, help="Rows of the region's bounding box.").tag(sync=True)
    region = traitlets.List(help="The region's cells [x, y], row by row from the top.").tag(sync=True)
    pieces = traitlets.List(help="[{'name', 'cells', 'count', 'color'}], each kind of piece once.").tag(sync=True)
    placements = traitlets.List(help="[{'piece', 'cells'}] of the pieces placed, in the order placed.").tag(sync=True)
    remaining = traitlets.Dict(help="Piece name -> copies still to place.").tag(sync=True)
    solved = traitlets.Bool(False, help="Is every square of the region covered?").tag(sync=True)
    status = traitlets.Unicode(help="How far the tiling has got, as a sentence.").tag(sync=True)
    message = traitlets.Unicode(help="What the last hint or solution found ('' once the puzzle changes).").tag(sync=True)
    error = traitlets.Unicode(help="Why the last request from a view was refused ('' after a good one).").tag(sync=True)
    hint = traitlets.Dict(help="{'version', 'found', 'piece', 'cells'} of the last hint, or {}.").tag(sync=True)
    thinking = traitlets.Unicode(help="'hint' or 'solution' while one is being searched for, else ''.").tag(sync=True)
    version = traitlets.Int(0, help="Increases whenever the puzzle shown changes.").tag(sync=True)

    #: The live puzzle (not sent to the views; its state is, through the traits above).
    puzzle = traitlets.Instance(Puzzle)

    def __init__(self, puzzle: Puzzle | Any, pieces: Any = None, **kwargs: Any) -> None:
        self._lock = threading.RLock()
        self._shown: tuple[Placement, ...] | None = None
        self._search: _Search | None = None
        self._unwatch: Callable[[], None] = lambda: None
        if not isinstance(puzzle, Puzzle):
            puzzle = Puzzle(puzzle, "pentominoes" if pieces is None else pieces)
        elif pieces is not None:
            raise TypeError("give pieces with a region, not with a Puzzle (it has its pieces)")
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self._watch_cells()

    # ---------------------------------------------------------------- public API
    def place(self, cells: Iterable[Cell], piece: str | Piece | None = None) -> Placement:
        """Put a piece on ``cells`` (see :meth:`Puzzle.place`); every view shows it.

        Raises :class:`~blokus_nb.puzzles.PlacementError` (and changes nothing) if it may not go there.
        """
        with self._lock:
            self.refresh()
            placement = self.puzzle.place(cells, piece)
            self._refresh()
        return placement

    def remove(self, where: Cell | Placement) -> Placement:
        """Take away the placement given, or the one covering cell ``where``; returns it."""
        with self._lock:
            self.refresh()
            placement = self.puzzle.remove(where)
            self._refresh()
        return placement

    def reset(self) -> None:
        """Take every piece off the board."""
        with self._lock:
            self.puzzle.clear()
            self._refresh()

    def show_hint(self) -> Placement | None:
        """One more piece that a full tiling puts there, shown in every view (see :meth:`Puzzle.hint`).

        Returns it, or ``None`` when no full tiling keeps the pieces placed
        (the views then say "no solution from here"). Raises
        :class:`~blokus_nb.puzzles.PuzzleError` when the puzzle is already solved.
        """
        search = self._begin("hint")
        return self._finish(search, search.run())

    def show_solution(self) -> Tiling | None:
        """Fill the region with a solution and return it.

        The solution keeps the pieces placed if some full tiling does; if none
        does they are taken away for a solution from the start. ``None`` (and
        nothing changes) when the puzzle has no solution at all; a
        :class:`~blokus_nb.puzzles.PuzzleError` when it is already solved.
        """
        search = self._begin("solution")
        return self._finish(search, search.run())

    def refresh(self) -> None:
        """Show changes made to :attr:`puzzle` directly (``w.puzzle.place(...)``).

        In a notebook this happens by itself after every cell; call it from
        code that runs outside one (a thread, a script).
        """
        with self._lock:
            if self.puzzle.placements != self._shown:
                self._refresh()

    def close(self) -> None:
        self._unwatch()
        with self._lock:
            self._search = None
        super().close()

    def __repr__(self) -> str:
        return f"PuzzleWidget({self.puzzle!r})"

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live widget, plus the tiling's SVG for places that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["image/svg+xml"] = self.puzzle.tiling().svg()
        return data, metadata

    # ---------------------------------------------------------------- puzzle -> views
    @traitlets.observe("puzzle")
    def _on_new_puzzle(self, change: dict) -> None:
        self._refresh()

    def _refresh(self) -> None:
        """Send the views everything about the puzzle; forget any hint, message or search."""
        with self._lock:
            self._shown = self.puzzle.placements
            self._search = None
            state = view_state(self.puzzle)
            with self.hold_sync():
                for name, value in state.items():
                    setattr(self, name, value)
                self.error = ""
                self.message = ""
                self.hint = {}
                self.thinking = ""
                self.version += 1

    def _watch_cells(self) -> None:
        """In IPython, refresh after every cell: ``w.puzzle.place(...)`` in a cell then shows at once."""
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return
        shell = get_ipython()
        if shell is None:
            return
        widget = weakref.ref(self)

        def after_cell(*_: Any) -> None:
            alive = widget()
            if alive is not None:
                alive.refresh()

        shell.events.register("post_run_cell", after_cell)

        def unwatch() -> None:
            if after_cell in shell.events.callbacks.get("post_run_cell", []):
                shell.events.unregister("post_run_cell", after_cell)

        self._unwatch = unwatch

    # ---------------------------------------------------------------- hints and solutions
    def _begin(self, kind: str) -> _Search:
        with self._lock:
            self.refresh()
            if self.puzzle.is_solved:
                raise PuzzleError("the puzzle is already solved")
            search = _Search(kind, self.puzzle, self.puzzle.placements, self.version)
            self._search = search
            self.thinking = kind
            return search

    def _in_background(self, search: _Search) -> None:
        def run() -> None:
            try:
                result = search.run()
            except Exception as exc:  # reported in the widget, not raised in a thread
                with self._lock:
                    if self._search is search:
                        self._search = None
                        self.thinking = ""
                        self.error = f"the {search.kind} search failed: {exc}"
                return
            self._finish(search, result)

        threading.Thread(target=run, name=f"blokus-puzzle-{search.kind}", daemon=True).start()

    def _finish(self, search: _Search, result: Any) -> Any:
        """Show the answer of ``search``, unless the puzzle changed meanwhile (then it is thrown away)."""
        with self._lock:
            if self._search is not search or self.version != search.version:
                return None
            self._search = None
            self.thinking = ""
            if search.kind == "hint":
                return self._show_hint(result)
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

    def _show_solution(self, tiling: Tiling | None, kept: bool) -> Tiling | None:
        if tiling is None:
            self.message = "This puzzle has no solution."
            return None
        had = self.puzzle.placements
        if not kept:
            self.puzzle.clear()
        for placement in tiling.placements:
            if not (kept and placement in had):
                self.puzzle.place(placement.cells, placement.piece)
        self._refresh()
        if kept and had:
            self.message = ("A solution that keeps the piece you placed." if len(had) == 1 else
                            f"A solution that keeps the {len(had)} pieces you placed.")
        elif kept:
            self.message = "A solution."
        else:
            self.message = "No full tiling keeps the pieces you placed, so here is a solution from the start."
        return tiling

    # ---------------------------------------------------------------- views -> puzzle
    def set_state(self, sync_data: dict) -> None:
        """A view may change no trait: everything comes from the puzzle, so anything sent is put back."""
        refused = [k for k in sync_data if k in self.keys]
        if refused:
            self.send_state(refused)

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        super()._handle_custom_msg(content, buffers)
        try:
            request = read_request(content)
            with self._lock:
                self.refresh()  # a view that has not seen a change made from Python is stale
                self._handle(request)
        except Refusal as refusal:
            self._refuse(refusal)

    def _refuse(self, refusal: Refusal) -> None:
        self.error = refusal.reason
        self.send(refusal.message())

    def _handle(self, request: PuzzleRequest) -> None:
        if request.version != self.version:
            raise Refusal("the puzzle changed before this request arrived; nothing was done", "stale")
        if request.kind in ("place", "remove"):
            try:
                if request.kind == "place":
                    self.puzzle.place(request.cells, request.piece)
                else:
                    self.puzzle.remove(request.cells[0])
            except PlacementError as exc:
                raise Refusal(str(exc), exc.rule, tuple(f"{x},{y}" for x, y in exc.cells)) from None
            self._refresh()
        elif request.kind == "reset":
            self.reset()
        else:
            if self.puzzle.is_solved:
                raise Refusal("the puzzle is already solved", "solved")
            if self._search is not None:
                raise Refusal(f"wait: a {self._search.kind} is being searched for", "busy")
            self._in_background(self._begin(request.kind))
