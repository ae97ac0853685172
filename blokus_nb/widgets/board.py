"""The board widget: play Blokus inside JupyterLab, with the game live in Python.

>>> import blokus_nb as bn
>>> w = bn.BlokusWidget("duo", players={"orange": "random"})
>>> w.game.play("d9,c10,d10,e10,d11")  # the view updates; orange answers by itself
Move('purple', 'd9,c10,d10,e10,d11')

The :class:`~blokus_nb.Game` in :attr:`BlokusWidget.game` is the only
authority. A view draws the traits below and *asks* to place a piece (custom
messages checked by :mod:`blokus_nb.widgets.board_protocol`, then by the game's
rules); a refused request changes nothing and sets :attr:`error`. Changes made
from Python (``w.game.play(...)``, ``w.game.undo()``, ``w.game = other``)
reach every displayed view, because the widget subscribes to its game.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import traitlets

from .. import validation
from ..errors import ArgumentTypeError, BlokusError, IllegalMoveError, short_repr
from ..game import Game
from ..move import Move
from ..players.base import check_limit
from ..players.search import move_steps_of
from ..variants import VARIANTS
from ._base import STATIC, WidgetBase, WidgetOptionError
from ._jobs import Job
from ._protocol import Refusal
from .board_protocol import HUMAN, Command, NewGame, Place, Request, Seek, pieces_table, read_request, view_state
from .replay import Replayer, record_comment
from .review_protocol import ReviewRequest
from .seats import check_hint_player, check_pause, check_review_options, check_seed, make_seat, stoppable, suggest_steps

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    import pandas as pd

    from ..records.tree import Tree
    from ._jobs import Jobs
    from .review import Reviewer

__all__ = ["BlokusWidget"]


class BlokusWidget(WidgetBase):
    """A Blokus board to play on in a notebook, or to replay a game with.

    ``variant`` is used when no ``game`` is given. ``players`` maps colors to
    seats: ``"human"`` (the default) or an AI player name such as
    ``"random"``, ``"greedy"`` or ``"mcts"`` (or a player object). ``mode``
    ``"replay"`` shows a recorded game with a move slider instead of letting
    anyone play; ``"review"`` replays it beside the engine's review (see
    :mod:`blokus_nb.widgets.review`: ``review_player`` and ``review_limit``
    search each position, ``explorer`` is an opening index or a corpus whose
    moves are listed for each position). ``hint_player`` is the AI that suggests moves for the Hint
    button; ``ai_pause`` the shortest time (seconds) an AI seat appears to
    think, and ``ai_limit`` (a :class:`blokus_nb.players.Limit`) overrides the
    AI seats' own thinking budgets.

    Every option is checked when it is given (to the constructor or assigned
    later): a bad one raises a :class:`~blokus_nb.errors.BlokusError` and
    changes nothing. A seat whose player fails (raises anything, or answers
    with no legal move) says so in :attr:`error`, and its color is played by
    a person from then on.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    _view_writable = frozenset({"show_hints", "palette"})
    _options = ("players", "hint_player", "ai_pause", "ai_limit", "seed", "review_player", "review_limit", "explorer")
    # Quick presses of the replay keys may arrive out of order: the last one sent wins.
    _latest_wins = ("seek",)

    # Drawn from the game (Python -> views).
    variant = traitlets.Unicode("classic", help="The variant's name.").tag(sync=True)
    variants = traitlets.List(traitlets.Unicode(), help="Variants offered for a new game.").tag(sync=True)
    size = traitlets.Int(20).tag(sync=True)
    colors = traitlets.List(traitlets.Unicode()).tag(sync=True)
    start_cells = traitlets.Dict().tag(sync=True)
    pieces: traitlets.List[dict[str, Any]] = traitlets.List(
        help="[{'name', 'cells': [[x, y], ...]}] in catalogue order, y down.").tag(sync=True)
    board = traitlets.Unicode(help="One digit per cell, row 0 at the top: 0 empty, k = colors[k-1].").tag(sync=True)
    hands = traitlets.Dict(help="Color -> names of the pieces it still holds.").tag(sync=True)
    to_play = traitlets.Unicode(help="The color to move, or '' when the game is over.").tag(sync=True)
    seats = traitlets.Dict(help="Color -> 'human' or the AI player's name.").tag(sync=True)
    legal = traitlets.Dict(help="{'version', 'color', 'moves': piece -> move texts} for a human to move.").tag(sync=True)
    corner_points = traitlets.List(traitlets.Unicode()).tag(sync=True)
    forbidden = traitlets.List(traitlets.Unicode()).tag(sync=True)
    last_move = traitlets.Dict(help="{'color', 'move', 'cells', 'piece'} of the last placement, or {}.").tag(sync=True)
    scores = traitlets.Dict().tag(sync=True)
    game_over = traitlets.Bool(False).tag(sync=True)
    winners = traitlets.List(traitlets.Int()).tag(sync=True)
    status = traitlets.Unicode(help="Whose turn it is, who passed, or the result.").tag(sync=True)
    thinking = traitlets.Unicode(help="The color an AI (or the hint) is thinking for, else ''.").tag(sync=True)
    progress = traitlets.Int(0, help="Increases with every change of the game: a move (from a view, from Python or "
                                     "an AI seat), an undo, a redo, a new game. Observe it to follow the game.").tag(
        sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    move_number = traitlets.Int(0, help="Placements so far.").tag(sync=True)
    hint = traitlets.Dict(help="The suggested move {'version', 'move', 'piece', 'cells', 'reasons', 'source'}, "
                                "or {}.").tag(sync=True)
    comment = traitlets.Unicode(help="The record's comment on the move shown (replay).").tag(sync=True)
    # View preferences (either side may set them).
    show_hints = traitlets.Bool(False, help="Show corner points and forbidden cells of the color to play.").tag(sync=True)
    palette = traitlets.Enum(["standard", "colorblind"], "standard").tag(sync=True)
    # Replay.
    mode = traitlets.Enum(["play", "replay", "review"], "play").tag(sync=True)
    replay_index = traitlets.Int(0, help="Placements shown in replay mode.").tag(sync=True)
    replay_length = traitlets.Int(0).tag(sync=True)
    review = traitlets.Dict(help="The review board's state (widgets/review_protocol.py), {} outside review mode.").tag(
        sync=True)

    #: The live game (not sent to the views; its state is, through the traits above).
    #: None only while ``__init__`` runs (``_on_new_game`` refuses None later), hence the cast.
    game = cast("traitlets.Instance[Game]", traitlets.Instance(Game, allow_none=True))

    def __init__(self, variant: str = "classic", *, game: Game | None = None,
                 players: Mapping[str, Any] | None = None, mode: str = "play", hint_player: Any = "hard",
                 ai_pause: float = 0.4, ai_limit: Any = None, seed: int | None = None,
                 review_player: Any = "hard", review_limit: Any = None, explorer: Any = None,
                 **kwargs: Any) -> None:
        self._generation = 0
        self._putting_back = False  # a trait change that could not be drawn is being undone
        self._history_seen = 0
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self._seat_players: dict[str, Any] = {}
        self._seat_labels: dict[str, str] = {}
        self._seed = check_seed(seed)
        self._shown: Game | None = None  # the position shown in replay or review mode (a part's)
        self._replayer = Replayer()
        self.ai_pause = ai_pause
        self.hint_player = hint_player
        self.ai_limit = ai_limit
        # The review part (widgets/review.py, with pandas and the analysis) loads with the first review.
        self._review_options = (*check_review_options(review_player, review_limit), explorer)
        self._reviewer: Reviewer | None = None
        self._host = _Host(self)
        variants = list(VARIANTS)
        if explorer is not None:  # an opening index is built (or refused) now, as the option is given
            first = game if game is not None else Game(variant)
            self._check_explorer(first)  # before the widget exists: a refused option leaves nothing behind
            variants = [first.variant.name]  # a new game from a view: the only variant it explores
        super().__init__(mode=mode, variants=variants, pieces=pieces_table(), **kwargs)
        self.game = game if game is not None else Game(variant)
        self.players = {} if players is None else players

    # ---------------------------------------------------------------- options
    @property
    def ai_pause(self) -> float:
        """The shortest time (seconds) an AI seat appears to think."""
        return self._ai_pause

    @ai_pause.setter
    def ai_pause(self, seconds: float) -> None:
        self._ai_pause = check_pause(seconds)

    @property
    def hint_player(self) -> Any:
        """The player (a name or a :class:`~blokus_nb.players.Player`) that the Hint button asks."""
        return self._hint_player

    @hint_player.setter
    def hint_player(self, player: Any) -> None:
        self._hint_player = check_hint_player(player)

    @property
    def ai_limit(self) -> Any:
        """A :class:`~blokus_nb.players.Limit` for every AI seat, or None for each player's own budget."""
        return self._ai_limit

    @ai_limit.setter
    def ai_limit(self, limit: Any) -> None:
        self._ai_limit = check_limit(limit, "ai_limit", none="the players' own")

    # ---------------------------------------------------------------- public API
    @property
    def players(self) -> dict[str, str]:
        """Seat of each color: ``"human"`` or the AI player's name. Assign a dict to change seats."""
        return dict(self.seats)

    @players.setter
    def players(self, players: Mapping[str, Any]) -> None:
        if not isinstance(players, Mapping):
            raise ArgumentTypeError(f"players maps colors to seats, like {{'orange': 'hard'}}, not "
                                    f"{short_repr(players)}")
        colors = self.game.colors
        labels, objects = {}, {}
        for k, (color, spec) in enumerate(dict(players).items()):
            if color not in colors:
                raise BlokusError(f"{short_repr(color)} is not a color of {self.game.variant.name}; its colors "
                                  f"are {', '.join(colors)}")
            seed = None if self._seed is None else self._seed + k
            labels[color], objects[color] = make_seat(spec, seed)
        with self._locked():
            self._seat_labels, self._seat_players = labels, objects
            self._generation += 1
            self._jobs.cancel()
            if self.game is not None:
                self._refresh()
        self._schedule_ai()

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` for every move added to the game (passes included), wherever it came from.

        A computer seat's moves are played from its background thread, so the
        callback runs there for them. ``remove=True`` stops calling it (a callback
        never added is left as it is). Raises
        :class:`~blokus_nb.errors.ArgumentTypeError` for a ``callback`` that is not
        callable or a ``remove`` that is not True or False.
        """
        if not callable(callback):
            raise ArgumentTypeError(f"callback is a function taking the move, not {short_repr(callback)}")
        remove = validation.instance(remove, "remove", bool, "True or False")
        if remove:
            if callback in self._move_callbacks:
                self._move_callbacks.remove(callback)
        elif callback not in self._move_callbacks:
            self._move_callbacks.append(callback)

    def play(self, move: Move | str) -> Move:
        """Play ``move`` in the live game (same as ``w.game.play(move)``)."""
        return self.game.play(move)

    def undo(self) -> None:
        """Take back the last placement, and the AI moves after the last human one.

        With AI seats, undoing only the AI's answer would let it answer again;
        so this goes back to the last position where a human was to play.
        """
        with self._locked() as game:
            with self._batch():  # the views hear of the whole undo once, not of each step
                if not game.can_undo:
                    raise BlokusError("there is no move to undo")
                game.undo()
                while game.can_undo and self._is_ai(game.to_play) and self._has_human():
                    game.undo()
            self._on_game_change(game)

    def redo(self) -> None:
        """Replay the moves taken back by :meth:`undo` up to the next human turn."""
        with self._locked() as game:
            with self._batch():
                if not game.can_redo:
                    raise BlokusError("there is no move to redo")
                game.redo()
                while game.can_redo and self._is_ai(game.to_play) and self._has_human():
                    game.redo()
            self._on_game_change(game)

    def new_game(self, variant: str | None = None) -> Game:
        """Start a new game (of ``variant``, default the current one) with the same seats."""
        self.game = Game(variant or self.game.variant.name)
        return self.game

    def suggest(self) -> None:
        """Ask ``hint_player`` for a good move; it appears in :attr:`hint` and on the board."""
        with self._locked():
            game = self.game
            color = game.to_play  # None when the game is over
            if self.mode != "play" or color is None:
                raise BlokusError("there is no move to suggest")
            if self._is_ai(color) or self._jobs.busy:
                raise BlokusError("a computer player is thinking; ask for a hint on a human's turn")
            copy, player, cancelled = game.copy(), self.hint_player, threading.Event()
            limit = stoppable(None, cancelled)
            self._ask("hint", lambda: suggest_steps(copy, player, limit), color=color, cancelled=cancelled)

    def start_review(self) -> None:
        """Start (or go on with) the review of the game in review mode; it runs in the background."""
        self._review_part().start(self._host)

    def stop_review(self) -> None:
        """Stop the review's searches; what was found stays."""
        self._review_part().stop(self._host)

    def review_frame(self) -> pd.DataFrame:
        """The review so far as a frame, as :func:`blokus_nb.analysis.review` gives it."""
        with self._locked() as game:
            return self._review_part().frame(game)

    @property
    def tree(self) -> Tree:
        """A copy of the game's tree (:class:`blokus_nb.Tree`), with the variations tried on the review board.

        In review mode a move tried from a position adds a variation, and
        :attr:`game` becomes the tree's main line again: a game that
        remembers the tree, so :meth:`save` writes every variation.
        """
        from ..records.tree import Tree

        with self._locked() as game:
            if self.mode == "review":
                return self._review_part().tree(game)
            return Tree.from_game(game)

    def save(self, path: str | Path) -> None:
        """Save the game (``.blksgf`` as Pentobi SGF, ``.json`` as JSON), with the variations of its tree."""
        from ..records import save

        save(self.game, path)

    def close(self) -> None:
        if self.game is not None:
            self.game.unsubscribe(self._on_game_change)
        super().close()

    def __repr__(self) -> str:
        return f"BlokusWidget({self.game!r})" if self.game is not None else "BlokusWidget()"

    def _svg(self) -> str:
        return self._shown_game().to_svg(size=480)

    def _review_part(self) -> Reviewer:
        """The review part, made (and its module loaded) the first time it is needed."""
        if self._reviewer is None:
            from .review import Reviewer

            player, limit, explorer = self._review_options
            self._reviewer = Reviewer(player, limit, explorer)
        return self._reviewer

    def _check_explorer(self, game: Game) -> None:
        """Refuse ``game`` if the opening explorer given is of another variant (made here if needed).

        Called before the game or the review mode is taken, so that nothing
        changes when it raises :class:`~blokus_nb.widgets._base.WidgetOptionError`.
        """
        if self._review_options[2] is None:
            return
        part = self._review_part()  # an explorer that cannot be built raises its own error (a PathError)
        try:
            part.check_game(game)
        except BlokusError as exc:
            raise WidgetOptionError(str(exc)) from None

    # ---------------------------------------------------------------- game -> views
    @traitlets.validate("game")
    def _valid_game(self, proposal: dict) -> Game | None:
        game = proposal["value"]
        if game is not None:  # None is refused by _on_new_game, which can put the old game back
            self._check_explorer(game)
        return game

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: dict) -> str:
        """The review mode is taken only if the review part can show this game (made and checked now)."""
        mode = proposal["value"]
        if mode == "review" and self.game is not None:
            self._review_part()  # made now: what it raises leaves the mode as it is
            self._check_explorer(self.game)
        return mode

    @traitlets.observe("game")
    def _on_new_game(self, change: dict) -> None:
        old, new = change["old"], change["new"]
        if new is None:  # None is allowed only before the first game (traitlets skips validation of None)
            self._trait_values["game"] = old  # put the game back without telling anyone it left
            raise ArgumentTypeError("w.game is a Game, not None; start a new one with w.new_game()")
        if old is not None:
            old.unsubscribe(self._on_game_change)
        new.subscribe(self._on_game_change)
        with self._put_back("game", change):
            with self._locked():
                self._generation += 1
                self._jobs.cancel()
                self._history_seen = len(new.history)
                self._shown = None
                self._replayer.reset()
                self._refresh(reset_replay=True, progressed=True)
        self._schedule_ai()

    @traitlets.observe("mode")
    def _on_mode(self, change: dict) -> None:
        if self.game is None:
            return
        with self._put_back("mode", change):
            with self._locked():
                self._generation += 1
                self._jobs.cancel()
                self._shown = None
                self._replayer.reset()
                self._refresh(reset_replay=True)
        self._schedule_ai()

    @contextmanager
    def _put_back(self, name: str, change: dict) -> Iterator[None]:
        """Put trait ``name`` back as it was (drawn again) if the change cannot be drawn, and raise.

        traitlets sets a trait before its observers run; the checks that can be
        made first are in the validators, and this is for anything else, so a
        game or a mode the board cannot show is never left half taken. Once
        only: if the old value cannot be drawn either, the error is raised as it is.
        """
        try:
            yield
        except BaseException:
            old = change["old"]
            if not self._putting_back and old is not None:
                self._putting_back = True
                try:
                    setattr(self, name, old)
                except Exception:  # the old value fails too: the first error says what went wrong
                    pass
                finally:
                    self._putting_back = False
            raise

    def _on_game_change(self, game: Game) -> None:
        if game is not self.game:  # a game this widget no longer shows
            return
        if self._batch_depth:  # the batch (undo, redo) reports its changes once, at its end
            return
        with self._locked():
            if game is not self.game:
                return
            history = game.history
            added = history[self._history_seen:] if len(history) > self._history_seen else []
            self._history_seen = len(history)
            self._generation += 1
            self._jobs.cancel()
            self._refresh(progressed=True)
        for move in added:
            for callback in list(self._move_callbacks):
                try:
                    callback(move)
                except Exception:  # a user's callback must not break the widget
                    traceback.print_exc(file=sys.stderr)
        self._schedule_ai()

    @contextmanager
    def _locked(self) -> Iterator[Game]:
        """Hold the game's lock, then the widget's; give the game.

        Every change to the game goes through here, from a view, from Python
        or from an AI seat's thread, and :meth:`Game.play` holds the game's
        lock while it tells the widget; so the game's lock always comes first
        (the other order could deadlock), and a check and the change it allows
        are one step (an AI's answer is played only on the position it was
        asked about).
        """
        while True:
            game = self.game
            with game.lock if game is not None else nullcontext(), self._lock:
                if game is self.game:  # not replaced while we waited for its lock
                    yield game
                    return

    def _shown_game(self) -> Game:
        return self._shown if self.mode in ("replay", "review") and self._shown is not None else self.game

    def _refresh(self, reset_replay: bool = False, replay_index: int | None = None,
                 progressed: bool = False) -> None:
        """Send the views everything about the position they show. Call with the lock held.

        In replay mode the view shows ``replay_index`` placements; by default the
        same as before, or the end when it was at the end (or ``reset_replay``).
        ``progressed``: the game itself changed, so :attr:`progress` moves on.
        """
        game = self.game
        length, note, review = len(game.moves), None, {}
        if self.mode == "review":  # the review part shows a node of the game's tree, with its comment
            part = self._review_part()
            self._shown, length, note = part.show(game, replay_index, reset_replay)
            review = part.state(game, self._shown)
        elif self.mode == "replay":
            self._shown = self._replayer.show(game, replay_index, self.replay_index,
                                              at_end=self.replay_index >= self.replay_length, reset=reset_replay)
        shown = self._shown_game()
        human = self._seat_labels.get(shown.to_play or "", HUMAN) == HUMAN
        state = view_state(shown, seats=self._seats_for(shown),
                           with_legal=self.mode == "play" and human or self.mode == "review")
        legal_moves = state.pop("legal_moves")
        self._publish({**state, "seats": self._seats_for(shown),
                       "legal": {"version": self.version + 1, "color": state["to_play"], "moves": legal_moves},
                       "replay_length": length, "replay_index": len(shown.moves),
                       "comment": note if note is not None else record_comment(shown, game), "review": review,
                       "progress": self.progress + 1 if progressed else self.progress})

    def _seats_for(self, game: Game) -> dict[str, str]:
        return {color: self._seat_labels.get(color, HUMAN) for color in game.colors}

    # ---------------------------------------------------------------- AI seats
    def _is_ai(self, color: str | None) -> bool:
        return color is not None and self._seat_players.get(color) is not None

    def _has_human(self) -> bool:
        return any(not self._is_ai(c) for c in self.game.colors)

    def _schedule_ai(self) -> None:
        if self.mode == "review":
            self._review_part().resume(self._host)
            return
        with self._locked():
            game = self.game
            color = None if game is None else game.to_play  # None when the game is over
            if self._batch_depth or self.mode != "play" or color is None or self._jobs.busy:
                return
            player = self._seat_players.get(color)
            if player is None:
                return
            copy, cancelled = game.copy(), threading.Event()
            limit = stoppable(self.ai_limit, cancelled)  # Undo or New game ends the search early
            self._ask("move", lambda: move_steps_of(player, copy, limit), color=color, pause=self.ai_pause,
                      cancelled=cancelled)

    def _stamp(self) -> tuple[int, int, int]:
        return self._generation, id(self.game), self.game.version

    def _answer(self, job: Job, move: Any, error: BaseException | None) -> None:
        """Apply an answer from the background thread (the game has not moved on meanwhile).

        A seat that failed, or answered with no legal move, is given to a person:
        asking it again would fail again, and its color would wait for ever.
        """
        who = f"{job.color} ({self._seat_labels.get(job.color, 'hint')})"
        if job.kind in ("review", "line"):  # the review part's jobs: its searches, the engine's line
            self._review_part().job_done(self._host, job.kind, move, error)
            return
        if job.kind == "hint":  # `move` is the suggestion, with its reasons
            if error is not None:
                self.error = f"{who} could not find a move: {error}"
            else:
                self.hint = {"version": self.version, **move}
            return
        if error is not None:
            failed = getattr(error, "original", error)
            self._free_seat(job.color, f"{who} failed: {type(failed).__name__}: {failed}")
            return
        try:
            self.game.play(move)
        except Exception as exc:  # a Move of the wrong color, text that is no move, any object at all
            self._free_seat(job.color, f"{who} chose {short_repr(move)}, which the rules refuse: {exc}")

    def _free_seat(self, color: str, why: str) -> None:
        """Give ``color`` to a person after its player failed, and say why. Call with the lock held."""
        self._seat_labels = {**self._seat_labels, color: HUMAN}
        self._seat_players = {**self._seat_players, color: None}
        self._generation += 1
        self._refresh()
        self.error = f"{why}; {color} is played by a person now"

    # ---------------------------------------------------------------- views -> game
    def _read_request(self, content: Any) -> Request | ReviewRequest:
        return read_request(content)

    def _handle(self, request: Request | ReviewRequest) -> None:
        if isinstance(request, ReviewRequest):  # the review part's own requests
            self._review_part().handle(self._host, request)
            return
        if isinstance(request, Seek):  # the replay's (and the review's) position
            if self.mode not in ("replay", "review"):
                raise Refusal("moving through the game needs replay mode (or review mode)", "mode")
            with self._locked():
                self._refresh(replay_index=request.index)
            return
        if self.mode == "review" and isinstance(request, Place):  # a move tried: a variation (widgets/review.py)
            self._review_part().handle(self._host, ReviewRequest(request.kind, request.version, request.move,
                                                                 request.color, request.piece))
            return
        with self._locked():
            if self.mode != "play":
                raise Refusal("this board replays a game; it cannot be changed here", "mode")
            if request.version != self.version:
                raise Refusal("the board changed before this request arrived; nothing was done", "stale")
            if isinstance(request, NewGame):
                try:
                    self.new_game(request.variant)
                except BlokusError as exc:  # a variant the explorer does not hold
                    raise Refusal(str(exc), "variant") from None
                return
            game = self.game
            if request.kind == "undo":
                if not game.can_undo:
                    raise Refusal("there is no move to undo", "undo")
                self.undo()
                return
            if request.kind == "redo":
                if not game.can_redo:
                    raise Refusal("there is no move to redo", "redo")
                try:
                    self.redo()
                except BlokusError as exc:
                    raise Refusal(str(exc), "redo") from None
                return
            if game.is_over:
                raise Refusal("the game is over", "game-over")
            if self._is_ai(game.to_play):
                raise Refusal(f"it is {game.to_play}'s turn, played by the computer", "ai-seat")
            if self._jobs.busy:
                raise Refusal("wait: a move is being computed", "busy")
            if isinstance(request, Command):
                if request.kind == "hint":
                    self.suggest()
                else:  # a pass (undo and redo were handled above)
                    self._play(game, "pass")
                return
            if request.color != game.to_play:
                raise Refusal(f"it is {game.to_play}'s turn, not {request.color[:20]}'s", "wrong-color")
            if request.piece:
                try:
                    piece = game.parse_move(request.move).piece
                except BlokusError as exc:
                    raise Refusal(str(exc), getattr(exc, "rule", "invalid"), getattr(exc, "cells", ())) from None
                if piece is None or piece.name != request.piece:
                    raise Refusal(f"those cells are not the {request.piece[:5]} piece", "not-a-piece")
            self._play(game, request.move)

    def _play(self, game: Game, text: str) -> None:
        try:
            game.play(text)
        except IllegalMoveError as exc:
            raise Refusal(str(exc), exc.rule, exc.cells) from None
        except BlokusError as exc:
            raise Refusal(str(exc), "invalid") from None


class _Host:
    """What the board lends its parts (the review's :class:`~blokus_nb.widgets.review.ReviewHost`).

    The parts hold this, not the board: they lock, run jobs and show their
    state through these names, and the board's private members stay its own.
    """

    def __init__(self, board: BlokusWidget) -> None:
        self._board = board

    @property
    def game(self) -> Game:
        return self._board.game

    @property
    def mode(self) -> str:
        return self._board.mode

    @property
    def version(self) -> int:
        return self._board.version

    @property
    def review(self) -> dict[str, Any]:
        return self._board.review

    @property
    def jobs(self) -> Jobs:
        return self._board._jobs

    def locked(self) -> AbstractContextManager[Game]:
        return self._board._locked()

    def stamp(self) -> tuple[int, int, int]:
        return self._board._stamp()

    def shown_game(self) -> Game:
        return self._board._shown_game()

    def refresh(self) -> None:
        self._board._refresh()

    def show_review(self, state: dict[str, Any]) -> None:
        self._board.review = state

    def report(self, message: str) -> None:
        self._board.error = message

    def open_review(self) -> None:
        self._board.mode = "review"

    def replace_game(self, game: Game) -> None:
        self._board.game = game
