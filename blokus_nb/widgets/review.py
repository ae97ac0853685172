"""The review board: a board widget in ``mode="review"`` searches every position of its game in the background.

``bn.BlokusWidget(game=..., mode="review")`` (or the Review button on a
finished game) shows the game as a replay, and the engine searches the
position before every placement, one after another, on one background job
(:mod:`._jobs`): the ``review`` trait fills in as each search ends (the
progress bar, the win-chance graph, the classes of the moves, the summary),
and Stop ends the work between two positions (or within a search, whose
estimate is then dropped). What is found is kept for the game as it is: if the
game changes, the searches of the positions before the change stay.

The engine's line (the next few moves from the position shown) runs on the
same job. Review asked for while it searches waits for it (``"queued"``) and
starts when the line is found; a job cancelled on the way (a move tried, the
mode changed) resets what the board showed of it, so nothing stays
"searching" or "running" with no job behind it.

The searches are those of :func:`blokus_nb.analysis.review` with the same
player, limit and seeds, so :meth:`Reviewer.frame` is the same frame.

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> reviewer = Reviewer(limit=Limit(simulations=10))
>>> reviewer.pending(game)
[0, 1]
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd

from .. import validation
from ..analysis.review import REVIEW_LIMIT, Estimate, placements, review_frame, search_positions_steps
from ..errors import ArgumentTypeError, BlokusError, IllegalMoveError
from ..game import Game
from ..players import Limit, Player, make_player
from ..players.mcts import Searcher
from ..players.search import Steps, finish, search_steps_of
from ._jobs import Job
from ._protocol import Refusal, piece_name
from .review_line import ReviewLine
from .review_protocol import ReviewRequest, check_explored, review_state
from .seats import check_review_options

if TYPE_CHECKING:  # pragma: no cover
    from contextlib import AbstractContextManager

    from ..records.tree import Tree
    from ._jobs import Jobs

__all__ = ["ReviewHost", "Reviewer"]

#: What the review is doing: not started, searching, waiting for the engine's line, stopped by a
#: person, every position searched, failed.
STATUSES = ("idle", "running", "queued", "stopped", "done", "failed")
#: Moves of the engine's line shown on request (its best move and the replies it expects).
LINE_MOVES = 4


def engine_line(position: Game, player: Any, limit: Limit, seed: int | None, moves: int = LINE_MOVES,
                stop: Any = None) -> list[dict[str, Any]]:
    """The engine's best move from ``position`` and the ``moves - 1`` moves it expects after it,
    each searched afresh at ``limit``: ``{"move", "cells", "piece", "color", "win"}`` (the mover's chance).

    >>> import blokus_nb as bn
    >>> line = engine_line(bn.Game("duo"), "hard", Limit(simulations=10), seed=0, moves=2)
    >>> [step["color"] for step in line]
    ['purple', 'orange']
    """
    return finish(engine_line_steps(position, player, limit, seed, moves, stop))


def engine_line_steps(position: Game, player: Any, limit: Limit, seed: int | None, moves: int = LINE_MOVES,
                      stop: Any = None) -> Steps[list[dict[str, Any]]]:
    """:func:`engine_line` in steps (its job: see :mod:`._jobs`), the same moves."""
    game = position.copy()
    line = []
    for _k in range(moves):
        if game.is_over or (stop is not None and stop()):
            break
        searcher = make_player(player, seed=None if seed is None else seed + len(game.history) + 1)
        if not isinstance(searcher, Searcher):
            raise ArgumentTypeError(f"the engine's line needs a player that searches (an MCTS player such as "
                                    f"'hard', or a bn.engines.GTPEngine), not {searcher!r}")
        result = yield from search_steps_of(searcher, game, replace(limit, stop=stop) if stop else limit)
        move = game.play(result.move)
        line.append({"move": str(move), "cells": list(move.cells), "piece": piece_name(move),
                     "color": move.color, "win": round(float(result.win_rate), 4)})
    return line


class ReviewHost(Protocol):
    """What the review needs of the board it is a part of; the board lends it (``board.py``'s ``_Host``).

    The review never touches the board's private members: it locks, runs its
    job, shows its state and changes the game through these names only.
    """

    @property
    def game(self) -> Game: ...
    @property
    def mode(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def review(self) -> dict[str, Any]: ...
    @property
    def jobs(self) -> Jobs: ...

    def locked(self) -> AbstractContextManager[Game]:
        """Hold the game's lock, then the board's; give the game."""
        ...

    def stamp(self) -> Any:
        """What a job's answer must still match to be used (the game and its version)."""
        ...

    def shown_game(self) -> Game:
        """The position the board shows."""
        ...

    def refresh(self) -> None:
        """Send the views the position shown again (the lock is held)."""
        ...

    def show_review(self, state: dict[str, Any]) -> None:
        """Send the views the review's state."""
        ...

    def report(self, message: str) -> None:
        """Say what went wrong (the board's ``error``)."""
        ...

    def open_review(self) -> None:
        """Turn the board into the review board (``mode="review"``)."""
        ...

    def replace_game(self, game: Game) -> None:
        """Show ``game`` instead (the tree's main line after a variation changed)."""
        ...


class Reviewer:
    """A board widget's review: the player and limit that search, the estimates found, the opening index.

    ``player`` is a searching player or its name, ``limit`` the search per
    position (default :data:`~blokus_nb.analysis.review.REVIEW_LIMIT`),
    ``explorer`` an :class:`~blokus_nb.analysis.OpeningIndex` (or a source of
    games to build one from) whose moves the board lists for each position.
    """

    def __init__(self, player: str | Player = "hard", limit: Limit | None = None, explorer: Any = None,
                 seed: int | None = 0) -> None:
        check_review_options(player, limit)
        self.player = player
        self.limit = limit or REVIEW_LIMIT
        self.seed = validation.seed(seed)
        self.explorer, self.explorer_name = _explorer(explorer)
        self.estimates: dict[int, Estimate] = {}
        self._searched_for: list = []  # the history the estimates were found in
        self.status = "idle"
        self.message = ""
        #: The node shown in the game's tree, and the variations tried.
        self.line = ReviewLine()
        #: The engine's line asked for: the node it is for, and its moves (None while searched).
        self._engine_line: tuple[Any, list[dict[str, Any]] | None] | None = None

    @property
    def level(self) -> str:
        """The search, in words: ``"hard, 400 simulations a position"``; an outside engine searches
        at its own level (``"pentobi level 5, at its own level"``)."""
        from ..engines.player import GTPEngine

        name = getattr(self.player, "name", self.player)
        if isinstance(self.player, GTPEngine):  # it is sent a time, never a number of simulations
            if self.limit.time is None:
                return f"{name}, at its own level"
            seconds = max(1, math.ceil(self.limit.time))  # GTP's time settings are whole seconds
            return f"{name}, at its own level ({seconds} s a position if it takes time settings)"
        budget = (f"{self.limit.simulations} simulations" if self.limit.simulations is not None
                  else f"{self.limit.time:g} s" if self.limit.time is not None else "its own budget")
        return f"{name}, {budget} a position"

    def check_game(self, game: Game) -> None:
        """Raise :class:`~blokus_nb.errors.BlokusError` if the opening explorer is of another variant than ``game``.

        >>> import blokus_nb as bn
        >>> index = bn.analysis.opening_index("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])", progress=False)
        >>> Reviewer(explorer=index).check_game(bn.Game("classic"))
        Traceback (most recent call last):
        ...
        blokus_nb.errors.BlokusError: the explorer holds duo openings, and this game is classic: give a duo game, or an explorer of classic games
        """
        if self.explorer is not None and self.explorer.variant.name != game.variant.name:
            theirs, ours = self.explorer.variant.name, game.variant.name
            raise BlokusError(f"the explorer holds {theirs} openings, and this game is {ours}: give a {theirs} "
                              f"game, or an explorer of {ours} games")

    # ---------------------------------------------------------------- what is known
    def follow(self, game: Game) -> None:
        """Keep the estimates of the positions ``game`` still has (those before its first changed move)."""
        history = game.history
        same = 0
        for old, new in zip(self._searched_for, history):
            if old != new:
                break
            same += 1
        self.estimates = {i: e for i, e in self.estimates.items() if i < same}
        self._searched_for = list(history)

    def pending(self, game: Game) -> list[int]:
        """The history indices of the placements of ``game`` not searched yet."""
        self.follow(game)
        return [i for i in placements(game) if i not in self.estimates]

    def frame(self, game: Game) -> pd.DataFrame:
        """The review so far as :func:`blokus_nb.analysis.review` gives it (unsearched rows NaN)."""
        self.follow(game)
        frame = review_frame(game, list(self.estimates.values()))
        frame.attrs.update({"player": getattr(self.player, "name", self.player), "limit": repr(self.limit)})
        return frame

    def state(self, game: Game, shown: Game) -> dict[str, Any]:
        """The ``review`` trait for ``game`` shown at ``shown``."""
        self.follow(game)
        self.line.follow(game)
        state = review_state(game, shown, list(self.estimates.values()), status=self.status,
                             message=self.message, level=self.level, explorer=self.explorer,
                             explorer_name=self.explorer_name, line=self.line.state())
        asked = self._engine_line
        if asked is not None and asked[0] is self.line.node:
            state["position"]["engine_line"] = asked[1] if asked[1] is not None else "searching"
        else:
            state["position"]["engine_line"] = []
        return state

    def show(self, game: Game, index: int | None, reset: bool) -> tuple[Game, int, str]:
        """The position the board shows (after ``index`` placements of the line, if given), the
        line's length and the node's comment. ``reset``: a new game shows the end of its main line."""
        kept = self.line.follow(game)
        if index is not None:
            self.line.seek(index)
        elif reset and not kept:
            self.line.to_end()
        return self.line.shown(), self.line.length(), self.line.comment()

    def tree(self, game: Game) -> Tree:
        """A copy of ``game``'s tree with the variations tried on the review board."""
        line = self.line
        line.follow(game)
        assert line.tree is not None  # follow() keeps the tree or makes one
        return line.tree.copy()

    # ---------------------------------------------------------------- the background job
    def resume(self, board: ReviewHost) -> None:
        """Search the positions not searched yet, unless a person stopped the review or it is running.

        While the engine's line searches, the review waits for it (``"queued"``).
        """
        with board.locked() as game:
            if game is None or board.mode != "review" or self.status == "stopped":
                return
            running = board.jobs.job
            if running is not None and running.kind == "review":
                return
            todo = self.pending(game)
            if not todo:
                self.status, self.message = "done", ""
                self._show(board, game)
                return
            if running is not None:  # the engine's line: engine_line_found starts the review after it
                self.status, self.message = "queued", "the review goes on once the engine's line is found"
                self._show(board, game)
                return
            copy, cancelled, stamp = game.copy(), threading.Event(), board.stamp()

            def found(estimate: Estimate) -> None:
                self._found(board, stamp, estimate)

            def compute() -> Steps[list[Estimate]]:  # in steps: a Stop between two positions, or two slices
                return search_positions_steps(copy, self.player, self.limit, self.seed, todo, found,
                                              cancelled.is_set)

            self.status, self.message = "running", ""
            self._show(board, game)
            board.jobs.start(Job("review", compute, stamp, cancelled=cancelled, on_cancel=self._review_cancelled))

    def job_done(self, board: ReviewHost, kind: str, result: Any, error: BaseException | None) -> None:
        """One of the review's jobs ended (the lock is held): ``"review"`` (the searches) or ``"line"``."""
        if kind == "review":
            self.finished(board, error)
        else:
            self.engine_line_found(board, result, error)

    def _review_cancelled(self) -> None:
        """The review's job was cancelled (a change to the game, the mode or the seats; Stop): nothing runs."""
        if self.status == "running":
            self.status = "idle"

    def _found(self, board: ReviewHost, stamp: Any, estimate: Estimate) -> None:
        """One position searched (in the job's thread): shown if the game is still the one searched."""
        with board.locked() as game:
            if stamp != board.stamp():
                return
            self.estimates[estimate.index] = estimate
            self._show(board, game)

    def finished(self, board: ReviewHost, error: BaseException | None) -> None:
        """The job ended (the lock is held): every position searched, or the search failed."""
        game = board.game
        if error is not None:
            self.status, self.message = "failed", f"the review stopped: {error}"
        else:
            self.status = "done" if not self.pending(game) else "stopped"
        self._show(board, game)

    def stop(self, board: ReviewHost) -> None:
        """Stop searching; what was found stays. :meth:`start` goes on from there."""
        with board.locked() as game:
            if self.status not in ("running", "queued"):
                raise BlokusError("no review is running")
            if self.status == "running":  # a queued review only stops waiting: the engine's line goes on
                board.jobs.cancel()
            self.status, self.message = "stopped", ""
            self._show(board, game)

    def start(self, board: ReviewHost) -> None:
        """Start (or go on with) the review of the board's game."""
        with board.locked():
            if board.mode != "review":
                raise BlokusError("the review runs on a board in review mode: set mode='review'")
            if self.status in ("running", "queued"):
                raise BlokusError(f"the review is already {self.status}")
            self.status = "idle"
        self.resume(board)

    def _show(self, board: ReviewHost, game: Game) -> None:
        board.show_review(self.state(game, board.shown_game()))

    # ---------------------------------------------------------------- requests from views
    def handle(self, board: ReviewHost, request: ReviewRequest) -> None:
        """Act on a review request from a view (see :mod:`.review_protocol`); refuse with a reason."""
        kind = request.kind
        if kind == "stop-review":
            if board.mode != "review" or self.status not in ("running", "queued"):
                raise Refusal("no review is running", "idle")
            self.stop(board)
            return
        with board.locked() as game:
            if request.version != board.version:
                raise Refusal("the board changed before this request arrived; nothing was done", "stale")
            if kind == "engine-line":
                if board.mode != "review":
                    raise Refusal("the engine's line is shown on the review board (mode='review')", "mode")
                self.line.follow(game)
                self.ask_engine_line(board)
                return
            if kind in ("place", "main-line", "promote", "delete-variation"):
                if board.mode != "review":
                    raise Refusal("variations are tried on the review board (mode='review')", "mode")
                self._change_line(board, request)
                return
            if kind == "review":
                if board.mode == "review":
                    if self.status in ("running", "queued"):
                        raise Refusal(f"the review is already {self.status}", "busy")
                    self.start(board)
                    return
                if board.mode == "play" and not game.is_over:
                    raise Refusal("a game is reviewed once it is over (or opened with mode='review')", "not-over")
                try:
                    board.open_review()
                except BlokusError as exc:  # the board stays as it was
                    raise Refusal(str(exc), "cannot-review") from None
                return
            if board.mode != "review":
                raise Refusal("the opening explorer is part of the review board", "mode")
            if self.explorer is None:
                raise Refusal("this review board has no corpus to explore (explorer=...)", "no-explorer")
            check_explored(board.review, request.move)
            self._change_line(board, request)

    def ask_engine_line(self, board: ReviewHost) -> None:
        """Search the engine's line from the position shown in the background (the lock is held)."""
        if self.status in ("running", "queued"):
            raise Refusal("the engine is busy with the review: stop it (or wait) to see its line", "busy")
        if board.jobs.busy:
            raise Refusal("the engine is already searching", "busy")
        shown = self.line.shown()
        if shown.is_over:
            raise Refusal("the line is over here: there is no move to show", "game-over")
        node, cancelled = self.line.node, threading.Event()
        asked = self._engine_line = (node, None)

        def line_cancelled() -> None:  # a move tried, the mode changed: the line is searched no more
            if self._engine_line is asked:
                self._engine_line = None
            if self.status == "queued":  # nothing to wait for: the next resume starts the review
                self.status, self.message = "idle", ""

        job = Job("line", lambda: engine_line_steps(shown, self.player, self.limit, self.seed, stop=cancelled.is_set),
                  board.stamp(), cancelled=cancelled, on_cancel=line_cancelled)
        self._show(board, board.game)
        board.jobs.start(job)

    def engine_line_found(self, board: ReviewHost, moves: Any, error: BaseException | None) -> None:
        """The engine's line arrived (the lock is held): shown if the board still shows its position."""
        asked = self._engine_line
        if asked is None:
            return
        if error is not None:
            self._engine_line = None
            board.report(f"the engine's line could not be found: {error}")
        else:
            self._engine_line = (asked[0], list(moves))
        self._show(board, board.game)
        if self.status == "queued":  # Review was asked for meanwhile: it runs now
            self.status = "idle"
            self.resume(board)

    def _change_line(self, board: ReviewHost, request: ReviewRequest) -> None:
        """Try a move, leave a variation, promote or delete one (the lock is held)."""
        line = self.line
        line.follow(board.game)
        kind = request.kind
        if kind in ("place", "explore") and not line.state()["open"]:
            raise Refusal("the line is over here: no move can follow it", "game-over")
        if kind in ("main-line", "promote", "delete-variation") and line.on_main_line():
            raise Refusal({"main-line": "this is the main line already",
                           "promote": "this position is on the main line already",
                           "delete-variation": "the main line cannot be deleted, only a variation"}[kind],
                          "main-line")
        try:
            if kind in ("place", "explore"):
                shown = line.shown()
                if kind == "place" and request.color != (shown.to_play or ""):
                    raise Refusal(f"it is {shown.to_play or 'nobody'}'s turn here, not {request.color[:20]}'s",
                                  "wrong-color")
                if request.piece:
                    piece = shown.parse_move(request.move).piece
                    if piece is None or piece.name != request.piece:
                        raise Refusal(f"those cells are not the {request.piece[:5]} piece", "not-a-piece")
                line.play(request.move)
            elif kind == "main-line":
                line.to_main_line()
                board.refresh()
                return
            elif kind == "promote":
                line.promote()
            else:
                line.delete()
        except IllegalMoveError as exc:
            raise Refusal(str(exc), exc.rule, exc.cells) from None
        except BlokusError as exc:
            raise Refusal(str(exc), "invalid") from None
        # The tree changed: the board's game becomes its main line again (a game that remembers
        # the tree, so saving it writes every variation).
        board.replace_game(line.game_of_tree())


def _explorer(explorer: Any) -> tuple[Any, str]:
    """The opening index and its name in the panel (a source of games is indexed now)."""
    from ..analysis.openings import OpeningIndex, opening_index

    if explorer is None:
        return None, ""
    if not isinstance(explorer, OpeningIndex):
        explorer = opening_index(explorer, progress=False)
    return explorer, f"{explorer.games} {explorer.variant.name} games, {explorer.depth} placements deep"
