"""Review a game as chess players review theirs: the win chance each move lost, its class, a summary per player.

Before every placement the MCTS player searches the position (as
:func:`~blokus_nb.analysis.evaluate` does, seeded the same way, so in
two-sided games the two agree on the win chances). The mover's win chance *before* a move is the
search's estimate for its best move; its chance *after* is read from the next
position searched: the same estimate if the mover moves again (its opponent
passed), one minus the opponent's estimate in a two-sided game, and, with
three or four players, the mover's estimate at its own next turn. After the
last move it is the result (1 win, 1/k for a k-way tie, 0 loss).

With three or four players, a search that gives every player's chance of
finishing first (:attr:`SearchResult.chances
<blokus_nb.players.mcts.SearchResult.chances>`; they add up to 1) is read
for every player at every position: the mover's chance before a move is its
share in the position searched before it, its chance after is its share in
the very next position searched (whoever moves there), so a move's loss is
the mover's loss of first-place chance by that move alone (``evaluate``
takes the mover's chance before a move from the same share, but compares it
with its share at its own next turn). Duo and ``classic_2`` (two sides) are read as above;
their chances are the mover's and one minus it.

The *loss* of a move is before minus after. Moves are classed by it, with
the thresholds lichess uses for chess (its 0.1, 0.2 and 0.3 on a -1..1
scale are these win-chance points):

============  =========================================================
class         the move
============  =========================================================
best          is the search's own choice
good          loses less than 5 points of win chance
inaccuracy    loses 5 points or more
mistake       loses 10 points or more
blunder       loses 15 points or more (``evaluate``'s default threshold)
============  =========================================================

A player's *accuracy* is the mean over its moves of lichess's published
per-move formula, ``103.1668 * exp(-0.04354 * loss) - 3.1669`` (loss in
points of win chance, never below 0; the result kept within 0..100):
100 for moves that lose nothing, about 50 for a 15-point blunder.

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5];B[e8,f8])")
>>> frame = bn.analysis.review(game, limit=Limit(simulations=20), progress=False)
>>> frame[["move_number", "color"]].values.tolist()
[[1, 'purple'], [2, 'orange'], [3, 'purple']]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from .. import validation
from ..errors import ArgumentTypeError, BlokusError
from ..game import Game
from ..move import Move
from ..players.base import Limit, check_limit
from ..players.search import Steps, finish, search_steps_of
from ..validation import count, job_count, sequence

if TYPE_CHECKING:  # pragma: no cover
    from ..players import Player

__all__ = ["BLUNDER", "CLASSES", "MARKS", "REVIEW_LIMIT", "THRESHOLDS", "Estimate", "accuracy", "classify",
           "check_frame", "estimate_positions", "final_shares", "movers", "review", "review_frame",
           "review_summary", "search_positions", "search_positions_steps", "side_curves"]

#: The review level: the search per position (about 0.1-0.3 s on Duo, see ``benchmarks/bench_review.py``).
REVIEW_LIMIT = Limit(simulations=400)
#: Move classes, best first.
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The least win chance lost for each class below "good", worst first (lichess's thresholds).
#: The chance lost that makes a move a blunder (here and in :func:`~blokus_nb.analysis.evaluate`).
BLUNDER = 0.15
THRESHOLDS = (("blunder", BLUNDER), ("mistake", 0.10), ("inaccuracy", 0.05))
#: One mark per class, used everywhere (graph, move list, board): chess annotation symbols.
MARKS = {"best": "★", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: The summary's column for each class.
PLURALS = {"best": "best", "good": "good", "inaccuracy": "inaccuracies", "mistake": "mistakes",
           "blunder": "blunders"}
#: Positions a worker process searches per task (each task replays the game once).
CHUNK = 6


@dataclass(frozen=True)
class Estimate:
    """What the search found in the position before one placement."""

    #: Index of the placement in ``game.history`` (passes count).
    index: int
    #: The mover's win chance: its share of :attr:`chances` where the search gives them, else
    #: the search's estimate for its best move (:func:`~blokus_nb.players.mcts.mover_chance`).
    win_chance: float
    best_move: str
    #: The search's estimate for the move played (NaN if the search did not try it).
    played_win_rate: float
    simulations: int
    #: Each player's chance of finishing first (indexed like the game's players), or empty
    #: when the search gives none.
    chances: tuple[float, ...] = ()
    #: The simulations behind :attr:`played_win_rate` (0 if the search did not try the move).
    played_visits: int = 0


def classify(loss: float, best: bool = False) -> str:
    """The class of a move that lost ``loss`` of win chance (``best``: it is the search's choice).

    >>> classify(0.2), classify(0.07), classify(0.01), classify(0.3, best=True)
    ('blunder', 'inaccuracy', 'good', 'best')
    """
    if best:
        return "best"
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return "good"


def accuracy(losses: Any) -> float:
    """A player's accuracy (0..100) from the win chance its moves lost (see the module docstring).

    >>> round(accuracy([0.0, 0.0]), 1), round(accuracy([0.15]), 1)
    (100.0, 50.5)
    """
    values = np.clip(np.asarray(losses, dtype=float), 0.0, None) * 100
    values = values[~np.isnan(values)]
    if not len(values):
        return math.nan
    per_move = np.clip(103.1668 * np.exp(-0.04354 * values) - 3.1669, 0.0, 100.0)
    return float(per_move.mean())


# ------------------------------------------------------------------------------ searching
def placements(game: Game) -> list[int]:
    """The indices in ``game.history`` of its placements (the positions a review searches)."""
    return [i for i, move in enumerate(game.history) if not move.is_pass]


def _positions(game: Game, wanted: set[int]) -> Iterator[tuple[int, Game, Move]]:
    """``(index, position, move)`` for the placements at history ``wanted``: the position before it.

    One copy of the game is stepped back to its start and forward again (undo
    and redo), so the records' setup and the passes come out as recorded.
    """
    position = game.copy()
    while position.can_undo:
        position.undo()
    history = game.history
    while True:
        index = len(position.history)
        if index >= len(history):
            return
        if index in wanted:
            yield index, position, history[index]
        if not position.can_redo:
            return
        position.redo()


def _search(player_spec: Any, seed: int | None, index: int, position: Game, played: Move,
            limit: Limit | None) -> Estimate:
    return finish(_search_steps(player_spec, seed, index, position, played, limit))


def _search_steps(player_spec: Any, seed: int | None, index: int, position: Game, played: Move,
                  limit: Limit | None) -> Steps[Estimate]:
    """One position's estimate, in steps (a search gives its caller control back between slices)."""
    from ..players import make_player
    from ..players.mcts import first_place_chances, mover_chance

    # A fresh player per position, seeded by the position: the same estimates on every
    # machine and with any number of processes.
    player = make_player(player_spec, seed=None if seed is None else seed + index + 1)
    if getattr(player, "search", None) is None:
        raise ArgumentTypeError(f"a review or an evaluation needs a player that searches and reports win "
                                f"rates (an MCTS player such as 'hard', or a bn.engines.GTPEngine), not {player!r}")
    # Each position is searched afresh: a tree kept from the position before (a player given
    # without a seed is used as it is) would give it more simulations than the others, and only
    # when they run in the same process.
    getattr(player, "_forget", lambda: None)()
    result = yield from search_steps_of(player, position, limit)
    stats = next((a for a in result.alternatives if a.move == played), None)
    # a move not tried has no estimate, not a 0
    played_rate = float(stats.win_rate) if stats is not None and stats.visits > 0 else math.nan
    return Estimate(index, mover_chance(result, position), str(result.move), played_rate, int(result.simulations),
                    first_place_chances(result, position), 0 if stats is None else int(stats.visits))


def _search_chunk(task: tuple) -> list[Estimate]:
    game, indices, spec, limit, seed = task
    return [_search(spec, seed, index, position, played, limit)
            for index, position, played in _positions(game, set(indices))]


def search_positions_steps(game: Game, player: str | Player, limit: Limit | None, seed: int | None,
                           todo: list[int], on_estimate: Callable[[Estimate], object] | None = None,
                           stop: Callable[[], bool] | None = None) -> Steps[list[Estimate]]:
    """:func:`search_positions` in this process, in steps: a generator that gives its caller control
    back between two positions and between slices of a search (the review board's job, so that a
    browser kernel's loop handles Stop meanwhile), and returns the same estimates.

    >>> import blokus_nb as bn
    >>> from blokus_nb.players.search import finish
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> [e.index for e in finish(search_positions_steps(game, "hard", Limit(simulations=10), 0, [0, 1]))]
    [0, 1]
    """
    found: list[Estimate] = []
    searched = replace(limit, stop=stop) if stop and limit is not None else limit
    for index, position, played in _positions(game, set(todo)):
        if stop is not None and stop():
            break
        estimate = yield from _search_steps(player, seed, index, position, played, searched)
        if stop is not None and stop():  # cut short: not the estimate the limit asks for
            break
        found.append(estimate)
        if on_estimate is not None:
            on_estimate(estimate)
        yield  # between two positions: the caller's turn
    return sorted(found, key=lambda e: e.index)


def estimate_positions(game: Game, player: str | Player = "hard", *, limit: Limit | None = None,
                       seed: int | None = 0, n_jobs: int | None = 1, indices: list[int] | None = None,
                       on_estimate: Callable[[Estimate], object] | None = None,
                       stop: Callable[[], bool] | None = None) -> list[Estimate]:
    """Search the position before each placement of ``game`` (or those at history ``indices``).

    ``on_estimate(estimate)`` is called as each one is found; ``stop()``
    returning True ends the work between positions (with one process, also
    within a search; that search's estimate is then dropped). ``n_jobs``
    spreads the positions over worker processes (``None``: every core).

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> [e.index for e in estimate_positions(game, limit=Limit(simulations=10))]
    [0, 1]
    """
    limit = check_limit(limit, none=f"{REVIEW_LIMIT}") or REVIEW_LIMIT  # 0, False or "" are refused, not None
    seed = validation.seed(seed)
    job_count(n_jobs)
    if indices is not None:
        indices = [count(index, "an index in indices") for index in sequence(indices, "indices")]
    todo = sorted(set(placements(game) if indices is None else indices))
    return search_positions(game, player, limit, seed, n_jobs, todo, on_estimate, stop)


def search_positions(game: Game, player: str | Player, limit: Limit | None, seed: int | None,
               n_jobs: int | None, todo: list[int], on_estimate: Callable[[Estimate], object] | None,
               stop: Callable[[], bool] | None) -> list[Estimate]:
    """:func:`estimate_positions` for arguments already checked, the positions at history indices
    ``todo``; ``limit`` None is the player's own (:func:`~blokus_nb.analysis.evaluate` searches so)."""
    from ..processes import run_jobs, worker_count
    from .loading import WORKER_PRELOAD

    found: list[Estimate] = []

    def keep(estimate: Estimate) -> None:
        found.append(estimate)
        if on_estimate is not None:
            on_estimate(estimate)

    chunks = [todo[k:k + CHUNK] for k in range(0, len(todo), CHUNK)]
    jobs = worker_count(n_jobs, len(chunks))
    if jobs <= 1:
        finish(search_positions_steps(game, player, limit, seed, todo, keep, stop))
    else:
        def done(_: int, estimates: list[Estimate]) -> None:
            if stop is None or not stop():
                for estimate in estimates:
                    keep(estimate)

        run_jobs(_search_chunk, [(game, chunk, player, limit, seed) for chunk in chunks], jobs,
                 done=done, preload=WORKER_PRELOAD)
    return sorted(found, key=lambda e: e.index)


# ------------------------------------------------------------------------------ the table
def final_shares(game: Game) -> list[float]:
    """Each player's share of first place in a finished ``game``: 1, or split among those tied.

    >>> import blokus_nb as bn
    >>> final_shares(bn.read_sgf("tests/data/pentobi/games/classic/classic_L1_0001.blksgf"))
    [0.0, 1.0, 0.0, 0.0]
    """
    winners = game.winners("points")
    return [1 / len(winners) if p in winners else 0.0 for p in range(1, game.variant.n_players + 1)]


COLUMNS = ["move_number", "color", "player", "cells", "win_before", "win_after", "loss", "class",
           "best_move", "played_win_rate", "simulations"]


def review_frame(game: Game, estimates: list[Estimate]) -> pd.DataFrame:
    """One row per placement of ``game`` from the searches' ``estimates`` (rows not searched yet have NaN).

    Columns: ``move_number`` (history index + 1, as in the per-move table),
    ``color``, ``player``, ``cells``, ``win_before``, ``win_after``,
    ``loss``, ``class`` (one of :data:`CLASSES`), ``best_move``,
    ``played_win_rate`` (the search's estimate of the move played; NaN where it did not try it),
    ``simulations``, and ``chance_1`` ... ``chance_<n>``: each player's
    chance of finishing first in the position before the move (they add up
    to 1; NaN where it was not searched, or, with three or four players, where
    the search gave only the mover's chance). With two sides they are the
    mover's ``win_before`` and one minus it.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> review_frame(game, [])["class"].isna().all()
    np.True_
    """
    variant = game.variant
    by_index = {e.index: e for e in estimates}
    history = game.history
    indices = placements(game)
    by_row = movers(game)
    final = final_shares(game) if game.is_over else None
    n = variant.n_players
    chances = [_chances(by_index.get(index), mover, n) for index, mover in zip(indices, by_row)]
    rows = []
    for row, index in enumerate(indices):
        move, mover = history[index], by_row[row]
        estimate, chance = by_index.get(index), chances[row]
        if n > 2 and chance is not None:  # every player's chance (see the module docstring)
            before = chance[mover - 1]
            later = chances[row + 1] if row + 1 < len(indices) else final
            after = math.nan if later is None else later[mover - 1]
        else:
            before = estimate.win_chance if estimate else math.nan
            after = _after(row, indices, by_row, by_index, n, final)
        loss = before - after
        if estimate is None or math.isnan(loss):
            kind = None
        else:
            kind = classify(loss, best=estimate.best_move == str(move))
        rows.append({"move_number": index + 1, "color": move.color, "player": mover, "cells": str(move),
                     "win_before": before, "win_after": after, "loss": loss, "class": kind,
                     "best_move": estimate.best_move if estimate else None,
                     "played_win_rate": estimate.played_win_rate if estimate else math.nan,
                     "simulations": estimate.simulations if estimate else 0,
                     **{f"chance_{p}": math.nan if chance is None else chance[p - 1]
                        for p in range(1, n + 1)}})
    frame = pd.DataFrame(rows, columns=COLUMNS + [f"chance_{p}" for p in range(1, n + 1)])
    frame["color"] = pd.Categorical(frame["color"], categories=list(game.colors))
    frame["class"] = pd.Categorical(frame["class"], categories=list(CLASSES), ordered=True)
    frame.attrs.update({"variant": variant.name, "players": list(game.player_names), "result": final or []})
    return frame


def movers(game: Game) -> list[int]:
    """The player (1-based) who made each placement of ``game`` (as :func:`placements` lists them)."""
    history, placed, movers = game.history, {color: 0 for color in game.colors}, []
    for index in placements(game):
        color = history[index].color
        movers.append(game.variant.player_of(color, placed[color]))
        placed[color] += 1
    return movers


def _chances(estimate: Estimate | None, mover: int, n_players: int) -> tuple[float, ...] | None:
    """Every player's chance in a position searched (None if not searched, or not known for all)."""
    if estimate is None:
        return None
    if n_players == 2:  # two sides: the mover's chance decides both, as it always has
        return (estimate.win_chance, 1.0 - estimate.win_chance)[::1 if mover == 1 else -1]
    return estimate.chances or None


def _after(row: int, indices: list[int], movers: list[int], by_index: dict[int, Estimate],
           n_players: int, final: list[float] | None) -> float:
    """The mover's win chance after the move of ``row`` when only the movers' chances are known."""
    mover = movers[row]
    if row + 1 < len(indices):
        if movers[row + 1] == mover or n_players == 2:
            estimate = by_index.get(indices[row + 1])
            if estimate is None:
                return math.nan
            return estimate.win_chance if movers[row + 1] == mover else 1.0 - estimate.win_chance
        for later in range(row + 1, len(indices)):  # three or four players: its own next turn
            if movers[later] == mover:
                estimate = by_index.get(indices[later])
                return estimate.win_chance if estimate else math.nan
    return final[mover - 1] if final is not None else math.nan


def review(game: Game, player: str | Player = "hard", *, limit: Limit | None = None, seed: int | None = 0,
           n_jobs: int | None = 1, progress: bool = True) -> pd.DataFrame:
    """Review every placement of ``game``: one row per move (see :func:`review_frame`).

    ``player`` is a searching player or its name (an outside engine,
    :class:`blokus_nb.engines.GTPEngine`, searches as its own level); ``limit`` the search per
    position (default :data:`REVIEW_LIMIT`, the same on every machine);
    ``n_jobs`` spreads the positions over worker processes.
    :func:`review_summary` sums the frame up per player, :func:`~blokus_nb.analysis.plots.plot_review`
    draws it.

    >>> import blokus_nb as bn
    >>> from blokus_nb.players import Limit
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> frame = bn.analysis.review(game, limit=Limit(simulations=20), progress=False)
    >>> list(frame["class"].cat.categories)
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    from tqdm.auto import tqdm

    if not isinstance(game, Game):
        raise ArgumentTypeError(f"review needs a Game, not {type(game).__name__}")
    seed = validation.seed(seed)  # before the progress bar shows
    job_count(n_jobs)
    check_limit(limit, none=f"{REVIEW_LIMIT}")
    total = len(placements(game))
    with tqdm(total=total, desc="reviewing positions", unit="position", disable=not progress) as bar:
        estimates = estimate_positions(game, player, limit=limit, seed=seed, n_jobs=n_jobs,
                                       on_estimate=lambda _: bar.update(1))
    frame = review_frame(game, estimates)
    frame.attrs.update({"player": getattr(player, "name", player),
                        "limit": repr(REVIEW_LIMIT if limit is None else limit)})
    return frame


def review_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per player of a review: moves reviewed, how many of each class, average loss and accuracy.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> list(review_summary(review_frame(game, []))["moves"])
    [0, 0]
    """
    check_frame(frame)
    players = frame.attrs.get("players") or [f"Player {p}" for p in sorted(frame["player"].unique())]
    rows = []
    for number, name in enumerate(players, start=1):
        own = frame[frame["player"] == number]
        judged = own[own["class"].notna()]
        counts = judged["class"].value_counts()
        losses = judged["loss"].clip(lower=0)
        rows.append({"player": number, "name": name,
                     "colors": " + ".join(dict.fromkeys(str(c) for c in own["color"])),
                     "moves": len(judged),
                     **{PLURALS[kind]: int(counts.get(kind, 0))
                        for kind in CLASSES},
                     "average_loss": float(losses.mean()) if len(losses) else math.nan,
                     "accuracy": accuracy(losses)})
    return pd.DataFrame(rows)


def side_curves(frame: pd.DataFrame, n_players: int) -> list[list[float | None]]:
    """Each player's win chance at every position (0 = the start, k = after k placements), for a graph.

    In a two-sided game both sides are known at every searched position (one
    is one minus the other); with more players every player is known there
    when the search gave every player's chance (the ``chance_<p>`` columns),
    and the curves end on the result (``frame.attrs["result"]``) of a finished
    game; else a player's curve is made of its own turns and holds its last
    known value while the others move. ``None`` where nothing is known yet.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> side_curves(review_frame(game, []), 2)
    [[None, None, None], [None, None, None]]
    """
    check_frame(frame)
    end = len(frame)
    curves: list[list[float | None]] = [[None] * (end + 1) for _ in range(n_players)]

    def known(value: Any) -> bool:
        return value is not None and not math.isnan(value)

    every = [f"chance_{p}" for p in range(1, n_players + 1)]
    has_every = n_players != 2 and set(every) <= set(frame.columns)
    result = frame.attrs.get("result") or []
    row: Any  # a row of the frame: its fields are the columns, whatever their types
    for k, row in enumerate(frame.itertuples(index=False)):
        mover = row.player - 1
        if n_players == 2:
            for at, value in ((k, row.win_before), (k + 1, row.win_after)):
                if known(value):
                    curves[mover][at], curves[1 - mover][at] = float(value), 1.0 - float(value)
            continue
        shares = [getattr(row, name) for name in every] if has_every else []
        if shares and all(known(v) for v in shares):  # every player's chance in this position
            for player, value in enumerate(shares):
                curves[player][k] = float(value)
            if k == end - 1 and result:  # after the last move of a finished game: its result
                for player, value in enumerate(result):
                    curves[player][end] = float(value)
            continue
        if known(row.win_before):
            curves[mover][k] = float(row.win_before)
        if known(row.win_after):  # the last value known of this player: the result, at the end
            curves[mover][end] = float(row.win_after)
    if n_players != 2:
        for curve in curves:  # a curve holds its value while the others move
            for at in range(1, end):
                if curve[at] is None:
                    curve[at] = curve[at - 1]
    return curves


def check_frame(frame: Any) -> None:
    """Refuses what is not a review frame (:func:`review`'s table) with a :class:`~blokus_nb.errors.BlokusError`.

    >>> check_frame("a table")
    Traceback (most recent call last):
      ...
    blokus_nb.errors.BlokusError: expected a review frame from blokus_nb.analysis.review(game)
    """
    if not isinstance(frame, pd.DataFrame) or not set(COLUMNS) <= set(frame.columns):
        raise BlokusError("expected a review frame from blokus_nb.analysis.review(game)")
