"""AI seats for the board widget: searches run in a background thread.

The notebook stays responsive while a computer player thinks. A search is
never interrupted; instead every job carries the widget's *generation* (a
counter that moves on whenever the game changes, is undone or replaced), and
the widget throws away an answer that arrives for an older generation. So
Undo or New game cancel a search in progress: its result is never played.

>>> thinker = Thinker(deliver=lambda job, move, error: None, pause=0)
>>> thinker.busy
False
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from .game import Game
from .hints import hint
from .players import Limit, Player, make_player

HUMAN = "human"


def make_seat(spec: Any, seed: int | None = None) -> tuple[str, Any]:
    """``(label, player)`` for one seat; ``player`` is None for a human.

    ``spec`` is ``"human"`` (or None), a player name for
    :func:`blokus_nb.players.make_player` (``"random"``, ``"greedy"``,
    ``"mcts"``, ``"easy"``, ``"medium"``, ``"hard"``), or a player object with
    a ``choose_move(game, limit=None)`` method.
    """
    if spec is None or spec == HUMAN:
        return HUMAN, None
    if isinstance(spec, str):
        player = make_player(spec, seed=seed)
        return player.name, player
    if not callable(getattr(spec, "choose_move", None)):
        raise TypeError(f"a seat is 'human', a player name or a player with choose_move(), not {spec!r}")
    if isinstance(spec, Player) and seed is not None:
        spec = make_player(spec, seed=seed)
    return str(getattr(spec, "name", type(spec).__name__)), spec


def stoppable(limit: Limit | None, cancelled: threading.Event) -> Limit:
    """``limit`` (or the player's own budget) that also ends when ``cancelled`` is set.

    >>> event = threading.Event()
    >>> limit = stoppable(Limit(time=2.0), event)
    >>> limit.time, limit.stop(), (event.set(), limit.stop())[1]
    (2.0, False, True)
    """
    return replace(limit or Limit(), stop=cancelled.is_set)


def suggest(game: Game, player: Any = "hard", limit: Limit | None = None) -> dict[str, Any]:
    """A good move for the color to play and why, from :func:`blokus_nb.hints.hint`, as trait data."""
    advice = hint(game, player=player, limit=limit)
    move = advice.move
    if move.is_pass:
        raise ValueError(f"{advice.color} has no legal move")
    return {"move": str(move), "piece": move.piece.name, "cells": list(move.cells),
            "reasons": advice.reasons(), "source": advice.player}


@dataclass
class Job:
    """One question for a background thread: a move for ``color`` (kind ``"move"``) or a ``"hint"``."""

    kind: str
    color: str
    generation: int
    version: int
    target: Game
    compute: Callable[[], Any]
    cancelled: threading.Event = field(default_factory=threading.Event)


class Thinker:
    """Runs one job at a time in a daemon thread and hands the answer to ``deliver(job, move, error)``.

    A move job takes at least ``pause`` seconds, so a person sees the
    "thinking" state before the computer's piece appears.
    """

    def __init__(self, deliver: Callable[[Job, Any, BaseException | None], None], pause: float) -> None:
        self._deliver = deliver
        self.pause = pause
        self._job: Job | None = None
        self._guard = threading.Lock()

    @property
    def busy(self) -> bool:
        job = self._job
        return job is not None and not job.cancelled.is_set()

    @property
    def job(self) -> Job | None:
        return self._job if self.busy else None

    def start(self, job: Job) -> Job:
        with self._guard:
            if self._job is not None:
                self._job.cancelled.set()
            self._job = job
        threading.Thread(target=self._run, args=(job,), name=f"blokus-{job.kind}-{job.color}",
                         daemon=True).start()
        return job

    def cancel(self) -> None:
        with self._guard:
            if self._job is not None:
                self._job.cancelled.set()
                self._job = None

    def _run(self, job: Job) -> None:
        started = time.perf_counter()
        move: Any = None
        error: BaseException | None = None
        try:
            move = job.compute()
        except Exception as exc:  # an AI failure is reported in the widget, not raised in a thread
            error = exc
        if job.kind == "move":
            job.cancelled.wait(max(0.0, self.pause - (time.perf_counter() - started)))
        with self._guard:
            if self._job is job:
                self._job = None
        if not job.cancelled.is_set():
            self._deliver(job, move, error)
