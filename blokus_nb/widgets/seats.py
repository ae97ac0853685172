"""Who plays each color of a board widget, and what a computer seat or the Hint button computes.

A seat is a person (:data:`~.board_protocol.HUMAN`) or an AI player. The
board widget asks the players in the background (:mod:`._jobs`); the helpers
here build the players, bound their search, and turn a hint into trait data.

>>> make_seat("human")
('human', None)
>>> make_seat("random", seed=1)[0]
'random'
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

from .. import validation
from ..errors import ArgumentTypeError, short_repr
from ..game import Game
from ..hints import hint_steps
from ..players import Limit, Player, make_player
from ..players.search import Steps, finish
from ._protocol import piece_name
from .board_protocol import HUMAN

__all__ = ["HUMAN", "MAX_AI_PAUSE", "make_seat", "stoppable", "suggest", "suggest_steps", "check_pause",
           "check_hint_player", "check_seed"]


def make_seat(spec: Any, seed: int | None = None) -> tuple[str, Any]:
    """``(label, player)`` for one seat; ``player`` is None for a human.

    ``spec`` is ``"human"`` (or None), a player name for
    :func:`blokus_nb.players.make_player` (``"random"``, ``"greedy"``,
    ``"mcts"``, ``"easy"``, ``"medium"``, ``"hard"``), or a player object with
    a ``choose_move(game, limit=None)`` method (an outside engine,
    :class:`blokus_nb.engines.GTPEngine`, is one).
    """
    if spec is None or spec == HUMAN:
        return HUMAN, None
    if isinstance(spec, str):
        player = make_player(spec, seed=seed)
        return player.name, player
    if not callable(getattr(spec, "choose_move", None)):
        raise ArgumentTypeError(f"a seat is 'human', a player name or a player with choose_move(), not {spec!r}")
    if isinstance(spec, Player) and seed is not None:
        spec = make_player(spec, seed=seed)
    try:
        label = str(getattr(spec, "name", type(spec).__name__))
    except Exception:  # a player's own name property that fails still leaves a seat to show
        label = type(spec).__name__
    return label[:40], spec


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
    return finish(suggest_steps(game, player, limit))


def suggest_steps(game: Game, player: Any = "hard", limit: Limit | None = None) -> Steps[dict[str, Any]]:
    """:func:`suggest` in steps (the Hint button's job: see :mod:`blokus_nb.widgets._jobs`)."""
    advice = yield from hint_steps(game, player=player, limit=limit)
    move = advice.move
    if move.is_pass:
        raise ValueError(f"{advice.color} has no legal move")
    return {"move": str(move), "piece": piece_name(move), "cells": list(move.cells),
            "reasons": advice.reasons(), "source": advice.player}


# ---------------------------------------------------------------- the board widget's options, checked when given
#: The longest pause an AI seat may take to appear to think, in seconds (longer is surely a slip).
MAX_AI_PAUSE = 60.0


def check_pause(seconds: Any) -> float:
    """``seconds`` as a float if it is a number of seconds from 0 to :data:`MAX_AI_PAUSE`.

    >>> check_pause(0.4), check_pause(1)
    (0.4, 1.0)
    """
    return float(validation.number(seconds, "ai_pause", low=0, high=MAX_AI_PAUSE,
                                   what=f"a number of seconds from 0 to {MAX_AI_PAUSE:g} (like 0.4)"))


def check_hint_player(player: Any) -> str | Player:
    """``player`` if :func:`blokus_nb.hints.hint` can ask it: a known player name, or a :class:`Player`.

    >>> check_hint_player("hard")
    'hard'
    """
    if isinstance(player, Player):
        return player
    if not isinstance(player, str):
        raise ArgumentTypeError(f"hint_player is a player name like 'hard' or a Player, not {short_repr(player)}")
    make_player(player)  # an unknown name raises here, with the names there are
    return player


def check_review_options(player: Any, limit: Any) -> tuple[Any, Limit | None]:
    """``(player, limit)`` if the review can search with them: a player that searches and reports
    win rates (its name or the object) and a :class:`~blokus_nb.players.Limit` or None.

    Checked when they are given, and without loading the review (a board that never reviews never
    loads pandas): the analysis is imported only to name the default limit in an error.

    >>> check_review_options("hard", None)
    ('hard', None)
    """
    if limit is not None and not isinstance(limit, Limit):
        from ..analysis.review import REVIEW_LIMIT  # named in the error only
        from ..players.base import check_limit

        check_limit(limit, "review_limit", none=f"{REVIEW_LIMIT}")
    built = make_player(player)  # an unknown name or a wrong type is refused now, not in the background
    if not callable(getattr(built, "search", None)):
        raise ArgumentTypeError(f"review_player must search and report win rates (an MCTS player such "
                                f"as 'hard'), not {built!r}")
    return player, limit


def check_seed(seed: Any) -> int | None:
    """``seed`` if it is a whole number >= 0 or None (see :func:`blokus_nb.validation.seed`).

    >>> check_seed(7) + 1
    8
    """
    return validation.seed(seed)
